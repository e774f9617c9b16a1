//! Salary insight (issue 29) against a brute-force oracle over the real justjoin.it 2019 export
//! in `../shared/data`: for every filter combination the oracle walks all stored offers, keeps
//! the matching active locations, counts each offer once per contract, sorts the points and reads
//! the percentiles by nearest rank; the API's sets, sizes, percentiles and histograms must equal
//! it, and so must an offer's widening steps. Then who may ask what (the access matrix of the
//! call) and malformed parameters.

use std::collections::{BTreeMap, HashSet};
use std::sync::mpsc;

use serde_json::Value;
use wakat_core::filters::CityFilter;
use wakat_core::geo::haversine_km;
use wakat_core::salary::round2;
use wakat_core::salary_insight::{bin_width, SalaryPoint};
use wakat_core::text::slugify;
use wakat_core::{CategoryTree, Currency, EmploymentKind, ExperienceLevel, Gazetteer, Offer, Rates, SalaryUnit, WorkplaceType};
use wakat_ingest::import::{import_file, ImportContext};

use crate::helpers::{repo_path, spawn_app_with, TestApp};

/// The app with the 2019 export on the `it` board, and what the oracle reads: the stored offers
/// and the board's dictionaries.
struct World {
    app: TestApp,
    offers: Vec<Offer>,
    categories: CategoryTree,
    gazetteer: Gazetteer,
    rates: Rates,
}

fn world() -> World {
    let export = repo_path("../shared/data/justjoin-2019-10/offers.json");
    assert!(export.exists(), "{} is missing: the real exports are expected in ../shared/data beside the checkout", export.display());
    let (sender, receiver) = mpsc::channel();
    let app = spawn_app_with(tempfile::tempdir().unwrap(), false, move |engine| {
        let tenant = engine.tenants["it"].clone();
        let ctx = ImportContext { gazetteer: &engine.gazetteer, categories: &tenant.categories, rates: &engine.rates, now: wakat_engine::now() };
        let report = import_file(&export, &ctx).expect("the export imports");
        engine.put_offers("it", report.offers, &mut |_| {}).expect("offers are stored");
        let stored: Vec<Offer> = engine.store.scan_offers("it").map(|offer| offer.expect("offers read back")).collect();
        sender.send((stored, tenant.categories.clone(), engine.gazetteer.clone(), engine.rates.clone())).unwrap();
    });
    let (offers, categories, gazetteer, rates) = receiver.recv().unwrap();
    World { app, offers, categories, gazetteer, rates }
}

/// A set as the list's filters.
#[derive(Debug, Clone, Default)]
struct Set {
    categories: Vec<u32>,
    levels: Vec<ExperienceLevel>,
    kinds: Vec<EmploymentKind>,
    city: Option<String>,
    radius_km: Option<f64>,
    remote: bool,
    skills: Vec<String>,
}

impl Set {
    fn query(&self) -> String {
        let mut pairs: Vec<String> = Vec::new();
        pairs.extend(self.categories.iter().map(|c| format!("categories[]={c}")));
        pairs.extend(self.levels.iter().map(|l| format!("experienceLevels[]={}", l.as_str())));
        pairs.extend(self.kinds.iter().map(|k| format!("employmentTypes[]={}", k.as_str())));
        pairs.extend(self.city.iter().map(|c| format!("city={c}")));
        pairs.extend(self.radius_km.iter().map(|km| format!("cityRadiusKm={km}")));
        if self.remote {
            pairs.push("remoteWorkOptions[]=remote".into());
        }
        pairs.extend(self.skills.iter().map(|s| format!("skills[]={s}")));
        pairs.join("&")
    }
}

/// Every figure the oracle expects of one set.
#[derive(Debug, PartialEq)]
struct Expected {
    count: usize,
    figures: Option<(f64, f64, f64, usize, usize, Vec<usize>)>,
}

const MINIMUM: usize = 10;

