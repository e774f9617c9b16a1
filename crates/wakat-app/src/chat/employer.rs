//! The employer's side of the chat: "Candidates for this offer" and conversation requests. Every
//! user of the company (owner or recruiter) may use them; the offer must be an active offer of
//! the caller's own company, named by its slug.

use wakat_accounts::Document;
use wakat_chat::{Actor, NewRequest, RankedCandidate, SentRequest};
use wakat_core::Offer;
use wakat_employers::EmployerOffer;
use wakat_engine::Tenant;
use wakat_uploads::BlobHash;

use super::ChatService;
use crate::employers::logo_path;
use crate::error::{AppError, Result};
use crate::Principal;

/// One passive candidate for an offer, with the company's request about it, if any.
#[derive(Debug, Clone, PartialEq)]
pub struct CandidateForOffer {
    /// The anonymous candidate and the explained match.
    pub ranked: RankedCandidate,
    /// The latest request of the company to this candidate about this offer.
    pub request: Option<SentRequest>,
}

/// "Candidates for this offer" with the company's daily budget of requests.
#[derive(Debug, Clone, PartialEq)]
pub struct CandidatesForOffer {
    /// Best match first.
    pub items: Vec<CandidateForOffer>,
    /// Requests the company may send per UTC day.
    pub daily_limit: u32,
    /// Requests it sent this UTC day.
    pub sent_today: u32,
}

impl ChatService {
    /// The company actor of `principal` and its company id; [`AppError::Unauthenticated`] for
    /// anyone else.
    fn company(&self, tenant: &Tenant, principal: &Principal) -> Result<(Actor, String)> {
        match self.actor(tenant, principal)? {
            Actor::Company { company_id, user_id } => Ok((Actor::Company { company_id: company_id.clone(), user_id }, company_id)),
            Actor::Candidate { .. } => Err(AppError::Unauthenticated),
        }
    }

    /// The active offer `slug` of the company with its public copy; anything else (a draft, an
    /// ended offer, another company's) is [`AppError::OfferNotFound`].
    fn active_offer(&self, board: &str, company_id: &str, slug: &str) -> Result<(EmployerOffer, Offer)> {
        let not_found = || AppError::OfferNotFound { slug: slug.to_string() };
        let record = self.employers.offer(board, company_id, slug).map_err(|_| not_found())?;
        if !record.is_active(self.clock.now()) {
            return Err(not_found());
        }
        let (offer, _) = crate::offers::find_offer(&self.engine, board, slug)?.ok_or_else(not_found)?;
        Ok((record, offer))
    }

    /// The company's daily limit: the most generous `chat_requests_per_day` among the plans of
    /// its active offers, a plan without one counting as `[chat] daily_requests`.
    pub fn daily_limit(&self, tenant: &Tenant, company_id: &str) -> Result<u32> {
        let now = self.clock.now();
        let plans = &tenant.settings.employers;
        let default = self.settings.daily_requests;
        let offers = self.employers.company_offers(&tenant.settings.slug, company_id)?;
        let best = offers
            .iter()
            .filter(|offer| offer.is_active(now))
            .map(|offer| plans.plan(&offer.plan_key).and_then(|plan| plan.chat_requests_per_day).unwrap_or(default))
            .max();
        Ok(best.unwrap_or(default))
    }

    /// Requests the company sent this UTC day.
    fn sent_today(&self, board: &str, actor: &Actor) -> Result<u32> {
        let now = self.clock.now();
        let today = wakat_chat::utc_day(now);
        let sent = self.chat.requests_sent(board, actor, now)?;
        Ok(sent.iter().filter(|request| wakat_chat::utc_day(request.sent_at) == today).count().try_into().unwrap_or(u32::MAX))
    }

