//! Pure domain of Wakat: the offer model, salaries, categories, places, filters and validation.
//!
//! Design decision: everything a request, a saved search, an import or the index needs to agree on
//! lives here once, with no IO (no files, no network, no tokio). Dictionaries (categories, rates,
//! gazetteer) are parsed from strings handed in by the caller, so tests and the server share them.
#![warn(missing_docs)]

pub mod apply;
pub mod candidate;
pub mod category;
pub mod cursor;
pub mod email;
pub mod enums;
mod error;
pub mod filters;
pub mod geo;
pub mod html;
pub mod matching;
pub mod offer;
pub mod offer_form;
pub mod params;
pub mod place;
pub mod salary;
pub mod salary_insight;
pub mod text;
pub mod validate;

pub use apply::{ApplyForm, ApplyFormInput, ApplySource, ApplyUserStatus};
pub use candidate::Preferences;
pub use category::{Category, CategoryTree};
pub use email::is_valid_email;
pub use enums::{Currency, EmploymentKind, ExperienceLevel, SalaryUnit, WorkingTime, WorkplaceType};
pub use error::{ErrorCode, FieldError};
pub use filters::{FilterError, Filters, OrderBy, SearchVariant, Sort, SortBy};
pub use matching::{match_offer, MatchReason, OfferMatch};
pub use offer::{EmploymentType, Language, Location, Offer, Skill};
pub use place::{Gazetteer, Place};
pub use salary::Rates;
