//! Places an offer that carries only a city name (and maybe a voivodeship) on the map through the
//! gazetteer.

use wakat_core::text::{fold, slugify};
use wakat_core::{Gazetteer, Place};

/// How an offer without coordinates was placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Placement {
    /// The city name is in the gazetteer as written.
    City,
    /// The city name is in the gazetteer once a trailing district or remark is dropped
    /// (`Warszawa Mokotów` is placed in Warszawa).
    CityWithoutDistrict,
    /// The city is unknown, so the offer sits at the most populous gazetteer city of its
    /// voivodeship; `extra.placement` says so.
    VoivodeshipFallback,
}

/// How many loaded offers were placed each way.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PlacementCounts {
    /// Placed by their city name as written.
    pub city: usize,
    /// Placed by their city name without a trailing district.
    pub city_without_district: usize,
    /// Placed at the main city of their voivodeship.
    pub voivodeship_fallback: usize,
}

impl PlacementCounts {
    /// Offers placed by their own city, with or without a district.
    pub fn exact(&self) -> usize {
        self.city + self.city_without_district
    }

    pub(super) fn count(&mut self, placement: Placement) {
        match placement {
            Placement::City => self.city += 1,
            Placement::CityWithoutDistrict => self.city_without_district += 1,
            Placement::VoivodeshipFallback => self.voivodeship_fallback += 1,
        }
    }
}

/// A gazetteer city chosen for an offer, and how.
#[derive(Debug, Clone, Copy)]
pub(super) struct Placed<'g> {
    pub place: &'g Place,
    pub how: Placement,
}

/// Population from which a city's name is taken as unambiguous: Polish towns share names
/// (`Złotniki` is a village in several voivodeships), big cities do not.
const UNAMBIGUOUS_CITY_POPULATION: u64 = 100_000;

/// Finds where an offer in `city` (of `voivodeship`, possibly empty) lies.
///
/// A city found in another voivodeship than the record's is taken only when it is big enough to
/// be unambiguous (the 2025 export has `Warszawa, dolnośląskie`); otherwise the record most
/// likely names a smaller namesake missing from the gazetteer, which the voivodeship fallback
/// places better. Shorter forms of the name must always agree with the voivodeship, because a lone
/// first word (`Nowa` of `Nowa Wieś`) can name an unrelated town.
pub(super) fn place<'g>(gazetteer: &'g Gazetteer, city: &str, voivodeship: &str) -> Result<Placed<'g>, String> {
    let city = city.trim();
    let voivodeship = voivodeship.trim();
    if !city.is_empty() {
        if let Some(place) = find_city(gazetteer, city, voivodeship, true) {
            return Ok(Placed { place, how: Placement::City });
        }
        for shorter in shorter_names(city) {
            if let Some(place) = find_city(gazetteer, shorter, voivodeship, false) {
                return Ok(Placed { place, how: Placement::CityWithoutDistrict });
            }
        }
    }
    if !voivodeship.is_empty() {
        if let Some(place) = gazetteer.places().iter().find(|place| same_region(&place.region, voivodeship)) {
            return Ok(Placed { place, how: Placement::VoivodeshipFallback });
        }
        return Err(format!("city `{city}` and voivodeship `{voivodeship}` are not in the gazetteer"));
    }
    if city.is_empty() {
        return Err("the offer has no city".into());
    }
    Err(format!("city `{city}` is not in the gazetteer and the offer has no voivodeship"))
}

/// Looks a city up by name, preferring a namesake in `voivodeship` when one is given.
fn find_city<'g>(gazetteer: &'g Gazetteer, name: &str, voivodeship: &str, accept_big_city_elsewhere: bool) -> Option<&'g Place> {
    let place = gazetteer.lookup(name)?;
    if voivodeship.is_empty() || place.region.trim().is_empty() || same_region(&place.region, voivodeship) {
        return Some(place);
    }
    // The lookup returns the most populous namesake only; a smaller one may lie in the right
    // voivodeship. This scan runs only on a conflict, which is rare.
    let key = slugify(name);
    let namesake = gazetteer.places().iter().find(|candidate| {
        same_region(&candidate.region, voivodeship)
            && std::iter::once(&candidate.slug)
                .chain([&candidate.name])
                .chain(candidate.name_en.iter())
                .chain(candidate.alt_names.iter())
                .any(|candidate_name| slugify(candidate_name) == key)
    });
    namesake.or((accept_big_city_elsewhere && place.population >= UNAMBIGUOUS_CITY_POPULATION).then_some(place))
}

