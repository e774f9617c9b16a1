//! Candidate-side offer reads: listings, counts, suggestions, map, detail, look-alikes, views.

use actix_web::web::Bytes;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::{json, Value};
use wakat_core::cursor::{CursorSort, RequestParams, RequestState};
use wakat_core::filters::{ListParams, OrderBy, Sort, SortBy, MAX_FROM};
use wakat_core::Filters;
use wakat_search::{Hit, ListRequest};

use crate::dto::{OfferDetail, OfferItem};
use crate::engine::{now, Engine, Tenant};
use crate::error::{ApiError, Result};
use crate::state::{language, pairs, AppState, QueryPairs};

/// Default page size of lists.
const DEFAULT_PAGE_SIZE: u32 = 100;
/// Page size of map markers.
const MARKERS_PAGE_SIZE: u32 = 20;
/// Suggestions per kind.
const SUGGESTIONS_PER_KIND: usize = 5;

/// `/api/{tenant}/...`
#[derive(Debug, Deserialize)]
pub struct TenantPath {
    /// Board slug.
    pub tenant: String,
}

/// `/api/{tenant}/.../{slug}`
#[derive(Debug, Deserialize)]
pub struct SlugPath {
    /// Board slug.
    pub tenant: String,
    /// Offer slug.
    pub slug: String,
}

/// `/api/{tenant}/.../{category_id}`
#[derive(Debug, Deserialize)]
pub struct CategoryPath {
    tenant: String,
    category_id: String,
}

/// What every read handler starts from: the tenant, the parsed query and the language.
struct Context {
    engine: std::sync::Arc<Engine>,
    tenant: std::sync::Arc<Tenant>,
    params: ListParams,
    lang: &'static str,
    now: i64,
}

impl Context {
    fn new(state: &AppState, tenant: &str, query: &QueryPairs, request: &HttpRequest) -> Result<Context> {
        let tenant = state.tenant(tenant)?;
        let params = ListParams::parse(pairs(query), &state.engine.parse_context(&tenant))?;
        let lang = language(request, query, &tenant);
        Ok(Context { engine: state.engine.clone(), tenant, params, lang, now: now() })
    }

    fn slug(&self) -> &str {
        &self.tenant.settings.slug
    }

    fn request<'a>(&'a self, filters: &'a Filters, offset: usize, limit: usize) -> ListRequest<'a> {
        ListRequest {
            tenant: Some(self.slug()),
            filters,
            sort: self.params.sort,
            offset,
            limit,
            now: self.now,
            count_categories: false,
            viewport: self.params.viewport,
            region: self.params.region.as_deref(),
        }
    }

    fn items(&self, hits: &[Hit]) -> Vec<OfferItem> {
        hits.iter().map(|hit| OfferItem::from_hit(hit, self.lang, self.now)).collect()
    }
}

/// Runs blocking engine work off the async workers and answers its JSON.
async fn blocking<T: serde::Serialize + Send + 'static>(work: impl FnOnce() -> Result<T> + Send + 'static) -> Result<HttpResponse> {
    let body = web::block(work).await??;
    Ok(HttpResponse::Ok().json(body))
}

fn json_response(body: Bytes) -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(body)
}

/// Like [`blocking`], answering from the response cache when the same URL in the same language
/// was answered by the current index generation a moment ago.
async fn cached<T: serde::Serialize + Send + 'static>(
    state: &AppState,
    request: &HttpRequest,
    lang: &str,
    work: impl FnOnce() -> Result<T> + Send + 'static,
) -> Result<HttpResponse> {
    let key = format!("{}?{}#{lang}", request.path(), request.query_string());
    let generation = state.engine.index.generation();
    if let Some(body) = state.cache.get(&key, generation) {
        state.cache.record(true);
        return Ok(json_response(body));
    }
    let _flight = match state.cache.enabled() {
        true => Some(state.cache.flight(&key).await),
        false => None,
    };
    if let Some(body) = state.cache.get(&key, generation) {
        state.cache.record(true);
        return Ok(json_response(body));
    }
    state.cache.record(false);
    let body = web::block(move || -> Result<Vec<u8>> { serde_json::to_vec(&work()?).map_err(|e| ApiError::internal(&e)) }).await??;
    let body = Bytes::from(body);
    state.cache.put(key, generation, body.clone());
    Ok(json_response(body))
}

