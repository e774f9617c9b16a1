//! Salary insight (issue 29): `GET /api/{tenant}/v2/salary-insights?{list filters}[&offer][&unit]`.

use actix_web::{web, HttpRequest, HttpResponse};
use wakat_app::salary_insights::InsightRequest;
use wakat_core::filters::ListParams;
use wakat_core::{FieldError, SalaryUnit};

use crate::dto::salary::SalaryInsightAnswer;
use crate::error::{ErrorCode, Result};
use crate::routes::offers::cached;
use crate::routes::params::TenantPath;
use crate::state::{pairs, AppState, QueryPairs};

/// The insight's own parameters, beside the list's filters.
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct SalaryInsightQueryDoc {
    /// Slug of an offer (or of one of its locations): the answer places its salary among
    /// comparable live offers (same category — or the `skills[]` given —, seniority, contract, and
    /// its city or remote), widening the set until it reaches the board's minimum. With an offer,
    /// only `currency` and `skills[]` of the list's filters are used.
    offer: Option<String>,
    /// Period of the amounts: `hour`, `day`, `month` (default) or `year`.
    unit: Option<String>,
}

/// The `unit` parameter: a salary period, monthly by default.
fn unit(query: &QueryPairs) -> std::result::Result<SalaryUnit, FieldError> {
    match pairs(query).filter(|(name, _)| *name == "unit").last() {
        None => Ok(SalaryUnit::Month),
        Some((_, value)) => {
            SalaryUnit::parse(value).ok_or_else(|| FieldError::new("unit", ErrorCode::InvalidSalaryUnit, format!("'{value}' is not hour, day, month or year")))
        }
    }
}

/// The `offer` parameter: a slug, checked like every slug.
fn offer(query: &QueryPairs) -> std::result::Result<Option<String>, FieldError> {
    match pairs(query).filter(|(name, _)| *name == "offer").last() {
        None => Ok(None),
        Some((_, slug)) if wakat_core::validate::is_valid_slug(slug) => Ok(Some(slug.to_string())),
        Some((_, slug)) => Err(FieldError::new("offer", ErrorCode::InvalidSlug, format!("'{slug}' is not an offer slug"))),
    }
}

/// Salary figures of live offers matching the list's filters — per seniority × contract for a
/// salary page, or, with `offer`, where that offer's salary sits among comparable offers — and
/// how each figure was computed. Offers without a salary never count; an offer counts once per
/// contract, at the middle of its range made monthly; no figure comes from fewer offers than the
/// board's minimum. Cached like the list.
#[utoipa::path(get, path = "/api/{tenant}/v2/salary-insights", tag = "offers",
    params(("tenant" = String, Path, description = "Board slug"), crate::routes::query_docs::ListQueryDoc, SalaryInsightQueryDoc),
    responses((status = 200, description = "The figures", body = SalaryInsightAnswer),
              (status = 400, description = "Malformed parameter", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board or offer", body = crate::error::ErrorBody)))]
pub async fn insights(state: web::Data<AppState>, path: web::Path<TenantPath>, query: web::Query<QueryPairs>, request: HttpRequest) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let params = ListParams::parse(pairs(&query), &state.engine.parse_context(&tenant))?;
    let (unit, offer) = (unit(&query)?, offer(&query)?);
    let key = format!("{}?{}&unit={}&offer={}", request.path(), params.canonical(), unit.as_str(), offer.as_deref().unwrap_or(""));
    let insight = InsightRequest { tenant, filters: params.filters, unit, offer };
    let (service, engine) = (state.salary_insights.clone(), state.engine.clone());
    cached(&state, key, move || Ok(SalaryInsightAnswer::new(service.insight(&insight)?, &engine.rates))).await
}
