//! Receiving multipart bodies, for every feature that takes files (applications, CVs, later
//! logos): text fields read with a size bound, file fields streamed chunk by chunk into the
//! upload store under a policy (size checked on every chunk, type sniffed from the content), so
//! no body is ever held whole in memory.

use actix_multipart::{Field, Multipart};
use futures_util::StreamExt;
use wakat_core::apply::MAX_ATTACHMENT_BYTES;
use wakat_core::offer_form::{LOGO_MAX_BYTES, LOGO_MIN_BYTES};
use wakat_core::FieldError;
use wakat_uploads::{BlobStore, FileKind, StoredBlob, UploadError, UploadPolicy};

use crate::error::{upload_error, ApiError, ErrorCode, Result};

/// What an application attachment or a candidate's CV may be (spec: pdf, docx, jpeg, png;
/// 5,000,000 bytes).
pub const ATTACHMENT_POLICY: UploadPolicy<'static> =
    UploadPolicy { max_bytes: MAX_ATTACHMENT_BYTES, allowed: &[FileKind::Pdf, FileKind::Docx, FileKind::Jpeg, FileKind::Png] };

/// The longest file name kept (shown to people, never used as a path).
const MAX_FILE_NAME_CHARS: usize = 200;

/// A file received and stored.
#[derive(Debug, Clone)]
pub struct ReceivedFile {
    /// Where the bytes are.
    pub blob: StoredBlob,
    /// The name the uploader gave, cleaned (no directories, no control or bidirectional characters).
    pub file_name: String,
}

impl From<ReceivedFile> for wakat_app::candidates::UploadedFile {
    fn from(file: ReceivedFile) -> wakat_app::candidates::UploadedFile {
        wakat_app::candidates::UploadedFile { blob: file.blob, file_name: file.file_name }
    }
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

/// The uploader's file name without directories, control or bidirectional characters (a
/// right-to-left override would show `cv\u{202E}fdp.exe` as "cvexe.pdf").
pub fn clean_file_name(raw: &str) -> String {
    wakat_uploads::clean_file_name(raw, MAX_FILE_NAME_CHARS)
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

fn image_error(error: UploadError, field: &str) -> ApiError {
    let (code, message) = match error {
        UploadError::TooLarge { .. } => (ErrorCode::LogoTooLarge, "the image may have at most 5 MB".to_string()),
        UploadError::TypeNotAllowed { detected } => {
            (ErrorCode::LogoWrongFormat, format!("the image must be a JPEG or PNG (this one is {})", detected.as_deref().unwrap_or("unknown")))
        }
        UploadError::Empty => (ErrorCode::LogoEmpty, "the image file is empty".to_string()),
        other => return ApiError::internal(&other),
    };
    FieldError::new(field, code, message).into()
}

/// Streams an image field (a logo, a brand story's photos) into the store, checked as the offer
/// form checks its logo: JPEG or PNG by content, 100 B to 5 MB. Errors name `field_label` with
/// the logo's keys (`logo_wrong_format`, `logo_too_large`, `logo_empty`, `logo_too_small`).
pub async fn receive_image(blobs: &BlobStore, field: &mut Field, field_label: &str) -> Result<StoredBlob> {
    let policy = UploadPolicy { max_bytes: LOGO_MAX_BYTES, allowed: &[FileKind::Jpeg, FileKind::Png] };
    let mut upload = blobs.begin(&policy).map_err(|e| image_error(e, field_label))?;
    while let Some(chunk) = field.next().await {
        let chunk = chunk.map_err(|error| ApiError::new(ErrorCode::InvalidMultipart).with_message(format!("{field_label}: {error}")))?;
        upload.write_chunk(&chunk).map_err(|e| image_error(e, field_label))?;
    }
    if upload.size() > 0 && upload.size() < LOGO_MIN_BYTES {
        return Err(FieldError::new(field_label, ErrorCode::LogoTooSmall, format!("the image must have at least {LOGO_MIN_BYTES} bytes")).into());
    }
    let label = field_label.to_string();
    actix_web::web::block(move || upload.finish()).await?.map_err(|e| image_error(e, &label))
}
