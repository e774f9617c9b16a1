//! Applying over HTTP: the form's rules with the spec's keys, attachments checked by content
//! while streaming, one application per person and offer, inactive and external offers, one-click apply,
//! tracked redirects, and durability through kill -9.

use reqwest::blocking::multipart::{Form, Part};
use reqwest::Method;
use serde_json::{json, Value};

use crate::browser::Browser;
use crate::helpers::{offer_json, repo_path, spawn_app, Answer, RealServer, TestApp};

pub const PASSWORD: &str = "correct horse 1";

pub fn pdf() -> Vec<u8> {
    std::fs::read(repo_path("crates/wakat-uploads/tests/fixtures/cv.pdf")).expect("the PDF fixture is readable")
}

/// A PDF padded with a comment to exactly `n_bytes`.
pub fn pdf_of_size(n_bytes: usize) -> Vec<u8> {
    let mut bytes = pdf();
    bytes.resize(n_bytes, b' ');
    bytes
}

pub fn form(name: &str, email: &str, message: &str) -> Form {
    Form::new().text("name", name.to_string()).text("email", email.to_string()).text("message", message.to_string())
}

pub fn with_file(form: Form, bytes: Vec<u8>, file_name: &str) -> Form {
    form.part("attachment", Part::bytes(bytes).file_name(file_name.to_string()).mime_str("application/pdf").unwrap())
}

pub fn apply(browser: &mut Browser, tenant: &str, slug: &str, form: Form) -> Answer {
    let request = browser.request(Method::POST, &format!("/api/{tenant}/v1/offers/{slug}/applications")).multipart(form);
    browser.send(request)
}

/// Stores an offer through the internal API and returns its slug and guid.
pub fn offer(app: &TestApp, tenant: &str, slug: &str, extra: Value) -> (String, String) {
    let mut body = offer_json(slug, "Programista Rust", "Gdańsk", 54.35, 18.65);
    for (key, value) in extra.as_object().cloned().unwrap_or_default() {
        body[key] = value;
    }
    let stored = app.internal(Method::POST, &format!("/api/{tenant}/internal/offers"), &body);
    assert_eq!(stored.status, 201, "{}", stored.body);
    let detail = app.get_ok(&format!("/api/{tenant}/v1/offers/{slug}"));
    (slug.to_string(), detail["guid"].as_str().expect("the offer has a guid").to_string())
}

pub fn applications_of(app: &TestApp, tenant: &str, slug: &str) -> Vec<Value> {
    let answer = app.internal(Method::GET, &format!("/api/{tenant}/internal/offers/{slug}/applications?pageSize=100"), &Value::Null);
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.body["data"].as_array().cloned().unwrap_or_default()
}

#[test]
fn a_guest_applies_with_a_pdf_once_and_a_second_application_hears_when_the_first_was_sent() {
    let app = spawn_app(false);
    offer(&app, "it", "rust-gdansk", json!({}));
    let mut guest = Browser::new(&app);
    let first = apply(&mut guest, "it", "rust-gdansk", with_file(form("Ala Kot", "ala@example.pl", "Dzień dobry"), pdf(), "cv.pdf"));
    assert_eq!(first.status, 201, "{}", first.body);
    let again = apply(&mut guest, "it", "rust-gdansk", with_file(form("Ala Kot", "ALA@example.pl", "Jeszcze raz"), pdf(), "cv.pdf"));
    assert_eq!((again.status, again.body["code"].as_str()), (409, Some("already_applied")), "one person, one application: {}", again.body);
    let first_at = applications_of(&app, "it", "rust-gdansk")[0]["appliedAt"].clone();
    assert_eq!(again.body["at"], first_at, "the answer names the first application's time");
    let stored = applications_of(&app, "it", "rust-gdansk");
    assert_eq!(stored.len(), 1);
    let applicant = &stored[0]["applicant"];
    assert_eq!((applicant["name"].as_str(), applicant["attachment"]["mime"].as_str()), (Some("Ala Kot"), Some("application/pdf")));
    assert_eq!(stored[0]["source"], "apply_form");
    // Another board sees none of it.
    assert_eq!(app.internal(Method::GET, "/api/work/internal/offers/rust-gdansk/applications", &Value::Null).body["data"], json!([]));
}

