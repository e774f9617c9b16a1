//! The employer panel over HTTP (issue 12): offers by state with their counters, statistics per
//! offer and day (JSON and CSV), applications with statuses the candidate sees, deletion, the CV
//! download, refusals, and a status change surviving kill -9.

use reqwest::Method;
use serde_json::{json, Value};

use crate::applying::{apply, form, pdf, with_file, PASSWORD as CANDIDATE_PASSWORD};
use crate::browser::{mails, Browser};
use crate::employer_client::{company_id, sign_up, EmployerClient};
use crate::helpers::{spawn_app, RealServer, TestApp};

/// A published offer of `employer` titled `title`: its slug.
pub fn published_offer(employer: &EmployerClient<'_>, company: &str, title: &str) -> String {
    let (slug, token) = employer.ready_offer("basic", title);
    let code = employer.issue_code(company, "basic");
    let published = employer.publish_with_code(&slug, &token, &code);
    assert_eq!(published.status, 200, "{}", published.body);
    slug
}

/// Records one view of `slug` as the offer page does.
pub fn view(app: &TestApp, tenant: &str, slug: &str) {
    let viewed = app.send_json(Method::POST, &format!("/api/{tenant}/v1/views"), &json!({"offerSlug": slug}));
    assert_eq!(viewed.status, 200, "{}", viewed.body);
}

/// A guest applies to `slug` with the PDF fixture: the application id.
pub fn guest_applies(app: &TestApp, tenant: &str, slug: &str, email: &str) -> String {
    let mut guest = Browser::new(app);
    let applied = apply(&mut guest, tenant, slug, with_file(form("Ala Kot", email, "Dzień dobry"), pdf(), "cv ala.pdf"));
    assert_eq!(applied.status, 201, "{}", applied.body);
    applied.body["id"].as_str().unwrap().to_string()
}

fn today() -> String {
    time::OffsetDateTime::now_utc().date().to_string()
}

#[test]
fn offers_by_state_with_search_paging_and_counters() {
    let app = spawn_app(false);
    let employer = sign_up(&app, "it", "panel@acme.example", "Acme Software");
    let company = company_id(&employer); // leaves one draft
    let kestrel = published_offer(&employer, &company, "Kestrel Rust Developer");
    let heron = published_offer(&employer, &company, "Heron Go Developer");
    assert_eq!(employer.call(Method::POST, &format!("/v1/offers/{heron}/finish-recruitment"), None).status, 200);
    for _ in 0..3 {
        view(&app, "it", &kestrel);
    }
    guest_applies(&app, "it", &kestrel, "ala@example.pl");

    let all = employer.call(Method::GET, "/v2/employer-panel/offers", None);
    assert_eq!(all.status, 200, "{}", all.body);
    assert_eq!(all.body["states"], json!({"draft": 1, "active": 1, "finished": 1, "expired": 0}));
    assert_eq!(all.body["meta"]["total"], 3);
    let active = employer.call(Method::GET, "/v2/employer-panel/offers?state=active", None);
    assert_eq!(active.body["data"].as_array().unwrap().len(), 1);
    let first = &active.body["data"][0];
    assert_eq!(
        (first["slug"].as_str(), first["title"].as_str(), first["state"].as_str()),
        (Some(kestrel.as_str()), Some("Kestrel Rust Developer"), Some("active"))
    );
    assert_eq!((first["counts"]["views"].as_u64(), first["counts"]["applications"].as_u64()), (Some(3), Some(1)));
    assert_eq!(first["counts"]["applicationRate"].as_f64(), Some(0.3333));

    let searched = employer.call(Method::GET, "/v2/employer-panel/offers?search=HERON", None);
    assert_eq!((searched.body["meta"]["total"].as_u64(), searched.body["data"][0]["state"].as_str()), (Some(1), Some("finished")), "{}", searched.body);
    assert_eq!(searched.body["states"]["active"], 0, "the state counts follow the search");
    let paged = employer.call(Method::GET, "/v2/employer-panel/offers?pageSize=2&page=2", None);
    assert_eq!((paged.body["data"].as_array().unwrap().len(), paged.body["meta"]["hasNextPage"].as_bool()), (1, Some(false)));

    for (query, code) in [("state=gone", "invalid_offer_state"), ("pageSize=101", "invalid_per_page"), ("page=x", "invalid_number")] {
        let refused = employer.call(Method::GET, &format!("/v2/employer-panel/offers?{query}"), None);
        assert_eq!((refused.status, refused.body["code"].as_str()), (400, Some(code)), "{query}");
    }
}

