//! Conversation requests: a company asks a findable passive candidate about one offer with a
//! first message; the candidate accepts (a conversation opens with that message as its first)
//! or declines; an unanswered request expires.
//!
//! Rules: one request per (company, candidate, offer) while it waits, was accepted or was
//! declined (a new one only after it expired); a daily limit per company, counted per UTC day; a
//! candidate who blocked the company, closed their profile or never opened it is not found.

use wakat_store::ids::new_id;
use wakat_store::{json, WriteOp};

use crate::error::{ChatError, Result};
use crate::keys::{
    self, CONVERSATION, CONVERSATION_BY_CANDIDATE, CONVERSATION_BY_COMPANY, REQUEST, REQUEST_BY_CANDIDATE, REQUEST_BY_COMPANY, REQUEST_DAY, REQUEST_OF,
};
use crate::model::{Actor, Conversation, ConversationRequest, ConversationStatus, Invite, Message, RequestStatus, SentRequest, SharedContact, Side, SideState};
use crate::record::{self, RECORD_VERSION};
use crate::store::{candidate_of, company_of, ChatStore};
use crate::text::normalize_message_text;

/// Longest shared name or e-mail, in characters.
pub const MAX_SHARED_FIELD_CHARS: usize = 254;
const SECS_PER_DAY: i64 = 86_400;
/// The first message carries no client message id: it is the request itself.
const FIRST_SEQ: u64 = 1;

/// What a company sends to ask a candidate; the employer and offer fields are what the invite
/// shows, copied when sent (the caller reads them from the company and the offer).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewRequest {
    /// The candidate's anonymous reference (from "Candidates for this offer").
    pub candidate_ref: String,
    /// The offer's id (`jobAdvertisementId`).
    pub offer_id: String,
    /// The offer's title.
    pub offer_title: String,
    /// The company's name.
    pub employer_name: String,
    /// The company's logo.
    pub employer_avatar_url: Option<String>,
    /// The first message (the rules of every message).
    pub first_message: String,
}

/// The UTC day of `now` (days since 1970-01-01) under which a company's requests are counted.
pub fn utc_day(now: i64) -> i64 {
    now.div_euclid(SECS_PER_DAY)
}

fn shared_field(field: &'static str, value: Option<String>) -> Result<Option<String>> {
    let Some(value) = value.map(|value| value.trim().to_string()).filter(|value| !value.is_empty()) else { return Ok(None) };
    if value.chars().count() > MAX_SHARED_FIELD_CHARS || value.chars().any(char::is_control) {
        return Err(ChatError::invalid(field, format!("must be at most {MAX_SHARED_FIELD_CHARS} characters, no control characters")));
    }
    Ok(Some(value))
}

impl ChatStore {
    fn load_request(&self, board: &str, id: &str) -> Result<Option<ConversationRequest>> {
        record::read(&*self.kv, &keys::key(REQUEST, &[board, id]))
    }

    fn requests_under(&self, board: &str, prefix: &[u8]) -> Result<Vec<ConversationRequest>> {
        let mut requests = Vec::new();
        for id in self.ids_under(prefix)? {
            requests.extend(self.load_request(board, &id)?);
        }
        requests.sort_by(|a, b| b.sent_at.cmp(&a.sent_at).then_with(|| a.id.cmp(&b.id)));
        Ok(requests)
    }

