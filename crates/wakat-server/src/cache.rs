//! A small response cache for the hot read calls: the same request (and language) answered within
//! a few seconds by the same index generation gets the same bytes without searching again.
//!
//! Entries die when the index commits (a new generation) or after [`TTL`], which bounds how stale
//! the time-dependent fields (`isOfferActive`, `isNew`, expiry filtering) can be.
//!
//! The cache is bounded in bytes (`server.response_cache_mb`): each entry costs its key, its body
//! and [`ENTRY_OVERHEAD`], and the least recently used entries go first when a new one would
//! pass the budget. A body larger than an eighth of the budget is not cached at all, so one huge
//! answer cannot empty the cache. `server.response_cache_entries` caps the number of entries too.
//!
//! Keys are opaque strings chosen by the caller (the canonical form of the parsed request).
//!
//! Concurrent misses of one key are computed once ([`ResponseCache::flight`]): when a popular
//! entry expires, the other requests wait for the one search instead of all searching at once.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use actix_web::web::Bytes;

/// Longest life of an entry.
pub const TTL: Duration = Duration::from_secs(10);

/// Bytes an entry costs besides its key and body: the map slot, the recency index node, the
/// shared key and the allocator's headers (measured ≈ 200, rounded up).
pub const ENTRY_OVERHEAD: usize = 256;

struct Entry {
    generation: u64,
    created: Instant,
    body: Bytes,
    /// Position in [`Inner::recency`]: larger is more recently used.
    used: u64,
}

impl Entry {
    fn cost(&self, key: &str) -> usize {
        cost(key, &self.body)
    }

    fn fresh(&self, generation: u64) -> bool {
        self.generation == generation && self.created.elapsed() < TTL
    }
}

fn cost(key: &str, body: &Bytes) -> usize {
    key.len() + body.len() + ENTRY_OVERHEAD
}

#[derive(Default)]
struct Inner {
    entries: HashMap<Arc<str>, Entry>,
    /// Keys by last use, least recent first.
    recency: BTreeMap<u64, Arc<str>>,
    clock: u64,
    bytes: usize,
    /// Newest index generation stored: older entries are dead and go at once.
    generation: u64,
}

impl Inner {
    fn tick(&mut self) -> u64 {
        self.clock += 1;
        self.clock
    }

    fn remove(&mut self, key: &str) {
        if let Some((key, entry)) = self.entries.remove_entry(key) {
            self.recency.remove(&entry.used);
            self.bytes -= entry.cost(&key);
        }
    }

    fn remove_least_recent(&mut self) -> bool {
        match self.recency.pop_first() {
            Some((_, key)) => {
                if let Some(entry) = self.entries.remove(&key) {
                    self.bytes -= entry.cost(&key);
                }
                true
            }
            None => false,
        }
    }

    fn drop_generations_before(&mut self, generation: u64) {
        let dead: Vec<Arc<str>> = self.entries.iter().filter(|(_, e)| e.generation < generation).map(|(k, _)| k.clone()).collect();
        for key in dead {
            self.remove(&key);
        }
    }
}

/// Response bodies bounded in bytes and entries; a zero bound disables it.
pub struct ResponseCache {
    max_bytes: usize,
    max_entries: usize,
    inner: Mutex<Inner>,
    flights: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
    hits: AtomicU64,
    misses: AtomicU64,
    evictions: AtomicU64,
}

