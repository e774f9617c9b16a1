//! The blob directory and the references that keep its files alive.

use std::collections::HashMap;
use std::fs::{self, File};
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use wakat_store::KvStore;

use crate::upload::Upload;
use crate::{BlobHash, FileKind, UploadError};

/// Prefix of the reference records `blobref/{hash}/{owner}`.
const REF_PREFIX: &str = "blobref/";
/// The longest owner key accepted.
const MAX_OWNER_BYTES: usize = 512;

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
    root: PathBuf,
    temp_dir: PathBuf,
    kv: Arc<dyn KvStore>,
    /// Blobs finished but not attached yet, with when they were finished. The lock around it is
    /// also held by every rename, attach and deletion, so a blob that an upload has just landed
    /// on (maybe an identical file that was already there) is not deleted before its owner
    /// attaches it.
    pending: Mutex<HashMap<BlobHash, Instant>>,
}

impl std::fmt::Debug for BlobStore {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.debug_struct("BlobStore").field("root", &self.inner.root).finish_non_exhaustive()
    }
}

impl BlobStore {
    /// Opens (creating when missing) `{data_dir}/blobs`, with references kept in `kv`.
    pub fn new(data_dir: &Path, kv: Arc<dyn KvStore>) -> Result<BlobStore, UploadError> {
        let root = data_dir.join("blobs");
        let temp_dir = root.join("tmp");
        fs::create_dir_all(&temp_dir).map_err(|err| UploadError::io(format!("cannot create {}", temp_dir.display()), err))?;
        Ok(BlobStore { inner: Arc::new(Inner { root, temp_dir, kv, pending: Mutex::new(HashMap::new()) }) })
    }

    /// Starts a streaming upload under `policy`; see [`Upload`].
    pub fn begin(&self, policy: &UploadPolicy<'_>) -> Result<Upload, UploadError> {
        Upload::begin(self.clone(), policy)
    }

    /// Returns whether a blob with this hash is stored.
    pub fn exists(&self, hash: &BlobHash) -> bool {
        self.blob_path(hash).is_file()
    }

    /// Opens a stored blob for reading (a download).
    pub fn open(&self, hash: &BlobHash) -> Result<File, UploadError> {
        File::open(self.blob_path(hash)).map_err(|err| match err.kind() {
            ErrorKind::NotFound => UploadError::NotFound { hash: hash.to_string() },
            _ => UploadError::io(format!("cannot open blob {hash}"), err),
        })
    }

    /// Records that `owner` (an opaque key such as `it/candidate/123/cv/1`) uses the blob.
    ///
    /// Attaching twice is harmless. The blob must exist: a reference never points at nothing.
    pub fn attach(&self, hash: &BlobHash, owner: &str) -> Result<(), UploadError> {
        validate_owner(owner)?;
        let mut pending = self.lock();
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
        let pending = self.lock();
        self.inner.kv.delete(&ref_key(hash, owner))?;
        // The reference is gone for good before the file goes: a crash in between leaves an
        // orphan file for the sweep, never a reference to a missing file.
        self.inner.kv.flush()?;
        if pending.contains_key(hash) || self.is_referenced(hash)? {
            return Ok(Detached::FileKept);
        }
        self.delete_blob(hash)?;
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
        for temp_path in list_dir(&self.inner.temp_dir)? {
            if modified_before(&temp_path, cutoff)? && remove_if_present(&temp_path)? {
                report.temp_files_deleted += 1;
            }
        }
        for fan_out_dir in list_dir(&self.inner.root)? {
            if fan_out_dir == self.inner.temp_dir || !fan_out_dir.is_dir() {
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
                let mut pending = self.lock();
                if pending.get(&hash).is_some_and(|finished_at| finished_at.elapsed() < older_than) || self.is_referenced(&hash)? {
                    continue;
                }
                pending.remove(&hash);
                if self.delete_blob(&hash)? {
                    report.blobs_deleted += 1;
                }
            }
        }
        if report != SweepReport::default() {
            tracing::info!(blobs_deleted = report.blobs_deleted, temp_files_deleted = report.temp_files_deleted, "orphan blobs swept");
        }
        Ok(report)
    }

    /// Moves a finished, fsynced upload into place under its hash and marks it pending.
    pub(crate) fn install(&self, temp_path: &Path, hash: &BlobHash) -> Result<(), UploadError> {
        let blob_path = self.blob_path(hash);
        let fan_out_dir = self.inner.root.join(hash.fan_out());
        let mut pending = self.lock();
        if !fan_out_dir.is_dir() {
            fs::create_dir_all(&fan_out_dir).map_err(|err| UploadError::io(format!("cannot create {}", fan_out_dir.display()), err))?;
            sync_dir(&self.inner.root)?;
        }
        if blob_path.is_file() {
            // The same content is stored already (content addressing): keep one copy.
            remove_if_present(temp_path)?;
        } else {
            fs::rename(temp_path, &blob_path).map_err(|err| UploadError::io(format!("cannot store blob {hash}"), err))?;
            sync_dir(&fan_out_dir)?;
        }
        pending.insert(hash.clone(), Instant::now());
        Ok(())
    }

    pub(crate) fn temp_dir(&self) -> &Path {
        &self.inner.temp_dir
    }

    fn blob_path(&self, hash: &BlobHash) -> PathBuf {
        self.inner.root.join(hash.fan_out()).join(hash.as_str())
    }

    fn is_referenced(&self, hash: &BlobHash) -> Result<bool, UploadError> {
        Ok(self.inner.kv.scan_prefix(&ref_prefix(hash)).next().transpose()?.is_some())
    }

    /// Deletes a blob file (already gone is fine) and makes the deletion durable.
    fn delete_blob(&self, hash: &BlobHash) -> Result<bool, UploadError> {
        let removed = remove_if_present(&self.blob_path(hash))?;
        if removed {
            sync_dir(&self.inner.root.join(hash.fan_out()))?;
        }
        Ok(removed)
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<BlobHash, Instant>> {
        // A panic elsewhere while holding the lock leaves a map that is still consistent.
        self.inner.pending.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
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

fn list_dir(dir: &Path) -> Result<Vec<PathBuf>, UploadError> {
    let context = || format!("cannot list {}", dir.display());
    let mut paths = Vec::new();
    for entry in fs::read_dir(dir).map_err(|err| UploadError::io(context(), err))? {
        paths.push(entry.map_err(|err| UploadError::io(context(), err))?.path());
    }
    Ok(paths)
}

fn modified_before(path: &Path, cutoff: SystemTime) -> Result<bool, UploadError> {
    match fs::metadata(path).and_then(|metadata| metadata.modified()) {
        Ok(modified) => Ok(modified < cutoff),
        // Removed meanwhile (finished or cleaned up): nothing to sweep.
        Err(err) if err.kind() == ErrorKind::NotFound => Ok(false),
        Err(err) => Err(UploadError::io(format!("cannot read the age of {}", path.display()), err)),
    }
}

/// Removes a file; returns whether it was there.
pub(crate) fn remove_if_present(path: &Path) -> Result<bool, UploadError> {
    match fs::remove_file(path) {
        Ok(()) => Ok(true),
        Err(err) if err.kind() == ErrorKind::NotFound => Ok(false),
        Err(err) => Err(UploadError::io(format!("cannot remove {}", path.display()), err)),
    }
}

/// Makes the entries of `dir` (a rename, a new or removed file) durable.
fn sync_dir(dir: &Path) -> Result<(), UploadError> {
    File::open(dir).and_then(|dir_file| dir_file.sync_all()).map_err(|err| UploadError::io(format!("cannot sync {}", dir.display()), err))
}
