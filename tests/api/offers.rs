//! Candidate read API on the default data set.

use serde_json::Value;

use crate::helpers::{shared_app, spawn_app};

const OFFERS: &str = "/api/it/v2/user-panel/offers";

fn slugs(body: &Value) -> Vec<String> {
    body["data"].as_array().expect("data is a list").iter().map(|o| o["slug"].as_str().unwrap().to_string()).collect()
}

#[test]
fn contract_examples_answer_their_shapes() {
    let app = shared_app();
    let count = app.get_ok(&format!("{OFFERS}/count?keywords[]=java&city=krakow&cityRadiusKm=30&experienceLevels[]=mid"));
    assert!(count["count"].as_u64().unwrap() > 0, "{count}");

    let page = app.get_ok(&format!("{OFFERS}/by-cursor?itemsCount=100&sortBy=salary&orderBy=DESC"));
    let data = page["data"].as_array().unwrap();
    assert_eq!(data.len(), 100);
    for field in ["slug", "title", "companyName", "city", "latitude", "longitude", "employmentTypes", "publishedAt", "isOfferActive"] {
        assert!(data[0].get(field).is_some(), "offer lacks {field}");
    }
    assert!(data[0].as_object().unwrap().contains_key("applyUrl"));
    assert!(page["meta"]["next"]["cursor"].is_string());
    assert!(page["meta"]["prev"].is_null());

    let suggest = app.get_ok(&format!("{OFFERS}/suggest?keyword=jav"));
    assert!(suggest["titles"][0]["title"].as_str().unwrap().to_lowercase().contains("jav"));
    assert!(suggest["companies"].is_array() && suggest["skills"].is_array());

    let clusters = app.get_ok(&format!("{OFFERS}/clusters?zoom=6&north=55&south=49&east=24.2&west=14.1"));
    let cluster = &clusters["clusters"][0];
    for field in ["id", "count", "latitude", "longitude", "region", "categoryId", "geoJson"] {
        assert!(cluster.get(field).is_some(), "cluster lacks {field}");
    }
}

#[test]
fn salary_sort_is_monotonic_on_normalised_amounts() {
    let app = shared_app();
    let page = app.get_ok(&format!("{OFFERS}/by-cursor?itemsCount=100&sortBy=salary&orderBy=DESC&withSalary=true"));
    let tops: Vec<f64> = page["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|offer| {
            offer["employmentTypes"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|e| {
                    let to = e["toPln"].as_f64()?;
                    let factor = match e["unit"].as_str()? {
                        "hour" => 168.0,
                        "day" => 21.0,
                        "year" => 1.0 / 12.0,
                        _ => 1.0,
                    };
                    Some(to * factor)
                })
                .fold(f64::MIN, f64::max)
        })
        .collect();
    assert!(tops.windows(2).all(|w| w[0] + 0.01 >= w[1]), "{tops:?}");
}

#[test]
fn cursor_pages_follow_each_other_without_overlap() {
    let app = shared_app();
    let first = app.get_ok(&format!("{OFFERS}/by-cursor?itemsCount=50&sortBy=newest"));
    let cursor = first["meta"]["next"]["cursor"].as_str().unwrap().to_string();
    let encoded: String = url_encode(&cursor);
    let second = app.get_ok(&format!("{OFFERS}/by-cursor?cursor={encoded}"));
    let by_offset = app.get_ok(&format!("{OFFERS}?page=2&perPage=50&sortBy=newest"));
    assert_eq!(slugs(&second), slugs(&by_offset));
    let (a, b) = (slugs(&first), slugs(&second));
    assert!(a.iter().all(|slug| !b.contains(slug)));
    assert!(second["meta"]["prev"]["cursor"].is_string());
    assert_eq!(by_offset["meta"]["page"], 2);
    assert_eq!(by_offset["meta"]["from"], 50);
}

