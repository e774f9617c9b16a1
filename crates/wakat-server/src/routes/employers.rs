//! Employer accounts: sign-up, confirmation, new links, password reset, access tokens (the
//! OAuth 2 password grant and RFC 7009 revocation), more users of a company, plans.
//! Handlers parse, call one service function and render.

use actix_web::{web, HttpRequest, HttpResponse};
use wakat_engine::now;

use crate::dto::accounts::AcceptedDto;
use crate::dto::employers::{
    AccessTokenDto, ConfirmRequest, EmailRequest, EmployerUserDto, InvitationDto, InvitationRequest, NewUserRequest, PasswordResetRequest, PlanDto, PlansDto,
    RevokeRequest, SignUpRequest, TokenCompanyDto, TokenInfoDto, TokenRequest,
};
use crate::employer_session::{bearer, Employer};
use crate::error::Result;
use crate::routes::params::TenantPath;
use crate::state::{after_the_answer, language, AppState, QueryPairs};

fn accepted() -> HttpResponse {
    HttpResponse::Accepted().json(AcceptedDto { status: "checkYourMail" })
}

fn token_answer(account: &wakat_accounts::Account, session: &wakat_accounts::NewSession) -> HttpResponse {
    let created_at = now();
    HttpResponse::Ok().insert_header(("cache-control", "no-store")).json(AccessTokenDto {
        access_token: session.token.clone(),
        token_type: "Bearer",
        expires_in: session.expires_at - created_at,
        created_at,
        email_confirmed: account.email_confirmed,
    })
}

/// Signs a company up with its first user; the confirmation link is mailed. The answer is the
/// same whether or not the e-mail has an account.
#[utoipa::path(post, path = "/api/{tenant}/v1/users/sign_up", tag = "employers", request_body = SignUpRequest,
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 202, description = "A mail is on its way", body = AcceptedDto), (status = 400, description = "A field breaks a rule", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board", body = crate::error::ErrorBody), (status = 429, description = "Too many attempts", body = crate::error::ErrorBody)))]
pub async fn sign_up(state: web::Data<AppState>, path: web::Path<TenantPath>, body: web::Json<SignUpRequest>, request: HttpRequest) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let lang = language(&request, &Vec::new(), &tenant)?;
    web::block(move || state.employer_accounts.sign_up(&tenant, lang.as_str(), body.into_inner().into())).await??;
    Ok(accepted())
}

/// Opens the confirmation link (setting the password when given) and logs in: an access token.
#[utoipa::path(patch, operation_id = "confirm_employer_user", path = "/api/{tenant}/v1/users/confirm", tag = "employers", request_body = ConfirmRequest,
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 200, description = "Confirmed; an access token", body = AccessTokenDto), (status = 400, description = "Invalid link or password", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board", body = crate::error::ErrorBody), (status = 429, description = "Too many attempts", body = crate::error::ErrorBody)))]
pub async fn confirm(state: web::Data<AppState>, path: web::Path<TenantPath>, body: web::Json<ConfirmRequest>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let (account, session) = web::block(move || state.employer_accounts.confirm(&tenant, &body.into_inner().into())).await??;
    Ok(token_answer(&account, &session))
}

/// Mails a new confirmation link (the same answer whatever the account).
#[utoipa::path(patch, path = "/api/{tenant}/v1/users/regenerate_confirmation_token", tag = "employers", request_body = EmailRequest,
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 202, description = "A mail is on its way if the account needs one", body = AcceptedDto), (status = 404, description = "Unknown board", body = crate::error::ErrorBody),
              (status = 429, description = "Too many attempts", body = crate::error::ErrorBody)))]
pub async fn regenerate_confirmation_token(state: web::Data<AppState>, path: web::Path<TenantPath>, body: web::Json<EmailRequest>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let later = state.employer_accounts.regenerate_confirmation(tenant, body.into_inner().email)?;
    after_the_answer("new confirmation link", later);
    Ok(accepted())
}

/// Mails a password reset link (the same answer whatever the account).
#[utoipa::path(post, path = "/api/{tenant}/v1/users/password", tag = "employers", request_body = EmailRequest,
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 202, description = "A mail is on its way if the account exists", body = AcceptedDto), (status = 404, description = "Unknown board", body = crate::error::ErrorBody),
              (status = 429, description = "Too many attempts", body = crate::error::ErrorBody)))]
pub async fn request_password(state: web::Data<AppState>, path: web::Path<TenantPath>, body: web::Json<EmailRequest>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let later = state.employer_accounts.request_password_reset(tenant, body.into_inner().email)?;
    after_the_answer("employer password reset", later);
    Ok(accepted())
}

/// Sets a new password from the reset link; every session of the account ends.
#[utoipa::path(patch, path = "/api/{tenant}/v1/users/password", tag = "employers", request_body = PasswordResetRequest,
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 204, description = "Password set"), (status = 400, description = "Invalid link or password", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board", body = crate::error::ErrorBody), (status = 429, description = "Too many attempts", body = crate::error::ErrorBody)))]
pub async fn reset_password(state: web::Data<AppState>, path: web::Path<TenantPath>, body: web::Json<PasswordResetRequest>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    web::block(move || state.employer_accounts.reset_password(&tenant, &body.token, &body.password, &body.password_confirmation)).await??;
    Ok(HttpResponse::NoContent().finish())
}

/// Logs in (the OAuth 2 password grant): an access token for `Authorization: Bearer`.
#[utoipa::path(post, path = "/api/{tenant}/v1/oauth/token", tag = "employers", request_body = TokenRequest,
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 200, description = "An access token", body = AccessTokenDto), (status = 400, description = "Unsupported grant", body = crate::error::ErrorBody),
              (status = 401, description = "Wrong e-mail or password", body = crate::error::ErrorBody), (status = 404, description = "Unknown board", body = crate::error::ErrorBody),
              (status = 429, description = "Too many attempts", body = crate::error::ErrorBody)))]