impl World {
    /// Location slugs the list finds for a skill (the text match is the list's own: the oracle
    /// checks what the insight adds to it, not the analyzer).
    fn skill_matches(&self, skills: &[String]) -> HashSet<String> {
        let mut found = HashSet::new();
        let query: String = skills.iter().map(|s| format!("&skills[]={s}")).collect();
        for page in 1.. {
            let body = self.app.get_ok(&format!("/api/it/v2/user-panel/offers?perPage=100&page={page}{query}"));
            let data = body["data"].as_array().unwrap();
            found.extend(data.iter().map(|item| item["slug"].as_str().unwrap().to_string()));
            if data.len() < 100 {
                break;
            }
        }
        found
    }

    /// The oracle: each matching offer's points, by seniority and contract, once per offer.
    fn points(&self, set: &Set) -> BTreeMap<(ExperienceLevel, EmploymentKind), Vec<SalaryPoint>> {
        let now = wakat_engine::now();
        let city = set.city.as_ref().map(|name| CityFilter::resolve(name, &self.gazetteer));
        let skilled = (!set.skills.is_empty()).then(|| self.skill_matches(&set.skills));
        let mut groups: BTreeMap<(ExperienceLevel, EmploymentKind), Vec<SalaryPoint>> = BTreeMap::new();
        for offer in &self.offers {
            let lineage = self.categories.lineage(offer.category_id);
            let offer_matches = offer.is_active(now)
                && (set.categories.is_empty() || set.categories.iter().any(|c| lineage.contains(c)))
                && (set.levels.is_empty() || set.levels.contains(&offer.experience_level))
                && (set.kinds.is_empty() || offer.employment_types.iter().any(|e| set.kinds.contains(&e.kind)))
                && (!set.remote || offer.workplace_type == WorkplaceType::Remote);
            let location_matches = |location: &wakat_core::Location| {
                let place = match (&city, set.radius_km) {
                    (None, _) => true,
                    (Some(city), Some(km)) => city.point.is_some_and(|(lat, lon)| haversine_km(lat, lon, location.latitude, location.longitude) <= km),
                    (Some(city), None) => slugify(&location.city) == city.slug,
                };
                place && skilled.as_ref().is_none_or(|found| found.contains(&location.slug))
            };
            if !offer_matches || !offer.locations.iter().any(location_matches) {
                continue;
            }
            for point in offer.salary_points(&self.rates) {
                if set.kinds.is_empty() || set.kinds.contains(&point.kind) {
                    groups.entry((offer.experience_level, point.kind)).or_default().push(point);
                }
            }
        }
        groups
    }

    fn amount(&self, grosze: u64, currency: Currency, unit: SalaryUnit) -> f64 {
        round2(self.rates.convert(grosze as f64 / 100.0 / self.rates.monthly_factor(unit), Currency::Pln, currency))
    }

    /// The expected figures of points, by a full sort.
    fn expected(&self, points: &[SalaryPoint], currency: Currency, unit: SalaryUnit) -> Expected {
        let mut sorted: Vec<u64> = points.iter().map(|p| p.grosze).collect();
        sorted.sort_unstable();
        let n = sorted.len();
        if n < MINIMUM {
            return Expected { count: n, figures: None };
        }
        let at = |percent: usize| self.amount(sorted[(percent * n).div_ceil(100).max(1) - 1], currency, unit);
        let (low, high) = (at(5), at(95));
        let width = bin_width(high - low);
        let first = (low / width).floor() * width;
        let bins = ((high - first) / width).floor() as usize + 1;
        let mut counts = vec![0; bins];
        for &grosze in &sorted {
            let idx = ((self.amount(grosze, currency, unit) - first) / width).floor();
            counts[idx.clamp(0.0, (bins - 1) as f64) as usize] += 1;
        }
        let gross = points.iter().filter(|p| p.gross).count();
        Expected { count: n, figures: Some((at(25), at(50), at(75), gross, n - gross, counts)) }
    }
}

fn actual(group: &Value) -> Expected {
    let figures = group["figures"].as_object().map(|f| {
        let number = |name: &str| f[name].as_f64().unwrap();
        let counts = f["histogram"].as_array().unwrap().iter().map(|bin| bin["count"].as_u64().unwrap() as usize).collect();
        (number("p25"), number("median"), number("p75"), f["gross"].as_u64().unwrap() as usize, f["net"].as_u64().unwrap() as usize, counts)
    });
    Expected { count: group["count"].as_u64().unwrap() as usize, figures }
}

