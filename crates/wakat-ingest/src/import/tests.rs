//! Tests across formats: detection, the native format, files, progress, and the real exports in
//! `../shared/data/` (a missing file fails the test with where it was looked for: CI has them).

pub mod support;

use std::io::Write;
use std::path::{Path, PathBuf};

use wakat_core::{CategoryTree, Gazetteer, Offer, Rates};

use super::*;
use support::{Fixture, NOW};

fn native_offer(slug: &str) -> Offer {
    let mut offer = empty_offer("generated");
    offer.slug = slug.into();
    offer.title = "Rust Developer".into();
    offer.company_name = "Acme".into();
    offer.category_id = 24;
    offer.published_at = NOW - 3_600;
    offer.locations =
        vec![wakat_core::Location { slug: String::new(), city: "Kraków".into(), street: None, latitude: 50.06, longitude: 19.94, country_code: "PL".into() }];
    offer.employment_types = vec![wakat_core::EmploymentType {
        kind: wakat_core::EmploymentKind::B2b,
        from: Some(20_000.0),
        to: Some(25_000.0),
        currency: wakat_core::Currency::Pln,
        unit: wakat_core::SalaryUnit::Month,
        gross: false,
        converted: Default::default(),
    }];
    offer.extra.insert("kept".into(), serde_json::json!({"any": "value"}));
    offer
}

fn detect(name: &str, head: &str) -> Result<ImportFormat, String> {
    detect_format(Path::new(name), head.as_bytes()).map_err(|e| e.to_string())
}

#[test]
fn detects_formats_by_extension_and_content() {
    assert_eq!(detect("offers.jsonl", "{\"slug\": 1}\n"), Ok(ImportFormat::Native));
    assert_eq!(detect("OFFERS.NDJSON", ""), Ok(ImportFormat::Native));
    assert_eq!(detect("offers.json", "\u{feff}\n [{\"id\": 1}"), Ok(ImportFormat::JustJoin2019));
    assert_eq!(detect("offers.csv", "\u{feff}Nazwa firmy,Tytuł oferty,Kategoria\n"), Ok(ImportFormat::JustJoin2025));
    assert_eq!(detect("export", "[{}]"), Ok(ImportFormat::JustJoin2019));
    assert_eq!(detect("export.txt", "{}\n{}"), Ok(ImportFormat::Native));
    assert_eq!(detect("export.txt", "Nazwa firmy,Tytuł oferty\n"), Ok(ImportFormat::JustJoin2025));
    assert!(detect("offers.json", "{\"a\": 1}").unwrap_err().contains(".jsonl"));
    assert!(detect("offers.jsonl", "[1]").is_err());
    let nofluff = detect("postings.csv", "\u{feff}position,salary_lower,salary_upper,main_skill,seniority,main_category,description\n");
    assert!(nofluff.unwrap_err().contains("no company and no city"));
    assert!(detect("other.csv", "a,b,c\n").unwrap_err().contains("unknown csv header"));
    assert!(detect("notes.txt", "hello").unwrap_err().contains("not a known format"));
}

#[test]
fn native_round_trips_and_skips_blank_lines() {
    let fixture = Fixture::new();
    let lines = [serde_json::to_string(&native_offer("a")).unwrap(), String::new(), serde_json::to_string(&native_offer("b")).unwrap(), "  ".into()];
    let report = import_reader(ImportFormat::Native, lines.join("\n").as_bytes(), &fixture.ctx()).unwrap();
    assert_eq!(report.format, ImportFormat::Native);
    assert_eq!(report.rejected, vec![]);
    let mut expected = native_offer("a");
    expected.normalize(&fixture.rates);
    assert_eq!(report.offers[0], expected);
    assert_eq!(report.offers[1].slug, "b");
    assert_eq!(report.offers[1].source.as_deref(), Some("generated"));
    assert_eq!(report.placement, PlacementCounts::default());
}

