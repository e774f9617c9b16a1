use std::collections::BTreeMap;
use std::sync::Arc;

use wakat_core::{Currency, EmploymentKind, EmploymentType, Location, Offer, Rates, SalaryUnit, Skill, WorkplaceType};

use super::{Change, ChangeKind, OfferStore};
use crate::{AddressOwner, KvStore, MemoryStore, SledStore, StoreError};

/// An offer as the store gives it back: its converted amounts filled in with the default rates.
pub(super) fn offer(slug: &str) -> Offer {
    let mut offer = Offer {
        title: "Java Developer".into(),
        company_name: "Acme".into(),
        company_size: Some("51-100".into()),
        workplace_type: WorkplaceType::Hybrid,
        category_id: 6,
        locations: vec![Location { slug: slug.into(), city: "Kraków".into(), street: None, latitude: 50.06, longitude: 19.94, country_code: "PL".into() }],
        employment_types: vec![EmploymentType {
            kind: EmploymentKind::B2b,
            from: Some(100.0),
            to: Some(150.0),
            currency: Currency::Pln,
            unit: SalaryUnit::Hour,
            gross: false,
            converted: BTreeMap::new(),
        }],
        required_skills: vec![Skill { name: "Java".into(), level: 4 }],
        published_at: 1_700_000_000,
        remote_interview: true,
        body: "<p>Zażółć gęślą jaźń</p>".into(),
        ..Offer::new(slug)
    };
    offer.fill_converted(&Rates::default());
    offer
}

fn memory_store() -> (Arc<MemoryStore>, OfferStore) {
    let kv = Arc::new(MemoryStore::new());
    let store = OfferStore::new(kv.clone(), Rates::default()).unwrap();
    (kv, store)
}

fn change(seq: u64, tenant: &str, slug: &str, kind: ChangeKind) -> Change {
    Change { seq, tenant: tenant.into(), slug: slug.into(), kind }
}

fn slugs(offers: impl Iterator<Item = Result<Offer, StoreError>>) -> Vec<String> {
    offers.map(|offer| offer.unwrap().slug).collect()
}

#[test]
fn put_then_get_returns_the_same_offer() {
    let (_, store) = memory_store();
    let mut java = offer("java");
    java.extra.insert("legacyId".into(), serde_json::json!(17));
    assert_eq!(store.put_offer("pl", &java).unwrap(), 1);
    assert_eq!(store.get_offer("pl", "java").unwrap(), Some(java.clone()));
    assert_eq!(store.get_offer("pl", "missing").unwrap(), None);

    java.title = "Senior Java Developer".into();
    assert_eq!(store.put_offer("pl", &java).unwrap(), 2);
    assert_eq!(store.get_offer("pl", "java").unwrap().unwrap().title, "Senior Java Developer");
    assert_eq!(store.count_offers("pl").unwrap(), 1);
}

#[test]
fn change_log_lists_writes_in_seq_order() {
    let (_, store) = memory_store();
    store.put_offer("pl", &offer("a")).unwrap();
    store.put_offer("en", &offer("b")).unwrap();
    store.delete_offer("pl", "a").unwrap();
    store.put_offer("pl", &offer("a")).unwrap();
    let expected = vec![
        change(1, "pl", "a", ChangeKind::Put),
        change(2, "en", "b", ChangeKind::Put),
        change(3, "pl", "a", ChangeKind::Delete),
        change(4, "pl", "a", ChangeKind::Put),
    ];
    assert_eq!(store.changes_since(0).unwrap(), expected);
    assert_eq!(store.changes_since(2).unwrap(), expected[2..]);
    assert_eq!(store.changes_since(4).unwrap(), vec![]);
    assert_eq!(store.changes_since(u64::MAX).unwrap(), vec![]);
    assert_eq!(store.last_seq(), 4);
}

#[test]
fn seqs_stay_ordered_past_a_power_of_ten() {
    let (_, store) = memory_store();
    let offers: Vec<Offer> = (0..12).map(|n| offer(&format!("o{n}"))).collect();
    store.put_offers("pl", &offers).unwrap();
    let seqs: Vec<u64> = store.changes_since(8).unwrap().iter().map(|change| change.seq).collect();
    assert_eq!(seqs, vec![9, 10, 11, 12]);
}

#[test]
fn trim_log_drops_old_records_but_keeps_the_seq() {
    let (_, store) = memory_store();
    for slug in ["a", "b", "c"] {
        store.put_offer("pl", &offer(slug)).unwrap();
    }
    assert_eq!(store.trim_log(2).unwrap(), 2);
    assert_eq!(store.trim_log(2).unwrap(), 0);
    assert_eq!(store.changes_since(0).unwrap(), vec![change(3, "pl", "c", ChangeKind::Put)]);
    assert_eq!(store.put_offer("pl", &offer("d")).unwrap(), 4);
}

