//! The offer model: what an employer publishes and a candidate reads.
//!
//! One stored `Offer` may have several locations; the index holds one document per location, the
//! first under the offer's own slug and the others under derived slugs linked to it as their parent.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::enums::{Currency, EmploymentKind, ExperienceLevel, SalaryUnit, WorkingTime, WorkplaceType};
use crate::salary::{round2, Rates};
use crate::text::slugify;

/// A job offer, the unit of the store.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Offer {
    /// Identifier, unique within a tenant: the store's key, what applications, views and
    /// statistics are filed under; the first location's address unless [`Offer::address`] is set.
    pub slug: String,
    /// The readable address of the first location when it is not the slug (an employer's offer,
    /// whose slug stays its draft id): the other locations' addresses derive from it. Claimed in
    /// the offer store as one of the offer's addresses, so it is unique on the board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
    /// Stable opaque identifier (survives slug changes).
    #[serde(default)]
    pub guid: String,
    /// Position title.
    pub title: String,
    /// Hiring company.
    pub company_name: String,
    /// Small company logo.
    #[serde(default)]
    pub company_logo_thumb_url: Option<String>,
    /// Full-size company logo.
    #[serde(default)]
    pub company_logo_url: Option<String>,
    /// Free-text company size such as `51-100`.
    #[serde(default)]
    pub company_size: Option<String>,
    /// Company website.
    #[serde(default)]
    pub company_url: Option<String>,
    /// External apply link; absent means the in-product apply form.
    #[serde(default)]
    pub apply_url: Option<String>,
    /// Remote, hybrid or office.
    pub workplace_type: WorkplaceType,
    /// Full-time, part-time, internship, freelance.
    pub working_time: WorkingTime,
    /// Seniority.
    pub experience_level: ExperienceLevel,
    /// Category or subcategory value of the tenant's category tree.
    pub category_id: u32,
    /// Places of work; the first one is the main location. Never empty once validated.
    pub locations: Vec<Location>,
    /// Contracts offered with their salary ranges.
    pub employment_types: Vec<EmploymentType>,
    /// Must-have skills.
    #[serde(default)]
    pub required_skills: Vec<Skill>,
    /// Nice-to-have skills.
    #[serde(default)]
    pub nice_to_have_skills: Vec<Skill>,
    /// Spoken languages required.
    #[serde(default)]
    pub languages: Vec<Language>,
    /// Publication (or last refresh) time, Unix seconds.
    pub published_at: i64,
    /// Expiry time, Unix seconds; `None` never expires.
    #[serde(default)]
    pub expired_at: Option<i64>,
    /// Recruitment finished by the employer: the offer is inactive whatever its expiry.
    #[serde(default)]
    pub finished: bool,
    /// Interviews happen online.
    #[serde(default)]
    pub remote_interview: bool,
    /// Open to hiring Ukrainians.
    #[serde(default)]
    pub open_to_hire_ukrainians: bool,
    /// HTML description.
    #[serde(default)]
    pub body: String,
    /// Company story slug, when the company has one.
    #[serde(default)]
    pub brand_story_slug: Option<String>,
    /// Cover image of cards.
    #[serde(default)]
    pub cover_image: Option<String>,
    /// Banner image of the offer page.
    #[serde(default)]
    pub banner_url: Option<String>,
    /// Banner video of the offer page.
    #[serde(default)]
    pub video_url: Option<String>,
    /// GDPR information clause.
    #[serde(default)]
    pub information_clause: Option<String>,
    /// Optional custom consent text.
    #[serde(default)]
    pub custom_consent: Option<String>,
    /// Optional consent for future recruitments.
    #[serde(default)]
    pub future_consent: Option<String>,
    /// Free tags from the source.
    #[serde(default)]
    pub tags: Vec<String>,
    /// Where the offer came from (`generated`, `justjoin-2019`, `employer`, ...).
    #[serde(default)]
    pub source: Option<String>,
    /// Source fields with no place in the model, kept so an import drops nothing.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub extra: BTreeMap<String, serde_json::Value>,
}

/// One place of work.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Location {
    /// Slug of this location's list entry (the offer slug for the first location).
    #[serde(default)]
    pub slug: String,
    /// City name as written by the employer.
    pub city: String,
    /// Street or district.
    #[serde(default)]
    pub street: Option<String>,
    /// Latitude in degrees.
    pub latitude: f64,
    /// Longitude in degrees.
    pub longitude: f64,
    /// ISO country code.
    #[serde(default = "default_country")]
    pub country_code: String,
}