#[test]
fn statistics_per_offer_and_day_as_json_and_csv() {
    let app = spawn_app(false);
    let employer = sign_up(&app, "it", "stats@acme.example", "Acme Software");
    let company = company_id(&employer);
    let kestrel = published_offer(&employer, &company, "Kestrel Rust Developer");
    let osprey = published_offer(&employer, &company, "=Osprey, \"QA\" Engineer");
    for _ in 0..4 {
        view(&app, "it", &kestrel);
    }
    view(&app, "it", &osprey);
    guest_applies(&app, "it", &kestrel, "ala@example.pl");
    let day = today();

    let stats = employer.call(Method::GET, "/v2/employer-panel/offers/statistics", None);
    assert_eq!(stats.status, 200, "{}", stats.body);
    assert_eq!((stats.body["to"].as_str(), stats.body["days"].as_array().unwrap().len()), (Some(day.as_str()), 30), "the last 30 days by default");
    let last_day = stats.body["days"].as_array().unwrap().last().unwrap().clone();
    assert_eq!((last_day["date"].as_str(), last_day["views"].as_u64(), last_day["applications"].as_u64()), (Some(day.as_str()), Some(5), Some(1)));
    assert_eq!(stats.body["days"][0]["applicationRate"], Value::Null, "no rate without views");
    assert_eq!((stats.body["totals"]["views"].as_u64(), stats.body["totals"]["redirects"].as_u64()), (Some(5), Some(0)));
    let of_kestrel = stats.body["offers"].as_array().unwrap().iter().find(|o| o["slug"] == kestrel.as_str()).unwrap().clone();
    assert_eq!(of_kestrel["days"], json!([{"date": day, "views": 4, "applications": 1, "redirects": 0, "applicationRate": 0.25, "redirectRate": 0.0}]));

    let one = employer.call(Method::GET, &format!("/v2/employer-panel/offers/statistics?offers[]={osprey}&from={day}&to={day}"), None);
    assert_eq!((one.body["offers"].as_array().unwrap().len(), one.body["totals"]["views"].as_u64()), (1, Some(1)), "{}", one.body);
    let before = employer.call(Method::GET, &format!("/v2/employer-panel/offers/statistics?offer={kestrel}&from=2020-01-01&to=2020-01-31"), None);
    assert_eq!((before.body["totals"]["views"].as_u64(), before.body["days"].as_array().unwrap().len()), (Some(0), 31));

    let csv = app.client.get(format!("{}/api/it/v2/employer-panel/offers/statistics?format=csv", app.base)).bearer_auth(&employer.token).send().unwrap();
    assert_eq!(csv.status(), 200);
    assert_eq!(csv.headers()["content-type"], "text/csv; charset=utf-8");
    assert!(csv.headers()["content-disposition"].to_str().unwrap().starts_with("attachment;"));
    let text = csv.text().unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "date,offer_slug,offer_title,views,applications,redirects,application_rate,redirect_rate");
    assert!(lines.contains(&format!("{day},\"{kestrel}\",\"Kestrel Rust Developer\",4,1,0,0.2500,0.0000").as_str()), "{text}");
    assert!(lines.contains(&format!("{day},\"{osprey}\",\"'=Osprey, \"\"QA\"\" Engineer\",1,0,0,0.0000,0.0000").as_str()), "a formula is defused: {text}");

    let other = sign_up(&app, "it", "other@beta.example", "Beta");
    for (query, status, code) in [
        ("from=2026-13-01".to_string(), 400, "invalid_date"),
        ("from=2026-02-01&to=2026-01-01".to_string(), 400, "invalid_date_range"),
        ("from=2020-01-01&to=2026-01-01".to_string(), 400, "invalid_date_range"),
        ("format=xml".to_string(), 400, "invalid_format"),
        ("offers[]=offer-0000000000000000".to_string(), 404, "offer_not_found"),
    ] {
        let refused = employer.call(Method::GET, &format!("/v2/employer-panel/offers/statistics?{query}"), None);
        assert_eq!((refused.status, refused.body["code"].as_str()), (status, Some(code)), "{query}: {}", refused.body);
    }
    let foreign = other.call(Method::GET, &format!("/v2/employer-panel/offers/statistics?offers[]={kestrel}"), None);
    assert_eq!((foreign.status, foreign.body["code"].as_str()), (404, Some("offer_not_found")), "another company's offer is absent");
    assert_eq!(other.call(Method::GET, "/v2/employer-panel/offers/statistics", None).body["totals"]["views"], 0);
}

