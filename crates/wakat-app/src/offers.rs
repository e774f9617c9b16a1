//! The candidate side's offers: what a listing, a cursor step, a count, the map, the popular list,
//! the search box's suggestions, a slug or a republished offer resolve to, and the count of an
//! offer's views. Public reads: anyone may call them, so the methods take no principal.
//! Everything here is synchronous (the server runs it in `web::block`).

use std::collections::HashMap;
use std::sync::Arc;

use wakat_applications::OfferStats;
use wakat_core::cursor::{CursorSort, RequestParams, RequestState};
use wakat_core::filters::{ListParams, OrderBy, Sort, SortBy, MAX_FROM};
use wakat_core::{ErrorCode, FieldError, Filters, Offer};
use wakat_engine::{Engine, Tenant};
use wakat_search::{Cluster, DidYouMean, Explanation, Hit, ListRequest, Suggestions, Understanding};

use crate::error::{AppError, Result};
use crate::views::ViewCounter;
use crate::Clock;

#[cfg(test)]
pub(crate) mod tests;

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

/// A parsed listing request of one board at one instant: the same instant decides which offers
/// are active and, in the server, how the answer renders them (`isNew`, `isOfferActive`).
#[derive(Debug, Clone)]
pub struct ListQuery {
    /// The board.
    pub tenant: Arc<Tenant>,
    /// Filters, sort, paging, viewport.
    pub params: ListParams,
    /// Only offers active now are listed.
    pub now: i64,
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
}

/// One page of a listing: its entries as search hits, or as the list entries the index stored
/// (`String`: rendered by the server's item renderer when the offer was indexed).
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

/// The score of one offer location for a listing, broken down, with the listing's total.
#[derive(Debug)]
pub struct Explained {
    /// The breakdown.
    pub explanation: Explanation,
    /// Entries the listing matches.
    pub total: usize,
    /// When the listing matches nothing: its nearest correction that finds offers.
    pub did_you_mean: Option<DidYouMean>,
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

/// An offer found by one of its slugs, with the location that slug stands for.
pub type OfferAt = (Offer, usize);

/// What an offer page's slug leads to.
#[derive(Debug)]
pub enum OfferAddress {
    /// The offer, at the location the slug is the address of.
    Found(Box<Offer>, usize),
    /// The offer lives at this address now.
    Moved(String),
}

/// The candidate side's offer reads and view counts.
#[derive(Clone)]
pub struct OffersService {
    engine: Arc<Engine>,
    views: Arc<ViewCounter>,
    stats: Arc<OfferStats>,
    clock: Clock,
}

impl OffersService {
    /// The service over the engine, the view counter and the employers' daily statistics (which
    /// count views too).
    pub fn new(engine: Arc<Engine>, views: Arc<ViewCounter>, stats: Arc<OfferStats>, clock: Clock) -> OffersService {
        OffersService { engine, views, stats, clock }
    }

    /// The listing request of `params` on `tenant`, at the clock's now.
    pub fn query(&self, tenant: Arc<Tenant>, params: ListParams) -> ListQuery {
        ListQuery { tenant, params, now: self.clock.now() }
    }

    /// A page by `page`/`perPage`, or by `from` when given.
    pub fn page(&self, query: &ListQuery, default_size: u32) -> Result<Page<String>> {
        let per_page = query.params.per_page.unwrap_or(default_size);
        let offset = match query.params.from {
            Some(from) => from,
            None => offset_of(query.params.page.unwrap_or(1), per_page, MAX_FROM)?,
        };
        let result = self.engine.index.list_items(&query.request(&query.params.filters, offset, per_page as usize))?;
        let did_you_mean = self.did_you_mean(query, result.total)?;
        Ok(Page { hits: result.hits, total: result.total, offset, per_page, understanding: result.understanding, did_you_mean })
    }

    /// A step of a cursor listing: from the cursor when given, else `from` and `itemsCount`.
    pub fn cursor_page(&self, query: &ListQuery) -> Result<CursorPage> {
        let params = &query.params;
        let (from, items_count) = match &params.cursor {
            Some(state) => (state.from, state.items_count),
            None => (params.from.unwrap_or(0), params.items_count.unwrap_or(DEFAULT_PAGE_SIZE)),
        };
        let result = self.engine.index.list_items(&query.request(&params.filters, from, items_count as usize))?;
        let sort = params.effective_sort();
        let currency = params.effective_currency();
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
        let did_you_mean = self.did_you_mean(query, result.total)?;
        Ok(CursorPage { hits: result.hits, total: result.total, from, items_count, next, prev, understanding: result.understanding, did_you_mean })
    }