fn default_country() -> String {
    "PL".to_string()
}

/// A skill with a level from 1 (nice) to 5 (master).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Skill {
    /// Skill name as written.
    pub name: String,
    /// Level 1 to 5.
    pub level: u8,
}

/// A spoken language with its CEFR level.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Language {
    /// ISO 639-1 code.
    pub code: String,
    /// A1 to C2.
    pub level: String,
}

/// A contract with its salary range.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EmploymentType {
    /// Contract kind.
    #[serde(rename = "type")]
    pub kind: EmploymentKind,
    /// Lower bound, per `unit`, in `currency`; `None` when undisclosed.
    #[serde(default)]
    pub from: Option<f64>,
    /// Upper bound.
    #[serde(default)]
    pub to: Option<f64>,
    /// Currency of `from` and `to`.
    #[serde(default)]
    pub currency: Currency,
    /// Period of `from` and `to`.
    #[serde(default)]
    pub unit: SalaryUnit,
    /// Gross (true) or net amounts.
    #[serde(default = "default_true")]
    pub gross: bool,
    /// `from` and `to` converted to every currency (same unit), filled by [`Offer::normalize`].
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub converted: BTreeMap<Currency, ConvertedRange>,
}

fn default_true() -> bool {
    true
}

/// A salary range in one currency.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ConvertedRange {
    /// Lower bound.
    pub from: Option<f64>,
    /// Upper bound.
    pub to: Option<f64>,
}

impl EmploymentType {
    /// Whether the range discloses any amount.
    pub fn has_salary(&self) -> bool {
        self.from.is_some() || self.to.is_some()
    }

    /// Returns the range as monthly PLN, a missing bound taking the other's value.
    pub fn monthly_pln(&self, rates: &Rates) -> Option<(f64, f64)> {
        let (from, to) = match (self.from, self.to) {
            (None, None) => return None,
            (Some(f), None) => (f, f),
            (None, Some(t)) => (t, t),
            (Some(f), Some(t)) => (f, t),
        };
        Some((rates.monthly_pln(from, self.unit, self.currency), rates.monthly_pln(to, self.unit, self.currency)))
    }
}

impl Offer {
    /// An office, full-time, mid-level offer with every optional field empty, for mappers and
    /// tests to fill in (`Offer { title: ..., ..Offer::new("slug") }`).
    pub fn new(slug: &str) -> Offer {
        Offer {
            slug: slug.to_string(),
            address: None,
            guid: String::new(),
            title: String::new(),
            company_name: String::new(),
            company_logo_thumb_url: None,
            company_logo_url: None,
            company_size: None,
            company_url: None,
            apply_url: None,
            workplace_type: WorkplaceType::Office,
            working_time: WorkingTime::FullTime,
            experience_level: ExperienceLevel::Mid,
            category_id: 0,
            locations: Vec::new(),
            employment_types: Vec::new(),
            required_skills: Vec::new(),
            nice_to_have_skills: Vec::new(),
            languages: Vec::new(),
            published_at: 0,
            expired_at: None,
            finished: false,
            remote_interview: false,
            open_to_hire_ukrainians: false,
            body: String::new(),
            brand_story_slug: None,
            cover_image: None,
            banner_url: None,
            video_url: None,
            information_clause: None,
            custom_consent: None,
            future_consent: None,
            tags: Vec::new(),
            source: None,
            extra: BTreeMap::new(),
        }
    }

    /// Whether the offer is live at `now` (Unix seconds).
    pub fn is_active(&self, now: i64) -> bool {
        !self.finished && self.expired_at.is_none_or(|expiry| expiry > now)
    }

    /// Whether any contract discloses a salary.
    pub fn has_salary(&self) -> bool {
        self.employment_types.iter().any(EmploymentType::has_salary)
    }

    /// Returns (lowest `from`, highest `to`) over all contracts as monthly PLN.
    pub fn salary_bounds_pln(&self, rates: &Rates) -> Option<(f64, f64)> {
        self.employment_types.iter().filter_map(|e| e.monthly_pln(rates)).fold(None, |acc, (from, to)| match acc {
            None => Some((from, to)),
            Some((lo, hi)) => Some((f64::min(lo, from), f64::max(hi, to))),
        })
    }

    /// Names of all skills, required first.
    pub fn skill_names(&self) -> impl Iterator<Item = &str> {
        self.required_skills.iter().chain(&self.nice_to_have_skills).map(|s| s.name.as_str())
    }

