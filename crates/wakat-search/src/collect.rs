//! Collectors: one pass over matching documents that applies the fast-field predicates, counts
//! (total and per category), keeps the top of the requested sort, or aggregates map clusters.

use std::collections::{BinaryHeap, HashMap};
use std::sync::Arc;

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::columnar::Column;
use tantivy::{DocAddress, DocId, Score, SegmentOrdinal, SegmentReader};

use crate::active::{salary_bucket, ActiveSet, SALARY_MISSING, SALARY_UNSURE};
use crate::bits::Bits;
use crate::node::{EXACT_TIER, TYPED_LANGUAGE_BONUS};
use crate::ordered::{walk_pays, SortKind};
use crate::query::Predicates;
use crate::schema::names;
use crate::sort::{Ranked, SortSpec};
use crate::RankingConfig;

/// A multiplicative hasher for integer keys (cells, category values): collectors update a map
/// once per matching document, where SipHash would dominate the cost.
#[derive(Default, Clone, Copy)]
pub(crate) struct IntHasher(u64);

impl std::hash::Hasher for IntHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(n as u64);
    }
}

/// A hash map keyed by integers with [`IntHasher`].
pub(crate) type IntMap<K, V> = HashMap<K, V, std::hash::BuildHasherDefault<IntHasher>>;

/// Only one document in this many votes for its cluster's category: the most common category
/// of thousands of offers does not need every vote, and voting is the costliest step.
const CATEGORY_VOTE_STRIDE: u32 = 8;

/// Result of a listing collection.
#[derive(Debug, Default)]
pub(crate) struct ListFruit {
    pub total: usize,
    pub category_counts: IntMap<u32, usize>,
    pub top: Vec<Ranked>,
}

/// Counts, category counts and the best `top` documents.
pub(crate) struct ListCollector {
    pub predicates: Predicates,
    pub sort: SortSpec,
    pub top: usize,
    pub count_categories: bool,
    /// Active sets of the segments, by ordinal (may be empty: the expiry column answers then).
    pub active: Vec<Arc<ActiveSet>>,
}

fn f64_column(segment: &SegmentReader, name: &str) -> tantivy::Result<Column<f64>> {
    segment.fast_fields().f64(name)
}

fn i64_column(segment: &SegmentReader, name: &str) -> tantivy::Result<Column<i64>> {
    segment.fast_fields().i64(name)
}

/// The columns every predicate check needs, opened only when used.
pub(crate) struct PredicateColumns {
    predicates: Predicates,
    /// The segment's active set when it answers at `predicates.active_at`.
    active: Option<Arc<ActiveSet>>,
    expires: Column<i64>,
    lat: Option<Column<f64>>,
    lon: Option<Column<f64>>,
    salary_lo: Option<Column<f64>>,
    salary_hi: Option<Column<f64>>,
}

impl PredicateColumns {
    pub(crate) fn open(predicates: &Predicates, segment: &SegmentReader, active: Option<&Arc<ActiveSet>>, force_position: bool) -> tantivy::Result<Self> {
        let position = force_position || predicates.needs_position();
        let salary = predicates.needs_salary();
        Ok(PredicateColumns {
            predicates: predicates.clone(),
            active: active.filter(|set| predicates.active_at.is_some_and(|now| set.answers(now))).cloned(),
            expires: i64_column(segment, names::EXPIRES)?,
            lat: position.then(|| f64_column(segment, names::LAT)).transpose()?,
            lon: position.then(|| f64_column(segment, names::LON)).transpose()?,
            salary_lo: salary.then(|| f64_column(segment, names::SALARY_LO)).transpose()?,
            salary_hi: salary.then(|| f64_column(segment, names::SALARY_HI)).transpose()?,
        })
    }

    /// Whether the document passes; returns its position when position columns are open.
    #[inline]
    pub(crate) fn check(&self, doc: DocId) -> Option<Option<(f64, f64)>> {
        if !self.is_active(doc) {
            return None;
        }
        self.check_all_but_expiry(doc)
    }

