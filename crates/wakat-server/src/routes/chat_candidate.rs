//! The candidate's side of the chat (`/v1/candidate/chat/…`): the passive profile, invites,
//! conversations and messages, blocks, reports, the hub token. Every call needs the candidate's
//! session (writes its CSRF header) on a board with the chat on (404 `feature_disabled` otherwise).

use actix_web::{web, HttpResponse};
use wakat_chat::RequestStatus;

use crate::chat_session::ChatCandidate;
use crate::dto::chat::{BlocksDto, ChatProfileAnswer, ConversationView, InviteDto, InvitesDto, ReportDto};
use crate::dto::chat_inputs::{AcceptBody, ChatProfileBody, DeclineBody, InvitesQuery, MessagesQuery, ReadBody, ReportBody, SendMessageBody};
use crate::error::{ApiError, ErrorCode, Result};
use crate::routes::chat::{self as shared, private_json};
use crate::routes::params::{ChatCompanyPath, ChatIdPath, ChatMessagePath};
use crate::state::AppState;

/// The invites' `status` filter: `received` by default, `all` for every status.
fn invite_status(query: &InvitesQuery) -> Result<Option<RequestStatus>> {
    match query.status.as_deref().map(str::trim).unwrap_or("received") {
        "all" => Ok(None),
        "received" => Ok(Some(RequestStatus::Received)),
        "accepted" => Ok(Some(RequestStatus::Accepted)),
        "declined" => Ok(Some(RequestStatus::Declined)),
        "expired" => Ok(Some(RequestStatus::Expired)),
        _ => Err(ApiError::field_error(ErrorCode::InvalidOption, "status", "status must be received, accepted, declined, expired or all")),
    }
}

/// The candidate's passive profile, what it misses, maintenance and the unread badge.
#[utoipa::path(get, operation_id = "chat_candidate_profile", path = "/api/{tenant}/v1/candidate/chat/profile", tag = "chat", params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 200, description = "The profile", body = ChatProfileAnswer), (status = 401, description = "Not logged in", body = crate::error::ErrorBody),
              (status = 404, description = "The board has the chat off", body = crate::error::ErrorBody)))]
pub async fn profile(state: web::Data<AppState>, ChatCandidate(candidate): ChatCandidate) -> Result<HttpResponse> {
    let answer = web::block(move || state.chat.profile(&candidate.tenant, &candidate.principal())).await??;
    Ok(private_json(&ChatProfileAnswer::from(&answer)))
}

/// Saves the passive profile (opening up to offers needs every mandatory preference).
#[utoipa::path(put, operation_id = "chat_candidate_save_profile", path = "/api/{tenant}/v1/candidate/chat/profile", tag = "chat", request_body = ChatProfileBody,
    params(("tenant" = String, Path, description = "Board slug"), ("X-CSRF-Token" = String, Header, description = "The session's CSRF token")),
    responses((status = 200, description = "Saved", body = ChatProfileAnswer), (status = 400, description = "A preference breaks a rule, or one is missing to open up (`profile_incomplete`)", body = crate::error::ErrorBody),
              (status = 401, description = "Not logged in", body = crate::error::ErrorBody), (status = 404, description = "The board has the chat off", body = crate::error::ErrorBody)))]
pub async fn save_profile(state: web::Data<AppState>, ChatCandidate(candidate): ChatCandidate, body: web::Json<ChatProfileBody>) -> Result<HttpResponse> {
    let answer = web::block(move || state.chat.save_profile(&candidate.tenant, &candidate.principal(), body.into_inner().into())).await??;
    Ok(private_json(&ChatProfileAnswer::from(&answer)))
}

/// The candidate's conversation requests (invites), newest first.
#[utoipa::path(get, operation_id = "chat_candidate_invites", path = "/api/{tenant}/v1/candidate/chat/conversation-requests", tag = "chat", params(("tenant" = String, Path, description = "Board slug"), InvitesQuery),
    responses((status = 200, description = "The invites", body = InvitesDto), (status = 400, description = "Not a status", body = crate::error::ErrorBody),
              (status = 401, description = "Not logged in", body = crate::error::ErrorBody), (status = 404, description = "The board has the chat off", body = crate::error::ErrorBody)))]
pub async fn invites(state: web::Data<AppState>, ChatCandidate(candidate): ChatCandidate, query: web::Query<InvitesQuery>) -> Result<HttpResponse> {
    let status = invite_status(&query)?;
    let invites = web::block(move || state.chat.invites(&candidate.tenant, &candidate.principal(), status)).await??;
    Ok(private_json(&InvitesDto { items: invites.iter().map(InviteDto::from).collect() }))
}

