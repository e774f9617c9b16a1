//! Companies and the accounts that act for them.

use serde::{Deserialize, Serialize};
use wakat_store::ids::new_id;
use wakat_store::{json, WriteOp};

use crate::store::RECORD_VERSION;
use crate::{keys, EmployerStore, EmployersError};

/// A company of a board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Company {
    /// Record format version.
    pub v: u8,
    /// Random hex id.
    pub id: String,
    /// Name given at sign-up.
    pub name: String,
    /// The employer accepted the board's terms for clients.
    pub accepted_regulations: bool,
    /// The employer wants the newsletter.
    pub subscribe_to_newsletter: bool,
    /// Unix seconds.
    pub created_at: i64,
    /// Size, one of the offer form's options (empty until the company data is saved).
    #[serde(default)]
    pub size: String,
    /// Website with its http(s) protocol (empty until saved).
    #[serde(default)]
    pub website: String,
    /// SHA-256 of the logo in the upload store.
    #[serde(default)]
    pub logo_blob: Option<String>,
    /// Invoice data (owners only).
    #[serde(default)]
    pub billing: Option<crate::BillingData>,
    /// Default clauses of new offers.
    #[serde(default)]
    pub clauses: Option<crate::Clauses>,
    /// Slug of the company's brand story, once written.
    #[serde(default)]
    pub story_slug: Option<String>,
}

/// What a user may do for the company. Records written before roles existed have none and
/// read as owners: every such user signed the company up or was invited when all were equal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Manages users and billing besides everything a recruiter does.
    #[default]
    Owner,
    /// Offers, applications, company data, clauses and the brand story.
    Recruiter,
}

impl Role {
    /// The wire form.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Owner => "owner",
            Role::Recruiter => "recruiter",
        }
    }

    /// Whether the role manages users and billing data.
    pub fn manages_team_and_billing(self) -> bool {
        self == Role::Owner
    }
}

/// When a company user hears of its company's new applications.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ApplicationsNotify {
    /// One mail per application, as it arrives.
    #[default]
    Immediately,
    /// One mail a day listing the previous day's applications.
    Daily,
    /// No mail.
    Off,
}

impl ApplicationsNotify {
    /// The wire form.
    pub fn as_str(self) -> &'static str {
        match self {
            ApplicationsNotify::Immediately => "immediately",
            ApplicationsNotify::Daily => "daily",
            ApplicationsNotify::Off => "off",
        }
    }
}

/// An account acting for a company.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EmployerUser {
    /// Record format version.
    pub v: u8,
    /// The account (in `wakat-accounts`).
    pub account_id: String,
    /// The company.
    pub company_id: String,
    /// Full name.
    pub name: String,
    /// Phone, may be empty.
    pub phone: String,
    /// Unix seconds.
    pub created_at: i64,
    /// Owner or recruiter (absent in records older than roles: owner).
    #[serde(default)]
    pub role: Role,
    /// When this user hears of new applications (absent in older records: immediately).
    #[serde(default)]
    pub applications_notify: ApplicationsNotify,
}

/// A company as signed up.
#[derive(Debug, Clone)]
pub struct NewCompany {
    /// Name.
    pub name: String,
    /// Terms accepted.
    pub accepted_regulations: bool,
    /// Newsletter wanted.
    pub subscribe_to_newsletter: bool,
}

impl EmployerStore {
    /// The writes that create a company with its first user (to join the account's
    /// registration transaction).
    pub fn company_ops(&self, tenant: &str, account_id: &str, company: NewCompany, name: &str, phone: &str, now: i64) -> Result<Vec<WriteOp>, EmployersError> {
        let company = Company {
            v: RECORD_VERSION,
            id: new_id(),
            name: company.name.trim().to_string(),
            accepted_regulations: company.accepted_regulations,
            subscribe_to_newsletter: company.subscribe_to_newsletter,
            created_at: now,
            size: String::new(),
            website: String::new(),
            logo_blob: None,
            billing: None,
            clauses: None,
            story_slug: None,
        };
        let mut ops = vec![json::put(keys::company(tenant, &company.id)?, &company)?];
        ops.extend(self.user_ops(tenant, account_id, &company.id, name, phone, Role::Owner, now)?);
        Ok(ops)
    }

    /// The writes that make an account a user of a company.
    #[allow(clippy::too_many_arguments)]
    pub fn user_ops(
        &self,
        tenant: &str,
        account_id: &str,
        company_id: &str,
        name: &str,
        phone: &str,
        role: Role,
        now: i64,
    ) -> Result<Vec<WriteOp>, EmployersError> {
        let user = EmployerUser {
            v: RECORD_VERSION,
            account_id: account_id.to_string(),
            company_id: company_id.to_string(),
            name: name.trim().to_string(),
            phone: phone.trim().to_string(),
            created_at: now,
            role,
            applications_notify: ApplicationsNotify::default(),
        };
        let mut ops = self.leave_ops(tenant, account_id, company_id)?;
        ops.push(json::put(keys::user(tenant, account_id)?, &user)?);
        ops.push(WriteOp::Put { key: keys::child(keys::company_users(tenant, company_id)?, account_id), value: Vec::new() });
        Ok(ops)
    }

    /// The writes that take an account out of the company it belongs to, if another than
    /// `joining`: an unconfirmed account taken over by a new sign-up or an accepted invitation
    /// keeps nothing of the company its earlier sign-up made (a stranger's, maybe), and that
    /// company goes when nobody else is in it (its drafts, never published, stay unreachable).
    fn leave_ops(&self, tenant: &str, account_id: &str, joining: &str) -> Result<Vec<WriteOp>, EmployersError> {
        let Some(previous) = self.user(tenant, account_id)? else { return Ok(Vec::new()) };
        if previous.company_id == joining {
            return Ok(Vec::new());
        }
        let mut ops = vec![WriteOp::Delete { key: keys::child(keys::company_users(tenant, &previous.company_id)?, account_id) }];
        if self.company_user_ids(tenant, &previous.company_id)?.iter().all(|id| id == account_id) {
            ops.push(WriteOp::Delete { key: keys::company(tenant, &previous.company_id)? });
        }
        Ok(ops)
    }

    /// The company an account acts for.
    pub fn user(&self, tenant: &str, account_id: &str) -> Result<Option<EmployerUser>, EmployersError> {
        Ok(json::read(&*self.kv, &keys::user(tenant, account_id)?)?)
    }

    /// A company.
    pub fn company(&self, tenant: &str, company_id: &str) -> Result<Option<Company>, EmployersError> {
        Ok(json::read(&*self.kv, &keys::company(tenant, company_id)?)?)
    }

    /// The account ids of a company's users.
    pub fn company_user_ids(&self, tenant: &str, company_id: &str) -> Result<Vec<String>, EmployersError> {
        self.children(&keys::company_users(tenant, company_id)?)
    }
}