    /// Whether coarse salary bounds settle the salary predicates; `None` when only the exact
    /// bounds can (a bound in the same 10 PLN step as the filter, or outside the coarse range).
    #[inline]
    fn salary_decided(&self, (lo, hi): (u16, u16)) -> Option<bool> {
        if lo == SALARY_MISSING || hi == SALARY_MISSING {
            return Some(false);
        }
        let mut unsure = false;
        // hi >= min: a higher step is above the floor, a lower one below it.
        if let Some(min) = self.predicates.salary_min_pln {
            match (hi, salary_bucket(min)) {
                (SALARY_UNSURE, _) | (_, SALARY_UNSURE | SALARY_MISSING) => unsure = true,
                (hi, min) if hi < min => return Some(false),
                (hi, min) if hi == min => unsure = true,
                _ => {}
            }
        }
        // lo <= max
        if let Some(max) = self.predicates.salary_max_pln {
            match (lo, salary_bucket(max)) {
                (SALARY_UNSURE, _) | (_, SALARY_UNSURE | SALARY_MISSING) => unsure = true,
                (lo, max) if lo > max => return Some(false),
                (lo, max) if lo == max => unsure = true,
                _ => {}
            }
        }
        (!unsure).then_some(true)
    }

    /// Whether the document is active at `predicates.active_at` (always, without one).
    #[inline]
    pub(crate) fn is_active(&self, doc: DocId) -> bool {
        match (self.predicates.active_at, &self.active) {
            (None, _) => true,
            (Some(now), Some(set)) => set.is_active(doc, now),
            (Some(now), None) => self.expires.first(doc).unwrap_or(0) > now,
        }
    }

    /// [`Self::check`] for a document already known to be active.
    #[inline]
    pub(crate) fn check_all_but_expiry(&self, doc: DocId) -> Option<Option<(f64, f64)>> {
        let position = match (&self.lat, &self.lon) {
            (Some(lat), Some(lon)) => {
                let (lat, lon) = (lat.first(doc)?, lon.first(doc)?);
                if !self.predicates.position_ok(lat, lon) {
                    return None;
                }
                Some((lat, lon))
            }
            _ => None,
        };
        if let (Some(lo), Some(hi)) = (&self.salary_lo, &self.salary_hi) {
            let decided = self.active.as_ref().and_then(|set| self.salary_decided(set.salary_coarse(doc)));
            if !decided.unwrap_or_else(|| self.predicates.salary_ok(lo.first(doc), hi.first(doc))) {
                return None;
            }
        }
        Some(position)
    }
}

pub(crate) struct ListSegmentCollector {
    segment_ord: SegmentOrdinal,
    checks: PredicateColumns,
    sort: SortSpec,
    top: usize,
    published: Column<i64>,
    salary: Option<Column<f64>>,
    categories: Option<Column<u64>>,
    total: usize,
    category_counts: IntMap<u32, usize>,
    heap: BinaryHeap<std::cmp::Reverse<Ranked>>,
}

impl Collector for ListCollector {
    type Fruit = ListFruit;
    type Child = ListSegmentCollector;

    fn for_segment(&self, segment_ord: SegmentOrdinal, segment: &SegmentReader) -> tantivy::Result<Self::Child> {
        let salary = match self.sort {
            SortSpec::Salary { ascending: true } => Some(f64_column(segment, names::SALARY_LO)?),
            SortSpec::Salary { ascending: false } => Some(f64_column(segment, names::SALARY_HI)?),
            _ => None,
        };
        Ok(ListSegmentCollector {
            segment_ord,
            checks: PredicateColumns::open(&self.predicates, segment, self.active.get(segment_ord as usize), false)?,
            sort: self.sort,
            top: self.top,
            published: i64_column(segment, names::PUBLISHED)?,
            salary,
            categories: self.count_categories.then(|| segment.fast_fields().u64(names::CATEGORY)).transpose()?,
            total: 0,
            category_counts: IntMap::default(),
            heap: BinaryHeap::with_capacity(self.top.min(4096) + 1),
        })
    }

    fn requires_scoring(&self) -> bool {
        matches!(self.sort, SortSpec::Relevance { .. })
    }

