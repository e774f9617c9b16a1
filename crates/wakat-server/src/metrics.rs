//! Prometheus metrics of `GET /metrics` (OpenMetrics text, which Prometheus scrapes natively).
//!
//! Request counts and latencies are recorded as requests finish, labelled by the matched route
//! pattern (never the raw path, so the series stay few), method and status class. Everything
//! else (cache, index, store, search threads, rate limits, views) is read when scraped.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use prometheus_client::collector::Collector;
use prometheus_client::encoding::{DescriptorEncoder, EncodeLabelSet, EncodeMetric};
use prometheus_client::metrics::counter::{ConstCounter, Counter};
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::ConstGauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::metrics::MetricType;
use prometheus_client::registry::Registry;
use wakat_engine::Engine;

use crate::cache::ResponseCache;
use crate::ratelimit::{RateClass, RateLimits};
use wakat_app::views::ViewCounter;

/// Content type of the exposition.
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// Route label of requests no route matched (their paths are not labels: anyone can invent them).
pub const UNMATCHED_ROUTE: &str = "unmatched";

/// Labels of the HTTP series.
#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct HttpLabels {
    method: String,
    route: String,
    status: &'static str,
}

fn status_class(status: u16) -> &'static str {
    match status {
        100..=199 => "1xx",
        200..=299 => "2xx",
        300..=399 => "3xx",
        400..=499 => "4xx",
        _ => "5xx",
    }
}

type LatencyFamily = Family<HttpLabels, Histogram, fn() -> Histogram>;

fn latency_histogram() -> Histogram {
    // 0.5 ms … ~16 s.
    Histogram::new(exponential_buckets(0.0005, 2.0, 16))
}

/// The registry and the series recorded per request.
pub struct Metrics {
    registry: Registry,
    requests: Family<HttpLabels, Counter>,
    latency: LatencyFamily,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Metrics").finish_non_exhaustive()
    }
}

/// What the scrape-time series are read from.
#[derive(Clone)]
pub struct Sources {
    /// The engine (index and store).
    pub engine: Arc<Engine>,
    /// The response cache.
    pub cache: Arc<ResponseCache>,
    /// The rate limiters.
    pub limits: Arc<RateLimits>,
    /// The view counter.
    pub views: Arc<ViewCounter>,
    /// The durable mail queue.
    pub mail_queue: Arc<wakat_mail::MailQueue>,
    /// The chat's hub, once running.
    pub hub: crate::chat_hub::HubHandle,
    /// The assistant's hub, once running.
    pub assistant_hub: crate::assistant_hub::AssistantHubHandle,
}

impl Metrics {
    /// A registry with the request series and the scrape-time ones of `sources`.
    pub fn new(sources: Sources) -> Metrics {
        let mut registry = Registry::with_prefix("wakat");
        let requests = Family::<HttpLabels, Counter>::default();
        registry.register("http_requests", "HTTP requests answered, by route pattern, method and status class", requests.clone());
        let latency = LatencyFamily::new_with_constructor(latency_histogram);
        registry.register("http_request_duration_seconds", "Time from request to response head, by route pattern, method and status class", latency.clone());
        registry.register_collector(Box::new(ScrapeTime { sources }));
        Metrics { registry, requests, latency }
    }

    /// Records one answered request.
    pub fn observe(&self, method: &str, route: Option<&str>, status: u16, elapsed: Duration) {
        let labels = HttpLabels { method: method.to_string(), route: route.unwrap_or(UNMATCHED_ROUTE).to_string(), status: status_class(status) };
        self.requests.get_or_create(&labels).inc();
        self.latency.get_or_create(&labels).observe(elapsed.as_secs_f64());
    }

    /// The exposition text. Reads the disk (store and index sizes): call it off the async threads.
    pub fn render(&self) -> Result<String, std::fmt::Error> {
        let mut text = String::with_capacity(16 * 1024);
        prometheus_client::encoding::text::encode(&mut text, &self.registry)?;
        Ok(text)
    }
}

/// Series computed when scraped.
struct ScrapeTime {
    sources: Sources,
}

impl std::fmt::Debug for ScrapeTime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ScrapeTime").finish_non_exhaustive()
    }
}

