//! justjoin.it's 2025 API flattened to CSV with Polish headers: one row per offer, no ids and
//! no coordinates.
//!
//! Mapping choices:
//! - Slugs are `slugify("{company} {title} {city}")` plus 8 hex digits of a hash of the whole
//!   row: stable across imports of the same file, unique when one company posts the same title
//!   twice in a city.
//! - Offers are placed through the gazetteer by city, by city without a trailing district, or at
//!   the most populous city of their voivodeship (noted as `extra.placement`); an offer that cannot
//!   be placed is rejected. A placed offer's city is the gazetteer's name (`Warsaw` becomes
//!   `Warszawa`), the city as written is kept in `extra.city` when it differs; an offer placed by
//!   voivodeship keeps the city as written, since it is not in the city it is drawn at.
//! - The salary is monthly PLN; `Undetermined` working time becomes full-time (kept in
//!   `extra.working_time`); a missing publication date becomes the import time.
//! - Columns this module does not know are kept in `extra` under their header.

use std::collections::HashMap;

use serde_json::Value;
use wakat_core::text::fold;
use wakat_core::{Currency, EmploymentKind, EmploymentType, ExperienceLevel, Location, Offer, SalaryUnit, Skill, WorkingTime, WorkplaceType};

use super::placement::{place, Placement};
use super::{derived_slug, empty_offer, non_empty, parse_timestamp, short_hash, Collector, ImportContext, ImportProgress};

/// The value of `Offer::source` for offers of this export.
pub(super) const SOURCE: &str = "justjoin-2025-03";

/// The column that identifies this export (used by format detection).
pub(crate) const TITLE_COLUMN: &str = "Tytuł oferty";
const COMPANY: &str = "Nazwa firmy";
const CATEGORY: &str = "Kategoria";
const EXPERIENCE: &str = "Poziom doświadczenia";
const SKILLS: &str = "Umiejętności";
const NICE_TO_HAVE_SKILLS: &str = "Mile widziane umiejętności";
const WORKING_TIME: &str = "Czas pracy";
const WORKPLACE: &str = "Typ miejsca pracy";
const CONTRACT: &str = "Typ umowy";
const SALARY: &str = "Widełki finansowe [PLN]";
const GROSS: &str = "Wynagrodzenie brutto";
const VOIVODESHIP: &str = "Województwo";
const CITY: &str = "Miasto";
const STREET: &str = "Ulica";
const UKRAINE: &str = "Otwarte dla obywateli Ukrainy";
const REMOTE_INTERVIEW: &str = "Zdalna rozmowa kwalifikacyjna";
const PUBLISHED: &str = "Data publikacji oferty";

const KNOWN_COLUMNS: &[&str] = &[
    COMPANY,
    TITLE_COLUMN,
    CATEGORY,
    EXPERIENCE,
    SKILLS,
    NICE_TO_HAVE_SKILLS,
    WORKING_TIME,
    WORKPLACE,
    CONTRACT,
    SALARY,
    GROSS,
    VOIVODESHIP,
    CITY,
    STREET,
    UKRAINE,
    REMOTE_INTERVIEW,
    PUBLISHED,
];
/// Columns without which no row can become an offer; the others default when absent.
const REQUIRED_COLUMNS: &[&str] = &[COMPANY, TITLE_COLUMN, CATEGORY, CITY];

/// Skill level of `Umiejętności` (must-have) and of `Mile widziane umiejętności` (nice-to-have).
const REQUIRED_SKILL_LEVEL: u8 = 3;
const NICE_TO_HAVE_SKILL_LEVEL: u8 = 1;

/// Where each column sits in a row.
struct Columns {
    known: HashMap<&'static str, usize>,
    unknown: Vec<(String, usize)>,
    count: usize,
}

/// One row, read by column name.
struct Row<'r> {
    columns: &'r Columns,
    fields: Vec<String>,
}

impl Row<'_> {
    /// The trimmed value of a column, empty when the file has no such column.
    fn get(&self, column: &str) -> &str {
        self.columns.known.get(column).and_then(|&idx| self.fields.get(idx)).map_or("", |value| value.trim())
    }
}

