//! What a feature hands to the mailer, and the mailer trait.

use serde::{Deserialize, Serialize};

use crate::attachment::validate_attachments;
use crate::{Address, Attachment, MailContent, MailError};

/// The header that names the kind of mail (the [`Mail::tag`]) in every message, so tests and
/// the SMTP sink can find "the confirmation mail" without parsing subjects in two languages.
pub const TAG_HEADER: &str = "X-Wakat-Tag";

/// Headers the mailer writes itself; an extra header may not replace them.
const RESERVED_HEADERS: &[&str] = &[
    "from",
    "to",
    "cc",
    "bcc",
    "sender",
    "reply-to",
    "subject",
    "date",
    "message-id",
    "mime-version",
    "content-type",
    "content-transfer-encoding",
    "x-wakat-tag",
];

/// One mail to one recipient; the sender is the mailer's configured `From`. The queue, the outbox
/// and SMTP all carry this one type; what they store besides (a key hash, an id, a time) wraps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mail {
    /// The recipient.
    pub to: Address,
    /// The subject (one line).
    pub subject: String,
    /// The plain-text part.
    pub text: String,
    /// The HTML part.
    pub html: String,
    /// Extra headers such as `List-Unsubscribe`, in order.
    pub headers: Vec<(String, String)>,
    /// The kind of mail, such as `account.confirm`, for tests and the dev mailbox.
    pub tag: String,
    /// Where replies go instead of the sender (an application's applicant).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_to: Option<Address>,
    /// Files sent with the mail (absent in mails stored before attachments existed).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attachments: Vec<Attachment>,
}

impl Mail {
    /// Builds a mail from a rendered body, without extra headers.
    pub fn new(to: Address, subject: impl Into<String>, content: MailContent, tag: impl Into<String>) -> Mail {
        Mail {
            to,
            subject: subject.into(),
            text: content.text,
            html: content.html,
            headers: Vec::new(),
            tag: tag.into(),
            reply_to: None,
            attachments: Vec::new(),
        }
    }

    /// Adds an extra header (checked when the mail is sent).
    pub fn with_header(mut self, name: impl Into<String>, value: impl Into<String>) -> Mail {
        self.headers.push((name.into(), value.into()));
        self
    }

    /// Sends replies to `address` (the mailer's `From` stays the board's).
    pub fn with_reply_to(mut self, address: Address) -> Mail {
        self.reply_to = Some(address);
        self
    }

    /// Attaches a file (the size bound is checked when the mail is sent).
    pub fn with_attachment(mut self, attachment: Attachment) -> Mail {
        self.attachments.push(attachment);
        self
    }

    /// Adds one-click unsubscribe headers (RFC 8058) pointing to `url`, for mails sent in bulk.
    pub fn with_unsubscribe(self, url: &str) -> Mail {
        self.with_header("List-Unsubscribe", format!("<{url}>")).with_header("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")
    }

    /// Checks the subject, tag and extra headers; both mailers call it before anything is written.
    pub(crate) fn validate(&self) -> Result<(), MailError> {
        if self.subject.chars().any(char::is_control) {
            return Err(MailError::InvalidSubject("the subject contains a line break or control character".into()));
        }
        validate_tag(&self.tag)?;
        for (name, value) in &self.headers {
            validate_header(name, value)?;
        }
        validate_attachments(&self.attachments)
    }
}

fn validate_tag(tag: &str) -> Result<(), MailError> {
    let allowed = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '.' | '_' | '-');
    if tag.is_empty() || tag.len() > 64 || !tag.chars().all(allowed) {
        return Err(MailError::InvalidTag(tag.to_string()));
    }
    Ok(())
}

fn validate_header(name: &str, value: &str) -> Result<(), MailError> {
    let invalid = |reason: &str| Err(MailError::InvalidHeader { name: name.to_string(), reason: reason.to_string() });
    // RFC 5322 field names are printable US-ASCII without ':'.
    if name.is_empty() || !name.bytes().all(|byte| (33..=126).contains(&byte) && byte != b':') {
        return invalid("a header name is printable ASCII without ':'");
    }
    if RESERVED_HEADERS.contains(&name.to_ascii_lowercase().as_str()) {
        return invalid("the mailer writes this header itself");
    }
    // A line break in a value would start a new header (header injection).
    if value.chars().any(|c| c.is_control() && c != '\t') {
        return invalid("the value contains a line break or control character");
    }
    Ok(())
}

