//! The filtering clauses of listings (tenant, seniority, contract, workplace, city, radius cells,
//! and the keywords of a sort that does not score) answered from bits kept per segment.
//!
//! Why: a list call counts every match exactly, so its cost grows with its matches, and the
//! long tail of real calls combines the same few clauses over and over (about 120 keywords, 20
//! cities, four levels, three contracts). Intersecting their posting lists again on every call
//! took a third of the server's time at 1M offers; the same answer is an AND of a few cached
//! bitsets of 140 KB each. Like Lucene's filter cache, each clause is cached on its own (so two
//! keywords reuse each keyword's set), per segment (segments never change; deleted documents
//! are still skipped by tantivy's collection), and the least recently used sets go first when
//! the cache is over its budget.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};

use tantivy::index::SegmentId;
use tantivy::query::{EnableScoring, Explanation, Query, Scorer, Weight};
use tantivy::{DocId, Searcher, SegmentReader, TantivyError};

use crate::bits::{Bits, BitsDocSet};

/// A filtering clause and the key its bits are cached under: equal keys must mean equal
/// matches on every segment.
#[derive(Clone)]
pub(crate) struct Clause {
    pub key: String,
    source: Source,
}

/// Reads the bits of a clause from a segment's columns.
pub(crate) type Scan = Arc<dyn Fn(&SegmentReader) -> tantivy::Result<Bits> + Send + Sync>;

/// Where a clause's bits come from.
enum Source {
    /// A query's matches.
    Query(Box<dyn Query>),
    /// A pass over a segment's columns (a salary bound, the exact circle of a radius): cheaper
    /// once per segment than the check per match it replaces.
    Scan(Scan),
}

impl Clone for Source {
    fn clone(&self) -> Source {
        match self {
            Source::Query(query) => Source::Query(query.box_clone()),
            Source::Scan(scan) => Source::Scan(Arc::clone(scan)),
        }
    }
}

impl Clause {
    pub(crate) fn new(key: String, query: Box<dyn Query>) -> Clause {
        Clause { key, source: Source::Query(query) }
    }

    pub(crate) fn scan(key: String, scan: Scan) -> Clause {
        Clause { key, source: Source::Scan(scan) }
    }

    /// The clause as a query, when it is one.
    pub(crate) fn query(&self) -> Option<&dyn Query> {
        match &self.source {
            Source::Query(query) => Some(query.as_ref()),
            Source::Scan(_) => None,
        }
    }
}

/// Bits of a clause on one segment, and when they were last used.
struct Entry {
    bits: Arc<Bits>,
    count: u32,
    used: u64,
}

#[derive(Default)]
struct State {
    by_segment: HashMap<SegmentId, HashMap<String, Entry>>,
    bytes: usize,
    clock: u64,
    hits: u64,
    misses: u64,
    /// The segments of the last searcher seen: entries of others are dropped when it changes.
    segments: Vec<SegmentId>,
    /// The live documents of segments with deletes, with their number of deletes then.
    alive: HashMap<SegmentId, (u32, Arc<Bits>)>,
}

/// Cached bits of filtering clauses, per segment, within a byte budget.
pub(crate) struct FilterCache {
    state: Mutex<State>,
    budget_bytes: usize,
}

/// What the cache of filtering clauses holds and how it answered, for monitoring.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FilterCacheStats {
    /// Clause bits found cached (one per clause and segment).
    pub hits: u64,
    /// Clause bits computed from the index.
    pub misses: u64,
    /// Clause bits held.
    pub entries: usize,
    /// Bytes they take.
    pub bytes: usize,
}

