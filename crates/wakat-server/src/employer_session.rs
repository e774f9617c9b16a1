//! Who is calling on the employer side: an OAuth-style bearer access token
//! (`Authorization: Bearer …`, issued by `POST /v1/oauth/token`, ended by `POST /v1/oauth/revoke`),
//! checked once per request by the [`Employer`] extractor.
//!
//! Employer sessions are apart from candidate sessions: they live in the same session table of
//! `wakat-accounts` with the employer kind, are presented only as a bearer header (never the
//! candidate's cookie), and the extractor accepts only employer sessions, so a candidate session
//! never reaches an employer call and an employer token never opens a candidate call (whose
//! extractor reads only the cookie and only candidate sessions). A header is not sent by a
//! browser on its own, so these calls need no CSRF token.

use std::future::{ready, Ready};
use std::sync::Arc;

use actix_web::dev::Payload;
use actix_web::{web, FromRequest, HttpRequest};
use wakat_accounts::AccountKind;
use wakat_employers::Role;
use wakat_engine::{now, Tenant};

use crate::error::{accounts_error, employers_error, ApiError, ErrorCode};
use crate::state::AppState;

/// A logged-in employer user of the path's board (401 `unauthorized` otherwise).
#[derive(Debug, Clone)]
pub struct Employer {
    /// The board.
    pub tenant: Arc<Tenant>,
    /// The account.
    pub account_id: String,
    /// The company it acts for.
    pub company_id: String,
    /// The access token (to revoke it).
    pub access_token: String,
    /// Owner or recruiter.
    pub role: Role,
}

/// The bearer token of a request, if any.
pub fn bearer(request: &HttpRequest) -> Option<String> {
    let header = request.headers().get("authorization")?.to_str().ok()?;
    let (scheme, token) = header.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim().to_string()).filter(|t| !t.is_empty())
}

fn resolve(request: &HttpRequest) -> Result<Employer, ApiError> {
    let unauthorized = || ApiError::new(ErrorCode::Unauthorized).with_message("log in as an employer first (Authorization: Bearer)");
    let Some(state) = request.app_data::<web::Data<AppState>>() else { return Err(ApiError::broken_invariant("application state missing")) };
    let tenant = state.tenant(request.match_info().get("tenant").unwrap_or_default())?;
    let slug = &tenant.settings.slug;
    let token = bearer(request).ok_or_else(unauthorized)?;
    let session = state.accounts.session(slug, &token, now()).map_err(accounts_error)?.ok_or_else(unauthorized)?;
    if session.kind != AccountKind::Employer {
        return Err(unauthorized());
    }
    let user = state.employers.user(slug, &session.account_id).map_err(employers_error)?.ok_or_else(unauthorized)?;
    Ok(Employer { tenant, account_id: session.account_id, company_id: user.company_id, access_token: token, role: user.role })
}

impl Employer {
    /// The acting party of the services' calls.
    pub fn principal(&self) -> wakat_app::Principal {
        wakat_app::Principal::EmployerUser { account_id: self.account_id.clone(), company_id: self.company_id.clone(), role: self.role }
    }
}

impl FromRequest for Employer {
    type Error = ApiError;
    type Future = Ready<Result<Employer, ApiError>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(resolve(request))
    }
}
