//! In-process query latency of the search engine on a prepared data directory.
//!
//! Not a criterion bench: it needs a large index that `scripts/bench` builds (a million offers
//! take minutes), so it opens the directory named by `WAKAT_BENCH_DATA_DIR` and exits 0 when
//! there is none, which keeps `cargo bench` green in CI.
//!
//! Every request is built from query pairs through `ListParams::parse`, as the HTTP handlers do,
//! so the bench exercises the real path. Output: a table, one `BENCH {json}` line per query type
//! and one `BENCH-RSS {json}` line. `WAKAT_BENCH_WORKLOAD=FILE` also writes the exact workload as
//! JSON lines so the PostgreSQL peer (`scripts/bench_pg.py`) runs the same queries.
//! `WAKAT_BENCH_RUNS` (default 1000) sets the measured runs per type; `WAKAT_BENCH_ONLY=TYPE` runs
//! one query type (to profile it).

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::json;
use wakat_app::salary_insights::{InsightRequest, SalaryInsights};
use wakat_app::Clock;
use wakat_core::filters::ListParams;
use wakat_core::SalaryUnit;
use wakat_engine::{now, Engine, EngineSettings};
use wakat_search::ListRequest;

const TENANT: &str = "it";
const WARMUP_RUNS: usize = 50;
const PAGE_SIZE: &str = "100";
/// Suggestions per kind, as the suggest handler asks.
const SUGGESTIONS_PER_KIND: usize = 5;

/// Keywords from the generator's vocabulary, each with a category it belongs to (so category
/// filters stay realistic rather than contradicting the keyword).
const KEYWORDS: &[(&str, &str)] = &[
    ("java", "java"),
    ("python", "python"),
    ("react", "javascript"),
    ("javascript", "javascript"),
    ("kotlin", "java"),
    ("devops", "devops"),
    ("php", "php"),
    ("android", "mobile"),
    ("angular", "javascript"),
    ("golang", "go"),
    ("kubernetes", "devops"),
    ("aws", "devops"),
    ("sql", "data"),
    ("tester", "testing"),
    ("data engineer", "data"),
    ("spring boot", "java"),
    ("frontend", "javascript"),
    ("fullstack", "javascript"),
    ("scala", "scala"),
    ("analyst", "analytics"),
];
/// Role words typed with one slip (words of 5+ letters, so typo tolerance corrects them), each with
/// its category: what the correction costs is the difference to `keyword+3filters+sort+page`.
const MISSPELLED: &[(&str, &str)] = &[
    ("developr", "javascript"),
    ("programita", "java"),
    ("analitk", "analytics"),
    ("administator", "admin"),
    ("architet", "architecture"),
    ("specjalsta", "data"),
    ("inzynir", "devops"),
    ("konsltant", "erp"),
    ("testr", "testing"),
    ("engneer", "data"),
];
const EXPERIENCE: &[&str] = &["junior", "mid", "senior", "expert"];
const EMPLOYMENT: &[&str] = &["b2b", "permanent", "mandate_contract"];
const WORKPLACE: &[&str] = &["remote", "hybrid", "office"];
const SALARY_MIN: &[&str] = &["10000", "15000", "20000", "25000"];
/// (sortBy, orderBy): salary desc, newest, published (relevance when there is a keyword).
const SORTS: &[(&str, &str)] = &[("salary", "DESC"), ("newest", "DESC"), ("published", "DESC")];
const PAGES: &[&str] = &["1", "2", "3"];
const PREFIXES: &[&str] = &["ja", "jav", "pyt", "dev", "sen", "rea", "ku", "ang", "pro", "ana", "tes", "dat", "kot", "fro", "sql", "eng"];
/// Cities of the radius and city-cluster queries: the most populous of the gazetteer.
const CITIES: usize = 10;

/// The query type with misspelled keywords; not sent to the PostgreSQL peer, which has no typo
/// tolerance to compare with.
const MISSPELLED_KIND: &str = "misspelled+3filters+sort+page";

