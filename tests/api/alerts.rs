//! Saved searches and job alerts over HTTP: every rule of the spec's sections 5 and 7, every
//! answer of its error catalogue, guests' activation and unsubscribe links, and the access matrix
//! (anonymous, candidate A, candidate B, another board).

use reqwest::Method;
use serde_json::{json, Value};

use crate::applying::PASSWORD;
use crate::browser::{mails, Browser};
use crate::helpers::{offer_json, spawn_app, TestApp};

/// The value of the query parameter `name` in the first link of a text that has it.
pub fn link_param(text: &str, name: &str) -> Option<String> {
    let start = text.find(&format!("{name}="))? + name.len() + 1;
    let raw: String = text[start..].chars().take_while(|c| !c.is_whitespace() && *c != '&' && *c != '"' && *c != '>' && *c != ')').collect();
    Some(url_decode(&raw))
}

fn url_decode(text: &str) -> String {
    url::form_urlencoded::parse(format!("x={text}").as_bytes()).next().map(|(_, v)| v.into_owned()).unwrap_or_default()
}

pub fn java_krakow() -> Value {
    json!({"categories": ["java"], "localization": {"city": "krakow"}, "search": {"keywords": ["rust"]}, "experiences": ["senior"]})
}

/// A new offer matching [`java_krakow`], published now.
pub fn publish_matching(app: &TestApp, tenant: &str, slug: &str) {
    let mut offer = offer_json(slug, "Senior Rust developer", "Kraków", 50.06, 19.94);
    offer["experienceLevel"] = json!("senior");
    offer["publishedAt"] = json!(wakat_engine::now());
    let answer = app.internal(Method::POST, &format!("/api/{tenant}/internal/offers"), &offer);
    assert!(answer.status == 201 || answer.status == 200, "{}", answer.body);
}