#[test]
fn the_form_rules_answer_the_specs_keys() {
    let app = spawn_app(false);
    offer(&app, "it", "rust-gdansk", json!({}));
    let mut guest = Browser::new(&app);
    let elf = [&b"\x7fELF\x02\x01\x01"[..], &[0u8; 64]].concat();
    let cases: Vec<(Form, &str, &str)> = vec![
        (form("", "ala@example.pl", "hi"), "required", "name"),
        (form("Ala", "", "hi"), "required", "email"),
        (form("Ala", "not an email", "hi"), "invalidEmail", "email"),
        (form("Ala", "ala@example.pl", ""), "fileOrDescriptionRequired", "attachment"),
        (form("Ala", "ala@example.pl", &"ą".repeat(1001)), "messageLength", "message"),
        (with_file(form("Ala", "ala@example.pl", ""), pdf_of_size(5_000_001), "cv.pdf"), "fileSize", "attachment"),
        (with_file(form("Ala", "ala@example.pl", ""), elf, "cv.pdf"), "fileType", "attachment"),
        (with_file(form("Ala", "ala@example.pl", ""), b"just some text".to_vec(), "cv.pdf"), "fileType", "attachment"),
        (form("Ala", "ala@example.pl", "hi").text("future_consent_accepted", "maybe"), "invalid_boolean", "future_consent_accepted"),
    ];
    for (body, code, field) in cases {
        let answer = apply(&mut guest, "it", "rust-gdansk", body);
        assert_eq!((answer.status, answer.body["code"].as_str(), answer.body["field"].as_str()), (400, Some(code), Some(field)), "{}", answer.body);
    }
    assert!(applications_of(&app, "it", "rust-gdansk").is_empty(), "nothing refused was stored");

    let exactly_the_limit = apply(&mut guest, "it", "rust-gdansk", with_file(form("Ola", "ola@example.pl", ""), pdf_of_size(5_000_000), "cv.pdf"));
    assert_eq!(exactly_the_limit.status, 201, "5,000,000 bytes are accepted: {}", exactly_the_limit.body);
    let longest = apply(&mut guest, "it", "rust-gdansk", form("Ela", "ela@example.pl", &"ą".repeat(1000)).text("future_consent_accepted", "true"));
    assert_eq!(longest.status, 201, "1,000 characters are accepted: {}", longest.body);

    let not_multipart = guest.json(Method::POST, "/api/it/v1/offers/rust-gdansk/applications", &json!({"name": "Ala"}));
    assert_eq!((not_multipart.status, not_multipart.body["code"].as_str()), (400, Some("invalid_multipart")));
}

#[test]
fn unknown_inactive_and_external_offers_are_refused_clearly() {
    let app = spawn_app(false);
    let now = wakat_engine::now();
    offer(&app, "it", "expired-offer", json!({"publishedAt": now - 100_000, "expiredAt": now - 10}));
    offer(&app, "it", "external-offer", json!({"applyUrl": "https://careers.example.com/apply/42"}));
    let mut guest = Browser::new(&app);
    let cases = [("no-such-offer", 404, "offer_not_found"), ("expired-offer", 409, "offer_inactive"), ("external-offer", 409, "external_apply_only")];
    for (slug, status, code) in cases {
        let answer = apply(&mut guest, "it", slug, form("Ala", "ala@example.pl", "hi"));
        assert_eq!((answer.status, answer.body["code"].as_str()), (status, Some(code)), "{slug}");
    }
    let unknown_board = apply(&mut guest, "nope", "external-offer", form("Ala", "ala@example.pl", "hi"));
    assert_eq!(unknown_board.status, 404);
}

