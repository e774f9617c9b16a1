//! One upload in progress: chunks streamed to a temporary file, checked as they come.

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::Arc;

use sha2::{Digest, Sha256};

use crate::files::{remove_if_present, BlobFiles};
use crate::kind::{Sniffed, SNIFF_BYTES, ZIP_MIME_TYPE};
use crate::{BlobHash, FileKind, UploadError};

/// What an upload may be: at most `max_bytes`, and one of the `allowed` kinds.
#[derive(Debug, Clone, Copy)]
pub struct UploadPolicy<'a> {
    /// The largest accepted size in bytes (exactly this many is accepted).
    pub max_bytes: u64,
    /// The kinds accepted, recognised from the content.
    pub allowed: &'a [FileKind],
}

/// A file stored by its content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredBlob {
    /// The SHA-256 of the content, the blob's name.
    pub hash: BlobHash,
    /// The size in bytes.
    pub size: u64,
    /// The kind recognised from the content.
    pub kind: FileKind,
}

/// An upload being written: [`Upload::write_chunk`] for each chunk, then [`Upload::finish`].
///
/// Nothing is held in memory but the first bytes (for sniffing): chunks go straight to a
/// temporary file in `blobs/tmp/`. A chunk that goes over the limit fails at once and discards
/// the upload; an upload dropped before it is finished removes its temporary file.
#[derive(Debug)]
pub struct Upload {
    /// The blob directory the upload finishes into (the store's own, shared).
    files: Arc<BlobFiles>,
    temp_path: PathBuf,
    /// `None` once the upload is finished or discarded.
    file: Option<BufWriter<File>>,
    hasher: Sha256,
    size: u64,
    head: Vec<u8>,
    max_bytes: u64,
    allowed: Vec<FileKind>,
}

impl Upload {
    pub(crate) fn begin(files: Arc<BlobFiles>, policy: &UploadPolicy<'_>) -> Result<Upload, UploadError> {
        let temp_path = files.temp_dir().join(format!("upload-{:016x}", rand::random::<u64>()));
        let file = OpenOptions::new()
            // Read too: a ZIP's directory is read back to tell a DOCX.
            .read(true)
            .write(true)
            .create_new(true)
            .open(&temp_path)
            .map_err(|err| UploadError::io(format!("cannot create {}", temp_path.display()), err))?;
        Ok(Upload {
            files,
            temp_path,
            file: Some(BufWriter::with_capacity(64 * 1024, file)),
            hasher: Sha256::new(),
            size: 0,
            head: Vec::new(),
            max_bytes: policy.max_bytes,
            allowed: policy.allowed.to_vec(),
        })
    }

    /// Returns how many bytes were written so far.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// Appends a chunk; over the limit, fails with [`UploadError::TooLarge`] and keeps nothing.
    pub fn write_chunk(&mut self, chunk: &[u8]) -> Result<(), UploadError> {
        let Some(file) = self.file.as_mut() else { return Err(UploadError::Discarded) };
        let new_size = self.size.saturating_add(chunk.len() as u64);
        if new_size > self.max_bytes {
            self.discard();
            return Err(UploadError::TooLarge { max_bytes: self.max_bytes });
        }
        if let Err(err) = file.write_all(chunk) {
            self.discard();
            return Err(UploadError::io("cannot write an upload", err));
        }
        self.hasher.update(chunk);
        let head_missing = SNIFF_BYTES.saturating_sub(self.head.len()).min(chunk.len());
        self.head.extend_from_slice(&chunk[..head_missing]);
        self.size = new_size;
        Ok(())
    }

    /// Checks the content's kind, then stores the file durably under its hash.
    ///
    /// The kind comes from the bytes only: an executable or a text file named `cv.pdf` is
    /// [`UploadError::TypeNotAllowed`]. Attach the blob to its owner next
    /// ([`BlobStore::attach`](crate::BlobStore::attach)); until then a sweep leaves it alone for the sweep's grace time.
    pub fn finish(mut self) -> Result<StoredBlob, UploadError> {
        let Some(writer) = self.file.take() else { return Err(UploadError::Discarded) };
        if self.size == 0 {
            return Err(UploadError::Empty);
        }
        let mut file = writer.into_inner().map_err(|err| UploadError::io("cannot write an upload", err.into_error()))?;
        let sniffed = match FileKind::sniff(&self.head) {
            Sniffed::Other(mime_type) if mime_type == ZIP_MIME_TYPE && self.allowed.contains(&FileKind::Docx) => {
                if FileKind::is_word_package(&mut file) {
                    Sniffed::Known(FileKind::Docx)
                } else {
                    Sniffed::Other(mime_type)
                }
            }
            sniffed => sniffed,
        };
        let kind = match sniffed {
            Sniffed::Known(kind) if self.allowed.contains(&kind) => kind,
            Sniffed::Known(kind) => return Err(UploadError::TypeNotAllowed { detected: Some(kind.mime_type().to_string()) }),
            Sniffed::Other(mime_type) => return Err(UploadError::TypeNotAllowed { detected: Some(mime_type) }),
            Sniffed::Unknown => return Err(UploadError::TypeNotAllowed { detected: None }),
        };
        // The content must be on disk before its name is: a crash after the rename must not
        // leave a blob with a valid name and missing bytes.
        file.sync_all().map_err(|err| UploadError::io("cannot sync an upload", err))?;
        drop(file);
        let hash = BlobHash::finish(std::mem::take(&mut self.hasher));
        self.files.install(&self.temp_path, &hash)?;
        tracing::debug!(hash = %hash, size = self.size, kind = %kind, "blob stored");
        Ok(StoredBlob { hash, size: self.size, kind })
    }

    fn discard(&mut self) {
        self.file = None;
        if let Err(err) = remove_if_present(&self.temp_path) {
            tracing::warn!(error = %err, "cannot remove a discarded upload");
        }
    }
}

impl Drop for Upload {
    fn drop(&mut self) {
        // After `finish` the temporary file was renamed or removed, so this removes nothing.
        self.discard();
    }
}
