//! SMTP against a real server: `scripts/smtp-sink.py` (aiosmtpd) saves what it receives.
//!
//! Needs Python with aiosmtpd (`scripts/test` installs it into `target/tools/venv`); without it
//! these tests fail and say so, they never skip.

use wakat_mail::testsuite::SmtpSink;
use wakat_mail::{Address, MailError, Mailer, SmtpMailer, SmtpSettings};

use crate::helpers::{check_confirmation_message, confirmation_mail};

fn from() -> Address {
    Address::with_name("no-reply@it.wakat.pl", "Wakat IT").unwrap()
}

#[test]
fn a_mail_arrives_as_multipart_alternative_with_its_headers() {
    let sink = SmtpSink::start();
    let mailer = SmtpMailer::new(&sink.settings(), from()).unwrap();
    mailer.check_connection().unwrap();
    let sent_mail = mailer.send(&confirmation_mail("ala@example.com")).unwrap();
    let second = mailer.send(&confirmation_mail("bob@example.com")).unwrap();

    let messages = sink.wait_for_messages(2);
    assert_eq!(messages.len(), 2);
    check_confirmation_message(&messages[0], "ala@example.com", &sent_mail);
    check_confirmation_message(&messages[1], "bob@example.com", &second);
    let envelope = String::from_utf8_lossy(&messages[0]);
    assert!(envelope.starts_with("X-Sink-Envelope-From: no-reply@it.wakat.pl\r\nX-Sink-Envelope-To: ala@example.com\r\n"), "{envelope}");
}

#[test]
fn a_server_that_is_gone_is_a_retryable_error() {
    let settings = {
        let sink = SmtpSink::start();
        sink.settings()
        // The sink stops here, so nothing listens on its port any more.
    };
    let mailer = SmtpMailer::new(&SmtpSettings { timeout_secs: 2, ..settings }, from()).unwrap();
    let err = mailer.send(&confirmation_mail("ala@example.com")).unwrap_err();
    assert!(matches!(err, MailError::Unavailable(_)), "{err:?}");
}

#[test]
fn the_commit_runs_after_the_content_and_before_the_final_dot() {
    let sink = SmtpSink::start();
    let mailer = SmtpMailer::new(&sink.settings(), from()).unwrap();
    let mut held_at_commit = None;
    let sent = mailer
        .send_committed(&confirmation_mail("ala@example.com"), &mut || {
            // The server has the whole content but no "." yet: it has accepted nothing.
            std::thread::sleep(std::time::Duration::from_millis(300));
            held_at_commit = Some(sink.messages().len());
            Ok(())
        })
        .unwrap();
    assert_eq!(held_at_commit, Some(0), "the commit ran before the server took the mail");
    let messages = sink.wait_for_messages(1);
    check_confirmation_message(&messages[0], "ala@example.com", &sent);
}

#[test]
fn a_sender_that_dies_before_the_final_dot_leaves_nothing_at_the_server() {
    let sink = SmtpSink::start();
    let mailer = SmtpMailer::new(&sink.settings(), from()).unwrap();
    // A panic in the commit stands for a crash there: the connection closes without the ".".
    let crashed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        mailer.send_committed(&confirmation_mail("ala@example.com"), &mut || panic!("crash before the dot"))
    }));
    assert!(crashed.is_err());
    // The next mail goes through a new connection and is the only one the server keeps.
    mailer.send(&confirmation_mail("bob@example.com")).unwrap();
    let messages = sink.wait_for_messages(1);
    std::thread::sleep(std::time::Duration::from_millis(300));
    let messages = if sink.messages().len() > messages.len() { sink.messages() } else { messages };
    assert_eq!(messages.len(), 1);
    assert!(String::from_utf8_lossy(&messages[0]).contains("X-Sink-Envelope-To: bob@example.com"));
}

#[test]
fn a_queue_marks_each_mail_inside_its_smtp_handover() {
    use std::sync::Arc;
    use wakat_mail::MailQueue;
    let sink = SmtpSink::start();
    let mailer = Arc::new(SmtpMailer::with_connections(&sink.settings(), from(), 8).unwrap());
    let data_dir = tempfile::tempdir().unwrap();
    let kv: Arc<dyn wakat_store::KvStore> = Arc::new(wakat_store::SledStore::open(data_dir.path()).unwrap());
    let queue = MailQueue::new(kv, mailer);
    let mails = (0..200).map(|n| (format!("test:{n}"), confirmation_mail(&format!("user{n}@example.com"))));
    queue.enqueue_many(mails).unwrap();
    let senders = queue.start(8).unwrap();
    assert!(queue.wait_idle(std::time::Duration::from_secs(120)));
    queue.stop();
    senders.into_iter().for_each(|sender| sender.join().unwrap());
    assert_eq!(sink.wait_for_messages(200).len(), 200);
    let stats = queue.stats();
    assert_eq!((stats.sent, stats.handover_count), (200, 200), "{stats:?}");
    eprintln!(
        "handover gap (flush end → final dot) over 200 mails, 8 senders: max {} µs, mean {} µs",
        stats.handover_gap_max_micros,
        stats.handover_gap_total_micros / stats.handover_count
    );
}
