//! The record format: compact records, the store's dictionary, and stores written in the first
//! format (bare JSON) opened and rewritten.

use std::sync::Arc;

use super::tests::offer;
use super::OfferStore;
use wakat_core::Rates;

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
        let store = OfferStore::new(kv.clone(), Rates::default()).unwrap();
        store.put_offers("it", &batch).unwrap();
        let records = offer_records(kv.as_ref());
        assert_eq!(records.len(), 1_500);
        assert!(records.iter().all(|(_, record)| record[0] == 3 && record[1..5] == 1u32.to_be_bytes()), "format 3, dictionary 1");
        let record_bytes: usize = records.iter().map(|(_, record)| record.len()).sum();
        assert!(record_bytes * 4 < json_bytes, "records {record_bytes} B against JSON {json_bytes} B");
        // Every record is written with the dictionary: the next open need not scan them.
        assert_eq!(store.get_meta("record-format").unwrap(), Some(b"3:1".to_vec()));
    }
    // Reopened: the dictionary comes from the store.
    let store = OfferStore::new(Arc::new(SledStore::open(dir.path()).unwrap()), Rates::default()).unwrap();
    assert_eq!(store.get_offer("it", "offer-00777").unwrap().as_ref(), Some(&batch[777]));
    assert_eq!(store.scan_offers("it").count(), 1_500);
}

#[test]
fn records_written_before_the_dictionary_are_rewritten_at_the_next_open() {
    let kv = Arc::new(MemoryStore::new());
    let store = OfferStore::new(kv.clone(), Rates::default()).unwrap();
    store.put_offer("it", &offer("early")).unwrap();
    store.put_offers("it", &offers(1_200)).unwrap();
    assert_eq!(store.get_meta("record-format").unwrap(), Some(b"3:0".to_vec()), "one record predates the dictionary");
    let early = || kv.get(b"offer/it/early").unwrap().unwrap();
    assert_eq!(early()[1..5], 0u32.to_be_bytes());
    drop(store);
    let reopened = OfferStore::new(kv.clone(), Rates::default()).unwrap();
    assert_eq!(early()[1..5], 1u32.to_be_bytes(), "rewritten with the dictionary");
    assert_eq!(reopened.get_meta("record-format").unwrap(), Some(b"3:1".to_vec()));
    assert_eq!(reopened.get_offer("it", "early").unwrap(), Some(offer("early")));
}

#[test]
fn small_stores_compress_without_a_dictionary() {
    let kv = Arc::new(MemoryStore::new());
    let store = OfferStore::new(kv.clone(), Rates::default()).unwrap();
    store.put_offer("it", &offer("java")).unwrap();
    let (_, record) = offer_records(kv.as_ref()).pop().unwrap();
    assert_eq!((record[0], &record[1..5]), (3, &0u32.to_be_bytes()[..]));
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
    let store = OfferStore::new(kv.clone(), Rates::default()).unwrap();
    let records = offer_records(kv.as_ref());
    assert!(records.iter().all(|(_, record)| record[0] == 3 && record[1..5] == 1u32.to_be_bytes()), "rewritten with a trained dictionary");
    let read: Vec<_> = store.scan_offers("it").collect::<Result<_, _>>().unwrap();
    assert_eq!(read, legacy, "nothing lost or changed");
    assert_eq!(store.last_seq(), 0, "a rewrite is not a change");
    // The marker spares the next open the scan: a planted legacy record stays as it is.
    kv.put(b"offer/it/planted", &serde_json::to_vec(&offer("planted")).unwrap()).unwrap();
    let reopened = OfferStore::new(kv.clone(), Rates::default()).unwrap();
    assert_eq!(kv.get(b"offer/it/planted").unwrap().unwrap()[0], b'{');
    assert_eq!(reopened.get_offer("it", "planted").unwrap(), Some(offer("planted")), "still readable");
}

#[test]
fn an_unknown_record_is_reported_as_corrupt() {
    let kv = Arc::new(MemoryStore::new());
    let store = OfferStore::new(kv.clone(), Rates::default()).unwrap();
    kv.put(b"offer/it/odd", &[9, 1, 2, 3]).unwrap();
    kv.put(b"offer/it/short", &[2, 0, 0]).unwrap();
    // Format 2 naming a dictionary the store does not have.
    kv.put(b"offer/it/orphan", &[2, 0, 0, 0, 7, 0, 0, 0, 4, 1, 2, 3, 4]).unwrap();
    for slug in ["odd", "short", "orphan"] {
        assert!(matches!(store.get_offer("it", slug), Err(StoreError::Corrupt { .. })), "{slug}");
    }
}

#[test]
fn a_store_of_the_second_format_loses_its_derived_data_and_nulls_on_open() {
    let kv = Arc::new(MemoryStore::new());
    // As format 2 wrote them: zstd frames of JSON with the converted amounts and every null;
    // here the amounts are stale (rates have moved since), which a read must not show.
    let offers = offers(1_200);
    for offer in &offers {
        let mut stale = offer.clone();
        stale.employment_types[0].converted.values_mut().for_each(|range| range.from = Some(1.0));
        let json = serde_json::to_vec(&stale).unwrap();
        assert!(json.windows(4).any(|w| w == b"null") && json.windows(9).any(|w| w == b"converted"));
        let mut record = vec![2u8];
        record.extend_from_slice(&0u32.to_be_bytes());
        record.extend_from_slice(&(json.len() as u32).to_be_bytes());
        record.extend_from_slice(&zstd::bulk::compress(&json, 3).unwrap());
        kv.put(format!("offer/it/{}", offer.slug).as_bytes(), &record).unwrap();
    }
    let store = OfferStore::new(kv.clone(), Rates::default()).unwrap();
    for (key, record) in offer_records(kv.as_ref()) {
        assert_eq!((record[0], &record[1..5]), (3, &1u32.to_be_bytes()[..]), "rewritten with a trained dictionary");
        let json = String::from_utf8(store.codec.decode_json(&key, &record).unwrap()).unwrap();
        assert!(!json.contains("converted") && !json.contains("null"), "{json}");
    }
    let read: Vec<_> = store.scan_offers("it").collect::<Result<_, _>>().unwrap();
    assert_eq!(read, offers, "converted amounts recomputed from the rates, nothing else changed");
    assert_eq!(store.last_seq(), 0, "a rewrite is not a change");
}

#[test]
fn records_hold_no_derived_amounts_and_reads_fill_them_from_the_store_rates() {
    let kv = Arc::new(MemoryStore::new());
    let rates = Rates::from_json(r#"{"pln": 1, "eur": 5, "usd": 4, "gbp": 6, "chf": 4.5}"#).unwrap();
    let store = OfferStore::new(kv.clone(), rates.clone()).unwrap();
    let written = offer("java");
    store.put_offer("it", &written).unwrap();
    let (key, record) = offer_records(kv.as_ref()).pop().unwrap();
    let json = String::from_utf8(store.codec.decode_json(&key, &record).unwrap()).unwrap();
    assert!(!json.contains("converted") && !json.contains("null"), "{json}");
    let mut expected = written.clone();
    expected.fill_converted(&rates);
    let read = store.get_offer("it", "java").unwrap().unwrap();
    assert_eq!(read, expected);
    assert_eq!(read.employment_types[0].converted[&wakat_core::Currency::Eur].from, Some(20.0), "100 PLN at 5 PLN per EUR");
}
