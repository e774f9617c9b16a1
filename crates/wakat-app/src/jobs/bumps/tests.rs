//! The bump run without HTTP: the record is bumped once on its day, then its public copy written.

use std::sync::{Arc, Mutex};

use wakat_employers::{CreationType, EmployerOffer, EmployerStore, PlanLimits, PlanSettings};
use wakat_engine::Tenant;
use wakat_store::MemoryStore;

use super::{Bumps, OfferPublisher};
use crate::testing::Setup;
use crate::{AppError, Principal};

/// Records the offers it is asked to publish: (slug, bumps done).
#[derive(Default)]
struct Recorder(Mutex<Vec<(String, u32)>>);

impl OfferPublisher for Recorder {
    fn write_published(&self, _: &Tenant, offer: &EmployerOffer) -> crate::error::Result<()> {
        self.0.lock().unwrap().push((offer.slug.clone(), offer.bumps.done));
        Ok(())
    }
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
    let (mut offer, _) = employers.initiate("it", "c1", "a1", &plan, CreationType::New, None, Default::default(), None, published_at).unwrap();
    offer.publish("code:X".into(), published_at);
    employers.save_offer("it", &offer).unwrap();
    let publisher = Arc::new(Recorder::default());
    let bumps = Bumps::new(setup.engine.clone(), employers.clone(), publisher.clone(), jiff::tz::TimeZone::UTC, setup.clock());

    setup.set_now(seconds("2026-11-08T06:00:00Z"));
    let day_before = bumps.run(&Principal::Internal, &tenant, "2026-11-08".parse().unwrap()).unwrap();
    assert_eq!((day_before.published, day_before.bumped), (1, 0), "not before the plan's interval");
    setup.set_now(seconds("2026-11-09T06:00:00Z"));
    let day = "2026-11-09".parse().unwrap();
    assert!(matches!(bumps.run(&Principal::Anonymous, &tenant, day), Err(AppError::Unauthenticated)), "a job of the scheduler and the internal API");
    assert_eq!(bumps.run(&Principal::Internal, &tenant, day).unwrap().bumped, 1);
    assert_eq!(bumps.run(&Principal::Internal, &tenant, day).unwrap().bumped, 0, "once on its day");
    assert_eq!(*publisher.0.lock().unwrap(), [(offer.slug.clone(), 1)], "the record bumped first, then its public copy");
    let record = employers.offer("it", "c1", &offer.slug).unwrap();
    assert_eq!((record.bumps.done, record.listed_at()), (1, Some(seconds("2026-11-09T06:00:00Z"))));
}
