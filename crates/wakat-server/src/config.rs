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
    /// Candidate and employer accounts.
    #[serde(default)]
    pub accounts: AccountSettings,
    /// How mail leaves (the outbox of the dev mailbox by default, or SMTP).
    #[serde(default)]
    pub mail: wakat_mail::MailSettings,
    /// How employers pay (`[payments]`: the embedded sandbox, or Stripe Checkout).
    #[serde(default)]
    pub payments: PaymentSettings,
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
    /// Token required by the internal write API; when empty, one is generated on first start and
    /// kept in `{data_dir}/internal-token` (mode 0600).
    pub internal_token: String,
    /// Token of `GET /metrics` (`Authorization: Bearer …`); when empty, `/metrics` answers only
    /// clients on the server's own machine (a loopback peer, not behind a proxy naming another).
    pub metrics_token: String,
    /// Token opening the search explain call (`X-Wakat-Debug-Token`); empty: the call is off.
    pub search_debug_token: String,
    /// Threads searching index segments in parallel.
    pub search_threads: usize,
    /// Memory budget of the index writer.
    pub writer_memory_mb: usize,
    /// Memory of the cached bits of filtering clauses (tenant, seniority, city, keywords…), per
    /// index segment; 0 turns the cache off.
    pub filter_cache_mb: u64,
    /// Page cache of the store.
    pub store_cache_mb: u64,
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
            data_dir: "data".into(),
            index_data_dir: "index-data".into(),
            internal_token: String::new(),
            metrics_token: String::new(),
            search_debug_token: String::new(),
            search_threads: 1,
            writer_memory_mb: 128,
            filter_cache_mb: 64,
            store_cache_mb: 64,
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

/// One board.
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct TenantSettings {
    /// URL prefix: `/api/{slug}`.
    pub slug: String,
    /// Public URL of this board's web app, for the links in its mails (empty: `server.public_url`).
    pub public_url: String,
    /// Display name.
    pub name: String,
    /// Host names the web app serves this board on (lowercase, without port). Empty: `{slug}.localhost`;
    /// the first board also gets `localhost` and `127.0.0.1` unless another board lists them.
    pub hosts: Vec<String>,
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
    /// Terms documents for clients and for users (`[[tenants.terms]]`).
    pub terms: Vec<TermsSettings>,
    /// Privacy policy, information clause and whistleblower report documents (`[tenants.legal]`).
    pub legal: LegalSettings,
    /// Where the survey popup sends visitors (empty: no survey).
    pub survey_url: String,
    /// The board's own wording of the web app's texts (`[tenants.texts]`): a message key of the
    /// web app's catalogue to its text per language (`pl`, `en`), e.g.
    /// `"home.heading" = { pl = "Znajdź pracę w IT", en = "Find a job in IT" }`. The catalogue's
    /// own texts are the board-neutral defaults.
    pub texts: BTreeMap<String, BTreeMap<String, String>>,
    /// Requests per minute and burst per client and route class (`public_write`, `expensive_read`);
    /// a class not listed keeps its default.
    pub rate_limits: BTreeMap<String, RateLimitSettings>,
    /// The employer side: plans and the offer form's configured limits (`[tenants.employers]`).
    pub employers: wakat_employers::EmployerSettings,
    /// E-mail job alerts (`[tenants.job_alerts]`).
    pub job_alerts: JobAlertSettings,
}

/// E-mail job alerts of a board.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(default)]
pub struct JobAlertSettings {
    /// Local hour (0-23, `server.time_zone`) at which the day's digests are sent.
    pub send_hour: u8,
    /// Most offers listed in one digest (the rest behind the link to the search).
    pub max_offers: usize,
}

impl Default for JobAlertSettings {
    fn default() -> Self {
        JobAlertSettings { send_hour: 8, max_offers: 20 }
    }
}

/// One rate limit: a client may send `burst` requests at once, then `per_minute` a minute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct RateLimitSettings {
    /// Sustained requests per minute (0: the class is not limited on this board).
    pub per_minute: u32,
    /// Requests allowed at once after a quiet spell (at least 1).
    pub burst: u32,
}

/// One terms document of a board. Its text is `index-data/terms/{file}.{lang}.html`.
#[derive(Debug, Clone, Deserialize)]
pub struct TermsSettings {
    /// Who the terms bind: `clients` (employers) or `users` (candidates).
    pub audience: String,
    /// Document name (a slug) in `index-data/terms/`.
    pub file: String,
    /// Title per language (`pl`, `en`).
    #[serde(default)]
    pub title: BTreeMap<String, String>,
    /// First day (`YYYY-MM-DD`) or moment (RFC 3339) the document applies, if announced ahead.
    #[serde(default)]
    pub from_date: Option<String>,
    /// Last day (`YYYY-MM-DD`, inclusive) or moment (RFC 3339) the document applies.
    #[serde(default)]
    pub due_date: Option<String>,
}

