//! Saved searches and job alerts under the spec's paths (`/job-filters`, `/job-alerts`,
//! `/guests/job-alerts`) plus the digests' one-click unsubscribe (RFC 8058). Logged-in calls take
//! the session's [`Candidate`] (CSRF on writes); guest calls prove themselves with the codes of
//! their links. Handlers parse, call one method of `wakat_app::alerts::AlertsService` with the
//! caller's principal, and render with `dto/alerts.rs`.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use wakat_app::Principal;

use crate::dto::alerts::{
    ActivatedDto, ActivationRequest, CodeQuery, CreateJobFilterRequest, EnableJobAlertRequest, FrequencyRequest, GuestJobAlertRequest, JobFilterDto,
    JobFilterIdDto, JobFiltersDto, OneClickQuery,
};
use crate::error::Result;
use crate::routes::params::{FilterPath, GuestAlertPath, TenantPath};
use crate::session::Candidate;
use crate::state::{language, AppState, QueryPairs};

fn no_store(mut response: HttpResponse) -> HttpResponse {
    response.headers_mut().insert(actix_web::http::header::CACHE_CONTROL, actix_web::http::header::HeaderValue::from_static("no-store"));
    response
}

/// The logged-in candidate's saved searches, each with its count of new offers.
#[utoipa::path(get, path = "/api/{tenant}/job-filters", tag = "alerts", params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 200, description = "Saved searches and the sum of their new offers", body = JobFiltersDto),
              (status = 401, description = "Not logged in", body = crate::error::ErrorBody)))]
pub async fn list(state: web::Data<AppState>, candidate: Candidate) -> Result<HttpResponse> {
    let searches = web::block(move || state.alerts_service.list(&candidate.tenant, &candidate.principal())).await??;
    Ok(no_store(HttpResponse::Ok().json(JobFiltersDto::from(searches))))
}

/// Saves a search (`{searchUrl, name, filters}`); 409 `Job filter already exists` for the same
/// filters, 422 at the limit of 10.
#[utoipa::path(post, path = "/api/{tenant}/job-filters", tag = "alerts", request_body = CreateJobFilterRequest,
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 201, description = "Saved", body = JobFilterIdDto), (status = 400, description = "A field breaks a rule", body = crate::error::ErrorBody),
              (status = 401, description = "Not logged in", body = crate::error::ErrorBody), (status = 403, description = "CSRF token missing", body = crate::error::ErrorBody),
              (status = 409, description = "Job filter already exists", body = crate::error::ErrorBody),
              (status = 422, description = "The limit of saved searches is reached", body = crate::error::ErrorBody)))]
pub async fn create(state: web::Data<AppState>, candidate: Candidate, body: web::Json<CreateJobFilterRequest>) -> Result<HttpResponse> {
    let id = web::block(move || state.alerts_service.create(&candidate.tenant, &candidate.principal(), body.into_inner().into())).await??;
    Ok(HttpResponse::Created().json(JobFilterIdDto { job_filter_id: id }))
}

/// Deletes a saved search with its alert.
#[utoipa::path(delete, path = "/api/{tenant}/job-filters/{id}", tag = "alerts",
    params(("tenant" = String, Path, description = "Board slug"), ("id" = String, Path, description = "Saved search")),
    responses((status = 204, description = "Deleted"), (status = 401, description = "Not logged in", body = crate::error::ErrorBody),
              (status = 404, description = "No such saved search of this candidate", body = crate::error::ErrorBody)))]
pub async fn delete(state: web::Data<AppState>, candidate: Candidate, path: web::Path<FilterPath>) -> Result<HttpResponse> {
    web::block(move || state.alerts_service.delete(&candidate.tenant, &candidate.principal(), &path.id)).await??;
    Ok(HttpResponse::NoContent().finish())
}

/// Marks the search's offers read (before the search is opened): its count starts again at 0.
#[utoipa::path(post, path = "/api/{tenant}/job-filters/{id}/read-filtered-offers", tag = "alerts",
    params(("tenant" = String, Path, description = "Board slug"), ("id" = String, Path, description = "Saved search")),
    responses((status = 200, description = "The saved search", body = JobFilterDto), (status = 401, description = "Not logged in", body = crate::error::ErrorBody),
              (status = 404, description = "No such saved search of this candidate", body = crate::error::ErrorBody)))]
