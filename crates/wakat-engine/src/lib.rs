//! Wakat engine: everything the server and the command line share besides HTTP — the engine's
//! settings (read from `wakat.toml` and `WAKAT_*` variables), the dictionaries of `index-data/`,
//! and the [`Engine`]: the store (the truth), the index (derived) and the one write path that
//! keeps them in step.
//!
//! Design decision: nothing here knows HTTP (no actix), so `wakat generate`, `import`, `reindex`
//! and `analytics` open the data directory without the server; the server embeds
//! [`EngineSettings`] in its own settings and serves an [`Engine`].
#![warn(missing_docs)]

pub mod dictionaries;
pub mod engine;
pub mod settings;

pub use engine::{now, Engine, EngineError, ListItems, Tenant};
pub use settings::{
    ApplicationSettings, BlogSettings, ConfigError, EmailCv, EngineSettings, JobAlertSettings, MapSettings, PromotionSettings, RateLimitSettings,
    SalaryInsightSettings, StorageSettings, TenantSettings,
};
