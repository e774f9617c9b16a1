//! The `wakat` command line: a thin layer over `wakat-engine` and `wakat-server`.
//!
//! `serve` runs the API; `import`, `generate`, `reindex` and `analytics` work on the same data
//! directory with the engine alone (while no server holds it: the store allows one process at a
//! time).

use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use wakat_engine::dictionaries::{load_categories, load_companies, load_gazetteer, load_rates, load_vocabulary};
use wakat_engine::{now, Engine, EngineSettings};
use wakat_ingest::generate::{GenerateContext, GenerateOptions, Generator};
use wakat_ingest::import::{import_file_with_progress, ImportContext};
use wakat_server::{Application, Settings};

/// Wakat: a bilingual, multi-tenant job board with its own search engine.
#[derive(Debug, Parser)]
#[command(name = "wakat", version)]
struct Cli {
    /// Configuration file (`WAKAT_SECTION__KEY` variables override it).
    #[arg(long, global = true, default_value = "wakat.toml", env = "WAKAT_CONFIG")]
    config: PathBuf,
    /// Data directory (store and index); overrides the configuration.
    #[arg(long, global = true)]
    data_dir: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Serves the API.
    Serve {
        /// Listen address (host:port).
        #[arg(long)]
        bind: Option<String>,
    },
    /// Imports an offers file (JSON Lines of offers, justjoin.it 2019 JSON or 2025 CSV).
    Import {
        /// The file.
        file: PathBuf,
        /// Board to import into.
        #[arg(long)]
        tenant: String,
    },
    /// Generates realistic, deterministic offers into the store, or into a JSON Lines file.
    Generate {
        /// How many offers.
        #[arg(long)]
        offers: usize,
        /// Random seed: the same seed gives the same offers.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Board whose categories and vocabulary to use.
        #[arg(long, default_value = "it")]
        tenant: String,
        /// Write JSON Lines here instead of storing the offers.
        #[arg(long)]
        out: Option<PathBuf>,
        /// "Now" of the generated data, Unix seconds (default: the current time).
        #[arg(long)]
        now: Option<i64>,
    },
    /// Rebuilds the search index from the store.
    Reindex,
    /// Deletes an offer from the store and the index.
    Delete {
        /// Offer slug.
        slug: String,
        /// Board of the offer.
        #[arg(long)]
        tenant: String,
    },
    /// Prints search analytics of a board: top queries, zero-result queries and clicks by list
    /// position over the last days (reads the data directory: stop the server first, or point
    /// --data-dir at a copy).
    Analytics {
        /// Board.
        #[arg(long)]
        tenant: String,
        /// Days back from today (UTC), today included.
        #[arg(long, default_value_t = 7)]
        days: u32,
        /// Rows of each table.
        #[arg(long, default_value_t = 20)]
        top: usize,
    },
    /// Seeds active everyDay guest job alerts (benchmarks and crash tests of the digests).
    SeedAlerts {
        /// Board.
        #[arg(long, default_value = "it")]
        tenant: String,
        /// How many alerts (one guest each).
        #[arg(long)]
        count: usize,
        /// How many distinct filters they share.
        #[arg(long, default_value_t = 500)]
        filters: usize,
        /// Their last digest, hours ago (offers published since then are new).
        #[arg(long, default_value_t = 168)]
        since_hours: i64,
    },
    /// Prints the internal write API's token (the configured one, else the one kept in the data
    /// directory, created when missing), for `Authorization: Bearer …`.
    InternalToken,
}

