//! justjoin.it's 2019 public offers endpoint: a JSON array of flat offer objects with one
//! location (with coordinates as strings), one contract and one salary range each.
//!
//! Mapping choices:
//! - The salary is monthly. Permanent and mandate contracts state gross amounts and B2B contracts
//!   state net invoice amounts, as justjoin.it displayed them, hence `gross` is false only for B2B.
//!   A `null` currency means an undisclosed salary: amounts, if any, are then kept in `extra`.
//! - `marker_icon` names the category; 2019 icons absent from the tenant's tree are mapped by hand
//!   (`sap` is `erp`) or fall back to `other`. The icon itself stays in `extra`.
//! - The schema has no working time (every offer is full-time) and no hybrid work
//!   (`remote: false` means office).
//! - An `id` that is not a valid slug is slugified, and the original is kept as `extra.id`.

use serde_json::Value;
use wakat_core::{Currency, EmploymentKind, EmploymentType, ExperienceLevel, Location, Offer, Skill, WorkplaceType};

use super::json_array::split_array;
use super::json_fields::{kind_of, JsonFields};
use super::{describe_json_error, empty_offer, non_empty, parse_timestamp, slug_from_id, Collector, ImportContext, ImportProgress, LineCounter};

/// The value of `Offer::source` for offers of this export.
pub(super) const SOURCE: &str = "justjoin-2019-10";

/// Category slug of 2019 icons whose name is not a category slug of the 2025 tree.
const ICON_CATEGORIES: &[(&str, &str)] = &[("sap", "erp"), ("blockchain", "other")];

/// The category of offers whose icon has no category.
const FALLBACK_CATEGORY: &str = "other";

/// Imports every element of the array; framing problems become rejected records too.
pub(super) fn import(bytes: &[u8], collector: &mut Collector<'_, impl FnMut(ImportProgress)>) -> Result<(), String> {
    let split = split_array(bytes)?;
    enum Item<'a> {
        Element(&'a [u8]),
        Problem(String),
    }
    let mut items: Vec<(usize, Item)> = split.elements.iter().map(|e| (e.offset, Item::Element(e.text))).collect();
    items.extend(split.problems.into_iter().map(|(offset, reason)| (offset, Item::Problem(reason))));
    items.sort_by_key(|(offset, _)| *offset);
    collector.set_total(items.len());
    let mut lines = LineCounter::new(bytes);
    for (offset, item) in items {
        let line = lines.line_of(offset);
        match item {
            Item::Problem(reason) => collector.reject(line, reason),
            Item::Element(text) => match serde_json::from_slice::<Value>(text) {
                Err(error) => collector.reject(line, format!("not valid JSON: {}", describe_json_error(&error, line))),
                Ok(value) => match map_offer(value, &collector.ctx) {
                    Ok(offer) => collector.offer(line, offer, None),
                    Err(reason) => collector.reject(line, reason),
                },
            },
        }
    }
    Ok(())
}

/// Maps one 2019 offer object to an [`Offer`], keeping unmapped fields in `extra`.
fn map_offer(value: Value, ctx: &ImportContext) -> Result<Offer, String> {
    let mut fields = JsonFields::new(value)?;
    let mut offer = empty_offer(SOURCE);

    let id = fields.required_string("id")?;
    let (slug, slug_changed) = slug_from_id(&id);
    if slug_changed {
        offer.extra.insert("id".into(), Value::String(id));
    }
    offer.slug = slug;
    offer.title = fields.required_string("title")?;
    offer.company_name = fields.required_string("company_name")?;
    offer.company_url = fields.string("company_url")?.as_deref().and_then(non_empty);
    offer.company_size = fields.string("company_size")?.as_deref().and_then(non_empty);
    let logo_url = fields.string("company_logo_url")?.as_deref().and_then(non_empty);
    offer.company_logo_thumb_url = logo_url.clone();
    offer.company_logo_url = logo_url;

    offer.locations = vec![location(&mut fields, &mut offer)?];
    offer.workplace_type = match fields.boolean("remote")? {
        Some(true) => WorkplaceType::Remote,
        _ => WorkplaceType::Office,
    };

    let icon = fields.string("marker_icon")?.unwrap_or_default();
    offer.category_id = category_for_icon(&icon, ctx)?;
    offer.extra.insert("marker_icon".into(), Value::String(icon));

    let level = fields.required_string("experience_level")?;
    offer.experience_level = ExperienceLevel::parse(&level).ok_or_else(|| format!("unknown experience level `{level}`"))?;
    offer.employment_types = vec![employment_type(&mut fields, &mut offer)?];

    offer.tags = fields
        .array("tags")?
        .into_iter()
        .map(|tag| match tag {
            Value::String(tag) => Ok(tag),
            other => Err(format!("field `tags` must hold strings, found {}", kind_of(&other))),
        })
        .collect::<Result<_, _>>()?;
    offer.required_skills = fields.array("skills")?.into_iter().map(skill).collect::<Result<_, _>>()?;

    let published_at = fields.required_string("published_at")?;
    offer.published_at = parse_timestamp(&published_at).map_err(|e| format!("field `published_at`: {e}"))?;

    offer.extra.extend(fields.into_extra());
    Ok(offer)
}

