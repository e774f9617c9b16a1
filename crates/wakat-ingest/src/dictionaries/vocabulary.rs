//! The per-tenant vocabulary: title words, skills, salary ranges, description fragments and the
//! distributions of a tenant's offers, as written in `vocabulary-{tenant}.json`.
//!
//! A subcategory entry may omit any field its parent gives; [`Vocabulary::from_json`] resolves
//! the inheritance once, so every [`CategoryVocabulary`] it returns is complete and checked.

use std::collections::BTreeMap;

use serde::Deserialize;
use wakat_core::validate::MAX_SKILL_CHARS;
use wakat_core::{EmploymentKind, ExperienceLevel};

/// Why a vocabulary file cannot be used: its first problem, naming the field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("vocabulary is not valid: {0}")]
pub struct VocabularyError(String);

/// A value in Polish and in English.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Localized<T> {
    /// Polish.
    pub pl: T,
    /// English.
    pub en: T,
}

impl<T> Localized<T> {
    /// Returns the Polish or the English value.
    pub fn get(&self, polish: bool) -> &T {
        if polish {
            &self.pl
        } else {
            &self.en
        }
    }
}

/// Alternative texts (sentences or HTML fragments) in both languages; one is picked at random.
pub type Texts = Localized<Vec<String>>;

/// One value per seniority level.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct PerLevel<T> {
    pub junior: T,
    pub mid: T,
    pub senior: T,
    pub expert: T,
    pub c_level: T,
}

impl<T> PerLevel<T> {
    /// Returns the value of `level`.
    pub fn get(&self, level: ExperienceLevel) -> &T {
        match level {
            ExperienceLevel::Junior => &self.junior,
            ExperienceLevel::Mid => &self.mid,
            ExperienceLevel::Senior => &self.senior,
            ExperienceLevel::Expert => &self.expert,
            ExperienceLevel::CLevel => &self.c_level,
        }
    }

    fn iter(&self) -> impl Iterator<Item = &T> {
        [&self.junior, &self.mid, &self.senior, &self.expert, &self.c_level].into_iter()
    }
}

/// Title words: English, Polish masculine and Polish feminine forms (`Programista`, `Programistka`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TitleWords {
    /// English forms.
    pub en: Vec<String>,
    /// Polish masculine forms (also the generic form in Polish job ads).
    pub pl: Vec<String>,
    /// Polish feminine forms; may be empty.
    #[serde(default)]
    pub pl_feminine: Vec<String>,
}

/// Section headings of a generated description.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[allow(missing_docs)]
pub struct Headings {
    pub about: String,
    pub responsibilities: String,
    pub requirements: String,
    pub nice_to_have: String,
    pub benefits: String,
}

/// Legal texts with a `{company}` (and `{city}`) placeholder.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LegalTexts {
    /// GDPR information clause.
    pub information_clause: Texts,
    /// Consent to future recruitments.
    pub future_consent: Texts,
    /// An extra custom consent.
    pub custom_consent: Texts,
}

/// Relative weights of workplace types.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct WorkplaceShares {
    pub remote: f64,
    pub hybrid: f64,
    pub office: f64,
}

/// A combination of contracts offered together, with its relative weight.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContractMix {
    /// Contract kinds, in display order.
    pub kinds: Vec<EmploymentKind>,
    /// Relative weight.
    pub weight: f64,
}

/// Multipliers applied to the vocabulary's salary ranges per contract kind (B2B amounts are net
/// and usually higher than gross employment amounts).
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[allow(missing_docs)]
pub struct ContractSalaryFactors {
    pub b2b: f64,
    pub permanent: f64,
    pub mandate_contract: f64,
    pub internship: f64,
}

impl ContractSalaryFactors {
    /// Returns the multiplier of `kind` (1 for `any`).
    pub fn get(&self, kind: EmploymentKind) -> f64 {
        match kind {
            EmploymentKind::B2b => self.b2b,
            EmploymentKind::Permanent => self.permanent,
            EmploymentKind::MandateContract => self.mandate_contract,
            EmploymentKind::Internship => self.internship,
            EmploymentKind::Any => 1.0,
        }
    }
}

