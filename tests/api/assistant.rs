//! The job-ad assistant (issue 26) over HTTP and its hub (`/hubs/{board}/assistant`), spoken to
//! as the SignalR JSON protocol over a real WebSocket, with the real offline drafter: the token
//! route, who may open what (the access matrix), every method and event, the limits, and a
//! reconnect that shows the history.

use reqwest::Method;
use serde_json::{json, Value};

use crate::chat::{candidate, recruiter};
use crate::chat_hub::{connect_to, HubClient, ORIGIN};
use crate::employer_client::{sign_up, EmployerClient};
use crate::helpers::{spawn_app, spawn_configured, TestApp};

const TOKEN_PATH: &str = "/v2/employer-panel/assistant/hub-token";

/// A hub token of an employer user.
pub fn assistant_token(employer: &EmployerClient<'_>) -> String {
    let answer = employer.call(Method::POST, TOKEN_PATH, None);
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(answer.body["expiresAt"].as_str().is_some_and(|at| at.ends_with('Z')), "RFC 3339: {}", answer.body);
    answer.body["token"].as_str().unwrap().to_string()
}

/// The assistant hub of `board`.
pub fn open(app: &TestApp, board: &str, token: &str) -> Result<HubClient, u16> {
    connect_to(app, &format!("/hubs/{board}/assistant"), token, Some(ORIGIN))
}

/// A connection of `employer` with the conversation of `slug` open; the completion, after the
/// greeting of a new conversation streamed.
pub fn with_context(app: &TestApp, employer: &EmployerClient<'_>, slug: &str) -> (HubClient, Value) {
    let mut hub = open(app, "it", &assistant_token(employer)).expect("the hub opens");
    let context = hub.invoke("UpdateContextV2", json!(["it", slug])).expect("the context opens");
    (hub, context)
}

/// The code a refusal starts with (`"{code}: {message}"`).
fn code(refusal: Result<Value, String>) -> String {
    let error = refusal.expect_err("refused");
    error.split(':').next().unwrap_or_default().to_string()
}

fn draft(employer: &EmployerClient<'_>) -> String {
    employer.initiate("basic").0
}

#[test]
fn the_token_route_answers_employers_of_a_board_with_the_assistant_on() {
    let app = spawn_configured(false, |settings| {
        settings.engine.tenants[1].flags.insert("aiAssistant".into(), false);
    });
    let owner = sign_up(&app, "it", "owner@acme.example", "Acme");
    let recruiter = recruiter(&app, &owner, "recruiter@acme.example");
    let other = sign_up(&app, "it", "owner@beta.example", "Beta");
    for employer in [&owner, &recruiter, &other] {
        assistant_token(employer);
    }
    assert_eq!(app.send_json(Method::POST, &format!("/api/it{TOKEN_PATH}"), &json!({})).status, 401, "anonymous");
    let mut person = candidate(&app, "it", "anna@example.pl");
    assert_eq!(person.json(Method::POST, &format!("/api/it{TOKEN_PATH}"), &json!({})).status, 401, "a candidate");
    // The work board has the assistant off: 404 feature_disabled, logged in or not.
    let worker = sign_up(&app, "work", "owner@work.example", "Work");
    let off = worker.call(Method::POST, TOKEN_PATH, None);
    assert_eq!((off.status, off.body["code"].as_str()), (404, Some("feature_disabled")));
    assert_eq!(app.send_json(Method::POST, &format!("/api/work{TOKEN_PATH}"), &json!({})).body["code"], "feature_disabled");
    // A's session is of the it board: not an employer of the work board.
    let a_on_work = EmployerClient { tenant: "work".into(), token: owner.token.clone(), app: &app };
    assert_eq!(a_on_work.call(Method::POST, TOKEN_PATH, None).status, 404, "the flag is checked first");
    // The hub of a board with the assistant off refuses every token.
    assert_eq!(open(&app, "work", &assistant_token(&owner)).err(), Some(401));
    assert_eq!(open(&app, "it", "").err(), Some(401));
    // The chat's hub token does not open the assistant's hub.
    let chat_token = owner.call(Method::POST, "/v2/employer-panel/chat/hub-token", None).body["accessToken"].as_str().unwrap().to_string();
    assert_eq!(open(&app, "it", &chat_token).err(), Some(401));
    assert_eq!(open(&app, "it", &owner.token).err(), Some(401), "a session token is not a hub token");
}

