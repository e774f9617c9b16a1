//! The save mapping of section 5 (form → stored [`Offer`]) and the summary built from the mapped
//! offer, so that the preview shows exactly what candidates will read.

use serde::Serialize;

use crate::enums::{Currency, EmploymentKind, ExperienceLevel, SalaryUnit, WorkingTime, WorkplaceType};
use crate::offer::{EmploymentType, Language, Location, Offer, Skill};
use crate::offer_form::form::OfferForm;
use crate::offer_form::rules::{salary_value, FormContext, CLAUSE_PLACEHOLDER};

/// The amount type an employment type gets when none is chosen: B2B amounts are net (invoiced),
/// the others gross; `any` has no default (the employer chooses).
pub fn amount_type_default(kind: EmploymentKind) -> Option<&'static str> {
    match kind {
        EmploymentKind::B2b => Some("net"),
        EmploymentKind::Any => None,
        _ => Some("gross"),
    }
}

fn employment(kind: &str, salary_type: &str, from: &serde_json::Value, to: &serde_json::Value, currency: Currency, unit: SalaryUnit) -> Option<EmploymentType> {
    let kind = EmploymentKind::parse(kind)?;
    let gross = match salary_type {
        "gross" => true,
        "net" => false,
        _ => amount_type_default(kind).unwrap_or("gross") == "gross",
    };
    // A salary is sent only when both amounts are filled.
    let (from, to) = match (salary_value(from), salary_value(to)) {
        (Ok(Some(from)), Ok(Some(to))) => (Some(from), Some(to)),
        _ => (None, None),
    };
    Some(EmploymentType { kind, from, to, currency, unit, gross, converted: Default::default() })
}

impl OfferForm {
    /// The offer candidates will see: e-mails lowercased, salaries only when both amounts are
    /// filled, amount types defaulted, languages lacking code or level dropped, consents with
    /// their placeholder replaced by the company name, locations geocoded through the gazetteer.
    /// Call it on a form that passed [`crate::offer_form::validate_form`].
    pub fn to_offer(&self, ctx: &FormContext<'_>, slug: &str, published_at: i64, expired_at: Option<i64>) -> Offer {
        let currency = Currency::parse(&self.salary_currency).unwrap_or_default();
        let unit = SalaryUnit::parse(&self.salary_unit).unwrap_or_default();
        let mut employment_types: Vec<EmploymentType> =
            employment(&self.primary_employment_type, &self.primary_salary_type, &self.primary_salary_from, &self.primary_salary_to, currency, unit)
                .into_iter()
                .collect();
        if self.second_salary_active {
            employment_types.extend(employment(
                &self.additional_employment_type,
                &self.additional_salary_type,
                &self.additional_salary_from,
                &self.additional_salary_to,
                currency,
                unit,
            ));
        }
        let category = ctx.categories.roots().iter().find(|c| c.slug == self.job_category.trim());
        let category_id =
            category.and_then(|root| root.children.iter().find(|c| c.slug == self.job_subcategory.trim()).or(Some(root))).map(|c| c.value).unwrap_or_default();
        let locations = self
            .locations
            .iter()
            .map(|location| {
                let place = ctx.gazetteer.lookup(&location.city);
                Location {
                    slug: String::new(),
                    city: place.map(|p| p.name.clone()).unwrap_or_else(|| location.city.trim().to_string()),
                    street: Some(location.street.trim().to_string()).filter(|s| !s.is_empty()),
                    latitude: location.latitude.or(place.map(|p| p.lat)).unwrap_or_default(),
                    longitude: location.longitude.or(place.map(|p| p.lon)).unwrap_or_default(),
                    country_code: if location.country_code.trim().is_empty() { "PL".into() } else { location.country_code.trim().to_ascii_uppercase() },
                }
            })
            .collect();
        let skills =
            |rows: &[crate::offer_form::FormSkill]| rows.iter().map(|s| Skill { name: s.name.trim().to_string(), level: s.level.unwrap_or(1) }).collect();
        let company_name = self.company_name.trim().to_string();
        let consent = |enabled: bool, text: &str| enabled.then(|| text.trim().replace(CLAUSE_PLACEHOLDER, &company_name));
        let apply_email = (self.application_type == "email").then(|| self.application_type_uri.trim().to_lowercase());
        let mut offer = Offer::new(slug);
        offer.title = self.job_position_name.trim().to_string();
        offer.company_name = company_name.clone();
        offer.company_logo_url = Some(self.company_logo.clone()).filter(|s| !s.is_empty());
        offer.company_logo_thumb_url = offer.company_logo_url.clone();
        offer.company_size = Some(self.company_size.clone()).filter(|s| !s.is_empty());
        offer.company_url = Some(self.company_website.trim().to_string()).filter(|s| !s.is_empty());
        offer.apply_url = (self.application_type == "url").then(|| self.application_type_uri.trim().to_string());
        offer.workplace_type = WorkplaceType::parse(&self.working_place).unwrap_or(WorkplaceType::Office);
        offer.working_time = WorkingTime::parse(&self.working_time).unwrap_or(WorkingTime::FullTime);
        offer.experience_level = ExperienceLevel::parse(&self.job_position_experience).unwrap_or(ExperienceLevel::Mid);
        offer.category_id = category_id;
        offer.locations = locations;
        offer.employment_types = employment_types;
        offer.required_skills = skills(&self.required_skills);
        offer.nice_to_have_skills = skills(&self.optional_skills);
        offer.languages = self
            .languages
            .iter()
            .filter(|l| !l.code.trim().is_empty() && !l.level.trim().is_empty())
            .map(|l| Language { code: l.code.trim().to_string(), level: l.level.trim().to_string() })
            .collect();
        offer.published_at = published_at;
        offer.expired_at = expired_at;
        offer.remote_interview = self.remote_interview;
        offer.open_to_hire_ukrainians = self.open_to_hire_ukrainians;
        offer.body = crate::html::sanitize(&self.job_description);
        offer.information_clause = Some(self.information_clause_text.trim().to_string()).filter(|s| !s.is_empty());
        offer.future_consent = consent(self.future_consent_enabled, &self.future_consent_text);
        offer.custom_consent = consent(self.custom_consent_enabled, &self.custom_consent_text);
        offer.source = Some("employer".into());
        if let Some(email) = apply_email {
            offer.extra.insert("applyEmail".into(), serde_json::Value::String(email));
        }
        offer.extra.insert(
            "contact".into(),
            serde_json::json!({"name": self.contact_name.trim(), "email": self.contact_email.trim().to_lowercase(), "phone": self.contact_phone.trim()}),
        );
        offer
    }
}

