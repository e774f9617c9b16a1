//! The candidate's side of the chat: the passive profile, invites (accept, decline), blocks and
//! reports. Every method needs a candidate principal (an employer user is refused as a stranger).

use wakat_chat::{Actor, Complaint, Invite, MissingPreference, PassiveProfile, ProfileInput, Report, ReportReason, RequestStatus, SharedContact};
use wakat_engine::Tenant;

use super::{ChatConversation, ChatEvent, ChatService};
use crate::error::{AppError, Result};
use crate::Principal;

/// What a candidate without a profile misses: everything, in the widget's order.
const ALL_PREFERENCES: [MissingPreference; 6] = [
    MissingPreference::Categories,
    MissingPreference::Seniority,
    MissingPreference::Skills,
    MissingPreference::Place,
    MissingPreference::Salary,
    MissingPreference::ContractTypes,
];

/// The widget's view of the candidate's profile.
#[derive(Debug, Clone, PartialEq)]
pub struct ProfileState {
    /// The saved profile, if any.
    pub profile: Option<PassiveProfile>,
    /// The mandatory preferences still missing (all of them without a profile).
    pub missing: Vec<MissingPreference>,
    /// Whether employers can find the candidate now.
    pub findable: bool,
    /// Whether the board's passive-candidate chat is in maintenance.
    pub maintenance: bool,
    /// Messages unread by the candidate over all conversations.
    pub unread_total: u64,
}

/// What the candidate shares on accepting a request.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ShareChoice {
    /// Their account's name.
    pub share_name: bool,
    /// Their account's e-mail.
    pub share_email: bool,
    /// One of their CV documents.
    pub cv_document_id: Option<String>,
}

/// A company the candidate blocked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockedCompany {
    /// The company.
    pub company_id: String,
    /// Its name now (empty when the company is gone).
    pub name: String,
    /// When it was blocked.
    pub at: i64,
}

impl ChatService {
    /// The candidate actor of `principal`: [`AppError::Unauthenticated`] for anyone else.
    fn candidate(&self, tenant: &Tenant, principal: &Principal) -> Result<Actor> {
        match self.actor(tenant, principal)? {
            actor @ Actor::Candidate { .. } => Ok(actor),
            Actor::Company { .. } => Err(AppError::Unauthenticated),
        }
    }

    fn profile_state(&self, board: &str, actor: &Actor, profile: Option<PassiveProfile>, maintenance: bool) -> Result<ProfileState> {
        let missing = profile.as_ref().map_or_else(|| ALL_PREFERENCES.to_vec(), PassiveProfile::missing);
        let findable = profile.as_ref().is_some_and(PassiveProfile::is_findable);
        let unread_total = self.chat.unread_total(board, actor)?;
        Ok(ProfileState { profile, missing, findable, maintenance, unread_total })
    }

    /// The candidate's passive profile, what it misses, and the widget's badge.
    pub fn profile(&self, tenant: &Tenant, principal: &Principal) -> Result<ProfileState> {
        let actor = self.candidate(tenant, principal)?;
        let board = &tenant.settings.slug;
        let profile = self.chat.profile(board, &actor)?;
        self.profile_state(board, &actor, profile, self.in_maintenance(tenant))
    }

    /// Saves the passive profile; opening up to offers needs every mandatory preference.
    pub fn save_profile(&self, tenant: &Tenant, principal: &Principal, input: ProfileInput) -> Result<ProfileState> {
        let actor = self.candidate(tenant, principal)?;
        let board = &tenant.settings.slug;
        let profile = self.chat.save_profile(board, &actor, input, self.clock.now())?;
        self.profile_state(board, &actor, Some(profile), self.in_maintenance(tenant))
    }

    /// The candidate's invites in `status` (every status when `None`), newest first.
    pub fn invites(&self, tenant: &Tenant, principal: &Principal, status: Option<RequestStatus>) -> Result<Vec<Invite>> {
        let actor = self.candidate(tenant, principal)?;
        let now = self.clock.now();
        let requests = self.chat.requests_received(&tenant.settings.slug, &actor, now)?;
        Ok(requests.iter().filter(|request| status.is_none_or(|status| request.status == status)).map(|request| request.invite(now)).collect())
    }

