//! The real adapter: any OpenAI-compatible chat-completions endpoint behind [`Brain`].
//!
//! One employer message is answered in rounds: a streamed completion (its text streamed as
//! parts), then the tools it called: `propose_job_ad` becomes the proposal, `search_internet`
//! (offered only when a search endpoint is configured) runs the search between the search
//! events and hands the results back to the model, whose next round answers with them. A round
//! also follows a proposal that came without a word, so that the message says what to check.
//!
//! - [`settings`]: what the board configuration gives ([`OpenAiSettings`]).
//! - `client`: one completion over HTTP, its errors and its stream.
//! - `sse`, `stream`: the event-stream lines and the completion's deltas.
//! - `schema`, `prompt`: the tools' schemas and what the model is told.
//! - `search`: the search tool's call.

mod client;
mod prompt;
mod schema;
mod search;
pub mod settings;
mod sse;
mod stream;

use std::sync::Arc;

use futures_util::future::BoxFuture;
use serde_json::{json, Value};
use tokio::sync::mpsc;

use crate::brain::{Brain, BrainError, BrainEvent, BrainRequest};
pub use settings::{OpenAiSettings, SearchToolSettings, SettingsError};

/// The most completions one answer may take (tool calls answered, then the model's reply):
/// a model calling tools in a loop ends in an error instead of a bill.
const MAX_ROUNDS: usize = 4;

/// What the model is told after its proposal was shown.
const PROPOSAL_SHOWN: &str = "The proposal is shown to the employer, who can apply it to the form or decline it.";

/// The OpenAI-compatible brain (`openai:{model}`).
#[derive(Debug, Clone)]
pub struct OpenAiBrain {
    settings: Arc<OpenAiSettings>,
    /// The board's category keys, listed to the model for the proposal's `category`.
    categories: Arc<[String]>,
    client: reqwest::Client,
}

impl OpenAiBrain {
    /// A brain for valid `settings` (see [`OpenAiSettings::validate`]).
    pub fn new(settings: OpenAiSettings) -> Result<Self, SettingsError> {
        settings.validate()?;
        // The connect time-out here; the answer's and each chunk's in `client::complete`.
        let client = reqwest::Client::builder()
            .connect_timeout(settings.timeout())
            .build()
            .map_err(|e| SettingsError { field: "base_url", message: format!("no HTTP client: {e}") })?;
        Ok(OpenAiBrain { settings: Arc::new(settings), categories: Arc::from(Vec::new()), client })
    }

    /// Lists the board's category keys to the model, so that a proposal's `category` is one.
    pub fn with_categories(mut self, keys: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.categories = keys.into_iter().map(Into::into).collect();
        self
    }

    async fn answer(self, request: BrainRequest, events: mpsc::Sender<BrainEvent>) -> Result<(), BrainError> {
        let search = self.settings.search_tool.as_ref();
        let mut messages = prompt::messages(&request, &self.categories, search.is_some());
        let mut said_something = false;
        for round in 1..=MAX_ROUNDS {
            // The last round may not call tools, so that it answers.
            let tool_choice = if round == MAX_ROUNDS { "none" } else { "auto" };
            let body = json!({
                "model": self.settings.model,
                "stream": true,
                "messages": messages,
                "tools": schema::tools(search.is_some()),
                "tool_choice": tool_choice,
            });
            let completion = client::complete(&self.client, &self.settings, &body, &events).await?;
            said_something |= !completion.content.trim().is_empty();
            let content = completion.content.clone();
            let calls = completion.into_calls();
            if calls.is_empty() {
                return Ok(());
            }
            messages.push(json!({
                "role": "assistant",
                "content": if content.is_empty() { Value::Null } else { Value::from(content) },
                "tool_calls": calls.iter().map(|c| json!({"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}})).collect::<Vec<_>>(),
            }));
            let mut searched = false;
            for call in &calls {
                let result = match (call.name.as_str(), search) {
                    (schema::PROPOSE_JOB_AD, _) => {
                        let ad = stream::proposal(&call.arguments)?;
                        send(&events, BrainEvent::Proposed(Box::new(ad))).await?;
                        PROPOSAL_SHOWN.to_owned()
                    }
                    (schema::SEARCH_INTERNET, Some(search)) => {
                        send(&events, BrainEvent::SearchStarted).await?;
                        let results = search::run(&self.client, search, &call.arguments).await;
                        send(&events, BrainEvent::SearchEnded).await?;
                        searched = true;
                        results
                    }
                    (other, _) => return Err(BrainError::Invalid(format!("the model called the tool `{other}`, which it was not offered"))),
                };
                messages.push(json!({"role": "tool", "tool_call_id": call.id, "content": result}));
            }
            if !searched && said_something {
                return Ok(());
            }
        }
        Err(BrainError::Invalid(format!("the model called tools {MAX_ROUNDS} times without answering")))
    }
}

async fn send(events: &mpsc::Sender<BrainEvent>, event: BrainEvent) -> Result<(), BrainError> {
    events.send(event).await.map_err(|_| BrainError::Cancelled)
}

impl Brain for OpenAiBrain {
    fn name(&self) -> String {
        format!("openai:{}", self.settings.model)
    }

    fn reply(&self, request: BrainRequest, events: mpsc::Sender<BrainEvent>) -> BoxFuture<'static, Result<(), BrainError>> {
        Box::pin(self.clone().answer(request, events))
    }
}
