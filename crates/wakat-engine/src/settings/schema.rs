//! The engine's settings as typed: the sections and keys `wakat.toml` may hold, with their
//! defaults. Its own file so that the loader below `settings` fills and checks them without
//! reaching back up to its parent.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::Deserialize;
use wakat_search::RankingConfig;

/// Everything [`crate::Engine::open`] reads.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct EngineSettings {
    /// The store, the index and the dictionaries: keys of the `[server]` section, which the
    /// server's own settings share.
    #[serde(default, rename = "server")]
    pub storage: StorageSettings,
    /// Ranking weights.
    #[serde(default)]
    pub ranking: RankingConfig,
    /// Boards served.
    #[serde(default)]
    pub tenants: Vec<TenantSettings>,
}

/// Where the store, the index and the dictionaries live, and their memory (keys of `[server]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct StorageSettings {
    /// Where the store and the index live.
    pub data_dir: PathBuf,
    /// Dictionaries and the default data set.
    pub index_data_dir: PathBuf,
    /// Threads searching index segments in parallel.
    pub search_threads: usize,
    /// Memory budget of the index writer.
    pub writer_memory_mb: usize,
    /// Memory of the cached bits of filtering clauses (tenant, seniority, city, keywords…), per
    /// index segment; 0 turns the cache off.
    pub filter_cache_mb: u64,
    /// Page cache of the store.
    pub store_cache_mb: u64,
}

impl Default for StorageSettings {
    fn default() -> Self {
        StorageSettings {
            data_dir: "data".into(),
            index_data_dir: "index-data".into(),
            search_threads: 1,
            writer_memory_mb: 128,
            filter_cache_mb: 64,
            store_cache_mb: 64,
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
    /// The salary insight of offers and salary pages (`[tenants.salary_insights]`).
    pub salary_insights: SalaryInsightSettings,
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
    /// Applications mailed to an offer's address (`[tenants.applications]`).
    pub applications: ApplicationSettings,
    /// The maps' tile provider (`[tenants.map]`); none: the web app's offline basemap.
    pub map: MapSettings,
    /// The board's overrides of the job-ad assistant's `[assistant]` (`[tenants.assistant]`).
    pub assistant: AssistantOverrides,
    /// The homepage's promotional hero (`[tenants.promotion]`, flag `promotionalHomepage`).
    pub promotion: super::PromotionSettings,
    /// The blog the homepage showcases (`[tenants.blog]`, flag `blogShowcase`).
    pub blog: super::BlogSettings,
}

/// A board's overrides of the job-ad assistant's global `[assistant]` section: what is left out
/// keeps the global value. Read by `wakat-app`'s assistant (the brains are not the engine's).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AssistantOverrides {
    /// Messages a company may send the assistant per minute.
    pub messages_per_minute: Option<u32>,
    /// Messages a company may send the assistant per UTC day.
    pub messages_per_day: Option<u32>,
    /// `offline` (the embedded drafter) or `openai` (an OpenAI-compatible endpoint).
    pub brain: Option<String>,
    /// The OpenAI-compatible endpoint's base URL.
    pub base_url: Option<String>,
    /// Its model.
    pub model: Option<String>,
    /// Its key.
    pub api_key: Option<String>,
    /// Seconds an answer may take.
    pub timeout_secs: Option<u64>,
}

/// A board's tile provider: every map of the web app loads this MapLibre style instead of the
/// offline basemap (which has no streets). Empty `style_url`: the offline basemap.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MapSettings {
    /// The MapLibre style (an absolute http(s) URL), e.g. a provider's `…/style.json?key=…`.
    pub style_url: String,
    /// The style in dark mode (empty: `style_url` in both modes).
    pub style_url_dark: String,
    /// Credit shown in the map's attribution besides what the style's sources credit.
    pub attribution: String,
    /// Origins (`https://host[:port]`) of the tiles, sprites and glyphs the style refers to, when
    /// not the style's own: the page's Content-Security-Policy allows them and the styles' origins.
    pub origins: Vec<String>,
}

impl MapSettings {
    /// Whether the board has a tile provider.
    pub fn is_configured(&self) -> bool {
        !self.style_url.is_empty()
    }
}

/// The largest `attach_max_bytes`: the mailer's bound on a mail's attachments
/// (`wakat_mail::MAX_ATTACHMENT_BYTES`; the engine does not depend on the mailer, and a test of
/// `wakat-app` checks the two agree).
pub const MAX_ATTACHED_CV_BYTES: u64 = 10_000_000;

/// How an offer's address receives a CV: in the mail, or as a signed, expiring link.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EmailCv {
    /// Attached, unless larger than `attach_max_bytes` (then a link).
    #[default]
    Attach,
    /// Always a link.
    Link,
}

/// Applications by e-mail of a board.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ApplicationSettings {
    /// How the CV reaches the offer's address.
    pub email_cv: EmailCv,
    /// Largest CV attached (bytes); a larger one goes as a link. At most the mailer's bound.
    pub attach_max_bytes: u64,
    /// How long a mailed CV link works, in days.
    pub cv_link_days: u32,
    /// Local hour (0-23, `server.time_zone`) at which the employers' daily digests of the
    /// previous day's applications are sent.
    pub digest_hour: u8,
}

impl Default for ApplicationSettings {
    fn default() -> Self {
        ApplicationSettings { email_cv: EmailCv::Attach, attach_max_bytes: 3_000_000, cv_link_days: 30, digest_hour: 7 }
    }
}

impl ApplicationSettings {
    /// Whether a CV of `size` bytes is attached (else linked).
    pub fn attaches(&self, size: u64) -> bool {
        self.email_cv == EmailCv::Attach && size <= self.attach_max_bytes
    }
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
    /// The public URL of this board's web app (its own, else `server_url`, the server's
    /// `public_url`), without a trailing '/'.
    pub fn web_url<'a>(&'a self, server_url: &'a str) -> &'a str {
        let url = if self.public_url.is_empty() { server_url } else { &self.public_url };
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
            salary_insights: SalaryInsightSettings::default(),
            theme: BTreeMap::new(),
            flags: BTreeMap::new(),
            terms: Vec::new(),
            legal: LegalSettings::default(),
            survey_url: String::new(),
            texts: BTreeMap::new(),
            rate_limits: BTreeMap::new(),
            employers: wakat_employers::EmployerSettings::default(),
            job_alerts: JobAlertSettings::default(),
            applications: ApplicationSettings::default(),
            map: MapSettings::default(),
            assistant: AssistantOverrides::default(),
            promotion: super::PromotionSettings::default(),
            blog: super::BlogSettings::default(),
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

/// The salary insight of a tenant: how large a comparable set must be before any figure of it
/// is shown, and how far "the region" of a city reaches when a set is widened.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SalaryInsightSettings {
    /// Fewest offers a set shows figures for; an offer's set is widened until it has them.
    pub minimum_set_size: usize,
    /// Radius around an offer's city of the "region" step (the list's radius filter, so the set
    /// is a list address too).
    pub region_radius_km: f64,
}

impl Default for SalaryInsightSettings {
    fn default() -> Self {
        SalaryInsightSettings { minimum_set_size: 10, region_radius_km: 100.0 }
    }
}
