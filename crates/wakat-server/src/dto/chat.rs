//! The chat's answers (the shapes of issue 25's chat contract), shared by the REST routes and the
//! hub's events, so a message or conversation looks the same however it arrives. Times are Unix
//! seconds.

use serde::Serialize;
use utoipa::ToSchema;
use wakat_app::chat::candidate::{BlockedCompany, ProfileState};
use wakat_app::chat::conversations::HistoryPage;
use wakat_app::chat::employer::{CandidateForOffer, CandidatesForOffer};
use wakat_app::chat::tokens::HubToken;
use wakat_app::chat::ChatConversation;
use wakat_chat::{AnonymousCandidate, ConversationStatus, Criterion, CriterionScore, Invite, MatchScore, Message, PassiveProfile, SentRequest, Side};

/// One message as the viewer sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageView {
    /// The conversation.
    pub conversation_id: String,
    /// 1, 2, 3… within the conversation.
    pub seq: u64,
    /// `candidate` or `company`.
    pub sender: String,
    /// Whether the viewer's side wrote it.
    pub mine: bool,
    /// The text; `null` once erased (show a tombstone).
    pub text: Option<String>,
    /// Unix seconds.
    pub sent_at: i64,
    /// The sender's client id (`null` for a request's first message).
    pub client_message_id: Option<String>,
}

impl MessageView {
    /// `message` of `conversation_id` as `viewer` sees it.
    pub fn new(conversation_id: &str, message: &Message, viewer: Side) -> MessageView {
        MessageView {
            conversation_id: conversation_id.to_string(),
            seq: message.seq,
            sender: message.sender.as_str().to_string(),
            mine: message.sender == viewer,
            text: message.text.clone(),
            sent_at: message.sent_at,
            client_message_id: message.client_message_id.clone(),
        }
    }
}

/// The employer of a conversation or an invite.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatEmployerDto {
    /// Company name.
    pub name: String,
    /// Logo URL.
    pub avatar_url: Option<String>,
}

/// What the candidate shared on accepting (the company sees nothing else of them).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SharedCandidateDto {
    /// The candidate's anonymous reference.
    #[serde(rename = "ref")]
    pub candidate_ref: String,
    /// Their name, if shared.
    pub name: Option<String>,
    /// Their e-mail, if shared.
    pub email: Option<String>,
    /// Whether they shared a CV.
    pub has_cv: bool,
}

/// A conversation as the caller's side sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversationView {
    /// The conversation's id (the widget's `chatId`).
    pub id: String,
    /// The offer's `jobAdvertisementId`.
    pub offer_id: String,
    /// The offer's title when the request was sent.
    pub offer_title: String,
    /// The offer's slug while the board has it.
    pub offer_slug: Option<String>,
    /// The company.
    pub employer: ChatEmployerDto,
    /// What the candidate shared.
    pub candidate: SharedCandidateDto,
    /// `open` or `closed`.
    pub status: String,
    /// `candidate`, `company`, or `null` while open.
    pub closed_by: Option<String>,
    /// When the candidate accepted.
    pub opened_at: i64,
    /// When the newest message was sent.
    pub last_message_at: i64,
    /// Seq of the newest message.
    pub last_seq: u64,
    /// Messages of the other side the caller has not read.
    pub unread: u64,
    /// The caller's read mark.
    pub read_seq: u64,
    /// The other side's read mark ("seen").
    pub other_read_seq: u64,
    /// The newest message.
    pub last_message: Option<MessageView>,
}

impl From<&ChatConversation> for ConversationView {
    fn from(view: &ChatConversation) -> ConversationView {
        let conversation = &view.conversation;
        let (status, closed_by) = match conversation.status {
            ConversationStatus::Open => ("open", None),
            ConversationStatus::Closed { by, .. } => ("closed", Some(by.as_str().to_string())),
        };
        let own = conversation.side(view.viewer);
        ConversationView {
            id: conversation.id.clone(),
            offer_id: conversation.offer_id.clone(),
            offer_title: conversation.offer_title.clone(),
            offer_slug: view.offer_slug.clone(),
            employer: ChatEmployerDto { name: conversation.employer_name.clone(), avatar_url: conversation.employer_avatar_url.clone() },
            candidate: SharedCandidateDto {
                candidate_ref: conversation.candidate_ref.clone(),
                name: conversation.shared.name.clone(),
                email: conversation.shared.email.clone(),
                has_cv: conversation.shared.cv_document_id.is_some(),
            },
            status: status.to_string(),
            closed_by,
            opened_at: conversation.opened_at,
            last_message_at: conversation.last_message_at,
            last_seq: conversation.last_seq,
            unread: own.unread,
            read_seq: own.read_seq,
            other_read_seq: conversation.side(view.viewer.other()).read_seq,
            last_message: view.last_message.as_ref().map(|message| MessageView::new(&conversation.id, message, view.viewer)),
        }
    }
}

