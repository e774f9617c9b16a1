//! Issue 22, the operations items of the security review: download names that follow the
//! content, and payment returns that stay on the board.

use reqwest::Method;
use serde_json::{json, Value};

use crate::applying::{apply, form, pdf, with_file, PASSWORD};
use crate::browser::Browser;
use crate::candidate_area::upload_cv;
use crate::employer_client::{company_id, sign_up, EmployerClient};
use crate::helpers::{repo_path, spawn_app, Answer, TestApp};
use crate::panel_offers::published_offer;

/// An error answer in the API's shape: `code`, a message, and `field`.
fn assert_error(answer: &Answer, status: u16, code: &str, field: Option<&str>, context: &str) {
    assert_eq!((answer.status, answer.body["code"].as_str(), answer.body["field"].as_str()), (status, Some(code), field), "{context}: {}", answer.body);
    assert!(answer.body["message"].as_str().is_some_and(|message| !message.is_empty()), "{context}: {}", answer.body);
}

/// The board's settings as `wakat.toml` has them (environment overrides from `env`).
fn file_settings(env: &[(&str, &str)]) -> wakat_server::Settings {
    let text = std::fs::read_to_string(repo_path("wakat.toml")).unwrap();
    wakat_server::Settings::from_toml(&text, env.iter().map(|(name, value)| (name.to_string(), value.to_string()))).unwrap()
}

/// A PDF that is an HTML page too: a browser sniffing it as HTML would run its script.
fn polyglot() -> Vec<u8> {
    [pdf(), b"\n<html><body><script>alert(document.domain)</script></body></html>\n".to_vec()].concat()
}

/// The `Content-Type` and `Content-Disposition` of a download.
fn download(app: &TestApp, path: &str, bearer: Option<&str>) -> (String, String) {
    let mut request = app.client.get(format!("{}{path}", app.base));
    if let Some(token) = bearer {
        request = request.bearer_auth(token);
    }
    let response = request.send().unwrap();
    assert_eq!(response.status().as_u16(), 200, "{path}");
    let header = |name: &str| response.headers().get(name).map(|value| value.to_str().unwrap().to_string()).unwrap_or_default();
    (header("content-type"), header("content-disposition"))
}

fn attachment(fallback: &str, encoded: &str) -> String {
    format!("attachment; filename=\"{fallback}\"; filename*=UTF-8''{encoded}")
}

#[test]
fn downloads_are_named_by_their_content_without_bidi_tricks() {
    let app = spawn_app(false);
    let mut ala = Browser::new(&app);
    ala.sign_up("it", "ala@example.pl", PASSWORD);
    for (name, bytes, fallback, encoded) in [
        ("cv.html", polyglot(), "cv.pdf", "cv.pdf"),
        ("cv\u{202E}fdp.exe", pdf(), "cvfdp.pdf", "cvfdp.pdf"),
        ("Życiorys \"Łucji\".pdf", pdf(), "Zyciorys_Lucji_.pdf", "%C5%BByciorys%20_%C5%81ucji_.pdf"),
    ] {
        let uploaded = upload_cv(&mut ala, "it", bytes, name);
        assert_eq!(uploaded.status, 201, "{name:?}: {}", uploaded.body);
        let stored = uploaded.body["fileName"].as_str().unwrap();
        assert!(!stored.contains('\u{202E}'), "the stored name keeps no bidi override: {stored:?}");
        let id = uploaded.body["id"].as_str().unwrap().to_string();
        let link = ala.json(Method::POST, &format!("/api/it/v1/candidate/documents/{id}/link"), &json!({}));
        let (content_type, disposition) = download(&app, link.body["url"].as_str().unwrap(), None);
        assert_eq!((content_type.as_str(), disposition), ("application/pdf", attachment(fallback, encoded)), "{name:?}");
        assert_eq!(ala.json(Method::DELETE, &format!("/api/it/v1/candidate/documents/{id}"), &Value::Null).status, 204);
    }
    let export = ala.request(Method::GET, "/api/it/v1/candidate/export").send().unwrap();
    assert_eq!(export.status().as_u16(), 200);
    assert_eq!(export.headers()["content-disposition"].to_str().unwrap(), attachment("wakat-data.json", "wakat-data.json"));

    // The employer panel's copy of an application's CV.
    let employer = sign_up(&app, "it", "hr@acme.example", "Acme Software");
    let slug = published_offer(&employer, &company_id(&employer), "Kestrel Rust Developer");
    let mut guest = Browser::new(&app);
    let applied = apply(&mut guest, "it", &slug, with_file(form("Ola Kot", "ola@example.pl", "Dzień dobry"), polyglot(), "cv\u{202E}lmth.html"));
    assert_eq!(applied.status, 201, "{}", applied.body);
    let id = applied.body["id"].as_str().unwrap();
    let (content_type, disposition) = download(&app, &format!("/api/it/v1/offers/{slug}/applications/{id}/download"), Some(&employer.token));
    assert_eq!((content_type.as_str(), disposition), ("application/pdf", attachment("cvlmth.pdf", "cvlmth.pdf")));
}

