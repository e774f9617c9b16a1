//! [`EmployerStore`]: the records of the domain on one [`KvStore`], with the lock that makes
//! code use and payment application happen once.

use std::sync::{Arc, Mutex, MutexGuard};

use rand::RngCore;
use serde::de::DeserializeOwned;
use serde::Serialize;
use sha2::{Digest, Sha256};
use wakat_store::{KvStore, WriteOp};

use crate::EmployersError;

/// Format version of the records written by this code.
pub(crate) const RECORD_VERSION: u8 = 1;

/// A new random identifier: 16 bytes as 32 lowercase hex digits.
pub fn new_id() -> String {
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The hex SHA-256 of a secret (what the store keeps).
pub(crate) fn hash_secret(secret: &str) -> String {
    Sha256::digest(secret.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

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

    pub(crate) fn read<T: DeserializeOwned>(&self, key: &[u8]) -> Result<Option<T>, EmployersError> {
        let Some(bytes) = self.kv.get(key)? else { return Ok(None) };
        serde_json::from_slice(&bytes).map(Some).map_err(|e| EmployersError::Corrupt { key: String::from_utf8_lossy(key).into_owned(), message: e.to_string() })
    }

    pub(crate) fn put_op<T: Serialize>(key: Vec<u8>, value: &T) -> WriteOp {
        WriteOp::Put { key, value: serde_json::to_vec(value).expect("records serialise") }
    }

    /// Applies `ops` atomically and durably.
    pub(crate) fn commit(&self, ops: Vec<WriteOp>) -> Result<(), EmployersError> {
        self.kv.transaction(ops)?;
        self.kv.flush()?;
        Ok(())
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
