//! Atom feeds (RFC 4287) of saved searches and list addresses: the newest matching offers, at a
//! URL signed with the server's link key, so a feed reader needs no login and nobody can make the
//! server run searches it never handed out.

use crate::engine::Tenant;
use crate::state::AppState;

/// Purpose of feed signatures.
pub const FEED_PURPOSE: &str = "offers-feed";

/// The signature of a board's canonical list query.
pub fn sign(state: &AppState, tenant: &Tenant, canonical_query: &str) -> String {
    state.signer.sign(FEED_PURPOSE, &format!("{}?{canonical_query}", tenant.settings.slug), i64::MAX)
}

/// Whether `signature` is the feed signature of this board's canonical query.
pub fn verify(state: &AppState, tenant: &Tenant, canonical_query: &str, signature: &str) -> bool {
    state.signer.verify(FEED_PURPOSE, &format!("{}?{canonical_query}", tenant.settings.slug), i64::MAX, signature, 0)
}

/// The absolute, signed feed URL of a canonical query (through the board's web app, which
/// forwards `/api/{tenant}/feeds/*`).
pub fn feed_url(state: &AppState, tenant: &Tenant, canonical_query: &str) -> String {
    let web_url = tenant.settings.web_url(&state.engine.settings.server);
    let separator = if canonical_query.is_empty() { "" } else { "&" };
    format!("{web_url}/api/{}/feeds/offers.atom?{canonical_query}{separator}signature={}", tenant.settings.slug, sign(state, tenant, canonical_query))
}

/// The feed URL of stored canonical pairs.
pub fn feed_path(state: &AppState, tenant: &Tenant, pairs: &wakat_alerts::filters::QueryPairs) -> String {
    let query = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs).finish();
    feed_url(state, tenant, &query)
}
