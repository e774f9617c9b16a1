//! The chat between passive candidates and employers (issue 25): [`ChatService`], the one service
//! both the REST routes and the real-time hub call, so a message sent either way follows the same
//! rules and pushes the same live events.
//!
//! What the service adds to the domain (`wakat-chat`'s `ChatStore`):
//! - **who acts** is the [`Principal`] the transport established (a candidate's session, an
//!   employer user's token, a hub token): the domain's `Actor` is built from it, never from a body;
//! - **the board's flags**: `candidateChat` off answers [`AppError::FeatureDisabled`] for
//!   everything; `passiveCandidateMaintenance` answers [`AppError::ChatMaintenance`] to sending a
//!   message, sending a request and accepting one (reads and the rest still work);
//! - **offers and companies**: a request names an active offer of the employer's own company by
//!   slug; invites and conversations carry the company's name and logo;
//! - **the daily limit** of requests per company: the most generous plan among the company's
//!   active offers (`chat_requests_per_day`), else `[chat] daily_requests`;
//! - **live events** through [`ChatEvents`] (the server implements it with the hub);
//! - **hub tokens**: short-lived, signed, bound to the board and the caller ([`tokens`]).
//!
//! The methods of each side are in [`candidate`] and [`employer`]; those both sides share
//! (conversations, messages, read marks, closing) in [`conversations`].

pub mod candidate;
pub mod conversations;
pub mod employer;
pub mod events;
pub mod tokens;
mod view;

use std::sync::Arc;

use serde::Deserialize;
use wakat_accounts::AccountStore;
use wakat_chat::{Actor, ChatError, ChatStore, Conversation, Side};
use wakat_employers::EmployerStore;
use wakat_engine::{Engine, Tenant};
use wakat_store::LinkSigner;

pub use events::{ChatEvent, ChatEvents, NoEvents, Recipient};
pub use view::ChatConversation;

use crate::error::{AppError, Result};
use crate::{Clock, Principal};

/// The flag that turns the chat on for a board.
pub const CHAT_FLAG: &str = "candidateChat";
/// The flag that puts the passive-candidate chat in maintenance.
pub const MAINTENANCE_FLAG: &str = "passiveCandidateMaintenance";

/// The chat's settings (`[chat]` in `wakat.toml`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ChatSettings {
    /// Conversation requests a company may send per UTC day when no plan of its active offers
    /// says otherwise (`chat_requests_per_day` of `[[tenants.employers.plans]]`).
    pub daily_requests: u32,
    /// Candidates "Candidates for this offer" lists at most.
    pub candidates_per_offer: usize,
    /// Seconds the oldest unread message waits before it is e-mailed about (15 minutes).
    pub unread_mail_delay_secs: i64,
    /// Seconds between two e-mails about the same conversation to the same side (an hour).
    pub unread_mail_interval_secs: i64,
    /// Seconds between two runs of the unread-mail job on the scheduler (a minute).
    pub unread_mail_run_secs: u64,
    /// Seconds a hub access token stays valid for connecting (5 minutes; a connection made with
    /// it lives on until it closes).
    pub hub_token_secs: i64,
}

impl Default for ChatSettings {
    fn default() -> Self {
        ChatSettings {
            daily_requests: 20,
            candidates_per_offer: 50,
            unread_mail_delay_secs: 900,
            unread_mail_interval_secs: 3600,
            unread_mail_run_secs: 60,
            hub_token_secs: 300,
        }
    }
}

/// The stores and helpers the chat needs, one argument for [`ChatService::new`].
#[derive(Clone)]
pub struct ChatStores {
    /// The chat's records.
    pub chat: Arc<ChatStore>,
    /// Candidate accounts (names, e-mails, CVs to share) and employer accounts.
    pub accounts: Arc<AccountStore>,
    /// Companies, their users and offers.
    pub employers: Arc<EmployerStore>,
    /// Signs hub tokens and the unsubscribe links of the chat's e-mails.
    pub signer: Arc<LinkSigner>,
}

/// The chat of every board.
#[derive(Clone)]
pub struct ChatService {
    chat: Arc<ChatStore>,
    engine: Arc<Engine>,
    accounts: Arc<AccountStore>,
    employers: Arc<EmployerStore>,
    tokens: crate::hub_tokens::HubTokens,
    events: Arc<dyn ChatEvents>,
    settings: Arc<ChatSettings>,
    clock: Clock,
}

