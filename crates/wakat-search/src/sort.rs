//! How hits are ordered (`SortSpec`) and the order key a collector ranks them by (`Ranked`).
//!
//! Why a module of its own: the collectors (`collect`) rank by these, and the per-segment
//! orders (`ordered`) are built for the sorts that do not score; both sides need the types, and
//! keeping them here lets `ordered` stay below `collect` instead of importing it back.

use std::cmp::Ordering;

use tantivy::DocAddress;
use wakat_core::filters::{OrderBy, Sort, SortBy};

use crate::RankingConfig;

/// Order key of a hit: larger comes first.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ranked {
    /// Query words matched as typed (before any correction): ranks before the key.
    pub tier: u32,
    pub key: f64,
    pub published: i64,
    pub doc: DocAddress,
}

impl PartialEq for Ranked {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Ranked {}
impl PartialOrd for Ranked {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Ranked {
    /// Greater is better: higher tier, higher key, then fresher, then the lower document address (stable pages).
    fn cmp(&self, other: &Self) -> Ordering {
        self.tier
            .cmp(&other.tier)
            .then(self.key.total_cmp(&other.key))
            .then(self.published.cmp(&other.published))
            .then_with(|| (other.doc.segment_ord, other.doc.doc_id).cmp(&(self.doc.segment_ord, self.doc.doc_id)))
    }
}

/// How hits are ordered.
#[derive(Debug, Clone, Copy)]
pub(crate) enum SortSpec {
    /// Text relevance blended with freshness.
    Relevance { now: i64, ranking: RankingConfig },
    /// Publication time.
    Published { ascending: bool },
    /// Normalised salary; offers without salary last either way.
    Salary { ascending: bool },
}

impl SortSpec {
    pub(crate) fn new(sort: Sort, has_text: bool, now: i64, ranking: RankingConfig) -> SortSpec {
        let ascending = sort.order == OrderBy::Asc;
        match sort.by {
            SortBy::Published if has_text && !ascending => SortSpec::Relevance { now, ranking },
            SortBy::Published | SortBy::Newest => SortSpec::Published { ascending },
            SortBy::Salary => SortSpec::Salary { ascending },
        }
    }
}