/// The most frequent value of `key` among active offers with a salary.
fn most_common<T: Ord + Copy>(world: &World, key: impl Fn(&Offer) -> T) -> T {
    let mut counts: BTreeMap<T, usize> = BTreeMap::new();
    for offer in world.offers.iter().filter(|o| o.has_salary()) {
        *counts.entry(key(offer)).or_default() += 1;
    }
    counts.into_iter().max_by_key(|(_, n)| *n).map(|(value, _)| value).unwrap()
}

/// Salary pages: every row of the API equals the oracle's, for 14 filter combinations.
#[test]
fn salary_pages_equal_the_oracle() {
    let world = world();
    let category = most_common(&world, |o| o.category_id);
    let parent = world.categories.lineage(category).last().copied().unwrap();
    let senior = vec![ExperienceLevel::Senior];
    let b2b = vec![EmploymentKind::B2b];
    let combos: Vec<(Set, Currency, SalaryUnit)> = vec![
        (Set::default(), Currency::Pln, SalaryUnit::Month),
        (Set::default(), Currency::Eur, SalaryUnit::Hour),
        (Set { levels: senior.clone(), ..Set::default() }, Currency::Pln, SalaryUnit::Month),
        (Set { levels: vec![ExperienceLevel::Junior, ExperienceLevel::Mid], ..Set::default() }, Currency::Usd, SalaryUnit::Year),
        (Set { kinds: b2b.clone(), ..Set::default() }, Currency::Pln, SalaryUnit::Day),
        (Set { kinds: vec![EmploymentKind::Permanent], levels: senior.clone(), ..Set::default() }, Currency::Gbp, SalaryUnit::Month),
        (Set { categories: vec![category], ..Set::default() }, Currency::Pln, SalaryUnit::Month),
        (Set { categories: vec![parent], kinds: b2b.clone(), ..Set::default() }, Currency::Chf, SalaryUnit::Month),
        (Set { city: Some("Warszawa".into()), ..Set::default() }, Currency::Pln, SalaryUnit::Month),
        (Set { city: Some("krakow".into()), levels: senior.clone(), ..Set::default() }, Currency::Pln, SalaryUnit::Hour),
        (Set { city: Some("Wrocław".into()), radius_km: Some(100.0), ..Set::default() }, Currency::Eur, SalaryUnit::Month),
        (Set { remote: true, ..Set::default() }, Currency::Pln, SalaryUnit::Month),
        (Set { skills: vec!["java".into()], ..Set::default() }, Currency::Pln, SalaryUnit::Month),
        (Set { skills: vec!["javascript".into()], city: Some("Warszawa".into()), kinds: b2b, ..Set::default() }, Currency::Pln, SalaryUnit::Month),
    ];
    let mut figures_compared = 0;
    for (set, currency, unit) in combos {
        let query = format!("/api/it/v2/salary-insights?{}&currency={}&unit={}", set.query(), currency.as_str(), unit.as_str());
        let body = world.app.get_ok(&query);
        assert_eq!((body["currency"].as_str(), body["unit"].as_str()), (Some(currency.as_str()), Some(unit.as_str())));
        assert_eq!(body["method"]["minimumSetSize"], MINIMUM);
        let groups = body["groups"].as_array().unwrap();
        let points = world.points(&set);
        // Each seniority × contract with offers, then each contract over all seniorities.
        let (mut expected_rows, mut totals) = (Vec::new(), Vec::new());
        for &kind in EmploymentKind::ALL {
            let mut all = Vec::new();
            for &level in ExperienceLevel::ALL {
                if let Some(points) = points.get(&(level, kind)) {
                    all.extend_from_slice(points);
                    expected_rows.push((Some(level.as_str()), kind.as_str(), world.expected(points, currency, unit)));
                }
            }
            if !all.is_empty() {
                totals.push((None, kind.as_str(), world.expected(&all, currency, unit)));
            }
        }
        expected_rows.extend(totals);
        let rows: Vec<_> = groups.iter().map(|g| (g["experienceLevel"].as_str(), g["employmentType"].as_str().unwrap(), actual(g))).collect();
        assert_eq!(rows, expected_rows, "{query}");
        assert!(rows.iter().all(|(_, _, row)| row.count > 0), "offers without a salary never make a row");
        figures_compared += rows.iter().filter(|(_, _, row)| row.figures.is_some()).count();
    }
    assert!(figures_compared >= 30, "the combinations compare enough figures: {figures_compared}");
}

