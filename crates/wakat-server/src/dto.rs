//! Response shapes of the API (the only serialised types of the server) and their builders.

use serde::Serialize;
use utoipa::ToSchema;
use wakat_core::offer::EmploymentType;
use wakat_core::{Currency, Offer};
use wakat_search::Hit;

use wakat_engine::Tenant;

pub mod accounts;
pub mod alerts;
pub mod assistant;
pub mod candidate;
pub mod candidate_inputs;
pub mod chat;
pub mod chat_inputs;
pub mod employer_inputs;
pub mod employer_panel;
pub mod employers;
pub mod form_inputs;
pub mod jobs;
pub mod list_item;
pub mod lists;
pub mod panel_offers;
pub mod salary;
pub mod search;

/// Days an offer counts as new after publication.
pub(crate) const NEW_OFFER_DAYS: i64 = 3;

/// Formats Unix seconds as RFC 3339 (UTC).
pub fn iso_time(seconds: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp(seconds).ok().and_then(|t| t.format(&time::format_description::well_known::Rfc3339).ok()).unwrap_or_default()
}

/// A salary range of one contract, with amounts converted to every currency.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmploymentTypeDto {
    /// permanent, b2b, mandate_contract, internship, any.
    #[serde(rename = "type")]
    pub kind: String,
    /// Lower bound in `currency` per `unit`.
    pub from: Option<f64>,
    /// Upper bound.
    pub to: Option<f64>,
    /// Original currency.
    pub currency: String,
    /// hour, day, month, year.
    pub unit: String,
    /// Gross (true) or net.
    pub gross: bool,
    /// Label in the board's default language.
    pub label: String,
    /// Bounds in CHF.
    pub from_chf: Option<f64>,
    /// Upper bound in CHF.
    pub to_chf: Option<f64>,
    /// Bounds in EUR.
    pub from_eur: Option<f64>,
    /// Upper bound in EUR.
    pub to_eur: Option<f64>,
    /// Bounds in GBP.
    pub from_gbp: Option<f64>,
    /// Upper bound in GBP.
    pub to_gbp: Option<f64>,
    /// Bounds in PLN.
    pub from_pln: Option<f64>,
    /// Upper bound in PLN.
    pub to_pln: Option<f64>,
    /// Bounds in USD.
    pub from_usd: Option<f64>,
    /// Upper bound in USD.
    pub to_usd: Option<f64>,
}

impl EmploymentTypeDto {
    fn new(employment: &EmploymentType, lang: &str) -> EmploymentTypeDto {
        let converted = |currency: Currency| employment.converted.get(&currency).copied();
        let bound = |currency, upper: bool| converted(currency).and_then(|c| if upper { c.to } else { c.from });
        EmploymentTypeDto {
            kind: employment.kind.as_str().into(),
            from: employment.from,
            to: employment.to,
            currency: employment.currency.as_str().into(),
            unit: employment.unit.as_str().into(),
            gross: employment.gross,
            label: employment.kind.label(lang).into(),
            from_chf: bound(Currency::Chf, false),
            to_chf: bound(Currency::Chf, true),
            from_eur: bound(Currency::Eur, false),
            to_eur: bound(Currency::Eur, true),
            from_gbp: bound(Currency::Gbp, false),
            to_gbp: bound(Currency::Gbp, true),
            from_pln: bound(Currency::Pln, false),
            to_pln: bound(Currency::Pln, true),
            from_usd: bound(Currency::Usd, false),
            to_usd: bound(Currency::Usd, true),
        }
    }
}

/// A skill with its level.
#[derive(Debug, Serialize, ToSchema)]
pub struct SkillDto {
    /// Name.
    pub name: String,
    /// 1 to 5.
    pub level: u8,
}

/// One location of a multilocation offer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LocationDto {
    /// Slug of this location's entry.
    pub slug: String,
    /// City.
    pub city: String,
    /// Street.
    pub street: Option<String>,
    /// Latitude.
    pub latitude: f64,
    /// Longitude.
    pub longitude: f64,
}

/// Reference to the parent offer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ParentDto {
    /// Slug of the offer owning every location.
    pub slug: String,
}

