//! Settings: `wakat.toml`, overridden by `WAKAT_SECTION__KEY` environment variables
//! (`WAKAT_SERVER__BIND=0.0.0.0:9000`, `WAKAT_RANKING__FRESHNESS_WEIGHT=0.3`).
//!
//! The engine's part (the store's and the index's keys of `[server]`, `[ranking]`, the boards) is
//! `wakat_engine`'s [`EngineSettings`], read from the same document; this is the rest.

use std::path::Path;

use serde::Deserialize;
use wakat_engine::settings::{read_config_file, toml_with_env, ConfigError, EngineSettings};

/// Everything the server and the CLI read from configuration.
#[derive(Debug, Clone, Deserialize)]
pub struct Settings {
    /// What the engine reads (`[server]`'s store and index keys, `[ranking]`, `[[tenants]]`),
    /// deserialised from the same document on its own: it shares `[server]` with [`ServerSettings`].
    #[serde(skip)]
    pub engine: EngineSettings,
    /// Process-level settings.
    #[serde(default)]
    pub server: ServerSettings,
    /// Candidate and employer accounts.
    #[serde(default)]
    pub accounts: AccountSettings,
    /// How mail leaves (the outbox of the dev mailbox by default, or SMTP).
    #[serde(default)]
    pub mail: wakat_mail::MailSettings,
    /// How employers pay (`[payments]`: the embedded sandbox, or Stripe Checkout).
    #[serde(default)]
    pub payments: PaymentSettings,
    /// The chat between passive candidates and employers (`[chat]`: limits, unread mails, tokens).
    #[serde(default)]
    pub chat: wakat_app::chat::ChatSettings,
    /// The job-ad assistant (`[assistant]`: limits per company, the brain and its provider).
    #[serde(default)]
    pub assistant: wakat_app::assistant::AssistantSettings,
    /// The real-time hub's limits and timers (`[hub]`; defaults fit production).
    #[serde(default)]
    pub hub: wakat_hub::HubSettings,
}

pub use crate::captcha::CaptchaSettings;
pub use crate::payments::PaymentSettings;

/// Accounts: the cost of password hashes, the secret of signed links, the captcha.
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct AccountSettings {
    /// argon2id memory per hash, KiB (OWASP: 19456).
    pub password_memory_kib: u32,
    /// argon2id passes (OWASP: 2).
    pub password_iterations: u32,
    /// Key of signed links (private downloads); when empty, generated on first start into
    /// `{data_dir}/link-secret` (mode 0600).
    pub link_secret: String,
    /// Seconds a private download link stays valid.
    pub download_link_secs: i64,
    /// Login, registration and reset attempts per account and hour (on top of the per-client limit).
    pub attempts_per_account_hour: u32,
    /// The captcha on applications and redirects.
    pub captcha: CaptchaSettings,
}

impl Default for AccountSettings {
    fn default() -> Self {
        AccountSettings {
            password_memory_kib: 19 * 1024,
            password_iterations: 2,
            link_secret: String::new(),
            download_link_secs: 300,
            attempts_per_account_hour: 20,
            captcha: CaptchaSettings::default(),
        }
    }
}

/// Process-level settings (the engine reads the store's and the index's keys of `[server]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct ServerSettings {
    /// Listen address of `wakat serve`.
    pub bind: String,
    /// Token required by the internal write API; when empty, one is generated on first start and
    /// kept in `{data_dir}/internal-token` (mode 0600).
    pub internal_token: String,
    /// Token of `GET /metrics` (`Authorization: Bearer …`); when empty, `/metrics` answers only
    /// clients on the server's own machine (a loopback peer, not behind a proxy naming another).
    pub metrics_token: String,
    /// Token opening the search explain call (`X-Wakat-Debug-Token`); empty: the call is off.
    pub search_debug_token: String,
    /// HTTP worker threads (0 = one per core).
    pub workers: usize,
    /// Public URL of the web app, used in links the API hands out.
    pub public_url: String,
    /// Responses of the hot read calls kept for a few seconds (0 turns the cache off).
    pub response_cache_entries: usize,
    /// Memory budget of the response cache in MB: keys, bodies and overhead (0 turns it off).
    pub response_cache_mb: u64,
    /// Seconds between two writes of the counted offer views (a `kill -9` loses at most these).
    pub views_flush_secs: u64,
    /// Per-client rate limits of `[tenants.rate_limits]` (off: nothing is limited).
    pub rate_limits_enabled: bool,
    /// Peers whose `X-Forwarded-For` names the client (the web app's server); others are the client.
    pub trusted_proxies: Vec<String>,
    /// Threads running searches and store reads for the HTTP workers, all workers together
    /// (0: actix's default of 512). Searches are CPU work: a few per core keep the cores busy, and
    /// every thread more only adds memory (its stack and its allocator arena).
    pub blocking_threads: usize,
    /// Time zone of scheduled jobs (digests at the boards' send hours).
    pub time_zone: String,
    /// Whether the scheduler runs jobs at their hours (tests and benchmarks trigger runs instead).
    pub scheduler_enabled: bool,
}

impl Default for ServerSettings {
    fn default() -> Self {
        ServerSettings {
            bind: "127.0.0.1:8080".into(),
            internal_token: String::new(),
            metrics_token: String::new(),
            search_debug_token: String::new(),
            workers: 0,
            public_url: "http://127.0.0.1:3000".into(),
            response_cache_entries: 4096,
            response_cache_mb: 64,
            views_flush_secs: 5,
            rate_limits_enabled: true,
            trusted_proxies: vec!["127.0.0.1".into(), "::1".into()],
            blocking_threads: 8,
            time_zone: "Europe/Warsaw".into(),
            scheduler_enabled: true,
        }
    }
}

impl Settings {
    /// Reads `path` (when it exists) and applies `WAKAT_*` overrides from the environment.
    pub fn load(path: &Path) -> Result<Settings, ConfigError> {
        Settings::from_toml(&read_config_file(path)?, std::env::vars())
    }

    /// Parses TOML and applies `WAKAT_A__B=value` overrides from `env`.
    pub fn from_toml(text: &str, env: impl IntoIterator<Item = (String, String)>) -> Result<Settings, ConfigError> {
        let document = toml_with_env(text, env)?;
        let engine = EngineSettings::from_document(document.clone())?;
        let mut settings: Settings = document.try_into().map_err(|e: toml::de::Error| ConfigError::Invalid(e.to_string()))?;
        settings.engine = engine;
        settings.check()?;
        Ok(settings)
    }

    /// Checks what the engine's settings do not (the boards are checked with them).
    fn check(&self) -> Result<(), ConfigError> {
        if jiff::tz::TimeZone::get(&self.server.time_zone).is_err() {
            return Err(ConfigError::Invalid(format!("server.time_zone '{}' is not a known time zone", self.server.time_zone)));
        }
        let tenants = &self.engine.tenants;
        let https_deployment = self.server.public_url.starts_with("https://") || tenants.iter().any(|tenant| tenant.public_url.starts_with("https://"));
        self.payments.check(https_deployment).map_err(ConfigError::Invalid)?;
        self.accounts.captcha.check().map_err(ConfigError::Invalid)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests;
