//! The chat's real-time hub (`/hubs/{board}/chat`), spoken to as the SignalR JSON protocol over a
//! real WebSocket: token and origin checks, live delivery of REST writes to every connection of
//! both sides, `SendMessage` and `MarkRead` through the hub, and refusals that name their code.

use std::collections::VecDeque;
use std::net::TcpStream;
use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{json, Value};
use tungstenite::client::IntoClientRequest;
use tungstenite::{Message, WebSocket};

use crate::chat::{ask, candidate_says, category_of, company_says, open_conversation, open_up, world};
use crate::helpers::{spawn_app, RealServer, TestApp};

/// The web app's origin in `wakat.toml` (`server.public_url`), as browsers send it.
pub const ORIGIN: &str = "http://127.0.0.1:3000";
const RECORD_SEPARATOR: char = '\u{1e}';

/// One hub connection past its handshake.
pub struct HubClient {
    socket: WebSocket<TcpStream>,
    /// Records received and not yet asked for (server pushes while waiting for a completion).
    received: VecDeque<Value>,
    next_id: u64,
}

/// Opens the chat hub of `board` with `token` from `origin`: the connection, or the HTTP status
/// that refused it.
pub fn connect(app: &TestApp, board: &str, token: &str, origin: Option<&str>) -> Result<HubClient, u16> {
    connect_to(app, &format!("/hubs/{board}/chat"), token, origin)
}

/// Opens the hub at `path` (`/hubs/{board}/{hub}`) with `token` from `origin`.
pub fn connect_to(app: &TestApp, path: &str, token: &str, origin: Option<&str>) -> Result<HubClient, u16> {
    let address = app.base.trim_start_matches("http://").to_string();
    let mut request = format!("ws://{address}{path}?access_token={token}").into_client_request().expect("a request");
    if let Some(origin) = origin {
        request.headers_mut().insert("origin", origin.parse().expect("an origin header"));
    }
    let stream = TcpStream::connect(&address).expect("the server accepts connections");
    stream.set_read_timeout(Some(Duration::from_millis(200))).expect("a read time-out");
    let socket = match tungstenite::client(request, stream) {
        Ok((socket, _)) => socket,
        Err(tungstenite::HandshakeError::Failure(tungstenite::Error::Http(response))) => return Err(response.status().as_u16()),
        Err(error) => panic!("the WebSocket handshake failed: {error}"),
    };
    let mut client = HubClient { socket, received: VecDeque::new(), next_id: 1 };
    client.send(&json!({"protocol": "json", "version": 1}));
    let handshake = client.next_record(Duration::from_secs(5)).expect("the hub answers the handshake");
    assert_eq!(handshake, json!({}), "the handshake succeeds");
    Ok(client)
}

/// A hub token of a candidate (session cookie) or an employer user (bearer).
pub fn candidate_token(browser: &mut crate::browser::Browser<'_>, board: &str) -> String {
    let answer = browser.json(Method::POST, &format!("/api/{board}/v1/candidate/chat/hub-token"), &json!({}));
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.body["accessToken"].as_str().unwrap().to_string()
}

pub fn employer_token(employer: &crate::employer_client::EmployerClient<'_>) -> String {
    let answer = employer.call(Method::POST, "/v2/employer-panel/chat/hub-token", None);
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.body["accessToken"].as_str().unwrap().to_string()
}

impl HubClient {
    fn send(&mut self, record: &Value) {
        self.socket.send(Message::text(format!("{record}{RECORD_SEPARATOR}"))).expect("the record is sent");
    }

