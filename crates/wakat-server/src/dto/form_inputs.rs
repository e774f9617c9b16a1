//! `GET /v1/offers/form-inputs-data`: the form's dictionaries.

use serde::Serialize;
use utoipa::ToSchema;

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
    pub defaults: wakat_core::offer_form::OfferForm,
}
