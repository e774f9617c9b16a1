//! `/metrics` in the exposition format and request ids echoed in `x-request-id`.

use std::collections::HashMap;

use crate::helpers::{shared_app, spawn_configured};

/// One sample line: `name{labels} value`, with the labels as written.
#[derive(Debug)]
struct Sample {
    name: String,
    labels: String,
    value: f64,
}

/// Parses exposition text, failing on any line that is neither a known comment nor a sample.
fn parse_exposition(text: &str) -> Vec<Sample> {
    let metric_name = |name: &str| {
        !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':') && !name.starts_with(|c: char| c.is_ascii_digit())
    };
    let mut samples = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.last(), Some(&"# EOF"), "OpenMetrics text ends with # EOF");
    for line in &lines[..lines.len() - 1] {
        if let Some(comment) = line.strip_prefix("# ") {
            let mut words = comment.splitn(3, ' ');
            let (kind, name) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
            assert!(matches!(kind, "HELP" | "TYPE" | "UNIT") && metric_name(name), "bad comment line: {line}");
            if kind == "TYPE" {
                let kind = words.next().unwrap_or("");
                assert!(["counter", "gauge", "histogram", "summary", "info", "stateset", "unknown", "gaugehistogram"].contains(&kind), "bad type: {line}");
            }
            continue;
        }
        let (series, value) = line.rsplit_once(' ').unwrap_or_else(|| panic!("no value: {line}"));
        let value: f64 = match value {
            "+Inf" => f64::INFINITY,
            "-Inf" => f64::NEG_INFINITY,
            other => other.parse().unwrap_or_else(|_| panic!("bad value: {line}")),
        };
        let (name, labels) = match series.split_once('{') {
            Some((name, rest)) => {
                let labels = rest.strip_suffix('}').unwrap_or_else(|| panic!("unclosed labels: {line}"));
                for pair in split_labels(labels) {
                    let (key, quoted) = pair.split_once('=').unwrap_or_else(|| panic!("bad label: {line}"));
                    assert!(metric_name(key) && quoted.len() >= 2 && quoted.starts_with('"') && quoted.ends_with('"'), "bad label {pair}: {line}");
                }
                (name, labels.to_string())
            }
            None => (series, String::new()),
        };
        assert!(metric_name(name), "bad metric name: {line}");
        samples.push(Sample { name: name.to_string(), labels, value });
    }
    samples
}

/// Splits `a="x",b="y,z"` at the commas outside quotes.
fn split_labels(labels: &str) -> Vec<&str> {
    let (mut parts, mut start, mut quoted, mut escaped) = (Vec::new(), 0, false, false);
    for (idx, c) in labels.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '"' => quoted = !quoted,
            ',' if !quoted => {
                parts.push(&labels[start..idx]);
                start = idx + 1;
            }
            _ => {}
        }
    }
    if start < labels.len() {
        parts.push(&labels[start..]);
    }
    parts
}

fn requests_of_route(samples: &[Sample], route: &str) -> f64 {
    samples.iter().filter(|s| s.name == "wakat_http_requests_total" && s.labels.contains(&format!("route=\"{route}\""))).map(|s| s.value).sum()
}

