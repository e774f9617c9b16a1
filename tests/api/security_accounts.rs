//! The account holes of the black-box security review (issue 22), each tried as the attacker did:
//! a registration before the owner's, an invitation that captures a company, reset requests that
//! lock the owner out, reset links that outlive a new password, timing that tells who has an
//! account, and common passwords.

use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{json, Value};

use crate::browser::{mailed_token, mails, token_in, Browser};
use crate::employer_client::{company_id, log_in, sign_up, sign_up_unconfirmed, EmployerClient, PASSWORD as EMPLOYER_PASSWORD};
use crate::helpers::{spawn_app, spawn_configured, Answer, TestApp};

const ATTACKER_PASSWORD: &str = "attacker chose 9";
const VICTIM_PASSWORD: &str = "victim's own 7";
const VICTIM: &str = "victim@example.pl";

fn register(browser: &mut Browser<'_>, email: &str, password: &str, first_name: &str) {
    let answer = browser.json(
        Method::POST,
        "/api/it/v1/candidate/register",
        &json!({"acceptedTerms": true, "email": email, "password": password, "firstName": first_name}),
    );
    assert_eq!(answer.status, 202, "{}", answer.body);
}

fn confirm(browser: &mut Browser<'_>, body: Value) -> Answer {
    browser.json(Method::POST, "/api/it/v1/candidate/confirm", &body)
}

/// The confirmation links mailed to `to` (token and text), the one still open first: a new
/// registration revokes the earlier links, so exactly one is open.
fn confirmation_links(app: &TestApp, to: &str, count: usize) -> Vec<(String, String)> {
    let found = mails(app, to, "account.confirm", count);
    assert_eq!(found.len(), count, "{found:?}");
    let mut links: Vec<(String, String)> =
        found.iter().map(|mail| (token_in(mail["text"].as_str().unwrap()).unwrap(), mail["text"].as_str().unwrap().to_string())).collect();
    // Opening a link without a password tells an open contested link (password_required) from a
    // revoked one (invalid_token) and spends neither.
    let probe = |token: &str| Browser::new(app).json(Method::POST, "/api/it/v1/candidate/confirm", &json!({"token": token})).body["code"].clone();
    links.sort_by_key(|(token, _)| probe(token) != "password_required");
    assert_eq!(probe(&links[0].0), "password_required");
    assert!(links[1..].iter().all(|(token, _)| probe(token) == "invalid_token"), "earlier links are revoked");
    links
}

fn logs_in(app: &TestApp, email: &str, password: &str) -> Answer {
    Browser::new(app).log_in("it", email, password)
}

#[test]
fn a_stranger_who_registers_the_address_first_keeps_nothing_once_the_owner_confirms() {
    let app = spawn_app(false);
    register(&mut Browser::new(&app), VICTIM, ATTACKER_PASSWORD, "Mallory");
    let mut victim = Browser::new(&app);
    register(&mut victim, VICTIM, VICTIM_PASSWORD, "Wiktoria");
    let links = confirmation_links(&app, VICTIM, 2);
    let ((newest, newest_text), (oldest, _)) = (&links[0], &links[1]);
    assert!(!newest_text.contains("Mallory"), "the mail does not greet the owner with the stranger's name: {newest_text}");

    let stale = confirm(&mut victim, json!({"token": oldest}));
    assert_eq!((stale.status, stale.body["code"].as_str()), (400, Some("invalid_token")), "a new registration revokes earlier links");
    let bare = confirm(&mut victim, json!({"token": newest}));
    assert_eq!((bare.status, bare.body["code"].as_str(), bare.body["field"].as_str()), (400, Some("password_required"), Some("password")), "{}", bare.body);
    let confirmed = confirm(&mut victim, json!({"token": newest, "password": VICTIM_PASSWORD, "firstName": "Wiktoria"}));
    assert_eq!(confirmed.status, 200, "{}", confirmed.body);
    assert_eq!(victim.get("/api/it/v1/candidate/me").body["firstName"], "Wiktoria");

    let attacker = logs_in(&app, VICTIM, ATTACKER_PASSWORD);
    assert_eq!((attacker.status, attacker.body["code"].as_str()), (401, Some("invalid_credentials")), "the stranger's password is gone");
    assert_eq!(logs_in(&app, VICTIM, VICTIM_PASSWORD).status, 200);
}

