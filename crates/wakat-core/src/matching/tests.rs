use std::collections::BTreeMap;

use super::*;
use crate::enums::{EmploymentKind, SalaryUnit};
use crate::offer::{Location, Skill};

fn location(city: &str) -> Location {
    Location { slug: String::new(), city: city.into(), street: None, latitude: 52.0, longitude: 21.0, country_code: "PL".into() }
}

fn skill(name: &str) -> Skill {
    Skill { name: name.into(), level: 3 }
}

fn contract(from: f64, to: f64, currency: Currency, unit: SalaryUnit) -> EmploymentType {
    EmploymentType { kind: EmploymentKind::B2b, from: Some(from), to: Some(to), currency, unit, gross: false, converted: BTreeMap::new() }
}

/// A senior, hybrid Rust offer in Warszawa paying 20,000 to 25,000 PLN a month.
fn rust_offer() -> Offer {
    let mut offer = Offer {
        title: "Rust Developer".into(),
        company_name: "Acme".into(),
        experience_level: ExperienceLevel::Senior,
        workplace_type: WorkplaceType::Hybrid,
        locations: vec![location("Warszawa")],
        employment_types: vec![contract(20_000.0, 25_000.0, Currency::Pln, SalaryUnit::Month)],
        required_skills: vec![skill("Rust"), skill("SQL"), skill("Docker"), skill("Kubernetes")],
        nice_to_have_skills: vec![skill("Python")],
        ..Offer::new("acme-rust")
    };
    offer.normalize(&Rates::default());
    offer
}

fn everything_wanted() -> Preferences {
    Preferences {
        skills: vec!["rust".into(), "sql".into(), "DOCKER".into(), "kubernetes".into()],
        experience_levels: vec![ExperienceLevel::Senior],
        cities: vec!["warszawa".into()],
        remote: false,
        salary_min: Some(20_000.0),
        currency: Currency::Pln,
    }
}

fn percent(preferences: &Preferences, offer: &Offer) -> u8 {
    match_offer(preferences, offer, &Rates::default()).percent
}

#[test]
fn an_offer_meeting_everything_scores_100() {
    let offer_match = match_offer(&everything_wanted(), &rust_offer(), &Rates::default());
    assert_eq!(offer_match.percent, 100);
    assert!(offer_match.missed.is_empty());
    assert_eq!(
        offer_match.matched,
        vec![
            MatchReason::Skills { matched: vec!["Rust".into(), "SQL".into(), "Docker".into(), "Kubernetes".into()], total: 4 },
            MatchReason::Seniority { level: ExperienceLevel::Senior },
            MatchReason::City { city: "Warszawa".into() },
            MatchReason::Salary { minimum: 20_000.0, offer_maximum: Some(25_000.0), currency: Currency::Pln },
        ]
    );
}

#[test]
fn an_offer_meeting_nothing_scores_0() {
    let preferences = Preferences {
        skills: vec!["Cobol".into()],
        experience_levels: vec![ExperienceLevel::Junior],
        cities: vec!["gdansk".into()],
        remote: true,
        salary_min: Some(30_000.0),
        currency: Currency::Pln,
    };
    let offer_match = match_offer(&preferences, &rust_offer(), &Rates::default());
    assert_eq!(offer_match.percent, 0);
    assert!(offer_match.matched.is_empty());
    let lines: Vec<String> = offer_match.missed.iter().map(ToString::to_string).collect();
    assert_eq!(lines, ["skills 0 of 4", "seniority Senior", "city Warszawa", "remote", "salary below your minimum"]);
}

#[test]
fn empty_preferences_score_0_without_reasons() {
    let offer_match = match_offer(&Preferences::default(), &rust_offer(), &Rates::default());
    assert_eq!(offer_match, OfferMatch { percent: 0, matched: vec![], missed: vec![] });
}

