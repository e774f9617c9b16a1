//! The job-ad assistant inside the employer's offer form (issue 26): [`AssistantService`], what
//! the hub (`/hubs/{board}/assistant`) calls with the acting employer user.
//!
//! What the service adds to the store (`wakat-assistant-store`) and the brains
//! (`wakat-assistant`'s [`Brain`]):
//! - **who acts**: an employer user of a company (owner or recruiter); the conversation's key is
//!   built from the principal's company and an offer slug of that company (a draft or a
//!   published offer, read through [`EmployerOffers`]), so another company's slug answers
//!   `offer_not_found` exactly as an unknown one;
//! - **the board's flag** `aiAssistant` (off: [`AppError::FeatureDisabled`] for everything);
//! - **limits** per company: messages per minute (in memory) and per UTC day (stored with the
//!   message), from `[assistant]` and the board's `[tenants.assistant]`; over either, the
//!   [`AssistantEvent::RateLimit`] event and [`AssistantError::RateLimited`];
//! - **one answer at a time** per conversation ([`AssistantError::Busy`]);
//! - **the answer**: the employer's message stored (durable) before it is acknowledged, then
//!   the brain's parts streamed between a message start and a message end, and the complete
//!   answer and its proposal stored ([`answer`]);
//! - **the greeting** of a new conversation (its first assistant message, never scorable);
//! - **hub tokens** (`crate::hub_tokens`, purpose `assistant-hub`).

mod answer;
pub mod brains;
pub mod error;
pub mod events;
pub(crate) mod limits;
pub mod settings;

use std::collections::{BTreeMap, HashSet};
use std::sync::{Arc, Mutex};

use futures_util::future::BoxFuture;
use wakat_assistant::{Brain, BrainRequest, ProposedAd, Turn};
use wakat_assistant_store::{AssistantMessage, AssistantStore, ConversationKey};
use wakat_employers::EmployerStore;
use wakat_engine::{Engine, Tenant};
use wakat_store::LinkSigner;

pub use error::AssistantError;
pub use events::{AssistantEvent, AssistantSink};
pub use settings::{AssistantSettings, BrainKind, SettingsError};

use crate::employers::offers::EmployerOffers;
use crate::error::{AppError, Result};
use crate::hub_tokens::{employer_of, employer_who, HubToken, HubTokens};
use crate::{Clock, Principal};

/// The flag that turns the assistant on for a board.
pub const ASSISTANT_FLAG: &str = "aiAssistant";
/// Longest employer message, in characters.
pub const MAX_MESSAGE_CHARS: usize = 4000;
/// Purpose of the signatures of the assistant's hub tokens.
const TOKEN_PURPOSE: &str = "assistant-hub";
/// The web app's languages: the employer's panel is in one of them.
pub const LOCALES: &[&str] = &["pl", "en"];

/// The brain of each board (by slug).
pub type Brains = BTreeMap<String, Arc<dyn Brain>>;

/// What the service needs, one argument for [`AssistantService::new`].
#[derive(Clone)]
pub struct AssistantStores {
    /// The conversations.
    pub store: Arc<AssistantStore>,
    /// The offer form as saved (the caller's company's offers).
    pub offers: EmployerOffers,
    /// Employer users (a token's user must still belong to its company).
    pub employers: Arc<EmployerStore>,
    /// Signs hub tokens.
    pub signer: Arc<LinkSigner>,
}

/// An opened conversation: what `UpdateContextV2` binds a connection to.
#[derive(Debug, Clone)]
pub struct AssistantContext {
    tenant: Arc<Tenant>,
    principal: Principal,
    key: ConversationKey,
    /// The language of the employer's panel (one of [`LOCALES`]): the greeting's, and the
    /// brain's when the conversation's own language cannot be told.
    locale: String,
}

impl AssistantContext {
    /// The offer's slug (the contract's `jobAdId`).
    pub fn job_ad_id(&self) -> &str {
        self.key.offer_slug()
    }

