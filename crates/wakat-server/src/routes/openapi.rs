//! The OpenAPI document, generated from the handlers' annotations.

use actix_web::{web, HttpRequest, HttpResponse};
use utoipa::OpenApi;

use crate::error::{ErrorCode, Result};
use crate::routes::{
    accounts, alerts, applications, assistant, blog, brand_stories, candidate, chat_candidate, chat_employer, chat_mail, dev, employer_offers, employer_panel,
    employers, internal, meta, offers, panel_offers, payments, places, salary,
};
use crate::state::AppState;

/// The public API description (`/api/openapi.json`): every call a client of the boards may make.
/// The operators' calls are in [`InternalApiDoc`]; the public document never names them.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Wakat API",
        description = "Multi-tenant job board API. Every board's path is under /api/{tenant}; /api/boards lists the boards. Errors are `{code, message, field}`."
    ),
    paths(
        offers::list_page,
        offers::list_cursor,
        offers::count,
        offers::count_categories,
        offers::count_subcategories,
        offers::explain,
        offers::record_search_click,
        offers::count_all_boards,
        offers::popular,
        offers::suggest,
        offers::clusters,
        offers::markers,
        offers::detail,
        offers::active_slug,
        offers::lookalikes,
        offers::record_view,
        salary::insights,
        meta::boards,
        meta::configuration,
        meta::testimonials,
        meta::brand_story_short_info,
        meta::brand_stories,
        meta::legal_document,
        blog::posts,
        blog::post,
        meta::logo,
        meta::cover,
        places::cities,
        accounts::register,
        accounts::confirm,
        accounts::login,
        accounts::logout,
        accounts::me,
        accounts::request_reset,
        accounts::confirm_reset,
        accounts::change_password,
        accounts::change_email,
        accounts::confirm_email_change,
        accounts::update_profile,
        applications::apply,
        applications::track_redirect,
        candidate::offers_by_ids,
        candidate::favourites_count,
        candidate::favourites,
        candidate::add_favourite,
        candidate::remove_favourite,
        candidate::history,
        candidate::confirm_redirect,
        candidate::remove_redirect,
        candidate::matched_offers,
        candidate::upload_document,
        candidate::replace_document,
        candidate::delete_document,
        candidate::document_link,
        candidate::download_document,
        candidate::export,
        candidate::delete_account,
        employers::sign_up,
        employers::confirm,
        employers::regenerate_confirmation_token,
        employers::request_password,
        employers::reset_password,
        employers::token,
        employers::revoke,
        employers::add_user,
        employers::invitation,
        employers::plans,
        employers::token_info,
        employer_offers::initiate,
        employer_offers::save,
        employer_offers::upload_logo,
        employer_offers::publish_with_code,
        employer_offers::extend_with_code,
        employer_offers::verify_code,
        employer_offers::codes,
        employer_offers::finish,
        employer_offers::delete,
        employer_offers::end,
        employer_offers::duplicate,
        employer_offers::refresh,
        employer_offers::form_inputs_data,
        employer_offers::skills,
        employer_offers::logo,
        employer_panel::profile,
        employer_panel::update_profile,
        employer_panel::users,
        employer_panel::update_user,
        employer_panel::remove_user,
        employer_panel::company,
        employer_panel::company_data,
        employer_panel::billing,
        employer_panel::clauses,
        brand_stories::data,
        brand_stories::put,
        brand_stories::status,
        brand_stories::technologies,
        employer_offers::edit_token,
        payments::create,
        payments::status,
        payments::sandbox_page,
        payments::sandbox_action,
        payments::stripe_webhook,
        alerts::list,
        alerts::create,
        alerts::delete,
        alerts::read_offers,
        alerts::enable,
        alerts::disable,
        alerts::change_frequency,
        alerts::create_guest,
        alerts::activate,
        alerts::unsubscribe_guest,
        alerts::one_click_unsubscribe,
        alerts::feed,
        alerts::feed_link,
        alerts::guest_new_offers,
        panel_offers::offers,
        panel_offers::statistics,
        panel_offers::applications,
        panel_offers::set_status,
        panel_offers::delete_application,
        panel_offers::download_cv,
        applications::mailed_cv,
        chat_candidate::profile,
        chat_candidate::save_profile,
        chat_candidate::invites,
        chat_candidate::accept,
        chat_candidate::decline,
        chat_candidate::conversations,
        chat_candidate::conversation,
        chat_candidate::messages,
        chat_candidate::send,
        chat_candidate::read,
        chat_candidate::close,
        chat_candidate::block,
        chat_candidate::report,
        chat_candidate::blocks,
        chat_candidate::unblock,
        chat_candidate::hub_token,
        chat_employer::candidates,
        chat_employer::send_request,
        chat_employer::requests,
        chat_employer::conversations,
        chat_employer::conversation,
        chat_employer::messages,
        chat_employer::shared_cv,
        chat_employer::send,
        chat_employer::read,
        chat_employer::close,
        chat_employer::hub_token,
        assistant::hub_token,
        chat_mail::unsubscribe_page,
        chat_mail::unsubscribe,
    ),
    modifiers(&BearerScheme),
    components(schemas(crate::error::ErrorBody, blog::PostsDto, blog::PostSummaryDto, blog::PostDto, crate::dto::OfferItem, crate::dto::OfferDetail, crate::dto::OfferMoved, offers::ViewBody, crate::dto::employers::EmployerOfferDto))
)]
pub struct ApiDoc;