#[test]
fn external_applies_are_tracked_throttled_and_confirmed_by_their_candidate_only() {
    let app = spawn_app(false);
    offer(&app, "it", "external-offer", json!({"applyUrl": "https://careers.example.com/apply/42"}));
    offer(&app, "it", "form-offer", json!({}));
    let mut ala = Browser::new(&app);
    ala.sign_up("it", "ala@example.pl", PASSWORD);
    let tracked = ala.json(Method::POST, "/api/it/v2/user-panel/offers/external-offer/track-redirects", &json!({}));
    assert_eq!(tracked.status, 200, "{}", tracked.body);
    assert_eq!(tracked.body["apply_url"], "https://careers.example.com/apply/42");
    let redirect_id = tracked.body["redirect_id"].as_str().unwrap().to_string();
    let again = ala.json(Method::POST, "/api/it/v2/user-panel/offers/external-offer/track-redirects", &json!({}));
    assert_eq!(again.body["redirect_id"].as_str(), Some(redirect_id.as_str()), "throttled: the same redirect within 24 h");
    let not_external = ala.json(Method::POST, "/api/it/v2/user-panel/offers/form-offer/track-redirects", &json!({}));
    assert_eq!(not_external.body["code"], "no_external_apply");

    let mut ola = Browser::new(&app);
    ola.sign_up("it", "ola@example.pl", PASSWORD);
    let stolen = ola.json(Method::POST, &format!("/api/it/v1/candidate/redirects/{redirect_id}/confirm"), &json!({}));
    assert_eq!((stolen.status, stolen.body["code"].as_str()), (404, Some("redirect_not_found")));
    assert_eq!(ala.get("/api/it/v1/candidate/applications").body["data"], json!([]), "unconfirmed redirects are not in the history");
    assert_eq!(ala.json(Method::POST, &format!("/api/it/v1/candidate/redirects/{redirect_id}/confirm"), &json!({})).status, 204);
    let history = ala.get("/api/it/v1/candidate/applications").body;
    assert_eq!((history["data"][0]["kind"].as_str(), history["data"][0]["slug"].as_str()), (Some("external"), Some("external-offer")));
    assert_eq!(history["data"][0]["offer"]["slug"], "external-offer");
    assert_eq!(ala.json(Method::DELETE, &format!("/api/it/v1/candidate/redirects/{redirect_id}"), &json!({})).status, 204);
    assert_eq!(ala.get("/api/it/v1/candidate/applications").body["data"], json!([]));

    let mut guest = Browser::new(&app);
    let anonymous = guest.json(Method::POST, "/api/it/v2/user-panel/offers/external-offer/track-redirects", &json!({}));
    assert_eq!(anonymous.status, 200, "guests are tracked too");
}

#[test]
fn one_click_apply_uses_the_stored_cv_and_shows_in_the_history() {
    let app = spawn_app(false);
    let (_, guid) = offer(&app, "it", "rust-gdansk", json!({}));
    let mut ala = Browser::new(&app);
    let candidate = ala.sign_up("it", "ala@example.pl", PASSWORD);
    let candidate_id = candidate["id"].as_str().unwrap().to_string();
    let one_click =
        || Form::new().text("name", "Ala Kot").text("email", "ala@example.pl").text("source", "1_click_apply").text("candidate_id", candidate_id.clone());
    let without_cv = apply(&mut ala, "it", "rust-gdansk", one_click());
    assert_eq!((without_cv.status, without_cv.body["code"].as_str()), (409, Some("no_stored_cv")));

    let upload = ala.request(Method::POST, "/api/it/v1/candidate/documents").multipart(Form::new().part("file", Part::bytes(pdf()).file_name("moje cv.pdf")));
    let uploaded = ala.send(upload);
    assert_eq!(uploaded.status, 201, "{}", uploaded.body);
    let applied = apply(&mut ala, "it", "rust-gdansk", one_click());
    assert_eq!(applied.status, 201, "{}", applied.body);
    let stored = applications_of(&app, "it", "rust-gdansk");
    assert_eq!((stored[0]["source"].as_str(), stored[0]["applicant"]["attachment"]["fileName"].as_str()), (Some("1_click_apply"), Some("moje cv.pdf")));
    let history = ala.get(&format!("/api/it/v1/candidate/applications?jobAdvertisementsIds[]={guid}")).body;
    assert_eq!((history["data"][0]["kind"].as_str(), history["data"][0]["offerActive"].as_bool()), (Some("one_click"), Some(true)), "{history}");

    let mut guest = Browser::new(&app);
    let impostor = apply(&mut guest, "it", "rust-gdansk", one_click());
    assert_eq!((impostor.status, impostor.body["field"].as_str()), (400, Some("candidate_id")), "nobody files applications under another's id");
}

#[test]
fn a_guests_application_joins_the_account_that_confirms_its_address() {
    let app = spawn_app(false);
    let (_, rust_guid) = offer(&app, "it", "rust-gdansk", json!({}));
    let (_, go_guid) = offer(&app, "it", "go-gdansk", json!({}));
    let mut guest = Browser::new(&app);
    let sent = apply(&mut guest, "it", "rust-gdansk", with_file(form("Ala Kot", "Ala@Example.pl", "Dzień dobry"), pdf(), "cv.pdf"));
    assert_eq!(sent.status, 201, "{}", sent.body);
    let someone_else = apply(&mut guest, "it", "go-gdansk", form("Ola Kot", "ola@example.pl", "Dzień dobry"));
    assert_eq!(someone_else.status, 201, "{}", someone_else.body);

    // The success screen's link leads to the sign-up; the confirmed address brings the application.
    let mut ala = Browser::new(&app);
    ala.sign_up("it", "ala@example.pl", PASSWORD);
    let history = ala.get(&format!("/api/it/v1/candidate/applications?jobAdvertisementsIds[]={rust_guid}&jobAdvertisementsIds[]={go_guid}")).body;
    assert_eq!(history["data"].as_array().unwrap().len(), 1, "Ala's application, never Ola's: {history}");
    assert_eq!(history["data"][0]["jobAdvertisementId"].as_str(), Some(rust_guid.as_str()), "{history}");
    let again = apply(&mut ala, "it", "rust-gdansk", form("Ala Kot", "ala.praca@example.pl", "Jeszcze raz"));
    assert_eq!((again.status, again.body["code"].as_str()), (409, Some("already_applied")), "{}", again.body);

    // Another board's account of the same address takes nothing.
    let mut other_board = Browser::new(&app);
    other_board.sign_up("work", "ola@example.pl", PASSWORD);
    assert_eq!(other_board.get("/api/work/v1/candidate/applications").body["data"].as_array().map(Vec::len), Some(0));
}

