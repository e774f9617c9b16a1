//! The mail telling a candidate that the employer moved their application (sent only when the
//! employer asks for it with the status change).

use wakat_applications::{Applicant, ApplicationStatus};
use wakat_mail::Mail;

use super::MailContext;
use crate::error::Result;

/// The status as the candidate reads it.
fn status_words(context: &MailContext, status: ApplicationStatus) -> String {
    context.message(match status {
        ApplicationStatus::New => "application-status-new",
        ApplicationStatus::Seen => "application-status-seen",
        ApplicationStatus::InReview => "application-status-in-review",
        ApplicationStatus::Interview => "application-status-interview",
        ApplicationStatus::Offer => "application-status-offer",
        ApplicationStatus::Hired => "application-status-hired",
        ApplicationStatus::Rejected => "application-status-rejected",
    })
}

/// "The status of your application for {title} is now {status}", with a link to the history.
pub fn status_changed(context: &MailContext, applicant: &Applicant, offer_title: &str, status: ApplicationStatus) -> Result<Mail> {
    let words = status_words(context, status);
    let args = || [("offer", offer_title.into()), ("status", words.as_str().into())];
    let subject = context.message_with("application-status-subject", args());
    context.compose_to(&applicant.email, &applicant.name, subject, "application.status", |body| {
        body.heading(context.message("application-status-heading"))
            .paragraph(context.message_with("application-status-intro", args()))
            .button(context.message("application-status-button"), context.link("/application-history"))
    })
}
