//! What a listing reads for every match, kept small enough to stay in the processor's cache:
//! which documents are active (one bit each, valid for a window of time), and coarse 16-bit
//! copies of the publication date and the salary bounds.
//!
//! Why: a listing visits every match to count it exactly, and the matches of a filtered query
//! are scattered over the segment, so each read of a column of megabytes was a cache miss (the
//! profile of the long-tail mix at 1M offers put most of the collector's time there). The bits
//! of 1.12 million locations take 140 KB; the coarse values 2.2 MB per column. A coarse value
//! decides most comparisons on its own (a salary floor, whether a match can enter the top of
//! the sort); only a tie reads the exact column.
//!
//! A set built at `valid_from` marks the documents still active at `valid_until` (a window
//! later) and, separately, the few that expire inside the window. A query at any `now` inside
//! the window takes the first as they are and checks the second against their expiry column;
//! outside the window the bits are rebuilt (the coarse values are kept). Segments never change (deletes are the collector's
//! business, not the set's), so a set lives until its window ends or its segment is merged away.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tantivy::columnar::Column;
use tantivy::index::SegmentId;
use tantivy::{DocId, Searcher, SegmentReader};

use crate::bits::Bits;
use crate::ordered::SegmentOrders;
use crate::schema::names;

/// Coarse value of a salary bound that is missing.
pub(crate) const SALARY_MISSING: u16 = u16::MAX;
/// Coarse value of a salary bound outside the coarse range: compare the exact value.
pub(crate) const SALARY_UNSURE: u16 = u16::MAX - 1;
/// Monthly PLN per coarse salary step.
const SALARY_STEP: f64 = 10.0;

/// The coarse value of a salary amount: `floor(amount / 10)`, monotone over amounts from 0 to
/// 655,340 PLN; [`SALARY_UNSURE`] outside them, [`SALARY_MISSING`] for NaN (no salary).
#[inline]
pub(crate) fn salary_bucket(amount: f64) -> u16 {
    if amount.is_nan() {
        SALARY_MISSING
    } else if (0.0..SALARY_UNSURE as f64 * SALARY_STEP).contains(&amount) {
        (amount / SALARY_STEP) as u16
    } else {
        SALARY_UNSURE
    }
}

/// How long a set answers for. Rebuilding reads the segment's expiry column once (a few
/// milliseconds per million documents).
const WINDOW_SECS: i64 = 900;

/// Coarse publication dates and salary bounds of one segment. Segments never change, so these
/// are built once per segment and shared by its sets of every window.
struct Coarse {
    /// `(published - published_base) / published_step`, clamped.
    published: Box<[u16]>,
    published_base: i64,
    published_step: i64,
    /// [`salary_bucket`]s.
    salary_lo: Box<[u16]>,
    salary_hi: Box<[u16]>,
    /// Documents in the order of each sort, built on first use.
    orders: SegmentOrders,
}

impl Coarse {
    /// Reads the segment's publication and salary columns a block of ids at a time.
    fn build(segment: &SegmentReader) -> tantivy::Result<Coarse> {
        let fast = segment.fast_fields();
        let max_doc = segment.max_doc();
        let published_column = fast.i64(names::PUBLISHED)?;
        let published_base = published_column.min_value();
        let published_step = ((published_column.max_value().saturating_sub(published_base)) / (u16::MAX as i64 - 1)).max(1);
        let mut published = Vec::with_capacity(max_doc as usize);
        for_each_value(&published_column, max_doc, |_, value| published.push(published_bucket(value.unwrap_or(0), published_base, published_step)));
        let salary = |name| -> tantivy::Result<Box<[u16]>> {
            let mut coarse = Vec::with_capacity(max_doc as usize);
            for_each_value(&fast.f64(name)?, max_doc, |_, value| coarse.push(salary_bucket(value.unwrap_or(f64::NAN))));
            Ok(coarse.into_boxed_slice())
        };
        let (salary_lo, salary_hi) = (salary(names::SALARY_LO)?, salary(names::SALARY_HI)?);
        Ok(Coarse { published: published.into_boxed_slice(), published_base, published_step, salary_lo, salary_hi, orders: SegmentOrders::default() })
    }
}

/// The coarse value of a publication date: monotone, so a smaller coarse value means an
/// earlier date.
#[inline]
fn published_bucket(published: i64, base: i64, step: i64) -> u16 {
    (published.saturating_sub(base) / step).clamp(0, u16::MAX as i64) as u16
}

/// The active documents of one segment for instants in `[valid_from, valid_until)`, with the
/// segment's coarse values.
pub(crate) struct ActiveSet {
    valid_from: i64,
    valid_until: i64,
    /// Active until the window's end at least.
    lasting: Bits,
    /// Expiring inside the window: active while `now` is before their expiry.
    expiring: Bits,
    expires: Column<i64>,
    coarse: Arc<Coarse>,
}

impl ActiveSet {
    pub(crate) fn answers(&self, now: i64) -> bool {
        now >= self.valid_from && now < self.valid_until
    }

    /// Whether the document is active at `now`, which must lie inside the window (the cache
    /// hands out sets for that instant only).
    #[inline]
    pub(crate) fn is_active(&self, doc: DocId, now: i64) -> bool {
        debug_assert!(self.answers(now));
        self.lasting.contains(doc) || (self.expiring.contains(doc) && self.expiring_still_active(doc, now))
    }

    /// Documents active until the window's end at least.
    pub(crate) fn lasting(&self) -> &Bits {
        &self.lasting
    }

