//! Payments over HTTP: the sandbox provider's pages (pay, fail, cancel), the status mapping, and
//! Stripe Checkout against a loopback stub (session creation, a signed webhook arriving before
//! the return and repeated, a forged one, the status asked of Stripe). A payment is applied once.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};

use reqwest::Method;
use serde_json::{json, Value};

use crate::employer_client::{sign_up, EmployerClient};
use crate::helpers::{spawn_app, spawn_configured, TestApp};

fn pay_request(slug: &str, token: &str) -> Value {
    json!({
        "invoice_street": "Rynek", "invoice_street_number": "1", "invoice_city": "Kraków", "invoice_country": "PL",
        "invoice_company_name": "Acme Software sp. z o.o.", "invoice_postal_code": "31-001", "invoice_tax_id": "6762461659",
        "offer_type": "pro", "offer_id": slug, "subscribe_to_newsletter": false, "accepted_regulations": true,
        "return_url": "/employer/offers/paid", "extend": false, "token": token
    })
}

fn status(employer: &EmployerClient<'_>, id: &str) -> String {
    let answer = employer.call(Method::GET, &format!("/v1/payments/{id}/status"), None);
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.body["data"]["status"].as_str().unwrap().to_string()
}

fn no_redirects() -> reqwest::blocking::Client {
    reqwest::blocking::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap()
}

#[test]
fn the_sandbox_pays_once_and_fails_or_cancels() {
    let app = spawn_app(false);
    let employer = sign_up(&app, "it", "pay@acme.example", "Acme Software");
    let (slug, token) = employer.ready_offer("pro", "Quokka Rust Developer");
    let created = employer.call(Method::POST, "/v1/payments", Some(&pay_request(&slug, &token)));
    assert_eq!(created.status, 201, "{}", created.body);
    let id = created.body["id"].as_str().unwrap().to_string();
    let url = created.body["payment_request_url"].as_str().unwrap().to_string();
    assert!(url.ends_with(&format!("/api/it/v1/payments/sandbox/{id}")), "{url}");
    assert_eq!(status(&employer, &id), "pending");

    let page = app.client.get(format!("{}/api/it/v1/payments/sandbox/{id}", app.base)).send().unwrap();
    assert_eq!(page.status().as_u16(), 200);
    let html = page.text().unwrap();
    assert!(html.contains("982.77 PLN") && html.contains("/pay\""), "{html}");
    assert_eq!(status(&employer, &id), "pending", "started is still pending");
    assert_eq!(app.get(&format!("/api/it/v1/offers/{slug}")).status, 404, "unpaid is not public");

    let paid = no_redirects().post(format!("{}/api/it/v1/payments/sandbox/{id}/pay", app.base)).send().unwrap();
    assert_eq!(paid.status().as_u16(), 303);
    let location = paid.headers()["location"].to_str().unwrap();
    assert!(location.ends_with(&format!("/employer/offers/paid?paymentId={id}")), "{location}");
    assert_eq!(status(&employer, &id), "success");
    let detail = app.get_ok(&format!("/api/it/v1/offers/{slug}"));
    assert_eq!(detail["title"], "Quokka Rust Developer");
    let first = employer.call(Method::GET, &format!("/v1/offers/{slug}?token={token}"), None).body;
    // Paying again, or failing after paying, changes nothing.
    no_redirects().post(format!("{}/api/it/v1/payments/sandbox/{id}/pay", app.base)).send().unwrap();
    no_redirects().post(format!("{}/api/it/v1/payments/sandbox/{id}/fail", app.base)).send().unwrap();
    let again = employer.call(Method::GET, &format!("/v1/offers/{slug}?token={token}"), None).body;
    assert_eq!((again["publishedAt"].clone(), again["expiresAt"].clone()), (first["publishedAt"].clone(), first["expiresAt"].clone()));
    assert_eq!(status(&employer, &id), "success");
    let twice = employer.call(Method::POST, "/v1/payments", Some(&pay_request(&slug, &token)));
    assert_eq!(twice.status, 409, "a published offer is paid for once (extend it instead)");

    for (action, expected) in [("fail", "failure"), ("cancel", "failure")] {
        let (slug, token) = employer.ready_offer("pro", "Senior Rust Developer");
        let id = employer.call(Method::POST, "/v1/payments", Some(&pay_request(&slug, &token))).body["id"].as_str().unwrap().to_string();
        assert_eq!(no_redirects().post(format!("{}/api/it/v1/payments/sandbox/{id}/{action}", app.base)).send().unwrap().status().as_u16(), 303);
        assert_eq!(status(&employer, &id), expected);
        assert_eq!(app.get(&format!("/api/it/v1/offers/{slug}")).status, 404, "{action}: not published");
    }
    let other = sign_up(&app, "it", "other@beta.example", "Beta");
    assert_eq!(other.call(Method::GET, &format!("/v1/payments/{id}/status"), None).status, 404, "another company's payment");
    assert_eq!(app.get("/api/it/v1/payments/sandbox/nope").status, 404);
    let bad = employer.call(
        Method::POST,
        "/v1/payments",
        Some(&json!({"offer_id": slug, "token": token, "accepted_regulations": true, "return_url": "javascript:alert(1)"})),
    );
    assert_eq!((bad.status, bad.body["field"].as_str()), (400, Some("return_url")));
    let unaccepted = employer.call(Method::POST, "/v1/payments", Some(&json!({"offer_id": slug, "token": token, "return_url": "/x"})));
    assert_eq!(unaccepted.body["field"], "accepted_regulations");
}

