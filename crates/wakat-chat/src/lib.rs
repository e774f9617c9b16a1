//! The chat between passive candidates and employers, as a domain: passive profiles
//! ([`PassiveProfile`]), the match score of a profile against an offer ([`match_score`]),
//! conversation requests, conversations and messages, blocks and reports, erasure, and the
//! bookkeeping of the unread-message e-mail, all in [`ChatStore`] on the
//! [`wakat_store::KvStore`] trait. No HTTP and no real-time transport: the server maps
//! [`ChatError`] to its codes, and the hub (`wakat-hub`) delivers what this crate stored.
//!
//! # Invariants
//!
//! - **Who acts is always given.** Every read and write takes the board and an [`Actor`] (a
//!   candidate account, or a company with the acting user) and answers [`ChatError::NotFound`]
//!   for anything of another candidate, company or board, exactly as for a missing record, so
//!   nothing can be probed. Employers see a candidate only through [`AnonymousCandidate`] and a
//!   random reference until the candidate accepts and shares what they choose.
//! - **Acknowledged means durable.** Every write is one [`wakat_store::KvStore::commit`]
//!   (atomic transaction, then flush) before the call returns: a message, its client id, its
//!   conversation's counters and the unread index land together or not at all.
//! - **A message is stored once.** A `client_message_id` is unique per conversation and side; a
//!   resend answers the message first stored. Sequence numbers are 1, 2, 3... per conversation,
//!   decided under the conversation's lock.
//! - **Race-free rules without compare-and-swap.** Relations (profiles, requests, blocks,
//!   erasure) are written under one lock, messages and read marks under a striped lock per
//!   conversation; a writer taking both takes the relations lock first.
//! - **Versioned JSON records** (camelCase, `"v": 1`), refused as corrupt with another version.
//!
//! # Key layout
//!
//! | key                                                           | value                          |
//! |---------------------------------------------------------------|--------------------------------|
//! | `chat-profile/{board}/{candidate}`                            | [`PassiveProfile`]             |
//! | `chat-profile-ref/{board}/{public id}`                        | candidate account id           |
//! | `chat-request/{board}/{id}`                                   | [`ConversationRequest`]        |
//! | `chat-request-of/{board}/{company}/{candidate}/{offer}`       | id of the latest request       |
//! | `chat-request-by-candidate/{board}/{candidate}/{id}`          | empty                          |
//! | `chat-request-by-company/{board}/{company}/{id}`              | empty                          |
//! | `chat-request-day/{board}/{company}/{days since 1970}`        | requests sent that UTC day, u64 big-endian |
//! | `chat-block/{board}/{candidate}/{company}`                    | [`Block`]                      |
//! | `chat-conversation/{board}/{id}`                              | [`Conversation`] with read marks |
//! | `chat-conversation-by-candidate/{board}/{candidate}/{id}`     | empty                          |
//! | `chat-conversation-by-company/{board}/{company}/{id}`         | empty                          |
//! | `chat-message/{board}/{conversation}/{u64::MAX - seq:020}`    | [`Message`] (newest first under an ascending scan) |
//! | `chat-client-message/{board}/{conversation}/{side}/{hex id}`  | seq, u64 big-endian            |
//! | `chat-unread/{board}/{side}/{conversation}`                   | empty: that side has unread messages |
//! | `chat-report/{board}/{conversation}/{seq}/{side}`             | [`Report`]                     |
//! | `chat-mail-off/{board}/{account}`                             | empty: no unread-message e-mails to that account |
//!
//! Times are Unix seconds passed in by the caller (`now`), so tests control the clock.
#![warn(missing_docs)]

mod conversations;
mod erasure;
mod error;
mod keys;
mod model;
mod notify;
mod profile;
mod record;
mod requests;
mod safety;
pub mod score;
mod store;
pub mod text;
mod version;

pub use conversations::{MessagePage, SentMessage, MAX_HISTORY_PAGE};
pub use erasure::ErasedChat;
pub use error::{ChatError, Result};
pub use model::REQUEST_TTL_SECS;
pub use model::{
    Actor, Block, Conversation, ConversationRequest, ConversationStatus, Invite, InviteEmployer, InviteOffer, Message, Report, ReportReason, RequestStatus,
    SentRequest, SharedContact, Side, SideState,
};
pub use notify::{MailDue, MailPolicy};
pub use profile::{AnonymousCandidate, MissingPreference, PassiveProfile, ProfileInput, MAX_PROFILE_CATEGORIES};
pub use requests::{utc_day, NewRequest, MAX_SHARED_FIELD_CHARS};
pub use safety::{Complaint, MAX_REPORT_NOTE_CHARS};
pub use score::{match_score, rank_candidates, Criterion, CriterionScore, MatchScore};
pub use store::{ChatStore, RankedCandidate};
pub use text::{normalize_message_text, TextError, MAX_MESSAGE_CHARS};

#[cfg(test)]
mod testing;
#[cfg(test)]
mod tests;
