//! Employer accounts: sign-up (an account of the employer kind with its company, in one
//! transaction), confirmation (optionally setting the password), new links, password reset, the
//! OAuth-style access tokens, and more users of a company.
//!
//! Unlike candidates, an employer may log in before confirming the e-mail (to prepare offers);
//! publishing needs the confirmation.

use std::sync::Arc;

use wakat_accounts::{Account, AccountKind, AccountStore, AccountsError, Confirmation, NewAccount, NewSession, Registration, TokenPurpose};
use wakat_core::{ErrorCode, FieldError};
use wakat_employers::{Company, EmployerStore, EmployerUser, EmployersError, Invitation, NewCompany, NewInvitation, Role};
use wakat_engine::Tenant;

use crate::employers::{check_name, check_phone, require_owner, Acting};
use crate::error::{AppError, Result};
use crate::limits::{terms_acceptance, AccountLimits};
use crate::mail_queue::MailSender;
use crate::mails::{employers as employer_mails, MailContext};
use crate::{Clock, Later, Principal};

/// A company's sign-up.
#[derive(Debug, Clone)]
pub struct SignUp {
    /// The company's name.
    pub company_name: String,
    /// The board's terms accepted.
    pub accepted_regulations: bool,
    /// The newsletter wanted.
    pub subscribe_to_newsletter: bool,
    /// The first user's name.
    pub name: String,
    /// Its phone (may be empty).
    pub phone: String,
    /// Its login e-mail.
    pub email: String,
    /// Its password.
    pub password: String,
    /// The password typed again.
    pub password_confirmation: String,
}

/// A password chosen with a mailed link's token (a confirmation, an invitation, a reset).
#[derive(Debug, Clone)]
pub struct TokenPassword {
    /// The link's token.
    pub token: String,
    /// The password (optional where the link only confirms).
    pub password: Option<String>,
    /// The password typed again.
    pub password_confirmation: Option<String>,
}

/// An invitation an owner sends.
#[derive(Debug, Clone)]
pub struct NewUser {
    /// The user's name.
    pub name: String,
    /// Its phone (may be empty).
    pub phone: String,
    /// Its e-mail.
    pub email: String,
    /// Its role (recruiter when absent).
    pub role: Option<Role>,
}

/// Whom an access token belongs to.
#[derive(Debug, Clone)]
pub struct TokenInfo {
    /// The account.
    pub account: Account,
    /// Its user record.
    pub user: EmployerUser,
    /// Its company.
    pub company: Company,
    /// Seconds until the token expires.
    pub expires_in: i64,
}

/// Employer accounts and their access tokens.
#[derive(Clone)]
pub struct EmployerAccounts {
    accounts: Arc<AccountStore>,
    employers: Arc<EmployerStore>,
    limits: Arc<dyn AccountLimits>,
    mail: MailSender,
    public_url: Arc<str>,
    clock: Clock,
}

fn store_error(error: EmployersError) -> AccountsError {
    match error {
        EmployersError::Store(store) => AccountsError::Store(store),
        other => AccountsError::Corrupt { key: "company".into(), message: other.to_string() },
    }
}

fn check_passwords_match(password: &str, confirmation: &str, field: &str) -> Result<()> {
    if password != confirmation {
        return Err(FieldError::new(field, ErrorCode::PasswordMismatch, "the passwords differ").into());
    }
    Ok(())
}

impl EmployerAccounts {
    /// The service over its stores, the budgets, the mail sender and the public URL of links.
    pub fn new(
        accounts: Arc<AccountStore>,
        employers: Arc<EmployerStore>,
        limits: Arc<dyn AccountLimits>,
        mail: MailSender,
        public_url: &str,
        clock: Clock,
    ) -> EmployerAccounts {
        EmployerAccounts { accounts, employers, limits, mail, public_url: public_url.into(), clock }
    }

    fn mail_context(&self, tenant: &Tenant, lang: &str) -> MailContext {
        MailContext::new(&self.public_url, tenant, lang)
    }

