//! Candidate accounts as service functions: registration and confirmation, login and logout,
//! password reset and change, e-mail change, profile. Synchronous (password hashes, fsyncs): run
//! them in `web::block`, but `request_password_reset`, which only hands its work on. Mails leave
//! on a background thread, so an answer never waits for (or reveals anything through) the mail
//! server.

use actix_web::web;
use wakat_accounts::{Account, AccountKind, Confirmation, NewAccount, NewSession, ProfileUpdate, Registration, TokenPurpose};
use wakat_core::{FieldCode, FieldError};
use wakat_engine::{now, Tenant};

use crate::dto::accounts::{ChangeEmailRequest, ChangePasswordRequest, ConfirmRequest, LoginRequest, ProfileRequest, RegisterRequest};
use crate::error::{accounts_error, ApiError, Result};
use crate::session::Candidate;
use crate::state::AppState;
use wakat_app::mails::{self, MailContext};

/// Spends one password attempt of the account's hourly budget (429 past it).
fn check_attempts(state: &AppState, tenant: &Tenant, email: &str) -> Result<()> {
    state.limits.check_account(&tenant.settings.slug, email).map_err(|limited| limited.to_error())
}

/// Spends one mail of the address's hourly budget (resets, registrations): not the budget of
/// the password attempts, so asking for mails never locks the owner out.
pub(crate) fn check_mail_requests(state: &AppState, tenant: &Tenant, email: &str) -> Result<()> {
    state.limits.check_account_mail(&tenant.settings.slug, email).map_err(|limited| limited.to_error())
}

/// Runs `job` on a blocking thread after the answer: whether the address has an account then
/// changes neither the answer nor its time. Its failure can only be logged.
pub(crate) fn after_the_answer(state: &web::Data<AppState>, what: &'static str, job: impl FnOnce(&AppState) -> Result<()> + Send + 'static) {
    let state = state.clone();
    actix_web::rt::spawn(async move {
        match web::block(move || job(&state)).await {
            Ok(Ok(())) => {}
            Ok(Err(error)) => tracing::error!(%error, what, "a request handled after its answer failed"),
            Err(error) => tracing::error!(%error, what, "a request handled after its answer did not run"),
        }
    });
}

/// Creates an account and mails its confirmation link; an e-mail that has a confirmed account
/// gets a mail saying so and the same answer. An unconfirmed account of the e-mail is taken over
/// by this registration (see [`Registration::Created`]).
pub fn register(state: &AppState, tenant: &Tenant, lang: &str, request: RegisterRequest) -> Result<()> {
    // Refused before the address's mail budget is spent: nothing will be mailed.
    if !request.accepted_terms {
        return Err(FieldError::new("acceptedTerms", FieldCode::Required, "accept the terms and the privacy policy to sign up").into());
    }
    check_mail_requests(state, tenant, &request.email)?;
    let slug = &tenant.settings.slug;
    let lang = request.lang.clone().filter(|l| l == "pl" || l == "en").unwrap_or_else(|| lang.to_string());
    let terms = Some(wakat_app::limits::terms_acceptance(&tenant.settings, "users", now()));
    let new_account =
        NewAccount { email: request.email, password: request.password, first_name: request.first_name, last_name: request.last_name, lang, terms };
    let mail = match state.accounts.register(slug, AccountKind::Candidate, new_account, now()).map_err(accounts_error)? {
        Registration::Created { account, confirm_token } => mails::accounts::confirm_account(
            &MailContext::new(&state.settings.server.public_url, tenant, &account.lang),
            &account,
            &confirm_token,
            request.favorite_offer_id.as_deref(),
        ),
        Registration::AlreadyRegistered { account } => {
            mails::accounts::already_registered(&MailContext::new(&state.settings.server.public_url, tenant, &account.lang), &account)
        }
    };
    state.mail.send(mail?)?;
    Ok(())
}

/// Opens the confirmation link: the e-mail is confirmed and the browser logged in. A contested
/// account (registered more than once) is confirmed only with the password chosen now.
pub fn confirm(state: &AppState, tenant: &Tenant, request: ConfirmRequest, previous_session: Option<&str>) -> Result<(Account, NewSession)> {
    let slug = &tenant.settings.slug;
    let confirmation = Confirmation { password: request.password, first_name: request.first_name, last_name: request.last_name };
    let account = state.accounts.confirm_email_with(slug, &request.token, confirmation, now()).map_err(accounts_error)?;
    let session = state.accounts.open_session(slug, &account, previous_session, now()).map_err(accounts_error)?;
    Ok((account, session))
}

