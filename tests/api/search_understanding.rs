//! Issue 13: search that understands what people type, on the default data of the `it` board.
//! One test per row of the table; counts are compared with the forms people meant.

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
