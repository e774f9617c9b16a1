//! The company's own data in the employer panel: name, size, website and logo; billing data;
//! the default clauses of its new offers ([`Clauses`], in `clauses.rs`). The rules are the offer
//! form's (one rule set).

use wakat_core::offer_form::{validate_company_fields, OfferForm};
use wakat_core::{ErrorCode, FieldError};
use wakat_store::json;

use crate::{keys, BillingData, Clauses, Company, EmployerStore, EmployersError};

/// Name, size and website (`POST /v1/company/company_data`, named as the offer form names them).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CompanyData {
    /// Company name.
    pub company_name: String,
    /// One of the company size options.
    pub company_size: String,
    /// Website with http(s).
    pub company_website: String,
}

impl CompanyData {
    /// Trimmed, or every broken rule of the offer form's company section (the logo apart).
    pub fn validated(self) -> Result<CompanyData, Vec<FieldError>> {
        let data = CompanyData {
            company_name: self.company_name.trim().to_string(),
            company_size: self.company_size.trim().to_string(),
            company_website: self.company_website.trim().to_string(),
        };
        let form = OfferForm {
            company_name: data.company_name.clone(),
            company_size: data.company_size.clone(),
            company_website: data.company_website.clone(),
            ..OfferForm::default()
        };
        let errors = validate_company_fields(&form);
        if errors.is_empty() {
            Ok(data)
        } else {
            Err(errors)
        }
    }
}

impl EmployerStore {
    /// Reads the company, changes it with `change` and writes it back, under the records lock.
    pub(crate) fn change_company<T>(
        &self,
        tenant: &str,
        company_id: &str,
        change: impl FnOnce(&mut Company) -> Result<T, EmployersError>,
    ) -> Result<(Company, T), EmployersError> {
        let _guard = self.records_lock();
        let mut company = self.company(tenant, company_id)?.ok_or(EmployersError::NotAnEmployer)?;
        let extra = change(&mut company)?;
        self.kv.commit(vec![json::put(keys::company(tenant, company_id)?, &company)?])?;
        Ok((company, extra))
    }

    /// Keeps in the company what a published offer's form says and the company lacks: its size,
    /// website and logo (`logo`, the offer's blob), and, when it has no default clauses, the
    /// offer's clauses. What the company has is never overwritten. Returns the company and
    /// whether it took the logo (the caller attaches the blob to the company).
    pub fn adopt_offer_profile(
        &self,
        tenant: &str,
        company_id: &str,
        form: &wakat_core::offer_form::OfferForm,
        logo: Option<&str>,
    ) -> Result<(Company, bool), EmployersError> {
        let clauses = Clauses {
            information_clause_text: form.information_clause_text.clone(),
            future_consent_enabled: form.future_consent_enabled,
            future_consent_text: form.future_consent_text.clone(),
            custom_consent_enabled: form.custom_consent_enabled,
            custom_consent_text: form.custom_consent_text.clone(),
        }
        .validated()
        .ok()
        .filter(|clauses| !clauses.information_clause_text.is_empty());
        self.change_company(tenant, company_id, |company| {
            if company.size.is_empty() {
                company.size = form.company_size.trim().to_string();
            }
            if company.website.is_empty() {
                company.website = form.company_website.trim().to_string();
            }
            if company.clauses.is_none() {
                company.clauses = clauses;
            }
            let took_logo = company.logo_blob.is_none() && logo.is_some();
            if took_logo {
                company.logo_blob = logo.map(str::to_string);
            }
            Ok(took_logo)
        })
    }

    /// Saves name, size, website and (when given) a new logo's hash; a company without a logo
    /// must send one. Returns the company and the logo it replaced.
    pub fn update_company_data(
        &self,
        tenant: &str,
        company_id: &str,
        data: CompanyData,
        logo: Option<String>,
    ) -> Result<(Company, Option<String>), EmployersError> {
        let data = data.validated().map_err(EmployersError::Refused)?;
        self.change_company(tenant, company_id, |company| {
            if logo.is_none() && company.logo_blob.is_none() {
                return Err(EmployersError::Refused(vec![FieldError::new("companyLogo", ErrorCode::Required, "This field is required")]));
            }
            company.name = data.company_name;
            company.size = data.company_size;
            company.website = data.company_website;
            let replaced = match logo {
                Some(hash) => company.logo_blob.replace(hash.clone()).filter(|old| *old != hash),
                None => None,
            };
            Ok(replaced)
        })
    }

    /// Saves the billing data (checked: NIP checksum for Polish companies).
    pub fn set_billing(&self, tenant: &str, company_id: &str, billing: BillingData) -> Result<Company, EmployersError> {
        let billing = billing.validated().map_err(EmployersError::Refused)?;
        Ok(self
            .change_company(tenant, company_id, |company| {
                company.billing = Some(billing);
                Ok(())
            })?
            .0)
    }

    /// Saves the default clauses of new offers (checked by the offer form's rules).
    pub fn set_clauses(&self, tenant: &str, company_id: &str, clauses: Clauses) -> Result<Company, EmployersError> {
        let clauses = clauses.validated().map_err(EmployersError::Refused)?;
        Ok(self
            .change_company(tenant, company_id, |company| {
                company.clauses = Some(clauses);
                Ok(())
            })?
            .0)
    }
}
