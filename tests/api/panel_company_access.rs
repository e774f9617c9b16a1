//! Every employer panel endpoint of issue 12 (users, profile, company, billing, clauses, brand
//! story) by every caller: anonymous, a candidate, a recruiter and an owner of company A, an owner
//! of company B, and A's token on another board. Only the right cells succeed.

use reqwest::blocking::multipart::Form;
use reqwest::Method;
use serde_json::{json, Value};

use crate::browser::Browser;
use crate::employer_client::{log_in, png, sign_up, EmployerClient, PASSWORD};
use crate::helpers::{spawn_app, Answer};
use crate::panel_company::{add_user, company_form, multipart, story_form};

/// A request body: none, JSON, or a multipart form made afresh for each caller.
#[derive(Clone)]
enum Body {
    None,
    Json(Value),
    CompanyForm,
    StoryForm,
}

fn send(client: &EmployerClient<'_>, method: &Method, path: &str, body: &Body) -> Answer {
    match body {
        Body::None => client.call(method.clone(), path, None),
        Body::Json(value) => client.call(method.clone(), path, Some(value)),
        Body::CompanyForm => multipart(client, method.clone(), path, company_form("Some Company", Some(png(300)))),
        Body::StoryForm => multipart(client, method.clone(), path, story_form(true, None)),
    }
}

fn form_of(body: &Body) -> Option<Form> {
    match body {
        Body::CompanyForm => Some(company_form("Some Company", Some(png(300)))),
        Body::StoryForm => Some(story_form(true, None)),
        _ => None,
    }
}

#[test]
fn access_matrix_of_the_company_panel() {
    let app = spawn_app(false);
    let owner_a = sign_up(&app, "it", "owner@a.example", "Company A");
    let (recruiter_id, recruiter_a) = add_user(&app, &owner_a, "rec@a.example", None);
    let (leaver_id, _) = add_user(&app, &owner_a, "leaver@a.example", Some("recruiter"));
    let owner_b = sign_up(&app, "it", "owner@b.example", "Company B");
    let a_on_work = EmployerClient { tenant: "work".into(), ..log_in(&app, "it", "owner@a.example", PASSWORD) };
    let owner_w = sign_up(&app, "work", "owner@w.example", "Company W");
    let mut candidate = Browser::new(&app);
    candidate.sign_up("it", "cand@example.pl", "candidate pass 1");
    assert_eq!(multipart(&owner_a, Method::PUT, "/v2/employer-panel/brand-stories/story-a", story_form(false, Some(png(300)))).status, 200);

    // (method, path, body, recruiter of A, owner of A, owner of B). B runs first, then the
    // recruiter, then the owner (whose writes may end a cell, like the removal).
    let cells: Vec<(Method, String, Body, u16, u16, u16)> = vec![
        (Method::GET, "/v2/employer-panel/profiles/me".into(), Body::None, 200, 200, 200),
        (Method::PATCH, "/v1/profiles/me".into(), Body::Json(json!({"name": "Renamed Person"})), 200, 200, 200),
        (Method::GET, "/v2/employer-panel/users".into(), Body::None, 403, 200, 200),
        (Method::PATCH, format!("/v2/employer-panel/users/{recruiter_id}"), Body::Json(json!({"name": "Piotr Zmieniony"})), 403, 200, 404),
        (Method::DELETE, format!("/v2/employer-panel/users/{leaver_id}"), Body::None, 403, 204, 404),
        (Method::POST, "/v1/users".into(), Body::Json(json!({"name": "New Person", "email": "new@a.example"})), 403, 201, 201),
        (Method::GET, "/v1/company".into(), Body::None, 200, 200, 200),
        (Method::POST, "/v1/company/company_data".into(), Body::CompanyForm, 200, 200, 200),
        (
            Method::PATCH,
            "/v2/employer-panel/company/billing-data".into(),
            Body::Json(
                json!({"companyName": "A sp. z o.o.", "taxId": "5260001246", "street": "Rynek", "streetNumber": "1", "postalCode": "31-042", "city": "Kraków"}),
            ),
            403,
            200,
            200,
        ),
        (
            Method::PATCH,
            "/v2/employer-panel/company/clauses".into(),
            Body::Json(json!({"informationClauseText": crate::panel_company::CLAUSES})),
            200,
            200,
            200,
        ),
        (Method::GET, "/v2/employer-panel/brand-stories/technologies".into(), Body::None, 200, 200, 200),
        (Method::GET, "/v2/employer-panel/brand-stories/data/story-a".into(), Body::None, 200, 200, 404),
        (Method::GET, "/v2/employer-panel/brand-stories/status/story-a".into(), Body::None, 200, 200, 404),
        (Method::PUT, "/v2/employer-panel/brand-stories/story-a".into(), Body::StoryForm, 200, 200, 409),
    ];
    for (method, path, body, recruiter_status, owner_status, b_status) in cells {
        let url = format!("{}/api/it{path}", app.base);
        let anonymous = match form_of(&body) {
            Some(form) => app.client.request(method.clone(), &url).multipart(form).send().unwrap().status().as_u16(),
            None => app.client.request(method.clone(), &url).json(&json!({})).send().unwrap().status().as_u16(),
        };
        assert_eq!(anonymous, 401, "anonymous {method} {path}");
        let as_candidate = match form_of(&body) {
            Some(form) => candidate.send(candidate.request(method.clone(), &format!("/api/it{path}")).multipart(form)),
            None => candidate.json(method.clone(), &format!("/api/it{path}"), &json!({})),
        };
        assert!(
            as_candidate.status == 401 || (as_candidate.status == 400 && as_candidate.body["code"] == "invalid_json"),
            "candidate {method} {path}: {} {}",
            as_candidate.status,
            as_candidate.body
        );
        assert_eq!(send(&a_on_work, &method, &path, &body).status, 401, "A's token on another board {method} {path}");
        let b_body = match &body {
            Body::Json(value) if value.get("email").is_some() => Body::Json(json!({"name": "New Person", "email": "new@b.example"})),
            other => other.clone(),
        };
        let b = send(&owner_b, &method, &path, &b_body);
        assert_eq!(b.status, b_status, "B {method} {path}: {}", b.body);
        let recruiter = send(&recruiter_a, &method, &path, &body);
        assert_eq!(recruiter.status, recruiter_status, "recruiter {method} {path}: {}", recruiter.body);
        let owner = send(&owner_a, &method, &path, &body);
        assert_eq!(owner.status, owner_status, "owner {method} {path}: {}", owner.body);
    }

    // Nothing of A reached B or the other board, and B's writes stayed B's.
    let company_b = owner_b.call(Method::GET, "/v1/company", None).body;
    assert_eq!(company_b["companyName"], "Some Company");
    assert_eq!(company_b["brandStorySlug"], Value::Null);
    let users_b: Vec<String> = owner_b.call(Method::GET, "/v2/employer-panel/users", None).body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["email"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(users_b, ["owner@b.example", "new@b.example"]);
    assert_eq!(owner_w.call(Method::GET, "/v2/employer-panel/brand-stories/data/story-a", None).status, 404, "stories are per board");
    assert_eq!(owner_w.call(Method::GET, "/v1/company", None).body["companyName"], "Company W");
    let a_users = owner_a.call(Method::GET, "/v2/employer-panel/users", None).body;
    assert!(!a_users["data"].as_array().unwrap().iter().any(|u| u["id"] == leaver_id.as_str()), "the owner removed the leaver");
}