/// A page of offers. Typed (not a `json!` value) because list pages are the hottest answer:
/// serialising structs directly is several times faster than building a `Value` first.
#[derive(serde::Serialize)]
struct Listing {
    data: Vec<OfferItem>,
    meta: Value,
}

fn checked_offset(page: u32, per_page: u32) -> Result<usize> {
    let offset = (page as usize - 1) * per_page as usize;
    if offset > MAX_FROM {
        return Err(ApiError::bad_request("invalid_page", format!("pages end at offset {MAX_FROM}"), Some("page")));
    }
    Ok(offset)
}

/// Offers of a page (`page`, `perPage`, or `from`).
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/offers", tag = "offers",
    params(("tenant" = String, Path, description = "Board slug"), crate::routes::openapi::ListQueryDoc),
    responses((status = 200, description = "`{data: [offer], meta: {page, perPage, totalItems, totalPages, from, sortBy, orderBy}}`", body = Vec<OfferItem>),
              (status = 400, description = "Malformed parameter", body = crate::error::ErrorBody)))]
pub async fn list_page(state: web::Data<AppState>, path: web::Path<TenantPath>, query: web::Query<QueryPairs>, request: HttpRequest) -> Result<HttpResponse> {
    let ctx = Context::new(&state, &path.tenant, &query, &request)?;
    let lang = ctx.lang;
    cached(&state, &request, lang, move || {
        let per_page = ctx.params.per_page.unwrap_or(DEFAULT_PAGE_SIZE);
        let page = ctx.params.page.unwrap_or(1);
        let offset = match ctx.params.from {
            Some(from) => from,
            None => checked_offset(page, per_page)?,
        };
        let result = ctx.engine.index.list(&ctx.request(&ctx.params.filters, offset, per_page as usize))?;
        Ok(Listing {
            data: ctx.items(&result.hits),
            meta: json!({
                "page": offset / per_page as usize + 1,
                "perPage": per_page,
                "totalItems": result.total,
                "totalPages": result.total.div_ceil(per_page as usize),
                "from": offset,
                "sortBy": ctx.params.sort.by_str(),
                "orderBy": ctx.params.sort.order_str(),
                "currency": ctx.params.filters.currency.as_str(),
            }),
        })
    })
    .await
}

fn cursor_sort(sort: &CursorSort) -> Result<Sort> {
    let by = match sort.sort_by.as_str() {
        "published" => SortBy::Published,
        "newest" => SortBy::Newest,
        "salary" => SortBy::Salary,
        _ => return Err(ApiError::bad_request("invalid_cursor", "cursor has an unknown sort", Some("cursor"))),
    };
    let order = match sort.order_by.to_ascii_uppercase().as_str() {
        "ASC" => OrderBy::Asc,
        "DESC" => OrderBy::Desc,
        _ => return Err(ApiError::bad_request("invalid_cursor", "cursor has an unknown order", Some("cursor"))),
    };
    Ok(Sort { by, order })
}

/// Offers by cursor (`from` and `itemsCount`, or a base64 `cursor`), with next and previous cursors.
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/offers/by-cursor", tag = "offers",
    params(("tenant" = String, Path, description = "Board slug"), crate::routes::openapi::ListQueryDoc),
    responses((status = 200, description = "`{data: [offer], meta: {totalItems, next: {cursor, itemsCount} | null, prev: … | null}}`", body = Vec<OfferItem>),
              (status = 400, description = "Malformed parameter or cursor", body = crate::error::ErrorBody)))]
