//! Offer views: counted in memory, answered as persisted + pending, written on shutdown; the
//! popular list they feed has a bounded depth.

use std::process::Command;

use serde_json::{json, Value};

use crate::helpers::{repo_path, shared_app, spawn_configured, RealServer, TestApp};

fn view(app_base: &str, client: &reqwest::blocking::Client, slug: &str) -> Value {
    let response = client.post(format!("{app_base}/api/it/v1/views")).json(&json!({"offerSlug": slug})).send().expect("request is sent");
    assert_eq!(response.status().as_u16(), 200);
    response.json().expect("JSON answer")
}

fn slugs(body: &Value) -> Vec<String> {
    body["data"].as_array().expect("data is a list").iter().map(|o| o["slug"].as_str().unwrap().to_string()).collect()
}

#[test]
fn views_count_before_they_are_written_and_feed_popular() {
    // Nothing is written for an hour and nothing cached: what the answers show is pending.
    let app: TestApp = spawn_configured(true, |settings| {
        settings.server.views_flush_secs = 3600;
        settings.server.response_cache_mb = 0;
    });
    let list = app.get_ok("/api/it/v2/user-panel/offers?perPage=100&sortBy=newest&orderBy=ASC");
    let (first, second) = (slugs(&list)[3].clone(), slugs(&list)[4].clone());
    for expected in 1..=3 {
        assert_eq!(view(&app.base, &app.client, &second)["views"], expected);
    }
    assert_eq!(view(&app.base, &app.client, &first)["views"], 1);
    let popular = slugs(&app.get_ok("/api/it/v2/user-panel/offers/popular?perPage=5"));
    assert_eq!(popular[..2], [second.clone(), first.clone()], "pending views order the popular list");
    let metrics = app.client.get(format!("{}/metrics", app.base)).send().unwrap().text().unwrap();
    assert!(metrics.lines().any(|line| line == "wakat_views_pending 4"), "{metrics}");
}

#[test]
fn popular_pages_end_at_the_500th_offer() {
    let app = shared_app();
    assert_eq!(app.get("/api/it/v2/user-panel/offers/popular?page=25&perPage=20").status, 200);
    assert_eq!(app.get("/api/it/v2/user-panel/offers/popular?page=5&perPage=100").status, 200);
    for deep in ["page=26&perPage=20", "page=6&perPage=100", "page=5000"] {
        let answer = app.get(&format!("/api/it/v2/user-panel/offers/popular?{deep}"));
        assert_eq!(answer.status, 400, "{deep}: {}", answer.body);
        assert_eq!((answer.body["code"].as_str(), answer.body["field"].as_str()), (Some("invalid_page"), Some("page")), "{deep}");
    }
}

/// The real binary, on a data directory holding a few offers, writing views only when it stops.
#[test]
fn a_graceful_stop_writes_the_pending_views() {
    let data_dir = tempfile::tempdir().unwrap();
    let offers = data_dir.path().join("offers.jsonl");
    let first_offer = std::fs::read_to_string(repo_path("index-data/offers-it.jsonl")).unwrap().lines().next().unwrap().to_string();
    let slug = serde_json::from_str::<Value>(&first_offer).unwrap()["slug"].as_str().unwrap().to_string();
    std::fs::write(&offers, format!("{first_offer}\n")).unwrap();
    let store = data_dir.path().join("data");
    let imported = Command::new(env!("CARGO_BIN_EXE_wakat"))
        .args(["import", offers.to_str().unwrap(), "--tenant", "it", "--data-dir", store.to_str().unwrap()])
        .env("WAKAT_CONFIG", repo_path("wakat.toml"))
        .env("WAKAT_SERVER__INDEX_DATA_DIR", repo_path("index-data"))
        .output()
        .unwrap();
    assert!(imported.status.success(), "{}", String::from_utf8_lossy(&imported.stderr));

    let client = reqwest::blocking::Client::new();
    let views_env = [("WAKAT_SERVER__WORKERS", "1"), ("WAKAT_SERVER__VIEWS_FLUSH_SECS", "3600")];
    let mut server = RealServer::start(&store, &views_env);
    let base = server.base.clone();
    for expected in 1..=3 {
        assert_eq!(view(&base, &client, &slug)["views"], expected);
    }
    // SIGTERM, as a service manager stops it: the server drains, then writes what it counted.
    let killed = Command::new("kill").args(["-TERM", &server.child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    assert!(server.child.wait().unwrap().success(), "a graceful stop exits 0");

    let restarted = RealServer::start(&store, &views_env);
    let base = restarted.base.clone();
    assert_eq!(view(&base, &client, &slug)["views"], 4, "the 3 views counted before the stop were written");
    restarted.kill_9();
}