/// A list of conversations with the caller's unread total.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversationsDto {
    /// Latest first.
    pub items: Vec<ConversationView>,
    /// Messages unread by the caller's side over all of them.
    pub unread_total: u64,
}

/// One page of history.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessagePage {
    /// Oldest first.
    pub items: Vec<MessageView>,
    /// Pass as `before` for older messages; `null` at the first.
    pub next_before: Option<u64>,
}

impl MessagePage {
    /// A page of `conversation_id`.
    pub fn new(conversation_id: &str, page: &HistoryPage) -> MessagePage {
        MessagePage {
            items: page.messages.iter().map(|message| MessageView::new(conversation_id, message, page.viewer)).collect(),
            next_before: page.next_before,
        }
    }
}

/// The offer of an invite.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InviteOfferDto {
    /// The offer's title.
    pub name: String,
}

/// The spec's chat invite.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteDto {
    /// `received`, `accepted`, `declined` or `expired`.
    pub status: String,
    /// Unix seconds.
    pub sent_at: i64,
    /// Who asks.
    pub employer: ChatEmployerDto,
    /// About which offer.
    pub job_advertisement: InviteOfferDto,
    /// Accept or decline with it.
    pub conversation_request_id: String,
    /// The employer's first message.
    pub first_message: String,
}

impl From<&Invite> for InviteDto {
    fn from(invite: &Invite) -> InviteDto {
        InviteDto {
            status: invite.status.to_string(),
            sent_at: invite.sent_at,
            employer: ChatEmployerDto { name: invite.employer.name.clone(), avatar_url: invite.employer.avatar_url.clone() },
            job_advertisement: InviteOfferDto { name: invite.job_advertisement.name.clone() },
            conversation_request_id: invite.conversation_request_id.clone(),
            first_message: invite.first_message.clone(),
        }
    }
}

/// A list of invites.
#[derive(Debug, Serialize, ToSchema)]
pub struct InvitesDto {
    /// Newest first.
    pub items: Vec<InviteDto>,
}

/// A request as the company that sent it sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SentRequestDto {
    /// The request's id.
    pub id: String,
    /// The candidate's anonymous reference.
    pub candidate_ref: String,
    /// The offer's `jobAdvertisementId`.
    pub offer_id: String,
    /// The offer's title when sent.
    pub offer_title: String,
    /// The company user who sent it.
    pub sent_by_user_id: String,
    /// Unix seconds.
    pub sent_at: i64,
    /// `received`, `accepted`, `declined` or `expired`.
    pub status: String,
    /// The conversation, once accepted.
    pub conversation_id: Option<String>,
}

impl From<&SentRequest> for SentRequestDto {
    fn from(request: &SentRequest) -> SentRequestDto {
        SentRequestDto {
            id: request.id.clone(),
            candidate_ref: request.candidate_ref.clone(),
            offer_id: request.offer_id.clone(),
            offer_title: request.offer_title.clone(),
            sent_by_user_id: request.sent_by_user_id.clone(),
            sent_at: request.sent_at,
            status: request.status.to_string(),
            conversation_id: request.conversation_id.clone(),
        }
    }
}

/// A list of sent requests.
#[derive(Debug, Serialize, ToSchema)]
pub struct SentRequestsDto {
    /// Newest first.
    pub items: Vec<SentRequestDto>,
}

/// The matchmaking preferences of a passive profile (matched-for-you's own).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatPreferencesDto {
    /// Key skills.
    pub skills: Vec<String>,
    /// Seniorities (`junior`, `mid`, `senior`…).
    pub experience_levels: Vec<String>,
    /// City slugs.
    pub cities: Vec<String>,
    /// Wants remote work.
    pub remote: bool,
    /// Salary expectation per `salaryUnit`.
    pub salary_min: Option<f64>,
    /// Its currency (`pln`…).
    pub currency: Option<String>,
}

