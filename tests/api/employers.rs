//! Employer accounts over HTTP (sign-up, confirmation, tokens, reset, users of a company) and
//! the access matrix of every employer endpoint: anonymous, candidate, employer A (two users),
//! employer B, across two boards.

use reqwest::Method;
use serde_json::{json, Value};

use crate::browser::{mailed_token, mails, Browser};
use crate::employer_client::{company_id, complete_form, log_in, sign_up, sign_up_unconfirmed, EmployerClient, PASSWORD};
use crate::helpers::spawn_app;

#[test]
fn sign_up_confirm_log_in_and_revoke() {
    let app = spawn_app(false);
    let employer = sign_up_unconfirmed(&app, "it", "Boss@Acme.example", "Acme Software");
    assert_eq!(employer.call(Method::GET, "/v2/employer-panel/codes", None).status, 200, "an unconfirmed employer may work on drafts");
    let again = app.send_json(Method::PATCH, "/api/it/v1/users/regenerate_confirmation_token", &json!({"email": "boss@acme.example"}));
    assert_eq!(again.status, 202);
    assert_eq!(mails(&app, "boss@acme.example", "employer.confirm", 2).len(), 2, "a second link");
    let token = mailed_token(&app, "boss@acme.example", "employer.confirm");
    let confirmed = app.send_json(Method::PATCH, "/api/it/v1/users/confirm", &json!({"token": token}));
    assert_eq!((confirmed.status, confirmed.body["token_type"].as_str(), confirmed.body["email_confirmed"].as_bool()), (200, Some("Bearer"), Some(true)));
    let reused = app.send_json(Method::PATCH, "/api/it/v1/users/confirm", &json!({"token": token}));
    assert_eq!((reused.status, reused.body["code"].as_str()), (400, Some("invalid_token")));

    let revoked = app.send_json(Method::POST, "/api/it/v1/oauth/revoke", &json!({"token": employer.token}));
    assert_eq!(revoked.status, 200);
    assert_eq!(employer.call(Method::GET, "/v2/employer-panel/codes", None).status, 401, "a revoked token opens nothing");
    let by_header = log_in(&app, "it", "boss@acme.example", PASSWORD);
    assert_eq!(by_header.call(Method::POST, "/v1/oauth/revoke", None).status, 200);
    assert_eq!(by_header.call(Method::GET, "/v2/employer-panel/codes", None).status, 401);

    let wrong =
        app.send_json(Method::POST, "/api/it/v1/oauth/token", &json!({"grant_type": "password", "username": "boss@acme.example", "password": "wrong one 1"}));
    let unknown =
        app.send_json(Method::POST, "/api/it/v1/oauth/token", &json!({"grant_type": "password", "username": "nobody@acme.example", "password": "wrong one 1"}));
    assert_eq!((wrong.status, &wrong.body), (unknown.status, &unknown.body));
    assert_eq!(wrong.body["code"], "invalid_credentials");
    let grant = app.send_json(Method::POST, "/api/it/v1/oauth/token", &json!({"grant_type": "client_credentials", "username": "a", "password": "b"}));
    assert_eq!(grant.body["code"], "unsupported_grant_type");
}

#[test]
fn sign_up_rules_and_no_enumeration() {
    let app = spawn_app(false);
    let body = |company: Value, user: Value| json!({"company": company, "user": user});
    let company = json!({"name": "Acme", "accepted_regulations": true});
    let user = json!({"name": "Anna Nowak", "email": "a@acme.example", "password": PASSWORD, "password_confirmation": PASSWORD});
    let with = |mut value: Value, key: &str, new: Value| {
        value[key] = new;
        value
    };
    for (request, code, field) in [
        (body(with(company.clone(), "name", json!("")), user.clone()), "required", "company.name"),
        (body(with(company.clone(), "accepted_regulations", json!(false)), user.clone()), "required", "company.accepted_regulations"),
        (body(company.clone(), with(user.clone(), "password_confirmation", json!("another pass 2"))), "password_mismatch", "user.password_confirmation"),
        (
            body(company.clone(), with(with(user.clone(), "password", json!("short")), "password_confirmation", json!("short"))),
            "password_too_short",
            "user.password",
        ),
        (body(company.clone(), with(user.clone(), "email", json!("not-mail"))), "invalidEmail", "user.email"),
        (body(company.clone(), with(user.clone(), "phone", json!("call me"))), "invalid_phone", "user.phone"),
        (body(company.clone(), with(user.clone(), "name", json!(""))), "required", "user.name"),
    ] {
        let answer = app.send_json(Method::POST, "/api/it/v1/users/sign_up", &request);
        assert_eq!((answer.status, answer.body["code"].as_str(), answer.body["field"].as_str()), (400, Some(code), Some(field)), "{request}");
    }
    sign_up(&app, "it", "a@acme.example", "Acme");
    let existing = app.send_json(Method::POST, "/api/it/v1/users/sign_up", &body(company.clone(), user.clone()));
    let fresh = app.send_json(Method::POST, "/api/it/v1/users/sign_up", &body(company, with(user, "email", json!("b@acme.example"))));
    assert_eq!((existing.status, &existing.body), (fresh.status, &fresh.body));
    assert_eq!(mails(&app, "a@acme.example", "employer.exists", 1).len(), 1);
}

