//! The narrow key-value trait every storage engine implements.
//!
//! Everything above this trait (offers, the change log, views, meta) is written in terms of byte
//! keys and atomic batches only, so sled can later be replaced (PostgreSQL, FoundationDB...) without
//! touching the typed stores or their callers.

use crate::StoreError;

/// Iterator over `(key, value)` pairs in ascending key order.
pub type KvIter<'a> = Box<dyn Iterator<Item = Result<(Vec<u8>, Vec<u8>), StoreError>> + 'a>;

/// One write of an atomic [`KvStore::transaction`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WriteOp {
    /// Inserts or replaces the value under `key`.
    Put {
        /// The key written.
        key: Vec<u8>,
        /// The new value.
        value: Vec<u8>,
    },
    /// Removes `key`; removing a missing key is not an error.
    Delete {
        /// The key removed.
        key: Vec<u8>,
    },
}

/// An ordered byte key-value engine with atomic batches and explicit durability.
pub trait KvStore: Send + Sync + 'static {
    /// Returns the value under `key`, if any.
    fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError>;

    /// Inserts or replaces the value under `key`.
    fn put(&self, key: &[u8], value: &[u8]) -> Result<(), StoreError>;

    /// Removes `key`; removing a missing key is not an error.
    fn delete(&self, key: &[u8]) -> Result<(), StoreError>;

    /// Returns the entries whose key starts with `prefix`, keys in ascending byte order.
    fn scan_prefix<'a>(&'a self, prefix: &[u8]) -> KvIter<'a>;

    /// Returns the entries whose key starts with `prefix` and is `>= start`, in ascending order.
    ///
    /// The default filters [`KvStore::scan_prefix`]; engines with ordered range scans override it
    /// so that reading the tail of the change log does not walk the whole log.
    fn scan_prefix_from<'a>(&'a self, prefix: &[u8], start: &[u8]) -> KvIter<'a> {
        let start = start.to_vec();
        Box::new(self.scan_prefix(prefix).filter(move |entry| match entry {
            Ok((key, _)) => *key >= start,
            Err(_) => true,
        }))
    }

    /// Applies all ops atomically (all or nothing), in order: a later op on the same key wins.
    fn transaction(&self, ops: Vec<WriteOp>) -> Result<(), StoreError>;

    /// Makes every previous write durable (fsync); called before a write is acknowledged.
    fn flush(&self) -> Result<(), StoreError>;

    /// Applies `ops` atomically, then flushes: once it returns `Ok` the writes survive a crash,
    /// so the caller may acknowledge them.
    fn commit(&self, ops: Vec<WriteOp>) -> Result<(), StoreError> {
        self.transaction(ops)?;
        self.flush()
    }
}

/// Behaviour every engine must show, run by each engine's unit tests.
#[cfg(test)]
pub(crate) mod contract {
    use super::{KvStore, WriteOp};

    fn collect(entries: super::KvIter<'_>) -> Vec<(Vec<u8>, Vec<u8>)> {
        entries.collect::<Result<_, _>>().expect("scan succeeds")
    }

    /// Checks get/put/delete, ordered prefix scans and transactions.
    pub(crate) fn check_engine(kv: &dyn KvStore) {
        assert_eq!(kv.get(b"a/1").unwrap(), None);
        kv.put(b"a/2", b"two").unwrap();
        kv.put(b"a/1", b"one").unwrap();
        kv.put(b"b/1", b"other").unwrap();
        kv.put(b"a", b"bare").unwrap();
        assert_eq!(kv.get(b"a/1").unwrap(), Some(b"one".to_vec()));

        let scanned = collect(kv.scan_prefix(b"a/"));
        assert_eq!(scanned, vec![(b"a/1".to_vec(), b"one".to_vec()), (b"a/2".to_vec(), b"two".to_vec())]);
        let tail = collect(kv.scan_prefix_from(b"a/", b"a/2"));
        assert_eq!(tail, vec![(b"a/2".to_vec(), b"two".to_vec())]);
        // A start below the prefix must not leak keys outside the prefix.
        assert_eq!(collect(kv.scan_prefix_from(b"b/", b"a")).len(), 1);

        kv.delete(b"a/2").unwrap();
        kv.delete(b"never-written").unwrap();
        assert_eq!(kv.get(b"a/2").unwrap(), None);

        kv.transaction(vec![
            WriteOp::Put { key: b"t/1".to_vec(), value: b"first".to_vec() },
            WriteOp::Put { key: b"t/1".to_vec(), value: b"second".to_vec() },
            WriteOp::Delete { key: b"a/1".to_vec() },
        ])
        .unwrap();
        kv.flush().unwrap();
        assert_eq!(kv.get(b"t/1").unwrap(), Some(b"second".to_vec()));
        assert_eq!(kv.get(b"a/1").unwrap(), None);
        assert_eq!(kv.get(b"a").unwrap(), Some(b"bare".to_vec()));
    }
}
