//! Who may use the employer panel's offers, statistics and applications: anonymous, a candidate,
//! two users of company A, the owner of company B, on two boards. Only A's users reach A's
//! offers, figures, applications and CVs; B's lists hold none of A's, and B's calls on A's ids
//! answer as if they did not exist.

use reqwest::Method;
use serde_json::{json, Value};

use crate::applying::{apply, form, pdf, with_file};
use crate::browser::{mailed_token, Browser};
use crate::employer_client::{company_id, log_in, sign_up, EmployerClient, PASSWORD};
use crate::helpers::spawn_app;
use crate::panel_offers::{guest_applies, published_offer, view};

#[test]
fn access_matrix_of_the_panels_offers_statistics_and_applications() {
    let app = spawn_app(false);
    let a1 = sign_up(&app, "it", "owner@acme.example", "Acme");
    let added = a1.call(Method::POST, "/v1/users", Some(&json!({"name": "Second User", "email": "recruiter@acme.example"})));
    assert_eq!(added.status, 201, "{}", added.body);
    let invite = mailed_token(&app, "recruiter@acme.example", "employer.invite");
    let joined = app.send_json(Method::PATCH, "/api/it/v1/users/confirm", &json!({"token": invite, "password": PASSWORD, "password_confirmation": PASSWORD}));
    assert_eq!(joined.status, 200, "{}", joined.body);
    let a2 = log_in(&app, "it", "recruiter@acme.example", PASSWORD);
    let b = sign_up(&app, "it", "owner@beta.example", "Beta");
    let a_on_work = EmployerClient { tenant: "work".into(), ..log_in(&app, "it", "owner@acme.example", PASSWORD) };
    let w = sign_up(&app, "work", "owner@work.example", "Work Company");
    let mut candidate = Browser::new(&app);
    candidate.sign_up("it", "cand@example.pl", "candidate pass 1");

    let company = company_id(&a1);
    let slug = published_offer(&a1, &company, "Senior Rust Developer");
    view(&app, "it", &slug);
    let applied = apply(&mut candidate, "it", &slug, with_file(form("Ala Kot", "cand@example.pl", "hi"), pdf(), "cv.pdf"));
    assert_eq!(applied.status, 201, "{}", applied.body);
    let id = applied.body["id"].as_str().unwrap().to_string();
    let to_delete = guest_applies(&app, "it", &slug, "ola@example.pl");
    let b_company = company_id(&b);
    let b_slug = published_offer(&b, &b_company, "Beta Go Developer");

    // (method, path, body, status for A's users, status for B); anonymous, the candidate and A's
    // token on the other board always get 401. The delete runs last, by A's second user.
    let endpoints: Vec<(Method, String, Option<Value>, u16, u16)> = vec![
        (Method::GET, "/v2/employer-panel/offers".into(), None, 200, 200),
        (Method::GET, "/v2/employer-panel/offers/statistics".into(), None, 200, 200),
        (Method::GET, format!("/v2/employer-panel/offers/statistics?offers[]={slug}"), None, 200, 404),
        (Method::GET, "/v2/employer-panel/applications".into(), None, 200, 200),
        (Method::GET, format!("/v2/employer-panel/applications?offer={slug}"), None, 200, 404),
        (Method::PATCH, format!("/v2/employer-panel/applications/{id}/status"), Some(json!({"status": "seen"})), 200, 404),
        (Method::GET, format!("/v1/offers/{slug}/applications/{id}/download"), None, 200, 404),
        (Method::DELETE, format!("/v2/employer-panel/applications/{to_delete}"), None, 204, 404),
    ];
    for (idx, (method, path, body, a_status, b_status)) in endpoints.into_iter().enumerate() {
        let url = format!("/api/it{path}");
        let anonymous = app.send_json(method.clone(), &url, body.as_ref().unwrap_or(&Value::Null));
        assert_eq!(anonymous.status, 401, "anonymous {method} {path}");
        let as_candidate = candidate.json(method.clone(), &url, body.as_ref().unwrap_or(&json!({})));
        assert_eq!(as_candidate.status, 401, "candidate {method} {path}: {}", as_candidate.body);
        let session = candidate.cookies.get("wakat_session").cloned().unwrap_or_default();
        let candidate_bearer = app.client.request(method.clone(), format!("{}{url}", app.base)).bearer_auth(&session).send().unwrap();
        assert_eq!(candidate_bearer.status().as_u16(), 401, "a candidate session as a bearer token {method} {path}");
        assert_eq!(a_on_work.call(method.clone(), &path, body.as_ref()).status, 401, "A's token on another board {method} {path}");
        assert_eq!(w.call(method.clone(), &path, body.as_ref()).status, b_status, "the other board's employer {method} {path}");

        let b_answer = b.call(method.clone(), &path, body.as_ref());
        assert_eq!(b_answer.status, b_status, "B {method} {path}: {}", b_answer.body);
        if b_answer.status == 200 {
            let text = b_answer.body.to_string();
            assert!(!text.contains(&slug) && !text.contains(&id) && !text.contains("cand@example.pl"), "B sees nothing of A in {path}: {text}");
        }
        let a = if idx % 2 == 0 { &a1 } else { &a2 };
        let a_answer = a.call(method.clone(), &path, body.as_ref());
        assert_eq!(a_answer.status, a_status, "A {method} {path}: {}", a_answer.body);
    }

    // What each company's lists hold.
    let a_applications = a2.call(Method::GET, "/v2/employer-panel/applications", None);
    assert_eq!((a_applications.body["meta"]["total"].as_u64(), a_applications.body["data"][0]["status"].as_str()), (Some(1), Some("seen")));
    let b_offers = b.call(Method::GET, "/v2/employer-panel/offers", None);
    assert!(b_offers.body["data"].as_array().unwrap().iter().all(|offer| offer["slug"] != slug.as_str()));
    assert!(b_offers.body["data"].as_array().unwrap().iter().any(|offer| offer["slug"] == b_slug.as_str()));
    let a_stats = a1.call(Method::GET, "/v2/employer-panel/offers/statistics", None);
    assert_eq!((a_stats.body["totals"]["views"].as_u64(), a_stats.body["totals"]["applications"].as_u64()), (Some(1), Some(2)));
    let b_stats = b.call(Method::GET, "/v2/employer-panel/offers/statistics", None);
    assert_eq!((b_stats.body["totals"]["views"].as_u64(), b_stats.body["totals"]["applications"].as_u64()), (Some(0), Some(0)));
    // A's CV through B's offer path is absent too.
    assert_eq!(b.call(Method::GET, &format!("/v1/offers/{b_slug}/applications/{id}/download"), None).status, 404);
    // The CV link is not a public address.
    assert_eq!(app.get(&format!("/api/it/v1/offers/{slug}/applications/{id}/download")).status, 401);
}
