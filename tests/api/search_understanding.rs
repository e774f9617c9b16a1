//! Issue 13: search that understands what people type, on the default data of the `it` board.
//! One test per row of the issue's table; counts are compared with the forms people meant.

use crate::helpers::{shared_app, TestApp};

fn count(app: &TestApp, keyword: &str) -> u64 {
    app.count("it", &format!("keywords[]={}", urlencode(keyword)))
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn titles(app: &TestApp, query: &str) -> Vec<String> {
    let body = app.get_ok(&format!("/api/it/v2/user-panel/offers?perPage=100&{query}"));
    body["data"].as_array().unwrap().iter().map(|offer| offer["title"].as_str().unwrap().to_string()).collect()
}

#[test]
fn typos_find_what_was_meant() {
    let app = shared_app();
    for (typed, meant) in [("pyhton", "python"), ("kubernets", "kubernetes"), ("javascirpt", "javascript")] {
        let meant_count = count(app, meant);
        assert!(meant_count > 0, "{meant} has offers");
        assert!(count(app, typed) >= meant_count, "{typed} finds at least the {meant_count} offers of {meant}");
    }
}

#[test]
fn compound_and_hyphen_forms_are_one_word() {
    let app = shared_app();
    let frontend = count(app, "frontend");
    assert!(frontend > 0);
    assert_eq!(count(app, "front-end"), frontend, "front-end = frontend");
    assert_eq!(count(app, "front end"), frontend, "front end = frontend");
    let devops = count(app, "devops");
    assert!(devops > 0);
    assert_eq!(count(app, "dev ops"), devops, "dev ops = devops");
}

#[test]
fn programista_also_finds_developers_with_polish_titles_first() {
    let app = shared_app();
    let developer = count(app, "developer");
    let programista = count(app, "programista");
    assert!(developer > 0);
    assert!(programista >= developer, "programista ({programista}) finds the {developer} developer offers too");
    let first = titles(app, "keywords[]=programista");
    let polish_first = first.iter().take(5).all(|t| t.to_lowercase().contains("programist"));
    assert!(polish_first, "offers in the typed language rank first: {:?}", &first[..5.min(first.len())]);
}

#[test]
fn analityk_and_inzynier_find_analysts_and_engineers() {
    let app = shared_app();
    for (polish, english) in [("analityk", "analyst"), ("inżynier", "engineer")] {
        let english_count = count(app, english);
        assert!(english_count > 0);
        assert!(count(app, polish) >= english_count, "{polish} finds the {english_count} offers of {english}");
        assert!(count(app, english) >= count(app, polish), "and the other way round");
    }
}

#[test]
fn uczenie_maszynowe_is_machine_learning() {
    let app = shared_app();
    let english = count(app, "machine learning");
    assert!(english > 0);
    assert_eq!(count(app, "uczenie maszynowe"), english);
}

#[test]
fn place_and_mode_words_match_cities_and_workplaces() {
    let app = shared_app();
    let warszawa = count(app, "warszawa");
    assert!(warszawa > 0);
    assert_eq!(count(app, "warsaw"), warszawa, "warsaw = Warszawa");
    let remote_offers = app.count("it", "remoteWorkOptions[]=remote");
    assert!(remote_offers > 0);
    assert!(count(app, "remote") >= remote_offers, "remote finds the remote offers");
    assert!(count(app, "zdalnie") >= remote_offers, "zdalnie finds the remote offers");
}

fn list(app: &TestApp, query: &str) -> serde_json::Value {
    app.get_ok(&format!("/api/it/v2/user-panel/offers?perPage=100&{query}"))
}

fn wait_count(app: &TestApp, query: &str, expected: u64) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while app.count("it", query) != expected {
        assert!(std::time::Instant::now() < deadline, "{query} never counted {expected}");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

#[test]
fn exact_matches_rank_above_corrected_ones_even_when_older_and_weaker() {
    let app = crate::helpers::spawn_app(false);
    let month_ago = wakat_engine::now() - 30 * 86_400;
    let mut exact = crate::helpers::offer_json("scala-exact", "Scala Developer", "Gdańsk", 54.35, 18.65);
    exact["publishedAt"] = month_ago.into();
    let mut corrected = crate::helpers::offer_json("scalo-typo", "Scalo Scalo Scalo", "Gdańsk", 54.35, 18.65);
    corrected["companyName"] = "Scalo".into();
    for offer in [exact, corrected] {
        assert_eq!(app.internal(reqwest::Method::POST, "/api/it/internal/offers", &offer).status, 201);
    }
    wait_count(&app, "keywords[]=scalo", 1);
    let body = list(&app, "keywords[]=scala");
    let slugs: Vec<&str> = body["data"].as_array().unwrap().iter().map(|o| o["slug"].as_str().unwrap()).collect();
    assert_eq!(slugs, ["scala-exact", "scalo-typo"], "the exact match first, then the correction");
    let corrections = &body["meta"]["search"]["corrections"];
    assert_eq!(corrections[0]["typed"], "scala");
    // Corrections are dictionary terms: the analyzer's stem of "Scalo".
    assert_eq!(corrections[0]["corrected"], "scal");
    assert_eq!(corrections[0]["typedFound"], true);
}

#[test]
fn short_technology_tokens_stay_exact() {
    let app = shared_app();
    for token in ["go", "c%23", "r", "qa", "java", "node.js"] {
        let body = list(app, &format!("keywords[]={token}"));
        assert_eq!(body["meta"]["search"]["corrections"], serde_json::json!([]), "{token} is never corrected");
    }
}

#[test]
fn place_mode_and_seniority_words_boost_and_offer_a_filter_chip() {
    let app = shared_app();
    // A boost, not a filter: every Java offer is still there, Warsaw's first.
    assert_eq!(count(app, "java warsaw"), count(app, "java"));
    let body = list(app, "keywords[]=java%20warsaw");
    let first: Vec<&str> = body["data"].as_array().unwrap().iter().take(10).map(|o| o["city"].as_str().unwrap()).collect();
    assert!(first.iter().all(|city| *city == "Warszawa"), "Warsaw's offers first: {first:?}");
    let chips = body["meta"]["search"]["chips"].as_array().unwrap();
    assert_eq!(chips.len(), 1, "{chips:?}");
    assert_eq!((chips[0]["kind"].as_str(), chips[0]["filter"].as_str(), chips[0]["value"].as_str()), (Some("city"), Some("city"), Some("warszawa")));
    assert_eq!(chips[0]["label"], "Warszawa");
    assert_eq!(chips[0]["applied"], false);
    // Applying the chip's filter marks it applied.
    let filtered = list(app, "keywords[]=java%20warsaw&city=warszawa");
    assert_eq!(filtered["meta"]["search"]["chips"][0]["applied"], true);

    for (typed, kind, filter, value) in [
        ("zdalnie", "workplace", "workplaceType", "remote"),
        ("hybrydowo", "workplace", "workplaceType", "hybrid"),
        ("starszy", "experience", "experienceLevels", "senior"),
        ("młodszy", "experience", "experienceLevels", "junior"),
        ("Breslau", "city", "city", "wroclaw"),
        ("krakow", "city", "city", "krakow"),
    ] {
        let body = list(app, &format!("keywords[]=java%20{}", urlencode(typed)));
        let chip = &body["meta"]["search"]["chips"][0];
        assert_eq!((chip["kind"].as_str(), chip["filter"].as_str(), chip["value"].as_str()), (Some(kind), Some(filter), Some(value)), "{typed}");
        assert_eq!(body["meta"]["totalItems"].as_u64(), Some(count(app, "java")), "{typed} boosts, it does not filter");
    }
    // Alone, the word asks for its attribute: remote offers.
    let remote_offers = app.count("it", "remoteWorkOptions[]=remote");
    let remote = list(app, "keywords[]=zdalnie");
    let all_remote = remote["data"].as_array().unwrap().iter().take(20).all(|o| o["workplaceType"] == "remote");
    assert!(count(app, "zdalnie") >= remote_offers && all_remote, "{}", remote["data"][0]);
}

#[test]
fn zero_results_say_so_and_offer_the_nearest_correction_with_its_count() {
    let app = shared_app();
    let body = list(app, "keywords[]=pyhtonn");
    assert_eq!(body["meta"]["totalItems"], 0);
    let search = &body["meta"]["search"];
    assert_eq!(search["noResults"], true);
    assert_eq!(search["didYouMean"]["query"], "python");
    assert_eq!(search["didYouMean"]["keywords"], serde_json::json!(["python"]));
    assert_eq!(search["didYouMean"]["count"].as_u64(), Some(count(app, "python")));
    // The cursor list (the web app's) says the same.
    let step = app.get_ok("/api/it/v2/user-panel/offers/by-cursor?keywords[]=pyhtonn");
    assert_eq!(step["meta"]["search"]["didYouMean"]["query"], "python");
    // Nothing to correct: no suggestion, but still "no results".
    let nothing = list(app, "keywords[]=qqqqqqqqqqqqqqqq");
    assert_eq!(nothing["meta"]["search"]["noResults"], true);
    assert!(nothing["meta"]["search"]["didYouMean"].is_null());
}

#[test]
fn the_list_answer_keeps_its_shape() {
    let app = shared_app();
    let plain = list(app, "");
    assert!(plain["meta"].get("search").is_none(), "no text query, no search notes");
    let body = list(app, "keywords[]=java");
    for key in ["page", "perPage", "totalItems", "totalPages", "from", "sortBy", "orderBy", "currency"] {
        assert!(body["meta"].get(key).is_some(), "meta.{key} is still there");
    }
    assert_eq!(body["meta"]["search"]["noResults"], false);
}

#[test]
fn suggestions_forgive_typos_after_the_exact_ones() {
    let app = shared_app();
    let skills = |keyword: &str| -> Vec<String> {
        let body = app.get_ok(&format!("/api/it/v2/user-panel/offers/suggest?keyword={}", urlencode(keyword)));
        body["skills"].as_array().unwrap().iter().map(|s| s["title"].as_str().unwrap().to_lowercase()).collect()
    };
    assert!(skills("kubernets").iter().any(|s| s == "kubernetes"), "{:?}", skills("kubernets"));
    assert!(skills("pyhton").iter().any(|s| s == "python"), "{:?}", skills("pyhton"));
    assert!(skills("javascirpt").iter().any(|s| s.starts_with("javascript")), "{:?}", skills("javascirpt"));
    // Exact prefixes first; short tokens are never corrected.
    let exact = skills("python");
    assert!(exact[0].starts_with("python"), "{exact:?}");
    assert!(skills("go").iter().all(|s| s.starts_with("go")), "{:?}", skills("go"));
}
