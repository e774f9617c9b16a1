use super::*;
use crate::testing::{memory, page, sled_in, T0};
use crate::MAX_IDS_PER_BATCH;

fn store() -> FavouriteStore {
    FavouriteStore::new(memory())
}

fn ids(favourites: &Paged<Favourite>) -> Vec<&str> {
    favourites.items.iter().map(|favourite| favourite.job_advertisement_id.as_str()).collect()
}

#[test]
fn adding_is_idempotent_and_removing_reports_what_it_did() {
    let store = store();
    assert!(store.add("pl", "cand-1", "guid-1", T0).unwrap());
    assert!(!store.add("pl", "cand-1", "guid-1", T0 + 10).unwrap());
    assert_eq!(store.count("pl", "cand-1").unwrap(), 1);
    let listed = store.list("pl", "cand-1", page(1, 10)).unwrap();
    assert_eq!(listed.items, vec![Favourite { job_advertisement_id: "guid-1".into(), at: T0 }], "a repeated add keeps the first time");
    assert!(store.remove("pl", "cand-1", "guid-1").unwrap());
    assert!(!store.remove("pl", "cand-1", "guid-1").unwrap());
    assert!(!store.remove("pl", "cand-1", "bad/id").unwrap());
    assert_eq!(store.count("pl", "cand-1").unwrap(), 0);
    assert_eq!(store.list("pl", "cand-1", page(1, 10)).unwrap().total, 0);
}

#[test]
fn favourites_list_newest_first_in_pages() {
    let store = store();
    for n in 0..5 {
        store.add("pl", "cand-1", &format!("0f3a-{n}"), T0 + n).unwrap();
    }
    let first = store.list("pl", "cand-1", page(1, 2)).unwrap();
    assert_eq!((ids(&first), first.has_next_page, first.total), (vec!["0f3a-4", "0f3a-3"], true, 5));
    let last = store.list("pl", "cand-1", page(3, 2)).unwrap();
    assert_eq!((ids(&last), last.has_next_page), (vec!["0f3a-0"], false));
    store.remove("pl", "cand-1", "0f3a-4").unwrap();
    assert_eq!(ids(&store.list("pl", "cand-1", page(1, 2)).unwrap()), ["0f3a-3", "0f3a-2"]);
}

#[test]
fn filter_ids_answers_which_are_favourites_in_batches_of_25() {
    let store = store();
    store.add("pl", "cand-1", "guid-1", T0).unwrap();
    store.add("pl", "cand-1", "guid-3", T0).unwrap();
    let asked: Vec<String> = ["guid-3", "guid-2", "guid-1", "guid-3", "bad/id"].map(String::from).to_vec();
    assert_eq!(store.filter_ids("pl", "cand-1", &asked).unwrap(), ["guid-3", "guid-1"]);
    assert_eq!(store.filter_ids("pl", "cand-1", &[]).unwrap(), Vec::<String>::new());
    let batch: Vec<String> = (0..MAX_IDS_PER_BATCH).map(|n| format!("guid-{n}")).collect();
    assert_eq!(store.filter_ids("pl", "cand-1", &batch).unwrap(), ["guid-1", "guid-3"]);
    let too_many: Vec<String> = (0..=MAX_IDS_PER_BATCH).map(|n| format!("guid-{n}")).collect();
    assert_eq!(store.filter_ids("pl", "cand-1", &too_many), Err(ApplicationsError::TooManyIds { max: 25, given: 26 }));
}

#[test]
fn the_cap_refuses_one_more_favourite() {
    let store = store();
    for n in 0..MAX_FAVOURITES {
        store.add("pl", "cand-1", &format!("guid-{n}"), T0).unwrap();
    }
    assert_eq!(store.add("pl", "cand-1", "one-more", T0), Err(ApplicationsError::LimitReached { what: "favourites", limit: MAX_FAVOURITES }));
    assert!(!store.add("pl", "cand-1", "guid-7", T0).unwrap(), "re-adding an existing one is still fine");
    store.remove("pl", "cand-1", "guid-7").unwrap();
    assert!(store.add("pl", "cand-1", "one-more", T0).unwrap());
    assert!(store.add("pl", "cand-2", "one-more", T0).unwrap(), "the cap is per candidate");
}

