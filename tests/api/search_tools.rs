//! Tools for search engineers: the explain call (off unless a debug token is configured).

use reqwest::Method;
use serde_json::Value;

use crate::helpers::{offer_json, shared_app, spawn_configured, TestApp};

const TOKEN: &str = "debug-token-for-tests";

fn explain(app: &TestApp, tenant: &str, query: &str, token: Option<&str>) -> (u16, Value) {
    let mut request = app.client.get(format!("{}/api/{tenant}/v2/user-panel/offers/explain?{query}", app.base));
    if let Some(token) = token {
        request = request.header("X-Wakat-Debug-Token", token);
    }
    let response = request.send().unwrap();
    (response.status().as_u16(), response.json().unwrap_or(Value::Null))
}

fn debug_app() -> TestApp {
    spawn_configured(true, |settings| settings.server.search_debug_token = TOKEN.into())
}

fn slugs(app: &TestApp, query: &str) -> Vec<String> {
    let body = app.get_ok(&format!("/api/it/v2/user-panel/offers?perPage=100&{query}"));
    body["data"].as_array().unwrap().iter().map(|o| o["slug"].as_str().unwrap().to_string()).collect()
}

/// The explanation accounts for the whole score: its parts add up to the search's score, and
/// the ranking key is the relevance times the freshness factor.
fn assert_accounts_for_the_score(answer: &Value) {
    let score = answer["score"].as_f64().expect("matched: a score");
    let parts = answer["parts"].as_array().unwrap();
    let sum: f64 = parts.iter().map(|p| p["score"].as_f64().unwrap()).sum();
    assert!((sum - score).abs() <= 0.01 + score.abs() * 1e-5, "parts add up to {sum}, the score is {score}: {answer}");
    for part in parts.iter().filter(|p| p["kind"] == "bm25") {
        let product = part["bm25"].as_f64().unwrap() * part["boost"].as_f64().unwrap();
        assert!((product - part["score"].as_f64().unwrap()).abs() < 1e-3, "bm25 × boost: {part}");
    }
    let tiers = answer["exactTier"].as_f64().unwrap() * 10_000.0 + answer["typedLanguage"].as_f64().unwrap() * 1_000.0;
    let relevance = answer["relevance"].as_f64().unwrap();
    assert!((tiers + relevance - score).abs() <= 0.01, "{answer}");
    let factor = 1.0 + answer["freshnessWeight"].as_f64().unwrap() * answer["freshness"].as_f64().unwrap();
    assert!((relevance * factor - answer["finalScore"].as_f64().unwrap()).abs() < 1e-6 * (1.0 + relevance), "{answer}");
}

#[test]
fn explain_is_off_without_a_debug_token_and_needs_it_when_on() {
    let off = shared_app();
    let slug = slugs(off, "keywords[]=java")[0].clone();
    let (status, body) = explain(off, "it", &format!("keywords[]=java&slug={slug}"), Some("anything"));
    assert_eq!((status, body["code"].as_str()), (404, Some("feature_disabled")));

    let app = debug_app();
    let query = format!("keywords[]=java&slug={slug}");
    for token in [None, Some("wrong"), Some("")] {
        let (status, body) = explain(&app, "it", &query, token);
        assert_eq!((status, body["code"].as_str()), (401, Some("unauthorized")), "{token:?}");
    }
    assert_eq!(explain(&app, "it", &query, Some(TOKEN)).0, 200);
    // Access matrix: a board only explains its own offers; bad input is a 4xx.
    let (status, body) = explain(&app, "work", &query, Some(TOKEN));
    assert_eq!((status, body["code"].as_str()), (404, Some("offer_not_found")), "{body}");
    assert_eq!(explain(&app, "nope", &query, Some(TOKEN)).0, 404);
    let (status, body) = explain(&app, "it", "keywords[]=java", Some(TOKEN));
    assert_eq!((status, body["field"].as_str()), (400, Some("slug")));
    assert_eq!(explain(&app, "it", &format!("{query}&perPage=abc"), Some(TOKEN)).0, 400);
}

