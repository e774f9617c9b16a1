//! The stored form of an offer.
//!
//! Format 3 (written now): `[3][dictionary id: u32 BE][JSON length: u32 BE][zstd frame]`, the
//! offer's JSON without derived data or nulls ([`stored_json`]) compressed with zstd and the
//! store's dictionary (id 0: none). Format 2 has the same layout, but its JSON still holds the
//! converted salary amounts and the nulls; it is read, and rewritten by [`crate::OfferStore::new`]. Offers share most of
//! their bytes (field names, markup, clauses, company data), which one record alone cannot see:
//! with a dictionary trained on the store's own offers a record shrinks several times more than
//! with zstd alone (see `BENCHMARKS.md`). Format 1 (the first stores) is bare JSON, which starts
//! with `{`; it is still read, and rewritten by [`crate::OfferStore::new`].
//!
//! Dictionaries are kept in the store (`meta/record-dict-{id}`), never replaced: a record names
//! the one it was written with.

use std::collections::HashMap;
use std::sync::{Arc, PoisonError, RwLock};

use wakat_core::Offer;
use zstd::dict::{DecoderDictionary, EncoderDictionary};

use crate::StoreError;

/// The format byte of records written now.
pub(crate) const FORMAT: u8 = 3;
/// The format byte of compressed records whose JSON still holds derived data and nulls.
const FORMAT_WITH_DERIVED: u8 = 2;
/// zstd level: 3 is zstd's default; higher levels gained little on offers and cost write time.
const LEVEL: i32 = 3;
/// Size of a trained dictionary.
const DICTIONARY_BYTES: usize = 64 * 1024;
/// Fewest offers a dictionary is trained from; a smaller store is small anyway.
pub(crate) const MIN_TRAINING_OFFERS: usize = 1_000;
/// Most offers a dictionary is trained from.
pub(crate) const MAX_TRAINING_OFFERS: usize = 4_000;
/// Largest JSON a record may hold (a guard against a corrupt length).
const MAX_JSON_BYTES: usize = 64 * 1024 * 1024;
const HEADER_BYTES: usize = 9;

struct Dictionary {
    id: u32,
    encoder: EncoderDictionary<'static>,
    decoder: DecoderDictionary<'static>,
}

/// Encodes and decodes records with the store's dictionaries.
#[derive(Default)]
pub(crate) struct RecordCodec {
    dictionaries: RwLock<HashMap<u32, Arc<Dictionary>>>,
    current: RwLock<Option<Arc<Dictionary>>>,
}

/// Meta names of dictionaries: this prefix and the id.
pub(crate) const DICTIONARY_META_PREFIX: &str = "record-dict-";

/// The meta name of dictionary `id`.
pub(crate) fn dictionary_meta_name(id: u32) -> String {
    format!("{DICTIONARY_META_PREFIX}{id}")
}

/// The id in a dictionary's meta name.
pub(crate) fn dictionary_id(meta_name: &str) -> Option<u32> {
    meta_name.strip_prefix(DICTIONARY_META_PREFIX)?.parse().ok()
}

/// The JSON an offer is stored as: what the offer says, not what can be derived from it. The
/// converted salary amounts follow from the amounts and the rates (the store fills them in on
/// read, with the rates of the day), and a null says no more than an absent member (every
/// optional field of an offer defaults to none).
pub(crate) fn stored_json(offer: &Offer) -> serde_json::Result<Vec<u8>> {
    let mut value = serde_json::to_value(offer)?;
    if let Some(employment_types) = value.get_mut("employmentTypes").and_then(serde_json::Value::as_array_mut) {
        for employment in employment_types.iter_mut().filter_map(serde_json::Value::as_object_mut) {
            employment.remove("converted");
        }
    }
    drop_null_members(&mut value);
    serde_json::to_vec(&value)
}

/// Removes every object member whose value is null, at any depth (array items stay).
fn drop_null_members(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(members) => {
            members.retain(|_, member| !member.is_null());
            members.values_mut().for_each(drop_null_members);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(drop_null_members),
        _ => {}
    }
}

/// Trains a dictionary on the JSON of `offers`; `None` when zstd finds nothing to learn.
pub(crate) fn train(samples: &[Vec<u8>]) -> Option<Vec<u8>> {
    zstd::dict::from_samples(samples, DICTIONARY_BYTES).ok()
}

