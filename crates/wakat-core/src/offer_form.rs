//! The employer's offer form (employer spec, sections 3 and 5): its fields and defaults, the
//! rules a draft and a complete form must pass (`rules.rs`), and the save mapping to the stored
//! [`Offer`] (`mapping.rs`), from which the summary and the candidate's view are both built.
//!
//! Design decision: the server is the authority. The web app mirrors these rules for quick
//! feedback, but every write goes through [`validate_form`] and every publication through
//! [`OfferForm::to_offer`], so what the summary shows is what candidates get.

mod form;
mod mapping;
mod rules;
mod skills;

pub use form::{FormLanguage, FormLocation, FormSkill, OfferForm, APPLICATION_TYPES, COMPANY_SIZES, LANGUAGE_LEVELS, SALARY_TYPES, SKILL_LEVELS};
pub use mapping::{amount_type_default, OfferSummary, SummaryConsents, SummaryEmployment, SummaryLocation};
pub use rules::{
    inline_jpeg, is_phone, parse_date_days, strip_markup, validate_clauses, validate_company_fields, validate_draft, validate_form, FormContext, FormLimits,
    CLAUSE_PLACEHOLDER, COMPANY_NAME_CHARS, CONSENT_MIN_CHARS, CONTACT_NAME_CHARS, INFORMATION_CLAUSE_MIN_CHARS, LOGO_MAX_BYTES, LOGO_MIN_BYTES, MAX_LANGUAGES,
    PHONE_CHARS, POSITION_NAME_CHARS, SKILL_NAME_MAX_CHARS,
};
pub use skills::{SkillDictionary, SkillEntry};

#[cfg(test)]
mod tests;
