//! The hub's HTTP side: negotiate, the WebSocket upgrade, and the runtime the server keeps.

use crate::clients::{lock, HubClients, HubMetrics};
use crate::connection;
use crate::hub::{AuthError, Caller, Hub};
use crate::limiter::InvocationLimiter;
use crate::settings::{HubSettings, OriginAllowList};
use crate::shared::{Inner, Negotiated};
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::json;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::watch;
use tokio::time::Instant;

/// One hub: the server mounts its routes, pushes through [`HubClients`], reads its metrics,
/// and stops it on shutdown. Cheap to clone.
pub struct HubRuntime<H: Hub> {
    inner: Arc<Inner<H>>,
}

impl<H: Hub> Clone for HubRuntime<H> {
    fn clone(&self) -> Self {
        HubRuntime { inner: self.inner.clone() }
    }
}

/// Why a request is refused before it becomes a connection.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum RefusedConnection {
    /// 403: the `Origin` header is not allowed for the board (or missing and not allowed).
    #[error("origin not allowed")]
    Origin,
    /// 401: no valid access token.
    #[error(transparent)]
    Auth(#[from] AuthError),
    /// 404: the connection token is unknown, expired or was issued for someone else.
    #[error("no connection with that id")]
    UnknownConnection,
    /// 503: the hub is stopping, or too many negotiations are pending.
    #[error("the hub is not accepting connections")]
    Unavailable,
}

impl RefusedConnection {
    fn response(&self) -> HttpResponse {
        let mut response = match self {
            RefusedConnection::Origin => HttpResponse::Forbidden(),
            RefusedConnection::Auth(_) => HttpResponse::Unauthorized(),
            RefusedConnection::UnknownConnection => HttpResponse::NotFound(),
            RefusedConnection::Unavailable => HttpResponse::ServiceUnavailable(),
        };
        response.content_type("text/plain; charset=utf-8").body(self.to_string())
    }
}

impl<H: Hub> HubRuntime<H> {
    /// A hub running `hub` with `settings`, open to the `origins` of each board.
    pub fn new(hub: H, settings: HubSettings, origins: OriginAllowList) -> Self {
        let limiter = InvocationLimiter::new(&settings);
        HubRuntime {
            inner: Arc::new(Inner {
                hub: Arc::new(hub),
                settings,
                clients: HubClients::new(),
                metrics: Arc::default(),
                limiter,
                stopping: watch::Sender::new(false),
                next_connection_id: AtomicU64::new(1),
                origins,
                negotiated: Mutex::default(),
            }),
        }
    }

    /// The application's hub.
    pub fn hub(&self) -> &Arc<H> {
        &self.inner.hub
    }

    /// Pushes to users' open connections.
    pub fn clients(&self) -> HubClients {
        self.inner.clients.clone()
    }

    /// The counters now.
    pub fn metrics(&self) -> HubMetrics {
        self.inner.metrics.snapshot()
    }

    /// Mounts `POST {path}/negotiate` and `GET {path}` (the WebSocket); `path` names the board
    /// as `{board}`, e.g. `/hubs/{board}/chat`.
    pub fn configure(&self, config: &mut web::ServiceConfig, path: &str) {
        let negotiate = self.clone();
        let connect = self.clone();
        config
            .route(
                &format!("{path}/negotiate"),
                web::post().to(move |request: HttpRequest| {
                    let runtime = negotiate.clone();
                    async move {
                        let board = request.match_info().get("board").unwrap_or_default().to_owned();
                        runtime.negotiate(&request, &board).await
                    }
                }),
            )
            .route(
                path,
                web::get().to(move |request: HttpRequest, body: web::Payload| {
                    let runtime = connect.clone();
                    async move {
                        let board = request.match_info().get("board").unwrap_or_default().to_owned();
                        runtime.connect(&request, body, &board).await
                    }
                }),
            );
    }

    /// Answers the client's negotiate request for `board`: the WebSockets transport only.
    pub async fn negotiate(&self, request: &HttpRequest, board: &str) -> HttpResponse {
        match self.try_negotiate(request, board).await {
            Ok(body) => HttpResponse::Ok().insert_header(header::CacheControl(vec![header::CacheDirective::NoStore])).json(body),
            Err(refused) => refused.response(),
        }
    }

