//! Building and running the HTTP application (the test suite starts it on port 0).

use std::net::TcpListener;
use std::sync::Arc;

use actix_web::dev::Server;
use actix_web::{web, App, HttpResponse, HttpServer};

use crate::engine::{now, Engine};
use crate::error::{json_error, path_error, query_error, ApiError, ErrorCode};
use crate::routes;
use crate::state::AppState;

/// Largest JSON body accepted (offers with long descriptions).
const MAX_JSON_BYTES: usize = 1024 * 1024;

/// A bound, ready-to-run server.
pub struct Application {
    port: u16,
    server: Server,
    engine: Arc<Engine>,
}

impl Application {
    /// Opens the engine, loads default data on first start, binds `settings.server.bind`.
    pub fn build(engine: Engine) -> std::io::Result<Application> {
        let engine = Arc::new(engine);
        let n_loaded = engine.load_default_data(now()).map_err(std::io::Error::other)?;
        if n_loaded > 0 {
            tracing::info!(n_loaded, "first start: default data loaded");
        }
        let listener = TcpListener::bind(&engine.settings.server.bind)?;
        let port = listener.local_addr()?.port();
        let cache = Arc::new(crate::cache::ResponseCache::new(engine.settings.server.response_cache_entries));
        let internal_token =
            crate::internal_token::resolve(&engine.settings.server.internal_token, &engine.settings.server.data_dir).map_err(std::io::Error::other)?;
        let state = AppState { engine: engine.clone(), cache, internal_token: internal_token.into() };
        let workers = engine.settings.server.workers;
        let mut server = HttpServer::new(move || {
            App::new()
                .app_data(web::Data::new(state.clone()))
                .app_data(web::QueryConfig::default().error_handler(query_error))
                .app_data(web::JsonConfig::default().limit(MAX_JSON_BYTES).error_handler(json_error))
                .app_data(web::PathConfig::default().error_handler(path_error))
                .wrap(actix_web::middleware::Compress::default())
                .wrap(actix_web::middleware::from_fn(crate::security_headers::add))
                .route("/health", web::get().to(health))
                .configure(routes::configure)
                .default_service(web::to(|| async { Err::<HttpResponse, _>(ApiError::new(ErrorCode::NotFound).with_message("no such endpoint")) }))
        })
        .listen(listener)?;
        if workers > 0 {
            server = server.workers(workers);
        }
        Ok(Application { port, server: server.run(), engine })
    }

    /// The port actually bound (useful with port 0).
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The engine behind the server.
    pub fn engine(&self) -> Arc<Engine> {
        self.engine.clone()
    }

    /// Serves until the process is stopped.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await
    }
}

/// Liveness, with the response cache's hit and miss counts.
async fn health(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok().json(serde_json::json!({"status": "ok", "responseCache": state.cache.stats()}))
}
