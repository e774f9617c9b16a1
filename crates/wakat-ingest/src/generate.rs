//! The deterministic offer generator behind `wakat generate --offers N --seed S`.
//!
//! Design decisions: offer `k` is drawn from its own random stream (ChaCha8 seeded with the seed,
//! stream `k`), so it is the same whatever `N` is and offers can be drawn in any order or in
//! parallel; every proportion (seniority, cities, contracts, languages, ...) comes from the
//! tenant's vocabulary profile, so the IT board and the general board differ only by data.
//! [`Generator`] is an iterator that holds no offers, so a million can be streamed.

mod inputs;
mod tables;
mod text;

pub use inputs::{GenerateContext, GenerateError, GenerateOptions};

use std::collections::BTreeMap;
use std::f64::consts::TAU;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wakat_core::offer::readable_slug;
use wakat_core::salary::HOURS_PER_MONTH;
use wakat_core::validate::{is_valid_slug, validate_offer, MAX_LANGUAGES};
use wakat_core::{Currency, EmploymentKind, EmploymentType, ExperienceLevel, Language, Location, Offer, Place, SalaryUnit, Skill, WorkingTime};

use crate::dictionaries::CategoryVocabulary;
use tables::{CompanyPlan, Tables, WORKPLACE_ORDER};
use text::{base36, filled, pick, street, write_body, BodyInput};

/// Share of offers left unfinished past their expiry, so the expired-offer notice can be seen.
const EXPIRED_SHARE: f64 = 0.03;
/// Share of offers published for 45 days instead of 30.
const LONG_LIFETIME_SHARE: f64 = 0.15;
/// Share of required skill lists that start with the category's defining skill.
const DEFINING_SKILL_SHARE: f64 = 0.9;
/// Locations lie this far at most from their city's point, so map clusters are not single points.
const MAX_JITTER_KM: f64 = 2.9;
const KM_PER_DEGREE: f64 = 111.32;
const DAY: i64 = 86_400;
/// Part-time positions pay this share of the full-time monthly range.
const PART_TIME_PAY: f64 = 0.6;

/// Streams validated, normalised offers; see the module documentation.
pub struct Generator<'a> {
    context: GenerateContext<'a>,
    options: GenerateOptions,
    tables: Tables<'a>,
    /// Never drawn from: cloned and moved to stream `k` for offer `k`.
    base_rng: ChaCha8Rng,
    next_index: usize,
}

