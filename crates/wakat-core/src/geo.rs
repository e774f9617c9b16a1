//! Great-circle geometry on a spherical Earth.

/// Mean Earth radius in kilometres (IUGG).
pub const EARTH_RADIUS_KM: f64 = 6371.0088;

/// Returns the haversine distance in kilometres between two points given in degrees.
pub fn haversine_km(lat1: f64, lon1: f64, lat2: f64, lon2: f64) -> f64 {
    let (phi1, phi2) = (lat1.to_radians(), lat2.to_radians());
    let d_phi = (lat2 - lat1).to_radians();
    let d_lambda = (lon2 - lon1).to_radians();
    let a = (d_phi / 2.0).sin().powi(2) + phi1.cos() * phi2.cos() * (d_lambda / 2.0).sin().powi(2);
    2.0 * EARTH_RADIUS_KM * a.sqrt().min(1.0).asin()
}

/// A latitude/longitude rectangle (a map viewport). West may exceed east across the antimeridian,
/// which Polish boards never need, so such boxes are treated as empty.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoundingBox {
    /// Northern edge, degrees.
    pub north: f64,
    /// Southern edge, degrees.
    pub south: f64,
    /// Eastern edge, degrees.
    pub east: f64,
    /// Western edge, degrees.
    pub west: f64,
}

impl BoundingBox {
    /// Whether the point lies inside the box, edges included.
    pub fn contains(&self, lat: f64, lon: f64) -> bool {
        lat <= self.north && lat >= self.south && lon <= self.east && lon >= self.west
    }

    /// Returns the box grown by `fraction` of its size on every side, clamped to valid degrees.
    pub fn expanded(&self, fraction: f64) -> BoundingBox {
        let d_lat = (self.north - self.south) * fraction;
        let d_lon = (self.east - self.west) * fraction;
        BoundingBox {
            north: (self.north + d_lat).min(90.0),
            south: (self.south - d_lat).max(-90.0),
            east: (self.east + d_lon).min(180.0),
            west: (self.west - d_lon).max(-180.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn warsaw_to_krakow_is_about_252_km() {
        let d = haversine_km(52.2297, 21.0122, 50.0647, 19.945);
        assert!((d - 252.0).abs() < 3.0, "{d}");
    }

    #[test]
    fn zero_distance() {
        assert_eq!(haversine_km(50.0, 19.0, 50.0, 19.0), 0.0);
    }
}
