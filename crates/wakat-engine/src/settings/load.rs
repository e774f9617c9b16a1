//! Reading the configuration: `wakat.toml`, overridden by `WAKAT_SECTION__KEY` environment
//! variables (`WAKAT_SERVER__BIND=0.0.0.0:9000`, `WAKAT_RANKING__FRESHNESS_WEIGHT=0.3`), and the
//! checks of the boards.
//!
//! The overrides are applied to the TOML document before anything is deserialised, so the
//! engine's settings and the server's, read from the one document, see the same values.

use std::path::{Path, PathBuf};

use super::schema::{parse_terms_date, EngineSettings, TenantSettings};

/// Errors of configuration.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// File.
        path: PathBuf,
        /// Cause.
        source: std::io::Error,
    },
    /// The file or an override is not valid.
    #[error("invalid configuration: {0}")]
    Invalid(String),
}

/// The text of the configuration file at `path`; a missing file is an empty configuration.
pub fn read_config_file(path: &Path) -> Result<String, ConfigError> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(text),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(String::new()),
        Err(source) => Err(ConfigError::Read { path: path.to_path_buf(), source }),
    }
}

/// Parses TOML and applies `WAKAT_A__B=value` overrides from `env`.
pub fn toml_with_env(text: &str, env: impl IntoIterator<Item = (String, String)>) -> Result<toml::Value, ConfigError> {
    let mut root: toml::Table = toml::from_str(text).map_err(|e| ConfigError::Invalid(e.to_string()))?;
    for (name, value) in env {
        let Some(path) = name.strip_prefix("WAKAT_") else { continue };
        let keys: Vec<String> = path.split("__").map(|k| k.to_ascii_lowercase()).collect();
        if keys.iter().any(String::is_empty) {
            continue;
        }
        set_path(&mut root, &keys, parse_scalar(&value))?;
    }
    Ok(toml::Value::Table(root))
}

impl EngineSettings {
    /// Reads `path` (when it exists) and applies `WAKAT_*` overrides from the environment.
    pub fn load(path: &Path) -> Result<EngineSettings, ConfigError> {
        EngineSettings::from_toml(&read_config_file(path)?, std::env::vars())
    }

    /// Parses TOML and applies `WAKAT_A__B=value` overrides from `env`.
    pub fn from_toml(text: &str, env: impl IntoIterator<Item = (String, String)>) -> Result<EngineSettings, ConfigError> {
        EngineSettings::from_document(toml_with_env(text, env)?)
    }

    /// The engine's settings of a whole configuration document (overrides applied), its boards
    /// given their default hosts and checked.
    pub fn from_document(document: toml::Value) -> Result<EngineSettings, ConfigError> {
        let mut settings: EngineSettings = document.try_into().map_err(|e: toml::de::Error| ConfigError::Invalid(e.to_string()))?;
        settings.fill_default_hosts();
        settings.check()?;
        Ok(settings)
    }

    /// Gives every board without `hosts` its default `{slug}.localhost`, and the first board the
    /// loopback names no board lists, so a web app opened on `127.0.0.1` shows the first board.
    fn fill_default_hosts(&mut self) {
        for tenant in &mut self.tenants {
            tenant.hosts = tenant.hosts.iter().map(|host| host.trim().to_ascii_lowercase()).collect();
            if tenant.hosts.is_empty() {
                tenant.hosts.push(format!("{}.localhost", tenant.slug));
            }
        }
        let claimed: std::collections::HashSet<String> = self.tenants.iter().flat_map(|tenant| tenant.hosts.iter().cloned()).collect();
        if let Some(first) = self.tenants.first_mut() {
            first.hosts.extend(LOOPBACK_HOSTS.iter().filter(|host| !claimed.contains(**host)).map(|host| host.to_string()));
        }
    }

