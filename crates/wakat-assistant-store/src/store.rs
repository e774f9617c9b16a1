//! [`AssistantStore`]: the conversations on the [`KvStore`] trait.

use std::sync::Arc;

use serde::de::DeserializeOwned;
use wakat_store::ids::random_hex;
use wakat_store::{json, KvStore, Stripes, WriteOp};

use crate::error::{AssistantStoreError, Result};
use crate::keys::ConversationKey;
use crate::model::{AssistantMessage, Conversation, Reply, StoredMessage, UserTurn, RECORD_VERSION};

/// The UTC day (days since 1970-01-01) of Unix seconds `now`.
pub fn utc_day(now: i64) -> i64 {
    now.div_euclid(86_400)
}

/// The assistant's conversations of every board.
pub struct AssistantStore {
    kv: Arc<dyn KvStore>,
    /// Per conversation: sequence numbers, scores, the proposal.
    conversations: Stripes,
    /// Per company: the daily count.
    companies: Stripes,
}

fn read<T: DeserializeOwned>(kv: &dyn KvStore, key: &[u8], version: impl Fn(&T) -> u32) -> Result<Option<T>> {
    let Some(record) = json::read::<T>(kv, key)? else { return Ok(None) };
    if version(&record) != RECORD_VERSION {
        return Err(AssistantStoreError::Corrupt {
            key: String::from_utf8_lossy(key).into_owned(),
            reason: format!("unknown record version {}", version(&record)),
        });
    }
    Ok(Some(record))
}

fn count(bytes: Option<Vec<u8>>) -> u64 {
    bytes.and_then(|bytes| <[u8; 8]>::try_from(bytes.as_slice()).ok()).map_or(0, u64::from_be_bytes)
}

/// The sequence number an id starts with (`{seq}-{random}`).
fn seq_of(id: &str) -> Option<u64> {
    id.split_once('-').and_then(|(seq, _)| seq.parse().ok())
}

fn new_message_id(seq: u64) -> String {
    format!("{seq}-{}", random_hex(6))
}

impl AssistantStore {
    /// The store over `kv`.
    pub fn new(kv: Arc<dyn KvStore>) -> AssistantStore {
        AssistantStore { kv, conversations: Stripes::new(), companies: Stripes::new() }
    }

    /// The conversation, if it has a message.
    pub fn conversation(&self, key: &ConversationKey) -> Result<Option<Conversation>> {
        read(&*self.kv, &key.conversation(), |record: &Conversation| record.v)
    }

    /// Every message of the conversation, oldest first.
    pub fn messages(&self, key: &ConversationKey) -> Result<Vec<AssistantMessage>> {
        Ok(self.stored_messages(key)?.iter().map(AssistantMessage::from).collect())
    }

    fn stored_messages(&self, key: &ConversationKey) -> Result<Vec<StoredMessage>> {
        let mut messages = Vec::new();
        for entry in self.kv.scan_prefix(&key.messages()) {
            let (entry_key, value) = entry?;
            let message: StoredMessage = json::decode(&entry_key, &value)?;
            if message.v != RECORD_VERSION {
                return Err(AssistantStoreError::Corrupt { key: String::from_utf8_lossy(&entry_key).into_owned(), reason: "unknown record version".into() });
            }
            messages.push(message);
        }
        Ok(messages)
    }

    /// User messages the company sent on `now`'s UTC day.
    pub fn used_today(&self, key: &ConversationKey, now: i64) -> Result<u64> {
        Ok(count(self.kv.get(&key.day(utc_day(now)))?))
    }

    /// Stores the assistant's greeting as the conversation's first message, unless it has a
    /// message already (two tabs opening it at once greet once); answers the greeting stored.
    pub fn greet(&self, key: &ConversationKey, content: &str, now: i64) -> Result<Option<AssistantMessage>> {
        let _guard = self.conversations.lock(&key.parts());
        if self.conversation(key)?.is_some() {
            return Ok(None);
        }
        let message = StoredMessage {
            v: RECORD_VERSION,
            id: new_message_id(1),
            seq: 1,
            content: content.to_owned(),
            is_user: false,
            timestamp: now,
            score: None,
            scorable: false,
        };
        let conversation = Conversation {
            v: RECORD_VERSION,
            created_at: now,
            updated_at: now,
            last_seq: 1,
            has_assistant_message: true,
            proposal: None,
            proposal_message_id: None,
        };
        self.kv.commit(vec![json::put(key.message(1), &message)?, json::put(key.conversation(), &conversation)?])?;
        Ok(Some(AssistantMessage::from(&message)))
    }

