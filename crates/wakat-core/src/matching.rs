//! Matched-for-you: how well an offer fits a candidate's [`Preferences`], as a percentage with the
//! reasons behind it, so the UI can say why an offer is shown.
//!
//! The server asks the search engine for candidate offers (by skills, cities and levels) and reranks
//! them with [`match_offer`] (or [`rank_by_match`]).
//!
//! # Weights
//!
//! | criterion | weight | score                                                                     |
//! |-----------|-------:|---------------------------------------------------------------------------|
//! | skills    | 40     | share of the offer's required skills the candidate has (nice-to-have ones when it requires none; 0 when it names no skill) |
//! | seniority | 25     | 1 when the offer's level is one the candidate accepts, else 0              |
//! | place     | 20     | 1 when a location's city is one of the candidate's, or the offer is remote and the candidate wants remote, else 0 |
//! | salary    | 15     | 1 when the offer's highest monthly amount reaches the candidate's minimum, else 0 (undisclosed is 0) |
//!
//! A criterion the candidate left empty (no skills, no levels, no cities and no remote, no minimum)
//! is left out and the others are scaled up to 100: a candidate who only gave skills gets 100 for
//! an offer whose skills they all have. The percentage is rounded down, so 100 means every stated
//! criterion is fully met. Empty preferences give 0 with no reasons.
//!
//! Skills compare by [`crate::text::fold`] (case and diacritics, inner whitespace collapsed), the
//! folding the search analyzer applies. Cities compare by slug ([`crate::text::slugify`] of the
//! offer's city against the candidate's gazetteer slugs). Salaries compare like the `salaryMin`
//! filter: the top of the best range, per month, in the candidate's currency through the offer's
//! converted amounts (or [`Rates`] when the offer has none).

use std::collections::HashSet;

use serde::Serialize;

use crate::enums::{Currency, ExperienceLevel, WorkplaceType};
use crate::offer::{EmploymentType, Offer};
use crate::salary::{monthly_factor, round2, Rates};
use crate::text::{fold, slugify};
use crate::Preferences;

/// Weight of the skills criterion.
pub const SKILLS_WEIGHT: u32 = 40;
/// Weight of the seniority criterion.
pub const SENIORITY_WEIGHT: u32 = 25;
/// Weight of the place criterion (city or remote).
pub const PLACE_WEIGHT: u32 = 20;
/// Weight of the salary criterion.
pub const SALARY_WEIGHT: u32 = 15;

/// One criterion of a match, described from the offer's side; whether it sits in
/// [`OfferMatch::matched`] or [`OfferMatch::missed`] says how it went. `Display` gives an English
/// line ("skills 3 of 4: Rust, SQL, Docker"); the UI may build its own from the fields.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
#[non_exhaustive]
pub enum MatchReason {
    /// The candidate has `matched` (spelled as the offer spells them) of the offer's `total` skills.
    /// Matched when at least one skill is shared.
    Skills {
        /// Shared skills, in the offer's order and spelling.
        matched: Vec<String>,
        /// How many skills the offer asks for.
        total: usize,
    },
    /// The offer's seniority.
    Seniority {
        /// The offer's level.
        level: ExperienceLevel,
    },
    /// A city of the offer: the wanted one when matched, the main one when missed.
    City {
        /// The city as the offer writes it.
        city: String,
    },
    /// Remote work: matched when the offer is remote, missed when the candidate wants remote and it
    /// is not.
    Remote,
    /// The offer's highest monthly salary against the candidate's minimum.
    Salary {
        /// The candidate's monthly minimum.
        minimum: f64,
        /// The offer's highest monthly amount; `None` when it discloses no salary.
        offer_maximum: Option<f64>,
        /// Currency of both amounts (the candidate's).
        currency: Currency,
    },
}

impl std::fmt::Display for MatchReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MatchReason::Skills { matched, total } if matched.is_empty() => write!(f, "skills 0 of {total}"),
            MatchReason::Skills { matched, total } => write!(f, "skills {} of {total}: {}", matched.len(), matched.join(", ")),
            MatchReason::Seniority { level } => write!(f, "seniority {}", level.label("en")),
            MatchReason::City { city } => write!(f, "city {city}"),
            MatchReason::Remote => f.write_str("remote"),
            MatchReason::Salary { minimum, offer_maximum: Some(maximum), .. } if maximum >= minimum => f.write_str("salary ≥ your minimum"),
            MatchReason::Salary { offer_maximum: Some(_), .. } => f.write_str("salary below your minimum"),
            MatchReason::Salary { offer_maximum: None, .. } => f.write_str("salary not disclosed"),
        }
    }
}

/// How well one offer fits a candidate.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OfferMatch {
    /// 0 to 100; 100 only when every criterion the candidate stated is fully met.
    pub percent: u8,
    /// Criteria met (a skills criterion with at least one shared skill counts as met).
    pub matched: Vec<MatchReason>,
    /// Criteria not met.
    pub missed: Vec<MatchReason>,
}

/// One criterion's outcome: its weight, its score in 0..=1, and its reasons.
struct Criterion {
    weight: u32,
    score: f64,
    matched: bool,
    reasons: Vec<MatchReason>,
}

/// Folds a skill name for comparison: case, diacritics and inner whitespace.
fn skill_key(name: &str) -> String {
    fold(name).split_whitespace().collect::<Vec<_>>().join(" ")
}

