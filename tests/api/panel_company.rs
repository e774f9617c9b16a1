//! The employer panel's own data (issue 12): roles and users, profile, company data with its
//! logo, billing data (NIP), default clauses of new offers, and brand stories shown to candidates.

use reqwest::blocking::multipart::{Form, Part};
use reqwest::Method;
use serde_json::{json, Value};

use crate::browser::mailed_token;
use crate::employer_client::{log_in, png, sign_up, EmployerClient, PASSWORD};
use crate::helpers::{spawn_app, Answer, TestApp};

fn answer(response: reqwest::blocking::Response) -> Answer {
    let status = response.status().as_u16();
    let text = response.text().unwrap_or_default();
    Answer { status, body: serde_json::from_str(&text).unwrap_or(if text.is_empty() { Value::Null } else { Value::String(text) }) }
}

/// Sends a multipart form to `path` of the employer's board.
pub fn multipart(employer: &EmployerClient<'_>, method: Method, path: &str, form: Form) -> Answer {
    let url = format!("{}/api/{}{path}", employer.app.base, employer.tenant);
    answer(employer.app.client.request(method, url).bearer_auth(&employer.token).multipart(form).send().expect("request is sent"))
}

/// The company data form.
pub fn company_form(name: &str, logo: Option<Vec<u8>>) -> Form {
    let form = Form::new().text("companyName", name.to_string()).text("companySize", "26-50").text("companyWebsite", "https://acme.example");
    match logo {
        Some(bytes) => form.part("companyLogo", Part::bytes(bytes).file_name("logo.png")),
        None => form,
    }
}

/// A brand story form with a cover photo.
pub fn story_form(published: bool, cover: Option<Vec<u8>>) -> Form {
    let form = Form::new()
        .text("type", "software-house")
        .text("shortDescription", "We build payment systems in Python for banks.")
        .text("shortDescriptionEn", "We build payment systems in Python.")
        .text("description", "<p>Our <b>team</b> of 40.</p><script>alert(1)</script>")
        .text("technologies", "python")
        .text("technologies", "Docker")
        .text("published", if published { "true" } else { "false" });
    match cover {
        Some(bytes) => form.part("coverPhoto", Part::bytes(bytes).file_name("cover.png")),
        None => form,
    }
}

/// Adds a user of `role` to the owner's company, who sets a password from the invitation: logged in.
pub fn add_user<'a>(app: &'a TestApp, owner: &EmployerClient<'a>, email: &str, role: Option<&str>) -> (String, EmployerClient<'a>) {
    let mut body = json!({"name": "Piotr Kowalski", "email": email});
    if let Some(role) = role {
        body["role"] = json!(role);
    }
    let added = owner.call(Method::POST, "/v1/users", Some(&body));
    assert_eq!(added.status, 201, "{}", added.body);
    let invite = mailed_token(app, email, "employer.invite");
    let joined = app.send_json(
        Method::PATCH,
        &format!("/api/{}/v1/users/confirm", owner.tenant),
        &json!({"token": invite, "password": PASSWORD, "password_confirmation": PASSWORD}),
    );
    assert_eq!(joined.status, 200, "{}", joined.body);
    (added.body["id"].as_str().unwrap().to_string(), log_in(app, &owner.tenant, email, PASSWORD))
}

pub const CLAUSES: &str = "The controller of your personal data is Acme Software sp. z o.o., Rynek 1, Kraków.";

