//! Search analytics of a board operator: which queries people type (normalised, never with
//! anything that could name a person), how many offers they found, and which position of the
//! list they opened.
//!
//! Nothing about the person is kept: no address, session or account, and no time finer than the
//! UTC day. Queries are folded (case, diacritics, spaces) and a query that looks like personal data
//! (an e-mail address, a phone or id number: six digits or more) is counted as withheld.
//!
//! Counting must not cost the list a disk flush, so events are added to in-memory counters and
//! [`SearchAnalytics::flush`] (called by the server's flusher thread and on shutdown) moves them
//! into the store in one transaction + flush. A `kill -9` loses at most one interval, like views.
//!
//! Keys: `analytics/{tenant}/q/{day}/{query}` → `{searches, lastTotal}` and
//! `analytics/{tenant}/c/{day}/{position}` → clicks, `{day}` being days since 1970 (6 digits).
#![warn(missing_docs)]

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, MutexGuard};

use serde::{Deserialize, Serialize};
use wakat_store::{json, KvStore, StoreError};

/// Longest normalised query kept (longer ones are cut).
pub const MAX_QUERY_CHARS: usize = 100;
/// Deepest list position counted.
pub const MAX_POSITION: u32 = 1000;
/// What a query that looks like personal data is counted as.
pub const WITHHELD: &str = "(withheld)";

/// Day number (UTC days since 1970) of a Unix time.
pub fn day_of(unix_seconds: i64) -> u32 {
    (unix_seconds.max(0) / 86_400) as u32
}

/// The form a query is counted under: folded, words separated by one space, at most
/// [`MAX_QUERY_CHARS`]; [`WITHHELD`] when it looks like personal data; `None` when blank.
pub fn normalise(query: &str) -> Option<String> {
    let folded = wakat_core::text::fold(query);
    let words: Vec<&str> = folded.split_whitespace().collect();
    if words.is_empty() {
        return None;
    }
    let personal = words.iter().any(|w| w.contains('@') && w.contains('.')) || longest_digit_run(&folded) >= 6;
    if personal {
        return Some(WITHHELD.to_string());
    }
    Some(words.join(" ").chars().take(MAX_QUERY_CHARS).collect::<String>().trim_end().to_string())
}

fn longest_digit_run(text: &str) -> usize {
    // Phone numbers are often written with spaces or dashes between the groups.
    let mut longest = 0;
    let mut run = 0;
    for c in text.chars() {
        if c.is_ascii_digit() {
            run += 1;
            longest = longest.max(run);
        } else if !matches!(c, ' ' | '-' | '.' | '(' | ')' | '+') {
            run = 0;
        }
    }
    longest
}

/// The counters of one query on one day.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QueryDay {
    /// Searches (first pages of a list).
    pub searches: u64,
    /// Offers the latest search found.
    pub last_total: Option<u64>,
}

#[derive(Default)]
struct Pending {
    queries: HashMap<(String, u32, String), QueryDay>,
    clicks: HashMap<(String, u32, u32), u64>,
}

/// Counts searches and clicks, in memory until [`SearchAnalytics::flush`].
pub struct SearchAnalytics {
    kv: Arc<dyn KvStore>,
    pending: Mutex<Pending>,
    flushing: Mutex<()>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn query_key(tenant: &str, day: u32, query: &str) -> Vec<u8> {
    format!("analytics/{tenant}/q/{day:06}/{query}").into_bytes()
}

fn click_key(tenant: &str, day: u32, position: u32) -> Vec<u8> {
    format!("analytics/{tenant}/c/{day:06}/{position:04}").into_bytes()
}

/// A period's figures for one board.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Report {
    /// Searches in the period.
    pub searches: u64,
    /// Queries by searches, most first: (query, searches, offers its latest search found).
    pub top_queries: Vec<(String, u64, Option<u64>)>,
    /// Queries whose latest search found nothing, most searched first: (query, searches).
    pub zero_result_queries: Vec<(String, u64)>,
    /// Clicks per list position (1-based), in position order.
    pub clicks_by_position: Vec<(u32, u64)>,
}