pub async fn list_cursor(state: web::Data<AppState>, path: web::Path<TenantPath>, query: web::Query<QueryPairs>, request: HttpRequest) -> Result<HttpResponse> {
    let mut ctx = Context::new(&state, &path.tenant, &query, &request)?;
    if let Some(state) = ctx.params.cursor.clone() {
        if let Some(sort) = &state.params.sort {
            ctx.params.sort = cursor_sort(sort)?;
        }
        if let Some(currency) = state.params.currency.as_deref().and_then(wakat_core::Currency::parse) {
            ctx.params.filters.currency = currency;
        }
    }
    let lang = ctx.lang;
    cached(&state, &request, lang, move || {
        let (from, items_count) = match &ctx.params.cursor {
            Some(state) => (state.from, state.items_count),
            None => (ctx.params.from.unwrap_or(0), ctx.params.items_count.unwrap_or(DEFAULT_PAGE_SIZE)),
        };
        let result = ctx.engine.index.list(&ctx.request(&ctx.params.filters, from, items_count as usize))?;
        let cursor_at = |position: usize| {
            RequestState {
                from: position,
                items_count,
                params: RequestParams {
                    sort: Some(CursorSort { sort_by: ctx.params.sort.by_str().into(), order_by: ctx.params.sort.order_str().into() }),
                    currency: Some(ctx.params.filters.currency.as_str().into()),
                },
            }
            .encode()
        };
        let next_from = from + items_count as usize;
        let next = (next_from < result.total && next_from <= MAX_FROM).then(|| json!({"cursor": cursor_at(next_from), "itemsCount": items_count}));
        let prev = (from > 0).then(|| json!({"cursor": cursor_at(from.saturating_sub(items_count as usize)), "itemsCount": items_count}));
        Ok(Listing {
            data: ctx.items(&result.hits),
            meta: json!({"totalItems": result.total, "from": from, "itemsCount": items_count, "next": next, "prev": prev}),
        })
    })
    .await
}

/// Number of offers matching the filters.
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/offers/count", tag = "offers",
    params(("tenant" = String, Path, description = "Board slug"), crate::routes::openapi::ListQueryDoc),
    responses((status = 200, description = "`{count}`"), (status = 400, description = "Malformed parameter", body = crate::error::ErrorBody)))]
pub async fn count(state: web::Data<AppState>, path: web::Path<TenantPath>, query: web::Query<QueryPairs>, request: HttpRequest) -> Result<HttpResponse> {
    let ctx = Context::new(&state, &path.tenant, &query, &request)?;
    let lang = ctx.lang;
    cached(&state, &request, lang, move || {
        let result = ctx.engine.index.list(&ctx.request(&ctx.params.filters, 0, 0))?;
        Ok(json!({"count": result.total}))
    })
    .await
}

/// Counts per category value for the current search, ignoring the category filter itself so
/// every category shows what choosing it would give.
fn category_counts(ctx: &Context) -> Result<(usize, std::collections::HashMap<u32, usize>)> {
    let mut filters = ctx.params.filters.clone();
    filters.categories.clear();
    let request = ListRequest { count_categories: true, ..ctx.request(&filters, 0, 0) };
    let result = ctx.engine.index.list(&request)?;
    Ok((result.total, result.category_counts))
}

/// Offers per category (top-level and subcategories) for the filters.
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/offers/count/categories", tag = "offers",
    params(("tenant" = String, Path, description = "Board slug"), crate::routes::openapi::ListQueryDoc),
    responses((status = 200, description = "`{count, counts: {categoryValue: n}}`"), (status = 400, description = "Malformed parameter", body = crate::error::ErrorBody)))]
