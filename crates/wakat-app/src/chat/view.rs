//! A conversation as one side sees it: what the service answers and the live events carry (a file
//! of its own, below both the service and its events).

use wakat_chat::{Conversation, Message, Side};

/// A conversation as one side sees it: the record, the offer's current slug (when the offer is
/// still on the board) and its newest message.
#[derive(Debug, Clone, PartialEq)]
pub struct ChatConversation {
    /// The record, with both sides' read marks.
    pub conversation: Conversation,
    /// Whose view it is (`mine`, `unread`, `readSeq` are this side's).
    pub viewer: Side,
    /// The slug of the offer talked about, while the board has it.
    pub offer_slug: Option<String>,
    /// The newest message (a tombstone once erased).
    pub last_message: Option<Message>,
}

impl ChatConversation {
    /// The same conversation as the other side sees it.
    pub fn for_side(&self, viewer: Side) -> ChatConversation {
        ChatConversation { viewer, ..self.clone() }
    }
}
