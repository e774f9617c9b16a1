//! The one error type of the store, keeping the caller's mistakes apart from engine faults.

/// Why a store operation failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// The storage engine failed (IO, lock, internal fault); the operation may be retried.
    #[error("storage engine failed: {0}")]
    Engine(String),
    /// A stored value cannot be decoded; retrying will not help.
    #[error("stored value under `{key}` cannot be decoded: {reason}")]
    Corrupt {
        /// The key of the value, lossily shown as UTF-8.
        key: String,
        /// What is wrong with the value.
        reason: String,
    },
    /// A tenant, slug or meta name cannot be part of a key (empty, contains '/', or reserved).
    #[error("invalid key: {0}")]
    InvalidKey(String),
    /// A value cannot be encoded, so nothing was written.
    #[error("value for `{key}` cannot be encoded: {reason}")]
    Encode {
        /// The key the value was meant for.
        key: String,
        /// Why the encoder refused the value.
        reason: String,
    },
}

impl StoreError {
    /// Builds a [`StoreError::Corrupt`] for the value under `key`.
    pub(crate) fn corrupt(key: &[u8], reason: impl ToString) -> StoreError {
        StoreError::Corrupt { key: String::from_utf8_lossy(key).into_owned(), reason: reason.to_string() }
    }

    /// Builds a [`StoreError::Encode`] for a value meant for `key`.
    pub(crate) fn encode(key: &[u8], reason: impl ToString) -> StoreError {
        StoreError::Encode { key: String::from_utf8_lossy(key).into_owned(), reason: reason.to_string() }
    }
}
