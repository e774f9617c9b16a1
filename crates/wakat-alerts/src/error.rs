//! Errors of the alerts domain; the server maps each to one stable API code (the spec's error
//! catalogue names the 409 messages).

use wakat_store::StoreError;

/// Why an alerts call failed.
#[derive(Debug, thiserror::Error)]
pub enum AlertsError {
    /// The owner already saved a search with the same canonical filters.
    #[error("Job filter already exists")]
    FilterExists,
    /// The saved search already has an alert (enabled, or waiting for its activation link).
    #[error("Job alert already exists")]
    AlertExists,
    /// The guest already has an active alert for these filters.
    #[error("Job filter with active job alert already exists")]
    ActiveAlertExists,
    /// A guest asked to create a candidate profile for an e-mail that has one.
    #[error("Candidate profile already exists")]
    ProfileExists,
    /// A guest alert for an e-mail that has a candidate account: its owner logs in instead.
    #[error("the e-mail has a candidate account")]
    AccountExists,
    /// The owner keeps as many saved searches as allowed.
    #[error("at most {0} saved searches")]
    LimitReached(usize),
    /// No such saved search of this owner.
    #[error("there is no such saved search")]
    FilterNotFound,
    /// The saved search has no alert.
    #[error("the saved search has no alert")]
    AlertNotFound,
    /// The activation link was already used: the alert is active.
    #[error("the alert is already active")]
    AlreadyActive,
    /// The activation link is right but too old.
    #[error("the link has expired")]
    LinkExpired,
    /// A code that does not belong to this alert (or any).
    #[error("the code is not valid")]
    InvalidCode,
    /// A field that breaks a rule of section 5; `code` is the spec's message key.
    #[error("{field}: {message}")]
    Invalid {
        /// Wire name of the field.
        field: &'static str,
        /// The spec's key (`fieldRequired`, `invalidCharactersError`, `maxValueError`, `invalidEmail`).
        code: wakat_core::ErrorCode,
        /// The Polish message.
        message: String,
    },
    /// A filter the list's parser refuses.
    #[error("{0}")]
    Filter(#[from] wakat_core::FieldError),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Result of the alerts domain.
pub type Result<T, E = AlertsError> = std::result::Result<T, E>;
