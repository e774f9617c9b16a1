//! The candidate's own data over HTTP: favourites, CVs and their signed downloads, matched-for-
//! you, export and erasure — and the access matrix: anonymous, candidate A and candidate B on two
//! boards against every candidate endpoint.

use std::time::{Duration, Instant};

use reqwest::blocking::multipart::{Form, Part};
use reqwest::Method;
use serde_json::{json, Value};

use crate::applying::{applications_of, apply, form, offer, pdf, with_file, PASSWORD};
use crate::browser::Browser;
use crate::helpers::{spawn_app, TestApp};

/// Waits until the index lists `slug` (offers are searchable within a second of the write).
fn wait_searchable(app: &TestApp, tenant: &str, guid: &str) {
    let deadline = Instant::now() + Duration::from_secs(5);
    while app.get_ok(&format!("/api/{tenant}/v2/user-panel/offers/by-ids?ids[]={guid}"))["data"].as_array().is_none_or(Vec::is_empty) {
        assert!(Instant::now() < deadline, "offer {guid} never became searchable");
        std::thread::sleep(Duration::from_millis(50));
    }
}

pub fn upload_cv(browser: &mut Browser, tenant: &str, bytes: Vec<u8>, name: &str) -> crate::helpers::Answer {
    let request = browser
        .request(Method::POST, &format!("/api/{tenant}/v1/candidate/documents"))
        .multipart(Form::new().part("file", Part::bytes(bytes).file_name(name.to_string())));
    browser.send(request)
}

#[test]
fn favourites_add_list_filter_remove_and_come_with_a_login() {
    let app = spawn_app(false);
    let (_, first) = offer(&app, "it", "rust-gdansk", json!({}));
    let (_, second) = offer(&app, "it", "rust-sopot", json!({}));
    wait_searchable(&app, "it", &first);
    wait_searchable(&app, "it", &second);
    let mut ala = Browser::new(&app);
    ala.sign_up("it", "ala@example.pl", PASSWORD);
    assert_eq!(ala.json(Method::POST, "/api/it/v1/candidate/favourites", &json!({"jobAdvertisementId": first})).status, 201);
    assert_eq!(ala.json(Method::POST, "/api/it/v1/candidate/favourites", &json!({"jobAdvertisementId": first})).body["count"], 1, "idempotent");
    let unknown = ala.json(Method::POST, "/api/it/v1/candidate/favourites", &json!({"jobAdvertisementId": "no-such-offer"}));
    assert_eq!((unknown.status, unknown.body["code"].as_str()), (404, Some("offer_not_found")));
    assert_eq!(ala.get("/api/it/v1/candidate/favourites/count").body["count"], 1);
    let listed = ala.get("/api/it/v1/candidate/favourites?page=1&pageSize=10").body;
    assert_eq!((listed["data"][0]["jobAdvertisementId"].as_str(), listed["data"][0]["offer"]["slug"].as_str()), (Some(first.as_str()), Some("rust-gdansk")));
    let filtered = ala.get(&format!("/api/it/v1/candidate/favourites?jobAdvertisementsIds[]={first}&jobAdvertisementsIds[]={second}")).body;
    assert_eq!(filtered["data"].as_array().unwrap().len(), 1, "only the favourite of the batch");
    let too_many: String = (0..26).map(|n| format!("jobAdvertisementsIds[]=id{n}&")).collect();
    assert_eq!(ala.get(&format!("/api/it/v1/candidate/favourites?{too_many}")).body["code"], "too_many_values");
    assert_eq!(ala.json(Method::DELETE, &format!("/api/it/v1/candidate/favourites/{first}"), &Value::Null).status, 204);
    assert_eq!(ala.get("/api/it/v1/candidate/favourites/count").body["count"], 0);

    // A guest clicks the heart, logs in with favoriteOfferId: the offer is a favourite.
    let mut guest = Browser::new(&app);
    let logged_in =
        guest.json(Method::POST, "/api/it/v1/candidate/login", &json!({"email": "ala@example.pl", "password": PASSWORD, "favoriteOfferId": second}));
    assert_eq!(logged_in.status, 200);
    assert_eq!(guest.get("/api/it/v1/candidate/favourites/count").body["count"], 1);
}

