//! Candidate-side offer reads: listings, counts, suggestions, map, detail, look-alikes, views.

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use wakat_core::filters::ListParams;
use wakat_core::params::{Lang, SuggestQuery};
use wakat_search::{DidYouMean, Hit, Understanding};

use crate::dto::lists::{
    ActiveSlugAnswer, CategoryCounts, ClusterDto, ClustersAnswer, CountAnswer, CursorLink, CursorMeta, GeoJsonPolygon, LookalikeMeta, LookalikePage,
    MarkerMeta, MarkerPage, OfferCursorPage, OfferPage, PageMeta, PopularMeta, PopularPage, SubcategoryCounts, SuggestionDto, Suggestions, ViewAnswer,
};
use std::sync::Arc;

use wakat_analytics::SearchAnalytics;
use wakat_app::offers::{Explained, ListQuery, OfferAddress, OffersService, DEFAULT_LOOKALIKES, DEFAULT_PAGE_SIZE, MARKERS_PAGE_SIZE};
use wakat_engine::now;

use crate::dto::list_item::page_json;
use crate::dto::search::{ExplainAnswer, SearchNotes};
use crate::dto::{OfferDetail, OfferItem, OfferMoved};
use crate::error::{ApiError, ErrorCode, Result};
use crate::routes::params::{CategoryPath, SlugPath, TenantPath};
use crate::state::{language, pairs, AppState, QueryPairs};

/// What every listing handler starts from: the service, the parsed query and the answer's language.
struct Context {
    offers: OffersService,
    query: ListQuery,
    lang: Lang,
}

impl Context {
    fn new(state: &AppState, tenant: &str, query: &QueryPairs, request: &HttpRequest) -> Result<Context> {
        let tenant = state.tenant(tenant)?;
        let params = ListParams::parse(pairs(query), &state.engine.parse_context(&tenant))?;
        let lang = language(request, query, &tenant)?;
        Ok(Context { offers: state.offers.clone(), query: state.offers.query(tenant, params), lang })
    }

    /// The response cache's key: the endpoint, the canonical request and the language, so
    /// parameter order and unknown parameters do not make new entries.
    fn cache_key(&self, request: &HttpRequest) -> String {
        format!("{}?{}#{}", request.path(), self.query.params.canonical(), self.lang.as_str())
    }

    /// `meta.search` of a text query.
    fn notes(&self, understanding: &Understanding, total: usize, did_you_mean: Option<&DidYouMean>) -> Option<SearchNotes> {
        let filters = &self.query.params.filters;
        filters.phrases().next()?;
        let currency = filters.currency.label("en");
        let same_amount = |bound: Option<f64>, value: &str| bound.is_some_and(|b| value.parse::<f64>().is_ok_and(|v| v == b));
        Some(SearchNotes::new(understanding, total, did_you_mean, self.lang.as_str(), currency, |filter, value| match filter {
            "city" => filters.city.as_ref().is_some_and(|city| city.slug == value),
            "workplaceType" => filters.workplace_types.iter().any(|w| w.as_str() == value),
            "experienceLevels" => filters.experience_levels.iter().any(|e| e.as_str() == value),
            "employmentTypes" => filters.employment_types.iter().any(|e| e.as_str() == value),
            "salaryMin" => same_amount(filters.salary_min, value),
            "salaryMax" => same_amount(filters.salary_max, value),
            _ => false,
        }))
    }

    /// The text searched, when this is the first page of a text query (what analytics counts).
    fn first_page_search(&self) -> Option<String> {
        let params = &self.query.params;
        let first_page = params.from.unwrap_or(0) == 0 && params.page.unwrap_or(1) == 1 && params.cursor.as_ref().is_none_or(|c| c.from == 0);
        let text = params.filters.phrases().map(|(_, phrase)| phrase.trim()).filter(|p| !p.is_empty()).collect::<Vec<_>>().join(" ");
        (first_page && !text.is_empty()).then_some(text)
    }