#[test]
fn criteria_left_empty_are_excluded_and_the_rest_renormalised() {
    let offer = rust_offer();
    let only_seniority = Preferences { experience_levels: vec![ExperienceLevel::Senior], ..Default::default() };
    assert_eq!(percent(&only_seniority, &offer), 100);
    // Skills 2 of 4 (40 × 0.5) and seniority (25) out of 65: 69.2 rounded down.
    let half_skills = Preferences { skills: vec!["Rust".into(), "SQL".into()], ..only_seniority.clone() };
    assert_eq!(percent(&half_skills, &offer), 69);
    // Add a missed city: (20 + 25) / 85 = 52.9.
    let wrong_city = Preferences { cities: vec!["krakow".into()], ..half_skills };
    assert_eq!(percent(&wrong_city, &offer), 52);
    // Every criterion but salary met: 85 of 100.
    let too_greedy = Preferences { salary_min: Some(40_000.0), ..everything_wanted() };
    assert_eq!(percent(&too_greedy, &offer), 100 - SALARY_WEIGHT as u8);
}

#[test]
fn the_weights_add_up_to_100() {
    assert_eq!(SKILLS_WEIGHT + SENIORITY_WEIGHT + PLACE_WEIGHT + SALARY_WEIGHT, 100);
    let offer = rust_offer();
    let miss = |preferences: Preferences| 100 - percent(&preferences, &offer);
    assert_eq!(miss(Preferences { skills: vec!["Go".into()], ..everything_wanted() }), SKILLS_WEIGHT as u8);
    assert_eq!(miss(Preferences { experience_levels: vec![ExperienceLevel::Mid], ..everything_wanted() }), SENIORITY_WEIGHT as u8);
    assert_eq!(miss(Preferences { cities: vec!["lodz".into()], ..everything_wanted() }), PLACE_WEIGHT as u8);
}

#[test]
fn skills_fold_case_diacritics_and_spaces() {
    let mut offer = rust_offer();
    offer.required_skills = vec![skill("Node.js"), skill("C#"), skill("Zarządzanie  projektami"), skill("node.JS")];
    let preferences = Preferences { skills: vec!["NODE.JS".into(), "c#".into(), "zarzadzanie projektami".into()], ..Default::default() };
    let offer_match = match_offer(&preferences, &offer, &Rates::default());
    assert_eq!(offer_match.percent, 100);
    assert_eq!(offer_match.matched[0].to_string(), "skills 3 of 3: Node.js, C#, Zarządzanie  projektami");
}

#[test]
fn skills_use_nice_to_have_only_when_nothing_is_required() {
    let mut offer = rust_offer();
    let preferences = Preferences { skills: vec!["Python".into()], ..Default::default() };
    assert_eq!(percent(&preferences, &offer), 0);
    offer.required_skills.clear();
    assert_eq!(percent(&preferences, &offer), 100);
    offer.nice_to_have_skills.clear();
    let offer_match = match_offer(&preferences, &offer, &Rates::default());
    assert_eq!((offer_match.percent, offer_match.missed[0].to_string()), (0, "skills 0 of 0".to_string()));
}

#[test]
fn partial_skills_count_as_matched_with_their_share() {
    let preferences = Preferences { skills: vec!["Rust".into(), "SQL".into(), "Docker".into(), "Go".into()], ..Default::default() };
    let offer_match = match_offer(&preferences, &rust_offer(), &Rates::default());
    assert_eq!(offer_match.percent, 75);
    assert_eq!(offer_match.matched[0].to_string(), "skills 3 of 4: Rust, SQL, Docker");
}

