//! The employer panel's own data: the caller's profile, the company's users and roles, company
//! data with its logo, billing data and the default clauses of new offers. Owners manage users
//! and billing; recruiters get `owner_role_required` there.

use std::sync::Arc;

use wakat_accounts::{AccountStore, AccountsError};
use wakat_employers::{
    ApplicationsNotify, BillingData, Clauses, Company, CompanyData, EmployerStore, EmployerUser, EmployersError, Invitation, Role, UserUpdate,
};
use wakat_engine::Tenant;
use wakat_uploads::{BlobHash, BlobStore, StoredBlob};

use crate::employers::{check_name, check_phone, company_logo_owner, logo_path, require_owner, Acting};
use crate::error::{AppError, Result};
use crate::{Clock, Principal};

/// An employer user with its account's e-mail and whether it is confirmed.
#[derive(Debug, Clone)]
pub struct Member {
    /// The user record.
    pub user: EmployerUser,
    /// The account's e-mail (empty when the account is gone).
    pub email: String,
    /// Whether the e-mail is confirmed.
    pub email_confirmed: bool,
}

/// The caller's profile: its user, account and company.
#[derive(Debug, Clone)]
pub struct Profile {
    /// The user with its account's e-mail.
    pub member: Member,
    /// The company it acts for.
    pub company: Company,
}

/// A change of the caller's own profile; `None` keeps the value.
#[derive(Debug, Clone, Default)]
pub struct ProfileUpdate {
    /// Full name.
    pub name: Option<String>,
    /// Phone (empty removes it).
    pub phone: Option<String>,
    /// When the caller hears of its company's new applications.
    pub applications_notify: Option<ApplicationsNotify>,
}

/// A line of the company's users: a user, or an open invitation.
#[derive(Debug, Clone)]
pub enum TeamEntry {
    /// A user of the company.
    User(Member),
    /// An invitation not yet accepted.
    Invited(Invitation),
}

/// The company as the caller may see it.
#[derive(Debug, Clone)]
pub struct CompanyView {
    /// The company.
    pub company: Company,
    /// The caller's role (billing data is the owners').
    pub role: Role,
    /// The logo's URL path.
    pub logo_url: Option<String>,
}

/// The company panel of a board's employers.
#[derive(Clone)]
pub struct CompanyPanel {
    accounts: Arc<AccountStore>,
    employers: Arc<EmployerStore>,
    blobs: Arc<BlobStore>,
    clock: Clock,
}

impl CompanyPanel {
    /// The service over its stores.
    pub fn new(accounts: Arc<AccountStore>, employers: Arc<EmployerStore>, blobs: Arc<BlobStore>, clock: Clock) -> CompanyPanel {
        CompanyPanel { accounts, employers, blobs, clock }
    }

    fn member(&self, tenant: &Tenant, user: EmployerUser) -> Result<Member> {
        let account = self.accounts.get(&tenant.settings.slug, &user.account_id)?;
        let (email, email_confirmed) = account.map(|a| (a.email, a.email_confirmed)).unwrap_or_default();
        Ok(Member { user, email, email_confirmed })
    }

    fn own_company(&self, tenant: &Tenant, acting: &Acting<'_>) -> Result<Company> {
        Ok(self.employers.company(&tenant.settings.slug, acting.company_id)?.ok_or(EmployersError::NotAnEmployer)?)
    }

    fn profile_of(&self, tenant: &Tenant, acting: &Acting<'_>, user: EmployerUser) -> Result<Profile> {
        let company = self.own_company(tenant, acting)?;
        Ok(Profile { member: self.member(tenant, user)?, company })
    }

    /// The caller's profile.
    pub fn profile(&self, tenant: &Tenant, principal: &Principal) -> Result<Profile> {
        let acting = Acting::of(principal)?;
        let user = self.employers.company_user(&tenant.settings.slug, acting.company_id, acting.account_id)?;
        self.profile_of(tenant, &acting, user)
    }

    /// Changes the caller's name or phone (the sign-up's rules: name 2–100, the contact phone
    /// pattern) or when it hears of new applications (each user its own).
    pub fn update_profile(&self, tenant: &Tenant, principal: &Principal, update: ProfileUpdate) -> Result<Profile> {
        let ProfileUpdate { name, phone, applications_notify } = update;
        let acting = Acting::of(principal)?;
        if let Some(name) = &name {
            check_name("name", name, 2)?;
        }
        if let Some(phone) = &phone {
            check_phone("phone", phone)?;
        }
        let update = UserUpdate { name, phone, role: None, applications_notify };
        let user = self.employers.update_user(&tenant.settings.slug, acting.company_id, acting.account_id, update)?;
        self.profile_of(tenant, &acting, user)
    }

