//! A small response cache for the hot read calls: the same URL (and language) answered within a
//! few seconds by the same index generation gets the same bytes without searching again.
//!
//! Entries die when the index commits (a new generation) or after [`TTL`], which bounds how stale
//! the time-dependent fields (`isOfferActive`, `isNew`, expiry filtering) can be.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
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
}

impl ResponseCache {
    /// A cache of at most `capacity` responses.
    pub fn new(capacity: usize) -> ResponseCache {
        ResponseCache { capacity, inner: Mutex::new(Inner::default()) }
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
