//! The records of the chat and the views built from them. Times are Unix seconds given by the
//! caller (`now`), so tests control the clock.

use serde::{Deserialize, Serialize};

use crate::version::{versioned, RECORD_VERSION};

/// How long a request waits for an answer before it expires (14 days): a rule of the request's
/// status ([`ConversationRequest::status_at`]), so it lives with it.
pub const REQUEST_TTL_SECS: i64 = 14 * 86_400;

/// The two sides of every conversation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Side {
    /// The passive candidate.
    Candidate,
    /// The employer's company (its owner and recruiters alike).
    Company,
}

impl Side {
    /// The key segment and wire value.
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Candidate => "candidate",
            Side::Company => "company",
        }
    }

    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Candidate => Side::Company,
            Side::Company => Side::Candidate,
        }
    }
}

/// Who acts: every call of [`crate::ChatStore`] takes one and answers `NotFound` for anything
/// that is not theirs. The caller (the server) builds it from the session, never from the body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Actor {
    /// A logged-in candidate, by account id.
    Candidate {
        /// The candidate's account id.
        account_id: String,
    },
    /// A user of an employer company (owner or recruiter) acting for the company.
    Company {
        /// The company.
        company_id: String,
        /// The user who acts, recorded on what they send.
        user_id: String,
    },
}

impl Actor {
    /// A candidate actor.
    pub fn candidate(account_id: impl Into<String>) -> Actor {
        Actor::Candidate { account_id: account_id.into() }
    }

    /// A company actor.
    pub fn company(company_id: impl Into<String>, user_id: impl Into<String>) -> Actor {
        Actor::Company { company_id: company_id.into(), user_id: user_id.into() }
    }

    /// The side the actor is on.
    pub fn side(&self) -> Side {
        match self {
            Actor::Candidate { .. } => Side::Candidate,
            Actor::Company { .. } => Side::Company,
        }
    }
}

/// Where a conversation request stands (the spec's invite `status`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum RequestStatus {
    /// Waiting for the candidate's answer.
    Received,
    /// Accepted: a conversation is open.
    Accepted,
    /// Declined by the candidate (or the company was blocked).
    Declined,
    /// Not answered within [`REQUEST_TTL_SECS`].
    Expired,
}

impl std::fmt::Display for RequestStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            RequestStatus::Received => "received",
            RequestStatus::Accepted => "accepted",
            RequestStatus::Declined => "declined",
            RequestStatus::Expired => "expired",
        })
    }
}

/// An employer's request to talk with a passive candidate about one offer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConversationRequest {
    /// Record version.
    pub v: u32,
    /// Random id (the spec's `conversationRequestId`).
    pub id: String,
    /// The candidate's account id (never shown to the company).
    pub candidate_id: String,
    /// The candidate's anonymous reference the company addressed.
    pub candidate_ref: String,
    /// The company asking.
    pub company_id: String,
    /// The company user who sent it.
    pub sent_by_user_id: String,
    /// The offer's id (`jobAdvertisementId`).
    pub offer_id: String,
    /// The offer's title when sent (the spec's `jobAdvertisement.name`).
    pub offer_title: String,
    /// The employer's name when sent (`employer.name`).
    pub employer_name: String,
    /// The employer's logo when sent (`employer.avatarUrl`).
    pub employer_avatar_url: Option<String>,
    /// The first message, checked like every message.
    pub first_message: String,
    /// When it was sent (`sentAt`).
    pub sent_at: i64,
    /// Status as last written; read it through [`ConversationRequest::status_at`].
    pub status: RequestStatus,
    /// When the candidate answered.
    pub answered_at: Option<i64>,
    /// The conversation opened by accepting.
    pub conversation_id: Option<String>,
}

impl ConversationRequest {
    /// The status at `now`: a request still `received` after [`REQUEST_TTL_SECS`] is
    /// expired, whether or not that was written yet.
    pub fn status_at(&self, now: i64) -> RequestStatus {
        if self.status == RequestStatus::Received && now >= self.sent_at.saturating_add(REQUEST_TTL_SECS) {
            RequestStatus::Expired
        } else {
            self.status
        }
    }

    /// What the sending company sees of it.
    pub fn sent_view(&self, now: i64) -> SentRequest {
        SentRequest {
            id: self.id.clone(),
            candidate_ref: self.candidate_ref.clone(),
            offer_id: self.offer_id.clone(),
            offer_title: self.offer_title.clone(),
            sent_by_user_id: self.sent_by_user_id.clone(),
            sent_at: self.sent_at,
            status: self.status_at(now),
            conversation_id: self.conversation_id.clone(),
        }
    }

    /// The spec's chat invite, as the candidate's widget lists it.
    pub fn invite(&self, now: i64) -> Invite {
        Invite {
            status: self.status_at(now),
            sent_at: self.sent_at,
            employer: InviteEmployer { name: self.employer_name.clone(), avatar_url: self.employer_avatar_url.clone() },
            job_advertisement: InviteOffer { name: self.offer_title.clone() },
            conversation_request_id: self.id.clone(),
            first_message: self.first_message.clone(),
        }
    }
}

/// A request as the company that sent it sees it: the candidate only by reference.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SentRequest {
    /// The request's id.
    pub id: String,
    /// The candidate's anonymous reference.
    pub candidate_ref: String,
    /// The offer's id.
    pub offer_id: String,
    /// The offer's title when sent.
    pub offer_title: String,
    /// Who sent it.
    pub sent_by_user_id: String,
    /// When.
    pub sent_at: i64,
    /// Where it stands now.
    pub status: RequestStatus,
    /// The conversation, once accepted.
    pub conversation_id: Option<String>,
}

