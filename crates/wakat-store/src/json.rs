//! Typed records stored as JSON: what every domain store (accounts, alerts, applications,
//! employers, analytics) writes on the shared [`KvStore`].
//!
//! A record is plain `serde_json` bytes under its key, so the stored form is the record's serde
//! form and nothing else. Reads that find bytes which do not decode answer
//! [`StoreError::Corrupt`] (retrying will not help); values that cannot be encoded answer
//! [`StoreError::Encode`] before anything is written. Writes go into a batch with [`put`] and
//! land together, durably, with [`KvStore::commit`].

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::{KvStore, StoreError, WriteOp};

/// The JSON bytes of `value`, meant for `key` (named in the error).
pub fn encode<T: Serialize + ?Sized>(key: &[u8], value: &T) -> Result<Vec<u8>, StoreError> {
    serde_json::to_vec(value).map_err(|error| StoreError::encode(key, error))
}

/// The record stored as `bytes` under `key`.
pub fn decode<T: DeserializeOwned>(key: &[u8], bytes: &[u8]) -> Result<T, StoreError> {
    serde_json::from_slice(bytes).map_err(|error| StoreError::corrupt(key, error))
}

/// The record under `key`, if any.
pub fn read<T: DeserializeOwned>(kv: &dyn KvStore, key: &[u8]) -> Result<Option<T>, StoreError> {
    kv.get(key)?.map(|bytes| decode(key, &bytes)).transpose()
}

/// The write that stores `value` under `key`, for a batch applied with [`KvStore::commit`].
pub fn put<T: Serialize + ?Sized>(key: Vec<u8>, value: &T) -> Result<WriteOp, StoreError> {
    let value = encode(&key, value)?;
    Ok(WriteOp::Put { key, value })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use serde::Deserialize;

    use super::*;
    use crate::MemoryStore;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Record {
        v: u32,
        name: String,
    }

    #[test]
    fn records_round_trip_as_plain_json() {
        let kv = MemoryStore::new();
        let record = Record { v: 1, name: "Ala".into() };
        kv.commit(vec![put(b"rec/1".to_vec(), &record).unwrap()]).unwrap();
        // The stored bytes are the record's serde form, so existing stores keep reading.
        assert_eq!(kv.get(b"rec/1").unwrap().unwrap(), br#"{"v":1,"name":"Ala"}"#);
        assert_eq!(read::<Record>(&kv, b"rec/1").unwrap(), Some(record));
        assert_eq!(read::<Record>(&kv, b"rec/2").unwrap(), None);
    }

    #[test]
    fn bytes_that_do_not_decode_are_corrupt() {
        let kv = MemoryStore::new();
        kv.put(b"rec/1", b"{not json").unwrap();
        assert!(matches!(read::<Record>(&kv, b"rec/1"), Err(StoreError::Corrupt { key, .. }) if key == "rec/1"));
    }

    #[test]
    fn values_json_cannot_hold_are_refused_before_writing() {
        // JSON object keys are strings: a map keyed by a sequence does not encode.
        let unencodable: BTreeMap<Vec<u8>, u8> = BTreeMap::from([(vec![1], 1)]);
        assert!(matches!(put(b"rec/1".to_vec(), &unencodable), Err(StoreError::Encode { key, .. }) if key == "rec/1"));
    }
}
