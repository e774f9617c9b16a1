//! Employer accounts as service functions: sign-up (an account of the employer kind with its
//! company, in one transaction), confirmation (optionally setting the password), new links,
//! password reset, the OAuth-style access tokens, and more users of a company.
//!
//! Unlike candidates, an employer may log in before confirming the e-mail (to prepare offers);
//! publishing needs the confirmation.

use std::sync::Arc;

use actix_web::web;
use wakat_accounts::{Account, AccountKind, AccountsError, Confirmation, NewAccount, NewSession, Registration, TokenPurpose};
use wakat_core::{FieldCode, FieldError};
use wakat_employers::{Company, EmployerUser, EmployersError, Invitation, NewCompany, NewInvitation, Role};
use wakat_engine::{now, Tenant};

use crate::dto::employers::{ConfirmRequest, NewUserRequest, PasswordResetRequest, SignUpRequest, TokenRequest};
use crate::employer_session::Employer;
use crate::error::{accounts_error, employers_error, ApiError, ErrorCode, Result};
use crate::services::accounts::{after_the_answer, check_mail_requests};
use crate::state::AppState;
use wakat_app::employers::{check_name, check_phone};
use wakat_app::mails::{employers as employer_mails, MailContext};

fn check_attempts(state: &AppState, tenant: &Tenant, email: &str) -> Result<()> {
    state.limits.check_account(&tenant.settings.slug, email).map_err(|limited| limited.to_error())
}

fn store_error(error: EmployersError) -> AccountsError {
    match error {
        EmployersError::Store(store) => AccountsError::Store(store),
        other => AccountsError::Corrupt { key: "company".into(), message: other.to_string() },
    }
}

fn check_passwords_match(password: &str, confirmation: &str, field: &str) -> Result<()> {
    if password != confirmation {
        return Err(FieldError::new(field, FieldCode::PasswordMismatch, "the passwords differ").into());
    }
    Ok(())
}

/// Signs a company up: an unconfirmed employer account with its company, and a confirmation
/// mail. The answer is the same whether or not the e-mail has an account (the mail says which).
/// An unconfirmed account of the e-mail is taken over with a company of its own (see
/// [`Registration::Created`]); a sign-up never joins another company.
pub fn sign_up(state: &AppState, tenant: &Tenant, lang: &str, request: SignUpRequest) -> Result<()> {
    let (company, user) = (request.company, request.user);
    check_name("company.name", &company.name, 2)?;
    if !company.accepted_regulations {
        return Err(FieldError::new("company.accepted_regulations", FieldCode::Required, "accept the terms to sign up").into());
    }
    check_name("user.name", &user.name, 2)?;
    check_phone("user.phone", &user.phone)?;
    check_passwords_match(&user.password, &user.password_confirmation, "user.password_confirmation")?;
    check_mail_requests(state, tenant, &user.email)?;
    let slug = &tenant.settings.slug;
    let terms = Some(crate::config::terms_acceptance(&tenant.settings, "clients", now()));
    let new_account =
        NewAccount { email: user.email, password: user.password, first_name: user.name.trim().to_string(), last_name: String::new(), lang: lang.into(), terms };
    let new_company = NewCompany { name: company.name, accepted_regulations: true, subscribe_to_newsletter: company.subscribe_to_newsletter };
    let (name, phone) = (user.name, user.phone);
    let registration = state
        .accounts
        .register_with(slug, AccountKind::Employer, new_account, now(), |account| {
            state.employers.company_ops(slug, &account.id, new_company, &name, &phone, now()).map_err(store_error)
        })
        .map_err(|error| match error {
            AccountsError::Invalid { field, code, message } => ApiError::field_error(code.as_str(), &format!("user.{field}"), message),
            other => accounts_error(other),
        })?;
    let mail = match registration {
        Registration::Created { account, confirm_token } => {
            employer_mails::confirm(&MailContext::new(&state.settings.server.public_url, tenant, &account.lang), &account, &confirm_token)
        }
        Registration::AlreadyRegistered { account } => {
            employer_mails::already_registered(&MailContext::new(&state.settings.server.public_url, tenant, &account.lang), &account)
        }
    };
    state.mail.send(mail?)?;
    Ok(())
}

fn open_session(state: &AppState, tenant: &Tenant, account: &Account) -> Result<NewSession> {
    state.accounts.open_session(&tenant.settings.slug, account, None, now()).map_err(accounts_error)
}

