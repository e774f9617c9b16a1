//! The assistant's refusals as the API's answers (the token route's and the hub's alike: the
//! hub sends `"{code}: {message}"`).

use wakat_app::assistant::AssistantError;

use super::{ApiError, ErrorCode};

/// Every reason of [`AssistantError`] to the status, code, message and field the API answers.
pub fn assistant_error(error: AssistantError) -> ApiError {
    match error {
        AssistantError::NoContext => ApiError::new(ErrorCode::AssistantNoContext),
        AssistantError::Busy => ApiError::new(ErrorCode::AssistantBusy),
        AssistantError::RateLimited { retry_after_secs } => ApiError::new(ErrorCode::AssistantRateLimited)
            .with_message(format!("too many messages to the assistant; try again in {retry_after_secs} s"))
            .with_retry_after(retry_after_secs),
        AssistantError::AlreadyScored => ApiError::new(ErrorCode::AssistantAlreadyScored),
        AssistantError::NotScorable => ApiError::new(ErrorCode::AssistantNotScorable),
        AssistantError::MessageNotFound => ApiError::new(ErrorCode::AssistantMessageNotFound),
        text @ AssistantError::InvalidText { .. } => ApiError::field_error(ErrorCode::InvalidMessageText, "text", text.to_string()),
        AssistantError::InvalidInput { field, reason } => ApiError::field_error(ErrorCode::InvalidAssistantInput, field, format!("{field} {reason}")),
        AssistantError::Unavailable(why) => ApiError::new(ErrorCode::AssistantUnavailable).with_message(format!("the assistant is unavailable: {why}")),
        AssistantError::Store(store) => store.into(),
        other => ApiError::internal(&other),
    }
}
