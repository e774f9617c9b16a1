//! Candidate accounts over HTTP: registration without enumeration, confirmation, login and
//! logout, CSRF on cookie-authenticated writes, password reset and change, e-mail change,
//! profile, boards kept apart.

use reqwest::Method;
use serde_json::json;

use crate::browser::{mailed_token, mails, Browser};
use crate::helpers::spawn_app;

const PASSWORD: &str = "correct horse 1";

#[test]
fn register_confirm_login_logout() {
    let app = spawn_app(false);
    let mut browser = Browser::new(&app);
    let registered =
        browser.json(Method::POST, "/api/it/v1/candidate/register", &json!({"acceptedTerms": true, "email": "Ala@Example.pl", "password": PASSWORD}));
    assert_eq!((registered.status, registered.body["status"].as_str()), (202, Some("checkYourMail")));
    assert!(browser.cookies.is_empty(), "registering does not log in");

    let early = browser.log_in("it", "ala@example.pl", PASSWORD);
    assert_eq!((early.status, early.body["code"].as_str()), (403, Some("email_not_confirmed")));

    let token = mailed_token(&app, "ala@example.pl", "account.confirm");
    let confirmed = browser.json(Method::POST, "/api/it/v1/candidate/confirm", &json!({"token": token}));
    assert_eq!(confirmed.status, 200, "{}", confirmed.body);
    assert_eq!(confirmed.body["candidate"]["email"], "ala@example.pl");
    assert_eq!(confirmed.body["candidate"]["status"], "missingPreferences");
    assert_eq!(confirmed.body["csrfToken"].as_str(), browser.cookies.get("wakat_csrf").map(String::as_str));
    assert!(browser.cookies.contains_key("wakat_session"));
    let again = browser.json(Method::POST, "/api/it/v1/candidate/confirm", &json!({"token": token}));
    assert_eq!((again.status, again.body["code"].as_str()), (400, Some("invalid_token")), "a link works once");

    assert_eq!(browser.get("/api/it/v1/candidate/me").body["email"], "ala@example.pl");
    let logged_out = browser.json(Method::POST, "/api/it/v1/candidate/logout", &json!({}));
    assert_eq!(logged_out.status, 204);
    assert!(!browser.cookies.contains_key("wakat_session"), "logout clears the cookie");
    assert_eq!(browser.get("/api/it/v1/candidate/me").status, 401);

    let mut other_browser = Browser::new(&app);
    assert_eq!(other_browser.log_in("it", "ALA@example.pl ", PASSWORD).status, 200);
    assert_eq!(other_browser.get("/api/it/v1/candidate/me").status, 200);
}

#[test]
fn a_logged_out_session_stays_dead() {
    let app = spawn_app(false);
    let mut browser = Browser::new(&app);
    browser.sign_up("it", "ala@example.pl", PASSWORD);
    let stolen = browser.cookies.clone();
    assert_eq!(browser.json(Method::POST, "/api/it/v1/candidate/logout", &json!({})).status, 204);
    let mut thief = Browser::new(&app);
    thief.cookies = stolen;
    assert_eq!(thief.get("/api/it/v1/candidate/me").status, 401, "the old cookie opens nothing");
}

#[test]
fn answers_do_not_tell_who_has_an_account() {
    let app = spawn_app(false);
    let mut browser = Browser::new(&app);
    browser.sign_up("it", "ala@example.pl", PASSWORD);

    let mut stranger = Browser::new(&app);
    let existing =
        stranger.json(Method::POST, "/api/it/v1/candidate/register", &json!({"acceptedTerms": true, "email": "ala@example.pl", "password": "another one 2"}));
    let fresh =
        stranger.json(Method::POST, "/api/it/v1/candidate/register", &json!({"acceptedTerms": true, "email": "ola@example.pl", "password": "another one 2"}));
    assert_eq!((existing.status, &existing.body), (fresh.status, &fresh.body));
    assert_eq!(mails(&app, "ala@example.pl", "account.exists", 1).len(), 1, "the owner hears about the attempt");
    assert_eq!(browser.log_in("it", "ala@example.pl", PASSWORD).status, 200, "the password did not change");

    let wrong_password = stranger.log_in("it", "ala@example.pl", "wrong password");
    let unknown = stranger.log_in("it", "nobody@example.pl", "wrong password");
    assert_eq!((wrong_password.status, &wrong_password.body), (unknown.status, &unknown.body));
    assert_eq!(wrong_password.body["code"], "invalid_credentials");

    let reset_known = stranger.json(Method::POST, "/api/it/v1/candidate/password-reset", &json!({"email": "ala@example.pl"}));
    let reset_unknown = stranger.json(Method::POST, "/api/it/v1/candidate/password-reset", &json!({"email": "nobody@example.pl"}));
    assert_eq!((reset_known.status, &reset_known.body), (reset_unknown.status, &reset_unknown.body));
    assert_eq!(reset_known.status, 202);
}

