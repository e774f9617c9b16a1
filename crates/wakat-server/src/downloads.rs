//! The `Content-Disposition` of every download the API answers (candidates' CVs, the CVs of
//! applications in the employer panel, the data export, statistics as CSV). One place, so every
//! name is cleaned the same way and its extension always follows what the content is
//! ([`wakat_uploads::content_disposition`]).

use actix_web::http::header::CONTENT_DISPOSITION;

/// The header of a stored file's download: `file_name` as uploaded, `mime` the type its content
/// was recognised as when stored. A type the board no longer knows is saved as `.bin`, never
/// under the uploader's extension.
pub fn attachment(file_name: &str, mime: &str) -> (actix_web::http::header::HeaderName, String) {
    let value = match wakat_uploads::FileKind::from_mime_type(mime) {
        Some(kind) => wakat_uploads::content_disposition_of(file_name, kind),
        None => wakat_uploads::content_disposition(file_name, &["bin"]),
    };
    (CONTENT_DISPOSITION, value)
}

/// The header of a file the API writes itself (`extension`: what it writes, such as `csv`).
pub fn attachment_named(file_name: &str, extension: &str) -> (actix_web::http::header::HeaderName, String) {
    (CONTENT_DISPOSITION, wakat_uploads::content_disposition(file_name, &[extension]))
}