    /// Sends a conversation request as `actor`'s company. Refused with `NotFound` when the
    /// candidate cannot be found (or blocked the company), `AlreadyRequested`, or
    /// `DailyLimitReached` once the company sent `daily_limit` requests this UTC day.
    pub fn send_request(&self, board: &str, actor: &Actor, new: NewRequest, daily_limit: u32, now: i64) -> Result<ConversationRequest> {
        let board = keys::board(board)?;
        let (company_id, user_id) = company_of(actor)?;
        let offer_id = keys::offer(&new.offer_id)?;
        let first_message = normalize_message_text(&new.first_message)?;
        let _relations = self.lock_relations();
        let profile = self.findable_profile(board, &new.candidate_ref)?.ok_or(ChatError::not_found("candidate"))?;
        let candidate_id = profile.candidate_id.as_str();
        if self.is_blocked(board, candidate_id, company_id)? {
            return Err(ChatError::not_found("candidate"));
        }
        let of_key = keys::key(REQUEST_OF, &[board, company_id, candidate_id, offer_id]);
        let mut ops = Vec::new();
        if let Some(previous_id) = self.kv.get(&of_key)? {
            let previous_id = String::from_utf8_lossy(&previous_id).into_owned();
            if let Some(mut previous) = self.load_request(board, &previous_id)? {
                match previous.status_at(now) {
                    RequestStatus::Expired if previous.status == RequestStatus::Received => {
                        previous.status = RequestStatus::Expired;
                        ops.push(json::put(keys::key(REQUEST, &[board, &previous.id]), &previous)?);
                    }
                    RequestStatus::Expired => {}
                    status => return Err(ChatError::AlreadyRequested { status }),
                }
            }
        }
        let day_key = keys::key(REQUEST_DAY, &[board, company_id, &utc_day(now).to_string()]);
        let sent_today = self.kv.get(&day_key)?.map(|value| keys::decode_u64(&day_key, &value)).transpose()?.unwrap_or(0);
        if sent_today >= u64::from(daily_limit) {
            return Err(ChatError::DailyLimitReached { limit: daily_limit });
        }
        let request = ConversationRequest {
            v: RECORD_VERSION,
            id: new_id(),
            candidate_id: candidate_id.to_string(),
            candidate_ref: profile.public_id.clone(),
            company_id: company_id.to_string(),
            sent_by_user_id: user_id.to_string(),
            offer_id: offer_id.to_string(),
            offer_title: new.offer_title,
            employer_name: new.employer_name,
            employer_avatar_url: new.employer_avatar_url,
            first_message,
            sent_at: now,
            status: RequestStatus::Received,
            answered_at: None,
            conversation_id: None,
        };
        ops.extend([
            json::put(keys::key(REQUEST, &[board, &request.id]), &request)?,
            WriteOp::Put { key: of_key, value: request.id.clone().into_bytes() },
            WriteOp::Put { key: keys::key(REQUEST_BY_CANDIDATE, &[board, candidate_id, &request.id]), value: Vec::new() },
            WriteOp::Put { key: keys::key(REQUEST_BY_COMPANY, &[board, company_id, &request.id]), value: Vec::new() },
            WriteOp::Put { key: day_key, value: (sent_today + 1).to_be_bytes().to_vec() },
        ]);
        self.commit(ops)?;
        Ok(request)
    }

    /// The candidate's requests, newest first, with their status at `now`.
    pub fn requests_received(&self, board: &str, actor: &Actor, now: i64) -> Result<Vec<ConversationRequest>> {
        let board = keys::board(board)?;
        let candidate_id = candidate_of(actor)?;
        let mut requests = self.requests_under(board, &keys::prefix(REQUEST_BY_CANDIDATE, &[board, candidate_id]))?;
        for request in &mut requests {
            request.status = request.status_at(now);
        }
        Ok(requests)
    }

    /// The widget's invites: the candidate's requests still `received`, newest first.
    pub fn invites(&self, board: &str, actor: &Actor, now: i64) -> Result<Vec<Invite>> {
        let requests = self.requests_received(board, actor, now)?;
        Ok(requests.iter().filter(|request| request.status == RequestStatus::Received).map(|request| request.invite(now)).collect())
    }

    /// The requests `actor`'s company sent, newest first, the candidate only by reference.
    pub fn requests_sent(&self, board: &str, actor: &Actor, now: i64) -> Result<Vec<SentRequest>> {
        let board = keys::board(board)?;
        let (company_id, _) = company_of(actor)?;
        let requests = self.requests_under(board, &keys::prefix(REQUEST_BY_COMPANY, &[board, company_id]))?;
        Ok(requests.iter().map(|request| request.sent_view(now)).collect())
    }

    /// A request addressed to the candidate `actor`, waiting for an answer.
    fn pending_request_of(&self, board: &str, actor: &Actor, id: &str, now: i64) -> Result<ConversationRequest> {
        let candidate_id = candidate_of(actor)?;
        let id = keys::record_id("request", id)?;
        let request = self.load_request(board, id)?.filter(|request| request.candidate_id == candidate_id).ok_or(ChatError::not_found("request"))?;
        match request.status_at(now) {
            RequestStatus::Received => Ok(request),
            status => Err(ChatError::RequestNotPending { status }),
        }
    }

