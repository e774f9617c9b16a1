use std::sync::Arc;

use wakat_core::offer_form::OfferForm;
use wakat_store::MemoryStore;

use crate::*;

fn store() -> EmployerStore {
    EmployerStore::new(Arc::new(MemoryStore::new()))
}

fn plan() -> PlanSettings {
    PlanSettings {
        slug: "pro".into(),
        limits: PlanLimits { duration_in_days: 30, bumps_up_count: 2, bumps_up_every_days: 7, ..PlanLimits::default() },
        ..PlanSettings::default()
    }
}

#[test]
fn offers_belong_to_their_company() {
    let store = store();
    let (offer, token) = store.initiate("it", "c1", "a1", &plan(), CreationType::New, None, OfferForm::default(), None, 100).unwrap();
    assert!(offer.token_matches(&token) && !offer.token_matches("guess") && !offer.token_matches(""));
    assert_eq!(store.offer("it", "c1", &offer.slug).unwrap().slug, offer.slug);
    assert!(matches!(store.offer("it", "c2", &offer.slug), Err(EmployersError::OfferNotFound)));
    assert!(matches!(store.offer("work", "c1", &offer.slug), Err(EmployersError::OfferNotFound)));
    assert_eq!(store.company_offers("it", "c1").unwrap().len(), 1);
    assert!(store.company_offers("it", "c2").unwrap().is_empty());
}

#[test]
fn a_code_is_spent_once_even_concurrently() {
    let store = Arc::new(store());
    let code = store.issue_code("it", "c1", "pro", 1).unwrap();
    let slugs: Vec<String> =
        (0..8).map(|_| store.initiate("it", "c1", "a1", &plan(), CreationType::New, None, OfferForm::default(), None, 1).unwrap().0.slug).collect();
    let handles: Vec<_> = slugs
        .into_iter()
        .map(|slug| {
            let (store, code) = (store.clone(), code.code.clone());
            std::thread::spawn(move || {
                store
                    .spend_code("it", "c1", &code, &slug, 5, |code, offer| {
                        offer.publish(format!("code:{}", code.code), 5);
                        Ok(())
                    })
                    .is_ok()
            })
        })
        .collect();
    let n_spent = handles.into_iter().map(|h| h.join().unwrap()).filter(|ok| *ok).count();
    assert_eq!(n_spent, 1);
    let published = store.company_offers("it", "c1").unwrap().into_iter().filter(|o| o.state == OfferState::Published).count();
    assert_eq!(published, 1);
    assert!(matches!(store.code("it", "c2", &code.code), Err(EmployersError::IncorrectCode)), "another company's code is unknown to it");
    assert_eq!(store.code("it", "c1", &code.code.to_lowercase()).unwrap().used_at, Some(5), "typed codes are case-insensitive");
}

#[test]
fn publishing_sets_expiry_and_bumps() {
    let store = store();
    let (mut offer, _) = store.initiate("it", "c1", "a1", &plan(), CreationType::New, None, OfferForm::default(), None, 0).unwrap();
    offer.publish("code:X".into(), 1_000);
    assert_eq!(offer.expires_at, Some(1_000 + 30 * 86_400));
    assert_eq!(offer.bumps, BumpPlan { count: 2, every_days: 7, done: 0, next_at: Some(1_000 + 7 * 86_400), last_at: None });
    assert!(offer.is_active(2_000) && !offer.is_active(1_000 + 30 * 86_400));
    offer.extend("code:Y".into(), 2_000);
    assert_eq!(offer.expires_at, Some(1_000 + 60 * 86_400), "an extension adds to the end");
}

#[test]
fn a_payment_applies_once_whatever_the_order() {
    let store = store();
    let (offer, _) = store.initiate("it", "c1", "a1", &plan(), CreationType::New, None, OfferForm::default(), None, 0).unwrap();
    let new = NewPayment {
        company_id: "c1".into(),
        slug: offer.slug.clone(),
        plan_key: "pro".into(),
        extend: false,
        amount: 10.0,
        currency: "PLN".into(),
        invoice: Invoice::default(),
        subscribe_to_newsletter: false,
        provider: "sandbox".into(),
        return_url: String::new(),
        form: None,
    };
    let payment = store.create_payment("it", new, 1).unwrap();
    let mut applications = 0;
    for status in [PaymentStatus::Paid, PaymentStatus::Started, PaymentStatus::Paid, PaymentStatus::Failed] {
        let (_, applied) = store
            .settle_payment("it", &payment.id, status, 2, |p, offer| {
                offer.publish(format!("payment:{}", p.id), 2);
                Ok(())
            })
            .unwrap();
        applications += usize::from(applied.is_some());
    }
    assert_eq!(applications, 1);
    let payment = store.payment("it", &payment.id).unwrap();
    assert_eq!((payment.status, payment.applied, payment.status.outcome()), (PaymentStatus::Paid, true, PaymentOutcome::Success));
    assert_eq!(PaymentStatus::parse("ok").map(PaymentStatus::outcome), Some(PaymentOutcome::Success));
    assert_eq!(PaymentStatus::parse("started").map(PaymentStatus::outcome), Some(PaymentOutcome::Pending));
    assert_eq!(PaymentStatus::parse("error").map(PaymentStatus::outcome), Some(PaymentOutcome::Failure));
}

