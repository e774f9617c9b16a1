//! The employer's side of the chat: "Candidates for this offer", conversation requests,
//! conversations and messages, the hub token. Every user of the company (owner or recruiter)
//! calls them with the employer's bearer token, on a board with the chat on.

use actix_web::{web, HttpResponse};

use crate::chat_session::ChatEmployer;
use crate::dto::chat::{CandidatesForOfferDto, ConversationView, SentRequestDto, SentRequestsDto};
use crate::dto::chat_inputs::{MessagesQuery, ReadBody, SendMessageBody, SendRequestBody};
use crate::error::Result;
use crate::routes::chat::{self as shared, private_json};
use crate::routes::params::{ChatIdPath, SlugPath};
use crate::state::AppState;

/// The board's passive candidates ranked for an active offer of the company, anonymised.
#[utoipa::path(get, operation_id = "chat_employer_candidates", path = "/api/{tenant}/v2/employer-panel/offers/{slug}/candidates", tag = "chat", security(("bearer" = [])),
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "An active offer of the company")),
    responses((status = 200, description = "Best match first, with the daily budget of requests", body = CandidatesForOfferDto),
              (status = 401, description = "Not an employer", body = crate::error::ErrorBody),
              (status = 404, description = "No active offer of the company with that slug, or the chat off", body = crate::error::ErrorBody)))]
pub async fn candidates(state: web::Data<AppState>, ChatEmployer(employer): ChatEmployer, path: web::Path<SlugPath>) -> Result<HttpResponse> {
    let list = web::block(move || state.chat.candidates_for_offer(&employer.tenant, &employer.principal(), &path.slug)).await??;
    Ok(private_json(&CandidatesForOfferDto::from(&list)))
}

/// Asks a passive candidate about an active offer, with a first message.
#[utoipa::path(post, operation_id = "chat_employer_send_request", path = "/api/{tenant}/v2/employer-panel/chat/conversation-requests", tag = "chat", security(("bearer" = [])), request_body = SendRequestBody,
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 201, description = "Sent", body = SentRequestDto), (status = 400, description = "A message breaking a rule", body = crate::error::ErrorBody),
              (status = 401, description = "Not an employer", body = crate::error::ErrorBody),
              (status = 404, description = "No such active offer of the company or findable candidate", body = crate::error::ErrorBody),
              (status = 409, description = "Already asked about this offer (`already_requested`)", body = crate::error::ErrorBody),
              (status = 429, description = "Over the daily limit (`chatDailyLimit`)", body = crate::error::ErrorBody),
              (status = 503, description = "Maintenance (`chatMaintenance`)", body = crate::error::ErrorBody)))]
pub async fn send_request(state: web::Data<AppState>, ChatEmployer(employer): ChatEmployer, body: web::Json<SendRequestBody>) -> Result<HttpResponse> {
    let sent =
        web::block(move || state.chat.send_request(&employer.tenant, &employer.principal(), &body.offer_slug, &body.candidate_ref, &body.message)).await??;
    Ok(HttpResponse::Created().json(SentRequestDto::from(&sent)))
}

/// The requests the company sent, newest first.
#[utoipa::path(get, operation_id = "chat_employer_requests", path = "/api/{tenant}/v2/employer-panel/chat/conversation-requests", tag = "chat", security(("bearer" = [])),
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 200, description = "The requests", body = SentRequestsDto), (status = 401, description = "Not an employer", body = crate::error::ErrorBody),
              (status = 404, description = "The board has the chat off", body = crate::error::ErrorBody)))]
pub async fn requests(state: web::Data<AppState>, ChatEmployer(employer): ChatEmployer) -> Result<HttpResponse> {
    let sent = web::block(move || state.chat.requests_sent(&employer.tenant, &employer.principal())).await??;
    Ok(private_json(&SentRequestsDto { items: sent.iter().map(SentRequestDto::from).collect() }))
}

