//! The digest run without HTTP: one mail per due alert with what is new, exactly once a day.

use crate::alerts::NewSearch;
use crate::testing::Setup;
use crate::{AppError, Principal};

#[test]
fn a_run_mails_each_due_alert_its_new_offers_once() {
    let setup = Setup::new();
    let tenant = setup.tenant();
    let account_id = setup.candidate("ala@example.com");
    let me = Principal::Candidate { account_id };
    let id = setup.alerts.create(&tenant, &me, NewSearch::default()).unwrap();
    setup.alerts.enable(&tenant, &me, &id, Some("everyDay"), Some("Everything".into())).unwrap();
    setup.advance(60);
    setup.publish("rust-dev", "Rust developer", setup.now() - 30);
    setup.advance(60);
    let day = setup.digests.today();

    assert!(matches!(setup.digests.run(&me, &tenant, day), Err(AppError::Unauthenticated)), "a job of the scheduler and the internal API");
    let report = setup.digests.run(&Principal::Internal, &tenant, day).unwrap();
    assert_eq!((report.due, report.queued, report.nothing_new, report.evaluations), (1, 1, 0, 1), "{report:?}");
    let again = setup.digests.run(&Principal::Internal, &tenant, day).unwrap();
    assert_eq!((again.already_done, again.queued), (1, 0), "decided alerts are not mailed twice a day");

    let mails = setup.delivered();
    assert_eq!(mails.len(), 1);
    let digest = &mails[0];
    assert_eq!(digest.to.email(), "ala@example.com");
    assert_eq!(digest.subject, "New offers: Everything (1)");
    assert!(digest.text.contains("Rust developer"), "{}", digest.text);
    assert!(digest.headers.iter().any(|(name, value)| name == "List-Unsubscribe" && value.contains("/api/it/job-alerts/unsubscribe?owner=a-")));
}
