//! The read side: opening the index and answering listings, counts, clusters, markers,
//! look-alikes and slug lookups.

use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering as AtomicOrdering};
use std::sync::Arc;
use std::time::Instant;

use std::ops::Bound;
use tantivy::collector::{Collector, TopDocs};

use tantivy::query::EnableScoring;
use tantivy::query::{BooleanQuery, BoostQuery, ConstScoreQuery, Occur, Query, RangeQuery, TermQuery, TermSetQuery};
use tantivy::schema::document::{DeserializeError, DocumentDeserialize, DocumentDeserializer};
use tantivy::schema::{Field, IndexRecordOption, Value};
use tantivy::{DocAddress, Executor, Index, IndexReader, ReloadPolicy, Searcher, TantivyDocument, Term};
use wakat_core::filters::Sort;
use wakat_core::geo::BoundingBox;
use wakat_core::{Filters, Offer};

use crate::active::ActiveCache;
use crate::analysis::{WakatTokenizer, ANALYZER_NAME};
use crate::collect::{ClusterCollector, IntMap, ListCollector, ListFruit};
use crate::directory::IndexDirectory;
use crate::filtercache::{CachedBits, FilterCache};
use crate::fuzzy::CorrectionCache;
use crate::geo::{cell_boundary, cluster_id, parse_cluster_id, resolution_for_zoom};
use crate::query::{plan, Part, Plan, Predicates};
use crate::rollup::{merge_rollups, RollupCache};
use crate::schema::{names, offer_key, Fields, OwnedCard, SCHEMA_VERSION};
use crate::sort::{Ranked, SortSpec};
use crate::stats::{Activity, SearchExecutor, SearchStats};
use crate::textquery::TextContext;
use crate::{Result, SearchConfig, SearchError};

const VERSION_FILE: &str = "wakat-schema-version";

/// Viewports smaller than this (in square degrees; Poland is about 60) are cut by range queries.
const SMALL_VIEWPORT_SQ_DEGREES: f64 = 4.0;

/// Finest resolution kept in rollups (zoom ≈ 12): finer cells hold a handful of offers each, so a
/// rollup would be as large as the documents, and the viewports there are small anyway.
const MAX_ROLLUP_RESOLUTION: u8 = 7;

/// What the version file holds: the schema version, then the item rendering's fingerprint.
fn index_version(config: &SearchConfig) -> String {
    match &config.items {
        Some(items) => format!("{SCHEMA_VERSION} {}", items.0.fingerprint()),
        None => SCHEMA_VERSION.to_string(),
    }
}

fn index_settings() -> tantivy::IndexSettings {
    tantivy::IndexSettings { docstore_blocksize: crate::schema::DOCSTORE_BLOCK_BYTES, ..Default::default() }
}

/// A listing request.
#[derive(Debug, Clone)]
pub struct ListRequest<'a> {
    /// Tenant, or every tenant (the all-boards count).
    pub tenant: Option<&'a str>,
    /// Filters.
    pub filters: &'a Filters,
    /// Sort.
    pub sort: Sort,
    /// Offset of the first hit.
    pub offset: usize,
    /// Hits to return (0 for counts only).
    pub limit: usize,
    /// Current time, Unix seconds: only offers active at this instant are listed.
    pub now: i64,
    /// Also count hits per category value.
    pub count_categories: bool,
    /// Only locations inside this viewport.
    pub viewport: Option<BoundingBox>,
    /// Only locations of this map cluster.
    pub region: Option<&'a str>,
}

/// One offer location found.
#[derive(Debug, Clone, PartialEq)]
pub struct Hit {
    /// Slug of the location's list entry.
    pub slug: String,
    /// Slug of the offer (the store key).
    pub parent_slug: String,
    /// Which location of the offer this hit stands for.
    pub location_idx: usize,
    /// The offer without its long texts (description, consents).
    pub offer: Offer,
}

/// A page of hits with counts: decoded offers ([`Hit`]), or the items the configured
/// [`crate::ItemRenderer`] rendered (`String`, from [`SearchIndex::list_items`]).
#[derive(Debug, Clone, Default)]
pub struct ListResult<T = Hit> {
    /// Matching locations in total.
    pub total: usize,
    /// The requested page.
    pub hits: Vec<T>,
    /// Matches per category value (a subcategory offer counts for its parent too).
    pub category_counts: HashMap<u32, usize>,
    /// What the text of the filters was understood as.
    pub understanding: crate::Understanding,
}

