//! The employer panel: the company's offers with their counters, statistics per offer and day
//! (JSON or CSV), applications with their statuses, and the CV of an application. Every call
//! needs an employer's bearer token and acts for that employer's company.

use actix_web::{web, HttpResponse};
use serde::Deserialize;
use wakat_applications::Page;
use wakat_core::FieldError;

use crate::dto::panel_offers::{statistics_csv, PanelApplicationDto, PanelApplicationsDto, PanelOffersDto, StatisticsDto, StatusRequest};
use crate::employer_session::Employer;
use crate::error::{ApiError, ErrorCode, Result};
use crate::routes::params::{ApplicationPath, CvPath};
use crate::state::AppState;
use crate::state::QueryPairs;
use wakat_app::employers::panel_offers::{self as service, ApplicationsRequest, OffersRequest, PanelState, StatisticsRequest};

/// Page size of the panel's lists when none is asked for.
const DEFAULT_PAGE_SIZE: u32 = 20;

/// Query of the offers list.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct OffersQueryDoc {
    /// `draft`, `active`, `finished` or `expired` (default: all).
    state: Option<String>,
    /// Text the title holds (case and accents ignored).
    search: Option<String>,
    /// 1-based page (also `pageNumber`).
    page: Option<u32>,
    /// 1 to 100 (default 20).
    #[serde(rename = "pageSize")]
    page_size: Option<u32>,
}

/// Query of the statistics.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct StatisticsQueryDoc {
    /// First day, YYYY-MM-DD (default: 29 days before `to`).
    from: Option<String>,
    /// Last day, YYYY-MM-DD (default: today, UTC); at most 366 days in all.
    to: Option<String>,
    /// Offer slugs (repeatable, or comma-separated; also `offer`); default every offer of the company.
    #[serde(rename = "offers[]")]
    offers: Option<Vec<String>>,
    /// `json` (default) or `csv`.
    format: Option<String>,
}

/// Query of the applications list.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct ApplicationsQueryDoc {
    /// One offer's slug (default: every offer of the company).
    offer: Option<String>,
    /// `new`, `seen`, `in_review`, `interview`, `offer`, `hired` or `rejected`.
    status: Option<String>,
    /// 1-based page (also `pageNumber`).
    page: Option<u32>,
    /// 1 to 100 (default 20).
    #[serde(rename = "pageSize")]
    page_size: Option<u32>,
}

fn last<'a>(query: &'a QueryPairs, names: &[&str]) -> Option<&'a str> {
    query.iter().rev().find(|(key, _)| names.contains(&key.as_str())).map(|(_, value)| value.as_str())
}

fn number(query: &QueryPairs, names: &[&str], default: u32) -> Result<u32> {
    match last(query, names) {
        None => Ok(default),
        Some(value) => value
            .trim()
            .parse()
            .map_err(|_| ApiError::from(FieldError::new(names[0], ErrorCode::InvalidNumber, format!("{} must be a positive whole number", names[0])))),
    }
}

fn page_of(query: &QueryPairs) -> Result<Page> {
    let (number_of_page, size) = (number(query, &["page", "pageNumber"], 1)?, number(query, &["pageSize"], DEFAULT_PAGE_SIZE)?);
    Page::new(number_of_page, size)
        .map_err(|_| ApiError::from(FieldError::new("pageSize", ErrorCode::InvalidPerPage, "page must be at least 1 and pageSize 1 to 100")))
}

fn private_json<T: serde::Serialize>(body: &T) -> HttpResponse {
    HttpResponse::Ok().insert_header(("cache-control", "private, no-store")).json(body)
}

/// The company's offers by state, with search, paging and each offer's counters.
#[utoipa::path(get, path = "/api/{tenant}/v2/employer-panel/offers", tag = "employer panel", params(("tenant" = String, Path, description = "Board slug"), OffersQueryDoc),
    security(("bearer" = [])),
    responses((status = 200, description = "A page of offers, newest first", body = PanelOffersDto), (status = 400, description = "Bad state or paging", body = crate::error::ErrorBody),
              (status = 401, description = "Not an employer", body = crate::error::ErrorBody)))]
