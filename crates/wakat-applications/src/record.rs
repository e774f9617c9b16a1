//! What every stored record of this crate shares: the version check on top of the store's JSON
//! codec ([`wakat_store::json`]), and the time format of exports.

use serde::de::DeserializeOwned;

use crate::error::{ApplicationsError, Result};

/// Version written into every record (`"v": 1`). A reader meeting another version refuses it as
/// corrupt instead of guessing, so a later shape change adds a migration or a new arm here.
pub(crate) const RECORD_VERSION: u32 = 1;

/// Every record carries its version in `v`.
pub(crate) trait Versioned {
    fn version(&self) -> u32;
}

/// Decodes a record and checks its version.
pub(crate) fn decode<T: DeserializeOwned + Versioned>(key: &[u8], value: &[u8]) -> Result<T> {
    let record: T = wakat_store::json::decode(key, value)?;
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
    fn times_export_as_rfc3339() {
        assert_eq!(rfc3339(1_700_000_000), serde_json::json!("2023-11-14T22:13:20Z"));
        assert_eq!(rfc3339(i64::MAX), serde_json::json!(i64::MAX));
    }
}