    /// Signs a company up: an unconfirmed employer account with its company, and a confirmation
    /// mail. The answer is the same whether or not the e-mail has an account (the mail says
    /// which). An unconfirmed account of the e-mail is taken over with a company of its own (see
    /// [`Registration::Created`]); a sign-up never joins another company.
    pub fn sign_up(&self, tenant: &Tenant, lang: &str, sign_up: SignUp) -> Result<()> {
        check_name("company.name", &sign_up.company_name, 2)?;
        if !sign_up.accepted_regulations {
            return Err(FieldError::new("company.accepted_regulations", ErrorCode::Required, "accept the terms to sign up").into());
        }
        check_name("user.name", &sign_up.name, 2)?;
        check_phone("user.phone", &sign_up.phone)?;
        check_passwords_match(&sign_up.password, &sign_up.password_confirmation, "user.password_confirmation")?;
        let slug = &tenant.settings.slug;
        self.limits.check_mail(slug, &sign_up.email)?;
        let now = self.clock.now();
        let terms = Some(terms_acceptance(&tenant.settings, "clients", now));
        let new_account = NewAccount {
            email: sign_up.email,
            password: sign_up.password,
            first_name: sign_up.name.trim().to_string(),
            last_name: String::new(),
            lang: lang.into(),
            terms,
        };
        let new_company = NewCompany { name: sign_up.company_name, accepted_regulations: true, subscribe_to_newsletter: sign_up.subscribe_to_newsletter };
        let (name, phone) = (sign_up.name, sign_up.phone);
        let registration = self
            .accounts
            .register_with(slug, AccountKind::Employer, new_account, now, |account| {
                self.employers.company_ops(slug, &account.id, new_company, &name, &phone, now).map_err(store_error)
            })
            .map_err(|error| match error {
                AccountsError::Invalid { field, code, message } => AppError::Field(FieldError::new(&format!("user.{field}"), code, message)),
                other => other.into(),
            })?;
        let mail = match registration {
            Registration::Created { account, confirm_token } => employer_mails::confirm(&self.mail_context(tenant, &account.lang), &account, &confirm_token),
            Registration::AlreadyRegistered { account } => employer_mails::already_registered(&self.mail_context(tenant, &account.lang), &account),
        };
        self.mail.send(mail?)
    }

    fn open_session(&self, tenant: &Tenant, account: &Account) -> Result<NewSession> {
        Ok(self.accounts.open_session(&tenant.settings.slug, account, None, self.clock.now())?)
    }

    /// Opens a mailed link and logs in: an invitation's (accepted with the password chosen now)
    /// or a sign-up's confirmation (setting the password when one is given; a contested account
    /// needs one).
    pub fn confirm(&self, tenant: &Tenant, request: &TokenPassword) -> Result<(Account, NewSession)> {
        if let Some(password) = &request.password {
            check_passwords_match(password, request.password_confirmation.as_deref().unwrap_or_default(), "password_confirmation")?;
        }
        let slug = &tenant.settings.slug;
        if let Some(invitation) = self.employers.invitation_by_token(slug, &request.token, self.clock.now())? {
            return self.accept_invitation(tenant, invitation, request.password.as_deref());
        }
        let confirmation = Confirmation { password: request.password.clone(), ..Confirmation::default() };
        let account = self.accounts.confirm_email_with(slug, &request.token, confirmation, self.clock.now())?;
        if account.kind != AccountKind::Employer {
            return Err(AccountsError::InvalidToken.into());
        }
        let session = self.open_session(tenant, &account)?;
        Ok((account, session))
    }

