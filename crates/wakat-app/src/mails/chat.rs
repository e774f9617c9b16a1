//! The chat's mail: unread messages of a conversation, to the candidate or to each user of the
//! company, with a link that opens the conversation and one that turns these mails off.

use wakat_accounts::Account;
use wakat_chat::{Conversation, Side};
use wakat_mail::Mail;

use super::alerts::query_value;
use super::MailContext;
use crate::error::Result;

/// Where the web app opens a conversation: the candidate's widget on any page, or the employer
/// panel's conversations page.
pub fn conversation_link(context: &MailContext, side: Side, conversation_id: &str) -> String {
    match side {
        Side::Candidate => context.link(&format!("/?chat={}", query_value(conversation_id))),
        Side::Company => context.link(&format!("/employer/chat?conversation={}", query_value(conversation_id))),
    }
}

/// Unread messages of `conversation` waiting for `to` (on `side`); `unsubscribe` is the signed
/// link turning these mails off for that account (also `List-Unsubscribe`, one click).
pub fn unread(context: &MailContext, to: &Account, side: Side, conversation: &Conversation, unread: u64, unsubscribe: &str) -> Result<Mail> {
    let count = || i64::try_from(unread).unwrap_or(i64::MAX);
    let subject = context.message_with("chat-unread-subject", [("count", count().into()), ("offer", conversation.offer_title.as_str().into())]);
    let intro = match side {
        Side::Candidate => context.message_with(
            "chat-unread-intro-candidate",
            [("count", count().into()), ("offer", conversation.offer_title.as_str().into()), ("company", conversation.employer_name.as_str().into())],
        ),
        Side::Company => context.message_with("chat-unread-intro-company", [("count", count().into()), ("offer", conversation.offer_title.as_str().into())]),
    };
    let mail = context.compose(to, subject, "chat.unread", |body| {
        body.heading(context.message("chat-unread-heading"))
            .paragraph(intro)
            .button(context.message("chat-unread-button"), conversation_link(context, side, &conversation.id))
            .small(context.message("chat-unread-footnote"))
            .link(context.message("chat-unread-unsubscribe"), unsubscribe)
    })?;
    Ok(mail.with_unsubscribe(unsubscribe))
}
