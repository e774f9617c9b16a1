//! What both sides do in a conversation: list and read them, page the history, send messages,
//! mark them read, close. Each write is acknowledged once durable (the domain's commit), then
//! pushed live to both sides through [`super::ChatEvents`].

use wakat_chat::{Message, Side};
use wakat_engine::Tenant;

use super::{ChatConversation, ChatEvent, ChatService};
use crate::error::Result;
use crate::Principal;

/// One page of a conversation's history.
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryPage {
    /// Whose view it is (`mine`).
    pub viewer: Side,
    /// Messages, oldest first.
    pub messages: Vec<Message>,
    /// The `before` of the next, older page; `None` at the first message.
    pub next_before: Option<u64>,
}

/// The answer to a send.
#[derive(Debug, Clone, PartialEq)]
pub struct SentChatMessage {
    /// The stored message (the first one, for a resend of the same client message id).
    pub message: Message,
    /// Whether the client message id was known: nothing new was stored, nothing pushed.
    pub duplicate: bool,
    /// The conversation after it, as the sender's side sees it.
    pub conversation: ChatConversation,
}

impl ChatService {
    /// The caller's conversations, the most recently active first, with the caller's unread total.
    pub fn conversations(&self, tenant: &Tenant, principal: &Principal) -> Result<(Vec<ChatConversation>, u64)> {
        let actor = self.actor(tenant, principal)?;
        let board = &tenant.settings.slug;
        let conversations = self.chat.conversations(board, &actor)?;
        let unread_total = conversations.iter().map(|conversation| conversation.unread_for(actor.side())).sum();
        let views = conversations.into_iter().map(|conversation| self.view(board, &actor, conversation)).collect::<Result<_>>()?;
        Ok((views, unread_total))
    }

    /// One conversation of the caller.
    pub fn conversation(&self, tenant: &Tenant, principal: &Principal, id: &str) -> Result<ChatConversation> {
        let actor = self.actor(tenant, principal)?;
        let board = &tenant.settings.slug;
        let conversation = self.chat.conversation(board, &actor, id)?;
        self.view(board, &actor, conversation)
    }

    /// Messages before `before` (the newest when `None`), oldest first, at most `page_size`.
    pub fn history(&self, tenant: &Tenant, principal: &Principal, id: &str, before: Option<u64>, page_size: usize) -> Result<HistoryPage> {
        let actor = self.actor(tenant, principal)?;
        let page = self.chat.history(&tenant.settings.slug, &actor, id, before, page_size)?;
        let mut messages = page.messages;
        messages.reverse();
        Ok(HistoryPage { viewer: actor.side(), messages, next_before: page.next_before })
    }

    /// Sends a message; a resend of the same `client_message_id` answers the first one
    /// (`duplicate`) and pushes nothing. In maintenance: [`crate::AppError::ChatMaintenance`].
    pub fn send_message(&self, tenant: &Tenant, principal: &Principal, id: &str, client_message_id: &str, text: &str) -> Result<SentChatMessage> {
        let actor = self.actor(tenant, principal)?;
        self.ensure_writable(tenant)?;
        let board = &tenant.settings.slug;
        let sent = self.chat.send_message(board, &actor, id, client_message_id, text, self.clock.now())?;
        let conversation = self.chat.conversation(board, &actor, id)?;
        let view = ChatConversation { last_message: Some(sent.message.clone()), ..self.view(board, &actor, conversation)? };
        if !sent.duplicate {
            for side in [Side::Candidate, Side::Company] {
                let event = ChatEvent::MessageReceived { conversation: view.for_side(side), message: sent.message.clone() };
                self.publish(board, &view.conversation, side, event);
                self.publish(board, &view.conversation, side, ChatEvent::ConversationUpdated(view.for_side(side)));
            }
            self.publish_unread(board, &view.conversation, actor.side().other());
        }
        Ok(SentChatMessage { message: sent.message, duplicate: sent.duplicate, conversation: view })
    }

    /// Marks the messages up to `up_to_seq` read by the caller's side; both sides are told (the
    /// other side's "seen"), the caller's side its new unread total.
    pub fn mark_read(&self, tenant: &Tenant, principal: &Principal, id: &str, up_to_seq: u64) -> Result<ChatConversation> {
        let actor = self.actor(tenant, principal)?;
        let board = &tenant.settings.slug;
        let before = self.chat.conversation(board, &actor, id)?;
        let conversation = self.chat.mark_read(board, &actor, id, up_to_seq)?;
        let changed = conversation.side(actor.side()) != before.side(actor.side());
        let view = self.view(board, &actor, conversation)?;
        if changed {
            self.publish_updated(board, &view);
            self.publish_unread(board, &view.conversation, actor.side());
        }
        Ok(view)
    }

    /// Closes the conversation for both sides (closing a closed one changes nothing).
    pub fn close(&self, tenant: &Tenant, principal: &Principal, id: &str) -> Result<ChatConversation> {
        let actor = self.actor(tenant, principal)?;
        let board = &tenant.settings.slug;
        let was_open = self.chat.conversation(board, &actor, id)?.is_open();
        let conversation = self.chat.close_conversation(board, &actor, id, self.clock.now())?;
        let view = self.view(board, &actor, conversation)?;
        if was_open {
            self.publish_updated(board, &view);
        }
        Ok(view)
    }
}