/// The company's conversations, latest first.
#[utoipa::path(get, operation_id = "chat_employer_conversations", path = "/api/{tenant}/v2/employer-panel/chat/conversations", tag = "chat", security(("bearer" = [])),
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 200, description = "The conversations", body = crate::dto::chat::ConversationsDto), (status = 401, description = "Not an employer", body = crate::error::ErrorBody),
              (status = 404, description = "The board has the chat off", body = crate::error::ErrorBody)))]
pub async fn conversations(state: web::Data<AppState>, ChatEmployer(employer): ChatEmployer) -> Result<HttpResponse> {
    shared::conversations(state, employer.tenant.clone(), employer.principal()).await
}

/// One conversation of the company.
#[utoipa::path(get, operation_id = "chat_employer_conversation", path = "/api/{tenant}/v2/employer-panel/chat/conversations/{id}", tag = "chat", security(("bearer" = [])),
    params(("tenant" = String, Path, description = "Board slug"), ("id" = String, Path, description = "The conversation")),
    responses((status = 200, description = "The conversation", body = ConversationView), (status = 401, description = "Not an employer", body = crate::error::ErrorBody),
              (status = 404, description = "No such conversation of the company", body = crate::error::ErrorBody)))]
pub async fn conversation(state: web::Data<AppState>, ChatEmployer(employer): ChatEmployer, path: web::Path<ChatIdPath>) -> Result<HttpResponse> {
    shared::conversation(state, employer.tenant.clone(), employer.principal(), path.into_inner().id).await
}

/// The CV the candidate shared on accepting the conversation (as they keep it now).
#[utoipa::path(get, operation_id = "chat_employer_shared_cv", path = "/api/{tenant}/v2/employer-panel/chat/conversations/{id}/cv", tag = "chat", security(("bearer" = [])),
    params(("tenant" = String, Path, description = "Board slug"), ("id" = String, Path, description = "The conversation")),
    responses((status = 200, description = "The file (PDF, DOCX, JPEG or PNG by its content), as an attachment", content(
                  (Vec<u8> = "application/pdf"), (Vec<u8> = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
                  (Vec<u8> = "image/jpeg"), (Vec<u8> = "image/png"))),
              (status = 401, description = "Not an employer", body = crate::error::ErrorBody),
              (status = 404, description = "No such conversation of the company, or no CV shared in it (`chat_no_shared_cv`)", body = crate::error::ErrorBody)))]
pub async fn shared_cv(state: web::Data<AppState>, ChatEmployer(employer): ChatEmployer, path: web::Path<ChatIdPath>) -> Result<HttpResponse> {
    let (document, bytes) = web::block(move || state.chat.shared_cv(&employer.tenant, &employer.principal(), &path.id)).await??;
    Ok(HttpResponse::Ok()
        .content_type(document.mime.as_str())
        .insert_header(crate::downloads::attachment(&document.file_name, &document.mime))
        .insert_header(("cache-control", "private, no-store"))
        .insert_header(("x-content-type-options", "nosniff"))
        .body(bytes))
}

/// A page of a conversation's history, oldest first.
#[utoipa::path(get, operation_id = "chat_employer_messages", path = "/api/{tenant}/v2/employer-panel/chat/conversations/{id}/messages", tag = "chat", security(("bearer" = [])),
    params(("tenant" = String, Path, description = "Board slug"), ("id" = String, Path, description = "The conversation"), MessagesQuery),
    responses((status = 200, description = "The page", body = crate::dto::chat::MessagePage), (status = 401, description = "Not an employer", body = crate::error::ErrorBody),
              (status = 404, description = "No such conversation of the company", body = crate::error::ErrorBody)))]
pub async fn messages(
    state: web::Data<AppState>,
    ChatEmployer(employer): ChatEmployer,
    path: web::Path<ChatIdPath>,
    query: web::Query<MessagesQuery>,
) -> Result<HttpResponse> {
    shared::messages(state, employer.tenant.clone(), employer.principal(), path.into_inner().id, query.into_inner()).await
}

