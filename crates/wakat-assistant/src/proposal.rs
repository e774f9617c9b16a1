//! The AI-proposed ad (spec `employer-side.md` §3 "AI-proposed ad"): title, description,
//! category, seniority, isRemoteRecruitment, workplaceType, workingTime, languages (isoCode,
//! level), skills (requiredSkills, recommendedSkills), salaryUnit, salaryCurrency, salaries
//! (employmentType, minAmount, maxAmount, amountType; the first primary, the second additional),
//! addresses. What a proposal leaves out (`None`, empty lists) the form keeps as it was.

use serde::{Deserialize, Serialize};
use wakat_core::{Currency, EmploymentKind, ExperienceLevel, SalaryUnit, WorkingTime, WorkplaceType};

/// A proposed job ad, as the hub sends it (camelCase JSON).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ProposedAd {
    /// The position's name.
    pub title: Option<String>,
    /// The description, as the form's sanitised HTML (paragraphs, headings, lists).
    pub description: Option<String>,
    /// The board's category key (a slug of its category tree).
    pub category: Option<String>,
    /// Seniority.
    pub seniority: Option<ExperienceLevel>,
    /// Whether the recruitment is held remotely.
    pub is_remote_recruitment: Option<bool>,
    /// Remote, hybrid or office.
    pub workplace_type: Option<WorkplaceType>,
    /// Full-time, part-time, …
    pub working_time: Option<WorkingTime>,
    /// Spoken languages with levels.
    pub languages: Vec<ProposedLanguage>,
    /// Required and recommended skills.
    pub skills: ProposedSkills,
    /// The salaries' unit (month, hour, …).
    pub salary_unit: Option<SalaryUnit>,
    /// The salaries' currency.
    pub salary_currency: Option<Currency>,
    /// At most two: the first is the primary employment type, the second the additional one.
    pub salaries: Vec<ProposedSalary>,
    /// Work places (gazetteer cities, streets when given).
    pub addresses: Vec<ProposedAddress>,
}

/// A spoken language.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProposedLanguage {
    /// ISO 639-1 code (`en`, `pl`, `de`).
    pub iso_code: String,
    /// A1 to C2.
    pub level: String,
}

/// The proposed skills.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ProposedSkills {
    /// Must-haves.
    pub required_skills: Vec<ProposedSkill>,
    /// Nice-to-haves.
    pub recommended_skills: Vec<ProposedSkill>,
}

/// A skill, named as in the skills dictionary when it is there.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProposedSkill {
    /// The skill's name.
    pub name: String,
    /// 1 (nice to have) to 5 (master), as the form's levels.
    pub level: Option<u8>,
}

/// A salary range of one employment type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProposedSalary {
    /// B2B, permanent, mandate contract, …
    pub employment_type: EmploymentKind,
    /// The range's lower end in the ad's currency and unit.
    pub min_amount: Option<f64>,
    /// The range's upper end.
    pub max_amount: Option<f64>,
    /// `gross` or `net`.
    pub amount_type: String,
}

/// A work place.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProposedAddress {
    /// The city, as the gazetteer names it.
    pub city: String,
    /// Street and number, when given.
    pub street: Option<String>,
    /// ISO country code.
    pub country_code: Option<String>,
    /// The city's (or street's) latitude.
    pub latitude: Option<f64>,
    /// Its longitude.
    pub longitude: Option<f64>,
}
