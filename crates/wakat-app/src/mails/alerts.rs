//! The mails of job alerts: the guest's activation link and the digests.

use wakat_alerts::{Guest, JobFilter};
use wakat_mail::Mail;

use super::MailContext;
use crate::error::Result;

/// Percent-encodes a query value (codes are base64url already; e-mails are not).
pub fn query_value(value: &str) -> String {
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
/// `set_password` is the token of the link that sets the password of the candidate account
/// created with the alert (`createCandidate`).
pub fn activate_alert(
    context: &MailContext,
    guest: &Guest,
    filter: &JobFilter,
    code: &str,
    unsubscribe_code: &str,
    set_password: Option<&str>,
) -> Result<Mail> {
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
        let body = match set_password {
            Some(token) => body
                .paragraph(context.say(
                    "Założyliśmy też Twoje konto kandydata na ten adres. Ustaw hasło, aby się logować (link jest ważny godzinę; później użyj „Nie pamiętam hasła” z tym adresem).",
                    "We also created your candidate account for this address. Set its password to log in (the link is valid for one hour; later, use \"Forgot password\" with this address).",
                ))
                .button(context.say("Ustaw hasło", "Set the password"), context.link(&format!("/account/reset?token={}", query_value(token)))),
            None => body,
        };
        body.small(context.say(
            "Link jest ważny 48 godzin. Jeśli to nie Ty zapisałeś wyszukiwanie, zignoruj tę wiadomość.",
            "The link is valid for 48 hours. If you did not save this search, ignore this mail.",
        ))
        .small(context.say("Rezygnacja z powiadomienia: ", "Unsubscribe: ") + &unsubscribe)
    })
}

/// The alert a digest is for.
pub struct DigestAlert<'a> {
    /// The saved search.
    pub filter: &'a JobFilter,
    /// Its owner.
    pub owner: &'a wakat_alerts::Owner,
    /// The recipient.
    pub email: &'a str,
    /// The code of its unsubscribe links.
    pub unsubscribe_code: &'a str,
    /// The currency salaries are shown in (the search's).
    pub currency: wakat_core::Currency,
}

/// `12 500`: whole amounts with a space every three digits.
fn amount(value: f64) -> String {
    let digits = format!("{:.0}", value.max(0.0));
    let mut grouped = String::new();
    for (idx, digit) in digits.chars().enumerate() {
        if idx > 0 && (digits.len() - idx) % 3 == 0 {
            grouped.push(' ');
        }
        grouped.push(digit);
    }
    grouped
}

/// The salary of an offer in `currency` (the first contract that discloses one).
pub fn salary_text(context: &MailContext, rates: &wakat_core::Rates, offer: &wakat_core::Offer, currency: wakat_core::Currency) -> String {
    let Some(employment) = offer.employment_types.iter().find(|e| e.has_salary()) else {
        return context.say("wynagrodzenie nieujawnione", "salary not disclosed");
    };
    let convert = |value: Option<f64>| value.map(|v| rates.convert(v, employment.currency, currency));
    let unit = employment.unit.label(if context.is_polish() { "pl" } else { "en" });
    let code = currency.as_str().to_uppercase();
    match (convert(employment.from), convert(employment.to)) {
        (Some(from), Some(to)) => format!("{} – {} {code} {unit}", amount(from), amount(to)),
        (Some(from), None) => format!("{} {} {code} {unit}", context.say("od", "from"), amount(from)),
        (None, Some(to)) => format!("{} {} {code} {unit}", context.say("do", "up to"), amount(to)),
        (None, None) => context.say("wynagrodzenie nieujawnione", "salary not disclosed"),
    }
}

/// The one-click unsubscribe URL of a digest (RFC 8058), through the board's web app.
pub fn one_click_url(context: &MailContext, tenant: &str, alert: &DigestAlert<'_>) -> String {
    context.link(&format!(
        "/api/{tenant}/job-alerts/unsubscribe?owner={}&jobFilterId={}&code={}",
        query_value(&alert.owner.segment()),
        query_value(&alert.filter.id),
        query_value(alert.unsubscribe_code)
    ))
}

/// One digest: the new offers of a saved search (title, company, city, salary in the search's
/// currency), links to the search and to the frequency setting, and one-click unsubscribe.
pub fn digest(
    context: &MailContext,
    tenant: &str,
    rates: &wakat_core::Rates,
    alert: &DigestAlert<'_>,
    offers: &[wakat_search::Hit],
    total: usize,
) -> Result<Mail> {
    let name = &alert.filter.name;
    let subject = context.say(&format!("Nowe oferty: {name} ({total})"), &format!("New offers: {name} ({total})"));
    // The web app's unsubscribe entry point: guests by their id, accounts by their owner segment.
    let candidate_id = match alert.owner {
        wakat_alerts::Owner::Guest(id) => id.clone(),
        account => account.segment(),
    };
    let unsubscribe = guest_unsubscribe_link(context, &candidate_id, alert.unsubscribe_code, &alert.filter.id);
    let frequency = context.link(&format!("/job-alerts?job-filter-id={}", query_value(&alert.filter.id)));
    let mail = context.compose_to(alert.email, "", subject, "alert.digest", |body| {
        let mut body = body.heading(context.say(&format!("Nowe oferty: {name}"), &format!("New offers: {name}"))).paragraph(context.say(
            &format!("Od ostatniej wiadomości pojawiło się {total} nowych ofert pasujących do Twojego wyszukiwania."),
            &format!("{total} new offers match your search since our last mail."),
        ));
        for hit in offers {
            let offer = &hit.offer;
            let city = offer.locations.get(hit.location_idx).or(offer.locations.first()).map_or("", |l| l.city.as_str());
            let detail = format!("{} · {} · {}", offer.company_name, city, salary_text(context, rates, offer, alert.currency));
            body = body.item(offer.title.clone(), detail, format!("/job-offer/{}", query_value(&hit.slug)));
        }
        body.button(context.say("Zobacz wszystkie oferty", "See all offers"), alert.filter.search_url.clone())
            .link(context.say("Zmień częstotliwość powiadomień", "Change how often you get this mail"), frequency)
            .link(context.say("Wypisz się z tego powiadomienia", "Unsubscribe from this alert"), unsubscribe)
            .small(context.say(
                &format!("Dostajesz tę wiadomość, bo zapisałeś powiadomienie o ofertach w {}.", context.board_name()),
                &format!("You get this mail because you saved a job alert on {}.", context.board_name()),
            ))
    })?;
    Ok(mail.with_unsubscribe(&one_click_url(context, tenant, alert)))
}
