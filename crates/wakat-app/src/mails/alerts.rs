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
    let subject = context.message("alert-activate-subject");
    context.compose_to(&guest.email, "", subject, "alert.activate", |body| {
        let body = body
            .heading(context.message("alert-activate-heading"))
            .paragraph(context.message_with("alert-activate-intro", [("search", filter.name.as_str().into())]))
            .button(context.message("alert-activate-button"), link);
        let body = match set_password {
            Some(token) => body
                .paragraph(context.message("alert-activate-account-created"))
                .button(context.message("alert-activate-set-password-button"), context.link(&format!("/account/reset?token={}", query_value(token)))),
            None => body,
        };
        body.small(context.message("alert-activate-footnote")).small(context.message_with("alert-activate-unsubscribe", [("link", unsubscribe.into())]))
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
        return context.message("offer-salary-undisclosed");
    };
    let convert = |value: Option<f64>| value.map(|v| amount(rates.convert(v, employment.currency, currency)));
    let unit = employment.unit.label(&context.lang);
    let code = currency.as_str().to_uppercase();
    let (id, from, to) = match (convert(employment.from), convert(employment.to)) {
        (Some(from), Some(to)) => ("offer-salary-range", from, to),
        (Some(from), None) => ("offer-salary-from", from, String::new()),
        (None, Some(to)) => ("offer-salary-up-to", String::new(), to),
        (None, None) => return context.message("offer-salary-undisclosed"),
    };
    context.message_with(id, [("from", from.into()), ("to", to.into()), ("currency", code.into()), ("unit", unit.into())])
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
    let subject = context.message_with("alert-digest-subject", [("search", name.as_str().into()), ("count", total.into())]);
    // The web app's unsubscribe entry point: guests by their id, accounts by their owner segment.
    let candidate_id = match alert.owner {
        wakat_alerts::Owner::Guest(id) => id.clone(),
        account => account.segment(),
    };
    let unsubscribe = guest_unsubscribe_link(context, &candidate_id, alert.unsubscribe_code, &alert.filter.id);
    let frequency = context.link(&format!("/job-alerts?job-filter-id={}", query_value(&alert.filter.id)));
    let mail = context.compose_to(alert.email, "", subject, "alert.digest", |body| {
        let mut body = body
            .heading(context.message_with("alert-digest-heading", [("search", name.as_str().into())]))
            .paragraph(context.message_with("alert-digest-intro", [("count", total.into())]));
        for hit in offers {
            let offer = &hit.offer;
            let city = offer.locations.get(hit.location_idx).or(offer.locations.first()).map_or("", |l| l.city.as_str());
            let detail = format!("{} · {} · {}", offer.company_name, city, salary_text(context, rates, offer, alert.currency));
            body = body.item(offer.title.clone(), detail, format!("/job-offer/{}", query_value(&hit.slug)));
        }
        body.button(context.message("alert-digest-all-offers-button"), alert.filter.search_url.clone())
            .link(context.message("alert-digest-frequency-link"), frequency)
            .link(context.message("alert-digest-unsubscribe-link"), unsubscribe)
            .small(context.message_with("alert-digest-footnote", [("board", context.board_name().into())]))
    })?;
    Ok(mail.with_unsubscribe(&one_click_url(context, tenant, alert)))
}