/// Builds the one location from `city`, `street`, `country_code` and the coordinates.
fn location(fields: &mut JsonFields, offer: &mut Offer) -> Result<Location, String> {
    let city = fields.required_string("city")?;
    let street = fields.string("street")?.as_deref().and_then(non_empty);
    let latitude = fields.number("latitude")?.ok_or("field `latitude` is missing")?;
    let longitude = fields.number("longitude")?.ok_or("field `longitude` is missing")?;
    let raw_country = fields.string("country_code")?.unwrap_or_default();
    let country_code = country_code(&raw_country);
    if country_code != raw_country {
        offer.extra.insert("country_code".into(), Value::String(raw_country));
    }
    Ok(Location { slug: String::new(), city, street, latitude, longitude, country_code })
}

/// Returns an ISO country code for what the export wrote (mostly codes, once `Polska`).
fn country_code(raw: &str) -> String {
    let trimmed = raw.trim();
    if trimmed.len() == 2 && trimmed.bytes().all(|b| b.is_ascii_alphabetic()) {
        return trimmed.to_ascii_uppercase();
    }
    match wakat_core::text::fold(trimmed).as_str() {
        // An empty country in a Polish board's export means Poland, the model's default.
        "" | "polska" | "poland" => "PL".into(),
        _ => trimmed.to_string(),
    }
}

/// Returns the category value of a 2019 icon in the tenant's tree.
fn category_for_icon(icon: &str, ctx: &ImportContext) -> Result<u32, String> {
    let icon = icon.trim();
    let by_hand = ICON_CATEGORIES.iter().find(|(from, _)| from.eq_ignore_ascii_case(icon)).map(|(_, to)| *to);
    let slug = match by_hand {
        Some(slug) => slug,
        None if !icon.is_empty() && ctx.categories.find(icon).is_some() => icon,
        None => FALLBACK_CATEGORY,
    };
    ctx.categories.find(slug).map(|category| category.value).ok_or_else(|| format!("category `{slug}` (icon `{icon}`) is not one of this board's categories"))
}

/// Builds the one contract from `employment_type` and the salary fields.
fn employment_type(fields: &mut JsonFields, offer: &mut Offer) -> Result<EmploymentType, String> {
    let raw_kind = fields.required_string("employment_type")?;
    let kind = EmploymentKind::parse(&raw_kind).ok_or_else(|| format!("unknown employment type `{raw_kind}`"))?;
    let salary_from = fields.number("salary_from")?;
    let salary_to = fields.number("salary_to")?;
    let (currency, from, to) = match fields.string("salary_currency")? {
        Some(raw_currency) => {
            let currency = Currency::parse(&raw_currency).ok_or_else(|| format!("unsupported salary currency `{raw_currency}`"))?;
            (currency, salary_from, salary_to)
        }
        None => {
            // Undisclosed salary: amounts without a currency cannot be shown, but are kept.
            for (name, amount) in [("salary_from", salary_from), ("salary_to", salary_to)] {
                if let Some(amount) = amount {
                    offer.extra.insert(name.into(), serde_json::json!(amount));
                }
            }
            (Currency::Pln, None, None)
        }
    };
    Ok(EmploymentType { kind, from, to, currency, unit: wakat_core::SalaryUnit::Month, gross: kind != EmploymentKind::B2b, converted: Default::default() })
}

