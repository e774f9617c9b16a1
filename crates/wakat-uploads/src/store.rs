//! The blob store: the references that keep blobs alive, and attaching, detaching, opening and
//! sweeping the files of the blob directory (`files`).

use std::fs::File;
use std::io::ErrorKind;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use wakat_store::KvStore;

use crate::files::{list_dir, modified_before, remove_if_present, BlobFiles};
use crate::upload::{Upload, UploadPolicy};
use crate::{BlobHash, UploadError};

/// Prefix of the reference records `blobref/{hash}/{owner}`.
const REF_PREFIX: &str = "blobref/";
/// The longest owner key accepted.
const MAX_OWNER_BYTES: usize = 512;

/// What [`BlobStore::detach`] did with the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Detached {
    /// The file stays: other owners still reference it, or it was just uploaded again.
    FileKept,
    /// That was the last reference: the file is deleted.
    FileDeleted,
}

/// What [`BlobStore::sweep_orphans`] removed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SweepReport {
    /// Blob files without any reference that were deleted.
    pub blobs_deleted: usize,
    /// Temporary files of abandoned uploads that were deleted.
    pub temp_files_deleted: usize,
}

/// Every uploaded file, stored once per content under `{data_dir}/blobs/ab/abcdef…`.
///
/// Cheap to clone (shared state); use one per data directory in a process, as its lock is what
/// keeps uploads, references and deletions of one hash from racing.
#[derive(Clone)]
pub struct BlobStore {
    inner: Arc<Inner>,
}

struct Inner {
    /// Shared with the uploads in progress, which finish into it.
    files: Arc<BlobFiles>,
    kv: Arc<dyn KvStore>,
}

impl std::fmt::Debug for BlobStore {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.debug_struct("BlobStore").field("root", &self.inner.files.root()).finish_non_exhaustive()
    }
}

impl BlobStore {
    /// Opens (creating when missing) `{data_dir}/blobs`, with references kept in `kv`.
    pub fn new(data_dir: &Path, kv: Arc<dyn KvStore>) -> Result<BlobStore, UploadError> {
        let files = Arc::new(BlobFiles::open(data_dir)?);
        Ok(BlobStore { inner: Arc::new(Inner { files, kv }) })
    }

    /// Starts a streaming upload under `policy`; see [`Upload`].
    pub fn begin(&self, policy: &UploadPolicy<'_>) -> Result<Upload, UploadError> {
        Upload::begin(Arc::clone(&self.inner.files), policy)
    }

    /// Returns whether a blob with this hash is stored.
    pub fn exists(&self, hash: &BlobHash) -> bool {
        self.inner.files.blob_path(hash).is_file()
    }

    /// Opens a stored blob for reading (a download).
    pub fn open(&self, hash: &BlobHash) -> Result<File, UploadError> {
        File::open(self.inner.files.blob_path(hash)).map_err(|err| match err.kind() {
            ErrorKind::NotFound => UploadError::NotFound { hash: hash.to_string() },
            _ => UploadError::io(format!("cannot open blob {hash}"), err),
        })
    }