fn url_encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[test]
fn city_by_slug_or_name_and_diacritics_folding() {
    let app = shared_app();
    let by_slug = app.count("it", "city=krakow");
    assert!(by_slug > 0);
    assert_eq!(app.count("it", "city=Krak%C3%B3w"), by_slug);
    assert_eq!(app.count("it", "city=lodz"), app.count("it", "city=%C5%81%C3%B3d%C5%BA"));
    assert!(app.count("it", "city=krakow&cityRadiusKm=30") >= by_slug);
    assert_eq!(app.count("it", "keywords[]=krakow"), app.count("it", "keywords[]=Krak%C3%B3w"));
}

#[test]
fn polish_and_english_url_names_mean_the_same() {
    let app = shared_app();
    let api = app.count("it", "employmentTypes[]=permanent&experienceLevels[]=senior&withSalary=true&remoteWorkOptions[]=remote");
    assert_eq!(app.count("it", "typ-umowy=umowa-o-prace&doswiadczenie=senior&widelki=true&tryb-pracy=zdalna"), api);
    assert_eq!(app.count("it", "employment-type=permanent&experience-level=senior&with-salary=true&workplace=remote"), api);
    assert!(api > 0);
}

#[test]
fn counts_per_category_and_subcategory() {
    let app = shared_app();
    let counts = app.get_ok(&format!("{OFFERS}/count/categories"));
    let total = counts["count"].as_u64().unwrap();
    assert_eq!(total, app.count("it", ""));
    let java = counts["counts"]["6"].as_u64().unwrap();
    assert_eq!(java, app.count("it", "categories[]=6"));
    let sub = app.get_ok(&format!("{OFFERS}/count/categories/6"));
    let children: u64 = sub["counts"].as_object().unwrap().values().map(|v| v.as_u64().unwrap()).sum();
    assert!(children <= java && children > 0, "{sub}");
    assert_eq!(app.get(&format!("{OFFERS}/count/categories/999")).status, 404);
}

#[test]
fn tenants_never_see_each_other() {
    let app = shared_app();
    let it = app.get_ok(&format!("{OFFERS}?perPage=5"));
    let slug = slugs(&it)[0].clone();
    assert_eq!(app.get(&format!("/api/work/v1/offers/{slug}")).status, 404);
    assert_eq!(app.get(&format!("/api/it/v1/offers/{slug}")).status, 200);
    let (n_it, n_work) = (app.count("it", ""), app.count("work", ""));
    let all = app.get_ok("/api/it/v2/user-panel/offers/all-boards/count")["count"].as_u64().unwrap();
    assert_eq!(all, n_it + n_work);
    let config = app.get_ok("/api/work/v2/user-panel/configuration");
    assert!(config["categories"].as_array().unwrap().iter().all(|c| c["slug"] != "javascript"));
    assert_eq!(app.get("/api/nope/v2/user-panel/offers").status, 404);
}

#[test]
fn offer_detail_brand_story_lookalikes_and_active_slug() {
    let app = shared_app();
    let list = app.get_ok(&format!("{OFFERS}?perPage=100"));
    let with_story = list["data"].as_array().unwrap().iter().find(|o| o["brandStorySlug"].is_string()).expect("an offer with a brand story");
    let slug = with_story["slug"].as_str().unwrap();
    let detail = app.get_ok(&format!("/api/it/v1/offers/{slug}"));
    assert!(detail["body"].as_str().unwrap().contains('<'));
    assert!(detail["category"]["key"].is_string());
    let story_slug = detail["brandStorySlug"].as_str().unwrap();
    let story = app.get_ok(&format!("/api/it/v2/user-panel/brand-stories/company/{story_slug}/short-info"));
    assert!(story["offersCount"].as_u64().unwrap() >= 1);
    let similar = app.get_ok(&format!("/api/it/v2/user-panel/offer-lookalikes/{slug}"));
    let similar_slugs = slugs(&similar);
    assert!(!similar_slugs.is_empty() && !similar_slugs.contains(&slug.to_string()));
    let active = app.get_ok(&format!("/api/it/v2/user-panel/offers/active-slug/{slug}"));
    assert_eq!(active["isOfferActive"], true);
    assert_eq!(app.get("/api/it/v1/offers/no-such-offer").status, 404);
    let logo = app.client.get(format!("{}{}", app.base, with_story["companyLogoThumbUrl"].as_str().unwrap())).send().unwrap();
    assert_eq!(logo.headers()["content-type"], "image/svg+xml");
}

