//! The default clauses of a company's new offers: the information clause and the two consents.
//! A company keeps them ([`crate::Company::clauses`]) and the panel edits them, so they are a
//! file of their own that both use, under the offer form's rules (one rule set).

use serde::{Deserialize, Serialize};
use wakat_core::offer_form::{validate_clauses, OfferForm};
use wakat_core::FieldError;

/// The information clause and consents new offers start with.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Clauses {
    /// The information clause (no `{company}`).
    pub information_clause_text: String,
    /// Whether new offers ask for consent to future recruitments.
    pub future_consent_enabled: bool,
    /// That consent's text (with `{company}`).
    pub future_consent_text: String,
    /// Whether new offers ask for the company's own consent.
    pub custom_consent_enabled: bool,
    /// That consent's text (with `{company}`).
    pub custom_consent_text: String,
}

impl Clauses {
    /// Trimmed, or every broken rule of the offer form's clauses.
    pub fn validated(self) -> Result<Clauses, Vec<FieldError>> {
        let clauses = Clauses {
            information_clause_text: self.information_clause_text.trim().to_string(),
            future_consent_text: self.future_consent_text.trim().to_string(),
            custom_consent_text: self.custom_consent_text.trim().to_string(),
            ..self
        };
        let errors = validate_clauses(&clauses.apply_to(OfferForm::default()));
        if errors.is_empty() {
            Ok(clauses)
        } else {
            Err(errors)
        }
    }

    /// `form` with these clauses.
    pub fn apply_to(&self, form: OfferForm) -> OfferForm {
        OfferForm {
            information_clause_text: self.information_clause_text.clone(),
            future_consent_enabled: self.future_consent_enabled,
            future_consent_text: self.future_consent_text.clone(),
            custom_consent_enabled: self.custom_consent_enabled,
            custom_consent_text: self.custom_consent_text.clone(),
            ..form
        }
    }
}
