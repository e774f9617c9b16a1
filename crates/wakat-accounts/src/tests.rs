//! The store's rules, on the in-memory engine and on sled.

use std::sync::Arc;

use wakat_store::{MemoryStore, SledStore};

use crate::*;

const NOW: i64 = 1_750_000_000;

fn store() -> AccountStore {
    AccountStore::new(Arc::new(MemoryStore::new()), Passwords::new(PasswordCost::FOR_TESTS).unwrap())
}

fn new_account(email: &str) -> NewAccount {
    NewAccount { email: email.into(), password: "long enough 1".into(), first_name: "Ala".into(), last_name: "Kot".into(), lang: "pl".into(), terms: None }
}

fn registered(accounts: &AccountStore, tenant: &str, email: &str) -> (Account, String) {
    match accounts.register(tenant, AccountKind::Candidate, new_account(email), NOW).unwrap() {
        Registration::Created { account, confirm_token } => (account, confirm_token),
        other => panic!("expected a new account, got {other:?}"),
    }
}

fn confirmed(accounts: &AccountStore, tenant: &str, email: &str) -> Account {
    let (_, token) = registered(accounts, tenant, email);
    accounts.confirm_email(tenant, &token, NOW).unwrap()
}

#[test]
fn register_confirm_login() {
    let accounts = store();
    let (account, token) = registered(&accounts, "it", " Ala@Example.PL ");
    assert_eq!(account.email, "ala@example.pl");
    assert!(matches!(accounts.authenticate("it", AccountKind::Candidate, "ala@example.pl", "long enough 1"), Err(AccountsError::EmailNotConfirmed)));
    accounts.confirm_email("it", &token, NOW).unwrap();
    assert!(matches!(accounts.confirm_email("it", &token, NOW), Err(AccountsError::InvalidToken)), "a link works once");
    let logged_in = accounts.authenticate("it", AccountKind::Candidate, "ALA@example.pl", "long enough 1").unwrap();
    assert_eq!(logged_in.id, account.id);
    assert!(matches!(accounts.authenticate("it", AccountKind::Candidate, "ala@example.pl", "wrong password"), Err(AccountsError::InvalidCredentials)));
    assert!(matches!(accounts.authenticate("it", AccountKind::Candidate, "nobody@example.pl", "long enough 1"), Err(AccountsError::InvalidCredentials)));
}

#[test]
fn a_second_registration_changes_nothing() {
    let accounts = store();
    let first = confirmed(&accounts, "it", "ala@example.pl");
    let mut again = new_account("ALA@example.pl");
    again.password = "another password".into();
    let Registration::AlreadyRegistered { account } = accounts.register("it", AccountKind::Candidate, again, NOW).unwrap() else { panic!("registered twice") };
    assert_eq!(account.id, first.id);
    assert!(accounts.authenticate("it", AccountKind::Candidate, "ala@example.pl", "long enough 1").is_ok(), "the old password still works");
}

#[test]
fn boards_and_kinds_are_separate() {
    let accounts = store();
    confirmed(&accounts, "it", "ala@example.pl");
    assert!(accounts.find_by_email("work", AccountKind::Candidate, "ala@example.pl").unwrap().is_none());
    assert!(accounts.find_by_email("it", AccountKind::Employer, "ala@example.pl").unwrap().is_none());
    assert!(matches!(accounts.authenticate("work", AccountKind::Candidate, "ala@example.pl", "long enough 1"), Err(AccountsError::InvalidCredentials)));
    let (_, token) = registered(&accounts, "it", "ola@example.pl");
    assert!(matches!(accounts.confirm_email("work", &token, NOW), Err(AccountsError::InvalidToken)), "a link of one board opens nothing on another");
}

