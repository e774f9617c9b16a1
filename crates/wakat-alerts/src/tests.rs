use std::sync::Arc;

use wakat_store::{LinkSigner, MemoryStore};

use super::*;

fn store() -> AlertStore {
    AlertStore::new(Arc::new(MemoryStore::new()), LinkSigner::new(b"0123456789abcdef0123456789abcdef"))
}

fn new_filter(canonical: &str) -> NewFilter {
    NewFilter { search_url: format!("/?{canonical}"), name: "Java".into(), query: vec![("keywords[]".into(), canonical.into())], canonical: canonical.into() }
}

fn guest_request(email: &str) -> GuestAlertRequest {
    GuestAlertRequest { email: email.into(), lang: "pl".into(), create_candidate: false, marketing_agreement: false, frequency: Frequency::default() }
}

#[test]
fn frequencies_fall_on_their_days() {
    let days = |f: Frequency| (0..7).filter(|d| f.due_on(*d)).collect::<Vec<u8>>();
    assert_eq!(days(Frequency::EveryDay), [0, 1, 2, 3, 4, 5, 6]);
    assert_eq!(days(Frequency::OnceAWeek), [0]);
    assert_eq!(days(Frequency::TwiceAWeek), [0, 3]);
    assert_eq!(Frequency::default(), Frequency::TwiceAWeek);
}

#[test]
fn saved_searches_are_unique_limited_and_private() {
    let store = store();
    let ala = Owner::Account("ala".into());
    let ola = Owner::Account("ola".into());
    let first = store.create_filter("it", &ala, new_filter("java"), 100).unwrap();
    assert!(matches!(store.create_filter("it", &ala, new_filter("java"), 101), Err(AlertsError::FilterExists)));
    store.create_filter("it", &ola, new_filter("java"), 101).unwrap();
    store.create_filter("work", &ala, new_filter("java"), 101).unwrap();
    for n in 1..MAX_FILTERS {
        store.create_filter("it", &ala, new_filter(&format!("q{n}")), 102).unwrap();
    }
    assert!(matches!(store.create_filter("it", &ala, new_filter("one-more"), 103), Err(AlertsError::LimitReached(10))));
    assert!(matches!(store.delete_filter("it", &ola, &first.id), Err(AlertsError::FilterNotFound)), "not hers");
    store.delete_filter("it", &ala, &first.id).unwrap();
    store.create_filter("it", &ala, new_filter("java"), 104).unwrap();
    assert_eq!(store.list("it", &ala).unwrap().len(), MAX_FILTERS);
    assert_eq!(store.list("work", &ala).unwrap().len(), 1);
}

#[test]
fn alerts_enable_once_change_frequency_and_disable() {
    let store = store();
    let ala = Owner::Account("ala".into());
    let filter = store.create_filter("it", &ala, new_filter("java"), 100).unwrap();
    assert!(matches!(store.set_frequency("it", &ala, &filter.id, Frequency::EveryDay), Err(AlertsError::AlertNotFound)));
    let enabled = store.enable_alert("it", &ala, &filter.id, Frequency::OnceAWeek, Some("Mój Java".into()), 200).unwrap();
    assert_eq!((enabled.name.as_str(), enabled.alert.as_ref().unwrap().status), ("Mój Java", AlertStatus::Active));
    assert!(matches!(store.enable_alert("it", &ala, &filter.id, Frequency::EveryDay, None, 201), Err(AlertsError::AlertExists)));
    assert_eq!(store.set_frequency("it", &ala, &filter.id, Frequency::EveryDay).unwrap().alert.unwrap().frequency, Frequency::EveryDay);
    assert_eq!(store.active_alerts("it").unwrap().len(), 1);
    assert!(store.disable_alert("it", &ala, &filter.id).unwrap().alert.is_none());
    assert!(store.active_alerts("it").unwrap().is_empty());
}