fn skills_criterion(preferences: &Preferences, offer: &Offer) -> Option<Criterion> {
    if preferences.skills.is_empty() {
        return None;
    }
    let known: HashSet<String> = preferences.skills.iter().map(|skill| skill_key(skill)).collect();
    let asked = if offer.required_skills.is_empty() { &offer.nice_to_have_skills } else { &offer.required_skills };
    let mut seen = HashSet::new();
    let asked: Vec<&str> = asked.iter().map(|skill| skill.name.trim()).filter(|name| !name.is_empty() && seen.insert(skill_key(name))).collect();
    let matched: Vec<String> = asked.iter().filter(|name| known.contains(&skill_key(name))).map(|name| name.to_string()).collect();
    // An offer naming no skill cannot show a skills match; scoring it 0 keeps it from riding on the
    // other criteria alone.
    let score = if asked.is_empty() { 0.0 } else { matched.len() as f64 / asked.len() as f64 };
    let any_shared = !matched.is_empty();
    Some(Criterion { weight: SKILLS_WEIGHT, score, matched: any_shared, reasons: vec![MatchReason::Skills { matched, total: asked.len() }] })
}

fn seniority_criterion(preferences: &Preferences, offer: &Offer) -> Option<Criterion> {
    if preferences.experience_levels.is_empty() {
        return None;
    }
    let met = preferences.experience_levels.contains(&offer.experience_level);
    Some(Criterion {
        weight: SENIORITY_WEIGHT,
        score: if met { 1.0 } else { 0.0 },
        matched: met,
        reasons: vec![MatchReason::Seniority { level: offer.experience_level }],
    })
}

fn place_criterion(preferences: &Preferences, offer: &Offer) -> Option<Criterion> {
    if preferences.cities.is_empty() && !preferences.remote {
        return None;
    }
    let wanted: HashSet<String> = preferences.cities.iter().map(|city| slugify(city)).collect();
    let city_met = offer.locations.iter().find(|location| wanted.contains(&slugify(&location.city)));
    // A remote offer meets only a candidate who asked for remote: one who listed cities alone may
    // want an office there.
    let remote_met = preferences.remote && offer.workplace_type == WorkplaceType::Remote;
    let mut reasons = Vec::new();
    if let Some(location) = city_met {
        reasons.push(MatchReason::City { city: location.city.clone() });
    }
    if remote_met {
        reasons.push(MatchReason::Remote);
    }
    let met = !reasons.is_empty();
    if !met {
        if !wanted.is_empty() && !offer.city().is_empty() {
            reasons.push(MatchReason::City { city: offer.city().to_string() });
        }
        if preferences.remote {
            reasons.push(MatchReason::Remote);
        }
    }
    Some(Criterion { weight: PLACE_WEIGHT, score: if met { 1.0 } else { 0.0 }, matched: met, reasons })
}

/// Returns the top of a contract's range per month in `currency`, from its converted amounts when
/// the offer was normalised, else through `rates`.
fn monthly_top(employment: &EmploymentType, currency: Currency, rates: &Rates) -> Option<f64> {
    let own_top = employment.to.or(employment.from)?;
    let converted_top = employment.converted.get(&currency).and_then(|range| range.to.or(range.from));
    let top = converted_top.unwrap_or_else(|| rates.convert(own_top, employment.currency, currency));
    Some(top * monthly_factor(employment.unit))
}

fn salary_criterion(preferences: &Preferences, offer: &Offer, rates: &Rates) -> Option<Criterion> {
    let minimum = preferences.salary_min?;
    let currency = preferences.currency;
    let offer_maximum = offer.employment_types.iter().filter_map(|employment| monthly_top(employment, currency, rates)).map(round2).reduce(f64::max);
    let met = offer_maximum.is_some_and(|maximum| maximum >= minimum);
    Some(Criterion {
        weight: SALARY_WEIGHT,
        score: if met { 1.0 } else { 0.0 },
        matched: met,
        reasons: vec![MatchReason::Salary { minimum, offer_maximum, currency }],
    })
}

/// Scores one offer against a candidate's preferences; see the module docs for the weights.
pub fn match_offer(preferences: &Preferences, offer: &Offer, rates: &Rates) -> OfferMatch {
    let criteria = [
        skills_criterion(preferences, offer),
        seniority_criterion(preferences, offer),
        place_criterion(preferences, offer),
        salary_criterion(preferences, offer, rates),
    ];
    let mut weight_total = 0u32;
    let mut weighted_score = 0.0;
    let mut offer_match = OfferMatch { percent: 0, matched: Vec::new(), missed: Vec::new() };
    for criterion in criteria.into_iter().flatten() {
        weight_total += criterion.weight;
        weighted_score += f64::from(criterion.weight) * criterion.score;
        let reasons = if criterion.matched { &mut offer_match.matched } else { &mut offer_match.missed };
        reasons.extend(criterion.reasons);
    }
    if weight_total > 0 {
        // The small epsilon keeps 3 of 3 at 100 despite float rounding (e.g. 99.99999999).
        let percent = (weighted_score * 100.0 / f64::from(weight_total) + 1e-9).floor();
        offer_match.percent = percent.clamp(0.0, 100.0) as u8;
    }
    offer_match
}

/// Scores offers and orders them best first; ties go to the newer offer.
pub fn rank_by_match<'a>(preferences: &Preferences, offers: impl IntoIterator<Item = &'a Offer>, rates: &Rates) -> Vec<(&'a Offer, OfferMatch)> {
    let mut ranked: Vec<(&Offer, OfferMatch)> = offers.into_iter().map(|offer| (offer, match_offer(preferences, offer, rates))).collect();
    ranked.sort_by(|(offer_a, match_a), (offer_b, match_b)| match_b.percent.cmp(&match_a.percent).then(offer_b.published_at.cmp(&offer_a.published_at)));
    ranked
}

#[cfg(test)]
mod tests;