#[test]
fn metrics_are_valid_exposition_with_the_named_series() {
    let app = shared_app();
    let scrape = || {
        let response = app.client.get(format!("{}/metrics", app.base)).send().unwrap();
        assert_eq!(response.status().as_u16(), 200);
        let content_type = response.headers()["content-type"].to_str().unwrap().to_string();
        assert!(content_type.starts_with("application/openmetrics-text"), "{content_type}");
        parse_exposition(&response.text().unwrap())
    };
    app.get_ok("/api/it/v2/user-panel/offers/count?keywords[]=rust");
    let before = scrape();
    let names: HashMap<&str, usize> = before.iter().fold(HashMap::new(), |mut names, sample| {
        *names.entry(sample.name.as_str()).or_default() += 1;
        names
    });
    for name in [
        "wakat_http_requests_total",
        "wakat_http_request_duration_seconds_bucket",
        "wakat_http_request_duration_seconds_count",
        "wakat_response_cache_hits_total",
        "wakat_response_cache_misses_total",
        "wakat_response_cache_bytes",
        "wakat_response_cache_entries",
        "wakat_index_generation",
        "wakat_index_documents",
        "wakat_store_disk_bytes",
        "wakat_index_writer_queue_depth",
        "wakat_search_busy_seconds_total",
        "wakat_search_queries_total",
        "wakat_search_running",
        "wakat_rate_limited_total",
        "wakat_views_pending",
    ] {
        assert!(names.contains_key(name), "/metrics lacks {name}");
    }
    let value = |samples: &[Sample], name: &str| samples.iter().find(|s| s.name == name).map(|s| s.value).unwrap();
    assert!(value(&before, "wakat_index_documents") > 1000.0);
    assert!(value(&before, "wakat_store_disk_bytes") > 0.0);
    let route = "/api/{tenant}/v2/user-panel/offers/count";
    let counted = requests_of_route(&before, route);
    assert!(counted >= 1.0, "the count request is labelled by its route pattern");
    assert!(before.iter().all(|s| !s.labels.contains("keywords")), "raw paths and queries are never labels");

    app.get_ok("/api/it/v2/user-panel/offers/count?keywords[]=java");
    app.get("/no/such/path/for/metrics");
    let after = scrape();
    assert!(requests_of_route(&after, route) > counted, "the request counter grows");
    assert!(requests_of_route(&after, "unmatched") >= 1.0, "unknown paths share one label");
}

#[test]
fn request_ids_are_echoed_or_made() {
    let app = shared_app();
    let get = |id: Option<&str>| {
        let mut request = app.client.get(format!("{}/api/it/v2/user-panel/offers/count", app.base));
        if let Some(id) = id {
            request = request.header("x-request-id", id);
        }
        let response = request.send().unwrap();
        response.headers().get("x-request-id").map(|v| v.to_str().unwrap().to_string()).expect("every answer carries x-request-id")
    };
    assert_eq!(get(Some("web-1234.abc_DEF")), "web-1234.abc_DEF");
    let made = get(None);
    assert_eq!(made.len(), 36, "a UUID: {made}");
    let replaced = get(Some("no spaces <allowed>"));
    assert_ne!(replaced, "no spaces <allowed>");
    assert_eq!(replaced.len(), 36);
    assert_ne!(get(None), made, "ids differ per request");
    let not_found = app.client.get(format!("{}/nowhere", app.base)).header("x-request-id", "lost-1").send().unwrap();
    assert_eq!(not_found.headers()["x-request-id"], "lost-1", "error answers carry it too");
}

#[test]
fn the_cache_is_bounded_in_bytes_and_reports_its_size() {
    // 2 MB: a page of 100 offers (~160 KB) is under the largest entry (an eighth), 20 are not.
    let app = spawn_configured(true, |settings| settings.server.response_cache_mb = 2);
    for page in 1..=20 {
        app.get_ok(&format!("/api/it/v2/user-panel/offers?perPage=100&page={page}"));
    }
    let health = app.get_ok("/health");
    let cache = &health["responseCache"];
    assert_eq!(cache["maxBytes"], 2 * 1024 * 1024);
    let bytes = cache["bytes"].as_u64().unwrap();
    assert!(bytes > 0 && bytes <= 2 * 1024 * 1024, "{cache}");
    assert!(cache["evictions"].as_u64().unwrap() > 0, "20 pages of 100 offers do not fit in 2 MB: {cache}");
    assert!(cache["entries"].as_u64().unwrap() < 20, "{cache}");
    let hits = cache["hits"].as_u64().unwrap();
    app.get_ok("/api/it/v2/user-panel/offers?perPage=100&page=20");
    assert_eq!(app.get_ok("/health")["responseCache"]["hits"].as_u64().unwrap(), hits + 1, "the newest page is still cached");
}
