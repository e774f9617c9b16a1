//! Striped locks for the stores built on [`crate::KvStore`]: the trait has no compare-and-swap,
//! so a read-then-write that must not interleave (an application's duplicate check, a
//! conversation's next sequence number) holds the lock of its key's stripe from the read to the
//! committed transaction. One implementation for every domain store.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// Stripes per store: enough that unrelated keys rarely share one on a small machine, few enough
/// to cost nothing.
const N_STRIPES: usize = 64;

/// A fixed set of mutexes chosen by hashing a key's parts.
pub struct Stripes {
    locks: Vec<Mutex<()>>,
}

impl Default for Stripes {
    fn default() -> Self {
        Stripes::new()
    }
}

impl Stripes {
    /// A new set of unlocked stripes.
    pub fn new() -> Stripes {
        Stripes { locks: (0..N_STRIPES).map(|_| Mutex::new(())).collect() }
    }

    fn index(parts: &[&str]) -> usize {
        let mut hasher = DefaultHasher::new();
        parts.hash(&mut hasher);
        (hasher.finish() % N_STRIPES as u64) as usize
    }

    /// Locks the stripe of `parts` (e.g. board and offer slug). A poisoned stripe is taken over:
    /// the guarded data lives in the store, not in the mutex.
    pub fn lock(&self, parts: &[&str]) -> MutexGuard<'_, ()> {
        self.locks[Self::index(parts)].lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Locks the stripes of `(prefix, id)` for every id at once, in ascending stripe order so that
    /// two callers never wait for each other in a circle.
    pub fn lock_many(&self, prefix: &str, ids: &[String]) -> Vec<MutexGuard<'_, ()>> {
        let mut indexes: Vec<usize> = ids.iter().map(|id| Self::index(&[prefix, id])).collect();
        indexes.sort_unstable();
        indexes.dedup();
        indexes.into_iter().map(|index| self.locks[index].lock().unwrap_or_else(PoisonError::into_inner)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::Stripes;

    #[test]
    fn many_stripes_lock_once_each_and_release() {
        let stripes = Stripes::new();
        let ids: Vec<String> = (0..200).map(|n| format!("id-{n}")).collect();
        let guards = stripes.lock_many("board", &ids);
        assert!(guards.len() <= 64 && !guards.is_empty());
        drop(guards);
        drop(stripes.lock(&["board", "id-1"]));
    }
}
