//! What every stored record shares: the JSON codec with its version check, random ids, and the
//! time format of exports.

use rand::Rng;
use serde::de::DeserializeOwned;
use serde::Serialize;
use wakat_store::StoreError;

use crate::error::{ApplicationsError, Result};

/// Version written into every record (`"v": 1`). A reader meeting another version refuses it as
/// corrupt instead of guessing, so a later shape change adds a migration or a new arm here.
pub(crate) const RECORD_VERSION: u32 = 1;

/// Length of an id: 128 random bits as lowercase hex.
pub(crate) const ID_CHARS: usize = 32;

/// Returns a new unguessable id: 128 bits from the thread's CSPRNG, as 32 lowercase hex digits.
/// Ids are never sequential, so knowing one tells nothing about another.
pub(crate) fn new_id() -> String {
    format!("{:032x}", rand::rng().random::<u128>())
}

/// Whether `id` has the shape of an id this crate hands out; anything else cannot exist.
pub(crate) fn is_id(id: &str) -> bool {
    id.len() == ID_CHARS && id.bytes().all(|byte| byte.is_ascii_digit() || (b'a'..=b'f').contains(&byte))
}

/// Every record carries its version in `v`.
pub(crate) trait Versioned {
    fn version(&self) -> u32;
}

/// Encodes a record as JSON.
pub(crate) fn encode<T: Serialize>(key: &[u8], record: &T) -> Result<Vec<u8>> {
    serde_json::to_vec(record).map_err(|error| StoreError::Encode { key: String::from_utf8_lossy(key).into_owned(), reason: error.to_string() }.into())
}

/// Decodes a record and checks its version.
pub(crate) fn decode<T: DeserializeOwned + Versioned>(key: &[u8], value: &[u8]) -> Result<T> {
    let record: T = serde_json::from_slice(value).map_err(|error| ApplicationsError::corrupt(key, error))?;
    if record.version() != RECORD_VERSION {
        return Err(ApplicationsError::corrupt(key, format!("unknown record version {}", record.version())));
    }
    Ok(record)
}

/// Formats Unix seconds as RFC 3339 for exports a person reads; an impossible time stays a number.
pub(crate) fn rfc3339(at: i64) -> serde_json::Value {
    time::OffsetDateTime::from_unix_timestamp(at)
        .ok()
        .and_then(|time| time.format(&time::format_description::well_known::Rfc3339).ok())
        .map_or_else(|| serde_json::Value::from(at), serde_json::Value::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_random_hex_of_128_bits() {
        let first = new_id();
        let second = new_id();
        assert!(is_id(&first) && is_id(&second));
        assert_ne!(first, second);
        assert!(!is_id("0123"));
        assert!(!is_id(&"G".repeat(ID_CHARS)));
    }

    #[test]
    fn times_export_as_rfc3339() {
        assert_eq!(rfc3339(1_700_000_000), serde_json::json!("2023-11-14T22:13:20Z"));
        assert_eq!(rfc3339(i64::MAX), serde_json::json!(i64::MAX));
    }
}
