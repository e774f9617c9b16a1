//! The chat's e-mails: the signed link that turns them off for one account (no login: the link
//! is the proof; `List-Unsubscribe` points at the POST for one click, RFC 8058), and the
//! operators' trigger of the unread-mail run.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

use crate::error::Result;
use crate::routes::params::TenantPath;
use crate::routes::payments::escape;
use crate::state::AppState;

/// The unsubscribe link's parameters.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UnsubscribeQuery {
    /// The account the mails go to.
    pub account: String,
    /// The link's signature.
    pub code: String,
}

fn page(title: &str, body: &str) -> HttpResponse {
    let html = format!(
        r#"<!doctype html><html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{title}</title></head><body><main>{body}</main></body></html>"#
    );
    HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .insert_header(("cache-control", "no-store"))
        .insert_header(("content-security-policy", "default-src 'none'; form-action 'self'; frame-ancestors 'none'"))
        .body(html)
}

/// The page of the mail's link: one button turns the mails off (a GET changes nothing, so a mail
/// scanner following links does not unsubscribe anyone).
#[utoipa::path(get, path = "/api/{tenant}/v1/chat/mail-unsubscribe", tag = "chat", operation_id = "chat_mail_unsubscribe_page",
    params(("tenant" = String, Path, description = "Board slug"), UnsubscribeQuery),
    responses((status = 200, description = "HTML page with the button", content_type = "text/html"),
              (status = 400, description = "The link lacks its account or code", body = crate::error::ErrorBody), (status = 404, description = "Unknown board", body = crate::error::ErrorBody)))]
pub async fn unsubscribe_page(state: web::Data<AppState>, path: web::Path<TenantPath>, query: web::Query<UnsubscribeQuery>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let action = format!(
        "/api/{}/v1/chat/mail-unsubscribe?account={}&code={}",
        tenant.settings.slug,
        wakat_app::mails::alerts::query_value(&query.account),
        wakat_app::mails::alerts::query_value(&query.code)
    );
    let body = format!(
        r#"<h1>Wiadomości czatu / Chat messages</h1><p>Wyłączyć e-maile o nieprzeczytanych wiadomościach czatu w {board}? / Stop e-mails about unread chat messages on {board}?</p><form method="post" action="{action}"><button type="submit">Wyłącz / Turn off</button></form>"#,
        board = escape(&tenant.settings.name),
        action = escape(&action),
    );
    Ok(page("Wakat", &body))
}

/// Turns the chat's e-mails off for the link's account (the page's button, or one click).
#[utoipa::path(post, path = "/api/{tenant}/v1/chat/mail-unsubscribe", tag = "chat", operation_id = "chat_mail_unsubscribe",
    params(("tenant" = String, Path, description = "Board slug"), UnsubscribeQuery),
    responses((status = 200, description = "Turned off (HTML confirmation)", content_type = "text/html"),
              (status = 400, description = "The link lacks its account or code", body = crate::error::ErrorBody),
              (status = 403, description = "The link is not the server's", body = crate::error::ErrorBody), (status = 404, description = "Unknown board", body = crate::error::ErrorBody)))]
pub async fn unsubscribe(state: web::Data<AppState>, path: web::Path<TenantPath>, query: web::Query<UnsubscribeQuery>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let name = tenant.settings.name.clone();
    web::block(move || state.chat_mails.unsubscribe(&tenant, &query.account, &query.code)).await??;
    let body = format!(
        "<h1>Gotowe / Done</h1><p>Nie wyślemy już e-maili o nieprzeczytanych wiadomościach czatu w {board}. / We will not e-mail you about unread chat messages on {board} any more.</p>",
        board = escape(&name)
    );
    Ok(page("Wakat", &body))
}

/// `{due, queued, skipped}` of a run.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct ChatMailRunDto {
    /// Conversation sides due a mail.
    pub due: usize,
    /// Mails queued.
    pub queued: usize,
    /// Accounts left out (mails off, account gone).
    pub skipped: usize,
}

/// Runs the board's unread-message mails now (the scheduler runs them every minute).
#[utoipa::path(post, path = "/api/{tenant}/internal/chat-mails/run", tag = "internal",
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 200, description = "What the run did", body = ChatMailRunDto), (status = 401, description = "No or a wrong internal token", body = crate::error::ErrorBody)))]
pub async fn run(state: web::Data<AppState>, path: web::Path<TenantPath>, request: HttpRequest) -> Result<HttpResponse> {
    crate::routes::internal::authorize(&state, &request)?;
    let tenant = state.tenant(&path.tenant)?;
    let report = web::block(move || state.chat_mails.run(&wakat_app::Principal::Internal, &tenant)).await??;
    Ok(HttpResponse::Ok().json(ChatMailRunDto { due: report.due, queued: report.queued, skipped: report.skipped }))
}