#[test]
fn bulk_put_writes_every_offer_in_one_go() {
    let (_, store) = memory_store();
    let offers: Vec<Offer> = (0..1000).map(|n| offer(&format!("offer-{n:04}"))).collect();
    assert_eq!(store.put_offers("pl", &offers).unwrap(), 1000);
    assert_eq!(store.count_offers("pl").unwrap(), 1000);
    assert_eq!(store.changes_since(0).unwrap().len(), 1000);
    assert_eq!(store.get_offer("pl", "offer-0999").unwrap(), Some(offers[999].clone()));
    assert_eq!(slugs(store.scan_offers("pl"))[..2], ["offer-0000", "offer-0001"]);
    // An empty batch writes nothing.
    assert_eq!(store.put_offers("pl", &[]).unwrap(), 1000);
    assert_eq!(store.last_seq(), 1000);
}

#[test]
fn a_bulk_put_writes_records_in_key_order_then_the_log_in_one_transaction_and_one_flush() {
    let kv = Arc::new(crate::RecordingStore::default());
    let store = OfferStore::new(kv.clone(), Rates::default()).unwrap();
    kv.forget();
    // Slugs out of order, and one given twice: the later offer wins.
    let mut again = offer("b-offer");
    again.title = "Rust Developer".into();
    let batch = [offer("c-offer"), offer("b-offer"), offer("a-offer"), again.clone()];
    assert_eq!(store.put_offers("it", &batch).unwrap(), 4);
    assert_eq!(kv.flushes(), 1, "one flush");
    let transactions = kv.transactions();
    assert_eq!(transactions.len(), 1, "one transaction");
    let keys: Vec<String> = transactions[0]
        .iter()
        .map(|op| match op {
            crate::WriteOp::Put { key, .. } | crate::WriteOp::Delete { key } => String::from_utf8_lossy(key).into_owned(),
        })
        .collect();
    assert_eq!(keys[..4], ["offer/it/a-offer", "offer/it/b-offer", "offer/it/b-offer", "offer/it/c-offer"]);
    assert!(keys[4..8].iter().all(|key| key.starts_with("log/")) && keys[4..8].is_sorted(), "{keys:?}");
    assert_eq!(store.get_offer("it", "b-offer").unwrap(), Some(again));
    assert_eq!(store.changes_since(0).unwrap().iter().map(|change| change.seq).collect::<Vec<_>>(), [1, 2, 3, 4]);
}

#[test]
fn bulk_put_with_one_invalid_slug_writes_nothing() {
    let (_, store) = memory_store();
    let offers = vec![offer("fine"), offer("not/fine")];
    assert!(matches!(store.put_offers("pl", &offers), Err(StoreError::InvalidKey(_))));
    assert_eq!(store.count_offers("pl").unwrap(), 0);
    assert_eq!(store.last_seq(), 0);
}

#[test]
fn delete_returns_none_for_a_missing_offer() {
    let (_, store) = memory_store();
    assert_eq!(store.delete_offer("pl", "ghost").unwrap(), None);
    assert_eq!(store.last_seq(), 0);
    store.put_offer("pl", &offer("real")).unwrap();
    assert_eq!(store.delete_offer("pl", "real").unwrap(), Some(2));
    assert_eq!(store.get_offer("pl", "real").unwrap(), None);
    assert_eq!(store.delete_offer("pl", "real").unwrap(), None);
}

#[test]
fn tenants_never_see_each_other() {
    let (_, store) = memory_store();
    // `ab` is a prefix of `abc`: only the '/' after the tenant keeps their keys apart.
    store.put_offers("ab", &[offer("shared"), offer("only-ab")]).unwrap();
    store.put_offer("abc", &offer("shared")).unwrap();
    store.record_view("abc", "shared").unwrap();

    assert_eq!(slugs(store.scan_offers("ab")), ["only-ab", "shared"]);
    assert_eq!(slugs(store.scan_offers("abc")), ["shared"]);
    assert_eq!(store.count_offers("ab").unwrap(), 2);
    assert_eq!(store.get_offer("abc", "only-ab").unwrap(), None);
    assert_eq!(store.view_counts("ab").unwrap(), vec![]);

    store.delete_offer("ab", "shared").unwrap();
    assert!(store.get_offer("abc", "shared").unwrap().is_some());
    assert_eq!(store.view_counts("abc").unwrap(), vec![("shared".to_string(), 1)]);

    let all: Vec<(String, String)> = store.scan_all_offers().map(|entry| entry.map(|(tenant, offer)| (tenant, offer.slug)).unwrap()).collect();
    assert_eq!(all, [("ab".to_string(), "only-ab".to_string()), ("abc".to_string(), "shared".to_string())]);
}