#[test]
fn password_reset_and_invited_users() {
    let app = spawn_app(false);
    let boss = sign_up(&app, "it", "boss@acme.example", "Acme Software");
    assert_eq!(app.send_json(Method::POST, "/api/it/v1/users/password", &json!({"email": "boss@acme.example"})).status, 202);
    assert_eq!(app.send_json(Method::POST, "/api/it/v1/users/password", &json!({"email": "nobody@acme.example"})).status, 202);
    let token = mailed_token(&app, "boss@acme.example", "employer.reset");
    let mismatch =
        app.send_json(Method::PATCH, "/api/it/v1/users/password", &json!({"token": token, "password": "new password 2", "password_confirmation": "other"}));
    assert_eq!(mismatch.body["code"], "password_mismatch");
    let reset = app.send_json(
        Method::PATCH,
        "/api/it/v1/users/password",
        &json!({"token": token, "password": "new password 2", "password_confirmation": "new password 2"}),
    );
    assert_eq!(reset.status, 204);
    assert_eq!(boss.call(Method::GET, "/v2/employer-panel/codes", None).status, 401, "a reset ends every session");
    let boss = log_in(&app, "it", "boss@acme.example", "new password 2");

    let added = boss.call(Method::POST, "/v1/users", Some(&json!({"name": "Piotr Kowalski", "email": "piotr@acme.example"})));
    assert_eq!(added.status, 201, "{}", added.body);
    // Inviting again replaces the open invitation (and tells nothing about the address).
    assert_eq!(boss.call(Method::POST, "/v1/users", Some(&json!({"name": "Piotr Kowalski", "email": "piotr@acme.example"}))).status, 201);
    let open: Vec<String> = crate::browser::mails(&app, "piotr@acme.example", "employer.invite", 2)
        .iter()
        .map(|mail| crate::browser::token_in(mail["text"].as_str().unwrap()).unwrap())
        .filter(|token| app.send_json(Method::POST, "/api/it/v1/users/invitation", &json!({"token": token})).status == 200)
        .collect();
    assert_eq!(open.len(), 1, "the second invitation replaced the first");
    let invite = open[0].clone();
    let joined = app.send_json(
        Method::PATCH,
        "/api/it/v1/users/confirm",
        &json!({"token": invite, "password": "piotr pass 3", "password_confirmation": "piotr pass 3"}),
    );
    assert_eq!(joined.status, 200, "{}", joined.body);
    let piotr = log_in(&app, "it", "piotr@acme.example", "piotr pass 3");
    assert_eq!(company_id(&piotr), company_id(&boss), "the same company");
}

