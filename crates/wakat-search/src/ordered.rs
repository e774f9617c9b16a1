//! A segment's documents in the order of each sort that does not score, so a broad listing
//! takes its page by walking that order and stopping once the page is full.
//!
//! Why: a list call sorted by date or salary kept the top of its sort in a heap over every
//! match. A broad call (one skill and a level match tens of thousands of offers at 1M) pushed
//! and compared most of them. Walking the order instead visits about `top × documents /
//! matches` documents (a few thousand for a page of the long-tail mix) and stops; the total
//! comes from counting the matching bits (`ListSegmentCollector::count_in`). A narrow call
//! still iterates its few matches into the heap: the walk would cross the whole order first.
//!
//! An order is exactly the collector's ranking (key, then publication, then document id), so
//! the first documents the walk accepts are the top the heap would have kept. Built on first
//! use per segment and sort (4 bytes per document), kept with the segment's coarse values.

use std::sync::{Arc, OnceLock};

use tantivy::DocId;

use crate::sort::SortSpec;

/// A sort that does not score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SortKind {
    Newest,
    Oldest,
    HighestSalary,
    LowestSalary,
}

impl SortKind {
    const COUNT: usize = 4;

    /// The kind of a sort; `None` for relevance (its order depends on the query).
    pub(crate) fn of(sort: SortSpec) -> Option<SortKind> {
        match sort {
            SortSpec::Relevance { .. } => None,
            SortSpec::Published { ascending: false } => Some(SortKind::Newest),
            SortSpec::Published { ascending: true } => Some(SortKind::Oldest),
            SortSpec::Salary { ascending: false } => Some(SortKind::HighestSalary),
            SortSpec::Salary { ascending: true } => Some(SortKind::LowestSalary),
        }
    }
}

/// The orders of one segment, each built on first use.
#[derive(Default)]
pub(crate) struct SegmentOrders {
    slots: [OnceLock<Arc<[DocId]>>; SortKind::COUNT],
}

impl SegmentOrders {
    /// The documents in the order of `kind`; `build` lists them when no one has yet (a search
    /// arriving meanwhile waits for that one build rather than repeating it).
    pub(crate) fn get_or_build(&self, kind: SortKind, build: impl FnOnce() -> Vec<DocId>) -> Arc<[DocId]> {
        Arc::clone(self.slots[kind as usize].get_or_init(|| build().into()))
    }
}

/// Whether walking a segment's order beats iterating its matches into a heap: the walk visits
/// about `top × documents / matches` documents, the heap every match. (A heap step costs more
/// than a walk step, but weighting it 4× measured the same throughput on the long-tail mix.)
pub(crate) fn walk_pays(matches: usize, top: usize, max_doc: u32) -> bool {
    let matches = matches as u128;
    matches > 0 && matches * matches > top as u128 * max_doc as u128
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_walk_is_chosen_for_broad_matches_only() {
        // 1.12 million documents, a page ending at 500: the walk pays from ~23,700 matches.
        assert!(!walk_pays(0, 500, 1_120_000));
        assert!(!walk_pays(20_000, 500, 1_120_000));
        assert!(walk_pays(100_000, 500, 1_120_000));
        assert!(!walk_pays(100_000, 500_000, 1_120_000));
    }

    #[test]
    fn an_order_is_built_once() {
        let orders = SegmentOrders::default();
        let first = orders.get_or_build(SortKind::Newest, || vec![2, 0, 1]);
        let again = orders.get_or_build(SortKind::Newest, || unreachable!("built above"));
        assert_eq!(&*again, &[2, 0, 1]);
        assert!(Arc::ptr_eq(&first, &again));
        assert_eq!(&*orders.get_or_build(SortKind::LowestSalary, || vec![1, 2, 0]), &[1, 2, 0]);
    }
}
