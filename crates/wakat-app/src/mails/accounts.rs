//! The mails of candidate accounts: confirmation, the warning of a second sign-up, password
//! reset and change, and the change of the login address.

use wakat_accounts::Account;
use wakat_mail::Mail;

use super::MailContext;
use crate::error::Result;

/// The mail's first line: by name, unless the names may be a stranger's (a contested account).
pub(crate) fn greeting(context: &MailContext, account: &Account) -> String {
    let name = if account.contested { "" } else { account.first_name.trim() };
    if name.is_empty() {
        context.message("greeting-anonymous")
    } else {
        context.message_with("greeting-named", [("name", name.into())])
    }
}

/// Why a contested account's confirmation asks for the password.
pub(crate) fn contested_note(context: &MailContext) -> String {
    context.message("account-contested-note")
}

/// The confirmation link of a new account.
pub fn confirm_account(context: &MailContext, account: &Account, token: &str, favorite_offer_id: Option<&str>) -> Result<Mail> {
    let mut link = context.link(&format!("/account/confirm?token={token}"));
    if let Some(offer) = favorite_offer_id.filter(|id| !id.is_empty() && id.len() <= 100 && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')) {
        link.push_str(&format!("&favoriteOfferId={offer}"));
    }
    let subject = context.message_with("account-confirm-subject", [("board", context.board_name().into())]);
    context.compose(account, subject, "account.confirm", |body| {
        body.heading(context.message("account-confirm-heading"))
            .paragraph(greeting(context, account))
            .paragraph(context.message("account-confirm-intro"))
            .paragraph_if(account.contested, contested_note(context))
            .button(context.message("account-confirm-button"), link)
            .small(context.message("account-confirm-footnote"))
    })
}

/// Someone tried to register an e-mail that already has a confirmed account.
pub fn already_registered(context: &MailContext, account: &Account) -> Result<Mail> {
    let subject = context.message_with("account-exists-subject", [("board", context.board_name().into())]);
    context.compose(account, subject, "account.exists", |body| {
        body.heading(context.message("account-exists-heading"))
            .paragraph(greeting(context, account))
            .paragraph(context.message("account-exists-intro"))
            .button(context.message("account-exists-button"), context.link("/account/login"))
            .small(context.message_with("account-exists-forgot-password", [("link", context.link("/account/reset").into())]))
    })
}

/// A password reset link.
pub fn reset_password(context: &MailContext, account: &Account, token: &str) -> Result<Mail> {
    let subject = context.message("account-reset-subject");
    context.compose(account, subject, "account.reset", |body| {
        body.heading(context.message("account-reset-heading"))
            .paragraph(greeting(context, account))
            .paragraph(context.message("account-reset-intro"))
            .button(context.message("account-reset-button"), context.link(&format!("/account/reset?token={token}")))
            .small(context.message("account-reset-footnote"))
    })
}

/// The password was changed (a warning for the owner if it was not them).
pub fn password_changed(context: &MailContext, account: &Account) -> Result<Mail> {
    let subject = context.message("account-password-changed-subject");
    context.compose(account, subject, "account.password-changed", |body| {
        body.heading(context.message("account-password-changed-heading"))
            .paragraph(greeting(context, account))
            .paragraph(context.message("account-password-changed-intro"))
            .button(context.message("account-password-changed-button"), context.link("/account/reset"))
    })
}

/// The link that moves the login to a new address (sent to the new address).
pub fn confirm_email_change(context: &MailContext, account: &Account, new_email: &str, token: &str) -> Result<Mail> {
    let mut to_new = account.clone();
    to_new.email = new_email.to_string();
    let subject = context.message("account-email-change-subject");
    context.compose(&to_new, subject, "account.change-email", |body| {
        body.heading(context.message("account-email-change-heading"))
            .paragraph(greeting(context, account))
            .paragraph(context.message("account-email-change-intro"))
            .button(context.message("account-email-change-button"), context.link(&format!("/account/email?token={token}")))
            .small(context.message("account-email-change-footnote"))
    })
}
