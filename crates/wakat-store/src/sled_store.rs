//! The embedded engine: sled's default tree.

use std::path::Path;

use crate::kv::{KvIter, KvStore, WriteOp};
use crate::StoreError;

/// A [`KvStore`] backed by a sled database in one directory.
#[derive(Debug, Clone)]
pub struct SledStore {
    db: sled::Db,
}

impl SledStore {
    /// Opens (or creates) the database in directory `path`.
    pub fn open(path: impl AsRef<Path>) -> Result<SledStore, StoreError> {
        SledStore::open_with_cache(path, 64 * 1024 * 1024)
    }

    /// Opens the database with a page cache of `cache_bytes` (sled's default of 1 GB is more than
    /// a single-machine board should spend beside its index).
    pub fn open_with_cache(path: impl AsRef<Path>, cache_bytes: u64) -> Result<SledStore, StoreError> {
        let path = path.as_ref();
        let db = sled::Config::new()
            .path(path)
            .cache_capacity(cache_bytes)
            .open()
            .map_err(|error| StoreError::Engine(format!("cannot open {}: {error}", path.display())))?;
        Ok(SledStore { db })
    }
}

fn engine_error(error: sled::Error) -> StoreError {
    StoreError::Engine(error.to_string())
}

fn owned_entries<'a>(entries: impl Iterator<Item = sled::Result<(sled::IVec, sled::IVec)>> + 'a) -> KvIter<'a> {
    Box::new(entries.map(|entry| entry.map(|(key, value)| (key.to_vec(), value.to_vec())).map_err(engine_error)))
}

impl KvStore for SledStore {
    fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self.db.get(key).map_err(engine_error)?.map(|value| value.to_vec()))
    }

    fn put(&self, key: &[u8], value: &[u8]) -> Result<(), StoreError> {
        self.db.insert(key, value).map_err(engine_error)?;
        Ok(())
    }

    fn delete(&self, key: &[u8]) -> Result<(), StoreError> {
        self.db.remove(key).map_err(engine_error)?;
        Ok(())
    }

    fn scan_prefix<'a>(&'a self, prefix: &[u8]) -> KvIter<'a> {
        owned_entries(self.db.scan_prefix(prefix))
    }

    fn scan_prefix_from<'a>(&'a self, prefix: &[u8], start: &[u8]) -> KvIter<'a> {
        let prefix = prefix.to_vec();
        let from = start.max(&prefix).to_vec();
        // Stop at the first key outside the prefix; errors pass through so the caller sees them.
        let entries = self.db.range(from..).take_while(move |entry| match entry {
            Ok((key, _)) => key.starts_with(&prefix),
            Err(_) => true,
        });
        owned_entries(entries)
    }

    fn transaction(&self, ops: Vec<WriteOp>) -> Result<(), StoreError> {
        let mut batch = sled::Batch::default();
        for op in ops {
            match op {
                WriteOp::Put { key, value } => batch.insert(key, value),
                WriteOp::Delete { key } => batch.remove(key),
            }
        }
        self.db.apply_batch(batch).map_err(engine_error)
    }

    fn flush(&self) -> Result<(), StoreError> {
        self.db.flush().map_err(engine_error)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::SledStore;
    use crate::KvStore;

    #[test]
    fn sled_store_honours_the_engine_contract() {
        let dir = tempfile::tempdir().unwrap();
        crate::kv::contract::check_engine(&SledStore::open(dir.path()).unwrap());
    }

    #[test]
    fn sled_store_keeps_flushed_writes_across_reopen() {
        let dir = tempfile::tempdir().unwrap();
        {
            let store = SledStore::open(dir.path()).unwrap();
            store.put(b"k", b"v").unwrap();
            store.flush().unwrap();
        }
        let reopened = SledStore::open(dir.path()).unwrap();
        assert_eq!(reopened.get(b"k").unwrap(), Some(b"v".to_vec()));
    }
}