    /// The nearest correction of a text query that found nothing.
    fn did_you_mean(&self, query: &ListQuery, total: usize) -> Result<Option<DidYouMean>> {
        if total > 0 {
            return Ok(None);
        }
        Ok(self.engine.index.did_you_mean(query.slug(), &query.params.filters, query.now)?)
    }

    /// The score of one offer location for this listing, broken down
    /// ([`AppError::OfferNotListed`] when the board's index has no location `slug`).
    pub fn explain(&self, query: &ListQuery, slug: &str) -> Result<Explained> {
        let explanation =
            self.engine.index.explain(&query.request(&query.params.filters, 0, 0), slug)?.ok_or_else(|| AppError::OfferNotListed { slug: slug.to_string() })?;
        let total = self.count(query)?;
        Ok(Explained { explanation, total, did_you_mean: self.did_you_mean(query, total)? })
    }

    /// Entries matching the filters.
    pub fn count(&self, query: &ListQuery) -> Result<usize> {
        Ok(self.engine.index.list(&query.request(&query.params.filters, 0, 0))?.total)
    }

    /// Active offers on every board (the `countAllBoardsOffers` flag is the caller's check).
    pub fn count_all_boards(&self) -> Result<usize> {
        Ok(self.engine.index.count(None, &Filters::default(), self.clock.now())?)
    }

    /// Matches per category value, ignoring the request's own category filter so every category
    /// shows what choosing it would give; with the total of that wider search.
    pub fn category_counts(&self, query: &ListQuery) -> Result<(usize, HashMap<u32, usize>)> {
        let mut filters = query.params.filters.clone();
        filters.categories.clear();
        let request = ListRequest { count_categories: true, ..query.request(&filters, 0, 0) };
        let result = self.engine.index.list(&request)?;
        Ok((result.total, result.category_counts))
    }

    /// Map clusters of the viewport at the zoom (6 when not given).
    pub fn clusters(&self, query: &ListQuery) -> Result<(f64, Vec<Cluster>)> {
        let zoom = query.params.zoom.unwrap_or(6.0);
        Ok((zoom, self.engine.index.clusters(query.slug(), &query.params.filters, query.params.viewport, zoom, query.now)?))
    }

    /// Titles, companies and skills starting with `keyword`, [`SUGGESTIONS_PER_KIND`] of each.
    pub fn suggest(&self, tenant: &Tenant, keyword: &str) -> Result<Suggestions> {
        Ok(self.engine.index.suggest(&tenant.settings.slug, keyword, SUGGESTIONS_PER_KIND)?)
    }

    /// The most viewed active offers (one entry per offer), topped up with the newest offers
    /// that show a salary; at most [`MAX_POPULAR_DEPTH`] deep.
    pub fn popular(&self, query: &ListQuery) -> Result<Page> {
        let per_page = query.params.per_page.unwrap_or(POPULAR_PAGE_SIZE);
        let offset = offset_of(query.params.page.unwrap_or(1), per_page, MAX_POPULAR_DEPTH - per_page as usize)?;
        let wanted = offset + per_page as usize;
        let mut views = self.views.counts(query.slug())?;
        views.sort_unstable_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        // Twice as many as needed: some viewed offers have expired since.
        let slugs: Vec<String> = views.into_iter().take(wanted * 2).map(|(slug, _)| slug).collect();
        let mut hits = self.engine.index.offers_by_slugs(query.slug(), &slugs, query.now)?;
        hits.truncate(wanted);
        if hits.len() < wanted {
            let with_salary = Filters { with_salary: true, ..Filters::default() };
            let newest = Sort { by: SortBy::Newest, order: OrderBy::Desc };
            let request = ListRequest { sort: newest, viewport: None, region: None, ..query.request(&with_salary, 0, wanted * 2) };
            let newest_hits = self.engine.index.list(&request)?.hits;
            top_up(&mut hits, newest_hits, wanted);
        }
        let total = hits.len();
        let hits = hits.into_iter().skip(offset).take(per_page as usize).collect();
        Ok(Page { hits, total, offset, per_page, understanding: Understanding::default(), did_you_mean: None })
    }

    /// The offer a slug names, expired and finished offers included ([`find_offer`]).
    pub fn find(&self, tenant: &Tenant, slug: &str) -> Result<Option<OfferAt>> {
        find_offer(&self.engine, &tenant.settings.slug, slug)
    }