impl SearchAnalytics {
    /// Counts into `kv`.
    pub fn new(kv: Arc<dyn KvStore>) -> SearchAnalytics {
        SearchAnalytics { kv, pending: Mutex::new(Pending::default()), flushing: Mutex::new(()) }
    }

    /// A search (the first page of a list) for a query; `total` when known (a cached answer's
    /// total is not: the previous one stands).
    pub fn record_search(&self, tenant: &str, query: &str, total: Option<u64>, now: i64) {
        let Some(query) = normalise(query) else { return };
        let mut pending = lock(&self.pending);
        let counters = pending.queries.entry((tenant.to_string(), day_of(now), query)).or_default();
        counters.searches += 1;
        if total.is_some() {
            counters.last_total = total;
        }
    }

    /// The number of offers a query found, without counting a search (the list computed it; the
    /// search itself was counted by [`Self::record_search`], cached answers included).
    pub fn record_total(&self, tenant: &str, query: &str, total: u64, now: i64) {
        let Some(query) = normalise(query) else { return };
        lock(&self.pending).queries.entry((tenant.to_string(), day_of(now), query)).or_default().last_total = Some(total);
    }

    /// An offer opened from position `position` (1-based) of a list.
    pub fn record_click(&self, tenant: &str, position: u32, now: i64) {
        if !(1..=MAX_POSITION).contains(&position) {
            return;
        }
        *lock(&self.pending).clicks.entry((tenant.to_string(), day_of(now), position)).or_default() += 1;
    }

    /// Events not yet in the store.
    pub fn pending(&self) -> usize {
        let pending = lock(&self.pending);
        pending.queries.len() + pending.clicks.len()
    }

    /// Adds what is pending to the store in one transaction, then flushes it. On failure the
    /// events stay pending for the next flush.
    pub fn flush(&self) -> Result<usize, StoreError> {
        let _one = lock(&self.flushing);
        let taken = std::mem::take(&mut *lock(&self.pending));
        let mut ops = Vec::with_capacity(taken.queries.len() + taken.clicks.len());
        let written = (|| -> Result<(), StoreError> {
            for ((tenant, day, query), add) in &taken.queries {
                let key = query_key(tenant, *day, query);
                // A damaged counter restarts from zero rather than blocking every later flush.
                let mut stored: QueryDay = self.kv.get(&key)?.and_then(|v| json::decode(&key, &v).ok()).unwrap_or_default();
                stored.searches += add.searches;
                if add.last_total.is_some() {
                    stored.last_total = add.last_total;
                }
                ops.push(json::put(key, &stored)?);
            }
            for ((tenant, day, position), add) in &taken.clicks {
                let key = click_key(tenant, *day, *position);
                let stored: u64 = self.kv.get(&key)?.and_then(|v| json::decode(&key, &v).ok()).unwrap_or(0);
                ops.push(json::put(key, &(stored + add))?);
            }
            if !ops.is_empty() {
                self.kv.commit(ops.clone())?;
            }
            Ok(())
        })();
        if let Err(error) = written {
            // Put them back, merged with what arrived meanwhile.
            let mut pending = lock(&self.pending);
            for (key, add) in taken.queries {
                let counters = pending.queries.entry(key).or_default();
                counters.searches += add.searches;
                counters.last_total = counters.last_total.or(add.last_total);
            }
            for (key, add) in taken.clicks {
                *pending.clicks.entry(key).or_default() += add;
            }
            return Err(error);
        }
        Ok(ops.len())
    }