pub async fn read_offers(state: web::Data<AppState>, candidate: Candidate, path: web::Path<FilterPath>) -> Result<HttpResponse> {
    let search = web::block(move || state.alerts_service.mark_read(&candidate.tenant, &candidate.principal(), &path.id)).await??;
    Ok(HttpResponse::Ok().json(JobFilterDto::from(search)))
}

/// Enables the alert of a saved search (`{jobFilterId, frequency, name}`).
#[utoipa::path(post, path = "/api/{tenant}/job-alerts", tag = "alerts", request_body = EnableJobAlertRequest,
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 201, description = "Enabled", body = JobFilterDto), (status = 400, description = "A field breaks a rule", body = crate::error::ErrorBody),
              (status = 401, description = "Not logged in", body = crate::error::ErrorBody),
              (status = 404, description = "No such saved search of this candidate", body = crate::error::ErrorBody),
              (status = 409, description = "Job alert already exists", body = crate::error::ErrorBody)))]
pub async fn enable(state: web::Data<AppState>, candidate: Candidate, body: web::Json<EnableJobAlertRequest>) -> Result<HttpResponse> {
    let body = body.into_inner();
    let search =
        web::block(move || state.alerts_service.enable(&candidate.tenant, &candidate.principal(), &body.job_filter_id, body.frequency.as_deref(), body.name))
            .await??;
    Ok(HttpResponse::Created().json(JobFilterDto::from(search)))
}

/// Disables the alert; the saved search stays.
#[utoipa::path(delete, path = "/api/{tenant}/job-filters/{id}/job-alert", tag = "alerts",
    params(("tenant" = String, Path, description = "Board slug"), ("id" = String, Path, description = "Saved search")),
    responses((status = 204, description = "Disabled"), (status = 401, description = "Not logged in", body = crate::error::ErrorBody),
              (status = 404, description = "No such saved search or alert", body = crate::error::ErrorBody)))]
pub async fn disable(state: web::Data<AppState>, candidate: Candidate, path: web::Path<FilterPath>) -> Result<HttpResponse> {
    web::block(move || state.alerts_service.disable(&candidate.tenant, &candidate.principal(), &path.id)).await??;
    Ok(HttpResponse::NoContent().finish())
}

/// Changes the alert's frequency (`{frequency}`).
#[utoipa::path(patch, path = "/api/{tenant}/job-filters/{id}/job-alert/frequency", tag = "alerts", request_body = FrequencyRequest,
    params(("tenant" = String, Path, description = "Board slug"), ("id" = String, Path, description = "Saved search")),
    responses((status = 200, description = "Changed", body = JobFilterDto), (status = 400, description = "Not a frequency", body = crate::error::ErrorBody),
              (status = 401, description = "Not logged in", body = crate::error::ErrorBody),
              (status = 404, description = "No such saved search or alert", body = crate::error::ErrorBody)))]
pub async fn change_frequency(
    state: web::Data<AppState>,
    candidate: Candidate,
    path: web::Path<FilterPath>,
    body: web::Json<FrequencyRequest>,
) -> Result<HttpResponse> {
    let search =
        web::block(move || state.alerts_service.change_frequency(&candidate.tenant, &candidate.principal(), &path.id, body.frequency.as_deref())).await??;
    Ok(HttpResponse::Ok().json(JobFilterDto::from(search)))
}

/// A guest's alert (`{email, frequency, name, filters, createCandidate, marketingAgreement,
/// searchUrl}`): mails the activation link. 409s: `Candidate profile already exists`, `Job filter
/// with active job alert already exists`, `Job alert already exists` (link still valid), and
/// without a message for an address with an account; 422 at the limit of 10.
#[utoipa::path(post, path = "/api/{tenant}/guests/job-alerts", tag = "alerts", request_body = GuestJobAlertRequest,
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 201, description = "Saved; the activation link is mailed", body = JobFilterIdDto),
              (status = 400, description = "A field breaks a rule (fieldRequired, invalidCharactersError, maxValueError, invalidEmail, a filter code)", body = crate::error::ErrorBody),
              (status = 409, description = "One of the catalogue's conflicts", body = crate::error::ErrorBody),
              (status = 422, description = "The limit of saved searches is reached", body = crate::error::ErrorBody)))]
