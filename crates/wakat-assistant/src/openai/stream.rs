//! One streamed completion read chunk by chunk: the content's deltas become message parts at
//! once, the tool calls' deltas (`id` and `name` first, the `arguments` JSON in pieces, each
//! call by its `index`) are put together until the stream's `[DONE]`.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::brain::{BrainError, BrainEvent};
use crate::openai::schema::PROPOSE_JOB_AD;
use crate::proposal::ProposedAd;

/// A tool call as its deltas built it.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct ToolCall {
    /// The provider's id (made up from the index when a provider sends none).
    pub id: String,
    pub name: String,
    /// The arguments' JSON text.
    pub arguments: String,
}

/// What one completion streamed so far.
#[derive(Debug, Default)]
pub(crate) struct Completion {
    /// The whole text streamed.
    pub content: String,
    /// The tool calls by their index.
    calls: BTreeMap<u64, ToolCall>,
    /// `Proposing` was sent (once per completion, when the proposal's call starts).
    proposing: bool,
    /// `[DONE]` was read.
    pub done: bool,
}

/// The provider's message from an error object (`{"error": {"message": …}}`, `{"error": "…"}`,
/// `{"message": …}`).
pub(crate) fn provider_message(body: &Value) -> Option<String> {
    let error = body.get("error").unwrap_or(body);
    error.get("message").and_then(Value::as_str).or_else(|| error.as_str()).map(str::to_owned)
}

impl Completion {
    /// Reads one event's data and returns what to stream now.
    pub(crate) fn read(&mut self, data: &str) -> Result<Vec<BrainEvent>, BrainError> {
        if data.trim() == "[DONE]" {
            self.done = true;
            return Ok(Vec::new());
        }
        let chunk: Value = serde_json::from_str(data).map_err(|e| BrainError::Invalid(format!("a stream chunk is not JSON ({e})")))?;
        if chunk.get("error").is_some() {
            let message = provider_message(&chunk).unwrap_or_else(|| chunk["error"].to_string());
            return Err(BrainError::Unavailable(format!("the provider failed mid-answer: {message}")));
        }
        // One choice is asked for (no `n`); a usage chunk has none.
        let delta = &chunk["choices"][0]["delta"];
        let mut events = Vec::new();
        if let Some(text) = delta["content"].as_str().filter(|t| !t.is_empty()) {
            self.content.push_str(text);
            events.push(BrainEvent::Part(text.to_owned()));
        }
        for (position, call) in delta["tool_calls"].as_array().into_iter().flatten().enumerate() {
            let index = call["index"].as_u64().unwrap_or(position as u64);
            let entry = self.calls.entry(index).or_default();
            if let Some(id) = call["id"].as_str().filter(|id| !id.is_empty()) {
                entry.id = id.to_owned();
            }
            let function = &call["function"];
            if let Some(name) = function["name"].as_str() {
                entry.name.push_str(name);
            }
            if let Some(arguments) = function["arguments"].as_str() {
                entry.arguments.push_str(arguments);
            }
            if entry.name == PROPOSE_JOB_AD && !self.proposing {
                self.proposing = true;
                events.push(BrainEvent::Proposing);
            }
        }
        Ok(events)
    }

    /// The tool calls in index order, each with an id.
    pub(crate) fn into_calls(self) -> Vec<ToolCall> {
        self.calls
            .into_iter()
            .map(|(index, mut call)| {
                if call.id.is_empty() {
                    call.id = format!("call_{index}");
                }
                call
            })
            .collect()
    }
}

/// Objects without their `null` members: a model may send `null` for a list, which reads as an
/// empty one (and as `None` for the rest).
fn without_nulls(value: Value) -> Value {
    match value {
        Value::Object(fields) => Value::Object(fields.into_iter().filter(|(_, v)| !v.is_null()).map(|(k, v)| (k, without_nulls(v))).collect()),
        Value::Array(items) => Value::Array(items.into_iter().map(without_nulls).collect()),
        other => other,
    }
}

