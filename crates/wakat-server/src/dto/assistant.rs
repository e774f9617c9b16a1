//! The job-ad assistant's views: the hub token (REST) and what the hub answers and streams
//! (`AssistantMessage`, `UpdateContextV2`'s completion), camelCase as the contract names them.

use serde::Serialize;
use serde_json::{json, Value};
use utoipa::ToSchema;
use wakat_app::assistant::{AssistantEvent, Limits, OpenedConversation};
use wakat_app::hub_tokens::HubToken;
use wakat_assistant_store::AssistantMessage;

/// RFC 3339 (UTC) of Unix seconds.
pub fn rfc3339(seconds: i64) -> String {
    jiff::Timestamp::from_second(seconds).map(|time| time.to_string()).unwrap_or_default()
}

/// A token opening the board's assistant hub.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssistantHubTokenDto {
    /// The SignalR client's `access_token`.
    pub token: String,
    /// RFC 3339; connect before.
    pub expires_at: String,
}

impl From<HubToken> for AssistantHubTokenDto {
    fn from(token: HubToken) -> AssistantHubTokenDto {
        AssistantHubTokenDto { token: token.access_token, expires_at: rfc3339(token.expires_at) }
    }
}

/// A message of the conversation (`AssistantMessage`).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AssistantMessageView {
    id: String,
    content: String,
    is_user: bool,
    timestamp: String,
    score: Option<i8>,
    scorable: bool,
}

impl From<&AssistantMessage> for AssistantMessageView {
    fn from(message: &AssistantMessage) -> AssistantMessageView {
        AssistantMessageView {
            id: message.id.clone(),
            content: message.content.clone(),
            is_user: message.is_user,
            timestamp: rfc3339(message.timestamp),
            score: message.score,
            scorable: message.scorable,
        }
    }
}

/// `UpdateContextV2`'s completion.
pub fn context_view(opened: &OpenedConversation) -> Value {
    let Limits { per_minute, per_day, used_today } = opened.limits;
    json!({
        "jobAdId": opened.context.job_ad_id(),
        "messages": opened.messages.iter().map(AssistantMessageView::from).collect::<Vec<_>>(),
        "proposal": opened.proposal,
        "limits": {"perMinute": per_minute, "perDay": per_day, "usedToday": used_today},
    })
}

/// The hub's client method and arguments of an event.
pub fn event_call(event: AssistantEvent) -> (&'static str, Vec<Value>) {
    match event {
        AssistantEvent::MessageStart(message) => ("MessageStart", vec![json!(AssistantMessageView::from(&message))]),
        AssistantEvent::MessagePart { message_id, text } => ("MessagePart", vec![json!(message_id), json!(text)]),
        AssistantEvent::SearchStart => ("InternetSearchStart", vec![]),
        AssistantEvent::SearchEnd => ("InternetSearchEnd", vec![]),
        AssistantEvent::Proposing { message_id } => ("JobAdProposing", vec![json!(message_id)]),
        AssistantEvent::Proposed { message_id, proposal } => ("JobAdProposed", vec![json!(message_id), json!(proposal)]),
        AssistantEvent::MessageEnd(message) => ("MessageEnd", vec![json!(AssistantMessageView::from(&message))]),
        AssistantEvent::RateLimit { retry_after_secs } => ("RateLimit", vec![json!(retry_after_secs)]),
        AssistantEvent::Failed { code, message } => ("AssistantError", vec![json!(code.as_str()), json!(message)]),
    }
}
