use wakat_core::ApplySource;

use super::*;
use crate::testing::{candidate_application, memory, page, redirect, T0};
use crate::{ApplicationStore, ApplicationsError, NewApplication, RedirectStore};

/// A candidate who applied by form (T0), one-click (T0 + 10) and externally (T0 + 20), and another
/// candidate who applied once.
fn applied() -> (History, Vec<String>) {
    let kv = memory();
    let applications = ApplicationStore::new(kv.clone());
    let redirects = RedirectStore::new(kv.clone());
    let form = applications.submit("pl", candidate_application("rust-dev", "jan@example.pl", "cand-1"), T0).unwrap().id;
    let one_click = NewApplication { source: ApplySource::OneClickApply, ..candidate_application("java-dev", "jan@example.pl", "cand-1") };
    let one_click = applications.submit("pl", one_click, T0 + 10).unwrap().id;
    let external = redirects.track("pl", redirect("go-dev", Some("cand-1"), "hash"), true, T0 + 20).unwrap().id;
    redirects.confirm("pl", "cand-1", &external).unwrap();
    redirects.track("pl", redirect("kotlin-dev", Some("cand-1"), "hash"), true, T0 + 30).unwrap();
    applications.submit("pl", candidate_application("rust-dev", "ola@example.pl", "cand-2"), T0).unwrap();
    (History::new(kv), vec![external, one_click, form])
}

#[test]
fn history_merges_applications_and_confirmed_redirects_newest_first() {
    let (history, expected_ids) = applied();
    let listed = history.list("pl", "cand-1", page(1, 10), None).unwrap();
    let ids: Vec<&str> = listed.items.iter().map(|item| item.id.as_str()).collect();
    assert_eq!(ids, expected_ids);
    let kinds: Vec<&str> = listed.items.iter().map(|item| item.kind.as_str()).collect();
    assert_eq!(kinds, ["external", "one_click", "form"], "an unconfirmed redirect is not history");
    let slugs: Vec<(&str, &str, i64)> = listed.items.iter().map(|item| (item.job_advertisement_id.as_str(), item.offer_slug.as_str(), item.at)).collect();
    assert_eq!(slugs, [("guid-go-dev", "go-dev", T0 + 20), ("guid-java-dev", "java-dev", T0 + 10), ("guid-rust-dev", "rust-dev", T0)]);
}

#[test]
fn history_pages() {
    let (history, expected_ids) = applied();
    let second = history.list("pl", "cand-1", page(2, 2), None).unwrap();
    assert_eq!((second.items.len(), second.items[0].id.as_str(), second.has_next_page, second.total), (1, expected_ids[2].as_str(), false, 3));
    assert!(history.list("pl", "cand-1", page(1, 2), None).unwrap().has_next_page);
}

#[test]
fn history_filters_by_a_batch_of_job_advertisement_ids() {
    let (history, _) = applied();
    let wanted: Vec<String> = vec!["guid-rust-dev".into(), "guid-go-dev".into(), "guid-kotlin-dev".into(), "guid-unknown".into()];
    let listed = history.list("pl", "cand-1", page(1, 10), Some(&wanted)).unwrap();
    let slugs: Vec<&str> = listed.items.iter().map(|item| item.offer_slug.as_str()).collect();
    assert_eq!((slugs, listed.total), (vec!["go-dev", "rust-dev"], 2));
    assert_eq!(history.list("pl", "cand-1", page(1, 10), Some(&[])).unwrap().total, 0);
    let too_many: Vec<String> = (0..26).map(|n| format!("guid-{n}")).collect();
    assert_eq!(history.list("pl", "cand-1", page(1, 10), Some(&too_many)), Err(ApplicationsError::TooManyIds { max: 25, given: 26 }));
}

#[test]
fn history_is_per_candidate_and_tenant() {
    let (history, _) = applied();
    let other = history.list("pl", "cand-2", page(1, 10), None).unwrap();
    assert_eq!((other.total, other.items[0].offer_slug.as_str()), (1, "rust-dev"));
    assert_eq!(history.list("pl", "cand", page(1, 10), None).unwrap().total, 0);
    assert_eq!(history.list("en", "cand-1", page(1, 10), None).unwrap().total, 0);
    assert!(matches!(history.list("pl", "cand/1", page(1, 10), None), Err(ApplicationsError::InvalidInput { .. })));
}