#[test]
fn links_expire_and_keep_to_their_purpose() {
    let accounts = store();
    let (account, confirm) = registered(&accounts, "it", "ala@example.pl");
    assert!(matches!(accounts.reset_password("it", &confirm, "new password 1", NOW), Err(AccountsError::InvalidToken)));
    assert!(matches!(accounts.confirm_email("it", &confirm, NOW + 48 * 3600 + 1), Err(AccountsError::InvalidToken)));
    let reset = accounts.issue_token("it", &account.id, TokenPurpose::ResetPassword, NOW).unwrap();
    assert!(matches!(accounts.reset_password("it", &reset, "new password 1", NOW + 3601), Err(AccountsError::InvalidToken)));
    assert!(matches!(accounts.confirm_email("it", "", NOW), Err(AccountsError::InvalidToken)));
    assert!(matches!(accounts.confirm_email("it", &"x".repeat(5000), NOW), Err(AccountsError::InvalidToken)));
}

#[test]
fn sessions_open_close_and_are_revoked_by_a_password_reset() {
    let accounts = store();
    let account = confirmed(&accounts, "it", "ala@example.pl");
    let first = accounts.open_session("it", &account, None, NOW).unwrap();
    let second = accounts.open_session("it", &account, None, NOW).unwrap();
    assert_ne!(first.token, second.token);
    let session = accounts.session("it", &first.token, NOW).unwrap().expect("live session");
    assert_eq!(session.account_id, account.id);
    assert_eq!(session.csrf_token, first.csrf_token);
    assert!(accounts.session("work", &first.token, NOW).unwrap().is_none(), "sessions belong to one board");
    assert!(accounts.session("it", &first.token, first.expires_at).unwrap().is_none(), "expired");

    accounts.close_session("it", &first.token).unwrap();
    assert!(accounts.session("it", &first.token, NOW).unwrap().is_none());
    assert!(accounts.session("it", &second.token, NOW).unwrap().is_some());

    let reset = accounts.issue_token("it", &account.id, TokenPurpose::ResetPassword, NOW).unwrap();
    accounts.reset_password("it", &reset, "brand new pass", NOW).unwrap();
    assert!(accounts.session("it", &second.token, NOW).unwrap().is_none(), "a reset ends every session");
    assert!(accounts.authenticate("it", AccountKind::Candidate, "ala@example.pl", "brand new pass").is_ok());
}

#[test]
fn logging_in_replaces_the_previous_session() {
    let accounts = store();
    let account = confirmed(&accounts, "it", "ala@example.pl");
    let planted = accounts.open_session("it", &account, None, NOW).unwrap();
    let fresh = accounts.open_session("it", &account, Some(&planted.token), NOW).unwrap();
    assert!(accounts.session("it", &planted.token, NOW).unwrap().is_none());
    assert!(accounts.session("it", &fresh.token, NOW).unwrap().is_some());
}

#[test]
fn changing_the_password_keeps_only_the_current_session() {
    let accounts = store();
    let account = confirmed(&accounts, "it", "ala@example.pl");
    let here = accounts.open_session("it", &account, None, NOW).unwrap();
    let elsewhere = accounts.open_session("it", &account, None, NOW).unwrap();
    assert!(accounts.change_password("it", &account.id, "wrong", "brand new pass", &here.token, NOW).is_err());
    accounts.change_password("it", &account.id, "long enough 1", "brand new pass", &here.token, NOW).unwrap();
    assert!(accounts.session("it", &here.token, NOW).unwrap().is_some());
    assert!(accounts.session("it", &elsewhere.token, NOW).unwrap().is_none());
}

#[test]
fn email_change_moves_the_login() {
    let accounts = store();
    let account = confirmed(&accounts, "it", "ala@example.pl");
    confirmed(&accounts, "it", "taken@example.pl");
    assert!(accounts.request_email_change("it", &account.id, "wrong", "new@example.pl", NOW).is_err());
    let (_, new_email, token) = accounts.request_email_change("it", &account.id, "long enough 1", "New@Example.pl", NOW).unwrap();
    assert_eq!(new_email, "new@example.pl");
    assert!(accounts.authenticate("it", AccountKind::Candidate, "ala@example.pl", "long enough 1").is_ok(), "nothing changes before the link");
    accounts.confirm_email_change("it", &token, NOW).unwrap();
    assert!(accounts.authenticate("it", AccountKind::Candidate, "new@example.pl", "long enough 1").is_ok());
    assert!(accounts.find_by_email("it", AccountKind::Candidate, "ala@example.pl").unwrap().is_none());
    let (_, _, to_taken) = accounts.request_email_change("it", &account.id, "long enough 1", "taken@example.pl", NOW).unwrap();
    assert!(matches!(accounts.confirm_email_change("it", &to_taken, NOW), Err(AccountsError::EmailTaken)));
}

