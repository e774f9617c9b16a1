//! Every malformed request gets a 4xx with `{code, message, field}`, never a 500.

use crate::helpers::shared_app;

const OFFERS: &str = "/api/it/v2/user-panel/offers";

/// Asserts a 400 with the code and field, through every offers call that takes filters.
fn check(query: &str, code: &str, field: &str) {
    let app = shared_app();
    for call in ["", "/by-cursor", "/count", "/count/categories", "/clusters", "/markers"] {
        let answer = app.get(&format!("{OFFERS}{call}?{query}"));
        assert_eq!(answer.status, 400, "{call}?{query} answered {}: {}", answer.status, answer.body);
        assert_eq!(answer.body["code"], code, "{call}?{query}: {}", answer.body);
        assert_eq!(answer.body["field"], field, "{call}?{query}: {}", answer.body);
        assert!(answer.body["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
}

/// A cursor as the API encodes it (base64 of the request state's JSON), percent-encoded.
fn cursor(state_json: &str) -> String {
    use base64::Engine as _;
    let encoded = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(state_json);
    encoded.replace('=', "%3D")
}

#[test]
fn malformed_parameters_walk() {
    check("salaryMin=lots", "invalid_number", "salaryMin");
    check("salaryMin=20000&salaryMax=1000", "invalid_salary_range", "salaryMax");
    check("zarobki=20000-1000", "invalid_salary_range", "zarobki");
    check("salaryMax=-5", "invalid_salary", "salaryMax");
    check("experienceLevels[]=guru", "invalid_experience_level", "experienceLevels");
    check("doswiadczenie=guru", "invalid_experience_level", "doswiadczenie");
    check("categories[]=cobol", "unknown_category", "categories");
    check("cityRadiusKm=30", "radius_without_city", "cityRadiusKm");
    check("city=Gotham&cityRadiusKm=30", "unknown_city", "city");
    check("city=krakow&cityRadiusKm=abc", "invalid_number", "cityRadiusKm");
    check("cursor=not-base64-json!!", "invalid_cursor", "cursor");
    check("cursor=W10%3D", "invalid_cursor", "cursor");
    check("page=0", "invalid_page", "page");
    check("page=-1", "invalid_page", "page");
    check("perPage=1000000", "invalid_per_page", "perPage");
    check("itemsCount=0", "invalid_items_count", "itemsCount");
    check("sortBy=random", "invalid_sort", "sortBy");
    check("orderBy=sideways", "invalid_order", "orderBy");
    check("currency=btc", "invalid_currency", "currency");
    check("withSalary=maybe", "invalid_boolean", "withSalary");
    // The board's salary slider bounds (it: 0–100,000) bound the filter too.
    check("salaryMin=150000", "invalid_salary", "salaryMin");
    check("lang=xx", "invalid_lang", "lang");
    // A cursor's sort and currency are checked like their own parameters.
    check(&format!("cursor={}", cursor(r#"{"from":0,"itemsCount":10,"params":{"currency":"btc"}}"#)), "invalid_cursor", "cursor");
    check(&format!("cursor={}", cursor(r#"{"from":0,"itemsCount":10,"params":{"sort":{"sortBy":"random","orderBy":"DESC"}}}"#)), "invalid_cursor", "cursor");
    check("employmentTypes[]=slavery", "invalid_employment_type", "employmentTypes");
    check("north=55", "invalid_viewport", "north");
    check("zoom=99", "invalid_zoom", "zoom");
    check("from=99999999", "invalid_from", "from");
}

#[test]
fn other_bad_requests_get_json_errors() {
    let app = shared_app();
    let bad_region = app.get(&format!("{OFFERS}/markers?region=zz"));
    assert_eq!((bad_region.status, bad_region.body["code"].as_str()), (400, Some("invalid_region")));
    // Broken percent-encoding is decoded leniently (as the literal text), like browsers do.
    let bad_encoding = app.get(&format!("{OFFERS}/count?keywords[]=%ZZ&city=%FF"));
    assert_eq!(bad_encoding.status, 200, "{}", bad_encoding.body);
    let bad_category = app.get(&format!("{OFFERS}/count/categories/abc"));
    assert_eq!((bad_category.status, bad_category.body["field"].as_str()), (400, Some("categoryId")));
    let long = "a".repeat(500);
    assert_eq!(app.get(&format!("{OFFERS}/suggest?keyword={long}")).status, 400);
    assert_eq!(app.get("/api/it/no/such/route").body["code"], "not_found");
    let views = app.send_json(reqwest::Method::POST, "/api/it/v1/views", &serde_json::json!({"offer": 1}));
    assert_eq!((views.status, views.body["code"].as_str()), (400, Some("invalid_json")));
    let garbage = app.client.post(format!("{}/api/it/v1/views", app.base)).header("content-type", "application/json").body("{not json").send().unwrap();
    assert_eq!(garbage.status().as_u16(), 400);
    let missing = app.send_json(reqwest::Method::POST, "/api/it/v1/views", &serde_json::json!({"offerSlug": "no-such-offer"}));
    assert_eq!(missing.status, 404);
}

#[test]
fn hostile_values_never_cause_a_server_error() {
    let app = shared_app();
    for query in [
        "keywords[]=%00%01",
        "keywords[]=C%23%2B%2B%2F%2F..",
        "city=%F0%9F%92%A9",
        "salary=,,,",
        "zarobki=-",
        "sortBy=",
        "cursor=",
        "keywords[]=)))(((",
        "categories[]=",
        "north=1e309&south=0&east=0&west=0",
        "zoom=NaN",
        "radius=inf&city=krakow",
        "page=99999999999999999999",
        "region=8a1fb46622dffff",
    ] {
        let answer = app.get(&format!("{OFFERS}/by-cursor?{query}"));
        assert!(answer.status < 500, "{query} answered {}: {}", answer.status, answer.body);
        if answer.status >= 400 {
            assert!(answer.body["code"].is_string(), "{query}: {}", answer.body);
        }
    }
}

#[test]
fn small_list_parameters_are_typed_too() {
    let app = shared_app();
    for (path, code, field) in [
        ("/api/it/v2/user-panel/offers/suggest?keyword=".to_string() + &"a".repeat(201), "invalid_keyword", "keyword"),
        ("/api/it/v2/user-panel/cities?limit=0".to_string(), "invalid_limit", "limit"),
        ("/api/it/v2/user-panel/brand-stories/company/list?perPage=101".to_string(), "invalid_per_page", "perPage"),
        ("/api/it/v2/user-panel/brand-stories/company/list?lang=klingon".to_string(), "invalid_lang", "lang"),
        ("/api/it/v1/terms/terms-users-2025?embed=perhaps".to_string(), "invalid_boolean", "embed"),
        ("/api/it/v2/user-panel/offers/popular?perPage=100&page=6".to_string(), "invalid_page", "page"),
    ] {
        let answer = app.get(&path);
        assert_eq!((answer.status, answer.body["code"].as_str(), answer.body["field"].as_str()), (400, Some(code), Some(field)), "{path}: {}", answer.body);
    }
    assert_eq!(app.get("/api/it/v2/user-panel/offers/popular?perPage=100&page=5").status, 200, "500 deep is allowed");
}
