//! The budgets a service spends before it acts for an address or a company: password attempts,
//! mails asked for, invitations. The transport keeps them (the server's rate limits, with its
//! per-client limits); a refusal is [`AppError::RateLimited`](crate::AppError::RateLimited).

use crate::error::Result;

/// Budgets of an address's password attempts and mails, and of a company's invitations.
pub trait AccountLimits: Send + Sync {
    /// Spends one password attempt of `email` on `tenant`.
    fn check_attempt(&self, tenant: &str, email: &str) -> Result<()>;
    /// Spends one mail of `email`'s budget on `tenant` (resets, registrations, new links).
    fn check_mail(&self, tenant: &str, email: &str) -> Result<()>;
    /// Spends one invitation of `company_id`'s budget on `tenant`.
    fn check_invitation(&self, tenant: &str, company_id: &str) -> Result<()>;
}

/// Budgets that never run out (tests).
#[derive(Debug, Clone, Copy, Default)]
pub struct Unlimited;

impl AccountLimits for Unlimited {
    fn check_attempt(&self, _: &str, _: &str) -> Result<()> {
        Ok(())
    }

    fn check_mail(&self, _: &str, _: &str) -> Result<()> {
        Ok(())
    }

    fn check_invitation(&self, _: &str, _: &str) -> Result<()> {
        Ok(())
    }
}

/// The terms a new account accepts on `board` now: the terms in force for `audience` (`users`,
/// `clients`) and the privacy policy.
pub fn terms_acceptance(board: &wakat_engine::settings::TenantSettings, audience: &str, now: i64) -> wakat_accounts::TermsAcceptance {
    wakat_accounts::TermsAcceptance {
        terms: board.terms_in_force(audience, now).map(|terms| terms.file.clone()),
        privacy_policy: Some(board.legal.privacy_policy.clone()).filter(|name| !name.is_empty()),
        accepted_at: now,
    }
}