#[test]
fn multilocation_offers_are_searchable_in_every_city() {
    let app = shared_app();
    let list = app.get_ok(&format!("{OFFERS}/by-cursor?itemsCount=100"));
    let mut found = None;
    let mut cursor_page = list;
    for _ in 0..30 {
        if let Some(offer) = cursor_page["data"].as_array().unwrap().iter().find(|o| o["multilocation"].as_array().unwrap().len() > 1) {
            found = Some(offer.clone());
            break;
        }
        let Some(next) = cursor_page["meta"]["next"]["cursor"].as_str() else { break };
        cursor_page = app.get_ok(&format!("{OFFERS}/by-cursor?cursor={}", url_encode(next)));
    }
    let offer = found.expect("a multilocation offer in the default data");
    let parent = offer["offerParent"]["slug"].as_str().unwrap();
    for location in offer["multilocation"].as_array().unwrap() {
        let detail = app.get_ok(&format!("/api/it/v1/offers/{}", location["slug"].as_str().unwrap()));
        assert_eq!(detail["offerParent"]["slug"], parent);
        assert_eq!(detail["city"], location["city"]);
    }
}

#[test]
fn markers_page_through_a_cluster_twenty_at_a_time() {
    let app = shared_app();
    let clusters = app.get_ok(&format!("{OFFERS}/clusters?zoom=6&north=55&south=49&east=24.2&west=14.1"));
    let biggest = &clusters["clusters"][0];
    let region = biggest["id"].as_str().unwrap();
    let markers = app.get_ok(&format!("{OFFERS}/markers?region={region}"));
    assert_eq!(markers["meta"]["totalItems"], biggest["count"]);
    assert_eq!(markers["data"].as_array().unwrap().len().min(20), markers["data"].as_array().unwrap().len());
    let in_viewport: u64 = clusters["clusters"].as_array().unwrap().iter().map(|c| c["count"].as_u64().unwrap()).sum();
    assert!(in_viewport <= app.count("it", ""));
}

#[test]
fn popular_offers_follow_views() {
    let app = shared_app();
    let list = app.get_ok(&format!("{OFFERS}?perPage=100&sortBy=newest&orderBy=ASC"));
    let slug = slugs(&list)[7].clone();
    for _ in 0..3 {
        let answer = app.send_json(
            reqwest::Method::POST,
            "/api/it/v1/views",
            &serde_json::json!({"brand": "it", "offerSlug": slug, "visitedAt": "2026-11-25T10:00:00Z"}),
        );
        assert_eq!(answer.status, 200, "{}", answer.body);
    }
    let popular = app.get_ok("/api/it/v2/user-panel/offers/popular?perPage=5");
    assert_eq!(slugs(&popular)[0], slug);
    assert_eq!(slugs(&popular).len(), 5);
}

#[test]
fn configuration_carries_categories_filters_flags_and_url_names() {
    let app = shared_app();
    let config = app.get_ok("/api/it/v2/user-panel/configuration");
    assert_eq!(config["tenant"]["slug"], "it");
    assert_eq!(config["categories"].as_array().unwrap().len(), 25);
    assert_eq!(config["urlParams"]["employmentTypes"]["pl"], "typ-umowy");
    assert_eq!(config["filters"]["experienceLevels"][4]["value"], "c_level");
    assert_eq!(config["featureFlags"]["countAllBoardsOffers"], true);
    assert_eq!(config["currencies"].as_array().unwrap().len(), 5);
    assert!(config["salary"]["max"].as_f64().unwrap() > 0.0);
    let testimonials = app.get_ok("/api/it/v2/testimonials");
    assert!(!testimonials["data"].as_array().unwrap().is_empty());
    let stories = app.get_ok("/api/it/v2/user-panel/brand-stories/company/list?perPage=5");
    assert_eq!(stories["data"].as_array().unwrap().len(), 5);
}

