//! The RFC 5322 message both mailers send or store, and the ids they give it.

use std::sync::Mutex;
use std::time::SystemTime;

use lettre::message::header::{HeaderName, HeaderValue};
use lettre::message::{MultiPart, SinglePart};
use lettre::Message;
use time::OffsetDateTime;

use crate::{Address, Mail, MailError, TAG_HEADER};

/// Builds the multipart/alternative message (text, then HTML) with every extra header; with
/// attachments, a multipart/mixed of that alternative and the files.
pub(crate) fn build_message(from: &Address, mail: &Mail, message_id: &str, date: SystemTime) -> Result<Message, MailError> {
    mail.validate()?;
    let mut builder =
        Message::builder().from(from.mailbox()?).to(mail.to.mailbox()?).subject(mail.subject.clone()).message_id(Some(message_id.to_string())).date(date);
    if let Some(reply_to) = &mail.reply_to {
        builder = builder.reply_to(reply_to.mailbox()?);
    }
    let tag_header = std::iter::once((TAG_HEADER, mail.tag.as_str()));
    for (name, value) in tag_header.chain(mail.headers.iter().map(|(name, value)| (name.as_str(), value.as_str()))) {
        let header_name = HeaderName::new_from_ascii(name.to_string())
            .map_err(|_| MailError::InvalidHeader { name: name.to_string(), reason: "not a valid header name".into() })?;
        // `HeaderValue::new` encodes non-ASCII values (RFC 2047); validation refused line breaks.
        builder = builder.raw_header(HeaderValue::new(header_name, value.to_string()));
    }
    let alternative = MultiPart::alternative_plain_html(mail.text.clone(), mail.html.clone());
    let body = if mail.attachments.is_empty() {
        alternative
    } else {
        let mut mixed = MultiPart::mixed().multipart(alternative);
        for attachment in &mail.attachments {
            let file: SinglePart = lettre::message::Attachment::new(attachment.file_name.clone()).body(attachment.content.clone(), attachment.content_type()?);
            mixed = mixed.singlepart(file);
        }
        mixed
    };
    builder.multipart(body).map_err(|err| MailError::Build(err.to_string()))
}

/// Returns the `Message-ID` for our id, in the sender's domain.
pub(crate) fn message_id(id: &str, from: &Address) -> String {
    format!("<{id}@{}>", from.domain())
}

/// Hands out mail ids `{millis:013}-{random:08x}` that sort by time: within one process the
/// millisecond part strictly increases, so mails sent in the same millisecond still list in order.
#[derive(Debug, Default)]
pub(crate) struct MailIds {
    last_millis: Mutex<u64>,
}

impl MailIds {
    /// Returns a fresh id and the time it was taken.
    pub(crate) fn next(&self) -> (String, OffsetDateTime) {
        let now = OffsetDateTime::now_utc();
        let now_millis = u64::try_from(now.unix_timestamp_nanos() / 1_000_000).unwrap_or(0);
        let millis = {
            // A poisoned lock only means another thread panicked between two plain integer writes.
            let mut last_millis = self.last_millis.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            *last_millis = now_millis.max(*last_millis + 1);
            *last_millis
        };
        (format!("{millis:013}-{:08x}", rand::random::<u32>()), now)
    }
}

/// Returns whether `id` has exactly the shape [`MailIds::next`] produces (no dots, no slashes).
pub(crate) fn is_mail_id(id: &str) -> bool {
    let bytes = id.as_bytes();
    bytes.len() == 22
        && bytes[..13].iter().all(u8::is_ascii_digit)
        && bytes[13] == b'-'
        && bytes[14..].iter().all(|byte| byte.is_ascii_digit() || (b'a'..=b'f').contains(byte))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attachments_and_reply_to_reach_the_message() {
        let from = Address::new("no-reply@it.wakat.pl").unwrap();
        let content = crate::MailContent { text: "t".into(), html: "<p>h</p>".into() };
        let mail = Mail::new(Address::new("jobs@acme.example").unwrap(), "Application", content, "application.delivery")
            .with_reply_to(Address::with_name("ala@example.pl", "Ala Kot").unwrap())
            .with_attachment(crate::Attachment::new("cv ala.pdf", "application/pdf", vec![0x25, 0x50, 0x44, 0x46, 0xe2, 0xe3, 0xcf, 0xd3]));
        let eml = String::from_utf8(build_message(&from, &mail, "<1@it.wakat.pl>", SystemTime::now()).unwrap().formatted()).unwrap();
        assert!(eml.contains("Reply-To: \"Ala Kot\" <ala@example.pl>") || eml.contains("Reply-To: Ala Kot <ala@example.pl>"), "{eml}");
        assert!(eml.contains("multipart/mixed") && eml.contains("multipart/alternative"), "{eml}");
        assert!(eml.contains("Content-Disposition: attachment; filename=\"cv ala.pdf\""), "{eml}");
        assert!(eml.contains("Content-Transfer-Encoding: base64") && eml.contains("JVBERuLjz9M="), "a binary file in base64: {eml}");
        let plain = Mail::new(Address::new("jobs@acme.example").unwrap(), "Hi", crate::MailContent { text: "t".into(), html: "h".into() }, "a.b");
        let plain = String::from_utf8(build_message(&from, &plain, "<2@it.wakat.pl>", SystemTime::now()).unwrap().formatted()).unwrap();
        assert!(!plain.contains("multipart/mixed") && !plain.contains("Reply-To"), "mails without files keep their shape");
    }

    #[test]
    fn ids_increase_and_have_one_shape() {
        let ids = MailIds::default();
        let taken: Vec<String> = (0..50).map(|_| ids.next().0).collect();
        assert!(taken.windows(2).all(|pair| pair[0] < pair[1]), "{taken:?}");
        assert!(taken.iter().all(|id| is_mail_id(id)));
        for bad in ["", "../etc/passwd", "0000000000000-0000000", "0000000000000-0000000g", "0000000000000_00000000", "../../../../../../../x"] {
            assert!(!is_mail_id(bad), "{bad:?}");
        }
    }
}
