//! The one error type of uploads: what the uploader did wrong, apart from what failed inside.

use wakat_store::StoreError;

/// Why an upload, a reference or a download failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum UploadError {
    /// The upload went over the policy's limit; nothing of it was kept.
    #[error("the file is larger than {max_bytes} bytes")]
    TooLarge {
        /// The limit of the policy.
        max_bytes: u64,
    },
    /// The content is not one of the allowed kinds (sniffed from the bytes, never the name).
    #[error("this type of file is not allowed (detected: {})", detected.as_deref().unwrap_or("unknown"))]
    TypeNotAllowed {
        /// The MIME type recognised in the content, if any.
        detected: Option<String>,
    },
    /// The upload had no bytes at all.
    #[error("the file is empty")]
    Empty,
    /// The upload already failed (too large, or a write error) and was discarded.
    #[error("the upload already failed and was discarded")]
    Discarded,
    /// A string is not a blob hash (64 lowercase hex digits).
    #[error("invalid blob hash `{0}`")]
    InvalidHash(String),
    /// An owner key is empty, too long or contains control characters.
    #[error("invalid owner key `{0}`")]
    InvalidOwner(String),
    /// No blob with this hash is stored.
    #[error("no blob {hash}")]
    NotFound {
        /// The hash asked for.
        hash: String,
    },
    /// The reference store failed.
    #[error("blob references: {0}")]
    Store(#[from] StoreError),
    /// Reading or writing blob files failed.
    #[error("{context}: {source}")]
    Io {
        /// What was being done.
        context: String,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
}

impl UploadError {
    /// Returns whether the error is the uploader's (a 4xx), not a fault of the board (a 5xx).
    pub fn is_user_error(&self) -> bool {
        matches!(
            self,
            UploadError::TooLarge { .. }
                | UploadError::TypeNotAllowed { .. }
                | UploadError::Empty
                | UploadError::Discarded
                | UploadError::InvalidHash(_)
                | UploadError::InvalidOwner(_)
                | UploadError::NotFound { .. }
        )
    }

    pub(crate) fn io(context: impl Into<String>, source: std::io::Error) -> UploadError {
        UploadError::Io { context: context.into(), source }
    }
}
