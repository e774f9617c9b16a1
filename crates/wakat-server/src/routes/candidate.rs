//! The logged-in candidate's area: favourites, application history, external applies to
//! confirm, matched-for-you, CV documents and their private downloads, data export and account
//! deletion. Every handler takes the session's [`Candidate`]; nothing reads another's data.

use actix_multipart::Multipart;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use wakat_applications::{Page, MAX_IDS_PER_BATCH};
use wakat_engine::now;

use crate::dto::accounts::{DeleteAccountRequest, DocumentDto, DownloadLinkDto};
use crate::dto::candidate::{export_json, CountDto, FavouriteDto, HistoryDto, MatchedDto};
use crate::dto::iso_time;
use crate::error::{ApiError, ErrorCode, Result};
use crate::routes::params::{DocumentPath, FavouritePath, RedirectPath, TenantPath};
use crate::session::{cleared_cookies, Candidate};
use crate::state::{language, AppState, QueryPairs};
use crate::uploads::{field_name, next_field, receive_file, ATTACHMENT_POLICY};

/// Default page size of the candidate lists.
const DEFAULT_PAGE_SIZE: u32 = 20;
/// Purpose of the signatures of CV download links.
const DOWNLOAD_PURPOSE: &str = "candidate-document";

/// `POST /v1/candidate/favourites`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FavouriteRequest {
    /// The offer's guid.
    pub job_advertisement_id: String,
}

/// Paging and the optional ids batch of the candidate lists.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct CandidateListQuery {
    /// 1-based page (default 1).
    page: Option<u32>,
    /// Page size, 1 to 100 (default 20).
    #[serde(rename = "pageSize")]
    page_size: Option<u32>,
    /// Only these offer guids (at most 25).
    #[serde(rename = "jobAdvertisementsIds[]")]
    job_advertisements_ids: Option<Vec<String>>,
    /// Accepted for the spec's history call; the history lists confirmed applications only.
    #[serde(rename = "isConfirmed")]
    is_confirmed: Option<bool>,
}

/// The signed download link's parameters.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DownloadQuery {
    /// The owner's account id.
    pub account: String,
    /// Unix seconds.
    pub expires: i64,
    /// HMAC of the link.
    pub signature: String,
}

fn number(pairs: &QueryPairs, name: &str, default: u32) -> Result<u32> {
    match pairs.iter().rev().find(|(key, _)| key == name) {
        None => Ok(default),
        Some((_, value)) => value.trim().parse().map_err(|_| {
            ApiError::from(wakat_core::FieldError::new(name, wakat_core::ErrorCode::InvalidNumber, format!("{name} must be a positive whole number")))
        }),
    }
}

/// The page of a candidate list call.
fn page_of(pairs: &QueryPairs) -> Result<Page> {
    let (page, size) = (number(pairs, "page", 1)?, number(pairs, "pageSize", DEFAULT_PAGE_SIZE)?);
    Page::new(page, size).map_err(|_| {
        ApiError::from(wakat_core::FieldError::new("pageSize", wakat_core::ErrorCode::InvalidPerPage, "page must be at least 1 and pageSize 1 to 100"))
    })
}

/// The optional `jobAdvertisementsIds[]` batch (at most 25).
fn ids_of(pairs: &QueryPairs) -> Result<Option<Vec<String>>> {
    let ids: Vec<String> = pairs.iter().filter(|(key, _)| key == "jobAdvertisementsIds[]" || key == "jobAdvertisementsIds").map(|(_, v)| v.clone()).collect();
    if ids.len() > MAX_IDS_PER_BATCH {
        return Err(wakat_core::FieldError::new(
            "jobAdvertisementsIds",
            wakat_core::ErrorCode::TooManyValues,
            format!("at most {MAX_IDS_PER_BATCH} ids per call"),
        )
        .into());
    }
    Ok(if ids.is_empty() { None } else { Some(ids) })
}

fn private_json<T: serde::Serialize>(body: &T) -> HttpResponse {
    HttpResponse::Ok().insert_header(("cache-control", "private, no-store")).json(body)
}

/// How many favourites.
#[utoipa::path(get, path = "/api/{tenant}/v1/candidate/favourites/count", tag = "candidate", params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 200, description = "The count", body = CountDto), (status = 401, description = "Not logged in", body = crate::error::ErrorBody)))]
pub async fn favourites_count(state: web::Data<AppState>, candidate: Candidate) -> Result<HttpResponse> {
    let count = web::block(move || state.candidate_area.count_favourites(&candidate.tenant, &candidate.principal())).await??;
    Ok(private_json(&CountDto { count }))
}