    /// The holder of an invitation's link joins the company with the password chosen now: the
    /// link proves the mailbox, so the account is confirmed at once. An address with a confirmed
    /// employer account cannot join another company ([`AppError::EmployerEmailTaken`]: it is the
    /// mailbox's owner who asks).
    fn accept_invitation(&self, tenant: &Tenant, invitation: Invitation, password: Option<&str>) -> Result<(Account, NewSession)> {
        let Some(password) = password.filter(|p| !p.is_empty()) else {
            return Err(FieldError::new("password", ErrorCode::PasswordRequired, "choose a password to accept the invitation").into());
        };
        let slug = &tenant.settings.slug;
        let lang = self.accounts.get(slug, &invitation.invited_by)?.map(|a| a.lang).unwrap_or_else(|| tenant.settings.default_locale.clone());
        let new_account = NewAccount {
            email: invitation.email.clone(),
            password: password.to_string(),
            first_name: invitation.name.clone(),
            last_name: String::new(),
            lang,
            terms: None,
        };
        let now = self.clock.now();
        let account = self
            .accounts
            .create_confirmed(slug, AccountKind::Employer, &invitation.id, new_account, now, |account| {
                let mut ops = self
                    .employers
                    .user_ops(slug, &account.id, &invitation.company_id, &invitation.name, &invitation.phone, invitation.role, now)
                    .map_err(store_error)?;
                ops.extend(self.employers.invitation_removal_ops(slug, &invitation).map_err(store_error)?);
                Ok(ops)
            })
            .map_err(|error| match error {
                AccountsError::EmailTaken => AppError::EmployerEmailTaken,
                other => other.into(),
            })?;
        let session = self.open_session(tenant, &account)?;
        Ok((account, session))
    }

    /// What the holder of an invitation's link is invited to (shown before accepting).
    pub fn invitation(&self, tenant: &Tenant, token: &str) -> Result<(Invitation, Company)> {
        let slug = &tenant.settings.slug;
        let invalid = || AppError::Accounts(AccountsError::InvalidToken);
        let invitation = self.employers.invitation_by_token(slug, token, self.clock.now())?.ok_or_else(invalid)?;
        let company = self.employers.company(slug, &invitation.company_id)?.ok_or_else(invalid)?;
        Ok((invitation, company))
    }

    /// Mails a new confirmation link when the e-mail has an unconfirmed employer account, after
    /// the answer (whose time then tells nothing): the address's mail budget is spent now.
    pub fn regenerate_confirmation(&self, tenant: Arc<Tenant>, email: String) -> Result<Later> {
        self.limits.check_mail(&tenant.settings.slug, &email)?;
        let service = self.clone();
        Ok(Box::new(move || {
            let slug = &tenant.settings.slug;
            if let Some(account) = service.accounts.find_by_email(slug, AccountKind::Employer, &email)? {
                if !account.email_confirmed {
                    let token = service.accounts.issue_token(slug, &account.id, TokenPurpose::ConfirmEmail, service.clock.now())?;
                    service.mail.send(employer_mails::confirm(&service.mail_context(&tenant, &account.lang), &account, &token)?)?;
                }
            }
            Ok(())
        }))
    }

    /// Mails a password reset link when the e-mail has an employer account, after the answer.
    pub fn request_password_reset(&self, tenant: Arc<Tenant>, email: String) -> Result<Later> {
        self.limits.check_mail(&tenant.settings.slug, &email)?;
        let service = self.clone();
        Ok(Box::new(move || {
            let slug = &tenant.settings.slug;
            if let Some(account) = service.accounts.find_by_email(slug, AccountKind::Employer, &email)? {
                let token = service.accounts.issue_token(slug, &account.id, TokenPurpose::ResetPassword, service.clock.now())?;
                service.mail.send(employer_mails::reset(&service.mail_context(&tenant, &account.lang), &account, &token)?)?;
            }
            Ok(())
        }))
    }

    /// Sets the password from the reset link; every session of the account ends.
    pub fn reset_password(&self, tenant: &Tenant, token: &str, password: &str, password_confirmation: &str) -> Result<()> {
        check_passwords_match(password, password_confirmation, "password_confirmation")?;
        self.accounts.reset_password(&tenant.settings.slug, token, password, self.clock.now())?;
        Ok(())
    }

