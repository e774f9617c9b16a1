//! Per-segment cell rollups: the cluster aggregates of a tenant's active locations, computed once
//! per immutable segment and resolution, so a map without filters does not visit every document.
//!
//! A rollup built at `built_at` holds, per H3 cell, the sums of the locations still active at
//! `valid_until` (an hour later), and lists the few locations expiring in between one by one.
//! A query at any `now` in that hour adds the listed ones still active; outside it, the rollup
//! is rebuilt. Segments never change, except for deletes: the number of deleted documents is
//! part of the key.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::columnar::Column;
use tantivy::index::SegmentId;
use tantivy::query::{EnableScoring, Query};
use tantivy::{DocId, Score, Searcher, SegmentOrdinal, SegmentReader};
use wakat_core::geo::BoundingBox;

use crate::collect::{ClusterAcc, ClusterCollector, IntMap};
use crate::geo::cell_boundary;
use crate::query::Predicates;
use crate::schema::names;

/// How long a rollup answers for.
const HORIZON_SECS: i64 = 3_600;

/// Categories kept per cell (the cluster shows the most common one).
const CATEGORIES_KEPT: usize = 4;

/// Aggregate of one cell in one segment.
#[derive(Debug, Clone)]
pub(crate) struct CellRollup {
    pub count: usize,
    pub sum_lat: f64,
    pub sum_lon: f64,
    pub categories: Vec<(u32, usize)>,
    /// Box holding the whole cell, padded for the bulge of its geodesic edges.
    pub bounds: BoundingBox,
}

/// A location that expires within the horizon.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Expiring {
    pub expires: i64,
    pub cell: u64,
    pub lat: f64,
    pub lon: f64,
    pub category: Option<u32>,
}

/// The rollup of one segment, tenant and resolution.
#[derive(Debug)]
pub(crate) struct SegmentRollup {
    built_at: i64,
    valid_until: i64,
    pub cells: IntMap<u64, CellRollup>,
    pub expiring: Vec<Expiring>,
    /// The cells by the southern edge of their bounds, so a viewport visits only the band of
    /// cells that can reach it rather than every cell of the segment (a small map at a high
    /// resolution would otherwise walk tens of thousands of cells per segment).
    by_south: Vec<(f64, u64)>,
    /// The tallest cell's bounds, in degrees of latitude (how far south of a viewport a cell
    /// may begin and still reach into it).
    max_height: f64,
}

impl SegmentRollup {
    fn new(built_at: i64, valid_until: i64, cells: IntMap<u64, CellRollup>, expiring: Vec<Expiring>) -> SegmentRollup {
        let mut by_south: Vec<(f64, u64)> = cells.iter().map(|(&cell, sums)| (sums.bounds.south, cell)).collect();
        by_south.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let max_height = cells.values().map(|sums| sums.bounds.north - sums.bounds.south).fold(0.0, f64::max);
        SegmentRollup { built_at, valid_until, cells, expiring, by_south, max_height }
    }

    fn answers(&self, now: i64) -> bool {
        now >= self.built_at && now < self.valid_until
    }

    /// The cells whose bounds may meet `viewport` (all of them without one).
    fn cells_near<'a>(&'a self, viewport: Option<&BoundingBox>) -> Box<dyn Iterator<Item = (u64, &'a CellRollup)> + 'a> {
        let Some(view) = viewport else { return Box::new(self.cells.iter().map(|(&cell, sums)| (cell, sums))) };
        let first = self.by_south.partition_point(|(south, _)| *south < view.south - self.max_height);
        let last = self.by_south.partition_point(|(south, _)| *south <= view.north);
        Box::new(self.by_south[first..last.max(first)].iter().filter_map(|(_, cell)| self.cells.get(cell).map(|sums| (*cell, sums))))
    }
}

/// Where a cell lies relative to a viewport.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Placement {
    Inside,
    Outside,
    Partial,
}

pub(crate) fn placement(bounds: &BoundingBox, viewport: Option<&BoundingBox>) -> Placement {
    let Some(view) = viewport else { return Placement::Inside };
    if bounds.south > view.north || bounds.north < view.south || bounds.west > view.east || bounds.east < view.west {
        Placement::Outside
    } else if bounds.south >= view.south && bounds.north <= view.north && bounds.west >= view.west && bounds.east <= view.east {
        Placement::Inside
    } else {
        Placement::Partial
    }
}

