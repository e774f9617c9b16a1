//! Acknowledged means durable for the assistant too: two employers' connections send messages
//! to their conversations of the real binary as fast as the answers come, which is killed with
//! SIGKILL mid-run and restarted. Every user message whose `SendMessage` completed is in the
//! history after the restart, once, in the order it was sent.

use std::sync::Mutex;
use std::time::Duration;

use serde_json::json;

use crate::assistant::with_context;
use crate::employer_client::sign_up;
use crate::helpers::RealServer;

#[test]
fn user_messages_acknowledged_before_a_kill_9_survive_it() {
    let data_dir = tempfile::tempdir().unwrap();
    let env =
        [("WAKAT_SERVER__SCHEDULER_ENABLED", "false"), ("WAKAT_ASSISTANT__MESSAGES_PER_MINUTE", "100000"), ("WAKAT_ASSISTANT__MESSAGES_PER_DAY", "100000")];
    let server = RealServer::start(data_dir.path(), &env);
    let app = server.app(data_dir.path());
    let owners = [sign_up(&app, "it", "owner@acme.example", "Acme"), sign_up(&app, "it", "owner@beta.example", "Beta")];
    let slugs: Vec<String> = owners.iter().map(|owner| owner.initiate("basic").0).collect();
    let acknowledged: Vec<Mutex<Vec<String>>> = owners.iter().map(|_| Mutex::default()).collect();

    std::thread::scope(|scope| {
        for (writer, owner) in owners.iter().enumerate() {
            let (app, slug, acknowledged) = (&app, &slugs[writer], &acknowledged[writer]);
            // A writer ends by a panic of its client when the server dies: what it recorded stays.
            scope.spawn(move || {
                let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    let (mut hub, _) = with_context(app, owner, slug);
                    hub.pushes_until("MessageEnd");
                    for n in 0.. {
                        let text = format!("writer {writer}, message {n}: szukamy Rust developera");
                        if hub.invoke("SendMessage", json!([text])).is_ok() {
                            acknowledged.lock().unwrap().push(text);
                        }
                        hub.pushes_until("MessageEnd");
                    }
                }));
            });
        }
        std::thread::sleep(Duration::from_millis(2000));
        server.kill_9();
    });
    let acknowledged: Vec<Vec<String>> = acknowledged.into_iter().map(|sent| sent.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner())).collect();
    assert!(
        acknowledged.iter().all(|sent| sent.len() >= 5),
        "both writers were still writing when killed: {:?}",
        acknowledged.iter().map(Vec::len).collect::<Vec<_>>()
    );

    let server = RealServer::start(data_dir.path(), &env);
    let app = server.app(data_dir.path());
    for (writer, owner) in owners.iter().enumerate() {
        let owner = crate::employer_client::EmployerClient { app: &app, tenant: owner.tenant.clone(), token: owner.token.clone() };
        let (_, context) = with_context(&app, &owner, &slugs[writer]);
        let stored: Vec<String> = context["messages"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|message| message["isUser"] == true)
            .map(|message| message["content"].as_str().unwrap().to_string())
            .collect();
        // Every acknowledged message, once and in order; at most the one in flight besides.
        assert!(
            stored.len() == acknowledged[writer].len() || stored.len() == acknowledged[writer].len() + 1,
            "writer {writer}: {} stored, {} acknowledged",
            stored.len(),
            acknowledged[writer].len()
        );
        assert_eq!(stored[..acknowledged[writer].len()], acknowledged[writer][..], "writer {writer}'s acknowledged messages survive in order");
    }
    drop(server);
}