#[test]
fn explain_accounts_for_the_whole_score() {
    let app = debug_app();
    // Translations: the first results are Polish titles (the typed language's tier), further on
    // English ones by synonym: the first 20 and every fifth after them are explained.
    let found = slugs(&app, "keywords[]=programista%20java");
    assert!(found.len() > 3);
    let mut saw_synonym = false;
    for (rank, slug) in found.iter().enumerate().filter(|(rank, _)| *rank < 20 || rank % 5 == 0) {
        let (status, answer) = explain(&app, "it", &format!("keywords[]=programista%20java&slug={slug}"), Some(TOKEN));
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["matched"], true);
        assert_eq!(answer["rank"].as_u64(), Some(rank as u64 + 1), "explain ranks it where the list does");
        assert_accounts_for_the_score(&answer);
        saw_synonym |= answer["parts"].as_array().unwrap().iter().any(|p| p["role"]["kind"] == "synonym");
    }
    assert!(saw_synonym, "developer offers are found by the synonym");
    // A role word alone: the Polish title first, the typed language's bonus a part of its own.
    let first = slugs(&app, "keywords[]=programista")[0].clone();
    let (_, answer) = explain(&app, "it", &format!("keywords[]=programista&slug={first}"), Some(TOKEN));
    assert_accounts_for_the_score(&answer);
    assert_eq!(answer["typedLanguage"], 1, "{answer}");
    assert!(answer["parts"].as_array().unwrap().iter().any(|p| p["kind"] == "typedLanguage"), "{answer}");

    // Corrections and the exact tier.
    let typo = slugs(&app, "keywords[]=pyhton")[0].clone();
    let (_, answer) = explain(&app, "it", &format!("keywords[]=pyhton&slug={typo}"), Some(TOKEN));
    assert_accounts_for_the_score(&answer);
    assert!(answer["parts"].as_array().unwrap().iter().any(|p| p["role"]["kind"] == "correction" && p["term"] == "python"), "{answer}");
    assert_eq!(answer["search"]["corrections"][0]["corrected"], "python");

    // Place words: the attribute's bonus is a part of its own.
    let warsaw = slugs(&app, "keywords[]=java%20warsaw")[0].clone();
    let (_, answer) = explain(&app, "it", &format!("keywords[]=java%20warsaw&slug={warsaw}"), Some(TOKEN));
    assert_accounts_for_the_score(&answer);
    assert!(answer["parts"].as_array().unwrap().iter().any(|p| p["kind"] == "attribute" && p["term"] == "city=warszawa"), "{answer}");

    // An offer the query does not match: no score, no rank.
    let other = slugs(&app, "keywords[]=python")[0].clone();
    let (_, answer) = explain(&app, "it", &format!("keywords[]=c%23&slug={other}"), Some(TOKEN));
    assert_eq!((answer["matched"].as_bool(), answer["rank"].as_u64()), (Some(false), None), "{answer}");
}

