//! The gazetteer: cities with coordinates, looked up by slug or by any of their names.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::text::slugify;

/// A city of the gazetteer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Place {
    /// URL slug (`krakow`).
    pub slug: String,
    /// Polish name (`Kraków`).
    pub name: String,
    /// English name when different (`Cracow`).
    #[serde(default)]
    pub name_en: Option<String>,
    /// Latitude in degrees.
    pub lat: f64,
    /// Longitude in degrees.
    pub lon: f64,
    /// Voivodeship (province).
    #[serde(default)]
    pub region: String,
    /// Population, used to rank and to weight generated data.
    #[serde(default)]
    pub population: u64,
    /// Other names the city is known by.
    #[serde(default)]
    pub alt_names: Vec<String>,
}

/// Errors of a gazetteer file.
#[derive(Debug, thiserror::Error)]
#[error("gazetteer is not valid: {0}")]
pub struct GazetteerError(String);

/// Cities ordered by population, with lookups by slug and by folded name.
#[derive(Debug, Clone, Default)]
pub struct Gazetteer {
    places: Vec<Place>,
    by_key: HashMap<String, usize>,
    /// Each place's distinct folded names, in `places` order: folded once here, not per suggestion.
    folded_names: Vec<Vec<String>>,
}

impl Gazetteer {
    /// Parses a JSON array of places.
    pub fn from_json(json: &str) -> Result<Gazetteer, GazetteerError> {
        let places: Vec<Place> = serde_json::from_str(json).map_err(|e| GazetteerError(e.to_string()))?;
        Ok(Gazetteer::new(places))
    }

    /// Builds the lookups; on a name clash the more populous city wins.
    pub fn new(mut places: Vec<Place>) -> Gazetteer {
        places.sort_by(|a, b| b.population.cmp(&a.population).then_with(|| a.slug.cmp(&b.slug)));
        let mut by_key = HashMap::new();
        let mut folded_names = Vec::with_capacity(places.len());
        for (place_idx, place) in places.iter().enumerate() {
            let names = std::iter::once(&place.slug).chain(std::iter::once(&place.name)).chain(place.name_en.iter()).chain(place.alt_names.iter());
            let mut folded: Vec<String> = names.map(|name| slugify(name)).collect();
            for key in &folded {
                by_key.entry(key.clone()).or_insert(place_idx);
            }
            folded.sort_unstable();
            folded.dedup();
            folded_names.push(folded);
        }
        Gazetteer { places, by_key, folded_names }
    }

    /// Finds a city by slug or name, ignoring case and diacritics (`lodz`, `Łódź`, `Lodz`).
    pub fn lookup(&self, slug_or_name: &str) -> Option<&Place> {
        self.by_key.get(&slugify(slug_or_name)).map(|&idx| &self.places[idx])
    }

    /// All places, most populous first.
    pub fn places(&self) -> &[Place] {
        &self.places
    }

    /// Places any of whose names starts with `prefix`, ignoring case and diacritics (`lod` finds
    /// Łódź), most populous first; a blank prefix gives the most populous places.
    pub fn suggest(&self, prefix: &str, limit: usize) -> Vec<&Place> {
        let prefix = slugify(prefix);
        self.places
            .iter()
            .zip(&self.folded_names)
            .filter(|(_, names)| prefix.is_empty() || names.iter().any(|name| name.starts_with(&prefix)))
            .map(|(place, _)| place)
            .take(limit)
            .collect()
    }

    /// The nearest place to a point, by haversine distance.
    pub fn nearest(&self, lat: f64, lon: f64) -> Option<&Place> {
        self.places.iter().min_by(|a, b| {
            let da = crate::geo::haversine_km(lat, lon, a.lat, a.lon);
            let db = crate::geo::haversine_km(lat, lon, b.lat, b.lon);
            da.total_cmp(&db)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_by_folded_prefix_of_any_name_most_populous_first() {
        let gazetteer = Gazetteer::from_json(
            r#"[{"slug":"lodz","name":"Łódź","lat":51.77,"lon":19.46,"population":670000},
                {"slug":"lowicz","name":"Łowicz","lat":52.1,"lon":19.94,"population":27000},
                {"slug":"krakow","name":"Kraków","name_en":"Cracow","lat":50.06,"lon":19.94,"population":780000}]"#,
        )
        .unwrap();
        let slugs = |prefix: &str, limit| gazetteer.suggest(prefix, limit).iter().map(|p| p.slug.as_str()).collect::<Vec<_>>();
        assert_eq!(slugs("ło", 10), ["lodz", "lowicz"]);
        assert_eq!(slugs("LOD", 10), ["lodz"]);
        assert_eq!(slugs("crac", 10), ["krakow"]);
        assert_eq!(slugs("", 2), ["krakow", "lodz"]);
        assert!(slugs("xyz", 10).is_empty());
    }

    #[test]
    fn looks_up_by_slug_name_and_alias() {
        let gazetteer = Gazetteer::from_json(
            r#"[{"slug":"lodz","name":"Łódź","lat":51.77,"lon":19.46,"population":670000},
                {"slug":"krakow","name":"Kraków","name_en":"Cracow","lat":50.06,"lon":19.94,"population":780000}]"#,
        )
        .unwrap();
        assert_eq!(gazetteer.lookup("Łódź").unwrap().slug, "lodz");
        assert_eq!(gazetteer.lookup("LODZ").unwrap().slug, "lodz");
        assert_eq!(gazetteer.lookup("Cracow").unwrap().slug, "krakow");
        assert_eq!(gazetteer.places()[0].slug, "krakow");
        assert!(gazetteer.lookup("Gotham").is_none());
        assert_eq!(gazetteer.nearest(50.1, 19.9).unwrap().slug, "krakow");
    }
}