    /// The next record other than a ping, waiting up to `timeout`.
    fn next_record(&mut self, timeout: Duration) -> Option<Value> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(record) = self.received.pop_front() {
                if record["type"] != 6 {
                    return Some(record);
                }
                continue;
            }
            if Instant::now() > deadline {
                return None;
            }
            match self.socket.read() {
                Ok(Message::Text(text)) => {
                    for part in text.as_str().split(RECORD_SEPARATOR).filter(|part| !part.is_empty()) {
                        self.received.push_back(serde_json::from_str(part).expect("a record is JSON"));
                    }
                }
                Ok(Message::Close(frame)) => panic!("the hub closed the connection: {frame:?}"),
                Ok(_) => {}
                Err(tungstenite::Error::Io(error)) if matches!(error.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {}
                Err(error) => panic!("the connection failed: {error}"),
            }
        }
    }

    /// Invokes `target` and waits for its completion: `Ok(result)` or `Err(error message)`.
    /// Pushes received meanwhile stay queued for [`HubClient::event`].
    pub fn invoke(&mut self, target: &str, arguments: Value) -> Result<Value, String> {
        let id = self.next_id.to_string();
        self.next_id += 1;
        self.send(&json!({"type": 1, "invocationId": id, "target": target, "arguments": arguments}));
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut kept = Vec::new();
        let completion = loop {
            let record = self.next_record(deadline.saturating_duration_since(Instant::now())).expect("a completion within 10 s");
            if record["type"] == 3 && record["invocationId"] == id.as_str() {
                break record;
            }
            kept.push(record);
        };
        self.received.extend(kept);
        match completion.get("error").and_then(Value::as_str) {
            Some(error) => Err(error.to_string()),
            None => Ok(completion["result"].clone()),
        }
    }

    /// The first argument of the next push of `target` (earlier pushes of other targets are
    /// dropped), waiting up to 5 s.
    pub fn event(&mut self, target: &str) -> Value {
        self.event_arguments(target)[0].clone()
    }

    /// Every argument of the next push of `target` (earlier pushes of other targets are
    /// dropped), waiting up to 5 s.
    pub fn event_arguments(&mut self, target: &str) -> Value {
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let record = self.next_record(deadline.saturating_duration_since(Instant::now())).unwrap_or_else(|| panic!("no '{target}' within 5 s"));
            if record["type"] == 1 && record["target"] == target {
                return record["arguments"].clone();
            }
        }
    }

    /// The pushes (target and arguments) received up to and including the first of `last`,
    /// waiting up to 10 s.
    pub fn pushes_until(&mut self, last: &str) -> Vec<(String, Value)> {
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut pushes = Vec::new();
        loop {
            let record = self.next_record(deadline.saturating_duration_since(Instant::now())).unwrap_or_else(|| panic!("no '{last}' within 10 s: {pushes:?}"));
            if record["type"] == 1 {
                let target = record["target"].as_str().unwrap_or_default().to_string();
                pushes.push((target.clone(), record["arguments"].clone()));
                if target == last {
                    return pushes;
                }
            }
        }
    }

    /// The hub's Close record (type 7), waiting up to 10 s.
    pub fn close_record(&mut self) -> Value {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let record = self.next_record(deadline.saturating_duration_since(Instant::now())).expect("a Close record within 10 s");
            if record["type"] == 7 {
                return record;
            }
        }
    }

    /// Whether a push of `target` arrives within `wait`.
    pub fn gets(&mut self, target: &str, wait: Duration) -> bool {
        let deadline = Instant::now() + wait;
        while let Some(record) = self.next_record(deadline.saturating_duration_since(Instant::now())) {
            if record["type"] == 1 && record["target"] == target {
                return true;
            }
        }
        false
    }
}

#[test]
fn a_hub_token_opens_its_own_boards_hub_from_the_boards_origins_only() {
    let app = spawn_app(false);
    let mut w = world(&app);
    let token = candidate_token(&mut w.a, "it");
    assert!(connect(&app, "it", &token, Some(ORIGIN)).is_ok());
    assert!(connect(&app, "it", &token, Some("http://it.localhost:3000")).is_ok(), "a host of the board");
    assert_eq!(connect(&app, "it", &token, Some("https://evil.example")).err(), Some(403));
    assert_eq!(connect(&app, "it", &token, None).err(), Some(403), "browsers always send an origin");
    assert_eq!(connect(&app, "it", "", Some(ORIGIN)).err(), Some(401));
    assert_eq!(connect(&app, "it", "c.nobody.9999999999.forged", Some(ORIGIN)).err(), Some(401));
    let mut altered = token.clone();
    altered.replace_range(2..3, if &token[2..3] == "a" { "b" } else { "a" });
    assert_eq!(connect(&app, "it", &altered, Some(ORIGIN)).err(), Some(401), "an altered token");
    // Bound to its board: the work board refuses it (and has the chat off anyway).
    assert_eq!(connect(&app, "work", &token, Some("http://work.localhost:3000")).err(), Some(401));
    // An employer's session token is not a hub token.
    assert_eq!(connect(&app, "it", &w.owner.token, Some(ORIGIN)).err(), Some(401));
    let employer = employer_token(&w.owner);
    assert!(connect(&app, "it", &employer, Some(ORIGIN)).is_ok());
    // Tokens need a session.
    assert_eq!(app.send_json(Method::POST, "/api/it/v1/candidate/chat/hub-token", &json!({})).status, 401);
}

