//! The one error type of the crate. Each variant is stable: the server maps it to one status and
//! one API code (the wiring slice), so a variant is never renamed or given another meaning.

use wakat_store::StoreError;

use crate::model::RequestStatus;
use crate::profile::MissingPreference;
use crate::text::TextError;

/// Why a chat call failed.
///
/// Suggested mapping: `NotFound` 404; `InvalidInput`, `InvalidText` and `ProfileIncomplete` 400
/// (422 for the text); `DailyLimitReached` 429; `AlreadyRequested`, `RequestNotPending` and
/// `ConversationClosed` 409; `Store` and `Corrupt` 500 (cause logged, never shown).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ChatError {
    /// No such record for this board and this actor. Also answered for a record of another
    /// candidate, company or board, for a candidate who blocked the company, and for an actor of
    /// the wrong side, so nobody can probe what exists.
    #[error("{what} not found")]
    NotFound {
        /// What was looked for (`profile`, `candidate`, `request`, `conversation`, `message`).
        what: &'static str,
    },
    /// An argument that cannot be used: an id, board or offer id that cannot be part of a key, a
    /// client message id over 64 characters, a report note too long.
    #[error("invalid {field}: {reason}")]
    InvalidInput {
        /// The argument, by its wire name.
        field: &'static str,
        /// What is wrong with it.
        reason: String,
    },
    /// A message text (or a request's first message) that breaks a text rule.
    #[error("invalid message text: {0}")]
    InvalidText(#[from] TextError),
    /// A profile that cannot be saved: its preferences break a size or range rule.
    #[error("invalid preferences: {0}")]
    InvalidPreferences(#[from] wakat_core::FieldError),
    /// The candidate tried to open up to offers without the mandatory preferences.
    #[error("the matchmaking preferences are incomplete")]
    ProfileIncomplete {
        /// What is missing, in the widget's order.
        missing: Vec<MissingPreference>,
    },
    /// The company has sent as many conversation requests today (UTC) as its plan allows.
    #[error("at most {limit} conversation requests a day")]
    DailyLimitReached {
        /// The company's daily limit.
        limit: u32,
    },
    /// The company already asked this candidate about this offer and the request is still
    /// waiting, was accepted, or was declined (a candidate who said no is not asked again).
    #[error("this candidate was already asked about this offer ({status})")]
    AlreadyRequested {
        /// The status of the earlier request.
        status: RequestStatus,
    },
    /// Accepting or declining a request that is no longer waiting for an answer.
    #[error("the request is {status}, not waiting for an answer")]
    RequestNotPending {
        /// Its status now.
        status: RequestStatus,
    },
    /// A message to a closed conversation.
    #[error("the conversation is closed")]
    ConversationClosed,
    /// The storage engine failed (the call may be retried), or a stored value is not JSON of its
    /// record.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A stored record has an unknown version or a key is not ours; retrying will not help.
    #[error("stored value under `{key}` cannot be decoded: {reason}")]
    Corrupt {
        /// The key, lossily shown as UTF-8.
        key: String,
        /// What is wrong.
        reason: String,
    },
}

impl ChatError {
    pub(crate) fn not_found(what: &'static str) -> ChatError {
        ChatError::NotFound { what }
    }

    pub(crate) fn invalid(field: &'static str, reason: impl Into<String>) -> ChatError {
        ChatError::InvalidInput { field, reason: reason.into() }
    }

    pub(crate) fn corrupt(key: &[u8], reason: impl ToString) -> ChatError {
        ChatError::Corrupt { key: String::from_utf8_lossy(key).into_owned(), reason: reason.to_string() }
    }
}

/// Shorthand for this crate's results.
pub type Result<T, E = ChatError> = std::result::Result<T, E>;
