//! The RFC 5322 message both mailers send or store, and the ids they give it.

use std::sync::Mutex;
use std::time::SystemTime;

use lettre::message::header::{HeaderName, HeaderValue};
use lettre::message::MultiPart;
use lettre::Message;
use time::OffsetDateTime;

use crate::{Address, Mail, MailError, TAG_HEADER};

/// Builds the multipart/alternative message (text, then HTML) with every extra header.
pub(crate) fn build_message(from: &Address, mail: &Mail, message_id: &str, date: SystemTime) -> Result<Message, MailError> {
    mail.validate()?;
    let mut builder =
        Message::builder().from(from.mailbox()?).to(mail.to.mailbox()?).subject(mail.subject.clone()).message_id(Some(message_id.to_string())).date(date);
    let tag_header = std::iter::once((TAG_HEADER, mail.tag.as_str()));
    for (name, value) in tag_header.chain(mail.headers.iter().map(|(name, value)| (name.as_str(), value.as_str()))) {
        let header_name = HeaderName::new_from_ascii(name.to_string())
            .map_err(|_| MailError::InvalidHeader { name: name.to_string(), reason: "not a valid header name".into() })?;
        // `HeaderValue::new` encodes non-ASCII values (RFC 2047); validation refused line breaks.
        builder = builder.raw_header(HeaderValue::new(header_name, value.to_string()));
    }
    builder.multipart(MultiPart::alternative_plain_html(mail.text.clone(), mail.html.clone())).map_err(|err| MailError::Build(err.to_string()))
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
