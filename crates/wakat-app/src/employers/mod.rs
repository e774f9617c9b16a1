//! The employer side: employer accounts and tokens ([`accounts`]), the company panel ([`panel`]) and its offers, statistics and applications ([`panel_offers`]), brand stories ([`brand_stories`]), the employers' offers ([`offers`]), their payments ([`payments`]) and the
//! public copies of employers' offers ([`public_offers`]). The names and checks the employer
//! services share live here, so no service imports another for them.

pub mod accounts;
pub mod brand_stories;
pub mod offers;
pub mod panel;
pub mod panel_offers;
pub mod payments;
pub mod public_offers;

#[cfg(test)]
mod tests;

use wakat_core::{ErrorCode, FieldError};
use wakat_employers::{EmployersError, Role};

use crate::error::{AppError, Result};
use crate::principal::Principal;

/// Longest user or company name.
pub const MAX_NAME_CHARS: usize = 100;

/// The URL path of an uploaded logo (or any image served like one).
pub fn logo_path(tenant: &str, hash: &str) -> String {
    format!("/api/{tenant}/v1/company-logos/{hash}")
}

/// The owner name of an offer's logo in the upload store.
pub fn logo_owner(tenant: &str, slug: &str) -> String {
    format!("logo/{tenant}/{slug}")
}

/// The owner of a company's logo in the upload store (served by `/v1/company-logos/{hash}`,
/// which serves only blobs owned under `logo/{tenant}/`).
pub fn company_logo_owner(tenant: &str, company_id: &str) -> String {
    format!("logo/{tenant}/company/{company_id}")
}

/// The owner of a company's story images in the upload store (served like logos).
pub fn story_images_owner(tenant: &str, company_id: &str) -> String {
    format!("logo/{tenant}/story/{company_id}")
}

/// A user or company name: `min` to [`MAX_NAME_CHARS`] characters, no control characters.
pub fn check_name(field: &str, name: &str, min: usize) -> Result<()> {
    let chars = name.trim().chars().count();
    if chars == 0 {
        return Err(FieldError::new(field, ErrorCode::Required, "This field is required").into());
    }
    if chars < min || chars > MAX_NAME_CHARS || name.chars().any(char::is_control) {
        return Err(FieldError::new(field, ErrorCode::InvalidName, format!("{min} to {MAX_NAME_CHARS} characters")).into());
    }
    Ok(())
}

/// A contact phone: empty, or the offer form's phone pattern.
pub fn check_phone(field: &str, phone: &str) -> Result<()> {
    let phone = phone.trim();
    if !phone.is_empty() && !wakat_core::offer_form::is_phone(phone) {
        return Err(FieldError::new(field, ErrorCode::InvalidPhone, "not a phone number").into());
    }
    Ok(())
}

/// The employer user acting: its account, company and role.
#[derive(Debug, Clone, Copy)]
pub struct Acting<'a> {
    /// The user's account.
    pub account_id: &'a str,
    /// The company it acts for.
    pub company_id: &'a str,
    /// Owner or recruiter.
    pub role: Role,
}

impl<'a> Acting<'a> {
    /// The employer user of `principal`, or [`AppError::Unauthenticated`] for anyone else.
    pub fn of(principal: &'a Principal) -> Result<Acting<'a>> {
        match principal {
            Principal::EmployerUser { account_id, company_id, role } => Ok(Acting { account_id, company_id, role: *role }),
            _ => Err(AppError::Unauthenticated),
        }
    }

    /// `owner_role_required` unless the user is an owner: team and billing are the owners'.
    pub fn require_owner(&self) -> Result<()> {
        if self.role.manages_team_and_billing() {
            Ok(())
        } else {
            Err(EmployersError::OwnerOnly.into())
        }
    }
}

/// The employer user of `principal`, an owner (`owner_role_required` for a recruiter).
pub fn require_owner(principal: &Principal) -> Result<Acting<'_>> {
    let acting = Acting::of(principal)?;
    acting.require_owner()?;
    Ok(acting)
}
