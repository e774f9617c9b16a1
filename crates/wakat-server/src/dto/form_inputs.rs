//! `GET /v1/offers/form-inputs-data`: the form's dictionaries, labelled in the request's
//! language from `wakat_app::form_inputs` and `wakat-core`'s option lists.

use serde::Serialize;
use utoipa::ToSchema;
use wakat_app::form_inputs::{FormInputs, SkillsPage};
use wakat_core::offer_form::{OfferForm, COMPANY_SIZES, LANGUAGE_LEVELS, SALARY_TYPES, SKILL_LEVELS};
use wakat_core::params::Lang;
use wakat_core::{Currency, EmploymentKind, ExperienceLevel, SalaryUnit, WorkingTime, WorkplaceType};

/// A value with its label in the request's language.
#[derive(Debug, Serialize, ToSchema)]
pub struct OptionDto {
    /// API value.
    pub value: String,
    /// Label.
    pub label: String,
}

/// A map centre.
#[derive(Debug, Serialize, ToSchema)]
pub struct MapCenterDto {
    /// Degrees.
    pub latitude: f64,
    /// Degrees.
    pub longitude: f64,
}

/// A city of the gazetteer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CityDto {
    /// Name in the request's language.
    pub label: String,
    /// Slug.
    pub value: String,
    /// Where the map opens.
    pub map_center: MapCenterDto,
}

/// A skill of the dictionary.
#[derive(Debug, Serialize, ToSchema)]
pub struct DictionarySkillDto {
    /// Slug.
    pub id: String,
    /// Name.
    pub name: String,
}

/// Paging of the skills.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SkillsMetaDto {
    /// 1-based.
    pub page_number: usize,
    /// 1 to 100.
    pub page_size: usize,
    /// Matching skills.
    pub total: usize,
}

/// A page of skills.
#[derive(Debug, Serialize, ToSchema)]
pub struct SkillsPageDto {
    /// The page.
    pub data: Vec<DictionarySkillDto>,
    /// Paging.
    pub meta: SkillsMetaDto,
}

/// A category with its subcategories (keys are slugs).
#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryOptionDto {
    /// Slug.
    pub key: String,
    /// Label.
    pub label: String,
    /// Subcategories (a subcategory is then required).
    pub children: Vec<OptionDto>,
}

/// The dictionaries of the form.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FormInputsDto {
    /// The most populous cities (search more with `/v2/user-panel/cities`).
    pub cities: Vec<CityDto>,
    /// Working place options.
    pub remote_work_options: Vec<OptionDto>,
    /// Working time options.
    pub fulltime_parttime_options: Vec<OptionDto>,
    /// The board's currencies.
    pub currencies: Vec<OptionDto>,
    /// Skill levels 1 to 5.
    pub skill_levels: Vec<OptionDto>,
    /// The first page of skills (100, most used first).
    pub skills: SkillsPageDto,
    /// Company sizes.
    pub company_sizes: Vec<String>,
    /// Employment types.
    pub employment_types: Vec<OptionDto>,
    /// Seniorities.
    pub experience_levels: Vec<OptionDto>,
    /// Salary units.
    pub salary_units: Vec<OptionDto>,
    /// Salary types.
    pub salary_types: Vec<String>,
    /// Language levels.
    pub language_levels: Vec<String>,
    /// Categories and subcategories.
    pub categories: Vec<CategoryOptionDto>,
    /// The form's defaults (section 3).
    #[schema(value_type = Object)]
    pub defaults: OfferForm,
}

/// Every value of an option list with its label.
fn options<T: Copy>(values: &[T], value: impl Fn(T) -> &'static str, label: impl Fn(T) -> &'static str) -> Vec<OptionDto> {
    values.iter().map(|&v| OptionDto { value: value(v).to_string(), label: label(v).to_string() }).collect()
}

impl SkillsPageDto {
    /// The page as the API shows it.
    pub fn new(page: &SkillsPage<'_>) -> SkillsPageDto {
        SkillsPageDto {
            data: page.skills.iter().map(|s| DictionarySkillDto { id: s.id.clone(), name: s.name.clone() }).collect(),
            meta: SkillsMetaDto { page_number: page.page_number, page_size: page.page_size, total: page.total },
        }
    }
}

impl FormInputsDto {
    /// The form's dictionaries, labelled in `lang`.
    pub fn new(inputs: &FormInputs<'_>, lang: Lang) -> FormInputsDto {
        let lang = lang.as_str();
        let cities = inputs
            .cities
            .iter()
            .map(|place| CityDto {
                label: if lang == "en" { place.name_en.clone().unwrap_or_else(|| place.name.clone()) } else { place.name.clone() },
                value: place.slug.clone(),
                map_center: MapCenterDto { latitude: place.lat, longitude: place.lon },
            })
            .collect();
        let categories = inputs
            .categories
            .iter()
            .map(|c| CategoryOptionDto {
                key: c.slug.clone(),
                label: c.label(lang).to_string(),
                children: c.children.iter().map(|child| OptionDto { value: child.slug.clone(), label: child.label(lang).to_string() }).collect(),
            })
            .collect();
        FormInputsDto {
            cities,
            remote_work_options: options(WorkplaceType::ALL, WorkplaceType::as_str, |v| v.label(lang)),
            fulltime_parttime_options: options(WorkingTime::ALL, WorkingTime::as_str, |v| v.label(lang)),
            currencies: options(&inputs.currencies, Currency::as_str, |v| v.label(lang)),
            skill_levels: SKILL_LEVELS
                .iter()
                .map(|(level, en, pl)| OptionDto { value: level.to_string(), label: if lang == "pl" { pl } else { en }.to_string() })
                .collect(),
            skills: SkillsPageDto::new(&inputs.skills),
            company_sizes: COMPANY_SIZES.iter().map(|s| s.to_string()).collect(),
            employment_types: options(EmploymentKind::ALL, EmploymentKind::as_str, |v| v.label(lang)),
            experience_levels: options(ExperienceLevel::ALL, ExperienceLevel::as_str, |v| v.label(lang)),
            salary_units: options(SalaryUnit::ALL, SalaryUnit::as_str, |v| v.label(lang)),
            salary_types: SALARY_TYPES.iter().map(|s| s.to_string()).collect(),
            language_levels: LANGUAGE_LEVELS.iter().map(|s| s.to_string()).collect(),
            categories,
            defaults: OfferForm::default(),
        }
    }
}