/// Opens a mailed link and logs in: an invitation's (accepted with the password chosen now) or
/// a sign-up's confirmation (setting the password when one is given; a contested account needs
/// one).
pub fn confirm(state: &AppState, tenant: &Tenant, request: &ConfirmRequest) -> Result<(Account, NewSession)> {
    if let Some(password) = &request.password {
        check_passwords_match(password, request.password_confirmation.as_deref().unwrap_or_default(), "password_confirmation")?;
    }
    let slug = &tenant.settings.slug;
    if let Some(invitation) = state.employers.invitation_by_token(slug, &request.token, now()).map_err(employers_error)? {
        return accept_invitation(state, tenant, invitation, request.password.as_deref());
    }
    let confirmation = Confirmation { password: request.password.clone(), ..Confirmation::default() };
    let account = state.accounts.confirm_email_with(slug, &request.token, confirmation, now()).map_err(accounts_error)?;
    if account.kind != AccountKind::Employer {
        return Err(ApiError::new(ErrorCode::InvalidToken).with_field("token"));
    }
    let session = open_session(state, tenant, &account)?;
    Ok((account, session))
}

/// The holder of an invitation's link joins the company with the password chosen now: the link
/// proves the mailbox, so the account is confirmed at once. An address with a confirmed employer
/// account cannot join another company (`email_taken`: it is the mailbox's owner who asks).
fn accept_invitation(state: &AppState, tenant: &Tenant, invitation: Invitation, password: Option<&str>) -> Result<(Account, NewSession)> {
    let Some(password) = password.filter(|p| !p.is_empty()) else {
        return Err(FieldError::new("password", FieldCode::PasswordRequired, "choose a password to accept the invitation").into());
    };
    let slug = &tenant.settings.slug;
    let lang =
        state.accounts.get(slug, &invitation.invited_by).map_err(accounts_error)?.map(|a| a.lang).unwrap_or_else(|| tenant.settings.default_locale.clone());
    let new_account = NewAccount {
        email: invitation.email.clone(),
        password: password.to_string(),
        first_name: invitation.name.clone(),
        last_name: String::new(),
        lang,
        terms: None,
    };
    let account = state
        .accounts
        .create_confirmed(slug, AccountKind::Employer, &invitation.id, new_account, now(), |account| {
            let mut ops = state
                .employers
                .user_ops(slug, &account.id, &invitation.company_id, &invitation.name, &invitation.phone, invitation.role, now())
                .map_err(store_error)?;
            ops.extend(state.employers.invitation_removal_ops(slug, &invitation).map_err(store_error)?);
            Ok(ops)
        })
        .map_err(|error| match error {
            AccountsError::EmailTaken => ApiError::new(ErrorCode::EmailTaken)
                .with_message("this address already has an employer account: log in with it, or ask for an invitation to another address")
                .with_field("token"),
            other => accounts_error(other),
        })?;
    let session = open_session(state, tenant, &account)?;
    Ok((account, session))
}

/// What the holder of an invitation's link is invited to (shown before accepting).
pub fn invitation(state: &AppState, tenant: &Tenant, token: &str) -> Result<(Invitation, Company)> {
    let slug = &tenant.settings.slug;
    let invalid = || ApiError::new(ErrorCode::InvalidToken).with_field("token");
    let invitation = state.employers.invitation_by_token(slug, token, now()).map_err(employers_error)?.ok_or_else(invalid)?;
    let company = state.employers.company(slug, &invitation.company_id).map_err(employers_error)?.ok_or_else(invalid)?;
    Ok((invitation, company))
}

/// Mails a new confirmation link when the e-mail has an unconfirmed employer account, after the
/// answer (whose time then tells nothing).
pub fn regenerate_confirmation(state: &web::Data<AppState>, tenant: Arc<Tenant>, email: String) -> Result<()> {
    check_mail_requests(state, &tenant, &email)?;
    after_the_answer(state, "new confirmation link", move |state| {
        let slug = &tenant.settings.slug;
        if let Some(account) = state.accounts.find_by_email(slug, AccountKind::Employer, &email).map_err(accounts_error)? {
            if !account.email_confirmed {
                let token = state.accounts.issue_token(slug, &account.id, TokenPurpose::ConfirmEmail, now()).map_err(accounts_error)?;
                state.mail.send(employer_mails::confirm(&MailContext::new(&state.settings.server.public_url, &tenant, &account.lang), &account, &token)?)?;
            }
        }
        Ok(())
    });
    Ok(())
}

/// Mails a password reset link when the e-mail has an employer account, after the answer.
pub fn request_password_reset(state: &web::Data<AppState>, tenant: Arc<Tenant>, email: String) -> Result<()> {
    check_mail_requests(state, &tenant, &email)?;
    after_the_answer(state, "employer password reset", move |state| {
        let slug = &tenant.settings.slug;
        if let Some(account) = state.accounts.find_by_email(slug, AccountKind::Employer, &email).map_err(accounts_error)? {
            let token = state.accounts.issue_token(slug, &account.id, TokenPurpose::ResetPassword, now()).map_err(accounts_error)?;
            state.mail.send(employer_mails::reset(&MailContext::new(&state.settings.server.public_url, &tenant, &account.lang), &account, &token)?)?;
        }
        Ok(())
    });
    Ok(())
}

/// Sets the password from the reset link; every session of the account ends.
pub fn reset_password(state: &AppState, tenant: &Tenant, request: &PasswordResetRequest) -> Result<()> {
    check_passwords_match(&request.password, &request.password_confirmation, "password_confirmation")?;
    state.accounts.reset_password(&tenant.settings.slug, &request.token, &request.password, now()).map_err(accounts_error)?;
    Ok(())
}