pub async fn count_categories(
    state: web::Data<AppState>,
    path: web::Path<TenantPath>,
    query: web::Query<QueryPairs>,
    request: HttpRequest,
) -> Result<HttpResponse> {
    let ctx = Context::new(&state, &path.tenant, &query, &request)?;
    let lang = ctx.lang;
    cached(&state, &request, lang, move || {
        let (total, counts) = category_counts(&ctx)?;
        let counts: serde_json::Map<String, Value> =
            ctx.tenant.categories.iter().map(|c| (c.value.to_string(), json!(counts.get(&c.value).copied().unwrap_or(0)))).collect();
        Ok(json!({"count": total, "counts": counts}))
    })
    .await
}

/// Offers per subcategory of one category for the filters.
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/offers/count/categories/{category_id}", tag = "offers",
    params(("tenant" = String, Path, description = "Board slug"), ("category_id" = u32, Path, description = "Category value"), crate::routes::openapi::ListQueryDoc),
    responses((status = 200, description = "`{categoryId, count, counts: {subcategoryValue: n}}`"), (status = 404, description = "Unknown category", body = crate::error::ErrorBody)))]
pub async fn count_subcategories(
    state: web::Data<AppState>,
    path: web::Path<CategoryPath>,
    query: web::Query<QueryPairs>,
    request: HttpRequest,
) -> Result<HttpResponse> {
    let ctx = Context::new(&state, &path.tenant, &query, &request)?;
    let category_id: u32 = path
        .category_id
        .parse()
        .map_err(|_| ApiError::bad_request("invalid_category", format!("'{}' is not a category value", path.category_id), Some("categoryId")))?;
    let category = ctx
        .tenant
        .categories
        .get(category_id)
        .cloned()
        .ok_or_else(|| ApiError::not_found("unknown_category", format!("category {category_id} does not exist on this board")))?;
    blocking(move || {
        let (_, counts) = category_counts(&ctx)?;
        let children: serde_json::Map<String, Value> =
            category.children.iter().map(|c| (c.value.to_string(), json!(counts.get(&c.value).copied().unwrap_or(0)))).collect();
        Ok(json!({"categoryId": category_id, "count": counts.get(&category_id).copied().unwrap_or(0), "counts": children}))
    })
    .await
}

/// Active offers on every board (behind the `countAllBoardsOffers` flag).
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/offers/all-boards/count", tag = "offers",
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 200, description = "`{count}`"), (status = 404, description = "Feature off for this board", body = crate::error::ErrorBody)))]
pub async fn count_all_boards(state: web::Data<AppState>, path: web::Path<TenantPath>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    if !tenant.flag("countAllBoardsOffers") {
        return Err(ApiError::not_found("feature_disabled", "this board does not count offers of other boards"));
    }
    let engine = state.engine.clone();
    blocking(move || Ok(json!({"count": engine.index.count(None, &Filters::default(), now())?}))).await
}

/// Most viewed active offers, topped up with the newest offers with a salary.
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/offers/popular", tag = "offers",
    params(("tenant" = String, Path, description = "Board slug"), ("page" = Option<u32>, Query, description = "1-based page"), ("perPage" = Option<u32>, Query, description = "Page size, at most 100 (default 20)")),
    responses((status = 200, description = "`{data: [offer], meta: {page, perPage}}`", body = Vec<OfferItem>), (status = 400, description = "Malformed parameter", body = crate::error::ErrorBody)))]
pub async fn popular(state: web::Data<AppState>, path: web::Path<TenantPath>, query: web::Query<QueryPairs>, request: HttpRequest) -> Result<HttpResponse> {
    let ctx = Context::new(&state, &path.tenant, &query, &request)?;
    blocking(move || {
        let per_page = ctx.params.per_page.unwrap_or(20) as usize;
        let page = ctx.params.page.unwrap_or(1);
        let offset = checked_offset(page, per_page as u32)?;
        let wanted = offset + per_page;
        let mut views = ctx.engine.store.view_counts(ctx.slug())?;
        views.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        let slugs: Vec<String> = views.into_iter().take(wanted * 2).map(|(slug, _)| slug).collect();
        let mut hits = ctx.engine.index.offers_by_slugs(ctx.slug(), &slugs, ctx.now)?;
        if hits.len() < wanted {
            let with_salary = Filters { with_salary: true, ..Filters::default() };
            let newest = Sort { by: SortBy::Newest, order: OrderBy::Desc };
            let request = ListRequest { sort: newest, viewport: None, region: None, ..ctx.request(&with_salary, 0, wanted * 2) };
            for hit in ctx.engine.index.list(&request)?.hits {
                if hits.len() >= wanted {
                    break;
                }
                if !hits.iter().any(|h| h.parent_slug == hit.parent_slug) {
                    hits.push(hit);
                }
            }
        }
        let page_hits: Vec<Hit> = hits.into_iter().skip(offset).take(per_page).collect();
        Ok(Listing { data: ctx.items(&page_hits), meta: json!({"page": page, "perPage": per_page}) })
    })
    .await
}

