//! The one error type of the crate, keeping the caller's mistakes apart from storage faults.

use wakat_store::StoreError;

/// Why an applications, redirects, favourites or history call failed.
///
/// The server maps the kinds to statuses: `NotFound` 404, `LimitReached` and `AlreadyApplied` 409, `TooManyIds` and
/// `InvalidInput` 400, `Store` and `Corrupt` 500 (cause logged, never shown).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ApplicationsError {
    /// No such record for this tenant and caller. Also answered when the record belongs to another
    /// candidate, so ids cannot be probed.
    #[error("{what} not found")]
    NotFound {
        /// What was looked for (`redirect`, `application`).
        what: &'static str,
    },
    /// The same person (e-mail identity or candidate) has a live application to the offer.
    #[error("an application to this offer was sent already")]
    AlreadyApplied {
        /// When the earlier application was sent (Unix seconds).
        at: i64,
    },
    /// A per-candidate cap is reached (favourites).
    #[error("at most {limit} {what}")]
    LimitReached {
        /// What is capped.
        what: &'static str,
        /// The cap.
        limit: usize,
    },
    /// More ids in one call than a batch takes.
    #[error("at most {max} ids per call, {given} given")]
    TooManyIds {
        /// Largest batch.
        max: usize,
        /// Ids given.
        given: usize,
    },
    /// An argument that cannot be used: a tenant, slug or id that cannot be part of a key, a page
    /// out of range, an empty client key.
    #[error("invalid {field}: {reason}")]
    InvalidInput {
        /// The argument.
        field: &'static str,
        /// What is wrong with it.
        reason: String,
    },
    /// An employer's status change the pipeline does not allow (answered 409).
    #[error("an application cannot move from {from} to {to}")]
    InvalidTransition {
        /// The current status.
        from: &'static str,
        /// The status asked for.
        to: &'static str,
    },
    /// The storage engine failed (the call may be retried), or a stored value is not JSON of its
    /// record ([`StoreError::Corrupt`]).
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A stored record has an unknown version, or a key is not ours; retrying will not help.
    #[error("stored value under `{key}` cannot be decoded: {reason}")]
    Corrupt {
        /// The key, lossily shown as UTF-8.
        key: String,
        /// What is wrong.
        reason: String,
    },
}

impl ApplicationsError {
    pub(crate) fn invalid(field: &'static str, reason: impl Into<String>) -> ApplicationsError {
        ApplicationsError::InvalidInput { field, reason: reason.into() }
    }

    pub(crate) fn corrupt(key: &[u8], reason: impl ToString) -> ApplicationsError {
        ApplicationsError::Corrupt { key: String::from_utf8_lossy(key).into_owned(), reason: reason.to_string() }
    }
}

/// Shorthand for this crate's results.
pub type Result<T, E = ApplicationsError> = std::result::Result<T, E>;