fn counter(encoder: &mut DescriptorEncoder, name: &str, help: &str, value: u64) -> Result<(), std::fmt::Error> {
    ConstCounter::new(value).encode(encoder.encode_descriptor(name, help, None, MetricType::Counter)?)
}

fn gauge(encoder: &mut DescriptorEncoder, name: &str, help: &str, value: i64) -> Result<(), std::fmt::Error> {
    ConstGauge::new(value).encode(encoder.encode_descriptor(name, help, None, MetricType::Gauge)?)
}

fn to_i64<T: TryInto<i64>>(value: T) -> i64 {
    value.try_into().unwrap_or(i64::MAX)
}

/// Bytes of the files under `dir` (0 when it cannot be read).
fn disk_bytes(dir: &Path) -> u64 {
    let mut total = 0;
    let mut pending: Vec<PathBuf> = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            match entry.metadata() {
                Ok(meta) if meta.is_dir() => pending.push(entry.path()),
                Ok(meta) => total += meta.len(),
                Err(_) => {}
            }
        }
    }
    total
}

/// The series of one hub: `{prefix}_connections`, `{prefix}_invocations{method}`, slow readers
/// dropped, time-outs, rate-limited invocations, oversized frames.
fn hub_series(encoder: &mut DescriptorEncoder, prefix: &str, hub_name: &str, hub: &wakat_hub::HubMetrics) -> Result<(), std::fmt::Error> {
    gauge(encoder, &format!("{prefix}_connections"), &format!("Open connections of the {hub_name} (past their handshake)"), to_i64(hub.open_connections))?;
    let (name, help) = (format!("{prefix}_invocations"), format!("Invocations of the {hub_name} received, by method"));
    let mut invocations = encoder.encode_descriptor(&name, &help, None, MetricType::Counter)?;
    for (method, count) in &hub.invocations {
        ConstCounter::new(*count).encode(invocations.encode_family(&[("method", method.as_str())])?)?;
    }
    counter(
        encoder,
        &format!("{prefix}_dropped_slow_readers"),
        &format!("Connections of the {hub_name} closed because their send queue was full"),
        hub.dropped_slow_readers,
    )?;
    counter(
        encoder,
        &format!("{prefix}_closed_by_timeout"),
        &format!("Connections of the {hub_name} closed for a missing handshake or silence"),
        hub.closed_by_timeout,
    )?;
    counter(encoder, &format!("{prefix}_rate_limited"), &format!("Invocations of the {hub_name} refused by the per-user rate limit"), hub.rate_limited)?;
    counter(
        encoder,
        &format!("{prefix}_oversized_messages"),
        &format!("Connections of the {hub_name} closed for a frame over the size limit"),
        hub.oversized_messages,
    )
}