fn cell_bounds(cell: u64) -> BoundingBox {
    let ring = cell_boundary(cell);
    let mut bounds = BoundingBox { north: f64::MIN, south: f64::MAX, east: f64::MIN, west: f64::MAX };
    for [lon, lat] in ring {
        bounds.north = bounds.north.max(lat);
        bounds.south = bounds.south.min(lat);
        bounds.east = bounds.east.max(lon);
        bounds.west = bounds.west.min(lon);
    }
    // Great-circle edges bow out by well under 1% of a cell's size; pad by 2% plus a margin.
    let pad_lat = (bounds.north - bounds.south) * 0.02 + 1e-4;
    let pad_lon = (bounds.east - bounds.west) * 0.02 + 1e-4;
    BoundingBox { north: bounds.north + pad_lat, south: bounds.south - pad_lat, east: bounds.east + pad_lon, west: bounds.west - pad_lon }
}

#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    segment: SegmentId,
    deleted: u32,
    tenant: String,
    resolution: u8,
}

/// Rollups of the segments searches currently see.
#[derive(Default)]
pub(crate) struct RollupCache {
    entries: Mutex<HashMap<Key, Arc<SegmentRollup>>>,
}

impl RollupCache {
    /// Returns a rollup per segment of `searcher` that answers at `now`, building missing ones
    /// with `tenant_query` (the tenant's documents).
    pub(crate) fn rollups(
        &self,
        searcher: &Searcher,
        tenant: &str,
        tenant_query: &dyn Query,
        cell_field: &str,
        resolution: u8,
        now: i64,
    ) -> tantivy::Result<Vec<Arc<SegmentRollup>>> {
        let keys: Vec<Key> = searcher
            .segment_readers()
            .iter()
            .map(|reader| Key { segment: reader.segment_id(), deleted: reader.num_deleted_docs(), tenant: tenant.to_string(), resolution })
            .collect();
        let mut found: Vec<Option<Arc<SegmentRollup>>> = {
            let mut entries = self.entries.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            // Forget segments merged away or with newer deletes.
            let live: Vec<(SegmentId, u32)> = keys.iter().map(|k| (k.segment, k.deleted)).collect();
            entries.retain(|key, _| live.contains(&(key.segment, key.deleted)));
            keys.iter().map(|key| entries.get(key).filter(|rollup| rollup.answers(now)).cloned()).collect()
        };
        let weight = tenant_query.weight(EnableScoring::disabled_from_searcher(searcher))?;
        for (ord, slot) in found.iter_mut().enumerate() {
            if slot.is_some() {
                continue;
            }
            let reader = searcher.segment_reader(ord as SegmentOrdinal);
            let rollup = Arc::new(build(reader, ord as SegmentOrdinal, &*weight, cell_field, now)?);
            self.entries.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).insert(keys[ord].clone(), Arc::clone(&rollup));
            *slot = Some(rollup);
        }
        Ok(found.into_iter().flatten().collect())
    }
}

fn build(reader: &SegmentReader, ord: SegmentOrdinal, weight: &dyn tantivy::query::Weight, cell_field: &str, now: i64) -> tantivy::Result<SegmentRollup> {
    let valid_until = now.saturating_add(HORIZON_SECS);
    let lasting = ClusterCollector {
        predicates: Predicates { active_at: Some(valid_until), ..Default::default() },
        cell_field: cell_field.to_string(),
        active: Vec::new(),
    };
    let accs: IntMap<u64, ClusterAcc> = lasting.collect_segment(weight, ord, reader)?;
    let cells = accs
        .into_iter()
        .map(|(cell, acc)| {
            let mut categories: Vec<(u32, usize)> = acc.categories.into_iter().collect();
            categories.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            categories.truncate(CATEGORIES_KEPT);
            (cell, CellRollup { count: acc.count, sum_lat: acc.sum_lat, sum_lon: acc.sum_lon, categories, bounds: cell_bounds(cell) })
        })
        .collect();
    let expiring = ExpiringCollector { after: now, until: valid_until, cell_field: cell_field.to_string() }.collect_segment(weight, ord, reader)?;
    Ok(SegmentRollup::new(now, valid_until, cells, expiring))
}

/// Collects the locations expiring in (after, until].
struct ExpiringCollector {
    after: i64,
    until: i64,
    cell_field: String,
}

struct ExpiringSegmentCollector {
    after: i64,
    until: i64,
    expires: Column<i64>,
    cells: Column<u64>,
    lat: Column<f64>,
    lon: Column<f64>,
    categories: Column<u64>,
    found: Vec<Expiring>,
}

