//! What a generator is built from ([`GenerateOptions`], [`GenerateContext`]) and why it may not
//! be ([`GenerateError`]). Its own file so that the weighted tables below `generate` take them
//! without reaching back up to their parent.

use wakat_core::{CategoryTree, Gazetteer, Rates};

use crate::dictionaries::{Company, Vocabulary};

/// What to generate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenerateOptions {
    /// Tenant slug, used in logo and cover URLs (`/api/{tenant}/v1/logos/...`).
    pub tenant: String,
    /// Number of offers.
    pub offers: usize,
    /// Seed; the same options always give the same offers.
    pub seed: u64,
    /// Reference time in Unix seconds: offers are published in the 30 days before it.
    pub now: i64,
}

/// The dictionaries offers are drawn from, all of one tenant.
#[derive(Debug, Clone, Copy)]
pub struct GenerateContext<'a> {
    /// Cities with coordinates and population.
    pub gazetteer: &'a Gazetteer,
    /// The tenant's categories.
    pub categories: &'a CategoryTree,
    /// Exchange rates, for foreign-currency salaries and normalisation.
    pub rates: &'a Rates,
    /// Hiring companies.
    pub companies: &'a [Company],
    /// Titles, skills, salaries, texts and distributions.
    pub vocabulary: &'a Vocabulary,
}

/// Why a generator cannot be built from the given dictionaries.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// The tenant cannot appear in a URL.
    #[error("tenant {0:?} is not a valid slug")]
    InvalidTenant(String),
    /// A dictionary has no entry with a positive weight.
    #[error("the {0} dictionary is empty or has no positive weight")]
    EmptyDictionary(&'static str),
    /// A category of the tree has no vocabulary entry.
    #[error("category {0} has no vocabulary")]
    MissingVocabulary(String),
    /// The vocabulary describes a category the tree does not have.
    #[error("vocabulary category {0} is not a category of the tenant")]
    UnknownCategory(String),
}
