//! Candidate accounts: registration, confirmation, login, logout, password reset and change,
//! e-mail change, profile. Handlers parse, call one method of `wakat_app`'s `CandidateAccounts`
//! and render; the session cookies are set here (see [`crate::session`]), and the reset's mail
//! leaves after the answer ([`after_the_answer`]).
//!
//! CSRF: writes authenticated by the cookie need `X-CSRF-Token` (checked by the extractor); the
//! calls without a session (register, login, confirm, reset) take JSON only, which a cross-site
//! HTML form cannot send without a CORS preflight that the API never grants.

use actix_web::{web, HttpRequest, HttpResponse};

use crate::dto::accounts::{
    AcceptedDto, CandidateDto, ChangeEmailRequest, ChangePasswordRequest, ConfirmRequest, LoginRequest, ProfileRequest, RegisterRequest, ResetConfirmRequest,
    ResetRequest, SessionDto, TokenRequest,
};
use crate::error::Result;
use crate::routes::params::TenantPath;
use crate::session::{cleared_cookies, session_cookies, Candidate, SESSION_COOKIE};
use crate::state::{after_the_answer, language, AppState};

fn previous_session(request: &HttpRequest) -> Option<String> {
    request.cookie(SESSION_COOKIE).map(|cookie| cookie.value().to_string())
}

fn accepted() -> HttpResponse {
    HttpResponse::Accepted().json(AcceptedDto { status: "checkYourMail" })
}

/// The logged-in answer with its two cookies.
fn logged_in(state: &AppState, tenant: &wakat_engine::Tenant, account: &wakat_accounts::Account, session: &wakat_accounts::NewSession) -> HttpResponse {
    let mut response = HttpResponse::Ok();
    for cookie in session_cookies(session, tenant.settings.web_url(&state.settings.server.public_url)) {
        response.cookie(cookie);
    }
    response.insert_header(("cache-control", "no-store")).json(SessionDto { candidate: CandidateDto::from(account), csrf_token: session.csrf_token.clone() })
}

/// Creates a candidate account and mails the confirmation link. The answer is the same whether
/// or not the e-mail already has an account (the mail says which).
#[utoipa::path(post, path = "/api/{tenant}/v1/candidate/register", tag = "accounts", request_body = RegisterRequest,
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 202, description = "A mail is on its way", body = AcceptedDto), (status = 400, description = "A field breaks a rule", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board", body = crate::error::ErrorBody), (status = 429, description = "Too many attempts", body = crate::error::ErrorBody)))]
pub async fn register(state: web::Data<AppState>, path: web::Path<TenantPath>, body: web::Json<RegisterRequest>, request: HttpRequest) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let lang = language(&request, &Vec::new(), &tenant)?;
    web::block(move || state.candidate_accounts.register(&tenant, lang.as_str(), body.into_inner().into())).await??;
    Ok(accepted())
}

/// Opens the confirmation link: confirms the e-mail and logs the browser in.
#[utoipa::path(post, path = "/api/{tenant}/v1/candidate/confirm", tag = "accounts", request_body = ConfirmRequest,
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 200, description = "Confirmed and logged in; sets the session cookies", body = SessionDto),
              (status = 400, description = "The link is invalid or has expired, or the address was registered more than once and the password is missing (password_required) or breaks a rule", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board", body = crate::error::ErrorBody)))]
pub async fn confirm(state: web::Data<AppState>, path: web::Path<TenantPath>, body: web::Json<ConfirmRequest>, request: HttpRequest) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let previous = previous_session(&request);
    let (state_, tenant_) = (state.clone(), tenant.clone());
    let (token, confirmation) = body.into_inner().into_parts();
    let (account, session) = web::block(move || state_.candidate_accounts.confirm(&tenant_, &token, confirmation, previous.as_deref())).await??;
    Ok(logged_in(&state, &tenant, &account, &session))
}

