//! Bookkeeping for the e-mail about unread messages: which conversations are due one, and
//! recording that one was sent. The scheduler that sends them (through the durable mail queue)
//! is the wiring slice's; these are its system calls, taking no actor.

use serde::Serialize;
use wakat_store::{json, WriteOp};

use crate::error::{ChatError, Result};
use crate::keys::{self, CONVERSATION, MAIL_OFF, UNREAD};
use crate::model::Side;
use crate::store::ChatStore;

/// When an e-mail about unread messages is due (the defaults: after 15 minutes, at most
/// once an hour per conversation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MailPolicy {
    /// The oldest unread message must be at least this old (seconds).
    pub unread_after_secs: i64,
    /// The last e-mail about the same conversation to the same side must be older (seconds).
    pub at_most_every_secs: i64,
}

impl Default for MailPolicy {
    fn default() -> MailPolicy {
        MailPolicy { unread_after_secs: 15 * 60, at_most_every_secs: 60 * 60 }
    }
}

/// A conversation whose side is due an e-mail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MailDue {
    /// The conversation.
    pub conversation_id: String,
    /// Who is mailed.
    pub side: Side,
    /// The candidate's account id or the company id, by `side`.
    pub recipient_id: String,
    /// Messages unread by that side.
    pub unread: u64,
    /// When the oldest of them was sent.
    pub first_unread_at: i64,
}

impl ChatStore {
    /// The open conversations of `board` with messages unread by `side` for at least
    /// `policy.unread_after_secs` whose last e-mail to that side was more than
    /// `policy.at_most_every_secs` ago (or never). Reads only the index of conversations with
    /// unread messages, not every conversation. A closed conversation is not mailed about.
    pub fn conversations_to_mail(&self, board: &str, side: Side, policy: MailPolicy, now: i64) -> Result<Vec<MailDue>> {
        let board = keys::board(board)?;
        let mut due = Vec::new();
        for id in self.ids_under(&keys::prefix(UNREAD, &[board, side.as_str()]))? {
            let Some(conversation) = self.load_conversation(board, &id)? else { continue };
            let state = conversation.side(side).clone();
            let Some(first_unread_at) = state.first_unread_at else { continue };
            let old_enough = first_unread_at <= now - policy.unread_after_secs;
            let not_mailed_lately = state.last_mailed_at.is_none_or(|mailed| mailed < now - policy.at_most_every_secs);
            if conversation.is_open() && state.unread > 0 && old_enough && not_mailed_lately {
                let recipient_id = match side {
                    Side::Candidate => conversation.candidate_id.clone(),
                    Side::Company => conversation.company_id.clone(),
                };
                due.push(MailDue { conversation_id: conversation.id, side, recipient_id, unread: state.unread, first_unread_at });
            }
        }
        due.sort_by(|a, b| a.first_unread_at.cmp(&b.first_unread_at).then_with(|| a.conversation_id.cmp(&b.conversation_id)));
        Ok(due)
    }

    /// Records that `side` was e-mailed about `conversation_id` at `now`.
    pub fn record_mail_sent(&self, board: &str, side: Side, conversation_id: &str, now: i64) -> Result<()> {
        let board = keys::board(board)?;
        let conversation_id = keys::record_id("conversation", conversation_id)?;
        let _conversation_lock = self.conversations.lock(&[board, conversation_id]);
        let mut conversation = self.load_conversation(board, conversation_id)?.ok_or(ChatError::not_found("conversation"))?;
        conversation.side_mut(side).last_mailed_at = Some(now);
        self.commit(vec![json::put(keys::key(CONVERSATION, &[board, conversation_id]), &conversation)?])
    }

    /// Turns the unread-message e-mails of one account (a candidate, or one user of a company)
    /// off or on again: the unsubscribe link of those e-mails. An account, not a side, so one
    /// recruiter's choice does not silence the colleagues'.
    pub fn set_mails_off(&self, board: &str, account_id: &str, off: bool) -> Result<()> {
        let board = keys::board(board)?;
        let account_id = keys::account("accountId", account_id)?;
        let key = keys::key(MAIL_OFF, &[board, account_id]);
        self.commit(vec![if off { WriteOp::Put { key, value: Vec::new() } } else { WriteOp::Delete { key } }])
    }

    /// Whether the account turned the unread-message e-mails off.
    pub fn mails_off(&self, board: &str, account_id: &str) -> Result<bool> {
        let board = keys::board(board)?;
        let account_id = keys::account("accountId", account_id)?;
        Ok(self.kv.get(&keys::key(MAIL_OFF, &[board, account_id]))?.is_some())
    }
}
