//! Candidate-side offer reads as service functions: what a listing, a count, the popular list,
//! a slug or a republished offer resolve to. Handlers parse, call one of these, and render.
//! Everything here is synchronous (run it in `web::block`).

use std::collections::HashMap;
use std::sync::Arc;

use wakat_core::cursor::{CursorSort, RequestParams, RequestState};
use wakat_core::filters::{ListParams, OrderBy, Sort, SortBy, MAX_FROM};
use wakat_core::{Filters, Offer};
use wakat_engine::{Engine, Tenant};
use wakat_search::{Cluster, DidYouMean, Explanation, Hit, ListRequest, Understanding};

use crate::error::{ApiError, ErrorCode, Result};
use wakat_app::views::ViewCounter;
use wakat_core::{FieldCode, FieldError};

/// Default page size of lists.
pub const DEFAULT_PAGE_SIZE: u32 = 100;
/// Page size of map markers.
pub const MARKERS_PAGE_SIZE: u32 = 20;
/// Default page size of the popular list.
pub const POPULAR_PAGE_SIZE: u32 = 20;
/// Deepest offer the popular list reaches: a popularity ranking deeper than this is not a
/// product, and each step deeper costs a scan of view counts and cards.
pub const MAX_POPULAR_DEPTH: usize = 500;
/// Suggestions per kind.
pub const SUGGESTIONS_PER_KIND: usize = 5;
/// Default number of look-alikes.
pub const DEFAULT_LOOKALIKES: u32 = 10;

/// A parsed listing request of one board at one instant.
pub struct ListQuery {
    /// Store and index.
    pub engine: Arc<Engine>,
    /// The board.
    pub tenant: Arc<Tenant>,
    /// Filters, sort, paging, viewport.
    pub params: ListParams,
    /// Only offers active now are listed.
    pub now: i64,
}

/// One page of a listing: its entries as search hits, or as the list entries the index
/// stored (`String`, see [`crate::dto::list_item`]).
#[derive(Debug)]
pub struct Page<T = Hit> {
    /// The page's entries.
    pub hits: Vec<T>,
    /// Entries matching in total.
    pub total: usize,
    /// Entries before this page.
    pub offset: usize,
    /// Page size.
    pub per_page: u32,
    /// What the text query was understood as.
    pub understanding: Understanding,
    /// When nothing matched a text query: its nearest correction that finds offers.
    pub did_you_mean: Option<DidYouMean>,
}

/// One step of a cursor listing, with the cursors of its neighbours.
#[derive(Debug)]
pub struct CursorPage {
    /// The entries, as the list entries the index stored.
    pub hits: Vec<String>,
    /// Entries matching in total.
    pub total: usize,
    /// Offset of the first entry.
    pub from: usize,
    /// Entries per step.
    pub items_count: u32,
    /// The next step, when there is one.
    pub next: Option<String>,
    /// The previous step, when there is one.
    pub prev: Option<String>,
    /// What the text query was understood as.
    pub understanding: Understanding,
    /// When nothing matched a text query: its nearest correction that finds offers.
    pub did_you_mean: Option<DidYouMean>,
}

fn invalid_page(message: String) -> ApiError {
    FieldError::new("page", FieldCode::InvalidPage, message).into()
}

/// The offset of a 1-based page, refused beyond `max_offset`.
fn offset_of(page: u32, per_page: u32, max_offset: usize) -> Result<usize> {
    let offset = (page as usize).saturating_sub(1) * per_page as usize;
    if offset > max_offset {
        return Err(invalid_page(format!("pages end at offset {max_offset}")));
    }
    Ok(offset)
}

impl ListQuery {
    fn slug(&self) -> &str {
        &self.tenant.settings.slug
    }

    fn request<'a>(&'a self, filters: &'a Filters, offset: usize, limit: usize) -> ListRequest<'a> {
        ListRequest {
            tenant: Some(self.slug()),
            filters,
            sort: self.params.effective_sort(),
            offset,
            limit,
            now: self.now,
            count_categories: false,
            viewport: self.params.viewport,
            region: self.params.region.as_deref(),
        }
    }

    /// A page by `page`/`perPage`, or by `from` when given.
    pub fn page(&self, default_size: u32) -> Result<Page<String>> {
        let per_page = self.params.per_page.unwrap_or(default_size);
        let offset = match self.params.from {
            Some(from) => from,
            None => offset_of(self.params.page.unwrap_or(1), per_page, MAX_FROM)?,
        };
        let result = self.engine.index.list_items(&self.request(&self.params.filters, offset, per_page as usize))?;
        let did_you_mean = self.did_you_mean(result.total)?;
        Ok(Page { hits: result.hits, total: result.total, offset, per_page, understanding: result.understanding, did_you_mean })
    }

