//! Applications by e-mail (issue 23, item 1): the offer's address receives each application with
//! the CV attached or as a signed link (`[tenants.applications] email_cv`), the applicant gets a
//! confirmation, and the company's users hear of it as each chose in their profile: at once, in a
//! daily digest (once per day, however often the run repeats), or not at all.

use base64::Engine as _;
use reqwest::Method;
use serde_json::{json, Value};

use crate::applying::{apply, form, pdf, with_file};
use crate::browser::{mails, token_in, Browser};
use crate::employer_client::{company_id, log_in, sign_up, EmployerClient};
use crate::helpers::{spawn_app, spawn_configured, TestApp};
use crate::panel_offers::{guest_applies, published_offer};

/// The address `complete_form` gives its offers (`applicationType = email`).
const OFFER_ADDRESS: &str = "jobs@acme.example";

fn set_notify(user: &EmployerClient<'_>, notify: &str) {
    let changed = user.call(Method::PATCH, "/v1/profiles/me", Some(&json!({"applicationsNotify": notify})));
    assert_eq!((changed.status, changed.body["applicationsNotify"].as_str()), (200, Some(notify)), "{}", changed.body);
}

/// A second user of the boss's company, invited and joined.
fn recruiter<'a>(app: &'a TestApp, boss: &EmployerClient<'_>, email: &str) -> EmployerClient<'a> {
    let invited = boss.call(Method::POST, "/v1/users", Some(&json!({"name": "Piotr Kowalski", "email": email})));
    assert_eq!(invited.status, 201, "{}", invited.body);
    let token = token_in(mails(app, email, "employer.invite", 1)[0]["text"].as_str().unwrap()).unwrap();
    let password = "piotr pass 3";
    let joined = app.send_json(Method::PATCH, "/api/it/v1/users/confirm", &json!({"token": token, "password": password, "password_confirmation": password}));
    assert_eq!(joined.status, 200, "{}", joined.body);
    log_in(app, "it", email, password)
}

fn reply_to(mail: &Value) -> Option<&str> {
    mail["reply_to"]["email"].as_str()
}

#[test]
fn the_offers_address_gets_the_application_with_its_cv_and_the_applicant_and_the_company_hear_of_it() {
    let app = spawn_app(false);
    let boss = sign_up(&app, "it", "boss@acme.example", "Acme Software");
    let piotr = recruiter(&app, &boss, "piotr@acme.example");
    assert_eq!(piotr.call(Method::GET, "/v2/employer-panel/profiles/me", None).body["applicationsNotify"], "immediately", "the default");
    set_notify(&piotr, "off");
    let slug = published_offer(&boss, &company_id(&boss), "Rust developer");
    guest_applies(&app, "it", &slug, "ala@example.pl");

    let delivered = mails(&app, OFFER_ADDRESS, "application.delivery", 1);
    assert_eq!(delivered.len(), 1, "one mail per application to the offer's address");
    let delivery = &delivered[0];
    assert_eq!(reply_to(delivery), Some("ala@example.pl"), "a reply reaches the applicant");
    assert!(delivery["subject"].as_str().unwrap().contains("Rust developer"), "{}", delivery["subject"]);
    let text = delivery["text"].as_str().unwrap();
    assert!(text.contains("Ala Kot") && text.contains("ala@example.pl") && text.contains("Dzień dobry"), "{text}");
    let attachment = &delivery["attachments"][0];
    assert_eq!((attachment["fileName"].as_str(), attachment["mime"].as_str()), (Some("cv ala.pdf"), Some("application/pdf")));
    let bytes = base64::engine::general_purpose::STANDARD.decode(attachment["content"].as_str().unwrap()).unwrap();
    assert_eq!(bytes, pdf(), "the CV itself, attached (the board's default)");

    let confirmations = mails(&app, "ala@example.pl", "application.confirm", 1);
    assert_eq!(confirmations.len(), 1);
    let confirmation = confirmations[0]["text"].as_str().unwrap();
    assert!(confirmation.contains("Rust developer") && confirmation.contains("Acme Software"), "{confirmation}");

    let notices = mails(&app, "boss@acme.example", "application.notice", 1);
    assert_eq!(notices.len(), 1, "the owner hears at once (the default)");
    assert!(notices[0]["text"].as_str().unwrap().contains("Ala Kot"));
    assert!(mails(&app, "piotr@acme.example", "application.notice", 0).is_empty(), "a user set to off hears nothing");
}

