//! The tools offered to the model: `propose_job_ad`, whose parameters are exactly the
//! [`ProposedAd`]'s camelCase JSON (the enums' values read from their vocabularies, so a new
//! value reaches the model without touching this file), and `search_internet` when a search
//! tool is configured. Every property is required and nullable instead of optional, and no
//! object takes other properties: the shape OpenAI's strict function calling accepts, which
//! other providers read as a plain JSON schema.

use serde_json::{json, Value};
use wakat_core::offer_form::{LANGUAGE_LEVELS, SALARY_TYPES};
use wakat_core::{Currency, EmploymentKind, ExperienceLevel, SalaryUnit, WorkingTime, WorkplaceType};

#[cfg(doc)]
use crate::proposal::ProposedAd;

/// The proposal tool's name.
pub(crate) const PROPOSE_JOB_AD: &str = "propose_job_ad";
/// The search tool's name.
pub(crate) const SEARCH_INTERNET: &str = "search_internet";

/// An object schema taking exactly `properties`, all required.
fn object(properties: Value) -> Value {
    let required: Vec<&String> = properties.as_object().map(|p| p.keys().collect()).unwrap_or_default();
    json!({"type": "object", "properties": properties, "required": required, "additionalProperties": false})
}

/// `type` or `null`, described.
fn nullable(kind: &str, description: &str) -> Value {
    json!({"type": [kind, "null"], "description": description})
}

/// One of `values` or `null`.
fn nullable_enum(values: impl IntoIterator<Item = &'static str>, description: &str) -> Value {
    let mut values: Vec<Value> = values.into_iter().map(Value::from).collect();
    values.push(Value::Null);
    json!({"type": ["string", "null"], "enum": values, "description": description})
}

fn array(items: Value, description: &str) -> Value {
    json!({"type": "array", "items": items, "description": description})
}

fn skill() -> Value {
    object(json!({
        "name": {"type": "string", "description": "The skill's usual name (React, SQL, Scrum)."},
        "level": {"type": ["integer", "null"], "minimum": 1, "maximum": 5, "description": "1 nice to have, 2 junior, 3 regular, 4 advanced, 5 master."},
    }))
}

/// A vocabulary's API values.
fn api<T: Copy>(all: &'static [T], as_str: fn(T) -> &'static str) -> Vec<&'static str> {
    all.iter().copied().map(as_str).collect()
}

/// The JSON schema of [`ProposedAd`].
pub(crate) fn proposed_ad_schema() -> Value {
    object(json!({
        "title": nullable("string", "The position's name, without seniority or company."),
        "description": nullable("string", "The ad's description as HTML: <h2>/<h3> section headings, <p> paragraphs, <ul><li> lists; in the employer's language."),
        "category": nullable("string", "The board's category key, one of the keys listed in the instructions; null when unsure."),
        "seniority": nullable_enum(api(ExperienceLevel::ALL, ExperienceLevel::as_str), "Seniority."),
        "isRemoteRecruitment": nullable("boolean", "Whether the recruitment (interviews) is held remotely."),
        "workplaceType": nullable_enum(api(WorkplaceType::ALL, WorkplaceType::as_str), "Where the work happens."),
        "workingTime": nullable_enum(api(WorkingTime::ALL, WorkingTime::as_str), "Working time."),
        "languages": array(object(json!({
            "isoCode": {"type": "string", "description": "ISO 639-1 code (en, pl, de)."},
            "level": {"type": "string", "enum": LANGUAGE_LEVELS, "description": "CEFR level."},
        })), "Spoken languages the candidate needs."),
        "skills": object(json!({
            "requiredSkills": array(skill(), "Must-have skills."),
            "recommendedSkills": array(skill(), "Nice-to-have skills."),
        })),
        "salaryUnit": nullable_enum(api(SalaryUnit::ALL, SalaryUnit::as_str), "The period every salary amount is paid for."),
        "salaryCurrency": nullable_enum(api(Currency::ALL, Currency::as_str), "The salaries' currency."),
        "salaries": json!({
            "type": "array",
            "maxItems": 2,
            "description": "At most two ranges: the first for the primary employment type, the second for an additional one.",
            "items": object(json!({
                "employmentType": {"type": "string", "enum": api(EmploymentKind::ALL, EmploymentKind::as_str)},
                "minAmount": nullable("number", "The range's lower end in the currency and unit above."),
                "maxAmount": nullable("number", "The range's upper end."),
                "amountType": {"type": "string", "enum": SALARY_TYPES},
            })),
        }),
        "addresses": array(object(json!({
            "city": {"type": "string"},
            "street": nullable("string", "Street and number, when given."),
            "countryCode": nullable("string", "ISO 3166-1 alpha-2 code (PL)."),
            "latitude": nullable("number", "Leave null: the board geocodes the city."),
            "longitude": nullable("number", "Leave null: the board geocodes the city."),
        })), "Work places."),
    }))
}