/// Accepts a request: the conversation opens with what the candidate shares.
#[utoipa::path(post, operation_id = "chat_candidate_accept", path = "/api/{tenant}/v1/candidate/chat/conversation-requests/{id}/accept", tag = "chat", request_body = AcceptBody,
    params(("tenant" = String, Path, description = "Board slug"), ("id" = String, Path, description = "The request (`conversationRequestId`)"), ("X-CSRF-Token" = String, Header, description = "The session's CSRF token")),
    responses((status = 201, description = "The conversation", body = ConversationView), (status = 401, description = "Not logged in", body = crate::error::ErrorBody),
              (status = 404, description = "No such request of the candidate, no such CV, or the chat off", body = crate::error::ErrorBody),
              (status = 409, description = "The request was answered or expired (`request_not_pending`)", body = crate::error::ErrorBody),
              (status = 503, description = "Maintenance (`chatMaintenance`)", body = crate::error::ErrorBody)))]
pub async fn accept(
    state: web::Data<AppState>,
    ChatCandidate(candidate): ChatCandidate,
    path: web::Path<ChatIdPath>,
    body: web::Json<AcceptBody>,
) -> Result<HttpResponse> {
    let view = web::block(move || state.chat.accept(&candidate.tenant, &candidate.principal(), &path.id, body.into_inner().into())).await??;
    Ok(HttpResponse::Created().insert_header(("cache-control", "private, no-store")).json(ConversationView::from(&view)))
}

/// Declines a request, and blocks its company when asked.
#[utoipa::path(post, operation_id = "chat_candidate_decline", path = "/api/{tenant}/v1/candidate/chat/conversation-requests/{id}/decline", tag = "chat", request_body = DeclineBody,
    params(("tenant" = String, Path, description = "Board slug"), ("id" = String, Path, description = "The request"), ("X-CSRF-Token" = String, Header, description = "The session's CSRF token")),
    responses((status = 200, description = "The declined invite", body = InviteDto), (status = 401, description = "Not logged in", body = crate::error::ErrorBody),
              (status = 404, description = "No such request of the candidate, or the chat off", body = crate::error::ErrorBody),
              (status = 409, description = "The request was answered or expired", body = crate::error::ErrorBody)))]
pub async fn decline(
    state: web::Data<AppState>,
    ChatCandidate(candidate): ChatCandidate,
    path: web::Path<ChatIdPath>,
    body: web::Json<DeclineBody>,
) -> Result<HttpResponse> {
    let invite = web::block(move || state.chat.decline(&candidate.tenant, &candidate.principal(), &path.id, body.block_company)).await??;
    Ok(private_json(&InviteDto::from(&invite)))
}

/// The candidate's conversations, latest first.
#[utoipa::path(get, operation_id = "chat_candidate_conversations", path = "/api/{tenant}/v1/candidate/chat/conversations", tag = "chat", params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 200, description = "The conversations", body = crate::dto::chat::ConversationsDto), (status = 401, description = "Not logged in", body = crate::error::ErrorBody),
              (status = 404, description = "The board has the chat off", body = crate::error::ErrorBody)))]
pub async fn conversations(state: web::Data<AppState>, ChatCandidate(candidate): ChatCandidate) -> Result<HttpResponse> {
    shared::conversations(state, candidate.tenant.clone(), candidate.principal()).await
}

/// One conversation of the candidate.
#[utoipa::path(get, operation_id = "chat_candidate_conversation", path = "/api/{tenant}/v1/candidate/chat/conversations/{id}", tag = "chat", params(("tenant" = String, Path, description = "Board slug"), ("id" = String, Path, description = "The conversation")),
    responses((status = 200, description = "The conversation", body = ConversationView), (status = 401, description = "Not logged in", body = crate::error::ErrorBody),
              (status = 404, description = "No such conversation of the candidate", body = crate::error::ErrorBody)))]
pub async fn conversation(state: web::Data<AppState>, ChatCandidate(candidate): ChatCandidate, path: web::Path<ChatIdPath>) -> Result<HttpResponse> {
    shared::conversation(state, candidate.tenant.clone(), candidate.principal(), path.into_inner().id).await
}

