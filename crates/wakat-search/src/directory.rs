//! The index directory: tantivy's memory-mapped directory, except that the doc stores (`.store`
//! files: every location's card and rendered list entry, nine tenths of the index) are read with
//! `pread`, one compressed block per entry.
//!
//! Why: a listing loads a page of entries from blocks scattered over the whole doc store, so a
//! mapped doc store ends up wholly resident in the server's address space — the file-backed part
//! of its RSS (1,246 MB of 1,453 MB after the long-tail mix at 1M). Read with `pread`, the same
//! blocks stay in the kernel's page cache, shared and reclaimable, and out of the process's
//! resident set.
//!
//! A merge stacks each source's whole doc store with one read, then drops it. Read into a buffer,
//! only the store being stacked is resident; through the mapping, every source's pages stayed in
//! the process until the merge ended (the peak RSS of a bulk load or a rebuild).

use std::fs::File;
use std::io;
use std::ops::Range;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tantivy::directory::error::{DeleteError, LockError, OpenDirectoryError, OpenReadError, OpenWriteError};
use tantivy::directory::{Directory, DirectoryLock, FileHandle, Lock, MmapDirectory, OwnedBytes, WatchCallback, WatchHandle, WritePtr};
use tantivy::HasLen;

/// [`MmapDirectory`] with doc stores read by `pread` (see the module's documentation).
#[derive(Debug, Clone)]
pub(crate) struct IndexDirectory {
    root: PathBuf,
    mapped: MmapDirectory,
}

impl IndexDirectory {
    pub(crate) fn open(root: &Path) -> Result<IndexDirectory, OpenDirectoryError> {
        Ok(IndexDirectory { root: root.to_path_buf(), mapped: MmapDirectory::open(root)? })
    }
}

/// A doc store, read by `pread` (see the module's documentation).
#[derive(Debug)]
struct StoreFile {
    file: File,
    len: usize,
}

impl HasLen for StoreFile {
    fn len(&self) -> usize {
        self.len
    }
}

impl FileHandle for StoreFile {
    fn read_bytes(&self, range: Range<usize>) -> io::Result<OwnedBytes> {
        if range.end > self.len || range.start > range.end {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, format!("range {range:?} outside a file of {} bytes", self.len)));
        }
        let mut buffer = vec![0; range.len()];
        self.file.read_exact_at(&mut buffer, range.start as u64)?;
        Ok(OwnedBytes::new(buffer))
    }
}

impl Directory for IndexDirectory {
    fn get_file_handle(&self, path: &Path) -> Result<Arc<dyn FileHandle>, OpenReadError> {
        if path.extension().is_none_or(|extension| extension != "store") {
            return self.mapped.get_file_handle(path);
        }
        let full = self.root.join(path);
        let io_error = |error: io::Error| match error.kind() {
            io::ErrorKind::NotFound => OpenReadError::FileDoesNotExist(path.to_path_buf()),
            _ => OpenReadError::wrap_io_error(error, full.clone()),
        };
        let file = File::open(&full).map_err(io_error)?;
        let len = file.metadata().map_err(io_error)?.len() as usize;
        Ok(Arc::new(StoreFile { len, file }))
    }

    fn delete(&self, path: &Path) -> Result<(), DeleteError> {
        self.mapped.delete(path)
    }

    fn exists(&self, path: &Path) -> Result<bool, OpenReadError> {
        self.mapped.exists(path)
    }

    fn open_write(&self, path: &Path) -> Result<WritePtr, OpenWriteError> {
        self.mapped.open_write(path)
    }

    fn atomic_read(&self, path: &Path) -> Result<Vec<u8>, OpenReadError> {
        self.mapped.atomic_read(path)
    }

    fn atomic_write(&self, path: &Path, data: &[u8]) -> io::Result<()> {
        self.mapped.atomic_write(path, data)
    }

    fn sync_directory(&self) -> io::Result<()> {
        self.mapped.sync_directory()
    }

    fn acquire_lock(&self, lock: &Lock) -> Result<DirectoryLock, LockError> {
        self.mapped.acquire_lock(lock)
    }

    fn watch(&self, watch_callback: WatchCallback) -> tantivy::Result<WatchHandle> {
        self.mapped.watch(watch_callback)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_doc_store_reads_the_bytes_of_any_range_by_pread() {
        let dir = tempfile::tempdir().unwrap();
        let content: Vec<u8> = (0..(3 << 20)).map(|i: u32| (i % 251) as u8).collect();
        std::fs::write(dir.path().join("segment.store"), &content).unwrap();
        std::fs::write(dir.path().join("segment.idx"), &content[..4096]).unwrap();
        let directory = IndexDirectory::open(dir.path()).unwrap();
        let store = directory.get_file_handle(Path::new("segment.store")).unwrap();
        assert_eq!(store.len(), content.len());
        for range in [0..1, 4_000..8_192, 1_000_000..2_000_000, 5..(5 + (1 << 20) + 1), 0..content.len()] {
            assert_eq!(store.read_bytes(range.clone()).unwrap().as_slice(), &content[range.clone()], "{range:?}");
        }
        assert!(store.read_bytes(content.len() - 1..content.len() + 1).is_err(), "past the end");
        let other = directory.get_file_handle(Path::new("segment.idx")).unwrap();
        assert_eq!(other.read_bytes(10..20).unwrap().as_slice(), &content[10..20]);
        assert!(matches!(directory.get_file_handle(Path::new("missing.store")), Err(OpenReadError::FileDoesNotExist(_))), "a missing store");
    }
}