#[test]
fn explain_shows_the_exact_tier_above_corrections() {
    let app = spawn_configured(false, |settings| settings.server.search_debug_token = TOKEN.into());
    let mut exact = offer_json("scala-exact", "Scala Developer", "Gdańsk", 54.35, 18.65);
    exact["publishedAt"] = (wakat_engine::now() - 30 * 86_400).into();
    let mut corrected = offer_json("scalo-typo", "Scalo Scalo Scalo", "Gdańsk", 54.35, 18.65);
    corrected["companyName"] = "Scalo".into();
    for offer in [exact, corrected] {
        assert_eq!(app.internal(Method::POST, "/api/it/internal/offers", &offer).status, 201);
    }
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while app.count("it", "keywords[]=scala") < 2 {
        assert!(std::time::Instant::now() < deadline);
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let (_, exact) = explain(&app, "it", "keywords[]=scala&slug=scala-exact", Some(TOKEN));
    let (_, corrected) = explain(&app, "it", "keywords[]=scala&slug=scalo-typo", Some(TOKEN));
    assert_accounts_for_the_score(&exact);
    assert_accounts_for_the_score(&corrected);
    assert_eq!((exact["exactTier"].as_u64(), corrected["exactTier"].as_u64()), (Some(1), Some(0)));
    assert!(corrected["finalScore"].as_f64() > exact["finalScore"].as_f64(), "the correction scores more within its tier, and still ranks below");
    assert_eq!((exact["rank"].as_u64(), corrected["rank"].as_u64()), (Some(1), Some(2)));
}

#[test]
fn search_analytics_count_queries_results_and_clicked_positions_without_personal_data() {
    use crate::helpers::RealServer;
    let data_dir = tempfile::tempdir().unwrap();
    let store = data_dir.path().join("data");
    std::fs::create_dir_all(&store).unwrap();
    let mut server = RealServer::start(&store, &[("WAKAT_SERVER__VIEWS_FLUSH_SECS", "3600")]);
    let app = server.app(&store);
    assert_eq!(app.internal(Method::POST, "/api/it/internal/offers", &offer_json("scala-dev", "Scala Developer", "Gdańsk", 54.35, 18.65)).status, 201);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while app.count("it", "keywords[]=scala") < 1 {
        assert!(std::time::Instant::now() < deadline);
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    app.get_ok("/api/it/v2/user-panel/offers?keywords[]=Scala");
    app.get_ok("/api/it/v2/user-panel/offers?keywords[]=scala"); // the cached answer counts too
    app.get_ok("/api/it/v2/user-panel/offers?keywords[]=scala&page=2"); // a further page is no search
    app.get_ok("/api/it/v2/user-panel/offers/by-cursor?keywords[]=pyhtonn");
    app.get_ok("/api/it/v2/user-panel/offers?keywords[]=jan.kowalski%40example.pl");
    app.get_ok("/api/it/v2/user-panel/offers"); // no text: no search
    for position in [1, 1, 3] {
        assert_eq!(app.send_json(Method::POST, "/api/it/v1/search-clicks", &serde_json::json!({"position": position})).status, 204);
    }
    assert_eq!(app.send_json(Method::POST, "/api/work/v1/search-clicks", &serde_json::json!({"position": 7})).status, 204);
    for bad in [serde_json::json!({"position": 0}), serde_json::json!({"position": 1001}), serde_json::json!({"position": "x"}), serde_json::json!({})] {
        let answer = app.send_json(Method::POST, "/api/it/v1/search-clicks", &bad);
        assert_eq!(answer.status, 400, "{bad}: {}", answer.body);
    }
    assert_eq!(app.send_json(Method::POST, "/api/nope/v1/search-clicks", &serde_json::json!({"position": 1})).status, 404);
    // A graceful stop writes what was counted.
    assert!(std::process::Command::new("kill").args(["-TERM", &server.child.id().to_string()]).status().unwrap().success());
    assert!(server.child.wait().unwrap().success());

    let report = std::process::Command::new(env!("CARGO_BIN_EXE_wakat"))
        .args(["analytics", "--tenant", "it", "--days", "1", "--data-dir", store.to_str().unwrap()])
        .env("WAKAT_CONFIG", crate::helpers::repo_path("wakat.toml"))
        .env("WAKAT_SERVER__INDEX_DATA_DIR", crate::helpers::repo_path("index-data"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&report.stdout).to_string();
    assert!(report.status.success(), "{text}{}", String::from_utf8_lossy(&report.stderr));
    assert!(text.contains(": 4 searches"), "{text}");
    assert!(text.lines().any(|l| l.split_whitespace().collect::<Vec<_>>() == ["2", "scala", "(1)"]), "{text}");
    let zero = text.split("Zero-result queries").nth(1).unwrap().split("Clicks").next().unwrap();
    assert!(zero.contains("pyhtonn") && !zero.contains("scala"), "{text}");
    assert!(text.contains("(withheld)") && !text.contains("kowalski"), "no personal data: {text}");
    assert!(text.contains("3 clicks"), "only this board's clicks: {text}");
    assert!(text.lines().any(|l| l.split_whitespace().take(2).collect::<Vec<_>>() == ["#1", "2"]), "{text}");
    assert!(text.lines().any(|l| l.split_whitespace().take(2).collect::<Vec<_>>() == ["#3", "1"]), "{text}");
}
