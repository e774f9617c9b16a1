//! The stored records and what callers get back.

use serde::{Deserialize, Serialize};
use wakat_assistant::ProposedAd;

/// Version written into every record (`"v": 1`); another version is refused as corrupt.
pub(crate) const RECORD_VERSION: u32 = 1;

/// A conversation about one offer of one company.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Conversation {
    /// Record version.
    pub v: u32,
    /// When its first message was stored (Unix seconds).
    pub created_at: i64,
    /// When its last message was stored.
    pub updated_at: i64,
    /// The last sequence number given (stored or reserved for an answer being written).
    pub last_seq: u64,
    /// Whether an assistant message is stored already (the first one cannot be scored).
    pub has_assistant_message: bool,
    /// The last proposal made in the conversation.
    pub proposal: Option<ProposedAd>,
    /// The message that carried it.
    pub proposal_message_id: Option<String>,
}

/// A message as stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredMessage {
    /// Record version.
    pub v: u32,
    /// `{seq}-{random}`: the position in the conversation and a part nobody can guess.
    pub id: String,
    /// 1, 2, 3… in the conversation (gaps where an answer was never completed).
    pub seq: u64,
    /// The text.
    pub content: String,
    /// Written by the employer.
    pub is_user: bool,
    /// When it was stored (Unix seconds).
    pub timestamp: i64,
    /// The employer's score: 1 or -1.
    pub score: Option<i8>,
    /// Whether it may be scored (an assistant message other than the first).
    pub scorable: bool,
}

/// A message as the service and the hub show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssistantMessage {
    /// Its id.
    pub id: String,
    /// The text.
    pub content: String,
    /// Written by the employer.
    pub is_user: bool,
    /// Unix seconds.
    pub timestamp: i64,
    /// 1, -1, or none yet.
    pub score: Option<i8>,
    /// Whether it may be scored now: scorable and not scored yet.
    pub scorable: bool,
}

impl From<&StoredMessage> for AssistantMessage {
    fn from(stored: &StoredMessage) -> AssistantMessage {
        AssistantMessage {
            id: stored.id.clone(),
            content: stored.content.clone(),
            is_user: stored.is_user,
            timestamp: stored.timestamp,
            score: stored.score,
            scorable: stored.scorable && stored.score.is_none(),
        }
    }
}

/// The employer's message as stored, and the place reserved for the answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserTurn {
    /// The stored message.
    pub message: AssistantMessage,
    /// The answer's id, known before it is written (the message start event carries it).
    pub reply_id: String,
    /// The answer's sequence number.
    pub reply_seq: u64,
    /// User messages of the company that UTC day, this one included.
    pub used_today: u64,
}

/// An answer to store once it is complete.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    /// The id reserved by [`UserTurn`].
    pub id: String,
    /// The sequence number reserved by [`UserTurn`].
    pub seq: u64,
    /// The whole text streamed.
    pub content: String,
    /// The proposal made in it, if any.
    pub proposal: Option<ProposedAd>,
    /// Unix seconds.
    pub now: i64,
}