/// Every employer endpoint with what each caller gets.
#[test]
fn access_matrix_of_every_employer_endpoint() {
    let app = spawn_app(false);
    let a1 = sign_up(&app, "it", "a1@acme.example", "Acme");
    let added = a1.call(Method::POST, "/v1/users", Some(&json!({"name": "Second User", "email": "a2@acme.example", "role": "owner"})));
    assert_eq!(added.status, 201);
    let invite = mailed_token(&app, "a2@acme.example", "employer.invite");
    assert_eq!(
        app.send_json(Method::PATCH, "/api/it/v1/users/confirm", &json!({"token": invite, "password": PASSWORD, "password_confirmation": PASSWORD})).status,
        200
    );
    let a2 = log_in(&app, "it", "a2@acme.example", PASSWORD);
    let b = sign_up(&app, "it", "b@beta.example", "Beta");
    let a_on_work = EmployerClient { tenant: "work".into(), ..log_in(&app, "it", "a1@acme.example", PASSWORD) };
    let mut candidate = Browser::new(&app);
    candidate.sign_up("it", "cand@example.pl", "candidate pass 1");

    let company = company_id(&a1);
    let (slug, token) = a1.ready_offer("pro", "Senior Rust Developer");
    let code = a1.issue_code(&company, "pro");
    let form = complete_form("it", "Senior Rust Developer");
    // (method, path, body, status for a user of A, status for B): anonymous, the candidate and
    // A's token on the other board always get 401.
    let endpoints: Vec<(Method, String, Option<Value>, u16, u16)> = vec![
        (Method::GET, format!("/v1/offers/{slug}?token={token}"), None, 200, 404),
        (Method::PATCH, format!("/v1/offers/{slug}?token={token}"), Some(form.clone()), 200, 404),
        (Method::GET, format!("/v1/offers/{slug}/verify-code/{code}"), None, 200, 404),
        (Method::GET, "/v2/employer-panel/codes".into(), None, 200, 200),
        (Method::GET, format!("/v2/employer-panel/offers/end/{slug}"), None, 200, 404),
        (Method::POST, format!("/v1/offers/{slug}/duplicate"), None, 201, 404),
        (Method::POST, "/v1/offers/initiate".into(), Some(json!({"pricing_plan": "basic"})), 201, 201),
        (Method::POST, "/v1/users".into(), Some(json!({"name": "New User", "email": "n@x.example"})), 201, 201),
        (Method::POST, "/v1/payments".into(), Some(json!({"offer_id": slug, "token": token, "accepted_regulations": true, "return_url": "/done"})), 201, 404),
        (Method::POST, format!("/v1/offers/{slug}/publish-with-code?code={code}"), Some(json!({"token": token})), 200, 404),
        (Method::POST, format!("/v1/offers/{slug}/extend-with-code?code=NONE"), Some(json!({"token": token})), 400, 404),
        (Method::POST, format!("/v1/offers/{slug}/refresh"), None, 409, 404),
        (Method::POST, format!("/v1/offers/{slug}/finish-recruitment"), None, 200, 404),
        (Method::GET, "/v1/oauth/token/info".into(), None, 200, 200),
        // Re-issuing the edit token ends `token`: only the delete (no token) comes after it.
        (Method::POST, format!("/v1/offers/{slug}/edit-token"), None, 200, 404),
        (Method::DELETE, format!("/v1/offers/{slug}"), None, 204, 404),
    ];
    for (idx, (method, path, body, a_status, b_status)) in endpoints.into_iter().enumerate() {
        let url = format!("/api/it{path}");
        let anonymous = match &body {
            Some(body) => app.send_json(method.clone(), &url, body),
            None => app.send_json(method.clone(), &url, &Value::Null),
        };
        assert_eq!(anonymous.status, 401, "anonymous {method} {path}");
        let as_candidate = match &body {
            Some(body) => candidate.json(method.clone(), &url, body),
            None => candidate.json(method.clone(), &url, &json!({})),
        };
        assert!(
            as_candidate.status == 401 || (as_candidate.status == 400 && as_candidate.body["code"] == "invalid_json"),
            "candidate {method} {path}: {}",
            as_candidate.body
        );
        assert_eq!(a_on_work.call(method.clone(), &path, body.as_ref()).status, 401, "A's token on another board {method} {path}");
        // The paths that change the offer run last, by the second user of A, after B tried.
        let b_body = body.clone().map(|mut value| {
            if value.get("email").is_some() {
                value["email"] = json!("nb@x.example");
            }
            value
        });
        let b_answer = b.call(method.clone(), &path, b_body.as_ref());
        assert_eq!(b_answer.status, b_status, "B {method} {path}: {}", b_answer.body);
        let a = if idx % 2 == 0 { &a1 } else { &a2 };
        let a_answer = a.call(method.clone(), &path, body.as_ref());
        assert_eq!(a_answer.status, a_status, "A {method} {path}: {}", a_answer.body);
    }
    // The logo upload and the payment status, by every caller.
    let (slug, token) = a1.ready_offer("pro", "Senior Rust Developer");
    let payment = a1.call(Method::POST, "/v1/payments", Some(&json!({"offer_id": slug, "token": token, "accepted_regulations": true, "return_url": "/done"})));
    let status_path = format!("/v1/payments/{}/status", payment.body["id"].as_str().unwrap());
    assert_eq!(app.get(&format!("/api/it{status_path}")).status, 401);
    assert_eq!(candidate.get(&format!("/api/it{status_path}")).status, 401);
    assert_eq!(a_on_work.call(Method::GET, &status_path, None).status, 401);
    assert_eq!(b.call(Method::GET, &status_path, None).status, 404);
    assert_eq!((a1.call(Method::GET, &status_path, None).status, a2.call(Method::GET, &status_path, None).status), (200, 200));
    let logo = |client: &EmployerClient<'_>| client.upload_logo(&slug, &token, crate::employer_client::png(300)).status;
    assert_eq!((logo(&b), logo(&a_on_work), logo(&a2)), (404, 401, 200));
    let anonymous_logo = app.client.post(format!("{}/api/it/v1/offers/{slug}/logo?token={token}", app.base)).send().unwrap();
    assert_eq!(anonymous_logo.status().as_u16(), 401);
    // An employer of the other board with its own company sees nothing of this board.
    let w = sign_up(&app, "work", "w@work.example", "Work Company");
    assert_eq!(w.call(Method::GET, &format!("/v1/offers/{slug}?token={token}"), None).status, 404, "keys are per board");
    assert_eq!(w.call(Method::GET, &status_path, None).status, 404);
    // The public calls answer everyone.
    for path in ["/api/it/v2/offer-plans", "/api/it/v1/offers/form-inputs-data", "/api/it/v1/offers/form-inputs-data/skills"] {
        assert_eq!(app.get(path).status, 200, "{path}");
    }
    // A candidate cookie on the employer calls, an employer token on the candidate calls.
    let employer_as_cookie =
        app.client.get(format!("{}/api/it/v2/employer-panel/codes", app.base)).header("cookie", format!("wakat_session={}", a1.token)).send().unwrap();
    assert_eq!(employer_as_cookie.status().as_u16(), 401);
    let as_candidate = app.client.get(format!("{}/api/it/v1/candidate/me", app.base)).header("cookie", format!("wakat_session={}", a1.token)).send().unwrap();
    assert_eq!(as_candidate.status().as_u16(), 401, "an employer session never acts as a candidate");
    let internal = app.send_json(Method::POST, &format!("/api/it/internal/companies/{company}/codes"), &json!({"plan_key": "pro"}));
    assert_eq!(internal.status, 401, "codes are issued with the internal token only");
}