    /// A step of a cursor listing: from the cursor when given, else `from` and `itemsCount`.
    pub fn cursor_page(&self) -> Result<CursorPage> {
        let (from, items_count) = match &self.params.cursor {
            Some(state) => (state.from, state.items_count),
            None => (self.params.from.unwrap_or(0), self.params.items_count.unwrap_or(DEFAULT_PAGE_SIZE)),
        };
        let result = self.engine.index.list_items(&self.request(&self.params.filters, from, items_count as usize))?;
        let sort = self.params.effective_sort();
        let currency = self.params.effective_currency();
        let cursor_at = |position: usize| {
            let params = RequestParams {
                sort: Some(CursorSort { sort_by: sort.by_str().into(), order_by: sort.order_str().into() }),
                currency: Some(currency.as_str().into()),
            };
            RequestState { from: position, items_count, params }.encode()
        };
        let next_from = from + items_count as usize;
        let next = (next_from < result.total && next_from <= MAX_FROM).then(|| cursor_at(next_from));
        let prev = (from > 0).then(|| cursor_at(from.saturating_sub(items_count as usize)));
        let did_you_mean = self.did_you_mean(result.total)?;
        Ok(CursorPage { hits: result.hits, total: result.total, from, items_count, next, prev, understanding: result.understanding, did_you_mean })
    }

    /// The nearest correction of a text query that found nothing.
    fn did_you_mean(&self, total: usize) -> Result<Option<DidYouMean>> {
        if total > 0 {
            return Ok(None);
        }
        Ok(self.engine.index.did_you_mean(self.slug(), &self.params.filters, self.now)?)
    }

    /// The score of one offer location for this listing, broken down (`offer_not_found` when
    /// the board has no location `slug`).
    pub fn explain(&self, slug: &str) -> Result<(Explanation, usize, Option<DidYouMean>)> {
        let explanation = self
            .engine
            .index
            .explain(&self.request(&self.params.filters, 0, 0), slug)?
            .ok_or_else(|| ApiError::new(ErrorCode::OfferNotFound).with_message(format!("this board has no offer '{slug}'")))?;
        let total = self.count()?;
        Ok((explanation, total, self.did_you_mean(total)?))
    }

    /// Entries matching the filters.
    pub fn count(&self) -> Result<usize> {
        Ok(self.engine.index.list(&self.request(&self.params.filters, 0, 0))?.total)
    }

    /// Matches per category value, ignoring the request's own category filter so every category
    /// shows what choosing it would give; with the total of that wider search.
    pub fn category_counts(&self) -> Result<(usize, HashMap<u32, usize>)> {
        let mut filters = self.params.filters.clone();
        filters.categories.clear();
        let request = ListRequest { count_categories: true, ..self.request(&filters, 0, 0) };
        let result = self.engine.index.list(&request)?;
        Ok((result.total, result.category_counts))
    }

    /// Map clusters of the viewport at the zoom (6 when not given).
    pub fn clusters(&self) -> Result<(f64, Vec<Cluster>)> {
        let zoom = self.params.zoom.unwrap_or(6.0);
        Ok((zoom, self.engine.index.clusters(self.slug(), &self.params.filters, self.params.viewport, zoom, self.now)?))
    }

    /// The most viewed active offers (one entry per offer), topped up with the newest offers
    /// that show a salary; at most [`MAX_POPULAR_DEPTH`] deep.
    pub fn popular(&self, views: &ViewCounter) -> Result<Page> {
        let per_page = self.params.per_page.unwrap_or(POPULAR_PAGE_SIZE);
        let offset = offset_of(self.params.page.unwrap_or(1), per_page, MAX_POPULAR_DEPTH - per_page as usize)?;
        let wanted = offset + per_page as usize;
        let mut views = views.counts(self.slug())?;
        views.sort_unstable_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        // Twice as many as needed: some viewed offers have expired since.
        let slugs: Vec<String> = views.into_iter().take(wanted * 2).map(|(slug, _)| slug).collect();
        let mut hits = self.engine.index.offers_by_slugs(self.slug(), &slugs, self.now)?;
        hits.truncate(wanted);
        if hits.len() < wanted {
            let with_salary = Filters { with_salary: true, ..Filters::default() };
            let newest = Sort { by: SortBy::Newest, order: OrderBy::Desc };
            let request = ListRequest { sort: newest, viewport: None, region: None, ..self.request(&with_salary, 0, wanted * 2) };
            let newest_hits = self.engine.index.list(&request)?.hits;
            top_up(&mut hits, newest_hits, wanted);
        }
        let total = hits.len();
        let hits = hits.into_iter().skip(offset).take(per_page as usize).collect();
        Ok(Page { hits, total, offset, per_page, understanding: Understanding::default(), did_you_mean: None })
    }
}

