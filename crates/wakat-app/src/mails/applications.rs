//! The mail telling a candidate that the employer moved their application (sent only when the
//! employer asks for it with the status change).

use wakat_applications::{Applicant, ApplicationStatus};
use wakat_mail::Mail;

use super::MailContext;
use crate::error::Result;

/// The status as the candidate reads it.
fn status_words(context: &MailContext, status: ApplicationStatus) -> String {
    let (pl, en) = match status {
        ApplicationStatus::New => ("nowa", "new"),
        ApplicationStatus::Seen => ("przejrzana", "seen"),
        ApplicationStatus::InReview => ("w ocenie", "in review"),
        ApplicationStatus::Interview => ("zaproszenie na rozmowę", "interview"),
        ApplicationStatus::Offer => ("oferta", "offer"),
        ApplicationStatus::Hired => ("zatrudnienie", "hired"),
        ApplicationStatus::Rejected => ("odrzucona", "not taken further"),
    };
    context.say(pl, en)
}

/// "The status of your application for {title} is now {status}", with a link to the history.
pub fn status_changed(context: &MailContext, applicant: &Applicant, offer_title: &str, status: ApplicationStatus) -> Result<Mail> {
    let words = status_words(context, status);
    let subject = context.say(&format!("Zmiana statusu aplikacji: {offer_title}"), &format!("Your application for {offer_title}: {words}"));
    context.compose_to(&applicant.email, &applicant.name, subject, "application.status", |body| {
        body.heading(context.say("Status Twojej aplikacji", "The status of your application"))
            .paragraph(context.say(
                &format!("Pracodawca zmienił status Twojej aplikacji na stanowisko {offer_title}: {words}."),
                &format!("The employer moved your application for {offer_title} to: {words}."),
            ))
            .button(context.say("Historia aplikacji", "Application history"), context.link("/application-history"))
    })
}
