//! Wakat ingestion: the deterministic offer generator, importers of exported offer files, and the
//! shapes of the generator's dictionaries (their loaders are in `wakat-engine`).
//!
//! Design decision: ingestion only produces validated [`wakat_core::Offer`] values; it never
//! touches the store or the index, so the CLI and the server decide where offers go.
#![warn(missing_docs)]

pub mod dictionaries;
pub mod generate;
pub mod import;

use std::path::PathBuf;

/// Errors of ingestion as a whole (a malformed record is not an error: it is reported and skipped).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum IngestError {
    /// A file could not be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A file is not in any format it should be in.
    #[error("{path} is not valid: {reason}")]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
}