#[test]
fn registration_rules_name_the_field() {
    let app = spawn_app(false);
    let mut browser = Browser::new(&app);
    for (body, code, field) in [
        (json!({"acceptedTerms": true, "email": "", "password": PASSWORD}), "required", "email"),
        (json!({"acceptedTerms": true, "email": "not-an-email", "password": PASSWORD}), "invalidEmail", "email"),
        (json!({"acceptedTerms": true, "email": "a@example.pl", "password": "short"}), "password_too_short", "password"),
        (json!({"acceptedTerms": true, "email": "a@example.pl", "password": "x".repeat(129)}), "password_too_long", "password"),
        (json!({"acceptedTerms": true, "email": "a@example.pl", "password": "a@example.pl"}), "password_is_email", "password"),
        (json!({"acceptedTerms": true, "email": "a@example.pl", "password": PASSWORD, "firstName": "x".repeat(101)}), "invalid_name", "firstName"),
        (json!({"email": "a@example.pl", "password": PASSWORD}), "required", "acceptedTerms"),
        (json!({"acceptedTerms": false, "email": "a@example.pl", "password": PASSWORD}), "required", "acceptedTerms"),
    ] {
        let answer = browser.json(Method::POST, "/api/it/v1/candidate/register", &body);
        assert_eq!((answer.status, answer.body["code"].as_str(), answer.body["field"].as_str()), (400, Some(code), Some(field)), "{body}");
    }
    let unknown_field = browser.json(
        Method::POST,
        "/api/it/v1/candidate/register",
        &json!({"acceptedTerms": true, "email": "a@example.pl", "password": PASSWORD, "admin": true}),
    );
    assert_eq!((unknown_field.status, unknown_field.body["code"].as_str()), (400, Some("invalid_json")));
}

#[test]
fn cookie_authenticated_writes_need_the_csrf_header() {
    let app = spawn_app(false);
    let mut browser = Browser::new(&app);
    browser.sign_up("it", "ala@example.pl", PASSWORD);
    browser.send_csrf = false;
    let profile = json!({"firstName": "Mallory"});
    let forged = browser.json(Method::PUT, "/api/it/v1/candidate/profile", &profile);
    assert_eq!((forged.status, forged.body["code"].as_str()), (403, Some("csrf_failed")));
    let forged_logout = browser.json(Method::POST, "/api/it/v1/candidate/logout", &json!({}));
    assert_eq!(forged_logout.status, 403);
    let wrong = browser.request(Method::PUT, "/api/it/v1/candidate/profile").header("x-csrf-token", "guess").json(&profile);
    assert_eq!(browser.send(wrong).status, 403);
    assert_eq!(browser.get("/api/it/v1/candidate/me").body["firstName"], "Ala", "nothing changed");
    browser.send_csrf = true;
    assert_eq!(browser.json(Method::PUT, "/api/it/v1/candidate/profile", &profile).status, 200);
}

