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
    let subject = context.message_with("employer-confirm-subject", [("board", context.board_name().into())]);
    context.compose(account, subject, "employer.confirm", |body| {
        body.heading(context.message("employer-confirm-heading"))
            .paragraph(greeting(context, account))
            .paragraph(context.message("employer-confirm-intro"))
            .paragraph_if(account.contested, contested_note(context))
            .button(context.message("employer-confirm-button"), context.link(&format!("/employer/confirm?token={token}")))
            .small(context.message("employer-confirm-footnote"))
    })
}

/// An invitation to a company: who invites, to which company and role, and the link on which
/// it is accepted (or ignored: nothing happens without the acceptance).
pub fn invite(context: &MailContext, invitation: &Invitation, company: &str, inviter: &str, token: &str) -> Result<Mail> {
    let subject = context.message_with("employer-invite-subject", [("company", company.into())]);
    let role = context.message(match invitation.role {
        Role::Owner => "employer-invite-role-owner",
        Role::Recruiter => "employer-invite-role-recruiter",
    });
    let inviter = inviter.trim();
    // Without the inviter's name the sentence starts with the company's people instead.
    let intro = if inviter.is_empty() { "employer-invite-intro-anonymous" } else { "employer-invite-intro" };
    let intro =
        context.message_with(intro, [("inviter", inviter.into()), ("company", company.into()), ("board", context.board_name().into()), ("role", role.into())]);
    context.compose_to(&invitation.email, &invitation.name, subject, "employer.invite", |body| {
        body.heading(context.message("employer-invite-heading"))
            .paragraph(intro)
            .paragraph(context.message("employer-invite-how-to-join"))
            .button(context.message("employer-invite-button"), context.link(&format!("/employer/invitation?token={token}")))
            .small(context.message("employer-invite-footnote"))
    })
}

/// A password reset link of an employer account.
pub fn reset(context: &MailContext, account: &Account, token: &str) -> Result<Mail> {
    let subject = context.message("employer-reset-subject");
    context.compose(account, subject, "employer.reset", |body| {
        body.heading(context.message("employer-reset-heading"))
            .paragraph(greeting(context, account))
            .button(context.message("employer-reset-button"), context.link(&format!("/employer/password?token={token}")))
            .small(context.message("employer-reset-footnote"))
    })
}

/// Someone signed up again with an e-mail that has a confirmed employer account.
pub fn already_registered(context: &MailContext, account: &Account) -> Result<Mail> {
    let subject = context.message("employer-exists-subject");
    context.compose(account, subject, "employer.exists", |body| {
        body.heading(context.message("employer-exists-heading"))
            .paragraph(greeting(context, account))
            .paragraph(context.message("employer-exists-intro"))
            .button(context.message("employer-exists-button"), context.link("/employer/password"))
    })
}
