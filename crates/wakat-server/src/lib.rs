//! Wakat HTTP server: its configuration and the actix-web API under `/api/{tenant}`, over the
//! `wakat-engine` (boards, store, index and the write path).
//!
//! Design decision: handlers never touch sled or tantivy types; they parse with `wakat-core`,
//! call one `wakat-app` service method with the caller's `Principal` (or, for what has not moved
//! yet, a function of [`services`] or the [`wakat_engine::Engine`]) in `web::block` (all are
//! synchronous), and answer with the DTOs of [`dto`]. Every failure becomes an
//! [`error::ApiError`] with a stable code; domain errors through one `From<wakat_app::AppError>`.
#![warn(missing_docs)]

pub mod assistant_hub;
pub mod board_files;
pub mod cache;
pub mod captcha;
pub mod chat_hub;
pub mod chat_session;
pub mod config;
pub mod downloads;
pub mod dto;
pub mod employer_session;
pub mod error;
pub mod internal_token;
pub mod metrics;
pub mod operator_access;
pub use wakat_app::payments;
pub mod ratelimit;
pub mod routes;
pub mod security_headers;
pub mod seed_alerts;
pub mod session;
pub mod startup;
pub mod state;
pub mod telemetry;
pub mod uploads;

pub use config::Settings;
pub use startup::Application;