impl<'a> Generator<'a> {
    /// Checks the dictionaries and prebuilds the weighted tables.
    pub fn new(context: GenerateContext<'a>, options: GenerateOptions) -> Result<Generator<'a>, GenerateError> {
        if !is_valid_slug(&options.tenant) {
            return Err(GenerateError::InvalidTenant(options.tenant));
        }
        let tables = Tables::new(&context, &options.tenant)?;
        let base_rng = ChaCha8Rng::seed_from_u64(options.seed);
        Ok(Generator { context, options, tables, base_rng, next_index: 0 })
    }

    /// Returns offer number `index` (which does not depend on the number of offers requested),
    /// or `None` in the unexpected case that it fails validation; that is logged.
    pub fn offer(&self, index: usize) -> Option<Offer> {
        let mut rng = self.base_rng.clone();
        rng.set_stream(index as u64);
        let mut offer = self.draw(index, &mut rng);
        offer.normalize(self.context.rates);
        let errors = validate_offer(&offer, self.context.categories);
        if errors.is_empty() {
            Some(offer)
        } else {
            tracing::warn!(index, slug = %offer.slug, ?errors, "generated offer is invalid, skipped");
            None
        }
    }

    fn draw(&self, index: usize, rng: &mut ChaCha8Rng) -> Offer {
        let vocabulary = self.context.vocabulary;
        let profile = &vocabulary.profile;
        let root = &self.tables.roots[self.tables.root_table.sample(rng)];
        let category = match &root.child_table {
            Some(child_table) if chance(rng, profile.subcategory_share) => &root.children[child_table.sample(rng)],
            _ => &root.category,
        };
        let words = category.vocabulary;
        let level = ExperienceLevel::ALL[self.tables.seniority.sample(rng)];
        let company_plan = &self.tables.companies[self.tables.company_table.sample(rng)];
        let company = company_plan.company;
        let polish_body = chance(rng, profile.polish_body_share);
        // Only Polish-bodied offers get Polish titles; the ratio keeps the overall share as configured.
        let polish_title = polish_body && chance(rng, profile.polish_title_share / profile.polish_body_share);
        let title = self.title(rng, words, level, polish_title);
        let (locations, main_place) = self.locations(rng);
        let workplace_type = WORKPLACE_ORDER[category.workplace.sample(rng)];
        let (employment_types, working_time) = self.employment(rng, words, level);
        let (required_skills, nice_to_have_skills) = skills(rng, words, level);
        let mut languages = Vec::new();
        for demand in &profile.languages {
            if chance(rng, demand.share) && languages.len() < MAX_LANGUAGES {
                languages.push(Language { code: demand.code.clone(), level: pick(rng, &demand.levels).to_string() });
            }
        }
        let (published_at, expired_at) = self.dates(rng);
        let slug = offer_slug(&company.slug, &title, &main_place.slug, index);
        let values = [("{company}", company.name.as_str()), ("{city}", main_place.name.as_str())];
        let body = write_body(
            rng,
            &BodyInput {
                vocabulary,
                category: words,
                polish: polish_body,
                level,
                company: &company.name,
                city: &main_place.name,
                title: &title,
                required_skills: &required_skills,
                nice_to_have_skills: &nice_to_have_skills,
            },
        );
        let legal = &vocabulary.legal;
        let information_clause = Some(filled(pick(rng, legal.information_clause.get(polish_body)), &values));
        let future_consent = chance(rng, 0.5).then(|| filled(pick(rng, legal.future_consent.get(polish_body)), &values));
        let custom_consent = chance(rng, 0.15).then(|| filled(pick(rng, legal.custom_consent.get(polish_body)), &values));
        let apply_url = chance(rng, profile.apply_url_share).then(|| format!("https://{}.example/careers/{slug}", company.slug));
        let CompanyPlan { logo_url, .. } = company_plan;
        Offer {
            address: None,
            guid: String::new(),
            title,
            company_name: company.name.clone(),
            company_logo_thumb_url: Some(logo_url.clone()),
            company_logo_url: Some(logo_url.clone()),
            company_size: Some(company.size.clone()),
            company_url: Some(company.url.clone()),
            apply_url,
            workplace_type,
            working_time,
            experience_level: level,
            category_id: category.value,
            locations,
            employment_types,
            required_skills,
            nice_to_have_skills,
            languages,
            published_at,
            expired_at: Some(expired_at),
            finished: false,
            remote_interview: chance(rng, profile.remote_interview_share),
            open_to_hire_ukrainians: chance(rng, profile.ukraine_friendly_share),
            body,
            brand_story_slug: company.brand_story.as_ref().map(|_| company.slug.clone()),
            cover_image: None,
            banner_url: None,
            video_url: None,
            information_clause,
            custom_consent,
            future_consent,
            tags: Vec::new(),
            source: Some("generated".to_string()),
            extra: BTreeMap::new(),
            slug,
        }
    }

    /// Builds `[seniority] title [(k/m)]` in the offer's language, or a lead title for c-level.
    fn title(&self, rng: &mut ChaCha8Rng, words: &CategoryVocabulary, level: ExperienceLevel, polish: bool) -> String {
        let profile = &self.context.vocabulary.profile;
        if level == ExperienceLevel::CLevel {
            return pick(rng, words.lead_titles.get(polish)).to_string();
        }
        let seniority = self.context.vocabulary.seniority.get(level);
        let feminine = polish && !words.titles.pl_feminine.is_empty() && chance(rng, profile.feminine_title_share);
        let (prefixes, bases) = match (polish, feminine) {
            (false, _) => (&seniority.en, &words.titles.en),
            (true, false) => (&seniority.pl, &words.titles.pl),
            // A masculine adjective cannot precede a feminine noun, so no prefix rather than a wrong one.
            (true, true) => (&seniority.pl_feminine, &words.titles.pl_feminine),
        };
        let prefix = pick(rng, prefixes);
        let base = pick(rng, bases);
        let mut title = String::with_capacity(prefix.len() + base.len() + 8);
        if !prefix.is_empty() {
            title.push_str(prefix);
            title.push(' ');
        }
        title.push_str(base);
        if polish && !feminine && chance(rng, profile.gender_marker_share) {
            title.push_str(" (k/m)");
        }
        title
    }

    /// Draws 1 location, or 2 to 4 in different cities; returns them with the main city.
    fn locations(&self, rng: &mut ChaCha8Rng) -> (Vec<Location>, &'a Place) {
        let places = self.context.gazetteer.places();
        let n_locations = if chance(rng, self.context.vocabulary.profile.multilocation_share) { rng.random_range(2..=4) } else { 1 };
        let mut place_indices: Vec<usize> = Vec::with_capacity(n_locations);
        // Bounded retries: a tiny gazetteer simply yields fewer locations.
        for _ in 0..n_locations * 8 {
            let place_idx = self.tables.cities.sample(rng);
            if !place_indices.contains(&place_idx) {
                place_indices.push(place_idx);
                if place_indices.len() == n_locations {
                    break;
                }
            }
        }
        let locations = place_indices.iter().map(|&place_idx| location(rng, &places[place_idx])).collect();
        (locations, &places[place_indices[0]])
    }

    /// Draws the contracts with their salaries, and the working time they imply.
    fn employment(&self, rng: &mut ChaCha8Rng, words: &CategoryVocabulary, level: ExperienceLevel) -> (Vec<EmploymentType>, WorkingTime) {
        let profile = &self.context.vocabulary.profile;
        let internship = level == ExperienceLevel::Junior && chance(rng, profile.junior_internship_share);
        let kinds: &[EmploymentKind] = if internship { &[EmploymentKind::Internship] } else { &profile.contracts[self.tables.contracts.sample(rng)].kinds };
        let working_time = if internship {
            WorkingTime::Internship
        } else if chance(rng, profile.part_time_share) {
            WorkingTime::PartTime
        } else if kinds.contains(&EmploymentKind::B2b) && chance(rng, profile.freelance_share) {
            WorkingTime::Freelance
        } else {
            WorkingTime::FullTime
        };
        let disclosed = chance(rng, profile.salary_disclosed_share);
        let currency = match chance(rng, profile.foreign_currency_share) {
            false => Currency::Pln,
            true if chance(rng, 0.5) => Currency::Eur,
            true => Currency::Usd,
        };
        let [base_from, base_to] = *words.salary.get(level);
        // One noise draw per offer keeps its contracts consistent with each other.
        let from_noise = rng.random_range(0.85..1.12);
        let to_noise = rng.random_range(0.92..1.15);
        let time_factor = if working_time == WorkingTime::PartTime { PART_TIME_PAY } else { 1.0 };
        let employment_types = kinds
            .iter()
            .map(|&kind| {
                let hourly_share = if kind == EmploymentKind::B2b { profile.b2b_hourly_share } else { words.hourly_share };
                let hourly = chance(rng, hourly_share);
                let factor = profile.contract_salary_factors.get(kind);
                let minimum = profile.minimum_wage;
                // Minimum-wage law covers employment and mandate contracts, not B2B or internships.
                let floor_pln = match kind {
                    EmploymentKind::Permanent | EmploymentKind::MandateContract if hourly => minimum.hour,
                    EmploymentKind::Permanent | EmploymentKind::MandateContract => minimum.month * time_factor,
                    _ => 0.0,
                };
                let (from, to) = if disclosed {
                    let monthly_from = base_from * from_noise * factor;
                    let monthly_to = (base_to * to_noise * factor).max(monthly_from);
                    let amount = |monthly_pln: f64| {
                        // An hourly rate does not shrink with part-time hours; a monthly salary does.
                        let per_unit = if hourly { monthly_pln / HOURS_PER_MONTH } else { monthly_pln * time_factor };
                        let in_currency = self.context.rates.convert(per_unit.max(floor_pln), Currency::Pln, currency);
                        round_to(in_currency, if hourly { 1.0 } else { 100.0 })
                    };
                    let from = amount(monthly_from);
                    (Some(from), Some(amount(monthly_to).max(from)))
                } else {
                    (None, None)
                };
                EmploymentType {
                    kind,
                    from,
                    to,
                    currency,
                    unit: if hourly { SalaryUnit::Hour } else { SalaryUnit::Month },
                    // B2B invoices are quoted net; employment contracts gross.
                    gross: kind != EmploymentKind::B2b,
                    converted: BTreeMap::new(),
                }
            })
            .collect();
        (employment_types, working_time)
    }

    /// Publication in the last 30 days, recent days likelier; a few offers expired but unfinished.
    fn dates(&self, rng: &mut ChaCha8Rng) -> (i64, i64) {
        let now = self.options.now;
        if chance(rng, EXPIRED_SHARE) {
            let published_at = now - rng.random_range(31 * DAY..45 * DAY);
            return (published_at, published_at + 30 * DAY);
        }
        let age_seconds = (30.0 * DAY as f64 * rng.random::<f64>().powf(1.6)) as i64;
        let published_at = now - age_seconds;
        let lifetime_days = if chance(rng, LONG_LIFETIME_SHARE) { 45 } else { 30 };
        (published_at, published_at + lifetime_days * DAY)
    }
}

impl Iterator for Generator<'_> {
    type Item = Offer;

