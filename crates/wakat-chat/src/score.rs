//! How well a passive candidate fits an offer, from the employer's side ("Candidates for this
//! offer"): a percentage with one explained line per criterion. Pure: no store, no clock.
//!
//! # Weights
//!
//! | criterion | weight | score in 0..=1                                                          |
//! |-----------|-------:|-------------------------------------------------------------------------|
//! | skills    | 30     | required skills the candidate has count 1 each, nice-to-have ones ½ each, over what the offer names (0 when it names none) |
//! | category  | 20     | 1 when the offer's category, or its parent, is one the candidate wants   |
//! | seniority | 20     | 1 for a level the candidate accepts, ½ one step away (mid for a senior), else 0 |
//! | place     | 15     | 1 when an offer city is one of the candidate's, or the offer is remote and the candidate wants remote |
//! | salary    | 10     | 1 when the offer's top monthly amount reaches the expectation, ½ within 10 % below it or when the offer discloses none, else 0 |
//! | contract  | 5      | 1 when a contract of the offer is one the candidate accepts (`any` fits all) |
//!
//! Skills weigh most because they decide whether the person can do the job; category and
//! seniority next because they decide whether the role is the one wanted; the place and the
//! money matter but are often negotiable; the contract type least (most employers offer several).
//! An undisclosed salary scores ½: it is unknown, not a miss. A criterion the profile leaves empty
//! is left out and the others scaled to 100 (a complete profile states all six). The percentage is
//! rounded down, so 100 means every criterion fully met.
//!
//! Skills compare folded ([`wakat_core::text::fold`]: case, diacritics, inner whitespace), cities
//! by slug, salaries per month in the candidate's currency (the offer's converted amounts, or
//! [`Rates`]), over the contracts the candidate accepts when the offer has any of them.

use std::collections::HashSet;

use serde::Serialize;
use wakat_core::salary::monthly_factor;
use wakat_core::text::{fold, slugify};
use wakat_core::{CategoryTree, Currency, EmploymentKind, EmploymentType, ExperienceLevel, Offer, Rates, WorkplaceType};

use crate::profile::PassiveProfile;

/// Weight of the skills criterion.
pub const SKILLS_WEIGHT: u32 = 30;
/// Weight of the category criterion.
pub const CATEGORY_WEIGHT: u32 = 20;
/// Weight of the seniority criterion.
pub const SENIORITY_WEIGHT: u32 = 20;
/// Weight of the place criterion (city or remote).
pub const PLACE_WEIGHT: u32 = 15;
/// Weight of the salary criterion.
pub const SALARY_WEIGHT: u32 = 10;
/// Weight of the contract type criterion.
pub const CONTRACT_WEIGHT: u32 = 5;
/// How far below the expectation an offer's top may be and still score ½.
const SALARY_NEAR_SHARE: f64 = 0.9;
/// What a nice-to-have skill counts for against a required one.
const NICE_TO_HAVE_SHARE: f64 = 0.5;

/// One criterion, described with what decided it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
#[non_exhaustive]
pub enum Criterion {
    /// Skills shared, as the offer spells them.
    Skills {
        /// Required skills the candidate has.
        matched_required: Vec<String>,
        /// Required skills the candidate does not list.
        missing_required: Vec<String>,
        /// Nice-to-have skills the candidate has.
        matched_nice_to_have: Vec<String>,
    },
    /// The offer's category.
    Category {
        /// Its value in the board's tree.
        offer_category: u32,
    },
    /// The offer's seniority against the accepted ones.
    Seniority {
        /// The offer's level.
        offer_level: ExperienceLevel,
    },
    /// The place: the candidate's city the offer has, or remote.
    Place {
        /// The offer's city that matched (as the offer writes it).
        city: Option<String>,
        /// The offer is remote and the candidate wants remote.
        remote: bool,
    },
    /// The offer's best monthly amount against the expectation, in the candidate's currency.
    Salary {
        /// The candidate's expectation per month.
        expectation_monthly: f64,
        /// The offer's top per month; `None` when it discloses no salary.
        offer_monthly_top: Option<f64>,
        /// Currency of both.
        currency: Currency,
    },
    /// Contract types both accept.
    Contract {
        /// The offer's contracts the candidate accepts.
        matched: Vec<EmploymentKind>,
    },
}

