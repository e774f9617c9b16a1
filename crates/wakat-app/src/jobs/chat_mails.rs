//! The chat's unread-message e-mails: every minute (the scheduler's interval job, or
//! `POST …/internal/chat-mails/run`), each board with the chat on mails the side of every open
//! conversation whose oldest unread message is older than `[chat] unread_mail_delay_secs` and
//! that was not mailed about within `unread_mail_interval_secs`: the candidate, or each user of
//! the company (everyone of it sees its conversations), except accounts that turned these mails
//! off with the mails' signed link.
//!
//! Exactly once per due moment: the mails are queued in the durable mail queue under keys naming
//! the conversation, side, oldest unread message and account, and only then is the conversation
//! marked mailed. A crash between the two queues the same keys again on the next run, which the
//! queue drops; nothing is mailed twice and nothing due is lost.

use std::sync::Arc;

use wakat_accounts::AccountStore;
use wakat_chat::{Actor, ChatStore, MailPolicy, Side};
use wakat_employers::EmployerStore;
use wakat_engine::Tenant;
use wakat_mail::{Mail, MailQueue};
use wakat_store::LinkSigner;

use crate::chat::{ChatSettings, CHAT_FLAG};
use crate::error::{AppError, Result};
use crate::mails::alerts::query_value;
use crate::mails::MailContext;
use crate::{Clock, Principal};

/// Purpose of the signatures of the chat mails' unsubscribe links.
const UNSUBSCRIBE_PURPOSE: &str = "chat-mail-unsubscribe";

/// What one run did on one board.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ChatMailReport {
    /// Conversation sides due a mail.
    pub due: usize,
    /// Mails queued (a company side may get several: one per user).
    pub queued: usize,
    /// Accounts left out: mails turned off, or the account is gone.
    pub skipped: usize,
}

/// The unread-message e-mails of the chat.
#[derive(Clone)]
pub struct ChatMails {
    chat: Arc<ChatStore>,
    accounts: Arc<AccountStore>,
    employers: Arc<EmployerStore>,
    queue: Arc<MailQueue>,
    signer: Arc<LinkSigner>,
    public_url: Arc<str>,
    policy: MailPolicy,
    clock: Clock,
}

impl ChatMails {
    /// The job over the chat's stores, the mail queue and the signer of unsubscribe links.
    pub fn new(stores: crate::chat::ChatStores, queue: Arc<MailQueue>, public_url: &str, settings: &ChatSettings, clock: Clock) -> ChatMails {
        let crate::chat::ChatStores { chat, accounts, employers, signer, .. } = stores;
        let policy = MailPolicy { unread_after_secs: settings.unread_mail_delay_secs, at_most_every_secs: settings.unread_mail_interval_secs };
        ChatMails { chat, accounts, employers, queue, signer, public_url: public_url.into(), policy, clock }
    }

    /// The code of `account_id`'s unsubscribe link on `board` (it never expires: old mails keep
    /// working).
    pub fn unsubscribe_code(&self, board: &str, account_id: &str) -> String {
        self.signer.sign(UNSUBSCRIBE_PURPOSE, &format!("{board}/{account_id}"), i64::MAX)
    }

    /// The API address of the unsubscribe link (through the web app's forwarder).
    fn unsubscribe_link(&self, tenant: &Tenant, account_id: &str) -> String {
        let web_url = tenant.settings.web_url(&self.public_url);
        let board = &tenant.settings.slug;
        format!(
            "{web_url}/api/{board}/v1/chat/mail-unsubscribe?account={}&code={}",
            query_value(account_id),
            query_value(&self.unsubscribe_code(board, account_id))
        )
    }

    /// Turns the chat's mails off for the account of a signed unsubscribe link (anyone holding
    /// the link may: it is the account's mail).
    pub fn unsubscribe(&self, tenant: &Tenant, account_id: &str, code: &str) -> Result<()> {
        let board = &tenant.settings.slug;
        if !self.signer.verify(UNSUBSCRIBE_PURPOSE, &format!("{board}/{account_id}"), i64::MAX, code, self.clock.now()) {
            return Err(AppError::InvalidSignature);
        }
        Ok(self.chat.set_mails_off(board, account_id, true)?)
    }

    /// Mails every side of `tenant` due a mail now (nothing when the board has the chat off).
    pub fn run(&self, principal: &Principal, tenant: &Tenant) -> Result<ChatMailReport> {
        principal.require_internal()?;
        let mut report = ChatMailReport::default();
        if !tenant.flag(CHAT_FLAG) {
            return Ok(report);
        }
        let board = &tenant.settings.slug;
        let now = self.clock.now();
        for side in [Side::Candidate, Side::Company] {
            for due in self.chat.conversations_to_mail(board, side, self.policy, now)? {
                report.due += 1;
                let actor = match side {
                    Side::Candidate => Actor::candidate(due.recipient_id.clone()),
                    // Reading needs a user id of the right shape; the company's own id is one.
                    Side::Company => Actor::company(due.recipient_id.clone(), due.recipient_id.clone()),
                };
                let conversation = self.chat.conversation(board, &actor, &due.conversation_id)?;
                let account_ids = match side {
                    Side::Candidate => vec![due.recipient_id.clone()],
                    Side::Company => self.employers.company_user_ids(board, &due.recipient_id)?,
                };
                let mut mails: Vec<(String, Mail)> = Vec::new();
                for account_id in account_ids {
                    let account = self.accounts.get(board, &account_id)?;
                    let Some(account) = account.filter(|_| !self.chat.mails_off(board, &account_id).unwrap_or(false)) else {
                        report.skipped += 1;
                        continue;
                    };
                    let context = MailContext::new(&self.public_url, tenant, &account.lang);
                    let unsubscribe = self.unsubscribe_link(tenant, &account.id);
                    let mail = crate::mails::chat::unread(&context, &account, side, &conversation, due.unread, &unsubscribe)?;
                    let key = format!("chat-unread:{board}/{}/{}/{}/{}", due.conversation_id, side.as_str(), due.first_unread_at, account.id);
                    mails.push((key, mail));
                }
                report.queued += mails.len();
                self.queue.enqueue_many(mails).map_err(|error| AppError::internal("queueing the chat's mails", error))?;
                self.chat.record_mail_sent(board, side, &due.conversation_id, now)?;
            }
        }
        Ok(report)
    }
}
