//! Who may use every chat endpoint: anonymous, candidates A and B, company A's owner and
//! recruiter, company B's owner, and the other board's people (with the chat on there too, so
//! only the board tells them apart). Each call is made by every stranger first — none reads or
//! writes anything of A's — and then by its rightful caller.

use reqwest::Method;
use serde_json::{json, Value};

use crate::browser::Browser;
use crate::chat::{ask, candidate, category_of, open_conversation, open_up, profile_body, world};
use crate::employer_client::{company_id, sign_up, EmployerClient};
use crate::helpers::{spawn_configured, Answer};
use crate::panel_offers::published_offer;

/// Who calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Who {
    Anonymous,
    CandidateA,
    CandidateB,
    OwnerA,
    RecruiterA,
    EmployerB,
    /// The work board's candidate and employer on the `it` paths, and A's own credentials on the
    /// work board's paths.
    OtherBoard,
}

/// Whose endpoint it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Candidate,
    Company,
}

struct Call {
    method: Method,
    path: String,
    body: Value,
    side: Side,
    /// The rightful caller's status.
    status: u16,
    /// The same side's stranger (B for a candidate's call, company B for a company's): 404 for
    /// A's records, or the status of their own (empty) list.
    stranger: u16,
}

fn call(method: Method, path: String, body: Value, side: Side, status: u16, stranger: u16) -> Call {
    Call { method, path, body, side, status, stranger }
}

