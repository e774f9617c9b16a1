//! Salary points of a filtered set, in one pass over one fast column: each document carries its
//! offer's points (one per contract kind with a salary, [`wakat_core::Offer::salary_points`])
//! packed with the seniority and contract kind, so a set split by seniority × contract is read
//! without the store and without a second column but for offers of several locations.
//!
//! Counting is per offer and contract kind: a location of an offer that has several adds its
//! points only the first time its offer is met (by the `offer_multi` column, which only such
//! documents carry), so an offer in Kraków and Warsaw counts once when both match.

use std::collections::hash_map::Entry;
use std::sync::Arc;

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::columnar::Column;
use tantivy::{DocId, Score, SegmentOrdinal, SegmentReader};
use wakat_core::{EmploymentKind, ExperienceLevel, Filters};

use crate::active::ActiveSet;
use crate::bits::Bits;
use crate::collect::{IntMap, PredicateColumns};
use crate::points::{unpack, KINDS, LEVELS};
use crate::query::Part;
use crate::query::Predicates;
use crate::schema::names;
use crate::stats::SearchExecutor;
use crate::{Result, SearchError, SearchIndex};

/// The points of a set by seniority and contract kind (values of
/// [`wakat_core::salary_insight::SalaryPoint::value`]).
#[derive(Debug, Default, Clone)]
pub struct SalarySample {
    groups: Vec<Vec<u64>>,
    /// Points of offers with several locations, by offer, until the segments are merged.
    multi: IntMap<u64, Vec<u64>>,
}

impl SalarySample {
    fn empty() -> SalarySample {
        SalarySample { groups: vec![Vec::new(); KINDS * LEVELS], multi: IntMap::default() }
    }

    /// The points of one seniority and contract kind.
    pub fn values(&self, level: ExperienceLevel, kind: EmploymentKind) -> &[u64] {
        self.groups.get(level.code() as usize * KINDS + kind.code() as usize).map(Vec::as_slice).unwrap_or(&[])
    }

    /// Takes the points of one seniority and contract kind out of the sample.
    pub fn take(&mut self, level: ExperienceLevel, kind: EmploymentKind) -> Vec<u64> {
        self.groups.get_mut(level.code() as usize * KINDS + kind.code() as usize).map(std::mem::take).unwrap_or_default()
    }

    /// Points in the whole sample.
    pub fn len(&self) -> usize {
        self.groups.iter().map(Vec::len).sum()
    }

    /// Whether the sample holds no point.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn add(&mut self, packed: u64) {
        let (value, level, kind, _) = unpack(packed);
        if let Some(group) = self.groups.get_mut(level * KINDS + kind) {
            group.push(value);
        }
    }

    fn merge(&mut self, other: SalarySample) {
        for (mine, theirs) in self.groups.iter_mut().zip(other.groups) {
            mine.extend(theirs);
        }
        for (offer, points) in other.multi {
            self.multi.entry(offer).or_insert(points);
        }
    }

    /// Moves the points of offers with several locations into their groups.
    fn settle(&mut self) {
        for (_, points) in std::mem::take(&mut self.multi) {
            for packed in points {
                self.add(packed);
            }
        }
    }
}

/// Collects the points of matching documents whose contract kind is in `kinds` (a bit per
/// kind code).
pub(crate) struct SalaryCollector {
    pub predicates: Predicates,
    pub kinds: u8,
    pub active: Vec<Arc<ActiveSet>>,
}

pub(crate) struct SalarySegmentCollector {
    checks: PredicateColumns,
    points: Column<u64>,
    offers: Column<u64>,
    kinds: u8,
    sample: SalarySample,
    scratch: Vec<u64>,
}

impl SalaryCollector {
    /// Builds the sample from per-segment samples.
    pub(crate) fn finish(mut samples: Vec<SalarySample>) -> SalarySample {
        let mut sample = samples.pop().unwrap_or_else(SalarySample::empty);
        for other in samples {
            sample.merge(other);
        }
        sample.settle();
        sample
    }
}

impl Collector for SalaryCollector {
    type Fruit = SalarySample;
    type Child = SalarySegmentCollector;