/// Favourites by page (newest first), or which of a batch of offer guids are favourites.
#[utoipa::path(get, path = "/api/{tenant}/v1/candidate/favourites", tag = "candidate", params(("tenant" = String, Path, description = "Board slug"), CandidateListQuery),
    responses((status = 200, description = "Favourites with their offers", body = Object), (status = 400, description = "Bad paging or too many ids", body = crate::error::ErrorBody),
              (status = 401, description = "Not logged in", body = crate::error::ErrorBody)))]
pub async fn favourites(state: web::Data<AppState>, candidate: Candidate, query: web::Query<QueryPairs>, request: HttpRequest) -> Result<HttpResponse> {
    let (page, ids) = (page_of(&query)?, ids_of(&query)?);
    let lang = language(&request, &query, &candidate.tenant)?;
    let paged = web::block(move || state.candidate_area.favourites(&candidate.tenant, &candidate.principal(), page, ids.as_deref())).await??;
    Ok(private_json(&FavouriteDto::page(paged, lang.as_str(), now())))
}

/// Adds a favourite (idempotent).
#[utoipa::path(post, path = "/api/{tenant}/v1/candidate/favourites", tag = "candidate", request_body = FavouriteRequest,
    params(("tenant" = String, Path, description = "Board slug"), ("X-CSRF-Token" = String, Header, description = "The session's CSRF token")),
    responses((status = 201, description = "Added (or already there)", body = CountDto), (status = 401, description = "Not logged in", body = crate::error::ErrorBody),
              (status = 403, description = "Missing CSRF token", body = crate::error::ErrorBody), (status = 404, description = "No such offer", body = crate::error::ErrorBody),
              (status = 409, description = "The favourites are full (1,000)", body = crate::error::ErrorBody)))]
pub async fn add_favourite(state: web::Data<AppState>, candidate: Candidate, body: web::Json<FavouriteRequest>) -> Result<HttpResponse> {
    let count = web::block(move || state.candidate_area.add_favourite(&candidate.tenant, &candidate.principal(), &body.job_advertisement_id)).await??;
    Ok(HttpResponse::Created().json(CountDto { count }))
}

/// Removes a favourite.
#[utoipa::path(delete, path = "/api/{tenant}/v1/candidate/favourites/{job_advertisement_id}", tag = "candidate",
    params(("tenant" = String, Path, description = "Board slug"), ("job_advertisement_id" = String, Path, description = "Offer guid"), ("X-CSRF-Token" = String, Header, description = "The session's CSRF token")),
    responses((status = 204, description = "Removed (or was not there)"), (status = 401, description = "Not logged in", body = crate::error::ErrorBody),
              (status = 403, description = "Missing CSRF token", body = crate::error::ErrorBody)))]
pub async fn remove_favourite(state: web::Data<AppState>, candidate: Candidate, path: web::Path<FavouritePath>) -> Result<HttpResponse> {
    web::block(move || state.candidate_area.remove_favourite(&candidate.tenant, &candidate.principal(), &path.job_advertisement_id)).await??;
    Ok(HttpResponse::NoContent().finish())
}

/// The application history: applications and confirmed external applies, newest first.
#[utoipa::path(get, path = "/api/{tenant}/v1/candidate/applications", tag = "candidate", params(("tenant" = String, Path, description = "Board slug"), CandidateListQuery),
    responses((status = 200, description = "The history with the offers' current state", body = Object), (status = 400, description = "Bad paging or too many ids", body = crate::error::ErrorBody),
              (status = 401, description = "Not logged in", body = crate::error::ErrorBody)))]
pub async fn history(state: web::Data<AppState>, candidate: Candidate, query: web::Query<QueryPairs>, request: HttpRequest) -> Result<HttpResponse> {
    let (page, ids) = (page_of(&query)?, ids_of(&query)?);
    let lang = language(&request, &query, &candidate.tenant)?;
    let paged = web::block(move || state.candidate_area.history(&candidate.tenant, &candidate.principal(), page, ids.as_deref())).await??;
    Ok(private_json(&HistoryDto::page(paged, lang.as_str(), now())))
}