#[test]
fn applications_move_through_statuses_the_candidate_sees_and_the_cv_downloads() {
    let app = spawn_app(false);
    let employer = sign_up(&app, "it", "hr@acme.example", "Acme Software");
    let company = company_id(&employer);
    let slug = published_offer(&employer, &company, "Kestrel Rust Developer");
    let mut ala = Browser::new(&app);
    ala.sign_up("it", "ala@example.pl", CANDIDATE_PASSWORD);
    let applied = apply(&mut ala, "it", &slug, with_file(form("Ala Kot", "ala@example.pl", "Dzień dobry"), pdf(), "moje cv.pdf"));
    assert_eq!(applied.status, 201, "{}", applied.body);
    let id = applied.body["id"].as_str().unwrap().to_string();
    let other_id = guest_applies(&app, "it", &slug, "ola@example.pl");

    let listed = employer.call(Method::GET, &format!("/v2/employer-panel/applications?offer={slug}"), None);
    assert_eq!(listed.status, 200, "{}", listed.body);
    assert_eq!(listed.body["meta"]["total"], 2);
    let ala_application = listed.body["data"].as_array().unwrap().iter().find(|a| a["id"] == id.as_str()).unwrap().clone();
    assert_eq!(
        (ala_application["status"].as_str(), ala_application["name"].as_str(), ala_application["offerTitle"].as_str()),
        (Some("new"), Some("Ala Kot"), Some("Kestrel Rust Developer"))
    );
    let download_url = ala_application["cv"]["downloadUrl"].as_str().unwrap().to_string();
    assert_eq!(download_url, format!("/api/it/v1/offers/{slug}/applications/{id}/download"));

    let cv = app.client.get(format!("{}{download_url}", app.base)).bearer_auth(&employer.token).send().unwrap();
    assert_eq!(cv.status(), 200);
    assert_eq!(cv.headers()["content-type"], "application/pdf", "the sniffed type");
    assert_eq!(cv.headers()["content-disposition"], "attachment; filename=\"moje_cv.pdf\"; filename*=UTF-8''moje%20cv.pdf");
    assert_eq!(cv.bytes().unwrap().to_vec(), pdf(), "the bytes the candidate sent");
    let wrong_offer = employer.call(Method::GET, &format!("/v1/offers/offer-0000000000000000/applications/{id}/download"), None);
    assert_eq!((wrong_offer.status, wrong_offer.body["code"].as_str()), (404, Some("application_not_found")));

    let moved =
        employer.call(Method::PATCH, &format!("/v2/employer-panel/applications/{id}/status"), Some(&json!({"status": "interview", "notifyCandidate": true})));
    assert_eq!(moved.status, 200, "{}", moved.body);
    assert_eq!((moved.body["status"].as_str(), moved.body["statusHistory"][0]["status"].as_str()), (Some("interview"), Some("interview")));
    let mailed = mails(&app, "ala@example.pl", "application.status", 1);
    assert!(mailed[0]["subject"].as_str().unwrap().contains("Kestrel Rust Developer"), "{}", mailed[0]);
    let history = ala.get("/api/it/v1/candidate/applications").body;
    assert_eq!(
        (history["data"][0]["status"].as_str(), history["data"][0]["statusHistory"][0]["status"].as_str()),
        (Some("interview"), Some("interview")),
        "{history}"
    );

    let quiet = employer.call(Method::PATCH, &format!("/v2/employer-panel/applications/{other_id}/status"), Some(&json!({"status": "seen"})));
    assert_eq!(quiet.status, 200);
    std::thread::sleep(std::time::Duration::from_millis(500));
    assert_eq!(mails(&app, "ola@example.pl", "application.status", 0).len(), 0, "no mail unless asked for");
    for (body, status, code) in [
        (json!({"status": "new"}), 409, "invalid_status_transition"),
        (json!({"status": "in review"}), 400, "invalid_application_status"),
        (json!({"state": "seen"}), 400, "invalid_json"),
    ] {
        let refused = employer.call(Method::PATCH, &format!("/v2/employer-panel/applications/{id}/status"), Some(&body));
        assert_eq!((refused.status, refused.body["code"].as_str()), (status, Some(code)), "{body}: {}", refused.body);
    }
    let same = employer.call(Method::PATCH, &format!("/v2/employer-panel/applications/{id}/status"), Some(&json!({"status": "interview"})));
    assert_eq!((same.status, same.body["statusHistory"].as_array().unwrap().len()), (200, 1), "the same status changes nothing");

    // Back along the pipeline (issue 23: only forward once at "interview"), every change kept.
    let back = employer.call(Method::PATCH, &format!("/v2/employer-panel/applications/{id}/status"), Some(&json!({"status": "in_review"})));
    assert_eq!((back.status, back.body["status"].as_str(), back.body["statusHistory"].as_array().unwrap().len()), (200, Some("in_review"), 2), "{}", back.body);
    let again = employer.call(Method::PATCH, &format!("/v2/employer-panel/applications/{id}/status"), Some(&json!({"status": "interview"})));
    assert_eq!((again.status, again.body["statusHistory"].as_array().unwrap().len()), (200, 3), "{}", again.body);

    let interviews = employer.call(Method::GET, "/v2/employer-panel/applications?status=interview", None);
    assert_eq!((interviews.body["meta"]["total"].as_u64(), interviews.body["data"][0]["id"].as_str()), (Some(1), Some(id.as_str())));
    assert_eq!(employer.call(Method::GET, "/v2/employer-panel/applications?status=new", None).body["meta"]["total"], 0);
    let bad_filter = employer.call(Method::GET, "/v2/employer-panel/applications?status=maybe", None);
    assert_eq!((bad_filter.status, bad_filter.body["code"].as_str()), (400, Some("invalid_application_status")));
    let unknown_offer = employer.call(Method::GET, "/v2/employer-panel/applications?offer=offer-0000000000000000", None);
    assert_eq!((unknown_offer.status, unknown_offer.body["code"].as_str()), (404, Some("offer_not_found")));

    assert_eq!(employer.call(Method::DELETE, &format!("/v2/employer-panel/applications/{id}"), None).status, 204);
    let after = employer.call(Method::GET, "/v2/employer-panel/applications", None);
    assert_eq!((after.body["meta"]["total"].as_u64(), after.body["data"][0]["id"].as_str()), (Some(1), Some(other_id.as_str())));
    assert_eq!(employer.call(Method::DELETE, &format!("/v2/employer-panel/applications/{id}"), None).body["code"], "application_not_found");
    assert_eq!(employer.call(Method::GET, &download_url, None).status, 404, "the CV went with it");
    let gone = employer.call(Method::PATCH, &format!("/v2/employer-panel/applications/{id}/status"), Some(&json!({"status": "offer"})));
    assert_eq!((gone.status, gone.body["code"].as_str()), (404, Some("application_not_found")));
    let history = ala.get("/api/it/v1/candidate/applications").body;
    assert_eq!(history["data"][0]["status"], "interview", "the candidate keeps the last status: {history}");
    let stats = employer.call(Method::GET, "/v2/employer-panel/offers/statistics", None);
    assert_eq!(stats.body["totals"]["applications"], 2, "a deleted application still counted on its day");
}