#[test]
fn an_acknowledged_application_survives_kill_9() {
    let data_dir = tempfile::tempdir().unwrap();
    let server = RealServer::start(data_dir.path(), &[]);
    let app = server.app(data_dir.path());
    offer(&app, "it", "rust-gdansk", json!({}));
    let mut ids = Vec::new();
    for n in 0..10 {
        let mut guest = Browser::new(&app);
        let answer = apply(&mut guest, "it", "rust-gdansk", with_file(form("Ala", &format!("ala{n}@example.pl"), "hi"), pdf(), "cv.pdf"));
        assert_eq!(answer.status, 201);
        ids.push(answer.body["id"].as_str().unwrap().to_string());
    }
    server.kill_9();
    let restarted = RealServer::start(data_dir.path(), &[]);
    let app = restarted.app(data_dir.path());
    let stored: Vec<String> = applications_of(&app, "it", "rust-gdansk").iter().map(|a| a["id"].as_str().unwrap().to_string()).collect();
    for id in &ids {
        assert!(stored.contains(id), "application {id} was lost");
    }
}

/// A siteverify endpoint on loopback that accepts the token `human` for the secret `s3cret`,
/// as reCAPTCHA, hCaptcha and Turnstile answer.
fn start_siteverify() -> String {
    use actix_web::{web, App, HttpResponse, HttpServer};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            HttpServer::new(|| {
                App::new().route(
                    "/siteverify",
                    web::post().to(|form: web::Form<std::collections::HashMap<String, String>>| async move {
                        let human = form.get("secret").map(String::as_str) == Some("s3cret") && form.get("response").map(String::as_str) == Some("human");
                        HttpResponse::Ok().json(json!({"success": human, "score": if human { 0.9 } else { 0.1 }}))
                    }),
                )
            })
            .workers(1)
            .listen(listener)
            .unwrap()
            .run()
            .await
            .unwrap();
        })
    });
    format!("http://127.0.0.1:{port}/siteverify")
}

#[test]
fn a_configured_captcha_is_verified_with_the_provider() {
    let verify_url = start_siteverify();
    let app = crate::helpers::spawn_configured(false, move |settings| {
        settings.accounts.captcha.provider = "siteverify".into();
        settings.accounts.captcha.verify_url = verify_url;
        settings.accounts.captcha.secret = "s3cret".into();
        settings.accounts.captcha.widget = "turnstile".into();
        settings.accounts.captcha.site_key = "0x4AAA-site".into();
    });
    // The web app learns from the board list which widget earns the token.
    let boards = app.get_ok("/api/boards");
    assert_eq!(
        boards["data"][0]["captcha"],
        json!({"widget": "turnstile", "siteKey": "0x4AAA-site", "scriptUrl": "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit"})
    );
    offer(&app, "it", "rust-gdansk", json!({}));
    let mut guest = Browser::new(&app);
    let without = apply(&mut guest, "it", "rust-gdansk", form("Ala", "ala@example.pl", "hi"));
    assert_eq!((without.status, without.body["code"].as_str()), (400, Some("captcha_failed")));
    let request = |guest: &Browser, token: &str| {
        guest.request(Method::POST, "/api/it/v1/offers/rust-gdansk/applications").header("recaptcha-token", token).multipart(form(
            "Ala",
            "ala@example.pl",
            "hi",
        ))
    };
    let bot = request(&guest, "robot");
    assert_eq!(guest.send(bot).body["code"], "captcha_failed");
    let human = request(&guest, "human");
    assert_eq!(guest.send(human).status, 201, "the provider said yes");
}
