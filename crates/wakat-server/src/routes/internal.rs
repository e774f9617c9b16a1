//! The internal write API (offers in the store, then the index): used by tools and by the
//! employer side. Guarded by a token, or by a loopback peer when no token is configured.

use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::json;
use wakat_core::Offer;

use crate::engine::EngineError;
use crate::error::{ApiError, Result};
use crate::routes::offers::{SlugPath, TenantPath};
use crate::state::AppState;

fn authorize(state: &AppState, request: &HttpRequest) -> Result<()> {
    let token = &state.engine.settings.server.internal_token;
    if token.is_empty() {
        let loopback = request.peer_addr().is_some_and(|peer| peer.ip().is_loopback());
        return if loopback { Ok(()) } else { Err(ApiError::forbidden("the internal API answers loopback clients only")) };
    }
    let presented = request
        .headers()
        .get("authorization")
        .and_then(|h| h.to_str().ok())
        .and_then(|h| h.strip_prefix("Bearer "))
        .or_else(|| request.headers().get("x-internal-token").and_then(|h| h.to_str().ok()));
    match presented {
        Some(given) if constant_time_eq(given.as_bytes(), token.as_bytes()) => Ok(()),
        _ => Err(ApiError::forbidden("a valid internal token is required")),
    }
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Reads an offer from JSON, naming what is wrong (serde's message carries the field).
fn parse_offer(body: serde_json::Value) -> Result<Offer> {
    serde_json::from_value(body).map_err(|e| ApiError::bad_request("invalid_offer", format!("offer JSON is not valid: {e}"), None))
}

fn write_error(error: EngineError) -> ApiError {
    match error {
        EngineError::Invalid(errors) => {
            let first = &errors[0];
            ApiError::unprocessable(first.code, errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("; "), Some(&first.field))
        }
        EngineError::UnknownTenant(slug) => ApiError::not_found("unknown_tenant", format!("there is no board '{slug}'")),
        EngineError::Store(store) => store.into(),
        other => ApiError::internal(&other),
    }
}

async fn store_offer(state: web::Data<AppState>, tenant: String, offer: Offer, created: bool) -> Result<HttpResponse> {
    state.tenant(&tenant)?;
    let engine = state.engine.clone();
    let slug = offer.slug.clone();
    let seq = web::block(move || engine.put_offer(&tenant, offer)).await?.map_err(write_error)?;
    let body = json!({"slug": slug, "seq": seq});
    Ok(if created { HttpResponse::Created().json(body) } else { HttpResponse::Ok().json(body) })
}

/// Creates or replaces an offer from its JSON body (the slug comes from the body).
#[utoipa::path(post, path = "/api/{tenant}/internal/offers", tag = "internal", request_body(content = Object, description = "An offer (see the offer model in ARCHITECTURE.md)"),
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 201, description = "`{slug, seq}`; searchable within 1 s"), (status = 400, description = "Malformed JSON", body = crate::error::ErrorBody),
              (status = 403, description = "Not allowed", body = crate::error::ErrorBody), (status = 422, description = "Offer breaks a rule", body = crate::error::ErrorBody)))]
pub async fn create_offer(
    state: web::Data<AppState>,
    path: web::Path<TenantPath>,
    body: web::Json<serde_json::Value>,
    request: HttpRequest,
) -> Result<HttpResponse> {
    authorize(&state, &request)?;
    store_offer(state, path.into_inner().tenant, parse_offer(body.into_inner())?, true).await
}

/// Creates or replaces the offer of the path's slug.
#[utoipa::path(put, path = "/api/{tenant}/internal/offers/{slug}", tag = "internal", request_body(content = Object, description = "An offer"),
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Offer slug")),
    responses((status = 200, description = "`{slug, seq}`; searchable within 1 s"), (status = 400, description = "Malformed JSON or slug mismatch", body = crate::error::ErrorBody),
              (status = 403, description = "Not allowed", body = crate::error::ErrorBody), (status = 422, description = "Offer breaks a rule", body = crate::error::ErrorBody)))]
pub async fn put_offer(
    state: web::Data<AppState>,
    path: web::Path<SlugPath>,
    body: web::Json<serde_json::Value>,
    request: HttpRequest,
) -> Result<HttpResponse> {
    authorize(&state, &request)?;
    let SlugPath { tenant, slug } = path.into_inner();
    let mut offer = parse_offer(body.into_inner())?;
    if offer.slug.is_empty() {
        offer.slug = slug.clone();
    }
    if offer.slug != slug {
        return Err(ApiError::bad_request("slug_mismatch", "the body's slug differs from the path's", Some("slug")));
    }
    store_offer(state, tenant, offer, false).await
}

/// Deletes an offer.
#[utoipa::path(delete, path = "/api/{tenant}/internal/offers/{slug}", tag = "internal",
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Offer slug")),
    responses((status = 200, description = "`{slug, seq}`"), (status = 403, description = "Not allowed", body = crate::error::ErrorBody), (status = 404, description = "No such offer", body = crate::error::ErrorBody)))]
pub async fn delete_offer(state: web::Data<AppState>, path: web::Path<SlugPath>, request: HttpRequest) -> Result<HttpResponse> {
    authorize(&state, &request)?;
    let SlugPath { tenant, slug } = path.into_inner();
    state.tenant(&tenant)?;
    let engine = state.engine.clone();
    let target = slug.clone();
    match web::block(move || engine.delete_offer(&tenant, &target)).await?.map_err(write_error)? {
        Some(seq) => Ok(HttpResponse::Ok().json(json!({"slug": slug, "seq": seq}))),
        None => Err(ApiError::not_found("offer_not_found", format!("there is no offer '{slug}'"))),
    }
}