#[test]
fn invoice_data_is_checked_kept_and_reused() {
    let app = spawn_app(false);
    let employer = sign_up(&app, "it", "invoice@acme.example", "Acme Software");
    let (slug, token) = employer.ready_offer("pro", "Quokka Rust Developer");
    // What the review typed: a NIP "123", a postal code "abc", the country "Polska".
    let mut typed = pay_request(&slug, &token);
    typed["invoice_tax_id"] = json!("123");
    typed["invoice_postal_code"] = json!("abc");
    typed["invoice_country"] = json!("Polska");
    let refused = employer.call(Method::POST, "/v1/payments", Some(&typed));
    assert_eq!(
        (refused.status, refused.body["field"].as_str(), refused.body["code"].as_str()),
        (400, Some("invoice_country"), Some("invalid_country")),
        "{}",
        refused.body
    );
    typed["invoice_country"] = json!("PL");
    let refused = employer.call(Method::POST, "/v1/payments", Some(&typed));
    let fields: Vec<(&str, &str)> =
        refused.body["errors"].as_array().unwrap().iter().map(|e| (e["field"].as_str().unwrap(), e["code"].as_str().unwrap())).collect();
    assert_eq!(fields, [("invoice_tax_id", "invalid_nip"), ("invoice_postal_code", "invalid_postal_code")]);
    let mut foreign = pay_request(&slug, &token);
    foreign["invoice_country"] = json!("DE");
    foreign["invoice_tax_id"] = json!("12345");
    assert_eq!(employer.call(Method::POST, "/v1/payments", Some(&foreign)).body["code"], "invalid_tax_id", "an EU company's VAT number is checked");

    // Valid data, kept as the company's billing data when asked.
    let mut kept = pay_request(&slug, &token);
    kept["save_billing_data"] = json!(true);
    kept["invoice_tax_id"] = json!("676-246-16-59");
    assert_eq!(employer.call(Method::POST, "/v1/payments", Some(&kept)).status, 201);
    let company = employer.call(Method::GET, "/v1/company", None);
    assert_eq!(
        (company.body["billingData"]["taxId"].as_str(), company.body["billingData"]["postalCode"].as_str()),
        (Some("6762461659"), Some("31-001")),
        "{}",
        company.body
    );
    // The next payment without typed data uses them.
    let bare = json!({"offer_id": slug, "token": token, "accepted_regulations": true, "return_url": "/employer/offers/paid", "offer_type": "pro"});
    let created = employer.call(Method::POST, "/v1/payments", Some(&bare));
    assert_eq!(created.status, 201, "{}", created.body);
}

/// A loopback stand-in for Stripe's API: creates Checkout sessions and answers their status.
struct StripeStub {
    base: String,
    created: Arc<Mutex<Vec<String>>>,
    payment_status: Arc<Mutex<&'static str>>,
}