#[test]
fn openapi_lists_every_employer_endpoint() {
    let document = crate::helpers::shared_app().get_ok("/api/openapi.json");
    let paths = document["paths"].as_object().unwrap();
    for (method, path) in [
        ("post", "/api/{tenant}/v1/users/sign_up"),
        ("patch", "/api/{tenant}/v1/users/confirm"),
        ("patch", "/api/{tenant}/v1/users/regenerate_confirmation_token"),
        ("post", "/api/{tenant}/v1/users/password"),
        ("patch", "/api/{tenant}/v1/users/password"),
        ("post", "/api/{tenant}/v1/oauth/token"),
        ("post", "/api/{tenant}/v1/oauth/revoke"),
        ("get", "/api/{tenant}/v1/oauth/token/info"),
        ("post", "/api/{tenant}/v1/offers/{slug}/edit-token"),
        ("post", "/api/{tenant}/v1/users"),
        ("post", "/api/{tenant}/v1/users/invitation"),
        ("get", "/api/{tenant}/v2/offer-plans"),
        ("get", "/api/{tenant}/v1/offers/form-inputs-data"),
        ("get", "/api/{tenant}/v1/offers/form-inputs-data/skills"),
        ("post", "/api/{tenant}/v1/offers/initiate"),
        ("patch", "/api/{tenant}/v1/offers/{slug}"),
        ("delete", "/api/{tenant}/v1/offers/{slug}"),
        ("post", "/api/{tenant}/v1/offers/{slug}/logo"),
        ("post", "/api/{tenant}/v1/offers/{slug}/publish-with-code"),
        ("post", "/api/{tenant}/v1/offers/{slug}/extend-with-code"),
        ("get", "/api/{tenant}/v1/offers/{slug}/verify-code/{code}"),
        ("post", "/api/{tenant}/v1/offers/{slug}/finish-recruitment"),
        ("post", "/api/{tenant}/v1/offers/{slug}/duplicate"),
        ("post", "/api/{tenant}/v1/offers/{slug}/refresh"),
        ("get", "/api/{tenant}/v2/employer-panel/codes"),
        ("get", "/api/{tenant}/v2/employer-panel/offers/end/{slug}"),
        ("get", "/api/{tenant}/v1/company-logos/{hash}"),
        ("post", "/api/{tenant}/v1/payments"),
        ("get", "/api/{tenant}/v1/payments/{id}/status"),
        ("get", "/api/{tenant}/v1/payments/sandbox/{id}"),
        ("post", "/api/{tenant}/v1/payments/sandbox/{id}/{action}"),
        ("post", "/api/{tenant}/v1/payments/stripe/webhook"),
    ] {
        assert!(paths.get(path).and_then(|p| p.get(method)).is_some(), "openapi lacks {method} {path}");
    }
    let detail = &paths["/api/{tenant}/v1/offers/{slug}"]["get"];
    assert!(detail["parameters"].as_array().unwrap().iter().any(|p| p["name"] == "token"), "the employer's view of GET /v1/offers/{{slug}}");
    assert!(document["components"]["securitySchemes"]["bearer"].is_object());
    let codes: Vec<&str> =
        document["components"]["schemas"]["ErrorBody"]["properties"]["code"]["enum"].as_array().unwrap().iter().filter_map(|c| c.as_str()).collect();
    for code in ["form_contains_errors", "invalid_form", "incorrect_code", "code_used", "account_not_confirmed", "location_not_found", "three_times_rule"] {
        assert!(codes.contains(&code), "{code}");
    }
}