/// Logs in: a new session (the browser's previous one ends), cookies and the CSRF token.
#[utoipa::path(post, path = "/api/{tenant}/v1/candidate/login", tag = "accounts", request_body = LoginRequest,
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 200, description = "Logged in; sets the session cookies", body = SessionDto),
              (status = 401, description = "Wrong e-mail or password", body = crate::error::ErrorBody), (status = 403, description = "E-mail not confirmed yet", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board", body = crate::error::ErrorBody), (status = 429, description = "Too many attempts", body = crate::error::ErrorBody)))]
pub async fn login(state: web::Data<AppState>, path: web::Path<TenantPath>, body: web::Json<LoginRequest>, request: HttpRequest) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let previous = previous_session(&request);
    let (state_, tenant_) = (state.clone(), tenant.clone());
    let login = body.into_inner().into();
    let (account, session) = web::block(move || state_.candidate_accounts.login(&tenant_, &login, previous.as_deref())).await??;
    Ok(logged_in(&state, &tenant, &account, &session))
}

/// Logs out: the session ends and the cookies are cleared.
#[utoipa::path(post, path = "/api/{tenant}/v1/candidate/logout", tag = "accounts",
    params(("tenant" = String, Path, description = "Board slug"), ("X-CSRF-Token" = String, Header, description = "The session's CSRF token")),
    responses((status = 204, description = "Logged out"), (status = 401, description = "Not logged in", body = crate::error::ErrorBody),
              (status = 403, description = "Missing CSRF token", body = crate::error::ErrorBody)))]
pub async fn logout(state: web::Data<AppState>, candidate: Candidate) -> Result<HttpResponse> {
    let public_url = candidate.tenant.settings.web_url(&state.settings.server.public_url).to_string();
    let state_ = state.clone();
    web::block(move || state_.candidate_accounts.logout(&candidate.tenant, &candidate.principal(), &candidate.session_token)).await??;
    let mut response = HttpResponse::NoContent();
    for cookie in cleared_cookies(&public_url) {
        response.cookie(cookie);
    }
    Ok(response.finish())
}

/// The logged-in candidate (the web app's login check); 401 for anonymous visitors.
#[utoipa::path(get, path = "/api/{tenant}/v1/candidate/me", tag = "accounts", params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 200, description = "The profile", body = CandidateDto), (status = 401, description = "Not logged in", body = crate::error::ErrorBody)))]
pub async fn me(state: web::Data<AppState>, candidate: Candidate) -> Result<HttpResponse> {
    let account = web::block(move || state.candidate_accounts.profile(&candidate.tenant, &candidate.principal())).await??;
    Ok(HttpResponse::Ok().insert_header(("cache-control", "no-store")).json(CandidateDto::from(&account)))
}

/// Mails a password reset link (the same answer whether or not the e-mail has an account).
#[utoipa::path(post, path = "/api/{tenant}/v1/candidate/password-reset", tag = "accounts", request_body = ResetRequest,
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 202, description = "A mail is on its way if the account exists", body = AcceptedDto),
              (status = 404, description = "Unknown board", body = crate::error::ErrorBody), (status = 429, description = "Too many attempts", body = crate::error::ErrorBody)))]
pub async fn request_reset(state: web::Data<AppState>, path: web::Path<TenantPath>, body: web::Json<ResetRequest>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let later = state.candidate_accounts.request_password_reset(tenant, body.into_inner().email)?;
    after_the_answer("password reset", later);
    Ok(accepted())
}

