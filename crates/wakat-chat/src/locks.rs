//! Striped locks: the key-value trait has no compare-and-swap, so a read-then-write that must not
//! interleave (a conversation's next sequence number, its read marks) holds the lock of its
//! stripe from the read to the committed transaction.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// Stripes per store: enough that busy conversations rarely wait for each other on a small
/// machine, few enough to cost nothing.
const N_STRIPES: usize = 64;

/// A fixed set of mutexes chosen by hashing a key's parts.
pub(crate) struct Stripes {
    locks: Vec<Mutex<()>>,
}

impl Stripes {
    pub(crate) fn new() -> Stripes {
        Stripes { locks: (0..N_STRIPES).map(|_| Mutex::new(())).collect() }
    }

    fn index(parts: &[&str]) -> usize {
        let mut hasher = DefaultHasher::new();
        parts.hash(&mut hasher);
        (hasher.finish() % N_STRIPES as u64) as usize
    }

    /// Locks the stripe of `parts` (board and conversation id).
    pub(crate) fn lock(&self, parts: &[&str]) -> MutexGuard<'_, ()> {
        // The guarded data is `()`: a panicking holder cannot leave anything half-updated, because
        // each write is one atomic transaction.
        self.locks[Self::index(parts)].lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Locks the stripes of several conversations at once, in ascending stripe order so that two
    /// callers never wait for each other in a circle.
    pub(crate) fn lock_many(&self, board: &str, ids: &[String]) -> Vec<MutexGuard<'_, ()>> {
        let mut indexes: Vec<usize> = ids.iter().map(|id| Self::index(&[board, id])).collect();
        indexes.sort_unstable();
        indexes.dedup();
        indexes.into_iter().map(|index| self.locks[index].lock().unwrap_or_else(PoisonError::into_inner)).collect()
    }
}
