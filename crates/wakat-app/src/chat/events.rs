//! The live events of the chat: what the service tells the transport after each acknowledged
//! write, so every open tab of both sides sees it at once. The server implements [`ChatEvents`]
//! with the hub; nothing here knows how they travel.

use wakat_chat::{Invite, Message};

use super::view::ChatConversation;

/// Who an event is for: one candidate (every open tab of theirs), or every user of a company.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Recipient {
    /// A candidate, by account id.
    Candidate(String),
    /// A company (its owner and recruiters alike), by company id.
    Company(String),
}

/// What happened, as the recipient sees it.
#[derive(Debug, Clone, PartialEq)]
pub enum ChatEvent {
    /// A message was stored (`messageReceived`); `conversation.viewer` is the recipient's side,
    /// so `mine` is from their point of view. Sent to both sides, the sender's tabs included.
    MessageReceived {
        /// The conversation after the message.
        conversation: ChatConversation,
        /// The message.
        message: Message,
    },
    /// Read marks moved, the conversation closed or opened (`conversationUpdated`).
    ConversationUpdated(ChatConversation),
    /// A company asked the candidate (`inviteReceived`).
    InviteReceived(Invite),
    /// The recipient's unread total over all its conversations (`unreadChanged`).
    UnreadChanged {
        /// Messages of the other sides not read yet.
        unread_total: u64,
    },
}

/// Delivers live events; a delivery never fails the write that caused it (it is acknowledged
/// already): the hub drops what it cannot deliver and clients re-read on reconnect.
pub trait ChatEvents: Send + Sync {
    /// Sends `event` to `to`'s open connections of `board`.
    fn publish(&self, board: &str, to: &Recipient, event: ChatEvent);
}

/// No live delivery (tests of the rules, the CLI).
pub struct NoEvents;

impl ChatEvents for NoEvents {
    fn publish(&self, _board: &str, _to: &Recipient, _event: ChatEvent) {}
}
