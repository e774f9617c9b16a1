//! Places: the cities a location picker offers, from the gazetteer.

use actix_web::{web, HttpResponse};
use serde_json::json;

use wakat_core::params::CityQuery;

use crate::error::Result;
use crate::routes::params::TenantPath;
use crate::state::{pairs, AppState, QueryPairs};

/// Cities whose name (Polish, English or another known name) starts with `keyword`, folded for
/// case and diacritics, most populous first; without `keyword`, the most populous cities.
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/cities", tag = "board",
    params(("tenant" = String, Path, description = "Board slug"),
           ("keyword" = Option<String>, Query, description = "What the user typed (`kra`, `lodz`)"),
           ("limit" = Option<u32>, Query, description = "At most this many, 1–50 (default 10)")),
    responses((status = 200, description = "`{cities: [{slug, name, nameEn, region, latitude, longitude}]}`"),
              (status = 400, description = "Malformed parameter", body = crate::error::ErrorBody), (status = 404, description = "Unknown board", body = crate::error::ErrorBody)))]
pub async fn cities(state: web::Data<AppState>, path: web::Path<TenantPath>, query: web::Query<QueryPairs>) -> Result<HttpResponse> {
    state.tenant(&path.tenant)?;
    let CityQuery { keyword, limit } = CityQuery::parse(pairs(&query))?;
    let cities: Vec<_> = state
        .engine
        .gazetteer
        .suggest(&keyword, limit)
        .into_iter()
        .map(|p| json!({"slug": p.slug, "name": p.name, "nameEn": p.name_en, "region": p.region, "latitude": p.lat, "longitude": p.lon}))
        .collect();
    Ok(HttpResponse::Ok().json(json!({ "cities": cities })))
}
