//! Logging setup and the per-request log line.
//!
//! Logs go to a sink (stderr for the binary, nothing in tests unless `TEST_LOG` is set), filtered
//! `RUST_LOG`-style; `WAKAT_LOG_FORMAT=json` writes one JSON object per line instead of text.
//!
//! Every request gets a span (`tracing-actix-web`) with its method, matched route pattern (not
//! the raw path), board and request id, and one `answered` event with its status and latency when
//! its response head is ready; the same moment feeds the request metrics. The request id is the
//! caller's `x-request-id` when well formed (1–64 of `A-Z a-z 0-9 . _ -`), else a new UUID, and
//! is echoed in the answer's `x-request-id`.

use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::{web, Error, HttpMessage};
use tracing::Span;
use tracing_actix_web::{RequestId, RootSpanBuilder};
use tracing_subscriber::EnvFilter;

use crate::state::AppState;

/// Header carrying the request id, both ways.
pub const REQUEST_ID_HEADER: HeaderName = HeaderName::from_static("x-request-id");

/// Installs a global subscriber writing to `sink`; a second call is a no-op.
pub fn init<W>(default_filter: &str, sink: W)
where
    W: for<'a> tracing_subscriber::fmt::MakeWriter<'a> + Send + Sync + 'static,
{
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default_filter));
    // Colours only for a person at a terminal, never into a log file.
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(sink).with_ansi(ansi);
    let _ = match std::env::var("WAKAT_LOG_FORMAT").as_deref() {
        Ok("json") => builder.json().flatten_event(true).try_init(),
        _ => builder.try_init(),
    };
}

/// Whether an incoming request id may be kept (it ends up in logs and in a header).
pub fn is_well_formed_request_id(id: &str) -> bool {
    (1..=64).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

/// The id of a request, as logged and echoed.
#[derive(Debug, Clone)]
struct RequestIdText(HeaderValue);

/// When the request arrived.
#[derive(Debug, Clone, Copy)]
struct Arrived(Instant);

/// The board a path names (`/api/{tenant}/...`), when it is one.
fn tenant_of<'a>(request: &'a ServiceRequest, state: Option<&web::Data<AppState>>) -> Option<&'a str> {
    let tenant = request.path().strip_prefix("/api/")?.split('/').next()?;
    state.is_some_and(|state| state.engine.tenants.contains_key(tenant)).then_some(tenant)
}

/// The root span of every request: see the module documentation.
pub struct RequestSpan;

impl RootSpanBuilder for RequestSpan {
    fn on_request_start(request: &ServiceRequest) -> Span {
        let incoming = request.headers().get(&REQUEST_ID_HEADER).filter(|v| v.to_str().is_ok_and(is_well_formed_request_id)).cloned();
        let id = incoming.unwrap_or_else(|| {
            let generated = request.extensions().get::<RequestId>().map(|id| id.to_string()).unwrap_or_default();
            HeaderValue::from_str(&generated).unwrap_or(HeaderValue::from_static("unknown"))
        });
        let state = request.app_data::<web::Data<AppState>>();
        let route = request.match_pattern().unwrap_or_else(|| crate::metrics::UNMATCHED_ROUTE.to_string());
        let span = tracing::info_span!(
            "request",
            method = %request.method(),
            route = %route,
            tenant = tenant_of(request, state).unwrap_or(""),
            request_id = id.to_str().unwrap_or(""),
            status = tracing::field::Empty,
            latency_ms = tracing::field::Empty,
        );
        request.extensions_mut().insert(RequestIdText(id));
        request.extensions_mut().insert(Arrived(Instant::now()));
        span
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, Error>) {
        let response = match outcome {
            Ok(response) => response,
            Err(error) => {
                let status = error.as_response_error().status_code().as_u16();
                span.record("status", status);
                tracing::warn!(parent: &span, status, error = %error, "failed");
                return;
            }
        };
        let request = response.request();
        let status = response.status().as_u16();
        let elapsed = request.extensions().get::<Arrived>().map(|arrived| arrived.0.elapsed()).unwrap_or_default();
        span.record("status", status);
        span.record("latency_ms", elapsed.as_secs_f64() * 1000.0);
        // The span carries method, route, board, id, status and latency: the event only marks the moment.
        if status >= 500 {
            tracing::warn!(parent: &span, "answered");
        } else {
            tracing::info!(parent: &span, "answered");
        }
        if let Some(state) = request.app_data::<web::Data<AppState>>() {
            state.metrics.observe(request.method().as_str(), request.match_pattern().as_deref(), status, elapsed);
        }
    }
}

/// Middleware (inside the tracing one) echoing the request id in the answer.
pub fn echo_request_id<S, B>(request: ServiceRequest, service: &S) -> impl std::future::Future<Output = Result<ServiceResponse<B>, Error>>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = Error>,
{
    let id = request.extensions().get::<RequestIdText>().cloned();
    let response = service.call(request);
    async move {
        let mut response = response.await?;
        if let Some(RequestIdText(id)) = id {
            response.headers_mut().insert(REQUEST_ID_HEADER, id);
        }
        Ok(response)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_ids_are_short_and_plain() {
        assert!(is_well_formed_request_id("3f2b6c1e-9a7d-4a8e-b1c2-0d9e8f7a6b5c"));
        assert!(is_well_formed_request_id("web.42_a"));
        for bad in ["", "a b", "x\ny", "<script>", &"a".repeat(65)] {
            assert!(!is_well_formed_request_id(bad), "{bad:?}");
        }
    }
}
