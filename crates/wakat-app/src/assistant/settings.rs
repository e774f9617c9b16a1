//! The assistant's settings: `[assistant]` in `wakat.toml`, with each board's overrides
//! (`[tenants.assistant]`, the engine's [`AssistantOverrides`]).

use serde::Deserialize;
use wakat_assistant::OpenAiSettings;
use wakat_engine::settings::AssistantOverrides;

/// Which brain answers a board's employers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BrainKind {
    /// The embedded offline drafter: no network.
    Offline,
    /// An OpenAI-compatible chat-completions endpoint.
    Openai,
}

/// The job-ad assistant (`[assistant]`). The OpenAI-compatible adapter's keys (`base_url`,
/// `model`, `api_key`, `timeout_secs`, `[assistant.search_tool]`) sit in the same section, read
/// by `wakat_assistant::OpenAiSettings` (so unknown keys are not refused here).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct AssistantSettings {
    /// Messages a company may send per minute (all its users and offers together).
    pub messages_per_minute: u32,
    /// Messages a company may send per UTC day.
    pub messages_per_day: u32,
    /// Seconds a hub access token opens connections (a connection lives on until it closes).
    pub hub_token_secs: i64,
    /// The brain.
    pub brain: BrainKind,
    /// `openai`: the endpoint, model, key (better in `WAKAT_ASSISTANT__API_KEY` than in the
    /// file), time-out and search tool.
    #[serde(flatten)]
    pub openai: OpenAiSettings,
}

impl Default for AssistantSettings {
    fn default() -> Self {
        AssistantSettings { messages_per_minute: 6, messages_per_day: 100, hub_token_secs: 300, brain: BrainKind::Offline, openai: OpenAiSettings::default() }
    }
}

/// A board's brain setting that cannot be used.
#[derive(Debug, thiserror::Error)]
#[error("board '{board}': [assistant] or [tenants.assistant] {reason}")]
pub struct SettingsError {
    /// The board.
    pub board: String,
    /// What is wrong.
    pub reason: String,
}

impl AssistantSettings {
    /// The settings of a board: these, with what its overrides set.
    pub fn for_board(&self, board: &str, overrides: &AssistantOverrides) -> Result<AssistantSettings, SettingsError> {
        let mut settings = self.clone();
        let AssistantOverrides { messages_per_minute, messages_per_day, brain, base_url, model, api_key, timeout_secs } = overrides;
        if let Some(value) = messages_per_minute {
            settings.messages_per_minute = *value;
        }
        if let Some(value) = messages_per_day {
            settings.messages_per_day = *value;
        }
        if let Some(brain) = brain {
            settings.brain = match brain.as_str() {
                "offline" => BrainKind::Offline,
                "openai" => BrainKind::Openai,
                other => return Err(SettingsError { board: board.to_owned(), reason: format!("brain must be \"offline\" or \"openai\", not {other:?}") }),
            };
        }
        if let Some(value) = base_url {
            value.clone_into(&mut settings.openai.base_url);
        }
        if let Some(value) = model {
            value.clone_into(&mut settings.openai.model);
        }
        if let Some(value) = api_key {
            settings.openai.api_key = Some(value.clone());
        }
        if let Some(value) = timeout_secs {
            settings.openai.timeout_secs = *value;
        }
        Ok(settings)
    }
}