/// Legal documents of a board besides the terms, each a document name in `index-data/terms/`
/// (empty: the board has none).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct LegalSettings {
    /// Privacy policy.
    pub privacy_policy: String,
    /// Information clause (personal data processing).
    pub information_clause: String,
    /// How to report a breach (shown behind the `whistleblowerReport` flag).
    pub whistleblower_report: String,
}

impl TenantSettings {
    /// The public URL of this board's web app (its own, else the server's), without a trailing '/'.
    pub fn web_url<'a>(&'a self, server: &'a ServerSettings) -> &'a str {
        let url = if self.public_url.is_empty() { &server.public_url } else { &self.public_url };
        url.trim_end_matches('/')
    }

    /// Whether `name` is one of this board's legal documents (terms, privacy policy, clause, report).
    pub fn has_legal_document(&self, name: &str) -> bool {
        let legal = &self.legal;
        !name.is_empty()
            && (self.terms.iter().any(|terms| terms.file == name)
                || [&legal.privacy_policy, &legal.information_clause, &legal.whistleblower_report].iter().any(|file| file.as_str() == name))
    }
}

/// Parses a terms date: `YYYY-MM-DD` (a whole UTC day; `end_of_day` picks its last moment) or RFC 3339.
pub fn parse_terms_date(text: &str, end_of_day: bool) -> Option<time::OffsetDateTime> {
    if let Ok(moment) = time::OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339) {
        return Some(moment);
    }
    let day = time::Date::parse(text, time::macros::format_description!("[year]-[month]-[day]")).ok()?;
    let time_of_day = if end_of_day { time::Time::from_hms_milli(23, 59, 59, 999).ok()? } else { time::Time::MIDNIGHT };
    Some(day.with_time(time_of_day).assume_utc())
}

impl TenantSettings {
    /// The terms document of `audience` (`users` or `clients`) in force at `now` (Unix seconds):
    /// the latest one whose from_date has come and whose due_date has not passed.
    pub fn terms_in_force(&self, audience: &str, now: i64) -> Option<&TermsSettings> {
        let at = |text: Option<&str>, end_of_day: bool| text.and_then(|text| parse_terms_date(text, end_of_day)).map(|moment| moment.unix_timestamp());
        self.terms
            .iter()
            .filter(|terms| terms.audience == audience)
            .filter(|terms| at(terms.from_date.as_deref(), false).is_none_or(|from| from <= now))
            .filter(|terms| at(terms.due_date.as_deref(), true).is_none_or(|due| now <= due))
            .max_by_key(|terms| at(terms.from_date.as_deref(), false).unwrap_or(i64::MIN))
    }

    /// What a sign-up of `audience` accepts at `now`: the terms in force and the privacy policy.
    pub fn terms_acceptance(&self, audience: &str, now: i64) -> wakat_accounts::TermsAcceptance {
        wakat_accounts::TermsAcceptance {
            terms: self.terms_in_force(audience, now).map(|terms| terms.file.clone()),
            privacy_policy: Some(self.legal.privacy_policy.clone()).filter(|name| !name.is_empty()),
            accepted_at: now,
        }
    }
}

impl Default for TenantSettings {
    fn default() -> Self {
        TenantSettings {
            slug: String::new(),
            public_url: String::new(),
            name: String::new(),
            hosts: Vec::new(),
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
            terms: Vec::new(),
            legal: LegalSettings::default(),
            survey_url: String::new(),
            texts: BTreeMap::new(),
            rate_limits: BTreeMap::new(),
            employers: wakat_employers::EmployerSettings::default(),
            job_alerts: JobAlertSettings::default(),
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
        let mut settings: Settings = toml::Value::Table(root).try_into().map_err(|e: toml::de::Error| ConfigError::Invalid(e.to_string()))?;
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
            if tenant.job_alerts.send_hour > 23 || tenant.job_alerts.max_offers == 0 {
                return Err(ConfigError::Invalid(format!("tenant '{}': job_alerts.send_hour must be 0-23 and max_offers at least 1", tenant.slug)));
            }
        }
        if jiff::tz::TimeZone::get(&self.server.time_zone).is_err() {
            return Err(ConfigError::Invalid(format!("server.time_zone '{}' is not a known time zone", self.server.time_zone)));
        }
        if self.tenants.is_empty() {
            return Err(ConfigError::Invalid("no tenants configured".into()));
        }
        let https_deployment = self.server.public_url.starts_with("https://") || self.tenants.iter().any(|tenant| tenant.public_url.starts_with("https://"));
        self.payments.check(https_deployment).map_err(ConfigError::Invalid)?;
        self.accounts.captcha.check().map_err(ConfigError::Invalid)?;
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

#[cfg(test)]
mod tests;