impl FilterCache {
    pub(crate) fn new(budget_bytes: usize) -> FilterCache {
        FilterCache { state: Mutex::default(), budget_bytes }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub(crate) fn stats(&self) -> FilterCacheStats {
        let state = self.lock();
        FilterCacheStats { hits: state.hits, misses: state.misses, entries: state.by_segment.values().map(HashMap::len).sum(), bytes: state.bytes }
    }

    /// The live documents of each segment of `searcher` that match every clause (every live
    /// document when there is none), as a query that scores 0.
    pub(crate) fn matching(&self, searcher: &Searcher, clauses: &[Clause]) -> tantivy::Result<CachedBits> {
        self.forget_other_segments(searcher);
        // A clause's weight is built once per call, and only when some segment misses it.
        let mut weights: Vec<Option<Box<dyn Weight>>> = clauses.iter().map(|_| None).collect();
        let mut by_segment = HashMap::with_capacity(searcher.segment_readers().len());
        for segment in searcher.segment_readers() {
            let mut sets = Vec::with_capacity(clauses.len());
            for (clause, weight) in clauses.iter().zip(weights.iter_mut()) {
                sets.push(self.clause_bits(searcher, segment, clause, weight)?);
            }
            if segment.num_deleted_docs() > 0 {
                // The live documents are the segment's `num_docs`.
                sets.push((self.alive_bits(segment), segment.num_docs()));
            }
            // Starting from the smallest set, every AND only clears bits.
            sets.sort_by_key(|(_, count)| *count);
            let combined = match sets.split_first() {
                None => Arc::new(Bits::full(segment.max_doc())),
                Some(((only, _), [])) => Arc::clone(only),
                Some(((first, _), rest)) => {
                    let mut combined = first.as_ref().clone();
                    rest.iter().for_each(|(bits, _)| combined.intersect_with(bits));
                    Arc::new(combined)
                }
            };
            by_segment.insert(segment.segment_id(), combined);
        }
        Ok(CachedBits { by_segment: Arc::new(by_segment) })
    }

    /// The live documents of a segment with deletes, kept until its deletes change.
    fn alive_bits(&self, segment: &SegmentReader) -> Arc<Bits> {
        let (id, deleted) = (segment.segment_id(), segment.num_deleted_docs());
        if let Some((seen, bits)) = self.lock().alive.get(&id) {
            if *seen == deleted {
                return Arc::clone(bits);
            }
        }
        let mut bits = Bits::new(segment.max_doc());
        if let Some(alive) = segment.alive_bitset() {
            alive.iter_alive().for_each(|doc| bits.insert(doc));
        }
        let bits = Arc::new(bits);
        self.lock().alive.insert(id, (deleted, Arc::clone(&bits)));
        bits
    }

    /// The bits of one clause on one segment: cached, or computed and cached.
    fn clause_bits(
        &self,
        searcher: &Searcher,
        segment: &SegmentReader,
        clause: &Clause,
        weight: &mut Option<Box<dyn Weight>>,
    ) -> tantivy::Result<(Arc<Bits>, u32)> {
        let id = segment.segment_id();
        {
            let mut state = self.lock();
            state.clock += 1;
            let clock = state.clock;
            if let Some(entry) = state.by_segment.get_mut(&id).and_then(|clauses| clauses.get_mut(clause.key.as_str())) {
                entry.used = clock;
                let found = (Arc::clone(&entry.bits), entry.count);
                state.hits += 1;
                return Ok(found);
            }
            state.misses += 1;
        }
        // Computed outside the lock: two searches may both compute a set once; neither waits.
        let bits = match &clause.source {
            Source::Query(query) => {
                if weight.is_none() {
                    *weight = Some(query.weight(EnableScoring::disabled_from_searcher(searcher))?);
                }
                let mut bits = Bits::new(segment.max_doc());
                weight.as_ref().expect("built above").for_each_no_score(segment, &mut |docs| docs.iter().for_each(|&doc| bits.insert(doc)))?;
                bits
            }
            Source::Scan(scan) => scan(segment)?,
        };
        let count = bits.count();
        let bits = Arc::new(bits);
        self.insert(id, &clause.key, Arc::clone(&bits), count);
        Ok((bits, count))
    }

    fn insert(&self, id: SegmentId, key: &str, bits: Arc<Bits>, count: u32) {
        let size = bits.heap_bytes() + key.len();
        if size > self.budget_bytes {
            return;
        }
        let mut state = self.lock();
        state.clock += 1;
        let used = state.clock;
        if let Some(previous) = state.by_segment.entry(id).or_default().insert(key.to_string(), Entry { bits, count, used }) {
            state.bytes -= previous.bits.heap_bytes() + key.len();
        }
        state.bytes += size;
        while state.bytes > self.budget_bytes {
            let Some((segment, key)) = least_recently_used(&state) else { break };
            if let Some(clauses) = state.by_segment.get_mut(&segment) {
                if let Some(evicted) = clauses.remove(&key) {
                    state.bytes -= evicted.bits.heap_bytes() + key.len();
                }
            }
        }
    }

    /// Drops the entries of segments merged away, once per change of the segment list.
    fn forget_other_segments(&self, searcher: &Searcher) {
        let ids: Vec<SegmentId> = searcher.segment_readers().iter().map(SegmentReader::segment_id).collect();
        let mut state = self.lock();
        if state.segments == ids {
            return;
        }
        let mut freed = 0;
        state.alive.retain(|id, _| ids.contains(id));
        state.by_segment.retain(|id, clauses| {
            let keep = ids.contains(id);
            if !keep {
                freed += clauses.iter().map(|(key, entry)| entry.bits.heap_bytes() + key.len()).sum::<usize>();
            }
            keep
        });
        state.bytes -= freed;
        state.segments = ids;
    }
}

fn least_recently_used(state: &State) -> Option<(SegmentId, String)> {
    state
        .by_segment
        .iter()
        .flat_map(|(segment, clauses)| clauses.iter().map(move |(key, entry)| (entry.used, *segment, key)))
        .min_by_key(|(used, _, _)| *used)
        .map(|(_, segment, key)| (segment, key.clone()))
}

/// The combined bits of a listing's clauses, per segment: a tantivy query scoring 0.
#[derive(Clone)]
pub(crate) struct CachedBits {
    by_segment: Arc<HashMap<SegmentId, Arc<Bits>>>,
}

impl CachedBits {
    /// The bits of one segment.
    pub(crate) fn segment(&self, id: SegmentId) -> Option<&Bits> {
        self.by_segment.get(&id).map(|bits| bits.as_ref())
    }
}

impl fmt::Debug for CachedBits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CachedBits").field("segments", &self.by_segment.len()).finish()
    }
}

impl Query for CachedBits {
    fn weight(&self, _scoring: EnableScoring<'_>) -> tantivy::Result<Box<dyn Weight>> {
        Ok(Box::new(self.clone()))
    }
}

impl Weight for CachedBits {
    fn scorer(&self, reader: &SegmentReader, _boost: f32) -> tantivy::Result<Box<dyn Scorer>> {
        // A segment the bits were not computed for (a searcher of another generation) is a bug.
        let bits = self
            .by_segment
            .get(&reader.segment_id())
            .ok_or_else(|| TantivyError::InternalError(format!("no cached filter for segment {}", reader.segment_id().short_uuid_string())))?;
        Ok(Box::new(BitsDocSet::new(Arc::clone(bits))))
    }

    fn explain(&self, reader: &SegmentReader, doc: DocId) -> tantivy::Result<Explanation> {
        match self.by_segment.get(&reader.segment_id()).is_some_and(|bits| bits.contains(doc)) {
            true => Ok(Explanation::new("cached filter", 0.0)),
            false => Err(TantivyError::InvalidArgument(format!("document {doc} does not match the filters"))),
        }
    }
}