impl ChatService {
    /// The service over the engine (offers), the stores, the live events and the clock.
    pub fn new(engine: Arc<Engine>, stores: ChatStores, events: Arc<dyn ChatEvents>, settings: ChatSettings, clock: Clock) -> ChatService {
        let ChatStores { chat, accounts, employers, signer } = stores;
        let tokens = crate::hub_tokens::HubTokens::new(signer, tokens::PURPOSE);
        ChatService { chat, engine, accounts, employers, tokens, events, settings: Arc::new(settings), clock }
    }

    /// The chat's store (the mail job and erasure use it too).
    pub fn store(&self) -> &Arc<ChatStore> {
        &self.chat
    }

    /// The settings it runs with.
    pub fn settings(&self) -> &ChatSettings {
        &self.settings
    }

    /// [`AppError::FeatureDisabled`] unless the board has the chat on: every chat call, REST or
    /// hub, asks this first.
    pub fn ensure_enabled(&self, tenant: &Tenant) -> Result<()> {
        if tenant.flag(CHAT_FLAG) {
            Ok(())
        } else {
            Err(AppError::FeatureDisabled)
        }
    }

    /// Whether the board's passive-candidate chat is in maintenance.
    pub fn in_maintenance(&self, tenant: &Tenant) -> bool {
        tenant.flag(MAINTENANCE_FLAG)
    }

    /// [`AppError::ChatMaintenance`] during maintenance: the writes that start or continue a
    /// conversation wait for it to end.
    fn ensure_writable(&self, tenant: &Tenant) -> Result<()> {
        if self.in_maintenance(tenant) {
            Err(AppError::ChatMaintenance)
        } else {
            Ok(())
        }
    }

    /// The chat's actor of a principal (after the flag check): a candidate, or a company user
    /// acting for the company; anyone else is [`AppError::Unauthenticated`].
    fn actor(&self, tenant: &Tenant, principal: &Principal) -> Result<Actor> {
        self.ensure_enabled(tenant)?;
        match principal {
            Principal::Candidate { account_id } => Ok(Actor::candidate(account_id.clone())),
            Principal::EmployerUser { account_id, company_id, .. } => Ok(Actor::company(company_id.clone(), account_id.clone())),
            _ => Err(AppError::Unauthenticated),
        }
    }

    /// A conversation as `viewer` sees it, with its offer's slug and newest message.
    fn view(&self, board: &str, actor: &Actor, conversation: Conversation) -> Result<ChatConversation> {
        let offer_slug = crate::candidates::offer_by_guid(&self.engine, board, &conversation.offer_id)?.map(|hit| hit.parent_slug);
        let last_message =
            if conversation.last_seq == 0 { None } else { self.chat.history(board, actor, &conversation.id, None, 1)?.messages.into_iter().next() };
        Ok(ChatConversation { viewer: actor.side(), conversation, offer_slug, last_message })
    }

    /// Sends `event` to one side of `conversation`.
    fn publish(&self, board: &str, conversation: &Conversation, side: Side, event: ChatEvent) {
        let recipient = match side {
            Side::Candidate => Recipient::Candidate(conversation.candidate_id.clone()),
            Side::Company => Recipient::Company(conversation.company_id.clone()),
        };
        self.events.publish(board, &recipient, event);
    }

    /// Tells both sides that `view`'s conversation changed (read marks, closed, opened).
    fn publish_updated(&self, board: &str, view: &ChatConversation) {
        for side in [Side::Candidate, Side::Company] {
            self.publish(board, &view.conversation, side, ChatEvent::ConversationUpdated(view.for_side(side)));
        }
    }

    /// Tells `side` of a conversation its new unread total over all its conversations.
    fn publish_unread(&self, board: &str, conversation: &Conversation, side: Side) {
        let actor = match side {
            // The user id of a company actor only matters for writes; any valid one reads.
            Side::Company => Actor::company(conversation.company_id.clone(), conversation.company_id.clone()),
            Side::Candidate => Actor::candidate(conversation.candidate_id.clone()),
        };
        match self.chat.unread_total(board, &actor) {
            Ok(unread_total) => self.publish(board, conversation, side, ChatEvent::UnreadChanged { unread_total }),
            Err(error) => tracing::warn!(%error, "the unread total of a live event could not be read"),
        }
    }
}

/// The service's reading of the domain's errors: a missing record of the other side stays a
/// missing record (nothing tells it exists).
impl From<ChatError> for AppError {
    fn from(error: ChatError) -> AppError {
        AppError::Chat(error)
    }
}