/// Minimum pay in PLN (gross), per full-time month and per hour.
#[derive(Debug, Clone, Copy, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MinimumWage {
    /// Per full-time month.
    pub month: f64,
    /// Per hour.
    pub hour: f64,
}

/// A spoken language some offers require.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LanguageDemand {
    /// ISO 639-1 code.
    pub code: String,
    /// Share of offers requiring it, 0 to 1.
    pub share: f64,
    /// CEFR levels to pick from (repeat one to make it likelier).
    pub levels: Vec<String>,
}

/// How a tenant's offers are distributed; the generator reads every proportion from here, so
/// an IT board and a general board differ only by data.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[allow(missing_docs)]
pub struct TenantProfile {
    /// Relative weights of seniority levels.
    pub seniority_shares: PerLevel<f64>,
    /// Default workplace weights (a category may override them).
    pub workplace_shares: WorkplaceShares,
    /// Cities are weighted by population raised to this power (above 1 favours big cities).
    pub city_population_exponent: f64,
    /// Extra multipliers by city slug (IT hubs).
    #[serde(default)]
    pub city_boosts: BTreeMap<String, f64>,
    pub multilocation_share: f64,
    /// Share of offers filed under a subcategory when their category has some.
    pub subcategory_share: f64,
    pub polish_body_share: f64,
    /// Share of all offers with a Polish title (only Polish-bodied offers get one).
    pub polish_title_share: f64,
    pub feminine_title_share: f64,
    /// Share of Polish masculine titles suffixed with ` (k/m)`.
    pub gender_marker_share: f64,
    pub contracts: Vec<ContractMix>,
    pub contract_salary_factors: ContractSalaryFactors,
    pub junior_internship_share: f64,
    pub b2b_hourly_share: f64,
    pub salary_disclosed_share: f64,
    /// Legal minimum pay of employment and mandate contracts; generated amounts never go below it.
    #[serde(default)]
    pub minimum_wage: MinimumWage,
    pub foreign_currency_share: f64,
    pub part_time_share: f64,
    pub freelance_share: f64,
    pub remote_interview_share: f64,
    pub ukraine_friendly_share: f64,
    pub apply_url_share: f64,
    pub languages: Vec<LanguageDemand>,
}

/// What offers of one category are written from, after inheritance from the parent category.
#[derive(Debug, Clone, PartialEq)]
pub struct CategoryVocabulary {
    /// Parent category slug, for subcategories.
    pub parent: Option<String>,
    /// Relative weight among siblings.
    pub weight: f64,
    /// Position titles without seniority.
    pub titles: TitleWords,
    /// Titles of c-level offers.
    pub lead_titles: Texts,
    /// Skills required offers are drawn from; the first is the defining one (`Java`).
    pub core_skills: Vec<String>,
    /// Nice-to-have skills.
    pub optional_skills: Vec<String>,
    /// Typical monthly PLN range `[from, to]` per seniority.
    pub salary: PerLevel<[f64; 2]>,
    /// Share of offers paid by the hour (non-B2B contracts).
    pub hourly_share: f64,
    /// Workplace weights overriding the tenant profile.
    pub workplace_shares: Option<WorkplaceShares>,
    /// Responsibility bullet points (HTML fragments).
    pub responsibilities: Texts,
    /// Requirement bullet points (HTML fragments).
    pub requirements: Texts,
}