/// The oracle's ladder of an offer's contract: (place, subject, set).
fn ladder(world: &World, offer: &Offer, kind: EmploymentKind, skills: &[String]) -> Vec<(&'static str, &'static str, Set)> {
    let base = Set { categories: vec![offer.category_id], levels: vec![offer.experience_level], kinds: vec![kind], ..Set::default() };
    let mut places = Vec::new();
    if offer.workplace_type == WorkplaceType::Remote {
        places.push(("remote", Set { remote: true, ..base.clone() }));
    } else {
        let city = &offer.locations[0].city;
        places.push(("city", Set { city: Some(city.clone()), ..base.clone() }));
        if world.gazetteer.lookup(city).is_some() {
            places.push(("region", Set { city: Some(city.clone()), radius_km: Some(100.0), ..base.clone() }));
        }
        places.push(("country", base.clone()));
    }
    let mut steps = Vec::new();
    if skills.is_empty() {
        steps.extend(places.into_iter().map(|(place, set)| (place, "category", set)));
    } else {
        for (place, set) in &places {
            steps.push((*place, "skill", Set { skills: skills.to_vec(), ..set.clone() }));
        }
        let (place, widest) = places.pop().unwrap();
        steps.push((place, "category", widest));
    }
    steps
}

/// An offer's place among comparable offers: for offers chosen so that every widening step is
/// used (city, region, country, remote, skill → category, and none large enough), the steps
/// tried, their sizes, the figures and the share paid less equal the oracle's.
#[test]
fn an_offers_widening_steps_equal_the_oracle() {
    let world = world();
    let mut wanted: Vec<(&str, &str, bool)> =
        vec![("city", "category", false), ("region", "category", false), ("country", "category", false), ("remote", "category", false)];
    let mut seen = Vec::new();
    let mut none_enough = 0;
    let candidates = world.offers.iter().filter(|o| o.has_salary() && o.is_active(wakat_engine::now()));
    for offer in candidates {
        let point = offer.salary_points(&world.rates)[0];
        let steps = ladder(&world, offer, point.kind, &[]);
        let sizes: Vec<usize> = steps.iter().map(|(_, _, set)| world.points(set).get(&(offer.experience_level, point.kind)).map_or(0, Vec::len)).collect();
        let used = sizes.iter().position(|&n| n >= MINIMUM);
        let key = used.map(|idx| (steps[idx].0, steps[idx].1, false));
        let interesting = match key {
            Some(key) => wanted.contains(&key),
            None => none_enough < 2,
        };
        if !interesting {
            continue;
        }
        check_offer(&world, offer, &[]);
        match key {
            Some(key) => {
                wanted.retain(|k| *k != key);
                seen.push(key.0);
            }
            None => none_enough += 1,
        }
        if wanted.is_empty() && none_enough == 2 {
            break;
        }
    }
    assert!(wanted.is_empty() && none_enough == 2, "the export has offers for every step: missing {wanted:?}, {none_enough} without enough");
    // Skill → category: a Java offer in Warsaw, asked about with a skill too rare in its city.
    let java = world
        .offers
        .iter()
        .find(|o| o.has_salary() && o.is_active(wakat_engine::now()) && o.skill_names().any(|s| s.eq_ignore_ascii_case("java")) && o.city() == "Warszawa")
        .expect("a Java offer in Warsaw");
    let tried = check_offer(&world, java, &["java".to_string()]);
    assert_eq!(tried.first().map(|s| s.1), Some("skill"));
    assert!(seen.len() == 4, "{seen:?}");
}