    /// Documents expiring inside the window (active while `now` is before their expiry).
    pub(crate) fn expiring(&self) -> &Bits {
        &self.expiring
    }

    /// Whether a document of [`ActiveSet::expiring`] is still active at `now`.
    #[inline]
    pub(crate) fn expiring_still_active(&self, doc: DocId, now: i64) -> bool {
        self.expires.first(doc).unwrap_or(0) > now
    }

    /// The segment's documents in the order of each sort (see [`crate::ordered`]).
    pub(crate) fn orders(&self) -> &SegmentOrders {
        &self.coarse.orders
    }

    /// The coarse publication date of a document.
    #[inline]
    pub(crate) fn published_coarse(&self, doc: DocId) -> u16 {
        self.coarse.published[doc as usize]
    }

    /// The coarse value of a publication date in this segment.
    #[inline]
    pub(crate) fn published_bucket(&self, published: i64) -> u16 {
        published_bucket(published, self.coarse.published_base, self.coarse.published_step)
    }

    /// The last instant of a coarse publication step: no document of the step was published later.
    #[inline]
    pub(crate) fn published_step_end(&self, coarse: u16) -> i64 {
        self.coarse.published_base.saturating_add((coarse as i64 + 1).saturating_mul(self.coarse.published_step)) - 1
    }

    /// The coarse salary bounds of a document ([`salary_bucket`]).
    #[inline]
    pub(crate) fn salary_coarse(&self, doc: DocId) -> (u16, u16) {
        (self.coarse.salary_lo[doc as usize], self.coarse.salary_hi[doc as usize])
    }

    /// Reads the segment's expiry column a block of ids at a time; the coarse values come from
    /// the segment's previous set when there is one.
    fn build(segment: &SegmentReader, now: i64, coarse: Option<Arc<Coarse>>) -> tantivy::Result<ActiveSet> {
        let valid_until = now.saturating_add(WINDOW_SECS);
        let expires = segment.fast_fields().i64(names::EXPIRES)?;
        let max_doc = segment.max_doc();
        let (mut lasting, mut expiring) = (Bits::new(max_doc), Bits::new(max_doc));
        for_each_value(&expires, max_doc, |doc, value| match value.unwrap_or(0) {
            at if at > valid_until => lasting.insert(doc),
            at if at > now => expiring.insert(doc),
            _ => {}
        });
        let coarse = match coarse {
            Some(coarse) => coarse,
            None => Arc::new(Coarse::build(segment)?),
        };
        Ok(ActiveSet { valid_from: now, valid_until, lasting, expiring, expires, coarse })
    }
}

/// Calls `visit` with the first value of every document of a column, in document order,
/// decoding a block of ids at a time.
pub(crate) fn for_each_value<T: PartialOrd + Copy + std::fmt::Debug + Send + Sync + 'static>(
    column: &Column<T>,
    max_doc: u32,
    mut visit: impl FnMut(DocId, Option<T>),
) {
    let mut values = Vec::with_capacity(BLOCK as usize);
    for_each_block(max_doc, |docs| {
        values.clear();
        values.resize(docs.len(), None);
        column.first_vals(docs, &mut values);
        for (&doc, &value) in docs.iter().zip(&values) {
            visit(doc, value);
        }
    });
}

/// Ids per block of [`for_each_block`]: columns decode a block much faster than id by id.
pub(crate) const BLOCK: u32 = 4_096;

/// Calls `visit` with every document id of a segment, in order, [`BLOCK`] ids at a time.
pub(crate) fn for_each_block(max_doc: u32, mut visit: impl FnMut(&[DocId])) {
    let mut docs = Vec::with_capacity(BLOCK as usize);
    let mut start = 0;
    while start < max_doc {
        let end = (start + BLOCK).min(max_doc);
        docs.clear();
        docs.extend(start..end);
        visit(&docs);
        start = end;
    }
}

/// Active sets of the segments searches currently see.
#[derive(Default)]
pub(crate) struct ActiveCache {
    entries: Mutex<HashMap<SegmentId, Arc<ActiveSet>>>,
}

impl ActiveCache {
    /// A set per segment of `searcher`, by ordinal, that answers at `now`; builds the missing
    /// or outdated ones and forgets segments no longer searched.
    pub(crate) fn for_searcher(&self, searcher: &Searcher, now: i64) -> tantivy::Result<Vec<Arc<ActiveSet>>> {
        let ids: Vec<SegmentId> = searcher.segment_readers().iter().map(SegmentReader::segment_id).collect();
        // Per segment: its set when it answers at `now`, else its outdated set (if any).
        let mut found: Vec<Result<Arc<ActiveSet>, Option<Arc<ActiveSet>>>> = {
            let mut entries = self.entries.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            if entries.keys().any(|id| !ids.contains(id)) {
                entries.retain(|id, _| ids.contains(id));
            }
            ids.iter().map(|id| entries.get(id).cloned().filter(|set| set.answers(now)).ok_or_else(|| entries.get(id).cloned())).collect()
        };
        for (ord, slot) in found.iter_mut().enumerate() {
            if let Err(outdated) = slot {
                // Built outside the lock: two searches may both build a set once; neither waits.
                let coarse = outdated.as_ref().map(|set| Arc::clone(&set.coarse));
                let set = Arc::new(ActiveSet::build(searcher.segment_reader(ord as u32), now, coarse)?);
                self.entries.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).insert(ids[ord], Arc::clone(&set));
                *slot = Ok(set);
            }
        }
        Ok(found.into_iter().flatten().collect())
    }
}