    fn next(&mut self) -> Option<Offer> {
        while self.next_index < self.options.offers {
            let index = self.next_index;
            self.next_index += 1;
            if let Some(offer) = self.offer(index) {
                return Some(offer);
            }
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, Some(self.options.offers - self.next_index))
    }
}

/// Draws 3 to 6 required skills (usually starting with the defining one) and 0 to 3 nice-to-haves.
fn skills(rng: &mut ChaCha8Rng, words: &CategoryVocabulary, level: ExperienceLevel) -> (Vec<Skill>, Vec<Skill>) {
    let (min_level, max_level) = match level {
        ExperienceLevel::Junior => (1, 3),
        ExperienceLevel::Mid => (2, 4),
        ExperienceLevel::Senior | ExperienceLevel::CLevel => (3, 5),
        ExperienceLevel::Expert => (4, 5),
    };
    let core = &words.core_skills;
    let n_required = rng.random_range(3..=6).min(core.len());
    let mut picked: Vec<usize> = Vec::with_capacity(n_required);
    if chance(rng, DEFINING_SKILL_SHARE) {
        picked.push(0);
    }
    while picked.len() < n_required {
        let skill_idx = rng.random_range(0..core.len());
        if !picked.contains(&skill_idx) {
            picked.push(skill_idx);
        }
    }
    let required: Vec<Skill> =
        picked.iter().map(|&skill_idx| Skill { name: core[skill_idx].clone(), level: rng.random_range(min_level..=max_level) }).collect();
    let optional: Vec<&String> = words.optional_skills.iter().filter(|name| !required.iter().any(|s| s.name == **name)).collect();
    let n_nice = rng.random_range(0..=3).min(optional.len());
    let nice = rand::seq::index::sample(rng, optional.len(), n_nice)
        .into_iter()
        .map(|skill_idx| Skill { name: optional[skill_idx].clone(), level: rng.random_range(1..=3) })
        .collect();
    (required, nice)
}

