//! The alerts service without HTTP: a candidate's saved searches and alerts, a guest's alert from
//! its activation mail to its unsubscribe link, and the domain reasons of refusals.

use wakat_alerts::{AlertStatus, AlertsError, Frequency, Owner};

use super::*;
use crate::testing::Setup;

fn candidate(account_id: &str) -> Principal {
    Principal::Candidate { account_id: account_id.into() }
}

/// The value of `name=` in a link of the mail's text.
fn link_param(text: &str, name: &str) -> String {
    let start = text.find(&format!("{name}=")).unwrap_or_else(|| panic!("no {name} in {text}")) + name.len() + 1;
    let value: String = text[start..].chars().take_while(|c| !matches!(c, '&' | ' ' | '\n' | ')' | ']' | '>')).collect();
    url::form_urlencoded::parse(format!("v={value}").as_bytes()).next().unwrap().1.into_owned()
}

#[test]
fn a_candidate_saves_searches_counts_new_offers_and_runs_an_alert() {
    let setup = Setup::new();
    let tenant = setup.tenant();
    let me = candidate(&setup.candidate("ala@example.com"));
    let id = setup.alerts.create(&tenant, &me, NewSearch::default()).unwrap();
    let listed = setup.alerts.list(&tenant, &me).unwrap();
    assert_eq!(listed.searches.len(), 1);
    assert_eq!(listed.searches[0].filter.name, "All offers", "unnamed, without filters, in the account's language");
    assert_eq!(listed.searches[0].filter.search_url, "/?");
    assert!(listed.searches[0].feed_url.starts_with(crate::testing::PUBLIC_URL), "{}", listed.searches[0].feed_url);
    assert_eq!(listed.new_offers, 0);

    setup.advance(60);
    setup.publish("rust-dev", "Rust developer", setup.now() - 10);
    assert_eq!(setup.alerts.list(&tenant, &me).unwrap().new_offers, 1, "published after the search was read");
    assert_eq!(setup.alerts.mark_read(&tenant, &me, &id).unwrap().new_offers, 0);

    let enabled = setup.alerts.enable(&tenant, &me, &id, Some("everyDay"), Some("Rust".into())).unwrap();
    let alert = enabled.filter.alert.as_ref().unwrap();
    assert_eq!((alert.status, alert.frequency, enabled.filter.name.as_str()), (AlertStatus::Active, Frequency::EveryDay, "Rust"));
    let changed = setup.alerts.change_frequency(&tenant, &me, &id, Some("onceAWeek")).unwrap();
    assert_eq!(changed.filter.alert.unwrap().frequency, Frequency::OnceAWeek);
    setup.alerts.disable(&tenant, &me, &id).unwrap();
    assert!(setup.alerts.list(&tenant, &me).unwrap().searches[0].filter.alert.is_none(), "the search stays");
    setup.alerts.delete(&tenant, &me, &id).unwrap();
    assert!(setup.alerts.list(&tenant, &me).unwrap().searches.is_empty());
}

#[test]
fn refusals_are_domain_reasons() {
    let setup = Setup::new();
    let tenant = setup.tenant();
    let me = candidate(&setup.candidate("ola@example.com"));
    assert!(matches!(setup.alerts.list(&tenant, &Principal::Anonymous), Err(AppError::Unauthenticated)), "saved searches are a candidate's");
    let elsewhere = NewSearch { search_url: Some("https://evil.example/".into()), ..NewSearch::default() };
    assert!(matches!(
        setup.alerts.create(&tenant, &me, elsewhere),
        Err(AppError::Invalid { field: "searchUrl", code: wakat_core::ErrorCode::InvalidSearchUrl, .. })
    ));
    let id = setup.alerts.create(&tenant, &me, NewSearch::default()).unwrap();
    assert!(matches!(setup.alerts.create(&tenant, &me, NewSearch::default()), Err(AppError::Alerts(AlertsError::FilterExists))));
    assert!(matches!(setup.alerts.enable(&tenant, &me, &id, Some("hourly"), None), Err(AppError::InvalidFrequency)));
    assert!(matches!(setup.alerts.change_frequency(&tenant, &me, &id, None), Err(AppError::Invalid { field: "frequency", .. })));
    assert!(matches!(setup.alerts.delete(&tenant, &me, "nope"), Err(AppError::Alerts(AlertsError::FilterNotFound))));
    let someone_else = candidate("another-account");
    assert!(matches!(setup.alerts.delete(&tenant, &someone_else, &id), Err(AppError::Alerts(AlertsError::FilterNotFound))), "searches are private");
    assert!(matches!(setup.alerts.unsubscribe_guest(&tenant, &Principal::Anonymous, "g", &id, Some("")), Err(AppError::CodeRequired)));
    let no_since = [("keyword".to_string(), "rust".to_string())];
    assert!(matches!(setup.alerts.guest_new_offers(&tenant, &Principal::Anonymous, &no_since), Err(AppError::InvalidSince)));
    let guest = NewGuestAlert { email: Some("ola@example.com".into()), ..NewGuestAlert::default() };
    let taken = setup.alerts.create_guest_alert(&tenant, &Principal::Anonymous, "pl", guest);
    assert!(matches!(taken, Err(AppError::Alerts(AlertsError::AccountExists))), "an address with an account logs in instead");
}

#[test]
fn a_guest_activates_by_the_mailed_link_and_unsubscribes_by_code() {
    let setup = Setup::new();
    let tenant = setup.tenant();
    let guest = NewGuestAlert { email: Some("guest@example.com".into()), frequency: Some("everyDay".into()), ..NewGuestAlert::default() };
    let id = setup.alerts.create_guest_alert(&tenant, &Principal::Anonymous, "en", guest).unwrap();
    let mails = setup.delivered();
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0].to.email(), "guest@example.com");
    assert_eq!(link_param(&mails[0].text, "job-filter-id"), id);
    let code = link_param(&mails[0].text, "code");
    let wrong = setup.alerts.activate(&tenant, &Principal::Anonymous, &id, "not-the-code", None);
    assert!(matches!(wrong, Err(AppError::Alerts(AlertsError::InvalidCode))), "{wrong:?}");
    let activated = setup.alerts.activate(&tenant, &Principal::Anonymous, &id, &code, None).unwrap();
    assert_eq!(activated.filter_id, id);
    let owner = Owner::Guest(activated.guest_id.clone());
    assert_eq!(setup.alerts_store.get("it", &owner, &id).unwrap().unwrap().alert.unwrap().status, AlertStatus::Active);
    setup.alerts.unsubscribe_guest(&tenant, &Principal::Anonymous, &activated.guest_id, &id, Some(&activated.unsubscribe_code)).unwrap();
    assert!(setup.alerts_store.get("it", &owner, &id).unwrap().is_none_or(|filter| filter.alert.is_none()), "unsubscribed");
    let again = setup.alerts.one_click_unsubscribe(&tenant, &Principal::Anonymous, Some(&owner.segment()), Some(&id), Some(&activated.unsubscribe_code));
    assert!(again.is_ok(), "a mail client may repeat the one-click unsubscribe: {again:?}");
}