/// Suggestions for a search box: titles, companies and skills starting with `keyword`.
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/offers/suggest", tag = "offers",
    params(("tenant" = String, Path, description = "Board slug"), ("keyword" = String, Query, description = "What the user typed"), ("salaryCurrencies" = Option<String>, Query, description = "Accepted for compatibility")),
    responses((status = 200, description = "`{titles: [{title, count}], companies: [...], skills: [...]}`")))]
pub async fn suggest(state: web::Data<AppState>, path: web::Path<TenantPath>, query: web::Query<QueryPairs>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let keyword = query.iter().find(|(k, _)| k == "keyword" || k == "query" || k == "q").map(|(_, v)| v.clone()).unwrap_or_default();
    if keyword.chars().count() > wakat_core::filters::MAX_PHRASE_CHARS {
        return Err(ApiError::bad_request("invalid_keyword", "keyword is too long", Some("keyword")));
    }
    let engine = state.engine.clone();
    blocking(move || {
        let suggestions = engine.index.suggest(&tenant.settings.slug, &keyword, SUGGESTIONS_PER_KIND)?;
        let list = |items: Vec<wakat_search::Suggestion>| items.into_iter().map(|s| json!({"title": s.text, "count": s.count})).collect::<Vec<_>>();
        Ok(json!({
            "titles": list(suggestions.titles),
            "companies": list(suggestions.companies),
            "skills": list(suggestions.skills),
        }))
    })
    .await
}

/// Map clusters for a viewport and zoom, with the list filters.
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/offers/clusters", tag = "map",
    params(("tenant" = String, Path, description = "Board slug"), crate::routes::openapi::MapQueryDoc, crate::routes::openapi::ListQueryDoc),
    responses((status = 200, description = "`{clusters: [{id, count, latitude, longitude, region, categoryId, categoryKey, resolution, geoJson}]}`"), (status = 400, description = "Malformed parameter", body = crate::error::ErrorBody)))]
pub async fn clusters(state: web::Data<AppState>, path: web::Path<TenantPath>, query: web::Query<QueryPairs>, request: HttpRequest) -> Result<HttpResponse> {
    let ctx = Context::new(&state, &path.tenant, &query, &request)?;
    let lang = ctx.lang;
    cached(&state, &request, lang, move || {
        let zoom = ctx.params.zoom.unwrap_or(6.0);
        let clusters = ctx.engine.index.clusters(ctx.slug(), &ctx.params.filters, ctx.params.viewport, zoom, ctx.now)?;
        let clusters: Vec<Value> = clusters
            .into_iter()
            .map(|c| {
                let category = c.category_id.and_then(|id| ctx.tenant.categories.get(id));
                json!({
                    "id": c.id,
                    "region": c.id,
                    "count": c.count,
                    "latitude": c.latitude,
                    "longitude": c.longitude,
                    "categoryId": c.category_id,
                    "categoryKey": category.map(|c| c.slug.clone()),
                    "resolution": c.resolution,
                    "geoJson": {"type": "Polygon", "coordinates": [c.boundary]},
                })
            })
            .collect();
        Ok(json!({"clusters": clusters, "zoom": zoom}))
    })
    .await
}

