use std::sync::{Arc, Barrier};

use super::*;
use crate::testing::{memory, page, redirect, sled_in, slow_sled_in, T0};
use crate::History;

fn stores() -> (RedirectStore, History) {
    let kv = memory();
    (RedirectStore::new(kv.clone()), History::new(kv))
}

fn not_found<T: std::fmt::Debug>(result: Result<T>) -> bool {
    matches!(result, Err(ApplicationsError::NotFound { what: "redirect" }))
}

#[test]
fn without_throttling_every_redirect_counts_with_its_own_id() {
    let (store, _) = stores();
    let first = store.track("pl", redirect("rust-dev", Some("cand-1"), "hash"), false, T0).unwrap();
    let second = store.track("pl", redirect("rust-dev", Some("cand-1"), "hash"), false, T0 + 1).unwrap();
    assert!(first.counted && second.counted);
    assert_ne!(first.id, second.id);
    assert_eq!(first.apply_url, "https://jobs.example.com/rust-dev");
    assert_eq!(store.redirect_count("pl", "rust-dev").unwrap(), 2);
    assert_eq!(store.redirect_count("pl", "java-dev").unwrap(), 0);
}

#[test]
fn throttling_counts_a_client_once_per_offer_per_24_hours() {
    let (store, _) = stores();
    let first = store.track("pl", redirect("rust-dev", Some("cand-1"), "hash-a"), true, T0).unwrap();
    // The same candidate from another address is the same client.
    let repeat = store.track("pl", redirect("rust-dev", Some("cand-1"), "hash-b"), true, T0 + THROTTLE_WINDOW_SECS - 1).unwrap();
    assert_eq!(repeat, Redirect { id: first.id.clone(), apply_url: first.apply_url.clone(), counted: false });
    assert_eq!(store.redirect_count("pl", "rust-dev").unwrap(), 1);

    let next_day = store.track("pl", redirect("rust-dev", Some("cand-1"), "hash-a"), true, T0 + THROTTLE_WINDOW_SECS).unwrap();
    assert!(next_day.counted);
    assert_ne!(next_day.id, first.id);

    // Other candidates, anonymous clients and other offers are counted apart.
    assert!(store.track("pl", redirect("rust-dev", Some("cand-2"), "hash-a"), true, T0 + 1).unwrap().counted);
    let anonymous = store.track("pl", redirect("rust-dev", None, "hash-a"), true, T0 + 1).unwrap();
    assert!(anonymous.counted);
    assert_eq!(store.track("pl", redirect("rust-dev", None, "hash-a"), true, T0 + 2).unwrap().id, anonymous.id);
    assert!(store.track("pl", redirect("rust-dev", None, "hash-c"), true, T0 + 2).unwrap().counted);
    assert!(store.track("pl", redirect("java-dev", Some("cand-1"), "hash-a"), true, T0 + 1).unwrap().counted);
    assert_eq!(store.redirect_count("pl", "rust-dev").unwrap(), 5);
}

#[test]
fn the_throttle_window_runs_from_the_counted_redirect() {
    let (store, _) = stores();
    let first = store.track("pl", redirect("rust-dev", None, "hash"), true, T0).unwrap();
    assert!(!store.track("pl", redirect("rust-dev", None, "hash"), true, T0 + THROTTLE_WINDOW_SECS / 2).unwrap().counted);
    let after = store.track("pl", redirect("rust-dev", None, "hash"), true, T0 + THROTTLE_WINDOW_SECS + 1).unwrap();
    assert!(after.counted, "an uncounted repeat must not extend the window");
    assert_ne!(after.id, first.id);
}

#[test]
fn concurrent_throttled_redirects_count_once() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(RedirectStore::new(slow_sled_in(&dir)));
    let n_threads = 8;
    let barrier = Arc::new(Barrier::new(n_threads));
    let handles: Vec<_> = (0..n_threads)
        .map(|_| {
            let store = Arc::clone(&store);
            let barrier = Arc::clone(&barrier);
            std::thread::spawn(move || {
                barrier.wait();
                store.track("pl", redirect("rust-dev", Some("cand-1"), "hash"), true, T0).unwrap()
            })
        })
        .collect();
    let answers: Vec<Redirect> = handles.into_iter().map(|handle| handle.join().unwrap()).collect();
    assert_eq!(answers.iter().filter(|answer| answer.counted).count(), 1);
    assert!(answers.iter().all(|answer| answer.id == answers[0].id));
    assert_eq!(store.redirect_count("pl", "rust-dev").unwrap(), 1);
}