    fn merge_fruits(&self, fruits: Vec<ListFruit>) -> tantivy::Result<ListFruit> {
        let mut merged = ListFruit::default();
        for fruit in fruits {
            merged.total += fruit.total;
            for (category, count) in fruit.category_counts {
                *merged.category_counts.entry(category).or_default() += count;
            }
            merged.top.extend(fruit.top);
        }
        merged.top.sort_unstable_by(|a, b| b.cmp(a));
        merged.top.truncate(self.top);
        Ok(merged)
    }
}

/// Typed-language bonuses a score can hold below one [`EXACT_TIER`] (the tier's radix).
const BONUS_SLOTS: u32 = (EXACT_TIER / TYPED_LANGUAGE_BONUS) as u32;

/// Splits a score into its rank tier — the words matched as typed ([`EXACT_TIER`] each), then
/// the typed-language bonuses ([`TYPED_LANGUAGE_BONUS`] each) — and the relevance.
pub(crate) fn split_tier(score: Score) -> (u32, f64) {
    let (exact, bonuses, relevance) = split_score(score);
    (exact * BONUS_SLOTS + bonuses, relevance)
}

/// A score's exact tiers, typed-language bonuses and relevance (BM25 and attribute constants).
pub(crate) fn split_score(score: Score) -> (u32, u32, f64) {
    let exact = (score / EXACT_TIER).floor().max(0.0);
    let rest = score - exact * EXACT_TIER;
    let bonuses = (rest / TYPED_LANGUAGE_BONUS).floor().clamp(0.0, (BONUS_SLOTS - 1) as f32);
    (exact as u32, bonuses as u32, (rest - bonuses * TYPED_LANGUAGE_BONUS) as f64)
}

/// The key of a relevance sort: the text's relevance, raised by the offer's freshness.
fn relevance_key(relevance: f64, published: i64, now: i64, ranking: &RankingConfig) -> f64 {
    relevance * (1.0 + ranking.freshness_weight as f64 * freshness(published, now, ranking))
}

/// Freshness factor in (0, 1]: 1 for an offer published now, halving every half-life.
pub(crate) fn freshness(published: i64, now: i64, ranking: &RankingConfig) -> f64 {
    let age_days = ((now - published).max(0) as f64) / 86_400.0;
    0.5f64.powf(age_days / ranking.freshness_half_life_days.max(0.1) as f64)
}

impl SegmentCollector for ListSegmentCollector {
    type Fruit = ListFruit;

    fn collect(&mut self, doc: DocId, score: Score) {
        if self.checks.check(doc).is_none() {
            return;
        }
        self.accept(doc, score);
    }

    fn harvest(self) -> ListFruit {
        ListFruit { total: self.total, category_counts: self.category_counts, top: self.heap.into_iter().map(|r| r.0).collect() }
    }
}

impl ListSegmentCollector {
    /// Whether the document's coarse sort value proves it ranks below the worst of a full top,
    /// without reading its exact value (most matches of a large listing end here).
    #[inline]
    fn coarse_rejects(&self, doc: DocId, score: Score) -> bool {
        let (Some(set), Some(worst)) = (&self.checks.active, self.heap.peek()) else { return false };
        let worst = &worst.0;
        match self.sort {
            SortSpec::Relevance { now, ranking } => {
                let (tier, relevance) = split_tier(score);
                if tier != worst.tier {
                    return tier < worst.tier;
                }
                // The last instant of the document's coarse publication step is at least as
                // fresh as its exact date, so this bounds its key from above; the margin keeps
                // a rounding of the bound from rejecting a tie.
                let latest = set.published_step_end(set.published_coarse(doc));
                let bound = relevance_key(relevance, latest, now, &ranking);
                bound * (1.0 + 1e-9) < worst.key
            }
            SortSpec::Published { ascending: false } => set.published_coarse(doc) < set.published_bucket(worst.key as i64),
            SortSpec::Published { ascending: true } => set.published_coarse(doc) > set.published_bucket(-worst.key as i64),
            SortSpec::Salary { ascending } => {
                let (lo, hi) = set.salary_coarse(doc);
                let candidate = if ascending { lo } else { hi };
                if worst.key == f64::NEG_INFINITY || candidate == SALARY_UNSURE {
                    // The worst shows no salary: anything with one ranks above it.
                    return false;
                }
                if candidate == SALARY_MISSING {
                    // No salary ranks below every salary.
                    return true;
                }
                match (ascending, salary_bucket(if ascending { -worst.key } else { worst.key })) {
                    (_, SALARY_UNSURE | SALARY_MISSING) => false,
                    (false, worst) => candidate < worst,
                    (true, worst) => candidate > worst,
                }
            }
        }
    }