/// Appends `more` to `hits` until `wanted`, skipping offers already listed (by parent slug, so a
/// multilocation offer appears once).
fn top_up(hits: &mut Vec<Hit>, more: Vec<Hit>, wanted: usize) {
    for hit in more {
        if hits.len() >= wanted {
            break;
        }
        if !hits.iter().any(|h| h.parent_slug == hit.parent_slug) {
            hits.push(hit);
        }
    }
}

/// The offer a slug names (an offer's or one of its locations'), with the location it stands
/// for. The index knows location slugs; the store knows offers the index no longer lists
/// (expired, finished), so both are asked.
pub fn find_offer(engine: &Engine, tenant: &str, slug: &str) -> Result<Option<(Offer, usize)>> {
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

/// The 404 of an unknown offer.
pub fn offer_not_found(slug: &str) -> ApiError {
    ApiError::new(crate::error::ErrorCode::OfferNotFound).with_message(format!("there is no offer '{slug}'"))
}

/// Where an offer slug leads now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActiveSlug {
    /// The slug to show.
    pub slug: String,
    /// Whether that slug is an active offer.
    pub active: bool,
    /// The asked slug, when an active re-publication replaces it.
    pub replaces: Option<String>,
}

/// The live slug of an offer: itself when active, else an active re-publication (same title,
/// same company), else the slug itself, inactive.
pub fn active_slug(engine: &Engine, tenant: &str, slug: &str, now: i64) -> Result<ActiveSlug> {
    let (offer, location_idx) = find_offer(engine, tenant, slug)?.ok_or_else(|| offer_not_found(slug))?;
    if offer.is_active(now) {
        return Ok(ActiveSlug { slug: offer.locations[location_idx].slug.clone(), active: true, replaces: None });
    }
    Ok(match republished(engine, tenant, &offer, now)? {
        Some(hit) => ActiveSlug { slug: hit.slug, active: true, replaces: Some(slug.to_string()) },
        None => ActiveSlug { slug: slug.to_string(), active: false, replaces: None },
    })
}

/// The newest active offer with the same title by the same company.
fn republished(engine: &Engine, tenant: &str, offer: &Offer, now: i64) -> Result<Option<Hit>> {
    let same = Filters { companies: vec![offer.company_name.clone()], titles: vec![offer.title.clone()], ..Filters::default() };
    let request = ListRequest {
        tenant: Some(tenant),
        filters: &same,
        sort: Sort { by: SortBy::Newest, order: OrderBy::Desc },
        offset: 0,
        limit: 10,
        now,
        count_categories: false,
        viewport: None,
        region: None,
    };
    // The text query matches words; the exact title and company decide.
    Ok(engine.index.list(&request)?.hits.into_iter().find(|h| h.offer.title == offer.title && h.offer.company_name == offer.company_name))
}

/// Active offers like the one of `slug`.
pub fn lookalikes(engine: &Engine, tenant: &str, slug: &str, limit: usize, now: i64) -> Result<Vec<Hit>> {
    let (offer, _) = find_offer(engine, tenant, slug)?.ok_or_else(|| offer_not_found(slug))?;
    Ok(engine.index.lookalikes(tenant, &offer, limit, now)?)
}

/// Counts a view of the offer a slug names (also on the offer's day for its employer's
/// statistics; a location's slug counts for its offer); returns the offer's slug and its views so far.
pub fn record_view(engine: &Engine, views: &ViewCounter, stats: &wakat_applications::OfferStats, tenant: &str, slug: &str) -> Result<(String, u64)> {
    let (offer, _) = find_offer(engine, tenant, slug)?.ok_or_else(|| offer_not_found(slug))?;
    let views = views.record(tenant, &offer.slug)?;
    stats.record_view(tenant, &offer.slug, wakat_engine::now()).map_err(crate::error::applications_error)?;
    Ok((offer.slug, views))
}

#[cfg(test)]
mod tests;
