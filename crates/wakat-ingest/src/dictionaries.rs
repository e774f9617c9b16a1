//! Loaders of the dictionaries in `index-data/`: cities, exchange rates, categories, companies and
//! the per-tenant vocabulary the generator writes offers from.
//!
//! Every loader checks the file beyond its syntax (unique slugs, sane shares, complete
//! vocabulary), so a broken dictionary fails at start-up with the file's name instead of producing
//! odd offers later.

mod vocabulary;

use std::collections::HashSet;
use std::path::Path;

use serde::Deserialize;
use wakat_core::validate::is_valid_slug;
use wakat_core::{CategoryTree, Gazetteer, Rates};

use crate::IngestError;
pub use vocabulary::{
    CategoryVocabulary, ContractMix, ContractSalaryFactors, Headings, LanguageDemand, LegalTexts, Localized, MinimumWage, PerLevel, TenantProfile, Texts,
    TitleWords, Vocabulary, VocabularyError, WorkplaceShares,
};

/// Loads the gazetteer (`cities.json`), rejecting duplicate slugs and impossible coordinates.
pub fn load_gazetteer(path: &Path) -> Result<Gazetteer, IngestError> {
    let json = read(path)?;
    let gazetteer = Gazetteer::from_json(&json).map_err(|e| invalid(path, e))?;
    let mut slugs = HashSet::new();
    for place in gazetteer.places() {
        if !slugs.insert(place.slug.as_str()) || !is_valid_slug(&place.slug) {
            return Err(invalid(path, format!("city slug {:?} is duplicated or malformed", place.slug)));
        }
        if !(place.lat.abs() <= 90.0 && place.lon.abs() <= 180.0) {
            return Err(invalid(path, format!("city {} has invalid coordinates", place.slug)));
        }
    }
    if gazetteer.places().is_empty() {
        return Err(invalid(path, "no cities"));
    }
    Ok(gazetteer)
}

/// Loads the exchange rates (`rates.json`, PLN per unit of each currency).
pub fn load_rates(path: &Path) -> Result<Rates, IngestError> {
    Rates::from_json(&read(path)?).map_err(|e| invalid(path, e))
}

/// Loads a tenant's category tree (`categories-{tenant}.json`).
pub fn load_categories(path: &Path) -> Result<CategoryTree, IngestError> {
    CategoryTree::from_json(&read(path)?).map_err(|e| invalid(path, e))
}

/// Loads a tenant's companies (`companies-{tenant}.json`), rejecting duplicate or malformed slugs.
pub fn load_companies(path: &Path) -> Result<Vec<Company>, IngestError> {
    let companies: Vec<Company> = serde_json::from_str(&read(path)?).map_err(|e| invalid(path, e))?;
    let mut slugs = HashSet::new();
    for company in &companies {
        if company.name.trim().is_empty() || !is_valid_slug(&company.slug) || !slugs.insert(company.slug.as_str()) {
            return Err(invalid(path, format!("company {:?} has no name or a duplicated or malformed slug", company.slug)));
        }
    }
    if companies.is_empty() {
        return Err(invalid(path, "no companies"));
    }
    Ok(companies)
}

/// Loads a tenant's vocabulary (`vocabulary-{tenant}.json`), resolving subcategory entries
/// against their parent so that every entry is complete.
pub fn load_vocabulary(path: &Path) -> Result<Vocabulary, IngestError> {
    Vocabulary::from_json(&read(path)?).map_err(|e| invalid(path, e))
}

fn read(path: &Path) -> Result<String, IngestError> {
    std::fs::read_to_string(path).map_err(|source| IngestError::Io { path: path.to_path_buf(), source })
}

fn invalid(path: &Path, reason: impl ToString) -> IngestError {
    IngestError::Invalid { path: path.to_path_buf(), reason: reason.to_string() }
}

/// A hiring company of the generated data set.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Company {
    /// Display name with its legal form (`Wisła Software sp. z o.o.`).
    pub name: String,
    /// URL slug; logos are served at `/api/{tenant}/v1/logos/{slug}.svg`.
    pub slug: String,
    /// Head-count bracket (`1-10`, `11-25`, `26-50`, `51-100`, `101-500`, `501+`).
    pub size: String,
    /// Kind of company.
    #[serde(rename = "type")]
    pub company_type: CompanyType,
    /// Website.
    pub url: String,
    /// Employer branding page, for about a third of the companies.
    #[serde(default)]
    pub brand_story: Option<BrandStory>,
}

/// Kind of company, as brand stories show it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[allow(missing_docs)]
pub enum CompanyType {
    Startup,
    SoftwareHouse,
    ECommerce,
    Corporation,
    Agency,
    Other,
}

impl CompanyType {
    /// The value used by the API (`software-house`).
    pub fn as_str(self) -> &'static str {
        match self {
            CompanyType::Startup => "startup",
            CompanyType::SoftwareHouse => "software-house",
            CompanyType::ECommerce => "e-commerce",
            CompanyType::Corporation => "corporation",
            CompanyType::Agency => "agency",
            CompanyType::Other => "other",
        }
    }
}