#[test]
fn candidates_and_tenants_never_see_each_others_favourites() {
    let store = store();
    store.add("pl", "cand-1", "guid-1", T0).unwrap();
    let asked = vec!["guid-1".to_string()];
    for (tenant, candidate) in [("pl", "cand-2"), ("pl", "cand"), ("en", "cand-1"), ("p", "cand-1")] {
        assert_eq!(store.count(tenant, candidate).unwrap(), 0, "{tenant} {candidate}");
        assert_eq!(store.list(tenant, candidate, page(1, 10)).unwrap().total, 0);
        assert!(store.filter_ids(tenant, candidate, &asked).unwrap().is_empty());
        assert!(!store.remove(tenant, candidate, "guid-1").unwrap());
    }
    assert_eq!(store.count("pl", "cand-1").unwrap(), 1);
    assert!(matches!(store.count("pl", "cand/1"), Err(ApplicationsError::InvalidInput { .. })));
    assert!(matches!(store.add("pl", "cand-1", "a/b", T0), Err(ApplicationsError::InvalidInput { .. })));
}

#[test]
fn erasure_and_export_cover_one_candidate() {
    let store = store();
    store.add("pl", "cand-1", "guid-1", T0).unwrap();
    store.add("pl", "cand-1", "guid-2", T0 + 60).unwrap();
    store.add("pl", "cand-2", "guid-1", T0).unwrap();
    let exported = store.export_candidate("pl", "cand-1").unwrap();
    assert_eq!(
        exported,
        serde_json::json!({"favourites": [
            {"jobAdvertisementId": "guid-2", "addedAt": "2025-01-01T00:01:00Z"},
            {"jobAdvertisementId": "guid-1", "addedAt": "2025-01-01T00:00:00Z"},
        ]})
    );
    assert_eq!(store.erase_candidate("pl", "cand-1").unwrap(), 2);
    assert_eq!(store.count("pl", "cand-1").unwrap(), 0);
    assert_eq!(store.export_candidate("pl", "cand-1").unwrap(), serde_json::json!({"favourites": []}));
    assert_eq!(store.count("pl", "cand-2").unwrap(), 1);
    assert_eq!(store.erase_candidate("pl", "cand-1").unwrap(), 0);
}

#[test]
fn favourites_survive_a_reopen() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = FavouriteStore::new(sled_in(&dir));
        store.add("pl", "cand-1", "guid-1", T0).unwrap();
        store.add("pl", "cand-1", "guid-2", T0 + 1).unwrap();
        store.remove("pl", "cand-1", "guid-1").unwrap();
    }
    let store = FavouriteStore::new(sled_in(&dir));
    assert_eq!(ids(&store.list("pl", "cand-1", page(1, 10)).unwrap()), ["guid-2"]);
}

#[test]
fn concurrent_adds_never_pass_the_cap() {
    let kv = memory();
    let prefill = FavouriteStore::new(kv.clone());
    for n in 0..MAX_FAVOURITES - 1 {
        prefill.add("pl", "cand-1", &format!("guid-{n}"), T0).unwrap();
    }
    let store = std::sync::Arc::new(FavouriteStore::new(std::sync::Arc::new(crate::testing::SlowReads { inner: kv })));
    let n_threads = 6;
    let barrier = std::sync::Arc::new(std::sync::Barrier::new(n_threads));
    let handles: Vec<_> = (0..n_threads)
        .map(|thread_idx| {
            let store = std::sync::Arc::clone(&store);
            let barrier = std::sync::Arc::clone(&barrier);
            std::thread::spawn(move || {
                barrier.wait();
                store.add("pl", "cand-1", &format!("new-{thread_idx}"), T0)
            })
        })
        .collect();
    let answers: Vec<Result<bool>> = handles.into_iter().map(|handle| handle.join().unwrap()).collect();
    assert_eq!(answers.iter().filter(|answer| matches!(answer, Ok(true))).count(), 1, "{answers:?}");
    assert_eq!(store.count("pl", "cand-1").unwrap(), MAX_FAVOURITES);
}
