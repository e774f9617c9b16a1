//! What every stored record of this crate shares: the version check on top of the store's JSON
//! codec ([`wakat_store::json`]).

use serde::de::DeserializeOwned;
use wakat_store::KvStore;

use crate::error::{ChatError, Result};
pub(crate) use crate::version::{Versioned, RECORD_VERSION};

/// Decodes a record and checks its version.
pub(crate) fn decode<T: DeserializeOwned + Versioned>(key: &[u8], value: &[u8]) -> Result<T> {
    let record: T = wakat_store::json::decode(key, value)?;
    if record.version() != RECORD_VERSION {
        return Err(ChatError::corrupt(key, format!("unknown record version {}", record.version())));
    }
    Ok(record)
}

/// The record under `key`, if any, version checked.
pub(crate) fn read<T: DeserializeOwned + Versioned>(kv: &dyn KvStore, key: &[u8]) -> Result<Option<T>> {
    kv.get(key)?.map(|bytes| decode(key, &bytes)).transpose()
}
