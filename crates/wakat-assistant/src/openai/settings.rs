//! The adapter's settings, as the board configuration's `[assistant]` (or
//! `[tenants.assistant]`) section carries them when `brain = "openai"`. Not
//! `deny_unknown_fields`: the application may flatten them into its own section next to the
//! limits and the brain's name.

use std::fmt;
use std::time::Duration;

use reqwest::Url;
use serde::{Deserialize, Serialize};

/// Where and how the adapter reaches an OpenAI-compatible chat-completions endpoint.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct OpenAiSettings {
    /// The API's base URL, without `/chat/completions` (OpenAI's `https://api.openai.com/v1`,
    /// a local server's `http://127.0.0.1:11434/v1`, …).
    pub base_url: String,
    /// The model's name as the provider knows it.
    pub model: String,
    /// Sent as `Authorization: Bearer …` when set (local servers usually need none).
    pub api_key: Option<String>,
    /// Seconds allowed to connect, to get the answer's headers and between two chunks of the
    /// stream: a provider silent for longer is unavailable.
    pub timeout_secs: u64,
    /// The internet search the model may call; without it the model is offered no search and
    /// the employer never sees search events.
    pub search_tool: Option<SearchToolSettings>,
}

/// A search endpoint answering `GET {url}?q={query}&format=json` with
/// `{"results": [{"title", "url", "content" | "snippet"}]}` (SearXNG's JSON API; any service
/// answering that shape will do).
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SearchToolSettings {
    /// The search endpoint (`https://searx.example.org/search`).
    pub url: String,
    /// Sent as `Authorization: Bearer …` when set.
    pub api_key: Option<String>,
    /// How many results the model is given (the first ones).
    pub max_results: usize,
    /// Seconds allowed for one search; a search that fails or times out is told to the model,
    /// which answers without it.
    pub timeout_secs: u64,
}

impl Default for OpenAiSettings {
    fn default() -> Self {
        OpenAiSettings { base_url: "https://api.openai.com/v1".to_owned(), model: "gpt-4o-mini".to_owned(), api_key: None, timeout_secs: 30, search_tool: None }
    }
}

impl Default for SearchToolSettings {
    fn default() -> Self {
        SearchToolSettings { url: String::new(), api_key: None, max_results: 5, timeout_secs: 10 }
    }
}

/// The longest time-out accepted: longer ones would keep an employer waiting on a dead provider.
const MAX_TIMEOUT_SECS: u64 = 600;
/// The most search results given to the model (each costs prompt tokens).
const MAX_SEARCH_RESULTS: usize = 20;

/// A setting that cannot work, named as in the configuration.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("assistant setting `{field}`: {message}")]
pub struct SettingsError {
    /// The setting's key (`base_url`, `search_tool.url`, …).
    pub field: &'static str,
    /// What is wrong with it.
    pub message: String,
}

fn invalid(field: &'static str, message: impl Into<String>) -> SettingsError {
    SettingsError { field, message: message.into() }
}

/// An `http`/`https` URL with a host, or why not.
fn http_url(field: &'static str, value: &str) -> Result<Url, SettingsError> {
    let url = Url::parse(value.trim()).map_err(|e| invalid(field, format!("not a URL ({e})")))?;
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
        return Err(invalid(field, "must be an http or https URL with a host"));
    }
    Ok(url)
}

fn timeout(field: &'static str, secs: u64) -> Result<Duration, SettingsError> {
    if secs == 0 || secs > MAX_TIMEOUT_SECS {
        return Err(invalid(field, format!("must be 1 to {MAX_TIMEOUT_SECS} seconds")));
    }
    Ok(Duration::from_secs(secs))
}

impl OpenAiSettings {
    /// Refuses settings that cannot work, so that a wrong configuration stops the server at
    /// start instead of failing every employer's message.
    pub fn validate(&self) -> Result<(), SettingsError> {
        http_url("base_url", &self.base_url)?;
        if self.model.trim().is_empty() {
            return Err(invalid("model", "must name the provider's model"));
        }
        if self.api_key.as_deref().is_some_and(|k| k.trim().is_empty()) {
            return Err(invalid("api_key", "is empty (leave it out when the provider needs none)"));
        }
        timeout("timeout_secs", self.timeout_secs)?;
        if let Some(search) = &self.search_tool {
            search.validate()?;
        }
        Ok(())
    }

