//! Why the assistant's store refused a call.

use wakat_store::StoreError;

/// What went wrong; the server maps each reason to its code once.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AssistantStoreError {
    /// No message of that id in the conversation.
    #[error("there is no such message")]
    MessageNotFound,
    /// The message cannot be scored: an employer's message or the conversation's first
    /// assistant message.
    #[error("this message cannot be scored")]
    NotScorable,
    /// The message has its score already.
    #[error("this message has been scored already")]
    AlreadyScored,
    /// The company sent as many messages today (UTC) as the board allows.
    #[error("the company has sent {limit} messages to the assistant today")]
    DailyLimitReached {
        /// The limit.
        limit: u64,
    },
    /// A key segment or argument that cannot be stored.
    #[error("{field} {reason}")]
    InvalidInput {
        /// The argument.
        field: &'static str,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A stored record of an unknown version.
    #[error("{key}: {reason}")]
    Corrupt {
        /// The key, as text.
        key: String,
        /// What is wrong.
        reason: String,
    },
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Result of the store's calls.
pub type Result<T, E = AssistantStoreError> = std::result::Result<T, E>;