/// The candidate applied after the redirect: it joins the history.
#[utoipa::path(post, path = "/api/{tenant}/v1/candidate/redirects/{redirect_id}/confirm", tag = "candidate",
    params(("tenant" = String, Path, description = "Board slug"), ("redirect_id" = String, Path, description = "Redirect id"), ("X-CSRF-Token" = String, Header, description = "The session's CSRF token")),
    responses((status = 204, description = "Confirmed"), (status = 401, description = "Not logged in", body = crate::error::ErrorBody),
              (status = 403, description = "Missing CSRF token", body = crate::error::ErrorBody), (status = 404, description = "No such redirect of this candidate", body = crate::error::ErrorBody)))]
pub async fn confirm_redirect(state: web::Data<AppState>, candidate: Candidate, path: web::Path<RedirectPath>) -> Result<HttpResponse> {
    web::block(move || state.candidate_area.confirm_redirect(&candidate.tenant, &candidate.principal(), &path.redirect_id)).await??;
    Ok(HttpResponse::NoContent().finish())
}

/// The candidate did not apply after the redirect.
#[utoipa::path(delete, path = "/api/{tenant}/v1/candidate/redirects/{redirect_id}", tag = "candidate",
    params(("tenant" = String, Path, description = "Board slug"), ("redirect_id" = String, Path, description = "Redirect id"), ("X-CSRF-Token" = String, Header, description = "The session's CSRF token")),
    responses((status = 204, description = "Removed from the history"), (status = 401, description = "Not logged in", body = crate::error::ErrorBody),
              (status = 403, description = "Missing CSRF token", body = crate::error::ErrorBody), (status = 404, description = "No such redirect of this candidate", body = crate::error::ErrorBody)))]
pub async fn remove_redirect(state: web::Data<AppState>, candidate: Candidate, path: web::Path<RedirectPath>) -> Result<HttpResponse> {
    web::block(move || state.candidate_area.remove_redirect(&candidate.tenant, &candidate.principal(), &path.redirect_id)).await??;
    Ok(HttpResponse::NoContent().finish())
}

/// Offers ranked by the candidate's preferences, with what matched.
#[utoipa::path(get, path = "/api/{tenant}/v1/candidate/matched-offers", tag = "candidate", params(("tenant" = String, Path, description = "Board slug"), CandidateListQuery),
    responses((status = 200, description = "Matched offers, best first", body = Object), (status = 400, description = "Bad paging", body = crate::error::ErrorBody),
              (status = 401, description = "Not logged in", body = crate::error::ErrorBody)))]
pub async fn matched_offers(state: web::Data<AppState>, candidate: Candidate, query: web::Query<QueryPairs>, request: HttpRequest) -> Result<HttpResponse> {
    let page = page_of(&query)?;
    let lang = language(&request, &query, &candidate.tenant)?;
    let paged = web::block(move || state.candidate_area.matched_offers(&candidate.tenant, &candidate.principal(), page)).await??;
    Ok(private_json(&MatchedDto::page(paged, lang.as_str(), now())))
}

async fn receive_cv(state: &AppState, payload: &mut Multipart) -> Result<crate::uploads::ReceivedFile> {
    let mut received = None;
    while let Some(mut field) = next_field(payload).await? {
        if field_name(&field) == "file" && received.is_none() {
            received = receive_file(&mut field, &state.blobs, &ATTACHMENT_POLICY, "file").await?;
        } else {
            // Drain other parts without keeping them.
            crate::uploads::read_text(&mut field, 16 * 1024).await?;
        }
    }
    received.ok_or_else(|| ApiError::from(wakat_core::FieldError::new("file", wakat_core::ErrorCode::Required, "choose a file to upload")))
}

/// Uploads a CV (multipart field `file`: pdf, docx, jpeg or png, ≤ 5,000,000 bytes).
#[utoipa::path(post, path = "/api/{tenant}/v1/candidate/documents", tag = "candidate", request_body(content = String, content_type = "multipart/form-data", description = "file"),
    params(("tenant" = String, Path, description = "Board slug"), ("X-CSRF-Token" = String, Header, description = "The session's CSRF token")),
    responses((status = 201, description = "Stored", body = DocumentDto), (status = 400, description = "required, fileSize or fileType", body = crate::error::ErrorBody),
              (status = 401, description = "Not logged in", body = crate::error::ErrorBody), (status = 403, description = "Missing CSRF token", body = crate::error::ErrorBody),
              (status = 422, description = "Five documents already", body = crate::error::ErrorBody)))]