    /// Counts a document that passed every check and offers it to the top.
    #[inline]
    fn accept(&mut self, doc: DocId, score: Score) {
        self.total += 1;
        if let Some(categories) = &self.categories {
            for value in categories.values_for_doc(doc) {
                *self.category_counts.entry(value as u32).or_default() += 1;
            }
        }
        if self.top == 0 || (self.heap.len() >= self.top && self.coarse_rejects(doc, score)) {
            return;
        }
        self.offer(doc, score);
    }

    /// Offers a document to the top of the sort.
    #[inline]
    fn offer(&mut self, doc: DocId, score: Score) {
        let ranked = self.rank(doc, score);
        if self.heap.len() < self.top {
            self.heap.push(std::cmp::Reverse(ranked));
        } else if self.heap.peek().is_some_and(|worst| ranked > worst.0) {
            if let Some(mut worst) = self.heap.peek_mut() {
                *worst = std::cmp::Reverse(ranked);
            }
        }
    }

    /// Where a document ranks in the sort.
    #[inline]
    fn rank(&self, doc: DocId, score: Score) -> Ranked {
        let published = self.published.first(doc).unwrap_or(0);
        let (tier, relevance) = split_tier(score);
        let key = match self.sort {
            SortSpec::Relevance { now, ranking } => relevance_key(relevance, published, now, &ranking),
            SortSpec::Published { ascending: false } => published as f64,
            SortSpec::Published { ascending: true } => -(published as f64),
            SortSpec::Salary { ascending } => match self.salary.as_ref().and_then(|c| c.first(doc)) {
                Some(amount) if ascending => -amount,
                Some(amount) => amount,
                None => f64::NEG_INFINITY,
            },
        };
        let published_tiebreak = match self.sort {
            SortSpec::Published { ascending: true } => -published,
            _ => published,
        };
        let tier = if matches!(self.sort, SortSpec::Relevance { .. }) { tier } else { 0 };
        Ranked { tier, key, published: published_tiebreak, doc: DocAddress::new(self.segment_ord, doc) }
    }

    /// Collects the documents of `bits` (live documents matching the query) without tantivy:
    /// the total by counting the bits, the top by walking the segment's order of the sort when
    /// the matches are many, else by offering each match to the heap.
    pub(crate) fn collect_bits(mut self, bits: &Bits, max_doc: u32) -> ListFruit {
        let total = self.count_in(bits);
        let sorted = match (SortKind::of(self.sort), &self.checks.active) {
            (Some(kind), Some(set)) if self.categories.is_none() && self.top > 0 => Some((kind, Arc::clone(set))),
            _ => None,
        };
        match sorted {
            Some((kind, set)) if walk_pays(total, self.top, max_doc) => {
                let order = set.orders().get_or_build(kind, || self.order(max_doc));
                for &doc in order.iter() {
                    if self.heap.len() >= self.top {
                        break;
                    }
                    if bits.contains(doc) && self.checks.check(doc).is_some() {
                        let ranked = self.rank(doc, 0.0);
                        self.heap.push(std::cmp::Reverse(ranked));
                    }
                }
                self.total = total;
            }
            Some((kind, set)) => {
                // A narrow listing: rank the matches by their coarse values first, and read the
                // exact ones only for the candidates of the page.
                let (mut sure, mut unsure) = (Vec::with_capacity(total), Vec::new());
                for doc in bits.iter().filter(|&doc| self.checks.check(doc).is_some()) {
                    match coarse_rank(kind, &set, doc) {
                        Some(key) => sure.push((key, doc)),
                        None => unsure.push(doc),
                    }
                }
                if sure.len() > self.top {
                    // At least `top` matches rank strictly above any whose coarse key is larger
                    // than the top-th smallest: only those up to it (ties included) can enter.
                    let threshold = sure.select_nth_unstable(self.top - 1).1 .0;
                    sure.retain(|&(key, _)| key <= threshold);
                }
                for doc in unsure.into_iter().chain(sure.into_iter().map(|(_, doc)| doc)) {
                    self.offer(doc, 0.0);
                }
                self.total = total;
            }
            // A count alone (no page, no categories): the bits have told it.
            None if self.top == 0 && self.categories.is_none() => self.total = total,
            None => bits.iter().for_each(|doc| self.collect(doc, 0.0)),
        }
        self.harvest()
    }