/// The password grant: a new access token. An unconfirmed employer may log in (and prepare
/// offers) but not publish.
pub fn issue_token(state: &AppState, tenant: &Tenant, request: &TokenRequest) -> Result<(Account, NewSession)> {
    if request.grant_type != "password" {
        return Err(ApiError::new(ErrorCode::UnsupportedGrantType).with_field("grant_type"));
    }
    check_attempts(state, tenant, &request.username)?;
    let slug = &tenant.settings.slug;
    let account = match state.accounts.authenticate(slug, AccountKind::Employer, &request.username, &request.password) {
        Ok(account) => account,
        // The password was right: the account only lacks its confirmation.
        Err(AccountsError::EmailNotConfirmed) => {
            state.accounts.find_by_email(slug, AccountKind::Employer, &request.username).map_err(accounts_error)?.ok_or(ErrorCode::InvalidCredentials)?
        }
        Err(other) => return Err(accounts_error(other)),
    };
    if state.employers.user(slug, &account.id).map_err(employers_error)?.is_none() {
        return Err(ApiError::new(ErrorCode::InvalidCredentials));
    }
    let session = open_session(state, tenant, &account)?;
    Ok((account, session))
}

/// Ends an access token (RFC 7009: unknown tokens are not an error). Only employer sessions
/// are ended here.
pub fn revoke(state: &AppState, tenant: &Tenant, token: &str) -> Result<()> {
    let slug = &tenant.settings.slug;
    if let Some(session) = state.accounts.session(slug, token, now()).map_err(accounts_error)? {
        if session.kind == AccountKind::Employer {
            state.accounts.close_session(slug, token).map_err(accounts_error)?;
        }
    }
    Ok(())
}

/// Whom the caller's token belongs to: the account, its user record and its company.
pub fn token_info(state: &AppState, employer: &Employer) -> Result<(Account, EmployerUser, Company, i64)> {
    let slug = &employer.tenant.settings.slug;
    let account = state.accounts.get(slug, &employer.account_id).map_err(accounts_error)?.ok_or(ErrorCode::Unauthorized)?;
    let user = state.employers.user(slug, &employer.account_id).map_err(employers_error)?.ok_or(ErrorCode::Unauthorized)?;
    let company = state.employers.company(slug, &employer.company_id).map_err(employers_error)?.ok_or(ErrorCode::Unauthorized)?;
    let session = state.accounts.session(slug, &employer.access_token, now()).map_err(accounts_error)?.ok_or(ErrorCode::Unauthorized)?;
    Ok((account, user, company, session.expires_at - now()))
}

/// Whether the caller's e-mail is confirmed (publishing needs it).
pub fn is_confirmed(state: &AppState, employer: &Employer) -> Result<bool> {
    let account = state.accounts.get(&employer.tenant.settings.slug, &employer.account_id).map_err(accounts_error)?;
    Ok(account.is_some_and(|a| a.email_confirmed))
}

/// Invites a user (a recruiter unless `role` says owner) to the caller's company: an
/// invitation is recorded and mailed, and the address joins only when its owner accepts it.
/// Confirmed owners only, [`crate::ratelimit::INVITATIONS_PER_HOUR`] a company. The answer is the
/// same whether or not the address has an account.
pub fn invite_user(state: &AppState, employer: &Employer, request: NewUserRequest) -> Result<(Invitation, Role)> {
    wakat_app::employers::require_owner(&employer.principal())?;
    if !is_confirmed(state, employer)? {
        return Err(ApiError::new(ErrorCode::EmailNotConfirmed).with_message("confirm your e-mail address before inviting others"));
    }
    let role: Role = request.role.map_or(Role::Recruiter, Into::into);
    let tenant = &employer.tenant;
    let slug = &tenant.settings.slug;
    check_name("name", &request.name, 2)?;
    check_phone("phone", &request.phone)?;
    let email = wakat_accounts::normalize_email(&request.email).map_err(accounts_error)?;
    state.limits.check_invitation(slug, &employer.company_id).map_err(|limited| limited.to_error())?;
    let company = state.employers.company(slug, &employer.company_id).map_err(employers_error)?.ok_or(ErrorCode::Unauthorized)?;
    let inviter = state.accounts.get(slug, &employer.account_id).map_err(accounts_error)?.ok_or(ErrorCode::Unauthorized)?;
    let new = NewInvitation { email, name: request.name, phone: request.phone, role, invited_by: employer.account_id.clone() };
    let (invitation, token) = state.employers.invite(slug, &employer.company_id, new, now()).map_err(employers_error)?;
    let context = MailContext::new(&state.settings.server.public_url, tenant, &inviter.lang);
    state.mail.send(employer_mails::invite(&context, &invitation, &company.name, &inviter.first_name, &token)?)?;
    Ok((invitation, role))
}