    /// The password grant (`grant_type` must be `password`): a new access token. An unconfirmed
    /// employer may log in (and prepare offers) but not publish.
    pub fn issue_token(&self, tenant: &Tenant, grant_type: &str, username: &str, password: &str) -> Result<(Account, NewSession)> {
        if grant_type != "password" {
            return Err(AppError::UnsupportedGrantType);
        }
        let slug = &tenant.settings.slug;
        self.limits.check_attempt(slug, username)?;
        let account = match self.accounts.authenticate(slug, AccountKind::Employer, username, password) {
            Ok(account) => account,
            // The password was right: the account only lacks its confirmation.
            Err(AccountsError::EmailNotConfirmed) => {
                self.accounts.find_by_email(slug, AccountKind::Employer, username)?.ok_or(AccountsError::InvalidCredentials)?
            }
            Err(other) => return Err(other.into()),
        };
        if self.employers.user(slug, &account.id)?.is_none() {
            return Err(AccountsError::InvalidCredentials.into());
        }
        let session = self.open_session(tenant, &account)?;
        Ok((account, session))
    }

    /// Ends an access token (RFC 7009: unknown tokens are not an error). Only employer sessions
    /// are ended here.
    pub fn revoke(&self, tenant: &Tenant, token: &str) -> Result<()> {
        let slug = &tenant.settings.slug;
        if let Some(session) = self.accounts.session(slug, token, self.clock.now())? {
            if session.kind == AccountKind::Employer {
                self.accounts.close_session(slug, token)?;
            }
        }
        Ok(())
    }

    /// Whom the caller's `access_token` belongs to: the account, its user record and its company.
    pub fn token_info(&self, tenant: &Tenant, principal: &Principal, access_token: &str) -> Result<TokenInfo> {
        let acting = Acting::of(principal)?;
        let slug = &tenant.settings.slug;
        let account = self.accounts.get(slug, acting.account_id)?.ok_or(AppError::Unauthenticated)?;
        let user = self.employers.user(slug, acting.account_id)?.ok_or(AppError::Unauthenticated)?;
        let company = self.employers.company(slug, acting.company_id)?.ok_or(AppError::Unauthenticated)?;
        let now = self.clock.now();
        let session = self.accounts.session(slug, access_token, now)?.ok_or(AppError::Unauthenticated)?;
        Ok(TokenInfo { account, user, company, expires_in: session.expires_at - now })
    }

    /// Whether the caller's e-mail is confirmed (publishing needs it).
    pub fn is_confirmed(&self, tenant: &Tenant, principal: &Principal) -> Result<bool> {
        let acting = Acting::of(principal)?;
        let account = self.accounts.get(&tenant.settings.slug, acting.account_id)?;
        Ok(account.is_some_and(|a| a.email_confirmed))
    }

    /// Invites a user (a recruiter unless `role` says owner) to the caller's company: an
    /// invitation is recorded and mailed, and the address joins only when its owner accepts it.
    /// Confirmed owners only, within the company's invitation budget. The answer is the same
    /// whether or not the address has an account.
    pub fn invite(&self, tenant: &Tenant, principal: &Principal, new_user: NewUser) -> Result<(Invitation, Role)> {
        let acting = require_owner(principal)?;
        if !self.is_confirmed(tenant, principal)? {
            return Err(AppError::UnconfirmedInviter);
        }
        let role = new_user.role.unwrap_or(Role::Recruiter);
        let slug = &tenant.settings.slug;
        check_name("name", &new_user.name, 2)?;
        check_phone("phone", &new_user.phone)?;
        let email = wakat_accounts::normalize_email(&new_user.email)?;
        self.limits.check_invitation(slug, acting.company_id)?;
        let company = self.employers.company(slug, acting.company_id)?.ok_or(AppError::Unauthenticated)?;
        let inviter = self.accounts.get(slug, acting.account_id)?.ok_or(AppError::Unauthenticated)?;
        let new = NewInvitation { email, name: new_user.name, phone: new_user.phone, role, invited_by: acting.account_id.to_string() };
        let (invitation, token) = self.employers.invite(slug, acting.company_id, new, self.clock.now())?;
        let context = self.mail_context(tenant, &inviter.lang);
        self.mail.send(employer_mails::invite(&context, &invitation, &company.name, &inviter.first_name, &token)?)?;
        Ok((invitation, role))
    }
}