pub async fn offers(state: web::Data<AppState>, employer: Employer, query: web::Query<QueryPairs>) -> Result<HttpResponse> {
    let request = OffersRequest {
        state: last(&query, &["state"]).filter(|s| !s.is_empty()).map(PanelState::parse).transpose()?,
        search: last(&query, &["search"]).map(str::to_string),
        page: page_of(&query)?,
    };
    let offers = web::block(move || state.panel_offers.offers(&employer.tenant, &employer.principal(), request)).await??;
    Ok(private_json(&PanelOffersDto::from(&offers)))
}

/// Per offer and per day: views, applications, external-apply redirects and their conversions;
/// `format=csv` answers the same figures as a CSV file.
#[utoipa::path(get, path = "/api/{tenant}/v2/employer-panel/offers/statistics", tag = "employer panel", params(("tenant" = String, Path, description = "Board slug"), StatisticsQueryDoc),
    security(("bearer" = [])),
    responses((status = 200, description = "The figures (JSON, or text/csv with format=csv)", content(
                  (StatisticsDto = "application/json"), (String = "text/csv"))),
              (status = 400, description = "Bad date, range or format", body = crate::error::ErrorBody),
              (status = 401, description = "Not an employer", body = crate::error::ErrorBody), (status = 404, description = "An offer the company does not have", body = crate::error::ErrorBody)))]
pub async fn statistics(state: web::Data<AppState>, employer: Employer, query: web::Query<QueryPairs>) -> Result<HttpResponse> {
    let csv = match last(&query, &["format"]).unwrap_or("json") {
        "json" | "" => false,
        "csv" => true,
        _ => return Err(ApiError::new(ErrorCode::InvalidFormat).with_field("format")),
    };
    let offers = query
        .iter()
        .filter(|(key, _)| matches!(key.as_str(), "offers[]" | "offers" | "offer"))
        .flat_map(|(_, value)| value.split(',').map(str::trim).filter(|slug| !slug.is_empty()).map(str::to_string).collect::<Vec<_>>())
        .collect();
    let request = StatisticsRequest { from: last(&query, &["from"]).map(str::to_string), to: last(&query, &["to"]).map(str::to_string), offers };
    let stats = web::block(move || state.panel_offers.statistics(&employer.tenant, &employer.principal(), request)).await??;
    if csv {
        return Ok(HttpResponse::Ok()
            .content_type("text/csv; charset=utf-8")
            .insert_header(crate::downloads::attachment_named(&format!("statistics-{}-{}.csv", stats.from, stats.to), "csv"))
            .insert_header(("cache-control", "private, no-store"))
            .body(statistics_csv(&stats)));
    }
    Ok(private_json(&StatisticsDto::from(&stats)))
}

/// The company's applications (one offer's with `offer`), by status, newest first.
#[utoipa::path(get, path = "/api/{tenant}/v2/employer-panel/applications", tag = "employer panel", params(("tenant" = String, Path, description = "Board slug"), ApplicationsQueryDoc),
    security(("bearer" = [])),
    responses((status = 200, description = "A page of applications", body = PanelApplicationsDto), (status = 400, description = "Bad status or paging", body = crate::error::ErrorBody),
              (status = 401, description = "Not an employer", body = crate::error::ErrorBody), (status = 404, description = "An offer the company does not have", body = crate::error::ErrorBody)))]
pub async fn applications(state: web::Data<AppState>, employer: Employer, query: web::Query<QueryPairs>) -> Result<HttpResponse> {
    let request = ApplicationsRequest {
        offer: last(&query, &["offer"]).filter(|slug| !slug.is_empty()).map(str::to_string),
        status: last(&query, &["status"]).filter(|s| !s.is_empty()).map(|name| service::parse_status("status", name)).transpose()?,
        page: page_of(&query)?,
    };
    let tenant = employer.tenant.settings.slug.clone();
    let paged = web::block(move || state.panel_offers.applications(&employer.tenant, &employer.principal(), request)).await??;
    Ok(private_json(&PanelApplicationsDto::new(&tenant, &paged)))
}

