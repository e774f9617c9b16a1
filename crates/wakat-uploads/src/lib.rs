//! Every uploaded file of the board in one place: CVs, and later photos and logos.
//!
//! # Design
//!
//! - **Content-addressed.** A file is stored once under the SHA-256 of its bytes,
//!   `{data_dir}/blobs/ab/abcdef…` (the first two hex digits fan the files out over 256
//!   directories). Two candidates who upload the same CV share one file.
//! - **Streamed, never buffered.** [`BlobStore::begin`] opens an [`Upload`]; each
//!   [`Upload::write_chunk`] goes to a temporary file in `blobs/tmp/` and is checked against the
//!   [`UploadPolicy`]'s limit at once, so an oversized upload stops at the chunk that crosses the
//!   limit. Only the first 64 KiB are kept in memory, for sniffing.
//! - **The content decides the type.** [`Upload::finish`] recognises the [`FileKind`] from the
//!   bytes with `infer`, never from a file name or a client's `Content-Type`: an executable or a
//!   text file named `cv.pdf` is refused.
//! - **Durable before acknowledged.** The temporary file is fsynced, renamed to its hash and the
//!   directory fsynced before `finish` returns; reference records are flushed before `attach`
//!   and `detach` return.
//! - **References make deletion safe.** With content addressing a file may belong to several
//!   owners, so each use is a reference record `blobref/{hash}/{owner}` in a [`KvStore`]
//!   (`owner` is an opaque key chosen by the caller, such as `it/candidate/123/cv/1`).
//!   [`BlobStore::detach`] deletes the file with its last reference. The HTTP layer and the
//!   owners' own records (which keep the [`StoredBlob`]) live elsewhere: this crate knows
//!   nothing of HTTP but the value of a download's `Content-Disposition`.
//! - **Names are hostile too.** A stored name is cleaned of control and bidirectional
//!   characters, and every download is named by [`content_disposition`]: its extension follows
//!   the recognised kind, so a PDF/HTML polyglot named `cv.html` is saved as `cv.pdf`.
//!
//! # Crashes and orphans
//!
//! The file system and the reference store cannot change in one transaction, so the order of
//! writes guarantees that **a reference never points at a missing file**: a file is durable
//! before it can be attached, and a reference is durably gone before its file is deleted. What a
//! crash can leave is the opposite, a file without references: uploaded but never attached (the
//! process died between `finish` and `attach`, or the caller gave up), or detached but not yet
//! deleted. Temporary files of interrupted uploads are left too. [`BlobStore::sweep_orphans`]
//! deletes both once they are older than a grace time (say a day: longer than any upload takes
//! between `finish` and `attach`); run it at start-up and then periodically.
//!
//! In a running process, one lock orders finishing, attaching, detaching and sweeping: an
//! upload that lands on an existing file marks the hash pending until it is attached, so a
//! concurrent `detach` of the file's last other owner keeps the file.
//!
//! # Example
//!
//! ```
//! use std::sync::Arc;
//! use wakat_store::MemoryStore;
//! use wakat_uploads::{BlobStore, Detached, FileKind, UploadPolicy};
//!
//! let data_dir = tempfile::tempdir()?;
//! let blob_store = BlobStore::new(data_dir.path(), Arc::new(MemoryStore::new()))?;
//! let policy = UploadPolicy { max_bytes: 5_000_000, allowed: &[FileKind::Pdf, FileKind::Docx] };
//! let mut upload = blob_store.begin(&policy)?;
//! upload.write_chunk(b"%PDF-1.4\n")?;
//! upload.write_chunk(b"%%EOF\n")?;
//! let stored = upload.finish()?;
//! assert_eq!(stored.kind, FileKind::Pdf);
//! blob_store.attach(&stored.hash, "it/candidate/123/cv/1")?;
//! assert_eq!(blob_store.detach(&stored.hash, "it/candidate/123/cv/1")?, Detached::FileDeleted);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`KvStore`]: wakat_store::KvStore
#![warn(missing_docs)]

mod download_name;
mod error;
mod files;
mod hash;
mod kind;
mod store;
mod upload;

pub use download_name::{clean_file_name, content_disposition, content_disposition_of, download_name, download_name_of, is_unsafe_char};
pub use error::UploadError;
pub use hash::BlobHash;
pub use kind::FileKind;
pub use store::{BlobStore, Detached, SweepReport};
pub use upload::{StoredBlob, Upload, UploadPolicy};