#[test]
fn access_matrix_of_every_chat_endpoint() {
    let app = spawn_configured(false, |settings| {
        settings.engine.tenants[1].flags.insert("candidateChat".into(), true);
    });
    let mut w = world(&app);
    let conversation = open_conversation(&mut w);
    let category = category_of(&app, &w.slug);
    let b_ref = open_up(&mut w.b, category);
    let a_ref = w.a.get("/api/it/v1/candidate/chat/profile").body["profile"]["publicId"].as_str().unwrap().to_string();
    // Two more requests to A: one from company B (to accept), one from A's second offer (to decline).
    let company = company_id(&w.owner);
    let slug2 = published_offer(&w.owner, &company, "Rust Team Lead");
    crate::chat::wait_listed(&app, 3);
    let to_accept = ask(&w.other, &w.b_slug, &a_ref, "Beta pyta").body["id"].as_str().unwrap().to_string();
    let to_decline = ask(&w.owner, &slug2, &a_ref, "Drugie pytanie").body["id"].as_str().unwrap().to_string();
    let mut work_candidate = candidate(&app, "work", "worker@example.pl");
    let work_employer = sign_up(&app, "work", "owner@work.example", "Work");
    let a_on_work = EmployerClient { tenant: "work".into(), token: w.owner.token.clone(), app: &app };
    let company_a = company.clone();

    let c = Side::Candidate;
    let e = Side::Company;
    let chat = "/v1/candidate/chat";
    let panel = "/v2/employer-panel/chat";
    let calls = vec![
        call(Method::GET, format!("/v2/employer-panel/offers/{}/candidates", w.slug), Value::Null, e, 200, 404),
        call(Method::POST, format!("{panel}/conversation-requests"), json!({"offerSlug": w.slug, "candidateRef": b_ref, "message": "Hej B"}), e, 201, 404),
        call(Method::GET, format!("{panel}/conversation-requests"), Value::Null, e, 200, 200),
        call(Method::GET, format!("{panel}/conversations"), Value::Null, e, 200, 200),
        call(Method::GET, format!("{panel}/conversations/{conversation}"), Value::Null, e, 200, 404),
        call(Method::GET, format!("{panel}/conversations/{conversation}/messages"), Value::Null, e, 200, 404),
        call(Method::GET, format!("{panel}/conversations/{conversation}/cv"), Value::Null, e, 200, 404),
        call(Method::POST, format!("{panel}/conversations/{conversation}/messages"), json!({"clientMessageId": "e-1", "text": "Od firmy"}), e, 201, 404),
        call(Method::POST, format!("{panel}/conversations/{conversation}/read"), json!({"upToSeq": 2}), e, 200, 404),
        call(Method::POST, format!("{panel}/hub-token"), Value::Null, e, 200, 200),
        call(Method::GET, format!("{chat}/profile"), Value::Null, c, 200, 200),
        call(Method::PUT, format!("{chat}/profile"), profile_body(category), c, 200, 200),
        call(Method::GET, format!("{chat}/conversation-requests?status=all"), Value::Null, c, 200, 200),
        call(Method::POST, format!("{chat}/conversation-requests/{to_accept}/accept"), json!({"shareName": false}), c, 201, 404),
        call(Method::POST, format!("{chat}/conversation-requests/{to_decline}/decline"), json!({"blockCompany": false}), c, 200, 404),
        call(Method::GET, format!("{chat}/conversations"), Value::Null, c, 200, 200),
        call(Method::GET, format!("{chat}/conversations/{conversation}"), Value::Null, c, 200, 404),
        call(Method::GET, format!("{chat}/conversations/{conversation}/messages"), Value::Null, c, 200, 404),
        call(Method::POST, format!("{chat}/conversations/{conversation}/messages"), json!({"clientMessageId": "c-1", "text": "Od kandydata"}), c, 201, 404),
        call(Method::POST, format!("{chat}/conversations/{conversation}/read"), json!({"upToSeq": 3}), c, 200, 404),
        call(Method::POST, format!("{chat}/conversations/{conversation}/messages/1/report"), json!({"reason": "spam"}), c, 201, 404),
        call(Method::GET, format!("{chat}/blocks"), Value::Null, c, 200, 200),
        call(Method::POST, format!("{chat}/hub-token"), Value::Null, c, 200, 200),
        call(Method::POST, format!("{panel}/conversations/{conversation}/close"), Value::Null, e, 200, 404),
        call(Method::POST, format!("{chat}/conversations/{conversation}/close"), Value::Null, c, 200, 404),
        call(Method::POST, format!("{chat}/conversations/{conversation}/block"), Value::Null, c, 200, 404),
        call(Method::DELETE, format!("{chat}/blocks/{company_a}"), Value::Null, c, 204, 204),
    ];
    // What strangers must never see (company B legitimately knows A's reference and its own
    // request to A; candidate B knows neither).
    let secrets = [conversation.as_str(), to_decline.as_str(), "anna@example.pl", "porozmawiamy o Rust", "Od firmy", "Od kandydata"];
    let candidate_secrets = [a_ref.as_str(), to_accept.as_str()];

    let candidate_call =
        |browser: &mut Browser<'_>, board: &str, call: &Call| browser.json(call.method.clone(), &format!("/api/{board}{}", call.path), &call.body);
    let company_call =
        |employer: &EmployerClient<'_>, call: &Call| employer.call(call.method.clone(), &call.path, (!call.body.is_null()).then_some(&call.body));
    for (index, call) in calls.iter().enumerate() {
        let what = format!("{} {}", call.method, call.path);
        let check_stranger = |who: Who, answer: &Answer, expected: u16| {
            assert_eq!(answer.status, expected, "{who:?} {what}: {}", answer.body);
            let text = answer.body.to_string();
            let extra: &[&str] = if who == Who::EmployerB { &[] } else { &candidate_secrets };
            for secret in secrets.iter().chain(extra) {
                assert!(!text.contains(secret), "{who:?} {what} sees {secret}: {text}");
            }
        };
        let url = format!("/api/it{}", call.path);
        check_stranger(Who::Anonymous, &app.send_json(call.method.clone(), &url, &call.body), 401);
        check_stranger(Who::OtherBoard, &candidate_call(&mut work_candidate, "it", call), 401);
        let work_on_it = EmployerClient { app: &app, tenant: "it".into(), token: work_employer.token.clone() };
        check_stranger(Who::OtherBoard, &company_call(&work_on_it, call), 401);
        // A's own credentials on the other board.
        check_stranger(Who::OtherBoard, &candidate_call(&mut w.a, "work", call), 401);
        check_stranger(Who::OtherBoard, &company_call(&a_on_work, call), 401);
        match call.side {
            Side::Candidate => {
                for (who, employer) in [(Who::OwnerA, &w.owner), (Who::RecruiterA, &w.recruiter), (Who::EmployerB, &w.other)] {
                    check_stranger(who, &company_call(employer, call), 401);
                }
                check_stranger(Who::CandidateB, &candidate_call(&mut w.b, "it", call), call.stranger);
                let answer = candidate_call(&mut w.a, "it", call);
                assert_eq!(answer.status, call.status, "{:?} {what}: {}", Who::CandidateA, answer.body);
            }
            Side::Company => {
                for (who, browser) in [(Who::CandidateA, &mut w.a), (Who::CandidateB, &mut w.b)] {
                    check_stranger(who, &candidate_call(browser, "it", call), 401);
                }
                check_stranger(Who::EmployerB, &company_call(&w.other, call), call.stranger);
                let rightful = if index % 2 == 0 { &w.owner } else { &w.recruiter };
                let answer = company_call(rightful, call);
                assert_eq!(answer.status, call.status, "A's users {what}: {}", answer.body);
            }
        }
    }

    // Nothing of A's was written by anyone else: its history is the request, A's and A's company's.
    let history = w.owner.call(Method::GET, &format!("{panel}/conversations/{conversation}/messages"), None);
    let texts: Vec<&str> = history.body["items"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap_or_default()).collect();
    assert_eq!(texts, ["Dzień dobry, porozmawiamy o Rust?", "Od firmy", "Od kandydata"], "{}", history.body);
    // B's and company B's own lists hold only their own.
    let b_conversations = w.other.call(Method::GET, &format!("{panel}/conversations"), None);
    assert_eq!(b_conversations.body["items"].as_array().map(Vec::len), Some(1), "company B's conversation with A (accepted): {}", b_conversations.body);
    assert!(!b_conversations.body.to_string().contains(&conversation));
}