/// A page of a conversation's history, oldest first.
#[utoipa::path(get, operation_id = "chat_candidate_messages", path = "/api/{tenant}/v1/candidate/chat/conversations/{id}/messages", tag = "chat",
    params(("tenant" = String, Path, description = "Board slug"), ("id" = String, Path, description = "The conversation"), MessagesQuery),
    responses((status = 200, description = "The page", body = crate::dto::chat::MessagePage), (status = 400, description = "Bad paging", body = crate::error::ErrorBody),
              (status = 401, description = "Not logged in", body = crate::error::ErrorBody), (status = 404, description = "No such conversation of the candidate", body = crate::error::ErrorBody)))]
pub async fn messages(
    state: web::Data<AppState>,
    ChatCandidate(candidate): ChatCandidate,
    path: web::Path<ChatIdPath>,
    query: web::Query<MessagesQuery>,
) -> Result<HttpResponse> {
    shared::messages(state, candidate.tenant.clone(), candidate.principal(), path.into_inner().id, query.into_inner()).await
}

/// Sends a message (a resend of the same `clientMessageId` answers 200 with the first one).
#[utoipa::path(post, operation_id = "chat_candidate_send", path = "/api/{tenant}/v1/candidate/chat/conversations/{id}/messages", tag = "chat", request_body = SendMessageBody,
    params(("tenant" = String, Path, description = "Board slug"), ("id" = String, Path, description = "The conversation"), ("X-CSRF-Token" = String, Header, description = "The session's CSRF token")),
    responses((status = 201, description = "Stored and delivered", body = crate::dto::chat::MessageView), (status = 200, description = "A resend: the first message", body = crate::dto::chat::MessageView),
              (status = 400, description = "A text or client id breaking a rule", body = crate::error::ErrorBody), (status = 401, description = "Not logged in", body = crate::error::ErrorBody),
              (status = 404, description = "No such conversation of the candidate", body = crate::error::ErrorBody), (status = 409, description = "The conversation is closed (`conversationClosed`)", body = crate::error::ErrorBody),
              (status = 503, description = "Maintenance (`chatMaintenance`)", body = crate::error::ErrorBody)))]
pub async fn send(
    state: web::Data<AppState>,
    ChatCandidate(candidate): ChatCandidate,
    path: web::Path<ChatIdPath>,
    body: web::Json<SendMessageBody>,
) -> Result<HttpResponse> {
    shared::send(state, candidate.tenant.clone(), candidate.principal(), path.into_inner().id, body.into_inner()).await
}

/// Marks messages read.
#[utoipa::path(post, operation_id = "chat_candidate_read", path = "/api/{tenant}/v1/candidate/chat/conversations/{id}/read", tag = "chat", request_body = ReadBody,
    params(("tenant" = String, Path, description = "Board slug"), ("id" = String, Path, description = "The conversation"), ("X-CSRF-Token" = String, Header, description = "The session's CSRF token")),
    responses((status = 200, description = "The conversation", body = ConversationView), (status = 401, description = "Not logged in", body = crate::error::ErrorBody),
              (status = 404, description = "No such conversation of the candidate", body = crate::error::ErrorBody)))]
pub async fn read(
    state: web::Data<AppState>,
    ChatCandidate(candidate): ChatCandidate,
    path: web::Path<ChatIdPath>,
    body: web::Json<ReadBody>,
) -> Result<HttpResponse> {
    shared::read(state, candidate.tenant.clone(), candidate.principal(), path.into_inner().id, body.into_inner()).await
}

/// Closes a conversation for both sides.
#[utoipa::path(post, operation_id = "chat_candidate_close", path = "/api/{tenant}/v1/candidate/chat/conversations/{id}/close", tag = "chat",
    params(("tenant" = String, Path, description = "Board slug"), ("id" = String, Path, description = "The conversation"), ("X-CSRF-Token" = String, Header, description = "The session's CSRF token")),
    responses((status = 200, description = "The conversation", body = ConversationView), (status = 401, description = "Not logged in", body = crate::error::ErrorBody),
              (status = 404, description = "No such conversation of the candidate", body = crate::error::ErrorBody)))]
pub async fn close(state: web::Data<AppState>, ChatCandidate(candidate): ChatCandidate, path: web::Path<ChatIdPath>) -> Result<HttpResponse> {
    shared::close(state, candidate.tenant.clone(), candidate.principal(), path.into_inner().id).await
}

/// Blocks the conversation's company (its conversations close, it cannot find the candidate).
#[utoipa::path(post, operation_id = "chat_candidate_block", path = "/api/{tenant}/v1/candidate/chat/conversations/{id}/block", tag = "chat",
    params(("tenant" = String, Path, description = "Board slug"), ("id" = String, Path, description = "The conversation"), ("X-CSRF-Token" = String, Header, description = "The session's CSRF token")),
    responses((status = 200, description = "The conversation, closed", body = ConversationView), (status = 401, description = "Not logged in", body = crate::error::ErrorBody),
              (status = 404, description = "No such conversation of the candidate", body = crate::error::ErrorBody)))]
