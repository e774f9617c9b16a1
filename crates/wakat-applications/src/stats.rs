//! Per-offer, per-day counters of the employer's statistics: views, applications and counted
//! external-apply redirects.
//!
//! Each counter of a day has its own key, written by exactly one writer, so no two writers ever
//! read-modify-write the same key:
//!
//! - applications by [`crate::ApplicationStore::submit`], under its offer lock, in the same
//!   transaction as the application (a stored application is always counted, and only once);
//! - redirects by [`crate::RedirectStore::track`], under its offer lock, in the redirect's
//!   transaction (only counted redirects: a throttled repeat is not counted here either);
//! - views by [`OfferStats::flush`]: views are counted in memory by [`OfferStats::record_view`]
//!   and written in one transaction + fsync every interval (like the offer's total views), so a
//!   visitor cannot turn page views into disk flushes. A `kill -9` loses at most one interval.
//!
//! Days are UTC days; keys sort by day, so a date range of an offer is one prefix scan.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use wakat_store::{KvStore, StoreError, WriteOp};

use crate::error::{ApplicationsError, Result};
use crate::keys::{self, OFFER_STATS};

/// Which counter of a day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Counter {
    /// `v`: views from `POST /v1/views`.
    Views,
    /// `a`: applications through the form or one-click.
    Applications,
    /// `r`: counted external-apply redirects.
    Redirects,
}

impl Counter {
    fn suffix(self) -> &'static str {
        match self {
            Counter::Views => "v",
            Counter::Applications => "a",
            Counter::Redirects => "r",
        }
    }
}

/// The counters of one offer on one day (or summed over days).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DayCounts {
    /// Views.
    pub views: u64,
    /// Applications.
    pub applications: u64,
    /// Counted external-apply redirects.
    pub redirects: u64,
}

impl DayCounts {
    /// Adds another day's counts.
    pub fn add(&mut self, other: &DayCounts) {
        self.views = self.views.saturating_add(other.views);
        self.applications = self.applications.saturating_add(other.applications);
        self.redirects = self.redirects.saturating_add(other.redirects);
    }

    /// Applications per view; `None` without views (a rate of nothing is not zero).
    pub fn application_rate(&self) -> Option<f64> {
        rate(self.applications, self.views)
    }

    /// Redirects per view; `None` without views.
    pub fn redirect_rate(&self) -> Option<f64> {
        rate(self.redirects, self.views)
    }

    /// Whether every counter is zero.
    pub fn is_empty(&self) -> bool {
        *self == DayCounts::default()
    }

    fn get_mut(&mut self, counter: Counter) -> &mut u64 {
        match counter {
            Counter::Views => &mut self.views,
            Counter::Applications => &mut self.applications,
            Counter::Redirects => &mut self.redirects,
        }
    }
}

/// `part / whole` rounded to four decimals (0.0123 = 1.23 %), `None` when `whole` is 0.
fn rate(part: u64, whole: u64) -> Option<f64> {
    (whole > 0).then(|| (part as f64 / whole as f64 * 10_000.0).round() / 10_000.0)
}

/// The UTC day of Unix seconds as `YYYY-MM-DD`.
pub fn utc_day(at: i64) -> String {
    let date = time::OffsetDateTime::from_unix_timestamp(at).unwrap_or(time::OffsetDateTime::UNIX_EPOCH).date();
    format!("{:04}-{:02}-{:02}", date.year(), u8::from(date.month()), date.day())
}

fn counter_key(tenant: &str, slug: &str, day: &str, counter: Counter) -> Vec<u8> {
    keys::key(OFFER_STATS, &[tenant, slug, day, counter.suffix()])
}

fn decode_count(key: &[u8], value: &[u8]) -> Result<u64> {
    let bytes: [u8; 8] = value.try_into().map_err(|_| ApplicationsError::corrupt(key, format!("expected 8 bytes of u64, found {}", value.len())))?;
    Ok(u64::from_be_bytes(bytes))
}

