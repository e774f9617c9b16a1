//! A small response cache for the hot read calls: the same URL (and language) answered within a
//! few seconds by the same index generation gets the same bytes without searching again.
//!
//! Entries die when the index commits (a new generation) or after [`TTL`], which bounds how stale
//! the time-dependent fields (`isOfferActive`, `isNew`, expiry filtering) can be.
//!
//! Concurrent misses of one URL are computed once ([`ResponseCache::flight`]): when a popular
//! entry expires, the other requests wait for the one search instead of all searching at once.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use actix_web::web::Bytes;

/// Longest life of an entry.
pub const TTL: Duration = Duration::from_secs(10);

struct Entry {
    generation: u64,
    created: Instant,
    body: Bytes,
}

#[derive(Default)]
struct Inner {
    entries: HashMap<String, Entry>,
    order: VecDeque<String>,
}

/// Bounded cache of response bodies; capacity 0 disables it.
pub struct ResponseCache {
    capacity: usize,
    inner: Mutex<Inner>,
    flights: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
    hits: AtomicU64,
    misses: AtomicU64,
}

/// Hit and miss counts since start, for `/health` and the benchmark.
#[derive(Debug, Clone, Copy, serde::Serialize)]
pub struct CacheStats {
    /// Requests answered from the cache.
    pub hits: u64,
    /// Requests computed (with the cache on).
    pub misses: u64,
}

/// The right to compute one key; others asking for the key wait until it is dropped.
pub struct Flight<'a> {
    cache: &'a ResponseCache,
    key: String,
    lock: Arc<tokio::sync::Mutex<()>>,
    guard: Option<tokio::sync::OwnedMutexGuard<()>>,
}

impl Drop for Flight<'_> {
    fn drop(&mut self) {
        drop(self.guard.take());
        let mut flights = self.cache.flights.lock().unwrap_or_else(|p| p.into_inner());
        // The map's handle and ours: nobody else is waiting, so the key's lock can go.
        if Arc::strong_count(&self.lock) <= 2 {
            flights.remove(&self.key);
        }
    }
}

impl ResponseCache {
    /// A cache of at most `capacity` responses.
    pub fn new(capacity: usize) -> ResponseCache {
        ResponseCache { capacity, inner: Mutex::new(Inner::default()), flights: Mutex::new(HashMap::new()), hits: AtomicU64::new(0), misses: AtomicU64::new(0) }
    }

    /// Counts a request answered from the cache (`true`) or computed (`false`).
    pub fn record(&self, hit: bool) {
        if self.enabled() {
            let counter = if hit { &self.hits } else { &self.misses };
            counter.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Hits and misses so far.
    pub fn stats(&self) -> CacheStats {
        CacheStats { hits: self.hits.load(Ordering::Relaxed), misses: self.misses.load(Ordering::Relaxed) }
    }

    /// Whether responses are cached at all.
    pub fn enabled(&self) -> bool {
        self.capacity > 0
    }

    /// Waits until no other request computes `key`, then returns the right to compute it: the
    /// caller looks the key up again (the one before may have stored it) and computes on a miss.
    pub async fn flight(&self, key: &str) -> Flight<'_> {
        let lock = {
            let mut flights = self.flights.lock().unwrap_or_else(|p| p.into_inner());
            Arc::clone(flights.entry(key.to_string()).or_default())
        };
        let guard = Arc::clone(&lock).lock_owned().await;
        Flight { cache: self, key: key.to_string(), lock, guard: Some(guard) }
    }

    /// The body stored for `key` by index generation `generation`, if still fresh.
    pub fn get(&self, key: &str, generation: u64) -> Option<Bytes> {
        if self.capacity == 0 {
            return None;
        }
        let inner = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        let entry = inner.entries.get(key)?;
        (entry.generation == generation && entry.created.elapsed() < TTL).then(|| entry.body.clone())
    }

    /// Stores a body, evicting the oldest entries beyond capacity.
    pub fn put(&self, key: String, generation: u64, body: Bytes) {
        if self.capacity == 0 {
            return;
        }
        let mut inner = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        if inner.entries.insert(key.clone(), Entry { generation, created: Instant::now(), body }).is_none() {
            inner.order.push_back(key);
        }
        while inner.entries.len() > self.capacity {
            match inner.order.pop_front() {
                Some(oldest) => {
                    inner.entries.remove(&oldest);
                }
                None => break,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn concurrent_misses_of_a_key_compute_once() {
        let cache = Arc::new(ResponseCache::new(4));
        let computed = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let mut tasks = Vec::new();
        for _ in 0..8 {
            let (cache, computed) = (Arc::clone(&cache), Arc::clone(&computed));
            tasks.push(tokio::spawn(async move {
                if let Some(body) = cache.get("k", 1) {
                    return body;
                }
                let _flight = cache.flight("k").await;
                if let Some(body) = cache.get("k", 1) {
                    return body;
                }
                computed.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(20)).await;
                let body = Bytes::from_static(b"K");
                cache.put("k".into(), 1, body.clone());
                body
            }));
        }
        for task in tasks {
            assert_eq!(task.await.unwrap().as_ref(), b"K");
        }
        assert_eq!(computed.load(std::sync::atomic::Ordering::SeqCst), 1);
        assert!(cache.flights.lock().unwrap().is_empty(), "flights are cleaned up");
    }

    #[test]
    fn entries_die_with_their_generation_and_capacity() {
        let cache = ResponseCache::new(2);
        cache.put("a".into(), 1, Bytes::from_static(b"A"));
        assert_eq!(cache.get("a", 1).as_deref(), Some(&b"A"[..]));
        assert_eq!(cache.get("a", 2), None);
        cache.put("b".into(), 1, Bytes::from_static(b"B"));
        cache.put("c".into(), 1, Bytes::from_static(b"C"));
        assert_eq!(cache.get("a", 1), None);
        assert!(cache.get("c", 1).is_some());
        let off = ResponseCache::new(0);
        off.put("a".into(), 1, Bytes::from_static(b"A"));
        assert_eq!(off.get("a", 1), None);
    }
}
