//! Conversations and their messages: sending (idempotent by client message id), history by
//! cursor, read marks and unread counts, closing.

use serde::Serialize;
use wakat_store::{json, WriteOp};

use crate::error::{ChatError, Result};
use crate::keys::{self, CONVERSATION, CONVERSATION_BY_CANDIDATE, CONVERSATION_BY_COMPANY, MESSAGE};
use crate::model::{Actor, Conversation, ConversationStatus, Message, Side};
use crate::record::{self, RECORD_VERSION};
use crate::store::{candidate_of, checked_side, company_of, ChatStore};
use crate::text::{is_valid_client_message_id, normalize_message_text};

/// Most messages one history page holds; larger asks are cut to it.
pub const MAX_HISTORY_PAGE: usize = 100;

/// The answer to a send.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SentMessage {
    /// The stored message: the new one, or the one first stored under the same client id.
    pub message: Message,
    /// Whether the client id was known, so nothing new was stored (a resend after a reconnect).
    pub duplicate: bool,
}

/// One page of history, newest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MessagePage {
    /// Messages, newest first.
    pub messages: Vec<Message>,
    /// The `before` of the next (older) page; `None` when this page reaches the first message.
    pub next_before: Option<u64>,
}

impl ChatStore {
    /// The conversations `actor` takes part in, the most recently active first.
    pub fn conversations(&self, board: &str, actor: &Actor) -> Result<Vec<Conversation>> {
        let board = keys::board(board)?;
        let prefix = match actor {
            Actor::Candidate { .. } => keys::prefix(CONVERSATION_BY_CANDIDATE, &[board, candidate_of(actor)?]),
            Actor::Company { .. } => keys::prefix(CONVERSATION_BY_COMPANY, &[board, company_of(actor)?.0]),
        };
        let mut conversations = Vec::new();
        for id in self.ids_under(&prefix)? {
            conversations.extend(self.load_conversation(board, &id)?);
        }
        conversations.sort_by(|a, b| b.last_message_at.cmp(&a.last_message_at).then_with(|| a.id.cmp(&b.id)));
        Ok(conversations)
    }

    /// One conversation of `actor`.
    pub fn conversation(&self, board: &str, actor: &Actor, conversation_id: &str) -> Result<Conversation> {
        checked_side(actor)?;
        self.conversation_for(board, actor, conversation_id)
    }

    /// Messages unread by `actor`'s side over all its conversations (the widget's badge).
    pub fn unread_total(&self, board: &str, actor: &Actor) -> Result<u64> {
        let side = checked_side(actor)?;
        Ok(self.conversations(board, actor)?.iter().map(|conversation| conversation.unread_for(side)).sum())
    }

    /// Sends a message as `actor`. The same `client_message_id` from the same side stores the
    /// message once: a resend answers the first stored message with `duplicate` (even after the
    /// conversation was closed, since the first one was acknowledged). The write is one commit
    /// (message, client id, conversation, unread index), durable before this returns.
    pub fn send_message(&self, board: &str, actor: &Actor, conversation_id: &str, client_message_id: &str, text: &str, now: i64) -> Result<SentMessage> {
        let board = keys::board(board)?;
        let side = checked_side(actor)?;
        if !is_valid_client_message_id(client_message_id) {
            return Err(ChatError::invalid("clientMessageId", "must be 1 to 64 characters without control characters"));
        }
        let conversation_id = keys::record_id("conversation", conversation_id)?;
        let _conversation_lock = self.conversations.lock(&[board, conversation_id]);
        let mut conversation = self.conversation_for(board, actor, conversation_id)?;
        let client_key = keys::client_message(board, conversation_id, side, client_message_id);
        if let Some(seq) = self.kv.get(&client_key)? {
            let seq = keys::decode_u64(&client_key, &seq)?;
            let message_key = keys::message(board, conversation_id, seq);
            let message = record::read(&*self.kv, &message_key)?.ok_or_else(|| ChatError::corrupt(&client_key, "names a missing message"))?;
            return Ok(SentMessage { message, duplicate: true });
        }
        let text = normalize_message_text(text)?;
        if !conversation.is_open() {
            return Err(ChatError::ConversationClosed);
        }
        let seq = conversation.last_seq + 1;
        let message = Message {
            v: RECORD_VERSION,
            seq,
            sender: side,
            sender_user_id: match actor {
                Actor::Company { user_id, .. } => Some(user_id.clone()),
                Actor::Candidate { .. } => None,
            },
            client_message_id: Some(client_message_id.to_string()),
            text: Some(text),
            sent_at: now,
            deleted_at: None,
        };
        conversation.last_seq = seq;
        conversation.last_message_at = now;
        let recipient = conversation.side_mut(side.other());
        recipient.unread += 1;
        recipient.first_unread_at.get_or_insert(now);
        self.commit(vec![
            json::put(keys::message(board, conversation_id, seq), &message)?,
            WriteOp::Put { key: client_key, value: seq.to_be_bytes().to_vec() },
            json::put(keys::key(CONVERSATION, &[board, conversation_id]), &conversation)?,
            WriteOp::Put { key: keys::unread(board, side.other(), conversation_id), value: Vec::new() },
        ])?;
        Ok(SentMessage { message, duplicate: false })
    }