    /// Every document of the segment, best first in the sort.
    fn order(&self, max_doc: u32) -> Vec<DocId> {
        let mut ranked: Vec<Ranked> = (0..max_doc).map(|doc| self.rank(doc, 0.0)).collect();
        ranked.sort_unstable_by(|a, b| b.cmp(a));
        ranked.into_iter().map(|r| r.doc.doc_id).collect()
    }

    /// How many documents of `bits` pass every check: a count of bits when only activity is
    /// checked, else a check per document.
    fn count_in(&self, bits: &Bits) -> usize {
        let checks = &self.checks;
        match (&checks.active, checks.predicates.active_at) {
            (Some(set), Some(now)) if !checks.predicates.needs_position() && !checks.predicates.needs_salary() => {
                let (lasting, expiring) = (set.lasting().words(), set.expiring().words());
                let mut total = 0;
                for (idx, &word) in bits.words().iter().enumerate() {
                    // Sets of one segment have the same length; a shorter one holds nothing more.
                    total += (word & lasting.get(idx).copied().unwrap_or(0)).count_ones() as usize;
                    let mut soon = word & expiring.get(idx).copied().unwrap_or(0);
                    while soon != 0 {
                        let doc = idx as DocId * 64 + soon.trailing_zeros();
                        total += set.expiring_still_active(doc, now) as usize;
                        soon &= soon - 1;
                    }
                }
                total
            }
            _ => bits.iter().filter(|&doc| checks.check(doc).is_some()).count(),
        }
    }
}

/// Where a document's coarse values place it in a sort that does not score: a smaller key ranks
/// strictly higher whenever the keys differ (equal keys need the exact values). `None` when
/// the coarse value cannot tell (a salary outside the coarse range): always a candidate.
#[inline]
fn coarse_rank(kind: SortKind, set: &ActiveSet, doc: DocId) -> Option<u32> {
    let salary = |bound: u16, descending: bool| match bound {
        SALARY_MISSING => Some(u32::MAX),
        SALARY_UNSURE => None,
        bound if descending => Some(u16::MAX as u32 - bound as u32),
        bound => Some(bound as u32),
    };
    match kind {
        SortKind::Newest => Some(u16::MAX as u32 - set.published_coarse(doc) as u32),
        SortKind::Oldest => Some(set.published_coarse(doc) as u32),
        SortKind::HighestSalary => salary(set.salary_coarse(doc).1, true),
        SortKind::LowestSalary => salary(set.salary_coarse(doc).0, false),
    }
}

/// Accumulated cluster: count and coordinate sums for the centroid, plus category votes.
#[derive(Debug, Default, Clone)]
pub(crate) struct ClusterAcc {
    pub count: usize,
    pub sum_lat: f64,
    pub sum_lon: f64,
    pub categories: IntMap<u32, usize>,
}

/// Aggregates matching documents by their H3 cell at one resolution.
pub(crate) struct ClusterCollector {
    pub predicates: Predicates,
    pub cell_field: String,
    /// Active sets of the segments, by ordinal (may be empty: the expiry column answers then).
    pub active: Vec<Arc<ActiveSet>>,
}

pub(crate) struct ClusterSegmentCollector {
    checks: PredicateColumns,
    cells: Column<u64>,
    categories: Column<u64>,
    clusters: IntMap<u64, ClusterAcc>,
    block: ClusterBlock,
}

