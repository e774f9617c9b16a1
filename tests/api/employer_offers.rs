//! The employer's offers over HTTP: section 5's rules (each key, valid and invalid), drafts,
//! the logo, publication with a code through to the candidate side, edits, extension, finish,
//! delete, duplicate and refresh, and every refusal.

use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{json, Value};

use crate::employer_client::{company_id, complete_form, png, sign_up, sign_up_unconfirmed};
use crate::helpers::{spawn_app, TestApp};

/// Waits until the candidate list's count for `query` is `expected` (writes are searchable
/// within a second).
fn wait_count(app: &TestApp, tenant: &str, query: &str, expected: u64) -> Duration {
    let start = Instant::now();
    loop {
        let count = app.count(tenant, query);
        if count == expected {
            return start.elapsed();
        }
        assert!(start.elapsed() < Duration::from_secs(3), "count for {query} stayed {count}, expected {expected}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn every_form_rule_answers_its_key_through_the_api() {
    let app = spawn_app(false);
    let employer = sign_up(&app, "it", "rules@acme.example", "Acme Software");
    let (slug, token) = employer.initiate("basic");
    assert_eq!(employer.upload_logo(&slug, &token, png(300)).status, 200);
    assert_eq!(employer.save(&slug, &token, &complete_form("it", "Senior Rust Developer")).status, 200, "the complete form passes");
    let cases: Vec<(&str, Value, &str)> = vec![
        ("companyName", json!(""), "required"),
        ("companyName", json!("A"), "min_length"),
        ("companySize", json!("7"), "invalid_option"),
        ("companyWebsite", json!("acme.example"), "url_protocol_required"),
        ("companyWebsite", json!("https://acme example"), "no_whitespace"),
        ("companyWebsite", json!("https://acme"), "invalid_url"),
        ("applicationType", json!("fax"), "invalid_option"),
        ("applicationTypeUri", json!("jobs.acme.example"), "invalidEmail"),
        ("informationClauseText", json!("short"), "min_length"),
        ("informationClauseText", json!("The controller of your personal data is {company}, seated in Kraków, Poland."), "forbidden_placeholder"),
        ("contactName", json!("Anna"), "two_words_required"),
        ("contactEmail", json!("anna@"), "invalidEmail"),
        ("contactPhone", json!("600 abc 800"), "invalid_phone"),
        ("jobCategory", json!("cobol"), "unknown_category"),
        ("jobSubcategory", json!(""), "required"),
        ("jobDescription", json!("<p> </p>"), "empty_description"),
        ("jobDescription", json!("<p>x</p><img src=\"data:image/jpeg;base64,AA\">"), "not_allowed_by_plan"),
        ("locations", json!([{"city": "Atlantis", "street": "Main 1"}]), "location_not_found"),
        ("locations", json!([{"city": "Kraków", "street": "A 1"}, {"city": "Warszawa", "street": "B 2"}]), "too_many_locations"),
        ("jobPositionName", json!("SENIOR RUST DEVELOPER"), "too_many_uppercase"),
        ("jobPositionExperience", json!("guru"), "invalid_option"),
        ("primarySalaryFrom", json!(30000), "min_lower_than_max"),
        ("primarySalaryTo", json!(30001), "three_times_rule"),
        ("primarySalaryTo", json!(""), "incorrect_ranges"),
        ("primarySalaryFrom", json!("ten"), "value_must_be_number"),
        ("primaryEmploymentType", json!("any"), "type_required"),
        ("salaryUnit", json!(""), "unit_required"),
        ("salaryCurrency", json!("jpy"), "invalid_currency"),
        ("requiredSkills", json!([]), "required"),
        ("optionalSkills", json!([{"name": "rust", "level": 2}]), "duplicate_skill"),
        (
            "languages",
            json!([{"code": "en", "level": "B2"}, {"code": "de", "level": "B1"}, {"code": "fr", "level": "A1"}, {"code": "es", "level": "A2"}, {"code": "it", "level": "A1"}, {"code": "pl", "level": "C2"}]),
            "too_many_languages",
        ),
        ("workingPlace", json!("moon"), "invalid_option"),
        ("workingTime", json!(""), "required"),
        ("expiredAt", json!("2020-01-01"), "date_in_past"),
    ];
    for (field, value, code) in cases {
        let mut form = complete_form("it", "Senior Rust Developer");
        form[field] = value;
        if field == "expiredAt" {
            form["expiredAtEnabled"] = json!(true);
        }
        let answer = employer.save(&slug, &token, &form);
        assert_eq!((answer.status, answer.body["code"].as_str()), (422, Some("invalid_form")), "{field}: {}", answer.body);
        let errors = answer.body["errors"].as_array().cloned().unwrap_or_default();
        // `any` asks for a salary type: the error is on the type, not on the contract.
        let reported = if code == "type_required" { "primarySalaryType" } else { field };
        assert!(errors.iter().any(|e| e["code"] == code && e["field"].as_str().is_some_and(|f| f.starts_with(reported))), "{field} {code}: {errors:?}");
    }
}

#[test]
fn a_draft_keeps_errors_for_later_but_needs_its_currency_and_contract() {
    let app = spawn_app(false);
    let employer = sign_up(&app, "it", "draft@acme.example", "Acme Software");
    let (slug, token) = employer.initiate("pro");
    let saved = employer.save(&slug, &token, &json!({"jobPositionName": "X", "primaryEmploymentType": "permanent", "state": "draft"}));
    assert_eq!(saved.status, 200, "a draft with errors elsewhere saves: {}", saved.body);
    assert_eq!(saved.body["id"], slug.as_str());
    let refused = employer.save(&slug, &token, &json!({"salaryCurrency": "", "state": "draft"}));
    assert_eq!((refused.status, refused.body["code"].as_str()), (400, Some("form_contains_errors")));
    assert_eq!(refused.body["message"], "Form contains errors. Fix them before saving draft");
    let loaded = employer.call(Method::GET, &format!("/v1/offers/{slug}?token={token}"), None);
    assert_eq!(loaded.status, 200);
    assert_eq!((loaded.body["state"].as_str(), loaded.body["form"]["jobPositionName"].as_str()), (Some("draft"), Some("X")));
    assert_eq!(loaded.body["form"]["salaryUnit"], "month", "section 3's defaults");
    assert_eq!(loaded.body["form"]["planType"], "pro");
    assert!(loaded.body["summary"].is_null(), "no summary before the form is complete");
    assert!(!loaded.body["errors"].as_array().unwrap().is_empty());
    let unknown = employer.save(&slug, &token, &json!({"notAField": 1}));
    assert_eq!((unknown.status, unknown.body["code"].as_str()), (400, Some("invalid_json")));
    let wrong_token = employer.save(&slug, "guess", &json!({"state": "draft"}));
    assert_eq!((wrong_token.status, wrong_token.body["code"].as_str()), (403, Some("invalid_offer_token")));
}

#[test]
fn logos_are_checked_by_content() {
    let app = spawn_app(false);
    let employer = sign_up(&app, "it", "logo@acme.example", "Acme Software");
    let (slug, token) = employer.initiate("basic");
    for (bytes, code) in [
        (b"%PDF-1.7 not an image at all, but long enough to be a file of some size".repeat(3), "logo_wrong_format"),
        (Vec::new(), "logo_empty"),
        (png(40), "logo_too_small"),
        (png(5 * 1024 * 1024 + 1), "logo_too_large"),
    ] {
        let answer = employer.upload_logo(&slug, &token, bytes);
        assert_eq!((answer.status, answer.body["code"].as_str()), (400, Some(code)), "{}", answer.body);
    }
    let uploaded = employer.upload_logo(&slug, &token, png(5 * 1024 * 1024));
    assert_eq!(uploaded.status, 200, "exactly 5 MB is accepted: {}", uploaded.body);
    let logo_url = uploaded.body["form"]["companyLogo"].as_str().unwrap().to_string();
    let served = app.client.get(format!("{}{logo_url}", app.base)).send().unwrap();
    assert_eq!((served.status().as_u16(), served.headers()["content-type"].to_str().unwrap()), (200, "image/png"));
    assert_eq!(app.get("/api/it/v1/company-logos/0000000000000000000000000000000000000000000000000000000000000000").status, 404);
}

#[test]
fn publish_with_a_code_then_edit_extend_finish_and_delete() {
    let app = spawn_app(false);
    let employer = sign_up(&app, "it", "life@acme.example", "Acme Software");
    let company = company_id(&employer);
    let (slug, token) = employer.ready_offer("basic", "Zebrafish Rust Developer");
    assert_eq!(app.get(&format!("/api/it/v1/offers/{slug}")).status, 404, "a draft is not public");
    let code = employer.issue_code(&company, "basic");
    let verified = employer.call(Method::GET, &format!("/v1/offers/{slug}/verify-code/{code}"), None);
    assert_eq!((verified.status, verified.body["isUsed"].as_bool()), (200, Some(false)));

    let published = employer.publish_with_code(&slug, &token, &code);
    assert_eq!(published.status, 200, "{}", published.body);
    assert_eq!((published.body["state"].as_str(), published.body["isActive"].as_bool()), (Some("published"), Some(true)));
    wait_count(&app, "it", "keywords[]=zebrafish", 1);
    let detail = app.get_ok(&format!("/api/it/v1/offers/{slug}"));
    assert!(detail["companyLogoUrl"].as_str().unwrap().starts_with("/api/it/v1/company-logos/"), "{detail}");
    assert!(!detail["body"].as_str().unwrap().contains("script"), "sanitised on write");
    let loaded = employer.call(Method::GET, &format!("/v1/offers/{slug}?token={token}"), None);
    assert_eq!(loaded.body["summary"]["title"], "Zebrafish Rust Developer");
    assert_eq!(loaded.body["summary"]["description"], detail["body"], "the summary is what candidates read");
    assert_eq!(loaded.body["form"]["jobDescription"], "<p>We build things.</p>", "the stored draft is sanitised too");
    assert_eq!(loaded.body["bumps"]["count"], 0);

    let used = employer.publish_with_code(&slug, &token, &code);
    assert_eq!((used.status, used.body["code"].as_str()), (409, Some("code_used")));
    let codes = employer.call(Method::GET, "/v2/employer-panel/codes", None);
    assert_eq!((codes.body["data"][0]["isUsed"].as_bool(), codes.body["data"][0]["usedFor"].as_str()), (Some(true), Some(slug.as_str())));

    let mut edited = complete_form("it", "Zebrafish Rust Developer");
    edited["primarySalaryFrom"] = json!(15000);
    edited["primarySalaryTo"] = json!(25000);
    assert_eq!(employer.save(&slug, &token, &edited).status, 200);
    let deadline = Instant::now() + Duration::from_secs(3);
    while app.get_ok(&format!("/api/it/v1/offers/{slug}"))["employmentTypes"][0]["from"] != json!(15000.0) {
        assert!(Instant::now() < deadline, "the edit reaches the candidate side");
        std::thread::sleep(Duration::from_millis(50));
    }

    let expires = published.body["expiresAt"].as_i64().unwrap();
    let extend_code = employer.issue_code(&company, "basic");
    let extended = employer.call(Method::POST, &format!("/v1/offers/{slug}/extend-with-code?code={extend_code}"), Some(&json!({"token": token})));
    assert_eq!(extended.status, 200, "{}", extended.body);
    assert_eq!(extended.body["expiresAt"].as_i64().unwrap(), expires + 30 * 86_400);

    let active_delete = employer.call(Method::DELETE, &format!("/v1/offers/{slug}"), None);
    assert_eq!((active_delete.status, active_delete.body["code"].as_str()), (409, Some("offer_state_conflict")), "an active offer is finished, not deleted");
    let finished = employer.call(Method::POST, &format!("/v1/offers/{slug}/finish-recruitment"), None);
    assert_eq!((finished.status, finished.body["state"].as_str(), finished.body["isActive"].as_bool()), (200, Some("finished"), Some(false)));
    wait_count(&app, "it", "keywords[]=zebrafish", 0);
    let end = employer.call(Method::GET, &format!("/v2/employer-panel/offers/end/{slug}"), None);
    assert_eq!((end.status, end.body["state"].as_str(), end.body["daysLeft"].as_i64()), (200, Some("finished"), Some(0)));
    assert_eq!(employer.call(Method::POST, &format!("/v1/offers/{slug}/finish-recruitment"), None).status, 409, "finished once");
    assert_eq!(employer.save(&slug, &token, &edited).status, 409, "a finished offer is not edited");

    let refreshed = employer.call(Method::POST, &format!("/v1/offers/{slug}/refresh"), None);
    assert_eq!(refreshed.status, 201, "{}", refreshed.body);
    let copy = employer.call(
        Method::GET,
        &format!("/v1/offers/{}?token={}", refreshed.body["slug"].as_str().unwrap(), refreshed.body["token"].as_str().unwrap()),
        None,
    );
    assert_eq!(
        (copy.body["creationType"].as_str(), copy.body["sourceSlug"].as_str(), copy.body["state"].as_str()),
        (Some("refresh"), Some(slug.as_str()), Some("draft"))
    );
    assert!(copy.body["form"]["companyLogo"].as_str().unwrap().starts_with("/api/it/v1/company-logos/"), "the copy keeps the logo");

    assert_eq!(employer.call(Method::DELETE, &format!("/v1/offers/{slug}"), None).status, 204);
    assert_eq!(app.get(&format!("/api/it/v1/offers/{slug}")).status, 404, "deleted everywhere");
    assert_eq!(employer.call(Method::GET, &format!("/v2/employer-panel/offers/end/{slug}"), None).status, 404);
}

#[test]
fn duplicates_and_refreshes_follow_their_rules() {
    let app = spawn_app(false);
    let employer = sign_up(&app, "it", "copy@acme.example", "Acme Software");
    let company = company_id(&employer);
    let (slug, token) = employer.ready_offer("pro", "Senior Rust Developer");
    assert_eq!(employer.call(Method::POST, &format!("/v1/offers/{slug}/refresh"), None).status, 409, "a draft is not refreshed");
    let code = employer.issue_code(&company, "pro");
    assert_eq!(employer.publish_with_code(&slug, &token, &code).status, 200);
    assert_eq!(employer.call(Method::POST, &format!("/v1/offers/{slug}/refresh"), None).status, 409, "an active offer is extended, not refreshed");
    let duplicate = employer.call(Method::POST, &format!("/v1/offers/{slug}/duplicate"), None);
    assert_eq!(duplicate.status, 201);
    let (copy_slug, copy_token) = (duplicate.body["slug"].as_str().unwrap(), duplicate.body["token"].as_str().unwrap());
    let copy = employer.call(Method::GET, &format!("/v1/offers/{copy_slug}?token={copy_token}"), None);
    assert_eq!((copy.body["creationType"].as_str(), copy.body["planKey"].as_str()), (Some("duplicate"), Some("pro")));
    assert_eq!(copy.body["bumps"]["count"], 0, "bumps are planned on publication");
    let loaded = employer.call(Method::GET, &format!("/v1/offers/{slug}?token={token}"), None);
    assert_eq!((loaded.body["bumps"]["count"].as_u64(), loaded.body["bumps"]["everyDays"].as_u64()), (Some(2), Some(7)), "the plan's bumps are stored");
}

#[test]
fn refusals_unconfirmed_other_company_wrong_plan_and_limits() {
    let app = spawn_app(false);
    let unconfirmed = sign_up_unconfirmed(&app, "it", "late@acme.example", "Late Company");
    let (slug, token) = unconfirmed.ready_offer("basic", "Senior Rust Developer");
    let company = company_id(&unconfirmed);
    let code = unconfirmed.issue_code(&company, "basic");
    let refused = unconfirmed.publish_with_code(&slug, &token, &code);
    assert_eq!((refused.status, refused.body["code"].as_str()), (403, Some("account_not_confirmed")));
    let pay = unconfirmed.call(
        Method::POST,
        "/v1/payments",
        Some(&json!({"offer_id": slug, "token": token, "accepted_regulations": true, "return_url": "/employer/paid"})),
    );
    assert_eq!((pay.status, pay.body["code"].as_str()), (403, Some("account_not_confirmed")));
    assert!(!unconfirmed.call(Method::GET, "/v2/employer-panel/codes", None).body["data"][0]["isUsed"].as_bool().unwrap(), "the code was not spent");

    let other = sign_up(&app, "it", "other@beta.example", "Beta");
    for (method, path) in [
        (Method::GET, format!("/v1/offers/{slug}?token={token}")),
        (Method::POST, format!("/v1/offers/{slug}/finish-recruitment")),
        (Method::DELETE, format!("/v1/offers/{slug}")),
        (Method::GET, format!("/v2/employer-panel/offers/end/{slug}")),
        (Method::POST, format!("/v1/offers/{slug}/duplicate")),
        (Method::GET, format!("/v1/offers/{slug}/verify-code/{code}")),
    ] {
        let answer = other.call(method.clone(), &path, None);
        assert_eq!((answer.status, answer.body["code"].as_str()), (404, Some("offer_not_found")), "{method} {path}");
    }
    let other_company = company_id(&other);
    let (other_slug, other_token) = other.ready_offer("basic", "Senior Rust Developer");
    let foreign_code = other.publish_with_code(&other_slug, &other_token, &code);
    assert_eq!((foreign_code.status, foreign_code.body["code"].as_str()), (400, Some("incorrect_code")), "another company's code");
    assert_eq!(other.publish_with_code(&other_slug, &other_token, "NOPE-NOPE-NOPE").body["message"], "Incorrect code");

    let extend_draft = other.call(
        Method::POST,
        &format!("/v1/offers/{other_slug}/extend-with-code?code={}", other.issue_code(&other_company, "basic")),
        Some(&json!({"token": other_token})),
    );
    assert_eq!(extend_draft.status, 409, "an unpaid draft is not extended");
    assert_eq!(other.call(Method::POST, &format!("/v1/offers/{other_slug}/finish-recruitment"), None).status, 409, "an unpaid draft is not finished");
    assert_eq!(other.call(Method::POST, "/v1/offers/initiate", Some(&json!({"pricing_plan": "gold"}))).body["code"], "unknown_plan");

    // basic allows one location and 30 days: a second location or a later expiry is refused.
    let mut two_places = complete_form("it", "Senior Rust Developer");
    two_places["locations"] = json!([{"city": "Kraków", "street": "A 1"}, {"city": "Warszawa", "street": "B 2"}]);
    assert_eq!(other.save(&other_slug, &other_token, &two_places).status, 422);
    let (pro_slug, pro_token) = other.ready_offer("pro", "Senior Rust Developer");
    assert_eq!(other.save(&pro_slug, &pro_token, &two_places).status, 200, "pro allows five locations");
    let code = other.issue_code(&other_company, "basic");
    let downgraded = other.publish_with_code(&pro_slug, &pro_token, &code);
    assert_eq!((downgraded.status, downgraded.body["field"].as_str()), (422, Some("locations")), "the code's plan limits apply");
    assert!(other.call(Method::GET, "/v2/employer-panel/codes", None).body["data"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c["code"] == code.as_str() && c["isUsed"] == false));
}

#[test]
fn two_concurrent_uses_of_one_code_publish_once() {
    let app = spawn_app(false);
    let employer = sign_up(&app, "it", "race@acme.example", "Acme Software");
    let company = company_id(&employer);
    let offers: Vec<(String, String)> = (0..4).map(|_| employer.ready_offer("basic", "Senior Rust Developer")).collect();
    let code = employer.issue_code(&company, "basic");
    let statuses: Vec<u16> = std::thread::scope(|scope| {
        let handles: Vec<_> = offers.iter().map(|(slug, token)| scope.spawn(|| employer.publish_with_code(slug, token, &code).status)).collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == 409).count(), 3, "{statuses:?}");
    app.get_ok("/api/it/v2/user-panel/offers/count");
}

#[test]
fn plans_and_form_dictionaries() {
    let app = spawn_app(false);
    let plans =
        app.client.get(format!("{}/api/it/v2/offer-plans?active=true", app.base)).header("accept-language", "en").send().unwrap().json::<Value>().unwrap();
    let slugs: Vec<&str> = plans["data"].as_array().unwrap().iter().map(|p| p["slug"].as_str().unwrap()).collect();
    assert_eq!(slugs, ["basic", "pro", "premium"]);
    assert_eq!(plans["data"][1]["recommended"], true);
    assert_eq!(plans["data"][1]["features"][0], "Published for 30 days");
    assert_eq!(plans["data"][1]["limits"]["maxLocationsCount"], 5);
    assert!(plans["data"][1]["price"]["oldNet"].as_f64().unwrap() > plans["data"][1]["price"]["net"].as_f64().unwrap());
    let polish = app.client.get(format!("{}/api/it/v2/offer-plans", app.base)).header("accept-language", "pl").send().unwrap().json::<Value>().unwrap();
    assert_eq!(polish["data"][0]["features"][0], "Publikacja na 30 dni");
    assert_eq!(app.get("/api/it/v2/offer-plans?active=maybe").status, 400);

    let inputs = app.get_ok("/api/it/v1/offers/form-inputs-data?lang=en");
    assert_eq!(inputs["cities"][0]["label"], "Warsaw");
    assert!(inputs["cities"][0]["mapCenter"]["latitude"].as_f64().unwrap() > 52.0);
    assert_eq!(inputs["skills"]["meta"]["pageSize"], 100);
    assert_eq!(inputs["skills"]["data"].as_array().unwrap().len(), 100);
    assert_eq!(inputs["currencies"].as_array().unwrap().len(), 5);
    assert_eq!(app.get_ok("/api/work/v1/offers/form-inputs-data")["currencies"].as_array().unwrap().len(), 2, "the board's currencies");
    assert_eq!(inputs["defaults"]["salaryUnit"], "month");
    assert_eq!(inputs["skillLevels"].as_array().unwrap().len(), 5);
    assert!(inputs["categories"].as_array().unwrap().iter().any(|c| c["key"] == "javascript" && !c["children"].as_array().unwrap().is_empty()));
    let skills = app.get_ok("/api/it/v1/offers/form-inputs-data/skills?keyword=post&pageNumber=1&pageSize=5");
    assert!(skills["data"].as_array().unwrap().iter().any(|s| s["name"] == "PostgreSQL"), "{skills}");
    assert_eq!(app.get("/api/it/v1/offers/form-inputs-data/skills?pageSize=101").body["code"], "invalid_per_page");
    assert_eq!(app.get("/api/it/v1/offers/form-inputs-data/skills?pageNumber=x").body["code"], "invalid_number");
}

#[test]
fn a_published_offer_survives_kill_9() {
    let data_dir = tempfile::tempdir().unwrap();
    let server = crate::helpers::RealServer::start(data_dir.path(), &[]);
    let app = server.app(data_dir.path());
    let employer = sign_up(&app, "it", "durable@acme.example", "Acme Software");
    let company = company_id(&employer);
    let (slug, token) = employer.ready_offer("basic", "Narwhal Rust Developer");
    let code = employer.issue_code(&company, "basic");
    assert_eq!(employer.publish_with_code(&slug, &token, &code).status, 200);
    server.kill_9();
    let restarted = crate::helpers::RealServer::start(data_dir.path(), &[]);
    let app = restarted.app(data_dir.path());
    wait_count(&app, "it", "keywords[]=narwhal", 1);
    let employer = crate::employer_client::log_in(&app, "it", "durable@acme.example", crate::employer_client::PASSWORD);
    let loaded = employer.call(Method::GET, &format!("/v1/offers/{slug}?token={token}"), None);
    assert_eq!((loaded.body["state"].as_str(), loaded.body["isActive"].as_bool()), (Some("published"), Some(true)));
    assert_eq!(employer.publish_with_code(&slug, &token, &code).body["code"], "code_used", "the spent code stays spent");
}

#[test]
fn the_edit_also_takes_multipart_with_a_logo() {
    let app = spawn_app(false);
    let employer = sign_up(&app, "it", "multipart@acme.example", "Acme Software");
    let (slug, token) = employer.initiate("basic");
    let send = |form: reqwest::blocking::multipart::Form| {
        let response =
            app.client.patch(format!("{}/api/it/v1/offers/{slug}?token={token}", app.base)).bearer_auth(&employer.token).multipart(form).send().unwrap();
        (response.status().as_u16(), response.json::<Value>().unwrap_or(Value::Null))
    };
    let text = complete_form("it", "Senior Rust Developer").to_string();
    let without_logo = send(reqwest::blocking::multipart::Form::new().text("form", text.clone()));
    assert_eq!((without_logo.0, without_logo.1["field"].as_str()), (422, Some("companyLogo")), "{}", without_logo.1);
    let with_logo = reqwest::blocking::multipart::Form::new()
        .text("form", text)
        .part("companyLogo", reqwest::blocking::multipart::Part::bytes(png(300)).file_name("logo.png"));
    assert_eq!(send(with_logo), (200, json!({"id": slug})));
    let loaded = employer.call(Method::GET, &format!("/v1/offers/{slug}?token={token}"), None);
    assert!(loaded.body["errors"].as_array().unwrap().is_empty(), "{}", loaded.body);
    assert_eq!(send(reqwest::blocking::multipart::Form::new().text("form", "{not json")).1["code"], "invalid_json");
    assert_eq!(send(reqwest::blocking::multipart::Form::new().text("other", "x")).1["field"], "form");
}

#[test]
fn the_inline_jpeg_becomes_the_offers_image() {
    use base64::Engine as _;
    let app = spawn_app(false);
    let employer = sign_up(&app, "it", "image@acme.example", "Acme Software");
    let company = company_id(&employer);
    // Graphics are the premium plan's: a basic plan's offer refuses the image, clearly.
    let mut jpeg = vec![0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, b'J', b'F', b'I', b'F', 0];
    jpeg.resize(600, 7);
    let image = format!(r#"<img src="data:image/jpeg;base64,{}">"#, base64::engine::general_purpose::STANDARD.encode(&jpeg));
    let mut form = complete_form("it", "Senior Rust Developer");
    form["jobDescription"] = json!(format!("<p>Our team.</p>{image}"));
    let (basic, basic_token) = employer.ready_offer("basic", "Senior Rust Developer");
    let refused = employer.save(&basic, &basic_token, &form).body;
    assert_eq!(
        (refused["errors"][0]["field"].as_str(), refused["errors"][0]["code"].as_str()),
        (Some("jobDescription"), Some("not_allowed_by_plan")),
        "{refused}"
    );

    let (slug, token) = employer.ready_offer("premium", "Senior Rust Developer");
    assert_eq!(employer.save(&slug, &token, &form).status, 200);
    let loaded = employer.call(Method::GET, &format!("/v1/offers/{slug}?token={token}"), None);
    assert!(loaded.body["form"]["jobDescription"].as_str().unwrap().contains("data:image/jpeg;base64,"), "the draft keeps its image");
    assert_eq!(employer.save(&slug, &token, &loaded.body["form"]).status, 200, "saved again as loaded");
    let png_inline = form["jobDescription"].as_str().unwrap().replace("image/jpeg", "image/png");
    form["jobDescription"] = json!(png_inline);
    assert_eq!(employer.save(&slug, &token, &form).body["errors"][0]["code"], "invalid_image");
    let two = format!("<p>Our team.</p>{image}{image}");
    form["jobDescription"] = json!(two);
    assert_eq!(employer.save(&slug, &token, &form).body["errors"][0]["code"], "too_many_images");
    // Paid with a basic plan's code, the offer with an image is refused; with premium it goes out.
    let basic_code = employer.issue_code(&company, "basic");
    let refused = employer.publish_with_code(&slug, &token, &basic_code);
    assert!(refused.status >= 400 && refused.body.to_string().contains("not_allowed_by_plan"), "{} {}", refused.status, refused.body);
    let code = employer.issue_code(&company, "premium");
    assert_eq!(employer.publish_with_code(&slug, &token, &code).status, 200);
    let detail = app.get_ok(&format!("/api/it/v1/offers/{slug}"));
    let banner = detail["bannerUrl"].as_str().expect("the image is the offer's");
    assert!(!detail["body"].as_str().unwrap().contains("<img"), "published HTML keeps no image");
    let served = app.client.get(format!("{}{banner}", app.base)).send().unwrap();
    assert_eq!(served.headers()["content-type"].to_str().unwrap(), "image/jpeg");
    assert_eq!(served.bytes().unwrap().to_vec(), jpeg);
}

#[test]
fn what_the_employer_typed_once_reaches_the_company_and_the_next_offer() {
    let app = spawn_app(false);
    let employer = sign_up(&app, "it", "once@acme.example", "Acme Software");
    // A new offer starts with its contact: the user who starts it.
    let (slug, token) = employer.initiate("basic");
    let draft = employer.call(Method::GET, &format!("/v1/offers/{slug}?token={token}"), None);
    let form = &draft.body["form"];
    assert_eq!(
        (form["contactName"].as_str(), form["contactEmail"].as_str(), form["contactPhone"].as_str()),
        (Some("Anna Nowak"), Some("once@acme.example"), Some("+48 600 700 800")),
        "{}",
        draft.body
    );
    // The company has no size, website, logo or clauses until an offer is published with them.
    let before = employer.call(Method::GET, "/v1/company", None).body;
    assert_eq!((before["companySize"].as_str(), before["companyLogo"].as_str(), &before["clauses"]), (Some(""), None, &Value::Null), "{before}");
    assert_eq!(employer.upload_logo(&slug, &token, png(300)).status, 200);
    assert_eq!(employer.save(&slug, &token, &complete_form("it", "Senior Rust Developer")).status, 200);
    let code = employer.issue_code(&company_id(&employer), "basic");
    assert_eq!(employer.publish_with_code(&slug, &token, &code).status, 200);
    let after = employer.call(Method::GET, "/v1/company", None).body;
    assert_eq!((after["companySize"].as_str(), after["companyWebsite"].as_str()), (Some("11-25"), Some("https://acme.example")), "{after}");
    assert!(after["companyLogo"].as_str().is_some_and(|logo| logo.contains("/company-logos/")), "the offer's logo is the company's: {after}");
    assert_eq!(after["clauses"]["informationClauseText"], "The controller of your data is Acme Software sp. z o.o., Kraków, Rynek 1.");
    // The next offer starts from them.
    let (next, next_token) = employer.initiate("basic");
    let next_form = employer.call(Method::GET, &format!("/v1/offers/{next}?token={next_token}"), None).body["form"].clone();
    assert_eq!(
        (next_form["companySize"].as_str(), next_form["informationClauseText"].as_str().map(|t| t.starts_with("The controller"))),
        (Some("11-25"), Some(true))
    );
}
