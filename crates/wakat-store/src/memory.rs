//! An in-memory engine for tests and throwaway runs: a `BTreeMap` under a `RwLock`.

use std::collections::BTreeMap;
use std::sync::{PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};

use crate::kv::{KvIter, KvStore, WriteOp};
use crate::StoreError;

/// Keeps everything in memory; nothing survives the process, and `flush` does nothing.
#[derive(Debug, Default)]
pub struct MemoryStore {
    entries: RwLock<BTreeMap<Vec<u8>, Vec<u8>>>,
}

impl MemoryStore {
    /// Creates an empty store.
    pub fn new() -> MemoryStore {
        MemoryStore::default()
    }

    // A panic elsewhere while the lock was held cannot leave the map half-updated by our own
    // single-call operations, so a poisoned lock is recovered instead of failing every later call.
    fn read(&self) -> RwLockReadGuard<'_, BTreeMap<Vec<u8>, Vec<u8>>> {
        self.entries.read().unwrap_or_else(PoisonError::into_inner)
    }

    fn write(&self) -> RwLockWriteGuard<'_, BTreeMap<Vec<u8>, Vec<u8>>> {
        self.entries.write().unwrap_or_else(PoisonError::into_inner)
    }

    /// Copies the matching entries out, so a caller may write while iterating without deadlocking.
    fn snapshot(&self, prefix: &[u8], start: &[u8]) -> KvIter<'static> {
        let from = start.max(prefix).to_vec();
        let entries: Vec<_> =
            self.read().range(from..).take_while(|(key, _)| key.starts_with(prefix)).map(|(key, value)| Ok((key.clone(), value.clone()))).collect();
        Box::new(entries.into_iter())
    }
}

impl KvStore for MemoryStore {
    fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self.read().get(key).cloned())
    }

    fn put(&self, key: &[u8], value: &[u8]) -> Result<(), StoreError> {
        self.write().insert(key.to_vec(), value.to_vec());
        Ok(())
    }

    fn delete(&self, key: &[u8]) -> Result<(), StoreError> {
        self.write().remove(key);
        Ok(())
    }

    fn scan_prefix<'a>(&'a self, prefix: &[u8]) -> KvIter<'a> {
        self.snapshot(prefix, prefix)
    }

    fn scan_prefix_from<'a>(&'a self, prefix: &[u8], start: &[u8]) -> KvIter<'a> {
        self.snapshot(prefix, start)
    }

    fn transaction(&self, ops: Vec<WriteOp>) -> Result<(), StoreError> {
        // One write guard for the whole batch makes it atomic for every reader.
        let mut entries = self.write();
        for op in ops {
            match op {
                WriteOp::Put { key, value } => entries.insert(key, value),
                WriteOp::Delete { key } => entries.remove(&key),
            };
        }
        Ok(())
    }

    fn flush(&self) -> Result<(), StoreError> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::MemoryStore;

    #[test]
    fn memory_store_honours_the_engine_contract() {
        crate::kv::contract::check_engine(&MemoryStore::new());
    }
}

/// A [`MemoryStore`] that records what reaches it: the operations of every transaction, and
/// counts of writes (puts, deletes and transactions, one each) and flushes. For tests that pin
/// how a write path batches and flushes.
#[derive(Debug, Default)]
pub struct RecordingStore {
    inner: MemoryStore,
    transactions: std::sync::Mutex<Vec<Vec<WriteOp>>>,
    writes: std::sync::atomic::AtomicUsize,
    flushes: std::sync::atomic::AtomicUsize,
}

impl RecordingStore {
    /// The operations of every transaction since the last [`RecordingStore::forget`].
    pub fn transactions(&self) -> Vec<Vec<WriteOp>> {
        self.transactions.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// Writes (puts, deletes, transactions) since the last [`RecordingStore::forget`].
    pub fn writes(&self) -> usize {
        self.writes.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Flushes since the last [`RecordingStore::forget`].
    pub fn flushes(&self) -> usize {
        self.flushes.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Forgets what was recorded so far; the entries stay.
    pub fn forget(&self) {
        self.transactions.lock().unwrap_or_else(PoisonError::into_inner).clear();
        self.writes.store(0, std::sync::atomic::Ordering::SeqCst);
        self.flushes.store(0, std::sync::atomic::Ordering::SeqCst);
    }

    fn wrote(&self) {
        self.writes.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }
}

impl KvStore for RecordingStore {
    fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        self.inner.get(key)
    }

    fn put(&self, key: &[u8], value: &[u8]) -> Result<(), StoreError> {
        self.wrote();
        self.inner.put(key, value)
    }

    fn delete(&self, key: &[u8]) -> Result<(), StoreError> {
        self.wrote();
        self.inner.delete(key)
    }

    fn scan_prefix<'a>(&'a self, prefix: &[u8]) -> KvIter<'a> {
        self.inner.scan_prefix(prefix)
    }

    fn transaction(&self, ops: Vec<WriteOp>) -> Result<(), StoreError> {
        self.wrote();
        self.transactions.lock().unwrap_or_else(PoisonError::into_inner).push(ops.clone());
        self.inner.transaction(ops)
    }

    fn flush(&self) -> Result<(), StoreError> {
        self.flushes.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        self.inner.flush()
    }
}
