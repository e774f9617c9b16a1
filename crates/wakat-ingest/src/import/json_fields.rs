//! Takes typed fields out of a JSON object one at a time, with errors that name the field, and
//! hands back whatever was not taken so that importers can keep it in `Offer::extra`.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

/// The fields of one JSON record not taken yet.
pub(super) struct JsonFields {
    remaining: Map<String, Value>,
}

impl JsonFields {
    /// Wraps a parsed record, which must be an object.
    pub fn new(value: Value) -> Result<JsonFields, String> {
        match value {
            Value::Object(remaining) => Ok(JsonFields { remaining }),
            other => Err(format!("expected a JSON object, found {}", kind_of(&other))),
        }
    }

    /// Takes a field; a missing field and `null` are both `None`.
    pub fn take(&mut self, name: &str) -> Option<Value> {
        self.remaining.remove(name).filter(|v| !v.is_null())
    }

    /// Takes an optional string field.
    pub fn string(&mut self, name: &str) -> Result<Option<String>, String> {
        match self.take(name) {
            None => Ok(None),
            Some(Value::String(text)) => Ok(Some(text)),
            Some(other) => Err(wrong_type(name, "a string", &other)),
        }
    }

    /// Takes a string field that must be present.
    pub fn required_string(&mut self, name: &str) -> Result<String, String> {
        self.string(name)?.ok_or_else(|| format!("field `{name}` is missing"))
    }

    /// Takes an optional number, also accepted as a numeric string (2019 coordinates are strings).
    pub fn number(&mut self, name: &str) -> Result<Option<f64>, String> {
        match self.take(name) {
            None => Ok(None),
            Some(Value::Number(number)) => number.as_f64().map(Some).ok_or_else(|| format!("field `{name}` is out of range")),
            Some(Value::String(text)) if text.trim().is_empty() => Ok(None),
            Some(Value::String(text)) => match text.trim().parse::<f64>() {
                Ok(number) if number.is_finite() => Ok(Some(number)),
                _ => Err(format!("field `{name}` must be a number, found \"{text}\"")),
            },
            Some(other) => Err(wrong_type(name, "a number", &other)),
        }
    }

    /// Takes an optional boolean.
    pub fn boolean(&mut self, name: &str) -> Result<Option<bool>, String> {
        match self.take(name) {
            None => Ok(None),
            Some(Value::Bool(flag)) => Ok(Some(flag)),
            Some(other) => Err(wrong_type(name, "true or false", &other)),
        }
    }

    /// Takes an optional array.
    pub fn array(&mut self, name: &str) -> Result<Vec<Value>, String> {
        match self.take(name) {
            None => Ok(Vec::new()),
            Some(Value::Array(items)) => Ok(items),
            Some(other) => Err(wrong_type(name, "an array", &other)),
        }
    }

    /// Returns the fields never taken, for `Offer::extra`.
    pub fn into_extra(self) -> BTreeMap<String, Value> {
        self.remaining.into_iter().collect()
    }
}

/// The error for a field of the wrong JSON type.
pub(super) fn wrong_type(name: &str, expected: &str, found: &Value) -> String {
    format!("field `{name}` must be {expected}, found {}", kind_of(found))
}

/// Names a JSON value's type and shows a short excerpt of it.
pub(super) fn kind_of(value: &Value) -> String {
    match value {
        Value::Null => "null".into(),
        Value::Bool(flag) => format!("boolean {flag}"),
        Value::Number(number) => format!("number {number}"),
        Value::String(text) => format!("string \"{}\"", text.chars().take(40).collect::<String>()),
        Value::Array(_) => "an array".into(),
        Value::Object(_) => "an object".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn takes_typed_fields_and_keeps_the_rest() {
        let mut fields = JsonFields::new(json!({"a": "x", "n": "1.5", "m": 2, "b": true, "nul": null, "keep": [1]})).unwrap();
        assert_eq!(fields.required_string("a").unwrap(), "x");
        assert_eq!(fields.number("n").unwrap(), Some(1.5));
        assert_eq!(fields.number("m").unwrap(), Some(2.0));
        assert_eq!(fields.boolean("b").unwrap(), Some(true));
        assert_eq!(fields.string("nul").unwrap(), None);
        assert_eq!(fields.string("absent").unwrap(), None);
        assert_eq!(fields.into_extra(), BTreeMap::from([("keep".to_string(), json!([1]))]));
    }

    #[test]
    fn names_the_field_in_errors() {
        let mut fields = JsonFields::new(json!({"a": 1, "n": "many", "b": "yes"})).unwrap();
        assert_eq!(fields.string("a").unwrap_err(), "field `a` must be a string, found number 1");
        assert_eq!(fields.number("n").unwrap_err(), "field `n` must be a number, found \"many\"");
        assert_eq!(fields.boolean("b").unwrap_err(), "field `b` must be true or false, found string \"yes\"");
        assert_eq!(fields.required_string("t").unwrap_err(), "field `t` is missing");
        assert!(JsonFields::new(json!([1])).is_err());
    }
}
