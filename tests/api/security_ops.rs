//! Issue 22, the operations items of the security review: download names that follow the
//! content.

use reqwest::Method;
use serde_json::{json, Value};

use crate::applying::{apply, form, pdf, with_file, PASSWORD};
use crate::browser::Browser;
use crate::candidate_area::upload_cv;
use crate::employer_client::{company_id, sign_up};
use crate::helpers::{spawn_app, TestApp};
use crate::panel_offers::published_offer;

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