#[test]
fn rest_writes_arrive_live_on_every_connection_of_both_sides() {
    let app = spawn_app(false);
    let mut w = world(&app);
    let category = category_of(&app, &w.slug);
    let a_ref = open_up(&mut w.a, category);
    let mut a_tab1 = connect(&app, "it", &candidate_token(&mut w.a, "it"), Some(ORIGIN)).unwrap();
    let mut a_tab2 = connect(&app, "it", &candidate_token(&mut w.a, "it"), Some(ORIGIN)).unwrap();
    let mut b_tab = connect(&app, "it", &candidate_token(&mut w.b, "it"), Some(ORIGIN)).unwrap();
    let mut owner = connect(&app, "it", &employer_token(&w.owner), Some(ORIGIN)).unwrap();
    let mut recruiter = connect(&app, "it", &employer_token(&w.recruiter), Some(ORIGIN)).unwrap();
    let mut other = connect(&app, "it", &employer_token(&w.other), Some(ORIGIN)).unwrap();

    // The invite arrives live.
    let asked = ask(&w.owner, &w.slug, &a_ref, "Zapraszamy do rozmowy");
    assert_eq!(asked.status, 201);
    let invite = a_tab1.event("inviteReceived");
    assert_eq!((invite["status"].as_str(), invite["firstMessage"].as_str()), (Some("received"), Some("Zapraszamy do rozmowy")));
    assert_eq!(a_tab2.event("inviteReceived")["conversationRequestId"], asked.body["id"]);
    // Accepting opens it for the company's users.
    let request_id = asked.body["id"].as_str().unwrap();
    let accepted = w.a.json(Method::POST, &format!("/api/it/v1/candidate/chat/conversation-requests/{request_id}/accept"), &json!({}));
    let conversation = accepted.body["id"].as_str().unwrap().to_string();
    assert_eq!(recruiter.event("conversationUpdated")["id"].as_str(), Some(conversation.as_str()));

    // A message sent over REST by the owner reaches both candidate tabs and both company users.
    let sent = company_says(&w.owner, &conversation, "e-1", "Dzień dobry!");
    assert_eq!(sent.status, 201);
    for tab in [&mut a_tab1, &mut a_tab2] {
        let message = tab.event("messageReceived");
        assert_eq!((message["seq"].as_u64(), message["mine"].as_bool(), message["text"].as_str()), (Some(2), Some(false), Some("Dzień dobry!")));
        assert_eq!(tab.event("unreadChanged")["unreadTotal"].as_u64(), Some(1));
    }
    for tab in [&mut owner, &mut recruiter] {
        let message = tab.event("messageReceived");
        assert_eq!((message["conversationId"].as_str(), message["mine"].as_bool()), (Some(conversation.as_str()), Some(true)));
    }
    // Nobody else hears anything.
    assert!(!b_tab.gets("messageReceived", Duration::from_millis(500)));
    assert!(!other.gets("messageReceived", Duration::from_millis(100)));
    assert!(!other.gets("conversationUpdated", Duration::from_millis(100)));

    // The candidate's REST reply and read mark reach the company.
    assert_eq!(candidate_says(&mut w.a, &conversation, "c-1", "Dzień dobry").status, 201);
    assert_eq!(recruiter.event("messageReceived")["sender"], "candidate");
    let read = w.a.json(Method::POST, &format!("/api/it/v1/candidate/chat/conversations/{conversation}/read"), &json!({"upToSeq": 3}));
    assert_eq!(read.status, 200);
    let updated = loop {
        let update = owner.event("conversationUpdated");
        if update["otherReadSeq"] == 3 {
            break update;
        }
    };
    assert_eq!((updated["readSeq"].as_u64(), updated["unread"].as_u64()), (Some(1), Some(1)), "{updated}");
}

