//! The internal write API (offers in the store, then the index): used by tools and by the
//! employer side. Guarded by a token (see [`crate::internal_token`]).

use actix_web::{web, HttpRequest, HttpResponse};
use wakat_core::Offer;
use wakat_engine::EngineError;

use crate::dto::lists::WriteAnswer;
use crate::error::{ApiError, ErrorCode, Result};
use crate::routes::params::{SlugPath, TenantPath};
use crate::state::AppState;

/// The internal API answers only requests that present its token (`Authorization: Bearer …` or
/// `X-Internal-Token`); the peer address is never trusted (the web app is a loopback peer).
pub(crate) fn authorize(state: &AppState, request: &HttpRequest) -> Result<()> {
    let header = |name: &str| request.headers().get(name).and_then(|h| h.to_str().ok());
    let presented = header("authorization").and_then(|h| h.strip_prefix("Bearer ")).or_else(|| header("x-internal-token"));
    match presented {
        Some(given) if crate::internal_token::matches(given.trim(), &state.internal_token) => Ok(()),
        Some(_) => Err(ApiError::new(ErrorCode::Unauthorized).with_message("the internal token is not valid")),
        None => Err(ApiError::new(ErrorCode::Unauthorized).with_message("the internal API needs its token (Authorization: Bearer …)")),
    }
}

/// Reads an offer from JSON, naming what is wrong (serde's message carries the field).
fn parse_offer(body: serde_json::Value) -> Result<Offer> {
    serde_json::from_value(body).map_err(|e| ApiError::new(ErrorCode::InvalidOffer).with_message(format!("offer JSON is not valid: {e}")))
}

fn write_error(error: EngineError) -> ApiError {
    match error {
        EngineError::Invalid(errors) => ApiError::rejected(&errors),
        EngineError::UnknownTenant(slug) => ApiError::new(ErrorCode::UnknownTenant).with_message(format!("there is no board '{slug}'")),
        EngineError::Store(store) => store.into(),
        other => ApiError::internal(&other),
    }
}

async fn store_offer(state: web::Data<AppState>, tenant: String, offer: Offer, created: bool) -> Result<HttpResponse> {
    state.tenant(&tenant)?;
    let engine = state.engine.clone();
    let slug = offer.slug.clone();
    let seq = web::block(move || engine.put_offer(&tenant, offer)).await?.map_err(write_error)?;
    let body = WriteAnswer { slug, seq };
    Ok(if created { HttpResponse::Created().json(body) } else { HttpResponse::Ok().json(body) })
}

/// Creates or replaces an offer from its JSON body (the slug comes from the body).
#[utoipa::path(post, path = "/api/{tenant}/internal/offers", tag = "internal", request_body(content = Object, description = "An offer (see the offer model in ARCHITECTURE.md)"),
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 201, description = "Stored; searchable within 1 s", body = WriteAnswer), (status = 400, description = "Malformed JSON", body = crate::error::ErrorBody),
              (status = 401, description = "No or a wrong internal token", body = crate::error::ErrorBody), (status = 404, description = "Unknown board", body = crate::error::ErrorBody),
              (status = 413, description = "Body too large", body = crate::error::ErrorBody), (status = 415, description = "Body is not JSON", body = crate::error::ErrorBody),
              (status = 422, description = "Offer breaks a rule", body = crate::error::ErrorBody)))]
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
    responses((status = 200, description = "Stored; searchable within 1 s", body = WriteAnswer), (status = 400, description = "Malformed JSON or slug mismatch", body = crate::error::ErrorBody),
              (status = 401, description = "No or a wrong internal token", body = crate::error::ErrorBody), (status = 404, description = "Unknown board", body = crate::error::ErrorBody),
              (status = 413, description = "Body too large", body = crate::error::ErrorBody), (status = 415, description = "Body is not JSON", body = crate::error::ErrorBody),
              (status = 422, description = "Offer breaks a rule", body = crate::error::ErrorBody)))]
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
        return Err(ApiError::new(ErrorCode::SlugMismatch).with_message("the body's slug differs from the path's").with_field("slug"));
    }
    store_offer(state, tenant, offer, false).await
}

/// Deletes an offer.
#[utoipa::path(delete, path = "/api/{tenant}/internal/offers/{slug}", tag = "internal",
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Offer slug")),
    responses((status = 200, description = "Deleted", body = WriteAnswer), (status = 401, description = "No or a wrong internal token", body = crate::error::ErrorBody), (status = 404, description = "No such board or offer", body = crate::error::ErrorBody)))]
pub async fn delete_offer(state: web::Data<AppState>, path: web::Path<SlugPath>, request: HttpRequest) -> Result<HttpResponse> {
    authorize(&state, &request)?;
    let SlugPath { tenant, slug } = path.into_inner();
    state.tenant(&tenant)?;
    let engine = state.engine.clone();
    let target = slug.clone();
    match web::block(move || engine.delete_offer(&tenant, &target)).await?.map_err(write_error)? {
        Some(seq) => Ok(HttpResponse::Ok().json(WriteAnswer { slug, seq })),
        None => Err(ApiError::new(ErrorCode::OfferNotFound).with_message(format!("there is no offer '{slug}'"))),
    }
}

/// The applications to an offer, newest first (for the employer side until its panel exists).
#[utoipa::path(get, path = "/api/{tenant}/internal/offers/{slug}/applications", tag = "internal",
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Offer slug"),
           ("page" = Option<u32>, Query, description = "1-based page"), ("pageSize" = Option<u32>, Query, description = "1 to 100 (default 20)")),
    responses((status = 200, description = "Applications", body = Object), (status = 400, description = "Bad paging", body = crate::error::ErrorBody),
              (status = 401, description = "No or a wrong internal token", body = crate::error::ErrorBody), (status = 404, description = "Unknown board", body = crate::error::ErrorBody)))]
pub async fn offer_applications(
    state: web::Data<AppState>,
    path: web::Path<SlugPath>,
    query: web::Query<crate::state::QueryPairs>,
    request: HttpRequest,
) -> Result<HttpResponse> {
    authorize(&state, &request)?;
    let tenant = state.tenant(&path.tenant)?.settings.slug.clone();
    let page_number = query.iter().find(|(k, _)| k == "page").and_then(|(_, v)| v.parse().ok()).unwrap_or(1);
    let page_size = query.iter().find(|(k, _)| k == "pageSize").and_then(|(_, v)| v.parse().ok()).unwrap_or(20);
    let page = wakat_applications::Page::new(page_number, page_size).map_err(|_| {
        ApiError::from(wakat_core::FieldError::new("pageSize", wakat_core::ErrorCode::InvalidPerPage, "page must be at least 1 and pageSize 1 to 100"))
    })?;
    let paged = web::block(move || state.applications.list_for_offer(&tenant, &path.slug, page)).await?.map_err(crate::error::applications_error)?;
    let meta = crate::dto::candidate::PagingMeta::of(&paged);
    let data: Vec<crate::dto::candidate::ApplicationDto> = paged.items.iter().map(crate::dto::candidate::ApplicationDto::from).collect();
    Ok(HttpResponse::Ok().insert_header(("cache-control", "no-store")).json(crate::dto::candidate::PagedDto { data, meta }))
}
