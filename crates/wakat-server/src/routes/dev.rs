//! The development mailbox: the mails of the outbox, for the web app's `/dev/mailbox` page and
//! for tests. Off (`404 feature_disabled`) unless `mail.dev_mailbox` is switched on and mail goes
//! to the outbox; on, it answers only clients on the server's own machine (`403 loopback_only`,
//! see [`crate::operator_access`]), and the server does not start on a non-loopback address.
//! It shows every mail, password-reset links included: it is an internal call, documented in
//! the internal OpenAPI document only.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

use crate::error::{ApiError, ErrorCode, Result};
use crate::routes::params::MailPath;
use crate::state::AppState;

/// Most mails listed at once.
const MAX_LISTED: usize = 200;

/// `GET /api/dev/mailbox` parameters.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MailboxQuery {
    /// Only mails to this address.
    pub to: Option<String>,
    /// How many, newest first (default 50, at most 200).
    pub limit: Option<usize>,
}

/// The outbox, for a client on this machine while the mailbox is on.
fn outbox(state: &AppState, request: &HttpRequest) -> Result<std::sync::Arc<wakat_mail::Outbox>> {
    let outbox = state.dev_mailbox.clone().ok_or_else(|| {
        ApiError::new(ErrorCode::FeatureDisabled).with_message("the dev mailbox is off (switch it on with mail.dev_mailbox = true and the outbox transport)")
    })?;
    crate::operator_access::require_local(request, "the dev mailbox")?;
    Ok(outbox)
}

/// The newest mails of the outbox.
#[utoipa::path(get, operation_id = "list_dev_mailbox", path = "/api/dev/mailbox", tag = "dev", params(MailboxQuery),
    responses((status = 200, description = "Mails, newest first", body = Object), (status = 400, description = "Malformed query", body = crate::error::ErrorBody),
              (status = 403, description = "A client on another machine", body = crate::error::ErrorBody),
              (status = 404, description = "The dev mailbox is off", body = crate::error::ErrorBody)))]
pub async fn list(state: web::Data<AppState>, query: web::Query<MailboxQuery>, request: HttpRequest) -> Result<HttpResponse> {
    let outbox = outbox(&state, &request)?;
    let limit = query.limit.unwrap_or(50).clamp(1, MAX_LISTED);
    let to = query.to.clone();
    let mails = web::block(move || outbox.list(limit, to.as_deref())).await?.map_err(|e| ApiError::internal(&e))?;
    Ok(HttpResponse::Ok().insert_header(("cache-control", "no-store")).json(serde_json::json!({ "data": mails })))
}

/// One mail of the outbox.
#[utoipa::path(get, operation_id = "get_dev_mail", path = "/api/dev/mailbox/{id}", tag = "dev", params(("id" = String, Path, description = "Mail id")),
    responses((status = 200, description = "The mail", body = Object), (status = 403, description = "A client on another machine", body = crate::error::ErrorBody),
              (status = 404, description = "No such mail, or the dev mailbox is off", body = crate::error::ErrorBody)))]
pub async fn get(state: web::Data<AppState>, path: web::Path<MailPath>, request: HttpRequest) -> Result<HttpResponse> {
    let outbox = outbox(&state, &request)?;
    let id = path.into_inner().id;
    let mail = match web::block(move || outbox.get(&id)).await? {
        Ok(mail) => mail,
        // An id that cannot name an outbox file names no mail.
        Err(wakat_mail::MailError::InvalidMailId(_)) => None,
        Err(error) => return Err(ApiError::internal(&error)),
    };
    let mail = mail.ok_or_else(|| ApiError::new(ErrorCode::NotFound).with_message("there is no such mail"))?;
    Ok(HttpResponse::Ok().insert_header(("cache-control", "no-store")).json(mail))
}