/// A tenant's vocabulary: distributions, title words and description fragments per category.
#[derive(Debug, Clone, PartialEq)]
pub struct Vocabulary {
    /// Distributions of the tenant's offers.
    pub profile: TenantProfile,
    /// Seniority prefixes of titles (`Senior`, `Starszy`, `Starsza`; empty strings allowed).
    pub seniority: PerLevel<TitleWords>,
    /// Lead titles of categories that have none.
    pub default_lead_titles: Texts,
    /// Description section headings.
    pub headings: Localized<Headings>,
    /// About-the-company paragraphs with `{company}`, `{city}` and `{title}` placeholders.
    pub intro: Texts,
    /// Experience requirement per seniority.
    pub experience: PerLevel<Texts>,
    /// Requirement templates with a `{skill}` placeholder.
    pub skill_requirement: Texts,
    /// Nice-to-have templates with a `{skill}` placeholder.
    pub nice_to_have_skill: Texts,
    /// Benefit bullet points.
    pub benefits: Texts,
    /// Legal texts.
    pub legal: LegalTexts,
    /// Entries by category slug, top-level and subcategories alike.
    pub categories: BTreeMap<String, CategoryVocabulary>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct VocabularyFile {
    profile: TenantProfile,
    seniority: PerLevel<TitleWords>,
    default_lead_titles: Texts,
    headings: Localized<Headings>,
    intro: Texts,
    experience: PerLevel<Texts>,
    skill_requirement: Texts,
    nice_to_have_skill: Texts,
    benefits: Texts,
    legal: LegalTexts,
    categories: BTreeMap<String, CategoryEntry>,
}

/// A category entry as written: a subcategory may omit anything its parent gives.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct CategoryEntry {
    parent: Option<String>,
    weight: Option<f64>,
    titles: Option<TitleWords>,
    lead_titles: Option<Texts>,
    core_skills: Option<Vec<String>>,
    optional_skills: Option<Vec<String>>,
    salary: Option<PerLevel<[f64; 2]>>,
    hourly_share: Option<f64>,
    workplace_shares: Option<WorkplaceShares>,
    responsibilities: Option<Texts>,
    requirements: Option<Texts>,
}

impl Vocabulary {
    /// Parses and checks a vocabulary file; the error explains the first problem found.
    pub fn from_json(json: &str) -> Result<Vocabulary, VocabularyError> {
        Vocabulary::parse(json).map_err(VocabularyError)
    }

    fn parse(json: &str) -> Result<Vocabulary, String> {
        let file: VocabularyFile = serde_json::from_str(json).map_err(|e| e.to_string())?;
        let mut categories = BTreeMap::new();
        for (slug, entry) in &file.categories {
            let parent = match &entry.parent {
                None => None,
                Some(parent_slug) => match file.categories.get(parent_slug) {
                    Some(parent) if parent.parent.is_none() => Some(parent),
                    _ => return Err(format!("category {slug}: parent {parent_slug} is missing or is itself a subcategory")),
                },
            };
            let missing = |field: &str| format!("category {slug}: {field} is missing");
            let resolved = CategoryVocabulary {
                parent: entry.parent.clone(),
                weight: entry.weight.unwrap_or(1.0),
                titles: inherit(parent, &entry.titles, |p| &p.titles).ok_or_else(|| missing("titles"))?,
                lead_titles: inherit(parent, &entry.lead_titles, |p| &p.lead_titles).unwrap_or_else(|| file.default_lead_titles.clone()),
                core_skills: inherit(parent, &entry.core_skills, |p| &p.core_skills).ok_or_else(|| missing("coreSkills"))?,
                optional_skills: inherit(parent, &entry.optional_skills, |p| &p.optional_skills).unwrap_or_default(),
                salary: inherit(parent, &entry.salary, |p| &p.salary).ok_or_else(|| missing("salary"))?,
                hourly_share: inherit(parent, &entry.hourly_share, |p| &p.hourly_share).unwrap_or(0.0),
                workplace_shares: inherit(parent, &entry.workplace_shares, |p| &p.workplace_shares),
                responsibilities: inherit(parent, &entry.responsibilities, |p| &p.responsibilities).ok_or_else(|| missing("responsibilities"))?,
                requirements: inherit(parent, &entry.requirements, |p| &p.requirements).ok_or_else(|| missing("requirements"))?,
            };
            check_category(slug, &resolved)?;
            categories.insert(slug.clone(), resolved);
        }
        let vocabulary = Vocabulary {
            profile: file.profile,
            seniority: file.seniority,
            default_lead_titles: file.default_lead_titles,
            headings: file.headings,
            intro: file.intro,
            experience: file.experience,
            skill_requirement: file.skill_requirement,
            nice_to_have_skill: file.nice_to_have_skill,
            benefits: file.benefits,
            legal: file.legal,
            categories,
        };
        vocabulary.check()?;
        Ok(vocabulary)
    }