/// The proposal a `propose_job_ad` call's arguments describe.
pub(crate) fn proposal(arguments: &str) -> Result<ProposedAd, BrainError> {
    let invalid = |e: serde_json::Error| BrainError::Invalid(format!("the proposed ad is not the job ad's JSON ({e})"));
    let value: Value = serde_json::from_str(arguments).map_err(invalid)?;
    // serde reads a struct from an array too; the tool's arguments are an object.
    if !value.is_object() {
        return Err(BrainError::Invalid("the proposed ad is not a JSON object".into()));
    }
    serde_json::from_value(without_nulls(value)).map_err(invalid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use wakat_core::ExperienceLevel;

    #[test]
    fn content_deltas_are_parts_and_tool_calls_are_put_together_by_index() {
        let mut completion = Completion::default();
        let chunks = [
            r#"{"choices":[{"index":0,"delta":{"role":"assistant","content":""}}]}"#,
            r#"{"choices":[{"index":0,"delta":{"content":"Oto "}}]}"#,
            r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_a","type":"function","function":{"name":"propose_job_ad","arguments":""}}]}}]}"#,
            r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_b","function":{"name":"search_internet","arguments":"{\"q"}}]}}]}"#,
            r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"seniority\":\"se"}}]}}]}"#,
            r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"nior\",\"languages\":null}"}}]}}]}"#,
            r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"arguments":"uery\":\"x\"}"}}]}}]}"#,
            r#"{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}"#,
            r#"{"choices":[],"usage":{"total_tokens":3}}"#,
            "[DONE]",
        ];
        let events: Vec<BrainEvent> = chunks.iter().flat_map(|c| completion.read(c).unwrap()).collect();
        assert_eq!(events, vec![BrainEvent::Part("Oto ".into()), BrainEvent::Proposing]);
        assert!(completion.done);
        assert_eq!(completion.content, "Oto ");
        let calls = completion.into_calls();
        assert_eq!(calls.iter().map(|c| (c.id.as_str(), c.name.as_str())).collect::<Vec<_>>(), [("call_a", "propose_job_ad"), ("call_b", "search_internet")]);
        assert_eq!(calls[1].arguments, "{\"query\":\"x\"}");
        assert_eq!(proposal(&calls[0].arguments).unwrap().seniority, Some(ExperienceLevel::Senior));
    }

    #[test]
    fn a_call_without_id_or_index_gets_them() {
        let mut completion = Completion::default();
        completion.read(r#"{"choices":[{"delta":{"tool_calls":[{"function":{"name":"propose_job_ad","arguments":"{}"}}]}}]}"#).unwrap();
        assert_eq!(completion.into_calls(), vec![ToolCall { id: "call_0".into(), name: "propose_job_ad".into(), arguments: "{}".into() }]);
    }

    #[test]
    fn errors_in_the_stream_and_unreadable_chunks_are_refused() {
        let mut completion = Completion::default();
        let error = completion.read(r#"{"error":{"message":"overloaded","type":"server_error"}}"#).unwrap_err();
        assert!(matches!(error, BrainError::Unavailable(ref m) if m.contains("overloaded")), "{error:?}");
        assert!(matches!(completion.read("{\"choices\":"), Err(BrainError::Invalid(_))));
    }

    #[test]
    fn proposals_that_are_not_the_ad_are_invalid() {
        assert!(matches!(proposal("{\"title\":\"Dev\""), Err(BrainError::Invalid(_))));
        assert!(matches!(proposal("{\"seniority\":\"guru\"}"), Err(BrainError::Invalid(_))));
        assert!(matches!(proposal("[]"), Err(BrainError::Invalid(_))));
        assert_eq!(proposal("{\"title\":null,\"skills\":{\"requiredSkills\":null}}").unwrap(), ProposedAd::default());
    }
}