impl Collector for ExpiringCollector {
    type Fruit = Vec<Expiring>;
    type Child = ExpiringSegmentCollector;

    fn for_segment(&self, _ord: SegmentOrdinal, segment: &SegmentReader) -> tantivy::Result<Self::Child> {
        let fast = segment.fast_fields();
        Ok(ExpiringSegmentCollector {
            after: self.after,
            until: self.until,
            expires: fast.i64(names::EXPIRES)?,
            cells: fast.u64(&self.cell_field)?,
            lat: fast.f64(names::LAT)?,
            lon: fast.f64(names::LON)?,
            categories: fast.u64(names::CATEGORY)?,
            found: Vec::new(),
        })
    }

    fn requires_scoring(&self) -> bool {
        false
    }

    fn merge_fruits(&self, fruits: Vec<Vec<Expiring>>) -> tantivy::Result<Vec<Expiring>> {
        Ok(fruits.into_iter().flatten().collect())
    }
}

impl SegmentCollector for ExpiringSegmentCollector {
    type Fruit = Vec<Expiring>;

    fn collect(&mut self, doc: DocId, _score: Score) {
        let expires = self.expires.first(doc).unwrap_or(0);
        if expires <= self.after || expires > self.until {
            return;
        }
        if let (Some(cell), Some(lat), Some(lon)) = (self.cells.first(doc), self.lat.first(doc), self.lon.first(doc)) {
            let category = self.categories.first(doc).map(|c| c as u32);
            self.found.push(Expiring { expires, cell, lat, lon, category });
        }
    }

    fn harvest(self) -> Vec<Expiring> {
        self.found
    }
}

/// Adds rollups of cells wholly inside the viewport, and their expiring locations still active
/// at `now`, into `clusters`; returns the cells the viewport cuts, to be scanned document by document.
pub(crate) fn merge_rollups(rollups: &[Arc<SegmentRollup>], viewport: Option<&BoundingBox>, now: i64, clusters: &mut IntMap<u64, ClusterAcc>) -> Vec<u64> {
    let mut placements: IntMap<u64, Placement> = IntMap::default();
    for rollup in rollups {
        for (cell, sums) in rollup.cells_near(viewport) {
            if *placements.entry(cell).or_insert_with(|| placement(&sums.bounds, viewport)) != Placement::Inside {
                continue;
            }
            let acc = clusters.entry(cell).or_default();
            acc.count += sums.count;
            acc.sum_lat += sums.sum_lat;
            acc.sum_lon += sums.sum_lon;
            for &(category, n) in &sums.categories {
                *acc.categories.entry(category).or_default() += n;
            }
        }
    }
    for item in rollups.iter().flat_map(|rollup| &rollup.expiring) {
        // A cell of only expiring locations has no rollup entry: it is placed here.
        let placed = *placements.entry(item.cell).or_insert_with(|| placement(&cell_bounds(item.cell), viewport));
        if item.expires <= now || placed != Placement::Inside {
            continue;
        }
        let acc = clusters.entry(item.cell).or_default();
        acc.count += 1;
        acc.sum_lat += item.lat;
        acc.sum_lon += item.lon;
        if let Some(category) = item.category {
            *acc.categories.entry(category).or_default() += 1;
        }
    }
    // Cells the viewport cuts are counted by the scan alone.
    placements.into_iter().filter(|(_, placed)| *placed == Placement::Partial).map(|(cell, _)| cell).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bbox(north: f64, south: f64, east: f64, west: f64) -> BoundingBox {
        BoundingBox { north, south, east, west }
    }

    #[test]
    fn placement_of_boxes() {
        let view = bbox(55.0, 49.0, 24.0, 14.0);
        assert_eq!(placement(&bbox(52.0, 51.0, 20.0, 19.0), Some(&view)), Placement::Inside);
        assert_eq!(placement(&bbox(58.0, 56.0, 20.0, 19.0), Some(&view)), Placement::Outside);
        assert_eq!(placement(&bbox(56.0, 54.0, 20.0, 19.0), Some(&view)), Placement::Partial);
        assert_eq!(placement(&bbox(56.0, 54.0, 20.0, 19.0), None), Placement::Inside);
    }

    #[test]
    fn cell_bounds_hold_points_of_the_cell() {
        let cell = crate::geo::cell_at(52.2297, 21.0122, 3).unwrap();
        let bounds = cell_bounds(cell);
        assert!(bounds.contains(52.2297, 21.0122));
        assert!(bounds.north - bounds.south < 3.0);
    }
}