#[test]
fn a_stranger_who_registers_the_address_after_the_owner_cannot_take_it_either() {
    let app = spawn_app(false);
    let mut victim = Browser::new(&app);
    register(&mut victim, VICTIM, VICTIM_PASSWORD, "Wiktoria");
    register(&mut Browser::new(&app), VICTIM, ATTACKER_PASSWORD, "Mallory");
    let links = confirmation_links(&app, VICTIM, 2);
    let ((newest, newest_text), (own, _)) = (&links[0], &links[1]);
    assert!(!newest_text.contains("Mallory"), "{newest_text}");

    assert_eq!(confirm(&mut victim, json!({"token": own})).body["code"], "invalid_token");
    // The owner opens the newest mail: the pending password may be the stranger's, so the
    // confirmation chooses it.
    assert_eq!(confirm(&mut victim, json!({"token": newest})).body["code"], "password_required");
    let confirmed = confirm(&mut victim, json!({"token": newest, "password": VICTIM_PASSWORD}));
    assert_eq!(confirmed.status, 200, "{}", confirmed.body);
    assert_eq!(victim.get("/api/it/v1/candidate/me").body["firstName"], "", "the stranger's name did not survive");
    assert_eq!(logs_in(&app, VICTIM, ATTACKER_PASSWORD).status, 401);
    let owner = logs_in(&app, VICTIM, VICTIM_PASSWORD);
    assert_eq!(owner.status, 200, "{}", owner.body);
}

#[test]
fn an_employer_sign_up_before_the_owners_leaves_no_company_session_or_password() {
    let app = spawn_app(false);
    let attacker = sign_up_unconfirmed(&app, "it", "hr@victim.example", "Evil Sp. z o.o.");
    let (draft, draft_token) = attacker.initiate("basic");
    let body = json!({
        "company": {"name": "Victim S.A.", "accepted_regulations": true, "subscribe_to_newsletter": false},
        "user": {"name": "Wiktoria Nowak", "phone": "", "email": "hr@victim.example", "password": VICTIM_PASSWORD, "password_confirmation": VICTIM_PASSWORD}
    });
    assert_eq!(app.send_json(Method::POST, "/api/it/v1/users/sign_up", &body).status, 202);
    assert_eq!(attacker.call(Method::GET, "/v1/oauth/token/info", None).status, 401, "the stranger's session ended");

    // Two confirmation mails; the stranger's link is revoked, the owner's asks for the password.
    let tokens: Vec<String> =
        mails(&app, "hr@victim.example", "employer.confirm", 2).iter().map(|mail| token_in(mail["text"].as_str().unwrap()).unwrap()).collect();
    let answers: Vec<Value> =
        tokens.iter().map(|token| app.send_json(Method::PATCH, "/api/it/v1/users/confirm", &json!({"token": token})).body["code"].clone()).collect();
    assert_eq!(answers.iter().filter(|code| **code == "password_required").count(), 1, "{answers:?}");
    assert_eq!(answers.iter().filter(|code| **code == "invalid_token").count(), 1, "{answers:?}");
    let token = &tokens[answers.iter().position(|code| *code == "password_required").unwrap()];
    let confirmed = app.send_json(
        Method::PATCH,
        "/api/it/v1/users/confirm",
        &json!({"token": token, "password": VICTIM_PASSWORD, "password_confirmation": VICTIM_PASSWORD}),
    );
    assert_eq!(confirmed.status, 200, "{}", confirmed.body);
    let owner = EmployerClient { app: &app, tenant: "it".into(), token: confirmed.body["access_token"].as_str().unwrap().to_string() };
    let info = owner.call(Method::GET, "/v1/oauth/token/info", None);
    assert_eq!(info.body["company"]["name"], "Victim S.A.", "a company of its own");
    assert_eq!(owner.call(Method::GET, &format!("/v1/offers/{draft}?token={draft_token}"), None).status, 404, "the stranger's draft is not in it");
    let stranger = app.send_json(
        Method::POST,
        "/api/it/v1/oauth/token",
        &json!({"grant_type": "password", "username": "hr@victim.example", "password": EMPLOYER_PASSWORD}),
    );
    assert_eq!(stranger.status, 401, "{}", stranger.body);
}

fn invite(owner: &EmployerClient<'_>, email: &str) -> Answer {
    owner.call(Method::POST, "/v1/users", Some(&json!({"name": "Hanna Rekruter", "email": email})))
}