fn start_stub() -> StripeStub {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let created = Arc::new(Mutex::new(Vec::new()));
    let payment_status = Arc::new(Mutex::new("unpaid"));
    let (created_, status_) = (created.clone(), payment_status.clone());
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut request_line = String::new();
            reader.read_line(&mut request_line).unwrap();
            let mut length = 0;
            let mut authorized = false;
            loop {
                let mut line = String::new();
                reader.read_line(&mut line).unwrap();
                let lower = line.to_ascii_lowercase();
                if let Some(value) = lower.strip_prefix("content-length:") {
                    length = value.trim().parse().unwrap();
                }
                authorized |= lower.starts_with("authorization: bearer sk_test");
                if line == "\r\n" || line.is_empty() {
                    break;
                }
            }
            let mut body = vec![0; length];
            reader.read_exact(&mut body).unwrap();
            let answer = if !authorized {
                (401, json!({"error": {"message": "no key"}}))
            } else if request_line.starts_with("POST /v1/checkout/sessions ") {
                created_.lock().unwrap().push(String::from_utf8(body).unwrap());
                (200, json!({"id": "cs_test_1", "url": "https://checkout.stripe.test/c/pay/cs_test_1", "status": "open", "payment_status": "unpaid"}))
            } else if request_line.starts_with("GET /v1/checkout/sessions/cs_test_1 ") {
                (200, json!({"id": "cs_test_1", "status": "complete", "payment_status": *status_.lock().unwrap()}))
            } else {
                (404, json!({"error": {"message": "unknown"}}))
            };
            let text = answer.1.to_string();
            let _ = write!(
                stream,
                "HTTP/1.1 {} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{text}",
                answer.0,
                text.len()
            );
        }
    });
    StripeStub { base, created, payment_status }
}

fn stripe_app(stub: &StripeStub) -> TestApp {
    let api = stub.base.clone();
    spawn_configured(false, move |settings| {
        settings.payments.provider = "stripe".into();
        settings.payments.stripe_api_url = api;
        settings.payments.stripe_secret_key = "sk_test".into();
        settings.payments.stripe_webhook_secret = "whsec_test".into();
    })
}

fn webhook(app: &TestApp, body: &str, signature: &str) -> u16 {
    app.client
        .post(format!("{}/api/it/v1/payments/stripe/webhook", app.base))
        .header("stripe-signature", signature)
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .unwrap()
        .status()
        .as_u16()
}

#[test]
fn stripe_checkout_with_a_signed_webhook_before_the_return() {
    let stub = start_stub();
    let app = stripe_app(&stub);
    let employer = sign_up(&app, "it", "stripe@acme.example", "Acme Software");
    let (slug, token) = employer.ready_offer("pro", "Wombat Rust Developer");
    let created = employer.call(Method::POST, "/v1/payments", Some(&pay_request(&slug, &token)));
    assert_eq!(created.status, 201, "{}", created.body);
    let id = created.body["id"].as_str().unwrap().to_string();
    assert_eq!(created.body["payment_request_url"], "https://checkout.stripe.test/c/pay/cs_test_1");
    let form = stub.created.lock().unwrap()[0].clone();
    assert!(form.contains("unit_amount%5D=98277") && form.contains(&format!("client_reference_id={id}")), "{form}");
    assert_eq!(status(&employer, &id), "pending", "Stripe says unpaid");

    let now = wakat_engine::now();
    let event = json!({"type": "checkout.session.completed", "data": {"object": {"id": "cs_test_1", "client_reference_id": id, "payment_status": "paid", "status": "complete"}}}).to_string();
    assert_eq!(webhook(&app, &event, &wakat_server::payments::sign_webhook("whsec_forged", now, event.as_bytes())), 403, "another secret");
    assert_eq!(webhook(&app, &event, &wakat_server::payments::sign_webhook("whsec_test", now - 3_600, event.as_bytes())), 403, "a replay from an hour ago");
    assert_eq!(app.get(&format!("/api/it/v1/offers/{slug}")).status, 404, "nothing applied by forged webhooks");
    let signature = wakat_server::payments::sign_webhook("whsec_test", now, event.as_bytes());
    assert_eq!(webhook(&app, &event, &signature), 200);
    let published = employer.call(Method::GET, &format!("/v1/offers/{slug}?token={token}"), None).body;
    assert_eq!(published["state"], "published");
    assert_eq!(webhook(&app, &event, &signature), 200, "a repeated webhook is acknowledged");
    let again = employer.call(Method::GET, &format!("/v1/offers/{slug}?token={token}"), None).body;
    assert_eq!(again["expiresAt"], published["expiresAt"], "and changes nothing");
    assert_eq!(status(&employer, &id), "success", "the return after the webhook");
    assert_eq!(app.get_ok(&format!("/api/it/v1/offers/{slug}"))["title"], "Wombat Rust Developer");
}

