//! The record format: compact records, the store's dictionary, and stores written in the first
//! format (bare JSON) opened and rewritten.

use std::sync::Arc;

use super::tests::offer;
use super::OfferStore;
use crate::{KvStore, MemoryStore, SledStore, StoreError};

/// Offers alike enough to share most bytes, as a board's offers do.
fn offers(n: usize) -> Vec<wakat_core::Offer> {
    (0..n)
        .map(|i| {
            let mut offer = offer(&format!("offer-{i:05}"));
            offer.title = format!("Developer {i}");
            offer.body =
                format!("<p>Dołącz do zespołu {i}. Pracujemy w Rust, TypeScript i Kubernetes; oferujemy B2B lub UoP.</p><ul><li>zadanie {}</li></ul>", i * 7);
            offer.information_clause = Some("Administratorem Twoich danych osobowych jest Acme Sp. z o.o. z siedzibą w Krakowie.".into());
            offer
        })
        .collect()
}

fn offer_records(kv: &dyn KvStore) -> Vec<(Vec<u8>, Vec<u8>)> {
    kv.scan_prefix(b"offer/").collect::<Result<_, _>>().unwrap()
}

#[test]
fn a_first_bulk_write_trains_the_dictionary_and_records_shrink() {
    let dir = tempfile::tempdir().unwrap();
    let batch = offers(1_500);
    let json_bytes: usize = batch.iter().map(|offer| serde_json::to_vec(offer).unwrap().len()).sum();
    {
        let kv = Arc::new(SledStore::open(dir.path()).unwrap());
        let store = OfferStore::new(kv.clone()).unwrap();
        store.put_offers("it", &batch).unwrap();
        let records = offer_records(kv.as_ref());
        assert_eq!(records.len(), 1_500);
        assert!(records.iter().all(|(_, record)| record[0] == 2 && record[1..5] == 1u32.to_be_bytes()), "format 2, dictionary 1");
        let record_bytes: usize = records.iter().map(|(_, record)| record.len()).sum();
        assert!(record_bytes * 4 < json_bytes, "records {record_bytes} B against JSON {json_bytes} B");
    }
    // Reopened: the dictionary comes from the store.
    let store = OfferStore::new(Arc::new(SledStore::open(dir.path()).unwrap())).unwrap();
    assert_eq!(store.get_offer("it", "offer-00777").unwrap().as_ref(), Some(&batch[777]));
    assert_eq!(store.scan_offers("it").count(), 1_500);
}

#[test]
fn small_stores_compress_without_a_dictionary() {
    let kv = Arc::new(MemoryStore::new());
    let store = OfferStore::new(kv.clone()).unwrap();
    store.put_offer("it", &offer("java")).unwrap();
    let (_, record) = offer_records(kv.as_ref()).pop().unwrap();
    assert_eq!((record[0], &record[1..5]), (2, &0u32.to_be_bytes()[..]));
    assert_eq!(store.get_offer("it", "java").unwrap(), Some(offer("java")));
}

#[test]
fn a_store_of_the_first_format_is_rewritten_on_open() {
    let kv = Arc::new(MemoryStore::new());
    // As the first stores wrote them: bare JSON.
    let legacy = offers(1_200);
    for offer in &legacy {
        kv.put(format!("offer/it/{}", offer.slug).as_bytes(), &serde_json::to_vec(offer).unwrap()).unwrap();
    }
    let store = OfferStore::new(kv.clone()).unwrap();
    let records = offer_records(kv.as_ref());
    assert!(records.iter().all(|(_, record)| record[0] == 2 && record[1..5] == 1u32.to_be_bytes()), "rewritten with a trained dictionary");
    let read: Vec<_> = store.scan_offers("it").collect::<Result<_, _>>().unwrap();
    assert_eq!(read, legacy, "nothing lost or changed");
    assert_eq!(store.last_seq(), 0, "a rewrite is not a change");
    // The marker spares the next open the scan: a planted legacy record stays as it is.
    kv.put(b"offer/it/planted", &serde_json::to_vec(&offer("planted")).unwrap()).unwrap();
    let reopened = OfferStore::new(kv.clone()).unwrap();
    assert_eq!(kv.get(b"offer/it/planted").unwrap().unwrap()[0], b'{');
    assert_eq!(reopened.get_offer("it", "planted").unwrap(), Some(offer("planted")), "still readable");
}

#[test]
fn an_unknown_record_is_reported_as_corrupt() {
    let kv = Arc::new(MemoryStore::new());
    let store = OfferStore::new(kv.clone()).unwrap();
    kv.put(b"offer/it/odd", &[9, 1, 2, 3]).unwrap();
    kv.put(b"offer/it/short", &[2, 0, 0]).unwrap();
    // Format 2 naming a dictionary the store does not have.
    kv.put(b"offer/it/orphan", &[2, 0, 0, 0, 7, 0, 0, 0, 4, 1, 2, 3, 4]).unwrap();
    for slug in ["odd", "short", "orphan"] {
        assert!(matches!(store.get_offer("it", slug), Err(StoreError::Corrupt { .. })), "{slug}");
    }
}