#[test]
fn native_rejects_malformed_lines_and_loads_the_others() {
    let fixture = Fixture::new();
    let json = |offer: &Offer| serde_json::to_string(offer).unwrap();
    let mut wrong_type: serde_json::Value = serde_json::to_value(native_offer("wrong-type")).unwrap();
    wrong_type["publishedAt"] = "yesterday".into();
    let mut no_title = serde_json::to_value(native_offer("no-title")).unwrap();
    no_title.as_object_mut().unwrap().remove("title");
    let mut unknown_category = native_offer("unknown-category");
    unknown_category.category_id = 999;
    let lines = [
        json(&native_offer("first")),
        "{\"slug\": \"bad-json\", ".into(),
        wrong_type.to_string(),
        String::new(),
        no_title.to_string(),
        json(&unknown_category),
        json(&native_offer("first")),
        json(&native_offer("last")),
    ];
    let report = import_reader(ImportFormat::Native, lines.join("\n").as_bytes(), &fixture.ctx()).unwrap();
    let slugs: Vec<&str> = report.offers.iter().map(|o| o.slug.as_str()).collect();
    assert_eq!(slugs, vec!["first", "last"]);
    let rejected: Vec<(usize, &str)> = report.rejected.iter().map(|r| (r.line, r.reason.as_str())).collect();
    assert_eq!(rejected.iter().map(|(line, _)| *line).collect::<Vec<_>>(), vec![2, 3, 5, 6, 7]);
    assert!(rejected[0].1.contains("EOF while parsing") && rejected[0].1.contains("(line 2,"), "{}", rejected[0].1);
    assert!(rejected[1].1.contains("invalid type"), "{}", rejected[1].1);
    assert!(rejected[2].1.contains("missing field `title`"), "{}", rejected[2].1);
    assert!(rejected[3].1.contains("categoryId"), "{}", rejected[3].1);
    assert_eq!(rejected[4].1, "duplicate slug `first` (first used on line 1)");
}

#[test]
fn imports_a_file_and_reports_progress() {
    let fixture = Fixture::new();
    let mut file = tempfile::Builder::new().suffix(".jsonl").tempfile().unwrap();
    for slug in ["a", "b", "c"] {
        writeln!(file, "{}", serde_json::to_string(&native_offer(slug)).unwrap()).unwrap();
    }
    writeln!(file, "not json").unwrap();
    let mut seen = Vec::new();
    let report = import_file_with_progress(file.path(), &fixture.ctx(), |progress| seen.push((progress.done, progress.total))).unwrap();
    assert_eq!((report.offers.len(), report.rejected.len()), (3, 1));
    assert_eq!(seen, vec![(1, 4), (2, 4), (3, 4), (4, 4)]);
}

#[test]
fn file_errors_name_the_file() {
    let fixture = Fixture::new();
    let missing = import_file(Path::new("/nonexistent/offers.jsonl"), &fixture.ctx()).unwrap_err();
    assert!(matches!(missing, crate::IngestError::Io { ref path, .. } if path.ends_with("offers.jsonl")));
    let mut file = tempfile::Builder::new().suffix(".csv").tempfile().unwrap();
    writeln!(file, "position,salary_lower,description").unwrap();
    let unknown = import_file(file.path(), &fixture.ctx()).unwrap_err();
    assert!(matches!(unknown, crate::IngestError::Invalid { ref path, .. } if path == file.path()), "{unknown}");
}

#[test]
fn helpers_parse_times_and_derive_slugs() {
    assert_eq!(parse_timestamp("2019-10-19T16:00:07.181Z"), Ok(1_571_500_807));
    assert_eq!(parse_timestamp("2025-03-03 07:45:14.524000+00:00"), Ok(1_740_987_914));
    assert_eq!(parse_timestamp("2025-03-03 09:45:14+02:00"), Ok(1_740_987_914));
    assert!(parse_timestamp("yesterday").is_err());
    assert_eq!(slug_from_id("ok-slug-1"), ("ok-slug-1".to_string(), false));
    assert_eq!(slug_from_id("forte_-digital"), ("forte-digital".to_string(), true));
    let long = derived_slug(&"ab ".repeat(200));
    assert!(long.len() <= MAX_DERIVED_SLUG_CHARS && wakat_core::validate::is_valid_slug(&long));
    assert_eq!(short_hash(["a", "bc"]), short_hash(["a", "bc"]));
    assert_ne!(short_hash(["ab", "c"]), short_hash(["a", "bc"]));
    let mut lines = LineCounter::new(b"a\nb\nc\nd");
    assert_eq!((lines.line_of(0), lines.line_of(2), lines.line_of(4), lines.line_of(3), lines.line_of(99)), (1, 2, 3, 2, 4));
}

