//! Files sent with a mail (an application's CV): kept in the mail itself, so the queue, the
//! outbox and SMTP carry them without reading anything back from elsewhere when they send.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::MailError;

/// The most bytes all attachments of one mail may have together. Most receiving servers refuse
/// messages over 10-25 MB, and base64 adds a third: 10 MB of files stay under the usual limits.
/// Callers that may exceed it send a link instead.
pub const MAX_ATTACHMENT_BYTES: usize = 10_000_000;

/// One file attached to a mail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Attachment {
    /// The file name the receiver sees (no line breaks, no path).
    pub file_name: String,
    /// Its MIME type, such as `application/pdf`.
    pub mime: String,
    /// The bytes, base64 in the stored JSON (the queue and the outbox file).
    #[serde(serialize_with = "to_base64", deserialize_with = "from_base64")]
    pub content: Vec<u8>,
}

impl Attachment {
    /// A file to attach.
    pub fn new(file_name: impl Into<String>, mime: impl Into<String>, content: Vec<u8>) -> Attachment {
        Attachment { file_name: file_name.into(), mime: mime.into(), content }
    }

    /// The content type lettre writes (checked by [`validate_attachments`]).
    pub(crate) fn content_type(&self) -> Result<lettre::message::header::ContentType, MailError> {
        lettre::message::header::ContentType::parse(&self.mime).map_err(|_| MailError::InvalidAttachment(format!("`{}` is not a MIME type", self.mime)))
    }
}

/// Checks every attachment's name and type and their total size against [`MAX_ATTACHMENT_BYTES`].
pub(crate) fn validate_attachments(attachments: &[Attachment]) -> Result<(), MailError> {
    let total: usize = attachments.iter().map(|attachment| attachment.content.len()).sum();
    if total > MAX_ATTACHMENT_BYTES {
        return Err(MailError::InvalidAttachment(format!("{total} bytes of attachments, at most {MAX_ATTACHMENT_BYTES}")));
    }
    for attachment in attachments {
        let name = &attachment.file_name;
        // A line break would start a new MIME header; a slash names a path on the receiver's side.
        if name.trim().is_empty() || name.chars().any(|c| c.is_control() || c == '/' || c == '\\') {
            return Err(MailError::InvalidAttachment(format!("bad file name {name:?}")));
        }
        attachment.content_type()?;
    }
    Ok(())
}

fn to_base64<S: Serializer>(bytes: &[u8], serializer: S) -> Result<S::Ok, S::Error> {
    use base64::Engine as _;
    serializer.serialize_str(&base64::engine::general_purpose::STANDARD.encode(bytes))
}

fn from_base64<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u8>, D::Error> {
    use base64::Engine as _;
    let text = String::deserialize(deserializer)?;
    base64::engine::general_purpose::STANDARD.decode(text).map_err(serde::de::Error::custom)
}
