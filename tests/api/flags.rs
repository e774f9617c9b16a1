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

/// `blogShowcase`: the IT board (on, `[tenants.blog]` of wakat.toml) lists its posts newest first
/// in the asked language (Polish as the fallback) and serves each with its sanitised body; the
/// work board (off) answers 404 `feature_disabled`, and so does the IT board with the flag off.
#[test]
fn blog_showcase_serves_the_boards_posts_only_with_the_flag() {
    let app = crate::helpers::spawn_app(false);
    let posts = app.get_ok("/api/it/v1/blog/posts?lang=pl&limit=3")["data"].clone();
    let slugs: Vec<&str> = posts.as_array().unwrap().iter().map(|post| post["slug"].as_str().unwrap()).collect();
    assert_eq!(slugs, ["jak-czytac-widelki", "pierwsza-rozmowa-techniczna", "praca-zdalna-czy-hybrydowa"], "newest first");
    assert_eq!((posts[0]["date"].as_str(), posts[0]["lang"].as_str()), (Some("2026-11-20"), Some("pl")));
    let english = app.get_ok("/api/it/v1/blog/posts?lang=en")["data"].clone();
    assert_eq!((english[0]["lang"].as_str(), english[2]["lang"].as_str()), (Some("en"), Some("pl")), "a post without English comes in Polish");
    assert_eq!(english[0]["title"], "How to read salary ranges in IT job ads");
    let post = app.get_ok("/api/it/v1/blog/posts/jak-czytac-widelki?lang=pl");
    let html = post["html"].as_str().unwrap();
    assert!(html.contains("<h2>Umowa o pracę i B2B</h2>") && html.contains("<strong>brutto</strong>"), "{html}");
    let missing = app.get("/api/it/v1/blog/posts/no-such-post");
    assert_eq!((missing.status, missing.body["code"].as_str()), (404, Some("post_not_found")));
    assert_eq!(app.get("/api/it/v1/blog/posts?limit=0").body["code"], "invalid_number");
    for path in ["/api/work/v1/blog/posts", "/api/work/v1/blog/posts/jak-czytac-widelki"] {
        let off = app.get(path);
        assert_eq!((off.status, off.body["code"].as_str()), (404, Some("feature_disabled")), "{path}");
    }
    let switched_off = spawn_configured(false, |settings| {
        settings.engine.tenants[0].flags.insert("blogShowcase".into(), false);
    });
    assert_eq!(switched_off.get("/api/it/v1/blog/posts").body["code"], "feature_disabled");
}

/// `promotionalHomepage`: the configuration carries the board's hero (its English texts falling
/// back to Polish); a board without one answers null.
#[test]
fn the_configuration_carries_the_promotional_hero() {
    let app = crate::helpers::spawn_app(false);
    let it = app.get_ok("/api/it/v2/user-panel/configuration");
    assert_eq!(it["featureFlags"]["promotionalHomepage"], true);
    let promotion = &it["promotion"];
    assert_eq!((promotion["imageUrl"].as_str(), promotion["link"].as_str()), (Some("/promo/it.svg"), Some("/all-locations?widelki=true")));
    assert_eq!(promotion["headline"]["en"], "See the pay up front: every offer with a salary range");
    assert!(promotion["linkLabel"]["pl"].as_str().is_some_and(|label| !label.is_empty()));
    let work = app.get_ok("/api/work/v2/user-panel/configuration");
    assert_eq!((work["featureFlags"]["promotionalHomepage"].as_bool(), work["promotion"].is_null()), (Some(false), true));
}

/// `redirectCountThrottling`: on, a client's repeated redirects to an offer within 24 hours count
/// once (the same redirect comes back); off, each counts.
#[test]
fn redirect_count_throttling_counts_repeats_once_only_with_the_flag() {
    let app = spawn_configured(false, |settings| {
        settings.engine.tenants[0].flags.insert("redirectCountThrottling".into(), true);
        settings.engine.tenants[1].flags.insert("redirectCountThrottling".into(), false);
    });
    for (board, throttled) in [("it", true), ("work", false)] {
        offer(&app, board, "external-offer", json!({"applyUrl": "https://careers.example.com/apply/42"}));
        let mut guest = Browser::new(&app);
        let path = format!("/api/{board}/v2/user-panel/offers/external-offer/track-redirects");
        let first = guest.json(Method::POST, &path, &json!({})).body["redirect_id"].clone();
        let second = guest.json(Method::POST, &path, &json!({})).body["redirect_id"].clone();
        assert!(first.is_string() && second.is_string());
        assert_eq!(first == second, throttled, "{board}: {first} {second}");
    }
}