/// What a mailer answers once it has accepted a mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SentMail {
    /// Our id, sortable by time (the outbox file name without `.json`).
    pub id: String,
    /// The `Message-ID` header of the message, with its angle brackets.
    pub message_id: String,
}

/// Sends mails; synchronous, so async callers run it on a blocking thread.
pub trait Mailer: Send + Sync {
    /// Sends (or stores) one mail; once it returns `Ok`, the mail is not lost by a crash.
    fn send(&self, mail: &Mail) -> Result<SentMail, MailError>;

    /// Sends one mail, calling `commit` at the last moment before the receiver may deliver it:
    /// a caller records "sent" there, durably, so a crash either comes before the mail can be
    /// delivered or after the record is on disk. `commit` runs at most once; when it fails the
    /// mail is still handed over (the caller must record it again). An error after `commit` ran
    /// means the receiver refused or may not have taken the mail: the caller undoes its record.
    ///
    /// The default sends, then commits (a crash in between repeats the mail); the SMTP mailer
    /// commits between the message's content and the final "." of DATA (see [`crate::SmtpMailer`]).
    fn send_committed(&self, mail: &Mail, commit: &mut dyn FnMut() -> Result<(), MailError>) -> Result<SentMail, MailError> {
        let sent = self.send(mail)?;
        // The mail is out: a failed commit is the caller's to redo, not a failed send.
        let _ = commit();
        Ok(sent)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mail() -> Mail {
        let content = MailContent { text: "text".into(), html: "<p>html</p>".into() };
        Mail::new(Address::new("ala@example.com").unwrap(), "Hello", content, "account.confirm")
    }

    #[test]
    fn a_plain_mail_is_valid() {
        mail().with_unsubscribe("https://it.wakat.pl/alerts/off?t=1").validate().unwrap();
    }

    #[test]
    fn headers_cannot_inject_or_replace() {
        let injected = mail().with_header("List-Id", "x\r\nBcc: victim@example.com");
        assert!(matches!(injected.validate(), Err(MailError::InvalidHeader { .. })));
        assert!(mail().with_header("bcc", "victim@example.com").validate().is_err());
        assert!(mail().with_header("X-Wakat-Tag", "other").validate().is_err());
        assert!(mail().with_header("Reply-To", "victim@example.com").validate().is_err(), "replies go through `with_reply_to`");
        assert!(mail().with_header("Bad Name", "x").validate().is_err());
        assert!(mail().with_header("Bad:Name", "x").validate().is_err());
    }

    #[test]
    fn attachments_are_bounded_and_named_safely() {
        let pdf = |name: &str, size: usize| Attachment::new(name, "application/pdf", vec![b'%'; size]);
        mail().with_attachment(pdf("cv.pdf", 1000)).validate().unwrap();
        let too_large =
            mail().with_attachment(pdf("a.pdf", crate::MAX_ATTACHMENT_BYTES / 2)).with_attachment(pdf("b.pdf", crate::MAX_ATTACHMENT_BYTES / 2 + 1));
        assert!(matches!(too_large.validate(), Err(MailError::InvalidAttachment(_))), "the bound counts every file");
        for bad_name in ["", "cv\r\nBcc: x.pdf", "../cv.pdf"] {
            assert!(mail().with_attachment(pdf(bad_name, 10)).validate().is_err(), "{bad_name:?}");
        }
        assert!(mail().with_attachment(Attachment::new("cv.pdf", "not a type", vec![1])).validate().is_err());
    }

    #[test]
    fn subjects_and_tags_are_checked() {
        let mut with_line_break = mail();
        with_line_break.subject = "Hi\r\nBcc: victim@example.com".into();
        assert!(matches!(with_line_break.validate(), Err(MailError::InvalidSubject(_))));
        for bad_tag in ["", "Account.Confirm", "a b", "x/y"] {
            let mut tagged = mail();
            tagged.tag = bad_tag.into();
            assert!(matches!(tagged.validate(), Err(MailError::InvalidTag(_))), "{bad_tag:?}");
        }
    }
}