#[test]
fn owners_manage_users_and_recruiters_do_not() {
    let app = spawn_app(false);
    let owner = sign_up(&app, "it", "boss@acme.example", "Acme Software");
    let me = owner.call(Method::GET, "/v2/employer-panel/profiles/me", None);
    assert_eq!((me.status, me.body["role"].as_str()), (200, Some("owner")), "{}", me.body);
    let (recruiter_id, recruiter) = add_user(&app, &owner, "rec@acme.example", None);
    assert_eq!(recruiter.call(Method::GET, "/v2/employer-panel/profiles/me", None).body["role"], "recruiter", "added users are recruiters by default");

    for (method, path, body) in [
        (Method::GET, "/v2/employer-panel/users".to_string(), None),
        (Method::POST, "/v1/users".to_string(), Some(json!({"name": "Third User", "email": "third@acme.example"}))),
        (Method::PATCH, format!("/v2/employer-panel/users/{recruiter_id}"), Some(json!({"role": "owner"}))),
        (Method::DELETE, format!("/v2/employer-panel/users/{}", me.body["id"].as_str().unwrap()), None),
        (Method::PATCH, "/v2/employer-panel/company/billing-data".to_string(), Some(json!({"companyName": "Acme"}))),
    ] {
        let refused = recruiter.call(method.clone(), &path, body.as_ref());
        assert_eq!((refused.status, refused.body["code"].as_str()), (403, Some("owner_role_required")), "{method} {path}");
    }

    let users = owner.call(Method::GET, "/v2/employer-panel/users", None);
    assert_eq!(users.status, 200);
    let listed: Vec<(&str, &str)> =
        users.body["data"].as_array().unwrap().iter().map(|u| (u["email"].as_str().unwrap(), u["role"].as_str().unwrap())).collect();
    assert_eq!(listed, [("boss@acme.example", "owner"), ("rec@acme.example", "recruiter")]);

    let owner_id = me.body["id"].as_str().unwrap();
    let demote = owner.call(Method::PATCH, &format!("/v2/employer-panel/users/{owner_id}"), Some(&json!({"role": "recruiter"})));
    assert_eq!((demote.status, demote.body["code"].as_str()), (409, Some("last_owner")));
    let leave = owner.call(Method::DELETE, &format!("/v2/employer-panel/users/{owner_id}"), None);
    assert_eq!((leave.status, leave.body["code"].as_str()), (409, Some("last_owner")));
    assert_eq!(owner.call(Method::PATCH, "/v2/employer-panel/users/nobody", Some(&json!({"name": "Nobody Here"}))).body["code"], "employer_user_not_found");
    assert_eq!(owner.call(Method::PATCH, &format!("/v2/employer-panel/users/{recruiter_id}"), Some(&json!({"role": "admin"}))).status, 400);

    let promoted = owner.call(Method::PATCH, &format!("/v2/employer-panel/users/{recruiter_id}"), Some(&json!({"role": "owner", "name": "Piotr Nowy"})));
    assert_eq!((promoted.status, promoted.body["role"].as_str(), promoted.body["name"].as_str()), (200, Some("owner"), Some("Piotr Nowy")));
    assert_eq!(recruiter.call(Method::GET, "/v2/employer-panel/users", None).status, 200, "the role is read on every request");
    // Now two owners: one may step down, then the other removes them.
    assert_eq!(owner.call(Method::PATCH, &format!("/v2/employer-panel/users/{owner_id}"), Some(&json!({"role": "recruiter"}))).status, 200);
    let removed = recruiter.call(Method::DELETE, &format!("/v2/employer-panel/users/{owner_id}"), None);
    assert_eq!(removed.status, 204, "{}", removed.body);
    assert_eq!(owner.call(Method::GET, "/v2/employer-panel/profiles/me", None).status, 401, "a removed user's sessions end");
    let login =
        app.send_json(Method::POST, "/api/it/v1/oauth/token", &json!({"grant_type": "password", "username": "boss@acme.example", "password": PASSWORD}));
    assert_eq!(login.status, 401);
    // The e-mail is free again: it can be invited anew.
    let (_, back) = add_user(&app, &recruiter, "boss@acme.example", Some("owner"));
    assert_eq!(back.call(Method::GET, "/v2/employer-panel/profiles/me", None).body["role"], "owner");
}

