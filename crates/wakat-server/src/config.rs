//! Settings: `wakat.toml`, overridden by `WAKAT_SECTION__KEY` environment variables
//! (`WAKAT_SERVER__BIND=0.0.0.0:9000`, `WAKAT_RANKING__FRESHNESS_WEIGHT=0.3`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use wakat_search::RankingConfig;

/// Everything the server and the CLI read from configuration.
#[derive(Debug, Clone, Deserialize)]
pub struct Settings {
    /// Process-level settings.
    #[serde(default)]
    pub server: ServerSettings,
    /// Ranking weights.
    #[serde(default)]
    pub ranking: RankingConfig,
    /// Boards served.
    #[serde(default)]
    pub tenants: Vec<TenantSettings>,
}

/// Process-level settings.
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct ServerSettings {
    /// Listen address of `wakat serve`.
    pub bind: String,
    /// Where the store and the index live.
    pub data_dir: PathBuf,
    /// Dictionaries and the default data set.
    pub index_data_dir: PathBuf,
    /// Token required by the internal write API; when empty only loopback clients may write.
    pub internal_token: String,
    /// Threads searching index segments in parallel.
    pub search_threads: usize,
    /// Memory budget of the index writer.
    pub writer_memory_mb: usize,
    /// Page cache of the store.
    pub store_cache_mb: u64,
    /// HTTP worker threads (0 = one per core).
    pub workers: usize,
    /// Public URL of the web app, used in links the API hands out.
    pub public_url: String,
    /// Responses of the hot read calls kept for a few seconds (0 turns the cache off).
    pub response_cache_entries: usize,
}

impl Default for ServerSettings {
    fn default() -> Self {
        ServerSettings {
            bind: "127.0.0.1:8080".into(),
            data_dir: "data".into(),
            index_data_dir: "index-data".into(),
            internal_token: String::new(),
            search_threads: 1,
            writer_memory_mb: 128,
            store_cache_mb: 64,
            workers: 0,
            public_url: "http://127.0.0.1:3000".into(),
            response_cache_entries: 4096,
        }
    }
}

/// One board.
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct TenantSettings {
    /// URL prefix: `/api/{slug}`.
    pub slug: String,
    /// Display name.
    pub name: String,
    /// `pl` or `en`.
    pub default_locale: String,
    /// Category file in the index-data directory.
    pub categories: String,
    /// Company file in the index-data directory.
    pub companies: String,
    /// Default data set loaded on first start (JSON Lines of offers), empty for none.
    pub default_data: String,
    /// Currencies offered to users.
    pub currencies: Vec<String>,
    /// Currency used when none is chosen.
    pub default_currency: String,
    /// List layout: column, horizontal or classic.
    pub layout: String,
    /// Salary filter bounds.
    pub salary: SalarySettings,
    /// Colours and logo.
    pub theme: BTreeMap<String, String>,
    /// Feature flags (unknown flags are off).
    pub flags: BTreeMap<String, bool>,
}

impl Default for TenantSettings {
    fn default() -> Self {
        TenantSettings {
            slug: String::new(),
            name: String::new(),
            default_locale: "pl".into(),
            categories: String::new(),
            companies: String::new(),
            default_data: String::new(),
            currencies: ["pln", "eur", "usd", "gbp", "chf"].map(String::from).to_vec(),
            default_currency: "pln".into(),
            layout: "column".into(),
            salary: SalarySettings::default(),
            theme: BTreeMap::new(),
            flags: BTreeMap::new(),
        }
    }
}

/// Salary filter bounds of a tenant.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(default)]
pub struct SalarySettings {
    /// Lowest value of the slider.
    pub min: f64,
    /// Highest value of the slider.
    pub max: f64,
    /// Slider step.
    pub step: f64,
}

impl Default for SalarySettings {
    fn default() -> Self {
        SalarySettings { min: 0.0, max: 100_000.0, step: 500.0 }
    }
}

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

impl Settings {
    /// Reads `path` (when it exists) and applies `WAKAT_*` overrides from the environment.
    pub fn load(path: &Path) -> Result<Settings, ConfigError> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(source) => return Err(ConfigError::Read { path: path.to_path_buf(), source }),
        };
        Settings::from_toml(&text, std::env::vars())
    }

    /// Parses TOML and applies `WAKAT_A__B=value` overrides from `env`.
    pub fn from_toml(text: &str, env: impl IntoIterator<Item = (String, String)>) -> Result<Settings, ConfigError> {
        let mut root: toml::Table = toml::from_str(text).map_err(|e| ConfigError::Invalid(e.to_string()))?;
        for (name, value) in env {
            let Some(path) = name.strip_prefix("WAKAT_") else { continue };
            let keys: Vec<String> = path.split("__").map(|k| k.to_ascii_lowercase()).collect();
            if keys.iter().any(String::is_empty) {
                continue;
            }
            set_path(&mut root, &keys, parse_scalar(&value))?;
        }
        let settings: Settings = toml::Value::Table(root).try_into().map_err(|e: toml::de::Error| ConfigError::Invalid(e.to_string()))?;
        settings.check()?;
        Ok(settings)
    }

    fn check(&self) -> Result<(), ConfigError> {
        let mut seen = std::collections::HashSet::new();
        for tenant in &self.tenants {
            if !wakat_core::validate::is_valid_slug(&tenant.slug) {
                return Err(ConfigError::Invalid(format!("tenant slug '{}' must be lowercase letters, digits and dashes", tenant.slug)));
            }
            if !seen.insert(&tenant.slug) {
                return Err(ConfigError::Invalid(format!("tenant '{}' is listed twice", tenant.slug)));
            }
            if tenant.categories.is_empty() {
                return Err(ConfigError::Invalid(format!("tenant '{}' has no categories file", tenant.slug)));
            }
        }
        if self.tenants.is_empty() {
            return Err(ConfigError::Invalid("no tenants configured".into()));
        }
        Ok(())
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    const BASE: &str = r#"
        [server]
        bind = "127.0.0.1:8080"
        [[tenants]]
        slug = "it"
        name = "IT"
        categories = "categories-it.json"
        [tenants.flags]
        darkMode = true
    "#;

    #[test]
    fn environment_overrides_nested_keys_and_array_entries() {
        let env = [
            ("WAKAT_SERVER__BIND".to_string(), "0.0.0.0:9999".to_string()),
            ("WAKAT_SERVER__SEARCH_THREADS".to_string(), "2".to_string()),
            ("WAKAT_RANKING__FRESHNESS_WEIGHT".to_string(), "0.25".to_string()),
            ("WAKAT_TENANTS__0__NAME".to_string(), "Renamed".to_string()),
            ("HOME".to_string(), "/root".to_string()),
        ];
        let settings = Settings::from_toml(BASE, env).unwrap();
        assert_eq!(settings.server.bind, "0.0.0.0:9999");
        assert_eq!(settings.server.search_threads, 2);
        assert_eq!(settings.ranking.freshness_weight, 0.25);
        assert_eq!(settings.tenants[0].name, "Renamed");
        assert_eq!(settings.tenants[0].flags.get("darkMode"), Some(&true));
        assert_eq!(settings.server.data_dir, PathBuf::from("data"));
    }

    #[test]
    fn rejects_bad_tenants() {
        assert!(Settings::from_toml("", []).is_err());
        let twice = format!("{BASE}\n[[tenants]]\nslug = \"it\"\ncategories = \"x\"\n");
        assert!(Settings::from_toml(&twice, []).is_err());
    }
}