#[test]
fn cvs_upload_replace_download_by_signed_link_and_delete() {
    let app = spawn_app(false);
    let mut ala = Browser::new(&app);
    ala.sign_up("it", "ala@example.pl", PASSWORD);
    let uploaded = upload_cv(&mut ala, "it", pdf(), "../../etc/Ala CV.pdf");
    assert_eq!(uploaded.status, 201, "{}", uploaded.body);
    assert_eq!((uploaded.body["fileName"].as_str(), uploaded.body["mime"].as_str()), (Some("Ala CV.pdf"), Some("application/pdf")));
    let document_id = uploaded.body["id"].as_str().unwrap().to_string();
    let exe = upload_cv(&mut ala, "it", [&b"MZ\x90\x00"[..], &[0u8; 200]].concat(), "cv.pdf");
    assert_eq!((exe.status, exe.body["code"].as_str()), (400, Some("fileType")));
    assert_eq!(ala.get("/api/it/v1/candidate/me").body["applicationDocs"].as_array().unwrap().len(), 1);

    let link = ala.json(Method::POST, &format!("/api/it/v1/candidate/documents/{document_id}/link"), &json!({}));
    assert_eq!(link.status, 200, "{}", link.body);
    let url = link.body["url"].as_str().unwrap().to_string();
    let download = app.client.get(format!("{}{url}", app.base)).send().unwrap();
    assert_eq!(download.status().as_u16(), 200, "the link works without a cookie");
    assert_eq!(download.headers()["content-type"], "application/pdf");
    assert_eq!(download.bytes().unwrap().to_vec(), pdf());
    let tampered = url.replace("signature=", "signature=x");
    assert_eq!(app.get(&tampered).body["code"], "invalid_signature");
    let other_document = url.replace(&document_id, "0123456789abcdef0123456789abcdef");
    assert_eq!(app.get(&other_document).status, 403, "a signature opens one document only");
    let expired = url.split("&expires=").next().unwrap().to_string() + "&expires=1&signature=abc";
    assert_eq!(app.get(&expired).status, 403);

    let replaced = ala.send(
        ala.request(Method::PUT, &format!("/api/it/v1/candidate/documents/{document_id}"))
            .multipart(Form::new().part("file", Part::bytes(pdf()).file_name("nowe.pdf"))),
    );
    assert_eq!((replaced.status, replaced.body["fileName"].as_str()), (200, Some("nowe.pdf")));
    let new_id = replaced.body["id"].as_str().unwrap().to_string();
    assert_eq!(ala.json(Method::DELETE, &format!("/api/it/v1/candidate/documents/{new_id}"), &Value::Null).status, 204);
    assert_eq!(ala.get("/api/it/v1/candidate/me").body["applicationDocs"], json!([]));
    assert_eq!(ala.json(Method::DELETE, &format!("/api/it/v1/candidate/documents/{new_id}"), &Value::Null).status, 404);
}

#[test]
fn matched_for_you_ranks_by_the_preferences_and_says_why() {
    let app = spawn_app(true);
    let mut ala = Browser::new(&app);
    ala.sign_up("it", "ala@example.pl", PASSWORD);
    assert_eq!(ala.get("/api/it/v1/candidate/matched-offers").body["data"], json!([]), "no preferences, no matches");
    let preferences = json!({"skills": ["Python", "SQL"], "experienceLevels": ["senior"], "cities": ["krakow"], "remote": false});
    assert_eq!(ala.json(Method::PUT, "/api/it/v1/candidate/profile", &json!({"preferences": preferences})).status, 200);
    let matched = ala.get("/api/it/v1/candidate/matched-offers?pageSize=10").body;
    let data = matched["data"].as_array().unwrap();
    assert!(!data.is_empty(), "{matched}");
    let percents: Vec<u64> = data.iter().map(|m| m["matchPercent"].as_u64().unwrap()).collect();
    assert!(percents.windows(2).all(|w| w[0] >= w[1]), "best first: {percents:?}");
    assert!(percents[0] > 0 && percents[0] <= 100);
    assert!(data[0]["matched"].as_array().unwrap().iter().all(|reason| reason["label"].is_string() && reason["kind"].is_string()));
}

