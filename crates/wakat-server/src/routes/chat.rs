//! What the chat's routes of both sides share: the conversation calls (list, read, history, send,
//! read marks, close) are the same for a candidate and an employer user, only the caller
//! differs, so each side's handler extracts its caller and calls these.

use std::sync::Arc;

use actix_web::{web, HttpResponse};
use wakat_app::Principal;
use wakat_engine::Tenant;

use crate::dto::chat::{ConversationView, ConversationsDto, HubTokenDto, MessagePage, MessageView};
use crate::dto::chat_inputs::{MessagesQuery, ReadBody, SendMessageBody};
use crate::error::Result;
use crate::state::AppState;

/// History page size when none is asked for.
const DEFAULT_PAGE_SIZE: usize = 30;

/// A JSON answer no shared cache may keep (it is one caller's).
pub(crate) fn private_json<T: serde::Serialize>(body: &T) -> HttpResponse {
    HttpResponse::Ok().insert_header(("cache-control", "private, no-store")).json(body)
}

/// The caller's conversations.
pub(crate) async fn conversations(state: web::Data<AppState>, tenant: Arc<Tenant>, principal: Principal) -> Result<HttpResponse> {
    let (views, unread_total) = web::block(move || state.chat.conversations(&tenant, &principal)).await??;
    Ok(private_json(&ConversationsDto { items: views.iter().map(ConversationView::from).collect(), unread_total }))
}

/// One conversation of the caller.
pub(crate) async fn conversation(state: web::Data<AppState>, tenant: Arc<Tenant>, principal: Principal, id: String) -> Result<HttpResponse> {
    let view = web::block(move || state.chat.conversation(&tenant, &principal, &id)).await??;
    Ok(private_json(&ConversationView::from(&view)))
}

/// A page of history.
pub(crate) async fn messages(state: web::Data<AppState>, tenant: Arc<Tenant>, principal: Principal, id: String, query: MessagesQuery) -> Result<HttpResponse> {
    let page_size = query.page_size.unwrap_or(DEFAULT_PAGE_SIZE);
    let answer_id = id.clone();
    let page = web::block(move || state.chat.history(&tenant, &principal, &id, query.before, page_size)).await??;
    Ok(private_json(&MessagePage::new(&answer_id, &page)))
}

/// Sends a message: 201, or 200 with the first message for a resend of its client id.
pub(crate) async fn send(state: web::Data<AppState>, tenant: Arc<Tenant>, principal: Principal, id: String, body: SendMessageBody) -> Result<HttpResponse> {
    let sent = web::block(move || state.chat.send_message(&tenant, &principal, &id, &body.client_message_id, &body.text)).await??;
    let view = MessageView::new(&sent.conversation.conversation.id, &sent.message, sent.conversation.viewer);
    Ok(if sent.duplicate { HttpResponse::Ok().json(view) } else { HttpResponse::Created().json(view) })
}

/// Marks messages read.
pub(crate) async fn read(state: web::Data<AppState>, tenant: Arc<Tenant>, principal: Principal, id: String, body: ReadBody) -> Result<HttpResponse> {
    let view = web::block(move || state.chat.mark_read(&tenant, &principal, &id, body.up_to_seq)).await??;
    Ok(private_json(&ConversationView::from(&view)))
}

/// Closes a conversation.
pub(crate) async fn close(state: web::Data<AppState>, tenant: Arc<Tenant>, principal: Principal, id: String) -> Result<HttpResponse> {
    let view = web::block(move || state.chat.close(&tenant, &principal, &id)).await??;
    Ok(private_json(&ConversationView::from(&view)))
}

/// A hub access token for the caller.
pub(crate) async fn hub_token(state: web::Data<AppState>, tenant: Arc<Tenant>, principal: Principal) -> Result<HttpResponse> {
    let token = state.chat.hub_token(&tenant, &principal)?;
    Ok(private_json(&HubTokenDto::from(token)))
}