/// A company's employer branding summary.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BrandStory {
    /// Polish summary.
    pub short_description: String,
    /// English summary.
    pub short_description_en: String,
    /// Cover image URL.
    pub cover_photo_url: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index_data(file: &str) -> std::path::PathBuf {
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../index-data")).join(file)
    }

    #[test]
    fn gazetteer_has_polish_names_and_aliases() {
        let gazetteer = load_gazetteer(&index_data("cities.json")).unwrap();
        assert!((300..=1200).contains(&gazetteer.places().len()), "{}", gazetteer.places().len());
        assert_eq!(gazetteer.lookup("krakow").unwrap().name, "Kraków");
        assert_eq!(gazetteer.lookup("Cracow").unwrap().slug, "krakow");
        assert_eq!(gazetteer.lookup("Łódź").unwrap().slug, "lodz");
        assert_eq!(gazetteer.lookup("Warsaw").unwrap().name, "Warszawa");
        assert_eq!(gazetteer.lookup("bielsko-biala").unwrap().name, "Bielsko-Biała");
        assert_eq!(gazetteer.places()[0].slug, "warszawa");
        assert!(gazetteer.lookup("Mokotów").is_none(), "city districts are not cities");
    }

    #[test]
    fn rates_and_categories_load() {
        let rates = load_rates(&index_data("rates.json")).unwrap();
        assert_eq!(rates.convert(1.0, wakat_core::Currency::Eur, wakat_core::Currency::Pln), 4.18);
        let it = load_categories(&index_data("categories-it.json")).unwrap();
        assert_eq!(it.roots().len(), 25);
        assert_eq!(it.find("net").unwrap().label_en, ".NET");
        assert_eq!(it.find("react").unwrap().parent, Some(1));
        assert!(it.find("ai").unwrap().is_new);
        let work = load_categories(&index_data("categories-work.json")).unwrap();
        let it_link = work.find("it").unwrap();
        assert!(it_link.is_static);
        assert_eq!(it_link.redirect_to.as_deref(), Some("/it"));
    }

    #[test]
    fn companies_load_for_both_tenants() {
        for (tenant, at_least) in [("it", 250), ("work", 150)] {
            let companies = load_companies(&index_data(&format!("companies-{tenant}.json"))).unwrap();
            assert!(companies.len() >= at_least);
            let with_story = companies.iter().filter(|c| c.brand_story.is_some()).count();
            assert!(with_story * 5 > companies.len() && with_story * 2 < companies.len());
            let story = companies.iter().find_map(|c| c.brand_story.as_ref()).unwrap();
            assert!(story.cover_photo_url.starts_with(&format!("/api/{tenant}/v1/images/cover/")));
        }
    }

    #[test]
    fn every_category_has_vocabulary_and_back() {
        for tenant in ["it", "work"] {
            let tree = load_categories(&index_data(&format!("categories-{tenant}.json"))).unwrap();
            let vocabulary = load_vocabulary(&index_data(&format!("vocabulary-{tenant}.json"))).unwrap();
            for slug in vocabulary.categories.keys() {
                assert!(tree.find(slug).is_some_and(|c| c.slug == *slug), "{tenant}: {slug} is not a category");
            }
            for category in tree.iter().filter(|c| !c.is_static) {
                let entry = vocabulary.categories.get(&category.slug);
                assert!(entry.is_some(), "{tenant}: {} has no vocabulary", category.slug);
                let parent_slug = category.parent.and_then(|p| tree.get(p)).map(|p| p.slug.clone());
                assert_eq!(entry.unwrap().parent, parent_slug, "{tenant}: {}", category.slug);
            }
        }
    }

    #[test]
    fn subcategories_inherit_from_their_parent() {
        let vocabulary = load_vocabulary(&index_data("vocabulary-it.json")).unwrap();
        let react = &vocabulary.categories["react"];
        let javascript = &vocabulary.categories["javascript"];
        assert_eq!(react.salary, javascript.salary);
        assert_eq!(react.responsibilities, javascript.responsibilities);
        assert_eq!(react.core_skills[0], "React");
        assert!(vocabulary.categories["net"].titles.pl.contains(&"Programista .NET".to_string()));
    }

    #[test]
    fn reports_the_file_of_an_error() {
        let missing = index_data("no-such-file.json");
        assert!(matches!(load_rates(&missing), Err(IngestError::Io { path, .. }) if path == missing));
        let dir = tempfile::tempdir().unwrap();
        let broken = dir.path().join("companies.json");
        std::fs::write(&broken, r#"[{"name":"A","slug":"Not A Slug","size":"1-10","type":"other","url":"https://a.example"}]"#).unwrap();
        assert!(matches!(load_companies(&broken), Err(IngestError::Invalid { reason, .. }) if reason.contains("Not A Slug")));
    }
}