#[test]
fn token_info_names_the_user_and_company_of_a_live_token() {
    let app = spawn_app(false);
    let employer = sign_up_unconfirmed(&app, "it", "Info@Acme.example", "Acme Info");
    let info = employer.call(Method::GET, "/v1/oauth/token/info", None);
    assert_eq!(info.status, 200, "{}", info.body);
    assert_eq!((info.body["email"].as_str(), info.body["name"].as_str()), (Some("info@acme.example"), Some("Anna Nowak")));
    assert_eq!((info.body["email_confirmed"].as_bool(), info.body["company"]["name"].as_str()), (Some(false), Some("Acme Info")));
    assert!(info.body["expires_in"].as_i64().unwrap() > 29 * 86_400, "a 30-day token");
    assert_eq!(info.body["company"]["id"].as_str(), Some(company_id(&employer).as_str()));
    assert_eq!(employer.call(Method::POST, "/v1/oauth/revoke", None).status, 200);
    let revoked = employer.call(Method::GET, "/v1/oauth/token/info", None);
    assert_eq!((revoked.status, revoked.body["code"].as_str()), (401, Some("unauthorized")));
    assert_eq!(app.get("/api/it/v1/oauth/token/info").status, 401);
}

#[test]
fn a_reissued_edit_token_replaces_the_old_one() {
    let app = spawn_app(false);
    let employer = sign_up(&app, "it", "edit@acme.example", "Acme Edit");
    let (slug, old_token) = employer.ready_offer("pro", "Senior Rust Developer");
    let reissued = employer.call(Method::POST, &format!("/v1/offers/{slug}/edit-token"), None);
    assert_eq!((reissued.status, reissued.body["slug"].as_str()), (200, Some(slug.as_str())), "{}", reissued.body);
    let new_token = reissued.body["token"].as_str().unwrap().to_string();
    assert_ne!(new_token, old_token);
    let with_old = employer.call(Method::GET, &format!("/v1/offers/{slug}?token={old_token}"), None);
    assert_eq!((with_old.status, with_old.body["code"].as_str()), (403, Some("invalid_offer_token")));
    assert_eq!(employer.call(Method::GET, &format!("/v1/offers/{slug}?token={new_token}"), None).status, 200);
    let form = complete_form("it", "Senior Rust Developer");
    assert_eq!(employer.save(&slug, &new_token, &form).status, 200, "the new token edits");
    let unknown = employer.call(Method::POST, "/v1/offers/offer-0000000000000000/edit-token", None);
    assert_eq!(unknown.status, 404);
}
