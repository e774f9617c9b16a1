//! Legal documents: terms files in the board configuration and the documents behind their URLs.

use crate::helpers::shared_app;

/// A GET answered with text: status, content type and body.
fn get_text(path: &str) -> (u16, String, String) {
    let app = shared_app();
    let response = app.client.get(format!("{}{path}", app.base)).send().expect("request is sent");
    let status = response.status().as_u16();
    let content_type = response.headers().get("content-type").and_then(|value| value.to_str().ok()).unwrap_or_default().to_string();
    (status, content_type, response.text().unwrap_or_default())
}

#[test]
fn configuration_lists_terms_files_and_legal_documents() {
    let config = shared_app().get_ok("/api/it/v2/user-panel/configuration");
    let terms = config["terms"].as_array().expect("terms is a list");
    assert!(terms.iter().any(|terms| terms["audience"] == "clients"), "{terms:?}");
    assert!(terms.iter().any(|terms| terms["audience"] == "users"), "{terms:?}");
    for terms in terms {
        assert!(terms["url"].as_str().unwrap().starts_with("/api/it/v1/terms/"), "{terms}");
        assert!(terms["title"]["pl"].is_string() && terms["title"]["en"].is_string(), "{terms}");
        assert!(terms.as_object().unwrap().contains_key("fromDate") && terms.as_object().unwrap().contains_key("dueDate"));
    }
    let current = terms.iter().find(|terms| terms["url"] == "/api/it/v1/terms/terms-users-2025").expect("current users terms");
    assert_eq!(current["fromDate"], "2025-01-01");
    assert_eq!(current["dueDate"], "2027-06-30");
    assert_eq!(config["legal"]["privacyPolicyUrl"], "/api/it/v1/terms/privacy-policy");
    assert_eq!(config["legal"]["whistleblowerReportUrl"], "/api/it/v1/terms/whistleblower-report");
    assert!(config["surveyUrl"].is_string());
    assert!(config["featureFlags"]["whistleblowerReport"].as_bool().unwrap());
}

#[test]
fn every_configured_document_is_served_in_both_languages() {
    let app = shared_app();
    for tenant in ["it", "work"] {
        let config = app.get_ok(&format!("/api/{tenant}/v2/user-panel/configuration"));
        let mut urls: Vec<String> = config["terms"].as_array().unwrap().iter().map(|terms| terms["url"].as_str().unwrap().to_string()).collect();
        urls.extend(["privacyPolicyUrl", "informationClauseUrl"].iter().filter_map(|key| config["legal"][key].as_str().map(String::from)));
        for url in urls {
            for lang in ["pl", "en"] {
                let (status, content_type, body) = get_text(&format!("{url}?lang={lang}"));
                assert_eq!(status, 200, "{url}?lang={lang}");
                assert!(content_type.starts_with("text/html"), "{content_type}");
                assert!(body.starts_with("<!doctype html>") && body.contains(&format!("<html lang=\"{lang}\"")), "{url}: {body}");
                let name = config["tenant"]["name"].as_str().unwrap();
                assert!(body.contains(name) && !body.contains("{board}"), "board name not filled in {url}");
            }
        }
    }
}

#[test]
fn embedded_documents_are_fragments() {
    let (status, _, body) = get_text("/api/it/v1/terms/privacy-policy?embed=true&lang=en");
    assert_eq!(status, 200);
    assert!(body.trim_start().starts_with("<h1>Privacy policy of Wakat IT"), "{body}");
    assert!(!body.contains("<html"));
}

#[test]
fn only_the_boards_own_documents_are_served() {
    let app = shared_app();
    // Not named in the configuration, traversal attempts, bad names, another board's old terms.
    for path in [
        "/api/it/v1/terms/no-such-document",
        "/api/it/v1/terms/..%2Fwakat.toml",
        "/api/it/v1/terms/%2E%2E",
        "/api/it/v1/terms/Privacy-Policy",
        "/api/work/v1/terms/terms-users-2023",
        "/api/nope/v1/terms/privacy-policy",
    ] {
        let answer = app.get(path);
        assert_eq!(answer.status, 404, "{path}: {}", answer.body);
        assert!(answer.body["code"].is_string(), "{path}: {}", answer.body);
    }
    // The whistleblower report follows its flag: on for `it`, off for `work`.
    assert_eq!(app.get("/api/it/v1/terms/whistleblower-report").status, 200);
    let answer = app.get("/api/work/v1/terms/whistleblower-report");
    assert_eq!(answer.status, 404);
    assert_eq!(answer.body["code"], "document_not_found");
}

#[test]
fn openapi_documents_the_terms_route() {
    let document = shared_app().get_ok("/api/openapi.json");
    assert!(document["paths"]["/api/{tenant}/v1/terms/{name}"]["get"].is_object());
}
