//! What every test mail looks like, and the checks every rendered message must pass.

use mail_parser::{MessageParser, MimeHeaders};
use wakat_mail::{Address, Brand, Mail, MailBody, SentMail};

/// Builds a confirmation mail to `to` with a Polish subject and an unsubscribe header.
pub fn confirmation_mail(to: &str) -> Mail {
    let brand = Brand::new("Wakat IT", "#0a7cff", "https://it.wakat.pl", "pl").expect("a valid brand");
    let content = MailBody::new(&brand)
        .heading("Potwierdź adres e-mail")
        .paragraph("Kliknij przycisk, aby aktywować konto.")
        .button("Potwierdź", "/konto/potwierdz?token=abc123")
        .small("Jeśli to nie Ty, zignoruj tę wiadomość.")
        .render()
        .expect("the body renders");
    Mail::new(Address::with_name(to, "Ala Kot").expect("a valid address"), "Potwierdź adres e-mail — Wakat", content, "account.confirm")
        .with_unsubscribe("https://it.wakat.pl/alerty/wypisz?t=xyz")
}

/// Parses a received or rendered message and checks it carries everything of `confirmation_mail`.
pub fn check_confirmation_message(raw: &[u8], to: &str, sent_mail: &SentMail) {
    let message = MessageParser::default().parse(raw).expect("the message parses");
    assert_eq!(message.subject(), Some("Potwierdź adres e-mail — Wakat"));
    let recipient = message.to().and_then(|to| to.first()).expect("a To header");
    assert_eq!(recipient.address(), Some(to));
    assert_eq!(recipient.name(), Some("Ala Kot"));
    let sender = message.from().and_then(|from| from.first()).expect("a From header");
    assert_eq!(sender.address(), Some("no-reply@it.wakat.pl"));
    assert_eq!(sender.name(), Some("Wakat IT"));
    assert_eq!(message.message_id().map(|id| format!("<{id}>")), Some(sent_mail.message_id.clone()));
    assert!(message.date().is_some(), "a Date header");

    let content_type = message.content_type().expect("a Content-Type");
    assert_eq!((content_type.ctype(), content_type.subtype()), ("multipart", Some("alternative")));
    assert_eq!((message.text_body_count(), message.html_body_count()), (1, 1));
    // Mail line ends are CRLF on the wire.
    let text = message.body_text(0).expect("a text part").replace("\r\n", "\n");
    let html = message.body_html(0).expect("an HTML part");
    assert!(text.contains("Potwierdź:\nhttps://it.wakat.pl/konto/potwierdz?token=abc123"), "{text}");
    assert!(html.contains(r#"href="https://it.wakat.pl/konto/potwierdz?token=abc123""#), "{html}");
    assert!(html.contains(r#"<html lang="pl">"#));

    let header = |name: &str| message.header(name).and_then(|value| value.as_text()).map(str::to_string);
    assert_eq!(header("X-Wakat-Tag").as_deref(), Some("account.confirm"));
    assert_eq!(header("List-Unsubscribe-Post").as_deref(), Some("List-Unsubscribe=One-Click"));
    let unsubscribe = message.header_raw("List-Unsubscribe").expect("a List-Unsubscribe header");
    assert_eq!(unsubscribe.trim(), "<https://it.wakat.pl/alerty/wypisz?t=xyz>");
}