/// Offers of one map cluster (`region`) or viewport, 20 per page.
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/offers/markers", tag = "map",
    params(("tenant" = String, Path, description = "Board slug"), crate::routes::openapi::MapQueryDoc, crate::routes::openapi::ListQueryDoc),
    responses((status = 200, description = "`{data: [offer], meta: {page, perPage, totalItems, totalPages}}`", body = Vec<OfferItem>), (status = 400, description = "Malformed parameter", body = crate::error::ErrorBody)))]
pub async fn markers(state: web::Data<AppState>, path: web::Path<TenantPath>, query: web::Query<QueryPairs>, request: HttpRequest) -> Result<HttpResponse> {
    let ctx = Context::new(&state, &path.tenant, &query, &request)?;
    let lang = ctx.lang;
    cached(&state, &request, lang, move || {
        let per_page = ctx.params.per_page.unwrap_or(MARKERS_PAGE_SIZE);
        let page = ctx.params.page.unwrap_or(1);
        let offset = checked_offset(page, per_page)?;
        let result = ctx.engine.index.list(&ctx.request(&ctx.params.filters, offset, per_page as usize))?;
        Ok(Listing {
            data: ctx.items(&result.hits),
            meta: json!({"page": page, "perPage": per_page, "totalItems": result.total, "totalPages": result.total.div_ceil(per_page as usize)}),
        })
    })
    .await
}

/// Finds an offer by slug (an offer or one of its locations) with the location it stands for.
fn find_offer(engine: &Engine, tenant: &str, slug: &str) -> Result<Option<(wakat_core::Offer, usize)>> {
    if !wakat_core::validate::is_valid_slug(slug) {
        return Ok(None);
    }
    if let Some(hit) = engine.index.find_slug(tenant, slug)? {
        if let Some(offer) = engine.store.get_offer(tenant, &hit.parent_slug)? {
            let location_idx = offer.locations.iter().position(|l| l.slug == slug).unwrap_or(0);
            return Ok(Some((offer, location_idx)));
        }
    }
    Ok(engine.store.get_offer(tenant, slug)?.map(|offer| (offer, 0)))
}

fn offer_not_found(slug: &str) -> ApiError {
    ApiError::not_found("offer_not_found", format!("there is no offer '{slug}'"))
}

/// The offer page: every field, expired offers included (`isOfferActive` tells).
#[utoipa::path(get, path = "/api/{tenant}/v1/offers/{slug}", tag = "offers",
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Offer or location slug")),
    responses((status = 200, description = "Offer detail", body = OfferDetail), (status = 404, description = "No such offer", body = crate::error::ErrorBody)))]
pub async fn detail(state: web::Data<AppState>, path: web::Path<SlugPath>, query: web::Query<QueryPairs>, request: HttpRequest) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let lang = language(&request, &query, &tenant);
    let engine = state.engine.clone();
    let slug = path.into_inner().slug;
    blocking(move || {
        let (offer, location_idx) = find_offer(&engine, &tenant.settings.slug, &slug)?.ok_or_else(|| offer_not_found(&slug))?;
        Ok(OfferDetail::new(&offer, location_idx, &tenant, lang, now()))
    })
    .await
}

/// The live slug of an offer: itself when active, else an active re-publication of the same
/// title by the same company, else the slug with `isOfferActive: false`.
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/offers/active-slug/{slug}", tag = "offers",
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Offer slug")),
    responses((status = 200, description = "`{slug, isOfferActive}`"), (status = 404, description = "No such offer", body = crate::error::ErrorBody)))]
