//! The mails of a new application: its delivery to the offer's address (the applicant in
//! Reply-To, the CV attached or linked), the applicant's confirmation, and the company users'
//! notices, one per application or one digest a day.

use wakat_mail::{Address, Attachment, Mail};

use super::MailContext;
use crate::error::{AppError, Result};

/// How the CV travels with the delivery.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CvInMail {
    /// No CV (a message only).
    None,
    /// In the mail.
    Attached(Attachment),
    /// A signed link, working until the day named (`YYYY-MM-DD`).
    Link {
        /// The file's name.
        file_name: String,
        /// The absolute, signed URL.
        url: String,
        /// Its last day.
        until: String,
    },
}

/// What the mails of one application tell.
#[derive(Debug, Clone)]
pub struct ApplicationFacts<'a> {
    /// The offer's slug (links to the offer and the panel).
    pub offer_slug: &'a str,
    /// The offer's title.
    pub offer_title: &'a str,
    /// The company's name.
    pub company: &'a str,
    /// The applicant's name.
    pub name: &'a str,
    /// The applicant's e-mail.
    pub email: &'a str,
    /// Their message, if any.
    pub message: Option<&'a str>,
    /// The consent to future recruitments: `None` when the offer does not ask for it.
    pub future_consent: Option<bool>,
    /// The offer's own consent: `None` when the offer has none.
    pub custom_consent: Option<bool>,
}

fn consent_line(context: &MailContext, id: &str, given: bool) -> String {
    let answer = context.message(if given { "application-consent-given" } else { "application-consent-not-given" });
    context.message_with(id, [("answer", answer.into())])
}

/// The application itself, to the offer's address: who applied, their message, consents and CV;
/// a reply reaches the applicant.
pub fn delivery(context: &MailContext, to: &str, facts: &ApplicationFacts<'_>, cv: CvInMail) -> Result<Mail> {
    let args = || {
        [
            ("offer", facts.offer_title.into()),
            ("name", facts.name.into()),
            ("email", facts.email.into()),
            ("company", facts.company.into()),
            ("board", context.board_name().into()),
        ]
    };
    let subject = context.message_with("application-delivery-subject", args());
    let message = match facts.message.map(str::trim).filter(|message| !message.is_empty()) {
        Some(message) => format!("{}\n\n{message}", context.message("application-delivery-message")),
        None => context.message("application-delivery-no-message"),
    };
    let mut attachment = None;
    let mail = context.compose_to(to, "", subject, "application.delivery", |body| {
        let body = body
            .heading(context.message("application-delivery-heading"))
            .paragraph(context.message_with("application-delivery-intro", args()))
            .paragraph(message);
        let body = match facts.future_consent {
            Some(given) => body.paragraph(consent_line(context, "application-delivery-consent-future", given)),
            None => body,
        };
        let body = match facts.custom_consent {
            Some(given) => body.paragraph(consent_line(context, "application-delivery-consent-custom", given)),
            None => body,
        };
        match cv {
            CvInMail::None => body.small(context.message("application-delivery-no-cv")),
            CvInMail::Attached(file) => {
                let line = context.message_with("application-delivery-cv-attached", [("file", file.file_name.clone().into())]);
                attachment = Some(file);
                body.paragraph(line)
            }
            CvInMail::Link { file_name, url, until } => body
                .paragraph(context.message_with("application-delivery-cv-link", [("file", file_name.into()), ("until", until.into())]))
                .button(context.message("application-delivery-cv-button"), url),
        }
        .small(context.message("application-delivery-reply"))
    })?;
    let reply_to = Address::with_name(facts.email, facts.name.trim())
        .or_else(|_| Address::new(facts.email))
        .map_err(|e| AppError::internal("the applicant's address", e))?;
    let mail = mail.with_reply_to(reply_to);
    Ok(match attachment {
        Some(file) => mail.with_attachment(file),
        None => mail,
    })
}

/// "We sent your application for X at Company", to the applicant in their language.
pub fn confirmation(context: &MailContext, facts: &ApplicationFacts<'_>) -> Result<Mail> {
    let args = || [("offer", facts.offer_title.into()), ("company", facts.company.into()), ("board", context.board_name().into())];
    let subject = context.message_with("application-confirm-subject", args());
    context.compose_to(facts.email, facts.name, subject, "application.confirm", |body| {
        body.heading(context.message("application-confirm-heading"))
            .paragraph(context.message_with("application-confirm-intro", args()))
            .button(context.message("application-confirm-button"), context.link(&format!("/job-offer/{}", facts.offer_slug)))
            .small(context.message("application-confirm-footnote"))
    })
}

/// "A new application for X", to a company user who hears of each one at once.
pub fn notice(context: &MailContext, to: &str, to_name: &str, facts: &ApplicationFacts<'_>) -> Result<Mail> {
    let args = || [("offer", facts.offer_title.into()), ("name", facts.name.into())];
    let subject = context.message_with("application-notice-subject", args());
    context.compose_to(to, to_name, subject, "application.notice", |body| {
        body.heading(context.message("application-notice-heading"))
            .paragraph(context.message_with("application-notice-intro", args()))
            .button(context.message("application-notice-button"), context.link(&format!("/employer/applications?offer={}", facts.offer_slug)))
            .small(context.message("application-notice-settings"))
            .link(context.message("application-notice-profile"), context.link("/employer/profile"))
    })
}

/// One line of a daily digest.
#[derive(Debug, Clone)]
pub struct DigestLine {
    /// The offer's slug.
    pub offer_slug: String,
    /// The offer's title.
    pub offer_title: String,
    /// The applicant's name (empty once erased).
    pub name: String,
}

/// The day's applications of the user's company, one line each.
pub fn daily_digest(context: &MailContext, to: &str, to_name: &str, day: &str, lines: &[DigestLine]) -> Result<Mail> {
    let count = lines.len();
    let subject = context.message_with("application-digest-subject", [("count", count.into()), ("day", day.into())]);
    context.compose_to(to, to_name, subject, "application.digest", |body| {
        let mut body = body
            .heading(context.message("application-digest-heading"))
            .paragraph(context.message_with("application-digest-intro", [("count", count.into()), ("day", day.into())]));
        for line in lines {
            let name = if line.name.trim().is_empty() { context.message("application-digest-erased") } else { line.name.clone() };
            body = body.item(line.offer_title.clone(), name, context.link(&format!("/employer/applications?offer={}", line.offer_slug)));
        }
        body.small(context.message("application-digest-settings")).link(context.message("application-notice-profile"), context.link("/employer/profile"))
    })
}