    /// The main city, or an empty string for an offer without locations.
    pub fn city(&self) -> &str {
        self.locations.first().map(|l| l.city.as_str()).unwrap_or("")
    }

    /// Cleans the HTML fields (description and clauses) with [`crate::html::sanitize`]; returns
    /// whether anything changed. Writers call it once, so stored HTML is safe to embed.
    pub fn sanitize_html(&mut self) -> bool {
        let mut changed = false;
        let mut clean = |field: &mut String| {
            let sanitized = crate::html::sanitize(field);
            if sanitized != *field {
                *field = sanitized;
                changed = true;
            }
        };
        clean(&mut self.body);
        for clause in [&mut self.information_clause, &mut self.custom_consent, &mut self.future_consent].into_iter().flatten() {
            clean(clause);
        }
        changed
    }

    /// The address of the first location: [`Offer::address`] when set, else the slug.
    pub fn base_address(&self) -> &str {
        self.address.as_deref().filter(|address| !address.is_empty()).unwrap_or(&self.slug)
    }

    /// The addresses of the offer's locations when the first one's is `base`: `base`, then
    /// `{base}-{city}` (`-2`, `-3`… when two locations share a city).
    pub fn addresses_from(&self, base: &str) -> Vec<String> {
        let mut used = std::collections::HashSet::new();
        let mut addresses = Vec::with_capacity(self.locations.len());
        for (location_idx, location) in self.locations.iter().enumerate() {
            let address = if location_idx == 0 {
                base.to_string()
            } else {
                let with_city = format!("{base}-{}", slugify(location.city.trim()));
                let mut candidate = with_city.clone();
                let mut n = 2;
                while used.contains(&candidate) {
                    candidate = format!("{with_city}-{n}");
                    n += 1;
                }
                candidate
            };
            used.insert(address.clone());
            addresses.push(address);
        }
        addresses
    }

    /// Fills derived fields: trims text, gives every location its slug (the first the offer's
    /// [`Offer::base_address`], the others that and their city), fills the guid and the converted
    /// salary amounts. Idempotent.
    pub fn normalize(&mut self, rates: &Rates) {
        self.slug = self.slug.trim().to_string();
        self.title = self.title.trim().to_string();
        self.company_name = self.company_name.trim().to_string();
        if self.guid.is_empty() {
            self.guid = stable_guid(&self.slug);
        }
        for location in &mut self.locations {
            location.city = location.city.trim().to_string();
        }
        let addresses = self.addresses_from(self.base_address());
        for (location, address) in self.locations.iter_mut().zip(addresses) {
            location.slug = address;
        }
        self.fill_converted(rates);
    }

    /// Fills the converted salary amounts of every contract from `rates`.
    pub fn fill_converted(&mut self, rates: &Rates) {
        for employment in &mut self.employment_types {
            employment.converted = Currency::ALL
                .iter()
                .map(|&currency| {
                    let convert = |v: Option<f64>| v.map(|v| round2(rates.convert(v, employment.currency, currency)));
                    (currency, ConvertedRange { from: convert(employment.from), to: convert(employment.to) })
                })
                .collect();
        }
    }
}

/// Longest company part of a readable slug (characters of the slugified name).
const MAX_COMPANY_SLUG_CHARS: usize = 60;
/// Longest title part of a readable slug, so that slugs stay well under the 200 characters
/// validation allows.
const MAX_TITLE_SLUG_CHARS: usize = 80;
/// Longest city part of a readable slug.
const MAX_CITY_SLUG_CHARS: usize = 40;

/// The readable address of an offer, `{company}-{title}-{city}` (each slugified and cut to its
/// length at a word, empty parts left out): the one rule of imported and employers' offers.
/// Uniqueness is the caller's (an import's index suffix, an employer offer's claimed address).
pub fn readable_slug(company: &str, title: &str, city: &str) -> String {
    let part = |text: &str, max: usize| {
        let mut slug = slugify(text);
        if slug.len() > max {
            // Slugs are ASCII, so any byte index is a character boundary.
            slug.truncate(max);
            slug.truncate(slug.trim_end_matches('-').len());
        }
        slug
    };
    let parts = [part(company, MAX_COMPANY_SLUG_CHARS), part(title, MAX_TITLE_SLUG_CHARS), part(city, MAX_CITY_SLUG_CHARS)];
    parts.iter().filter(|part| !part.is_empty()).map(String::as_str).collect::<Vec<_>>().join("-")
}