    /// The language of the employer's panel.
    pub fn locale(&self) -> &str {
        &self.locale
    }
}

/// The limits of the company as `UpdateContextV2` shows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Messages per minute.
    pub per_minute: u32,
    /// Messages per UTC day.
    pub per_day: u32,
    /// Messages sent today (UTC) by the company.
    pub used_today: u64,
}

/// What opening a conversation answers.
#[derive(Debug, Clone)]
pub struct OpenedConversation {
    /// The context to keep for the connection's next calls.
    pub context: AssistantContext,
    /// Its messages so far, oldest first (without a greeting stored just now).
    pub messages: Vec<AssistantMessage>,
    /// The last proposal.
    pub proposal: Option<ProposedAd>,
    /// The company's limits.
    pub limits: Limits,
    /// The greeting of a conversation that had no message: streamed after the answer.
    pub greeting: Option<AssistantMessage>,
}

/// What streams after a call's answer: run it once the answer is sent.
pub type Streaming = BoxFuture<'static, ()>;

/// The assistant of every board.
#[derive(Clone)]
pub struct AssistantService {
    store: Arc<AssistantStore>,
    offers: EmployerOffers,
    employers: Arc<EmployerStore>,
    tokens: HubTokens,
    brains: Arc<Brains>,
    settings: Arc<BTreeMap<String, AssistantSettings>>,
    defaults: Arc<AssistantSettings>,
    minute: Arc<limits::MinuteWindow>,
    /// Conversations with an answer streaming.
    busy: Arc<Mutex<HashSet<ConversationKey>>>,
    clock: Clock,
}

impl AssistantService {
    /// The service over the stores, each board's brain and settings (`[assistant]` with the
    /// board's overrides: [`AssistantSettings::for_board`]) and the clock. A board without a
    /// brain has the assistant off.
    pub fn new(
        engine: &Engine,
        stores: AssistantStores,
        brains: Brains,
        settings: &AssistantSettings,
        clock: Clock,
    ) -> std::result::Result<AssistantService, SettingsError> {
        let mut boards = BTreeMap::new();
        for (slug, tenant) in &engine.tenants {
            boards.insert(slug.clone(), settings.for_board(slug, &tenant.settings.assistant)?);
        }
        let AssistantStores { store, offers, employers, signer } = stores;
        Ok(AssistantService {
            store,
            offers,
            employers,
            tokens: HubTokens::new(signer, TOKEN_PURPOSE),
            brains: Arc::new(brains),
            settings: Arc::new(boards),
            defaults: Arc::new(settings.clone()),
            minute: Arc::default(),
            busy: Arc::default(),
            clock,
        })
    }

    /// The conversations' store.
    pub fn store(&self) -> &Arc<AssistantStore> {
        &self.store
    }

    /// The settings of a board.
    pub fn settings(&self, board: &str) -> &AssistantSettings {
        self.settings.get(board).unwrap_or(&self.defaults)
    }

    /// [`AppError::FeatureDisabled`] unless the board has the flag on and a brain: every call
    /// asks this first.
    pub fn ensure_enabled(&self, tenant: &Tenant) -> Result<()> {
        if tenant.flag(ASSISTANT_FLAG) && self.brains.contains_key(&tenant.settings.slug) {
            Ok(())
        } else {
            Err(AppError::FeatureDisabled)
        }
    }

    /// A token opening the board's assistant hub as the caller (an employer user).
    pub fn hub_token(&self, tenant: &Tenant, principal: &Principal) -> Result<HubToken> {
        self.ensure_enabled(tenant)?;
        let who = employer_who(principal).ok_or(AppError::Unauthenticated)?;
        let expires_at = self.clock.now() + self.settings(&tenant.settings.slug).hub_token_secs.max(1);
        Ok(self.tokens.issue(&tenant.settings.slug, &who, expires_at))
    }