#[test]
fn place_matches_any_location_by_slug_or_remote() {
    let mut offer = rust_offer();
    offer.locations.push(location("Kraków"));
    let krakow = Preferences { cities: vec!["krakow".into()], ..Default::default() };
    let offer_match = match_offer(&krakow, &offer, &Rates::default());
    assert_eq!((offer_match.percent, offer_match.matched.clone()), (100, vec![MatchReason::City { city: "Kraków".into() }]));

    let remote = Preferences { remote: true, ..Default::default() };
    assert_eq!(percent(&remote, &offer), 0);
    offer.workplace_type = WorkplaceType::Remote;
    let offer_match = match_offer(&remote, &offer, &Rates::default());
    assert_eq!((offer_match.percent, offer_match.matched), (100, vec![MatchReason::Remote]));
    // Cities alone do not accept a remote offer elsewhere.
    assert_eq!(percent(&Preferences { cities: vec!["gdansk".into()], ..Default::default() }, &offer), 0);
}

#[test]
fn salary_converts_unit_and_currency() {
    let rates = Rates::default();
    // 100 to 120 PLN an hour is 20,160 PLN a month at the top, about 4,823 EUR at 4.18.
    let mut offer = rust_offer();
    offer.employment_types = vec![contract(100.0, 120.0, Currency::Pln, SalaryUnit::Hour)];
    let euros = |minimum: f64| Preferences { salary_min: Some(minimum), currency: Currency::Eur, ..Default::default() };
    let unconverted = offer.clone();
    offer.normalize(&rates);
    for offer in [&offer, &unconverted] {
        assert_eq!(match_offer(&euros(4_800.0), offer, &rates).percent, 100);
        assert_eq!(match_offer(&euros(4_900.0), offer, &rates).percent, 0);
    }
    let offer_match = match_offer(&euros(4_800.0), &offer, &rates);
    let MatchReason::Salary { offer_maximum: Some(maximum), currency, .. } = offer_match.matched[0] else { panic!("{offer_match:?}") };
    assert_eq!(currency, Currency::Eur);
    // The shown hourly amount (28.71 EUR) times 168, so the reason agrees with what the offer shows.
    assert_eq!(maximum, round2(28.71 * 168.0));
    assert_eq!(offer_match.matched[0].to_string(), "salary ≥ your minimum");

    // The best contract counts; an undisclosed salary misses.
    offer.employment_types.push(contract(30_000.0, 30_000.0, Currency::Pln, SalaryUnit::Month));
    offer.normalize(&rates);
    assert_eq!(match_offer(&euros(7_000.0), &offer, &rates).percent, 100);
    offer.employment_types = vec![EmploymentType { from: None, to: None, ..contract(0.0, 0.0, Currency::Pln, SalaryUnit::Month) }];
    let offer_match = match_offer(&euros(1.0), &offer, &rates);
    assert_eq!((offer_match.percent, offer_match.missed[0].to_string()), (0, "salary not disclosed".to_string()));
}

#[test]
fn reasons_serialise_with_a_kind_tag() {
    let reason = MatchReason::Skills { matched: vec!["Rust".into()], total: 2 };
    assert_eq!(serde_json::to_value(&reason).unwrap(), serde_json::json!({"kind": "skills", "matched": ["Rust"], "total": 2}));
    let salary = MatchReason::Salary { minimum: 1.0, offer_maximum: None, currency: Currency::Pln };
    assert_eq!(serde_json::to_value(&salary).unwrap(), serde_json::json!({"kind": "salary", "minimum": 1.0, "offerMaximum": null, "currency": "pln"}));
    assert_eq!(serde_json::to_value(MatchReason::Remote).unwrap(), serde_json::json!({"kind": "remote"}));
}

#[test]
fn ranking_puts_the_best_match_first_then_the_newest() {
    let best = rust_offer();
    let mut weaker = rust_offer();
    weaker.slug = "weaker".into();
    weaker.experience_level = ExperienceLevel::Junior;
    let mut newer_weaker = weaker.clone();
    newer_weaker.slug = "newer-weaker".into();
    newer_weaker.published_at = 10;
    let ranked = rank_by_match(&everything_wanted(), [&weaker, &best, &newer_weaker], &Rates::default());
    let slugs: Vec<&str> = ranked.iter().map(|(offer, _)| offer.slug.as_str()).collect();
    assert_eq!(slugs, ["acme-rust", "newer-weaker", "weaker"]);
}