/// Sets a new password from the reset link; every session of the account ends.
#[utoipa::path(post, path = "/api/{tenant}/v1/candidate/password-reset/confirm", tag = "accounts", request_body = ResetConfirmRequest,
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 204, description = "Password set"), (status = 400, description = "Invalid link or password", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board", body = crate::error::ErrorBody)))]
pub async fn confirm_reset(state: web::Data<AppState>, path: web::Path<TenantPath>, body: web::Json<ResetConfirmRequest>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    web::block(move || state.candidate_accounts.reset_password(&tenant, &body.token, &body.password)).await??;
    Ok(HttpResponse::NoContent().finish())
}

/// Changes the password; the candidate's other sessions end.
#[utoipa::path(put, path = "/api/{tenant}/v1/candidate/password", tag = "accounts", request_body = ChangePasswordRequest,
    params(("tenant" = String, Path, description = "Board slug"), ("X-CSRF-Token" = String, Header, description = "The session's CSRF token")),
    responses((status = 204, description = "Changed"), (status = 400, description = "Wrong current password or a weak new one", body = crate::error::ErrorBody),
              (status = 401, description = "Not logged in", body = crate::error::ErrorBody), (status = 403, description = "Missing CSRF token", body = crate::error::ErrorBody)))]
pub async fn change_password(state: web::Data<AppState>, candidate: Candidate, body: web::Json<ChangePasswordRequest>) -> Result<HttpResponse> {
    web::block(move || {
        let principal = candidate.principal();
        state.candidate_accounts.change_password(&candidate.tenant, &principal, &candidate.session_token, &body.current_password, &body.new_password)
    })
    .await??;
    Ok(HttpResponse::NoContent().finish())
}

/// Mails a link to the new address; the login changes when it is opened.
#[utoipa::path(post, path = "/api/{tenant}/v1/candidate/email", tag = "accounts", request_body = ChangeEmailRequest,
    params(("tenant" = String, Path, description = "Board slug"), ("X-CSRF-Token" = String, Header, description = "The session's CSRF token")),
    responses((status = 202, description = "A link is on its way to the new address", body = AcceptedDto), (status = 400, description = "Wrong password or e-mail", body = crate::error::ErrorBody),
              (status = 401, description = "Not logged in", body = crate::error::ErrorBody), (status = 403, description = "Missing CSRF token", body = crate::error::ErrorBody)))]
pub async fn change_email(state: web::Data<AppState>, candidate: Candidate, body: web::Json<ChangeEmailRequest>) -> Result<HttpResponse> {
    web::block(move || state.candidate_accounts.request_email_change(&candidate.tenant, &candidate.principal(), &body.password, &body.new_email)).await??;
    Ok(accepted())
}

/// Opens the e-mail change link.
#[utoipa::path(post, path = "/api/{tenant}/v1/candidate/email/confirm", tag = "accounts", request_body = TokenRequest,
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 200, description = "The login is the new address", body = CandidateDto), (status = 400, description = "The link is invalid or has expired", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board", body = crate::error::ErrorBody), (status = 409, description = "Another account took the address", body = crate::error::ErrorBody)))]
pub async fn confirm_email_change(state: web::Data<AppState>, path: web::Path<TenantPath>, body: web::Json<TokenRequest>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let account = web::block(move || state.candidate_accounts.confirm_email_change(&tenant, &body.token)).await??;
    Ok(HttpResponse::Ok().json(CandidateDto::from(&account)))
}

/// Replaces the profile: names, default message, matchmaking preferences.
#[utoipa::path(put, path = "/api/{tenant}/v1/candidate/profile", tag = "accounts", request_body = ProfileRequest,
    params(("tenant" = String, Path, description = "Board slug"), ("X-CSRF-Token" = String, Header, description = "The session's CSRF token")),
    responses((status = 200, description = "The profile", body = CandidateDto), (status = 400, description = "A field breaks a rule", body = crate::error::ErrorBody),
              (status = 401, description = "Not logged in", body = crate::error::ErrorBody), (status = 403, description = "Missing CSRF token", body = crate::error::ErrorBody)))]
pub async fn update_profile(state: web::Data<AppState>, candidate: Candidate, body: web::Json<ProfileRequest>) -> Result<HttpResponse> {
    let account = web::block(move || state.candidate_accounts.update_profile(&candidate.tenant, &candidate.principal(), body.into_inner().into())).await??;
    Ok(HttpResponse::Ok().json(CandidateDto::from(&account)))
}