    /// The employer user of a hub token on `tenant`; [`AppError::Unauthenticated`] for a token
    /// that is malformed, altered, expired, of another board or hub, or of a user no longer in
    /// the company.
    pub fn authenticate_hub(&self, tenant: &Tenant, token: &str) -> Result<Principal> {
        self.ensure_enabled(tenant)?;
        let who = self.tokens.verify(&tenant.settings.slug, token, self.clock.now())?;
        employer_of(&self.employers, &tenant.settings.slug, &who)
    }

    /// The conversation key of the caller's company's offer `slug` (`offer_not_found` for a slug
    /// of another company, exactly as for an unknown one).
    fn key(&self, tenant: &Tenant, principal: &Principal, slug: &str) -> Result<ConversationKey> {
        self.ensure_enabled(tenant)?;
        let Principal::EmployerUser { company_id, .. } = principal else { return Err(AppError::Unauthenticated) };
        // Reads the offer as the company's (its token is not needed: the session is the key).
        let offer = self.offers.end_info(tenant, principal, slug)?;
        ConversationKey::new(&tenant.settings.slug, company_id, &offer.slug).map_err(|error| AppError::Assistant(error.into()))
    }

    /// Opens the conversation about offer `slug` (`UpdateContextV2`) for an employer whose panel
    /// is in `locale` (the board's default language when the web app does not say; another than
    /// [`LOCALES`] is refused): its history, last proposal and the company's limits; a
    /// conversation without a message is greeted in that language (stored now, streamed by
    /// [`AssistantService::greet`] after the answer).
    pub fn open(&self, tenant: Arc<Tenant>, principal: &Principal, slug: &str, locale: Option<&str>) -> Result<OpenedConversation> {
        let locale = match locale {
            None => tenant.settings.default_locale.clone(),
            Some(locale) if LOCALES.contains(&locale) => locale.to_owned(),
            Some(_) => {
                return Err(AppError::Assistant(AssistantError::InvalidInput { field: "locale", reason: format!("must be one of {}", LOCALES.join(", ")) }))
            }
        };
        let key = self.key(&tenant, principal, slug)?;
        let assistant = |error: wakat_assistant_store::AssistantStoreError| AppError::Assistant(error.into());
        let now = self.clock.now();
        let mut messages = self.store.messages(&key).map_err(assistant)?;
        let greeting = if messages.is_empty() { self.store.greet(&key, &self.greeting_text(&tenant, &locale), now).map_err(assistant)? } else { None };
        if greeting.is_some() {
            // Another tab's message could not have come between: the greeting is first or nothing.
            messages.clear();
        }
        let proposal = self.store.conversation(&key).map_err(assistant)?.and_then(|conversation| conversation.proposal);
        let settings = self.settings(&tenant.settings.slug);
        let limits = Limits {
            per_minute: settings.messages_per_minute,
            per_day: settings.messages_per_day,
            used_today: self.store.used_today(&key, now).map_err(assistant)?,
        };
        Ok(OpenedConversation { context: AssistantContext { tenant, principal: principal.clone(), key, locale }, messages, proposal, limits, greeting })
    }

    /// Streams a stored greeting as an answer: start, its text, end.
    pub fn greet(&self, greeting: AssistantMessage, sink: Arc<dyn AssistantSink>) -> Streaming {
        Box::pin(async move { answer::replay(&*sink, greeting) })
    }

    /// The greeting in the language of the employer's panel: the offline drafter says what it is
    /// (no internet, no model); another brain says it is an AI assistant.
    fn greeting_text(&self, tenant: &Tenant, locale: &str) -> String {
        let offline = self.brains.get(&tenant.settings.slug).is_some_and(|brain| brain.name().starts_with("offline"));
        match (offline, locale) {
            (true, _) => wakat_assistant::greeting(locale),
            (false, "pl") => "Cześć! Jestem asystentem AI. Opisz stanowisko (nazwa, poziom, wymagane umiejętności, widełki, miejsce pracy), a zaproponuję ogłoszenie do formularza.".into(),
            (false, _) => "Hi! I am an AI assistant. Describe the role (title, seniority, required skills, salary range, workplace) and I will propose an ad for the form.".into(),
        }
    }