    /// Counts the search (cached answers too) and returns what the computed answer reports back.
    fn count_search(&self, state: &AppState) -> Option<(Arc<SearchAnalytics>, String)> {
        let text = self.first_page_search()?;
        state.analytics.record_search(&self.query.tenant.settings.slug, &text, None, self.query.now);
        Some((state.analytics.clone(), text))
    }

    /// Reports the number of offers a counted search found.
    fn report_total(&self, counted: Option<(Arc<SearchAnalytics>, String)>, total: usize) {
        if let Some((analytics, text)) = counted {
            analytics.record_total(&self.query.tenant.settings.slug, &text, total as u64, self.query.now);
        }
    }

    fn items(&self, hits: &[Hit]) -> Vec<OfferItem> {
        hits.iter().map(|hit| OfferItem::from_hit(hit, self.lang.as_str(), self.query.now)).collect()
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

/// Like [`blocking`], answering from the response cache when the same request (in canonical
/// form) in the same language was answered by the current index generation a moment ago.
pub(crate) async fn cached<T: serde::Serialize + Send + 'static>(
    state: &AppState,
    key: String,
    work: impl FnOnce() -> Result<T> + Send + 'static,
) -> Result<HttpResponse> {
    cached_body(state, key, move || serde_json::to_vec(&work()?).map_err(|e| ApiError::internal(&e))).await
}

/// A page of stored list entries and its meta as the JSON body `{data, meta}`.
fn page_body(ctx: &Context, templates: &[String], meta: &impl serde::Serialize) -> Result<Vec<u8>> {
    page_json(templates, ctx.lang, ctx.query.now, meta).map_err(|e| ApiError::internal(&e))
}

/// [`cached`] for work that renders its JSON body itself.
async fn cached_body(state: &AppState, key: String, work: impl FnOnce() -> Result<Vec<u8>> + Send + 'static) -> Result<HttpResponse> {
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
    let body = web::block(move || -> Result<Vec<u8>> {
        let mut body = work()?;
        // The cache counts bytes by length: no spare capacity may hide behind a cached body.
        body.shrink_to_fit();
        Ok(body)
    })
    .await??;
    let body = Bytes::from(body);
    state.cache.put(key, generation, body.clone());
    Ok(json_response(body))
}

/// Offers of a page (`page`, `perPage`, or `from`).
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/offers", tag = "offers",
    params(("tenant" = String, Path, description = "Board slug"), crate::routes::query_docs::ListQueryDoc),
    responses((status = 200, description = "A page of offers", body = OfferPage),
              (status = 400, description = "Malformed parameter", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board", body = crate::error::ErrorBody)))]
pub async fn list_page(state: web::Data<AppState>, path: web::Path<TenantPath>, query: web::Query<QueryPairs>, request: HttpRequest) -> Result<HttpResponse> {
    let ctx = Context::new(&state, &path.tenant, &query, &request)?;
    let counted = ctx.count_search(&state);
    cached_body(&state, ctx.cache_key(&request), move || {
        let page = ctx.offers.page(&ctx.query, DEFAULT_PAGE_SIZE)?;
        ctx.report_total(counted, page.total);
        let sort = ctx.query.params.effective_sort();
        let meta = PageMeta {
            page: page.offset / page.per_page as usize + 1,
            per_page: page.per_page,
            total_items: page.total,
            total_pages: page.total.div_ceil(page.per_page as usize),
            from: page.offset,
            sort_by: sort.by_str(),
            order_by: sort.order_str(),
            currency: ctx.query.params.filters.currency.as_str(),
            search: ctx.notes(&page.understanding, page.total, page.did_you_mean.as_ref()),
        };
        // The shape of `OfferPage`, written from the stored entries.
        page_body(&ctx, &page.hits, &meta)
    })
    .await
}

/// Offers by cursor (`from` and `itemsCount`, or a base64 `cursor`), with next and previous cursors.
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/offers/by-cursor", tag = "offers",
    params(("tenant" = String, Path, description = "Board slug"), crate::routes::query_docs::ListQueryDoc),
    responses((status = 200, description = "A step of offers with the neighbouring cursors", body = OfferCursorPage),
              (status = 400, description = "Malformed parameter or cursor", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board", body = crate::error::ErrorBody)))]
pub async fn list_cursor(state: web::Data<AppState>, path: web::Path<TenantPath>, query: web::Query<QueryPairs>, request: HttpRequest) -> Result<HttpResponse> {
    let mut ctx = Context::new(&state, &path.tenant, &query, &request)?;
    // Prices follow the listing the cursor continues.
    ctx.query.params.filters.currency = ctx.query.params.effective_currency();
    let counted = ctx.count_search(&state);
    cached_body(&state, ctx.cache_key(&request), move || {
        let step = ctx.offers.cursor_page(&ctx.query)?;
        ctx.report_total(counted, step.total);
        let link = |cursor: String| CursorLink { cursor, items_count: step.items_count };
        let meta = CursorMeta {
            total_items: step.total,
            from: step.from,
            items_count: step.items_count,
            next: step.next.clone().map(link),
            prev: step.prev.clone().map(link),
            search: ctx.notes(&step.understanding, step.total, step.did_you_mean.as_ref()),
        };
        // The shape of `OfferCursorPage`, written from the stored entries.
        page_body(&ctx, &step.hits, &meta)
    })
    .await
}

/// Number of offers matching the filters.
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/offers/count", tag = "offers",
    params(("tenant" = String, Path, description = "Board slug"), crate::routes::query_docs::ListQueryDoc),
    responses((status = 200, description = "The count", body = CountAnswer), (status = 400, description = "Malformed parameter", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board", body = crate::error::ErrorBody)))]
pub async fn count(state: web::Data<AppState>, path: web::Path<TenantPath>, query: web::Query<QueryPairs>, request: HttpRequest) -> Result<HttpResponse> {
    let ctx = Context::new(&state, &path.tenant, &query, &request)?;
    cached(&state, ctx.cache_key(&request), move || Ok(CountAnswer { count: ctx.offers.count(&ctx.query)? })).await
}

/// Offers per category (top-level and subcategories) for the filters.
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/offers/count/categories", tag = "offers",
    params(("tenant" = String, Path, description = "Board slug"), crate::routes::query_docs::ListQueryDoc),
    responses((status = 200, description = "Counts per category value", body = CategoryCounts), (status = 400, description = "Malformed parameter", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board", body = crate::error::ErrorBody)))]
pub async fn count_categories(
    state: web::Data<AppState>,
    path: web::Path<TenantPath>,
    query: web::Query<QueryPairs>,
    request: HttpRequest,
) -> Result<HttpResponse> {
    let ctx = Context::new(&state, &path.tenant, &query, &request)?;
    cached(&state, ctx.cache_key(&request), move || {
        let (total, counts) = ctx.offers.category_counts(&ctx.query)?;
        let counts = ctx.query.tenant.categories.iter().map(|c| (c.value.to_string(), counts.get(&c.value).copied().unwrap_or(0))).collect();
        Ok(CategoryCounts { count: total, counts })
    })
    .await
}

/// Offers per subcategory of one category for the filters.
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/offers/count/categories/{category_id}", tag = "offers",
    params(("tenant" = String, Path, description = "Board slug"), ("category_id" = u32, Path, description = "Category value"), crate::routes::query_docs::ListQueryDoc),
    responses((status = 200, description = "Counts per subcategory value", body = SubcategoryCounts), (status = 400, description = "Malformed parameter or category id", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board or category", body = crate::error::ErrorBody)))]
pub async fn count_subcategories(
    state: web::Data<AppState>,
    path: web::Path<CategoryPath>,
    query: web::Query<QueryPairs>,
    request: HttpRequest,
) -> Result<HttpResponse> {
    let ctx = Context::new(&state, &path.tenant, &query, &request)?;
    let category_id: u32 = path.category_id.parse().map_err(|_| {
        ApiError::new(ErrorCode::InvalidCategory).with_message(format!("'{}' is not a category value", path.category_id)).with_field("categoryId")
    })?;
    let category = ctx
        .query
        .tenant
        .categories
        .get(category_id)
        .cloned()
        .ok_or_else(|| ApiError::new(ErrorCode::UnknownCategory).with_message(format!("category {category_id} does not exist on this board")))?;
    cached(&state, ctx.cache_key(&request), move || {
        let (_, counts) = ctx.offers.category_counts(&ctx.query)?;
        let children = category.children.iter().map(|c| (c.value.to_string(), counts.get(&c.value).copied().unwrap_or(0))).collect();
        Ok(SubcategoryCounts { category_id, count: counts.get(&category_id).copied().unwrap_or(0), counts: children })
    })
    .await
}

/// Active offers on every board (behind the `countAllBoardsOffers` flag).
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/offers/all-boards/count", tag = "offers",
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 200, description = "The count", body = CountAnswer), (status = 404, description = "Unknown board, or the feature is off for it", body = crate::error::ErrorBody)))]
pub async fn count_all_boards(state: web::Data<AppState>, path: web::Path<TenantPath>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    if !tenant.flag("countAllBoardsOffers") {
        return Err(ApiError::new(ErrorCode::FeatureDisabled).with_message("this board does not count offers of other boards"));
    }
    let offers = state.offers.clone();
    blocking(move || Ok(CountAnswer { count: offers.count_all_boards()? })).await
}

/// Most viewed active offers, topped up with the newest offers with a salary (500 deep at most).
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/offers/popular", tag = "offers",
    params(("tenant" = String, Path, description = "Board slug"), ("page" = Option<u32>, Query, description = "1-based page; page × perPage ≤ 500"),
           ("perPage" = Option<u32>, Query, description = "Page size, at most 100 (default 20)")),
    responses((status = 200, description = "A page of popular offers", body = PopularPage), (status = 400, description = "Malformed parameter, or deeper than 500 offers", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board", body = crate::error::ErrorBody)))]
pub async fn popular(state: web::Data<AppState>, path: web::Path<TenantPath>, query: web::Query<QueryPairs>, request: HttpRequest) -> Result<HttpResponse> {
    let ctx = Context::new(&state, &path.tenant, &query, &request)?;
    cached(&state, ctx.cache_key(&request), move || {
        let page = ctx.offers.popular(&ctx.query)?;
        Ok(PopularPage { data: ctx.items(&page.hits), meta: PopularMeta { page: page.offset / page.per_page as usize + 1, per_page: page.per_page } })
    })
    .await
}

/// Suggestions for a search box: titles, companies and skills starting with `keyword`.
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/offers/suggest", tag = "offers",
    params(("tenant" = String, Path, description = "Board slug"), ("keyword" = Option<String>, Query, description = "What the user typed (at most 200 characters)"),
           ("salaryCurrencies" = Option<String>, Query, description = "Accepted for compatibility")),
    responses((status = 200, description = "Suggestions per kind", body = Suggestions), (status = 400, description = "Keyword too long", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board", body = crate::error::ErrorBody)))]
pub async fn suggest(state: web::Data<AppState>, path: web::Path<TenantPath>, query: web::Query<QueryPairs>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let SuggestQuery { keyword } = SuggestQuery::parse(pairs(&query))?;
    let offers = state.offers.clone();
    blocking(move || {
        let suggestions = offers.suggest(&tenant, &keyword)?;
        let list = |items: Vec<wakat_search::Suggestion>| items.into_iter().map(|s| SuggestionDto { title: s.text, count: s.count }).collect();
        Ok(Suggestions { titles: list(suggestions.titles), companies: list(suggestions.companies), skills: list(suggestions.skills) })
    })
    .await
}

/// Map clusters for a viewport and zoom, with the list filters.
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/offers/clusters", tag = "map",
    params(("tenant" = String, Path, description = "Board slug"), crate::routes::query_docs::MapQueryDoc, crate::routes::query_docs::ListQueryDoc),
    responses((status = 200, description = "Clusters of the viewport", body = ClustersAnswer), (status = 400, description = "Malformed parameter", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board", body = crate::error::ErrorBody)))]
pub async fn clusters(state: web::Data<AppState>, path: web::Path<TenantPath>, query: web::Query<QueryPairs>, request: HttpRequest) -> Result<HttpResponse> {
    let ctx = Context::new(&state, &path.tenant, &query, &request)?;
    cached(&state, ctx.cache_key(&request), move || {
        let (zoom, clusters) = ctx.offers.clusters(&ctx.query)?;
        let categories = &ctx.query.tenant.categories;
        let clusters = clusters
            .into_iter()
            .map(|c| ClusterDto {
                region: c.id.clone(),
                category_key: c.category_id.and_then(|id| categories.get(id)).map(|category| category.slug.clone()),
                geo_json: GeoJsonPolygon { kind: "Polygon", coordinates: vec![c.boundary] },
                id: c.id,
                count: c.count,
                latitude: c.latitude,
                longitude: c.longitude,
                category_id: c.category_id,
                resolution: c.resolution,
            })
            .collect();
        Ok(ClustersAnswer { clusters, zoom })
    })
    .await
}

/// The score of one offer for a list query, broken down (per field BM25, synonyms and
/// corrections, freshness, boosts). Off unless `server.search_debug_token` is set; then the
/// `X-Wakat-Debug-Token` header must carry it.
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/offers/explain", tag = "offers",
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Query, description = "The offer location to explain"),
           ("X-Wakat-Debug-Token" = String, Header, description = "The configured search debug token"), crate::routes::query_docs::ListQueryDoc),
    responses((status = 200, description = "The score broken down", body = ExplainAnswer),
              (status = 400, description = "Malformed parameter, or no slug", body = crate::error::ErrorBody),
              (status = 401, description = "Missing or wrong debug token", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board or offer, or no debug token configured", body = crate::error::ErrorBody)))]
pub async fn explain(state: web::Data<AppState>, path: web::Path<TenantPath>, query: web::Query<QueryPairs>, request: HttpRequest) -> Result<HttpResponse> {
    let token = &state.settings.server.search_debug_token;
    if token.is_empty() {
        return Err(ApiError::new(ErrorCode::FeatureDisabled).with_message("the explain call is off: no search debug token is configured"));
    }
    let presented = request.headers().get(DEBUG_TOKEN_HEADER).and_then(|v| v.to_str().ok()).unwrap_or("");
    if !crate::internal_token::matches(presented, token) {
        return Err(ApiError::new(ErrorCode::Unauthorized).with_message("the explain call needs the X-Wakat-Debug-Token header"));
    }
    let slug = query.0.iter().find(|(name, _)| name == "slug").map(|(_, value)| value.clone()).unwrap_or_default();
    if slug.is_empty() {
        return Err(ApiError::new(ErrorCode::InvalidQuery).with_message("slug names the offer to explain").with_field("slug"));
    }
    let ctx = Context::new(&state, &path.tenant, &query, &request)?;
    blocking(move || {
        let Explained { explanation: e, total, did_you_mean } = ctx.offers.explain(&ctx.query, &slug)?;
        let search = ctx
            .notes(&e.understanding, total, did_you_mean.as_ref())
            .unwrap_or_else(|| SearchNotes::new(&Default::default(), total, None, ctx.lang.as_str(), "", |_, _| false));
        Ok(ExplainAnswer {
            slug: e.slug,
            matched: e.matched,
            score: e.score,
            parts: e.parts,
            exact_tier: e.exact_tier,
            typed_language: e.typed_language,
            relevance: e.relevance,
            freshness: e.freshness,
            freshness_weight: e.freshness_weight,
            final_score: e.final_score,
            relevance_sort: e.relevance_sort,
            rank: e.rank,
            search,
        })
    })
    .await
}

/// `POST /v1/search-clicks` body: the list position (1-based) of the offer a person opened.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SearchClickBody {
    /// 1-based position in the list (at most 1000).
    pub position: u32,
}

/// Records which list position was opened (search analytics: nothing about the person is kept).
#[utoipa::path(post, path = "/api/{tenant}/v1/search-clicks", tag = "offers", request_body = SearchClickBody,
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 204, description = "Counted"), (status = 400, description = "Malformed body or position", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board", body = crate::error::ErrorBody)))]
pub async fn record_search_click(state: web::Data<AppState>, path: web::Path<TenantPath>, body: web::Json<SearchClickBody>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    if !(1..=wakat_analytics::MAX_POSITION).contains(&body.position) {
        return Err(ApiError::new(ErrorCode::InvalidJson).with_message("position is 1 to 1000").with_field("position"));
    }
    state.analytics.record_click(&tenant.settings.slug, body.position, now());
    Ok(HttpResponse::NoContent().finish())
}

/// Header carrying the search debug token of the explain call.
pub const DEBUG_TOKEN_HEADER: &str = "x-wakat-debug-token";

/// Offers of one map cluster (`region`) or viewport, 20 per page.
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/offers/markers", tag = "map",
    params(("tenant" = String, Path, description = "Board slug"), crate::routes::query_docs::MapQueryDoc, crate::routes::query_docs::ListQueryDoc),
    responses((status = 200, description = "A page of the cluster's offers", body = MarkerPage), (status = 400, description = "Malformed parameter or region", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board", body = crate::error::ErrorBody)))]
pub async fn markers(state: web::Data<AppState>, path: web::Path<TenantPath>, query: web::Query<QueryPairs>, request: HttpRequest) -> Result<HttpResponse> {
    let mut ctx = Context::new(&state, &path.tenant, &query, &request)?;
    // Markers page by `page` only.
    ctx.query.params.from = None;
    cached_body(&state, ctx.cache_key(&request), move || {
        let page = ctx.offers.page(&ctx.query, MARKERS_PAGE_SIZE)?;
        let meta = MarkerMeta {
            page: page.offset / page.per_page as usize + 1,
            per_page: page.per_page,
            total_items: page.total,
            total_pages: page.total.div_ceil(page.per_page as usize),
        };
        // The shape of `MarkerPage`, written from the stored entries.
        page_body(&ctx, &page.hits, &meta)
    })
    .await
}

/// The offer page: every field, expired offers included (`isOfferActive` tells). An address
/// the offer left (a title change, an employer offer's draft id) answers `301` with the new one
/// (`Location` and `{slug}`), uncached: a title changed back makes an old address live again.
#[utoipa::path(get, path = "/api/{tenant}/v1/offers/{slug}", tag = "offers",
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Offer or location slug"), crate::routes::query_docs::LangDoc),
    responses((status = 200, description = "Offer detail", body = OfferDetail),
              (status = 301, description = "The offer moved to `slug` (also in `Location`, this call's path with the new slug)", body = OfferMoved),
              (status = 400, description = "Malformed language", body = crate::error::ErrorBody),
              (status = 404, description = "No such board or offer", body = crate::error::ErrorBody)))]
pub async fn detail(state: web::Data<AppState>, path: web::Path<SlugPath>, query: web::Query<QueryPairs>, request: HttpRequest) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let lang = language(&request, &query, &tenant)?;
    let offers = state.offers.clone();
    let board = tenant.settings.slug.clone();
    let slug = path.into_inner().slug;
    let page = web::block(move || -> Result<std::result::Result<OfferDetail, String>> {
        Ok(match offers.offer_page(&tenant, &slug)? {
            OfferAddress::Found(offer, location_idx) => Ok(OfferDetail::new(&offer, location_idx, &tenant, lang.as_str(), now())),
            OfferAddress::Moved(address) => Err(address),
        })
    })
    .await??;
    Ok(match page {
        Ok(detail) => HttpResponse::Ok().json(detail),
        Err(address) => {
            let query = Some(request.query_string()).filter(|query| !query.is_empty()).map(|query| format!("?{query}")).unwrap_or_default();
            HttpResponse::MovedPermanently()
                .insert_header((header::LOCATION, format!("/api/{board}/v1/offers/{address}{query}")))
                .insert_header((header::CACHE_CONTROL, "no-cache"))
                .json(OfferMoved { slug: address })
        }
    })
}

/// The live slug of an offer: itself when active, else an active re-publication of the same
/// title by the same company, else the slug with `isOfferActive: false`.
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/offers/active-slug/{slug}", tag = "offers",
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Offer slug")),
    responses((status = 200, description = "Where the slug leads", body = ActiveSlugAnswer), (status = 404, description = "No such board or offer", body = crate::error::ErrorBody)))]
pub async fn active_slug(state: web::Data<AppState>, path: web::Path<SlugPath>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let offers = state.offers.clone();
    let slug = path.into_inner().slug;
    blocking(move || {
        let found = offers.active_slug(&tenant, &slug)?;
        Ok(ActiveSlugAnswer { slug: found.slug, is_offer_active: found.active, replaces: found.replaces })
    })
    .await
}

/// Active offers like this one ('check lookalikes').
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/offer-lookalikes/{slug}", tag = "offers",
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Offer slug"), ("perPage" = Option<u32>, Query, description = "How many, at most 100 (default 10)")),
    responses((status = 200, description = "Similar active offers", body = LookalikePage), (status = 400, description = "Malformed parameter", body = crate::error::ErrorBody),
              (status = 404, description = "No such board or offer", body = crate::error::ErrorBody)))]
pub async fn lookalikes(state: web::Data<AppState>, path: web::Path<SlugPath>, query: web::Query<QueryPairs>, request: HttpRequest) -> Result<HttpResponse> {
    let ctx = Context::new(&state, &path.tenant, &query, &request)?;
    let slug = path.into_inner().slug;
    blocking(move || {
        let limit = ctx.query.params.per_page.unwrap_or(DEFAULT_LOOKALIKES) as usize;
        let hits = ctx.offers.lookalikes(&ctx.query, &slug, limit)?;
        Ok(LookalikePage { data: ctx.items(&hits), meta: LookalikeMeta { per_page: limit } })
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
    responses((status = 200, description = "The view is counted", body = ViewAnswer), (status = 400, description = "Malformed body", body = crate::error::ErrorBody),
              (status = 404, description = "No such board or offer", body = crate::error::ErrorBody),
              (status = 413, description = "Body too large", body = crate::error::ErrorBody), (status = 415, description = "Body is not JSON", body = crate::error::ErrorBody)))]
pub async fn record_view(state: web::Data<AppState>, path: web::Path<TenantPath>, body: web::Json<ViewBody>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let body = body.into_inner();
    if let Some(brand) = body.brand.as_deref().filter(|b| !b.is_empty()) {
        if brand != tenant.settings.slug {
            return Err(ApiError::new(ErrorCode::InvalidBrand).with_message(format!("views of board '{brand}' go to its own API")).with_field("brand"));
        }
    }
    if let Some(visited_at) = body.visited_at.as_deref() {
        if time::OffsetDateTime::parse(visited_at, &time::format_description::well_known::Rfc3339).is_err() {
            return Err(ApiError::new(ErrorCode::InvalidVisitedAt).with_message("visitedAt must be an ISO 8601 time").with_field("visitedAt"));
        }
    }
    let offers = state.offers.clone();
    blocking(move || {
        let (offer_slug, views) = offers.record_view(&tenant, &body.offer_slug)?;
        Ok(ViewAnswer { offer_slug, views })
    })
    .await
}
