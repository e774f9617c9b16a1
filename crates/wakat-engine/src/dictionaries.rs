//! Loaders of every dictionary in `index-data/`: cities, exchange rates, synonyms and query
//! words (shared by the boards), and each board's categories, companies and vocabulary.
//!
//! Every loader checks the file beyond its syntax (unique slugs, sane shares, complete
//! vocabulary), so a broken dictionary fails at start-up with the file's name instead of producing
//! odd offers later.
//!
//! The types the generator reads ([`Company`], [`Vocabulary`]) stay in `wakat-ingest`, which the
//! engine depends on for importing the default data: the loaders are here, the shapes there.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use wakat_core::validate::is_valid_slug;
use wakat_core::{CategoryTree, Gazetteer, Rates};
use wakat_ingest::dictionaries::{Company, Vocabulary};
use wakat_search::analysis::SynonymsError;
use wakat_search::understand::QueryWordsError;
use wakat_search::{Analysis, QueryWords};

use crate::settings::TenantSettings;

/// A dictionary that cannot be used, named by its file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DictionaryError {
    /// A file could not be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A file is not in the format it should be in, or breaks a rule of its dictionary.
    #[error("{path} is not valid: {reason}")]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// The synonyms file is invalid.
    #[error(transparent)]
    Synonyms(#[from] SynonymsError),
    /// The query words file is invalid.
    #[error(transparent)]
    QueryWords(#[from] QueryWordsError),
}

/// The dictionaries every board shares, loaded from the index-data directory.
#[derive(Debug)]
pub struct SharedDictionaries {
    /// Cities (`cities.json`).
    pub gazetteer: Gazetteer,
    /// Exchange rates (`rates.json`).
    pub rates: Rates,
    /// Text analysis (`synonyms.txt`).
    pub analysis: Analysis,
    /// Query-time word lists (`query-words.txt`), which name cities of the gazetteer.
    pub words: QueryWords,
}

impl SharedDictionaries {
    /// Loads the shared dictionaries of `index_data`.
    pub fn load(index_data: &Path) -> Result<SharedDictionaries, DictionaryError> {
        let gazetteer = load_gazetteer(&index_data.join("cities.json"))?;
        let rates = load_rates(&index_data.join("rates.json"))?;
        let analysis = load_synonyms(&index_data.join("synonyms.txt"))?;
        let words = load_query_words(&index_data.join("query-words.txt"), &gazetteer, &analysis)?;
        Ok(SharedDictionaries { gazetteer, rates, analysis, words })
    }
}

/// The dictionaries of one board.
#[derive(Debug)]
pub struct BoardDictionaries {
    /// Categories (`tenants.categories`).
    pub categories: CategoryTree,
    /// Companies known to the board (`tenants.companies`; none when it names no file).
    pub companies: Vec<Company>,
}

impl BoardDictionaries {
    /// Loads the dictionaries `board` names from `index_data`.
    pub fn load(index_data: &Path, board: &TenantSettings) -> Result<BoardDictionaries, DictionaryError> {
        let categories = load_categories(&index_data.join(&board.categories))?;
        let companies = if board.companies.is_empty() { Vec::new() } else { load_companies(&index_data.join(&board.companies))? };
        Ok(BoardDictionaries { categories, companies })
    }
}

/// Loads the gazetteer (`cities.json`), rejecting duplicate slugs and impossible coordinates.
pub fn load_gazetteer(path: &Path) -> Result<Gazetteer, DictionaryError> {
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
pub fn load_rates(path: &Path) -> Result<Rates, DictionaryError> {
    Rates::from_json(&read(path)?).map_err(|e| invalid(path, e))
}

/// Loads a tenant's category tree (`categories-{tenant}.json`).
pub fn load_categories(path: &Path) -> Result<CategoryTree, DictionaryError> {
    CategoryTree::from_json(&read(path)?).map_err(|e| invalid(path, e))
}

/// Loads a tenant's companies (`companies-{tenant}.json`), rejecting duplicate or malformed slugs.
pub fn load_companies(path: &Path) -> Result<Vec<Company>, DictionaryError> {
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
pub fn load_vocabulary(path: &Path) -> Result<Vocabulary, DictionaryError> {
    Vocabulary::from_json(&read(path)?).map_err(|e| invalid(path, e))
}

/// Loads the synonyms of the text analysis (`synonyms.txt`).
pub fn load_synonyms(path: &Path) -> Result<Analysis, DictionaryError> {
    Ok(Analysis::from_synonyms(&read(path)?)?)
}

/// Loads the query-time word lists (`query-words.txt`); the place words must be cities of `gazetteer`.
pub fn load_query_words(path: &Path, gazetteer: &Gazetteer, analysis: &Analysis) -> Result<QueryWords, DictionaryError> {
    Ok(QueryWords::parse(&read(path)?, gazetteer, analysis)?)
}

fn read(path: &Path) -> Result<String, DictionaryError> {
    std::fs::read_to_string(path).map_err(|source| DictionaryError::Io { path: path.to_path_buf(), source })
}

fn invalid(path: &Path, reason: impl ToString) -> DictionaryError {
    DictionaryError::Invalid { path: path.to_path_buf(), reason: reason.to_string() }
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
        assert!(matches!(load_rates(&missing), Err(DictionaryError::Io { path, .. }) if path == missing));
        let dir = tempfile::tempdir().unwrap();
        let broken = dir.path().join("companies.json");
        std::fs::write(&broken, r#"[{"name":"A","slug":"Not A Slug","size":"1-10","type":"other","url":"https://a.example"}]"#).unwrap();
        assert!(matches!(load_companies(&broken), Err(DictionaryError::Invalid { reason, .. }) if reason.contains("Not A Slug")));
    }
}
