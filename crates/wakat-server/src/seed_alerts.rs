//! Many active job alerts at once, for the digest benchmark and the crash test (`wakat
//! seed-alerts`): guests with one everyDay alert each, over a pool of distinct filters drawn from
//! the board's own categories, cities and seniorities, so alerts share filters as real ones do.

use std::sync::Arc;

use wakat_alerts::{filters, AlertStore, Frequency, NewFilter};
use wakat_core::filters::ListParams;

use wakat_engine::{now, Engine};

/// Why seeding failed.
#[derive(Debug, thiserror::Error)]
pub enum SeedError {
    /// No such board.
    #[error("there is no board '{0}'")]
    UnknownTenant(String),
    /// A generated filter was refused (a bug in the pool).
    #[error("a generated filter is invalid: {0}")]
    Filter(#[from] wakat_core::FieldError),
    /// The store failed.
    #[error(transparent)]
    Alerts(#[from] wakat_alerts::AlertsError),
    /// The link key could not be read.
    #[error("link key: {0}")]
    Secret(String),
}

const CITIES: &[&str] = &["warszawa", "krakow", "wroclaw", "gdansk", "poznan", "lodz", "katowice", "lublin"];
const LEVELS: &[&str] = &["junior", "mid", "senior"];
const KEYWORDS: &[&str] = &["java", "python", "react", "devops", "sql", "aws", "kotlin", "php", "go", "rust", "c#", "angular"];

/// The `variant`-th filter of the pool: each category alone first, then with a seniority, a
/// city, a keyword, then two of them, so most filters are broad like real alerts.
fn variant_pairs(categories: &[String], variant: usize) -> Vec<(String, String)> {
    let n_categories = categories.len().max(1);
    let mut pairs = Vec::new();
    if let Some(category) = categories.get(variant % n_categories) {
        pairs.push(("categories[]".to_string(), category.clone()));
    }
    let round = variant / n_categories;
    let level = ("experienceLevels[]".to_string(), LEVELS[round % LEVELS.len()].to_string());
    let city = ("city".to_string(), CITIES[round % CITIES.len()].to_string());
    let keyword = ("keywords[]".to_string(), KEYWORDS[round % KEYWORDS.len()].to_string());
    match round % 5 {
        0 if round == 0 => {}
        0 => pairs.extend([level, city]),
        1 => pairs.push(level),
        2 => pairs.push(city),
        3 => pairs.push(keyword),
        _ => pairs.extend([level, keyword]),
    }
    pairs
}

/// Seeds `count` active everyDay guest alerts over `n_filters` distinct filters, their last digest
/// `since_secs` ago; returns how many were written. `link_secret` is `accounts.link_secret`, which
/// signs the alerts' links as the server's do.
pub fn seed(engine: &Engine, link_secret: &str, tenant_slug: &str, count: usize, n_filters: usize, since_secs: i64) -> Result<usize, SeedError> {
    let tenant = engine.tenant(tenant_slug).map_err(|_| SeedError::UnknownTenant(tenant_slug.to_string()))?.clone();
    let secret = crate::internal_token::resolve_secret(link_secret, &engine.settings.storage.data_dir, crate::startup::LINK_SECRET_FILE)
        .map_err(|e| SeedError::Secret(e.to_string()))?;
    let store = AlertStore::new(engine.kv.clone(), wakat_store::LinkSigner::new(secret.as_bytes()));
    let categories: Vec<String> = tenant.categories.roots().iter().filter(|c| !c.is_static).map(|c| c.slug.clone()).collect();
    let ctx = engine.parse_context(&tenant);
    let at = now();
    let mut pool: Vec<NewFilter> = Vec::with_capacity(n_filters.max(1));
    for variant in 0..n_filters.max(1) {
        let pairs = variant_pairs(&categories, variant);
        let params = ListParams::parse(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())), &ctx)?;
        let name = wakat_alerts::validate::default_name(&filters::tags(&params, &tenant.categories, "pl"));
        let query = filters::canonical_query(&params);
        pool.push(NewFilter { search_url: format!("/?{query}"), name, query: filters::canonical_pairs(&params), canonical: query });
    }
    let store = Arc::new(store);
    for n in 0..count {
        let filter = pool[n % pool.len()].clone();
        store.seed_guest_alert(tenant_slug, &format!("seed{n}@example.com"), filter, Frequency::EveryDay, at - since_secs, at)?;
    }
    store.flush()?;
    Ok(count)
}
