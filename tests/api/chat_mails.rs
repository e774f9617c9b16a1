//! The chat's unread-message e-mails with a shortened delay: mailed after the delay to the side
//! that has not read (the candidate, or every user of the company), at most once per interval,
//! through the durable queue (the dev mailbox), with a signed unsubscribe link that works.

use std::time::Duration;

use reqwest::Method;
use serde_json::Value;

use crate::browser::mails;
use crate::chat::{candidate_says, company_says, open_conversation, world};
use crate::helpers::{spawn_configured, TestApp};

fn run(app: &TestApp) -> Value {
    let answer = app.internal(Method::POST, "/api/it/internal/chat-mails/run", &Value::Null);
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.body
}

/// The path and query of the unsubscribe link in a mail's text (the link names the web app).
fn unsubscribe_path(mail: &Value) -> String {
    let text = mail["text"].as_str().unwrap_or_default();
    let start = text.find("/api/it/v1/chat/mail-unsubscribe?").unwrap_or_else(|| panic!("no unsubscribe link in {text}"));
    text[start..].chars().take_while(|c| !c.is_whitespace() && *c != ')' && *c != '>').collect()
}

#[test]
fn unread_messages_are_mailed_after_the_delay_once_per_interval_and_can_be_turned_off() {
    let app = spawn_configured(false, |settings| {
        settings.chat.unread_mail_delay_secs = 1;
        settings.chat.unread_mail_interval_secs = 3;
        settings.server.scheduler_enabled = false;
    });
    let mut w = world(&app);
    let conversation = open_conversation(&mut w);
    assert_eq!(company_says(&w.owner, &conversation, "e-1", "Czy jesteś dostępna?").status, 201);
    assert_eq!(run(&app)["due"].as_u64(), Some(0), "not before the delay");
    std::thread::sleep(Duration::from_millis(1100));
    let report = run(&app);
    assert_eq!((report["due"].as_u64(), report["queued"].as_u64()), (Some(1), Some(1)), "{report}");
    let sent = mails(&app, "anna@example.pl", "chat.unread", 1);
    assert_eq!(sent.len(), 1);
    let mail = &sent[0];
    assert!(mail["subject"].as_str().unwrap().contains("Senior Rust Developer"), "{mail}");
    assert!(mail["text"].as_str().unwrap().contains(&format!("/?chat={conversation}")), "the link opens the conversation: {mail}");
    assert!(mail["text"].as_str().unwrap().contains("Acme"), "{mail}");
    let headers = mail["headers"].to_string();
    assert!(headers.contains("List-Unsubscribe") && headers.contains("One-Click"), "{headers}");
    assert_eq!(run(&app)["due"].as_u64(), Some(0), "once per interval");

    // The candidate answers: every user of the company is mailed.
    assert_eq!(candidate_says(&mut w.a, &conversation, "c-1", "Tak, jestem").status, 201);
    std::thread::sleep(Duration::from_millis(1100));
    assert_eq!(run(&app)["queued"].as_u64(), Some(2));
    assert_eq!(mails(&app, "owner@acme.example", "chat.unread", 1).len(), 1);
    let recruiter_mail = &mails(&app, "recruiter@acme.example", "chat.unread", 1)[0];
    assert!(recruiter_mail["text"].as_str().unwrap().contains(&format!("/employer/chat?conversation={conversation}")), "{recruiter_mail}");

    // The link: a page with a button (a GET changes nothing), then the POST turns mails off.
    let path = unsubscribe_path(mail);
    let page = app.client.get(format!("{}{path}", app.base)).send().unwrap();
    assert_eq!(page.status().as_u16(), 200);
    assert!(page.text().unwrap().contains("<form method=\"post\""));
    let forged = path.replace("code=", "code=x");
    assert_eq!(app.client.post(format!("{}{forged}", app.base)).send().unwrap().status().as_u16(), 403);
    let off = app.client.post(format!("{}{path}", app.base)).body("List-Unsubscribe=One-Click").send().unwrap();
    assert_eq!(off.status().as_u16(), 200);

    // Past the interval, the candidate has unread messages again but is not mailed; reading
    // settles the company's side.
    assert_eq!(company_says(&w.owner, &conversation, "e-2", "Świetnie").status, 201);
    let read = w.owner.call(Method::POST, &format!("/v2/employer-panel/chat/conversations/{conversation}/read"), Some(&serde_json::json!({"upToSeq": 99})));
    assert_eq!(read.status, 200);
    std::thread::sleep(Duration::from_millis(3100));
    let report = run(&app);
    assert_eq!((report["due"].as_u64(), report["queued"].as_u64(), report["skipped"].as_u64()), (Some(1), Some(0), Some(1)), "{report}");
    assert_eq!(mails(&app, "anna@example.pl", "chat.unread", 2).len(), 1, "no second mail after unsubscribing");
    // The internal run needs its token.
    assert_eq!(app.send_json(Method::POST, "/api/it/internal/chat-mails/run", &Value::Null).status, 401);
}
