//! The offer form's fields and their defaults (section 3 of the employer spec), and the option
//! lists they take values from. Its own file so that the rules and the save mapping below
//! `offer_form` read the form without reaching back up to their parent.

use serde::{Deserialize, Serialize};

/// Company size options, in order (section 3).
pub const COMPANY_SIZES: [&str; 6] = ["1-10", "11-25", "26-50", "51-100", "101-500", "501+"];
/// Application types.
pub const APPLICATION_TYPES: [&str; 2] = ["email", "url"];
/// Salary types of an employment type.
pub const SALARY_TYPES: [&str; 2] = ["gross", "net"];
/// Language levels.
pub const LANGUAGE_LEVELS: [&str; 6] = ["A1", "A2", "B1", "B2", "C1", "C2"];
/// Skill levels 1 to 5 with their names.
pub const SKILL_LEVELS: [(u8, &str, &str); 5] =
    [(1, "nice to have", "mile widziane"), (2, "junior", "junior"), (3, "regular", "regular"), (4, "advanced", "zaawansowany"), (5, "master", "ekspert")];

/// A location row of the form.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct FormLocation {
    /// City as typed or picked.
    pub city: String,
    /// Street and number.
    pub street: String,
    /// Found by geocoding (the gazetteer) when absent.
    pub latitude: Option<f64>,
    /// Found by geocoding when absent.
    pub longitude: Option<f64>,
    /// ISO country code (filled by geocoding).
    pub country_code: String,
}

/// A skill row.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct FormSkill {
    /// Name (from the dictionary or free text).
    pub name: String,
    /// 1 to 5.
    pub level: Option<u8>,
}

/// A spoken language row.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct FormLanguage {
    /// ISO 639-1 code.
    pub code: String,
    /// A1 to C2.
    pub level: String,
}

/// The 17 sections of the form, as the web app sends them (section 3's field names).
/// Salary amounts are JSON values so that a wrong type is a field error, not a refused body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
#[allow(missing_docs)]
pub struct OfferForm {
    // 1. Company info.
    pub company_name: String,
    pub company_size: String,
    pub company_website: String,
    /// URL of the uploaded logo (set by the logo upload call, not typed).
    pub company_logo: String,
    // 2. Position and experience.
    pub job_position_name: String,
    pub job_position_experience: String,
    // 3. Category (keys are the board's category slugs).
    pub job_category: String,
    pub job_subcategory: String,
    /// Derived from the category; accepted and ignored.
    pub job_category_key: String,
    // 4. Languages.
    pub languages: Vec<FormLanguage>,
    // 5. Skills.
    pub required_skills: Vec<FormSkill>,
    pub optional_skills: Vec<FormSkill>,
    // 7. Earnings.
    pub primary_employment_type: String,
    pub additional_employment_type: String,
    pub primary_salary_type: String,
    pub additional_salary_type: String,
    pub primary_salary_from: serde_json::Value,
    pub primary_salary_to: serde_json::Value,
    pub additional_salary_from: serde_json::Value,
    pub additional_salary_to: serde_json::Value,
    pub salary_currency: String,
    pub salary_unit: String,
    pub second_salary_active: bool,
    // 8. Description (HTML).
    pub job_description: String,
    // 9. Locations.
    pub locations: Vec<FormLocation>,
    // 10.–13.
    pub working_place: String,
    pub working_time: String,
    pub remote_interview: bool,
    pub open_to_hire_ukrainians: bool,
    // 14. Application type.
    pub application_type: String,
    pub application_type_uri: String,
    // 15. Consents.
    pub information_clause_text: String,
    pub future_consent_enabled: bool,
    pub future_consent_text: String,
    pub custom_consent_enabled: bool,
    pub custom_consent_text: String,
    // 16. Optional expiry date (`YYYY-MM-DD`).
    pub expired_at_enabled: bool,
    pub expired_at: String,
    // 17. Contact details.
    pub contact_name: String,
    pub contact_email: String,
    pub contact_phone: String,
    // Form state (section 3 defaults).
    pub plan_type: String,
    pub title_change_enabled: bool,
    pub is_published: bool,
    /// `draft` (empty-shape rules) or `workInProgress` (every rule).
    pub state: String,
}

impl Default for OfferForm {
    /// Section 3's defaults: empty company fields, salary unit month, plan type pro, title change
    /// enabled, published, one empty location, no skills or languages, currency PLN.
    fn default() -> Self {
        OfferForm {
            company_name: String::new(),
            company_size: String::new(),
            company_website: String::new(),
            company_logo: String::new(),
            job_position_name: String::new(),
            job_position_experience: String::new(),
            job_category: String::new(),
            job_subcategory: String::new(),
            job_category_key: String::new(),
            languages: Vec::new(),
            required_skills: Vec::new(),
            optional_skills: Vec::new(),
            primary_employment_type: String::new(),
            additional_employment_type: String::new(),
            primary_salary_type: String::new(),
            additional_salary_type: String::new(),
            primary_salary_from: serde_json::Value::Null,
            primary_salary_to: serde_json::Value::Null,
            additional_salary_from: serde_json::Value::Null,
            additional_salary_to: serde_json::Value::Null,
            salary_currency: "pln".into(),
            salary_unit: "month".into(),
            second_salary_active: false,
            job_description: String::new(),
            locations: vec![FormLocation::default()],
            working_place: String::new(),
            working_time: String::new(),
            remote_interview: false,
            open_to_hire_ukrainians: false,
            application_type: String::new(),
            application_type_uri: String::new(),
            information_clause_text: String::new(),
            future_consent_enabled: false,
            future_consent_text: String::new(),
            custom_consent_enabled: false,
            custom_consent_text: String::new(),
            expired_at_enabled: false,
            expired_at: String::new(),
            contact_name: String::new(),
            contact_email: String::new(),
            contact_phone: String::new(),
            plan_type: "pro".into(),
            title_change_enabled: true,
            is_published: true,
            state: "draft".into(),
        }
    }
}

impl OfferForm {
    /// Whether the form asks for every rule (`workInProgress`) rather than the draft's.
    pub fn is_complete(&self) -> bool {
        self.state == "workInProgress"
    }
}
