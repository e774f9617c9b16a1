//! The offer form's dictionaries (`GET /v1/offers/form-inputs-data`) and the skills search.

use wakat_core::offer_form::{OfferForm, COMPANY_SIZES, LANGUAGE_LEVELS, SALARY_TYPES, SKILL_LEVELS};
use wakat_core::params::Lang;
use wakat_core::{Currency, EmploymentKind, ExperienceLevel, FieldCode, FieldError, SalaryUnit, WorkingTime, WorkplaceType};
use wakat_engine::Tenant;

use crate::dto::form_inputs::{CategoryOptionDto, CityDto, DictionarySkillDto, FormInputsDto, MapCenterDto, OptionDto, SkillsMetaDto, SkillsPageDto};
use crate::error::Result;
use crate::state::AppState;

/// Cities listed in the dictionaries (the rest are found by the city search).
const CITIES: usize = 100;
/// The spec's skills page size, also the largest page.
pub const SKILLS_PAGE_SIZE: usize = 100;

fn options<T: Copy>(values: &[T], value: impl Fn(T) -> &'static str, label: impl Fn(T) -> &'static str) -> Vec<OptionDto> {
    values.iter().map(|&v| OptionDto { value: value(v).to_string(), label: label(v).to_string() }).collect()
}

/// A page of the skills dictionary matching `keyword`.
pub fn skills(state: &AppState, keyword: &str, page_number: usize, page_size: usize) -> Result<SkillsPageDto> {
    if page_number == 0 || page_number > 10_000 {
        return Err(FieldError::new("pageNumber", FieldCode::InvalidPage, "pageNumber must be 1 to 10000").into());
    }
    if page_size == 0 || page_size > SKILLS_PAGE_SIZE {
        return Err(FieldError::new("pageSize", FieldCode::InvalidPerPage, "pageSize must be 1 to 100").into());
    }
    if keyword.chars().count() > 100 {
        return Err(FieldError::new("keyword", FieldCode::InvalidKeyword, "at most 100 characters").into());
    }
    let (page, total) = state.skills.search(keyword, page_number, page_size);
    Ok(SkillsPageDto {
        data: page.into_iter().map(|s| DictionarySkillDto { id: s.id.clone(), name: s.name.clone() }).collect(),
        meta: SkillsMetaDto { page_number, page_size, total },
    })
}

/// Every dictionary of the form, in `lang`.
pub fn form_inputs(state: &AppState, tenant: &Tenant, lang: Lang) -> Result<FormInputsDto> {
    let lang = lang.as_str();
    let cities = state
        .engine
        .gazetteer
        .places()
        .iter()
        .take(CITIES)
        .map(|place| CityDto {
            label: if lang == "en" { place.name_en.clone().unwrap_or_else(|| place.name.clone()) } else { place.name.clone() },
            value: place.slug.clone(),
            map_center: MapCenterDto { latitude: place.lat, longitude: place.lon },
        })
        .collect();
    let currencies: Vec<Currency> = tenant.settings.currencies.iter().filter_map(|c| Currency::parse(c)).collect();
    let categories = tenant
        .categories
        .roots()
        .iter()
        .filter(|c| !c.is_static)
        .map(|c| CategoryOptionDto {
            key: c.slug.clone(),
            label: c.label(lang).to_string(),
            children: c.children.iter().map(|child| OptionDto { value: child.slug.clone(), label: child.label(lang).to_string() }).collect(),
        })
        .collect();
    Ok(FormInputsDto {
        cities,
        remote_work_options: options(WorkplaceType::ALL, WorkplaceType::as_str, |v| v.label(lang)),
        fulltime_parttime_options: options(WorkingTime::ALL, WorkingTime::as_str, |v| v.label(lang)),
        currencies: options(&currencies, Currency::as_str, |v| v.label(lang)),
        skill_levels: SKILL_LEVELS
            .iter()
            .map(|(level, en, pl)| OptionDto { value: level.to_string(), label: if lang == "pl" { pl } else { en }.to_string() })
            .collect(),
        skills: skills(state, "", 1, SKILLS_PAGE_SIZE)?,
        company_sizes: COMPANY_SIZES.iter().map(|s| s.to_string()).collect(),
        employment_types: options(EmploymentKind::ALL, EmploymentKind::as_str, |v| v.label(lang)),
        experience_levels: options(ExperienceLevel::ALL, ExperienceLevel::as_str, |v| v.label(lang)),
        salary_units: options(SalaryUnit::ALL, SalaryUnit::as_str, |v| v.label(lang)),
        salary_types: SALARY_TYPES.iter().map(|s| s.to_string()).collect(),
        language_levels: LANGUAGE_LEVELS.iter().map(|s| s.to_string()).collect(),
        categories,
        defaults: OfferForm::default(),
    })
}