/// One request of the workload.
struct Query {
    kind: &'static str,
    variant: &'static str,
    pairs: Vec<(String, String)>,
}

/// splitmix64: a deterministic parameter draw without a dependency.
struct Draw(u64);

impl Draw {
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        self.0 = self.0.wrapping_add(0x9e3779b97f4a7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
        &items[((z ^ (z >> 31)) % items.len() as u64) as usize]
    }
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

/// Keyword + three filters + sort + a page of 100; the filter trio rotates so categories and
/// salary bounds are exercised as well as the seniority/contract/workplace trio of the HTTP test.
fn keyword_query(draw: &mut Draw, keywords: &[(&str, &str)]) -> Vec<(String, String)> {
    let (keyword, category) = *draw.pick(keywords);
    let (sort_by, order_by) = *draw.pick(SORTS);
    let mut list = vec![("keywords[]", keyword)];
    match *draw.pick(&[0, 1, 2]) {
        0 => list.extend([
            ("experienceLevels[]", *draw.pick(EXPERIENCE)),
            ("employmentTypes[]", *draw.pick(EMPLOYMENT)),
            ("remoteWorkOptions[]", *draw.pick(WORKPLACE)),
        ]),
        1 => list.extend([("experienceLevels[]", *draw.pick(EXPERIENCE)), ("categories[]", category), ("salaryMin", *draw.pick(SALARY_MIN))]),
        _ => {
            list.extend([("employmentTypes[]", *draw.pick(EMPLOYMENT)), ("remoteWorkOptions[]", *draw.pick(WORKPLACE)), ("salaryMin", *draw.pick(SALARY_MIN))])
        }
    }
    list.extend([("sortBy", sort_by), ("orderBy", order_by), ("perPage", PAGE_SIZE), ("page", *draw.pick(PAGES))]);
    pairs(&list)
}

fn workload(engine: &Engine, runs: usize) -> Vec<Query> {
    let cities: Vec<_> = engine.gazetteer.places().iter().take(CITIES).collect();
    let mut draw = Draw(42);
    let mut queries = Vec::new();
    let listings: Vec<_> = (0..runs).map(|_| keyword_query(&mut draw, KEYWORDS)).collect();
    for q in &listings {
        queries.push(Query { kind: "keyword+3filters+sort+page", variant: "", pairs: q.clone() });
    }
    // Exactly the same requests with counts, so the difference is the cost of counting.
    for q in listings {
        queries.push(Query { kind: "same+counts", variant: "", pairs: q });
    }
    for _ in 0..runs {
        let city = *draw.pick(&cities);
        queries.push(Query { kind: "radius30km", variant: "", pairs: pairs(&[("city", &city.slug), ("cityRadiusKm", "30"), ("perPage", PAGE_SIZE)]) });
    }
    let poland = [("north", "55"), ("south", "49"), ("east", "24.2"), ("west", "14.1"), ("zoom", "6")];
    for i in 0..runs {
        // Half without filters (every active offer), half with a keyword.
        if i % 2 == 0 {
            queries.push(Query { kind: "clusters-poland", variant: "no filter", pairs: pairs(&poland) });
        } else {
            let mut list = poland.to_vec();
            list.push(("keywords[]", draw.pick(KEYWORDS).0));
            queries.push(Query { kind: "clusters-poland", variant: "keyword", pairs: pairs(&list) });
        }
    }
    for _ in 0..runs {
        let city = *draw.pick(&cities);
        // A 0.3° box around the centre.
        let edges = [("north", city.lat + 0.15), ("south", city.lat - 0.15), ("east", city.lon + 0.15), ("west", city.lon - 0.15)];
        let mut q: Vec<(String, String)> = edges.iter().map(|(k, v)| (k.to_string(), format!("{v:.5}"))).collect();
        q.push(("zoom".into(), "12".into()));
        queries.push(Query { kind: "clusters-city", variant: "", pairs: q });
    }
    for _ in 0..runs {
        queries.push(Query { kind: MISSPELLED_KIND, variant: "", pairs: keyword_query(&mut draw, MISSPELLED) });
    }
    for _ in 0..runs {
        queries.push(Query { kind: "suggest", variant: "", pairs: pairs(&[("keyword", *draw.pick(PREFIXES))]) });
    }
    // Salary insight (issue 29): the broad set of every senior offer, and salary pages of a
    // category, half of them in one city.
    for _ in 0..runs {
        queries.push(Query { kind: "salary-insights-senior", variant: "", pairs: pairs(&[("experienceLevels[]", "senior")]) });
    }
    for i in 0..runs {
        let category = draw.pick(KEYWORDS).1;
        match i % 2 {
            0 => queries.push(Query { kind: "salary-page", variant: "category", pairs: pairs(&[("categories[]", category)]) }),
            _ => {
                let city = *draw.pick(&cities);
                queries.push(Query { kind: "salary-page", variant: "category+city", pairs: pairs(&[("categories[]", category), ("city", &city.slug)]) });
            }
        }
    }
    queries
}

/// Runs one query as its HTTP handler would; returns the number of matches (or items) found.
fn run(engine: &Engine, insights: &SalaryInsights, query: &Query, at: i64) -> usize {
    let tenant = engine.tenant(TENANT).expect("tenant 'it' is configured");
    if query.kind == "suggest" {
        let s = engine.index.suggest(TENANT, &query.pairs[0].1, SUGGESTIONS_PER_KIND).expect("suggest");
        return s.titles.len() + s.companies.len() + s.skills.len();
    }
    let params = ListParams::parse(query.pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())), &engine.parse_context(tenant))
        .unwrap_or_else(|e| panic!("bench query {:?} does not parse: {e}", query.pairs));
    if query.kind.starts_with("salary") {
        // The service the handler calls: one pass over the set, the figures of every row.
        let request = InsightRequest { tenant: engine.tenants[TENANT].clone(), filters: params.filters, unit: SalaryUnit::Month, offer: None };
        let insight = insights.insight(&request).expect("salary insight");
        return insight.groups.iter().filter(|g| g.level.is_some()).map(|g| g.count).sum();
    }
    if query.kind.starts_with("clusters") {
        let zoom = params.zoom.unwrap_or(6.0);
        let clusters = engine.index.clusters(TENANT, &params.filters, params.viewport, zoom, at).expect("clusters");
        return clusters.iter().map(|c| c.count).sum();
    }
    let per_page = params.per_page.unwrap_or(100) as usize;
    let offset = params.from.unwrap_or((params.page.unwrap_or(1) as usize - 1) * per_page);
    let request = ListRequest {
        tenant: Some(TENANT),
        filters: &params.filters,
        sort: params.sort,
        offset,
        limit: per_page,
        now: at,
        count_categories: query.kind == "same+counts",
        viewport: params.viewport,
        region: params.region.as_deref(),
    };
    engine.index.list(&request).expect("list").total
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Nearest-rank percentile of sorted samples.
fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let rank = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