    fn check(&self) -> Result<(), String> {
        let profile = &self.profile;
        let shares = [
            ("multilocationShare", profile.multilocation_share),
            ("subcategoryShare", profile.subcategory_share),
            ("polishBodyShare", profile.polish_body_share),
            ("polishTitleShare", profile.polish_title_share),
            ("feminineTitleShare", profile.feminine_title_share),
            ("genderMarkerShare", profile.gender_marker_share),
            ("juniorInternshipShare", profile.junior_internship_share),
            ("b2bHourlyShare", profile.b2b_hourly_share),
            ("salaryDisclosedShare", profile.salary_disclosed_share),
            ("foreignCurrencyShare", profile.foreign_currency_share),
            ("partTimeShare", profile.part_time_share),
            ("freelanceShare", profile.freelance_share),
            ("remoteInterviewShare", profile.remote_interview_share),
            ("ukraineFriendlyShare", profile.ukraine_friendly_share),
            ("applyUrlShare", profile.apply_url_share),
        ];
        for (name, share) in shares {
            ensure(is_share(share), || format!("profile.{name} must be between 0 and 1"))?;
        }
        ensure(profile.polish_title_share <= profile.polish_body_share, || "profile.polishTitleShare exceeds polishBodyShare".into())?;
        ensure(are_weights(profile.seniority_shares.iter().copied()), || "profile.seniorityShares needs non-negative weights".into())?;
        ensure(are_workplace_weights(&profile.workplace_shares), || "profile.workplaceShares needs non-negative weights".into())?;
        ensure(profile.city_population_exponent.is_finite() && (0.0..=4.0).contains(&profile.city_population_exponent), || {
            "profile.cityPopulationExponent must be between 0 and 4".into()
        })?;
        ensure(profile.city_boosts.values().all(|b| b.is_finite() && *b >= 0.0), || "profile.cityBoosts must be non-negative".into())?;
        ensure(!profile.contracts.is_empty() && profile.contracts.iter().all(|m| !m.kinds.is_empty()), || "profile.contracts needs non-empty mixes".into())?;
        ensure(are_weights(profile.contracts.iter().map(|m| m.weight)), || "profile.contracts needs non-negative weights".into())?;
        let factors = profile.contract_salary_factors;
        ensure([factors.b2b, factors.permanent, factors.mandate_contract, factors.internship].iter().all(|f| f.is_finite() && *f > 0.0), || {
            "profile.contractSalaryFactors must be positive".into()
        })?;
        let minimum = profile.minimum_wage;
        ensure([minimum.month, minimum.hour].iter().all(|m| m.is_finite() && *m >= 0.0), || "profile.minimumWage must be non-negative".into())?;
        for language in &profile.languages {
            let levels_ok = !language.levels.is_empty() && language.levels.iter().all(|l| ["A1", "A2", "B1", "B2", "C1", "C2"].contains(&l.as_str()));
            ensure(language.code.len() == 2 && is_share(language.share) && levels_ok, || format!("profile.languages: {} is invalid", language.code))?;
        }
        for (name, texts) in [
            ("defaultLeadTitles", &self.default_lead_titles),
            ("intro", &self.intro),
            ("skillRequirement", &self.skill_requirement),
            ("niceToHaveSkill", &self.nice_to_have_skill),
            ("benefits", &self.benefits),
            ("legal.informationClause", &self.legal.information_clause),
            ("legal.futureConsent", &self.legal.future_consent),
            ("legal.customConsent", &self.legal.custom_consent),
        ] {
            ensure(has_texts(texts), || format!("{name} needs Polish and English texts"))?;
        }
        ensure(self.experience.iter().all(has_texts), || "experience needs Polish and English texts for every level".into())?;
        ensure(self.seniority.iter().all(|w| !w.en.is_empty() && !w.pl.is_empty()), || "seniority needs English and Polish words for every level".into())?;
        ensure(!self.categories.is_empty(), || "no categories".into())
    }
}