/// A saved passive profile.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatProfileDto {
    /// Employers may find the candidate.
    pub open_to_offers: bool,
    /// Skills, seniorities, place, salary.
    pub preferences: ChatPreferencesDto,
    /// Period of `preferences.salaryMin` (`month`, `hour`…).
    pub salary_unit: String,
    /// Category values of the board (roles wanted).
    pub categories: Vec<u32>,
    /// Contracts accepted (`b2b`, `permanent`…).
    pub contract_types: Vec<String>,
    /// The anonymous reference employers see.
    pub public_id: String,
    /// Unix seconds.
    pub updated_at: i64,
}

impl From<&PassiveProfile> for ChatProfileDto {
    fn from(profile: &PassiveProfile) -> ChatProfileDto {
        let input = &profile.input;
        let preferences = &input.preferences;
        ChatProfileDto {
            open_to_offers: input.open_to_offers,
            preferences: ChatPreferencesDto {
                skills: preferences.skills.clone(),
                experience_levels: preferences.experience_levels.iter().map(|level| level.as_str().to_string()).collect(),
                cities: preferences.cities.clone(),
                remote: preferences.remote,
                salary_min: preferences.salary_min,
                currency: Some(preferences.currency.as_str().to_string()),
            },
            salary_unit: input.salary_unit.as_str().to_string(),
            categories: input.categories.clone(),
            contract_types: input.contract_types.iter().map(|kind| kind.as_str().to_string()).collect(),
            public_id: profile.public_id.clone(),
            updated_at: profile.updated_at,
        }
    }
}

/// The widget's profile answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatProfileAnswer {
    /// The saved profile, or `null`.
    pub profile: Option<ChatProfileDto>,
    /// Mandatory preferences missing: `categories`, `seniority`, `skills`, `place`, `salary`, `contractTypes`.
    pub missing: Vec<String>,
    /// Whether employers can find the candidate now.
    pub findable: bool,
    /// The board's passive-candidate chat is in maintenance.
    pub maintenance: bool,
    /// Messages unread by the candidate.
    pub unread_total: u64,
}

impl From<&ProfileState> for ChatProfileAnswer {
    fn from(state: &ProfileState) -> ChatProfileAnswer {
        ChatProfileAnswer {
            profile: state.profile.as_ref().map(ChatProfileDto::from),
            missing: state.missing.iter().map(|missing| crate::error::chat::preference_name(*missing).to_string()).collect(),
            findable: state.findable,
            maintenance: state.maintenance,
            unread_total: state.unread_total,
        }
    }
}

/// A company the candidate blocked.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockDto {
    /// The company.
    pub company_id: String,
    /// Its name.
    pub name: String,
    /// Unix seconds.
    pub at: i64,
}

/// The candidate's blocks.
#[derive(Debug, Serialize, ToSchema)]
pub struct BlocksDto {
    /// In no particular order.
    pub items: Vec<BlockDto>,
}

impl BlocksDto {
    /// The blocks with their companies' names.
    pub fn new(blocks: &[BlockedCompany]) -> BlocksDto {
        BlocksDto { items: blocks.iter().map(|block| BlockDto { company_id: block.company_id.clone(), name: block.name.clone(), at: block.at }).collect() }
    }
}

/// A report's id.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReportDto {
    /// The report.
    pub id: String,
}

/// A hub access token.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HubTokenDto {
    /// The SignalR client's `access_token`.
    pub access_token: String,
    /// Unix seconds; connect before.
    pub expires_at: i64,
}

impl From<HubToken> for HubTokenDto {
    fn from(token: HubToken) -> HubTokenDto {
        HubTokenDto { access_token: token.access_token, expires_at: token.expires_at }
    }
}

/// An anonymous passive candidate as employers see them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnonymousCandidateDto {
    /// The reference to send a request to.
    pub candidate_ref: String,
    /// Seniorities accepted.
    pub experience_levels: Vec<String>,
    /// Key skills.
    pub skills: Vec<String>,
    /// City slugs.
    pub cities: Vec<String>,
    /// Wants remote work.
    pub remote: bool,
    /// Salary expectation.
    pub salary_min: Option<f64>,
    /// Its currency.
    pub currency: String,
    /// Its period.
    pub salary_unit: String,
    /// Roles wanted (category values).
    pub categories: Vec<u32>,
    /// Contracts accepted.
    pub contract_types: Vec<String>,
}

