//! Generator tests over the real dictionaries in `index-data/`.

use std::path::{Path, PathBuf};

use wakat_core::geo::haversine_km;
use wakat_core::{CategoryTree, Gazetteer, Rates, WorkingTime, WorkplaceType};

use super::*;
use crate::dictionaries::{Company, Vocabulary};

/// 2025-02-19, a fixed "now" so tests never depend on the clock.
const NOW: i64 = 1_740_000_000;

struct Dictionaries {
    gazetteer: Gazetteer,
    categories: CategoryTree,
    rates: Rates,
    companies: Vec<Company>,
    vocabulary: Vocabulary,
}

fn index_data(file: &str) -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../index-data")).join(file)
}

/// The real dictionaries, parsed directly: their loaders are in `wakat-engine`, which depends on
/// this crate (and checks the files, in its own tests).
fn dictionaries(tenant: &str) -> Dictionaries {
    let read = |file: &str| std::fs::read_to_string(index_data(file)).unwrap_or_else(|e| panic!("index-data/{file} is readable: {e}"));
    Dictionaries {
        gazetteer: Gazetteer::from_json(&read("cities.json")).unwrap(),
        categories: CategoryTree::from_json(&read(&format!("categories-{tenant}.json"))).unwrap(),
        rates: Rates::from_json(&read("rates.json")).unwrap(),
        companies: serde_json::from_str(&read(&format!("companies-{tenant}.json"))).unwrap(),
        vocabulary: Vocabulary::from_json(&read(&format!("vocabulary-{tenant}.json"))).unwrap(),
    }
}

impl Dictionaries {
    fn context(&self) -> GenerateContext<'_> {
        GenerateContext {
            gazetteer: &self.gazetteer,
            categories: &self.categories,
            rates: &self.rates,
            companies: &self.companies,
            vocabulary: &self.vocabulary,
        }
    }

    fn generator(&self, tenant: &str, offers: usize, seed: u64) -> Generator<'_> {
        let options = GenerateOptions { tenant: tenant.to_string(), offers, seed, now: NOW };
        Generator::new(self.context(), options).unwrap()
    }
}

fn share(offers: &[Offer], predicate: impl Fn(&Offer) -> bool) -> f64 {
    offers.iter().filter(|o| predicate(o)).count() as f64 / offers.len() as f64
}

fn assert_near(name: &str, actual: f64, expected: f64, tolerance: f64) {
    assert!((actual - expected).abs() <= tolerance, "{name}: {actual:.3} is not within {tolerance} of {expected}");
}

#[test]
fn same_options_give_the_same_offers_and_offer_k_ignores_n() {
    let dictionaries = dictionaries("it");
    let first: Vec<Offer> = dictionaries.generator("it", 300, 42).collect();
    let again: Vec<Offer> = dictionaries.generator("it", 300, 42).collect();
    assert_eq!(first, again);
    assert_eq!(serde_json::to_string(&first).unwrap(), serde_json::to_string(&again).unwrap());
    let fewer: Vec<Offer> = dictionaries.generator("it", 40, 42).collect();
    assert_eq!(fewer[..], first[..40]);
    assert_eq!(dictionaries.generator("it", 1, 42).offer(123).as_ref(), Some(&first[123]));
    let other_seed: Vec<Offer> = dictionaries.generator("it", 40, 43).collect();
    assert_ne!(other_seed, fewer);
}

#[test]
fn every_offer_is_valid_normalised_and_unique() {
    for tenant in ["it", "work"] {
        let dictionaries = dictionaries(tenant);
        let offers: Vec<Offer> = dictionaries.generator(tenant, 2000, 7).collect();
        assert_eq!(offers.len(), 2000, "{tenant}: an offer failed validation");
        let mut slugs = std::collections::HashSet::new();
        for offer in &offers {
            assert_eq!(validate_offer(offer, &dictionaries.categories), vec![], "{}", offer.slug);
            assert!(slugs.insert(offer.slug.clone()), "duplicate slug {}", offer.slug);
            assert_eq!(offer.guid.len(), 36);
            assert_eq!(offer.locations[0].slug, offer.slug);
            assert!(offer.employment_types.iter().all(|e| e.converted.len() == Currency::ALL.len()));
            let logo = format!("/api/{tenant}/v1/logos/");
            assert!(offer.company_logo_url.as_deref().unwrap().starts_with(&logo));
            assert_eq!(offer.company_logo_thumb_url, offer.company_logo_url);
            assert_eq!(offer.source.as_deref(), Some("generated"));
            assert!(offer.information_clause.as_deref().unwrap().contains(&offer.company_name));
        }
    }
}