#[test]
fn confirming_adds_an_external_application_to_the_history_and_removing_takes_it_out() {
    let (store, history) = stores();
    let tracked = store.track("pl", redirect("rust-dev", Some("cand-1"), "hash"), true, T0).unwrap();
    assert!(!store.get_for_candidate("pl", "cand-1", &tracked.id).unwrap().confirmed);
    assert_eq!(history.list("pl", "cand-1", page(1, 10), None).unwrap().total, 0, "only confirmed redirects are history");

    let confirmed = store.confirm("pl", "cand-1", &tracked.id).unwrap();
    assert!(confirmed.confirmed);
    assert_eq!(store.confirm("pl", "cand-1", &tracked.id).unwrap(), confirmed, "confirming twice changes nothing");
    let items = history.list("pl", "cand-1", page(1, 10), None).unwrap().items;
    let expected = HistoryItem {
        id: tracked.id.clone(),
        kind: HistoryKind::External,
        job_advertisement_id: "guid-rust-dev".into(),
        offer_slug: "rust-dev".into(),
        at: T0,
    };
    assert_eq!(items, vec![expected]);

    assert!(!store.remove("pl", "cand-1", &tracked.id).unwrap().confirmed);
    assert!(!store.remove("pl", "cand-1", &tracked.id).unwrap().confirmed);
    assert_eq!(history.list("pl", "cand-1", page(1, 10), None).unwrap().total, 0);
    assert_eq!(store.redirect_count("pl", "rust-dev").unwrap(), 1, "removing keeps the count");
    // Denied, then applied after all: a throttled repeat answers the same id, which confirms again.
    let repeat = store.track("pl", redirect("rust-dev", Some("cand-1"), "hash"), true, T0 + 60).unwrap();
    assert_eq!(repeat.id, tracked.id);
    assert!(store.confirm("pl", "cand-1", &repeat.id).unwrap().confirmed);
    assert_eq!(history.list("pl", "cand-1", page(1, 10), None).unwrap().total, 1);
}

#[test]
fn only_the_redirected_candidate_may_see_confirm_or_remove() {
    let (store, history) = stores();
    let own = store.track("pl", redirect("rust-dev", Some("cand-1"), "hash"), true, T0).unwrap();
    let anonymous = store.track("pl", redirect("rust-dev", None, "hash"), true, T0).unwrap();
    assert!(not_found(store.confirm("pl", "cand-2", &own.id)));
    assert!(not_found(store.remove("pl", "cand-2", &own.id)));
    assert!(not_found(store.get_for_candidate("pl", "cand-2", &own.id)));
    assert!(not_found(store.confirm("pl", "cand-1", &anonymous.id)));
    assert!(not_found(store.confirm("pl", "cand-1", "0123456789abcdef0123456789abcdef")));
    assert!(not_found(store.confirm("pl", "cand-1", "../../etc")));
    assert!(not_found(store.confirm("en", "cand-1", &own.id)), "another tenant does not have it");
    assert_eq!(history.list("pl", "cand-2", page(1, 10), None).unwrap().total, 0);
    assert!(!store.get_for_candidate("pl", "cand-1", &own.id).unwrap().confirmed);
}

#[test]
fn counts_and_records_are_per_tenant() {
    let (store, _) = stores();
    store.track("pl", redirect("rust-dev", Some("cand-1"), "hash"), true, T0).unwrap();
    assert_eq!(store.redirect_count("en", "rust-dev").unwrap(), 0);
    let other_tenant = store.track("en", redirect("rust-dev", Some("cand-1"), "hash"), true, T0).unwrap();
    assert!(other_tenant.counted, "the throttle is per tenant");
    assert_eq!(store.erase_candidate("en", "cand-1").unwrap(), 1);
    assert_eq!(store.export_candidate("pl", "cand-1").unwrap()["redirects"].as_array().unwrap().len(), 1);
}

#[test]
fn bad_arguments_are_refused() {
    let (store, _) = stores();
    let invalid = |result: Result<Redirect>| matches!(result, Err(ApplicationsError::InvalidInput { .. }));
    assert!(invalid(store.track("pl", redirect("rust-dev", None, ""), true, T0)));
    assert!(invalid(store.track("pl", redirect("rust/dev", None, "hash"), true, T0)));
    assert!(invalid(store.track("pl", redirect("rust-dev", Some("a b"), "hash"), true, T0)));
    assert!(invalid(store.track("pl", NewRedirect { apply_url: " ".into(), ..redirect("rust-dev", None, "hash") }, true, T0)));
    // A client key may hold any byte: it is hex-encoded into its key.
    assert!(store.track("pl", redirect("rust-dev", None, "a/b c"), true, T0).unwrap().counted);
}

