//! The callers of the chat and the job-ad assistant: a candidate's session or an employer's
//! token, as [`Candidate`] and [`Employer`] check them, but only once the board is known to have
//! the feature on, so a board without it answers 404 to every call of the feature, logged in or
//! not (nothing there to log in to).

use std::future::{ready, Ready};

use actix_web::dev::Payload;
use actix_web::{web, FromRequest, HttpRequest};

use wakat_engine::Tenant;

use crate::employer_session::Employer;
use crate::error::ApiError;
use crate::session::Candidate;
use crate::state::AppState;

/// A logged-in candidate of a board with the chat on.
pub struct ChatCandidate(pub Candidate);

/// A logged-in employer user of a board with the chat on.
pub struct ChatEmployer(pub Employer);

/// A logged-in employer user of a board with the job-ad assistant on.
pub struct AssistantEmployer(pub Employer);

/// 404 `feature_disabled` (or `unknown_tenant`) unless `enabled` says the path's board has the
/// feature on.
fn feature_enabled(request: &HttpRequest, enabled: impl Fn(&AppState, &Tenant) -> wakat_app::error::Result<()>) -> Result<(), ApiError> {
    let Some(state) = request.app_data::<web::Data<AppState>>() else { return Err(ApiError::broken_invariant("application state missing")) };
    let tenant = state.tenant(request.match_info().get("tenant").unwrap_or_default())?;
    Ok(enabled(state, &tenant)?)
}

fn chat_enabled(request: &HttpRequest) -> Result<(), ApiError> {
    feature_enabled(request, |state, tenant| state.chat.ensure_enabled(tenant))
}

impl FromRequest for ChatCandidate {
    type Error = ApiError;
    type Future = Ready<Result<ChatCandidate, ApiError>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        ready(chat_enabled(request).and_then(|()| Candidate::from_request(request, payload).into_inner().map(ChatCandidate)))
    }
}

impl FromRequest for ChatEmployer {
    type Error = ApiError;
    type Future = Ready<Result<ChatEmployer, ApiError>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        ready(chat_enabled(request).and_then(|()| Employer::from_request(request, payload).into_inner().map(ChatEmployer)))
    }
}

impl FromRequest for AssistantEmployer {
    type Error = ApiError;
    type Future = Ready<Result<AssistantEmployer, ApiError>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let enabled = feature_enabled(request, |state, tenant| state.assistant.ensure_enabled(tenant));
        ready(enabled.and_then(|()| Employer::from_request(request, payload).into_inner().map(AssistantEmployer)))
    }
}