pub async fn token(state: web::Data<AppState>, path: web::Path<TenantPath>, body: web::Json<TokenRequest>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let (account, session) = web::block(move || state.employer_accounts.issue_token(&tenant, &body.grant_type, &body.username, &body.password)).await??;
    Ok(token_answer(&account, &session))
}

/// Ends an access token (the body's `token`, else the `Authorization` header's). Always 200.
#[utoipa::path(post, path = "/api/{tenant}/v1/oauth/revoke", tag = "employers", request_body = RevokeRequest,
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 200, description = "The token no longer works"), (status = 404, description = "Unknown board", body = crate::error::ErrorBody)))]
pub async fn revoke(
    state: web::Data<AppState>,
    path: web::Path<TenantPath>,
    body: Option<web::Json<RevokeRequest>>,
    request: HttpRequest,
) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let token = body.and_then(|b| b.into_inner().token).or_else(|| bearer(&request)).unwrap_or_default();
    web::block(move || state.employer_accounts.revoke(&tenant, &token)).await??;
    Ok(HttpResponse::Ok().json(serde_json::json!({})))
}

/// Whom the bearer token belongs to: the user and the company (401 for anything but a live
/// employer token of this board).
#[utoipa::path(get, path = "/api/{tenant}/v1/oauth/token/info", tag = "employers",
    params(("tenant" = String, Path, description = "Board slug")), security(("bearer" = [])),
    responses((status = 200, description = "The token's user and company", body = TokenInfoDto), (status = 401, description = "Not an employer", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board", body = crate::error::ErrorBody)))]
pub async fn token_info(state: web::Data<AppState>, employer: Employer) -> Result<HttpResponse> {
    let info = web::block(move || state.employer_accounts.token_info(&employer.tenant, &employer.principal(), &employer.access_token)).await??;
    let (account, user, company, expires_in) = (info.account, info.user, info.company, info.expires_in);
    Ok(HttpResponse::Ok().insert_header(("cache-control", "no-store")).json(TokenInfoDto {
        resource_owner_id: account.id,
        email: account.email,
        name: user.name,
        email_confirmed: account.email_confirmed,
        expires_in,
        company: TokenCompanyDto { id: company.id, name: company.name },
        role: user.role.into(),
    }))
}

/// Adds a user (`role`: owner or recruiter, default recruiter) to the caller's company; they get
/// a link to set their password. Owners only.
#[utoipa::path(post, path = "/api/{tenant}/v1/users", tag = "employers", request_body = NewUserRequest,
    params(("tenant" = String, Path, description = "Board slug")), security(("bearer" = [])),
    responses((status = 201, description = "Invited: a mail with the invitation is on its way (the same answer whether or not the address has an account)", body = EmployerUserDto),
              (status = 400, description = "A field breaks a rule", body = crate::error::ErrorBody),
              (status = 401, description = "Not an employer", body = crate::error::ErrorBody),
              (status = 403, description = "A recruiter (owner_role_required) or an unconfirmed owner (email_not_confirmed)", body = crate::error::ErrorBody),
              (status = 409, description = "Too many open invitations (too_many_invitations)", body = crate::error::ErrorBody),
              (status = 429, description = "Too many invitations this hour", body = crate::error::ErrorBody)))]
pub async fn add_user(state: web::Data<AppState>, employer: Employer, body: web::Json<NewUserRequest>) -> Result<HttpResponse> {
    let (invitation, role) = web::block(move || state.employer_accounts.invite(&employer.tenant, &employer.principal(), body.into_inner().into())).await??;
    Ok(HttpResponse::Created().json(EmployerUserDto { id: invitation.id, email: invitation.email, name: invitation.name, role: role.into() }))
}

/// What an invitation's link invites to: the company, the role and the invited address, shown
/// before the holder accepts it (`PATCH /v1/users/confirm` with the token and a password).
#[utoipa::path(post, path = "/api/{tenant}/v1/users/invitation", tag = "employers", request_body = InvitationRequest,
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 200, description = "The open invitation", body = InvitationDto), (status = 400, description = "The link is invalid or has expired", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board", body = crate::error::ErrorBody)))]
pub async fn invitation(state: web::Data<AppState>, path: web::Path<TenantPath>, body: web::Json<InvitationRequest>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let (invitation, company) = web::block(move || state.employer_accounts.invitation(&tenant, &body.token)).await??;
    Ok(HttpResponse::Ok().insert_header(("cache-control", "no-store")).json(InvitationDto::new(invitation, company)))
}

/// The board's plans (`active=true` keeps only those offered), in the request's language.
#[utoipa::path(get, path = "/api/{tenant}/v2/offer-plans", tag = "employers",
    params(("tenant" = String, Path, description = "Board slug"), ("active" = Option<bool>, Query, description = "Only plans offered now"),
           ("Accept-Language" = Option<String>, Header, description = "pl or en")),
    responses((status = 200, description = "Plans", body = PlansDto), (status = 400, description = "Bad parameter", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board", body = crate::error::ErrorBody)))]
pub async fn plans(state: web::Data<AppState>, path: web::Path<TenantPath>, query: web::Query<QueryPairs>, request: HttpRequest) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let lang = language(&request, &query, &tenant)?;
    let active_only = wakat_core::params::parse_flag(crate::state::pairs(&query), "active")?;
    let data = tenant.settings.employers.plans.iter().filter(|plan| !active_only || plan.active).map(|plan| PlanDto::new(plan, lang.as_str())).collect();
    Ok(HttpResponse::Ok().json(PlansDto { data }))
}