    /// The offer page of a slug: the offer, or where it moved when the slug is not the address
    /// of the location it names (an address from before a title change, an employer offer's
    /// draft id), or [`AppError::OfferNotFound`].
    pub fn offer_page(&self, tenant: &Tenant, slug: &str) -> Result<OfferAddress> {
        let (offer, location_idx) = self.offer(tenant, slug)?;
        Ok(match offer.locations.get(location_idx) {
            // A record stored without its derived location slugs (an older writer) moves nowhere.
            Some(location) if !location.slug.is_empty() && location.slug != slug => OfferAddress::Moved(location.slug.clone()),
            _ => OfferAddress::Found(Box::new(offer), location_idx),
        })
    }

    /// The offer a slug names, or [`AppError::OfferNotFound`].
    pub fn offer(&self, tenant: &Tenant, slug: &str) -> Result<OfferAt> {
        self.find(tenant, slug)?.ok_or_else(|| AppError::OfferNotFound { slug: slug.to_string() })
    }

    /// The live slug of an offer: itself when active, else an active re-publication (same title,
    /// same company), else the slug itself, inactive.
    pub fn active_slug(&self, tenant: &Tenant, slug: &str) -> Result<ActiveSlug> {
        let now = self.clock.now();
        let (offer, location_idx) = self.offer(tenant, slug)?;
        if offer.is_active(now) {
            return Ok(ActiveSlug { slug: offer.locations[location_idx].slug.clone(), active: true, replaces: None });
        }
        Ok(match self.republished(&tenant.settings.slug, &offer, now)? {
            Some(hit) => ActiveSlug { slug: hit.slug, active: true, replaces: Some(slug.to_string()) },
            None => ActiveSlug { slug: slug.to_string(), active: false, replaces: None },
        })
    }

    /// The newest active offer with the same title by the same company.
    fn republished(&self, tenant: &str, offer: &Offer, now: i64) -> Result<Option<Hit>> {
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
        Ok(self.engine.index.list(&request)?.hits.into_iter().find(|h| h.offer.title == offer.title && h.offer.company_name == offer.company_name))
    }

    /// Up to `limit` active offers like the one of `slug`, active at the query's instant.
    pub fn lookalikes(&self, query: &ListQuery, slug: &str, limit: usize) -> Result<Vec<Hit>> {
        let (offer, _) = self.offer(&query.tenant, slug)?;
        Ok(self.engine.index.lookalikes(query.slug(), &offer, limit, query.now)?)
    }

    /// Counts a view of the offer a slug names (also on the offer's day for its employer's
    /// statistics; a location's slug counts for its offer); returns the offer's slug and its
    /// views so far.
    pub fn record_view(&self, tenant: &Tenant, slug: &str) -> Result<(String, u64)> {
        let board = &tenant.settings.slug;
        let (offer, _) = self.offer(tenant, slug)?;
        let views = self.views.record(board, &offer.slug)?;
        self.stats.record_view(board, &offer.slug, self.clock.now())?;
        Ok((offer.slug, views))
    }
}

/// The `page` parameter refused (beyond the deepest offer a list reaches).
fn invalid_page(message: String) -> AppError {
    FieldError::new("page", ErrorCode::InvalidPage, message).into()
}

/// The offset of a 1-based page, refused beyond `max_offset`.
fn offset_of(page: u32, per_page: u32, max_offset: usize) -> Result<usize> {
    let offset = (page as usize).saturating_sub(1) * per_page as usize;
    if offset > max_offset {
        return Err(invalid_page(format!("pages end at offset {max_offset}")));
    }
    Ok(offset)
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

/// The offer a slug names (an offer's or one of its locations', or an address the offer had
/// before: a changed title), with the location it stands for. The index knows location slugs;
/// the store knows offers the index no longer lists (expired, finished) and every address an
/// offer was given (live ones win: an address is never claimed while another offer has it). A free function over the engine so the other
/// services that resolve slugs (applying, favourites) share it without holding this service.
pub fn find_offer(engine: &Engine, tenant: &str, slug: &str) -> Result<Option<OfferAt>> {
    if !wakat_core::validate::is_valid_slug(slug) {
        return Ok(None);
    }
    if let Some(hit) = engine.index.find_slug(tenant, slug)? {
        if let Some(offer) = engine.store.get_offer(tenant, &hit.parent_slug)? {
            let location_idx = offer.locations.iter().position(|l| l.slug == slug).unwrap_or(0);
            return Ok(Some((offer, location_idx)));
        }
    }
    if let Some(offer) = engine.store.get_offer(tenant, slug)? {
        return Ok(Some((offer, 0)));
    }
    let Some(owner) = engine.store.address_owner(tenant, slug)? else { return Ok(None) };
    Ok(engine.store.get_offer(tenant, &owner.slug)?.map(|offer| {
        let location_idx = if owner.location < offer.locations.len() { owner.location } else { 0 };
        (offer, location_idx)
    }))
}
