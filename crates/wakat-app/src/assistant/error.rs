//! Why the assistant refused a call; the server maps each reason to its code once
//! (`wakat-server`'s `error/assistant.rs`), for the hub's refusals and REST alike.

use wakat_assistant_store::AssistantStoreError;

/// The assistant's refusals.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AssistantError {
    /// `SendMessage` or `ScoreMessage` before `UpdateContextV2`.
    #[error("open a job ad first (UpdateContextV2)")]
    NoContext,
    /// A message while the previous answer of the conversation is still streaming.
    #[error("the assistant is still answering the previous message")]
    Busy,
    /// The company's per-minute or per-day limit, or the provider's.
    #[error("too many messages to the assistant; try again in {retry_after_secs} s")]
    RateLimited {
        /// Seconds until a message is accepted again.
        retry_after_secs: u64,
    },
    /// The message has its score already.
    #[error("this message has been scored already")]
    AlreadyScored,
    /// An employer's message or the conversation's first assistant message.
    #[error("only the assistant's answers can be scored, not its greeting")]
    NotScorable,
    /// No such message in the conversation.
    #[error("there is no such message in this conversation")]
    MessageNotFound,
    /// A message text that is empty or too long.
    #[error("the message must have 1 to {max} characters")]
    InvalidText {
        /// The longest text.
        max: usize,
    },
    /// An argument that cannot be used.
    #[error("{field} {reason}")]
    InvalidInput {
        /// The argument.
        field: &'static str,
        /// What is wrong.
        reason: String,
    },
    /// The brain failed (the provider is down).
    #[error("the assistant is unavailable: {0}")]
    Unavailable(String),
    /// The store failed.
    #[error(transparent)]
    Store(wakat_store::StoreError),
    /// A stored record cannot be read.
    #[error("a stored conversation cannot be read: {0}")]
    Corrupt(String),
}

impl From<AssistantStoreError> for AssistantError {
    fn from(error: AssistantStoreError) -> AssistantError {
        match error {
            AssistantStoreError::MessageNotFound => AssistantError::MessageNotFound,
            AssistantStoreError::NotScorable => AssistantError::NotScorable,
            AssistantStoreError::AlreadyScored => AssistantError::AlreadyScored,
            AssistantStoreError::DailyLimitReached { .. } => {
                AssistantError::RateLimited { retry_after_secs: super::limits::seconds_to_utc_midnight(wakat_engine::now()) }
            }
            AssistantStoreError::InvalidInput { field, reason } => AssistantError::InvalidInput { field, reason: reason.to_owned() },
            AssistantStoreError::Store(store) => AssistantError::Store(store),
            other => AssistantError::Corrupt(other.to_string()),
        }
    }
}