    /// Messages with a seq below `before` (the newest when `None`), newest first, at most
    /// `page_size` (cut to 1..=[`MAX_HISTORY_PAGE`]).
    pub fn history(&self, board: &str, actor: &Actor, conversation_id: &str, before: Option<u64>, page_size: usize) -> Result<MessagePage> {
        checked_side(actor)?;
        let conversation = self.conversation_for(board, actor, conversation_id)?;
        let board = keys::board(board)?;
        let newest = before.map_or(conversation.last_seq, |before| before.saturating_sub(1).min(conversation.last_seq));
        if newest == 0 {
            return Ok(MessagePage { messages: Vec::new(), next_before: None });
        }
        let prefix = keys::prefix(MESSAGE, &[board, &conversation.id]);
        let start = keys::message(board, &conversation.id, newest);
        let messages: Vec<Message> = self
            .kv
            .scan_prefix_from(&prefix, &start)
            .take(page_size.clamp(1, MAX_HISTORY_PAGE))
            .map(|entry| entry.map_err(ChatError::from).and_then(|(key, value)| record::decode(&key, &value)))
            .collect::<Result<_>>()?;
        let next_before = messages.last().map(|oldest| oldest.seq).filter(|&seq| seq > 1);
        Ok(MessagePage { messages, next_before })
    }

    /// Marks every message up to `up_to_seq` read by `actor`'s side (a mark never moves back;
    /// a seq past the newest means the newest) and recounts what is left unread.
    pub fn mark_read(&self, board: &str, actor: &Actor, conversation_id: &str, up_to_seq: u64) -> Result<Conversation> {
        let board = keys::board(board)?;
        let side = checked_side(actor)?;
        let conversation_id = keys::record_id("conversation", conversation_id)?;
        let _conversation_lock = self.conversations.lock(&[board, conversation_id]);
        let mut conversation = self.conversation_for(board, actor, conversation_id)?;
        let up_to = up_to_seq.min(conversation.last_seq);
        if up_to <= conversation.side(side).read_seq {
            return Ok(conversation);
        }
        // Walk back from the newest message to the new mark: what the other side wrote there is
        // still unread, and the oldest of it dates the unread e-mail.
        let prefix = keys::prefix(MESSAGE, &[board, conversation_id]);
        let start = keys::message(board, conversation_id, conversation.last_seq);
        let (mut unread, mut first_unread_at) = (0, None);
        for entry in self.kv.scan_prefix_from(&prefix, &start) {
            let (key, value) = entry?;
            let message: Message = record::decode(&key, &value)?;
            if message.seq <= up_to {
                break;
            }
            if message.sender != side {
                unread += 1;
                first_unread_at = Some(message.sent_at);
            }
        }
        let state = conversation.side_mut(side);
        state.read_seq = up_to;
        state.unread = unread;
        state.first_unread_at = first_unread_at;
        let mut ops = vec![json::put(keys::key(CONVERSATION, &[board, conversation_id]), &conversation)?];
        if unread == 0 {
            ops.push(WriteOp::Delete { key: keys::unread(board, side, conversation_id) });
        }
        self.commit(ops)?;
        Ok(conversation)
    }

    /// Closes a conversation for both sides; closing a closed one changes nothing.
    pub fn close_conversation(&self, board: &str, actor: &Actor, conversation_id: &str, now: i64) -> Result<Conversation> {
        let board = keys::board(board)?;
        let side = checked_side(actor)?;
        let conversation_id = keys::record_id("conversation", conversation_id)?;
        let _conversation_lock = self.conversations.lock(&[board, conversation_id]);
        let mut conversation = self.conversation_for(board, actor, conversation_id)?;
        if conversation.is_open() {
            conversation.status = ConversationStatus::Closed { by: side, at: now };
            self.commit(vec![json::put(keys::key(CONVERSATION, &[board, conversation_id]), &conversation)?])?;
        }
        Ok(conversation)
    }

    /// The write that closes `conversation` as the candidate, when open (blocks and erasure).
    pub(crate) fn close_as_candidate(conversation: &mut Conversation, now: i64) -> bool {
        if conversation.is_open() {
            conversation.status = ConversationStatus::Closed { by: Side::Candidate, at: now };
            true
        } else {
            false
        }
    }
}
