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
