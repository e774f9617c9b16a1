//! The job-ad assistant's conversations as stored records (issue 26): one conversation per
//! board, company and offer (the offer form's slug, a draft or a published offer), its messages
//! with their scores, the last proposal, and the company's count of messages per UTC day. No
//! HTTP, no hub and no brain: `wakat-app`'s assistant service decides who may call what.
//!
//! # Invariants
//!
//! - **Scoped by company.** Every call takes a [`ConversationKey`] (board, company, offer slug)
//!   that the caller built from the acting principal, never from a request: another company's
//!   conversation is another key, so it cannot be read or scored.
//! - **Acknowledged means durable.** Every write is one [`wakat_store::KvStore::commit`]
//!   (atomic transaction, then flush): a user message, the conversation's counters and the
//!   company's daily count land together or not at all.
//! - **Sequence numbers under a striped lock** per conversation (the store has no
//!   compare-and-swap); the daily count is read and written under the company's stripe.
//! - **Scores:** once per message, assistant messages only, never the conversation's first
//!   assistant message (its greeting): `scorable` is decided when the message is stored.
//! - **Versioned JSON records** (camelCase, `"v": 1`), refused as corrupt with another version.
//!
//! # Key layout
//!
//! | key                                                      | value                          |
//! |----------------------------------------------------------|--------------------------------|
//! | `assistant-conversation/{board}/{company}/{offer slug}`  | [`Conversation`]               |
//! | `assistant-message/{board}/{company}/{offer slug}/{seq:020}` | [`StoredMessage`] (oldest first) |
//! | `assistant-day/{board}/{company}/{days since 1970}`      | user messages that UTC day, u64 big-endian |
#![warn(missing_docs)]

mod error;
mod keys;
mod model;
mod store;

pub use error::{AssistantStoreError, Result};
pub use keys::ConversationKey;
pub use model::{AssistantMessage, Conversation, Reply, StoredMessage, UserTurn};
pub use store::{utc_day, AssistantStore};

#[cfg(test)]
mod tests;
