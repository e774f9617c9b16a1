//! The shapes of the dictionaries the generator writes offers from: the companies of a board and
//! its vocabulary. Their loaders (reading `index-data/` and checking each file beyond its syntax)
//! are in `wakat-engine`'s `dictionaries`, beside the loaders of every other dictionary.

mod vocabulary;

use serde::Deserialize;

pub use vocabulary::{
    CategoryVocabulary, ContractMix, ContractSalaryFactors, Headings, LanguageDemand, LegalTexts, Localized, MinimumWage, PerLevel, TenantProfile, Texts,
    TitleWords, Vocabulary, VocabularyError, WorkplaceShares,
};

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