/// A map cluster.
#[derive(Debug, Clone, PartialEq)]
pub struct Cluster {
    /// H3 cell id (hex), usable as `region` for markers.
    pub id: String,
    /// Matching locations inside.
    pub count: usize,
    /// Mean latitude of the locations.
    pub latitude: f64,
    /// Mean longitude of the locations.
    pub longitude: f64,
    /// Most common category value.
    pub category_id: Option<u32>,
    /// H3 resolution.
    pub resolution: u8,
    /// Cell outline, (lon, lat) pairs, closed.
    pub boundary: Vec<[f64; 2]>,
}

/// A suggestion with the number of offers behind it.
#[derive(Debug, Clone, PartialEq)]
pub struct Suggestion {
    /// Text as written in offers.
    pub text: String,
    /// Offers carrying it.
    pub count: u64,
}

/// Suggestions by kind.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Suggestions {
    /// Offer titles.
    pub titles: Vec<Suggestion>,
    /// Company names.
    pub companies: Vec<Suggestion>,
    /// Skills.
    pub skills: Vec<Suggestion>,
}

/// The search index of all tenants.
pub struct SearchIndex {
    pub(crate) index: Index,
    pub(crate) reader: IndexReader,
    pub(crate) fields: Fields,
    pub(crate) config: Arc<SearchConfig>,
    rollups: RollupCache,
    /// Which documents are active, per segment (see [`crate::active`]).
    pub(crate) active: ActiveCache,
    /// Bits of filtering clauses, per segment (see [`crate::filtercache`]).
    pub(crate) filters: FilterCache,
    /// Typo corrections of the current generation.
    corrections: CorrectionCache,
    /// Searches running and done, busy time, writer queue: see [`SearchIndex::search`].
    pub(crate) activity: Activity,
    dir: Option<std::path::PathBuf>,
}

impl SearchIndex {
    /// Opens the index in `dir`, creating it when absent. Returns whether the index is new or was
    /// recreated because its schema version changed: the caller must then rebuild it from the store.
    pub fn open(dir: &Path, config: SearchConfig) -> Result<(SearchIndex, bool)> {
        let (schema, fields) = Fields::build();
        let version_path = dir.join(VERSION_FILE);
        let current = std::fs::read_to_string(&version_path).ok();
        let fresh = current.as_deref().map(str::trim) != Some(index_version(&config).as_str());
        if fresh && dir.exists() {
            std::fs::remove_dir_all(dir)?;
        }
        std::fs::create_dir_all(dir)?;
        let directory = IndexDirectory::open(dir).map_err(tantivy::TantivyError::from)?;
        let index = match fresh {
            true => Index::create(directory, schema, index_settings())?,
            false => Index::open(directory)?,
        };
        Ok((Self::assemble(index, fields, config, Some(dir.to_path_buf()))?, fresh))
    }

    /// Records that the index is complete for the current schema. Until this is called, the next
    /// open treats the index as new, so an interrupted rebuild is started over, never trusted.
    pub fn mark_built(&self) -> Result<()> {
        if let Some(dir) = &self.dir {
            std::fs::write(dir.join(VERSION_FILE), index_version(&self.config))?;
        }
        Ok(())
    }

    /// Creates an index in memory (tests, benchmarks).
    pub fn in_memory(config: SearchConfig) -> Result<SearchIndex> {
        let (schema, fields) = Fields::build();
        let index = Index::builder().schema(schema).settings(index_settings()).create_in_ram()?;
        Self::assemble(index, fields, config, None)
    }