#[test]
fn an_invitation_never_captures_the_company_its_address_signs_up() {
    let app = spawn_app(false);
    let unconfirmed = sign_up_unconfirmed(&app, "it", "boss@evil.example", "Evil");
    let refused = invite(&unconfirmed, "hr@victim.example");
    assert_eq!((refused.status, refused.body["code"].as_str()), (403, Some("email_not_confirmed")), "{}", refused.body);

    let attacker = sign_up(&app, "it", "boss2@evil.example", "Evil Two");
    assert_eq!(invite(&attacker, "hr@victim.example").status, 201);
    let invitation = mails(&app, "hr@victim.example", "employer.invite", 1);
    let text = invitation[0]["text"].as_str().unwrap();
    assert!(text.contains("Evil Two"), "the mail names the inviting company: {text}");

    // The owner of the address signs their own company up and confirms it.
    let victim = sign_up(&app, "it", "hr@victim.example", "Victim S.A.");
    assert_ne!(company_id(&victim), company_id(&attacker), "signing up never joins the inviting company");
    assert_eq!(victim.call(Method::GET, "/v1/oauth/token/info", None).body["company"]["name"], "Victim S.A.");
    assert_eq!(log_in(&app, "it", "hr@victim.example", EMPLOYER_PASSWORD).call(Method::GET, "/v1/oauth/token/info", None).status, 200);
    let users = attacker.call(Method::GET, "/v2/employer-panel/users", None);
    let listed: Vec<&Value> = users.body["data"].as_array().unwrap().iter().filter(|u| u["email"] == "hr@victim.example").collect();
    assert_eq!(listed.len(), 1, "{}", users.body);
    assert_eq!(listed[0]["emailConfirmed"], false, "still only an invitation");

    // Opening the invitation now: the address has a company account, so it cannot join.
    let token = token_in(text).unwrap();
    let joined = app.send_json(
        Method::PATCH,
        "/api/it/v1/users/confirm",
        &json!({"token": token, "password": VICTIM_PASSWORD, "password_confirmation": VICTIM_PASSWORD}),
    );
    assert_eq!((joined.status, joined.body["code"].as_str()), (409, Some("email_taken")), "{}", joined.body);
    assert_eq!(company_id(&log_in(&app, "it", "hr@victim.example", EMPLOYER_PASSWORD)), company_id(&victim));
}

#[test]
fn an_invitation_is_seen_then_accepted_explicitly_or_withdrawn() {
    let app = spawn_app(false);
    let owner = sign_up(&app, "it", "boss@acme.example", "Acme");
    assert_eq!(invite(&owner, "piotr@acme.example").status, 201);
    let token = mailed_token(&app, "piotr@acme.example", "employer.invite");
    let other_board = app.send_json(Method::POST, "/api/work/v1/users/invitation", &json!({"token": token}));
    assert_eq!(other_board.body["code"], "invalid_token", "an invitation belongs to its board");
    let seen = app.send_json(Method::POST, "/api/it/v1/users/invitation", &json!({"token": token}));
    assert_eq!(seen.status, 200, "{}", seen.body);
    assert_eq!(
        (seen.body["companyName"].as_str(), seen.body["email"].as_str(), seen.body["role"].as_str()),
        (Some("Acme"), Some("piotr@acme.example"), Some("recruiter"))
    );
    let bare = app.send_json(Method::PATCH, "/api/it/v1/users/confirm", &json!({"token": token}));
    assert_eq!((bare.status, bare.body["code"].as_str()), (400, Some("password_required")), "accepting chooses a password");
    let accepted =
        app.send_json(Method::PATCH, "/api/it/v1/users/confirm", &json!({"token": token, "password": "piotr pass 3", "password_confirmation": "piotr pass 3"}));
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    assert_eq!(company_id(&log_in(&app, "it", "piotr@acme.example", "piotr pass 3")), company_id(&owner));
    assert_eq!(app.send_json(Method::POST, "/api/it/v1/users/invitation", &json!({"token": token})).body["code"], "invalid_token", "spent");

    assert_eq!(invite(&owner, "ola@acme.example").status, 201);
    let ola_token = mailed_token(&app, "ola@acme.example", "employer.invite");
    let users = owner.call(Method::GET, "/v2/employer-panel/users", None);
    let ola = users.body["data"].as_array().unwrap().iter().find(|u| u["email"] == "ola@acme.example").unwrap().clone();
    assert_eq!(owner.call(Method::DELETE, &format!("/v2/employer-panel/users/{}", ola["id"].as_str().unwrap()), None).status, 204);
    let withdrawn = app.send_json(
        Method::PATCH,
        "/api/it/v1/users/confirm",
        &json!({"token": ola_token, "password": "ola pass 44", "password_confirmation": "ola pass 44"}),
    );
    assert_eq!(withdrawn.body["code"], "invalid_token", "a withdrawn invitation opens nothing");
}