#[test]
fn guest_alerts_activate_once_with_their_code_before_it_expires() {
    let store = store();
    let created = store.create_guest_alert("it", guest_request("ala@example.pl"), new_filter("java"), 1_000).unwrap();
    assert_eq!(created.filter.alert.as_ref().unwrap().status, AlertStatus::PendingActivation);
    assert!(store.active_alerts("it").unwrap().is_empty(), "not before activation");
    assert!(matches!(store.create_guest_alert("it", guest_request("ALA@example.pl"), new_filter("java"), 1_001), Err(AlertsError::AlertExists)));
    assert!(matches!(store.activate("it", &created.filter.id, "wrong", None, 1_002), Err(AlertsError::InvalidCode)));
    assert!(matches!(store.activate("it", &created.filter.id, &created.code, Some("someone-else"), 1_002), Err(AlertsError::InvalidCode)));
    assert!(matches!(store.activate("work", &created.filter.id, &created.code, None, 1_002), Err(AlertsError::InvalidCode)), "other board");
    let (guest, active) = store.activate("it", &created.filter.id, &created.code, Some(&created.guest.id), 1_003).unwrap();
    assert_eq!((guest.id, active.alert.unwrap().status), (created.guest.id.clone(), AlertStatus::Active));
    assert!(matches!(store.activate("it", &created.filter.id, &created.code, None, 1_004), Err(AlertsError::AlreadyActive)));
    assert!(matches!(store.create_guest_alert("it", guest_request("ala@example.pl"), new_filter("java"), 1_005), Err(AlertsError::ActiveAlertExists)));

    let late = store.create_guest_alert("it", guest_request("ala@example.pl"), new_filter("rust"), 2_000).unwrap();
    assert_eq!(late.guest.id, created.guest.id, "one guest per e-mail");
    let expired_at = 2_000 + ACTIVATION_TTL_SECS + 1;
    assert!(matches!(store.activate("it", &late.filter.id, &late.code, None, expired_at), Err(AlertsError::LinkExpired)));
    let again = store.create_guest_alert("it", guest_request("ala@example.pl"), new_filter("rust"), expired_at).unwrap();
    assert_eq!(again.filter.id, late.filter.id, "an expired link is issued again for the same search");
    assert!(matches!(store.activate("it", &late.filter.id, &late.code, None, expired_at + 1), Err(AlertsError::InvalidCode)), "the old code is gone");
    store.activate("it", &again.filter.id, &again.code, None, expired_at + 1).unwrap();
}

#[test]
fn unsubscribe_codes_are_bound_to_one_alert() {
    let store = store();
    let created = store.create_guest_alert("it", guest_request("ala@example.pl"), new_filter("java"), 1_000).unwrap();
    let other = store.create_guest_alert("it", guest_request("ala@example.pl"), new_filter("rust"), 1_000).unwrap();
    let owner = Owner::Guest(created.guest.id.clone());
    let code = store.unsubscribe_code("it", &owner, &created.filter.id);
    assert!(matches!(store.unsubscribe("it", &owner, &other.filter.id, &code, 1_001), Err(AlertsError::InvalidCode)));
    assert!(matches!(store.unsubscribe("it", &Owner::Account(created.guest.id.clone()), &created.filter.id, &code, 1_001), Err(AlertsError::InvalidCode)));
    store.unsubscribe("it", &owner, &created.filter.id, &code, 1_001).unwrap();
    assert_eq!(store.list("it", &owner).unwrap().len(), 1);

    let ala = Owner::Account("ala".into());
    let saved = store.create_filter("it", &ala, new_filter("java"), 100).unwrap();
    store.enable_alert("it", &ala, &saved.id, Frequency::EveryDay, None, 100).unwrap();
    store.unsubscribe("it", &ala, &saved.id, &store.unsubscribe_code("it", &ala, &saved.id), 101).unwrap();
    assert!(store.get("it", &ala, &saved.id).unwrap().unwrap().alert.is_none(), "the account keeps its search");
}

#[test]
fn erasing_an_owner_removes_its_searches_and_a_guest_goes_with_its_last_alert() {
    let store = store();
    let ala = Owner::Account("ala".into());
    for canonical in ["java", "rust"] {
        let saved = store.create_filter("it", &ala, new_filter(canonical), 100).unwrap();
        store.enable_alert("it", &ala, &saved.id, Frequency::EveryDay, None, 100).unwrap();
    }
    let bob = Owner::Account("bob".into());
    store.create_filter("it", &bob, new_filter("java"), 100).unwrap();
    assert_eq!(store.erase_owner("it", &ala).unwrap(), 2);
    assert!(store.list("it", &ala).unwrap().is_empty());
    assert_eq!(store.list("it", &bob).unwrap().len(), 1, "others keep theirs");
    store.create_filter("it", &ala, new_filter("java"), 200).expect("the same search can be saved again");

    let first = store.create_guest_alert("it", guest_request("ola@example.pl"), new_filter("java"), 1_000).unwrap();
    let second = store.create_guest_alert("it", guest_request("ola@example.pl"), new_filter("rust"), 1_000).unwrap();
    let guest = Owner::Guest(first.guest.id.clone());
    store.unsubscribe("it", &guest, &first.filter.id, &store.unsubscribe_code("it", &guest, &first.filter.id), 1_001).unwrap();
    assert!(store.guest("it", &first.guest.id).unwrap().is_some(), "one alert left");
    store.unsubscribe("it", &guest, &second.filter.id, &store.unsubscribe_code("it", &guest, &second.filter.id), 1_002).unwrap();
    assert!(store.guest("it", &first.guest.id).unwrap().is_none());
    assert!(store.guest_by_email("it", "ola@example.pl").unwrap().is_none(), "nothing of the address stays");
}
