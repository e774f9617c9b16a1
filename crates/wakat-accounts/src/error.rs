//! Errors of the accounts domain; the server maps each to one stable API code.

use wakat_core::ErrorCode;
use wakat_store::StoreError;

/// Why an accounts call failed.
#[derive(Debug, thiserror::Error)]
pub enum AccountsError {
    /// E-mail and password do not match an account (the same answer whether or not the e-mail is known).
    #[error("the e-mail or the password is wrong")]
    InvalidCredentials,
    /// The account exists and the password is right, but the e-mail is not confirmed yet.
    #[error("the e-mail address is not confirmed yet")]
    EmailNotConfirmed,
    /// A one-time token that is unknown, used, expired or meant for something else.
    #[error("the link is invalid or has expired")]
    InvalidToken,
    /// The new e-mail belongs to another account of the board.
    #[error("another account uses this e-mail")]
    EmailTaken,
    /// A field that breaks a rule; `field` is its wire name.
    #[error("{field}: {message}")]
    Invalid {
        /// Wire name of the field.
        field: &'static str,
        /// Stable code of the rule.
        code: ErrorCode,
        /// Explanation.
        message: String,
    },
    /// The account or the document does not exist (or belongs to someone else).
    #[error("not found")]
    NotFound,
    /// More documents than an account may keep.
    #[error("an account keeps at most {0} documents")]
    TooManyDocuments(usize),
    /// Password hashing failed (bad parameters); never the user's fault.
    #[error("password hashing: {0}")]
    Hashing(String),
    /// Stored records contradict each other (an id taken twice); a record that does not decode is
    /// a [`StoreError::Corrupt`].
    #[error("corrupt record under {key}: {message}")]
    Corrupt {
        /// The key read.
        key: String,
        /// The decoder's message.
        message: String,
    },
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl AccountsError {
    pub(crate) fn invalid(field: &'static str, code: ErrorCode, message: impl Into<String>) -> AccountsError {
        AccountsError::Invalid { field, code, message: message.into() }
    }
}