    /// Accepts a request: the conversation opens, sharing what the candidate chose from their
    /// account (a CV must be one of theirs). In maintenance: [`AppError::ChatMaintenance`].
    pub fn accept(&self, tenant: &Tenant, principal: &Principal, request_id: &str, choice: ShareChoice) -> Result<ChatConversation> {
        let actor = self.candidate(tenant, principal)?;
        self.ensure_writable(tenant)?;
        let board = &tenant.settings.slug;
        let account = self.accounts.get(board, principal.candidate_account()?)?.ok_or(AppError::AccountGone)?;
        if let Some(document_id) = &choice.cv_document_id {
            if !account.documents.iter().any(|document| &document.id == document_id) {
                return Err(AppError::DocumentNotFound);
            }
        }
        let name = format!("{} {}", account.first_name.trim(), account.last_name.trim()).trim().to_string();
        let share = SharedContact {
            name: (choice.share_name && !name.is_empty()).then_some(name),
            email: choice.share_email.then(|| account.email.clone()),
            cv_document_id: choice.cv_document_id,
        };
        let conversation = self.chat.accept_request(board, &actor, request_id, share, self.clock.now())?;
        let view = self.view(board, &actor, conversation)?;
        self.publish_updated(board, &view);
        Ok(view)
    }

    /// Declines a request, and with `block_company` blocks the company that sent it.
    pub fn decline(&self, tenant: &Tenant, principal: &Principal, request_id: &str, block_company: bool) -> Result<Invite> {
        let actor = self.candidate(tenant, principal)?;
        let board = &tenant.settings.slug;
        let now = self.clock.now();
        let request = self.chat.decline_request(board, &actor, request_id, now)?;
        if block_company {
            self.block(board, &actor, &request.company_id)?;
        }
        Ok(request.invite(now))
    }

    /// Blocks the company of one of the candidate's conversations: every conversation with it
    /// closes, its waiting requests are declined, it can no longer find the candidate.
    pub fn block_conversation_company(&self, tenant: &Tenant, principal: &Principal, conversation_id: &str) -> Result<ChatConversation> {
        let actor = self.candidate(tenant, principal)?;
        let board = &tenant.settings.slug;
        let company_id = self.chat.conversation(board, &actor, conversation_id)?.company_id;
        self.block(board, &actor, &company_id)?;
        let conversation = self.chat.conversation(board, &actor, conversation_id)?;
        self.view(board, &actor, conversation)
    }

    /// Blocks `company_id` and tells both sides of every conversation it closed.
    fn block(&self, board: &str, actor: &Actor, company_id: &str) -> Result<()> {
        let open: Vec<String> = self
            .chat
            .conversations(board, actor)?
            .into_iter()
            .filter(|conversation| conversation.company_id == company_id && conversation.is_open())
            .map(|conversation| conversation.id)
            .collect();
        self.chat.block_company(board, actor, company_id, self.clock.now())?;
        for id in open {
            let conversation = self.chat.conversation(board, actor, &id)?;
            let view = self.view(board, actor, conversation)?;
            self.publish_updated(board, &view);
        }
        Ok(())
    }

    /// Reports a message of the company in one of the candidate's conversations.
    pub fn report(&self, tenant: &Tenant, principal: &Principal, conversation_id: &str, seq: u64, reason: ReportReason, note: Option<&str>) -> Result<Report> {
        let actor = self.candidate(tenant, principal)?;
        let complaint = Complaint { reason, note };
        Ok(self.chat.report_message(&tenant.settings.slug, &actor, conversation_id, seq, complaint, self.clock.now())?)
    }

    /// The companies the candidate blocked, with their names.
    pub fn blocks(&self, tenant: &Tenant, principal: &Principal) -> Result<Vec<BlockedCompany>> {
        let actor = self.candidate(tenant, principal)?;
        let board = &tenant.settings.slug;
        let mut blocked = Vec::new();
        for block in self.chat.blocked_companies(board, &actor)? {
            let name = self.employers.company(board, &block.company_id)?.map(|company| company.name).unwrap_or_default();
            blocked.push(BlockedCompany { company_id: block.company_id, name, at: block.at });
        }
        Ok(blocked)
    }

    /// Lifts a block (closed conversations stay closed).
    pub fn unblock(&self, tenant: &Tenant, principal: &Principal, company_id: &str) -> Result<()> {
        let actor = self.candidate(tenant, principal)?;
        Ok(self.chat.unblock_company(&tenant.settings.slug, &actor, company_id)?)
    }

    /// Pushes a new invite to the candidate's open tabs.
    pub(super) fn publish_invite(&self, board: &str, candidate_id: &str, invite: Invite) {
        self.events.publish(board, &super::Recipient::Candidate(candidate_id.to_string()), ChatEvent::InviteReceived(invite));
    }
}
