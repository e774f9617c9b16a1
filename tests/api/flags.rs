//! Feature flags the API itself enforces, each with the board's flag on and off.

use reqwest::Method;
use serde_json::json;

use crate::applying::{offer, PASSWORD};
use crate::browser::Browser;
use crate::helpers::spawn_configured;

/// `applicationHistory` off: the history and its confirm/remove calls answer 404
/// `feature_disabled`; the redirect itself is still tracked (it counts the offer's applications).
/// On (the work board of the same server): the same calls work.
#[test]
fn application_history_off_closes_the_history_calls() {
    let app = spawn_configured(false, |settings| {
        settings.engine.tenants[0].flags.insert("applicationHistory".into(), false);
        settings.engine.tenants[1].flags.insert("applicationHistory".into(), true);
    });
    for board in ["it", "work"] {
        offer(&app, board, "external-offer", json!({"applyUrl": "https://careers.example.com/apply/42"}));
    }
    let mut ala = Browser::new(&app);
    ala.sign_up("it", "ala@example.pl", PASSWORD);
    let tracked = ala.json(Method::POST, "/api/it/v2/user-panel/offers/external-offer/track-redirects", &json!({}));
    assert_eq!(tracked.status, 200, "{}", tracked.body);
    let redirect = tracked.body["redirect_id"].as_str().unwrap().to_string();
    let history = ala.get("/api/it/v1/candidate/applications");
    assert_eq!((history.status, history.body["code"].as_str()), (404, Some("feature_disabled")), "{}", history.body);
    let confirm = ala.json(Method::POST, &format!("/api/it/v1/candidate/redirects/{redirect}/confirm"), &json!({}));
    assert_eq!((confirm.status, confirm.body["code"].as_str()), (404, Some("feature_disabled")), "{}", confirm.body);
    let remove = ala.json(Method::DELETE, &format!("/api/it/v1/candidate/redirects/{redirect}"), &json!({}));
    assert_eq!((remove.status, remove.body["code"].as_str()), (404, Some("feature_disabled")), "{}", remove.body);
    assert_eq!(app.get_ok("/api/it/v2/user-panel/configuration")["featureFlags"]["applicationHistory"], false);

    let mut ola = Browser::new(&app);
    ola.sign_up("work", "ola@example.pl", PASSWORD);
    let tracked = ola.json(Method::POST, "/api/work/v2/user-panel/offers/external-offer/track-redirects", &json!({}));
    let redirect = tracked.body["redirect_id"].as_str().unwrap().to_string();
    assert_eq!(ola.json(Method::POST, &format!("/api/work/v1/candidate/redirects/{redirect}/confirm"), &json!({})).status, 204);
    let history = ola.get("/api/work/v1/candidate/applications");
    assert_eq!((history.status, history.body["data"][0]["slug"].as_str()), (200, Some("external-offer")), "{}", history.body);
}