/// The operators' calls (`/api/internal/openapi.json`, behind the internal token): the internal
/// write API and triggers under `/api/{tenant}/internal/`, and the dev mailbox.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Wakat internal API",
        description = "Operators' calls: the internal write API and job triggers (`Authorization: Bearer` with the internal token, `wakat internal-token`) and the dev mailbox (clients on the server's own machine, when `mail.dev_mailbox` is on). Errors are `{code, message, field}`."
    ),
    paths(
        internal::create_offer,
        internal::put_offer,
        internal::delete_offer,
        internal::offer_applications,
        employer_offers::issue_code,
        employer_offers::run_bumps,
        alerts::run_digests,
        applications::run_application_digests,
        chat_mail::run,
        dev::list,
        dev::get,
    ),
    modifiers(&BearerScheme),
    components(schemas(crate::error::ErrorBody))
)]
pub struct InternalApiDoc;

/// The employers' access tokens (`POST /v1/oauth/token`) as the `bearer` security scheme.
struct BearerScheme;

impl utoipa::Modify for BearerScheme {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme("bearer", SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()));
    }
}

/// `GET /v1/offers/{slug}` with `token` (and an employer's bearer token) answers the employer's
/// view of the offer (`EmployerOfferDto`) instead of the public detail: one path, so it is
/// documented on the public operation.
fn document_employer_offer_view(document: &mut serde_json::Value) {
    let Some(operation) = document.pointer_mut("/paths/~1api~1{tenant}~1v1~1offers~1{slug}/get") else { return };
    if let Some(parameters) = operation.get_mut("parameters").and_then(|p| p.as_array_mut()) {
        parameters.push(serde_json::json!({"name": "token", "in": "query", "required": false, "schema": {"type": "string"},
            "description": "The offer's edit token: with an employer's `Authorization: Bearer`, the answer is the employer's view (EmployerOfferDto)"}));
    }
    if let Some(responses) = operation.get_mut("responses").and_then(|r| r.as_object_mut()) {
        for (status, description) in [("401", "With `token`: not an employer"), ("403", "With `token`: the token is wrong")] {
            responses.entry(status).or_insert_with(
                || serde_json::json!({"description": description, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}}}),
            );
        }
    }
}

/// Every error code the API answers (the one table, field codes included), sorted.
pub fn error_codes() -> Vec<&'static str> {
    let mut codes: Vec<&'static str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
    codes.sort_unstable();
    codes
}

/// The public document as JSON (see [`complete`]).
pub fn document_json() -> serde_json::Value {
    complete(serde_json::to_value(ApiDoc::openapi()).unwrap_or_default())
}

/// The internal document as JSON (see [`complete`]).
pub fn internal_document_json() -> serde_json::Value {
    complete(serde_json::to_value(InternalApiDoc::openapi()).unwrap_or_default())
}