#[test]
fn tenants_and_slugs_with_slashes_are_refused() {
    let (_, store) = memory_store();
    assert!(matches!(store.put_offer("a/b", &offer("x")), Err(StoreError::InvalidKey(_))));
    assert!(matches!(store.put_offer("pl", &offer("x/y")), Err(StoreError::InvalidKey(_))));
    assert!(matches!(store.get_offer("", "x"), Err(StoreError::InvalidKey(_))));
    assert!(matches!(store.record_view("pl", "a/b"), Err(StoreError::InvalidKey(_))));
    assert!(matches!(store.count_offers("a/b"), Err(StoreError::InvalidKey(_))));
    assert!(matches!(store.scan_offers("a/b").next(), Some(Err(StoreError::InvalidKey(_)))));
    assert!(matches!(store.put_meta("seq", b"1"), Err(StoreError::InvalidKey(_))));
}

#[test]
fn views_are_counted_per_offer_and_removed_with_it() {
    let (_, store) = memory_store();
    store.put_offers("pl", &[offer("a"), offer("b")]).unwrap();
    assert_eq!(store.record_view("pl", "b").unwrap(), 1);
    assert_eq!(store.record_view("pl", "b").unwrap(), 2);
    assert_eq!(store.record_view("pl", "a").unwrap(), 1);
    assert_eq!(store.view_counts("pl").unwrap(), vec![("a".to_string(), 1), ("b".to_string(), 2)]);
    store.delete_offer("pl", "b").unwrap();
    assert_eq!(store.view_counts("pl").unwrap(), vec![("a".to_string(), 1)]);
}

#[test]
fn view_batches_add_to_the_counters_and_skip_deleted_offers() {
    let (_, store) = memory_store();
    store.put_offers("pl", &[offer("a"), offer("b")]).unwrap();
    store.record_view("pl", "a").unwrap();
    let batch = [("pl".to_string(), "a".to_string(), 3), ("pl".to_string(), "b".to_string(), 2), ("pl".to_string(), "gone".to_string(), 5)];
    assert_eq!(store.add_views(&batch).unwrap(), 2);
    assert_eq!(store.view_count("pl", "a").unwrap(), 4);
    assert_eq!(store.view_count("pl", "b").unwrap(), 2);
    assert_eq!(store.view_count("pl", "gone").unwrap(), 0);
    assert_eq!(store.view_counts("pl").unwrap(), vec![("a".to_string(), 4), ("b".to_string(), 2)]);
    assert_eq!(store.add_views(&[]).unwrap(), 0);
    assert!(matches!(store.add_views(&[("pl".to_string(), "a/b".to_string(), 1)]), Err(StoreError::InvalidKey(_))));
}

#[test]
fn meta_values_round_trip() {
    let (_, store) = memory_store();
    assert_eq!(store.get_meta("schema").unwrap(), None);
    store.put_meta("schema", b"3").unwrap();
    assert_eq!(store.get_meta("schema").unwrap(), Some(b"3".to_vec()));
}

#[test]
fn concurrent_writers_get_distinct_increasing_seqs() {
    let (_, store) = memory_store();
    let store = Arc::new(store);
    let writers: Vec<_> = (0..4)
        .map(|writer_idx| {
            let store = Arc::clone(&store);
            std::thread::spawn(move || {
                let mut seqs = Vec::new();
                for offer_idx in 0..25 {
                    seqs.push(store.put_offer("pl", &offer(&format!("w{writer_idx}-{offer_idx}"))).unwrap());
                }
                seqs
            })
        })
        .collect();
    for writer in writers {
        let seqs = writer.join().unwrap();
        assert!(seqs.windows(2).all(|pair| pair[0] < pair[1]));
    }
    let log_seqs: Vec<u64> = store.changes_since(0).unwrap().iter().map(|change| change.seq).collect();
    assert_eq!(log_seqs, (1..=100).collect::<Vec<u64>>());
}

#[test]
fn corrupt_values_give_corrupt_errors() {
    let (kv, store) = memory_store();
    kv.put(b"offer/pl/broken", b"{not json").unwrap();
    kv.put(b"view/pl/broken", b"7").unwrap();
    kv.put(b"log/00000000000000000009", b"[]").unwrap();
    assert!(matches!(store.get_offer("pl", "broken"), Err(StoreError::Corrupt { .. })));
    assert!(matches!(store.scan_offers("pl").next(), Some(Err(StoreError::Corrupt { .. }))));
    assert!(matches!(store.scan_all_offers().next(), Some(Err(StoreError::Corrupt { .. }))));
    assert!(matches!(store.record_view("pl", "broken"), Err(StoreError::Corrupt { .. })));
    assert!(matches!(store.view_counts("pl"), Err(StoreError::Corrupt { .. })));
    assert!(matches!(store.changes_since(0), Err(StoreError::Corrupt { .. })));
    // Counting does not decode, so it still works.
    assert_eq!(store.count_offers("pl").unwrap(), 1);

    kv.put(b"meta/seq", b"12").unwrap();
    assert!(matches!(OfferStore::new(kv, Rates::default()), Err(StoreError::Corrupt { .. })));
}