    /// Stores the employer's message (durable when this returns) and answers it; the answer
    /// streams to `sink` when the returned future runs. Over a limit, `sink` gets the rate-limit
    /// event and the call fails with [`AssistantError::RateLimited`].
    pub fn send_message(&self, context: &AssistantContext, text: &str, sink: Arc<dyn AssistantSink>) -> Result<(AssistantMessage, Streaming)> {
        let length = text.trim().chars().count();
        if length == 0 || text.chars().count() > MAX_MESSAGE_CHARS {
            return Err(AppError::Assistant(AssistantError::InvalidText { max: MAX_MESSAGE_CHARS }));
        }
        let AssistantContext { tenant, principal, key, locale } = context;
        let brain = self.brains.get(key.board()).cloned().ok_or(AppError::FeatureDisabled)?;
        self.ensure_enabled(tenant)?;
        let busy = answer::BusyGuard::take(&self.busy, key).ok_or(AppError::Assistant(AssistantError::Busy))?;
        // The offer as saved now (the employer may have saved the form since opening it); also
        // checks the offer is still the company's.
        let form = self.offers.end_info(tenant, principal, key.offer_slug())?.form;
        let settings = self.settings(key.board());
        let now = self.clock.now();
        if let Err(retry_after_secs) = self.minute.take(key.board(), key.company(), settings.messages_per_minute, now) {
            return Err(rate_limited(&*sink, retry_after_secs));
        }
        let turn = match self.store.add_user_message(key, text, now, u64::from(settings.messages_per_day)) {
            Ok(turn) => turn,
            Err(error) => {
                self.minute.give_back(key.board(), key.company(), now);
                return Err(match AssistantError::from(error) {
                    AssistantError::RateLimited { retry_after_secs } => rate_limited(&*sink, retry_after_secs),
                    other => AppError::Assistant(other),
                });
            }
        };
        let assistant = |error: wakat_assistant_store::AssistantStoreError| AppError::Assistant(error.into());
        let history =
            self.store.messages(key).map_err(assistant)?.into_iter().map(|message| Turn { from_user: message.is_user, text: message.content }).collect();
        let last_proposal = self.store.conversation(key).map_err(assistant)?.and_then(|conversation| conversation.proposal);
        // The panel's language, not the board's: the brain answers in it when the conversation's
        // own language cannot be told.
        let request = BrainRequest { board: key.board().to_owned(), locale: locale.clone(), history, form, last_proposal };
        let streaming = answer::Answer {
            store: self.store.clone(),
            key: key.clone(),
            brain,
            request,
            reply_id: turn.reply_id,
            reply_seq: turn.reply_seq,
            clock: self.clock.clone(),
            busy,
        };
        Ok((turn.message, Box::pin(streaming.run(sink))))
    }

    /// Scores an answer of the conversation once: 1 or -1.
    pub fn score_message(&self, context: &AssistantContext, message_id: &str, score: i8) -> Result<AssistantMessage> {
        self.ensure_enabled(&context.tenant)?;
        if score != 1 && score != -1 {
            return Err(AppError::Assistant(AssistantError::InvalidInput { field: "score", reason: "must be 1 or -1".into() }));
        }
        self.store.score(&context.key, message_id, score).map_err(|error| AppError::Assistant(error.into()))
    }

    /// Removes the conversation of an offer (deleted with it).
    pub fn erase(&self, board: &str, company_id: &str, slug: &str) -> Result<()> {
        let Ok(key) = ConversationKey::new(board, company_id, slug) else { return Ok(()) };
        self.store.erase(&key).map_err(|error| AppError::Assistant(error.into()))
    }
}

/// Sends the rate-limit event and answers the refusal.
fn rate_limited(sink: &dyn AssistantSink, retry_after_secs: u64) -> AppError {
    sink.send(AssistantEvent::RateLimit { retry_after_secs });
    AppError::Assistant(AssistantError::RateLimited { retry_after_secs })
}

#[cfg(test)]
mod tests;
