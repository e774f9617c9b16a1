//! What the engine is doing, for monitoring: searches running and done, the time they kept
//! threads busy, and the writes waiting for the writer thread.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::filtercache::FilterCacheStats;

/// Where a search ran (see `SearchIndex::search`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchExecutor {
    /// Split over the search threads (it was the only search running).
    Pool,
    /// On the calling thread (others were running).
    Caller,
}

impl SearchExecutor {
    /// Both, in a fixed order.
    pub const ALL: [SearchExecutor; 2] = [SearchExecutor::Pool, SearchExecutor::Caller];

    /// Label value.
    pub fn name(self) -> &'static str {
        match self {
            SearchExecutor::Pool => "pool",
            SearchExecutor::Caller => "caller",
        }
    }
}

/// Counters shared by the read side and the writer thread.
#[derive(Debug, Default)]
pub(crate) struct Activity {
    pub(crate) in_flight: AtomicUsize,
    searches: [AtomicU64; 2],
    busy_nanos: [AtomicU64; 2],
    /// Commands sent to the writer thread and not yet taken by it.
    pub(crate) writer_queue: Arc<AtomicUsize>,
}

impl Activity {
    pub(crate) fn record(&self, executor: SearchExecutor, threads: usize, elapsed: Duration) {
        let idx = executor as usize;
        self.searches[idx].fetch_add(1, Ordering::Relaxed);
        // A pooled search keeps every search thread busy for its wall time (they split the
        // segments), a caller-side one its own thread.
        let nanos = u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX).saturating_mul(threads as u64);
        self.busy_nanos[idx].fetch_add(nanos, Ordering::Relaxed);
    }

    pub(crate) fn snapshot(&self, search_threads: usize) -> SearchStats {
        let per_executor = |counters: &[AtomicU64; 2]| SearchExecutor::ALL.map(|e| counters[e as usize].load(Ordering::Relaxed));
        SearchStats {
            running: self.in_flight.load(Ordering::Relaxed),
            searches: per_executor(&self.searches),
            busy: per_executor(&self.busy_nanos).map(Duration::from_nanos),
            search_threads,
            writer_queue: self.writer_queue.load(Ordering::Relaxed),
            filter_cache: FilterCacheStats::default(),
        }
    }
}

/// A snapshot of [`Activity`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchStats {
    /// Searches running now.
    pub running: usize,
    /// Searches done since start, by [`SearchExecutor`] (in `SearchExecutor::ALL` order).
    pub searches: [u64; 2],
    /// Thread time spent searching since start, by [`SearchExecutor`]; utilisation of the search
    /// threads is the pool's increase over wall time × `search_threads`.
    pub busy: [Duration; 2],
    /// Size of the search pool.
    pub search_threads: usize,
    /// Writes (and commit requests) waiting for the index writer thread.
    pub writer_queue: usize,
    /// The cache of filtering clauses.
    pub filter_cache: FilterCacheStats,
}
