//! Acknowledged means durable, and a resend is not a duplicate, under SIGKILL: four writers (two
//! candidate tabs, the company's owner and recruiter) send messages to one conversation of the
//! real binary, which is killed with SIGKILL mid-run and restarted; every writer then resends
//! everything it sent (the acknowledged ones and the one in flight) with the same client ids, as
//! the web app does after a reconnect. The history then holds every acknowledged message exactly
//! once, at the seq it was acknowledged with, and nothing twice; seqs run 1, 2, 3… without a gap.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{json, Value};

use crate::chat::{open_conversation, world};
use crate::helpers::{RealServer, TestApp};

/// How a writer proves who it is.
#[derive(Clone)]
enum Credentials {
    /// A candidate's session and CSRF cookies.
    Candidate { cookie: String, csrf: String },
    /// An employer user's bearer token.
    Employer { token: String },
}

impl Credentials {
    fn path(&self, conversation: &str) -> String {
        match self {
            Credentials::Candidate { .. } => format!("/api/it/v1/candidate/chat/conversations/{conversation}/messages"),
            Credentials::Employer { .. } => format!("/api/it/v2/employer-panel/chat/conversations/{conversation}/messages"),
        }
    }

    /// Sends one message: its seq when acknowledged, `None` when the server did not answer.
    fn send(&self, app: &TestApp, conversation: &str, client_id: &str) -> Option<u64> {
        let mut request = app.client.request(Method::POST, format!("{}{}", app.base, self.path(conversation))).timeout(Duration::from_secs(10));
        request = match self {
            Credentials::Candidate { cookie, csrf } => request.header("cookie", cookie).header("x-csrf-token", csrf),
            Credentials::Employer { token } => request.bearer_auth(token),
        };
        let response = request.json(&json!({"clientMessageId": client_id, "text": format!("message {client_id}")})).send().ok()?;
        let status = response.status().as_u16();
        let body: Value = response.json().ok()?;
        assert!(status == 201 || status == 200, "a send answered {status}: {body}");
        body["seq"].as_u64()
    }
}

/// What one writer sent, in order: client id and the acknowledged seq (`None`: sent, not
/// acknowledged).
type Sent = Vec<(String, Option<u64>)>;

fn write_until_refused(app: &TestApp, conversation: &str, writer: usize, credentials: &Credentials, deadline: Instant) -> Sent {
    let mut sent = Sent::new();
    for index in 0.. {
        let client_id = format!("w{writer}-{index}");
        let seq = credentials.send(app, conversation, &client_id);
        sent.push((client_id, seq));
        if seq.is_none() || Instant::now() > deadline {
            break;
        }
    }
    sent
}

/// Every message of the conversation, oldest first.
fn history(app: &TestApp, token: &str, conversation: &str) -> Vec<Value> {
    let mut messages = Vec::new();
    let mut before: Option<u64> = None;
    loop {
        let mut url = format!("{}/api/it/v2/employer-panel/chat/conversations/{conversation}/messages?pageSize=100", app.base);
        if let Some(before) = before {
            url.push_str(&format!("&before={before}"));
        }
        let page: Value = app.client.get(url).bearer_auth(token).send().unwrap().json().unwrap();
        let mut items = page["items"].as_array().cloned().unwrap_or_default();
        items.reverse();
        messages.extend(items);
        match page["nextBefore"].as_u64() {
            Some(next) => before = Some(next),
            None => break,
        }
    }
    messages.reverse();
    messages
}

#[test]
fn messages_acknowledged_before_a_kill_9_survive_it_once_and_resends_do_not_duplicate() {
    let data_dir = tempfile::tempdir().unwrap();
    let env = [("WAKAT_SERVER__SCHEDULER_ENABLED", "false")];
    let server = RealServer::start(data_dir.path(), &env);
    let app = server.app(data_dir.path());
    let mut w = world(&app);
    let conversation = open_conversation(&mut w);
    let cookie = w.a.cookies.iter().map(|(name, value)| format!("{name}={value}")).collect::<Vec<_>>().join("; ");
    let candidate = Credentials::Candidate { cookie, csrf: w.a.cookies["wakat_csrf"].clone() };
    let writers =
        [candidate.clone(), candidate, Credentials::Employer { token: w.owner.token.clone() }, Credentials::Employer { token: w.recruiter.token.clone() }];
    let owner_token = w.owner.token.clone();

    // Four writers as fast as the server acknowledges; SIGKILL after a second of it.
    let deadline = Instant::now() + Duration::from_secs(30);
    let sent: Vec<Sent> = std::thread::scope(|scope| {
        let handles: Vec<_> = writers
            .iter()
            .enumerate()
            .map(|(writer, credentials)| {
                let (app, conversation) = (&app, &conversation);
                scope.spawn(move || write_until_refused(app, conversation, writer, credentials, deadline))
            })
            .collect();
        std::thread::sleep(Duration::from_millis(1500));
        server.kill_9();
        handles.into_iter().map(|handle| handle.join().expect("a writer")).collect()
    });
    let acknowledged: usize = sent.iter().map(|sent| sent.iter().filter(|(_, seq)| seq.is_some()).count()).sum();
    assert!(acknowledged >= 20, "the writers were still writing when killed: {acknowledged} acknowledged");
    assert!(sent.iter().all(|sent| sent.last().is_some_and(|(_, seq)| seq.is_none())), "every writer was cut off by the kill");

    // Restart; every writer resends all it sent.
    let server = RealServer::start(data_dir.path(), &env);
    let app = server.app(data_dir.path());
    for (writer, credentials) in writers.iter().enumerate() {
        for (client_id, acknowledged_seq) in &sent[writer] {
            let seq = credentials.send(&app, &conversation, client_id).expect("the restarted server answers");
            if let Some(acknowledged_seq) = acknowledged_seq {
                assert_eq!(seq, *acknowledged_seq, "{client_id} keeps the seq it was acknowledged with");
            }
        }
    }

    let messages = history(&app, &owner_token, &conversation);
    let seqs: Vec<u64> = messages.iter().map(|message| message["seq"].as_u64().unwrap()).collect();
    assert_eq!(seqs, (1..=seqs.len() as u64).collect::<Vec<_>>(), "seqs run without a gap or a repeat");
    let mut stored: BTreeMap<String, Vec<u64>> = BTreeMap::new();
    for message in &messages[1..] {
        stored.entry(message["clientMessageId"].as_str().unwrap().to_string()).or_default().push(message["seq"].as_u64().unwrap());
    }
    let attempted: usize = sent.iter().map(Vec::len).sum();
    assert_eq!(stored.len(), attempted, "every message sent is stored (the in-flight ones by their resend)");
    for writer_sent in &sent {
        for (client_id, acknowledged_seq) in writer_sent {
            let seqs = stored.get(client_id).unwrap_or_else(|| panic!("{client_id} was lost"));
            assert_eq!(seqs.len(), 1, "{client_id} is stored once: {seqs:?}");
            if let Some(acknowledged_seq) = acknowledged_seq {
                assert_eq!(seqs[0], *acknowledged_seq);
            }
        }
    }
    assert_eq!(messages.len(), 1 + attempted, "the request's message and each sent message once");
    // Candidate messages are the candidate's, company messages the company's.
    let senders: BTreeMap<&str, &str> = messages[1..].iter().map(|m| (m["clientMessageId"].as_str().unwrap(), m["sender"].as_str().unwrap())).collect();
    assert!(senders.iter().all(|(id, sender)| (id.starts_with("w0-") || id.starts_with("w1-")) == (*sender == "candidate")), "{senders:?}");
    drop(server);
}