/// The op adding `n` to a counter; the caller holds the lock that makes it the key's only writer.
pub(crate) fn add_op(kv: &dyn KvStore, tenant: &str, slug: &str, at: i64, counter: Counter, n: u64) -> Result<WriteOp> {
    let key = counter_key(tenant, slug, &utc_day(at), counter);
    let current = kv.get(&key)?.map_or(Ok(0), |value| decode_count(&key, &value))?;
    Ok(WriteOp::Put { value: current.saturating_add(n).to_be_bytes().to_vec(), key })
}

/// (tenant, slug, day) of pending views.
type PendingKey = (String, String, String);

/// Reads the daily counters and counts views in memory until they are flushed.
pub struct OfferStats {
    kv: Arc<dyn KvStore>,
    pending: Mutex<HashMap<PendingKey, u64>>,
    /// One flush at a time: the flush is the only writer of view counters.
    flushing: Mutex<()>,
}

impl std::fmt::Debug for OfferStats {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.debug_struct("OfferStats").finish_non_exhaustive()
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // The map is changed by whole operations only, so a panicking holder leaves it usable.
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl OfferStats {
    /// Statistics on `kv` (the engine the application and redirect stores write to).
    pub fn new(kv: Arc<dyn KvStore>) -> OfferStats {
        OfferStats { kv, pending: Mutex::new(HashMap::new()), flushing: Mutex::new(()) }
    }

    /// Counts one view of the offer `slug` (the offer's own slug) at `at` (Unix seconds).
    pub fn record_view(&self, tenant: &str, slug: &str, at: i64) -> Result<()> {
        let (tenant, slug) = (keys::tenant(tenant)?, keys::slug(slug)?);
        *lock(&self.pending).entry((tenant.to_string(), slug.to_string(), utc_day(at))).or_insert(0) += 1;
        Ok(())
    }

    /// Views counted and not yet written.
    pub fn pending_views(&self) -> u64 {
        lock(&self.pending).values().sum()
    }

    /// Writes the pending views in one transaction + flush; returns how many day counters were
    /// written. On failure the views stay pending for the next flush.
    pub fn flush(&self) -> std::result::Result<usize, StoreError> {
        let _one_flush = lock(&self.flushing);
        let batch: Vec<(PendingKey, u64)> = std::mem::take(&mut *lock(&self.pending)).into_iter().collect();
        if batch.is_empty() {
            return Ok(0);
        }
        let written = (|| -> Result<usize> {
            let mut ops = Vec::with_capacity(batch.len());
            for ((tenant, slug, day), n_views) in &batch {
                let key = counter_key(tenant, slug, day, Counter::Views);
                let current = self.kv.get(&key)?.map_or(Ok(0), |value| decode_count(&key, &value))?;
                ops.push(WriteOp::Put { value: current.saturating_add(*n_views).to_be_bytes().to_vec(), key });
            }
            self.kv.commit(ops)?;
            Ok(batch.len())
        })();
        written.map_err(|error| {
            let mut pending = lock(&self.pending);
            for (key, n_views) in batch {
                *pending.entry(key).or_insert(0) += n_views;
            }
            match error {
                ApplicationsError::Store(store) => store,
                other => StoreError::Encode { key: "offer-stats".into(), reason: other.to_string() },
            }
        })
    }

    /// The counters of an offer on each day from `from` to `to` (inclusive, `YYYY-MM-DD`) that
    /// has any, written and pending, by day.
    pub fn daily(&self, tenant: &str, slug: &str, from: &str, to: &str) -> Result<BTreeMap<String, DayCounts>> {
        let (tenant, slug) = (keys::tenant(tenant)?, keys::slug(slug)?);
        // Days sort as text: scanning the days' common prefix ("2026-1" for Oct–Nov) reads little
        // beyond the range.
        let common = from.bytes().zip(to.bytes()).take_while(|(a, b)| a == b).count();
        let mut prefix = keys::prefix(OFFER_STATS, &[tenant, slug]);
        let prefix_len = prefix.len();
        prefix.extend_from_slice(&from.as_bytes()[..common]);
        let mut days: BTreeMap<String, DayCounts> = BTreeMap::new();
        for entry in self.kv.scan_prefix(&prefix) {
            let (key, value) = entry?;
            let rest = std::str::from_utf8(&key[prefix_len..]).map_err(|error| ApplicationsError::corrupt(&key, error))?;
            let Some((day, suffix)) = rest.split_once('/') else { return Err(ApplicationsError::corrupt(&key, "a counter key without its kind")) };
            if day < from || day > to {
                continue;
            }
            let counter = match suffix {
                "v" => Counter::Views,
                "a" => Counter::Applications,
                "r" => Counter::Redirects,
                _ => return Err(ApplicationsError::corrupt(&key, "an unknown counter")),
            };
            *days.entry(day.to_string()).or_default().get_mut(counter) += decode_count(&key, &value)?;
        }
        for ((pending_tenant, pending_slug, day), n_views) in lock(&self.pending).iter() {
            if pending_tenant == tenant && pending_slug == slug && day.as_str() >= from && day.as_str() <= to {
                days.entry(day.clone()).or_default().views += n_views;
            }
        }
        Ok(days)
    }

    /// The offer's counters summed over every day.
    pub fn totals(&self, tenant: &str, slug: &str) -> Result<DayCounts> {
        let mut totals = DayCounts::default();
        for counts in self.daily(tenant, slug, "0000-00-00", "9999-99-99")?.values() {
            totals.add(counts);
        }
        Ok(totals)
    }
}

#[cfg(test)]
mod tests {
    use wakat_store::MemoryStore;

