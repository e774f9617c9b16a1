//! One streamed chat completion over HTTP: the request sent, the provider's refusals mapped to
//! [`BrainError`]s, the body read chunk by chunk under the time-out and its events streamed as
//! they come.

use std::time::Duration;

use reqwest::header::{HeaderMap, ACCEPT, RETRY_AFTER};
use reqwest::{Response, StatusCode};
use serde_json::Value;
use tokio::sync::mpsc;
use tokio::time::timeout;

use crate::brain::{BrainError, BrainEvent};
use crate::openai::settings::OpenAiSettings;
use crate::openai::sse::SseParser;
use crate::openai::stream::{provider_message, Completion};

/// The most of an error body kept in the error's message.
const MAX_ERROR_CHARS: usize = 300;

/// An error and its causes on one line (reqwest's own message hides "connection refused").
pub(crate) fn describe(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

fn unavailable(error: &reqwest::Error) -> BrainError {
    BrainError::Unavailable(describe(error))
}

/// `Retry-After` in seconds, or OpenAI's `retry-after-ms` rounded up when that is all it sent
/// (an HTTP-date `Retry-After`, which LLM providers do not send, is read as unsaid).
fn retry_after(headers: &HeaderMap) -> Option<u64> {
    let header = |name| headers.get(name).and_then(|v| v.to_str().ok()).and_then(|v| v.trim().parse::<u64>().ok());
    header(RETRY_AFTER.as_str()).or_else(|| header("retry-after-ms").map(|ms| ms.div_ceil(1000)))
}

/// The provider's refusal as a brain error: its rate limit, its being down or misconfigured
/// (unavailable until someone fixes it) or its refusing what was sent (invalid).
async fn refusal(response: Response, limit: Duration) -> BrainError {
    let status = response.status();
    if status == StatusCode::TOO_MANY_REQUESTS {
        return BrainError::RateLimited { retry_after_secs: retry_after(response.headers()) };
    }
    let body = timeout(limit, response.text()).await.ok().and_then(Result::ok).unwrap_or_default();
    let message =
        serde_json::from_str::<Value>(&body).ok().and_then(|v| provider_message(&v)).unwrap_or_else(|| body.trim().chars().take(MAX_ERROR_CHARS).collect());
    let message = format!("HTTP {status}: {message}");
    match status {
        StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN | StatusCode::NOT_FOUND | StatusCode::REQUEST_TIMEOUT => BrainError::Unavailable(message),
        s if s.is_client_error() => BrainError::Invalid(message),
        _ => BrainError::Unavailable(message),
    }
}

/// Posts `body` (a `stream: true` completion request) and streams its content parts and
/// proposal start into `events`; returns the completion once the provider's `[DONE]` came.
pub(crate) async fn complete(
    client: &reqwest::Client,
    settings: &OpenAiSettings,
    body: &Value,
    events: &mpsc::Sender<BrainEvent>,
) -> Result<Completion, BrainError> {
    let limit = settings.timeout();
    let mut request = client.post(settings.completions_url()).header(ACCEPT, "text/event-stream").json(body);
    if let Some(key) = &settings.api_key {
        request = request.bearer_auth(key);
    }
    let silent = || BrainError::Unavailable(format!("the provider was silent for {} s", limit.as_secs()));
    let mut response = timeout(limit, request.send()).await.map_err(|_| silent())?.map_err(|e| unavailable(&e))?;
    if !response.status().is_success() {
        return Err(refusal(response, limit).await);
    }
    let mut parser = SseParser::default();
    let mut completion = Completion::default();
    loop {
        let chunk = tokio::select! {
            // The employer went away: stop reading (dropping the response closes the stream).
            _ = events.closed() => return Err(BrainError::Cancelled),
            chunk = timeout(limit, response.chunk()) => chunk.map_err(|_| silent())?.map_err(|e| unavailable(&e))?,
        };
        let Some(bytes) = chunk else {
            return Err(BrainError::Unavailable("the provider's stream ended before [DONE]".into()));
        };
        let datas = parser.feed(&bytes).map_err(|_| BrainError::Invalid("the provider's stream has an endless line".into()))?;
        for data in datas {
            for event in completion.read(&data)? {
                events.send(event).await.map_err(|_| BrainError::Cancelled)?;
            }
            if completion.done {
                return Ok(completion);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::header::HeaderValue;

    #[test]
    fn retry_after_reads_seconds_then_milliseconds() {
        let headers = |pairs: &[(&'static str, &'static str)]| {
            let mut map = HeaderMap::new();
            for (name, value) in pairs {
                map.insert(*name, HeaderValue::from_static(value));
            }
            map
        };
        assert_eq!(retry_after(&headers(&[("retry-after", " 7 ")])), Some(7));
        assert_eq!(retry_after(&headers(&[("retry-after-ms", "1200")])), Some(2));
        assert_eq!(retry_after(&headers(&[("retry-after", "3"), ("retry-after-ms", "9000")])), Some(3));
        assert_eq!(retry_after(&headers(&[("retry-after", "Wed, 21 Oct 2015 07:28:00 GMT")])), None);
        assert_eq!(retry_after(&headers(&[])), None);
    }
}