    /// The company's users, then its open invitations (owners only).
    pub fn team(&self, tenant: &Tenant, principal: &Principal) -> Result<Vec<TeamEntry>> {
        let acting = require_owner(principal)?;
        let slug = &tenant.settings.slug;
        let users = self.employers.company_users(slug, acting.company_id)?;
        let mut listed = users.into_iter().map(|user| self.member(tenant, user).map(TeamEntry::User)).collect::<Result<Vec<_>>>()?;
        let invitations = self.employers.company_invitations(slug, acting.company_id, self.clock.now())?;
        listed.extend(invitations.into_iter().map(TeamEntry::Invited));
        Ok(listed)
    }

    /// Changes a user's name, phone or role (owners only; the last owner stays an owner), or
    /// what an open invitation will give.
    pub fn update_member(&self, tenant: &Tenant, principal: &Principal, id: &str, update: UserUpdate) -> Result<TeamEntry> {
        let acting = require_owner(principal)?;
        if let Some(name) = &update.name {
            check_name("name", name, 2)?;
        }
        if let Some(phone) = &update.phone {
            check_phone("phone", phone)?;
        }
        let slug = &tenant.settings.slug;
        match self.employers.update_user(slug, acting.company_id, id, update.clone()) {
            Ok(user) => Ok(TeamEntry::User(self.member(tenant, user)?)),
            Err(EmployersError::UserNotFound) => {
                let invitation = self.employers.update_invitation(slug, acting.company_id, id, update, self.clock.now())?;
                Ok(TeamEntry::Invited(invitation))
            }
            Err(other) => Err(other.into()),
        }
    }

    /// Removes a user (owners only; not the last owner): the user leaves the company first, so
    /// its token stops opening employer calls at once, then its account goes with every session.
    /// An open invitation's id withdraws the invitation.
    pub fn remove_member(&self, tenant: &Tenant, principal: &Principal, id: &str) -> Result<()> {
        let acting = require_owner(principal)?;
        let slug = &tenant.settings.slug;
        match self.employers.remove_user(slug, acting.company_id, id) {
            Ok(_) => {}
            Err(EmployersError::UserNotFound) => {
                self.employers.cancel_invitation(slug, acting.company_id, id, self.clock.now())?;
                return Ok(());
            }
            Err(other) => return Err(other.into()),
        }
        match self.accounts.delete_account(slug, id) {
            Ok(_) | Err(AccountsError::NotFound) => Ok(()),
            Err(other) => Err(other.into()),
        }
    }

    /// The company as the caller may see it (billing data for owners only).
    pub fn company(&self, tenant: &Tenant, principal: &Principal) -> Result<CompanyView> {
        let acting = Acting::of(principal)?;
        let company = self.own_company(tenant, &acting)?;
        let logo_url = company.logo_blob.as_deref().map(|hash| logo_path(&tenant.settings.slug, hash));
        Ok(CompanyView { company, role: acting.role, logo_url })
    }

    /// Saves name, size, website and a new logo (already checked by content). The new logo is
    /// attached before the company names it; the replaced one is released after.
    pub fn save_company_data(&self, tenant: &Tenant, principal: &Principal, data: CompanyData, logo: Option<&StoredBlob>) -> Result<CompanyView> {
        let acting = Acting::of(principal)?;
        let slug = &tenant.settings.slug;
        // Checked before the logo is attached, so a refusal leaves no reference behind.
        let data = data.validated().map_err(EmployersError::Refused)?;
        let owner = company_logo_owner(slug, acting.company_id);
        if let Some(blob) = logo {
            self.blobs.attach(&blob.hash, &owner).map_err(|e| AppError::internal("attaching a company logo", e))?;
        }
        let new_hash = logo.map(|blob| blob.hash.as_str().to_string());
        let (_, replaced) = self.employers.update_company_data(slug, acting.company_id, data, new_hash)?;
        if let Some(old) = replaced.and_then(|old| BlobHash::parse(&old).ok()) {
            self.blobs.detach(&old, &owner).map_err(|e| AppError::internal("releasing a company logo", e))?;
        }
        self.company(tenant, principal)
    }

    /// Saves the billing data (owners only; a Polish NIP's checksum is checked).
    pub fn set_billing(&self, tenant: &Tenant, principal: &Principal, billing: BillingData) -> Result<CompanyView> {
        let acting = require_owner(principal)?;
        self.employers.set_billing(&tenant.settings.slug, acting.company_id, billing)?;
        self.company(tenant, principal)
    }

    /// Saves the default clauses of new offers (the offer form's clause rules).
    pub fn set_clauses(&self, tenant: &Tenant, principal: &Principal, clauses: Clauses) -> Result<CompanyView> {
        let acting = Acting::of(principal)?;
        self.employers.set_clauses(&tenant.settings.slug, acting.company_id, clauses)?;
        self.company(tenant, principal)
    }
}
