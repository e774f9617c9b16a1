//! The native format: JSON Lines, one [`Offer`] per line, as written by `wakat generate` and
//! used by the project's default data set. Blank lines are ignored.

use serde::Deserialize;
use serde_json::Value;
use wakat_core::Offer;

use super::{describe_json_error, Collector, ImportProgress};

/// Imports every non-blank line as one offer.
pub(super) fn import(bytes: &[u8], collector: &mut Collector<'_, impl FnMut(ImportProgress)>) {
    let is_blank = |line: &[u8]| line.iter().all(u8::is_ascii_whitespace);
    let lines: Vec<(usize, &[u8])> =
        bytes.split(|&b| b == b'\n').enumerate().map(|(line_idx, line)| (line_idx + 1, line)).filter(|(_, line)| !is_blank(line)).collect();
    collector.set_total(lines.len());
    for (line, text) in lines {
        match parse_offer(text) {
            Ok(offer) => collector.offer(line, offer, None),
            Err(error) => collector.reject(line, format!("not a valid offer: {}", describe_json_error(&error, line))),
        }
    }
}

/// Parses one offer, keeping top-level fields the model does not know in `extra` (serde would
/// silently drop them, and a file written by a newer version may carry some).
fn parse_offer(text: &[u8]) -> Result<Offer, serde_json::Error> {
    let value: Value = serde_json::from_slice(text)?;
    let mut offer = Offer::deserialize(&value)?;
    if let (Value::Object(fields), Ok(Value::Object(known))) = (value, serde_json::to_value(&offer)) {
        for (name, field) in fields {
            if name != "extra" && !known.contains_key(&name) {
                offer.extra.entry(name).or_insert(field);
            }
        }
    }
    Ok(offer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_unknown_fields_in_extra() {
        let mut offer: Value = serde_json::to_value(crate::import::empty_offer("generated")).unwrap();
        offer["futureField"] = Value::from(7);
        offer["extra"] = serde_json::json!({"kept": true});
        let parsed = parse_offer(offer.to_string().as_bytes()).unwrap();
        assert_eq!(parsed.extra.get("futureField"), Some(&Value::from(7)));
        assert_eq!(parsed.extra.get("kept"), Some(&Value::from(true)));
        assert_eq!(parsed.extra.len(), 2);
    }
}
