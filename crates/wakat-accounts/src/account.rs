//! The records of the accounts domain, as stored (JSON, camelCase, with a format version).

use serde::{Deserialize, Serialize};
use wakat_core::Preferences;

/// Format version of the records written by this code.
pub(crate) const RECORD_VERSION: u8 = 1;

/// Who an account belongs to: candidates and employers of one board are separate populations
/// (the same e-mail may hold one of each), and a session of one kind never acts as the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AccountKind {
    /// Looks for work: applies, keeps favourites, saves searches.
    Candidate,
    /// Publishes offers for a company.
    Employer,
}

impl AccountKind {
    /// The key segment and wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            AccountKind::Candidate => "candidate",
            AccountKind::Employer => "employer",
        }
    }
}

/// An account of one board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Account {
    /// Record format version.
    pub v: u8,
    /// Random hex id, unique on the board.
    pub id: String,
    /// Candidate or employer.
    pub kind: AccountKind,
    /// The e-mail, trimmed and lowercased: also the login.
    pub email: String,
    /// Whether the owner opened the confirmation link.
    pub email_confirmed: bool,
    /// Registered more than once before its confirmation: whoever confirms must choose the
    /// password then, since the pending one may be a stranger's (cleared on confirmation).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub contested: bool,
    /// argon2id PHC string; never leaves the server.
    pub password_hash: String,
    /// First name, may be empty.
    #[serde(default)]
    pub first_name: String,
    /// Last name, may be empty.
    #[serde(default)]
    pub last_name: String,
    /// The default message of the apply form.
    #[serde(default)]
    pub message: String,
    /// Language of the mails (`pl` or `en`).
    pub lang: String,
    /// Matchmaking preferences.
    #[serde(default)]
    pub preferences: Preferences,
    /// Stored CVs and other documents.
    #[serde(default)]
    pub documents: Vec<Document>,
    /// The terms accepted at registration (absent for accounts made another way: an invitation,
    /// a job alert, or before the sign-up form asked).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terms: Option<TermsAcceptance>,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds.
    pub updated_at: i64,
}

/// Which legal documents an account accepted, and when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TermsAcceptance {
    /// The terms document in force then (its name, e.g. `terms-users-2025`), if the board has one.
    pub terms: Option<String>,
    /// The privacy policy document then, if the board has one.
    pub privacy_policy: Option<String>,
    /// Unix seconds.
    pub accepted_at: i64,
}

/// A stored file of an account (a CV); the bytes live in the upload store under `blob_hash`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Document {
    /// Random hex id.
    pub id: String,
    /// The name the owner gave the file (shown, never used as a path).
    pub file_name: String,
    /// SHA-256 of the content in the upload store.
    pub blob_hash: String,
    /// Bytes.
    pub size: u64,
    /// Content type detected from the bytes.
    pub mime: String,
    /// Unix seconds.
    pub uploaded_at: i64,
}

/// A logged-in browser.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Session {
    /// Record format version.
    pub v: u8,
    /// Whose session it is.
    pub account_id: String,
    /// Candidate or employer.
    pub kind: AccountKind,
    /// The token every cookie-authenticated write repeats in a header (double submit, bound to
    /// this session).
    pub csrf_token: String,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds; the session is refused from then on.
    pub expires_at: i64,
}

/// What a one-time token (a link in a mail) allows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "purpose", rename_all = "snake_case")]
pub enum TokenPurpose {
    /// Confirms the e-mail of a new account.
    ConfirmEmail,
    /// Sets a new password without the old one.
    ResetPassword,
    /// Moves the account to `new_email`.
    ChangeEmail {
        /// The address the link was sent to.
        new_email: String,
    },
}

impl TokenPurpose {
    /// How long a link stays valid, in seconds.
    pub fn lifetime_secs(&self) -> i64 {
        match self {
            TokenPurpose::ConfirmEmail => 48 * 3600,
            TokenPurpose::ResetPassword => 3600,
            TokenPurpose::ChangeEmail { .. } => 24 * 3600,
        }
    }

    pub(crate) fn same_kind(&self, other: &TokenPurpose) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }
}

/// A one-time token as stored (under the hash of the token).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct OneTimeToken {
    pub v: u8,
    pub account_id: String,
    #[serde(flatten)]
    pub purpose: TokenPurpose,
    pub expires_at: i64,
}