#[test]
fn password_reset_ends_every_session() {
    let app = spawn_app(false);
    let mut browser = Browser::new(&app);
    browser.sign_up("it", "ala@example.pl", PASSWORD);
    let mut stranger = Browser::new(&app);
    assert_eq!(stranger.json(Method::POST, "/api/it/v1/candidate/password-reset", &json!({"email": "ala@example.pl"})).status, 202);
    let token = mailed_token(&app, "ala@example.pl", "account.reset");
    let weak = stranger.json(Method::POST, "/api/it/v1/candidate/password-reset/confirm", &json!({"token": token, "password": "short"}));
    assert_eq!(weak.body["code"], "password_too_short");
    let reset = stranger.json(Method::POST, "/api/it/v1/candidate/password-reset/confirm", &json!({"token": token, "password": "brand new pass"}));
    assert_eq!(reset.status, 204, "{}", reset.body);
    assert_eq!(browser.get("/api/it/v1/candidate/me").status, 401, "the old session ended");
    assert_eq!(stranger.log_in("it", "ala@example.pl", PASSWORD).status, 401);
    assert_eq!(stranger.log_in("it", "ala@example.pl", "brand new pass").status, 200);
    assert_eq!(mails(&app, "ala@example.pl", "account.password-changed", 1).len(), 1);
}

#[test]
fn password_and_email_change() {
    let app = spawn_app(false);
    let mut here = Browser::new(&app);
    here.sign_up("it", "ala@example.pl", PASSWORD);
    let mut elsewhere = Browser::new(&app);
    assert_eq!(elsewhere.log_in("it", "ala@example.pl", PASSWORD).status, 200);

    let wrong = here.json(Method::PUT, "/api/it/v1/candidate/password", &json!({"currentPassword": "nope", "newPassword": "brand new pass"}));
    assert_eq!((wrong.status, wrong.body["code"].as_str()), (400, Some("invalid_password")));
    let changed = here.json(Method::PUT, "/api/it/v1/candidate/password", &json!({"currentPassword": PASSWORD, "newPassword": "brand new pass"}));
    assert_eq!(changed.status, 204);
    assert_eq!(here.get("/api/it/v1/candidate/me").status, 200, "this session stays");
    assert_eq!(elsewhere.get("/api/it/v1/candidate/me").status, 401, "the others end");

    let requested = here.json(Method::POST, "/api/it/v1/candidate/email", &json!({"newEmail": "ala.nowa@example.pl", "password": "brand new pass"}));
    assert_eq!(requested.status, 202, "{}", requested.body);
    assert_eq!(here.get("/api/it/v1/candidate/me").body["email"], "ala@example.pl", "nothing changes before the link");
    let token = mailed_token(&app, "ala.nowa@example.pl", "account.change-email");
    let moved = Browser::new(&app).json(Method::POST, "/api/it/v1/candidate/email/confirm", &json!({"token": token}));
    assert_eq!(moved.body["email"], "ala.nowa@example.pl");
    assert_eq!(Browser::new(&app).log_in("it", "ala.nowa@example.pl", "brand new pass").status, 200);
    assert_eq!(Browser::new(&app).log_in("it", "ala@example.pl", "brand new pass").status, 401);
}

#[test]
fn profile_and_preferences() {
    let app = spawn_app(false);
    let mut browser = Browser::new(&app);
    browser.sign_up("it", "ala@example.pl", PASSWORD);
    let preferences =
        json!({"skills": ["Rust", "SQL"], "experienceLevels": ["senior"], "cities": ["warszawa"], "remote": true, "salaryMin": 20000, "currency": "pln"});
    let updated = browser.json(
        Method::PUT,
        "/api/it/v1/candidate/profile",
        &json!({"firstName": "Alicja", "lastName": "Kot", "message": "Dzień dobry", "preferences": preferences}),
    );
    assert_eq!(updated.status, 200, "{}", updated.body);
    assert_eq!(updated.body["status"], "withPreferences");
    let me = browser.get("/api/it/v1/candidate/me").body;
    assert_eq!((me["firstName"].as_str(), me["preferences"]["skills"][1].as_str()), (Some("Alicja"), Some("SQL")));

    let long_message = browser.json(Method::PUT, "/api/it/v1/candidate/profile", &json!({"message": "ż".repeat(1001)}));
    assert_eq!((long_message.status, long_message.body["code"].as_str(), long_message.body["field"].as_str()), (400, Some("messageLength"), Some("message")));
    let exactly = browser.json(Method::PUT, "/api/it/v1/candidate/profile", &json!({"message": "ż".repeat(1000)}));
    assert_eq!(exactly.status, 200);
    let bad_level = browser.json(Method::PUT, "/api/it/v1/candidate/profile", &json!({"preferences": {"experienceLevels": ["wizard"]}}));
    assert_eq!(bad_level.status, 400);
}