#[test]
fn stripe_status_is_asked_when_the_return_comes_first() {
    let stub = start_stub();
    let app = stripe_app(&stub);
    let employer = sign_up(&app, "it", "return@acme.example", "Acme Software");
    let (slug, token) = employer.ready_offer("pro", "Senior Rust Developer");
    let id = employer.call(Method::POST, "/v1/payments", Some(&pay_request(&slug, &token))).body["id"].as_str().unwrap().to_string();
    *stub.payment_status.lock().unwrap() = "paid";
    assert_eq!(status(&employer, &id), "success");
    assert_eq!(app.get(&format!("/api/it/v1/offers/{slug}")).status, 200);
    let event = json!({"type": "checkout.session.completed", "data": {"object": {"client_reference_id": id, "payment_status": "paid"}}}).to_string();
    let late = webhook(&app, &event, &wakat_server::payments::sign_webhook("whsec_test", wakat_engine::now(), event.as_bytes()));
    assert_eq!(late, 200, "the late webhook changes nothing");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(3);
    while app.count("it", "keywords[]=senior") != 1 {
        assert!(std::time::Instant::now() < deadline, "searchable within a second");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(app.get("/api/it/v1/payments/sandbox/x").status, 404, "no sandbox with Stripe");
}

#[test]
fn an_extension_is_paid_through_the_sandbox_too() {
    let app = spawn_app(false);
    let employer = sign_up(&app, "it", "extend@acme.example", "Acme Software");
    let (slug, token) = employer.ready_offer("pro", "Senior Rust Developer");
    let mut extend = pay_request(&slug, &token);
    extend["extend"] = json!(true);
    assert_eq!(employer.call(Method::POST, "/v1/payments", Some(&extend)).status, 409, "a draft is published, not extended");
    let id = employer.call(Method::POST, "/v1/payments", Some(&pay_request(&slug, &token))).body["id"].as_str().unwrap().to_string();
    no_redirects().post(format!("{}/api/it/v1/payments/sandbox/{id}/pay", app.base)).send().unwrap();
    let published = employer.call(Method::GET, &format!("/v2/employer-panel/offers/end/{slug}"), None).body;
    let created = employer.call(Method::POST, "/v1/payments", Some(&extend));
    assert_eq!(created.status, 201, "{}", created.body);
    let id = created.body["id"].as_str().unwrap().to_string();
    no_redirects().post(format!("{}/api/it/v1/payments/sandbox/{id}/pay", app.base)).send().unwrap();
    assert_eq!(status(&employer, &id), "success");
    let extended = employer.call(Method::GET, &format!("/v2/employer-panel/offers/end/{slug}"), None).body;
    assert_eq!(extended["expiresAt"].as_i64().unwrap(), published["expiresAt"].as_i64().unwrap() + 30 * 86_400);
}

#[test]
fn a_draft_edited_during_payment_publishes_the_form_paid_for() {
    let app = spawn_app(false);
    let employer = sign_up(&app, "it", "edit@acme.example", "Acme Software");
    let (slug, token) = employer.ready_offer("pro", "Platypus Rust Developer");
    let id = employer.call(Method::POST, "/v1/payments", Some(&pay_request(&slug, &token))).body["id"].as_str().unwrap().to_string();
    let broken = employer.save(&slug, &token, &json!({"jobPositionName": "", "primaryEmploymentType": "b2b", "state": "draft"}));
    assert_eq!(broken.status, 200, "a draft may be broken meanwhile");
    no_redirects().post(format!("{}/api/it/v1/payments/sandbox/{id}/pay", app.base)).send().unwrap();
    assert_eq!(status(&employer, &id), "success");
    assert_eq!(app.get_ok(&format!("/api/it/v1/offers/{slug}"))["title"], "Platypus Rust Developer");
}