fn check_category(slug: &str, category: &CategoryVocabulary) -> Result<(), String> {
    let titles = &category.titles;
    let titles_ok = [&titles.en, &titles.pl].iter().all(|forms| !forms.is_empty())
        && titles.en.iter().chain(&titles.pl).chain(&titles.pl_feminine).all(|t| !t.trim().is_empty());
    ensure(titles_ok, || format!("category {slug}: titles need non-empty English and Polish forms"))?;
    ensure(has_texts(&category.lead_titles), || format!("category {slug}: leadTitles need both languages"))?;
    let skill_ok = |s: &String| !s.trim().is_empty() && s.chars().count() <= MAX_SKILL_CHARS;
    ensure(category.core_skills.len() >= 3 && category.core_skills.iter().chain(&category.optional_skills).all(skill_ok), || {
        format!("category {slug}: needs at least 3 core skills, each of 1 to {MAX_SKILL_CHARS} characters")
    })?;
    ensure(category.salary.iter().all(|[from, to]| from.is_finite() && *from > 0.0 && from <= to && to.is_finite()), || {
        format!("category {slug}: salary ranges must be positive with from <= to")
    })?;
    ensure(category.weight.is_finite() && category.weight >= 0.0 && is_share(category.hourly_share), || {
        format!("category {slug}: weight must be non-negative and hourlyShare between 0 and 1")
    })?;
    ensure(category.workplace_shares.as_ref().is_none_or(are_workplace_weights), || format!("category {slug}: workplaceShares needs non-negative weights"))?;
    ensure(has_texts(&category.responsibilities) && has_texts(&category.requirements), || {
        format!("category {slug}: responsibilities and requirements need both languages")
    })
}

/// Returns the entry's own value, or else its parent's.
fn inherit<T: Clone>(parent: Option<&CategoryEntry>, own: &Option<T>, field: fn(&CategoryEntry) -> &Option<T>) -> Option<T> {
    own.clone().or_else(|| parent.and_then(|p| field(p).clone()))
}

fn ensure(condition: bool, reason: impl FnOnce() -> String) -> Result<(), String> {
    if condition {
        Ok(())
    } else {
        Err(reason())
    }
}

fn is_share(share: f64) -> bool {
    (0.0..=1.0).contains(&share)
}

fn are_weights(weights: impl Iterator<Item = f64>) -> bool {
    let mut total = 0.0;
    for weight in weights {
        if !(weight.is_finite() && weight >= 0.0) {
            return false;
        }
        total += weight;
    }
    total > 0.0
}

fn are_workplace_weights(shares: &WorkplaceShares) -> bool {
    are_weights([shares.remote, shares.hybrid, shares.office].into_iter())
}