    /// The board's findable passive candidates ranked for the active offer `slug` of the
    /// caller's company, anonymised, each with the company's request about it.
    pub fn candidates_for_offer(&self, tenant: &Tenant, principal: &Principal, slug: &str) -> Result<CandidatesForOffer> {
        let (actor, company_id) = self.company(tenant, principal)?;
        let board = &tenant.settings.slug;
        let (_, offer) = self.active_offer(board, &company_id, slug)?;
        let ranked = self.chat.candidates_for_offer(board, &actor, &offer, &self.engine.rates, &tenant.categories, self.settings.candidates_per_offer)?;
        let sent = self.chat.requests_sent(board, &actor, self.clock.now())?;
        let items = ranked
            .into_iter()
            .map(|ranked| {
                // Newest first: the first request of the pair is the latest.
                let request = sent.iter().find(|request| request.candidate_ref == ranked.candidate.candidate_ref && request.offer_id == offer.guid).cloned();
                CandidateForOffer { ranked, request }
            })
            .collect();
        Ok(CandidatesForOffer { items, daily_limit: self.daily_limit(tenant, &company_id)?, sent_today: self.sent_today(board, &actor)? })
    }

    /// Sends a conversation request about the active offer `offer_slug` to the candidate
    /// `candidate_ref`, with a first message; the candidate's open tabs get the invite. Refused
    /// over the daily limit ([`wakat_chat::ChatError::DailyLimitReached`]) and in maintenance.
    pub fn send_request(&self, tenant: &Tenant, principal: &Principal, offer_slug: &str, candidate_ref: &str, message: &str) -> Result<SentRequest> {
        let (actor, company_id) = self.company(tenant, principal)?;
        self.ensure_writable(tenant)?;
        let board = &tenant.settings.slug;
        let (_, offer) = self.active_offer(board, &company_id, offer_slug)?;
        let company = self.employers.company(board, &company_id)?.ok_or(AppError::CompanyNotFound)?;
        let avatar = company.logo_blob.as_deref().map(|hash| logo_path(board, hash)).or_else(|| offer.company_logo_url.clone());
        let new = NewRequest {
            candidate_ref: candidate_ref.to_string(),
            offer_id: offer.guid.clone(),
            offer_title: offer.title.clone(),
            employer_name: company.name,
            employer_avatar_url: avatar,
            first_message: message.to_string(),
        };
        let limit = self.daily_limit(tenant, &company_id)?;
        let now = self.clock.now();
        let request = self.chat.send_request(board, &actor, new, limit, now)?;
        self.publish_invite(board, &request.candidate_id, request.invite(now));
        Ok(request.sent_view(now))
    }

    /// The CV the candidate shared when accepting conversation `id` of the caller's company, with
    /// its bytes: the document as the candidate keeps it now (a replaced file is the new one; a
    /// deleted one, or none shared, is [`AppError::ChatNoSharedCv`]).
    pub fn shared_cv(&self, tenant: &Tenant, principal: &Principal, id: &str) -> Result<(Document, Vec<u8>)> {
        let (actor, _) = self.company(tenant, principal)?;
        let board = &tenant.settings.slug;
        let conversation = self.chat.conversation(board, &actor, id)?;
        let document_id = conversation.shared.cv_document_id.ok_or(AppError::ChatNoSharedCv)?;
        let account = self.accounts.get(board, &conversation.candidate_id)?.ok_or(AppError::ChatNoSharedCv)?;
        let document = account.documents.into_iter().find(|document| document.id == document_id).ok_or(AppError::ChatNoSharedCv)?;
        let hash = BlobHash::parse(&document.blob_hash).map_err(|error| AppError::internal("a shared CV's hash", error))?;
        let bytes = self.blobs.read(&hash).map_err(|error| AppError::internal("reading a shared CV", error))?;
        Ok((document, bytes))
    }

    /// The requests the caller's company sent, newest first.
    pub fn requests_sent(&self, tenant: &Tenant, principal: &Principal) -> Result<Vec<SentRequest>> {
        let (actor, _) = self.company(tenant, principal)?;
        Ok(self.chat.requests_sent(&tenant.settings.slug, &actor, self.clock.now())?)
    }
}
