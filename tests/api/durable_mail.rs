//! Mail is recorded before it is acknowledged: a `kill -9` right after a 202 loses no mail, and
//! the restarted server delivers it (the mail queue of `wakat-mail`).

use reqwest::Method;
use serde_json::json;

use crate::applying::PASSWORD;
use crate::helpers::RealServer;

/// A loopback port nothing listens on (the mail server is down).
fn closed_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

fn smtp_env(port: u16) -> Vec<(&'static str, String)> {
    vec![
        ("WAKAT_MAIL__TRANSPORT", "smtp".into()),
        ("WAKAT_MAIL__SMTP__HOST", "127.0.0.1".into()),
        ("WAKAT_MAIL__SMTP__PORT", port.to_string()),
        ("WAKAT_MAIL__SMTP__SECURITY", "none".into()),
        ("WAKAT_MAIL__SMTP__TIMEOUT_SECS", "2".into()),
    ]
}

pub fn start_with(data_dir: &std::path::Path, env: &[(&'static str, String)]) -> RealServer {
    let env: Vec<(&str, &str)> = env.iter().map(|(name, value)| (*name, value.as_str())).collect();
    RealServer::start(data_dir, &env)
}

#[test]
fn an_account_mail_acknowledged_before_a_kill_9_is_delivered_after_the_restart() {
    let data_dir = tempfile::tempdir().unwrap();
    let server = start_with(data_dir.path(), &smtp_env(closed_port()));
    let app = server.app(data_dir.path());
    let registered =
        app.send_json(Method::POST, "/api/it/v1/candidate/register", &json!({"acceptedTerms": true, "email": "ala@example.pl", "password": PASSWORD}));
    assert_eq!(registered.status, 202, "{}", registered.body);
    server.kill_9();

    let sink = wakat_mail::testsuite::SmtpSink::start();
    let _restarted = start_with(data_dir.path(), &smtp_env(sink.port()));
    let messages = sink.wait_for_messages(1);
    let message = String::from_utf8_lossy(&messages[0]);
    assert!(message.contains("X-Wakat-Tag: account.confirm"), "{message}");
    assert!(message.contains("ala@example.pl"));
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(sink.messages().len(), 1, "delivered once");
}
