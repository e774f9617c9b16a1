//! Candidate accounts: registration and confirmation, login and logout, password reset and
//! change, e-mail change, profile. Synchronous (password hashes, fsyncs): a transport runs them off
//! its request threads, but `request_password_reset`, which only hands its work on ([`Later`]).
//! Mails go through the mail queue, so an answer never waits for (or reveals anything through)
//! the mail server.

use std::sync::Arc;

use wakat_accounts::{Account, AccountKind, AccountStore, Confirmation, NewAccount, NewSession, ProfileUpdate, Registration, TokenPurpose};
use wakat_applications::{ApplicationStore, FavouriteStore};
use wakat_core::{ErrorCode, FieldError};
use wakat_engine::{Engine, Tenant};

use crate::candidates::offer_by_guid;
use crate::error::{AppError, Result};
use crate::limits::{terms_acceptance, AccountLimits};
use crate::mail_queue::MailSender;
use crate::mails::{self, MailContext};
use crate::{Clock, Later, Principal};

/// A candidate's sign-up.
#[derive(Debug, Clone, Default)]
pub struct NewCandidate {
    /// The login e-mail.
    pub email: String,
    /// The password.
    pub password: String,
    /// First name (may be empty).
    pub first_name: String,
    /// Last name (may be empty).
    pub last_name: String,
    /// The account's language, pl or en (anything else: the request's language).
    pub lang: Option<String>,
    /// The offer whose heart a guest clicked: the confirmation link brings it back.
    pub favorite_offer_id: Option<String>,
    /// The board's terms and privacy policy accepted.
    pub accepted_terms: bool,
}

/// A candidate's login.
#[derive(Debug, Clone, Default)]
pub struct Login {
    /// The login e-mail.
    pub email: String,
    /// The password.
    pub password: String,
    /// The offer whose heart a guest clicked: it becomes a favourite.
    pub favorite_offer_id: Option<String>,
}

/// The stores the account service writes: accounts, and the favourites and applications a
/// guest brings into a new account.
#[derive(Clone)]
pub struct AccountStores {
    /// Accounts and sessions.
    pub accounts: Arc<AccountStore>,
    /// The heart a guest clicked becomes a favourite at login.
    pub favourites: Arc<FavouriteStore>,
    /// A guest's applications join the account that confirms their address.
    pub applications: Arc<ApplicationStore>,
}

/// Candidate accounts and their sessions.
#[derive(Clone)]
pub struct CandidateAccounts {
    accounts: Arc<AccountStore>,
    favourites: Arc<FavouriteStore>,
    applications: Arc<ApplicationStore>,
    engine: Arc<Engine>,
    limits: Arc<dyn AccountLimits>,
    mail: MailSender,
    public_url: Arc<str>,
    clock: Clock,
}

impl CandidateAccounts {
    /// The service over its stores (the engine finds a login's favourite offer), the budgets, the
    /// mail sender and the public URL of links.
    pub fn new(
        stores: AccountStores,
        engine: Arc<Engine>,
        limits: Arc<dyn AccountLimits>,
        mail: MailSender,
        public_url: &str,
        clock: Clock,
    ) -> CandidateAccounts {
        let AccountStores { accounts, favourites, applications } = stores;
        CandidateAccounts { accounts, favourites, applications, engine, limits, mail, public_url: public_url.into(), clock }
    }

    /// The applications sent without an account from the address the account has just confirmed
    /// become the candidate's (candidate-side §2: the success screen's link to sign up).
    fn adopt_guest_applications(&self, tenant: &Tenant, account: &Account) -> Result<()> {
        self.applications.adopt_guest_applications(&tenant.settings.slug, &account.email, &account.id)?;
        Ok(())
    }

    fn mail_context(&self, tenant: &Tenant, lang: &str) -> MailContext {
        MailContext::new(&self.public_url, tenant, lang)
    }

    /// Creates an account and mails its confirmation link; an e-mail that has a confirmed account
    /// gets a mail saying so and the same answer. An unconfirmed account of the e-mail is taken
    /// over by this registration (see [`Registration::Created`]). `lang` is the request's
    /// language, used unless the sign-up names pl or en.
    pub fn register(&self, tenant: &Tenant, lang: &str, sign_up: NewCandidate) -> Result<()> {
        // Refused before the address's mail budget is spent: nothing will be mailed.
        if !sign_up.accepted_terms {
            return Err(FieldError::new("acceptedTerms", ErrorCode::Required, "accept the terms and the privacy policy to sign up").into());
        }
        let slug = &tenant.settings.slug;
        self.limits.check_mail(slug, &sign_up.email)?;
        let lang = sign_up.lang.clone().filter(|l| l == "pl" || l == "en").unwrap_or_else(|| lang.to_string());
        let now = self.clock.now();
        let terms = Some(terms_acceptance(&tenant.settings, "users", now));
        let new_account =
            NewAccount { email: sign_up.email, password: sign_up.password, first_name: sign_up.first_name, last_name: sign_up.last_name, lang, terms };
        let mail = match self.accounts.register(slug, AccountKind::Candidate, new_account, now)? {
            Registration::Created { account, confirm_token } => {
                mails::accounts::confirm_account(&self.mail_context(tenant, &account.lang), &account, &confirm_token, sign_up.favorite_offer_id.as_deref())
            }
            Registration::AlreadyRegistered { account } => mails::accounts::already_registered(&self.mail_context(tenant, &account.lang), &account),
        };
        self.mail.send(mail?)
    }