#[test]
fn the_profile_follows_the_sign_up_rules() {
    let app = spawn_app(false);
    let owner = sign_up(&app, "it", "anna@acme.example", "Acme Software");
    let short = owner.call(Method::PATCH, "/v1/profiles/me", Some(&json!({"name": "A"})));
    assert_eq!((short.status, short.body["code"].as_str(), short.body["field"].as_str()), (400, Some("invalid_name"), Some("name")));
    let phone = owner.call(Method::PATCH, "/v1/profiles/me", Some(&json!({"phone": "call me"})));
    assert_eq!((phone.status, phone.body["code"].as_str()), (400, Some("invalid_phone")));
    assert_eq!(owner.call(Method::PATCH, "/v1/profiles/me", Some(&json!({"nickname": "x"}))).status, 400, "unknown fields are refused");
    let saved = owner.call(Method::PATCH, "/v1/profiles/me", Some(&json!({"name": "Anna Maria Nowak", "phone": "+48 601 602 603"})));
    assert_eq!(saved.status, 200, "{}", saved.body);
    let me = owner.call(Method::GET, "/v2/employer-panel/profiles/me", None).body;
    assert_eq!(
        (me["name"].as_str(), me["phone"].as_str(), me["email"].as_str()),
        (Some("Anna Maria Nowak"), Some("+48 601 602 603"), Some("anna@acme.example"))
    );
    assert_eq!((me["companyName"].as_str(), me["emailConfirmed"].as_bool()), (Some("Acme Software"), Some(true)));
}

