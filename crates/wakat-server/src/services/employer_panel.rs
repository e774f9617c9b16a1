//! The employer panel's own data as service functions: the caller's profile, the company's users
//! and roles, company data with its logo, billing data and the default clauses of new offers.
//! Owners manage users and billing; recruiters get 403 `owner_role_required` there.

use wakat_employers::{CompanyData, EmployerUser, EmployersError, UserUpdate};
use wakat_engine::now;

use crate::dto::employer_panel::{BillingDto, ClausesDto, CompanyDto, PanelUserDto, ProfileDto, ProfileUpdateRequest, UserUpdateRequest};
use crate::employer_session::Employer;
use crate::error::{accounts_error, employers_error, Result};
use crate::services::employer_offers::logo_path;
use crate::services::employers::{check_name, check_phone};
use crate::state::AppState;

/// The owner of a company's logo in the upload store (served by `/v1/company-logos/{hash}`,
/// which serves only blobs owned under `logo/{tenant}/`).
pub fn company_logo_owner(tenant: &str, company_id: &str) -> String {
    format!("logo/{tenant}/company/{company_id}")
}

/// 403 `owner_role_required` unless the caller is an owner.
pub fn require_owner(employer: &Employer) -> Result<()> {
    if employer.role.manages_team_and_billing() {
        Ok(())
    } else {
        Err(employers_error(EmployersError::OwnerOnly))
    }
}

fn account_of(state: &AppState, employer: &Employer, account_id: &str) -> Result<(String, bool)> {
    let account = state.accounts.get(&employer.tenant.settings.slug, account_id).map_err(accounts_error)?;
    Ok(account.map(|a| (a.email, a.email_confirmed)).unwrap_or_default())
}

fn own_user(state: &AppState, employer: &Employer) -> Result<EmployerUser> {
    state.employers.company_user(&employer.tenant.settings.slug, &employer.company_id, &employer.account_id).map_err(employers_error)
}

fn profile_of(state: &AppState, employer: &Employer, user: EmployerUser) -> Result<ProfileDto> {
    let slug = &employer.tenant.settings.slug;
    let company =
        state.employers.company(slug, &employer.company_id).map_err(employers_error)?.ok_or(EmployersError::NotAnEmployer).map_err(employers_error)?;
    let (email, email_confirmed) = account_of(state, employer, &user.account_id)?;
    Ok(ProfileDto {
        id: user.account_id,
        email,
        name: user.name,
        phone: user.phone,
        role: user.role.into(),
        email_confirmed,
        company_id: company.id,
        company_name: company.name,
    })
}

/// The caller's profile.
pub fn profile(state: &AppState, employer: &Employer) -> Result<ProfileDto> {
    let user = own_user(state, employer)?;
    profile_of(state, employer, user)
}

/// Changes the caller's name or phone (the sign-up's rules: name 2–100, the contact phone pattern).
pub fn update_profile(state: &AppState, employer: &Employer, request: ProfileUpdateRequest) -> Result<ProfileDto> {
    if let Some(name) = &request.name {
        check_name("name", name, 2)?;
    }
    if let Some(phone) = &request.phone {
        check_phone("phone", phone)?;
    }
    let update = UserUpdate { name: request.name, phone: request.phone, role: None };
    let user = state.employers.update_user(&employer.tenant.settings.slug, &employer.company_id, &employer.account_id, update).map_err(employers_error)?;
    profile_of(state, employer, user)
}

fn panel_user(state: &AppState, employer: &Employer, user: EmployerUser) -> Result<PanelUserDto> {
    let (email, confirmed) = account_of(state, employer, &user.account_id)?;
    Ok(PanelUserDto::new(user, email, confirmed))
}

/// The company's users, then its open invitations (owners only).
pub fn users(state: &AppState, employer: &Employer) -> Result<Vec<PanelUserDto>> {
    require_owner(employer)?;
    let slug = &employer.tenant.settings.slug;
    let users = state.employers.company_users(slug, &employer.company_id).map_err(employers_error)?;
    let mut listed = users.into_iter().map(|user| panel_user(state, employer, user)).collect::<Result<Vec<_>>>()?;
    let invitations = state.employers.company_invitations(slug, &employer.company_id, now()).map_err(employers_error)?;
    listed.extend(invitations.into_iter().map(PanelUserDto::invited));
    Ok(listed)
}