pub async fn block(state: web::Data<AppState>, ChatCandidate(candidate): ChatCandidate, path: web::Path<ChatIdPath>) -> Result<HttpResponse> {
    let view = web::block(move || state.chat.block_conversation_company(&candidate.tenant, &candidate.principal(), &path.id)).await??;
    Ok(private_json(&ConversationView::from(&view)))
}

/// Reports a message of the company.
#[utoipa::path(post, operation_id = "chat_candidate_report", path = "/api/{tenant}/v1/candidate/chat/conversations/{id}/messages/{seq}/report", tag = "chat", request_body = ReportBody,
    params(("tenant" = String, Path, description = "Board slug"), ("id" = String, Path, description = "The conversation"), ("seq" = u64, Path, description = "The message"),
           ("X-CSRF-Token" = String, Header, description = "The session's CSRF token")),
    responses((status = 201, description = "Reported (again: the first report)", body = ReportDto), (status = 400, description = "One's own message, or a note too long", body = crate::error::ErrorBody),
              (status = 401, description = "Not logged in", body = crate::error::ErrorBody), (status = 404, description = "No such conversation or message", body = crate::error::ErrorBody)))]
pub async fn report(
    state: web::Data<AppState>,
    ChatCandidate(candidate): ChatCandidate,
    path: web::Path<ChatMessagePath>,
    body: web::Json<ReportBody>,
) -> Result<HttpResponse> {
    let report =
        web::block(move || state.chat.report(&candidate.tenant, &candidate.principal(), &path.id, path.seq, body.reason, body.note.as_deref())).await??;
    Ok(HttpResponse::Created().json(ReportDto { id: report.id }))
}

/// The companies the candidate blocked.
#[utoipa::path(get, operation_id = "chat_candidate_blocks", path = "/api/{tenant}/v1/candidate/chat/blocks", tag = "chat", params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 200, description = "The blocks", body = BlocksDto), (status = 401, description = "Not logged in", body = crate::error::ErrorBody),
              (status = 404, description = "The board has the chat off", body = crate::error::ErrorBody)))]
pub async fn blocks(state: web::Data<AppState>, ChatCandidate(candidate): ChatCandidate) -> Result<HttpResponse> {
    let blocks = web::block(move || state.chat.blocks(&candidate.tenant, &candidate.principal())).await??;
    Ok(private_json(&BlocksDto::new(&blocks)))
}

/// Lifts a block (closed conversations stay closed).
#[utoipa::path(delete, operation_id = "chat_candidate_unblock", path = "/api/{tenant}/v1/candidate/chat/blocks/{company_id}", tag = "chat",
    params(("tenant" = String, Path, description = "Board slug"), ("company_id" = String, Path, description = "The company"), ("X-CSRF-Token" = String, Header, description = "The session's CSRF token")),
    responses((status = 204, description = "Lifted (or there was none)"), (status = 400, description = "Not a company id", body = crate::error::ErrorBody),
              (status = 401, description = "Not logged in", body = crate::error::ErrorBody), (status = 404, description = "The board has the chat off", body = crate::error::ErrorBody)))]
pub async fn unblock(state: web::Data<AppState>, ChatCandidate(candidate): ChatCandidate, path: web::Path<ChatCompanyPath>) -> Result<HttpResponse> {
    web::block(move || state.chat.unblock(&candidate.tenant, &candidate.principal(), &path.company_id)).await??;
    Ok(HttpResponse::NoContent().finish())
}

/// A short-lived token opening the board's chat hub as this candidate.
#[utoipa::path(post, operation_id = "chat_candidate_hub_token", path = "/api/{tenant}/v1/candidate/chat/hub-token", tag = "chat",
    params(("tenant" = String, Path, description = "Board slug"), ("X-CSRF-Token" = String, Header, description = "The session's CSRF token")),
    responses((status = 200, description = "The token", body = crate::dto::chat::HubTokenDto), (status = 401, description = "Not logged in", body = crate::error::ErrorBody),
              (status = 404, description = "The board has the chat off", body = crate::error::ErrorBody)))]
pub async fn hub_token(state: web::Data<AppState>, ChatCandidate(candidate): ChatCandidate) -> Result<HttpResponse> {
    shared::hub_token(state, candidate.tenant.clone(), candidate.principal()).await
}
