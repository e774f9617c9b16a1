//! The outbox mailer: durable files, newest first, filters, and no way out of its directory.

use std::fs;

use wakat_mail::{build_mailer, Address, MailError, MailSettings, Mailer, Outbox, OutboxMailer};

use crate::helpers::{check_confirmation_message, confirmation_mail};

fn mailer(data_dir: &std::path::Path) -> OutboxMailer {
    let from = Address::with_name("no-reply@it.wakat.pl", "Wakat IT").unwrap();
    OutboxMailer::new(Outbox::in_data_dir(data_dir).unwrap(), from)
}

#[test]
fn sent_mails_come_back_newest_first() {
    let data_dir = tempfile::tempdir().unwrap();
    let mailer = mailer(data_dir.path());
    let recipients = ["ala@example.com", "bob@example.com", "ala@example.com"];
    let sent: Vec<_> = recipients.iter().map(|to| mailer.send(&confirmation_mail(to)).unwrap()).collect();

    let listed = mailer.list(10, None).unwrap();
    let listed_ids: Vec<&str> = listed.iter().map(|stored| stored.id.as_str()).collect();
    let newest_first: Vec<&str> = sent.iter().rev().map(|sent_mail| sent_mail.id.as_str()).collect();
    assert_eq!(listed_ids, newest_first);
    assert_eq!(mailer.list(2, None).unwrap().len(), 2);

    let to_ala = mailer.list(10, Some("ALA@example.com")).unwrap();
    assert_eq!(to_ala.iter().map(|stored| stored.id.as_str()).collect::<Vec<_>>(), vec![sent[2].id.as_str(), sent[0].id.as_str()]);
    assert!(mailer.list(10, Some("nobody@example.com")).unwrap().is_empty());

    let stored = mailer.get(&sent[1].id).unwrap().expect("the mail is stored");
    let mail = confirmation_mail("bob@example.com");
    assert_eq!((stored.mail.to.clone(), stored.mail.subject.as_str(), stored.mail.text.as_str()), (mail.to.clone(), mail.subject.as_str(), mail.text.as_str()));
    assert_eq!((stored.mail.html.as_str(), &stored.mail.headers, stored.mail.tag.as_str()), (mail.html.as_str(), &mail.headers, "account.confirm"));
    assert_eq!(stored.from.to_string(), "Wakat IT <no-reply@it.wakat.pl>");
    assert_eq!(stored.message_id, sent[1].message_id);

    // The files are plain JSON with the documented fields, and nothing temporary is left behind.
    let json: serde_json::Value = serde_json::from_slice(&fs::read(mailer.outbox().dir().join(format!("{}.json", sent[1].id))).unwrap()).unwrap();
    for field in ["id", "at", "from", "to", "subject", "text", "html", "headers", "tag"] {
        assert!(json.get(field).is_some(), "{field} missing from {json}");
    }
    assert!(time::OffsetDateTime::parse(json["at"].as_str().unwrap(), &time::format_description::well_known::Rfc3339).is_ok());
    assert_eq!(fs::read_dir(mailer.outbox().dir()).unwrap().count(), 3);
}

#[test]
fn the_eml_is_the_real_message() {
    let data_dir = tempfile::tempdir().unwrap();
    let mailer = mailer(data_dir.path());
    let sent_mail = mailer.send(&confirmation_mail("ala@example.com")).unwrap();
    let eml = mailer.outbox().eml(&sent_mail.id).unwrap().expect("the mail is stored");
    check_confirmation_message(&eml, "ala@example.com", &sent_mail);
}

#[test]
fn ids_that_could_leave_the_directory_are_refused() {
    let data_dir = tempfile::tempdir().unwrap();
    fs::write(data_dir.path().join("secret.json"), "{}").unwrap();
    let mailer = mailer(data_dir.path());
    for bad_id in ["../../secret", "../../secret.json", "/etc/passwd", "", "..", "1700000000000-abcdef12/../x", "1700000000000-ABCDEF12"] {
        assert!(matches!(mailer.get(bad_id), Err(MailError::InvalidMailId(_))), "{bad_id:?}");
        assert!(matches!(mailer.outbox().eml(bad_id), Err(MailError::InvalidMailId(_))), "{bad_id:?}");
    }
    assert!(mailer.get("1700000000000-abcdef12").unwrap().is_none());
}

#[test]
fn stray_files_are_not_mails() {
    let data_dir = tempfile::tempdir().unwrap();
    let mailer = mailer(data_dir.path());
    let sent_mail = mailer.send(&confirmation_mail("ala@example.com")).unwrap();
    let dir = mailer.outbox().dir();
    fs::write(dir.join(".1700000000000-abcdef12.json.tmp"), "half a mail").unwrap();
    fs::write(dir.join("notes.txt"), "hello").unwrap();
    let listed = mailer.list(10, None).unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].id, sent_mail.id);
}

#[test]
fn invalid_mails_are_not_written() {
    let data_dir = tempfile::tempdir().unwrap();
    let mailer = mailer(data_dir.path());
    let injected = confirmation_mail("ala@example.com").with_header("List-Id", "x\r\nBcc: victim@example.com");
    assert!(matches!(mailer.send(&injected), Err(MailError::InvalidHeader { .. })));
    assert!(mailer.list(10, None).unwrap().is_empty());
}

#[test]
fn the_default_settings_write_to_the_data_dir() {
    let data_dir = tempfile::tempdir().unwrap();
    let mailer = build_mailer(&MailSettings::default(), data_dir.path()).unwrap();
    let sent_mail = mailer.send(&confirmation_mail("ala@example.com")).unwrap();
    let outbox = Outbox::in_data_dir(data_dir.path()).unwrap();
    assert_eq!(outbox.get(&sent_mail.id).unwrap().unwrap().from.email(), "no-reply@localhost");
    assert!(data_dir.path().join("mail/outbox").join(format!("{}.json", sent_mail.id)).is_file());
}
