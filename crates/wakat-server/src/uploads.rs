//! Receiving multipart bodies, for every feature that takes files (applications, CVs, later
//! logos): text fields read with a size bound, file fields streamed chunk by chunk into the
//! upload store under a policy (size checked on every chunk, type sniffed from the content), so
//! no body is ever held whole in memory.

use actix_multipart::{Field, Multipart};
use futures_util::StreamExt;
use wakat_uploads::{BlobStore, StoredBlob, UploadPolicy};

use crate::error::{upload_error, ApiError, ErrorCode, Result};

/// The longest file name kept (shown to people, never used as a path).
const MAX_FILE_NAME_CHARS: usize = 200;

/// A file received and stored.
#[derive(Debug, Clone)]
pub struct ReceivedFile {
    /// Where the bytes are.
    pub blob: StoredBlob,
    /// The name the uploader gave, cleaned (no directories, no control characters).
    pub file_name: String,
}

/// The next field of a multipart body, or `None` at its end.
pub async fn next_field(payload: &mut Multipart) -> Result<Option<Field>> {
    match payload.next().await {
        None => Ok(None),
        Some(Ok(field)) => Ok(Some(field)),
        Some(Err(error)) => Err(ApiError::new(ErrorCode::InvalidMultipart).with_message(format!("the multipart body is malformed: {error}"))),
    }
}

/// The field's name.
pub fn field_name(field: &Field) -> String {
    field.name().unwrap_or_default().to_string()
}

/// Reads a text field of at most `max_bytes` (more is a 400 on that field).
pub async fn read_text(field: &mut Field, max_bytes: usize) -> Result<String> {
    let name = field_name(field);
    let mut bytes = Vec::new();
    while let Some(chunk) = field.next().await {
        let chunk = chunk.map_err(|error| ApiError::new(ErrorCode::InvalidMultipart).with_message(format!("field '{name}': {error}")))?;
        if bytes.len() + chunk.len() > max_bytes {
            return Err(ApiError::new(ErrorCode::PayloadTooLarge)
                .with_message(format!("the field '{name}' may have at most {max_bytes} bytes"))
                .with_field(&name));
        }
        bytes.extend_from_slice(&chunk);
    }
    String::from_utf8(bytes)
        .map_err(|_| ApiError::new(ErrorCode::InvalidMultipart).with_message(format!("the field '{name}' is not UTF-8 text")).with_field(&name))
}

/// The uploader's file name without directories or control characters.
pub fn clean_file_name(raw: &str) -> String {
    let base = raw.rsplit(['/', '\\']).next().unwrap_or_default();
    base.chars().filter(|c| !c.is_control()).take(MAX_FILE_NAME_CHARS).collect::<String>().trim().to_string()
}

/// Streams a file field into the store. A field with neither a file name nor bytes (a form
/// submitted without choosing a file) is `None`. Errors name `field_label`.
pub async fn receive_file(field: &mut Field, blobs: &BlobStore, policy: &UploadPolicy<'_>, field_label: &str) -> Result<Option<ReceivedFile>> {
    let file_name = clean_file_name(field.content_disposition().and_then(|d| d.get_filename()).unwrap_or_default());
    let mut upload = blobs.begin(policy).map_err(|e| upload_error(e, field_label))?;
    while let Some(chunk) = field.next().await {
        let chunk = chunk.map_err(|error| ApiError::new(ErrorCode::InvalidMultipart).with_message(format!("field '{field_label}': {error}")))?;
        // Writes land in the page cache; only `finish` waits for the disk.
        upload.write_chunk(&chunk).map_err(|e| upload_error(e, field_label))?;
    }
    if upload.size() == 0 && file_name.is_empty() {
        return Ok(None);
    }
    let blob = actix_web::web::block(move || upload.finish()).await?.map_err(|e| upload_error(e, field_label))?;
    let file_name = if file_name.is_empty() { format!("file.{}", blob.kind.extension()) } else { file_name };
    Ok(Some(ReceivedFile { blob, file_name }))
}
