//! The mails of job alerts: the guest's activation link and the digests.

use wakat_alerts::{Guest, JobFilter};
use wakat_mail::Mail;

use super::MailContext;
use crate::error::Result;

/// Percent-encodes a query value (codes are base64url already; e-mails are not).
pub(crate) fn query_value(value: &str) -> String {
    url::form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

/// The activation link of a guest's alert: the web app's entry point
/// `?job-alerts=activate&code=…&job-filter-id=…`.
pub fn activation_link(context: &MailContext, code: &str, filter_id: &str) -> String {
    context.link(&format!("/?job-alerts=activate&code={}&job-filter-id={}", query_value(code), query_value(filter_id)))
}

/// The guest's unsubscribe link: `?job-alerts=unsubscribe&candidate-id=…&code=…` (and the search,
/// so the web app can name it in `DELETE /guests/job-alerts/{candidateId}/{jobFilterId}`).
pub fn guest_unsubscribe_link(context: &MailContext, candidate_id: &str, code: &str, filter_id: &str) -> String {
    context.link(&format!(
        "/?job-alerts=unsubscribe&candidate-id={}&code={}&job-filter-id={}",
        query_value(candidate_id),
        query_value(code),
        query_value(filter_id)
    ))
}

/// Asks a guest to confirm the e-mail of a new alert.
pub fn activate_alert(context: &MailContext, guest: &Guest, filter: &JobFilter, code: &str, unsubscribe_code: &str) -> Result<Mail> {
    let link = activation_link(context, code, &filter.id);
    let unsubscribe = guest_unsubscribe_link(context, &guest.id, unsubscribe_code, &filter.id);
    let subject = context.say("Potwierdź powiadomienie o nowych ofertach", "Confirm your job alert");
    context.compose_to(&guest.email, "", subject, "alert.activate", |body| {
        let body = body
            .heading(context.say("Potwierdź powiadomienie", "Confirm your job alert"))
            .paragraph(context.say(
                &format!("Kliknij przycisk, aby otrzymywać nowe oferty dla wyszukiwania „{}”.", filter.name),
                &format!("Click the button to receive new offers of the search \"{}\".", filter.name),
            ))
            .button(context.say("Aktywuj powiadomienie", "Activate the alert"), link);
        let body = if guest.create_candidate {
            body.paragraph(context.say(
                "Chcesz też konto kandydata? Załóż je tym samym adresem, a powiadomienia zobaczysz po zalogowaniu.",
                "Want a candidate account too? Sign up with this address to manage your alerts after logging in.",
            ))
            .button(context.say("Załóż konto", "Sign up"), context.link(&format!("/account/register?email={}", query_value(&guest.email))))
        } else {
            body
        };
        body.small(context.say(
            "Link jest ważny 48 godzin. Jeśli to nie Ty zapisałeś wyszukiwanie, zignoruj tę wiadomość.",
            "The link is valid for 48 hours. If you did not save this search, ignore this mail.",
        ))
        .small(context.say("Rezygnacja z powiadomienia: ", "Unsubscribe: ") + &unsubscribe)
    })
}