#[test]
fn it_distributions_are_roughly_as_intended() {
    let dictionaries = dictionaries("it");
    let offers: Vec<Offer> = dictionaries.generator("it", 2000, 1).collect();
    let big_cities = ["Warszawa", "Kraków", "Wrocław", "Poznań", "Gdańsk", "Łódź"];
    assert!(share(&offers, |o| big_cities.contains(&o.city())) > 0.55);
    assert_near("warszawa", share(&offers, |o| o.city() == "Warszawa"), 0.33, 0.1);
    assert_near("multilocation", share(&offers, |o| o.locations.len() > 1), 0.06, 0.025);
    assert_near("remote", share(&offers, |o| o.workplace_type == WorkplaceType::Remote), 0.25, 0.04);
    assert_near("hybrid", share(&offers, |o| o.workplace_type == WorkplaceType::Hybrid), 0.35, 0.04);
    assert_near("senior", share(&offers, |o| o.experience_level == ExperienceLevel::Senior), 0.35, 0.04);
    assert_near("junior", share(&offers, |o| o.experience_level == ExperienceLevel::Junior), 0.15, 0.03);
    assert_near("with salary", share(&offers, Offer::has_salary), 0.85, 0.03);
    assert_near("polish body", share(&offers, |o| o.body.contains("<h3>Twoje zadania</h3>")), 0.7, 0.04);
    let polish_titles = [
        "Programist",
        "Inżynier",
        "Tester",
        "Testerk",
        "Młodsz",
        "Starsz",
        "Specjalist",
        "Analityk",
        "Analityczk",
        "Administrator",
        "Projektant",
        "Kierowni",
        "Konsultant",
        "Architekt",
        "Koordynator",
        "Dyrektor",
    ];
    assert_near("polish title", share(&offers, |o| polish_titles.iter().any(|w| o.title.contains(w))), 0.3, 0.08);
    assert_near("subcategory", share(&offers, |o| o.category_id > 100), 0.25, 0.08);
    assert_near("remote interview", share(&offers, |o| o.remote_interview), 0.6, 0.04);
    assert_near("apply url", share(&offers, |o| o.apply_url.is_some()), 0.2, 0.03);
    assert_near("expired", share(&offers, |o| !o.is_active(NOW)), 0.03, 0.015);
    assert!(offers.iter().all(|o| !o.finished && o.published_at <= NOW && o.published_at > NOW - 45 * DAY));
    let recent = share(&offers, |o| o.published_at > NOW - 10 * DAY);
    assert!(recent > 0.45, "recent offers should dominate: {recent}");
    let contracts = offers.iter().flat_map(|o| &o.employment_types);
    let (mut hourly_b2b, mut foreign, mut internships) = (0, 0, 0);
    for employment in contracts {
        hourly_b2b += usize::from(employment.kind == EmploymentKind::B2b && employment.unit == SalaryUnit::Hour);
        foreign += usize::from(employment.currency != Currency::Pln);
        internships += usize::from(employment.kind == EmploymentKind::Internship);
        assert_eq!(employment.gross, employment.kind != EmploymentKind::B2b);
    }
    assert!(hourly_b2b > 100 && foreign > 20 && internships > 10, "{hourly_b2b} {foreign} {internships}");
    let top_categories = ["javascript", "java", "python", "net", "devops", "data", "testing"];
    let in_top = share(&offers, |o| {
        let root = dictionaries.categories.lineage(o.category_id).last().copied().unwrap();
        top_categories.contains(&dictionaries.categories.get(root).unwrap().slug.as_str())
    });
    assert!(in_top > 0.5, "{in_top}");
    let defining = share(&offers, |o| o.required_skills.len() >= 3 && o.required_skills.len() <= 6);
    assert_eq!(defining, 1.0);
    let mean_body = offers.iter().map(|o| o.body.len()).sum::<usize>() / offers.len();
    assert!((900..=2500).contains(&mean_body), "{mean_body}");
}

