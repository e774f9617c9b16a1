//! The bump run without HTTP: the record is bumped once on its day, then its public copy written.

use std::sync::Arc;

use wakat_employers::{CreationType, EmployerStore, PlanLimits, PlanSettings};
use wakat_store::MemoryStore;

use super::Bumps;
use crate::employers::public_offers::PublicOffers;
use crate::testing::Setup;
use crate::{AppError, Principal};

/// A form passing every rule of the offer form on the IT board.
fn complete_form() -> wakat_core::offer_form::OfferForm {
    serde_json::from_value(serde_json::json!({
        "companyName": "Acme Software", "companySize": "11-25", "companyWebsite": "https://acme.example",
        "jobPositionName": "Rust developer", "jobPositionExperience": "senior",
        "jobCategory": "javascript", "jobSubcategory": "react",
        "languages": [{"code": "en", "level": "B2"}],
        "requiredSkills": [{"name": "Rust", "level": 4}],
        "primaryEmploymentType": "b2b", "primarySalaryFrom": 10000, "primarySalaryTo": 20000, "salaryCurrency": "pln", "salaryUnit": "month",
        "jobDescription": "<p>We build things.</p>",
        "locations": [{"city": "Kraków", "street": "Rynek 1"}],
        "workingPlace": "hybrid", "workingTime": "full_time",
        "applicationType": "email", "applicationTypeUri": "jobs@acme.example",
        "informationClauseText": "The controller of your data is Acme Software sp. z o.o., Kraków, Rynek 1.",
        "contactName": "Anna Nowak", "contactEmail": "anna@acme.example", "contactPhone": "+48 600 700 800",
        "state": "workInProgress"
    }))
    .unwrap()
}

fn seconds(text: &str) -> i64 {
    text.parse::<jiff::Timestamp>().unwrap().as_second()
}

#[test]
fn an_offer_is_bumped_once_on_its_day_and_then_published() {
    let setup = Setup::new();
    let tenant = setup.tenant();
    let employers = Arc::new(EmployerStore::new(Arc::new(MemoryStore::new())));
    let plan = PlanSettings {
        slug: "pro".into(),
        limits: PlanLimits { duration_in_days: 30, bumps_up_count: 2, bumps_up_every_days: 7, ..PlanLimits::default() },
        ..PlanSettings::default()
    };
    let published_at = seconds("2026-11-02T10:00:00Z");
    let (mut offer, _) = employers.initiate("it", "c1", "a1", &plan, CreationType::New, None, complete_form(), None, published_at).unwrap();
    offer.publish("code:X".into(), published_at);
    employers.save_offer("it", &offer).unwrap();
    let public_offers = PublicOffers::new(setup.engine.clone(), employers.clone(), setup.clock());
    let bumps = Bumps::new(setup.engine.clone(), employers.clone(), public_offers, jiff::tz::TimeZone::UTC, setup.clock());

    setup.set_now(seconds("2026-11-08T06:00:00Z"));
    let day_before = bumps.run(&Principal::Internal, &tenant, "2026-11-08".parse().unwrap()).unwrap();
    assert_eq!((day_before.published, day_before.bumped), (1, 0), "not before the plan's interval");
    setup.set_now(seconds("2026-11-09T06:00:00Z"));
    let day = "2026-11-09".parse().unwrap();
    assert!(matches!(bumps.run(&Principal::Anonymous, &tenant, day), Err(AppError::Unauthenticated)), "a job of the scheduler and the internal API");
    assert_eq!(bumps.run(&Principal::Internal, &tenant, day).unwrap().bumped, 1);
    assert_eq!(bumps.run(&Principal::Internal, &tenant, day).unwrap().bumped, 0, "once on its day");
    let public = setup.engine.store.get_offer("it", &offer.slug).unwrap().expect("the bumped offer's public copy is written");
    assert_eq!(public.published_at, seconds("2026-11-09T06:00:00Z"), "the public copy carries the bump's time");
    let record = employers.offer("it", "c1", &offer.slug).unwrap();
    assert_eq!((record.bumps.done, record.listed_at()), (1, Some(seconds("2026-11-09T06:00:00Z"))));
}
