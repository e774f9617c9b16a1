//! H3 geometry: cells of a point at the indexed resolutions, cell covers of a radius, and the
//! resolution a map zoom level clusters at.

use h3o::{CellIndex, LatLng, Resolution};
use wakat_core::geo::haversine_km;

/// Resolutions stored for every location (res 2 ≈ 158 km edge … res 9 ≈ 0.17 km edge).
pub const CLUSTER_RESOLUTIONS: [u8; 8] = [2, 3, 4, 5, 6, 7, 8, 9];

/// Largest grid-disk ring used for a radius cover; beyond it a coarser resolution is used.
const MAX_COVER_RING: u32 = 10;

fn resolution(res: u8) -> Resolution {
    Resolution::try_from(res).unwrap_or(Resolution::Nine)
}

/// Returns the H3 cell of a point at `res` as its integer index, `None` for invalid coordinates.
pub fn cell_at(lat: f64, lon: f64, res: u8) -> Option<u64> {
    let point = LatLng::new(lat, lon).ok()?;
    Some(u64::from(point.to_cell(resolution(res))))
}

/// A set of cells at one resolution whose union contains a circle.
#[derive(Debug, Clone, PartialEq)]
pub struct RadiusCover {
    /// Resolution of the cells.
    pub resolution: u8,
    /// Cell indexes.
    pub cells: Vec<u64>,
}

/// Returns cells covering the circle of `radius_km` around (lat, lon): the finest indexed
/// resolution whose grid disk stays small, keeping only cells that can intersect the circle.
pub fn radius_cover(lat: f64, lon: f64, radius_km: f64) -> Option<RadiusCover> {
    let centre = LatLng::new(lat, lon).ok()?;
    for &res in CLUSTER_RESOLUTIONS.iter().rev() {
        let resolution = resolution(res);
        // Neighbouring centres are about √3 edges apart, and a disk of k rings reaches at least
        // k × spacing × cos 30° from its centre; 0.8 instead of 0.866 absorbs cell-size variation.
        let edge_km = resolution.edge_length_km();
        let spacing_km = edge_km * 3f64.sqrt();
        let ring = ((radius_km + 2.0 * edge_km) / (0.8 * spacing_km)).ceil() as u32;
        if ring > MAX_COVER_RING && res != CLUSTER_RESOLUTIONS[0] {
            continue;
        }
        let centre_cell = centre.to_cell(resolution);
        // A cell can intersect the circle only if its centre is within radius + its circumradius
        // (the edge length of a hexagon); twice that margin covers the distorted cells.
        let reach_km = radius_km + 2.0 * edge_km;
        let cells: Vec<u64> = centre_cell
            .grid_disk::<Vec<CellIndex>>(ring)
            .into_iter()
            .filter(|cell| {
                let c = LatLng::from(*cell);
                haversine_km(lat, lon, c.lat(), c.lng()) <= reach_km
            })
            .map(u64::from)
            .collect();
        return Some(RadiusCover { resolution: res, cells });
    }
    None
}

/// Splits cover cells into those wholly inside the circle and the rest. H3 cell edges are
/// great-circle arcs and a spherical cap is convex, so a cell whose corners are all inside is
/// inside; a hair of margin keeps float error on the safe side.
pub fn split_cover(lat: f64, lon: f64, radius_km: f64, cells: Vec<u64>) -> (Vec<u64>, Vec<u64>) {
    let limit = radius_km * (1.0 - 1e-6);
    cells.into_iter().partition(|&cell| {
        let Ok(cell) = CellIndex::try_from(cell) else { return false };
        cell.boundary().iter().all(|corner| haversine_km(lat, lon, corner.lat(), corner.lng()) <= limit)
    })
}

/// Returns the cluster resolution for a map zoom level: about a dozen clusters across the screen.
pub fn resolution_for_zoom(zoom: f64) -> u8 {
    let res = ((zoom - 1.0) * 0.7).floor();
    res.clamp(CLUSTER_RESOLUTIONS[0] as f64, CLUSTER_RESOLUTIONS[CLUSTER_RESOLUTIONS.len() - 1] as f64) as u8
}

/// Parses a cluster id (hex H3 index) into its integer index and resolution.
pub fn parse_cluster_id(id: &str) -> Option<(u64, u8)> {
    let cell: CellIndex = id.trim().parse().ok()?;
    let res = u8::from(cell.resolution());
    CLUSTER_RESOLUTIONS.contains(&res).then(|| (u64::from(cell), res))
}

/// Formats a cell index as a cluster id.
pub fn cluster_id(cell: u64) -> String {
    format!("{cell:x}")
}

/// Returns the closed boundary ring of a cell as (lon, lat) pairs, GeoJSON order.
pub fn cell_boundary(cell: u64) -> Vec<[f64; 2]> {
    let Ok(cell) = CellIndex::try_from(cell) else { return Vec::new() };
    let mut ring: Vec<[f64; 2]> = cell.boundary().iter().map(|v| [v.lng(), v.lat()]).collect();
    if let Some(first) = ring.first().copied() {
        ring.push(first);
    }
    ring
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn zoom_maps_to_resolution() {
        assert_eq!(resolution_for_zoom(0.0), 2);
        assert_eq!(resolution_for_zoom(6.0), 3);
        assert_eq!(resolution_for_zoom(10.0), 6);
        assert_eq!(resolution_for_zoom(22.0), 9);
    }

    #[test]
    fn cluster_ids_round_trip() {
        let cell = cell_at(50.06, 19.94, 5).unwrap();
        assert_eq!(parse_cluster_id(&cluster_id(cell)), Some((cell, 5)));
        assert_eq!(parse_cluster_id("zzz"), None);
        assert_eq!(cell_boundary(cell).len(), 7);
    }

    proptest! {
        #[test]
        fn a_cell_contains_its_own_centroid(lat in 49.0f64..55.0, lon in 14.0f64..24.5, res_idx in 0usize..8) {
            let res = CLUSTER_RESOLUTIONS[res_idx];
            let cell = cell_at(lat, lon, res).unwrap();
            let centre = LatLng::from(CellIndex::try_from(cell).unwrap());
            prop_assert_eq!(cell_at(centre.lat(), centre.lng(), res), Some(cell));
        }

        #[test]
        fn cover_contains_every_point_inside_the_radius(
            lat in 49.0f64..55.0, lon in 14.0f64..24.5, radius in 0.5f64..300.0,
            bearing in 0.0f64..360.0, fraction in 0.0f64..1.0,
        ) {
            let cover = radius_cover(lat, lon, radius).unwrap();
            // A point at `fraction` of the radius along `bearing` (small-distance approximation, shrunk to stay inside).
            let distance = radius * fraction * 0.98;
            let d_lat = distance * bearing.to_radians().cos() / 111.2;
            let d_lon = distance * bearing.to_radians().sin() / (111.2 * lat.to_radians().cos());
            let (plat, plon) = (lat + d_lat, lon + d_lon);
            if haversine_km(lat, lon, plat, plon) <= radius {
                let cell = cell_at(plat, plon, cover.resolution).unwrap();
                prop_assert!(cover.cells.contains(&cell), "radius {radius} res {} misses point", cover.resolution);
            }
        }
    }
}