/// Runs the command line and returns the process exit code.
pub fn run() -> ExitCode {
    wakat_server::telemetry::init("info,actix_server=warn", std::io::stderr);
    match execute(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn execute(cli: Cli) -> Result<()> {
    let mut settings = Settings::load(&cli.config).with_context(|| format!("failed to load {}", cli.config.display()))?;
    if let Some(data_dir) = cli.data_dir {
        settings.engine.storage.data_dir = data_dir;
    }
    match cli.command {
        Command::Serve { bind } => {
            if let Some(bind) = bind {
                settings.server.bind = bind;
            }
            serve(settings)
        }
        Command::Import { file, tenant } => import(settings.engine, &file, &tenant),
        Command::Generate { offers, seed, tenant, out, now: at } => generate(settings.engine, offers, seed, &tenant, out, at.unwrap_or_else(now)),
        Command::Reindex => reindex(settings.engine),
        Command::SeedAlerts { tenant, count, filters, since_hours } => {
            let engine = open_engine(settings.engine)?;
            let seeded = wakat_server::seed_alerts::seed(&engine, &settings.accounts.link_secret, &tenant, count, filters, since_hours * 3600)?;
            println!("seeded {seeded} active job alerts over {filters} filters in '{tenant}'");
            Ok(())
        }
        Command::InternalToken => {
            let token = wakat_server::internal_token::resolve(&settings.server.internal_token, &settings.engine.storage.data_dir)?;
            println!("{token}");
            Ok(())
        }
        Command::Analytics { tenant, days, top } => analytics(settings.engine, &tenant, days, top),
        Command::Delete { slug, tenant } => {
            let engine = open_engine(settings.engine)?;
            match engine.delete_offer(&tenant, &slug)? {
                Some(_) => {
                    engine.commit_index()?;
                    println!("deleted '{slug}' from '{tenant}'");
                    Ok(())
                }
                None => bail!("there is no offer '{slug}' in '{tenant}'"),
            }
        }
    }
}

fn analytics(settings: EngineSettings, tenant: &str, days: u32, top: usize) -> Result<()> {
    let engine = open_engine(settings)?;
    engine.tenant(tenant)?;
    let today = wakat_analytics::day_of(now());
    let from = today.saturating_sub(days.max(1) - 1);
    let report = wakat_analytics::SearchAnalytics::new(engine.kv.clone()).report(tenant, from, today, top)?;
    let date = |day: u32| time::OffsetDateTime::from_unix_timestamp(day as i64 * 86_400).map(|d| d.date().to_string()).unwrap_or_default();
    println!("Search analytics of '{tenant}', {} to {} (UTC): {} searches", date(from), date(today), report.searches);
    println!("\nTop queries (searches, offers found by the latest):");
    for (query, searches, total) in &report.top_queries {
        println!("  {searches:>7}  {query}  ({})", total.map_or("?".to_string(), |t| t.to_string()));
    }
    println!("\nZero-result queries (searches):");
    for (query, searches) in &report.zero_result_queries {
        println!("  {searches:>7}  {query}");
    }
    let clicks: u64 = report.clicks_by_position.iter().map(|(_, n)| n).sum();
    println!("\nClicks by list position ({clicks} clicks; click-through = clicks / searches):");
    for (position, n) in &report.clicks_by_position {
        let rate = if report.searches > 0 { *n as f64 / report.searches as f64 * 100.0 } else { 0.0 };
        println!("  #{position:<4} {n:>7}  {rate:5.1}%");
    }
    Ok(())
}

/// Opens the data directory with the server's list entries: the index stores them, and an index
/// written without them would be rebuilt by the next `wakat serve`.
fn open_engine(settings: EngineSettings) -> Result<Engine> {
    let data_dir = settings.storage.data_dir.clone();
    Engine::open(settings, Some(wakat_server::dto::list_item::list_items))
        .with_context(|| format!("failed to open the data directory {} (is a server running on it?)", data_dir.display()))
}

fn serve(settings: Settings) -> Result<()> {
    let bind = settings.server.bind.clone();
    let dev_mailbox = settings.mail.dev_mailbox;
    let engine = open_engine(settings.engine.clone())?;
    actix_web::rt::System::new().block_on(async move {
        let application = Application::build(engine, settings).with_context(|| format!("failed to serve on {bind}"))?;
        let host = bind.rsplit_once(':').map_or("127.0.0.1", |(host, _)| host).to_string();
        let base = format!("http://{host}:{}", application.port());
        println!("wakat API listening on {base}");
        for tenant in application.engine().tenants.keys() {
            println!("  board '{tenant}': {base}/api/{tenant}/v2/user-panel/offers");
        }
        println!("  OpenAPI document: {base}/api/openapi.json");
        println!("  internal write API: token from `wakat internal-token` (Authorization: Bearer …), documented at {base}/api/internal/openapi.json");
        if dev_mailbox {
            println!("  dev mailbox: {base}/api/dev/mailbox (clients on this machine only)");
        }
        application.run_until_stopped().await?;
        Ok(())
    })
}

fn progress_bar(total: Option<u64>, what: &str) -> ProgressBar {
    let bar = match total {
        Some(total) => ProgressBar::new(total),
        None => ProgressBar::new_spinner(),
    };
    let template = if total.is_some() {
        "{msg:10} [{elapsed_precise}] {wide_bar} {human_pos}/{human_len} ({per_sec}, eta {eta})"
    } else {
        "{msg:10} [{elapsed_precise}] {spinner} {human_pos} ({per_sec})"
    };
    bar.set_style(ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()));
    bar.set_message(what.to_string());
    bar
}

fn import(settings: EngineSettings, file: &std::path::Path, tenant_slug: &str) -> Result<()> {
    let engine = open_engine(settings)?;
    let tenant = engine.tenant(tenant_slug)?.clone();
    let ctx = ImportContext { gazetteer: &engine.gazetteer, categories: &tenant.categories, rates: &engine.rates, now: now() };
    let reading = progress_bar(None, "reading");
    let report = import_file_with_progress(file, &ctx, |progress| {
        reading.set_length(progress.total as u64);
        reading.set_position(progress.done as u64);
    })
    .with_context(|| format!("failed to import {}", file.display()))?;
    reading.finish();
    for rejected in &report.rejected {
        eprintln!("{}:{}: skipped: {}", file.display(), rejected.line, rejected.reason);
    }
    let storing = progress_bar(Some(report.offers.len() as u64), "storing");
    let n_offers = report.offers.len();
    let invalid = engine.put_offers(tenant_slug, report.offers, &mut |done| storing.set_position(done as u64))?;
    storing.finish();
    for (slug, errors) in &invalid {
        eprintln!("{slug}: skipped: {}", errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("; "));
    }
    let placement = report.placement;
    println!(
        "imported {} offers ({}) into '{tenant_slug}'; skipped {} malformed records; placed by city {}, by voivodeship {}",
        n_offers - invalid.len(),
        report.format,
        report.rejected.len() + invalid.len(),
        placement.exact(),
        placement.voivodeship_fallback,
    );
    Ok(())
}

fn generate(settings: EngineSettings, n_offers: usize, seed: u64, tenant_slug: &str, out: Option<PathBuf>, at: i64) -> Result<()> {
    let tenant_settings = settings.tenants.iter().find(|t| t.slug == tenant_slug).with_context(|| format!("unknown tenant '{tenant_slug}'"))?.clone();
    let data = settings.storage.index_data_dir.clone();
    let companies = load_companies(&data.join(&tenant_settings.companies))?;
    let vocabulary = load_vocabulary(&data.join(format!("vocabulary-{tenant_slug}.json")))?;
    let options = GenerateOptions { tenant: tenant_slug.to_string(), offers: n_offers, seed, now: at };
    let bar = progress_bar(Some(n_offers as u64), "generating");
    match out {
        Some(path) => {
            let gazetteer = load_gazetteer(&data.join("cities.json"))?;
            let rates = load_rates(&data.join("rates.json"))?;
            let categories = load_categories(&data.join(&tenant_settings.categories))?;
            let ctx = GenerateContext { gazetteer: &gazetteer, categories: &categories, rates: &rates, companies: &companies, vocabulary: &vocabulary };
            let file = std::fs::File::create(&path).with_context(|| format!("cannot create {}", path.display()))?;
            let mut writer = BufWriter::new(file);
            for (offer_idx, mut offer) in Generator::new(ctx, options)?.enumerate() {
                // Derived amounts are recomputed on load; the file keeps what an employer wrote.
                for employment in &mut offer.employment_types {
                    employment.converted.clear();
                }
                serde_json::to_writer(&mut writer, &offer)?;
                writer.write_all(b"\n")?;
                if offer_idx % 1000 == 0 {
                    bar.set_position(offer_idx as u64);
                }
            }
            writer.flush()?;
            bar.finish();
            println!("wrote {n_offers} offers to {}", path.display());
        }
        None => {
            let engine = open_engine(settings)?;
            let tenant = engine.tenant(tenant_slug)?.clone();
            let ctx = GenerateContext {
                gazetteer: &engine.gazetteer,
                categories: &tenant.categories,
                rates: &engine.rates,
                companies: &companies,
                vocabulary: &vocabulary,
            };
            let generator = Generator::new(ctx, options)?;
            let invalid = engine.put_offers(tenant_slug, generator, &mut |done| bar.set_position(done as u64))?;
            bar.finish();
            if !invalid.is_empty() {
                bail!("{} generated offers were invalid", invalid.len());
            }
            println!("stored and indexed {n_offers} offers in '{tenant_slug}'");
        }
    }
    Ok(())
}

fn reindex(settings: EngineSettings) -> Result<()> {
    let engine = open_engine(settings)?;
    let bar = progress_bar(None, "indexing");
    let started = std::time::Instant::now();
    let n_offers = engine.reindex(&mut |done| bar.set_position(done as u64))?;
    bar.finish();
    println!("reindexed {n_offers} offers in {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}
