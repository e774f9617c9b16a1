//! Shared handler state and the small helpers every route uses.

use std::sync::Arc;

use actix_web::HttpRequest;

use crate::engine::{Engine, Tenant};
use crate::error::ApiError;

/// State shared by all handlers.
#[derive(Clone)]
pub struct AppState {
    /// Store, index, dictionaries.
    pub engine: Arc<Engine>,
    /// Recent answers of the hot read calls.
    pub cache: Arc<crate::cache::ResponseCache>,
}

impl AppState {
    /// The tenant of the path, or a 404.
    pub fn tenant(&self, slug: &str) -> Result<Arc<Tenant>, ApiError> {
        self.engine.tenants.get(slug).cloned().ok_or_else(|| ApiError::not_found("unknown_tenant", format!("there is no board '{slug}'")))
    }
}

/// Query pairs of a request, in order (`keywords[]` may repeat).
pub type QueryPairs = Vec<(String, String)>;

/// Borrows query pairs for the core parser.
pub fn pairs(query: &QueryPairs) -> impl Iterator<Item = (&str, &str)> {
    query.iter().map(|(k, v)| (k.as_str(), v.as_str()))
}

/// The language of the answer: `lang` parameter, else `Accept-Language`, else the board's default.
pub fn language(request: &HttpRequest, query: &QueryPairs, tenant: &Tenant) -> &'static str {
    let explicit = query.iter().find(|(k, _)| k == "lang" || k == "locale").map(|(_, v)| v.as_str());
    let header = request.headers().get("accept-language").and_then(|h| h.to_str().ok());
    match explicit.or(header).map(|v| v.trim().to_ascii_lowercase()) {
        Some(v) if v.starts_with("en") => "en",
        Some(v) if v.starts_with("pl") => "pl",
        _ if tenant.settings.default_locale == "en" => "en",
        _ => "pl",
    }
}
