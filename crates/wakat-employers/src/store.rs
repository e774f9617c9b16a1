//! [`EmployerStore`]: the records of the domain on one [`KvStore`], with the lock that makes
//! code use and payment application happen once.

use std::sync::{Arc, Mutex, MutexGuard};

use wakat_store::KvStore;

use crate::EmployersError;

/// Format version of the records written by this code.
pub(crate) const RECORD_VERSION: u8 = 1;

/// Companies, their users, their offers, codes and payments.
pub struct EmployerStore {
    pub(crate) kv: Arc<dyn KvStore>,
    /// Serialises the check-then-write of spending codes and applying payments.
    spend_lock: Mutex<()>,
    /// Serialises the read-modify-write of companies, their users and brand stories (the last
    /// owner check, a story slug's owner).
    records_lock: Mutex<()>,
}

impl EmployerStore {
    /// The domain on `kv`.
    pub fn new(kv: Arc<dyn KvStore>) -> EmployerStore {
        EmployerStore { kv, spend_lock: Mutex::new(()), records_lock: Mutex::new(()) }
    }

    pub(crate) fn spend_lock(&self) -> MutexGuard<'_, ()> {
        // Writes are atomic transactions: a panic while holding the lock leaves nothing half-done.
        self.spend_lock.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub(crate) fn records_lock(&self) -> MutexGuard<'_, ()> {
        self.records_lock.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The last segments of the keys under `prefix` (the ids of an index).
    pub(crate) fn children(&self, prefix: &[u8]) -> Result<Vec<String>, EmployersError> {
        let mut ids = Vec::new();
        for entry in self.kv.scan_prefix(prefix) {
            let (key, _) = entry?;
            ids.push(String::from_utf8_lossy(&key[prefix.len()..]).into_owned());
        }
        Ok(ids)
    }
}