#[test]
fn export_then_erase_everything_of_the_account() {
    let app = spawn_app(false);
    let (_, guid) = offer(&app, "it", "rust-gdansk", json!({}));
    wait_searchable(&app, "it", &guid);
    let mut ala = Browser::new(&app);
    let candidate = ala.sign_up("it", "ala@example.pl", PASSWORD);
    upload_cv(&mut ala, "it", pdf(), "cv.pdf");
    ala.json(Method::POST, "/api/it/v1/candidate/favourites", &json!({"jobAdvertisementId": guid}));
    let applied = apply(&mut ala, "it", "rust-gdansk", with_file(form("Ala Kot", "ala@example.pl", "Dzień dobry"), pdf(), "cv.pdf"));
    assert_eq!(applied.status, 201);

    let export = ala.get("/api/it/v1/candidate/export").body;
    assert_eq!(export["account"]["email"], "ala@example.pl");
    assert_eq!(export["account"]["documents"].as_array().unwrap().len(), 1);
    assert!(export.to_string().contains(applied.body["id"].as_str().unwrap()), "the application is exported");
    assert!(export.to_string().contains(&guid), "the favourite is exported");
    assert!(!export.to_string().contains("argon2"), "never the password hash");
    // The sign-up recorded which terms and privacy policy were accepted, and when.
    let terms = &export["account"]["terms"];
    assert_eq!((terms["terms"].as_str(), terms["privacyPolicy"].as_str()), (Some("terms-users-2025"), Some("privacy-policy")), "{terms}");
    assert!(terms["acceptedAt"].as_str().is_some_and(|at| at.starts_with("20")), "{terms}");

    let wrong = ala.json(Method::DELETE, "/api/it/v1/candidate/account", &json!({"password": "wrong"}));
    assert_eq!((wrong.status, wrong.body["code"].as_str()), (400, Some("invalid_password")));
    assert_eq!(ala.json(Method::DELETE, "/api/it/v1/candidate/account", &json!({"password": PASSWORD})).status, 204);
    assert_eq!(ala.get("/api/it/v1/candidate/me").status, 401);
    assert_eq!(Browser::new(&app).log_in("it", "ala@example.pl", PASSWORD).status, 401);
    let stored = applications_of(&app, "it", "rust-gdansk");
    assert_eq!(stored.len(), 1, "the employer keeps an anonymous record");
    assert_eq!(stored[0]["applicant"], Value::Null, "without the personal data");
    assert!(candidate["id"].is_string());
}

/// Every candidate endpoint: (method, path with {doc}/{redirect}/{fav} placeholders, body).
fn candidate_endpoints() -> Vec<(Method, &'static str, Value)> {
    vec![
        (Method::GET, "/v1/candidate/me", Value::Null),
        (Method::POST, "/v1/candidate/logout", json!({})),
        (Method::PUT, "/v1/candidate/password", json!({"currentPassword": PASSWORD, "newPassword": "brand new pass"})),
        (Method::POST, "/v1/candidate/email", json!({"newEmail": "x@example.pl", "password": PASSWORD})),
        (Method::PUT, "/v1/candidate/profile", json!({"firstName": "Mallory"})),
        (Method::GET, "/v1/candidate/favourites/count", Value::Null),
        (Method::GET, "/v1/candidate/favourites", Value::Null),
        (Method::POST, "/v1/candidate/favourites", json!({"jobAdvertisementId": "{fav}"})),
        (Method::DELETE, "/v1/candidate/favourites/{fav}", Value::Null),
        (Method::GET, "/v1/candidate/applications", Value::Null),
        (Method::POST, "/v1/candidate/redirects/{redirect}/confirm", json!({})),
        (Method::DELETE, "/v1/candidate/redirects/{redirect}", Value::Null),
        (Method::GET, "/v1/candidate/matched-offers", Value::Null),
        (Method::DELETE, "/v1/candidate/documents/{doc}", Value::Null),
        (Method::POST, "/v1/candidate/documents/{doc}/link", json!({})),
        (Method::GET, "/v1/candidate/export", Value::Null),
        (Method::DELETE, "/v1/candidate/account", json!({"password": PASSWORD})),
    ]
}