#[test]
fn records_older_than_roles_read_as_owners() {
    let old = r#"{"v":1,"accountId":"a1","companyId":"c1","name":"Anna","phone":"","createdAt":5}"#;
    let user: EmployerUser = serde_json::from_str(old).unwrap();
    assert_eq!(user.role, Role::Owner);
    assert_eq!(user.applications_notify, crate::ApplicationsNotify::Immediately, "older users hear of applications at once");
    let old_company = r#"{"v":1,"id":"c1","name":"Acme","acceptedRegulations":true,"subscribeToNewsletter":false,"createdAt":5}"#;
    let company: Company = serde_json::from_str(old_company).unwrap();
    assert!(company.billing.is_none() && company.clauses.is_none() && company.logo_blob.is_none());
}

#[test]
fn a_company_keeps_its_last_owner() {
    let store = store();
    let mut ops =
        store.company_ops("it", "a1", NewCompany { name: "Acme".into(), accepted_regulations: true, subscribe_to_newsletter: false }, "Anna", "", 1).unwrap();
    store.kv.transaction(std::mem::take(&mut ops)).unwrap();
    let company_id = store.user("it", "a1").unwrap().unwrap().company_id;
    store.kv.transaction(store.user_ops("it", "a2", &company_id, "Piotr", "", Role::Recruiter, 2).unwrap()).unwrap();
    let demote = UserUpdate { role: Some(Role::Recruiter), ..UserUpdate::default() };
    assert!(matches!(store.update_user("it", &company_id, "a1", demote.clone()), Err(EmployersError::LastOwner)));
    assert!(matches!(store.remove_user("it", &company_id, "a1"), Err(EmployersError::LastOwner)));
    assert!(matches!(store.remove_user("it", "other", "a2"), Err(EmployersError::UserNotFound)));
    store.update_user("it", &company_id, "a2", UserUpdate { role: Some(Role::Owner), ..UserUpdate::default() }).unwrap();
    assert_eq!(store.user("it", "a2").unwrap().unwrap().applications_notify, crate::ApplicationsNotify::Immediately, "the default");
    let daily = UserUpdate { applications_notify: Some(crate::ApplicationsNotify::Daily), ..UserUpdate::default() };
    assert_eq!(store.update_user("it", &company_id, "a2", daily).unwrap().applications_notify, crate::ApplicationsNotify::Daily);
    assert_eq!(store.user("it", "a2").unwrap().unwrap().role, Role::Owner, "only the setting changed");
    assert_eq!(store.update_user("it", &company_id, "a1", demote).unwrap().role, Role::Recruiter);
    store.remove_user("it", &company_id, "a1").unwrap();
    assert_eq!(store.company_users("it", &company_id).unwrap().iter().map(|u| u.account_id.as_str()).collect::<Vec<_>>(), ["a2"]);
    assert!(store.user("it", "a1").unwrap().is_none());
}

#[test]
fn bumps_fall_on_their_days_once_each_up_to_the_plans_count() {
    const DAY: i64 = 86_400;
    let store = store();
    let (mut offer, _) = store.initiate("it", "c1", "a1", &plan(), CreationType::New, None, Default::default(), None, 1_000).unwrap();
    // Published at 10:00 on day 0 (a day starts at a multiple of DAY here).
    let published = 10 * 3600;
    offer.publish("code:X".into(), published);
    let day = |n: i64| (n * DAY, (n + 1) * DAY);
    let due = |offer: &EmployerOffer, n: i64| offer.bump_due(day(n).0, day(n).1, day(n).0 + 6 * 3600);
    assert!(!due(&offer, 6), "not before the plan's interval");
    assert!(due(&offer, 7), "due on the 7th day, even before the hour of publication");
    assert_eq!(offer.listed_at(), Some(published));
    assert_eq!(offer.bump(7 * DAY + 6 * 3600, day(7).0), 1);
    assert_eq!(offer.listed_at(), Some(7 * DAY + 6 * 3600), "lists sort by the bump");
    assert!(!due(&offer, 7), "once on its day");
    assert!(!due(&offer, 13));
    assert!(due(&offer, 14));
    assert_eq!(offer.bump(14 * DAY + 6 * 3600, day(14).0), 2);
    assert_eq!(offer.bumps.next_at, None);
    assert!(!due(&offer, 21), "the plan has two bumps");
    assert!(!due(&offer, 28));
    // A finished or expired offer is not bumped.
    let (mut other, _) = store.initiate("it", "c1", "a1", &plan(), CreationType::New, None, Default::default(), None, 1_000).unwrap();
    other.publish("code:Y".into(), published);
    other.state = OfferState::Finished;
    assert!(!due(&other, 7));
    other.state = OfferState::Published;
    other.expires_at = Some(5 * DAY);
    assert!(!due(&other, 7));
}