#[test]
fn salaries_stay_within_the_vocabulary_ranges() {
    for tenant in ["it", "work"] {
        let dictionaries = dictionaries(tenant);
        let profile = &dictionaries.vocabulary.profile;
        for offer in dictionaries.generator(tenant, 2000, 3) {
            let slug = &dictionaries.categories.get(offer.category_id).unwrap().slug;
            let [base_from, base_to] = *dictionaries.vocabulary.categories[slug].salary.get(offer.experience_level);
            for employment in &offer.employment_types {
                let Some((from, to)) = employment.monthly_pln(&dictionaries.rates) else { continue };
                let factor = profile.contract_salary_factors.get(employment.kind);
                let time = if offer.working_time == WorkingTime::PartTime && employment.unit == SalaryUnit::Month { PART_TIME_PAY } else { 1.0 };
                // Rounding (to 100 a month, or 1 an hour, i.e. 168 a month) adds a little slack.
                let low = base_from * 0.85 * factor * time * 0.97 - 200.0;
                let high = base_to * 1.15 * factor * time * 1.03 + 200.0;
                let floor = match (employment.kind, employment.unit) {
                    (EmploymentKind::B2b | EmploymentKind::Internship, _) => 0.0,
                    (_, SalaryUnit::Hour) => profile.minimum_wage.hour * HOURS_PER_MONTH,
                    _ => profile.minimum_wage.month * time,
                };
                // Foreign-currency amounts are rounded after conversion, hence the 2% slack.
                assert!(from >= floor * 0.98 || employment.currency != Currency::Pln && from >= floor * 0.9, "{}: {from} under the minimum wage", offer.slug);
                let high = high.max(floor * 1.05);
                assert!(from <= to && from >= low && to <= high, "{tenant} {}: {from}-{to} outside {low}-{high}", offer.slug);
                if employment.unit == SalaryUnit::Month && employment.currency == Currency::Pln {
                    assert_eq!(employment.from.unwrap() % 100.0, 0.0);
                }
            }
        }
    }
}

#[test]
fn locations_are_near_their_city_and_distinct() {
    let dictionaries = dictionaries("it");
    let mut multilocation = 0;
    for offer in dictionaries.generator("it", 1000, 5) {
        for location in &offer.locations {
            let place = dictionaries.gazetteer.lookup(&location.city).unwrap();
            let distance = haversine_km(place.lat, place.lon, location.latitude, location.longitude);
            assert!(distance <= 3.0, "{} is {distance} km from {}", offer.slug, place.name);
        }
        let mut cities: Vec<&str> = offer.locations.iter().map(|l| l.city.as_str()).collect();
        cities.sort_unstable();
        cities.dedup();
        assert_eq!(cities.len(), offer.locations.len());
        multilocation += usize::from(offer.locations.len() > 1);
    }
    assert!(multilocation > 20);
}

#[test]
fn work_tenant_is_local_polish_and_partly_hourly() {
    let dictionaries = dictionaries("work");
    let offers: Vec<Offer> = dictionaries.generator("work", 2000, 9).collect();
    assert!(share(&offers, |o| o.workplace_type == WorkplaceType::Office) > 0.75);
    assert!(share(&offers, |o| o.body.contains("<h3>Zakres obowiązków</h3>")) > 0.8);
    assert!(share(&offers, |o| o.employment_types.iter().any(|e| e.unit == SalaryUnit::Hour)) > 0.1);
    assert!(share(&offers, |o| o.employment_types.iter().any(|e| e.kind != EmploymentKind::B2b)) > 0.85);
    assert!(offers.iter().any(|o| o.required_skills.iter().any(|s| s.name.starts_with("Prawo jazdy"))));
    assert!(offers.iter().all(|o| dictionaries.categories.get(o.category_id).is_some_and(|c| !c.is_static)));
}

#[test]
fn rejects_mismatched_dictionaries() {
    let it = dictionaries("it");
    let work = dictionaries("work");
    let options = GenerateOptions { tenant: "it".into(), offers: 1, seed: 1, now: NOW };
    let mixed = GenerateContext { vocabulary: &work.vocabulary, ..it.context() };
    assert!(matches!(Generator::new(mixed, options.clone()), Err(GenerateError::UnknownCategory(_))));
    let bad_tenant = GenerateOptions { tenant: "Not a slug".into(), ..options.clone() };
    assert!(matches!(Generator::new(it.context(), bad_tenant), Err(GenerateError::InvalidTenant(_))));
    let no_companies = GenerateContext { companies: &[], ..it.context() };
    assert!(matches!(Generator::new(no_companies, options), Err(GenerateError::EmptyDictionary("companies"))));
}

#[test]
fn slugs_are_readable_and_bounded() {
    assert_eq!(offer_slug("acme", "Senior C# Developer (k/m)", "lodz", 37), "acme-senior-csharp-developer-k-m-lodz-11");
    let long_title = "Programista ".repeat(20);
    let slug = offer_slug("acme", &long_title, "krakow", 0);
    assert!(slug.len() < 200 && is_valid_slug(&slug), "{slug}");
}