#[test]
fn openapi_lists_every_endpoint() {
    let app = shared_app();
    let document = app.get_ok("/api/openapi.json");
    let paths = document["paths"].as_object().unwrap();
    for path in [
        "/api/{tenant}/v2/user-panel/offers",
        "/api/{tenant}/v2/user-panel/offers/by-cursor",
        "/api/{tenant}/v2/user-panel/offers/count",
        "/api/{tenant}/v2/user-panel/offers/count/categories",
        "/api/{tenant}/v2/user-panel/offers/count/categories/{category_id}",
        "/api/{tenant}/v2/user-panel/offers/all-boards/count",
        "/api/{tenant}/v2/user-panel/offers/popular",
        "/api/{tenant}/v2/user-panel/offers/suggest",
        "/api/{tenant}/v2/user-panel/offers/clusters",
        "/api/{tenant}/v2/user-panel/offers/markers",
        "/api/{tenant}/v2/user-panel/offers/active-slug/{slug}",
        "/api/{tenant}/v2/user-panel/offer-lookalikes/{slug}",
        "/api/{tenant}/v1/offers/{slug}",
        "/api/{tenant}/v1/views",
        "/api/{tenant}/v2/user-panel/configuration",
        "/api/{tenant}/v2/testimonials",
        "/api/{tenant}/v2/user-panel/brand-stories/company/list",
        "/api/{tenant}/v2/user-panel/brand-stories/company/{slug}/short-info",
    ] {
        assert!(paths.contains_key(path), "openapi lacks {path}");
    }
    let internal = app.client.get(format!("{}/api/internal/openapi.json", app.base)).bearer_auth(&app.internal_token).send().unwrap();
    let internal: serde_json::Value = internal.json().unwrap();
    assert!(internal["paths"].get("/api/{tenant}/internal/offers/{slug}").is_some(), "the internal document lacks the internal write API");
}