pub async fn create_guest(
    state: web::Data<AppState>,
    path: web::Path<TenantPath>,
    body: web::Json<GuestJobAlertRequest>,
    request: HttpRequest,
) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let lang = language(&request, &QueryPairs::new(), &tenant)?;
    let id = web::block(move || state.alerts_service.create_guest_alert(&tenant, &Principal::Anonymous, lang.as_str(), body.into_inner().into())).await??;
    Ok(HttpResponse::Created().json(JobFilterIdDto { job_filter_id: id }))
}

/// Opens the activation link (`{code, jobFilterId}`, optionally `candidateId`).
#[utoipa::path(put, path = "/api/{tenant}/guests/job-alerts/activation", tag = "alerts", request_body = ActivationRequest,
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 200, description = "Active", body = ActivatedDto), (status = 404, description = "The code is not this alert's", body = crate::error::ErrorBody),
              (status = 409, description = "Already active", body = crate::error::ErrorBody), (status = 410, description = "The link has expired (Link wygasł)", body = crate::error::ErrorBody)))]
pub async fn activate(state: web::Data<AppState>, path: web::Path<TenantPath>, body: web::Json<ActivationRequest>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let activated =
        web::block(move || state.alerts_service.activate(&tenant, &Principal::Anonymous, &body.job_filter_id, &body.code, body.candidate_id.as_deref()))
            .await??;
    Ok(HttpResponse::Ok().json(ActivatedDto::from(activated)))
}

/// The guest's unsubscribe link: deletes the alert (`?code=` of the link).
#[utoipa::path(delete, path = "/api/{tenant}/guests/job-alerts/{candidate_id}/{job_filter_id}", tag = "alerts",
    params(("tenant" = String, Path, description = "Board slug"), ("candidate_id" = String, Path, description = "The guest"),
           ("job_filter_id" = String, Path, description = "The saved search"), CodeQuery),
    responses((status = 204, description = "Unsubscribed"), (status = 404, description = "The code is not this alert's", body = crate::error::ErrorBody)))]
pub async fn unsubscribe_guest(state: web::Data<AppState>, path: web::Path<GuestAlertPath>, query: web::Query<CodeQuery>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    web::block(move || state.alerts_service.unsubscribe_guest(&tenant, &Principal::Anonymous, &path.candidate_id, &path.job_filter_id, query.code.as_deref()))
        .await??;
    Ok(HttpResponse::NoContent().finish())
}

/// One-click unsubscribe of a digest (RFC 8058): the `List-Unsubscribe` URL; one POST (body
/// `List-Unsubscribe=One-Click`) disables the alert, without login.
#[utoipa::path(post, path = "/api/{tenant}/job-alerts/unsubscribe", tag = "alerts",
    params(("tenant" = String, Path, description = "Board slug"), OneClickQuery),
    responses((status = 200, description = "Unsubscribed"), (status = 404, description = "The code is not this alert's", body = crate::error::ErrorBody)))]
pub async fn one_click_unsubscribe(state: web::Data<AppState>, path: web::Path<TenantPath>, query: web::Query<OneClickQuery>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    web::block(move || {
        state.alerts_service.one_click_unsubscribe(
            &tenant,
            &Principal::Anonymous,
            query.owner.as_deref(),
            query.job_filter_id.as_deref(),
            query.code.as_deref(),
        )
    })
    .await??;
    Ok(HttpResponse::Ok().json(serde_json::json!({"status": "unsubscribed"})))
}

/// `?day=` of a digest run.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DigestRunQuery {
    /// Local day (`YYYY-MM-DD`) whose due alerts run (default: today in `server.time_zone`).
    pub day: Option<String>,
    /// Wait (up to 60 s) until the mail queue has sent everything.
    pub wait: Option<bool>,
}

