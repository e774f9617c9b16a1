//! What a candidate tells the board about themselves: matchmaking preferences. Shared by the
//! accounts (which store them) and matched-for-you (which ranks offers by them).

use serde::{Deserialize, Serialize};

use crate::{Currency, ErrorCode, ExperienceLevel, FieldError};

/// Most skills a candidate can list.
pub const MAX_PREFERENCE_SKILLS: usize = 30;
/// Most cities a candidate can list.
pub const MAX_PREFERENCE_CITIES: usize = 10;
/// Longest skill or city name.
pub const MAX_PREFERENCE_NAME_CHARS: usize = 60;

/// Matchmaking preferences of a candidate; every field may be empty.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct Preferences {
    /// Skill names as offers spell them (matched case-insensitively).
    pub skills: Vec<String>,
    /// Seniorities the candidate accepts.
    pub experience_levels: Vec<ExperienceLevel>,
    /// City slugs of the gazetteer (`warszawa`, `krakow`).
    pub cities: Vec<String>,
    /// Whether fully remote offers are wanted.
    pub remote: bool,
    /// The lowest monthly salary the candidate considers, in `currency`.
    pub salary_min: Option<f64>,
    /// Currency of `salary_min`.
    pub currency: Currency,
}

impl Preferences {
    /// Whether nothing is set (the spec's `missingPreferences` status).
    pub fn is_empty(&self) -> bool {
        self.skills.is_empty() && self.experience_levels.is_empty() && self.cities.is_empty() && !self.remote && self.salary_min.is_none()
    }

    /// Checks sizes and ranges; the first problem is returned with its field.
    pub fn validate(&self) -> Result<(), FieldError> {
        check_names("skills", &self.skills, MAX_PREFERENCE_SKILLS, ErrorCode::TooManySkills, ErrorCode::InvalidSkill)?;
        check_names("cities", &self.cities, MAX_PREFERENCE_CITIES, ErrorCode::TooManyValues, ErrorCode::InvalidCity)?;
        if let Some(salary) = self.salary_min {
            if !salary.is_finite() || !(0.0..=1_000_000.0).contains(&salary) {
                return Err(FieldError::new("salaryMin", ErrorCode::InvalidSalary, "salaryMin must be between 0 and 1,000,000"));
            }
        }
        Ok(())
    }
}

fn check_names(field: &str, names: &[String], max: usize, too_many: ErrorCode, invalid: ErrorCode) -> Result<(), FieldError> {
    if names.len() > max {
        return Err(FieldError::new(field, too_many, format!("at most {max} {field}")));
    }
    if let Some(bad) = names.iter().find(|name| name.trim().is_empty() || name.chars().count() > MAX_PREFERENCE_NAME_CHARS) {
        return Err(FieldError::new(field, invalid, format!("'{bad}' must be 1 to {MAX_PREFERENCE_NAME_CHARS} characters")));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_preferences_are_valid_and_empty() {
        let preferences = Preferences::default();
        assert!(preferences.is_empty());
        assert!(preferences.validate().is_ok());
    }

    #[test]
    fn sizes_and_ranges_are_checked() {
        let too_many = Preferences { skills: vec!["rust".into(); MAX_PREFERENCE_SKILLS + 1], ..Default::default() };
        assert_eq!(too_many.validate().unwrap_err().code, ErrorCode::TooManySkills);
        let blank = Preferences { cities: vec![" ".into()], ..Default::default() };
        assert_eq!(blank.validate().unwrap_err().field, "cities");
        let negative = Preferences { salary_min: Some(-1.0), ..Default::default() };
        assert_eq!(negative.validate().unwrap_err().code, ErrorCode::InvalidSalary);
    }

    #[test]
    fn the_wire_form_is_camel_case() {
        let json = r#"{"skills":["Rust"],"experienceLevels":["senior"],"cities":["warszawa"],"remote":true,"salaryMin":20000,"currency":"pln"}"#;
        let preferences: Preferences = serde_json::from_str(json).unwrap();
        assert_eq!(preferences.experience_levels, vec![ExperienceLevel::Senior]);
        assert!(!preferences.is_empty());
    }
}
