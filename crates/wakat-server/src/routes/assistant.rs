//! The job-ad assistant's REST side: the hub token. Everything else travels over the hub
//! (`/hubs/{board}/assistant`, `crate::assistant_hub`).

use actix_web::{web, HttpResponse};

use crate::chat_session::AssistantEmployer;
use crate::dto::assistant::AssistantHubTokenDto;
use crate::error::Result;
use crate::routes::chat::private_json;
use crate::state::AppState;

/// A short-lived token opening the board's assistant hub as this user of the company (owner or
/// recruiter).
#[utoipa::path(post, operation_id = "assistant_hub_token", path = "/api/{tenant}/v2/employer-panel/assistant/hub-token", tag = "assistant", security(("bearer" = [])),
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 200, description = "The token", body = AssistantHubTokenDto), (status = 401, description = "Not an employer", body = crate::error::ErrorBody),
              (status = 404, description = "No such board, or the board has the assistant off (`feature_disabled`)", body = crate::error::ErrorBody)))]
pub async fn hub_token(state: web::Data<AppState>, AssistantEmployer(employer): AssistantEmployer) -> Result<HttpResponse> {
    let token = state.assistant.hub_token(&employer.tenant, &employer.principal())?;
    Ok(private_json(&AssistantHubTokenDto::from(token)))
}