#[test]
fn access_matrix_nobody_reads_or_writes_another_companys_conversation() {
    let app = spawn_configured(false, |settings| {
        settings.engine.tenants[1].flags.insert("aiAssistant".into(), true);
    });
    let owner = sign_up(&app, "it", "owner@acme.example", "Acme");
    let colleague = recruiter(&app, &owner, "recruiter@acme.example");
    let other = sign_up(&app, "it", "owner@beta.example", "Beta");
    let worker = sign_up(&app, "work", "owner@work.example", "Work");
    let slug = draft(&owner);
    let (mut hub, _) = with_context(&app, &owner, &slug);
    hub.pushes_until("MessageEnd");
    hub.invoke("SendMessage", json!(["Szukamy Senior Rust Developera"])).unwrap();
    let answer = hub.event("MessageEnd");
    let answer_id = answer["id"].as_str().unwrap().to_string();

    // Company B: A's job ad is not found, and nothing of A's can be scored from B's conversation.
    let mut b_hub = open(&app, "it", &assistant_token(&other)).unwrap();
    assert_eq!(code(b_hub.invoke("UpdateContextV2", json!(["it", slug]))), "offer_not_found");
    assert_eq!(code(b_hub.invoke("SendMessage", json!(["hello"]))), "assistant_no_context", "the refusal opened nothing");
    assert_eq!(code(b_hub.invoke("ScoreMessage", json!([answer_id, 1]))), "assistant_no_context");
    let b_slug = draft(&other);
    let b_context = b_hub.invoke("UpdateContextV2", json!(["it", b_slug])).unwrap();
    assert_eq!(b_context["messages"], json!([]), "B sees only its own conversation");
    assert_eq!(b_context["limits"]["usedToday"], 0, "A's messages are not B's count");
    assert_eq!(code(b_hub.invoke("ScoreMessage", json!([answer_id, 1]))), "assistant_message_not_found");
    // The other board: A's token does not open the work board's hub, and the work board's
    // employer cannot name A's job ad there (or on A's board).
    assert_eq!(open(&app, "work", &assistant_token(&owner)).err(), Some(401));
    let mut work_hub = open(&app, "work", &assistant_token(&worker)).unwrap();
    assert_eq!(code(work_hub.invoke("UpdateContextV2", json!(["work", slug]))), "offer_not_found");
    assert_eq!(code(work_hub.invoke("UpdateContextV2", json!(["it", slug]))), "invalid_assistant_input", "the tenant is the hub's board");
    // The recruiter shares the company's conversation: it sees the history and may score.
    let (mut recruiter_hub, context) = with_context(&app, &colleague, &slug);
    assert_eq!(context["messages"].as_array().unwrap().len(), 3, "greeting, question, answer: {context}");
    assert_eq!(recruiter_hub.invoke("ScoreMessage", json!([answer_id, -1])).unwrap(), json!({"id": answer_id, "score": -1}));
    // A's owner sees the score.
    let reopened = hub.invoke("UpdateContextV2", json!(["it", slug])).unwrap();
    assert_eq!(reopened["messages"][2]["score"], -1);
}

