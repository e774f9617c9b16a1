//! The offer form's inputs: the skills dictionary's search and what the form's dictionaries
//! (`GET /v1/offers/form-inputs-data`) hold that depends on the engine or the board — cities with
//! their map centres, the board's currencies and categories, the first page of skills. The fixed
//! option lists (workplace types, seniorities, salary units…) are `wakat-core`'s constants; the
//! server labels everything in the request's language.

use std::sync::Arc;

use wakat_core::offer_form::{SkillDictionary, SkillEntry};
use wakat_core::{Category, Currency, ErrorCode, FieldError, Place};
use wakat_engine::{Engine, Tenant};

use crate::error::Result;

/// Cities listed in the dictionaries (the rest are found by the city search).
const CITIES: usize = 100;
/// The spec's skills page size, also the largest page.
pub const SKILLS_PAGE_SIZE: usize = 100;
/// The deepest skills page asked for.
const MAX_SKILLS_PAGE: usize = 10_000;
/// Longest skills keyword.
const MAX_KEYWORD_CHARS: usize = 100;

/// A page of the skills dictionary.
#[derive(Debug, Clone)]
pub struct SkillsPage<'a> {
    /// The page's skills, most used first.
    pub skills: Vec<&'a SkillEntry>,
    /// 1-based.
    pub page_number: usize,
    /// 1 to [`SKILLS_PAGE_SIZE`].
    pub page_size: usize,
    /// Skills matching in total.
    pub total: usize,
}

/// The form's dictionaries that come from the engine and the board.
#[derive(Debug, Clone)]
pub struct FormInputs<'a> {
    /// The most populous cities of the gazetteer.
    pub cities: &'a [Place],
    /// The board's currencies.
    pub currencies: Vec<Currency>,
    /// The board's top-level categories an offer may choose (static ones are not), with their
    /// subcategories.
    pub categories: Vec<&'a Category>,
    /// The first page of skills.
    pub skills: SkillsPage<'a>,
}

/// The offer form's inputs service.
#[derive(Clone)]
pub struct OfferFormInputs {
    engine: Arc<Engine>,
    skills: Arc<SkillDictionary>,
}

impl OfferFormInputs {
    /// The service over the engine (its gazetteer) and the skills dictionary.
    pub fn new(engine: Arc<Engine>, skills: Arc<SkillDictionary>) -> OfferFormInputs {
        OfferFormInputs { engine, skills }
    }

    /// A page of the skills dictionary whose name or a word of it starts with `keyword`.
    pub fn skills(&self, keyword: &str, page_number: usize, page_size: usize) -> Result<SkillsPage<'_>> {
        if page_number == 0 || page_number > MAX_SKILLS_PAGE {
            return Err(FieldError::new("pageNumber", ErrorCode::InvalidPage, "pageNumber must be 1 to 10000").into());
        }
        if page_size == 0 || page_size > SKILLS_PAGE_SIZE {
            return Err(FieldError::new("pageSize", ErrorCode::InvalidPerPage, "pageSize must be 1 to 100").into());
        }
        if keyword.chars().count() > MAX_KEYWORD_CHARS {
            return Err(FieldError::new("keyword", ErrorCode::InvalidKeyword, "at most 100 characters").into());
        }
        let (skills, total) = self.skills.search(keyword, page_number, page_size);
        Ok(SkillsPage { skills, page_number, page_size, total })
    }

    /// The form's dictionaries of `tenant`.
    pub fn form_inputs<'a>(&'a self, tenant: &'a Tenant) -> Result<FormInputs<'a>> {
        let places = self.engine.gazetteer.places();
        Ok(FormInputs {
            cities: &places[..places.len().min(CITIES)],
            currencies: tenant.settings.currencies.iter().filter_map(|c| Currency::parse(c)).collect(),
            categories: tenant.categories.roots().iter().filter(|c| !c.is_static).collect(),
            skills: self.skills("", 1, SKILLS_PAGE_SIZE)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Setup;

    #[test]
    fn skills_pages_are_bounded_and_the_form_lists_the_boards_dictionaries() {
        let setup = Setup::new();
        let dictionary = SkillDictionary::from_json(r#"[{"id":"sql","name":"SQL"},{"id":"ms-sql","name":"MS SQL"},{"id":"java","name":"Java"}]"#).unwrap();
        let inputs = OfferFormInputs::new(setup.engine.clone(), Arc::new(dictionary));
        let page = inputs.skills("sq", 1, 1).unwrap();
        assert_eq!((page.skills.len(), page.total), (1, 2));
        for (keyword, number, size, field) in [("", 0, 1, "pageNumber"), ("", 1, 101, "pageSize"), (&*"x".repeat(101), 1, 1, "keyword")] {
            let refused = inputs.skills(keyword, number, size).unwrap_err();
            assert!(matches!(&refused, crate::AppError::Field(error) if error.field == field), "{refused:?}");
        }
        let tenant = setup.tenant();
        let form = inputs.form_inputs(&tenant).unwrap();
        assert!(!form.cities.is_empty() && form.cities.len() <= CITIES);
        assert!(!form.currencies.is_empty() && !form.categories.is_empty());
        assert!(form.categories.iter().all(|c| !c.is_static));
        assert_eq!(form.skills.total, 3);
    }
}
