//! A small hub for the protocol tests in `tests/js` (run by `scripts/test-hub`).
//!
//! Serves `/hubs/{board}/test` on a random loopback port, printed as `listening on 127.0.0.1:PORT`,
//! with short timers so the tests of time-outs take seconds. Access tokens are `{board}:{name}`,
//! valid on that board only; the user key is the token. Origin `http://allowed.test` is allowed
//! on the boards `pl` and `en`. Beside the hub: `GET /test/metrics` (the counters as JSON) and
//! `POST /test/stop` (the graceful stop).

use actix_web::{web, App, HttpResponse, HttpServer};
use serde_json::{json, Value};
use std::num::NonZeroU32;
use std::time::Duration;
use wakat_hub::{AuthError, Caller, Hub, HubClients, HubError, HubRuntime, HubSettings, Invocation, OriginAllowList};

struct TestHub {
    /// Set once the runtime exists: `PushToMe` and `DropMe` push through it.
    clients: std::sync::OnceLock<HubClients>,
}

impl TestHub {
    fn clients(&self) -> Result<&HubClients, HubError> {
        self.clients.get().ok_or_else(|| HubError::Internal("no clients yet".into()))
    }
}

impl Hub for TestHub {
    type Data = String;

    async fn authenticate(&self, board: &str, token: &str) -> Result<Caller<String>, AuthError> {
        match token.split_once(':') {
            Some((token_board, name)) if token_board == board && !name.is_empty() => Ok(Caller::new(token, name.to_owned())),
            _ => Err(AuthError::Invalid),
        }
    }

    async fn invoke(&self, caller: &Caller<String>, _invocation: &Invocation, target: &str, arguments: Vec<Value>) -> Result<Value, HubError> {
        let argument = |index: usize| arguments.get(index).cloned().unwrap_or(Value::Null);
        match target {
            "Echo" => Ok(argument(0)),
            "WhoAmI" => Ok(json!({"userKey": caller.user_key, "name": caller.data})),
            "Fail" => Err(HubError::Client(argument(0).as_str().unwrap_or("failed").to_owned())),
            "Crash" => Err(HubError::Internal("a test crash".into())),
            "Slow" => {
                let millis = argument(0).as_u64().unwrap_or(500).min(10_000);
                tokio::time::sleep(Duration::from_millis(millis)).await;
                Ok(json!(millis))
            }
            // PushToMe(count, text): `count` server pushes of `Pushed(index, text)` to every
            // connection of the caller.
            "PushToMe" => {
                let count = argument(0).as_u64().unwrap_or(1).min(100_000);
                let text = argument(1);
                let clients = self.clients()?;
                let mut queued = 0;
                for index in 0..count {
                    queued += clients.send(&caller.user_key, "Pushed", vec![json!(index), text.clone()]);
                }
                Ok(json!(queued))
            }
            // Flood(count, size): `count` pushes of `size` bytes to the caller, 8 every 5 ms (a
            // pace a reading client keeps up with), until its connections are gone.
            "Flood" => {
                let count = argument(0).as_u64().unwrap_or(1).min(100_000);
                let text = json!("x".repeat(argument(1).as_u64().unwrap_or(10).min(60_000) as usize));
                let clients = self.clients()?;
                let mut queued = 0;
                for index in 0..count {
                    let sent = clients.send(&caller.user_key, "Pushed", vec![json!(index), text.clone()]);
                    if sent == 0 {
                        break;
                    }
                    queued += sent;
                    if index % 8 == 7 {
                        tokio::time::sleep(Duration::from_millis(5)).await;
                    }
                }
                Ok(json!(queued))
            }
            "DropMe" => {
                let allow_reconnect = argument(0).as_bool().unwrap_or(true);
                Ok(json!(self.clients()?.disconnect(&caller.user_key, allow_reconnect)))
            }
            other => Err(HubError::UnknownMethod(other.to_owned())),
        }
    }
}

#[actix_web::main]
async fn main() -> std::io::Result<()> {
    tracing_subscriber::fmt().with_env_filter(std::env::var("RUST_LOG").unwrap_or_else(|_| "warn".into())).init();
    let settings = HubSettings {
        keep_alive_secs: 1,
        client_timeout_secs: 3,
        handshake_timeout_secs: 2,
        send_queue: 16,
        invocations_per_second: NonZeroU32::new(5).unwrap_or(NonZeroU32::MIN),
        invocation_burst: NonZeroU32::new(10).unwrap_or(NonZeroU32::MIN),
        stop_timeout_secs: 3,
        ..HubSettings::default()
    };
    let origins = OriginAllowList::new().allow("pl", ["http://allowed.test"]).allow("en", ["http://allowed.test"]);
    let runtime = HubRuntime::new(TestHub { clients: std::sync::OnceLock::new() }, settings, origins);
    let _ = runtime.hub().clients.set(runtime.clients());

    let app_runtime = runtime.clone();
    let server = HttpServer::new(move || {
        let runtime = app_runtime.clone();
        let metrics = app_runtime.clone();
        let stop = app_runtime.clone();
        App::new()
            .configure(|config| runtime.configure(config, "/hubs/{board}/test"))
            .route(
                "/test/metrics",
                web::get().to(move || {
                    let runtime = metrics.clone();
                    async move { HttpResponse::Ok().json(runtime.metrics()) }
                }),
            )
            .route(
                "/test/stop",
                web::post().to(move || {
                    let runtime = stop.clone();
                    async move {
                        runtime.stop().await;
                        HttpResponse::Ok().json(runtime.metrics())
                    }
                }),
            )
    })
    .workers(2)
    .bind(("127.0.0.1", 0))?;
    for address in server.addrs() {
        println!("listening on {address}");
    }
    server.run().await
}