/// One contract of the summary.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[allow(missing_docs)]
pub struct SummaryEmployment {
    #[serde(rename = "type")]
    pub kind: EmploymentKind,
    pub from: Option<f64>,
    pub to: Option<f64>,
    pub currency: Currency,
    pub unit: SalaryUnit,
    pub gross: bool,
}

/// One location of the summary.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[allow(missing_docs)]
pub struct SummaryLocation {
    pub city: String,
    pub street: Option<String>,
    pub latitude: f64,
    pub longitude: f64,
}

/// The consents of the summary (shown as disabled ticked boxes).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[allow(missing_docs)]
pub struct SummaryConsents {
    pub information_clause: Option<String>,
    pub future_consent: Option<String>,
    pub future_consent_enabled: bool,
    pub custom_consent: Option<String>,
    pub custom_consent_enabled: bool,
}

/// The offer summary entity of section 3, built from the mapped offer.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[allow(missing_docs)]
pub struct OfferSummary {
    pub title: String,
    pub company_name: String,
    pub company_logo_url: Option<String>,
    pub category_key: Option<String>,
    pub employment_types: Vec<SummaryEmployment>,
    pub locations: Vec<SummaryLocation>,
    pub working_time: WorkingTime,
    pub workplace_type: WorkplaceType,
    pub experience_level: ExperienceLevel,
    pub required_skills: Vec<Skill>,
    pub optional_skills: Vec<Skill>,
    pub languages: Vec<Language>,
    pub description: String,
    pub open_to_hire_ukrainians: bool,
    pub remote_interview: bool,
    pub consents: SummaryConsents,
}

impl OfferSummary {
    /// The summary of an offer as stored (what candidates read).
    pub fn of(offer: &Offer, categories: &crate::category::CategoryTree) -> OfferSummary {
        OfferSummary {
            title: offer.title.clone(),
            company_name: offer.company_name.clone(),
            company_logo_url: offer.company_logo_url.clone(),
            category_key: categories.get(offer.category_id).map(|c| c.slug.clone()),
            employment_types: offer
                .employment_types
                .iter()
                .map(|e| SummaryEmployment { kind: e.kind, from: e.from, to: e.to, currency: e.currency, unit: e.unit, gross: e.gross })
                .collect(),
            locations: offer
                .locations
                .iter()
                .map(|l| SummaryLocation { city: l.city.clone(), street: l.street.clone(), latitude: l.latitude, longitude: l.longitude })
                .collect(),
            working_time: offer.working_time,
            workplace_type: offer.workplace_type,
            experience_level: offer.experience_level,
            required_skills: offer.required_skills.clone(),
            optional_skills: offer.nice_to_have_skills.clone(),
            languages: offer.languages.clone(),
            description: offer.body.clone(),
            open_to_hire_ukrainians: offer.open_to_hire_ukrainians,
            remote_interview: offer.remote_interview,
            consents: SummaryConsents {
                information_clause: offer.information_clause.clone(),
                future_consent_enabled: offer.future_consent.is_some(),
                future_consent: offer.future_consent.clone(),
                custom_consent_enabled: offer.custom_consent.is_some(),
                custom_consent: offer.custom_consent.clone(),
            },
        }
    }
}