fn has_texts(texts: &Texts) -> bool {
    !texts.pl.is_empty() && !texts.en.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The smallest valid vocabulary: one category and one subcategory that inherits everything.
    const MINIMAL: &str = r#"{
      "profile": {
        "seniorityShares": {"junior": 1, "mid": 1, "senior": 1, "expert": 1, "c_level": 1},
        "workplaceShares": {"remote": 1, "hybrid": 1, "office": 1},
        "cityPopulationExponent": 1.0, "multilocationShare": 0.1, "subcategoryShare": 0.5,
        "polishBodyShare": 0.5, "polishTitleShare": 0.2, "feminineTitleShare": 0.3, "genderMarkerShare": 0.1,
        "contracts": [{"kinds": ["b2b"], "weight": 1}, {"kinds": ["permanent", "mandate_contract"], "weight": 1}],
        "contractSalaryFactors": {"b2b": 1.0, "permanent": 0.8, "mandateContract": 0.8, "internship": 0.5},
        "juniorInternshipShare": 0.1, "b2bHourlyShare": 0.2, "salaryDisclosedShare": 0.9,
        "foreignCurrencyShare": 0.1, "partTimeShare": 0.1, "freelanceShare": 0.1, "remoteInterviewShare": 0.5,
        "ukraineFriendlyShare": 0.5, "applyUrlShare": 0.2,
        "languages": [{"code": "en", "share": 0.5, "levels": ["B2"]}]
      },
      "seniority": {"junior": {"en": ["Junior"], "pl": ["Młodszy"], "plFeminine": ["Młodsza"]},
                    "mid": {"en": [""], "pl": [""]}, "senior": {"en": ["Senior"], "pl": ["Starszy"]},
                    "expert": {"en": ["Lead"], "pl": ["Główny"]}, "c_level": {"en": [""], "pl": [""]}},
      "defaultLeadTitles": {"pl": ["Dyrektor IT"], "en": ["CTO"]},
      "headings": {"pl": {"about": "O nas", "responsibilities": "Zadania", "requirements": "Wymagania", "niceToHave": "Mile widziane", "benefits": "Oferujemy"},
                   "en": {"about": "About", "responsibilities": "Tasks", "requirements": "Requirements", "niceToHave": "Nice to have", "benefits": "Benefits"}},
      "intro": {"pl": ["{company} w mieście {city}"], "en": ["{company} in {city}"]},
      "experience": {"junior": {"pl": ["Rok"], "en": ["A year"]}, "mid": {"pl": ["2 lata"], "en": ["2 years"]},
                     "senior": {"pl": ["5 lat"], "en": ["5 years"]}, "expert": {"pl": ["8 lat"], "en": ["8 years"]},
                     "c_level": {"pl": ["10 lat"], "en": ["10 years"]}},
      "skillRequirement": {"pl": ["Znajomość {skill}"], "en": ["Knowledge of {skill}"]},
      "niceToHaveSkill": {"pl": ["{skill}"], "en": ["{skill}"]},
      "benefits": {"pl": ["Opieka medyczna"], "en": ["Medical care"]},
      "legal": {"informationClause": {"pl": ["{company}"], "en": ["{company}"]},
                "futureConsent": {"pl": ["{company}"], "en": ["{company}"]},
                "customConsent": {"pl": ["{company}"], "en": ["{company}"]}},
      "categories": {
        "java": {"weight": 2, "titles": {"en": ["Java Developer"], "pl": ["Programista Java"], "plFeminine": ["Programistka Java"]},
                 "coreSkills": ["Java", "Spring", "SQL"],
                 "salary": {"junior": [6000, 9000], "mid": [15000, 20000], "senior": [20000, 26000], "expert": [24000, 30000], "c_level": [26000, 32000]},
                 "responsibilities": {"pl": ["Pisanie kodu"], "en": ["Writing code"]},
                 "requirements": {"pl": ["Git"], "en": ["Git"]}},
        "spring": {"parent": "java", "titles": {"en": ["Spring Developer"], "pl": ["Programista Spring"]}}
      }
    }"#;

    #[test]
    fn rejects_incomplete_vocabulary() {
        assert!(Vocabulary::from_json(MINIMAL).is_ok());
        let orphan = MINIMAL.replace(r#""parent": "java""#, r#""parent": "cobol""#);
        assert!(Vocabulary::from_json(&orphan).unwrap_err().to_string().contains("parent cobol"));
        let bad_share = MINIMAL.replace(r#""applyUrlShare": 0.2"#, r#""applyUrlShare": 1.5"#);
        assert!(Vocabulary::from_json(&bad_share).unwrap_err().to_string().contains("applyUrlShare"));
        let inverted = MINIMAL.replace("[15000, 20000]", "[20000, 15000]");
        assert!(Vocabulary::from_json(&inverted).unwrap_err().to_string().contains("salary"));
        assert!(Vocabulary::from_json("{}").is_err());
    }
}