#[test]
fn invitations_reveal_no_accounts_and_are_limited_per_company() {
    let app = spawn_app(false);
    let owner = sign_up(&app, "it", "boss@acme.example", "Acme");
    sign_up(&app, "it", "taken@other.example", "Other");
    let existing = invite(&owner, "taken@other.example");
    let fresh = invite(&owner, "fresh@other.example");
    assert_eq!((existing.status, fresh.status), (201, 201), "{} {}", existing.body, fresh.body);
    let keys = |answer: &Answer| answer.body.as_object().map(|o| o.keys().cloned().collect::<Vec<_>>());
    assert_eq!(keys(&existing), keys(&fresh), "the same answer");

    let mut refusal = None;
    for n in 0..25 {
        let response = owner
            .app
            .client
            .post(format!("{}/api/it/v1/users", app.base))
            .bearer_auth(&owner.token)
            .json(&json!({"name": "Spam Target", "email": format!("target{n}@elsewhere.example")}))
            .send()
            .unwrap();
        if response.status().as_u16() == 429 {
            refusal = Some((n, response.headers().get("retry-after").and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok())));
            break;
        }
        assert_eq!(response.status().as_u16(), 201);
    }
    let (accepted, retry_after) = refusal.expect("25 invitations in a row are not all sent");
    assert!(accepted <= 10, "{accepted} sent before the refusal");
    assert!(retry_after.is_some_and(|s| s > 0), "the 429 says when to try again");
}

fn forwarded(app: &TestApp, method: Method, path: &str, client: &str, body: &Value) -> reqwest::blocking::Response {
    app.client.request(method, format!("{}{path}", app.base)).header("x-forwarded-for", client).json(body).send().unwrap()
}

#[test]
fn reset_requests_never_lock_the_owner_out_and_every_account_429_says_when() {
    let app = spawn_configured(false, |settings| settings.server.rate_limits_enabled = true);
    Browser::new(&app).sign_up("it", "ala@example.pl", "correct horse 1");
    for n in 0..25 {
        let status = forwarded(&app, Method::POST, "/api/it/v1/candidate/password-reset", &format!("10.0.{n}.1"), &json!({"email": "ala@example.pl"})).status();
        assert!(matches!(status.as_u16(), 202 | 429), "{status}");
    }
    let owner = forwarded(&app, Method::POST, "/api/it/v1/candidate/login", "10.1.0.1", &json!({"email": "ala@example.pl", "password": "correct horse 1"}));
    assert_eq!(owner.status().as_u16(), 200, "reset requests do not spend the password budget");

    let mut refused = None;
    for n in 0..40 {
        let guess = forwarded(
            &app,
            Method::POST,
            "/api/it/v1/candidate/login",
            &format!("10.2.{n}.1"),
            &json!({"email": "ala@example.pl", "password": "wrong guess 1"}),
        );
        if guess.status().as_u16() == 429 {
            refused = Some(guess);
            break;
        }
    }
    let refused = refused.expect("guesses from rotating clients are limited per account");
    let retry_after = refused.headers().get("retry-after").and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    assert!(retry_after.is_some_and(|s| s > 0), "an account-level 429 carries Retry-After: {:?}", refused.headers());
}