/// Returns ever shorter prefixes of a place name, longest first: the text before a `(` or `,`,
/// then the name cut before each space or dash from the right.
fn shorter_names(city: &str) -> Vec<&str> {
    let mut names: Vec<&str> = Vec::new();
    let before_remark = city.split(['(', ',']).next().unwrap_or(city).trim();
    let mut candidate = before_remark;
    loop {
        let name = candidate.trim_end_matches(|c: char| c.is_whitespace() || c == '-');
        if !name.is_empty() && name != city && !names.contains(&name) {
            names.push(name);
        }
        match candidate.rfind(|c: char| c.is_whitespace() || c == '-') {
            Some(cut) => candidate = &candidate[..cut],
            None => return names,
        }
    }
}

/// Whether a gazetteer region and a voivodeship written in a record name the same province.
fn same_region(region: &str, voivodeship: &str) -> bool {
    let strip = |name: &str| {
        let folded = fold(name.trim());
        folded.strip_prefix("wojewodztwo ").map(str::to_string).unwrap_or(folded)
    };
    !region.trim().is_empty() && strip(region) == strip(voivodeship)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::tests::support::gazetteer;

    #[test]
    fn places_by_city_then_district_then_voivodeship() {
        let gazetteer = gazetteer();
        let placed = place(&gazetteer, "Kraków", "małopolskie").unwrap();
        assert_eq!((placed.place.slug.as_str(), placed.how), ("krakow", Placement::City));
        let placed = place(&gazetteer, "Warszawa Mokotów", "mazowieckie").unwrap();
        assert_eq!((placed.place.slug.as_str(), placed.how), ("warszawa", Placement::CityWithoutDistrict));
        let placed = place(&gazetteer, "Poland (Remote)", "Łódzkie").unwrap();
        assert_eq!((placed.place.slug.as_str(), placed.how), ("lodz", Placement::VoivodeshipFallback));
        let placed = place(&gazetteer, "Pcim", "małopolskie").unwrap();
        assert_eq!((placed.place.slug.as_str(), placed.how), ("krakow", Placement::VoivodeshipFallback));
    }

    #[test]
    fn a_shorter_name_must_agree_with_the_voivodeship() {
        let gazetteer = gazetteer();
        let placed = place(&gazetteer, "Kraków Nowa Huta", "śląskie").unwrap();
        assert_eq!(placed.how, Placement::VoivodeshipFallback);
        assert_eq!(placed.place.slug, "katowice");
    }

    #[test]
    fn a_city_of_another_voivodeship_is_taken_only_when_big() {
        let gazetteer = gazetteer();
        let placed = place(&gazetteer, "Złotniki", "wielkopolskie").unwrap();
        assert_eq!((placed.place.slug.as_str(), placed.how), ("poznan", Placement::VoivodeshipFallback));
        let placed = place(&gazetteer, "Złotniki", "dolnośląskie").unwrap();
        assert_eq!((placed.place.slug.as_str(), placed.how), ("zlotniki", Placement::City));
        let placed = place(&gazetteer, "Warszawa", "dolnośląskie").unwrap();
        assert_eq!((placed.place.slug.as_str(), placed.how), ("warszawa", Placement::City));
        let placed = place(&gazetteer, "Nowa Wieś", "małopolskie").unwrap();
        assert_eq!((placed.place.slug.as_str(), placed.how), ("nowa-wies-malopolskie", Placement::City));
    }

    #[test]
    fn rejects_what_cannot_be_placed() {
        let gazetteer = gazetteer();
        assert!(place(&gazetteer, "Gotham", "").unwrap_err().contains("Gotham"));
        assert!(place(&gazetteer, "Gotham", "arkham").unwrap_err().contains("arkham"));
        assert_eq!(place(&gazetteer, " ", "").unwrap_err(), "the offer has no city");
    }

    #[test]
    fn shorter_names_go_from_longest_to_shortest() {
        assert_eq!(shorter_names("Nowy Sącz Centrum"), vec!["Nowy Sącz", "Nowy"]);
        assert_eq!(shorter_names("Poland (Remote)"), vec!["Poland"]);
        assert_eq!(shorter_names("Kraków-Śródmieście"), vec!["Kraków"]);
        assert!(shorter_names("Łódź").is_empty());
    }
}