    fn check(&self) -> Result<(), ConfigError> {
        let mut seen = std::collections::HashSet::new();
        let mut hosts = std::collections::HashMap::new();
        for tenant in &self.tenants {
            if !wakat_core::validate::is_valid_slug(&tenant.slug) {
                return Err(ConfigError::Invalid(format!("tenant slug '{}' must be lowercase letters, digits and dashes", tenant.slug)));
            }
            if RESERVED_SLUGS.contains(&tenant.slug.as_str()) {
                return Err(ConfigError::Invalid(format!("tenant slug '{}' is reserved (`/api/{}` is another call)", tenant.slug, tenant.slug)));
            }
            for host in &tenant.hosts {
                if !is_valid_host(host) {
                    return Err(ConfigError::Invalid(format!("tenant '{}': host '{host}' must be a host name or IPv4 address without port", tenant.slug)));
                }
                if let Some(other) = hosts.insert(host.clone(), tenant.slug.clone()) {
                    return Err(ConfigError::Invalid(format!("host '{host}' is listed by both '{other}' and '{}'", tenant.slug)));
                }
            }
            if !seen.insert(&tenant.slug) {
                return Err(ConfigError::Invalid(format!("tenant '{}' is listed twice", tenant.slug)));
            }
            if tenant.categories.is_empty() {
                return Err(ConfigError::Invalid(format!("tenant '{}' has no categories file", tenant.slug)));
            }
            check_legal(tenant)?;
            check_texts(tenant)?;
            check_plans(tenant)?;
            check_map(tenant)?;
            check_home(tenant)?;
            if tenant.job_alerts.send_hour > 23 || tenant.job_alerts.max_offers == 0 {
                return Err(ConfigError::Invalid(format!("tenant '{}': job_alerts.send_hour must be 0-23 and max_offers at least 1", tenant.slug)));
            }
            let insights = &tenant.salary_insights;
            // The region step is the list's radius filter, which the list refuses past 500 km.
            if insights.minimum_set_size == 0 || !(insights.region_radius_km > 0.0 && insights.region_radius_km <= 500.0) {
                return Err(ConfigError::Invalid(format!(
                    "tenant '{}': salary_insights.minimum_set_size must be at least 1 and region_radius_km in (0, 500]",
                    tenant.slug
                )));
            }
            let applications = &tenant.applications;
            // A CV bigger than the mailer takes could never leave: such a board must link it.
            if applications.digest_hour > 23 || applications.cv_link_days == 0 || applications.attach_max_bytes > crate::settings::MAX_ATTACHED_CV_BYTES {
                return Err(ConfigError::Invalid(format!(
                    "tenant '{}': applications.digest_hour must be 0-23, cv_link_days at least 1 and attach_max_bytes at most {}",
                    tenant.slug,
                    crate::settings::MAX_ATTACHED_CV_BYTES
                )));
            }
        }
        if self.tenants.is_empty() {
            return Err(ConfigError::Invalid("no tenants configured".into()));
        }
        Ok(())
    }
}

/// Loopback names the first board answers on unless a board lists them.
const LOOPBACK_HOSTS: [&str; 2] = ["localhost", "127.0.0.1"];

/// Slugs that cannot name a board: `/api/{slug}` is another call (`/api/boards`, the dev mailbox,
/// the internal OpenAPI document).
const RESERVED_SLUGS: [&str; 3] = ["boards", "dev", "internal"];

/// A lowercase host name (labels of letters, digits and inner dashes) or dotted IPv4 address.
fn is_valid_host(host: &str) -> bool {
    let label = |part: &str| {
        !part.is_empty()
            && part.len() <= 63
            && !part.starts_with('-')
            && !part.ends_with('-')
            && part.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    };
    host.len() <= 253 && host.split('.').all(label)
}

/// A board's texts name a message key (letters, digits, dots) and give `pl` or `en` texts.
fn check_texts(tenant: &TenantSettings) -> Result<(), ConfigError> {
    for (key, by_lang) in &tenant.texts {
        let invalid = |what: String| Err(ConfigError::Invalid(format!("tenant '{}': texts.\"{key}\" {what}", tenant.slug)));
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '_') {
            return invalid("is not a message key (letters, digits, '.' and '_')".into());
        }
        if let Some(lang) = by_lang.keys().find(|lang| *lang != "pl" && *lang != "en") {
            return invalid(format!("has a text in '{lang}': only 'pl' and 'en' are served"));
        }
    }
    Ok(())
}