/// A document with the error codes listed as the `code` enum of `ErrorBody`, so a client (or a
/// fuzzer) knows every code it may meet, and the answers every body or rate limit may bring.
fn complete(mut document: serde_json::Value) -> serde_json::Value {
    if let Some(code) = document.pointer_mut("/components/schemas/ErrorBody/properties/code") {
        code["enum"] = serde_json::json!(error_codes());
    }
    document_body_errors(&mut document);
    document_employer_offer_view(&mut document);
    for (method, path) in crate::routes::rate_limited() {
        if let Some(responses) =
            document.get_mut("paths").and_then(|paths| paths.get_mut(&path)).and_then(|p| p.get_mut(&method)).and_then(|o| o.get_mut("responses"))
        {
            responses["429"] = serde_json::json!({
                "description": "Too many requests from this client (`rate_limited`); retry after `Retry-After` seconds",
                "headers": {"Retry-After": {"description": "Seconds to wait", "schema": {"type": "integer", "minimum": 1}}},
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}},
            });
        }
    }
    document
}

/// Every operation that takes a body can be sent a body it cannot read: a malformed one (400), a
/// too large one (413) or one of another content type (415). Listed here once rather than on
/// every handler.
fn document_body_errors(document: &mut serde_json::Value) {
    let error_body = serde_json::json!({"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}});
    let Some(paths) = document.get_mut("paths").and_then(|paths| paths.as_object_mut()) else { return };
    for operations in paths.values_mut().filter_map(|operations| operations.as_object_mut()) {
        for operation in operations.values_mut() {
            if operation.get("requestBody").is_none() {
                continue;
            }
            let Some(responses) = operation.get_mut("responses").and_then(|r| r.as_object_mut()) else { continue };
            for (status, description) in
                [("400", "The body cannot be read"), ("413", "The body is too large"), ("415", "The body has another content type than the call takes")]
            {
                responses.entry(status).or_insert_with(|| serde_json::json!({"description": description, "content": error_body.clone()}));
            }
        }
    }
}

/// `GET /api/openapi.json`.
pub async fn document() -> HttpResponse {
    static DOCUMENT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let body = DOCUMENT.get_or_init(|| document_json().to_string());
    HttpResponse::Ok().content_type("application/json").body(body.as_str())
}

/// `GET /api/internal/openapi.json`, for holders of the internal token only: the operators' calls
/// are no business of the public, not even as a list.
pub async fn internal_document(state: web::Data<AppState>, request: HttpRequest) -> Result<HttpResponse> {
    crate::routes::internal::authorize(&state, &request)?;
    static DOCUMENT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let body = DOCUMENT.get_or_init(|| internal_document_json().to_string());
    Ok(HttpResponse::Ok().content_type("application/json").insert_header(("cache-control", "no-store")).body(body.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The web app's snapshot of the public document, from which its API types are generated.
    const SNAPSHOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../ui/openapi.json");

    #[test]
    fn the_web_apps_snapshot_is_the_public_document() {
        let expected = document_json().to_string();
        if std::env::var_os("WAKAT_WRITE_GENERATED").is_some() {
            std::fs::write(SNAPSHOT, &expected).expect("write the snapshot");
        }
        let committed = std::fs::read_to_string(SNAPSHOT).unwrap_or_default();
        assert!(
            committed == expected,
            "{SNAPSHOT} is out of step with the API: run `WAKAT_WRITE_GENERATED=1 cargo test -p wakat-server openapi`, then `npm run api-types` in ui/, and commit both"
        );
    }

    #[test]
    fn operation_ids_are_unique_across_both_documents() {
        let mut seen = std::collections::HashMap::new();
        for document in [document_json(), internal_document_json()] {
            for (path, operations) in document["paths"].as_object().expect("paths") {
                for (method, operation) in operations.as_object().expect("operations") {
                    let Some(id) = operation["operationId"].as_str() else { continue };
                    if let Some(first) = seen.insert(id.to_string(), format!("{method} {path}")) {
                        panic!("operationId {id} names both {first} and {method} {path}");
                    }
                }
            }
        }
    }
}