#[test]
fn company_data_takes_a_logo_checked_by_content_and_new_offers_start_from_it() {
    let app = spawn_app(false);
    let owner = sign_up(&app, "it", "anna@acme.example", "Acme Software");
    let company = owner.call(Method::GET, "/v1/company", None);
    assert_eq!((company.status, company.body["companyName"].as_str(), company.body["companyLogo"].clone()), (200, Some("Acme Software"), Value::Null));

    let no_logo = multipart(&owner, Method::POST, "/v1/company/company_data", company_form("Acme Software", None));
    assert_eq!((no_logo.status, no_logo.body["code"].as_str(), no_logo.body["field"].as_str()), (400, Some("required"), Some("companyLogo")));
    let gif =
        multipart(&owner, Method::POST, "/v1/company/company_data", company_form("Acme Software", Some(b"GIF89a".iter().copied().cycle().take(400).collect())));
    assert_eq!((gif.status, gif.body["code"].as_str()), (400, Some("logo_wrong_format")));
    let tiny = multipart(&owner, Method::POST, "/v1/company/company_data", company_form("Acme Software", Some(png(50))));
    assert_eq!(tiny.body["code"], "logo_too_small");
    let short = multipart(&owner, Method::POST, "/v1/company/company_data", company_form("A", Some(png(300))));
    assert_eq!((short.status, short.body["code"].as_str(), short.body["field"].as_str()), (400, Some("min_length"), Some("companyName")));
    let bad = Form::new().text("companyName", "Acme").text("companySize", "7").text("companyWebsite", "acme.example");
    let bad = multipart(&owner, Method::POST, "/v1/company/company_data", bad);
    let codes: Vec<&str> = bad.body["errors"].as_array().unwrap().iter().map(|e| e["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["invalid_option", "url_protocol_required"], "{}", bad.body);
    let stray = multipart(&owner, Method::POST, "/v1/company/company_data", Form::new().text("logo", "x"));
    assert_eq!((stray.status, stray.body["code"].as_str()), (400, Some("invalid_multipart")));

    let saved = multipart(&owner, Method::POST, "/v1/company/company_data", company_form("Acme Software SA", Some(png(400))));
    assert_eq!(saved.status, 200, "{}", saved.body);
    let logo_url = saved.body["companyLogo"].as_str().unwrap().to_string();
    let logo = app.client.get(format!("{}{logo_url}", app.base)).send().unwrap();
    assert_eq!((logo.status().as_u16(), logo.bytes().unwrap().to_vec()), (200, png(400)));
    // Without a new logo the stored one stays.
    let renamed = multipart(&owner, Method::POST, "/v1/company/company_data", company_form("Acme Software SA", None));
    assert_eq!((renamed.status, renamed.body["companyLogo"].as_str()), (200, Some(logo_url.as_str())));

    let (slug, token) = owner.initiate("pro");
    let form = owner.call(Method::GET, &format!("/v1/offers/{slug}?token={token}"), None).body["form"].clone();
    assert_eq!(
        (form["companyName"].as_str(), form["companySize"].as_str(), form["companyWebsite"].as_str(), form["companyLogo"].as_str()),
        (Some("Acme Software SA"), Some("26-50"), Some("https://acme.example"), Some(logo_url.as_str()))
    );
}

#[test]
fn billing_data_checks_the_nip() {
    let app = spawn_app(false);
    let owner = sign_up(&app, "it", "anna@acme.example", "Acme Software");
    let billing = |tax_id: &str, postal_code: &str| json!({"companyName": "Acme Software sp. z o.o.", "taxId": tax_id, "street": "Rynek", "streetNumber": "1", "postalCode": postal_code, "city": "Kraków", "country": "PL"});
    let wrong = owner.call(Method::PATCH, "/v2/employer-panel/company/billing-data", Some(&billing("526-000-12-45", "31-042")));
    assert_eq!((wrong.status, wrong.body["code"].as_str(), wrong.body["field"].as_str()), (400, Some("invalid_nip"), Some("taxId")));
    let postal = owner.call(Method::PATCH, "/v2/employer-panel/company/billing-data", Some(&billing("5260001246", "31042")));
    assert_eq!(postal.body["code"], "invalid_postal_code");
    let missing = owner.call(Method::PATCH, "/v2/employer-panel/company/billing-data", Some(&json!({"taxId": "5260001246"})));
    assert_eq!((missing.body["code"].as_str(), missing.body["field"].as_str()), (Some("required"), Some("companyName")));
    let saved = owner.call(Method::PATCH, "/v2/employer-panel/company/billing-data", Some(&billing("PL 526-000-12-46", "31-042")));
    assert_eq!(saved.status, 200, "{}", saved.body);
    assert_eq!(owner.call(Method::GET, "/v1/company", None).body["billingData"]["taxId"], "5260001246");
    let (_, recruiter) = add_user(&app, &owner, "rec@acme.example", None);
    assert_eq!(recruiter.call(Method::GET, "/v1/company", None).body["billingData"], Value::Null, "recruiters do not see billing data");
}

#[test]
fn default_clauses_follow_the_offer_rules_and_prefill_new_offers() {
    let app = spawn_app(false);
    let owner = sign_up(&app, "it", "anna@acme.example", "Acme Software");
    let clauses = |info: &str, consent: &str| json!({"informationClauseText": info, "futureConsentEnabled": true, "futureConsentText": consent, "customConsentEnabled": false, "customConsentText": ""});
    let consent = "I agree that {company} keeps my CV for future recruitments.";
    let short = owner.call(Method::PATCH, "/v2/employer-panel/company/clauses", Some(&clauses("Too short.", consent)));
    assert_eq!((short.status, short.body["code"].as_str(), short.body["field"].as_str()), (400, Some("min_length"), Some("informationClauseText")));
    let placeholder = owner.call(Method::PATCH, "/v2/employer-panel/company/clauses", Some(&clauses(&format!("{CLAUSES} {{company}}"), consent)));
    assert_eq!(placeholder.body["code"], "forbidden_placeholder");
    let no_placeholder = owner.call(Method::PATCH, "/v2/employer-panel/company/clauses", Some(&clauses(CLAUSES, "I agree to future recruitments by them.")));
    assert_eq!((no_placeholder.body["code"].as_str(), no_placeholder.body["field"].as_str()), (Some("missing_placeholder"), Some("futureConsentText")));

    let (before, before_token) = owner.initiate("pro");
    let saved = owner.call(Method::PATCH, "/v2/employer-panel/company/clauses", Some(&clauses(CLAUSES, consent)));
    assert_eq!(saved.status, 200, "{}", saved.body);
    assert_eq!(saved.body["clauses"]["informationClauseText"], CLAUSES);
    let (slug, token) = owner.initiate("pro");
    let form = owner.call(Method::GET, &format!("/v1/offers/{slug}?token={token}"), None).body["form"].clone();
    assert_eq!(
        (
            form["informationClauseText"].as_str(),
            form["futureConsentEnabled"].as_bool(),
            form["futureConsentText"].as_str(),
            form["customConsentEnabled"].as_bool()
        ),
        (Some(CLAUSES), Some(true), Some(consent), Some(false))
    );
    let older = owner.call(Method::GET, &format!("/v1/offers/{before}?token={before_token}"), None).body["form"].clone();
    assert_eq!(older["informationClauseText"], "", "offers started before keep their own clauses");
}

#[test]
fn a_published_brand_story_reaches_candidates() {
    let app = spawn_app(false);
    let owner = sign_up(&app, "it", "anna@acme.example", "Acme Software");
    assert_eq!(multipart(&owner, Method::POST, "/v1/company/company_data", company_form("Acme Software", Some(png(400)))).status, 200);
    let absent = owner.app.client.get(format!("{}/api/it/v2/employer-panel/brand-stories/data/acme", app.base)).bearer_auth(&owner.token).send().unwrap();
    assert_eq!(absent.status().as_u16(), 404);
    assert!(absent.bytes().unwrap().is_empty(), "a bodyless 404 means absent");
    assert_eq!(owner.call(Method::GET, "/v2/employer-panel/brand-stories/status/acme", None).body["code"], "brand_story_not_found");
    let technologies = owner.call(Method::GET, "/v2/employer-panel/brand-stories/technologies", None);
    assert!(technologies.body["data"].as_array().unwrap().iter().any(|t| t["name"] == "Python"), "{}", technologies.body);

    let bad_slug = multipart(&owner, Method::PUT, "/v2/employer-panel/brand-stories/Acme_", story_form(false, None));
    assert_eq!((bad_slug.status, bad_slug.body["code"].as_str()), (400, Some("invalid_slug")));
    let unknown = multipart(&owner, Method::PUT, "/v2/employer-panel/brand-stories/acme", story_form(false, None).text("technologies", "Klingon"));
    assert_eq!((unknown.status, unknown.body["code"].as_str(), unknown.body["field"].as_str()), (400, Some("unknown_technology"), Some("technologies")));
    let not_image =
        multipart(&owner, Method::PUT, "/v2/employer-panel/brand-stories/acme", story_form(false, Some(b"%PDF-1.4 not an image at all".repeat(10))));
    assert_eq!((not_image.body["code"].as_str(), not_image.body["field"].as_str()), (Some("logo_wrong_format"), Some("coverPhoto")));
    let not_boolean = multipart(&owner, Method::PUT, "/v2/employer-panel/brand-stories/acme", Form::new().text("published", "maybe"));
    assert_eq!(not_boolean.body["code"], "invalid_boolean");

    let draft = multipart(&owner, Method::PUT, "/v2/employer-panel/brand-stories/acme", story_form(false, Some(png(500))));
    assert_eq!(draft.status, 200, "{}", draft.body);
    assert_eq!(draft.body["technologies"], json!(["Python", "Docker"]), "named as the dictionary names them");
    assert!(!draft.body["description"].as_str().unwrap().contains("script"), "{}", draft.body["description"]);
    assert_eq!(owner.call(Method::GET, "/v2/employer-panel/brand-stories/status/acme", None).body["status"], "draft");
    assert_eq!(app.get("/api/it/v2/user-panel/brand-stories/company/acme/short-info").status, 404, "a draft is not shown");
    let board_stories = app.get("/api/it/v2/user-panel/brand-stories/company/list").body;
    let before = board_stories["meta"]["totalItems"].as_u64().unwrap();
    assert!(board_stories["data"].as_array().unwrap().iter().all(|story| story["slug"] != "acme"));
    if let Some(board_slug) = board_stories["data"][0]["slug"].as_str() {
        let taken = multipart(&owner, Method::PUT, &format!("/v2/employer-panel/brand-stories/{board_slug}"), story_form(false, None));
        assert_eq!(taken.body["code"], "brand_story_slug_taken", "the board's own stories keep their slugs");
    }

    let published = multipart(&owner, Method::PUT, "/v2/employer-panel/brand-stories/acme", story_form(true, None));
    assert_eq!((published.status, published.body["coverPhotoUrl"].clone()), (200, draft.body["coverPhotoUrl"].clone()), "the stored cover stays");
    assert_eq!(owner.call(Method::GET, "/v2/employer-panel/brand-stories/data/acme", None).body["published"], true);
    let list = app.get("/api/it/v2/user-panel/brand-stories/company/list?lang=en");
    assert_eq!(list.body["meta"]["totalItems"].as_u64(), Some(before + 1), "companies' stories come first");
    let story = &list.body["data"][0];
    assert_eq!((story["slug"].as_str(), story["name"].as_str(), story["type"].as_str()), (Some("acme"), Some("Acme Software"), Some("software-house")));
    assert_eq!(story["shortDescription"], "We build payment systems in Python.");
    let cover = app.client.get(format!("{}{}", app.base, story["coverPhotoUrl"].as_str().unwrap())).send().unwrap();
    assert_eq!((cover.status().as_u16(), cover.bytes().unwrap().to_vec()), (200, png(500)));
    let page = app.get("/api/it/v2/user-panel/brand-stories/company/acme/short-info");
    assert_eq!((page.status, page.body["technologies"].clone()), (200, json!(["Python", "Docker"])));
    assert!(page.body["description"].as_str().unwrap().contains("<b>team</b>"));
    assert_eq!(app.get("/api/work/v2/user-panel/brand-stories/company/acme/short-info").status, 404, "boards keep their stories");

    // Another company may not take the slug, nor read the story in the panel.
    let other = sign_up(&app, "it", "boss@beta.example", "Beta");
    assert_eq!(multipart(&other, Method::PUT, "/v2/employer-panel/brand-stories/acme", story_form(true, None)).body["code"], "brand_story_slug_taken");
    assert_eq!(other.call(Method::GET, "/v2/employer-panel/brand-stories/data/acme", None).status, 404);
    // A new slug moves the story.
    let moved = multipart(&owner, Method::PUT, "/v2/employer-panel/brand-stories/acme-software", story_form(true, None));
    assert_eq!(moved.status, 200, "{}", moved.body);
    assert_eq!(app.get("/api/it/v2/user-panel/brand-stories/company/acme/short-info").status, 404);
    assert_eq!(app.get("/api/it/v2/user-panel/brand-stories/company/acme-software/short-info").status, 200);
    assert_eq!(owner.call(Method::GET, "/v1/company", None).body["brandStorySlug"], "acme-software");
    // The company's offers published from now on link the story.
    let (slug, token) = owner.ready_offer("pro", "Senior Python Developer");
    let code = owner.issue_code(&crate::employer_client::company_id(&owner), "pro");
    assert_eq!(owner.publish_with_code(&slug, &token, &code).status, 200);
    assert_eq!(app.get(&format!("/api/it/v1/offers/{slug}")).body["brandStorySlug"], "acme-software");
}

#[test]
fn acknowledged_billing_data_survives_kill_9() {
    let data_dir = tempfile::tempdir().unwrap();
    let server = crate::helpers::RealServer::start(data_dir.path(), &[]);
    let app = server.app(data_dir.path());
    let owner = sign_up(&app, "it", "anna@acme.example", "Acme Software");
    let billing = json!({"companyName": "Acme Software sp. z o.o.", "taxId": "5260001246", "street": "Rynek", "streetNumber": "1", "postalCode": "31-042", "city": "Kraków"});
    assert_eq!(owner.call(Method::PATCH, "/v2/employer-panel/company/billing-data", Some(&billing)).status, 200);
    let token = owner.token.clone();
    server.kill_9();

    let restarted = crate::helpers::RealServer::start(data_dir.path(), &[]);
    let app = restarted.app(data_dir.path());
    let owner = EmployerClient { app: &app, tenant: "it".into(), token };
    let company = owner.call(Method::GET, "/v1/company", None);
    assert_eq!((company.status, company.body["billingData"]["taxId"].as_str()), (200, Some("5260001246")), "{}", company.body);
}

#[test]
fn openapi_lists_every_company_panel_endpoint_with_its_codes() {
    let document = crate::helpers::shared_app().get_ok("/api/openapi.json");
    let paths = document["paths"].as_object().unwrap();
    for (method, path) in [
        ("get", "/api/{tenant}/v2/employer-panel/profiles/me"),
        ("patch", "/api/{tenant}/v1/profiles/me"),
        ("get", "/api/{tenant}/v2/employer-panel/users"),
        ("patch", "/api/{tenant}/v2/employer-panel/users/{id}"),
        ("delete", "/api/{tenant}/v2/employer-panel/users/{id}"),
        ("get", "/api/{tenant}/v1/company"),
        ("post", "/api/{tenant}/v1/company/company_data"),
        ("patch", "/api/{tenant}/v2/employer-panel/company/billing-data"),
        ("patch", "/api/{tenant}/v2/employer-panel/company/clauses"),
        ("get", "/api/{tenant}/v2/employer-panel/brand-stories/data/{slug}"),
        ("put", "/api/{tenant}/v2/employer-panel/brand-stories/{slug}"),
        ("get", "/api/{tenant}/v2/employer-panel/brand-stories/status/{slug}"),
        ("get", "/api/{tenant}/v2/employer-panel/brand-stories/technologies"),
    ] {
        assert!(paths.get(path).and_then(|p| p.get(method)).is_some(), "{method} {path} is documented");
    }
    let codes = document.pointer("/components/schemas/ErrorBody/properties/code").unwrap().to_string();
    for code in
        ["owner_role_required", "last_owner", "employer_user_not_found", "brand_story_slug_taken", "invalid_nip", "invalid_postal_code", "unknown_technology"]
    {
        assert!(codes.contains(code), "{code} is in the error table");
    }
}

#[test]
fn the_token_info_names_the_role() {
    let app = spawn_app(false);
    let owner = sign_up(&app, "it", "anna@acme.example", "Acme Software");
    assert_eq!(owner.call(Method::GET, "/v1/oauth/token/info", None).body["role"], "owner");
    let (_, recruiter) = add_user(&app, &owner, "rec@acme.example", None);
    assert_eq!(recruiter.call(Method::GET, "/v1/oauth/token/info", None).body["role"], "recruiter");
}

/// Offers published before their company's story get its link when the story is published, and
/// follow it when it moves.
#[test]
fn offers_published_before_the_story_link_it_once_it_is_published() {
    let app = spawn_app(false);
    let owner = sign_up(&app, "it", "boss@gamma.example", "Gamma Soft");
    let (slug, token) = owner.ready_offer("pro", "Senior Go Developer");
    let code = owner.issue_code(&crate::employer_client::company_id(&owner), "pro");
    assert_eq!(owner.publish_with_code(&slug, &token, &code).status, 200);
    assert_eq!(app.get(&format!("/api/it/v1/offers/{slug}")).body["brandStorySlug"], Value::Null, "no story yet");

    let draft = multipart(&owner, Method::PUT, "/v2/employer-panel/brand-stories/gamma", story_form(false, None));
    assert_eq!(draft.status, 200, "{}", draft.body);
    assert_eq!(app.get(&format!("/api/it/v1/offers/{slug}")).body["brandStorySlug"], Value::Null, "a draft is not linked");
    assert_eq!(multipart(&owner, Method::PUT, "/v2/employer-panel/brand-stories/gamma", story_form(true, None)).status, 200);
    assert_eq!(app.get(&format!("/api/it/v1/offers/{slug}")).body["brandStorySlug"], "gamma");
    // The list reads the index, which shows a write within its commit interval.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let listed = app.get("/api/it/v2/user-panel/offers?sortBy=newest&perPage=20").body;
        if listed["data"].as_array().unwrap().iter().any(|offer| offer["offerParent"]["slug"] == slug.as_str() && offer["brandStorySlug"] == "gamma") {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the list links the story: {listed}");
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert_eq!(multipart(&owner, Method::PUT, "/v2/employer-panel/brand-stories/gamma-soft", story_form(true, None)).status, 200);
    assert_eq!(app.get(&format!("/api/it/v1/offers/{slug}")).body["brandStorySlug"], "gamma-soft", "the link follows the story");
}