#[test]
fn profile_documents_and_deletion() {
    let accounts = store();
    let account = confirmed(&accounts, "it", "ala@example.pl");
    let session = accounts.open_session("it", &account, None, NOW).unwrap();
    let update = ProfileUpdate { first_name: "Alicja".into(), last_name: "Kot".into(), message: "Dzień dobry".into(), ..Default::default() };
    assert_eq!(accounts.update_profile("it", &account.id, update, NOW).unwrap().first_name, "Alicja");
    let too_long = ProfileUpdate { message: "x".repeat(MAX_MESSAGE_CHARS + 1), ..Default::default() };
    assert!(matches!(accounts.update_profile("it", &account.id, too_long, NOW), Err(AccountsError::Invalid { field: "message", .. })));

    let document = |id: &str| Document {
        id: id.into(),
        file_name: "cv.pdf".into(),
        blob_hash: "ab".repeat(32),
        size: 10,
        mime: "application/pdf".into(),
        uploaded_at: NOW,
    };
    accounts.put_document("it", &account.id, document("d1"), None, NOW).unwrap();
    let (_, replaced) = accounts.put_document("it", &account.id, document("d2"), Some("d1"), NOW).unwrap();
    assert_eq!(replaced.unwrap().id, "d1");
    assert!(matches!(accounts.remove_document("it", &account.id, "d1", NOW), Err(AccountsError::NotFound)));
    for n in 0..MAX_DOCUMENTS - 1 {
        accounts.put_document("it", &account.id, document(&format!("e{n}")), None, NOW).unwrap();
    }
    assert!(matches!(accounts.put_document("it", &account.id, document("over"), None, NOW), Err(AccountsError::TooManyDocuments(_))));
    assert_eq!(accounts.remove_document("it", &account.id, "d2", NOW).unwrap().id, "d2");

    let pending_reset = accounts.issue_token("it", &account.id, TokenPurpose::ResetPassword, NOW).unwrap();
    let deleted = accounts.delete_account("it", &account.id).unwrap();
    assert_eq!(deleted.documents.len(), MAX_DOCUMENTS - 1);
    assert!(accounts.get("it", &account.id).unwrap().is_none());
    assert!(accounts.session("it", &session.token, NOW).unwrap().is_none());
    assert!(matches!(accounts.reset_password("it", &pending_reset, "brand new pass", NOW), Err(AccountsError::InvalidToken)));
    assert_eq!(accounts.count("it").unwrap(), 0);
    // The e-mail is free again.
    registered(&accounts, "it", "ala@example.pl");
}

#[test]
fn concurrent_registrations_of_one_email_make_one_account_with_one_open_link() {
    let accounts = Arc::new(store());
    let threads: Vec<_> = (0..8)
        .map(|_| {
            let accounts = accounts.clone();
            std::thread::spawn(move || match accounts.register("it", AccountKind::Candidate, new_account("race@example.pl"), NOW).unwrap() {
                Registration::Created { account, confirm_token } => (account.id, confirm_token),
                Registration::AlreadyRegistered { .. } => panic!("nobody confirmed"),
            })
        })
        .collect();
    let registrations: Vec<(String, String)> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    assert!(registrations.iter().all(|(id, _)| *id == registrations[0].0), "one account");
    assert_eq!(accounts.count("it").unwrap(), 1);
    // Each registration revoked the links before it: only the last one's is open.
    let with_password = || Confirmation { password: Some("long enough 1".into()), ..Confirmation::default() };
    let open = registrations.iter().filter(|(_, token)| accounts.confirm_email_with("it", token, with_password(), NOW).is_ok()).count();
    assert_eq!(open, 1);
}

