//! Request and answer bodies of the candidate account calls.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use wakat_accounts::{Account, Document};
use wakat_core::Preferences;

use crate::dto::iso_time;

/// `POST /v1/candidate/register`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RegisterRequest {
    /// Login e-mail.
    pub email: String,
    /// At least 8 characters, not the e-mail.
    pub password: String,
    /// Optional first name.
    #[serde(default)]
    pub first_name: String,
    /// Optional last name.
    #[serde(default)]
    pub last_name: String,
    /// Language of the mails (`pl` or `en`; default the board's).
    #[serde(default)]
    pub lang: Option<String>,
    /// An offer to add to the favourites once the account is confirmed (the spec's `favoriteOfferId`).
    #[serde(default)]
    pub favorite_offer_id: Option<String>,
    /// The terms and the privacy policy in force are accepted (required: `required` otherwise);
    /// the account records which documents and when.
    #[serde(default)]
    pub accepted_terms: bool,
}

/// `POST /v1/candidate/login`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LoginRequest {
    /// Login e-mail.
    pub email: String,
    /// Password.
    pub password: String,
    /// An offer to add to the favourites after logging in (the spec's `favoriteOfferId`).
    #[serde(default)]
    pub favorite_offer_id: Option<String>,
}

/// A link token from a mail (`POST /v1/candidate/confirm`, `/email/confirm`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TokenRequest {
    /// The `token` parameter of the link.
    pub token: String,
}

/// `POST /v1/candidate/confirm`: the link's token and, for an address registered more than once
/// before its confirmation, the password (and names) chosen now.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConfirmRequest {
    /// The `token` parameter of the link.
    pub token: String,
    /// The account's password from now on (required when the answer was `password_required`).
    #[serde(default)]
    pub password: Option<String>,
    /// First name (with `password`).
    #[serde(default)]
    pub first_name: Option<String>,
    /// Last name (with `password`).
    #[serde(default)]
    pub last_name: Option<String>,
}

/// `POST /v1/candidate/password-reset`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ResetRequest {
    /// The account's e-mail.
    pub email: String,
}

/// `POST /v1/candidate/password-reset/confirm`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ResetConfirmRequest {
    /// The `token` parameter of the link.
    pub token: String,
    /// The new password.
    pub password: String,
}

/// `PUT /v1/candidate/password`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ChangePasswordRequest {
    /// The password now.
    pub current_password: String,
    /// The new password.
    pub new_password: String,
}

/// `POST /v1/candidate/email`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ChangeEmailRequest {
    /// The address to move to (a link is mailed there).
    pub new_email: String,
    /// The password, to prove it is the owner asking.
    pub password: String,
}

/// `DELETE /v1/candidate/account`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DeleteAccountRequest {
    /// The password, to prove it is the owner asking.
    pub password: String,
}

/// `PUT /v1/candidate/profile`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProfileRequest {
    /// First name.
    #[serde(default)]
    pub first_name: String,
    /// Last name.
    #[serde(default)]
    pub last_name: String,
    /// Default apply message (≤ 1000 characters).
    #[serde(default)]
    pub message: String,
    /// Matchmaking preferences.
    #[serde(default)]
    #[schema(value_type = Object)]
    pub preferences: Preferences,
}

/// A stored document as its owner sees it (the spec's `applicationDocs` entry).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DocumentDto {
    /// Id.
    pub id: String,
    /// Kind of document (always `cv` today).
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The name it was uploaded with.
    pub file_name: String,
    /// Bytes.
    pub size: u64,
    /// Content type detected from the bytes.
    pub mime: String,
    /// RFC 3339.
    pub uploaded_at: String,
}

impl From<&Document> for DocumentDto {
    fn from(document: &Document) -> DocumentDto {
        DocumentDto {
            id: document.id.clone(),
            kind: "cv",
            file_name: document.file_name.clone(),
            size: document.size,
            mime: document.mime.clone(),
            uploaded_at: iso_time(document.uploaded_at),
        }
    }
}

/// The spec's user status for apply prompts.
#[derive(Debug, Serialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum UserStatus {
    /// No account (never answered for a logged-in candidate; listed for the web app's types).
    Unregistered,
    /// Logged in, no preferences yet.
    MissingPreferences,
    /// Logged in with preferences.
    WithPreferences,
}

/// The candidate profile (the spec's `Candidate profile` plus preferences and status).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CandidateDto {
    /// Id (the apply form's `candidate_id`).
    pub id: String,
    /// Login e-mail.
    pub email: String,
    /// First name.
    pub first_name: String,
    /// Last name.
    pub last_name: String,
    /// Default apply message.
    pub message: String,
    /// Stored CVs, newest last.
    pub application_docs: Vec<DocumentDto>,
    /// Matchmaking preferences.
    #[schema(value_type = Object)]
    pub preferences: Preferences,
    /// Apply-prompt status.
    pub status: UserStatus,
    /// Language of the mails.
    pub lang: String,
    /// RFC 3339.
    pub created_at: String,
}

impl From<&Account> for CandidateDto {
    fn from(account: &Account) -> CandidateDto {
        CandidateDto {
            id: account.id.clone(),
            email: account.email.clone(),
            first_name: account.first_name.clone(),
            last_name: account.last_name.clone(),
            message: account.message.clone(),
            application_docs: account.documents.iter().map(DocumentDto::from).collect(),
            preferences: account.preferences.clone(),
            status: if account.preferences.is_empty() { UserStatus::MissingPreferences } else { UserStatus::WithPreferences },
            lang: account.lang.clone(),
            created_at: iso_time(account.created_at),
        }
    }
}

/// The answer of a login: the profile and the CSRF token (also in the `wakat_csrf` cookie).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionDto {
    /// The logged-in candidate.
    pub candidate: CandidateDto,
    /// Repeat it in `X-CSRF-Token` on every write.
    pub csrf_token: String,
}

/// An accepted request whose outcome arrives by mail (the same answer whatever the account state).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AcceptedDto {
    /// `checkYourMail`.
    pub status: &'static str,
}

/// A short-lived private download link.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DownloadLinkDto {
    /// Path under the API (`/api/{tenant}/v1/candidate/documents/{id}/download?expires=…&signature=…`).
    pub url: String,
    /// RFC 3339.
    pub expires_at: String,
}