/// Checks every comparison of an offer against the oracle; answers the first one's steps.
fn check_offer(world: &World, offer: &Offer, skills: &[String]) -> Vec<(&'static str, &'static str, usize)> {
    let query: String = skills.iter().map(|s| format!("&skills[]={s}")).collect();
    let body = world.app.get_ok(&format!("/api/it/v2/salary-insights?offer={}&currency=eur{query}", offer.slug));
    let comparisons = body["offer"]["comparisons"].as_array().unwrap();
    let points = offer.salary_points(&world.rates);
    assert_eq!(comparisons.len(), points.len(), "one comparison per contract with a salary: {}", offer.slug);
    let mut first = Vec::new();
    for (comparison, point) in comparisons.iter().zip(&points) {
        assert_eq!(comparison["employmentType"].as_str(), Some(point.kind.as_str()));
        assert_eq!(comparison["value"].as_f64(), Some(world.amount(point.grosze, Currency::Eur, SalaryUnit::Month)));
        let mut expected_steps = Vec::new();
        let mut used = None;
        for (place, subject, set) in ladder(world, offer, point.kind, skills) {
            let set_points = world.points(&set).remove(&(offer.experience_level, point.kind)).unwrap_or_default();
            expected_steps.push((place, subject, set_points.len()));
            if set_points.len() >= MINIMUM {
                used = Some(set_points);
                break;
            }
        }
        let tried: Vec<(&str, &str, usize)> = comparison["tried"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| (s["place"].as_str().unwrap(), s["subject"].as_str().unwrap(), s["count"].as_u64().unwrap() as usize))
            .collect();
        assert_eq!(tried, expected_steps, "{}: {comparison}", offer.slug);
        assert_eq!(comparison["enough"].as_bool(), Some(used.is_some()));
        match used {
            Some(set_points) => {
                let below = set_points.iter().filter(|p| p.grosze < point.grosze).count();
                assert_eq!(comparison["paysMoreThan"].as_u64(), Some((below * 100 / set_points.len()) as u64), "{}", offer.slug);
                let expected = world.expected(&set_points, Currency::Eur, SalaryUnit::Month);
                let figures = &comparison["figures"];
                assert_eq!(actual(&serde_json::json!({"count": figures["count"], "figures": figures})), expected, "{}", offer.slug);
            }
            None => assert!(comparison["figures"].is_null() && comparison["paysMoreThan"].is_null(), "never a figure under the minimum: {comparison}"),
        }
        if first.is_empty() {
            first = expected_steps;
        }
    }
    first
}

/// Who may ask: anyone may read a board's figures, only of that board; malformed parameters are
/// 4xx with the field.
#[test]
fn access_matrix_and_malformed_parameters() {
    let world = world();
    let app = &world.app;
    let offer = world.offers.iter().find(|o| o.has_salary()).unwrap();
    // Anonymous and a logged-in candidate get the same answer.
    let anonymous = app.get_ok(&format!("/api/it/v2/salary-insights?offer={}", offer.slug));
    let mut candidate = crate::browser::Browser::new(app);
    candidate.sign_up("it", "salary@example.pl", "candidate pass 1");
    let logged_in = candidate.get(&format!("/api/it/v2/salary-insights?offer={}", offer.slug));
    assert_eq!((logged_in.status, &logged_in.body), (200, &anonymous));
    // Another board knows neither the offer nor its salaries.
    let other = app.get(&format!("/api/work/v2/salary-insights?offer={}", offer.slug));
    assert_eq!((other.status, other.body["code"].as_str()), (404, Some("offer_not_found")), "{}", other.body);
    assert_eq!(app.get_ok("/api/work/v2/salary-insights")["groups"], Value::Array(vec![]));
    assert_eq!(app.get("/api/nope/v2/salary-insights").status, 404);
    assert_eq!(app.get("/api/it/v2/salary-insights?offer=no-such-offer").status, 404);
    for (query, field) in [
        ("unit=week", "unit"),
        ("offer=..%2Fetc", "offer"),
        ("experienceLevels[]=guru", "experienceLevels"),
        ("currency=xyz", "currency"),
        ("cityRadiusKm=50", "cityRadiusKm"),
    ] {
        let answer = app.get(&format!("/api/it/v2/salary-insights?{query}"));
        assert_eq!(answer.status, 400, "{query}: {}", answer.body);
        assert!(answer.body["code"].is_string() && answer.body["message"].is_string(), "{query}: {}", answer.body);
        assert_eq!(answer.body["field"].as_str(), Some(field), "{query}: {}", answer.body);
    }
}