/// An offer as lists show it (one entry per location).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfferItem {
    /// Slug of this entry.
    pub slug: String,
    /// Stable id.
    pub guid: String,
    /// Title.
    pub title: String,
    /// Company.
    pub company_name: String,
    /// Small logo.
    pub company_logo_thumb_url: Option<String>,
    /// External apply link; absent means the apply form.
    pub apply_url: Option<String>,
    /// remote, hybrid, office.
    pub workplace_type: String,
    /// full_time, part_time, internship, freelance.
    pub working_time: String,
    /// junior … c_level.
    pub experience_level: String,
    /// City of this entry.
    pub city: String,
    /// Street of this entry.
    pub street: Option<String>,
    /// Latitude of this entry.
    pub latitude: f64,
    /// Longitude of this entry.
    pub longitude: f64,
    /// Contracts and salaries.
    pub employment_types: Vec<EmploymentTypeDto>,
    /// Must-have skills.
    pub required_skills: Vec<SkillDto>,
    /// Nice-to-have skills.
    pub nice_to_have_skills: Vec<SkillDto>,
    /// Publication time.
    pub published_at: String,
    /// Expiry time.
    pub expired_at: Option<String>,
    /// Category or subcategory value.
    pub category_id: u32,
    /// Interviews online.
    pub remote_interview: bool,
    /// Open to hiring Ukrainians.
    pub open_to_hire_ukrainians: bool,
    /// Company story slug.
    pub brand_story_slug: Option<String>,
    /// Every location of the offer.
    pub multilocation: Vec<LocationDto>,
    /// The offer this entry belongs to.
    pub offer_parent: ParentDto,
    /// Live now.
    pub is_offer_active: bool,
    /// Published at most three days ago.
    pub is_new: bool,
    /// Card cover image.
    pub cover_image: Option<String>,
    /// Company size.
    pub company_size: Option<String>,
}

impl OfferItem {
    /// Builds the entry of location `location_idx` of an offer.
    pub fn new(offer: &Offer, location_idx: usize, lang: &str, now: i64) -> OfferItem {
        let location = offer.locations.get(location_idx).or(offer.locations.first());
        let skills = |skills: &[wakat_core::Skill]| skills.iter().map(|s| SkillDto { name: s.name.clone(), level: s.level }).collect();
        OfferItem {
            slug: location.map(|l| l.slug.clone()).unwrap_or_else(|| offer.slug.clone()),
            guid: offer.guid.clone(),
            title: offer.title.clone(),
            company_name: offer.company_name.clone(),
            company_logo_thumb_url: offer.company_logo_thumb_url.clone(),
            apply_url: offer.apply_url.clone(),
            workplace_type: offer.workplace_type.as_str().into(),
            working_time: offer.working_time.as_str().into(),
            experience_level: offer.experience_level.as_str().into(),
            city: location.map(|l| l.city.clone()).unwrap_or_default(),
            street: location.and_then(|l| l.street.clone()),
            latitude: location.map(|l| l.latitude).unwrap_or_default(),
            longitude: location.map(|l| l.longitude).unwrap_or_default(),
            employment_types: offer.employment_types.iter().map(|e| EmploymentTypeDto::new(e, lang)).collect(),
            required_skills: skills(&offer.required_skills),
            nice_to_have_skills: skills(&offer.nice_to_have_skills),
            published_at: iso_time(offer.published_at),
            expired_at: offer.expired_at.map(iso_time),
            category_id: offer.category_id,
            remote_interview: offer.remote_interview,
            open_to_hire_ukrainians: offer.open_to_hire_ukrainians,
            brand_story_slug: offer.brand_story_slug.clone(),
            multilocation: offer
                .locations
                .iter()
                .map(|l| LocationDto { slug: l.slug.clone(), city: l.city.clone(), street: l.street.clone(), latitude: l.latitude, longitude: l.longitude })
                .collect(),
            offer_parent: ParentDto { slug: offer.slug.clone() },
            is_offer_active: offer.is_active(now),
            is_new: now - offer.published_at <= NEW_OFFER_DAYS * 86_400,
            cover_image: offer.cover_image.clone(),
            company_size: offer.company_size.clone(),
        }
    }

    /// Builds the entry of a search hit.
    pub fn from_hit(hit: &Hit, lang: &str, now: i64) -> OfferItem {
        OfferItem::new(&hit.offer, hit.location_idx, lang, now)
    }
}

/// Category reference of an offer detail.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryRefDto {
    /// Value.
    pub id: u32,
    /// Parent value for subcategories.
    pub parent_id: Option<u32>,
    /// Slug.
    pub key: String,
    /// Polish label.
    pub label_pl: String,
    /// English label.
    pub label_en: String,
    /// Parent slug for subcategories.
    pub parent_key: Option<String>,
}

/// A spoken language requirement.
#[derive(Debug, Serialize, ToSchema)]
pub struct LanguageDto {
    /// ISO code.
    pub code: String,
    /// A1 to C2.
    pub level: String,
}

/// The offer page.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfferDetail {
    /// Everything a list entry has.
    #[serde(flatten)]
    pub item: OfferItem,
    /// HTML description.
    pub body: String,
    /// Full-size logo.
    pub company_logo_url: Option<String>,
    /// Company website.
    pub company_url: Option<String>,
    /// Category tree position.
    pub category: Option<CategoryRefDto>,
    /// Spoken languages.
    pub languages: Vec<LanguageDto>,
    /// Brand story cover.
    pub brand_story_cover_photo_url: Option<String>,
    /// Brand story summary.
    pub brand_story_short_description: Option<String>,
    /// Banner image.
    pub banner_url: Option<String>,
    /// Banner video.
    pub video_url: Option<String>,
    /// Whether the current user applied (always false without accounts).
    pub is_applied_to: bool,
    /// GDPR clause.
    pub information_clause: Option<String>,
    /// Custom consent text.
    pub custom_consent: Option<String>,
    /// Future recruitment consent text.
    pub future_consent: Option<String>,
}