    /// Reads a stored blob whole (a CV to download or attach: at most the upload limit).
    pub fn read(&self, hash: &BlobHash) -> Result<Vec<u8>, UploadError> {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut self.open(hash)?, &mut bytes).map_err(|err| UploadError::io(format!("cannot read blob {hash}"), err))?;
        Ok(bytes)
    }

    /// Records that `owner` (an opaque key such as `it/candidate/123/cv/1`) uses the blob.
    ///
    /// Attaching twice is harmless. The blob must exist: a reference never points at nothing.
    pub fn attach(&self, hash: &BlobHash, owner: &str) -> Result<(), UploadError> {
        validate_owner(owner)?;
        let mut pending = self.inner.files.lock_pending();
        if !self.exists(hash) {
            return Err(UploadError::NotFound { hash: hash.to_string() });
        }
        let attached_at = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |since_epoch| since_epoch.as_secs());
        self.inner.kv.put(&ref_key(hash, owner), &attached_at.to_be_bytes())?;
        self.inner.kv.flush()?;
        pending.remove(hash);
        Ok(())
    }

    /// Removes `owner`'s reference; the file is deleted with the last reference.
    pub fn detach(&self, hash: &BlobHash, owner: &str) -> Result<Detached, UploadError> {
        validate_owner(owner)?;
        let pending = self.inner.files.lock_pending();
        self.inner.kv.delete(&ref_key(hash, owner))?;
        // The reference is gone for good before the file goes: a crash in between leaves an
        // orphan file for the sweep, never a reference to a missing file.
        self.inner.kv.flush()?;
        if pending.contains_key(hash) || self.is_referenced(hash)? {
            return Ok(Detached::FileKept);
        }
        self.inner.files.delete_blob(hash)?;
        Ok(Detached::FileDeleted)
    }

    /// Returns the owners referencing the blob, in key order.
    pub fn owners(&self, hash: &BlobHash) -> Result<Vec<String>, UploadError> {
        let prefix = ref_prefix(hash);
        let mut owners = Vec::new();
        for entry in self.inner.kv.scan_prefix(&prefix) {
            let (key, _) = entry?;
            owners.push(String::from_utf8_lossy(&key[prefix.len()..]).into_owned());
        }
        Ok(owners)
    }

    /// Deletes blobs without references and abandoned temporary files, both last modified more
    /// than `older_than` ago (a blob uploaded but not attached yet is younger than that).
    pub fn sweep_orphans(&self, older_than: Duration) -> Result<SweepReport, UploadError> {
        let mut report = SweepReport::default();
        let cutoff = SystemTime::now().checked_sub(older_than).unwrap_or(UNIX_EPOCH);
        for temp_path in list_dir(self.inner.files.temp_dir())? {
            if modified_before(&temp_path, cutoff)? && remove_if_present(&temp_path)? {
                report.temp_files_deleted += 1;
            }
        }
        for fan_out_dir in list_dir(self.inner.files.root())? {
            if fan_out_dir == self.inner.files.temp_dir() || !fan_out_dir.is_dir() {
                continue;
            }
            for blob_path in list_dir(&fan_out_dir)? {
                // Only files named by their hash are blobs; anything else is left alone.
                let Some(hash) = blob_path.file_name().and_then(|name| name.to_str()).and_then(|name| BlobHash::parse(name).ok()) else {
                    continue;
                };
                if !modified_before(&blob_path, cutoff)? {
                    continue;
                }
                let mut pending = self.inner.files.lock_pending();
                if pending.get(&hash).is_some_and(|finished_at| finished_at.elapsed() < older_than) || self.is_referenced(&hash)? {
                    continue;
                }
                pending.remove(&hash);
                if self.inner.files.delete_blob(&hash)? {
                    report.blobs_deleted += 1;
                }
            }
        }
        if report != SweepReport::default() {
            tracing::info!(blobs_deleted = report.blobs_deleted, temp_files_deleted = report.temp_files_deleted, "orphan blobs swept");
        }
        Ok(report)
    }

    fn is_referenced(&self, hash: &BlobHash) -> Result<bool, UploadError> {
        Ok(self.inner.kv.scan_prefix(&ref_prefix(hash)).next().transpose()?.is_some())
    }
}

fn ref_prefix(hash: &BlobHash) -> Vec<u8> {
    format!("{REF_PREFIX}{hash}/").into_bytes()
}

fn ref_key(hash: &BlobHash, owner: &str) -> Vec<u8> {
    format!("{REF_PREFIX}{hash}/{owner}").into_bytes()
}

/// Owner keys are opaque, but must be usable as the tail of a store key and in logs.
fn validate_owner(owner: &str) -> Result<(), UploadError> {
    if owner.is_empty() || owner.len() > MAX_OWNER_BYTES || owner.chars().any(char::is_control) {
        return Err(UploadError::InvalidOwner(owner.to_string()));
    }
    Ok(())
}