/// Imports every row; a header without the required columns makes the file invalid.
pub(super) fn import(bytes: &[u8], collector: &mut Collector<'_, impl FnMut(ImportProgress)>) -> Result<(), String> {
    let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(bytes);
    let header = reader.byte_headers().map_err(|e| format!("cannot read the csv header: {e}"))?.clone();
    let columns = columns(&header)?;
    let mut records = Vec::new();
    for result in reader.byte_records() {
        match result {
            Ok(record) => records.push(Ok(record)),
            Err(error) => {
                let line = error.position().map_or(0, |p| p.line() as usize);
                let fatal = matches!(error.kind(), csv::ErrorKind::Io(_));
                records.push(Err((line, format!("malformed csv: {error}"))));
                if fatal {
                    break;
                }
            }
        }
    }
    collector.set_total(records.len());
    for record in records {
        let (line, outcome) = match record {
            Err((line, reason)) => (line, Err(reason)),
            Ok(record) => {
                let line = record.position().map_or(0, |p| p.line() as usize);
                (line, read_row(&record, &columns).and_then(|row| map_row(&row, &collector.ctx)))
            }
        };
        match outcome {
            Ok((offer, placement)) => collector.offer(line, offer, Some(placement)),
            Err(reason) => collector.reject(line, reason),
        }
    }
    Ok(())
}

fn columns(header: &csv::ByteRecord) -> Result<Columns, String> {
    let mut columns = Columns { known: HashMap::new(), unknown: Vec::new(), count: header.len() };
    for (idx, name) in header.iter().enumerate() {
        let name = String::from_utf8_lossy(name).trim().to_string();
        match KNOWN_COLUMNS.iter().find(|known| **known == name) {
            Some(known) => {
                columns.known.entry(known).or_insert(idx);
            }
            None => columns.unknown.push((name, idx)),
        }
    }
    let missing: Vec<&str> = REQUIRED_COLUMNS.iter().copied().filter(|c| !columns.known.contains_key(c)).collect();
    if !missing.is_empty() {
        return Err(format!("the justjoin.it 2025 csv header lacks the columns {}", missing.join(", ")));
    }
    Ok(columns)
}

fn read_row<'c>(record: &csv::ByteRecord, columns: &'c Columns) -> Result<Row<'c>, String> {
    if record.len() != columns.count {
        return Err(format!("expected {} fields, found {}", columns.count, record.len()));
    }
    let fields = record
        .iter()
        .enumerate()
        .map(|(idx, field)| String::from_utf8(field.to_vec()).map_err(|_| format!("field {} is not valid UTF-8", idx + 1)))
        .collect::<Result<_, _>>()?;
    Ok(Row { columns, fields })
}

/// Maps one row to an offer and tells how it was placed.
fn map_row(row: &Row, ctx: &ImportContext) -> Result<(Offer, Placement), String> {
    let mut offer = empty_offer(SOURCE);
    offer.company_name = row.get(COMPANY).to_string();
    offer.title = row.get(TITLE_COLUMN).to_string();
    let raw_city = row.get(CITY);
    let slug_base = derived_slug(&format!("{} {} {}", offer.company_name, offer.title, raw_city));
    let hash = short_hash(row.fields.iter().map(String::as_str));
    offer.slug = if slug_base.is_empty() { hash } else { format!("{slug_base}-{hash}") };

    let raw_category = row.get(CATEGORY);
    offer.category_id = ctx.categories.find(raw_category).map(|category| category.value).ok_or_else(|| format!("unknown category `{raw_category}`"))?;
    offer.experience_level = parse_column(row, EXPERIENCE, ExperienceLevel::parse)?;
    offer.required_skills = skills(row.get(SKILLS), REQUIRED_SKILL_LEVEL);
    offer.nice_to_have_skills = skills(row.get(NICE_TO_HAVE_SKILLS), NICE_TO_HAVE_SKILL_LEVEL);
    let raw_working_time = row.get(WORKING_TIME);
    offer.working_time = match WorkingTime::parse(raw_working_time) {
        Some(working_time) => working_time,
        None if raw_working_time.is_empty() || raw_working_time.eq_ignore_ascii_case("undetermined") => {
            offer.extra.insert("working_time".into(), Value::String(raw_working_time.to_string()));
            WorkingTime::FullTime
        }
        None => return Err(format!("unknown working time `{raw_working_time}`")),
    };
    offer.workplace_type = parse_column(row, WORKPLACE, WorkplaceType::parse)?;
    offer.employment_types = vec![employment_type(row)?];
    offer.open_to_hire_ukrainians = flag(row, UKRAINE)?.unwrap_or(false);
    offer.remote_interview = flag(row, REMOTE_INTERVIEW)?.unwrap_or(false);
    let published_at = row.get(PUBLISHED);
    offer.published_at = if published_at.is_empty() { ctx.now } else { parse_timestamp(published_at).map_err(|e| format!("column `{PUBLISHED}`: {e}"))? };

    let voivodeship = row.get(VOIVODESHIP);
    if !voivodeship.is_empty() {
        offer.extra.insert("voivodeship".into(), Value::String(voivodeship.to_string()));
    }
    let placed = place(ctx.gazetteer, raw_city, voivodeship)?;
    let city = match placed.how {
        Placement::VoivodeshipFallback => {
            offer.extra.insert("placement".into(), Value::String("voivodeship-fallback".into()));
            offer.extra.insert("placed_at".into(), Value::String(placed.place.name.clone()));
            non_empty(raw_city).unwrap_or_else(|| placed.place.name.clone())
        }
        Placement::City | Placement::CityWithoutDistrict => placed.place.name.clone(),
    };
    if city != raw_city {
        offer.extra.insert("city".into(), Value::String(raw_city.to_string()));
    }
    offer.locations = vec![Location {
        slug: String::new(),
        city,
        street: street(row.get(STREET)),
        latitude: placed.place.lat,
        longitude: placed.place.lon,
        country_code: "PL".into(),
    }];
    for (name, idx) in &row.columns.unknown {
        let value = row.fields.get(*idx).map_or("", String::as_str);
        offer.extra.insert(name.clone(), Value::String(value.to_string()));
    }
    Ok((offer, placed.how))
}