/// Maps one `{name, level}` skill.
fn skill(value: Value) -> Result<Skill, String> {
    let mut fields = JsonFields::new(value).map_err(|e| format!("field `skills`: {e}"))?;
    let name = fields.required_string("name").map_err(|e| format!("a skill: {e}"))?;
    let level = fields.number("level")?.ok_or_else(|| format!("skill `{name}` has no level"))?;
    if level.fract() != 0.0 || !(0.0..=255.0).contains(&level) {
        return Err(format!("skill `{name}` has level {level}, expected 1 to 5"));
    }
    Ok(Skill { name, level: level as u8 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::tests::support::Fixture;
    use crate::import::{import_reader, ImportFormat};
    use serde_json::json;

    const OFFER: &str = r#"{"title": ".Net Developer", "street": "Domaniewska 44a", "city": "Warszawa",
      "country_code": "PL", "address_text": "Domaniewska 44a, Warszawa", "marker_icon": "net",
      "remote": false, "company_name": "APN Promise S.A.", "company_url": "https://www.promise.pl/",
      "company_size": "150-200", "experience_level": "mid", "salary_from": 9000, "salary_to": 16000,
      "salary_currency": "pln", "latitude": "52.184277", "longitude": "20.9996709",
      "employment_type": "b2b", "published_at": "2019-10-19T16:00:07.181Z",
      "id": "apn-promise-s-a-net-developer-db140a66", "tags": ["dotnet"],
      "company_logo_url": "https://bucket.justjoin.it/logo.png",
      "skills": [{"name": "SQL", "level": 3}, {"name": "C#", "level": 4}]}"#;

    fn with(changes: serde_json::Value) -> String {
        let mut offer: serde_json::Value = serde_json::from_str(OFFER).unwrap();
        for (key, value) in changes.as_object().unwrap() {
            offer[key] = value.clone();
        }
        offer.to_string()
    }

    #[test]
    fn maps_every_field() {
        let fixture = Fixture::new();
        let report = import_reader(ImportFormat::JustJoin2019, format!("[{OFFER}]").as_bytes(), &fixture.ctx()).unwrap();
        assert_eq!(report.rejected, vec![]);
        let offer = &report.offers[0];
        assert_eq!(offer.slug, "apn-promise-s-a-net-developer-db140a66");
        assert_eq!(offer.title, ".Net Developer");
        assert_eq!(offer.category_id, 7);
        assert_eq!(offer.workplace_type, WorkplaceType::Office);
        assert_eq!(offer.experience_level, ExperienceLevel::Mid);
        let location = &offer.locations[0];
        assert_eq!((location.city.as_str(), location.street.as_deref()), ("Warszawa", Some("Domaniewska 44a")));
        assert_eq!((location.latitude, location.longitude, location.country_code.as_str()), (52.184277, 20.9996709, "PL"));
        let contract = &offer.employment_types[0];
        assert_eq!((contract.kind, contract.from, contract.to, contract.currency), (EmploymentKind::B2b, Some(9000.0), Some(16000.0), Currency::Pln));
        assert!(!contract.gross);
        assert_eq!(contract.unit, wakat_core::SalaryUnit::Month);
        assert!(!contract.converted.is_empty(), "normalized");
        assert_eq!(offer.required_skills, vec![Skill { name: "SQL".into(), level: 3 }, Skill { name: "C#".into(), level: 4 }]);
        assert_eq!(offer.tags, vec!["dotnet".to_string()]);
        assert_eq!(offer.published_at, 1_571_500_807);
        assert_eq!(offer.expired_at, None);
        assert_eq!(offer.company_size.as_deref(), Some("150-200"));
        assert_eq!(offer.company_logo_thumb_url, offer.company_logo_url);
        assert_eq!(offer.source.as_deref(), Some(SOURCE));
        assert_eq!(offer.extra.get("address_text"), Some(&json!("Domaniewska 44a, Warszawa")));
        assert_eq!(offer.extra.get("marker_icon"), Some(&json!("net")));
        assert_eq!(offer.extra.len(), 2);
    }

    #[test]
    fn maps_contracts_icons_ids_and_unknown_fields() {
        let fixture = Fixture::new();
        let records = [
            with(
                json!({"id": "forte_-digital-dev", "employment_type": "permanent", "salary_currency": null, "marker_icon": "sap", "remote": true, "country_code": "Polska", "new_field": 1}),
            ),
            with(
                json!({"id": "b", "employment_type": "mandate_contract", "salary_currency": "pln", "salary_from": null, "salary_to": null, "marker_icon": "blockchain"}),
            ),
            with(json!({"id": "c", "marker_icon": "cobol", "salary_currency": "eur"})),
        ];
        let report = import_reader(ImportFormat::JustJoin2019, format!("[{}]", records.join(",")).as_bytes(), &fixture.ctx()).unwrap();
        assert_eq!(report.rejected, vec![]);
        let [first, second, third] = &report.offers[..] else { panic!("three offers expected") };
        assert_eq!(first.slug, "forte-digital-dev");
        assert_eq!(first.extra["id"], json!("forte_-digital-dev"));
        assert_eq!(first.extra["salary_from"], json!(9000.0));
        assert_eq!(first.extra["new_field"], json!(1));
        assert_eq!(first.extra["country_code"], json!("Polska"));
        assert_eq!(first.locations[0].country_code, "PL");
        assert_eq!(first.category_id, 22);
        assert_eq!(first.workplace_type, WorkplaceType::Remote);
        let contract = &first.employment_types[0];
        assert_eq!((contract.kind, contract.from, contract.gross), (EmploymentKind::Permanent, None, true));
        assert!(!first.has_salary());
        assert_eq!(second.category_id, 24);
        assert_eq!(second.employment_types[0].kind, EmploymentKind::MandateContract);
        assert!(second.employment_types[0].gross);
        assert!(!second.has_salary());
        assert_eq!(third.category_id, 24);
        assert_eq!(third.employment_types[0].currency, Currency::Eur);
    }

    #[test]
    fn rejects_malformed_records_with_their_line() {
        let fixture = Fixture::new();
        let good = |id: &str| with(json!({"id": id}));
        let input = [
            "[".to_string(),
            good("a"),
            ",".into(),
            r#"{"id": "bad-json", "title": }"#.into(),
            ",".into(),
            with(json!({"id": "wrong-type", "salary_from": "lots"})),
            ",".into(),
            with(json!({"id": "no-title", "title": null})),
            ",".into(),
            with(json!({"id": "bad-currency", "salary_currency": "btc"})),
            ",".into(),
            with(json!({"id": "bad-level", "skills": [{"name": "Go", "level": 9}]})),
            ",".into(),
            good("z"),
            "]".into(),
        ]
        .join("\n");
        let report = import_reader(ImportFormat::JustJoin2019, input.as_bytes(), &fixture.ctx()).unwrap();
        let slugs: Vec<&str> = report.offers.iter().map(|o| o.slug.as_str()).collect();
        assert_eq!(slugs, vec!["a", "z"]);
        let lines: Vec<usize> = report.rejected.iter().map(|r| r.line).collect();
        assert_eq!(lines, vec![4, 6, 8, 10, 12]);
        let reasons: Vec<&str> = report.rejected.iter().map(|r| r.reason.as_str()).collect();
        assert!(reasons[0].starts_with("not valid JSON"), "{}", reasons[0]);
        assert_eq!(reasons[1], "field `salary_from` must be a number, found \"lots\"");
        assert_eq!(reasons[2], "field `title` is missing");
        assert_eq!(reasons[3], "unsupported salary currency `btc`");
        assert!(reasons[4].contains("requiredSkills"), "{}", reasons[4]);
    }

    #[test]
    fn a_file_that_is_not_an_array_is_invalid() {
        let fixture = Fixture::new();
        let error = import_reader(ImportFormat::JustJoin2019, &b"{\"id\": 1}"[..], &fixture.ctx()).unwrap_err();
        assert!(matches!(error, crate::IngestError::Invalid { .. }), "{error}");
    }
}