#[test]
fn accounts_and_sessions_survive_reopening_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let (account_id, session_token) = {
        let accounts = AccountStore::new(Arc::new(SledStore::open(dir.path()).unwrap()), Passwords::new(PasswordCost::FOR_TESTS).unwrap());
        let account = confirmed(&accounts, "it", "ala@example.pl");
        (account.id.clone(), accounts.open_session("it", &account, None, NOW).unwrap().token)
    };
    let accounts = AccountStore::new(Arc::new(SledStore::open(dir.path()).unwrap()), Passwords::new(PasswordCost::FOR_TESTS).unwrap());
    assert_eq!(accounts.session("it", &session_token, NOW).unwrap().unwrap().account_id, account_id);
    assert!(accounts.authenticate("it", AccountKind::Candidate, "ala@example.pl", "long enough 1").is_ok());
}

#[test]
fn email_syntax() {
    assert_eq!(normalize_email("  A@B.pl ").unwrap(), "a@b.pl");
    for bad in ["", "a", "a@", "@b.pl", "a b@c.pl", &format!("{}@b.pl", "a".repeat(260))] {
        assert!(normalize_email(bad).is_err(), "{bad}");
    }
}

proptest::proptest! {
    #[test]
    fn normalising_any_text_never_panics(text in ".{0,300}") {
        let _ = normalize_email(&text);
    }
}

#[test]
fn registration_carries_extra_writes_and_confirmation_can_set_a_password() {
    let accounts = store();
    let new = |email: &str| NewAccount {
        email: email.into(),
        password: "long enough 1".into(),
        first_name: String::new(),
        last_name: String::new(),
        lang: "pl".into(),
        terms: None,
    };
    let registration = accounts
        .register_with("it", AccountKind::Employer, new("boss@acme.example"), NOW, |account| {
            Ok(vec![wakat_store::WriteOp::Put { key: format!("company-of/{}", account.id).into_bytes(), value: b"acme".to_vec() }])
        })
        .unwrap();
    let Registration::Created { account, confirm_token } = registration else { panic!("a new account") };
    assert_eq!(accounts.kv.get(format!("company-of/{}", account.id).as_bytes()).unwrap().as_deref(), Some(&b"acme"[..]), "written with the account");
    // An unconfirmed e-mail registered again is taken over: `also` runs again, the first link dies,
    // and the confirmation must choose the password.
    let again = accounts
        .register_with("it", AccountKind::Employer, new("boss@acme.example"), NOW, |account| {
            Ok(vec![wakat_store::WriteOp::Put { key: format!("company-of/{}", account.id).into_bytes(), value: b"other".to_vec() }])
        })
        .unwrap();
    let Registration::Created { account: taken_over, confirm_token: second_token } = again else { panic!("taken over") };
    assert_eq!((taken_over.id.as_str(), taken_over.contested), (account.id.as_str(), true));
    assert_eq!(accounts.kv.get(format!("company-of/{}", account.id).as_bytes()).unwrap().as_deref(), Some(&b"other"[..]));
    assert!(matches!(accounts.confirm_email("it", &confirm_token, NOW), Err(AccountsError::InvalidToken)), "the first link is revoked");
    let with = |password: Option<&str>| Confirmation { password: password.map(Into::into), ..Confirmation::default() };
    assert!(matches!(
        accounts.confirm_email_with("it", &second_token, with(None), NOW),
        Err(AccountsError::Invalid { code: wakat_core::ErrorCode::PasswordRequired, .. })
    ));
    assert!(matches!(
        accounts.confirm_email_with("it", &second_token, with(Some("short")), NOW),
        Err(AccountsError::Invalid { code: wakat_core::ErrorCode::PasswordTooShort, .. })
    ));
    accounts.confirm_email_with("it", &second_token, with(Some("chosen later 2")), NOW).unwrap();
    assert!(accounts.authenticate("it", AccountKind::Employer, "boss@acme.example", "long enough 1").is_err(), "no pending password survives");
    let again = accounts.register_with("it", AccountKind::Employer, new("boss@acme.example"), NOW, |_| panic!("not called for a confirmed e-mail")).unwrap();
    assert!(matches!(again, Registration::AlreadyRegistered { .. }));
    assert!(accounts.authenticate("it", AccountKind::Employer, "boss@acme.example", "chosen later 2").is_ok());
    assert!(accounts.authenticate("it", AccountKind::Candidate, "boss@acme.example", "chosen later 2").is_err(), "kinds are apart");
}
