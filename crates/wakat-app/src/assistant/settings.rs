//! The assistant's settings: `[assistant]` in `wakat.toml`, with each board's overrides
//! (`[tenants.assistant]`, the engine's [`AssistantOverrides`]).

use serde::Deserialize;
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

/// The job-ad assistant (`[assistant]`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AssistantSettings {
    /// Messages a company may send per minute (all its users and offers together).
    pub messages_per_minute: u32,
    /// Messages a company may send per UTC day.
    pub messages_per_day: u32,
    /// Seconds a hub access token opens connections (a connection lives on until it closes).
    pub hub_token_secs: i64,
    /// The brain.
    pub brain: BrainKind,
    /// `openai`: the endpoint's base URL (`https://api.openai.com/v1`).
    pub base_url: String,
    /// `openai`: the model.
    pub model: String,
    /// `openai`: the key (better in `WAKAT_ASSISTANT__API_KEY` than in the file).
    pub api_key: String,
    /// `openai`: seconds an answer may take.
    pub timeout_secs: u64,
    /// `openai`: the provider's search tool, if any (then "internet search" events are sent).
    pub search_tool: String,
}

impl Default for AssistantSettings {
    fn default() -> Self {
        AssistantSettings {
            messages_per_minute: 6,
            messages_per_day: 100,
            hub_token_secs: 300,
            brain: BrainKind::Offline,
            base_url: String::new(),
            model: String::new(),
            api_key: String::new(),
            timeout_secs: 60,
            search_tool: String::new(),
        }
    }
}

/// A board's brain setting that cannot be used.
#[derive(Debug, thiserror::Error)]
#[error("board '{board}': [tenants.assistant] {reason}")]
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
        let AssistantOverrides { messages_per_minute, messages_per_day, brain, base_url, model, api_key, timeout_secs, search_tool } = overrides;
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
        for (target, value) in
            [(&mut settings.base_url, base_url), (&mut settings.model, model), (&mut settings.api_key, api_key), (&mut settings.search_tool, search_tool)]
        {
            if let Some(value) = value {
                value.clone_into(target);
            }
        }
        if let Some(value) = timeout_secs {
            settings.timeout_secs = *value;
        }
        Ok(settings)
    }
}