/// Column values of one block of documents, decoded together (much cheaper than one by one).
#[derive(Default)]
struct ClusterBlock {
    expires: Vec<Option<i64>>,
    lat: Vec<Option<f64>>,
    lon: Vec<Option<f64>>,
    cells: Vec<Option<u64>>,
}

impl Collector for ClusterCollector {
    type Fruit = IntMap<u64, ClusterAcc>;
    type Child = ClusterSegmentCollector;

    fn for_segment(&self, segment_ord: SegmentOrdinal, segment: &SegmentReader) -> tantivy::Result<Self::Child> {
        Ok(ClusterSegmentCollector {
            checks: PredicateColumns::open(&self.predicates, segment, self.active.get(segment_ord as usize), true)?,
            cells: segment.fast_fields().u64(&self.cell_field)?,
            categories: segment.fast_fields().u64(names::CATEGORY)?,
            clusters: IntMap::default(),
            block: ClusterBlock::default(),
        })
    }

    fn requires_scoring(&self) -> bool {
        false
    }

    fn merge_fruits(&self, fruits: Vec<IntMap<u64, ClusterAcc>>) -> tantivy::Result<Self::Fruit> {
        let mut merged: IntMap<u64, ClusterAcc> = IntMap::default();
        for fruit in fruits {
            for (cell, acc) in fruit {
                let target = merged.entry(cell).or_default();
                target.count += acc.count;
                target.sum_lat += acc.sum_lat;
                target.sum_lon += acc.sum_lon;
                for (category, n) in acc.categories {
                    *target.categories.entry(category).or_default() += n;
                }
            }
        }
        Ok(merged)
    }
}

impl SegmentCollector for ClusterSegmentCollector {
    type Fruit = IntMap<u64, ClusterAcc>;

    fn collect(&mut self, doc: DocId, _score: Score) {
        let Some(Some((lat, lon))) = self.checks.check(doc) else { return };
        let Some(cell) = self.cells.first(doc) else { return };
        self.add(doc, cell, lat, lon);
    }

    fn collect_block(&mut self, docs: &[DocId]) {
        let (Some(lat_column), Some(lon_column)) = (&self.checks.lat, &self.checks.lon) else { return };
        if self.checks.salary_lo.is_some() {
            // Rare on maps; the per-document path checks salaries.
            for &doc in docs {
                self.collect(doc, 0.0);
            }
            return;
        }
        let n = docs.len();
        let block = &mut self.block;
        block.expires.resize(n, None);
        block.lat.resize(n, None);
        block.lon.resize(n, None);
        block.cells.resize(n, None);
        self.checks.expires.first_vals(docs, &mut block.expires[..n]);
        lat_column.first_vals(docs, &mut block.lat[..n]);
        lon_column.first_vals(docs, &mut block.lon[..n]);
        self.cells.first_vals(docs, &mut block.cells[..n]);
        let active_at = self.checks.predicates.active_at;
        for (idx, &doc) in docs.iter().enumerate().take(n) {
            if active_at.is_some_and(|now| self.block.expires[idx].unwrap_or(0) <= now) {
                continue;
            }
            let (Some(lat), Some(lon), Some(cell)) = (self.block.lat[idx], self.block.lon[idx], self.block.cells[idx]) else { continue };
            if !self.checks.predicates.position_ok(lat, lon) {
                continue;
            }
            self.add(doc, cell, lat, lon);
        }
    }

    fn harvest(self) -> Self::Fruit {
        self.clusters
    }
}

impl ClusterSegmentCollector {
    #[inline]
    fn add(&mut self, doc: DocId, cell: u64, lat: f64, lon: f64) {
        let acc = self.clusters.entry(cell).or_default();
        acc.count += 1;
        acc.sum_lat += lat;
        acc.sum_lon += lon;
        if doc.is_multiple_of(CATEGORY_VOTE_STRIDE) || acc.count <= CATEGORY_VOTE_STRIDE as usize {
            if let Some(category) = self.categories.first(doc) {
                *acc.categories.entry(category as u32).or_default() += 1;
            }
        }
    }
}