impl RecordCodec {
    /// Adds a dictionary read from or written to the store; the highest id is used for writing.
    pub(crate) fn add_dictionary(&self, id: u32, bytes: &[u8]) {
        let dictionary = Arc::new(Dictionary { id, encoder: EncoderDictionary::copy(bytes, LEVEL), decoder: DecoderDictionary::copy(bytes) });
        self.dictionaries.write().unwrap_or_else(PoisonError::into_inner).insert(id, dictionary.clone());
        let mut current = self.current.write().unwrap_or_else(PoisonError::into_inner);
        if current.as_ref().is_none_or(|now| now.id < id) {
            *current = Some(dictionary);
        }
    }

    /// The id of the dictionary new records are written with (0: none yet).
    pub(crate) fn current_id(&self) -> u32 {
        self.current.read().unwrap_or_else(PoisonError::into_inner).as_ref().map_or(0, |dictionary| dictionary.id)
    }

    /// The record of an offer's JSON, with the current dictionary.
    pub(crate) fn encode_json(&self, key: &[u8], json: &[u8]) -> Result<Vec<u8>, StoreError> {
        let length = u32::try_from(json.len())
            .ok()
            .filter(|length| (*length as usize) <= MAX_JSON_BYTES)
            .ok_or_else(|| StoreError::encode(key, "the offer is too large"))?;
        let current = self.current.read().unwrap_or_else(PoisonError::into_inner).clone();
        let frame = match &current {
            Some(dictionary) => zstd::bulk::Compressor::with_prepared_dictionary(&dictionary.encoder).and_then(|mut compressor| compressor.compress(json)),
            None => zstd::bulk::compress(json, LEVEL),
        }
        .map_err(|error| StoreError::encode(key, error))?;
        let mut record = Vec::with_capacity(HEADER_BYTES + frame.len());
        record.push(FORMAT);
        record.extend_from_slice(&current.as_ref().map_or(0, |dictionary| dictionary.id).to_be_bytes());
        record.extend_from_slice(&length.to_be_bytes());
        record.extend_from_slice(&frame);
        Ok(record)
    }

    /// The offer's JSON in a record of either format.
    pub(crate) fn decode_json(&self, key: &[u8], record: &[u8]) -> Result<Vec<u8>, StoreError> {
        match record.first() {
            Some(b'{') => Ok(record.to_vec()),
            Some(&(FORMAT | FORMAT_WITH_DERIVED)) if record.len() >= HEADER_BYTES => {
                let id = u32::from_be_bytes(record[1..5].try_into().expect("four bytes"));
                let length = u32::from_be_bytes(record[5..9].try_into().expect("four bytes")) as usize;
                if length > MAX_JSON_BYTES {
                    return Err(StoreError::corrupt(key, format!("record length {length} is out of bounds")));
                }
                let frame = &record[HEADER_BYTES..];
                let json = if id == 0 {
                    zstd::bulk::decompress(frame, length)
                } else {
                    let dictionary = self.dictionaries.read().unwrap_or_else(PoisonError::into_inner).get(&id).cloned();
                    let dictionary = dictionary.ok_or_else(|| StoreError::corrupt(key, format!("record dictionary {id} is missing")))?;
                    zstd::bulk::Decompressor::with_prepared_dictionary(&dictionary.decoder).and_then(|mut decompressor| decompressor.decompress(frame, length))
                }
                .map_err(|error| StoreError::corrupt(key, error))?;
                if json.len() != length {
                    return Err(StoreError::corrupt(key, "record length does not match its content"));
                }
                Ok(json)
            }
            _ => Err(StoreError::corrupt(key, "unknown record format")),
        }
    }

    /// The offer in a record of either format.
    pub(crate) fn decode(&self, key: &[u8], record: &[u8]) -> Result<Offer, StoreError> {
        crate::json::decode(key, &self.decode_json(key, record)?)
    }

    /// Whether a record is in the current format with the current dictionary.
    pub(crate) fn is_current(&self, record: &[u8]) -> bool {
        record.len() >= HEADER_BYTES && record[0] == FORMAT && u32::from_be_bytes(record[1..5].try_into().expect("four bytes")) == self.current_id()
    }
}