impl Collector for ScrapeTime {
    fn encode(&self, mut encoder: DescriptorEncoder) -> Result<(), std::fmt::Error> {
        let Sources { engine, cache, limits, views, mail_queue, hub, assistant_hub } = &self.sources;
        let cache = cache.stats();
        counter(&mut encoder, "response_cache_hits", "Requests answered from the response cache", cache.hits)?;
        counter(&mut encoder, "response_cache_misses", "Requests the response cache did not hold (computed)", cache.misses)?;
        counter(&mut encoder, "response_cache_evictions", "Entries pushed out of the response cache to make room", cache.evictions)?;
        gauge(&mut encoder, "response_cache_bytes", "Bytes held by the response cache (keys, bodies, overhead)", to_i64(cache.bytes))?;
        gauge(&mut encoder, "response_cache_max_bytes", "Byte budget of the response cache", to_i64(cache.max_bytes))?;
        gauge(&mut encoder, "response_cache_entries", "Entries held by the response cache", to_i64(cache.entries))?;

        let index = &engine.index;
        gauge(&mut encoder, "index_generation", "Generation of the index searches see (changes with every commit)", to_i64(index.generation()))?;
        gauge(&mut encoder, "index_documents", "Documents (offer locations) searches see", to_i64(index.num_docs()))?;
        let data_dir = &engine.settings.storage.data_dir;
        gauge(&mut encoder, "index_disk_bytes", "Size of the index directory", to_i64(disk_bytes(&data_dir.join("index"))))?;
        gauge(&mut encoder, "store_disk_bytes", "Size of the store directory", to_i64(disk_bytes(&data_dir.join("store"))))?;

        let search = index.stats();
        gauge(&mut encoder, "index_writer_queue_depth", "Writes waiting for the index writer thread", to_i64(search.writer_queue))?;
        gauge(&mut encoder, "search_running", "Searches running now", to_i64(search.running))?;
        gauge(&mut encoder, "search_threads", "Threads of the search pool", to_i64(search.search_threads))?;
        let mut searches =
            encoder.encode_descriptor("search_queries", "Searches done, by where they ran (pool: split over the search threads)", None, MetricType::Counter)?;
        for executor in wakat_search::SearchExecutor::ALL {
            ConstCounter::new(search.searches[executor as usize]).encode(searches.encode_family(&[("executor", executor.name())])?)?;
        }
        let mut busy = encoder.encode_descriptor(
            "search_busy_seconds",
            "Thread time spent searching; the pool's rate over search_threads is its utilisation",
            None,
            MetricType::Counter,
        )?;
        for executor in wakat_search::SearchExecutor::ALL {
            ConstCounter::new(search.busy[executor as usize].as_secs_f64()).encode(busy.encode_family(&[("executor", executor.name())])?)?;
        }

        let filters = search.filter_cache;
        counter(&mut encoder, "filter_cache_hits", "Filtering clauses answered from their cached bits (per segment)", filters.hits)?;
        counter(&mut encoder, "filter_cache_misses", "Filtering clauses read from the index and cached (per segment)", filters.misses)?;
        gauge(&mut encoder, "filter_cache_entries", "Cached bits of filtering clauses (per segment)", to_i64(filters.entries))?;
        gauge(&mut encoder, "filter_cache_bytes", "Bytes of the cached bits of filtering clauses", to_i64(filters.bytes))?;

        let mut refused = encoder.encode_descriptor("rate_limited", "Requests refused with 429, by route class", None, MetricType::Counter)?;
        for class in RateClass::ALL {
            ConstCounter::new(limits.refused(class)).encode(refused.encode_family(&[("class", class.name())])?)?;
        }
        gauge(&mut encoder, "rate_limit_clients", "Clients the rate limiters remember", to_i64(limits.tracked_clients()))?;
        gauge(&mut encoder, "views_pending", "Offer views counted and not yet written to the store", to_i64(views.pending()))?;

        let mail = mail_queue.stats();
        gauge(&mut encoder, "mail_pending", "Mails recorded and not yet handed to the mail server", to_i64(mail.pending))?;
        counter(&mut encoder, "mail_sent", "Mails the mail server accepted since start", mail.sent)?;
        counter(&mut encoder, "mail_failed", "Mails refused for good since start", mail.failed)?;
        gauge(
            &mut encoder,
            "mail_in_doubt",
            "Mails found at start between their handover mark and the server's answer (a crash came there): delivered or lost, not sent again",
            to_i64(mail.in_doubt),
        )?;
        gauge(
            &mut encoder,
            "mail_handover_gap_max_microseconds",
            "Longest gap between a mail's durable mark and its final hand-over",
            to_i64(mail.handover_gap_max_micros),
        )?;
        if let Some(hub) = hub.get() {
            hub_series(&mut encoder, "hub", "chat hub", &hub.metrics())?;
        }
        if let Some(hub) = assistant_hub.get() {
            hub_series(&mut encoder, "assistant_hub", "assistant hub", &hub.metrics())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_classes() {
        assert_eq!([status_class(101), status_class(200), status_class(304), status_class(429), status_class(503)], ["1xx", "2xx", "3xx", "4xx", "5xx"]);
    }

    #[test]
    fn disk_bytes_adds_up_nested_files() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("a")).unwrap();
        std::fs::write(dir.path().join("a/x"), [0u8; 100]).unwrap();
        std::fs::write(dir.path().join("y"), [0u8; 20]).unwrap();
        assert_eq!(disk_bytes(dir.path()), 120);
        assert_eq!(disk_bytes(&dir.path().join("missing")), 0);
    }
}
