//! Per-client rate limits: 429 with Retry-After past the budget, per client and class, and off
//! when the configuration says so.

use wakat_engine::RateLimitSettings;

use crate::helpers::{spawn_configured, TestApp};

const COUNT: &str = "/api/it/v2/user-panel/offers/count";
const METRICS_TOKEN: &str = "limits-metrics-token";

/// An app whose board `it` allows `burst` searches and 2 views at once (then one a minute), with
/// the loopback peer trusted to name its client in `X-Forwarded-For`.
fn limited_app(enabled: bool, burst: u32) -> TestApp {
    spawn_configured(false, |settings| {
        settings.server.rate_limits_enabled = enabled;
        settings.server.trusted_proxies = vec!["127.0.0.1".into()];
        // A client named by a proxy is not this machine: it scrapes with the operators' token.
        settings.server.metrics_token = METRICS_TOKEN.into();
        let limits = &mut settings.engine.tenants[0].rate_limits;
        limits.insert("expensive_read".into(), RateLimitSettings { per_minute: 1, burst });
        limits.insert("public_write".into(), RateLimitSettings { per_minute: 1, burst: 2 });
    })
}

fn get_as(app: &TestApp, path: &str, client: &str) -> reqwest::blocking::Response {
    app.client.get(format!("{}{path}", app.base)).header("x-forwarded-for", client).send().expect("request is sent")
}

#[test]
fn past_its_burst_a_client_gets_429_with_retry_after_and_others_do_not() {
    let app = limited_app(true, 3);
    for _ in 0..3 {
        assert_eq!(get_as(&app, COUNT, "203.0.113.1").status().as_u16(), 200);
    }
    let refused = get_as(&app, COUNT, "203.0.113.1");
    assert_eq!(refused.status().as_u16(), 429);
    let retry_after: u64 = refused.headers()["retry-after"].to_str().unwrap().parse().expect("Retry-After is whole seconds");
    assert!((1..=60).contains(&retry_after), "one request a minute: {retry_after}");
    let body: serde_json::Value = refused.json().unwrap();
    assert_eq!(body["code"], "rate_limited");
    assert!(body["message"].is_string() && body["field"].is_null(), "{body}");

    assert_eq!(get_as(&app, COUNT, "203.0.113.2").status().as_u16(), 200, "another client has its own budget");
    let other_class = get_as(&app, "/api/it/v2/user-panel/offers/suggest?keyword=jav", "203.0.113.1");
    assert_eq!(other_class.status().as_u16(), 200, "suggestions are not limited");
    let same_client_other_route = get_as(&app, "/api/it/v2/user-panel/offers?perPage=1", "203.0.113.1");
    assert_eq!(same_client_other_route.status().as_u16(), 429, "one budget for every search of the board");
    let metrics = app.client.get(format!("{}/metrics", app.base)).header("x-forwarded-for", "203.0.113.1").bearer_auth(METRICS_TOKEN).send().unwrap();
    assert_eq!(metrics.status().as_u16(), 200, "metrics are not limited");

    // Public writes have their own class: the third view is refused (the offer does not exist:
    // the first two answer 404, still counted).
    let view = |client: &str| {
        app.client
            .post(format!("{}/api/it/v1/views", app.base))
            .header("x-forwarded-for", client)
            .json(&serde_json::json!({"offerSlug": "no-such-offer"}))
            .send()
            .unwrap()
            .status()
            .as_u16()
    };
    assert_eq!([view("203.0.113.3"), view("203.0.113.3"), view("203.0.113.3")], [404, 404, 429]);

    let metrics = app.client.get(format!("{}/metrics", app.base)).bearer_auth(METRICS_TOKEN).send().unwrap().text().unwrap();
    let refused_reads = metrics.lines().find(|line| line.starts_with("wakat_rate_limited_total{class=\"expensive_read\"}")).expect("rate limit series");
    assert!(refused_reads.ends_with(" 2"), "{refused_reads}");
}

#[test]
fn without_a_trusted_proxy_the_peer_is_the_client() {
    let app = spawn_configured(false, |settings| {
        settings.server.rate_limits_enabled = true;
        settings.server.trusted_proxies = Vec::new();
        settings.engine.tenants[0].rate_limits.insert("expensive_read".into(), RateLimitSettings { per_minute: 1, burst: 2 });
    });
    let statuses: Vec<u16> = ["198.51.100.1", "198.51.100.2", "198.51.100.3"].iter().map(|client| get_as(&app, COUNT, client).status().as_u16()).collect();
    assert_eq!(statuses, [200, 200, 429], "a forwarded address from an untrusted peer is ignored");
}

#[test]
fn with_limits_off_nothing_is_limited() {
    let app = limited_app(false, 1);
    for _ in 0..30 {
        assert_eq!(get_as(&app, COUNT, "203.0.113.1").status().as_u16(), 200);
    }
}

#[test]
fn the_document_lists_the_429_of_every_limited_call() {
    let document = crate::helpers::shared_app().get_ok("/api/openapi.json");
    for (method, path) in wakat_server::routes::rate_limited() {
        let answer = &document["paths"][&path][&method]["responses"]["429"];
        assert!(answer["headers"]["Retry-After"].is_object(), "{method} {path} does not document its 429");
    }
    assert!(document["paths"]["/api/{tenant}/v2/user-panel/offers/suggest"]["get"]["responses"]["429"].is_null());
}