    /// Accepts a request: the conversation opens with the request's message as its first (read
    /// by the candidate, who saw it in the invite), sharing what the candidate chose.
    pub fn accept_request(&self, board: &str, actor: &Actor, request_id: &str, share: SharedContact, now: i64) -> Result<Conversation> {
        let board = keys::board(board)?;
        let shared = SharedContact {
            name: shared_field("name", share.name)?,
            email: shared_field("email", share.email)?,
            cv_document_id: share.cv_document_id.map(|id| keys::document(&id).map(str::to_string)).transpose()?,
        };
        let _relations = self.lock_relations();
        let mut request = self.pending_request_of(board, actor, request_id, now)?;
        let conversation = Conversation {
            v: RECORD_VERSION,
            id: new_id(),
            candidate_id: request.candidate_id.clone(),
            candidate_ref: request.candidate_ref.clone(),
            company_id: request.company_id.clone(),
            request_id: request.id.clone(),
            offer_id: request.offer_id.clone(),
            offer_title: request.offer_title.clone(),
            employer_name: request.employer_name.clone(),
            employer_avatar_url: request.employer_avatar_url.clone(),
            shared,
            opened_at: now,
            status: ConversationStatus::Open,
            last_seq: FIRST_SEQ,
            last_message_at: request.sent_at,
            candidate: SideState { read_seq: FIRST_SEQ, ..SideState::default() },
            company: SideState { read_seq: FIRST_SEQ, ..SideState::default() },
        };
        let first = Message {
            v: RECORD_VERSION,
            seq: FIRST_SEQ,
            sender: Side::Company,
            sender_user_id: Some(request.sent_by_user_id.clone()),
            client_message_id: None,
            text: Some(request.first_message.clone()),
            sent_at: request.sent_at,
            deleted_at: None,
        };
        request.status = RequestStatus::Accepted;
        request.answered_at = Some(now);
        request.conversation_id = Some(conversation.id.clone());
        self.commit(vec![
            json::put(keys::key(REQUEST, &[board, &request.id]), &request)?,
            json::put(keys::key(CONVERSATION, &[board, &conversation.id]), &conversation)?,
            WriteOp::Put { key: keys::key(CONVERSATION_BY_CANDIDATE, &[board, &conversation.candidate_id, &conversation.id]), value: Vec::new() },
            WriteOp::Put { key: keys::key(CONVERSATION_BY_COMPANY, &[board, &conversation.company_id, &conversation.id]), value: Vec::new() },
            json::put(keys::message(board, &conversation.id, FIRST_SEQ), &first)?,
        ])?;
        Ok(conversation)
    }

    /// Declines a request; the company cannot ask about the same offer again.
    pub fn decline_request(&self, board: &str, actor: &Actor, request_id: &str, now: i64) -> Result<ConversationRequest> {
        let board = keys::board(board)?;
        let _relations = self.lock_relations();
        let mut request = self.pending_request_of(board, actor, request_id, now)?;
        request.status = RequestStatus::Declined;
        request.answered_at = Some(now);
        self.commit(vec![json::put(keys::key(REQUEST, &[board, &request.id]), &request)?])?;
        Ok(request)
    }

    /// The candidate's requests from one company still waiting (a block declines them).
    pub(crate) fn pending_requests_from(&self, board: &str, candidate_id: &str, company_id: &str, now: i64) -> Result<Vec<ConversationRequest>> {
        let requests = self.requests_under(board, &keys::prefix(REQUEST_BY_CANDIDATE, &[board, candidate_id]))?;
        Ok(requests.into_iter().filter(|request| request.company_id == company_id && request.status_at(now) == RequestStatus::Received).collect())
    }

    /// Every request addressed to a candidate (erasure).
    pub(crate) fn all_requests_of(&self, board: &str, candidate_id: &str) -> Result<Vec<ConversationRequest>> {
        self.requests_under(board, &keys::prefix(REQUEST_BY_CANDIDATE, &[board, candidate_id]))
    }
}
