//! Who is calling: the session cookie of a board's account, checked once per request by the
//! [`Candidate`] and [`MaybeCandidate`] extractors, with the CSRF check of every write that a
//! cookie authenticates.
//!
//! Cookies: `wakat_session` holds the session token (HttpOnly, SameSite=Lax, Secure when the
//! public URL is HTTPS); `wakat_csrf` holds the session's CSRF token and is readable by the page,
//! which repeats it in the `X-CSRF-Token` header of every POST, PUT, PATCH and DELETE. A write
//! that carries a live session cookie without the matching header is refused (403
//! `csrf_failed`), whatever the endpoint: the cookie alone never authorises a write.

use std::future::{ready, Ready};
use std::sync::Arc;

use actix_web::cookie::{time::Duration as CookieDuration, Cookie, SameSite};
use actix_web::dev::Payload;
use actix_web::{web, FromRequest, HttpRequest};
use wakat_accounts::{AccountKind, NewSession, Session};
use wakat_engine::{now, Tenant};

use crate::error::{ApiError, ErrorCode};
use crate::state::AppState;

/// Name of the session cookie.
pub const SESSION_COOKIE: &str = "wakat_session";
/// Name of the cookie the page reads its CSRF token from.
pub const CSRF_COOKIE: &str = "wakat_csrf";
/// Header that repeats the CSRF token on writes.
pub const CSRF_HEADER: &str = "x-csrf-token";

/// A logged-in candidate of the path's board (401 `unauthorized` otherwise).
#[derive(Debug, Clone)]
pub struct Candidate {
    /// The board.
    pub tenant: Arc<Tenant>,
    /// The account.
    pub account_id: String,
    /// The cookie value (to end this session or keep it when others are revoked).
    pub session_token: String,
    /// The session record.
    pub session: Session,
}

/// The candidate when the request carries a live session, else `None` (anonymous calls that a
/// session enriches, such as applying).
#[derive(Debug, Clone)]
pub struct MaybeCandidate(pub Option<Candidate>);

fn is_write(request: &HttpRequest) -> bool {
    !request.method().is_safe()
}

/// Resolves the session of `kind` on the path's board; `Ok(None)` when there is none.
fn resolve(request: &HttpRequest, kind: AccountKind) -> Result<Option<Candidate>, ApiError> {
    let Some(state) = request.app_data::<web::Data<AppState>>() else { return Err(ApiError::broken_invariant("application state missing")) };
    let tenant_slug = request.match_info().get("tenant").unwrap_or_default();
    let tenant = state.tenant(tenant_slug)?;
    let Some(cookie) = request.cookie(SESSION_COOKIE) else { return Ok(None) };
    let token = cookie.value().to_string();
    let Some(session) = state.accounts.session(&tenant.settings.slug, &token, now()).map_err(crate::error::accounts_error)? else { return Ok(None) };
    if session.kind != kind {
        return Ok(None);
    }
    if is_write(request) {
        let presented = request.headers().get(CSRF_HEADER).and_then(|h| h.to_str().ok()).unwrap_or_default();
        if !wakat_store::secrets::secrets_equal(presented, &session.csrf_token) {
            return Err(ApiError::new(ErrorCode::CsrfFailed));
        }
    }
    Ok(Some(Candidate { tenant, account_id: session.account_id.clone(), session_token: token, session }))
}

impl Candidate {
    /// The acting party of the services' calls.
    pub fn principal(&self) -> wakat_app::Principal {
        wakat_app::Principal::Candidate { account_id: self.account_id.clone() }
    }
}

impl MaybeCandidate {
    /// The acting party of the services' calls: the candidate, or anonymous.
    pub fn principal(&self) -> wakat_app::Principal {
        self.0.as_ref().map_or(wakat_app::Principal::Anonymous, Candidate::principal)
    }
}

impl FromRequest for Candidate {
    type Error = ApiError;
    type Future = Ready<Result<Candidate, ApiError>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(
            resolve(request, AccountKind::Candidate)
                .and_then(|candidate| candidate.ok_or_else(|| ApiError::new(ErrorCode::Unauthorized).with_message("log in first"))),
        )
    }
}

impl FromRequest for MaybeCandidate {
    type Error = ApiError;
    type Future = Ready<Result<MaybeCandidate, ApiError>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(resolve(request, AccountKind::Candidate).map(MaybeCandidate))
    }
}

/// Whether cookies must be `Secure`: the board is served over HTTPS.
fn secure(public_url: &str) -> bool {
    public_url.starts_with("https://")
}

/// The two cookies of a new session.
pub fn session_cookies(new_session: &NewSession, public_url: &str) -> [Cookie<'static>; 2] {
    let max_age = CookieDuration::seconds((new_session.expires_at - now()).max(0));
    let session = Cookie::build(SESSION_COOKIE, new_session.token.clone())
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure(public_url))
        .max_age(max_age)
        .finish();
    let csrf =
        Cookie::build(CSRF_COOKIE, new_session.csrf_token.clone()).path("/").same_site(SameSite::Lax).secure(secure(public_url)).max_age(max_age).finish();
    [session, csrf]
}

/// Cookies that make the browser forget the session.
pub fn cleared_cookies(public_url: &str) -> [Cookie<'static>; 2] {
    [SESSION_COOKIE, CSRF_COOKIE].map(|name| {
        let mut cookie = Cookie::build(name, "").path("/").same_site(SameSite::Lax).secure(secure(public_url)).http_only(name == SESSION_COOKIE).finish();
        cookie.make_removal();
        cookie
    })
}
