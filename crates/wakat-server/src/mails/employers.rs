//! The mails of employer accounts: confirmation, an invitation to a company, reset, and the
//! warning of a second sign-up. Their links lead to the web app's employer pages.

use wakat_accounts::Account;
use wakat_mail::Mail;

use super::{greeting, MailContext};
use crate::error::Result;

/// The confirmation link of a new employer account.
pub fn confirm(context: &MailContext, account: &Account, token: &str) -> Result<Mail> {
    let subject =
        context.text(&format!("Potwierdź konto pracodawcy w {}", context.board_name), &format!("Confirm your {} employer account", context.board_name));
    context.compose(account, subject, "employer.confirm", |body| {
        body.heading(context.text("Potwierdź adres e-mail", "Confirm your e-mail address"))
            .paragraph(greeting(context, account))
            .paragraph(context.text(
                "dziękujemy za rejestrację firmy. Potwierdź adres e-mail, aby publikować ogłoszenia.",
                "thank you for signing your company up. Confirm your e-mail address to publish offers.",
            ))
            .button(context.text("Potwierdzam", "Confirm"), context.link(&format!("/employer/confirm?token={token}")))
            .small(context.text("Link jest ważny 48 godzin.", "The link is valid for 48 hours."))
    })
}

/// A user added to a company chooses a password through this link.
pub fn invite(context: &MailContext, account: &Account, company: &str, token: &str) -> Result<Mail> {
    let subject = context.text(&format!("Zaproszenie do firmy {company}"), &format!("You are invited to {company}"));
    context.compose(account, subject, "employer.invite", |body| {
        body.heading(context.text("Zaproszenie", "An invitation"))
            .paragraph(greeting(context, account))
            .paragraph(context.text(
                &format!("dodano Cię do konta firmy {company}. Ustaw hasło, aby się zalogować."),
                &format!("you were added to the account of {company}. Set a password to log in."),
            ))
            .button(context.text("Ustaw hasło", "Set the password"), context.link(&format!("/employer/confirm?token={token}&setPassword=1")))
            .small(context.text("Link jest ważny 48 godzin.", "The link is valid for 48 hours."))
    })
}

/// A password reset link of an employer account.
pub fn reset(context: &MailContext, account: &Account, token: &str) -> Result<Mail> {
    let subject = context.text("Ustaw nowe hasło", "Set a new password");
    context.compose(account, subject, "employer.reset", |body| {
        body.heading(context.text("Nowe hasło", "A new password"))
            .paragraph(greeting(context, account))
            .button(context.text("Ustaw hasło", "Set the password"), context.link(&format!("/employer/password?token={token}")))
            .small(context.text("Link jest ważny godzinę.", "The link is valid for one hour."))
    })
}

/// Someone signed up again with an e-mail that has a confirmed employer account.
pub fn already_registered(context: &MailContext, account: &Account) -> Result<Mail> {
    let subject = context.text("Masz już konto pracodawcy", "You already have an employer account");
    context.compose(account, subject, "employer.exists", |body| {
        body.heading(context.text("Masz już konto", "You already have an account"))
            .paragraph(greeting(context, account))
            .paragraph(context.text(
                "ktoś (może Ty) próbował zarejestrować firmę na ten adres, ale konto już istnieje.",
                "someone (maybe you) tried to sign a company up with this address, but it already has an account.",
            ))
            .button(context.text("Ustaw nowe hasło", "Set a new password"), context.link("/employer/password"))
    })
}
