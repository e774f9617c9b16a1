//! The blob directory on disk: where each blob lives, how a finished upload is moved into place,
//! and the marks that keep a just-landed blob from being deleted before its owner attaches it.
//!
//! Why a module of its own: an [`Upload`](crate::Upload) needs the directory to finish (its
//! temporary file, the rename under the hash), and the [`BlobStore`](crate::BlobStore) needs it to
//! open, delete and sweep. Both hold these [`BlobFiles`], so an upload no longer holds the whole
//! store and `upload` does not import `store` back.

use std::collections::HashMap;
use std::fs::{self, File};
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::{Instant, SystemTime};

use crate::{BlobHash, UploadError};

/// The files under `{data_dir}/blobs`: blobs fanned out as `ab/abcdef…`, uploads in `tmp/`.
pub(crate) struct BlobFiles {
    root: PathBuf,
    temp_dir: PathBuf,
    /// Blobs finished but not attached yet, with when they were finished. The lock around it is
    /// also held by every rename, attach and deletion, so a blob that an upload has just landed
    /// on (maybe an identical file that was already there) is not deleted before its owner
    /// attaches it.
    pending: Mutex<HashMap<BlobHash, Instant>>,
}

impl std::fmt::Debug for BlobFiles {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.debug_struct("BlobFiles").field("root", &self.root).finish_non_exhaustive()
    }
}

impl BlobFiles {
    /// Opens (creating when missing) `{data_dir}/blobs` and its `tmp/`.
    pub(crate) fn open(data_dir: &Path) -> Result<BlobFiles, UploadError> {
        let root = data_dir.join("blobs");
        let temp_dir = root.join("tmp");
        fs::create_dir_all(&temp_dir).map_err(|err| UploadError::io(format!("cannot create {}", temp_dir.display()), err))?;
        Ok(BlobFiles { root, temp_dir, pending: Mutex::new(HashMap::new()) })
    }

    /// The directory of the blobs' fan-out directories (and of `tmp/`).
    pub(crate) fn root(&self) -> &Path {
        &self.root
    }

    /// Where uploads in progress are written.
    pub(crate) fn temp_dir(&self) -> &Path {
        &self.temp_dir
    }

    pub(crate) fn blob_path(&self, hash: &BlobHash) -> PathBuf {
        self.root.join(hash.fan_out()).join(hash.as_str())
    }

    /// Moves a finished, fsynced upload into place under its hash and marks it pending.
    pub(crate) fn install(&self, temp_path: &Path, hash: &BlobHash) -> Result<(), UploadError> {
        let blob_path = self.blob_path(hash);
        let fan_out_dir = self.root.join(hash.fan_out());
        let mut pending = self.lock_pending();
        if !fan_out_dir.is_dir() {
            fs::create_dir_all(&fan_out_dir).map_err(|err| UploadError::io(format!("cannot create {}", fan_out_dir.display()), err))?;
            sync_dir(&self.root)?;
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

    /// Deletes a blob file (already gone is fine) and makes the deletion durable.
    pub(crate) fn delete_blob(&self, hash: &BlobHash) -> Result<bool, UploadError> {
        let removed = remove_if_present(&self.blob_path(hash))?;
        if removed {
            sync_dir(&self.root.join(hash.fan_out()))?;
        }
        Ok(removed)
    }

    /// The pending blobs, locked: hold the guard across a rename, attach or deletion.
    pub(crate) fn lock_pending(&self) -> MutexGuard<'_, HashMap<BlobHash, Instant>> {
        // A panic elsewhere while holding the lock leaves a map that is still consistent.
        self.pending.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

pub(crate) fn list_dir(dir: &Path) -> Result<Vec<PathBuf>, UploadError> {
    let context = || format!("cannot list {}", dir.display());
    let mut paths = Vec::new();
    for entry in fs::read_dir(dir).map_err(|err| UploadError::io(context(), err))? {
        paths.push(entry.map_err(|err| UploadError::io(context(), err))?.path());
    }
    Ok(paths)
}

pub(crate) fn modified_before(path: &Path, cutoff: SystemTime) -> Result<bool, UploadError> {
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
