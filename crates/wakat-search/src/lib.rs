//! Wakat search engine: a tantivy index of offer locations with Polish-aware text analysis and
//! H3 geo cells, answering listings, counts, map clusters, suggestions and look-alikes.
//!
//! Design decisions:
//! - One document per offer location (multilocation offers are searchable in every city), keyed
//!   by tenant and parent slug so an offer's documents are replaced or deleted together.
//! - Text and categorical filters are tantivy queries; activity, exact radius, viewport and salary
//!   bounds are checked by our own collectors on fast fields in the same pass that counts and
//!   keeps the top of the sort, so a listing with counts is one traversal. What they read for
//!   every match (which documents are active, coarse dates and salaries) is kept per segment in
//!   a few bits and bytes that stay in the processor's cache (`active`); exact columns settle ties.
//! - The engine is synchronous and knows nothing about HTTP or the store: writes arrive through
//!   [`IndexFeeder`], which batches them on one writer thread and commits at most every 500 ms
//!   with the store's sequence number as the commit payload.
#![warn(missing_docs)]

mod active;
pub mod analysis;
mod bits;
mod collect;
mod directory;
mod explain;
mod filtercache;
pub mod fuzzy;
pub mod geo;
mod index;
pub mod node;
mod ordered;
mod points;
mod query;
mod rollup;
mod salary;
pub mod salarywords;
mod schema;
mod sort;
mod stats;
mod suggest;
mod textquery;
pub mod understand;
mod writer;

pub use analysis::Analysis;
pub use explain::{DidYouMean, Explanation};
pub use filtercache::FilterCacheStats;
pub use index::{Cluster, Hit, ListRequest, ListResult, SearchIndex, Suggestion, Suggestions};
pub use salary::SalarySample;
pub use salarywords::SalaryBound;
pub use schema::SCHEMA_VERSION;
pub use stats::{SearchExecutor, SearchStats};
pub use textquery::{Chip, CorrectionUsed, Understanding};
pub use understand::{AttributeKind, QueryWords};
pub use writer::{IndexFeeder, MAX_PENDING_DELETES};

use std::collections::HashMap;
use std::sync::Arc;

use wakat_core::{CategoryTree, Offer, Rates};

/// Weights of ranking, in one place.
#[derive(Debug, Clone, Copy, PartialEq, serde::Deserialize)]
#[serde(default)]
pub struct RankingConfig {
    /// BM25 boost of the title field.
    pub title_boost: f32,
    /// BM25 boost of the skills field.
    pub skills_boost: f32,
    /// BM25 boost of the company field.
    pub company_boost: f32,
    /// BM25 boost of the location's city (so `java kraków` works as a keyword).
    pub place_boost: f32,
    /// How much freshness adds to relevance: score × (1 + weight × freshness), freshness in (0, 1].
    pub freshness_weight: f32,
    /// Age in days at which freshness halves.
    pub freshness_half_life_days: f32,
    /// Words of 5+ letters may match with one edit, of 9+ with two (technology tokens never).
    pub typo_tolerance: bool,
    /// Boost of a typo correction relative to the word as typed.
    pub correction_weight: f32,
    /// Most corrections searched per word (the most frequent terms within the edits).
    pub max_corrections: usize,
    /// Query-time groups of `index-data/query-words.txt`: compounds and translations.
    pub synonyms: bool,
    /// Boost of a translation relative to the form typed (compound spellings weigh 1).
    pub synonym_weight: f32,
    /// Place, workplace and seniority words also match the attribute.
    pub place_words: bool,
    /// Score a document gets for having the attribute a place, workplace or seniority word names.
    pub attribute_boost: f32,
    /// Boost of another role of the typed role's family (`engineer` for `programista`) and of a
    /// role doing a typed activity (`tester` for `testing`), relative to the form typed.
    pub family_weight: f32,
}

impl Default for RankingConfig {
    fn default() -> Self {
        RankingConfig {
            title_boost: 3.0,
            skills_boost: 2.0,
            company_boost: 1.5,
            place_boost: 1.0,
            freshness_weight: 0.6,
            freshness_half_life_days: 7.0,
            typo_tolerance: true,
            correction_weight: 0.5,
            max_corrections: 3,
            synonyms: true,
            synonym_weight: 0.5,
            place_words: true,
            attribute_boost: 2.0,
            family_weight: 0.3,
        }
    }
}

/// Everything the engine needs besides its directory.
#[derive(Debug, Clone)]
pub struct SearchConfig {
    /// Text analysis dictionaries.
    pub analysis: Arc<Analysis>,
    /// Query-time word lists (compounds, translations, place, workplace and seniority words).
    pub words: Arc<QueryWords>,
    /// Exchange rates for salary normalisation.
    pub rates: Rates,
    /// Ranking weights.
    pub ranking: RankingConfig,
    /// Category tree of each tenant (to index subcategory offers under their parent too).
    pub categories: HashMap<String, CategoryTree>,
    /// Memory budget of the writer in bytes.
    pub writer_memory_bytes: usize,
    /// Threads searching segments in parallel (1 = the calling thread only).
    pub search_threads: usize,
    /// Bytes the cached bits of filtering clauses may take (see `filtercache`); 0 turns the
    /// cache off, and every listing intersects posting lists again.
    pub filter_cache_bytes: usize,
    /// What lists show of each offer location, rendered when it is indexed (see [`ItemRenderer`]).
    pub items: Option<ItemRendering>,
}

/// Renders, once per indexed offer location, what a list shows of it, so an uncached listing
/// copies stored text into its answer instead of decoding a card and building the entry again
/// (that was a third of a listing's time). The engine stores what it is given and never reads
/// it: the shape belongs to the caller.
pub trait ItemRenderer: Send + Sync {
    /// Names the rendering (its shape and whatever it bakes in, such as exchange rates). Kept
    /// beside the schema version: a new fingerprint rebuilds the index from the store.
    fn fingerprint(&self) -> String;
    /// The item of location `location_idx` of `offer`, whose converted amounts are filled in.
    fn render(&self, offer: &Offer, location_idx: usize) -> String;
}

/// An [`ItemRenderer`] in the configuration.
#[derive(Clone)]
pub struct ItemRendering(pub Arc<dyn ItemRenderer>);

impl std::fmt::Debug for ItemRendering {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("ItemRendering").field(&self.0.fingerprint()).finish()
    }
}

/// Errors of the engine.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SearchError {
    /// tantivy failed.
    #[error("index error: {0}")]
    Index(#[from] tantivy::TantivyError),
    /// A file of the index directory could not be used.
    #[error("index directory error: {0}")]
    Io(#[from] std::io::Error),
    /// A cluster id that is not an H3 cell of an indexed resolution.
    #[error("invalid cluster id '{0}'")]
    InvalidRegion(String),
    /// A stored card could not be decoded.
    #[error("corrupt stored document: {0}")]
    Corrupt(String),
    /// The writer thread is gone.
    #[error("index writer stopped")]
    WriterStopped,
}

/// Result alias of the engine.
pub type Result<T, E = SearchError> = std::result::Result<T, E>;