#[test]
fn erasure_deletes_the_candidates_redirects_but_keeps_the_counts() {
    let (store, history) = stores();
    let rust = store.track("pl", redirect("rust-dev", Some("cand-1"), "hash"), true, T0).unwrap();
    store.track("pl", redirect("java-dev", Some("cand-1"), "hash"), true, T0 + 1).unwrap();
    let other = store.track("pl", redirect("rust-dev", Some("cand-2"), "hash"), true, T0 + 2).unwrap();
    store.confirm("pl", "cand-1", &rust.id).unwrap();

    assert_eq!(store.erase_candidate("pl", "cand-1").unwrap(), 2);
    assert!(not_found(store.get_for_candidate("pl", "cand-1", &rust.id)));
    assert_eq!(history.list("pl", "cand-1", page(1, 10), None).unwrap().total, 0);
    assert_eq!(store.redirect_count("pl", "rust-dev").unwrap(), 2);
    assert!(store.get_for_candidate("pl", "cand-2", &other.id).is_ok());
    assert!(store.export_candidate("pl", "cand-1").unwrap()["redirects"].as_array().unwrap().is_empty());
    // The throttle forgot the candidate: the next redirect is counted.
    assert!(store.track("pl", redirect("rust-dev", Some("cand-1"), "hash"), true, T0 + 3).unwrap().counted);
    assert_eq!(store.erase_candidate("pl", "cand-3").unwrap(), 0);
}

#[test]
fn export_lists_the_candidates_redirects_newest_first() {
    let (store, _) = stores();
    let older = store.track("pl", redirect("rust-dev", Some("cand-1"), "hash"), true, T0).unwrap();
    let newer = store.track("pl", redirect("java-dev", Some("cand-1"), "hash"), true, T0 + 60).unwrap();
    store.confirm("pl", "cand-1", &older.id).unwrap();
    let exported = store.export_candidate("pl", "cand-1").unwrap();
    let redirects = exported["redirects"].as_array().unwrap();
    assert_eq!(redirects.len(), 2);
    assert_eq!((redirects[0]["id"].as_str(), redirects[0]["confirmed"].as_bool()), (Some(newer.id.as_str()), Some(false)));
    assert_eq!((redirects[1]["id"].as_str(), redirects[1]["confirmed"].as_bool()), (Some(older.id.as_str()), Some(true)));
    assert_eq!(redirects[1]["redirectedAt"], "2025-01-01T00:00:00Z");
    assert_eq!(redirects[1]["applyUrl"], "https://jobs.example.com/rust-dev");
}

#[test]
fn redirects_survive_a_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let tracked = {
        let store = RedirectStore::new(sled_in(&dir));
        let tracked = store.track("pl", redirect("rust-dev", Some("cand-1"), "hash"), true, T0).unwrap();
        store.confirm("pl", "cand-1", &tracked.id).unwrap();
        tracked
    };
    let kv = sled_in(&dir);
    let store = RedirectStore::new(kv.clone());
    assert_eq!(store.redirect_count("pl", "rust-dev").unwrap(), 1);
    assert!(store.get_for_candidate("pl", "cand-1", &tracked.id).unwrap().confirmed);
    assert_eq!(History::new(kv).list("pl", "cand-1", page(1, 10), None).unwrap().items[0].id, tracked.id);
    assert!(!store.track("pl", redirect("rust-dev", Some("cand-1"), "hash"), true, T0 + 1).unwrap().counted);
}

#[test]
fn counted_redirects_are_counted_on_their_day_for_the_statistics() {
    let kv = memory();
    let store = RedirectStore::new(kv.clone());
    store.track("pl", redirect("rust-dev", None, "client-a"), true, T0).unwrap();
    store.track("pl", redirect("rust-dev", None, "client-a"), true, T0 + 60).unwrap();
    store.track("pl", redirect("rust-dev", None, "client-b"), true, T0 + 86_400).unwrap();
    let stats = crate::OfferStats::new(kv);
    let days = stats.daily("pl", "rust-dev", "2025-01-01", "2025-01-02").unwrap();
    let redirects: Vec<(&str, u64)> = days.iter().map(|(day, counts)| (day.as_str(), counts.redirects)).collect();
    assert_eq!(redirects, vec![("2025-01-01", 1), ("2025-01-02", 1)], "a throttled repeat is not counted");
}