#[test]
fn cities_suggest_by_folded_prefix_and_reject_bad_limits() {
    let app = shared_app();
    let found = app.get_ok("/api/it/v2/user-panel/cities?keyword=lod");
    let names: Vec<&str> = found["cities"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(names.first(), Some(&"Łódź"), "{found}");
    assert!(found["cities"][0]["latitude"].is_f64());
    let top = app.get_ok("/api/it/v2/user-panel/cities?limit=3");
    assert_eq!(top["cities"].as_array().unwrap().len(), 3);
    assert_eq!(top["cities"][0]["slug"], "warszawa");
    for bad in ["limit=0", "limit=51", "limit=ten"] {
        let answer = app.get(&format!("/api/it/v2/user-panel/cities?{bad}"));
        assert_eq!(answer.status, 400, "{bad}: {}", answer.body);
        assert_eq!(answer.body["field"], "limit");
    }
}

#[test]
fn every_answer_carries_the_security_headers() {
    let app = shared_app();
    for path in ["/api/it/v2/user-panel/offers?perPage=1", "/api/it/v1/offers/no-such-offer", "/api/openapi.json", "/no-such-endpoint", "/health"] {
        let response = app.client.get(format!("{}{path}", app.base)).send().unwrap();
        let headers = response.headers();
        let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
        assert!(header("content-security-policy").contains("frame-ancestors 'none'"), "{path}: {:?}", headers);
        assert!(!header("content-security-policy").contains("script-src"), "{path}: the API runs no script");
        assert_eq!(header("x-content-type-options"), "nosniff", "{path}");
        assert_eq!(header("referrer-policy"), "strict-origin-when-cross-origin", "{path}");
        assert!(header("permissions-policy").contains("camera=()"), "{path}");
        assert_eq!(header("strict-transport-security"), "", "{path}: no HSTS over plain HTTP");
    }
    let proxied = app.client.get(format!("{}/health", app.base)).header("x-forwarded-proto", "https").send().unwrap();
    assert!(proxied.headers().get("strict-transport-security").is_some(), "HSTS behind an HTTPS proxy");
}

#[test]
fn the_response_cache_keys_on_the_meaning_of_a_request() {
    let app = spawn_app(true);
    let misses = |app: &crate::helpers::TestApp| app.get_ok("/health")["responseCache"]["misses"].as_u64().unwrap();
    // A background merge of the freshly loaded index may start a new generation (and so a new
    // cache entry) between two requests: each keyword gets its own try, one clean try suffices.
    let mut tries = Vec::new();
    for keyword in ["java", "python", "golang"] {
        let before = misses(&app);
        for query in [
            format!("keywords[]={keyword}&experienceLevels[]=mid&utm_source=x"),
            format!("experienceLevels[]=mid&keywords[]={keyword}"),
            format!("doswiadczenie=mid&keyword={keyword}&zzz=2"),
            format!("keywords[]={keyword}&experience-level=mid&lang="),
        ] {
            app.get_ok(&format!("/api/it/v2/user-panel/offers/count?{query}"));
        }
        let shared = misses(&app) - before;
        app.get_ok(&format!("/api/it/v2/user-panel/offers/count?keywords[]={keyword}&experienceLevels[]=senior"));
        tries.push((shared, misses(&app) - before));
        if tries.last() == Some(&(1, 2)) {
            break;
        }
    }
    assert_eq!(tries.last(), Some(&(1, 2)), "order, language of names and unknown parameters share one entry; another meaning is another: {tries:?}");
}

#[test]
fn the_openapi_document_describes_list_answers_and_error_codes() {
    let document = shared_app().get_ok("/api/openapi.json");
    for (path, schema) in [
        ("/api/{tenant}/v2/user-panel/offers", "OfferPage"),
        ("/api/{tenant}/v2/user-panel/offers/by-cursor", "OfferCursorPage"),
        ("/api/{tenant}/v2/user-panel/offers/markers", "MarkerPage"),
        ("/api/{tenant}/v2/user-panel/offers/popular", "PopularPage"),
        ("/api/{tenant}/v2/user-panel/offer-lookalikes/{slug}", "LookalikePage"),
    ] {
        let operation = &document["paths"][path]["get"];
        let reference = operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].as_str().unwrap_or_default();
        assert_eq!(reference, format!("#/components/schemas/{schema}"), "{path}");
        assert!(document["components"]["schemas"][schema]["properties"]["meta"].is_object(), "{schema} has its meta");
        for status in ["400", "404"] {
            assert!(operation["responses"][status].is_object(), "{path} documents {status}");
        }
    }
    let codes: Vec<&str> =
        document["components"]["schemas"]["ErrorBody"]["properties"]["code"]["enum"].as_array().unwrap().iter().filter_map(|c| c.as_str()).collect();
    for code in ["invalid_salary", "unknown_tenant", "unauthorized", "rate_limited", "invalid_lang", "offer_not_found"] {
        assert!(codes.contains(&code), "{code} is listed");
    }
}

/// Two DTOs of one name would share one schema in the document (the last registered wins): an
/// offer's skills were once described as the form dictionary's `{id, name}`. And every key a
/// form answers with is in the `code` enum.
#[test]
fn schemas_of_one_name_describe_one_shape_and_every_form_key_is_a_code() {
    let document = shared_app().get_ok("/api/openapi.json");
    let schemas = &document["components"]["schemas"];
    assert_eq!(schemas["SkillDto"]["required"], serde_json::json!(["name", "level"]), "an offer's skill");
    assert_eq!(schemas["DictionarySkillDto"]["required"], serde_json::json!(["id", "name"]), "a skill of the form's dictionary");
    // The offers list's paging and the candidate lists' paging are two shapes under two names
    // (once both were `PageMeta`, and the document described the offers list's wrongly).
    assert!(schemas["PageMeta"]["properties"]["totalItems"].is_object(), "the offers list's meta: {}", schemas["PageMeta"]);
    assert!(schemas["PagingMeta"]["properties"]["hasNextPage"].is_object(), "the candidate lists' meta: {}", schemas["PagingMeta"]);
    let codes = schemas["ErrorBody"]["properties"]["code"]["enum"].as_array().expect("the code enum");
    for key in ["fieldRequired", "invalidCharactersError", "maxValueError", "invalidEmail", "invalid_since", "invalid_day"] {
        assert!(codes.iter().any(|code| code == key), "{key} is not in the code enum");
    }
}