impl From<&AnonymousCandidate> for AnonymousCandidateDto {
    fn from(candidate: &AnonymousCandidate) -> AnonymousCandidateDto {
        AnonymousCandidateDto {
            candidate_ref: candidate.candidate_ref.clone(),
            experience_levels: candidate.experience_levels.iter().map(|level| level.as_str().to_string()).collect(),
            skills: candidate.skills.clone(),
            cities: candidate.cities.clone(),
            remote: candidate.remote,
            salary_min: candidate.salary_min,
            currency: candidate.currency.as_str().to_string(),
            salary_unit: candidate.salary_unit.as_str().to_string(),
            categories: candidate.categories.clone(),
            contract_types: candidate.contract_types.iter().map(|kind| kind.as_str().to_string()).collect(),
        }
    }
}

/// One criterion of a match.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CriterionDto {
    /// `categories`, `seniority`, `skills`, `place`, `salary` or `contractTypes`.
    pub criterion: String,
    /// How far it is met, 0–100.
    pub percent: u8,
    /// What matched (skills, the city or `remote`, contract types, the category or level).
    pub matched: Vec<String>,
    /// Its weight in the total (see ARCHITECTURE.md).
    pub weight: u32,
}

impl From<&CriterionScore> for CriterionDto {
    fn from(score: &CriterionScore) -> CriterionDto {
        let met = score.score > 0.0;
        let (criterion, matched): (&str, Vec<String>) = match &score.criterion {
            Criterion::Skills { matched_required, matched_nice_to_have, .. } => {
                ("skills", matched_required.iter().chain(matched_nice_to_have).cloned().collect())
            }
            Criterion::Category { offer_category } => ("categories", if met { vec![offer_category.to_string()] } else { Vec::new() }),
            Criterion::Seniority { offer_level } => ("seniority", if met { vec![offer_level.as_str().to_string()] } else { Vec::new() }),
            Criterion::Place { city, remote } => ("place", city.iter().cloned().chain(remote.then(|| "remote".to_string())).collect()),
            Criterion::Salary { offer_monthly_top, currency, .. } => {
                ("salary", if met { offer_monthly_top.iter().map(|top| format!("{top:.0} {}", currency.as_str())).collect() } else { Vec::new() })
            }
            Criterion::Contract { matched } => ("contractTypes", matched.iter().map(|kind| kind.as_str().to_string()).collect()),
            _ => ("other", Vec::new()),
        };
        let percent = (score.score.clamp(0.0, 1.0) * 100.0).round() as u8;
        CriterionDto { criterion: criterion.to_string(), percent, matched, weight: score.weight }
    }
}

/// A match with its explanation.
#[derive(Debug, Serialize, ToSchema)]
pub struct MatchScoreDto {
    /// 0–100.
    pub percent: u8,
    /// One line per criterion.
    pub criteria: Vec<CriterionDto>,
}

impl From<&MatchScore> for MatchScoreDto {
    fn from(score: &MatchScore) -> MatchScoreDto {
        MatchScoreDto { percent: score.percent, criteria: score.criteria.iter().map(CriterionDto::from).collect() }
    }
}

/// The company's request to a listed candidate.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CandidateRequestDto {
    /// The request.
    pub id: String,
    /// Its status.
    pub status: String,
    /// The conversation, once accepted.
    pub conversation_id: Option<String>,
}

/// One candidate for an offer.
#[derive(Debug, Serialize, ToSchema)]
pub struct CandidateForOfferDto {
    /// Anonymous.
    pub candidate: AnonymousCandidateDto,
    /// The match.
    pub score: MatchScoreDto,
    /// The company's latest request about this offer, if any.
    pub request: Option<CandidateRequestDto>,
}

impl From<&CandidateForOffer> for CandidateForOfferDto {
    fn from(item: &CandidateForOffer) -> CandidateForOfferDto {
        CandidateForOfferDto {
            candidate: AnonymousCandidateDto::from(&item.ranked.candidate),
            score: MatchScoreDto::from(&item.ranked.score),
            request: item.request.as_ref().map(|request| CandidateRequestDto {
                id: request.id.clone(),
                status: request.status.to_string(),
                conversation_id: request.conversation_id.clone(),
            }),
        }
    }
}

/// "Candidates for this offer".
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CandidatesForOfferDto {
    /// Best match first.
    pub items: Vec<CandidateForOfferDto>,
    /// Requests the company may send per UTC day.
    pub daily_limit: u32,
    /// Requests it sent this UTC day.
    pub sent_today: u32,
}

impl From<&CandidatesForOffer> for CandidatesForOfferDto {
    fn from(list: &CandidatesForOffer) -> CandidatesForOfferDto {
        CandidatesForOfferDto { items: list.items.iter().map(CandidateForOfferDto::from).collect(), daily_limit: list.daily_limit, sent_today: list.sent_today }
    }
}