/// Parses a required vocabulary column.
fn parse_column<T>(row: &Row, column: &str, parse: impl Fn(&str) -> Option<T>) -> Result<T, String> {
    let raw = row.get(column);
    parse(raw).ok_or_else(|| if raw.is_empty() { format!("column `{column}` is empty") } else { format!("column `{column}` has unknown value `{raw}`") })
}

/// Builds the one contract from `Typ umowy`, the salary range and the gross flag.
fn employment_type(row: &Row) -> Result<EmploymentType, String> {
    let raw_kind = row.get(CONTRACT);
    let kind = match fold(raw_kind).as_str() {
        "b2b" => EmploymentKind::B2b,
        "permanent" => EmploymentKind::Permanent,
        "mandate" => EmploymentKind::MandateContract,
        "any" => EmploymentKind::Any,
        _ => parse_column(row, CONTRACT, EmploymentKind::parse)?,
    };
    let (from, to) = salary_range(row.get(SALARY))?;
    // Without the flag, assume what the contract usually states: net invoices for B2B.
    let gross = flag(row, GROSS)?.unwrap_or(kind != EmploymentKind::B2b);
    Ok(EmploymentType { kind, from, to, currency: Currency::Pln, unit: SalaryUnit::Month, gross, converted: Default::default() })
}

/// Parses `"from-to"` (`"23520.0-28560.0"`); a single amount is a lower bound, empty is undisclosed.
fn salary_range(raw: &str) -> Result<(Option<f64>, Option<f64>), String> {
    let amount = |text: &str| -> Result<Option<f64>, String> {
        let text = text.trim();
        if text.is_empty() {
            return Ok(None);
        }
        match text.replace([' ', '\u{a0}'], "").replace(',', ".").parse::<f64>() {
            Ok(value) if value.is_finite() => Ok(Some(value)),
            _ => Err(format!("column `{SALARY}` has `{raw}`, expected `from-to` amounts")),
        }
    };
    match raw.split_once('-') {
        Some((from, to)) => Ok((amount(from)?, amount(to)?)),
        None => Ok((amount(raw)?, None)),
    }
}

/// Parses a `True`/`False` column; `None` when empty or absent.
fn flag(row: &Row, column: &str) -> Result<Option<bool>, String> {
    let raw = row.get(column);
    match fold(raw).as_str() {
        "" => Ok(None),
        "true" | "1" | "tak" | "yes" => Ok(Some(true)),
        "false" | "0" | "nie" | "no" => Ok(Some(false)),
        _ => Err(format!("column `{column}` has `{raw}`, expected True or False")),
    }
}

