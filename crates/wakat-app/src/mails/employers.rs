//! The mails of employer accounts: confirmation, an invitation to a company, reset, and the
//! warning of a second sign-up. Their links lead to the web app's employer pages.

use wakat_accounts::Account;
use wakat_employers::{Invitation, Role};
use wakat_mail::Mail;

use super::accounts::{contested_note, greeting};
use super::MailContext;
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
            .paragraph_if(account.contested, contested_note(context))
            .button(context.text("Potwierdzam", "Confirm"), context.link(&format!("/employer/confirm?token={token}")))
            .small(context.text("Link jest ważny 48 godzin.", "The link is valid for 48 hours."))
    })
}

/// An invitation to a company: who invites, to which company and role, and the link on which
/// it is accepted (or ignored: nothing happens without the acceptance).
pub fn invite(context: &MailContext, invitation: &Invitation, company: &str, inviter: &str, token: &str) -> Result<Mail> {
    let subject = context.text(&format!("Zaproszenie do firmy {company}"), &format!("You are invited to {company}"));
    let role = match (invitation.role, context.is_polish()) {
        (Role::Owner, true) => "właściciel",
        (Role::Owner, false) => "owner",
        (Role::Recruiter, true) => "rekruter",
        (Role::Recruiter, false) => "recruiter",
    };
    let inviter = inviter.trim();
    let who = if inviter.is_empty() { context.text("Ktoś z firmy", "Someone at") } else { inviter.to_string() };
    context.compose_to(&invitation.email, &invitation.name, subject, "employer.invite", |body| {
        body.heading(context.text("Zaproszenie", "An invitation"))
            .paragraph(context.text(
                &format!("{who} zaprasza Cię do konta firmy {company} w serwisie {} (rola: {role}).", context.board_name()),
                &format!("{who} invites you to the account of {company} on {} (role: {role}).", context.board_name()),
            ))
            .paragraph(context.text(
                "Aby dołączyć, otwórz link i ustaw hasło. Bez tego nic się nie stanie; jeśli nie znasz tej firmy, zignoruj tę wiadomość.",
                "To join, open the link and choose a password. Nothing happens until you do; if you do not know this company, ignore this mail.",
            ))
            .button(context.text("Zobacz zaproszenie", "See the invitation"), context.link(&format!("/employer/invitation?token={token}")))
            .small(context.text("Link jest ważny 7 dni.", "The link is valid for 7 days."))
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