    /// Opens the confirmation link: the e-mail is confirmed and a session opened (the browser's
    /// `previous_session` ends). A contested account (registered more than once) is confirmed
    /// only with the password chosen now.
    pub fn confirm(&self, tenant: &Tenant, token: &str, confirmation: Confirmation, previous_session: Option<&str>) -> Result<(Account, NewSession)> {
        let slug = &tenant.settings.slug;
        let account = self.accounts.confirm_email_with(slug, token, confirmation, self.clock.now())?;
        self.adopt_guest_applications(tenant, &account)?;
        let session = self.accounts.open_session(slug, &account, previous_session, self.clock.now())?;
        Ok((account, session))
    }

    /// Checks the credentials and opens a new session (the browser's `previous_session` ends).
    pub fn login(&self, tenant: &Tenant, login: &Login, previous_session: Option<&str>) -> Result<(Account, NewSession)> {
        let slug = &tenant.settings.slug;
        self.limits.check_attempt(slug, &login.email)?;
        let account = self.accounts.authenticate(slug, AccountKind::Candidate, &login.email, &login.password)?;
        let session = self.accounts.open_session(slug, &account, previous_session, self.clock.now())?;
        // A guest who clicked a heart logs in with the offer: it becomes a favourite (a stale or
        // unknown offer is not worth failing the login over).
        if let Some(guid) = login.favorite_offer_id.as_deref().filter(|id| !id.is_empty()) {
            if offer_by_guid(&self.engine, slug, guid)?.is_some() {
                if let Err(error) = self.favourites.add(slug, &account.id, guid, self.clock.now()) {
                    tracing::warn!(%error, "the favourite of the login could not be added");
                }
            }
        }
        Ok((account, session))
    }

    /// Ends the candidate's session `session_token`.
    pub fn logout(&self, tenant: &Tenant, principal: &Principal, session_token: &str) -> Result<()> {
        principal.candidate_account()?;
        Ok(self.accounts.close_session(&tenant.settings.slug, session_token)?)
    }

    /// Mails a reset link when the e-mail has a confirmed or unconfirmed account. Only the
    /// address's mail budget is spent now: the rest is [`Later`], for the transport to run after
    /// its answer, so neither the answer nor its time tells whether the account exists.
    pub fn request_password_reset(&self, tenant: Arc<Tenant>, email: String) -> Result<Later> {
        self.limits.check_mail(&tenant.settings.slug, &email)?;
        let service = self.clone();
        Ok(Box::new(move || {
            let slug = &tenant.settings.slug;
            if let Some(account) = service.accounts.find_by_email(slug, AccountKind::Candidate, &email)? {
                let token = service.accounts.issue_token(slug, &account.id, TokenPurpose::ResetPassword, service.clock.now())?;
                service.mail.send(mails::accounts::reset_password(&service.mail_context(&tenant, &account.lang), &account, &token)?)?;
            }
            Ok(())
        }))
    }

    /// Sets a new password from the reset link; every session of the account ends.
    pub fn reset_password(&self, tenant: &Tenant, token: &str, password: &str) -> Result<()> {
        let account = self.accounts.reset_password(&tenant.settings.slug, token, password, self.clock.now())?;
        self.mail.send(mails::accounts::password_changed(&self.mail_context(tenant, &account.lang), &account)?)
    }

    /// Changes the candidate's password; their sessions but `session_token` (the caller's) end.
    pub fn change_password(&self, tenant: &Tenant, principal: &Principal, session_token: &str, current: &str, new: &str) -> Result<()> {
        let account_id = principal.candidate_account()?;
        self.accounts.change_password(&tenant.settings.slug, account_id, current, new, session_token, self.clock.now())?;
        let account = self.profile(tenant, principal)?;
        self.mail.send(mails::accounts::password_changed(&self.mail_context(tenant, &account.lang), &account)?)
    }

    /// Mails a link to the new address; the login changes when it is opened.
    pub fn request_email_change(&self, tenant: &Tenant, principal: &Principal, password: &str, new_email: &str) -> Result<()> {
        let account_id = principal.candidate_account()?;
        let (account, new_email, token) = self.accounts.request_email_change(&tenant.settings.slug, account_id, password, new_email, self.clock.now())?;
        self.mail.send(mails::accounts::confirm_email_change(&self.mail_context(tenant, &account.lang), &account, &new_email, &token)?)
    }

    /// Opens the e-mail change link.
    pub fn confirm_email_change(&self, tenant: &Tenant, token: &str) -> Result<Account> {
        let account = self.accounts.confirm_email_change(&tenant.settings.slug, token, self.clock.now())?;
        self.adopt_guest_applications(tenant, &account)?;
        Ok(account)
    }

    /// The candidate's account ([`AppError::AccountGone`] when it was deleted under a session).
    pub fn profile(&self, tenant: &Tenant, principal: &Principal) -> Result<Account> {
        let account_id = principal.candidate_account()?;
        self.accounts.get(&tenant.settings.slug, account_id)?.ok_or(AppError::AccountGone)
    }

    /// Replaces the profile fields.
    pub fn update_profile(&self, tenant: &Tenant, principal: &Principal, update: ProfileUpdate) -> Result<Account> {
        let account_id = principal.candidate_account()?;
        Ok(self.accounts.update_profile(&tenant.settings.slug, account_id, update, self.clock.now())?)
    }
}