/// Counts since start and the current size, for `/health`, `/metrics` and the benchmark.
#[derive(Debug, Clone, Copy, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CacheStats {
    /// Requests answered from the cache.
    pub hits: u64,
    /// Requests computed (with the cache on).
    pub misses: u64,
    /// Entries pushed out to make room (not those that expired).
    pub evictions: u64,
    /// Bytes held now (keys, bodies and per-entry overhead).
    pub bytes: u64,
    /// Entries held now.
    pub entries: u64,
    /// The byte budget.
    pub max_bytes: u64,
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
    /// A cache of at most `max_bytes` and `max_entries` responses (either 0: no cache).
    pub fn new(max_bytes: usize, max_entries: usize) -> ResponseCache {
        ResponseCache {
            max_bytes,
            max_entries,
            inner: Mutex::new(Inner::default()),
            flights: Mutex::new(HashMap::new()),
            hits: AtomicU64::new(0),
            misses: AtomicU64::new(0),
            evictions: AtomicU64::new(0),
        }
    }

    fn inner(&self) -> MutexGuard<'_, Inner> {
        // Every change of `Inner` completes under the lock before a panic could happen.
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Counts a request answered from the cache (`true`) or computed (`false`).
    pub fn record(&self, hit: bool) {
        if self.enabled() {
            let counter = if hit { &self.hits } else { &self.misses };
            counter.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Counts and size now.
    pub fn stats(&self) -> CacheStats {
        let (bytes, entries) = {
            let inner = self.inner();
            (inner.bytes as u64, inner.entries.len() as u64)
        };
        CacheStats {
            hits: self.hits.load(Ordering::Relaxed),
            misses: self.misses.load(Ordering::Relaxed),
            evictions: self.evictions.load(Ordering::Relaxed),
            bytes,
            entries,
            max_bytes: self.max_bytes as u64,
        }
    }

    /// Whether responses are cached at all.
    pub fn enabled(&self) -> bool {
        self.max_bytes > 0 && self.max_entries > 0
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
        if !self.enabled() {
            return None;
        }
        let mut inner = self.inner();
        let fresh = inner.entries.get(key)?.fresh(generation);
        if !fresh {
            inner.remove(key);
            return None;
        }
        let now = inner.tick();
        let entry = inner.entries.get_mut(key)?;
        let before = std::mem::replace(&mut entry.used, now);
        let body = entry.body.clone();
        if let Some(key) = inner.recency.remove(&before) {
            inner.recency.insert(now, key);
        }
        Some(body)
    }

    /// Stores a body computed by index generation `generation`, evicting the least recently used
    /// entries until it fits. Bodies of an older generation than one already stored, and bodies
    /// over an eighth of the budget, are not stored.
    pub fn put(&self, key: String, generation: u64, body: Bytes) {
        let cost = cost(&key, &body);
        if !self.enabled() || cost > self.max_bytes / 8 {
            return;
        }
        let mut inner = self.inner();
        if generation < inner.generation {
            return;
        }
        if generation > inner.generation {
            inner.generation = generation;
            inner.drop_generations_before(generation);
        }
        inner.remove(&key);
        // Entries past their life are dead weight: the least recent ones go first anyway.
        while let Some(oldest) = inner.recency.first_key_value().map(|(_, key)| key.clone()) {
            match inner.entries.get(&oldest) {
                Some(entry) if entry.created.elapsed() < TTL => break,
                _ => inner.remove(&oldest),
            }
        }
        while inner.bytes + cost > self.max_bytes || inner.entries.len() >= self.max_entries {
            if !inner.remove_least_recent() {
                break;
            }
            self.evictions.fetch_add(1, Ordering::Relaxed);
        }
        let used = inner.tick();
        let key: Arc<str> = key.into();
        inner.recency.insert(used, key.clone());
        inner.entries.insert(key, Entry { generation, created: Instant::now(), body, used });
        inner.bytes += cost;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn concurrent_misses_of_a_key_compute_once() {
        let cache = Arc::new(ResponseCache::new(1 << 20, 4));
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
    fn entries_die_with_their_generation() {
        let cache = ResponseCache::new(1 << 20, 16);
        cache.put("a".into(), 1, Bytes::from_static(b"A"));
        assert_eq!(cache.get("a", 1).as_deref(), Some(&b"A"[..]));
        assert_eq!(cache.get("a", 2), None);
        assert_eq!(cache.stats().entries, 0, "a stale entry is dropped when found");
        cache.put("b".into(), 2, Bytes::from_static(b"B"));
        cache.put("c".into(), 3, Bytes::from_static(b"C"));
        assert_eq!(cache.stats().entries, 1, "a newer generation drops the older entries");
        cache.put("d".into(), 2, Bytes::from_static(b"D"));
        assert_eq!(cache.get("d", 2), None, "a late answer of an older generation is not stored");
        let off = ResponseCache::new(0, 16);
        off.put("a".into(), 1, Bytes::from_static(b"A"));
        assert_eq!(off.get("a", 1), None);
        assert!(!ResponseCache::new(1 << 20, 0).enabled());
    }

    #[test]
    fn the_byte_budget_evicts_the_least_recently_used() {
        let body = |byte: u8| Bytes::from(vec![byte; 1000]);
        let entry_cost = 1 + 1000 + ENTRY_OVERHEAD;
        let cache = ResponseCache::new(entry_cost * 8 + 10, 1000);
        for key in ["a", "b", "c", "d", "e", "f", "g", "h"] {
            cache.put(key.into(), 1, body(key.as_bytes()[0]));
        }
        assert_eq!(cache.stats().bytes as usize, entry_cost * 8);
        assert!(cache.get("a", 1).is_some(), "a is now the most recently used");
        cache.put("i".into(), 1, body(b'i'));
        let stats = cache.stats();
        assert_eq!((stats.entries, stats.evictions), (8, 1));
        assert!(stats.bytes as usize <= entry_cost * 8 + 10);
        assert!(cache.get("b", 1).is_none(), "b was the least recently used");
        assert!(cache.get("a", 1).is_some() && cache.get("i", 1).is_some());
        cache.put("a".into(), 1, body(b'A'));
        assert_eq!(cache.stats().bytes as usize, entry_cost * 8, "replacing an entry does not count it twice");
        cache.put("huge".into(), 1, Bytes::from(vec![0; entry_cost * 2]));
        assert!(cache.get("huge", 1).is_none(), "a body over an eighth of the budget is not cached");
        assert_eq!(cache.stats().entries, 8);
    }

    #[test]
    fn the_entry_cap_holds_too() {
        let cache = ResponseCache::new(1 << 20, 2);
        for key in ["a", "b", "c"] {
            cache.put(key.into(), 1, Bytes::from_static(b"x"));
        }
        assert_eq!(cache.stats().entries, 2);
        assert!(cache.get("a", 1).is_none());
    }
}