#[test]
fn send_message_and_mark_read_over_the_hub_follow_the_rest_rules() {
    let app = spawn_app(false);
    let mut w = world(&app);
    let conversation = open_conversation(&mut w);
    let mut a = connect(&app, "it", &candidate_token(&mut w.a, "it"), Some(ORIGIN)).unwrap();
    let mut owner = connect(&app, "it", &employer_token(&w.owner), Some(ORIGIN)).unwrap();
    let mut b = connect(&app, "it", &candidate_token(&mut w.b, "it"), Some(ORIGIN)).unwrap();
    let mut other = connect(&app, "it", &employer_token(&w.other), Some(ORIGIN)).unwrap();

    let sent = a.invoke("SendMessage", json!([conversation, "h-1", "Wysłane przez hub"])).expect("sent");
    assert_eq!((sent["seq"].as_u64(), sent["mine"].as_bool(), sent["clientMessageId"].as_str()), (Some(2), Some(true), Some("h-1")));
    assert_eq!(a.event("messageReceived")["seq"].as_u64(), Some(2), "the sender's own tabs hear it too");
    let heard = owner.event("messageReceived");
    assert_eq!((heard["text"].as_str(), heard["mine"].as_bool()), (Some("Wysłane przez hub"), Some(false)));
    // A resend after a reconnect answers the first message and stores nothing new.
    let again = a.invoke("SendMessage", json!([conversation, "h-1", "Wysłane przez hub"])).expect("a resend");
    assert_eq!(again["seq"].as_u64(), Some(2));
    let history = w.owner.call(Method::GET, &format!("/v2/employer-panel/chat/conversations/{conversation}/messages"), None);
    assert_eq!(history.body["items"].as_array().map(Vec::len), Some(2), "{}", history.body);

    let marked = owner.invoke("MarkRead", json!([conversation, 2])).expect("marked");
    assert_eq!((marked["readSeq"].as_u64(), marked["unread"].as_u64()), (Some(2), Some(0)));
    let seen = loop {
        let update = a.event("conversationUpdated");
        if update["otherReadSeq"] == 2 {
            break update;
        }
    };
    assert_eq!(seen["id"].as_str(), Some(conversation.as_str()));

    // Strangers and bad calls are refused with the API's code first.
    for stranger in [&mut b, &mut other] {
        let refused = stranger.invoke("SendMessage", json!([conversation, "x-1", "Hej"])).unwrap_err();
        assert!(refused.starts_with("conversation_not_found: "), "{refused}");
        let refused = stranger.invoke("MarkRead", json!([conversation, 2])).unwrap_err();
        assert!(refused.starts_with("conversation_not_found: "), "{refused}");
    }
    assert!(a.invoke("SendMessage", json!([conversation, "h-2", " "])).unwrap_err().starts_with("invalid_message_text: "));
    assert!(a.invoke("SendMessage", json!([conversation])).unwrap_err().starts_with("invalid_chat_input: "));
    assert!(a.invoke("Nope", json!([])).unwrap_err().contains("Nope"));
    assert_eq!(w.owner.call(Method::POST, &format!("/v2/employer-panel/chat/conversations/{conversation}/close"), None).status, 200);
    let closed = a.invoke("SendMessage", json!([conversation, "h-3", "Halo?"])).unwrap_err();
    assert_eq!(closed, "conversationClosed: the conversation is closed");
    let metrics = app.client.get(format!("{}/metrics", app.base)).send().unwrap().text().unwrap();
    assert!(metrics.contains("wakat_hub_connections 4"), "{metrics}");
    assert!(metrics.contains(r#"wakat_hub_invocations_total{method="SendMessage"}"#), "{metrics}");
}

#[test]
fn sigterm_closes_hub_connections_with_a_reconnect_hint_and_the_server_exits() {
    let data_dir = tempfile::tempdir().unwrap();
    let mut server = RealServer::start(data_dir.path(), &[("WAKAT_SERVER__SCHEDULER_ENABLED", "false")]);
    let app = server.app(data_dir.path());
    let mut browser = crate::chat::candidate(&app, "it", "anna@example.pl");
    let mut connection = connect(&app, "it", &candidate_token(&mut browser, "it"), Some(ORIGIN)).unwrap();
    let started = Instant::now();
    assert!(std::process::Command::new("kill").args(["-TERM", &server.child.id().to_string()]).status().unwrap().success());
    let close = connection.close_record();
    assert_eq!(close["allowReconnect"], true, "{close}");
    let exited = server.child.wait().unwrap();
    assert!(exited.success(), "a graceful stop exits 0: {exited:?}");
    assert!(started.elapsed() < Duration::from_secs(10), "the open connection did not hold the stop: {:?}", started.elapsed());
}
