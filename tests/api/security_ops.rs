//! Issue 22, the operations items of the security review: the dev mailbox (off unless switched on,
//! answering this machine only, never served on a public address), download names that follow the
//! content, payment returns that stay on the board, and the operators' data (metrics, internal
//! calls) kept from the public.

use std::net::{IpAddr, UdpSocket};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{json, Value};

use crate::applying::{apply, form, pdf, with_file, PASSWORD};
use crate::browser::{urlencode, Browser};
use crate::candidate_area::upload_cv;
use crate::employer_client::{company_id, sign_up, EmployerClient};
use crate::helpers::{repo_path, shared_app, spawn_app, spawn_configured, Answer, TestApp};
use crate::panel_offers::published_offer;

fn answer(response: reqwest::blocking::Response) -> Answer {
    let status = response.status().as_u16();
    let body = response.json().unwrap_or(Value::Null);
    Answer { status, body }
}

/// An error answer in the API's shape: `code`, a message, and `field`.
fn assert_error(answer: &Answer, status: u16, code: &str, field: Option<&str>, context: &str) {
    assert_eq!((answer.status, answer.body["code"].as_str(), answer.body["field"].as_str()), (status, Some(code), field), "{context}: {}", answer.body);
    assert!(answer.body["message"].as_str().is_some_and(|message| !message.is_empty()), "{context}: {}", answer.body);
}

/// An address of this machine other than loopback (the one its default route leaves from), so a
/// request can reach a loopback server from a peer address that is not loopback. `None` on a
/// machine without one.
fn non_loopback_address() -> IpAddr {
    let found = (|| {
        let socket = UdpSocket::bind("0.0.0.0:0").ok()?;
        // Connecting a UDP socket sends nothing: it only chooses the route and its source address.
        socket.connect("203.0.113.1:9").ok()?;
        let ip = socket.local_addr().ok()?.ip();
        (!ip.is_loopback() && !ip.is_unspecified()).then_some(ip)
    })();
    // Never skipped: a machine without such an address cannot show that remote peers are refused.
    found.expect("this test needs an address besides loopback with a default route (e.g. eth0), to connect from a real non-loopback peer")
}

/// A client whose connections leave from `address`.
fn client_from(address: IpAddr) -> reqwest::blocking::Client {
    reqwest::blocking::Client::builder().local_address(address).build().unwrap()
}

/// The board's settings as `wakat.toml` has them (environment overrides from `env`).
fn file_settings(env: &[(&str, &str)]) -> wakat_server::Settings {
    let text = std::fs::read_to_string(repo_path("wakat.toml")).unwrap();
    wakat_server::Settings::from_toml(&text, env.iter().map(|(name, value)| (name.to_string(), value.to_string()))).unwrap()
}

/// Registers a candidate straight through the API: a confirmation mail goes to the outbox.
fn register(app: &TestApp, email: &str) {
    let registered = app.send_json(Method::POST, "/api/it/v1/candidate/register", &json!({"acceptedTerms": true, "email": email, "password": PASSWORD}));
    assert_eq!(registered.status, 202, "{}", registered.body);
}

#[test]
fn the_dev_mailbox_is_off_unless_switched_on() {
    assert!(!file_settings(&[]).mail.dev_mailbox, "wakat.toml leaves the mailbox off");
    assert!(file_settings(&[("WAKAT_MAIL__DEV_MAILBOX", "true")]).mail.dev_mailbox, "the variable switches it on");
    let mail = file_settings(&[]).mail;
    let app = spawn_configured(false, move |settings| settings.mail = mail);
    register(&app, "ala@example.pl");
    for path in ["/api/dev/mailbox", "/api/dev/mailbox?to=ala%40example.pl", "/api/dev/mailbox/0123456789abcdef"] {
        assert_error(&app.get(path), 404, "feature_disabled", None, path);
    }
}

#[test]
fn the_dev_mailbox_answers_this_machine_only() {
    let app = spawn_app(false);
    register(&app, "ola@example.pl");
    let list = format!("/api/dev/mailbox?to={}", urlencode("ola@example.pl"));
    let deadline = Instant::now() + Duration::from_secs(10);
    let id = loop {
        let listed = app.get_ok(&list);
        if let Some(id) = listed["data"][0]["id"].as_str() {
            break id.to_string();
        }
        assert!(Instant::now() < deadline, "the confirmation mail never reached the outbox");
        std::thread::sleep(Duration::from_millis(50));
    };
    let one = format!("/api/dev/mailbox/{id}");
    assert!(app.get_ok(&one)["text"].as_str().unwrap().contains("token="), "a loopback client reads the mail");

    // A proxy on this machine (the web app's server, nginx) is a loopback peer: the client it
    // names decides.
    for (header, value) in [
        ("x-forwarded-for", "203.0.113.7"),
        ("x-forwarded-for", "127.0.0.1, 203.0.113.7"),
        ("forwarded", "for=203.0.113.7;proto=https"),
        ("x-real-ip", "203.0.113.7"),
    ] {
        for path in [&list, &one] {
            let refused = answer(app.client.get(format!("{}{path}", app.base)).header(header, value).send().unwrap());
            assert_error(&refused, 403, "loopback_only", None, &format!("{path} with {header}: {value}"));
        }
    }
    let forwarded_local = app.client.get(format!("{}{list}", app.base)).header("x-forwarded-for", "127.0.0.1").send().unwrap();
    assert_eq!(forwarded_local.status().as_u16(), 200, "the web app's server calling for a visitor on this machine");

    let address = non_loopback_address();
    let other_peer = client_from(address);
    for path in [&list, &one] {
        let refused = answer(other_peer.get(format!("{}{path}", app.base)).send().unwrap());
        assert_error(&refused, 403, "loopback_only", None, &format!("{path} from {address}"));
    }
}