/// A chat-completions function tool.
fn function(name: &str, description: &str, parameters: Value) -> Value {
    json!({"type": "function", "function": {"name": name, "description": description, "parameters": parameters}})
}

/// The tools offered: the proposal always, the search only when configured.
pub(crate) fn tools(with_search: bool) -> Value {
    let mut tools = vec![function(
        PROPOSE_JOB_AD,
        "Shows the employer a complete job ad to apply to the offer form. Call it once enough is known; fields you do not know are null or empty.",
        proposed_ad_schema(),
    )];
    if with_search {
        tools.push(function(
            SEARCH_INTERNET,
            "Searches the internet (market salaries, a company's or technology's facts). Returns the first results' titles, URLs and snippets.",
            object(json!({"query": {"type": "string", "description": "What to search for."}})),
        ));
    }
    Value::Array(tools)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proposal::{ProposedAd, ProposedAddress, ProposedLanguage, ProposedSalary, ProposedSkill, ProposedSkills};

    /// Validates `value` against the part of JSON Schema the tools use (type, enum, properties,
    /// required, additionalProperties, items, minimum, maximum, maxItems): a full proposal must
    /// pass, and a wrong one must not.
    fn validate(schema: &Value, value: &Value, at: &str) -> Result<(), String> {
        let types: Vec<&str> = match &schema["type"] {
            Value::String(t) => vec![t.as_str()],
            Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
            _ => return Err(format!("{at}: schema without a type")),
        };
        let kind = match value {
            Value::Null => "null",
            Value::Bool(_) => "boolean",
            Value::Number(n) if n.is_u64() || n.is_i64() => "integer",
            Value::Number(_) => "number",
            Value::String(_) => "string",
            Value::Array(_) => "array",
            Value::Object(_) => "object",
        };
        if !types.iter().any(|t| *t == kind || (*t == "number" && kind == "integer")) {
            return Err(format!("{at}: {kind} is not {types:?}"));
        }
        if let Some(allowed) = schema["enum"].as_array() {
            if !allowed.contains(value) {
                return Err(format!("{at}: {value} is not one of {allowed:?}"));
            }
        }
        if let Some(n) = value.as_f64() {
            if schema["minimum"].as_f64().is_some_and(|min| n < min) || schema["maximum"].as_f64().is_some_and(|max| n > max) {
                return Err(format!("{at}: {n} out of range"));
            }
        }
        match value {
            Value::Object(fields) => {
                let properties = schema["properties"].as_object().ok_or(format!("{at}: no properties"))?;
                for required in schema["required"].as_array().into_iter().flatten().filter_map(Value::as_str) {
                    if !fields.contains_key(required) {
                        return Err(format!("{at}: {required} missing"));
                    }
                }
                for (name, field) in fields {
                    let property = properties.get(name).ok_or(format!("{at}: {name} is not in the schema"))?;
                    validate(property, field, &format!("{at}.{name}"))?;
                }
            }
            Value::Array(items) => {
                if schema["maxItems"].as_u64().is_some_and(|max| items.len() as u64 > max) {
                    return Err(format!("{at}: too many items"));
                }
                for (i, item) in items.iter().enumerate() {
                    validate(&schema["items"], item, &format!("{at}[{i}]"))?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn full_proposal() -> ProposedAd {
        let skill = |name: &str, level| ProposedSkill { name: name.into(), level: Some(level) };
        ProposedAd {
            title: Some("Backend Developer".into()),
            description: Some("<h2>O nas</h2><p>…</p>".into()),
            category: Some("backend".into()),
            seniority: Some(ExperienceLevel::CLevel),
            is_remote_recruitment: Some(true),
            workplace_type: Some(WorkplaceType::Hybrid),
            working_time: Some(WorkingTime::PartTime),
            languages: vec![ProposedLanguage { iso_code: "en".into(), level: "B2".into() }],
            skills: ProposedSkills { required_skills: vec![skill("Rust", 4)], recommended_skills: vec![skill("SQL", 1)] },
            salary_unit: Some(SalaryUnit::Hour),
            salary_currency: Some(Currency::Chf),
            salaries: vec![
                ProposedSalary { employment_type: EmploymentKind::B2b, min_amount: Some(15000.0), max_amount: Some(20000.5), amount_type: "net".into() },
                ProposedSalary { employment_type: EmploymentKind::MandateContract, min_amount: None, max_amount: Some(12000.0), amount_type: "gross".into() },
            ],
            addresses: vec![ProposedAddress {
                city: "Kraków".into(),
                street: Some("Rynek 1".into()),
                country_code: Some("PL".into()),
                latitude: Some(50.06),
                longitude: Some(19.94),
            }],
        }
    }

    #[test]
    fn a_full_proposal_and_an_empty_one_validate() {
        let schema = proposed_ad_schema();
        let full = serde_json::to_value(full_proposal()).unwrap();
        validate(&schema, &full, "$").unwrap();
        // Every property of the schema is one the proposal serialises (and the other way round,
        // by `additionalProperties`): the schema is exactly the type.
        let fields: Vec<&String> = full.as_object().unwrap().keys().collect();
        let properties: Vec<&String> = schema["properties"].as_object().unwrap().keys().collect();
        assert_eq!(fields.len(), properties.len());
        validate(&schema, &serde_json::to_value(ProposedAd::default()).unwrap(), "$").unwrap();
    }

    #[test]
    fn every_enum_value_in_the_schema_reads_back_as_the_type() {
        let schema = proposed_ad_schema();
        let property = |name: &str| schema["properties"][name]["enum"].as_array().unwrap().clone();
        for (name, count) in [("seniority", 5), ("workplaceType", 3), ("workingTime", 4), ("salaryUnit", 4), ("salaryCurrency", 5)] {
            let values = property(name);
            assert_eq!(values.len(), count + 1, "{name} and null");
            for value in values {
                let mut one = serde_json::Map::new();
                one.insert(name.to_owned(), value.clone());
                let ad: ProposedAd = serde_json::from_value(Value::Object(one)).unwrap();
                assert_eq!(serde_json::to_value(&ad).unwrap()[name], value, "{name}");
            }
        }
    }

    #[test]
    fn wrong_proposals_do_not_validate() {
        let schema = proposed_ad_schema();
        let mut wrong = serde_json::to_value(full_proposal()).unwrap();
        wrong["seniority"] = json!("guru");
        assert!(validate(&schema, &wrong, "$").is_err());
        let mut wrong = serde_json::to_value(full_proposal()).unwrap();
        wrong["skills"]["requiredSkills"][0]["level"] = json!(6);
        assert!(validate(&schema, &wrong, "$").is_err());
        let mut wrong = serde_json::to_value(full_proposal()).unwrap();
        wrong["salary"] = json!(1);
        assert!(validate(&schema, &wrong, "$").is_err());
    }

    #[test]
    fn search_is_offered_only_when_configured() {
        let names = |tools: Value| tools.as_array().unwrap().iter().map(|t| t["function"]["name"].as_str().unwrap().to_owned()).collect::<Vec<_>>();
        assert_eq!(names(tools(false)), vec![PROPOSE_JOB_AD]);
        assert_eq!(names(tools(true)), vec![PROPOSE_JOB_AD, SEARCH_INTERNET]);
    }
}