#[test]
fn a_board_that_links_cvs_mails_a_signed_expiring_link() {
    let app = spawn_configured(false, |settings| {
        for tenant in &mut settings.engine.tenants {
            tenant.applications.email_cv = wakat_engine::EmailCv::Link;
        }
    });
    let boss = sign_up(&app, "it", "boss@acme.example", "Acme Software");
    let slug = published_offer(&boss, &company_id(&boss), "Rust developer");
    let mut guest = Browser::new(&app);
    let applied = apply(&mut guest, "it", &slug, with_file(form("Ola Nowak", "ola@example.pl", ""), pdf(), "cv.pdf"));
    assert_eq!(applied.status, 201, "{}", applied.body);
    let id = applied.body["id"].as_str().unwrap();

    let delivery = mails(&app, OFFER_ADDRESS, "application.delivery", 1).remove(0);
    assert_eq!(delivery["attachments"], Value::Null, "no file in the mail");
    let text = delivery["text"].as_str().unwrap();
    let start = text.find(&format!("/api/it/v1/applications/{id}/cv?")).unwrap_or_else(|| panic!("no CV link in {text}"));
    let link: String = text[start..].chars().take_while(|c| !c.is_whitespace() && *c != ')').collect();
    let downloaded = app.client.get(format!("{}{link}", app.base)).send().unwrap();
    assert_eq!(downloaded.status(), 200);
    assert_eq!(downloaded.bytes().unwrap().to_vec(), pdf());
    let tampered = link.replace("expires=", "expires=1");
    assert_eq!(app.get(&tampered).body["code"], "invalid_signature");
    assert_eq!(app.get(&format!("/api/it/v1/applications/{id}/cv?expires=1&signature=x")).status, 403);
}

#[test]
fn a_user_set_to_daily_gets_one_digest_of_the_days_applications() {
    let app = spawn_configured(false, |settings| settings.server.scheduler_enabled = false);
    let boss = sign_up(&app, "it", "boss@acme.example", "Acme Software");
    set_notify(&boss, "daily");
    let slug = published_offer(&boss, &company_id(&boss), "Rust developer");
    guest_applies(&app, "it", &slug, "ala@example.pl");
    guest_applies(&app, "it", &slug, "ola@example.pl");
    let zone = jiff::tz::TimeZone::get("Europe/Warsaw").unwrap();
    let today = jiff::Timestamp::now().to_zoned(zone).date().to_string();
    let run = |day: &str| {
        let answer = app.internal(Method::POST, &format!("/api/it/internal/application-digests/run?day={day}&wait=true"), &Value::Null);
        assert_eq!(answer.status, 200, "{}", answer.body);
        answer.body
    };
    let first = run(&today);
    assert_eq!((first["companies"].as_u64(), first["queued"].as_u64()), (Some(1), Some(1)), "{first}");
    let again = run(&today);
    assert_eq!((again["queued"].as_u64(), again["alreadyQueued"].as_u64()), (Some(0), Some(1)), "never twice a day: {again}");
    let digests = mails(&app, "boss@acme.example", "application.digest", 1);
    assert_eq!(digests.len(), 1);
    let text = digests[0]["text"].as_str().unwrap();
    assert!(text.contains("Rust developer") && text.matches("Ala Kot").count() == 2, "both applications listed: {text}");
    assert!(mails(&app, "boss@acme.example", "application.notice", 0).is_empty(), "no mail per application");
    let bad_day = app.internal(Method::POST, "/api/it/internal/application-digests/run?day=soon", &Value::Null);
    assert_eq!(bad_day.status, 400);
}