pub async fn upload_document(state: web::Data<AppState>, candidate: Candidate, mut payload: Multipart) -> Result<HttpResponse> {
    let file = receive_cv(&state, &mut payload).await?;
    let document = web::block(move || state.candidate_area.put_document(&candidate.tenant, &candidate.principal(), file.into(), None)).await??;
    Ok(HttpResponse::Created().json(DocumentDto::from(&document)))
}

/// Replaces a CV with a new upload.
#[utoipa::path(put, path = "/api/{tenant}/v1/candidate/documents/{document_id}", tag = "candidate", request_body(content = String, content_type = "multipart/form-data", description = "file"),
    params(("tenant" = String, Path, description = "Board slug"), ("document_id" = String, Path, description = "Document id"), ("X-CSRF-Token" = String, Header, description = "The session's CSRF token")),
    responses((status = 200, description = "Replaced", body = DocumentDto), (status = 400, description = "required, fileSize or fileType", body = crate::error::ErrorBody),
              (status = 401, description = "Not logged in", body = crate::error::ErrorBody), (status = 403, description = "Missing CSRF token", body = crate::error::ErrorBody),
              (status = 404, description = "No such document", body = crate::error::ErrorBody)))]
pub async fn replace_document(state: web::Data<AppState>, candidate: Candidate, path: web::Path<DocumentPath>, mut payload: Multipart) -> Result<HttpResponse> {
    let file = receive_cv(&state, &mut payload).await?;
    let document =
        web::block(move || state.candidate_area.put_document(&candidate.tenant, &candidate.principal(), file.into(), Some(&path.document_id))).await??;
    Ok(HttpResponse::Ok().json(DocumentDto::from(&document)))
}

/// Deletes a CV.
#[utoipa::path(delete, path = "/api/{tenant}/v1/candidate/documents/{document_id}", tag = "candidate",
    params(("tenant" = String, Path, description = "Board slug"), ("document_id" = String, Path, description = "Document id"), ("X-CSRF-Token" = String, Header, description = "The session's CSRF token")),
    responses((status = 204, description = "Deleted"), (status = 401, description = "Not logged in", body = crate::error::ErrorBody),
              (status = 403, description = "Missing CSRF token", body = crate::error::ErrorBody), (status = 404, description = "No such document", body = crate::error::ErrorBody)))]
pub async fn delete_document(state: web::Data<AppState>, candidate: Candidate, path: web::Path<DocumentPath>) -> Result<HttpResponse> {
    web::block(move || state.candidate_area.delete_document(&candidate.tenant, &candidate.principal(), &path.document_id)).await??;
    Ok(HttpResponse::NoContent().finish())
}

/// A short-lived signed link to download a CV (no cookie needed to follow it).
#[utoipa::path(post, path = "/api/{tenant}/v1/candidate/documents/{document_id}/link", tag = "candidate",
    params(("tenant" = String, Path, description = "Board slug"), ("document_id" = String, Path, description = "Document id"), ("X-CSRF-Token" = String, Header, description = "The session's CSRF token")),
    responses((status = 200, description = "The link", body = DownloadLinkDto), (status = 401, description = "Not logged in", body = crate::error::ErrorBody),
              (status = 403, description = "Missing CSRF token", body = crate::error::ErrorBody), (status = 404, description = "No such document", body = crate::error::ErrorBody)))]
pub async fn document_link(state: web::Data<AppState>, candidate: Candidate, path: web::Path<DocumentPath>) -> Result<HttpResponse> {
    let (state_, candidate_, document_id) = (state.clone(), candidate.clone(), path.document_id.clone());
    web::block(move || state_.candidate_area.document(&candidate_.tenant, &candidate_.principal(), &document_id)).await??;
    let expires = now() + state.settings.accounts.download_link_secs;
    let subject = format!("{}/{}/{}", candidate.tenant.settings.slug, candidate.account_id, path.document_id);
    let signature = state.signer.sign(DOWNLOAD_PURPOSE, &subject, expires);
    let url = format!(
        "/api/{}/v1/candidate/documents/{}/download?account={}&expires={expires}&signature={signature}",
        candidate.tenant.settings.slug, path.document_id, candidate.account_id
    );
    Ok(private_json(&DownloadLinkDto { url, expires_at: iso_time(expires) }))
}

/// Downloads a CV through a signed link (403 `invalid_signature` when wrong or expired).
#[utoipa::path(get, path = "/api/{tenant}/v1/candidate/documents/{document_id}/download", tag = "candidate",
    params(("tenant" = String, Path, description = "Board slug"), ("document_id" = String, Path, description = "Document id"), DownloadQuery),
    responses((status = 200, description = "The file", content_type = "application/octet-stream"), (status = 400, description = "Malformed query", body = crate::error::ErrorBody),
              (status = 403, description = "The link is wrong or expired", body = crate::error::ErrorBody), (status = 404, description = "No such document", body = crate::error::ErrorBody)))]