/// Derives a deterministic UUID-shaped identifier from a slug (FNV-1a, twice, with two seeds).
pub fn stable_guid(slug: &str) -> String {
    let hash = |seed: u64| slug.bytes().fold(seed, |h, b| (h ^ b as u64).wrapping_mul(0x100000001b3));
    let (a, b) = (hash(0xcbf29ce484222325), hash(0x84222325cbf29ce4));
    format!("{:08x}-{:04x}-{:04x}-{:04x}-{:012x}", a >> 32, (a >> 16) & 0xffff, a & 0xffff, b >> 48, b & 0xffff_ffff_ffff)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub fn sample_offer() -> Offer {
        Offer {
            title: " Java Developer ".into(),
            company_name: "Acme".into(),
            company_size: Some("51-100".into()),
            workplace_type: WorkplaceType::Hybrid,
            category_id: 6,
            locations: vec![
                Location { slug: String::new(), city: "Kraków".into(), street: None, latitude: 50.06, longitude: 19.94, country_code: "PL".into() },
                Location { slug: String::new(), city: "Łódź".into(), street: None, latitude: 51.76, longitude: 19.45, country_code: "PL".into() },
            ],
            employment_types: vec![
                EmploymentType {
                    kind: EmploymentKind::B2b,
                    from: Some(100.0),
                    to: Some(150.0),
                    currency: Currency::Pln,
                    unit: SalaryUnit::Hour,
                    gross: false,
                    converted: BTreeMap::new(),
                },
                EmploymentType {
                    kind: EmploymentKind::Permanent,
                    from: Some(15000.0),
                    to: None,
                    currency: Currency::Pln,
                    unit: SalaryUnit::Month,
                    gross: true,
                    converted: BTreeMap::new(),
                },
            ],
            required_skills: vec![Skill { name: "Java".into(), level: 4 }],
            published_at: 1_700_000_000,
            remote_interview: true,
            ..Offer::new("acme-java-developer")
        }
    }

    #[test]
    fn normalize_derives_location_slugs_and_conversions() {
        let mut offer = sample_offer();
        offer.normalize(&Rates::default());
        assert_eq!(offer.title, "Java Developer");
        assert_eq!(offer.locations[0].slug, "acme-java-developer");
        assert_eq!(offer.locations[1].slug, "acme-java-developer-lodz");
        assert_eq!(offer.employment_types[0].converted[&Currency::Pln].from, Some(100.0));
        assert_eq!(offer.guid.len(), 36);
        let again = {
            let mut o = offer.clone();
            o.normalize(&Rates::default());
            o
        };
        assert_eq!(again, offer);
    }

    #[test]
    fn an_address_names_the_locations_and_the_slug_stays() {
        let mut offer = Offer { address: Some("acme-java-developer-krakow".into()), ..sample_offer() };
        offer.slug = "offer-0123456789abcdef".into();
        offer.normalize(&Rates::default());
        assert_eq!(offer.slug, "offer-0123456789abcdef");
        assert_eq!(offer.guid, stable_guid("offer-0123456789abcdef"), "the guid follows the slug, not the address");
        assert_eq!(offer.locations[0].slug, "acme-java-developer-krakow");
        assert_eq!(offer.locations[1].slug, "acme-java-developer-krakow-lodz");
    }

    #[test]
    fn readable_slugs_are_company_title_city() {
        assert_eq!(readable_slug("Acme S.A.", "Senior C# Developer", "Kraków"), "acme-s-a-senior-csharp-developer-krakow");
        assert_eq!(readable_slug("", "Java", "Łódź"), "java-lodz");
        let long = readable_slug(&"Firma ".repeat(30), &"Programista ".repeat(20), &"Miasto ".repeat(10));
        assert!(long.len() <= 182 && !long.ends_with('-') && !long.contains("--"), "{long}");
    }

    #[test]
    fn salary_bounds_span_contracts_in_monthly_pln() {
        let offer = sample_offer();
        assert_eq!(offer.salary_bounds_pln(&Rates::default()), Some((15_000.0, 25_200.0)));
    }

    #[test]
    fn activity_follows_expiry_and_finish() {
        let mut offer = sample_offer();
        assert!(offer.is_active(2_000_000_000));
        offer.expired_at = Some(1_800_000_000);
        assert!(offer.is_active(1_700_000_001));
        assert!(!offer.is_active(1_800_000_000));
        offer.expired_at = None;
        offer.finished = true;
        assert!(!offer.is_active(0));
    }
}