    async fn try_negotiate(&self, request: &HttpRequest, board: &str) -> Result<serde_json::Value, RefusedConnection> {
        let caller = self.admit(request, board).await?;
        let query = query_of(request);
        let version = query.get("negotiateVersion").and_then(|version| version.parse::<u32>().ok()).unwrap_or(0);
        let connection_id = random_id();
        // Version 0 clients connect with the connection id itself.
        let token = if version >= 1 { random_id() } else { connection_id.clone() };
        let settings = &self.inner.settings;
        {
            let mut negotiated = lock(&self.inner.negotiated);
            let now = Instant::now();
            negotiated.retain(|_, pending| pending.expires > now);
            if negotiated.len() >= settings.max_pending_negotiations {
                return Err(RefusedConnection::Unavailable);
            }
            negotiated.insert(token.clone(), Negotiated { board: board.to_owned(), user_key: caller.user_key, expires: now + settings.negotiate_timeout() });
        }
        let mut body = json!({
            "negotiateVersion": version.min(1),
            "connectionId": connection_id,
            "availableTransports": [{"transport": "WebSockets", "transferFormats": ["Text"]}],
        });
        if version >= 1 {
            body["connectionToken"] = json!(token);
        }
        Ok(body)
    }

    /// Upgrades the request to a hub connection for `board`: negotiated (`?id=`) or direct
    /// (the client's `skipNegotiation`).
    pub async fn connect(&self, request: &HttpRequest, body: web::Payload, board: &str) -> HttpResponse {
        let caller = match self.try_connect(request, board).await {
            Ok(caller) => caller,
            Err(refused) => return refused.response(),
        };
        match actix_ws::handle(request, body) {
            Ok((response, session, stream)) => {
                actix_web::rt::spawn(connection::run(self.inner.clone(), caller, session, stream));
                response
            }
            Err(error) => error.error_response(),
        }
    }

    async fn try_connect(&self, request: &HttpRequest, board: &str) -> Result<Caller<H::Data>, RefusedConnection> {
        let caller = self.admit(request, board).await?;
        if let Some(token) = query_of(request).get("id") {
            let pending = lock(&self.inner.negotiated).remove(token).ok_or(RefusedConnection::UnknownConnection)?;
            if pending.expires <= Instant::now() || pending.board != board || pending.user_key != caller.user_key {
                return Err(RefusedConnection::UnknownConnection);
            }
        }
        Ok(caller)
    }

    /// The checks of negotiate and connect alike: running, origin, access token.
    async fn admit(&self, request: &HttpRequest, board: &str) -> Result<Caller<H::Data>, RefusedConnection> {
        if *self.inner.stopping.borrow() {
            return Err(RefusedConnection::Unavailable);
        }
        match request.headers().get(header::ORIGIN).map(|origin| origin.to_str()) {
            None if self.inner.settings.allow_missing_origin => {}
            Some(Ok(origin)) if self.inner.origins.allows(board, origin) => {}
            _ => return Err(RefusedConnection::Origin),
        }
        let token = access_token(request).ok_or(AuthError::Missing)?;
        Ok(self.inner.hub.authenticate(board, &token).await?)
    }

    /// Sends every open connection a Close message (reconnect allowed: the server comes back),
    /// refuses new ones, and waits for them to end (at most `stop_timeout_secs`). Call it before
    /// stopping the HTTP server, whose own graceful stop would wait for these long-lived
    /// connections.
    pub async fn stop(&self) {
        self.inner.stopping.send_replace(true);
        let deadline = Instant::now() + self.inner.settings.stop_timeout();
        while self.inner.metrics.open_connections.load(Ordering::Relaxed) > 0 && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

fn query_of(request: &HttpRequest) -> HashMap<String, String> {
    web::Query::<HashMap<String, String>>::from_query(request.query_string()).map(web::Query::into_inner).unwrap_or_default()
}

/// The browser client sends the token as the `access_token` query parameter (WebSockets carry
/// no headers there); other clients send `Authorization: Bearer`, as on negotiate.
fn access_token(request: &HttpRequest) -> Option<String> {
    let bearer =
        request.headers().get(header::AUTHORIZATION).and_then(|value| value.to_str().ok()).and_then(|value| value.strip_prefix("Bearer ")).map(str::to_owned);
    bearer.or_else(|| query_of(request).remove("access_token")).filter(|token| !token.is_empty())
}

/// 128 random bits, hex: connection ids and tokens cannot be guessed.
fn random_id() -> String {
    let bits: u128 = rand::random();
    format!("{bits:032x}")
}