/// One criterion's outcome.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CriterionScore {
    /// Its weight (see the module docs).
    pub weight: u32,
    /// How far it is met, 0 to 1.
    pub score: f64,
    /// What decided it.
    pub criterion: Criterion,
}

/// How well a candidate fits an offer.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MatchScore {
    /// 0 to 100.
    pub percent: u8,
    /// Every criterion the profile states, in the order of the weights table.
    pub criteria: Vec<CriterionScore>,
}

fn skill_key(name: &str) -> String {
    fold(name).split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The offer's distinct skill names of one list, skipping blanks and those already in `seen`.
fn distinct<'a>(skills: &'a [wakat_core::Skill], seen: &mut HashSet<String>) -> Vec<&'a str> {
    skills.iter().map(|skill| skill.name.trim()).filter(|name| !name.is_empty() && seen.insert(skill_key(name))).collect()
}

fn skills(profile: &PassiveProfile, offer: &Offer) -> Option<CriterionScore> {
    let wanted = &profile.input.preferences.skills;
    if wanted.is_empty() {
        return None;
    }
    let known: HashSet<String> = wanted.iter().map(|skill| skill_key(skill)).collect();
    let mut seen = HashSet::new();
    let required = distinct(&offer.required_skills, &mut seen);
    let nice = distinct(&offer.nice_to_have_skills, &mut seen);
    let (matched_required, missing_required): (Vec<&str>, Vec<&str>) = required.iter().partition(|name| known.contains(&skill_key(name)));
    let matched_nice: Vec<&str> = nice.iter().copied().filter(|name| known.contains(&skill_key(name))).collect();
    let possible = required.len() as f64 + NICE_TO_HAVE_SHARE * nice.len() as f64;
    let earned = matched_required.len() as f64 + NICE_TO_HAVE_SHARE * matched_nice.len() as f64;
    // An offer naming no skill cannot show a skills match; 0 keeps it from riding on the rest.
    let score = if possible > 0.0 { earned / possible } else { 0.0 };
    let owned = |names: Vec<&str>| names.into_iter().map(str::to_string).collect();
    let criterion =
        Criterion::Skills { matched_required: owned(matched_required), missing_required: owned(missing_required), matched_nice_to_have: owned(matched_nice) };
    Some(CriterionScore { weight: SKILLS_WEIGHT, score, criterion })
}

fn category(profile: &PassiveProfile, offer: &Offer, categories: &CategoryTree) -> Option<CriterionScore> {
    let wanted = &profile.input.categories;
    if wanted.is_empty() {
        return None;
    }
    // A candidate who wants a whole category (say "Backend") fits an offer in any of its
    // subcategories; one who wants a subcategory does not fit every offer of the parent.
    let met = categories.lineage(offer.category_id).iter().any(|value| wanted.contains(value));
    Some(CriterionScore { weight: CATEGORY_WEIGHT, score: if met { 1.0 } else { 0.0 }, criterion: Criterion::Category { offer_category: offer.category_id } })
}

fn seniority(profile: &PassiveProfile, offer: &Offer) -> Option<CriterionScore> {
    let accepted = &profile.input.preferences.experience_levels;
    let distance = accepted.iter().map(|level| level.code().abs_diff(offer.experience_level.code())).min()?;
    let score = match distance {
        0 => 1.0,
        1 => 0.5,
        _ => 0.0,
    };
    Some(CriterionScore { weight: SENIORITY_WEIGHT, score, criterion: Criterion::Seniority { offer_level: offer.experience_level } })
}

fn place(profile: &PassiveProfile, offer: &Offer) -> Option<CriterionScore> {
    let preferences = &profile.input.preferences;
    if preferences.cities.is_empty() && !preferences.remote {
        return None;
    }
    let wanted: HashSet<String> = preferences.cities.iter().map(|city| slugify(city)).collect();
    let city = offer.locations.iter().find(|location| wanted.contains(&slugify(&location.city))).map(|location| location.city.clone());
    // A remote offer fits only a candidate who asked for remote: one who listed cities alone may
    // want an office there.
    let remote = preferences.remote && offer.workplace_type == WorkplaceType::Remote;
    let score = if city.is_some() || remote { 1.0 } else { 0.0 };
    Some(CriterionScore { weight: PLACE_WEIGHT, score, criterion: Criterion::Place { city, remote } })
}

