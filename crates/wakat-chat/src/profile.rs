//! A passive candidate's profile: the opt-in to be found by employers and the mandatory
//! matchmaking preferences, with what employers may see of it ([`AnonymousCandidate`]).
//!
//! The preferences the candidate already keeps for matched-for-you ([`Preferences`]: skills,
//! seniorities, cities, remote, salary minimum and currency) are reused as they are; the chat adds
//! what an employer's search needs besides: categories, the salary's unit and contract types.

use serde::{Deserialize, Serialize};
use wakat_core::{EmploymentKind, ErrorCode, FieldError, Preferences, SalaryUnit};

use crate::version::versioned;

/// Most categories a profile lists.
pub const MAX_PROFILE_CATEGORIES: usize = 10;

/// What the candidate edits.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ProfileInput {
    /// Whether employers may find the candidate and send requests.
    pub open_to_offers: bool,
    /// Skills, seniorities, cities and remote, salary minimum and currency.
    pub preferences: Preferences,
    /// Period of `preferences.salary_min` (monthly unless said otherwise).
    pub salary_unit: SalaryUnit,
    /// Category or subcategory values of the board's tree (the roles wanted).
    pub categories: Vec<u32>,
    /// Contracts the candidate accepts.
    pub contract_types: Vec<EmploymentKind>,
}

impl ProfileInput {
    /// Checks sizes and ranges (the preferences' own rules, then the chat's).
    pub fn validate(&self) -> Result<(), FieldError> {
        self.preferences.validate()?;
        if self.categories.len() > MAX_PROFILE_CATEGORIES {
            return Err(FieldError::new("categories", ErrorCode::TooManyValues, format!("at most {MAX_PROFILE_CATEGORIES} categories")));
        }
        if self.contract_types.len() > EmploymentKind::ALL.len() {
            return Err(FieldError::new("contractTypes", ErrorCode::TooManyValues, "each contract type at most once"));
        }
        Ok(())
    }
}

/// A mandatory preference left empty; while any is, the widget shows the spec's ad.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum MissingPreference {
    /// No category (role).
    Categories,
    /// No seniority.
    Seniority,
    /// No key skill.
    Skills,
    /// Neither a city nor remote.
    Place,
    /// No salary expectation.
    Salary,
    /// No contract type.
    ContractTypes,
}

/// A candidate's passive profile as stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PassiveProfile {
    /// Record version.
    pub v: u32,
    /// The candidate's account id (never shown to employers).
    pub candidate_id: String,
    /// A random reference employers address the candidate by, unrelated to the account id.
    pub public_id: String,
    /// What the candidate chose.
    #[serde(flatten)]
    pub input: ProfileInput,
    /// Last change.
    pub updated_at: i64,
}

impl PassiveProfile {
    /// The mandatory preferences still missing, in the widget's order.
    pub fn missing(&self) -> Vec<MissingPreference> {
        missing_preferences(&self.input)
    }

    /// `Ok` when every mandatory preference is filled in, else what is missing.
    pub fn complete(&self) -> Result<(), Vec<MissingPreference>> {
        let missing = self.missing();
        if missing.is_empty() {
            Ok(())
        } else {
            Err(missing)
        }
    }

    /// Whether employers may find the candidate: opted in and complete.
    pub fn is_findable(&self) -> bool {
        self.input.open_to_offers && self.missing().is_empty()
    }

    /// What an employer sees before the candidate accepts: preferences only, never a name,
    /// e-mail, CV or the account id.
    pub fn anonymous(&self) -> AnonymousCandidate {
        let preferences = &self.input.preferences;
        AnonymousCandidate {
            candidate_ref: self.public_id.clone(),
            experience_levels: preferences.experience_levels.clone(),
            skills: preferences.skills.clone(),
            cities: preferences.cities.clone(),
            remote: preferences.remote,
            salary_min: preferences.salary_min,
            currency: preferences.currency,
            salary_unit: self.input.salary_unit,
            categories: self.input.categories.clone(),
            contract_types: self.input.contract_types.clone(),
        }
    }
}

pub(crate) fn missing_preferences(input: &ProfileInput) -> Vec<MissingPreference> {
    let preferences = &input.preferences;
    let checks = [
        (input.categories.is_empty(), MissingPreference::Categories),
        (preferences.experience_levels.is_empty(), MissingPreference::Seniority),
        (preferences.skills.is_empty(), MissingPreference::Skills),
        (preferences.cities.is_empty() && !preferences.remote, MissingPreference::Place),
        (preferences.salary_min.is_none(), MissingPreference::Salary),
        (input.contract_types.is_empty(), MissingPreference::ContractTypes),
    ];
    checks.into_iter().filter(|(missing, _)| *missing).map(|(_, preference)| preference).collect()
}

/// A passive candidate as employers see them before accepting.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AnonymousCandidate {
    /// The reference to send a request to.
    pub candidate_ref: String,
    /// Seniorities accepted.
    pub experience_levels: Vec<wakat_core::ExperienceLevel>,
    /// Key skills.
    pub skills: Vec<String>,
    /// City slugs.
    pub cities: Vec<String>,
    /// Wants remote work.
    pub remote: bool,
    /// Salary expectation.
    pub salary_min: Option<f64>,
    /// Its currency.
    pub currency: wakat_core::Currency,
    /// Its period.
    pub salary_unit: SalaryUnit,
    /// Roles wanted.
    pub categories: Vec<u32>,
    /// Contracts accepted.
    pub contract_types: Vec<EmploymentKind>,
}

versioned!(PassiveProfile);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::complete_input;
    use crate::version::RECORD_VERSION;

    fn profile(input: ProfileInput) -> PassiveProfile {
        PassiveProfile { v: RECORD_VERSION, candidate_id: "cand-a".into(), public_id: "ref".into(), input, updated_at: 0 }
    }

    #[test]
    fn a_complete_profile_misses_nothing_and_is_findable_once_open() {
        let mut complete = profile(complete_input());
        assert_eq!(complete.complete(), Ok(()));
        assert!(complete.is_findable());
        complete.input.open_to_offers = false;
        assert!(!complete.is_findable());
    }

    #[test]
    fn every_missing_mandatory_preference_is_named() {
        assert_eq!(
            profile(ProfileInput::default()).complete(),
            Err(vec![
                MissingPreference::Categories,
                MissingPreference::Seniority,
                MissingPreference::Skills,
                MissingPreference::Place,
                MissingPreference::Salary,
                MissingPreference::ContractTypes
            ])
        );
        // Remote alone is a place; cities alone too.
        let mut remote_only = complete_input();
        remote_only.preferences.cities.clear();
        assert_eq!(profile(remote_only).complete(), Ok(()));
        let mut no_place = complete_input();
        no_place.preferences.cities.clear();
        no_place.preferences.remote = false;
        assert_eq!(profile(no_place).missing(), vec![MissingPreference::Place]);
    }

    #[test]
    fn the_anonymous_view_holds_no_account_id() {
        let view = serde_json::to_value(profile(complete_input()).anonymous()).unwrap();
        assert_eq!(view["candidateRef"], "ref");
        assert!(!view.to_string().contains("cand-a"));
    }

    #[test]
    fn sizes_are_checked() {
        let too_many = ProfileInput { categories: (0..11).collect(), ..complete_input() };
        assert_eq!(too_many.validate().unwrap_err().field, "categories");
        let bad_salary = ProfileInput { preferences: Preferences { salary_min: Some(-1.0), ..Default::default() }, ..Default::default() };
        assert_eq!(bad_salary.validate().unwrap_err().field, "salaryMin");
    }
}