pub async fn active_slug(state: web::Data<AppState>, path: web::Path<SlugPath>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let engine = state.engine.clone();
    let slug = path.into_inner().slug;
    blocking(move || {
        let tenant_slug = &tenant.settings.slug;
        let now = now();
        let (offer, location_idx) = find_offer(&engine, tenant_slug, &slug)?.ok_or_else(|| offer_not_found(&slug))?;
        if offer.is_active(now) {
            return Ok(json!({"slug": offer.locations[location_idx].slug, "isOfferActive": true}));
        }
        let same = Filters { companies: vec![offer.company_name.clone()], titles: vec![offer.title.clone()], ..Filters::default() };
        let request = ListRequest {
            tenant: Some(tenant_slug),
            filters: &same,
            sort: Sort { by: SortBy::Newest, order: OrderBy::Desc },
            offset: 0,
            limit: 10,
            now,
            count_categories: false,
            viewport: None,
            region: None,
        };
        let republished = engine.index.list(&request)?.hits.into_iter().find(|h| h.offer.title == offer.title && h.offer.company_name == offer.company_name);
        Ok(match republished {
            Some(hit) => json!({"slug": hit.slug, "isOfferActive": true, "replaces": slug}),
            None => json!({"slug": slug, "isOfferActive": false}),
        })
    })
    .await
}

/// Active offers like this one ('check lookalikes').
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/offer-lookalikes/{slug}", tag = "offers",
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Offer slug"), ("perPage" = Option<u32>, Query, description = "How many, at most 100 (default 10)")),
    responses((status = 200, description = "`{data: [offer]}`", body = Vec<OfferItem>), (status = 404, description = "No such offer", body = crate::error::ErrorBody)))]
pub async fn lookalikes(state: web::Data<AppState>, path: web::Path<SlugPath>, query: web::Query<QueryPairs>, request: HttpRequest) -> Result<HttpResponse> {
    let ctx = Context::new(&state, &path.tenant, &query, &request)?;
    let slug = path.into_inner().slug;
    blocking(move || {
        let (offer, _) = find_offer(&ctx.engine, ctx.slug(), &slug)?.ok_or_else(|| offer_not_found(&slug))?;
        let limit = ctx.params.per_page.unwrap_or(10) as usize;
        let hits = ctx.engine.index.lookalikes(ctx.slug(), &offer, limit, ctx.now)?;
        Ok(Listing { data: ctx.items(&hits), meta: json!({"perPage": limit}) })
    })
    .await
}

/// Body of `POST /v1/views`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ViewBody {
    /// Board the view happened on (defaults to the path's).
    #[serde(default)]
    pub brand: Option<String>,
    /// Offer viewed.
    pub offer_slug: String,
    /// When (ISO time), informational.
    #[serde(default)]
    pub visited_at: Option<String>,
}

/// Records a view of an offer (feeds the popular list).
#[utoipa::path(post, path = "/api/{tenant}/v1/views", tag = "offers", request_body = ViewBody,
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 200, description = "`{offerSlug, views}`"), (status = 400, description = "Malformed body", body = crate::error::ErrorBody), (status = 404, description = "No such offer", body = crate::error::ErrorBody)))]
pub async fn record_view(state: web::Data<AppState>, path: web::Path<TenantPath>, body: web::Json<ViewBody>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let body = body.into_inner();
    if let Some(brand) = body.brand.as_deref().filter(|b| !b.is_empty()) {
        if brand != tenant.settings.slug {
            return Err(ApiError::bad_request("invalid_brand", format!("views of board '{brand}' go to its own API"), Some("brand")));
        }
    }
    if let Some(visited_at) = body.visited_at.as_deref() {
        if time::OffsetDateTime::parse(visited_at, &time::format_description::well_known::Rfc3339).is_err() {
            return Err(ApiError::bad_request("invalid_visited_at", "visitedAt must be an ISO 8601 time", Some("visitedAt")));
        }
    }
    let engine = state.engine.clone();
    blocking(move || {
        let (offer, _) = find_offer(&engine, &tenant.settings.slug, &body.offer_slug)?.ok_or_else(|| offer_not_found(&body.offer_slug))?;
        let views = engine.store.record_view(&tenant.settings.slug, &offer.slug)?;
        Ok(json!({"offerSlug": offer.slug, "views": views}))
    })
    .await
}