#[test]
fn access_matrix_anonymous_and_others_get_nothing() {
    let app = spawn_app(false);
    let (_, guid) = offer(&app, "it", "external-offer", json!({"applyUrl": "https://careers.example.com/apply/1"}));
    wait_searchable(&app, "it", &guid);
    let mut a = Browser::new(&app);
    a.sign_up("it", "a@example.pl", PASSWORD);
    let document = upload_cv(&mut a, "it", pdf(), "a.pdf").body["id"].as_str().unwrap().to_string();
    a.json(Method::POST, "/api/it/v1/candidate/favourites", &json!({"jobAdvertisementId": guid}));
    let redirect =
        a.json(Method::POST, "/api/it/v2/user-panel/offers/external-offer/track-redirects", &json!({})).body["redirect_id"].as_str().unwrap().to_string();
    a.json(Method::POST, &format!("/api/it/v1/candidate/redirects/{redirect}/confirm"), &json!({}));
    let fill = |path: &str| path.replace("{doc}", &document).replace("{redirect}", &redirect).replace("{fav}", &guid);
    let snapshot = |a: &mut Browser| {
        let me = a.get("/api/it/v1/candidate/me").body;
        (
            me["firstName"].clone(),
            me["applicationDocs"].as_array().map(Vec::len),
            a.get("/api/it/v1/candidate/favourites/count").body["count"].clone(),
            a.get("/api/it/v1/candidate/applications").body["data"].as_array().map(Vec::len),
        )
    };
    let before = snapshot(&mut a);
    assert_eq!(before, (json!("Ala"), Some(1), json!(1), Some(1)));

    // Anonymous: 401 everywhere, on both boards.
    for tenant in ["it", "work"] {
        let mut anonymous = Browser::new(&app);
        for (method, path, body) in candidate_endpoints() {
            let body = serde_json::from_str::<Value>(&fill(&body.to_string())).unwrap();
            let answer = anonymous.json(method.clone(), &format!("/api/{tenant}{}", fill(path)), &body);
            assert_eq!(answer.status, 401, "anonymous {method} {tenant}{path}: {}", answer.body);
        }
    }
    // A's session on the other board: nobody there.
    for (method, path, body) in candidate_endpoints() {
        let body = serde_json::from_str::<Value>(&fill(&body.to_string())).unwrap();
        let answer = a.json(method.clone(), &format!("/api/work{}", fill(path)), &body);
        assert_eq!(answer.status, 401, "A on work: {method} {path}: {}", answer.body);
    }
    // B: own (empty) data only; A's ids lead nowhere.
    let mut b = Browser::new(&app);
    b.sign_up("it", "b@example.pl", PASSWORD);
    assert_eq!(b.get("/api/it/v1/candidate/favourites/count").body["count"], 0);
    assert_eq!(b.get("/api/it/v1/candidate/applications").body["data"], json!([]));
    assert_eq!(b.json(Method::POST, &format!("/api/it/v1/candidate/documents/{document}/link"), &json!({})).status, 404);
    assert_eq!(b.json(Method::DELETE, &format!("/api/it/v1/candidate/documents/{document}"), &Value::Null).status, 404);
    assert_eq!(b.json(Method::POST, &format!("/api/it/v1/candidate/redirects/{redirect}/confirm"), &json!({})).status, 404);
    assert_eq!(b.json(Method::DELETE, &format!("/api/it/v1/candidate/redirects/{redirect}"), &Value::Null).status, 404);
    assert_eq!(
        b.json(Method::DELETE, &format!("/api/it/v1/candidate/favourites/{guid}"), &Value::Null).status,
        204,
        "removing one's own non-favourite is a no-op"
    );
    assert!(!b.get("/api/it/v1/candidate/export").body.to_string().contains(&document));
    // A cookie without the CSRF header writes nothing.
    a.send_csrf = false;
    for (method, path, body) in candidate_endpoints().into_iter().filter(|(method, _, _)| *method != Method::GET) {
        let body = serde_json::from_str::<Value>(&fill(&body.to_string())).unwrap();
        let answer = a.json(method.clone(), &format!("/api/it{}", fill(path)), &body);
        assert_eq!((answer.status, answer.body["code"].as_str()), (403, Some("csrf_failed")), "{method} {path}");
    }
    a.send_csrf = true;
    assert_eq!(snapshot(&mut a), before, "nothing of A changed");
}
