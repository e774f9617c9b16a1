//! The engine's part of the configuration: where the store, the index and the dictionaries are
//! (keys of `[server]`), the ranking weights (`[ranking]`) and the boards (`[[tenants]]`).
//!
//! They are read from the same `wakat.toml` and `WAKAT_SECTION__KEY` variables as the server's
//! settings (see [`load`]): the server's `Settings` embeds an [`EngineSettings`], and the CLI's
//! offline commands need nothing else.

mod home;
mod load;
mod schema;

pub use home::{BlogSettings, PromotionSettings};

pub use load::{read_config_file, toml_with_env, ConfigError};
pub use schema::{
    parse_terms_date, ApplicationSettings, AssistantOverrides, EmailCv, EngineSettings, JobAlertSettings, LegalSettings, MapSettings, RateLimitSettings,
    SalaryInsightSettings, SalarySettings, StorageSettings, TenantSettings, TermsSettings, MAX_ATTACHED_CV_BYTES,
};

#[cfg(test)]
mod tests;