    /// Stores the employer's message, counting it in the company's day (at most `per_day`), and
    /// reserves the answer's place. Durable when it returns.
    pub fn add_user_message(&self, key: &ConversationKey, text: &str, now: i64, per_day: u64) -> Result<UserTurn> {
        let _company = self.companies.lock(&[key.board(), key.company()]);
        let _conversation = self.conversations.lock(&key.parts());
        let day_key = key.day(utc_day(now));
        let used = count(self.kv.get(&day_key)?);
        if used >= per_day {
            return Err(AssistantStoreError::DailyLimitReached { limit: per_day });
        }
        let mut conversation = self.conversation(key)?.unwrap_or(Conversation {
            v: RECORD_VERSION,
            created_at: now,
            updated_at: now,
            last_seq: 0,
            has_assistant_message: false,
            proposal: None,
            proposal_message_id: None,
        });
        let seq = conversation.last_seq + 1;
        let reply_seq = seq + 1;
        conversation.last_seq = reply_seq;
        conversation.updated_at = now;
        let message = StoredMessage {
            v: RECORD_VERSION,
            id: new_message_id(seq),
            seq,
            content: text.to_owned(),
            is_user: true,
            timestamp: now,
            score: None,
            scorable: false,
        };
        let mut ops = vec![
            json::put(key.message(seq), &message)?,
            json::put(key.conversation(), &conversation)?,
            WriteOp::Put { key: day_key.clone(), value: (used + 1).to_be_bytes().to_vec() },
        ];
        // Yesterday's counts are of no use any more.
        for entry in self.kv.scan_prefix(&key.days()) {
            let (old, _) = entry?;
            if old != day_key {
                ops.push(WriteOp::Delete { key: old });
            }
        }
        self.kv.commit(ops)?;
        Ok(UserTurn { message: AssistantMessage::from(&message), reply_id: new_message_id(reply_seq), reply_seq, used_today: used + 1 })
    }

    /// Stores a complete answer (and its proposal as the conversation's last). Durable when it
    /// returns.
    pub fn add_reply(&self, key: &ConversationKey, reply: Reply) -> Result<AssistantMessage> {
        let _guard = self.conversations.lock(&key.parts());
        let mut conversation = self.conversation(key)?.ok_or(AssistantStoreError::MessageNotFound)?;
        let message = StoredMessage {
            v: RECORD_VERSION,
            id: reply.id,
            seq: reply.seq,
            content: reply.content,
            is_user: false,
            timestamp: reply.now,
            score: None,
            scorable: conversation.has_assistant_message,
        };
        conversation.has_assistant_message = true;
        conversation.updated_at = reply.now;
        conversation.last_seq = conversation.last_seq.max(reply.seq);
        if let Some(proposal) = reply.proposal {
            conversation.proposal = Some(proposal);
            conversation.proposal_message_id = Some(message.id.clone());
        }
        self.kv.commit(vec![json::put(key.message(message.seq), &message)?, json::put(key.conversation(), &conversation)?])?;
        Ok(AssistantMessage::from(&message))
    }

    /// Scores an assistant message once: 1 or -1.
    pub fn score(&self, key: &ConversationKey, message_id: &str, score: i8) -> Result<AssistantMessage> {
        if score != 1 && score != -1 {
            return Err(AssistantStoreError::InvalidInput { field: "score", reason: "must be 1 or -1" });
        }
        let seq = seq_of(message_id).ok_or(AssistantStoreError::MessageNotFound)?;
        let _guard = self.conversations.lock(&key.parts());
        let message_key = key.message(seq);
        let mut message = read(&*self.kv, &message_key, |record: &StoredMessage| record.v)?
            .filter(|message| message.id == message_id)
            .ok_or(AssistantStoreError::MessageNotFound)?;
        if !message.scorable {
            return Err(AssistantStoreError::NotScorable);
        }
        if message.score.is_some() {
            return Err(AssistantStoreError::AlreadyScored);
        }
        message.score = Some(score);
        self.kv.commit(vec![json::put(message_key, &message)?])?;
        Ok(AssistantMessage::from(&message))
    }

    /// Removes the conversation and its messages (the offer was deleted).
    pub fn erase(&self, key: &ConversationKey) -> Result<()> {
        let _guard = self.conversations.lock(&key.parts());
        let mut ops = vec![WriteOp::Delete { key: key.conversation() }];
        for entry in self.kv.scan_prefix(&key.messages()) {
            ops.push(WriteOp::Delete { key: entry?.0 });
        }
        Ok(self.kv.commit(ops)?)
    }
}
