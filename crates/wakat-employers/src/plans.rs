//! Plans of a board (`[[tenants.employers.plans]]` in `wakat.toml`): price, features and the
//! limits the server enforces (locations, duration, bumps, seniority, categories).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use wakat_core::offer_form::FormLimits;
use wakat_core::ExperienceLevel;

/// The employer side of one board.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EmployerSettings {
    /// Most required skills, and separately most optional skills, of one offer.
    pub max_skills: usize,
    /// The plans offered, in display order.
    pub plans: Vec<PlanSettings>,
    /// Local hour (0-23, `server.time_zone`) at which the day's plan bumps run.
    pub bump_hour: u8,
}

impl Default for EmployerSettings {
    fn default() -> Self {
        EmployerSettings { max_skills: 15, plans: Vec::new(), bump_hour: 6 }
    }
}

impl EmployerSettings {
    /// The plan of a slug.
    pub fn plan(&self, slug: &str) -> Option<&PlanSettings> {
        self.plans.iter().find(|plan| plan.slug == slug)
    }
}

/// Prices of a plan.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PlanPrice {
    /// Net price.
    pub net: f64,
    /// Net price in EUR.
    pub net_eur: f64,
    /// Gross price (what is charged).
    pub gross: f64,
    /// Tax.
    pub tax: f64,
    /// Net price before the promotion (0: none).
    pub old_net: f64,
    /// Gross price before the promotion.
    pub old_gross: f64,
    /// Tax before the promotion.
    pub old_tax: f64,
    /// ISO currency of the prices.
    pub currency: String,
}

/// What a plan allows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PlanLimits {
    /// Most locations of one offer.
    pub max_locations_count: usize,
    /// How many times the offer is bumped (its publication time refreshed).
    pub bumps_up_count: u32,
    /// Days between bumps.
    pub bumps_up_every_days: u32,
    /// Days the offer stays published.
    pub duration_in_days: u32,
    /// Seniorities allowed (API values); empty allows all.
    pub seniority: Vec<String>,
    /// Category slugs allowed; empty allows all.
    pub categories: Vec<String>,
}

impl Default for PlanLimits {
    fn default() -> Self {
        PlanLimits { max_locations_count: 1, bumps_up_count: 0, bumps_up_every_days: 0, duration_in_days: 30, seniority: Vec::new(), categories: Vec::new() }
    }
}

impl PlanLimits {
    /// The limits the form rules check; `images` when the plan includes graphics.
    pub fn form_limits(&self, max_skills: usize, images: bool) -> FormLimits {
        FormLimits {
            images,
            max_locations: self.max_locations_count,
            max_skills,
            duration_days: i64::from(self.duration_in_days),
            seniority: self.seniority.iter().filter_map(|s| ExperienceLevel::parse(s)).collect(),
            categories: self.categories.clone(),
        }
    }
}

/// One plan.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PlanSettings {
    /// Key (`basic`, `pro`, `premium`).
    pub slug: String,
    /// Name per language.
    pub name: BTreeMap<String, String>,
    /// Feature lines per language.
    pub features: BTreeMap<String, Vec<String>>,
    /// Shown as the recommended one.
    pub recommended: bool,
    /// Offered (`active` filter).
    pub active: bool,
    /// Last day of the promotion (`YYYY-MM-DD`), if any.
    pub promotion_deadline: Option<String>,
    /// Free tags.
    pub tags: Vec<String>,
    /// Offers of the plan show graphics (banner).
    pub enable_graphics: bool,
    /// Prices.
    pub price: PlanPrice,
    /// Limits.
    pub limits: PlanLimits,
    /// Conversation requests to passive candidates a company may send per UTC day while it has
    /// an active offer of this plan (`None`: the board's `[chat] daily_requests`).
    pub chat_requests_per_day: Option<u32>,
}

impl Default for PlanSettings {
    fn default() -> Self {
        PlanSettings {
            slug: String::new(),
            name: BTreeMap::new(),
            features: BTreeMap::new(),
            recommended: false,
            active: true,
            promotion_deadline: None,
            tags: Vec::new(),
            enable_graphics: false,
            price: PlanPrice::default(),
            limits: PlanLimits::default(),
            chat_requests_per_day: None,
        }
    }
}

impl PlanSettings {
    /// The name in `lang`, else Polish, else the slug.
    pub fn name_in(&self, lang: &str) -> &str {
        self.name.get(lang).or_else(|| self.name.get("pl")).map(String::as_str).unwrap_or(&self.slug)
    }

    /// The features in `lang`, else Polish.
    pub fn features_in(&self, lang: &str) -> &[String] {
        self.features.get(lang).or_else(|| self.features.get("pl")).map(Vec::as_slice).unwrap_or_default()
    }
}