/// Splits a comma-separated skill list, also written as a Python list (`['Jira']`) in the export.
fn skills(raw: &str, level: u8) -> Vec<Skill> {
    let list = raw.trim().trim_start_matches('[').trim_end_matches(']');
    let mut skills: Vec<Skill> = Vec::new();
    for name in list.split(',') {
        let name = name.trim().trim_matches(|c| c == '\'' || c == '"').trim();
        if !name.is_empty() && !skills.iter().any(|s| s.name == name) {
            skills.push(Skill { name: name.to_string(), level });
        }
    }
    skills
}

/// Keeps a street only when it says something (the export has `.` and empty streets).
fn street(raw: &str) -> Option<String> {
    raw.chars().any(char::is_alphanumeric).then(|| raw.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::tests::support::Fixture;
    use crate::import::{import_reader, ImportFormat, RejectedRecord};

    const HEADER: &str = "Nazwa firmy,Tytuł oferty,Kategoria,Poziom doświadczenia,Umiejętności,Mile widziane umiejętności,Czas pracy,Typ miejsca pracy,Typ umowy,Widełki finansowe [PLN],Wynagrodzenie brutto,Województwo,Miasto,Ulica,Otwarte dla obywateli Ukrainy,Zdalna rozmowa kwalifikacyjna,Data publikacji oferty";
    const ROW: &str = "Crestt,Senior Backend Java Developer,6,senior,\"GitLab, Java, Spring Boot\",['Jira'],full_time,office,B2B,23520.0-28560.0,False,mazowieckie,Warszawa,Ochota,True,True,2025-03-03 07:45:14.524000+00:00";

    fn import(rows: &[&str]) -> crate::import::ImportReport {
        let input = format!("{HEADER}\n{}\n", rows.join("\n"));
        import_reader(ImportFormat::JustJoin2025, input.as_bytes(), &Fixture::new().ctx()).unwrap()
    }

    #[test]
    fn maps_every_column() {
        let report = import(&[ROW]);
        assert_eq!(report.rejected, vec![]);
        let offer = &report.offers[0];
        assert!(offer.slug.starts_with("crestt-senior-backend-java-developer-warszawa-"), "{}", offer.slug);
        assert_eq!(offer.slug.len(), "crestt-senior-backend-java-developer-warszawa-".len() + 8);
        assert_eq!((offer.category_id, offer.experience_level), (6, ExperienceLevel::Senior));
        let names = |skills: &[Skill]| skills.iter().map(|s| (s.name.clone(), s.level)).collect::<Vec<_>>();
        assert_eq!(names(&offer.required_skills), vec![("GitLab".into(), 3), ("Java".into(), 3), ("Spring Boot".into(), 3)]);
        assert_eq!(names(&offer.nice_to_have_skills), vec![("Jira".into(), 1)]);
        assert_eq!((offer.working_time, offer.workplace_type), (WorkingTime::FullTime, WorkplaceType::Office));
        let contract = &offer.employment_types[0];
        assert_eq!((contract.kind, contract.from, contract.to, contract.gross), (EmploymentKind::B2b, Some(23520.0), Some(28560.0), false));
        assert_eq!((contract.currency, contract.unit), (Currency::Pln, SalaryUnit::Month));
        let location = &offer.locations[0];
        assert_eq!((location.city.as_str(), location.street.as_deref()), ("Warszawa", Some("Ochota")));
        assert_eq!((location.latitude, location.longitude), (52.23, 21.01));
        assert!(offer.open_to_hire_ukrainians && offer.remote_interview);
        assert_eq!(offer.published_at, 1_740_987_914);
        assert_eq!(offer.extra, [("voivodeship".to_string(), Value::from("mazowieckie"))].into());
        assert_eq!(offer.source.as_deref(), Some(SOURCE));
        assert_eq!(report.placement.city, 1);
    }

    #[test]
    fn slugs_are_stable_and_tell_twins_apart() {
        let twin = ROW.replace("23520.0-28560.0", "20000.0-25000.0");
        let first = import(&[ROW, &twin]);
        let again = import(&[ROW]);
        assert_eq!(first.offers.len(), 2);
        assert_ne!(first.offers[0].slug, first.offers[1].slug);
        assert_eq!(first.offers[0].slug, again.offers[0].slug);
        let duplicate = import(&[ROW, ROW]);
        assert_eq!(duplicate.offers.len(), 1);
        assert!(duplicate.rejected[0].reason.contains("duplicate slug"), "{:?}", duplicate.rejected);
    }

    #[test]
    fn places_by_district_and_voivodeship_and_notes_the_fallback() {
        let report = import(&[
            &ROW.replace(",Warszawa,", ",Warszawa Mokotów,"),
            &ROW.replace("mazowieckie,Warszawa", "łódzkie,Poland (Remote)"),
            &ROW.replace(",Warszawa,", ",Warsaw,"),
        ]);
        assert_eq!(report.rejected, vec![]);
        let [district, fallback, english] = &report.offers[..] else { panic!("three offers expected") };
        assert_eq!(district.locations[0].city, "Warszawa");
        assert_eq!(district.extra["city"], Value::from("Warszawa Mokotów"));
        assert_eq!(fallback.locations[0].city, "Poland (Remote)");
        assert_eq!((fallback.locations[0].latitude, fallback.locations[0].longitude), (51.77, 19.46));
        assert_eq!(fallback.extra["placement"], Value::from("voivodeship-fallback"));
        assert_eq!(fallback.extra["placed_at"], Value::from("Łódź"));
        assert_eq!(english.locations[0].city, "Warszawa");
        assert_eq!(report.placement, crate::import::PlacementCounts { city: 1, city_without_district: 1, voivodeship_fallback: 1 });
    }

    #[test]
    fn maps_contracts_working_times_and_odd_values() {
        let report = import(&[
            &ROW.replace(",B2B,23520.0-28560.0,False,", ",Permanent,,True,"),
            &ROW.replace(",full_time,office,B2B,", ",Undetermined,remote,Mandate,"),
            &ROW.replace(",B2B,", ",Any,").replace(",Ochota,", ",.,"),
        ]);
        assert_eq!(report.rejected, vec![]);
        let [permanent, mandate, any] = &report.offers[..] else { panic!("three offers expected") };
        assert_eq!(permanent.employment_types[0].kind, EmploymentKind::Permanent);
        assert!(permanent.employment_types[0].gross && !permanent.has_salary());
        assert_eq!(mandate.employment_types[0].kind, EmploymentKind::MandateContract);
        assert_eq!((mandate.working_time, mandate.workplace_type), (WorkingTime::FullTime, WorkplaceType::Remote));
        assert_eq!(mandate.extra["working_time"], Value::from("Undetermined"));
        assert_eq!(any.employment_types[0].kind, EmploymentKind::Any);
        assert_eq!(any.locations[0].street, None);
    }

    #[test]
    fn rejects_malformed_rows_with_their_line() {
        let report = import(&[
            ROW,
            &ROW.replace(",6,senior,", ",99,senior,"),
            &ROW.replace("Senior Backend Java Developer", ""),
            &ROW.replace("23520.0-28560.0", "lots"),
            "Crestt,too,few,fields",
            &ROW.replace("mazowieckie,Warszawa", "atlantyda,Gotham"),
            &ROW.replace("Crestt", "Other"),
        ]);
        assert_eq!(report.offers.len(), 2);
        let lines: Vec<usize> = report.rejected.iter().map(|r| r.line).collect();
        assert_eq!(lines, vec![3, 4, 5, 6, 7]);
        let reasons: Vec<&str> = report.rejected.iter().map(|RejectedRecord { reason, .. }| reason.as_str()).collect();
        assert_eq!(reasons[0], "unknown category `99`");
        assert!(reasons[1].contains("title"), "{}", reasons[1]);
        assert!(reasons[2].contains("lots"), "{}", reasons[2]);
        assert_eq!(reasons[3], "expected 17 fields, found 4");
        assert!(reasons[4].contains("Gotham"), "{}", reasons[4]);
    }

    #[test]
    fn a_header_without_required_columns_is_invalid() {
        let input = "position,salary_lower,description\nDev,1,x\n";
        let error = import_reader(ImportFormat::JustJoin2025, input.as_bytes(), &Fixture::new().ctx()).unwrap_err();
        assert!(error.to_string().contains("Nazwa firmy"), "{error}");
    }

    #[test]
    fn parses_salary_ranges() {
        assert_eq!(salary_range("23520.0-28560.0"), Ok((Some(23520.0), Some(28560.0))));
        assert_eq!(salary_range(""), Ok((None, None)));
        assert_eq!(salary_range("15000"), Ok((Some(15000.0), None)));
        assert_eq!(salary_range("-20000"), Ok((None, Some(20000.0))));
        assert!(salary_range("nan-1").is_err());
    }
}