#[test]
fn a_reset_or_a_password_change_revokes_every_open_reset_link() {
    let app = spawn_app(false);
    let mut ala = Browser::new(&app);
    ala.sign_up("it", "ala@example.pl", "correct horse 1");
    let reset_tokens = |count: usize| -> Vec<String> {
        for _ in 0..count {
            assert_eq!(app.send_json(Method::POST, "/api/it/v1/candidate/password-reset", &json!({"email": "ala@example.pl"})).status, 202);
        }
        let found = mails(&app, "ala@example.pl", "account.reset", count);
        found.iter().map(|mail| token_in(mail["text"].as_str().unwrap()).unwrap()).collect()
    };
    let tokens = reset_tokens(2);
    let reset = |token: &str, password: &str| {
        app.send_json(Method::POST, "/api/it/v1/candidate/password-reset/confirm", &json!({"token": token, "password": password}))
    };
    assert_eq!(reset(&tokens[0], "second choice 2").status, 204);
    assert_eq!(reset(&tokens[1], "third choice 3").body["code"], "invalid_token", "the other link died with the reset");

    let early = reset_tokens(3)[0].clone();
    let mut ala = Browser::new(&app);
    assert_eq!(ala.log_in("it", "ala@example.pl", "second choice 2").status, 200);
    let changed = ala.json(Method::PUT, "/api/it/v1/candidate/password", &json!({"currentPassword": "second choice 2", "newPassword": "fourth choice 4"}));
    assert_eq!(changed.status, 204, "{}", changed.body);
    assert_eq!(reset(&early, "fifth choice 5").body["code"], "invalid_token", "a link mailed before a change does not undo it");

    // The same for employers.
    sign_up(&app, "it", "boss@acme.example", "Acme");
    for _ in 0..2 {
        assert_eq!(app.send_json(Method::POST, "/api/it/v1/users/password", &json!({"email": "boss@acme.example"})).status, 202);
    }
    let found = mails(&app, "boss@acme.example", "employer.reset", 2);
    let tokens: Vec<String> = found.iter().map(|mail| token_in(mail["text"].as_str().unwrap()).unwrap()).collect();
    let employer_reset = |token: &str, password: &str| {
        app.send_json(Method::PATCH, "/api/it/v1/users/password", &json!({"token": token, "password": password, "password_confirmation": password}))
    };
    assert_eq!(employer_reset(&tokens[0], "boss second 2").status, 204);
    assert_eq!(employer_reset(&tokens[1], "boss third 3").body["code"], "invalid_token");
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

#[test]
fn a_reset_request_takes_as_long_for_a_known_address_as_for_an_unknown_one() {
    let app = spawn_app(false);
    Browser::new(&app).sign_up("it", "ala@example.pl", "correct horse 1");
    let time = |email: &str| {
        let started = Instant::now();
        let answer = app.send_json(Method::POST, "/api/it/v1/candidate/password-reset", &json!({"email": email}));
        assert_eq!(answer.status, 202);
        started.elapsed()
    };
    for _ in 0..5 {
        time("ala@example.pl");
        time("nobody@example.pl");
    }
    let (mut known, mut unknown) = (Vec::new(), Vec::new());
    for _ in 0..60 {
        known.push(time("ala@example.pl"));
        unknown.push(time("nobody@example.pl"));
    }
    let (known, unknown) = (median(known), median(unknown));
    // Looking the account up, writing its token and queueing its mail (two fsyncs) took longer than
    // the answer itself; now all of it happens after the answer.
    assert!(known < unknown * 3 / 2 + Duration::from_micros(300), "known {known:?} vs unknown {unknown:?}");
}

#[test]
fn common_blank_and_control_character_passwords_are_refused_with_the_reason() {
    let app = spawn_app(false);
    for (password, code) in [
        ("12345678", "password_too_common"),
        ("password", "password_too_common"),
        ("qwerty123", "password_too_common"),
        ("        ", "password_blank"),
        ("correct\u{0}horse 1", "password_control_characters"),
    ] {
        let candidate =
            app.send_json(Method::POST, "/api/it/v1/candidate/register", &json!({"acceptedTerms": true, "email": "new@example.pl", "password": password}));
        assert_eq!((candidate.status, candidate.body["code"].as_str(), candidate.body["field"].as_str()), (400, Some(code), Some("password")), "{password:?}");
        let body = json!({
            "company": {"name": "Acme", "accepted_regulations": true, "subscribe_to_newsletter": false},
            "user": {"name": "Anna Nowak", "phone": "", "email": "new@acme.example", "password": password, "password_confirmation": password}
        });
        let employer = app.send_json(Method::POST, "/api/it/v1/users/sign_up", &body);
        assert_eq!(
            (employer.status, employer.body["code"].as_str(), employer.body["field"].as_str()),
            (400, Some(code), Some("user.password")),
            "{password:?}"
        );
    }
    let mut ala = Browser::new(&app);
    ala.sign_up("it", "ala@example.pl", "correct horse 1");
    let change = ala.json(Method::PUT, "/api/it/v1/candidate/password", &json!({"currentPassword": "correct horse 1", "newPassword": "iloveyou"}));
    assert_eq!((change.status, change.body["code"].as_str()), (400, Some("password_too_common")));
}
