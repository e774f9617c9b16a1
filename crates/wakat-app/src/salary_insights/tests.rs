//! The salary insight over a real engine: sets, minimums and the widening of an offer's set.

use wakat_core::salary_insight::Target;
use wakat_core::Currency;
use wakat_engine::now;

use super::*;
use crate::offers::tests::{engine, put};

/// An office offer of category 6 with the given contracts (kind, monthly PLN from, to).
fn offer(slug: &str, level: &str, city: (&str, f64, f64), contracts: &[(&str, f64, f64)], extra_cities: &[&str]) -> Offer {
    let at = now();
    let mut locations = vec![serde_json::json!({"city": city.0, "latitude": city.1, "longitude": city.2})];
    locations.extend(extra_cities.iter().map(|c| serde_json::json!({"city": c, "latitude": 52.23, "longitude": 21.01})));
    let employment: Vec<_> = contracts
        .iter()
        .map(|(kind, from, to)| serde_json::json!({"type": kind, "from": from, "to": to, "currency": "pln", "unit": "month", "gross": *kind != "b2b"}))
        .collect();
    serde_json::from_value(serde_json::json!({
        "slug": slug, "title": "Rust Developer", "companyName": "Acme", "workplaceType": "office", "workingTime": "full_time",
        "experienceLevel": level, "categoryId": 6, "locations": locations, "employmentTypes": employment,
        "requiredSkills": [{"name": "Rust", "level": 4}], "publishedAt": at - 60, "expiredAt": at + 86_400, "body": "<p>x</p>"
    }))
    .unwrap()
}

const KRAKOW: (&str, f64, f64) = ("Kraków", 50.06, 19.94);
/// 50 km from Kraków, inside its region.
const TARNOW: (&str, f64, f64) = ("Tarnów", 50.01, 20.99);
const GDANSK: (&str, f64, f64) = ("Gdańsk", 54.35, 18.65);

fn request(engine: &Arc<Engine>, offer: Option<&str>) -> InsightRequest {
    InsightRequest { tenant: engine.tenants["it"].clone(), filters: Filters::default(), unit: SalaryUnit::Month, offer: offer.map(str::to_string) }
}

#[test]
fn an_offers_set_widens_from_its_city_to_the_region_then_the_country() {
    let (engine, _dir) = engine();
    let mut offers = vec![offer("mine", "senior", KRAKOW, &[("b2b", 20_000.0, 24_000.0)], &[])];
    // 4 in Kraków, 6 in Tarnów (region: 11 with mine), 9 in Gdańsk; juniors and other contracts never count.
    for k in 0..4 {
        offers.push(offer(&format!("krk-{k}"), "senior", KRAKOW, &[("b2b", 10_000.0 + 1_000.0 * k as f64, 12_000.0 + 1_000.0 * k as f64)], &[]));
    }
    for k in 0..6 {
        offers.push(offer(&format!("tar-{k}"), "senior", TARNOW, &[("b2b", 15_000.0 + 2_000.0 * k as f64, 15_000.0 + 2_000.0 * k as f64)], &[]));
    }
    for k in 0..9 {
        offers.push(offer(&format!("gda-{k}"), "senior", GDANSK, &[("b2b", 30_000.0, 30_000.0)], &[]));
    }
    offers.push(offer("junior", "junior", KRAKOW, &[("b2b", 1_000.0, 1_000.0)], &[]));
    offers.push(offer("permanent", "senior", KRAKOW, &[("permanent", 1_000.0, 1_000.0)], &[]));
    put(&engine, offers);
    let service = SalaryInsights::new(engine.clone(), Clock::system());
    let insight = service.insight(&request(&engine, Some("mine"))).unwrap();
    let offer = insight.offer.unwrap();
    assert_eq!(offer.comparisons.len(), 1);
    let b2b = &offer.comparisons[0];
    let steps: Vec<_> = b2b.tried.iter().map(|s| (s.place, s.count)).collect();
    assert_eq!(steps, vec![(PlaceStep::City, 5), (PlaceStep::Region, 11)]);
    assert!(b2b.enough);
    // Points: 11, 12, 13, 14 (Kraków), 15, 17, 19, 21, 23, 25 (Tarnów), 22 (mine) thousand.
    let figures = b2b.figures.as_ref().unwrap();
    assert_eq!((figures.count, figures.p25, figures.median, figures.p75), (11, 13_000.0, 17_000.0, 22_000.0));
    assert_eq!(b2b.pays_more_than, Some(72), "8 of 11 pay less than 22,000");
    assert_eq!((b2b.value, b2b.gross), (22_000.0, false));

    // With a minimum of 25, even the country (20) is too small: no figure at all.
    let mut tenant = (*engine.tenants["it"]).clone();
    tenant.settings.salary_insights.minimum_set_size = 25;
    let request = InsightRequest { tenant: Arc::new(tenant), ..request(&engine, Some("mine")) };
    let b2b = service.insight(&request).unwrap().offer.unwrap().comparisons.remove(0);
    assert_eq!(b2b.tried.iter().map(|s| s.count).collect::<Vec<_>>(), vec![5, 11, 20]);
    assert!(!b2b.enough && b2b.figures.is_none() && b2b.pays_more_than.is_none());
}

#[test]
fn a_salary_page_counts_each_offer_once_per_contract() {
    let (engine, _dir) = engine();
    let mut offers = Vec::new();
    for k in 0..10 {
        // Two contracts each, and two locations for half of them: 10 points per contract.
        let extra: &[&str] = if k % 2 == 0 { &["Warszawa"] } else { &[] };
        offers.push(offer(&format!("o-{k}"), "mid", KRAKOW, &[("b2b", 20_000.0, 20_000.0), ("permanent", 15_000.0, 15_000.0)], extra));
    }
    let mut undisclosed = offer("no-salary", "mid", KRAKOW, &[("b2b", 1.0, 1.0)], &[]);
    undisclosed.employment_types[0].from = None;
    undisclosed.employment_types[0].to = None;
    offers.push(undisclosed);
    put(&engine, offers);
    let service = SalaryInsights::new(engine.clone(), Clock::system());
    let mut request = request(&engine, None);
    request.filters.currency = Currency::Eur;
    let insight = service.insight(&request).unwrap();
    assert_eq!(insight.target, Target { currency: Currency::Eur, unit: SalaryUnit::Month });
    let rows: Vec<_> = insight.groups.iter().map(|g| (g.level, g.kind, g.count)).collect();
    assert_eq!(
        rows,
        vec![
            (Some(ExperienceLevel::Mid), EmploymentKind::Permanent, 10),
            (Some(ExperienceLevel::Mid), EmploymentKind::B2b, 10),
            (None, EmploymentKind::Permanent, 10),
            (None, EmploymentKind::B2b, 10),
        ]
    );
    let median = insight.groups[1].figures.as_ref().unwrap().median;
    assert_eq!(median, wakat_core::salary::round2(20_000.0 / 4.18));

    // Only the contracts asked for count, and a set under the minimum gives its count alone.
    request.filters.employment_types = vec![EmploymentKind::B2b];
    request.filters.city = Some(CityFilter::resolve("Warszawa", &engine.gazetteer));
    let groups = service.insight(&request).unwrap().groups;
    assert_eq!(groups.iter().map(|g| (g.kind, g.count, g.figures.is_some())).collect::<Vec<_>>(), vec![(EmploymentKind::B2b, 5, false); 2]);
}