fn check_legal(tenant: &TenantSettings) -> Result<(), ConfigError> {
    let invalid = |what: String| Err(ConfigError::Invalid(format!("tenant '{}': {what}", tenant.slug)));
    let legal = &tenant.legal;
    for name in [&legal.privacy_policy, &legal.information_clause, &legal.whistleblower_report] {
        if !name.is_empty() && !wakat_core::validate::is_valid_slug(name) {
            return invalid(format!("legal document '{name}' must be a slug (lowercase letters, digits and dashes)"));
        }
    }
    for terms in &tenant.terms {
        if !wakat_core::validate::is_valid_slug(&terms.file) {
            return invalid(format!("terms file '{}' must be a slug (lowercase letters, digits and dashes)", terms.file));
        }
        if terms.audience != "clients" && terms.audience != "users" {
            return invalid(format!("terms '{}' audience must be 'clients' or 'users'", terms.file));
        }
        let from = match terms.from_date.as_deref() {
            None => None,
            Some(text) => Some(
                parse_terms_date(text, false)
                    .ok_or_else(|| ConfigError::Invalid(format!("terms '{}' from_date '{text}' is not YYYY-MM-DD or RFC 3339", terms.file)))?,
            ),
        };
        let due = match terms.due_date.as_deref() {
            None => None,
            Some(text) => Some(
                parse_terms_date(text, true)
                    .ok_or_else(|| ConfigError::Invalid(format!("terms '{}' due_date '{text}' is not YYYY-MM-DD or RFC 3339", terms.file)))?,
            ),
        };
        if let (Some(from), Some(due)) = (from, due) {
            if from > due {
                return invalid(format!("terms '{}' from_date is after its due_date", terms.file));
            }
        }
    }
    Ok(())
}

/// A tile provider's style URLs are absolute http(s) URLs, its origins bare origins, and a dark
/// style comes with a light one (the web app falls back from dark to light, never the other way).
fn check_map(tenant: &TenantSettings) -> Result<(), ConfigError> {
    let map = &tenant.map;
    let invalid = |what: String| Err(ConfigError::Invalid(format!("tenant '{}': map.{what}", tenant.slug)));
    for (key, url) in [("style_url", &map.style_url), ("style_url_dark", &map.style_url_dark)] {
        if !url.is_empty() && !is_http_url(url) {
            return invalid(format!("{key} '{url}' must be an absolute http(s) URL"));
        }
    }
    if map.style_url.is_empty() && !map.style_url_dark.is_empty() {
        return invalid("style_url_dark needs a style_url".into());
    }
    if let Some(origin) = map.origins.iter().find(|origin| !is_http_url(origin) || origin.trim_end_matches('/').matches('/').count() != 2) {
        return invalid(format!("origins: '{origin}' must be an origin such as https://tiles.example.com (no path)"));
    }
    if map.attribution.chars().count() > 300 {
        return invalid("attribution is longer than 300 characters".into());
    }
    Ok(())
}

/// `http://` or `https://` followed by a host, without spaces or quotes (it goes into a header).
fn is_http_url(url: &str) -> bool {
    let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"));
    rest.is_some_and(|rest| {
        !rest.is_empty() && !rest.starts_with('/') && !url.chars().any(|c| c.is_whitespace() || c.is_control() || c == '"' || c == '\'' || c == ';' || c == ',')
    })
}

/// Plans have distinct slugs, a price and a positive duration.
fn check_plans(tenant: &TenantSettings) -> Result<(), ConfigError> {
    let mut slugs = std::collections::HashSet::new();
    for plan in &tenant.employers.plans {
        let invalid = |what: &str| Err(ConfigError::Invalid(format!("tenant '{}': plan '{}' {what}", tenant.slug, plan.slug)));
        if !wakat_core::validate::is_valid_slug(&plan.slug) || !slugs.insert(plan.slug.as_str()) {
            return invalid("needs a slug of its own (lowercase letters, digits and dashes)");
        }
        if plan.limits.duration_in_days == 0 || plan.limits.max_locations_count == 0 {
            return invalid("needs a duration and at least one location");
        }
        if !(plan.price.gross.is_finite() && plan.price.gross >= 0.0) {
            return invalid("needs a gross price of 0 or more");
        }
    }
    Ok(())
}