    /// The search side of an opened or created index: its analyzer, executor, reader and caches.
    fn assemble(mut index: Index, fields: Fields, config: SearchConfig, dir: Option<std::path::PathBuf>) -> Result<SearchIndex> {
        index.tokenizers().register(ANALYZER_NAME, WakatTokenizer::new(config.analysis.clone()));
        if config.search_threads > 1 {
            index.set_multithread_executor(config.search_threads)?;
        }
        // No doc-store block cache: a block holds one document (DOCSTORE_BLOCK_BYTES), so it
        // would hit only for a document read twice, and every read paid its shared lock.
        let reader = index.reader_builder().reload_policy(ReloadPolicy::Manual).doc_store_cache_num_blocks(0).try_into()?;
        let filters = FilterCache::new(config.filter_cache_bytes);
        Ok(SearchIndex {
            index,
            reader,
            fields,
            config: Arc::new(config),
            rollups: RollupCache::default(),
            active: ActiveCache::default(),
            filters,
            corrections: CorrectionCache::default(),
            activity: Activity::default(),
            dir,
        })
    }

    /// The store sequence number of the last commit (0 for an empty index).
    pub fn committed_seq(&self) -> Result<u64> {
        let metas = self.index.load_metas()?;
        Ok(metas.payload.as_deref().and_then(|p| p.trim().parse().ok()).unwrap_or(0))
    }

    /// Identifies what searches currently see; changes with every commit.
    pub fn generation(&self) -> u64 {
        self.reader.searcher().generation().generation_id()
    }

    /// Searches running and done, search thread time and the writer's queue, for monitoring.
    pub fn stats(&self) -> SearchStats {
        SearchStats { filter_cache: self.filters.stats(), ..self.activity.snapshot(self.config.search_threads.max(1)) }
    }

    /// Number of documents (locations) visible to searches.
    pub fn num_docs(&self) -> u64 {
        self.reader.searcher().num_docs()
    }

    pub(crate) fn searcher(&self) -> Searcher {
        self.reader.searcher()
    }

    /// Runs a collector over the segments: on the search threads when this is the only search
    /// running, on the calling thread when others run too. Splitting one query over threads cuts
    /// its latency; under load, the cores are already busy and the hand-offs only cost throughput.
    pub(crate) fn search<C: Collector>(&self, searcher: &Searcher, query: &dyn Query, collector: &C) -> Result<C::Fruit> {
        self.counted(|others| {
            let scoring = match collector.requires_scoring() {
                true => EnableScoring::enabled_from_searcher(searcher),
                false => EnableScoring::disabled_from_searcher(searcher),
            };
            let calling_thread = Executor::single_thread();
            let (executor, kind, threads) = match others {
                0 => (searcher.index().search_executor(), SearchExecutor::Pool, self.config.search_threads.max(1)),
                _ => (&calling_thread, SearchExecutor::Caller, 1),
            };
            Ok((searcher.search_with_executor(query, collector, executor, scoring)?, kind, threads))
        })
    }