#[test]
fn serve_refuses_a_public_bind_with_the_dev_mailbox_on() {
    let data_dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_wakat"))
        .args(["serve", "--bind", "0.0.0.0:0", "--data-dir"])
        .arg(data_dir.path())
        .env("WAKAT_CONFIG", repo_path("wakat.toml"))
        .env("WAKAT_SERVER__INDEX_DATA_DIR", repo_path("index-data"))
        .env("WAKAT_TENANTS__0__DEFAULT_DATA", "")
        .env("WAKAT_TENANTS__1__DEFAULT_DATA", "")
        .env("WAKAT_MAIL__DEV_MAILBOX", "true")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("wakat serve runs on 0.0.0.0 with the dev mailbox on");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    assert!(!status.success(), "{stderr}");
    assert!(stderr.contains("mail.dev_mailbox") && stderr.contains("'0.0.0.0:0'") && stderr.contains("not loopback"), "{stderr}");
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
    let web = settings.engine.tenants[0].web_url(&settings.server.public_url).to_string();
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

fn scrape(client: &reqwest::blocking::Client, app: &TestApp, token: Option<&str>, forwarded_for: Option<&str>) -> Answer {
    let mut request = client.get(format!("{}/metrics", app.base));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if let Some(client) = forwarded_for {
        request = request.header("x-forwarded-for", client);
    }
    let response = request.send().unwrap();
    let status = response.status().as_u16();
    let text = response.text().unwrap();
    Answer { status, body: serde_json::from_str(&text).unwrap_or(Value::String(text)) }
}

#[test]
fn metrics_need_the_token_when_one_is_set() {
    let app = spawn_configured(false, |settings| settings.server.metrics_token = "scrape-token-0123456789".into());
    assert_error(&scrape(&app.client, &app, None, None), 401, "unauthorized", None, "no token, even from loopback");
    assert_error(&scrape(&app.client, &app, Some("scrape-token-012345678"), None), 401, "unauthorized", None, "a wrong token");
    let scraped = scrape(&app.client, &app, Some("scrape-token-0123456789"), Some("203.0.113.9"));
    assert_eq!(scraped.status, 200, "with the token, from anywhere");
    assert!(scraped.body.as_str().unwrap().contains("wakat_http_requests_total"));
}

#[test]
fn metrics_without_a_token_answer_this_machine_only() {
    let app = spawn_app(false);
    assert_eq!(scrape(&app.client, &app, None, None).status, 200, "a scraper on this machine");
    assert_error(&scrape(&app.client, &app, None, Some("203.0.113.9")), 403, "loopback_only", None, "forwarded by a proxy on this machine");
    let address = non_loopback_address();
    assert_error(&scrape(&client_from(address), &app, None, None), 403, "loopback_only", None, &format!("from {address}"));
}

#[test]
fn operator_calls_are_documented_only_behind_the_internal_token() {
    let app = shared_app();
    let public = app.get_ok("/api/openapi.json");
    let operator_paths: Vec<&String> =
        public["paths"].as_object().unwrap().keys().filter(|path| path.contains("/internal/") || path.starts_with("/api/dev/")).collect();
    assert!(operator_paths.is_empty(), "the public document names {operator_paths:?}");

    let internal = "/api/internal/openapi.json";
    assert_error(&app.get(internal), 401, "unauthorized", None, "no token");
    let wrong = answer(app.client.get(format!("{}{internal}", app.base)).bearer_auth("not-the-token").send().unwrap());
    assert_error(&wrong, 401, "unauthorized", None, "a wrong token");
    let document = answer(app.client.get(format!("{}{internal}", app.base)).bearer_auth(&app.internal_token).send().unwrap());
    assert_eq!(document.status, 200, "{}", document.body);
    let paths = document.body["paths"].as_object().unwrap();
    for path in [
        "/api/{tenant}/internal/offers",
        "/api/{tenant}/internal/offers/{slug}",
        "/api/{tenant}/internal/offers/{slug}/applications",
        "/api/{tenant}/internal/companies/{company_id}/codes",
        "/api/{tenant}/internal/digests/run",
        "/api/{tenant}/internal/bumps/run",
        "/api/dev/mailbox",
        "/api/dev/mailbox/{id}",
    ] {
        assert!(paths.contains_key(path), "the internal document lacks {path}");
    }
    assert!(paths.keys().all(|path| path.contains("/internal/") || path.starts_with("/api/dev/")), "{:?}", paths.keys());
}