fn status_kb(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status.lines().find(|l| l.starts_with(field)).and_then(|l| l.split_whitespace().nth(1)).and_then(|v| v.parse().ok()).unwrap_or(0)
}

fn main() {
    let Some(data_dir) = std::env::var_os("WAKAT_BENCH_DATA_DIR").map(PathBuf::from).filter(|d| d.join("index").is_dir()) else {
        println!("queries bench: skipped (set WAKAT_BENCH_DATA_DIR to a data directory built by scripts/bench)");
        return;
    };
    let runs: usize = std::env::var("WAKAT_BENCH_RUNS").ok().and_then(|v| v.parse().ok()).unwrap_or(1000);
    let mut settings = EngineSettings::load(std::path::Path::new("wakat.toml")).expect("wakat.toml loads");
    settings.storage.data_dir = data_dir.clone();
    let opened = Instant::now();
    let engine =
        Arc::new(Engine::open(settings, Some(wakat_server::dto::list_item::list_items)).expect("engine opens (is a server running on the directory?)"));
    let insights = SalaryInsights::new(engine.clone(), Clock::system());
    let open_ms = ms(opened.elapsed());
    let at = now();
    let queries = workload(&engine, runs);
    println!("queries bench: {} documents in {}, opened in {open_ms:.0} ms, {runs} runs per type", engine.index.num_docs(), data_dir.display());

    if let Some(path) = std::env::var_os("WAKAT_BENCH_WORKLOAD") {
        let mut out = std::io::BufWriter::new(std::fs::File::create(&path).expect("workload file"));
        writeln!(out, "{}", json!({"now": at, "tenant": TENANT, "suggestionsPerKind": SUGGESTIONS_PER_KIND})).unwrap();
        for q in queries.iter().filter(|q| q.kind != MISSPELLED_KIND && !q.kind.starts_with("salary")) {
            writeln!(out, "{}", json!({"type": q.kind, "variant": q.variant, "pairs": q.pairs})).unwrap();
        }
    }

    // Warm-up: the first queries of each type page the index in and fill caches.
    let only = std::env::var("WAKAT_BENCH_ONLY").ok();
    let mut kinds: Vec<&str> = queries.iter().map(|q| q.kind).filter(|k| only.as_deref().is_none_or(|o| o == *k)).collect();
    kinds.dedup();
    for kind in &kinds {
        for q in queries.iter().filter(|q| q.kind == *kind).take(WARMUP_RUNS) {
            run(&engine, &insights, q, at);
        }
    }

    println!("{:<28} {:>6} {:>9} {:>9} {:>9} {:>9} {:>12}", "type", "runs", "p50 ms", "p99 ms", "max ms", "mean ms", "avg matches");
    for kind in &kinds {
        let mut samples: Vec<(Duration, &str, usize)> = Vec::with_capacity(runs);
        for q in queries.iter().filter(|q| q.kind == *kind) {
            let started = Instant::now();
            let found = run(&engine, &insights, q, at);
            samples.push((started.elapsed(), q.variant, found));
        }
        let mut variants: Vec<&str> = samples.iter().map(|s| s.1).filter(|v| !v.is_empty()).collect();
        variants.sort();
        variants.dedup();
        report(kind, "", &samples);
        for variant in variants {
            let subset: Vec<_> = samples.iter().filter(|s| s.1 == variant).copied().collect();
            report(kind, variant, &subset);
        }
    }
    let (rss, hwm) = (status_kb("VmRSS:"), status_kb("VmHWM:"));
    println!("RSS after the run: {:.0} MB (peak {:.0} MB)", rss as f64 / 1024.0, hwm as f64 / 1024.0);
    println!(
        "BENCH-RSS {}",
        json!({"rss_mb": rss as f64 / 1024.0, "peak_rss_mb": hwm as f64 / 1024.0, "open_ms": open_ms, "docs": engine.index.num_docs(), "search_threads": engine.settings.storage.search_threads})
    );
}

fn report(kind: &str, variant: &str, samples: &[(Duration, &str, usize)]) {
    let mut times: Vec<Duration> = samples.iter().map(|s| s.0).collect();
    times.sort();
    let mean = times.iter().sum::<Duration>() / times.len() as u32;
    let matches = samples.iter().map(|s| s.2).sum::<usize>() as f64 / samples.len() as f64;
    let (p50, p99, max) = (ms(percentile(&times, 0.5)), ms(percentile(&times, 0.99)), ms(*times.last().unwrap()));
    let label = if variant.is_empty() { kind.to_string() } else { format!("  {kind} / {variant}") };
    println!("{label:<28} {:>6} {p50:>9.2} {p99:>9.2} {max:>9.2} {:>9.2} {matches:>12.0}", times.len(), ms(mean));
    let line = json!({"type": kind, "variant": variant, "runs": times.len(), "p50_ms": p50, "p99_ms": p99, "max_ms": max, "mean_ms": ms(mean), "avg_matches": matches});
    println!("BENCH {line}");
}