pub async fn download_document(state: web::Data<AppState>, path: web::Path<DocumentPath>, query: web::Query<DownloadQuery>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let subject = format!("{}/{}/{}", tenant.settings.slug, query.account, path.document_id);
    if !state.signer.verify(DOWNLOAD_PURPOSE, &subject, query.expires, &query.signature, now()) {
        return Err(ApiError::new(ErrorCode::InvalidSignature));
    }
    let (document, bytes) = web::block(move || state.candidate_area.signed_download(&tenant, &query.account, &path.document_id)).await??;
    Ok(HttpResponse::Ok()
        .content_type(document.mime.as_str())
        .insert_header(crate::downloads::attachment(&document.file_name, &document.mime))
        .insert_header(("cache-control", "private, no-store"))
        .body(bytes))
}

/// Everything stored about the candidate, as a JSON file (GDPR articles 15 and 20).
#[utoipa::path(get, path = "/api/{tenant}/v1/candidate/export", tag = "candidate", params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 200, description = "The data", body = Object), (status = 401, description = "Not logged in", body = crate::error::ErrorBody)))]
pub async fn export(state: web::Data<AppState>, candidate: Candidate) -> Result<HttpResponse> {
    let export = web::block(move || state.candidate_area.export(&candidate.tenant, &candidate.principal())).await??;
    Ok(HttpResponse::Ok()
        .insert_header(crate::downloads::attachment_named("wakat-data.json", "json"))
        .insert_header(("cache-control", "private, no-store"))
        .json(export_json(export)))
}

/// Deletes the account with its CVs, favourites and the personal data of its applications.
#[utoipa::path(delete, path = "/api/{tenant}/v1/candidate/account", tag = "candidate", request_body = DeleteAccountRequest,
    params(("tenant" = String, Path, description = "Board slug"), ("X-CSRF-Token" = String, Header, description = "The session's CSRF token")),
    responses((status = 204, description = "Deleted; the cookies are cleared"), (status = 400, description = "Wrong password", body = crate::error::ErrorBody),
              (status = 401, description = "Not logged in", body = crate::error::ErrorBody), (status = 403, description = "Missing CSRF token", body = crate::error::ErrorBody)))]
pub async fn delete_account(state: web::Data<AppState>, candidate: Candidate, body: web::Json<DeleteAccountRequest>) -> Result<HttpResponse> {
    let public_url = candidate.tenant.settings.web_url(&state.settings.server.public_url).to_string();
    web::block(move || state.candidate_area.delete_account(&candidate.tenant, &candidate.principal(), &body.password)).await??;
    let mut response = HttpResponse::NoContent();
    for cookie in cleared_cookies(&public_url) {
        response.cookie(cookie);
    }
    Ok(response.finish())
}

/// Offers by their guids (`jobAdvertisementId`s), at most 25; unknown ones are left out.
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/offers/by-ids", tag = "offers",
    params(("tenant" = String, Path, description = "Board slug"), ("ids[]" = Vec<String>, Query, description = "Offer guids (at most 25)")),
    responses((status = 200, description = "The offers' cards, in the order asked", body = Object), (status = 400, description = "Too many ids", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board", body = crate::error::ErrorBody)))]
pub async fn offers_by_ids(
    state: web::Data<AppState>,
    path: web::Path<TenantPath>,
    query: web::Query<QueryPairs>,
    request: HttpRequest,
) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let ids: Vec<String> = query.iter().filter(|(key, _)| key == "ids[]" || key == "ids").map(|(_, v)| v.clone()).collect();
    if ids.len() > MAX_IDS_PER_BATCH {
        return Err(wakat_core::FieldError::new("ids", wakat_core::ErrorCode::TooManyValues, format!("at most {MAX_IDS_PER_BATCH} ids per call")).into());
    }
    let lang = language(&request, &query, &tenant)?;
    let hits = web::block(move || state.candidate_area.offers_by_guids(&tenant, &ids)).await??;
    let now = now();
    let data: Vec<crate::dto::OfferItem> = hits.iter().map(|hit| crate::dto::OfferItem::from_hit(hit, lang.as_str(), now)).collect();
    Ok(HttpResponse::Ok().json(serde_json::json!({ "data": data })))
}