    /// Runs `work` as a search for the activity counters: it learns how many other searches run
    /// and answers where it ran and on how many threads.
    pub(crate) fn counted<T>(&self, work: impl FnOnce(usize) -> Result<(T, SearchExecutor, usize)>) -> Result<T> {
        struct Running<'a>(&'a AtomicUsize);
        impl Drop for Running<'_> {
            fn drop(&mut self) {
                self.0.fetch_sub(1, AtomicOrdering::Relaxed);
            }
        }
        let others = self.activity.in_flight.fetch_add(1, AtomicOrdering::Relaxed);
        let _running = Running(&self.activity.in_flight);
        let started = Instant::now();
        let (fruit, kind, threads) = work(others)?;
        self.activity.record(kind, threads, started.elapsed());
        Ok(fruit)
    }

    /// A listing answered by cached bits alone (see [`ListSegmentCollector::collect_bits`]), on
    /// the calling thread.
    fn collect_bits(&self, searcher: &Searcher, bits: &CachedBits, collector: &ListCollector) -> Result<ListFruit> {
        self.counted(|_| {
            let mut fruits = Vec::with_capacity(searcher.segment_readers().len());
            for (ord, segment) in searcher.segment_readers().iter().enumerate() {
                let matching = bits.segment(segment.segment_id()).ok_or_else(|| SearchError::Corrupt("cached filters of another generation".into()))?;
                fruits.push(collector.for_segment(ord as u32, segment)?.collect_bits(matching, segment.max_doc()));
            }
            Ok((collector.merge_fruits(fruits)?, SearchExecutor::Caller, 1))
        })
    }

    pub(crate) fn plan(&self, searcher: &Searcher, tenant: Option<&str>, filters: &Filters) -> Result<Plan> {
        self.plan_ranked(searcher, tenant, filters, &self.config.ranking)
    }

    pub(crate) fn plan_ranked(&self, searcher: &Searcher, tenant: Option<&str>, filters: &Filters, ranking: &crate::RankingConfig) -> Result<Plan> {
        let ctx =
            TextContext { fields: &self.fields, analysis: &self.config.analysis, words: &self.config.words, ranking, searcher, corrections: &self.corrections };
        plan(&ctx, &self.config.rates, tenant, filters)
    }

    /// Restricts a query to a small viewport with range queries on the coordinate columns, so a
    /// city-sized map does not visit every document of the country. Large viewports are left to
    /// the collector's check, which costs less than two column scans when most documents are in.
    fn with_viewport(&self, query: Box<dyn Query>, viewport: Option<BoundingBox>) -> Box<dyn Query> {
        let Some(viewport) = viewport else { return query };
        if (viewport.north - viewport.south) * (viewport.east - viewport.west) > SMALL_VIEWPORT_SQ_DEGREES {
            return query;
        }
        let range = |field, low: f64, high: f64| -> (Occur, Box<dyn Query>) {
            let range = RangeQuery::new(Bound::Included(Term::from_field_f64(field, low)), Bound::Included(Term::from_field_f64(field, high)));
            (Occur::Must, Box::new(ConstScoreQuery::new(Box::new(range), 0.0)))
        };
        Box::new(BooleanQuery::new(vec![
            (Occur::Must, query),
            range(self.fields.lat, viewport.south, viewport.north),
            range(self.fields.lon, viewport.west, viewport.east),
        ]))
    }

    fn with_region(&self, query: Box<dyn Query>, region: Option<&str>) -> Result<Box<dyn Query>> {
        let Some(region) = region else { return Ok(query) };
        let (cell, res) = parse_cluster_id(region).ok_or_else(|| SearchError::InvalidRegion(region.to_string()))?;
        let field = self.fields.cell_field(res).ok_or_else(|| SearchError::InvalidRegion(region.to_string()))?;
        let cell_query = TermQuery::new(Term::from_field_u64(field, cell), IndexRecordOption::Basic);
        Ok(Box::new(BooleanQuery::new(vec![(Occur::Must, query), (Occur::Must, Box::new(ConstScoreQuery::new(Box::new(cell_query), 0.0)))])))
    }

    /// Lists active offer locations matching the request, with the total and optional category counts.
    pub fn list(&self, request: &ListRequest<'_>) -> Result<ListResult> {
        self.list_published(request, None)
    }

    /// Like [`SearchIndex::list`], only offers published strictly after `after` (Unix seconds):
    /// the new offers of a saved search and the offers of a digest.
    pub fn list_published_after(&self, request: &ListRequest<'_>, after: i64) -> Result<ListResult> {
        self.list_published(request, Some(after))
    }

    fn with_published_after(&self, query: Box<dyn Query>, after: Option<i64>) -> Box<dyn Query> {
        let Some(after) = after else { return query };
        let range = RangeQuery::new(Bound::Excluded(Term::from_field_i64(self.fields.published, after)), Bound::Unbounded);
        Box::new(BooleanQuery::new(vec![(Occur::Must, query), (Occur::Must, Box::new(ConstScoreQuery::new(Box::new(range), 0.0)))]))
    }

    fn list_published(&self, request: &ListRequest<'_>, published_after: Option<i64>) -> Result<ListResult> {
        let (searcher, fruit, understanding) = self.collect_list(request, published_after)?;
        let hits = fruit.top.iter().skip(request.offset).map(|ranked: &Ranked| self.load_hit(&searcher, ranked.doc)).collect::<Result<Vec<_>>>()?;
        Ok(ListResult { total: fruit.total, hits, category_counts: fruit.category_counts.into_iter().collect(), understanding })
    }

    /// Like [`SearchIndex::list`], answering the items the configured [`crate::ItemRenderer`]
    /// rendered instead of decoded offers.
    pub fn list_items(&self, request: &ListRequest<'_>) -> Result<ListResult<String>> {
        let (searcher, fruit, understanding) = self.collect_list(request, None)?;
        let hits = fruit.top.iter().skip(request.offset).map(|ranked: &Ranked| self.load_item(&searcher, ranked.doc)).collect::<Result<Vec<_>>>()?;
        Ok(ListResult { total: fruit.total, hits, category_counts: fruit.category_counts.into_iter().collect(), understanding })
    }

    /// The matches of a listing: total, counts and the top of the sort up to the page's end.
    fn collect_list(&self, request: &ListRequest<'_>, published_after: Option<i64>) -> Result<(Searcher, ListFruit, crate::Understanding)> {
        let searcher = self.searcher();
        let plan = self.plan(&searcher, request.tenant, request.filters)?;
        let understanding = plan.understanding.clone();
        let sort = SortSpec::new(request.sort, plan.has_text, request.now, self.config.ranking);
        let active = self.active.for_searcher(&searcher, request.now)?;
        let mut merger = None;
        let mut fruits = Vec::with_capacity(2);
        let scoring = matches!(sort, SortSpec::Relevance { .. });
        let parts = match self.config.filter_cache_bytes {
            0 => plan.parts().into_iter().map(|(query, predicates)| (Part::Query(query), predicates)).collect(),
            _ => plan.cached_parts(&self.filters, &searcher, scoring)?,
        };
        // Cached bits answer a part alone unless the request restricts it further.
        let bits_alone = request.region.is_none() && request.viewport.is_none() && published_after.is_none() && !request.count_categories;
        for (part, mut predicates) in parts {
            predicates.active_at = Some(request.now);
            predicates.viewport = request.viewport;
            let top = request.offset.saturating_add(request.limit);
            let collector = ListCollector { predicates, sort, top, count_categories: request.count_categories, active: active.clone() };
            match part {
                Part::Bits(bits) if bits_alone => fruits.push(self.collect_bits(&searcher, &bits, &collector)?),
                part => {
                    let query = self.with_region(part.into_query(), request.region)?;
                    let query = self.with_viewport(query, request.viewport);
                    let query = self.with_published_after(query, published_after);
                    fruits.push(self.search(&searcher, &*query, &collector)?);
                }
            }
            merger = Some(collector);
        }
        let fruit = match merger {
            Some(collector) if fruits.len() > 1 => collector.merge_fruits(fruits)?,
            _ => fruits.pop().unwrap_or_default(),
        };
        Ok((searcher, fruit, understanding))
    }

    /// Counts active offer locations matching the filters.
    pub fn count(&self, tenant: Option<&str>, filters: &Filters, now: i64) -> Result<usize> {
        let request = ListRequest { tenant, filters, sort: Sort::default(), offset: 0, limit: 0, now, count_categories: false, viewport: None, region: None };
        Ok(self.list(&request)?.total)
    }

    /// Aggregates matching active locations inside the viewport into clusters for the zoom level.
    ///
    /// Without filters, cells wholly inside the viewport come from per-segment rollups and only
    /// the cells the viewport's edges cut are scanned document by document.
    pub fn clusters(&self, tenant: &str, filters: &Filters, viewport: Option<BoundingBox>, zoom: f64, now: i64) -> Result<Vec<Cluster>> {
        let resolution = resolution_for_zoom(zoom);
        let cell_field = names::cell(resolution);
        let searcher = self.searcher();
        let plan = self.plan(&searcher, Some(tenant), filters)?;
        let active = self.active.for_searcher(&searcher, now)?;
        let accs = if filters.is_empty() && resolution <= MAX_ROLLUP_RESOLUTION {
            let rollups = self.rollups.rollups(&searcher, tenant, &*plan.query, &cell_field, resolution, now)?;
            let mut accs = IntMap::default();
            let partial = merge_rollups(&rollups, viewport.as_ref(), now, &mut accs);
            if !partial.is_empty() {
                let field = self.fields.cell_field(resolution).ok_or_else(|| SearchError::Corrupt(format!("no cell field at resolution {resolution}")))?;
                let cut = BooleanQuery::new(vec![
                    (Occur::Must, plan.query),
                    (
                        Occur::Must,
                        Box::new(ConstScoreQuery::new(Box::new(TermSetQuery::new(partial.into_iter().map(|c| Term::from_field_u64(field, c)))), 0.0)),
                    ),
                ]);
                let predicates = Predicates { active_at: Some(now), viewport, ..plan.predicates };
                accs.extend(self.search(&searcher, &cut, &ClusterCollector { predicates, cell_field, active })?);
            }
            accs
        } else {
            let mut accs = IntMap::default();
            for (query, predicates) in plan.parts() {
                let predicates = Predicates { active_at: Some(now), viewport, ..predicates };
                let query = self.with_viewport(query, viewport);
                let collector = ClusterCollector { predicates, cell_field: cell_field.clone(), active: active.clone() };
                let part = self.search(&searcher, &*query, &collector)?;
                accs = collector.merge_fruits(vec![accs, part])?;
            }
            accs
        };
        let mut clusters: Vec<Cluster> = accs
            .into_iter()
            .map(|(cell, acc)| Cluster {
                id: cluster_id(cell),
                count: acc.count,
                latitude: acc.sum_lat / acc.count as f64,
                longitude: acc.sum_lon / acc.count as f64,
                category_id: acc.categories.iter().max_by_key(|(value, n)| (**n, std::cmp::Reverse(**value))).map(|(v, _)| *v),
                resolution,
                boundary: cell_boundary(cell),
            })
            .collect();
        clusters.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.id.cmp(&b.id)));
        Ok(clusters)
    }

    /// Finds the location document of a slug (a parent or a location slug), active or not.
    pub fn find_slug(&self, tenant: &str, slug: &str) -> Result<Option<Hit>> {
        let query = BooleanQuery::new(vec![
            (Occur::Must, Box::new(TermQuery::new(Term::from_field_text(self.fields.tenant, tenant), IndexRecordOption::Basic)) as Box<dyn Query>),
            (Occur::Must, Box::new(TermQuery::new(Term::from_field_text(self.fields.slug, slug), IndexRecordOption::Basic))),
        ]);
        let searcher = self.searcher();
        let top = searcher.search(&query, &TopDocs::with_limit(1).order_by_score())?;
        top.first().map(|(_, address)| self.load_hit(&searcher, *address)).transpose()
    }

    /// Finds the first location document of the offer with `guid` (the `jobAdvertisementId` of
    /// favourites and applications), active or not.
    pub fn find_guid(&self, tenant: &str, guid: &str) -> Result<Option<Hit>> {
        let query = BooleanQuery::new(vec![
            (Occur::Must, Box::new(TermQuery::new(Term::from_field_text(self.fields.tenant, tenant), IndexRecordOption::Basic)) as Box<dyn Query>),
            (Occur::Must, Box::new(TermQuery::new(Term::from_field_text(self.fields.guid, guid), IndexRecordOption::Basic))),
        ]);
        let searcher = self.searcher();
        let top = searcher.search(&query, &TopDocs::with_limit(1).order_by_score())?;
        top.first().map(|(_, address)| self.load_hit(&searcher, *address)).transpose()
    }

    /// Returns the first location of each offer slug that is indexed and active, in the given order.
    pub fn offers_by_slugs(&self, tenant: &str, slugs: &[String], now: i64) -> Result<Vec<Hit>> {
        let searcher = self.searcher();
        let mut hits = Vec::with_capacity(slugs.len());
        for slug in slugs {
            let term = Term::from_field_text(self.fields.key, &offer_key(tenant, slug));
            let query = TermQuery::new(term, IndexRecordOption::Basic);
            let top = searcher.search(&query, &TopDocs::with_limit(1).order_by_score())?;
            if let Some((_, address)) = top.first() {
                let hit = self.load_hit(&searcher, *address)?;
                if hit.offer.is_active(now) {
                    hits.push(hit);
                }
            }
        }
        Ok(hits)
    }

    /// Active offers most like `offer`: same category family, shared skills, seniority and place.
    pub fn lookalikes(&self, tenant: &str, offer: &Offer, limit: usize, now: i64) -> Result<Vec<Hit>> {
        let fields = &self.fields;
        let analysis = &self.config.analysis;
        let term_query = |term: Term, boost: f32| -> (Occur, Box<dyn Query>) {
            (Occur::Should, Box::new(BoostQuery::new(Box::new(ConstScoreQuery::new(Box::new(TermQuery::new(term, IndexRecordOption::Basic)), 1.0)), boost)))
        };
        let lineage = self.config.categories.get(tenant).map(|tree| tree.lineage(offer.category_id)).unwrap_or_else(|| vec![offer.category_id]);
        let mut similarity: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for (rank, value) in lineage.iter().enumerate() {
            similarity.push(term_query(Term::from_field_u64(fields.category, *value as u64), if rank == 0 { 4.0 } else { 2.0 }));
        }
        for skill in offer.skill_names().take(10) {
            for term in analysis.terms(skill) {
                similarity.push(term_query(Term::from_field_text(fields.skills, &term), 1.5));
            }
        }
        for term in analysis.terms(&offer.title) {
            similarity.push(term_query(Term::from_field_text(fields.title, &term), 1.0));
        }
        similarity.push(term_query(Term::from_field_u64(fields.experience, offer.experience_level.code()), 2.0));
        if let Some(location) = offer.locations.first() {
            similarity.push(term_query(Term::from_field_text(fields.city, &wakat_core::text::slugify(&location.city)), 1.5));
        }
        let tenant_filter = TermQuery::new(Term::from_field_text(fields.tenant, tenant), IndexRecordOption::Basic);
        let own = TermQuery::new(Term::from_field_text(fields.key, &offer_key(tenant, &offer.slug)), IndexRecordOption::Basic);
        let query = BooleanQuery::new(vec![
            (Occur::Must, Box::new(ConstScoreQuery::new(Box::new(tenant_filter), 0.0)) as Box<dyn Query>),
            (Occur::Must, Box::new(BooleanQuery::new(similarity))),
            (Occur::MustNot, Box::new(own)),
        ]);
        let searcher = self.searcher();
        let collector = ListCollector {
            predicates: crate::query::Predicates { active_at: Some(now), ..Default::default() },
            sort: SortSpec::Relevance { now, ranking: self.config.ranking },
            // Several locations of one offer may match; over-fetch, then keep one per offer.
            top: limit * 4,
            count_categories: false,
            active: self.active.for_searcher(&searcher, now)?,
        };
        let fruit = self.search(&searcher, &query, &collector)?;
        let mut seen = std::collections::HashSet::new();
        let mut hits = Vec::new();
        for ranked in fruit.top {
            let hit = self.load_hit(&searcher, ranked.doc)?;
            if seen.insert(hit.parent_slug.clone()) {
                hits.push(hit);
                if hits.len() == limit {
                    break;
                }
            }
        }
        Ok(hits)
    }

    fn load_hit(&self, searcher: &Searcher, address: DocAddress) -> Result<Hit> {
        let doc: TantivyDocument = searcher.doc(address)?;
        let text = doc
            .get_first(self.fields.card)
            .and_then(|value| value.as_str())
            .ok_or_else(|| SearchError::Corrupt(format!("document {address:?} has no card")))?;
        let mut card: OwnedCard = serde_json::from_str(text).map_err(|e| SearchError::Corrupt(e.to_string()))?;
        card.offer.fill_converted(&self.config.rates);
        let location = card
            .offer
            .locations
            .get(card.location_idx)
            .ok_or_else(|| SearchError::Corrupt(format!("card of {} has no location {}", card.offer.slug, card.location_idx)))?;
        Ok(Hit { slug: location.slug.clone(), parent_slug: card.offer.slug.clone(), location_idx: card.location_idx, offer: card.offer })
    }

    fn load_item(&self, searcher: &Searcher, address: DocAddress) -> Result<String> {
        // Documents of this schema version store the item first, when there is one.
        match searcher.doc(address)? {
            FirstStored(Some((field, item))) if field == self.fields.item => Ok(item),
            _ => Err(SearchError::Corrupt(format!("document {address:?} has no rendered item (no item renderer configured)"))),
        }
    }
}

/// The first stored value of a document. Documents store their rendered item first, so a
/// listing reads it and stops: the card behind it is neither decoded nor allocated.
struct FirstStored(Option<(Field, String)>);

impl DocumentDeserialize for FirstStored {
    fn deserialize<'de, D: DocumentDeserializer<'de>>(mut deserializer: D) -> std::result::Result<Self, DeserializeError> {
        Ok(FirstStored(deserializer.next_field::<String>()?))
    }
}
