//! The chat's request bodies and queries, and their conversion to the service's inputs.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use wakat_app::chat::candidate::ShareChoice;
use wakat_chat::{ProfileInput, ReportReason};
use wakat_core::{Currency, EmploymentKind, ExperienceLevel, Preferences, SalaryUnit};

/// The matchmaking preferences of `PUT …/chat/profile` (matched-for-you's own shape; `currency`
/// may be null: the board's default, PLN).
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct ChatPreferencesBody {
    /// Key skills (at most 20, each ≤ 60 characters).
    pub skills: Vec<String>,
    /// Seniorities (`trainee`, `junior`, `mid`, `senior`, `manager`, `c_level`).
    #[schema(value_type = Vec<String>)]
    pub experience_levels: Vec<ExperienceLevel>,
    /// City slugs (at most 10).
    pub cities: Vec<String>,
    /// Wants remote work.
    pub remote: bool,
    /// Salary expectation per `salaryUnit`.
    pub salary_min: Option<f64>,
    /// Its currency (`pln`, `eur`…).
    #[schema(value_type = Option<String>)]
    pub currency: Option<Currency>,
}

/// `PUT /v1/candidate/chat/profile`.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct ChatProfileBody {
    /// Employers may find the candidate (needs every mandatory preference).
    pub open_to_offers: bool,
    /// Skills, seniorities, place, salary.
    pub preferences: ChatPreferencesBody,
    /// Period of the salary expectation (`month` when absent).
    #[schema(value_type = Option<String>)]
    pub salary_unit: Option<SalaryUnit>,
    /// Category values of the board (at most 10).
    pub categories: Vec<u32>,
    /// Contracts accepted (`b2b`, `permanent`, `mandate_contract`…).
    #[schema(value_type = Vec<String>)]
    pub contract_types: Vec<EmploymentKind>,
}

impl From<ChatProfileBody> for ProfileInput {
    fn from(body: ChatProfileBody) -> ProfileInput {
        let preferences = body.preferences;
        ProfileInput {
            open_to_offers: body.open_to_offers,
            preferences: Preferences {
                skills: preferences.skills,
                experience_levels: preferences.experience_levels,
                cities: preferences.cities,
                remote: preferences.remote,
                salary_min: preferences.salary_min,
                currency: preferences.currency.unwrap_or_default(),
            },
            salary_unit: body.salary_unit.unwrap_or_default(),
            categories: body.categories,
            contract_types: body.contract_types,
        }
    }
}

/// `POST …/conversation-requests/{id}/accept`.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct AcceptBody {
    /// Share the account's name.
    pub share_name: bool,
    /// Share the account's e-mail.
    pub share_email: bool,
    /// Share one of the account's CVs.
    pub cv_document_id: Option<String>,
}

impl From<AcceptBody> for ShareChoice {
    fn from(body: AcceptBody) -> ShareChoice {
        ShareChoice { share_name: body.share_name, share_email: body.share_email, cv_document_id: body.cv_document_id }
    }
}

/// `POST …/conversation-requests/{id}/decline`.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct DeclineBody {
    /// Also block the company.
    pub block_company: bool,
}

/// `POST …/conversations/{id}/messages`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SendMessageBody {
    /// The client's id of the message (1–64 characters): a resend with it is not duplicated.
    pub client_message_id: String,
    /// Plain text, 1–2,000 characters.
    pub text: String,
}

/// `POST …/conversations/{id}/read`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReadBody {
    /// Every message up to this seq is read.
    pub up_to_seq: u64,
}

/// `POST …/messages/{seq}/report`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReportBody {
    /// `spam`, `abuse`, `scam` or `other`.
    #[schema(value_type = String)]
    pub reason: ReportReason,
    /// The reporter's words (≤ 1,000 characters).
    #[serde(default)]
    pub note: Option<String>,
}

/// `POST /v2/employer-panel/chat/conversation-requests`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SendRequestBody {
    /// An active offer of the company.
    pub offer_slug: String,
    /// From "Candidates for this offer".
    pub candidate_ref: String,
    /// The first message (the rules of every message).
    pub message: String,
}

/// The history's paging.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct MessagesQuery {
    /// Messages with a seq below this (the `nextBefore` of the previous page).
    pub before: Option<u64>,
    /// 1 to 100 (default 30).
    pub page_size: Option<usize>,
}

/// The invites' filter.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct InvitesQuery {
    /// `received` (default), `accepted`, `declined`, `expired` or `all`.
    pub status: Option<String>,
}