    fn for_segment(&self, segment_ord: SegmentOrdinal, segment: &SegmentReader) -> tantivy::Result<Self::Child> {
        Ok(SalarySegmentCollector {
            checks: PredicateColumns::open(&self.predicates, segment, self.active.get(segment_ord as usize), false)?,
            points: segment.fast_fields().u64(names::SALARY_POINTS)?,
            offers: segment.fast_fields().u64(names::OFFER_MULTI)?,
            kinds: self.kinds,
            sample: SalarySample::empty(),
            scratch: Vec::with_capacity(KINDS),
        })
    }

    fn requires_scoring(&self) -> bool {
        false
    }

    fn merge_fruits(&self, fruits: Vec<SalarySample>) -> tantivy::Result<SalarySample> {
        let mut merged = SalarySample::empty();
        for fruit in fruits {
            merged.merge(fruit);
        }
        Ok(merged)
    }
}

impl SegmentCollector for SalarySegmentCollector {
    type Fruit = SalarySample;

    #[inline]
    fn collect(&mut self, doc: DocId, _score: Score) {
        if self.checks.check(doc).is_none() {
            return;
        }
        let mut multi = false;
        self.scratch.clear();
        for packed in self.points.values_for_doc(doc) {
            let (_, _, kind, several) = unpack(packed);
            if self.kinds & (1 << kind) == 0 {
                continue;
            }
            match several {
                false => self.sample.add(packed),
                true => {
                    multi = true;
                    self.scratch.push(packed);
                }
            }
        }
        if multi {
            if let Some(offer) = self.offers.first(doc) {
                if let Entry::Vacant(entry) = self.sample.multi.entry(offer) {
                    entry.insert(self.scratch.clone());
                }
            }
        }
    }

    fn harvest(self) -> SalarySample {
        self.sample
    }
}

impl SalarySegmentCollector {
    /// Collects the documents of `bits` (live documents matching every clause).
    pub(crate) fn collect_bits(mut self, bits: &Bits) -> SalarySample {
        for doc in bits.iter() {
            self.collect(doc, 0.0);
        }
        self.sample
    }
}

impl SearchIndex {
    /// The salary points of the active offer locations of `tenant` matching `filters`, by
    /// seniority and contract kind; with contract filters, only those contracts' points. One
    /// pass over the matches (from the cached bits of the filters when the cache is on), no
    /// stored document read.
    pub fn salary_sample(&self, tenant: &str, filters: &Filters, now: i64) -> Result<SalarySample> {
        let searcher = self.searcher();
        let plan = self.plan(&searcher, Some(tenant), filters)?;
        let active = self.active.for_searcher(&searcher, now)?;
        let kinds = match filters.employment_types.is_empty() {
            true => u8::MAX,
            false => filters.employment_types.iter().fold(0u8, |mask, kind| mask | 1 << kind.code()),
        };
        let parts = match self.config.filter_cache_bytes {
            0 => plan.parts().into_iter().map(|(query, predicates)| (Part::Query(query), predicates)).collect(),
            _ => plan.cached_parts(&self.filters, &searcher, false)?,
        };
        let mut samples = Vec::with_capacity(parts.len());
        for (part, mut predicates) in parts {
            predicates.active_at = Some(now);
            let collector = SalaryCollector { predicates, kinds, active: active.clone() };
            match part {
                Part::Bits(bits) => samples.push(self.counted(|_| {
                    let mut fruits = Vec::with_capacity(searcher.segment_readers().len());
                    for (ord, segment) in searcher.segment_readers().iter().enumerate() {
                        let matching = bits.segment(segment.segment_id()).ok_or_else(|| SearchError::Corrupt("cached filters of another generation".into()))?;
                        fruits.push(collector.for_segment(ord as u32, segment)?.collect_bits(matching));
                    }
                    Ok((collector.merge_fruits(fruits)?, SearchExecutor::Caller, 1))
                })?),
                Part::Query(query) => samples.push(self.search(&searcher, &*query, &collector)?),
            }
        }
        Ok(SalaryCollector::finish(samples))
    }
}