    /// The figures of days `from_day..=to_day` for a board (stored ones: flush first).
    pub fn report(&self, tenant: &str, from_day: u32, to_day: u32, top: usize) -> Result<Report, StoreError> {
        let mut queries: BTreeMap<String, (u64, Option<u64>, u32)> = BTreeMap::new();
        let prefix = format!("analytics/{tenant}/q/");
        for entry in self.kv.scan_prefix_from(prefix.as_bytes(), format!("{prefix}{from_day:06}/").as_bytes()) {
            let (key, value) = entry?;
            let Ok(key) = String::from_utf8(key) else { continue };
            let Some((day, query)) = key[prefix.len()..].split_once('/') else { continue };
            let Ok(day) = day.parse::<u32>() else { continue };
            if day > to_day {
                break;
            }
            let Ok(counters) = json::decode::<QueryDay>(key.as_bytes(), &value) else { continue };
            let entry = queries.entry(query.to_string()).or_insert((0, None, 0));
            entry.0 += counters.searches;
            // The latest day's total is the query's current answer.
            if counters.last_total.is_some() && day >= entry.2 {
                entry.1 = counters.last_total;
                entry.2 = day;
            }
        }
        let mut clicks: BTreeMap<u32, u64> = BTreeMap::new();
        let prefix = format!("analytics/{tenant}/c/");
        for entry in self.kv.scan_prefix_from(prefix.as_bytes(), format!("{prefix}{from_day:06}/").as_bytes()) {
            let (key, value) = entry?;
            let Ok(key) = String::from_utf8(key) else { continue };
            let Some((day, position)) = key[prefix.len()..].split_once('/') else { continue };
            let (Ok(day), Ok(position)) = (day.parse::<u32>(), position.parse::<u32>()) else { continue };
            if day > to_day {
                break;
            }
            *clicks.entry(position).or_default() += json::decode::<u64>(key.as_bytes(), &value).unwrap_or(0);
        }
        let searches = queries.values().map(|q| q.0).sum();
        let mut top_queries: Vec<(String, u64, Option<u64>)> = queries.iter().map(|(q, (n, total, _))| (q.clone(), *n, *total)).collect();
        top_queries.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        let mut zero_result_queries: Vec<(String, u64)> = top_queries.iter().filter(|q| q.2 == Some(0)).map(|q| (q.0.clone(), q.1)).collect();
        top_queries.truncate(top);
        zero_result_queries.truncate(top);
        Ok(Report { searches, top_queries, zero_result_queries, clicks_by_position: clicks.into_iter().collect() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wakat_store::MemoryStore;

    #[test]
    fn queries_are_folded_and_personal_data_withheld() {
        assert_eq!(normalise("  Programista   JAVA  Kraków "), Some("programista java krakow".into()));
        assert_eq!(normalise("   "), None);
        assert_eq!(normalise("jan.kowalski@example.pl"), Some(WITHHELD.into()));
        assert_eq!(normalise("call 600 123 456"), Some(WITHHELD.into()));
        assert_eq!(normalise("pesel 85010112345"), Some(WITHHELD.into()));
        assert_eq!(normalise("java 17 spring 3"), Some("java 17 spring 3".into()));
        assert_eq!(normalise(&"x".repeat(500)).unwrap().chars().count(), MAX_QUERY_CHARS);
    }

    #[test]
    fn counts_survive_flushes_and_report_by_period() {
        let kv: Arc<dyn KvStore> = Arc::new(MemoryStore::new());
        let analytics = SearchAnalytics::new(kv.clone());
        let day = 20_000 * 86_400;
        analytics.record_search("it", "Java", Some(120), day);
        analytics.record_search("it", "java ", None, day);
        analytics.record_search("it", "pyhtonn", Some(0), day);
        analytics.record_search("work", "kierowca", Some(3), day);
        analytics.record_click("it", 1, day);
        analytics.record_click("it", 1, day);
        analytics.record_click("it", 3, day);
        analytics.record_click("it", 0, day);
        assert_eq!(analytics.flush().unwrap(), 5);
        analytics.record_search("it", "java", Some(118), day + 86_400);
        analytics.flush().unwrap();
        // A new recorder on the same store sees everything.
        let again = SearchAnalytics::new(kv);
        let report = again.report("it", 20_000, 20_001, 10).unwrap();
        assert_eq!(report.searches, 4);
        assert_eq!(report.top_queries[0], ("java".to_string(), 3, Some(118)));
        assert_eq!(report.zero_result_queries, vec![("pyhtonn".to_string(), 1)]);
        assert_eq!(report.clicks_by_position, vec![(1, 2), (3, 1)]);
        assert_eq!(again.report("it", 20_001, 20_001, 10).unwrap().searches, 1, "the period bounds the days");
        assert_eq!(again.report("work", 20_000, 20_001, 10).unwrap().top_queries.len(), 1, "boards apart");
    }
}