/// Places a location within [`MAX_JITTER_KM`] of the city's point, uniformly over the disc.
fn location(rng: &mut ChaCha8Rng, place: &Place) -> Location {
    let distance_km = MAX_JITTER_KM * rng.random::<f64>().sqrt();
    let bearing = rng.random::<f64>() * TAU;
    let latitude = place.lat + distance_km * bearing.cos() / KM_PER_DEGREE;
    let longitude = place.lon + distance_km * bearing.sin() / (KM_PER_DEGREE * place.lat.to_radians().cos().max(0.01));
    Location {
        slug: String::new(),
        city: place.name.clone(),
        street: chance(rng, 0.9).then(|| street(rng, &place.slug)),
        latitude: round_micro(latitude),
        longitude: round_micro(longitude),
        country_code: "PL".to_string(),
    }
}

/// `{company}-{title}-{city}-{index in base 36}`: the readable rule every offer shares
/// ([`readable_slug`]), made unique and stable per index.
fn offer_slug(company_slug: &str, title: &str, city_slug: &str, index: usize) -> String {
    let readable = readable_slug(company_slug, title, city_slug);
    let index_part = base36(index);
    if readable.is_empty() {
        index_part
    } else {
        format!("{readable}-{index_part}")
    }
}

/// True with probability `probability`; never panics, whatever the value.
fn chance(rng: &mut ChaCha8Rng, probability: f64) -> bool {
    rng.random::<f64>() < probability
}

fn round_to(amount: f64, step: f64) -> f64 {
    (amount / step).round() * step
}

/// Rounds degrees to 6 decimals (about 10 cm), dividing last so the value prints short.
fn round_micro(degrees: f64) -> f64 {
    (degrees * 1e6).round() / 1e6
}

#[cfg(test)]
mod tests;