    use super::*;

    const DAY: i64 = 86_400;
    /// 2026-11-26T12:00:00Z.
    const NOON: i64 = 1_795_694_400;

    #[test]
    fn days_are_utc_dates() {
        assert_eq!(utc_day(NOON), "2026-11-26");
        assert_eq!(utc_day(NOON + 12 * 3600 - 1), "2026-11-26");
        assert_eq!(utc_day(NOON + 12 * 3600), "2026-11-27");
        assert_eq!(utc_day(0), "1970-01-01");
    }

    #[test]
    fn views_are_written_by_the_flush_and_counted_before_it() {
        let kv: Arc<dyn KvStore> = Arc::new(MemoryStore::new());
        let stats = OfferStats::new(kv.clone());
        for _ in 0..3 {
            stats.record_view("it", "a", NOON).unwrap();
        }
        stats.record_view("it", "a", NOON + DAY).unwrap();
        stats.record_view("pl", "a", NOON).unwrap();
        let before = stats.daily("it", "a", "2026-11-01", "2026-11-30").unwrap();
        assert_eq!(before["2026-11-26"].views, 3);
        assert_eq!(stats.flush().unwrap(), 3);
        assert_eq!(stats.pending_views(), 0);
        stats.record_view("it", "a", NOON).unwrap();
        let after = stats.daily("it", "a", "2026-11-26", "2026-11-26").unwrap();
        assert_eq!((after.len(), after["2026-11-26"].views), (1, 4), "range bounds are inclusive, written + pending");
        assert_eq!(stats.totals("it", "a").unwrap().views, 5);
        assert_eq!(stats.totals("pl", "a").unwrap().views, 1, "boards apart");
        assert!(stats.record_view("it", "a/b", NOON).is_err());
    }

    #[test]
    fn rates_are_per_view_and_absent_without_views() {
        let counts = DayCounts { views: 3, applications: 1, redirects: 0 };
        assert_eq!((counts.application_rate(), counts.redirect_rate()), (Some(0.3333), Some(0.0)));
        assert_eq!(DayCounts { views: 0, applications: 2, redirects: 1 }.application_rate(), None);
    }
}