/// `../shared/data/` beside the workspace, where the real exports live. Missing is a failure,
/// not a skip: a test that passes without its data proves nothing.
fn shared_data(relative: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data").join(relative);
    assert!(path.exists(), "{} is missing: the real exports are expected in ../shared/data beside the checkout", path.display());
    path
}

/// The project's real dictionaries.
fn index_data() -> (Gazetteer, CategoryTree) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../index-data");
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("index-data/{name} is readable: {e}"));
    (
        Gazetteer::from_json(&read("cities.json")).expect("index-data/cities.json is a valid gazetteer"),
        CategoryTree::from_json(&read("categories-it.json")).expect("index-data/categories-it.json is a valid category tree"),
    )
}

fn summarise(name: &str, report: &ImportReport) {
    println!(
        "{name}: loaded {}, rejected {}; placed by city {}, by city without district {}, by voivodeship {}",
        report.offers.len(),
        report.rejected.len(),
        report.placement.city,
        report.placement.city_without_district,
        report.placement.voivodeship_fallback
    );
    for rejected in &report.rejected {
        println!("  line {}: {}", rejected.line, rejected.reason);
    }
    let mut fallbacks: std::collections::BTreeMap<(String, String), usize> = Default::default();
    for offer in report.offers.iter().filter(|o| o.extra.contains_key("placement")) {
        let placed_at = offer.extra.get("placed_at").and_then(|v| v.as_str()).unwrap_or_default();
        *fallbacks.entry((offer.city().to_string(), placed_at.to_string())).or_default() += 1;
    }
    for ((city, placed_at), n_offers) in fallbacks {
        println!("  {n_offers} in `{city}` placed at {placed_at}");
    }
}

#[test]
fn real_justjoin_2019_export_loads_whole() {
    let path = shared_data("justjoin-2019-10/offers.json");
    let (gazetteer, categories) = index_data();
    let rates = Rates::default();
    let ctx = ImportContext { gazetteer: &gazetteer, categories: &categories, rates: &rates, now: NOW };
    let report = import_file(&path, &ctx).unwrap();
    summarise("justjoin-2019-10", &report);
    assert_eq!(report.format, ImportFormat::JustJoin2019);
    assert_eq!(report.rejected, vec![]);
    assert_eq!(report.offers.len(), 1_361);
    assert!(report.offers.iter().all(|o| o.source.as_deref() == Some("justjoin-2019-10") && o.expired_at.is_none()));
    let with_salary = report.offers.iter().filter(|o| o.has_salary()).count();
    assert_eq!(with_salary, 1_177);
}

#[test]
fn real_justjoin_2025_export_is_placed_through_the_gazetteer() {
    let path = shared_data("justjoin-2025-03/offers.csv");
    let (gazetteer, categories) = index_data();
    let rates = Rates::default();
    let ctx = ImportContext { gazetteer: &gazetteer, categories: &categories, rates: &rates, now: NOW };
    let report = import_file(&path, &ctx).unwrap();
    summarise("justjoin-2025-03", &report);
    assert_eq!(report.format, ImportFormat::JustJoin2025);
    assert_eq!(report.offers.len() + report.rejected.len(), 2_176);
    let placement = report.placement;
    assert_eq!(placement.exact() + placement.voivodeship_fallback, report.offers.len());
    // Every voivodeship of the export has a city in any reasonable gazetteer, so no row should
    // be lost for want of a place.
    assert!(report.rejected.len() <= 5, "{:?}", report.rejected);
    assert!(placement.exact() >= 2_100, "{placement:?}");
}

#[test]
fn the_nofluffjobs_export_is_refused_with_a_reason() {
    let path = shared_data("nofluffjobs-2022-08/postings.csv");
    let error = import_file(&path, &Fixture::new().ctx()).unwrap_err();
    assert!(error.to_string().contains("no company and no city"), "{error}");
}