/// Checks the credentials and opens a new session (the browser's previous one is closed).
pub fn login(state: &AppState, tenant: &Tenant, request: &LoginRequest, previous_session: Option<&str>) -> Result<(Account, NewSession)> {
    check_attempts(state, tenant, &request.email)?;
    let slug = &tenant.settings.slug;
    let account = state.accounts.authenticate(slug, AccountKind::Candidate, &request.email, &request.password).map_err(accounts_error)?;
    let session = state.accounts.open_session(slug, &account, previous_session, now()).map_err(accounts_error)?;
    // A guest who clicked a heart logs in with the offer: it becomes a favourite (a stale or
    // unknown offer is not worth failing the login over).
    if let Some(guid) = request.favorite_offer_id.as_deref().filter(|id| !id.is_empty()) {
        if crate::services::candidate::offer_by_guid(state, slug, guid)?.is_some() {
            if let Err(error) = state.favourites.add(slug, &account.id, guid, now()) {
                tracing::warn!(%error, "the favourite of the login could not be added");
            }
        }
    }
    Ok((account, session))
}

/// Ends the session of the cookie.
pub fn logout(state: &AppState, candidate: &Candidate) -> Result<()> {
    state.accounts.close_session(&candidate.tenant.settings.slug, &candidate.session_token).map_err(accounts_error)
}

/// Mails a reset link when the e-mail has a confirmed or unconfirmed account. The answer is
/// the same either way and leaves before the account is looked up, so its time tells nothing
/// either. Not blocking: call it from the request's task.
pub fn request_password_reset(state: &web::Data<AppState>, tenant: std::sync::Arc<Tenant>, email: String) -> Result<()> {
    check_mail_requests(state, &tenant, &email)?;
    after_the_answer(state, "password reset", move |state| {
        let slug = &tenant.settings.slug;
        if let Some(account) = state.accounts.find_by_email(slug, AccountKind::Candidate, &email).map_err(accounts_error)? {
            let token = state.accounts.issue_token(slug, &account.id, TokenPurpose::ResetPassword, now()).map_err(accounts_error)?;
            state.mail.send(mails::accounts::reset_password(
                &MailContext::new(&state.settings.server.public_url, tenant.as_ref(), &account.lang),
                &account,
                &token,
            )?)?;
        }
        Ok(())
    });
    Ok(())
}

/// Sets a new password from the reset link; every session of the account ends.
pub fn reset_password(state: &AppState, tenant: &Tenant, token: &str, password: &str) -> Result<()> {
    let account = state.accounts.reset_password(&tenant.settings.slug, token, password, now()).map_err(accounts_error)?;
    state.mail.send(mails::accounts::password_changed(&MailContext::new(&state.settings.server.public_url, tenant, &account.lang), &account)?)?;
    Ok(())
}

/// Changes the password of the logged-in candidate; their other sessions end.
pub fn change_password(state: &AppState, candidate: &Candidate, request: &ChangePasswordRequest) -> Result<()> {
    let slug = &candidate.tenant.settings.slug;
    state
        .accounts
        .change_password(slug, &candidate.account_id, &request.current_password, &request.new_password, &candidate.session_token, now())
        .map_err(accounts_error)?;
    let account = profile(state, candidate)?;
    state.mail.send(mails::accounts::password_changed(&MailContext::new(&state.settings.server.public_url, &candidate.tenant, &account.lang), &account)?)?;
    Ok(())
}

/// Mails a link to the new address; the login changes when it is opened.
pub fn request_email_change(state: &AppState, candidate: &Candidate, request: &ChangeEmailRequest) -> Result<()> {
    let slug = &candidate.tenant.settings.slug;
    let (account, new_email, token) =
        state.accounts.request_email_change(slug, &candidate.account_id, &request.password, &request.new_email, now()).map_err(accounts_error)?;
    state.mail.send(mails::accounts::confirm_email_change(
        &MailContext::new(&state.settings.server.public_url, &candidate.tenant, &account.lang),
        &account,
        &new_email,
        &token,
    )?)?;
    Ok(())
}

/// Opens the e-mail change link.
pub fn confirm_email_change(state: &AppState, tenant: &Tenant, token: &str) -> Result<Account> {
    state.accounts.confirm_email_change(&tenant.settings.slug, token, now()).map_err(accounts_error)
}

/// The logged-in candidate's account.
pub fn profile(state: &AppState, candidate: &Candidate) -> Result<Account> {
    state
        .accounts
        .get(&candidate.tenant.settings.slug, &candidate.account_id)
        .map_err(accounts_error)?
        .ok_or_else(|| ApiError::new(crate::error::ErrorCode::Unauthorized).with_message("the account no longer exists"))
}

/// Replaces the profile fields.
pub fn update_profile(state: &AppState, candidate: &Candidate, request: ProfileRequest) -> Result<Account> {
    let update = ProfileUpdate { first_name: request.first_name, last_name: request.last_name, message: request.message, preferences: request.preferences };
    state.accounts.update_profile(&candidate.tenant.settings.slug, &candidate.account_id, update, now()).map_err(accounts_error)
}