#[test]
fn an_acknowledged_status_change_survives_kill_9() {
    let data_dir = tempfile::tempdir().unwrap();
    let server = RealServer::start(data_dir.path(), &[]);
    let app = server.app(data_dir.path());
    let employer = sign_up(&app, "it", "durable-hr@acme.example", "Acme Software");
    let company = company_id(&employer);
    let slug = published_offer(&employer, &company, "Kestrel Rust Developer");
    let id = guest_applies(&app, "it", &slug, "ala@example.pl");
    let moved = employer.call(Method::PATCH, &format!("/v2/employer-panel/applications/{id}/status"), Some(&json!({"status": "offer"})));
    assert_eq!(moved.status, 200, "{}", moved.body);
    server.kill_9();

    let restarted = RealServer::start(data_dir.path(), &[]);
    let app = restarted.app(data_dir.path());
    let employer = crate::employer_client::log_in(&app, "it", "durable-hr@acme.example", crate::employer_client::PASSWORD);
    let listed = employer.call(Method::GET, "/v2/employer-panel/applications", None);
    assert_eq!((listed.body["data"][0]["id"].as_str(), listed.body["data"][0]["status"].as_str()), (Some(id.as_str()), Some("offer")), "{}", listed.body);
    let stats = employer.call(Method::GET, "/v2/employer-panel/offers/statistics", None);
    assert_eq!(stats.body["totals"]["applications"], 1, "the application's count is durable with it");
}