#[test]
fn sled_store_keeps_everything_across_reopen() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = OfferStore::new(Arc::new(SledStore::open(dir.path()).unwrap()), Rates::default()).unwrap();
        store.put_offers("pl", &[offer("a"), offer("b")]).unwrap();
        store.put_offer("en", &offer("c")).unwrap();
        store.delete_offer("pl", "b").unwrap();
        store.record_view("pl", "a").unwrap();
        store.put_meta("schema", b"1").unwrap();
    }
    let store = OfferStore::new(Arc::new(SledStore::open(dir.path()).unwrap()), Rates::default()).unwrap();
    assert_eq!(store.last_seq(), 4);
    assert_eq!(store.get_offer("pl", "a").unwrap(), Some(offer("a")));
    assert_eq!(store.get_offer("pl", "b").unwrap(), None);
    assert_eq!(store.count_offers("en").unwrap(), 1);
    assert_eq!(store.view_counts("pl").unwrap(), vec![("a".to_string(), 1)]);
    assert_eq!(store.get_meta("schema").unwrap(), Some(b"1".to_vec()));
    assert_eq!(store.changes_since(3).unwrap(), vec![change(4, "pl", "b", ChangeKind::Delete)]);
    assert_eq!(store.put_offer("pl", &offer("d")).unwrap(), 5);
}

fn addresses(list: &[&str]) -> Vec<String> {
    list.iter().map(|address| address.to_string()).collect()
}

fn free(_: &str) -> Result<bool, StoreError> {
    Ok(false)
}

#[test]
fn an_address_is_claimed_by_one_offer_and_kept_across_reopen() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = OfferStore::new(Arc::new(SledStore::open(dir.path()).unwrap()), Rates::default()).unwrap();
        assert!(store.claim_addresses("pl", "offer-1", &addresses(&["acme-java-krakow", "acme-java-krakow-lodz"]), free).unwrap());
        // Claiming them again for the same offer changes nothing; another offer gets neither.
        assert!(store.claim_addresses("pl", "offer-1", &addresses(&["acme-java-krakow"]), free).unwrap());
        assert!(!store.claim_addresses("pl", "offer-2", &addresses(&["acme-java-krakow"]), free).unwrap());
        assert!(!store.claim_addresses("pl", "offer-2", &addresses(&["acme-rust-krakow", "acme-java-krakow-lodz"]), free).unwrap());
        assert_eq!(store.address_owner("pl", "acme-rust-krakow").unwrap(), None, "a refused claim writes nothing");
        // A title change: the new address joins the old one, which stays the offer's.
        assert!(store.claim_addresses("pl", "offer-1", &addresses(&["acme-scala-krakow"]), free).unwrap());
    }
    let store = OfferStore::new(Arc::new(SledStore::open(dir.path()).unwrap()), Rates::default()).unwrap();
    assert_eq!(store.address_owner("pl", "acme-java-krakow").unwrap(), Some(AddressOwner { slug: "offer-1".into(), location: 0 }));
    assert_eq!(store.address_owner("pl", "acme-java-krakow-lodz").unwrap(), Some(AddressOwner { slug: "offer-1".into(), location: 1 }));
    assert_eq!(store.address_owner("pl", "acme-scala-krakow").unwrap(), Some(AddressOwner { slug: "offer-1".into(), location: 0 }));
    assert!(!store.claim_addresses("pl", "offer-2", &addresses(&["acme-java-krakow"]), free).unwrap(), "still claimed after a restart");
    assert_eq!(store.address_owner("en", "acme-java-krakow").unwrap(), None, "addresses are per board");
}

#[test]
fn an_address_never_takes_another_offers_slug_or_a_live_address() {
    let (_, store) = memory_store();
    store.put_offer("pl", &offer("acme-java-krakow")).unwrap();
    assert!(!store.claim_addresses("pl", "offer-1", &addresses(&["acme-java-krakow"]), free).unwrap(), "an imported offer's slug");
    let index_knows = |address: &str| Ok(address == "acme-java-krakow-lodz");
    assert!(!store.claim_addresses("pl", "offer-1", &addresses(&["acme-java-warszawa", "acme-java-krakow-lodz"]), index_knows).unwrap());
    assert_eq!(store.address_owner("pl", "acme-java-warszawa").unwrap(), None);
    assert!(store.claim_addresses("pl", "offer-1", &addresses(&["acme-java-krakow-2"]), index_knows).unwrap());
}