impl OfferDetail {
    /// Builds the detail of location `location_idx` of a full offer.
    pub fn new(offer: &Offer, location_idx: usize, tenant: &Tenant, lang: &str, now: i64) -> OfferDetail {
        let category = tenant.categories.get(offer.category_id).map(|c| CategoryRefDto {
            id: c.value,
            parent_id: c.parent,
            key: c.slug.clone(),
            label_pl: c.label_pl.clone(),
            label_en: c.label_en.clone(),
            parent_key: c.parent.and_then(|p| tenant.categories.get(p)).map(|p| p.slug.clone()),
        });
        let story = offer.brand_story_slug.as_deref().and_then(|slug| tenant.company(slug)).and_then(|c| c.brand_story.as_ref());
        OfferDetail {
            item: OfferItem::new(offer, location_idx, lang, now),
            body: offer.body.clone(),
            company_logo_url: offer.company_logo_url.clone(),
            company_url: offer.company_url.clone(),
            category,
            languages: offer.languages.iter().map(|l| LanguageDto { code: l.code.clone(), level: l.level.clone() }).collect(),
            brand_story_cover_photo_url: story.map(|s| s.cover_photo_url.clone()),
            brand_story_short_description: story.map(|s| if lang == "pl" { s.short_description.clone() } else { s.short_description_en.clone() }),
            banner_url: offer.banner_url.clone(),
            video_url: offer.video_url.clone(),
            is_applied_to: false,
            information_clause: offer.information_clause.clone(),
            custom_consent: offer.custom_consent.clone(),
            future_consent: offer.future_consent.clone(),
        }
    }
}

/// The answer of an offer page's address the offer left (`301`, `Location` the API path of the
/// new one): a title change gave it a new address, or it is an employer offer's draft id.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfferMoved {
    /// The offer's address now (a location slug).
    pub slug: String,
}

/// A board the web app may serve, with the host names it serves it on.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BoardDto {
    /// Path prefix of the board's calls: `/api/{slug}`.
    pub slug: String,
    /// Display name.
    pub name: String,
    /// Lowercase host names without port (`it.localhost`); a host belongs to one board.
    pub hosts: Vec<String>,
    /// `pl` or `en`.
    pub default_locale: String,
    /// The captcha widget of public writes (applications, redirects); absent while it is off.
    pub captcha: Option<CaptchaWidget>,
    /// The board's wording of the web app's texts: message key → language → text.
    pub texts: std::collections::BTreeMap<String, std::collections::BTreeMap<String, String>>,
    /// The maps' tile provider; absent: the web app's offline basemap.
    pub map: Option<MapStyleDto>,
}

/// A board's tile provider (`[tenants.map]`): the MapLibre styles every map of the web app loads.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MapStyleDto {
    /// The style (absolute URL).
    pub style_url: String,
    /// The style in dark mode; absent: `styleUrl` in both modes.
    pub style_url_dark: Option<String>,
    /// Credit added to the map's attribution; absent: the style's sources' own.
    pub attribution: Option<String>,
    /// Further origins (tiles, sprites, glyphs) the page's Content-Security-Policy allows.
    pub origins: Vec<String>,
}

impl MapStyleDto {
    fn of(map: &wakat_engine::MapSettings) -> Option<MapStyleDto> {
        let some = |text: &str| Some(text.to_string()).filter(|text| !text.is_empty());
        map.is_configured().then(|| MapStyleDto {
            style_url: map.style_url.clone(),
            style_url_dark: some(&map.style_url_dark),
            attribution: some(&map.attribution),
            origins: map.origins.iter().map(|origin| origin.trim_end_matches('/').to_string()).collect(),
        })
    }
}

/// The captcha widget a browser renders to earn the `Recaptcha-Token` of a public write.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaptchaWidget {
    /// `turnstile`, `hcaptcha` or `recaptcha`.
    pub widget: String,
    /// The public site key.
    pub site_key: String,
    /// The widget's script (explicit rendering).
    pub script_url: String,
}

/// Every board, in configuration order (the first one also answers the loopback names by default).
#[derive(Debug, Serialize, ToSchema)]
pub struct BoardList {
    /// The boards.
    pub data: Vec<BoardDto>,
}

impl BoardList {
    /// The boards of the configuration.
    pub fn new(tenants: &[wakat_engine::TenantSettings], captcha: Option<CaptchaWidget>) -> BoardList {
        let data = tenants
            .iter()
            .map(|tenant| BoardDto {
                slug: tenant.slug.clone(),
                name: tenant.name.clone(),
                hosts: tenant.hosts.clone(),
                default_locale: tenant.default_locale.clone(),
                captcha: captcha.clone(),
                texts: tenant.texts.clone(),
                map: MapStyleDto::of(&tenant.map),
            })
            .collect();
        BoardList { data }
    }
}