/// Runs the board's digests now (what the scheduler does at the send hour); internal token.
#[utoipa::path(post, path = "/api/{tenant}/internal/digests/run", tag = "internal",
    params(("tenant" = String, Path, description = "Board slug"), DigestRunQuery),
    responses((status = 200, description = "What the run did", body = crate::dto::jobs::DigestReport),
              (status = 400, description = "Not a day", body = crate::error::ErrorBody),
              (status = 401, description = "No or a wrong internal token", body = crate::error::ErrorBody)))]
pub async fn run_digests(
    state: web::Data<AppState>,
    path: web::Path<TenantPath>,
    query: web::Query<DigestRunQuery>,
    request: HttpRequest,
) -> Result<HttpResponse> {
    crate::routes::internal::authorize(&state, &request)?;
    let tenant = state.tenant(&path.tenant)?;
    let day = match query.day.as_deref() {
        Some(text) => text.parse::<jiff::civil::Date>().map_err(|_| crate::error::ApiError::new(crate::error::ErrorCode::InvalidDay).with_field("day"))?,
        None => state.digests.today(),
    };
    let wait = query.wait.unwrap_or(false);
    let report = web::block(move || {
        let report = state.digests.run(&Principal::Internal, &tenant, day)?;
        if wait && !state.mail_queue.wait_idle(std::time::Duration::from_secs(60)) {
            tracing::warn!("the mail queue did not empty within 60 s");
        }
        Ok::<_, crate::error::ApiError>(report)
    })
    .await??;
    Ok(HttpResponse::Ok().json(crate::dto::jobs::DigestReport::from(report)))
}

/// The Atom feed (RFC 4287) of a list query signed by the server: its 50 newest offers. Works
/// without login; the `signature` comes from a saved search's `feedUrl` or `GET …/feeds/link`.
#[utoipa::path(get, path = "/api/{tenant}/feeds/offers.atom", tag = "alerts",
    params(("tenant" = String, Path, description = "Board slug"), crate::routes::query_docs::ListQueryDoc,
           ("signature" = String, Query, description = "The server's signature of the canonical query")),
    responses((status = 200, description = "Atom feed", content_type = "application/atom+xml", body = String),
              (status = 400, description = "A malformed list parameter", body = crate::error::ErrorBody),
              (status = 403, description = "No or a wrong signature", body = crate::error::ErrorBody)))]
pub async fn feed(state: web::Data<AppState>, path: web::Path<TenantPath>, query: web::Query<QueryPairs>, request: HttpRequest) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let lang = language(&request, &query, &tenant)?;
    let xml = web::block(move || state.feeds.atom(&tenant, &Principal::Anonymous, &query, lang.as_str())).await??;
    Ok(HttpResponse::Ok().content_type("application/atom+xml; charset=utf-8").insert_header(("cache-control", "public, max-age=300")).body(xml))
}

/// A signed feed URL for any list query (the list page's "follow in a feed reader").
#[utoipa::path(get, path = "/api/{tenant}/feeds/link", tag = "alerts",
    params(("tenant" = String, Path, description = "Board slug"), crate::routes::query_docs::ListQueryDoc),
    responses((status = 200, description = "`{url}`: the feed's absolute, signed URL"),
              (status = 400, description = "A malformed list parameter", body = crate::error::ErrorBody)))]
pub async fn feed_link(state: web::Data<AppState>, path: web::Path<TenantPath>, query: web::Query<QueryPairs>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let url = web::block(move || state.feeds.link(&tenant, &Principal::Anonymous, &query)).await??;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "url": url })))
}

/// New offers of a guest's saved search (kept in the browser): the count of offers of the list
/// query published after `since`.
#[utoipa::path(get, path = "/api/{tenant}/guests/job-filters/new-offers", tag = "alerts",
    params(("tenant" = String, Path, description = "Board slug"), crate::routes::query_docs::ListQueryDoc,
           ("since" = i64, Query, description = "Unix seconds: offers published after it count (at most a year back)")),
    responses((status = 200, description = "`{count}`"),
              (status = 400, description = "A malformed list parameter or `since`", body = crate::error::ErrorBody)))]
pub async fn guest_new_offers(state: web::Data<AppState>, path: web::Path<TenantPath>, query: web::Query<QueryPairs>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let count = web::block(move || state.alerts_service.guest_new_offers(&tenant, &Principal::Anonymous, &query)).await??;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "count": count })))
}