/// The spec's chat invite (§3): what the widget shows of a request.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Invite {
    /// `received` until answered.
    pub status: RequestStatus,
    /// Unix seconds; the server formats it.
    pub sent_at: i64,
    /// Who asks.
    pub employer: InviteEmployer,
    /// About which offer.
    pub job_advertisement: InviteOffer,
    /// The request's id, for accepting or declining.
    pub conversation_request_id: String,
    /// The employer's first message.
    pub first_message: String,
}

/// The employer of an invite.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct InviteEmployer {
    /// Company name.
    pub name: String,
    /// Logo URL.
    pub avatar_url: Option<String>,
}

/// The offer of an invite.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct InviteOffer {
    /// The offer's title.
    pub name: String,
}

/// What a candidate chose to share on accepting; each part is optional.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SharedContact {
    /// Their name.
    pub name: Option<String>,
    /// Their e-mail.
    pub email: Option<String>,
    /// The id of their CV document (bytes in the upload store).
    pub cv_document_id: Option<String>,
}

/// Read marks and unread bookkeeping of one side of a conversation.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SideState {
    /// Every message up to this seq counts as read by this side.
    pub read_seq: u64,
    /// Messages of the other side after `read_seq`.
    pub unread: u64,
    /// When the oldest of those was sent.
    pub first_unread_at: Option<i64>,
    /// When this side was last e-mailed about unread messages here.
    pub last_mailed_at: Option<i64>,
}

/// Open, or closed by one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum ConversationStatus {
    /// Both sides may write.
    Open,
    /// Nobody may write any more.
    Closed {
        /// Who closed it (a block or an erasure counts as the candidate's).
        by: Side,
        /// When.
        at: i64,
    },
}

/// A conversation between one candidate and one company about one offer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Conversation {
    /// Record version.
    pub v: u32,
    /// Random id (the spec's `chatId`).
    pub id: String,
    /// The candidate's account id (the server never shows it to the company).
    pub candidate_id: String,
    /// The candidate's anonymous reference, what the company sees instead.
    pub candidate_ref: String,
    /// The company.
    pub company_id: String,
    /// The accepted request.
    pub request_id: String,
    /// The offer talked about.
    pub offer_id: String,
    /// Its title when the request was sent.
    pub offer_title: String,
    /// The employer's name when the request was sent.
    pub employer_name: String,
    /// The employer's logo.
    pub employer_avatar_url: Option<String>,
    /// What the candidate shared (cleared by erasure).
    pub shared: SharedContact,
    /// When the candidate accepted.
    pub opened_at: i64,
    /// Open or closed.
    pub status: ConversationStatus,
    /// Seq of the newest message (messages are numbered from 1).
    pub last_seq: u64,
    /// When the newest message was sent.
    pub last_message_at: i64,
    /// The candidate's read marks.
    pub candidate: SideState,
    /// The company's read marks (shared by all its users).
    pub company: SideState,
}

impl Conversation {
    /// The read marks of `side`.
    pub fn side(&self, side: Side) -> &SideState {
        match side {
            Side::Candidate => &self.candidate,
            Side::Company => &self.company,
        }
    }

    pub(crate) fn side_mut(&mut self, side: Side) -> &mut SideState {
        match side {
            Side::Candidate => &mut self.candidate,
            Side::Company => &mut self.company,
        }
    }

    /// Messages of the other side not read yet by `side`.
    pub fn unread_for(&self, side: Side) -> u64 {
        self.side(side).unread
    }

    /// Whether messages may still be sent.
    pub fn is_open(&self) -> bool {
        self.status == ConversationStatus::Open
    }
}

/// One message. An erased candidate's messages keep their place as tombstones.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Message {
    /// Record version.
    pub v: u32,
    /// 1, 2, 3... within the conversation.
    pub seq: u64,
    /// Who wrote it.
    pub sender: Side,
    /// The company user who wrote it (`None` for the candidate).
    pub sender_user_id: Option<String>,
    /// The client's id of the message (`None` for a request's first message).
    pub client_message_id: Option<String>,
    /// The text; `None` once the writer's account was deleted.
    pub text: Option<String>,
    /// When it was stored.
    pub sent_at: i64,
    /// When its text was erased.
    pub deleted_at: Option<i64>,
}

impl Message {
    /// Whether only a tombstone is left ("deleted").
    pub fn is_deleted(&self) -> bool {
        self.text.is_none()
    }
}

/// Why a message was reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ReportReason {
    /// Unsolicited advertising or mass messages.
    Spam,
    /// Insults, threats, harassment.
    Abuse,
    /// A fraud attempt (fees, fake offers, phishing).
    Scam,
    /// Anything else; the note says what.
    Other,
}

/// A reported message, kept for moderation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    /// Record version.
    pub v: u32,
    /// Random id.
    pub id: String,
    /// The conversation.
    pub conversation_id: String,
    /// The message reported.
    pub seq: u64,
    /// Who reported it.
    pub reported_by: Side,
    /// Why.
    pub reason: ReportReason,
    /// The reporter's words, at most [`crate::MAX_REPORT_NOTE_CHARS`] characters.
    pub note: Option<String>,
    /// When.
    pub at: i64,
}

/// A candidate's block of a company.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Block {
    /// Record version.
    pub v: u32,
    /// The company blocked.
    pub company_id: String,
    /// When.
    pub at: i64,
}

impl Block {
    pub(crate) fn new(company_id: &str, at: i64) -> Block {
        Block { v: RECORD_VERSION, company_id: company_id.to_string(), at }
    }
}

versioned!(ConversationRequest, Conversation, Message, Report, Block);