#[test]
fn the_hub_streams_the_drafters_answers_proposals_and_scores_once() {
    let app = spawn_app(false);
    let owner = sign_up(&app, "it", "owner@acme.example", "Acme");
    let slug = draft(&owner);
    let mut hub = open(&app, "it", &assistant_token(&owner)).unwrap();
    assert_eq!(code(hub.invoke("SendMessage", json!(["hello"]))), "assistant_no_context");
    assert_eq!(code(hub.invoke("UpdateContextV2", json!(["it", "no-such-offer"]))), "offer_not_found");
    assert_eq!(code(hub.invoke("UpdateContextV2", json!(["it"]))), "invalid_assistant_input");
    assert!(hub.invoke("NoSuchMethod", json!([])).unwrap_err().contains("Unknown hub method"));

    // A new conversation: the completion, then the greeting streamed (start, part, end).
    let context = hub.invoke("UpdateContextV2", json!(["it", slug])).unwrap();
    assert_eq!(context["jobAdId"], slug.as_str());
    assert_eq!((context["messages"].clone(), context["proposal"].clone()), (json!([]), Value::Null));
    assert_eq!(context["limits"], json!({"perMinute": 6, "perDay": 100, "usedToday": 0}));
    let greeting = hub.pushes_until("MessageEnd");
    assert_eq!(greeting.iter().map(|(target, _)| target.as_str()).collect::<Vec<_>>(), ["MessageStart", "MessagePart", "MessageEnd"]);
    let greeting_end = &greeting[2].1[0];
    assert_eq!((greeting_end["isUser"].as_bool(), greeting_end["scorable"].as_bool()), (Some(false), Some(false)));
    assert!(greeting_end["content"].as_str().unwrap().contains("offline"), "the drafter says what it is: {greeting_end}");

    // A message: the completion is the user's message as stored, then the answer streams.
    let sent = hub.invoke("SendMessage", json!(["Szukamy Senior Rust Developera, B2B 20-28 tys. netto, praca zdalna, Rust i Tokio."])).unwrap();
    assert_eq!((sent["isUser"].as_bool(), sent["score"].clone()), (Some(true), Value::Null));
    assert!(sent["timestamp"].as_str().unwrap().ends_with('Z'));
    let answer = hub.pushes_until("MessageEnd");
    let (first, _) = &answer[0];
    assert_eq!(first, "MessageStart");
    let id = answer[0].1[0]["id"].as_str().unwrap().to_string();
    assert_eq!(answer[0].1[0]["content"], "");
    let parts: String = answer
        .iter()
        .filter(|(target, _)| target == "MessagePart")
        .map(|(_, arguments)| {
            assert_eq!(arguments[0], id.as_str(), "parts name their message");
            arguments[1].as_str().unwrap().to_string()
        })
        .collect();
    let end = &answer.last().unwrap().1[0];
    assert_eq!((end["id"].as_str(), end["content"].as_str()), (Some(id.as_str()), Some(parts.as_str())));
    assert!(!answer.iter().any(|(target, _)| target.starts_with("InternetSearch")), "the drafter never pretends to search");

    // Asking for the proposal: JobAdProposing, then JobAdProposed with the ad, then the end.
    hub.invoke("SendMessage", json!(["Zaproponuj ogłoszenie"])).unwrap();
    let proposing = hub.pushes_until("MessageEnd");
    let targets: Vec<&str> = proposing.iter().map(|(target, _)| target.as_str()).collect();
    let at = |name: &str| targets.iter().position(|target| *target == name).unwrap_or_else(|| panic!("no {name}: {targets:?}"));
    assert!(at("MessageStart") < at("JobAdProposing") && at("JobAdProposing") < at("JobAdProposed") && at("JobAdProposed") < at("MessageEnd"), "{targets:?}");
    let proposed = &proposing[at("JobAdProposed")].1;
    let proposal_message = proposed[0].as_str().unwrap().to_string();
    let proposal = &proposed[1];
    assert!(proposal["title"].as_str().unwrap().contains("Rust"), "{proposal}");
    assert_eq!(proposal["seniority"], "senior");
    assert_eq!(proposal["workplaceType"], "remote");

    // Scores: the answer once, never the greeting or the employer's message.
    assert_eq!(hub.invoke("ScoreMessage", json!([id, 1])).unwrap(), json!({"id": id, "score": 1}));
    assert_eq!(code(hub.invoke("ScoreMessage", json!([id, -1]))), "assistant_already_scored");
    assert_eq!(code(hub.invoke("ScoreMessage", json!([greeting_end["id"], 1]))), "assistant_not_scorable");
    assert_eq!(code(hub.invoke("ScoreMessage", json!([sent["id"], 1]))), "assistant_not_scorable");
    assert_eq!(code(hub.invoke("ScoreMessage", json!(["99-ffffffffffff", 1]))), "assistant_message_not_found");
    assert_eq!(code(hub.invoke("ScoreMessage", json!([proposal_message, 2]))), "invalid_assistant_input");
    assert_eq!(code(hub.invoke("SendMessage", json!([""]))), "invalid_message_text");
    assert_eq!(code(hub.invoke("SendMessage", json!(["x".repeat(4001)]))), "invalid_message_text");

    // Reconnecting (a new connection) and reopening the form shows the history and the proposal.
    drop(hub);
    let (_, reopened) = with_context(&app, &owner, &slug);
    let messages = reopened["messages"].as_array().unwrap();
    assert_eq!(messages.len(), 5, "greeting, two questions, two answers");
    assert_eq!(messages[2]["score"], 1);
    assert_eq!(messages[2]["scorable"], false, "scored already");
    assert_eq!(messages[4]["scorable"], true);
    assert_eq!(reopened["proposal"]["title"], proposal["title"]);
    assert_eq!(reopened["limits"]["usedToday"], 2);
}