/// Moves an application along new → seen → in_review → interview → offer → hired (forward only),
/// or to rejected (from any but hired; rejected may reopen to in_review). The candidate sees it in
/// their history; `notifyCandidate` also mails them.
#[utoipa::path(patch, path = "/api/{tenant}/v2/employer-panel/applications/{id}/status", tag = "employer panel", request_body = StatusRequest,
    params(("tenant" = String, Path, description = "Board slug"), ("id" = String, Path, description = "Application id")), security(("bearer" = [])),
    responses((status = 200, description = "The application", body = PanelApplicationDto), (status = 400, description = "Unknown status or bad body", body = crate::error::ErrorBody),
              (status = 401, description = "Not an employer", body = crate::error::ErrorBody), (status = 404, description = "No such application of the company", body = crate::error::ErrorBody),
              (status = 409, description = "A move the pipeline does not allow", body = crate::error::ErrorBody),
              (status = 413, description = "Body too large", body = crate::error::ErrorBody), (status = 415, description = "Body is not JSON", body = crate::error::ErrorBody)))]
pub async fn set_status(
    state: web::Data<AppState>,
    employer: Employer,
    path: web::Path<ApplicationPath>,
    body: web::Json<StatusRequest>,
) -> Result<HttpResponse> {
    let status = service::parse_status("status", &body.status)?;
    let tenant = employer.tenant.settings.slug.clone();
    let notify = body.notify_candidate;
    let (application, title) = web::block(move || state.panel_offers.set_status(&employer.tenant, &employer.principal(), &path.id, status, notify)).await??;
    Ok(private_json(&PanelApplicationDto::new(&tenant, &application, &title)))
}

/// Deletes an application from the employer's lists with its personal data and CV.
#[utoipa::path(delete, path = "/api/{tenant}/v2/employer-panel/applications/{id}", tag = "employer panel",
    params(("tenant" = String, Path, description = "Board slug"), ("id" = String, Path, description = "Application id")), security(("bearer" = [])),
    responses((status = 204, description = "Deleted"), (status = 401, description = "Not an employer", body = crate::error::ErrorBody),
              (status = 404, description = "No such application of the company", body = crate::error::ErrorBody)))]
pub async fn delete_application(state: web::Data<AppState>, employer: Employer, path: web::Path<ApplicationPath>) -> Result<HttpResponse> {
    web::block(move || state.panel_offers.delete(&employer.tenant, &employer.principal(), &path.id)).await??;
    Ok(HttpResponse::NoContent().finish())
}

/// The CV of an application, for users of the offer's company only.
#[utoipa::path(get, path = "/api/{tenant}/v1/offers/{slug}/applications/{id}/download", tag = "employer panel",
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Offer slug"), ("id" = String, Path, description = "Application id")),
    security(("bearer" = [])),
    responses((status = 200, description = "The file (PDF, DOCX, JPEG or PNG by its content), as an attachment", content(
                  (Vec<u8> = "application/pdf"), (Vec<u8> = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
                  (Vec<u8> = "image/jpeg"), (Vec<u8> = "image/png"))),
              (status = 401, description = "Not an employer", body = crate::error::ErrorBody),
              (status = 404, description = "No such application of the company, or no CV", body = crate::error::ErrorBody)))]
pub async fn download_cv(state: web::Data<AppState>, employer: Employer, path: web::Path<CvPath>) -> Result<HttpResponse> {
    let (attachment, bytes) = web::block(move || state.panel_offers.cv(&employer.tenant, &employer.principal(), &path.slug, &path.id)).await??;
    Ok(HttpResponse::Ok()
        .content_type(attachment.mime.as_str())
        .insert_header(crate::downloads::attachment(&attachment.file_name, &attachment.mime))
        .insert_header(("cache-control", "private, no-store"))
        .insert_header(("x-content-type-options", "nosniff"))
        .body(bytes))
}
