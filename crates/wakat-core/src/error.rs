//! The error every domain check returns (which field, a stable code and an explanation), and the
//! one table of the API's error codes it draws its code from.

mod codes;

pub use codes::ErrorCode;

/// A value that cannot be used, with the field it came from.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct FieldError {
    /// Field or parameter name as the caller wrote it (without `[]`).
    pub field: String,
    /// Stable machine-readable code.
    pub code: ErrorCode,
    /// Human-readable explanation.
    pub message: String,
}

impl FieldError {
    /// Builds an error.
    pub fn new(field: &str, code: ErrorCode, message: impl Into<String>) -> FieldError {
        FieldError { field: field.to_string(), code, message: message.into() }
    }
}