/// Sends a message as the company (a resend of the same `clientMessageId` answers 200).
#[utoipa::path(post, operation_id = "chat_employer_send", path = "/api/{tenant}/v2/employer-panel/chat/conversations/{id}/messages", tag = "chat", security(("bearer" = [])), request_body = SendMessageBody,
    params(("tenant" = String, Path, description = "Board slug"), ("id" = String, Path, description = "The conversation")),
    responses((status = 201, description = "Stored and delivered", body = crate::dto::chat::MessageView), (status = 200, description = "A resend: the first message", body = crate::dto::chat::MessageView),
              (status = 400, description = "A text or client id breaking a rule", body = crate::error::ErrorBody), (status = 401, description = "Not an employer", body = crate::error::ErrorBody),
              (status = 404, description = "No such conversation of the company", body = crate::error::ErrorBody), (status = 409, description = "Closed (`conversationClosed`)", body = crate::error::ErrorBody),
              (status = 503, description = "Maintenance (`chatMaintenance`)", body = crate::error::ErrorBody)))]
pub async fn send(
    state: web::Data<AppState>,
    ChatEmployer(employer): ChatEmployer,
    path: web::Path<ChatIdPath>,
    body: web::Json<SendMessageBody>,
) -> Result<HttpResponse> {
    shared::send(state, employer.tenant.clone(), employer.principal(), path.into_inner().id, body.into_inner()).await
}

/// Marks messages read for the company (every user of it).
#[utoipa::path(post, operation_id = "chat_employer_read", path = "/api/{tenant}/v2/employer-panel/chat/conversations/{id}/read", tag = "chat", security(("bearer" = [])), request_body = ReadBody,
    params(("tenant" = String, Path, description = "Board slug"), ("id" = String, Path, description = "The conversation")),
    responses((status = 200, description = "The conversation", body = ConversationView), (status = 401, description = "Not an employer", body = crate::error::ErrorBody),
              (status = 404, description = "No such conversation of the company", body = crate::error::ErrorBody)))]
pub async fn read(
    state: web::Data<AppState>,
    ChatEmployer(employer): ChatEmployer,
    path: web::Path<ChatIdPath>,
    body: web::Json<ReadBody>,
) -> Result<HttpResponse> {
    shared::read(state, employer.tenant.clone(), employer.principal(), path.into_inner().id, body.into_inner()).await
}

/// Closes a conversation for both sides.
#[utoipa::path(post, operation_id = "chat_employer_close", path = "/api/{tenant}/v2/employer-panel/chat/conversations/{id}/close", tag = "chat", security(("bearer" = [])),
    params(("tenant" = String, Path, description = "Board slug"), ("id" = String, Path, description = "The conversation")),
    responses((status = 200, description = "The conversation", body = ConversationView), (status = 401, description = "Not an employer", body = crate::error::ErrorBody),
              (status = 404, description = "No such conversation of the company", body = crate::error::ErrorBody)))]
pub async fn close(state: web::Data<AppState>, ChatEmployer(employer): ChatEmployer, path: web::Path<ChatIdPath>) -> Result<HttpResponse> {
    shared::close(state, employer.tenant.clone(), employer.principal(), path.into_inner().id).await
}

/// A short-lived token opening the board's chat hub as this user of the company.
#[utoipa::path(post, operation_id = "chat_employer_hub_token", path = "/api/{tenant}/v2/employer-panel/chat/hub-token", tag = "chat", security(("bearer" = [])),
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 200, description = "The token", body = crate::dto::chat::HubTokenDto), (status = 401, description = "Not an employer", body = crate::error::ErrorBody),
              (status = 404, description = "The board has the chat off", body = crate::error::ErrorBody)))]
pub async fn hub_token(state: web::Data<AppState>, ChatEmployer(employer): ChatEmployer) -> Result<HttpResponse> {
    shared::hub_token(state, employer.tenant.clone(), employer.principal()).await
}