fn accepts(accepted: &[EmploymentKind], kind: EmploymentKind) -> bool {
    kind == EmploymentKind::Any || accepted.contains(&EmploymentKind::Any) || accepted.contains(&kind)
}

/// The top of a contract's range per month in `currency`.
fn monthly_top(employment: &EmploymentType, currency: Currency, rates: &Rates) -> Option<f64> {
    let own_top = employment.to.or(employment.from)?;
    let converted_top = employment.converted.get(&currency).and_then(|range| range.to.or(range.from));
    let top = converted_top.unwrap_or_else(|| rates.convert(own_top, employment.currency, currency));
    Some(top * monthly_factor(employment.unit))
}

fn salary(profile: &PassiveProfile, offer: &Offer, rates: &Rates) -> Option<CriterionScore> {
    let preferences = &profile.input.preferences;
    let expectation_monthly = preferences.salary_min? * monthly_factor(profile.input.salary_unit);
    let currency = preferences.currency;
    let accepted = &profile.input.contract_types;
    let fitting: Vec<&EmploymentType> = offer.employment_types.iter().filter(|employment| accepts(accepted, employment.kind)).collect();
    // The money of a contract the candidate refuses says little; it is used only when the offer
    // has no contract the candidate accepts.
    let considered = if fitting.is_empty() { offer.employment_types.iter().collect() } else { fitting };
    let offer_monthly_top = considered.into_iter().filter_map(|employment| monthly_top(employment, currency, rates)).reduce(f64::max);
    let score = match offer_monthly_top {
        None => 0.5,
        Some(top) if top >= expectation_monthly => 1.0,
        Some(top) if top >= expectation_monthly * SALARY_NEAR_SHARE => 0.5,
        Some(_) => 0.0,
    };
    Some(CriterionScore { weight: SALARY_WEIGHT, score, criterion: Criterion::Salary { expectation_monthly, offer_monthly_top, currency } })
}

fn contract(profile: &PassiveProfile, offer: &Offer) -> Option<CriterionScore> {
    let accepted = &profile.input.contract_types;
    if accepted.is_empty() {
        return None;
    }
    let mut matched: Vec<EmploymentKind> = offer.employment_types.iter().map(|employment| employment.kind).filter(|&kind| accepts(accepted, kind)).collect();
    matched.dedup();
    let score = if matched.is_empty() { 0.0 } else { 1.0 };
    Some(CriterionScore { weight: CONTRACT_WEIGHT, score, criterion: Criterion::Contract { matched } })
}

/// Scores a candidate's profile against an offer; see the module docs for the weights.
/// `categories` is the board's tree (an empty tree compares category values only).
pub fn match_score(profile: &PassiveProfile, offer: &Offer, rates: &Rates, categories: &CategoryTree) -> MatchScore {
    let criteria: Vec<CriterionScore> = [
        skills(profile, offer),
        category(profile, offer, categories),
        seniority(profile, offer),
        place(profile, offer),
        salary(profile, offer, rates),
        contract(profile, offer),
    ]
    .into_iter()
    .flatten()
    .collect();
    let weight_total: u32 = criteria.iter().map(|criterion| criterion.weight).sum();
    let weighted: f64 = criteria.iter().map(|criterion| f64::from(criterion.weight) * criterion.score.clamp(0.0, 1.0)).sum();
    let percent = if weight_total == 0 {
        0
    } else {
        // The epsilon keeps 3 of 3 at 100 despite float rounding (99.99999999).
        (weighted * 100.0 / f64::from(weight_total) + 1e-9).floor().clamp(0.0, 100.0) as u8
    };
    MatchScore { percent, criteria }
}

/// Scores profiles and orders them best first; ties go to the most recently updated profile.
pub fn rank_candidates<'a>(
    profiles: impl IntoIterator<Item = &'a PassiveProfile>,
    offer: &Offer,
    rates: &Rates,
    categories: &CategoryTree,
) -> Vec<(&'a PassiveProfile, MatchScore)> {
    let mut ranked: Vec<_> = profiles.into_iter().map(|profile| (profile, match_score(profile, offer, rates, categories))).collect();
    ranked.sort_by(|(profile_a, score_a), (profile_b, score_b)| score_b.percent.cmp(&score_a.percent).then(profile_b.updated_at.cmp(&profile_a.updated_at)));
    ranked
}

#[cfg(test)]
mod tests;