fn pay(employer: &EmployerClient<'_>, slug: &str, token: &str, return_url: &str) -> Answer {
    employer.call(Method::POST, "/v1/payments", Some(&json!({"offer_id": slug, "token": token, "accepted_regulations": true, "return_url": return_url})))
}

fn no_redirects() -> reqwest::blocking::Client {
    reqwest::blocking::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap()
}

/// Where the sandbox's `action` button sends the employer back to.
fn sandbox_return(app: &TestApp, payment_id: &str, action: &str) -> String {
    let answered = no_redirects().post(format!("{}/api/it/v1/payments/sandbox/{payment_id}/{action}", app.base)).send().unwrap();
    assert_eq!(answered.status().as_u16(), 303);
    answered.headers()["location"].to_str().unwrap().to_string()
}

#[test]
fn payment_returns_stay_on_the_board() {
    let settings = file_settings(&[]);
    let web = settings.tenants[0].web_url(&settings.server).to_string();
    let app = spawn_app(false);
    let employer = sign_up(&app, "it", "pay@acme.example", "Acme Software");
    let (slug, token) = employer.ready_offer("pro", "Quokka Rust Developer");
    let board = url::Url::parse(&web).unwrap();
    let host_port = format!("{}:{}", board.host_str().unwrap(), board.port_or_known_default().unwrap());
    for outside in [
        "https://evil.example/paid".to_string(),
        "http://evil.example".to_string(),
        "//evil.example/paid".to_string(),
        "/\\evil.example/paid".to_string(),
        "\\\\evil.example/paid".to_string(),
        "javascript:alert(1)".to_string(),
        "/paid\n".to_string(),
        format!("http://{host_port}.evil.example/paid"),
        format!("http://{host_port}@evil.example/paid"),
        format!("http://someone@{host_port}/paid"),
        format!("{}://{host_port}/paid", if board.scheme() == "https" { "http" } else { "https" }),
        format!("ftp://{host_port}/paid"),
    ] {
        assert_error(&pay(&employer, &slug, &token, &outside), 400, "invalid_url", Some("return_url"), &outside);
    }

    // The web app's own value (`employerPaths.paymentReturn`): a path of the board.
    let created = pay(&employer, &slug, &token, &format!("/employer/payments/return?offer={slug}"));
    assert_eq!(created.status, 201, "{}", created.body);
    let id = created.body["id"].as_str().unwrap();
    assert_eq!(sandbox_return(&app, id, "pay"), format!("{web}/employer/payments/return?offer={slug}&paymentId={id}"));

    let (slug, token) = employer.ready_offer("pro", "Senior Rust Developer");
    let created = pay(&employer, &slug, &token, &format!("{web}/employer/paid"));
    assert_eq!(created.status, 201, "an address on the board's own origin: {}", created.body);
    let id = created.body["id"].as_str().unwrap();
    assert_eq!(sandbox_return(&app, id, "cancel"), format!("{web}/employer/paid?paymentId={id}"));
}