#[test]
fn boards_do_not_share_accounts_or_sessions() {
    let app = spawn_app(false);
    let mut browser = Browser::new(&app);
    browser.sign_up("it", "ala@example.pl", PASSWORD);
    assert_eq!(browser.get("/api/work/v1/candidate/me").status, 401, "an it session is nothing on work");
    assert_eq!(Browser::new(&app).log_in("work", "ala@example.pl", PASSWORD).status, 401);
    // The same e-mail can hold a separate account on the other board.
    let mut on_work = Browser::new(&app);
    let answer = on_work.json(
        Method::POST,
        "/api/work/v1/candidate/register",
        &json!({"acceptedTerms": true, "email": "ala@example.pl", "password": "work password 1"}),
    );
    assert_eq!(answer.status, 202);
    assert_eq!(mails(&app, "ala@example.pl", "account.confirm", 2).len(), 2, "a confirmation link for the work account");
}

#[test]
fn the_login_attempts_of_one_account_are_limited() {
    let app = crate::helpers::spawn_configured(false, |settings| {
        settings.server.rate_limits_enabled = true;
        settings.accounts.attempts_per_account_hour = 4;
    });
    let mut browser = Browser::new(&app);
    let statuses: Vec<u16> = (0..4).map(|_| browser.log_in("it", "target@example.pl", "guess").status).collect();
    assert_eq!(statuses, [401, 401, 429, 429], "a burst of half the hourly budget, then 429");
    assert_eq!(browser.log_in("it", "other@example.pl", "guess").status, 401, "other accounts have their own budget");
}

#[test]
fn a_session_survives_kill_9_and_a_restart() {
    let data_dir = tempfile::tempdir().unwrap();
    let server = crate::helpers::RealServer::start(data_dir.path(), &[]);
    let app = server.app(data_dir.path());
    let mut browser = Browser::new(&app);
    browser.sign_up("it", "ala@example.pl", PASSWORD);
    let cookies = browser.cookies.clone();
    server.kill_9();

    let restarted = crate::helpers::RealServer::start(data_dir.path(), &[]);
    let app = restarted.app(data_dir.path());
    let mut same_browser = Browser::new(&app);
    same_browser.cookies = cookies;
    assert_eq!(same_browser.get("/api/it/v1/candidate/me").body["email"], "ala@example.pl");
}

#[test]
fn mails_leave_through_a_real_smtp_server_when_configured() {
    let sink = wakat_mail::testsuite::SmtpSink::start();
    let smtp = sink.settings();
    let app = crate::helpers::spawn_configured(false, move |settings| {
        settings.mail.transport = wakat_mail::MailTransport::Smtp;
        settings.mail.smtp = smtp;
    });
    assert_eq!(app.get("/api/dev/mailbox").body["code"], "feature_disabled", "no dev mailbox once SMTP is configured");
    let mut browser = Browser::new(&app);
    let registered =
        browser.json(Method::POST, "/api/it/v1/candidate/register", &json!({"acceptedTerms": true, "email": "ala@example.pl", "password": PASSWORD}));
    assert_eq!(registered.status, 202);
    let message = String::from_utf8_lossy(&sink.wait_for_messages(1)[0]).into_owned();
    assert!(message.contains("multipart/alternative") && message.contains("text/html"), "{message}");
    assert!(message.contains("X-Wakat-Tag: account.confirm"), "{message}");
    // Quoted-printable: soft line breaks and '=' escaped as '=3D'.
    let decoded = message.replace("=\r\n", "").replace("=3D", "=");
    let token = crate::browser::token_in(&decoded).expect("the mail carries the link");
    let confirmed = browser.json(Method::POST, "/api/it/v1/candidate/confirm", &json!({"token": token}));
    assert_eq!(confirmed.status, 200, "the link read from the SMTP server confirms the account: {}", confirmed.body);
}
