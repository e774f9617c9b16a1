//! Striped locks: the key-value trait has no compare-and-swap, so a read-then-write that must not
//! interleave (the duplicate check, the redirect throttle, the favourites cap) holds the lock of
//! its stripe from the read to the committed transaction.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// Stripes per store: enough that unrelated offers or candidates rarely share one on a small
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

    /// Locks the stripe of `parts` (e.g. tenant and offer slug).
    pub(crate) fn lock(&self, parts: &[&str]) -> MutexGuard<'_, ()> {
        let mut hasher = DefaultHasher::new();
        parts.hash(&mut hasher);
        let stripe_idx = (hasher.finish() % N_STRIPES as u64) as usize;
        // The guarded data is `()`: a panicking holder cannot leave anything half-updated, because
        // each write is one atomic transaction.
        self.locks[stripe_idx].lock().unwrap_or_else(PoisonError::into_inner)
    }
}
