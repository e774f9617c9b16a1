//! Offer views counted in memory and persisted in batches.
//!
//! `POST /v1/views` is the one write any visitor drives. Writing (and fsyncing) the store per
//! view lets a visitor turn page views into disk flushes, so views are added to an in-memory
//! map of (tenant, slug) → pending count and a background thread moves that map into the store
//! every `server.views_flush_secs` in one transaction, and once more when the server stops.
//! A `kill -9` therefore loses at most the views of the last interval; a graceful stop
//! (SIGTERM, Ctrl+C) loses none.
//!
//! Counts answered (`views` of a recorded view, the popular list) are persisted + pending, so
//! batching does not change what a client sees.

use std::collections::HashMap;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, RwLock};
use std::thread::JoinHandle;
use std::time::Duration;

use wakat_store::{OfferStore, StoreError};

/// (tenant, offer slug).
type ViewKey = (String, String);

/// Views not yet persisted, with their persisted base in the store.
pub struct ViewCounter {
    store: Arc<OfferStore>,
    pending: Mutex<HashMap<ViewKey, u64>>,
    /// Readers hold it shared while they add the store's count to the pending one; a flush holds
    /// it exclusively while it moves counts from the map to the store, so no reader sees a view
    /// twice (in both places) or not at all (in neither).
    gate: RwLock<()>,
    /// One flush at a time (the timer and the final flush may meet).
    flushing: Mutex<()>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // The map is only ever changed by whole operations, so a panicking holder leaves it usable.
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl ViewCounter {
    /// A counter persisting into `store`.
    pub fn new(store: Arc<OfferStore>) -> ViewCounter {
        ViewCounter { store, pending: Mutex::new(HashMap::new()), gate: RwLock::new(()), flushing: Mutex::new(()) }
    }

    /// Counts one view of an offer (its own slug, not a location's) and returns its views so far.
    pub fn record(&self, tenant: &str, slug: &str) -> Result<u64, StoreError> {
        let _reading = self.gate.read().unwrap_or_else(PoisonError::into_inner);
        // The store's count first: it also refuses keys the store could not persist later.
        let persisted = self.store.view_count(tenant, slug)?;
        let mut pending = lock(&self.pending);
        let count = pending.entry((tenant.to_string(), slug.to_string())).or_insert(0);
        *count += 1;
        Ok(persisted.saturating_add(*count))
    }

    /// Views of every viewed offer of the tenant, persisted and pending, by slug.
    pub fn counts(&self, tenant: &str) -> Result<Vec<(String, u64)>, StoreError> {
        let _reading = self.gate.read().unwrap_or_else(PoisonError::into_inner);
        let mut counts: HashMap<String, u64> = self.store.view_counts(tenant)?.into_iter().collect();
        for ((pending_tenant, slug), n_views) in lock(&self.pending).iter() {
            if pending_tenant == tenant {
                let count = counts.entry(slug.clone()).or_insert(0);
                *count = count.saturating_add(*n_views);
            }
        }
        let mut counts: Vec<(String, u64)> = counts.into_iter().collect();
        counts.sort_unstable();
        Ok(counts)
    }

    /// Views counted and not yet persisted.
    pub fn pending(&self) -> u64 {
        lock(&self.pending).values().sum()
    }

    /// Persists the pending views in one store transaction; returns how many offers' counters
    /// were written. On failure the views stay pending for the next flush.
    pub fn flush(&self) -> Result<usize, StoreError> {
        let _one_flush = lock(&self.flushing);
        let _writing = self.gate.write().unwrap_or_else(PoisonError::into_inner);
        let batch: Vec<(String, String, u64)> = std::mem::take(&mut *lock(&self.pending)).into_iter().map(|((t, s), n)| (t, s, n)).collect();
        if batch.is_empty() {
            return Ok(0);
        }
        self.store.add_views(&batch).inspect_err(|_| {
            let mut pending = lock(&self.pending);
            for (tenant, slug, n_views) in batch {
                *pending.entry((tenant, slug)).or_insert(0) += n_views;
            }
        })
    }

    /// Starts the thread that flushes every `interval` (at least a second) and once more when
    /// the returned handle is stopped or dropped.
    pub fn start_flusher(self: &Arc<Self>, interval: Duration) -> ViewFlusher {
        let counter = Arc::clone(self);
        start_periodic_flush("view-flusher", "views", interval, move || counter.flush())
    }
}

/// Runs `flush` every `interval` (at least a second) on a thread of its own and once more when
/// the returned handle is stopped or dropped: the one flusher of counters kept in memory (views,
/// search analytics).
pub fn start_periodic_flush(
    thread_name: &str,
    what: &'static str,
    interval: Duration,
    flush: impl Fn() -> Result<usize, StoreError> + Send + 'static,
) -> ViewFlusher {
    let interval = interval.max(Duration::from_secs(1));
    let (stop, stopped) = mpsc::channel::<()>();
    let thread = std::thread::Builder::new()
        .name(thread_name.into())
        .spawn(move || loop {
            let last = !matches!(stopped.recv_timeout(interval), Err(RecvTimeoutError::Timeout));
            match flush() {
                Ok(n_written) if last => tracing::info!(n_written, what, "flushed on shutdown"),
                Ok(n_written) => tracing::debug!(n_written, what, "flushed"),
                Err(error) => tracing::error!(%error, what, "flushing failed; the counts stay pending"),
            }
            if last {
                return;
            }
        })
        .expect("the flusher thread starts");
    ViewFlusher { stop: Some(stop), thread: Some(thread) }
}

/// The flushing thread; stopping it (or dropping it) runs a last flush and waits for it.
pub struct ViewFlusher {
    stop: Option<mpsc::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl ViewFlusher {
    /// Flushes what is pending and stops the thread.
    pub fn stop(mut self) {
        self.shut_down();
    }

    fn shut_down(&mut self) {
        self.stop.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for ViewFlusher {
    fn drop(&mut self) {
        self.shut_down();
    }
}

#[cfg(test)]
mod tests {
    use wakat_store::RecordingStore;

    use super::*;

    /// A counter over a recording store holding offers `a` and `b` of tenant `it`.
    fn counter() -> (Arc<RecordingStore>, Arc<ViewCounter>) {
        let kv = Arc::new(RecordingStore::default());
        let store = Arc::new(OfferStore::new(kv.clone(), wakat_core::Rates::default()).unwrap());
        store.put_offers("it", &[wakat_core::Offer::new("a"), wakat_core::Offer::new("b")]).unwrap();
        kv.forget();
        (kv, Arc::new(ViewCounter::new(store)))
    }

    #[test]
    fn views_are_written_once_per_flush_whatever_their_number() {
        let (kv, views) = counter();
        for expected in 1..=50 {
            assert_eq!(views.record("it", "a").unwrap(), expected);
        }
        views.record("it", "b").unwrap();
        assert_eq!(kv.writes(), 0, "nothing is written before the flush");
        assert_eq!(views.pending(), 51);
        assert_eq!(views.flush().unwrap(), 2);
        assert_eq!((kv.writes(), kv.flushes()), (1, 1), "one transaction and one fsync");
        assert_eq!(views.flush().unwrap(), 0);
        assert_eq!(kv.writes(), 1, "an empty flush writes nothing");
    }

    #[test]
    fn counts_are_persisted_plus_pending_before_and_after_a_flush() {
        let (_, views) = counter();
        views.record("it", "a").unwrap();
        views.record("it", "a").unwrap();
        views.flush().unwrap();
        assert_eq!(views.record("it", "a").unwrap(), 3);
        assert_eq!(views.record("it", "b").unwrap(), 1);
        assert_eq!(views.counts("it").unwrap(), vec![("a".to_string(), 3), ("b".to_string(), 1)]);
        assert_eq!(views.counts("other").unwrap(), vec![]);
        views.flush().unwrap();
        assert_eq!(views.pending(), 0);
        assert_eq!(views.counts("it").unwrap(), vec![("a".to_string(), 3), ("b".to_string(), 1)]);
        assert_eq!(views.store.view_count("it", "a").unwrap(), 3);
    }

    #[test]
    fn the_flusher_writes_on_its_interval_and_on_stop() {
        let (kv, views) = counter();
        let flusher = views.start_flusher(Duration::from_secs(3600));
        views.record("it", "a").unwrap();
        views.record("it", "b").unwrap();
        std::thread::sleep(Duration::from_millis(50));
        assert_eq!(kv.writes(), 0, "the interval has not passed");
        flusher.stop();
        assert_eq!(kv.writes(), 1, "stopping flushes once");
        assert_eq!(views.store.view_count("it", "a").unwrap(), 1);

        let flusher = views.start_flusher(Duration::from_secs(1));
        views.record("it", "a").unwrap();
        std::thread::sleep(Duration::from_millis(1500));
        assert_eq!(views.pending(), 0, "flushed by the timer");
        assert_eq!(views.store.view_count("it", "a").unwrap(), 2);
        drop(flusher);
    }

    #[test]
    fn views_of_a_deleted_offer_are_dropped_by_the_flush() {
        let (_, views) = counter();
        views.record("it", "b").unwrap();
        views.store.delete_offer("it", "b").unwrap();
        assert_eq!(views.flush().unwrap(), 0);
        assert_eq!(views.store.view_counts("it").unwrap(), vec![]);
        assert!(views.record("it", "a/b").is_err(), "keys the store refuses are refused at once");
    }
}