/// Changes a user's name, phone or role (owners only; the last owner stays an owner), or what
/// an open invitation will give.
pub fn update_user(state: &AppState, employer: &Employer, id: &str, request: UserUpdateRequest) -> Result<PanelUserDto> {
    require_owner(employer)?;
    if let Some(name) = &request.name {
        check_name("name", name, 2)?;
    }
    if let Some(phone) = &request.phone {
        check_phone("phone", phone)?;
    }
    let slug = &employer.tenant.settings.slug;
    let update = UserUpdate { name: request.name, phone: request.phone, role: request.role.map(Into::into) };
    match state.employers.update_user(slug, &employer.company_id, id, update.clone()) {
        Ok(user) => panel_user(state, employer, user),
        Err(EmployersError::UserNotFound) => {
            let invitation = state.employers.update_invitation(slug, &employer.company_id, id, update, now()).map_err(employers_error)?;
            Ok(PanelUserDto::invited(invitation))
        }
        Err(other) => Err(employers_error(other)),
    }
}

/// Removes a user (owners only; not the last owner): the user leaves the company first, so
/// its token stops opening employer calls at once, then its account goes with every session.
/// An open invitation's id withdraws the invitation.
pub fn remove_user(state: &AppState, employer: &Employer, id: &str) -> Result<()> {
    require_owner(employer)?;
    let slug = &employer.tenant.settings.slug;
    match state.employers.remove_user(slug, &employer.company_id, id) {
        Ok(_) => {}
        Err(EmployersError::UserNotFound) => {
            state.employers.cancel_invitation(slug, &employer.company_id, id, now()).map_err(employers_error)?;
            return Ok(());
        }
        Err(other) => return Err(employers_error(other)),
    }
    match state.accounts.delete_account(slug, id) {
        Ok(_) | Err(wakat_accounts::AccountsError::NotFound) => Ok(()),
        Err(other) => Err(accounts_error(other)),
    }
}

/// The company as the caller may see it (billing data for owners only).
pub fn company(state: &AppState, employer: &Employer) -> Result<CompanyDto> {
    let slug = &employer.tenant.settings.slug;
    let company =
        state.employers.company(slug, &employer.company_id).map_err(employers_error)?.ok_or(EmployersError::NotAnEmployer).map_err(employers_error)?;
    let logo = company.logo_blob.as_deref().map(|hash| logo_path(slug, hash));
    Ok(CompanyDto::new(company, employer.role, logo))
}

/// Saves name, size, website and a new logo (already checked by content). The new logo is
/// attached before the company names it; the replaced one is released after.
pub fn save_company_data(state: &AppState, employer: &Employer, data: CompanyData, logo: Option<&wakat_uploads::StoredBlob>) -> Result<CompanyDto> {
    let slug = &employer.tenant.settings.slug;
    // Checked before the logo is attached, so a refusal leaves no reference behind.
    let data = data.validated().map_err(|errors| employers_error(EmployersError::Refused(errors)))?;
    let owner = company_logo_owner(slug, &employer.company_id);
    if let Some(blob) = logo {
        state.blobs.attach(&blob.hash, &owner).map_err(|e| crate::error::ApiError::internal(&e))?;
    }
    let new_hash = logo.map(|blob| blob.hash.as_str().to_string());
    let (_, replaced) = state.employers.update_company_data(slug, &employer.company_id, data, new_hash).map_err(employers_error)?;
    if let Some(old) = replaced.and_then(|old| wakat_uploads::BlobHash::parse(&old).ok()) {
        state.blobs.detach(&old, &owner).map_err(|e| crate::error::ApiError::internal(&e))?;
    }
    company(state, employer)
}

/// Saves the billing data (owners only; a Polish NIP's checksum is checked).
pub fn set_billing(state: &AppState, employer: &Employer, billing: BillingDto) -> Result<CompanyDto> {
    require_owner(employer)?;
    state.employers.set_billing(&employer.tenant.settings.slug, &employer.company_id, billing.into()).map_err(employers_error)?;
    company(state, employer)
}

/// Saves the default clauses of new offers (the offer form's clause rules).
pub fn set_clauses(state: &AppState, employer: &Employer, clauses: ClausesDto) -> Result<CompanyDto> {
    state.employers.set_clauses(&employer.tenant.settings.slug, &employer.company_id, clauses.into()).map_err(employers_error)?;
    company(state, employer)
}