fn wait_for(mut condition: impl FnMut() -> bool, what: &str) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while !condition() {
        assert!(std::time::Instant::now() < deadline, "{what} never happened");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

fn error(answer: &crate::helpers::Answer) -> (u16, &str, &str) {
    (answer.status, answer.body["code"].as_str().unwrap_or_default(), answer.body["message"].as_str().unwrap_or("<none>"))
}

#[test]
fn a_candidate_saves_searches_counts_new_offers_and_manages_alerts() {
    let app = spawn_app(false);
    let mut ala = Browser::new(&app);
    ala.sign_up("it", "ala@example.pl", PASSWORD);
    let saved = ala.json(Method::POST, "/api/it/job-filters", &json!({"searchUrl": "/krakow/java?keyword=rust", "filters": java_krakow()}));
    assert_eq!(saved.status, 201, "{}", saved.body);
    let id = saved.body["jobFilterId"].as_str().unwrap().to_string();
    // The same filters in another order and spelling are the same search.
    let again = ala.json(
        Method::POST,
        "/api/it/job-filters",
        &json!({"name": "Druga", "filters": {"experiences": ["senior"], "search": {"keywords": [" rust "]}, "localization": {"city": "Kraków"}, "categories": ["java"]}}),
    );
    assert_eq!(error(&again), (409, "job_filter_exists", "Job filter already exists"));

    let listed = ala.get("/api/it/job-filters");
    assert_eq!(listed.status, 200, "{}", listed.body);
    let filter = &listed.body["data"][0];
    assert_eq!(filter["id"], id.as_str());
    assert_eq!(filter["searchUrl"], "/krakow/java?keyword=rust");
    assert_eq!(filter["filterName"], "rust, Kraków, Java, Senior", "the default name is the tags");
    assert_eq!(filter["filters"]["localization"]["city"], "krakow");
    assert_eq!(filter["filters"]["categories"], json!(["java"]));
    assert_eq!(filter["filters"]["salary"]["currency"], "pln");
    assert_eq!(filter["jobAlert"], Value::Null);
    assert_eq!((filter["count"].as_u64(), listed.body["count"].as_u64()), (Some(0), Some(0)));
    assert!(filter["feedUrl"].as_str().unwrap().contains("/api/it/feeds/offers.atom?"));

    std::thread::sleep(std::time::Duration::from_millis(1100));
    publish_matching(&app, "it", "rust-krakow-new");
    wait_for(|| ala.get("/api/it/job-filters").body["count"] == 1, "the new offer counted");
    let read = ala.json(Method::POST, &format!("/api/it/job-filters/{id}/read-filtered-offers"), &Value::Null);
    assert_eq!((read.status, read.body["count"].as_u64()), (200, Some(0)), "{}", read.body);

    let enabled = ala.json(Method::POST, "/api/it/job-alerts", &json!({"jobFilterId": id, "frequency": "everyDay", "name": "Rust w Krakowie"}));
    assert_eq!(enabled.status, 201, "{}", enabled.body);
    assert_eq!(enabled.body["jobAlert"], json!({"status": "active", "frequency": "everyDay"}));
    assert_eq!(enabled.body["filterName"], "Rust w Krakowie");
    let twice = ala.json(Method::POST, "/api/it/job-alerts", &json!({"jobFilterId": id}));
    assert_eq!(error(&twice), (409, "job_alert_exists", "Job alert already exists"));
    let changed = ala.json(Method::PATCH, &format!("/api/it/job-filters/{id}/job-alert/frequency"), &json!({"id": id, "frequency": "onceAWeek"}));
    assert_eq!(changed.body["jobAlert"]["frequency"], "onceAWeek", "{}", changed.body);
    let wrong = ala.json(Method::PATCH, &format!("/api/it/job-filters/{id}/job-alert/frequency"), &json!({"frequency": "hourly"}));
    assert_eq!((wrong.status, wrong.body["code"].as_str(), wrong.body["field"].as_str()), (400, Some("invalid_frequency"), Some("frequency")));
    assert_eq!(ala.json(Method::DELETE, &format!("/api/it/job-filters/{id}/job-alert"), &Value::Null).status, 204);
    assert_eq!(ala.get("/api/it/job-filters").body["data"][0]["jobAlert"], Value::Null);
    assert_eq!(error(&ala.json(Method::DELETE, &format!("/api/it/job-filters/{id}/job-alert"), &Value::Null)).1, "job_alert_not_found");
    let default_frequency = ala.json(Method::POST, "/api/it/job-alerts", &json!({"jobFilterId": id}));
    assert_eq!(default_frequency.body["jobAlert"]["frequency"], "twiceAWeek");
    assert_eq!(ala.json(Method::DELETE, &format!("/api/it/job-filters/{id}"), &Value::Null).status, 204);
    assert_eq!(ala.get("/api/it/job-filters").body["data"], json!([]));
}

#[test]
fn names_e_mails_and_filters_follow_the_rules_with_the_spec_keys() {
    let app = spawn_app(false);
    let mut ala = Browser::new(&app);
    ala.sign_up("it", "ala@example.pl", PASSWORD);
    let field = |answer: crate::helpers::Answer| {
        (
            answer.status,
            answer.body["code"].as_str().map(String::from),
            answer.body["field"].as_str().map(String::from),
            answer.body["message"].as_str().map(String::from),
        )
    };
    let save = |ala: &mut Browser, body: Value| ala.json(Method::POST, "/api/it/job-filters", &body);
    assert_eq!(
        field(save(&mut ala, json!({"name": "  ", "filters": {}}))),
        (400, Some("fieldRequired".into()), Some("name".into()), Some("To pole jest wymagane".into()))
    );
    assert_eq!(field(save(&mut ala, json!({"name": "node.js", "filters": {}}))).1.as_deref(), Some("invalidCharactersError"));
    assert_eq!(field(save(&mut ala, json!({"name": "a".repeat(1000), "filters": {}}))).1.as_deref(), Some("maxValueError"));
    assert_eq!(save(&mut ala, json!({"name": "ż".repeat(999), "filters": {"search": {"keywords": ["x"]}}})).status, 201);
    assert_eq!(field(save(&mut ala, json!({"filters": {"experiences": ["guru"]}}))).1.as_deref(), Some("invalid_experience_level"));
    assert_eq!(field(save(&mut ala, json!({"filters": {"salary": {"from": 30000, "to": 10000}}}))).1.as_deref(), Some("invalid_salary_range"));
    assert_eq!(field(save(&mut ala, json!({"filters": {}, "searchUrl": "https://evil.example/"}))).1.as_deref(), Some("invalid_search_url"));
    assert_eq!(save(&mut ala, json!({"filters": "nope"})).body["code"], "invalid_json");

    let guest = |body: Value| app.send_json(Method::POST, "/api/it/guests/job-alerts", &body);
    assert_eq!(field(guest(json!({"filters": {}}))), (400, Some("fieldRequired".into()), Some("email".into()), Some("To pole jest wymagane".into())));
    for bad in ["ala", "żaneta@example.pl", "ala@example"] {
        assert_eq!(
            field(guest(json!({"email": bad, "filters": {}}))),
            (400, Some("invalidEmail".into()), Some("email".into()), Some("Niepoprawny adres e-mail".into())),
            "{bad}"
        );
    }
    assert_eq!(field(guest(json!({"email": "ola@example.pl", "frequency": "sometimes", "filters": {}}))).1.as_deref(), Some("invalid_frequency"));
}

#[test]
fn the_limit_of_saved_searches_is_a_422_with_the_spec_text() {
    let app = spawn_app(false);
    let mut ala = Browser::new(&app);
    ala.sign_up("it", "ala@example.pl", PASSWORD);
    for n in 0..10 {
        let answer = ala.json(Method::POST, "/api/it/job-filters", &json!({"filters": {"search": {"keywords": [format!("k{n}")]}}}));
        assert_eq!(answer.status, 201, "{}", answer.body);
    }
    let over = ala.json(Method::POST, "/api/it/job-filters", &json!({"filters": {"search": {"keywords": ["k10"]}}}));
    assert_eq!(error(&over), (422, "job_alert_limit", "Osiągnięto maksymalny limit zapisanych powiadomień."));
    for n in 0..10 {
        let answer = app.send_json(
            Method::POST,
            "/api/it/guests/job-alerts",
            &json!({"email": "ola@example.pl", "filters": {"search": {"keywords": [format!("k{n}")]}}}),
        );
        assert_eq!(answer.status, 201, "{}", answer.body);
    }
    let over = app.send_json(Method::POST, "/api/it/guests/job-alerts", &json!({"email": "OLA@example.pl", "filters": {"search": {"keywords": ["k10"]}}}));
    assert_eq!(error(&over), (422, "job_alert_limit", "Osiągnięto maksymalny limit zapisanych powiadomień."));
}

/// The activation link of the newest activation mail to `to`: (code, job filter id).
pub fn activation_link(app: &TestApp, to: &str, at_least: usize) -> (String, String) {
    let found = mails(app, to, "alert.activate", at_least);
    let text = found.first().unwrap_or_else(|| panic!("no activation mail to {to}"))["text"].as_str().unwrap().to_string();
    assert!(text.contains("?job-alerts=activate&code="), "{text}");
    (link_param(&text, "code").unwrap(), link_param(&text, "job-filter-id").unwrap())
}

#[test]
fn a_guest_alert_is_activated_once_by_its_link_and_answers_the_catalogue() {
    let app = spawn_app(false);
    let body = json!({"email": "ola@example.pl", "frequency": "everyDay", "name": "Rust Kraków", "filters": java_krakow(),
                      "createCandidate": false, "marketingAgreement": true, "searchUrl": "/krakow/java"});
    let created = app.send_json(Method::POST, "/api/it/guests/job-alerts", &body);
    assert_eq!(created.status, 201, "{}", created.body);
    let (code, filter_id) = activation_link(&app, "ola@example.pl", 1);
    assert_eq!(created.body["jobFilterId"], filter_id.as_str());
    let pending = app.send_json(Method::POST, "/api/it/guests/job-alerts", &body);
    assert_eq!(error(&pending), (409, "job_alert_exists", "Job alert already exists"));

    let activate = |code: &str, filter: &str| app.send_json(Method::PUT, "/api/it/guests/job-alerts/activation", &json!({"code": code, "jobFilterId": filter}));
    assert_eq!(error(&activate("wrong-code", &filter_id)).0, 404);
    assert_eq!(
        error(&app.send_json(Method::PUT, "/api/work/guests/job-alerts/activation", &json!({"code": code, "jobFilterId": filter_id}))).0,
        404,
        "other board"
    );
    let activated = activate(&code, &filter_id);
    assert_eq!(activated.status, 200, "{}", activated.body);
    assert_eq!(activated.body["status"], "active");
    let candidate_id = activated.body["candidateId"].as_str().unwrap().to_string();
    assert_eq!(error(&activate(&code, &filter_id)).0, 409, "already active");
    let active = app.send_json(Method::POST, "/api/it/guests/job-alerts", &body);
    assert_eq!(error(&active), (409, "active_job_alert_exists", "Job filter with active job alert already exists"));

    // Addresses with a candidate account log in instead.
    let mut ala = Browser::new(&app);
    ala.sign_up("it", "ala@example.pl", PASSWORD);
    let mut with_account = body.clone();
    with_account["email"] = json!("ala@example.pl");
    assert_eq!(error(&app.send_json(Method::POST, "/api/it/guests/job-alerts", &with_account)), (409, "candidate_account_exists", ""));
    with_account["createCandidate"] = json!(true);
    assert_eq!(
        error(&app.send_json(Method::POST, "/api/it/guests/job-alerts", &with_account)),
        (409, "candidate_profile_exists", "Candidate profile already exists")
    );

    // Unsubscribing needs the alert's own code.
    let unsubscribe = |code: &str| app.send_json(Method::DELETE, &format!("/api/it/guests/job-alerts/{candidate_id}/{filter_id}?code={code}"), &Value::Null);
    assert_eq!(error(&unsubscribe("forged")).0, 404);
    assert_eq!(error(&app.send_json(Method::DELETE, &format!("/api/it/guests/job-alerts/{candidate_id}/{filter_id}"), &Value::Null)).0, 404);
    let real_code = wakat_code(&app, "ola@example.pl", &candidate_id, &filter_id);
    assert_eq!(unsubscribe(&real_code).status, 204);
    let again = app.send_json(Method::POST, "/api/it/guests/job-alerts", &body);
    assert_eq!(again.status, 201, "unsubscribed: the alert can be added again: {}", again.body);
}

/// The unsubscribe link's code of the newest activation mail to `to` (digests carry it too).
fn wakat_code(app: &TestApp, to: &str, candidate_id: &str, filter_id: &str) -> String {
    let found = mails(app, to, "alert.activate", 1);
    let text = found[0]["text"].as_str().unwrap();
    let start = text.find("?job-alerts=unsubscribe&").expect("the mail has an unsubscribe link");
    let link = &text[start..];
    assert_eq!(link_param(link, "candidate-id").as_deref(), Some(candidate_id));
    assert_eq!(link_param(link, "job-filter-id").as_deref(), Some(filter_id));
    link_param(link, "code").unwrap()
}

#[test]
fn access_matrix_of_saved_searches_and_alerts() {
    let app = spawn_app(false);
    let mut ala = Browser::new(&app);
    ala.sign_up("it", "ala@example.pl", PASSWORD);
    let mut bob = Browser::new(&app);
    bob.sign_up("it", "bob@example.pl", PASSWORD);
    let mut ala_on_work = Browser::new(&app);
    ala_on_work.sign_up("work", "ala.work@example.pl", PASSWORD);
    let id = ala.json(Method::POST, "/api/it/job-filters", &json!({"filters": java_krakow()})).body["jobFilterId"].as_str().unwrap().to_string();
    ala.json(Method::POST, "/api/it/job-alerts", &json!({"jobFilterId": id}));

    let calls: Vec<(Method, String, Value)> = vec![
        (Method::GET, "/api/it/job-filters".into(), Value::Null),
        (Method::POST, "/api/it/job-filters".into(), json!({"filters": {"search": {"keywords": ["other"]}}})),
        (Method::DELETE, format!("/api/it/job-filters/{id}"), Value::Null),
        (Method::POST, format!("/api/it/job-filters/{id}/read-filtered-offers"), Value::Null),
        (Method::POST, "/api/it/job-alerts".into(), json!({"jobFilterId": id})),
        (Method::DELETE, format!("/api/it/job-filters/{id}/job-alert"), Value::Null),
        (Method::PATCH, format!("/api/it/job-filters/{id}/job-alert/frequency"), json!({"frequency": "everyDay"})),
    ];
    let mut anonymous = Browser::new(&app);
    for (method, path, body) in &calls {
        let answer = anonymous.json(method.clone(), path, body);
        assert_eq!((answer.status, answer.body["code"].as_str()), (401, Some("unauthorized")), "anonymous {method} {path}");
        // Ala's session on the other board does not open this board's searches.
        let other_board = ala_on_work.json(method.clone(), path, body);
        assert_eq!(other_board.status, 401, "other board {method} {path}");
        let on_work = ala_on_work.json(method.clone(), &path.replacen("/api/it/", "/api/work/", 1), body);
        if *method != Method::GET && *method != Method::POST || path.contains(&id) {
            assert_eq!(on_work.status, 404, "Ala's id on the other board {method} {path}: {}", on_work.body);
        }
    }
    let on_work = ala_on_work.get("/api/work/job-filters").body;
    assert!(on_work["data"].as_array().unwrap().iter().all(|filter| filter["id"] != id.as_str()), "{on_work}");
    // Bob sees none of Ala's searches and cannot touch them.
    assert_eq!(bob.get("/api/it/job-filters").body["data"], json!([]));
    for (method, path, body) in calls.iter().filter(|(_, path, body)| path.contains(&id) || body.to_string().contains(&id)) {
        let answer = bob.json(method.clone(), path, body);
        assert_eq!(answer.status, 404, "Bob {method} {path}: {}", answer.body);
    }
    // A write without the CSRF header is refused even with Ala's cookie.
    ala.send_csrf = false;
    assert_eq!(ala.json(Method::DELETE, &format!("/api/it/job-filters/{id}"), &Value::Null).body["code"], "csrf_failed");
    ala.send_csrf = true;
    let listed = ala.get("/api/it/job-filters").body;
    assert_eq!((listed["data"].as_array().unwrap().len(), listed["data"][0]["jobAlert"]["status"].as_str()), (1, Some("active")), "untouched");
    // Guests' endpoints need their codes, whoever calls.
    let guest = bob.json(Method::DELETE, &format!("/api/it/guests/job-alerts/a-{}/{id}?code=x", "someone"), &Value::Null);
    assert_eq!(guest.status, 404);
    let one_click = app
        .client
        .post(format!("{}/api/it/job-alerts/unsubscribe?owner=a-x&jobFilterId={id}&code=forged", app.base))
        .body("List-Unsubscribe=One-Click")
        .send()
        .unwrap();
    assert_eq!(one_click.status().as_u16(), 404);
}

#[test]
fn openapi_documents_every_alerts_endpoint_and_code() {
    let app = crate::helpers::shared_app();
    let document = app.get_ok("/api/openapi.json");
    let paths = document["paths"].as_object().unwrap();
    for (path, method) in [
        ("/api/{tenant}/job-filters", "get"),
        ("/api/{tenant}/job-filters", "post"),
        ("/api/{tenant}/job-filters/{id}", "delete"),
        ("/api/{tenant}/job-filters/{id}/read-filtered-offers", "post"),
        ("/api/{tenant}/job-alerts", "post"),
        ("/api/{tenant}/job-filters/{id}/job-alert", "delete"),
        ("/api/{tenant}/job-filters/{id}/job-alert/frequency", "patch"),
        ("/api/{tenant}/guests/job-alerts", "post"),
        ("/api/{tenant}/guests/job-alerts/activation", "put"),
        ("/api/{tenant}/guests/job-alerts/{candidate_id}/{job_filter_id}", "delete"),
        ("/api/{tenant}/job-alerts/unsubscribe", "post"),
        ("/api/{tenant}/guests/job-filters/new-offers", "get"),
    ] {
        assert!(paths.get(path).and_then(|p| p.get(method)).is_some(), "openapi lacks {method} {path}");
    }
    let codes = document.pointer("/components/schemas/ErrorBody/properties/code/enum").unwrap().to_string();
    for code in [
        "job_filter_exists",
        "job_alert_exists",
        "active_job_alert_exists",
        "candidate_profile_exists",
        "candidate_account_exists",
        "job_alert_limit",
        "link_expired",
    ] {
        assert!(codes.contains(code), "{code}");
    }
    assert!(paths["/api/{tenant}/guests/job-alerts"]["post"]["responses"].get("429").is_some(), "guest creation is rate limited");
}

#[test]
fn create_candidate_makes_a_real_account_whose_password_the_activation_mail_sets() {
    let app = spawn_app(false);
    let body = json!({"email": "nowa@example.pl", "frequency": "everyDay", "filters": java_krakow(), "createCandidate": true, "marketingAgreement": false});
    assert_eq!(app.send_json(Method::POST, "/api/it/guests/job-alerts", &body).status, 201);
    let found = mails(&app, "nowa@example.pl", "alert.activate", 1);
    let text = found[0]["text"].as_str().unwrap();
    let start = text.find("/account/reset?token=").unwrap_or_else(|| panic!("a set-password link: {text}"));
    let token = link_param(&text[start..], "token").unwrap();
    // The account exists (the same registration as the sign-up form): the address is taken.
    let mut stranger = Browser::new(&app);
    let registered =
        stranger.json(Method::POST, "/api/it/v1/candidate/register", &json!({"acceptedTerms": true, "email": "nowa@example.pl", "password": PASSWORD}));
    assert_eq!(registered.status, 202);
    // The sign-up form takes the unconfirmed registration over (nothing chosen before a
    // confirmation survives another registration), but nobody logs in before the address is confirmed.
    assert_eq!(stranger.log_in("it", "nowa@example.pl", PASSWORD).body["code"], "email_not_confirmed");
    let set = stranger.json(Method::POST, "/api/it/v1/candidate/password-reset/confirm", &json!({"token": token, "password": PASSWORD}));
    assert_eq!(set.status, 204, "{}", set.body);
    assert_eq!(stranger.log_in("it", "nowa@example.pl", PASSWORD).status, 200);
    assert_eq!(stranger.get("/api/it/v1/candidate/me").body["email"], "nowa@example.pl");
    // The address has an account now: further alerts are added logged in.
    let again = app.send_json(
        Method::POST,
        "/api/it/guests/job-alerts",
        &json!({"email": "nowa@example.pl", "filters": {"categories": ["java"]}, "createCandidate": true}),
    );
    assert_eq!(error(&again), (409, "candidate_profile_exists", "Candidate profile already exists"));
    // Without createCandidate no account is made.
    let plain = json!({"email": "gosc@example.pl", "filters": java_krakow(), "createCandidate": false});
    assert_eq!(app.send_json(Method::POST, "/api/it/guests/job-alerts", &plain).status, 201);
    assert!(!mails(&app, "gosc@example.pl", "alert.activate", 1)[0]["text"].as_str().unwrap().contains("/account/reset"));
    let second = json!({"email": "gosc@example.pl", "filters": {"categories": ["java"]}, "createCandidate": false});
    assert_eq!(app.send_json(Method::POST, "/api/it/guests/job-alerts", &second).status, 201, "no account (else 409 candidate_account_exists)");
}

#[test]
fn deleting_an_account_erases_its_alerts_and_a_guests_last_unsubscribe_forgets_the_guest() {
    let app = crate::helpers::spawn_configured(false, |settings| settings.server.scheduler_enabled = false);
    let mut ala = Browser::new(&app);
    ala.sign_up("it", "ala@example.pl", PASSWORD);
    let saved = ala.json(Method::POST, "/api/it/job-filters", &json!({"filters": java_krakow()}));
    let id = saved.body["jobFilterId"].as_str().unwrap().to_string();
    assert_eq!(ala.json(Method::POST, "/api/it/job-alerts", &json!({"jobFilterId": id, "frequency": "everyDay"})).status, 201);
    let before = crate::digests::run_digests(&app, "it", "2026-12-01");
    assert_eq!(before["due"], 1, "{before}");
    assert_eq!(ala.json(Method::DELETE, "/api/it/v1/candidate/account", &json!({"password": PASSWORD})).status, 204);
    let after = crate::digests::run_digests(&app, "it", "2026-12-02");
    assert_eq!(after["due"], 0, "the deleted account's alert is gone: {after}");

    // A guest unsubscribing the last alert leaves nothing of the address: adding one again
    // makes a new guest.
    let body = json!({"email": "ola@example.pl", "frequency": "everyDay", "filters": java_krakow()});
    assert_eq!(app.send_json(Method::POST, "/api/it/guests/job-alerts", &body).status, 201);
    let (code, filter_id) = activation_link(&app, "ola@example.pl", 1);
    let activated = app.send_json(Method::PUT, "/api/it/guests/job-alerts/activation", &json!({"code": code, "jobFilterId": filter_id}));
    let first_guest = activated.body["candidateId"].as_str().unwrap().to_string();
    let unsubscribe_code = wakat_code(&app, "ola@example.pl", &first_guest, &filter_id);
    assert_eq!(activated.body["unsubscribeCode"], unsubscribe_code.as_str(), "the activating browser can unsubscribe too");
    let gone = app.send_json(Method::DELETE, &format!("/api/it/guests/job-alerts/{first_guest}/{filter_id}?code={unsubscribe_code}"), &Value::Null);
    assert_eq!(gone.status, 204);
    assert_eq!(app.send_json(Method::POST, "/api/it/guests/job-alerts", &body).status, 201);
    let (code, filter_id) = activation_link(&app, "ola@example.pl", 2);
    let again = app.send_json(Method::PUT, "/api/it/guests/job-alerts/activation", &json!({"code": code, "jobFilterId": filter_id}));
    assert_eq!(again.status, 200, "{}", again.body);
    assert_ne!(again.body["candidateId"].as_str().unwrap(), first_guest, "the guest was forgotten");
}

#[test]
fn a_guests_tile_counts_new_offers_of_its_search_since_a_time() {
    let app = spawn_app(false);
    let query = "categories[]=java&city=krakow&keywords[]=rust&experienceLevels[]=senior";
    let since = wakat_engine::now();
    let count = |since: i64| {
        let answer = app.get(&format!("/api/it/guests/job-filters/new-offers?{query}&since={since}"));
        assert_eq!(answer.status, 200, "{}", answer.body);
        answer.body["count"].as_u64().unwrap()
    };
    assert_eq!(count(since), 0);
    std::thread::sleep(std::time::Duration::from_millis(1100));
    publish_matching(&app, "it", "rust-krakow-guest-count");
    wait_for(|| count(since) == 1, "the new offer counted");
    assert_eq!(count(wakat_engine::now() + 1), 0, "nothing after now");
    let other = app.get(&format!("/api/work/guests/job-filters/new-offers?keywords[]=rust&since={since}"));
    assert_eq!((other.status, other.body["count"].as_u64()), (200, Some(0)), "another board counts its own offers");
    for bad in ["", "&since=yesterday", "&since=-5"] {
        let answer = app.get(&format!("/api/it/guests/job-filters/new-offers?{query}{bad}"));
        assert_eq!((answer.status, answer.body["field"].as_str()), (400, Some("since")), "{bad}: {}", answer.body);
    }
    let malformed = app.get(&format!("/api/it/guests/job-filters/new-offers?salaryMin=lots&since={since}"));
    assert_eq!(malformed.status, 400);
}