#[test]
fn over_the_per_minute_limit_the_rate_limit_event_arrives_and_the_invocation_rejects() {
    let app = spawn_configured(false, |settings| {
        settings.assistant.messages_per_minute = 2;
    });
    let owner = sign_up(&app, "it", "owner@acme.example", "Acme");
    let (mut hub, context) = with_context(&app, &owner, &draft(&owner));
    assert_eq!(context["limits"]["perMinute"], 2);
    hub.pushes_until("MessageEnd");
    for text in ["Szukamy testera", "Manualny, Warszawa"] {
        hub.invoke("SendMessage", json!([text])).unwrap();
        hub.pushes_until("MessageEnd");
    }
    let refused = hub.invoke("SendMessage", json!(["Trzecia wiadomość"]));
    assert!(refused.as_ref().unwrap_err().starts_with("assistant_rate_limited: "), "{refused:?}");
    let retry_after = hub.event("RateLimit");
    assert!(retry_after.as_u64().is_some_and(|seconds| (1..=60).contains(&seconds)), "{retry_after}");
    // The refused message was not stored, and the connection stays open (reconnecting is the
    // client's choice).
    let reopened = hub.invoke("UpdateContextV2", json!(["it", context["jobAdId"]])).unwrap();
    assert_eq!(reopened["messages"].as_array().unwrap().len(), 5);
    assert_eq!(reopened["limits"]["usedToday"], 2);
}

/// The text of one streamed answer (its `MessageEnd`) and its proposal, if one came.
fn answer_to(hub: &mut HubClient, text: &str) -> (String, Option<Value>) {
    hub.invoke("SendMessage", json!([text])).unwrap();
    let events = hub.pushes_until("MessageEnd");
    let proposal = events.iter().find(|(target, _)| target == "JobAdProposed").map(|(_, arguments)| arguments[1].clone());
    (events.last().unwrap().1[0]["content"].as_str().unwrap().to_string(), proposal)
}

/// The assistant speaks the language of the employer's panel (`UpdateContextV2`'s third
/// argument), not the board's default (Polish on `it`): the greeting, and the answers and the
/// proposal of a chat whose own words do not tell its language. Left out, the board's default.
#[test]
fn the_assistant_speaks_the_language_of_the_employers_panel() {
    let app = spawn_app(false);
    let owner = sign_up(&app, "it", "owner@acme.example", "Acme");
    let neutral = "Senior Java Developer. Java, Spring, Kafka. 20-25k B2B, remote. Draft.";
    let cases = [
        (json!("en"), "Hi! I'm the offline job-ad drafter", "Here is the proposed ad", "<h3>About the role</h3>"),
        (json!("pl"), "Cześć! Jestem offline'owym asystentem", "Oto propozycja ogłoszenia", "<h3>O stanowisku</h3>"),
        (Value::Null, "Cześć! Jestem offline'owym asystentem", "Oto propozycja ogłoszenia", "<h3>O stanowisku</h3>"),
    ];
    for (locale, greeting, summary, heading) in cases {
        let slug = draft(&owner);
        let mut hub = open(&app, "it", &assistant_token(&owner)).unwrap();
        hub.invoke("UpdateContextV2", json!(["it", slug, locale])).unwrap();
        let greeted = hub.event("MessageEnd");
        assert!(greeted["content"].as_str().unwrap().starts_with(greeting), "{locale}: {greeted}");
        let (text, proposal) = answer_to(&mut hub, neutral);
        assert!(text.contains(summary), "{locale}: {text}");
        let description = proposal.expect("a proposal")["description"].as_str().unwrap().to_string();
        assert!(description.contains(heading), "{locale}: {description}");
    }
    // The conversation's own language still wins over the panel's: a Polish chat in the English panel.
    let mut hub = open(&app, "it", &assistant_token(&owner)).unwrap();
    hub.invoke("UpdateContextV2", json!(["it", draft(&owner), "en"])).unwrap();
    hub.event("MessageEnd");
    assert!(answer_to(&mut hub, "Szukamy Senior Java Developera. Wymagamy: Java, Spring. 20-25k netto B2B, praca zdalna.").0.contains("Oto propozycja"));
    for wrong in [json!("de"), json!(7), json!("")] {
        assert_eq!(code(hub.invoke("UpdateContextV2", json!(["it", draft(&owner), wrong]))), "invalid_assistant_input", "{wrong}");
    }
}
