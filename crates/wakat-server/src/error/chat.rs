//! The chat's domain errors as the API's answers (REST and the hub's refusals alike: the hub
//! sends `"{code}: {message}"`).

use wakat_chat::ChatError;

use super::{ApiError, ErrorCode};

/// Every reason of [`ChatError`] to the status, code, message and field the API answers. A
/// record of someone else answers exactly as a missing one.
pub fn chat_error(error: ChatError) -> ApiError {
    match error {
        ChatError::NotFound { what } => {
            let code = match what {
                "conversation" => ErrorCode::ConversationNotFound,
                "request" => ErrorCode::ConversationRequestNotFound,
                "message" => ErrorCode::ChatMessageNotFound,
                _ => ErrorCode::ChatCandidateNotFound,
            };
            ApiError::new(code)
        }
        ChatError::InvalidInput { field, reason } => ApiError::field_error(ErrorCode::InvalidChatInput, field, format!("{field} {reason}")),
        ChatError::InvalidText(text) => ApiError::field_error(ErrorCode::InvalidMessageText, "text", text.to_string()),
        ChatError::InvalidPreferences(field_error) => ApiError::from(field_error),
        ChatError::ProfileIncomplete { missing } => {
            let names: Vec<&str> = missing.iter().map(|preference| preference_name(*preference)).collect();
            ApiError::new(ErrorCode::ProfileIncomplete)
                .with_message(format!("opening up to offers needs every preference; missing: {}", names.join(", ")))
                .with_field(names.first().copied().unwrap_or("openToOffers"))
        }
        ChatError::DailyLimitReached { limit } => ApiError::new(ErrorCode::ChatDailyLimit)
            .with_message(format!("the company may send {limit} conversation requests a day; try again tomorrow (UTC)"))
            .with_retry_after(seconds_to_utc_midnight()),
        ChatError::AlreadyRequested { status } => {
            ApiError::new(ErrorCode::AlreadyRequested).with_message(format!("this candidate was already asked about this offer (the request is {status})"))
        }
        ChatError::RequestNotPending { status } => ApiError::new(ErrorCode::RequestNotPending).with_message(format!("the request is {status}")),
        ChatError::ConversationClosed => ApiError::new(ErrorCode::ConversationClosed),
        ChatError::Store(store) => store.into(),
        other => ApiError::internal(&other),
    }
}

/// The wire name of a missing preference (the profile answer's `missing`).
pub fn preference_name(preference: wakat_chat::MissingPreference) -> &'static str {
    use wakat_chat::MissingPreference;
    match preference {
        MissingPreference::Categories => "categories",
        MissingPreference::Seniority => "seniority",
        MissingPreference::Skills => "skills",
        MissingPreference::Place => "place",
        MissingPreference::Salary => "salary",
        MissingPreference::ContractTypes => "contractTypes",
    }
}

/// Every 429 carries `Retry-After`: the daily limit opens again at the next UTC midnight.
fn seconds_to_utc_midnight() -> u64 {
    let now = wakat_engine::now();
    u64::try_from(86_400 - now.rem_euclid(86_400)).unwrap_or(1).max(1)
}