    /// `{base_url}/chat/completions`, whether or not the base URL ends with a slash.
    pub(crate) fn completions_url(&self) -> String {
        format!("{}/chat/completions", self.base_url.trim().trim_end_matches('/'))
    }

    pub(crate) fn timeout(&self) -> Duration {
        Duration::from_secs(self.timeout_secs)
    }
}

impl SearchToolSettings {
    fn validate(&self) -> Result<(), SettingsError> {
        http_url("search_tool.url", &self.url)?;
        if self.max_results == 0 || self.max_results > MAX_SEARCH_RESULTS {
            return Err(invalid("search_tool.max_results", format!("must be 1 to {MAX_SEARCH_RESULTS}")));
        }
        timeout("search_tool.timeout_secs", self.timeout_secs)?;
        Ok(())
    }
}

/// Keys never reach logs: `{:?}` of the settings shows whether a key is set, not the key.
fn redacted(key: &Option<String>) -> &'static str {
    if key.is_some() {
        "Some(<redacted>)"
    } else {
        "None"
    }
}

impl fmt::Debug for OpenAiSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OpenAiSettings")
            .field("base_url", &self.base_url)
            .field("model", &self.model)
            .field("api_key", &format_args!("{}", redacted(&self.api_key)))
            .field("timeout_secs", &self.timeout_secs)
            .field("search_tool", &self.search_tool)
            .finish()
    }
}

impl fmt::Debug for SearchToolSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SearchToolSettings")
            .field("url", &self.url)
            .field("api_key", &format_args!("{}", redacted(&self.api_key)))
            .field("max_results", &self.max_results)
            .field("timeout_secs", &self.timeout_secs)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_valid_and_point_at_openai() {
        let settings = OpenAiSettings::default();
        assert_eq!(settings.validate(), Ok(()));
        assert_eq!(settings.completions_url(), "https://api.openai.com/v1/chat/completions");
    }

    #[test]
    fn partial_json_keeps_the_defaults_of_what_it_leaves_out() {
        let settings: OpenAiSettings = serde_json::from_value(
            serde_json::json!({"base_url": "http://127.0.0.1:11434/v1/", "model": "llama3.1", "search_tool": {"url": "http://127.0.0.1:8888/search"}}),
        )
        .unwrap();
        assert_eq!(settings.timeout_secs, 30);
        assert_eq!(settings.api_key, None);
        assert_eq!(settings.completions_url(), "http://127.0.0.1:11434/v1/chat/completions");
        let search = settings.search_tool.as_ref().unwrap();
        assert_eq!((search.max_results, search.timeout_secs), (5, 10));
        assert_eq!(settings.validate(), Ok(()));
    }

    #[test]
    fn validation_names_the_wrong_setting() {
        let field = |s: OpenAiSettings| s.validate().unwrap_err().field;
        assert_eq!(field(OpenAiSettings { base_url: "api.openai.com".into(), ..Default::default() }), "base_url");
        assert_eq!(field(OpenAiSettings { base_url: "ftp://example.org".into(), ..Default::default() }), "base_url");
        assert_eq!(field(OpenAiSettings { model: " ".into(), ..Default::default() }), "model");
        assert_eq!(field(OpenAiSettings { api_key: Some(String::new()), ..Default::default() }), "api_key");
        assert_eq!(field(OpenAiSettings { timeout_secs: 0, ..Default::default() }), "timeout_secs");
        assert_eq!(field(OpenAiSettings { timeout_secs: 601, ..Default::default() }), "timeout_secs");
        let search = |s: SearchToolSettings| OpenAiSettings { search_tool: Some(s), ..Default::default() };
        assert_eq!(field(search(SearchToolSettings::default())), "search_tool.url");
        let url = "https://searx.example.org/search".to_owned();
        assert_eq!(field(search(SearchToolSettings { url: url.clone(), max_results: 0, ..Default::default() })), "search_tool.max_results");
        assert_eq!(field(search(SearchToolSettings { url, timeout_secs: 0, ..Default::default() })), "search_tool.timeout_secs");
    }

    #[test]
    fn debug_never_shows_a_key() {
        let settings = OpenAiSettings {
            api_key: Some("sk-secret".into()),
            search_tool: Some(SearchToolSettings { api_key: Some("search-secret".into()), ..Default::default() }),
            ..Default::default()
        };
        let shown = format!("{settings:?}");
        assert!(!shown.contains("secret"), "{shown}");
        assert!(shown.contains("<redacted>"), "{shown}");
    }
}