#[test]
fn openapi_documents_the_panel_calls_and_their_codes() {
    let document = crate::helpers::shared_app().get_ok("/api/openapi.json");
    let paths = document["paths"].as_object().unwrap();
    for (method, path) in [
        ("get", "/api/{tenant}/v2/employer-panel/offers"),
        ("get", "/api/{tenant}/v2/employer-panel/offers/statistics"),
        ("get", "/api/{tenant}/v2/employer-panel/applications"),
        ("patch", "/api/{tenant}/v2/employer-panel/applications/{id}/status"),
        ("delete", "/api/{tenant}/v2/employer-panel/applications/{id}"),
        ("get", "/api/{tenant}/v1/offers/{slug}/applications/{id}/download"),
    ] {
        let operation = &paths.get(path).unwrap_or_else(|| panic!("{path} is documented"))[method];
        assert!(operation.is_object(), "{method} {path} is documented");
        assert!(operation["responses"]["401"].is_object(), "{method} {path} documents its 401");
    }
    let statistics = &paths["/api/{tenant}/v2/employer-panel/offers/statistics"]["get"]["responses"]["200"]["content"];
    assert!(statistics["application/json"].is_object() && statistics["text/csv"].is_object(), "{statistics}");
    let codes = document.to_string();
    for code in [
        "application_not_found",
        "application_has_no_cv",
        "invalid_application_status",
        "invalid_status_transition",
        "invalid_offer_state",
        "invalid_date_range",
        "invalid_format",
    ] {
        assert!(codes.contains(code), "{code} is listed");
    }
}