fn parse_scalar(value: &str) -> toml::Value {
    if let Ok(b) = value.parse::<bool>() {
        return toml::Value::Boolean(b);
    }
    if let Ok(i) = value.parse::<i64>() {
        return toml::Value::Integer(i);
    }
    if let Ok(f) = value.parse::<f64>() {
        return toml::Value::Float(f);
    }
    toml::Value::String(value.to_string())
}

/// Sets `keys` in nested tables; a numeric key indexes into an array (`TENANTS__0__NAME`).
fn set_path(table: &mut toml::Table, keys: &[String], value: toml::Value) -> Result<(), ConfigError> {
    let (first, rest) = keys.split_first().expect("keys are never empty");
    if rest.is_empty() {
        table.insert(first.clone(), value);
        return Ok(());
    }
    let entry = table.entry(first.clone()).or_insert_with(|| toml::Value::Table(toml::Table::new()));
    set_value_path(entry, rest, value)
}

fn set_value_path(node: &mut toml::Value, keys: &[String], value: toml::Value) -> Result<(), ConfigError> {
    match node {
        toml::Value::Table(table) => set_path(table, keys, value),
        toml::Value::Array(items) => {
            let idx: usize = keys[0].parse().map_err(|_| ConfigError::Invalid(format!("'{}' is not an array index", keys[0])))?;
            let item = items.get_mut(idx).ok_or_else(|| ConfigError::Invalid(format!("no array entry {idx}")))?;
            if keys.len() == 1 {
                *item = value;
                Ok(())
            } else {
                set_value_path(item, &keys[1..], value)
            }
        }
        _ => Err(ConfigError::Invalid(format!("cannot set '{}' inside a plain value", keys.join(".")))),
    }
}

/// The hero's addresses are site paths or http(s) URLs and its texts have Polish; the blog's
/// folder stays inside the index-data directory; an on flag has its section.
fn check_home(tenant: &TenantSettings) -> Result<(), ConfigError> {
    let invalid = |what: String| Err(ConfigError::Invalid(format!("tenant '{}': {what}", tenant.slug)));
    let promotion = &tenant.promotion;
    if tenant.flags.get("promotionalHomepage") == Some(&true) && !promotion.is_configured() {
        return invalid("the flag promotionalHomepage needs [tenants.promotion] (image, headline, link)".into());
    }
    if promotion.is_configured() {
        for (key, address) in [("image", &promotion.image), ("link", &promotion.link)] {
            if !is_site_path_or_http(address) {
                return invalid(format!("promotion.{key} '{address}' must be a path of the web app (/…) or an absolute http(s) URL"));
            }
        }
        for (key, texts) in [("headline", &promotion.headline), ("link_label", &promotion.link_label)] {
            if texts.get("pl").is_none_or(|text| text.trim().is_empty()) || texts.keys().any(|lang| lang != "pl" && lang != "en") {
                return invalid(format!("promotion.{key} needs a Polish text (pl, optionally en)"));
            }
        }
    }
    let blog = &tenant.blog;
    if tenant.flags.get("blogShowcase") == Some(&true) && !blog.is_configured() {
        return invalid("the flag blogShowcase needs [tenants.blog] dir".into());
    }
    let inside = blog.dir.split('/').all(|part| !part.is_empty() && part != "." && part != ".." && !part.contains('\\'));
    if blog.is_configured() && (!inside || blog.dir.starts_with('/')) {
        return invalid(format!("blog.dir '{}' must be a folder inside the index-data directory", blog.dir));
    }
    Ok(())
}

/// `/path` of the web app (not `//host`) or `http(s)://host…`, without spaces or quotes.
fn is_site_path_or_http(address: &str) -> bool {
    let clean = !address.chars().any(|c| c.is_whitespace() || c.is_control() || c == '"' || c == '\'' || c == '<' || c == '>');
    let site_path = address.starts_with('/') && !address.starts_with("//");
    let http = ["https://", "http://"].iter().any(|scheme| address.strip_prefix(scheme).is_some_and(|rest| !rest.is_empty() && !rest.starts_with('/')));
    clean && (site_path || http)
}
