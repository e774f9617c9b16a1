//! The signed addresses of Atom feeds: a feed URL carries the server's signature of its board and
//! canonical list query, so a feed reader needs no login and nobody can make the server run
//! searches it never handed out. (The Atom document itself is still rendered by the server's
//! `services/feeds.rs`.)

use std::sync::Arc;

use wakat_engine::Tenant;
use wakat_store::LinkSigner;

/// Purpose of feed signatures.
pub const FEED_PURPOSE: &str = "offers-feed";

/// Signs and checks feed addresses.
#[derive(Clone)]
pub struct FeedLinks {
    signer: Arc<LinkSigner>,
    /// The server's public URL (`server.public_url`), base of boards without a web app of their own.
    public_url: String,
}

impl FeedLinks {
    /// Feed links signed by `signer`, under `public_url`.
    pub fn new(signer: Arc<LinkSigner>, public_url: &str) -> FeedLinks {
        FeedLinks { signer, public_url: public_url.to_string() }
    }

    /// The signature of a board's canonical list query.
    pub fn sign(&self, tenant: &Tenant, canonical_query: &str) -> String {
        self.signer.sign(FEED_PURPOSE, &format!("{}?{canonical_query}", tenant.settings.slug), i64::MAX)
    }

    /// Whether `signature` is the feed signature of this board's canonical query.
    pub fn verify(&self, tenant: &Tenant, canonical_query: &str, signature: &str) -> bool {
        self.signer.verify(FEED_PURPOSE, &format!("{}?{canonical_query}", tenant.settings.slug), i64::MAX, signature, 0)
    }

    /// The absolute, signed feed URL of a canonical query (through the board's web app, which
    /// forwards `/api/{tenant}/feeds/*`).
    pub fn url(&self, tenant: &Tenant, canonical_query: &str) -> String {
        let web_url = tenant.settings.web_url(&self.public_url);
        let separator = if canonical_query.is_empty() { "" } else { "&" };
        format!("{web_url}/api/{}/feeds/offers.atom?{canonical_query}{separator}signature={}", tenant.settings.slug, self.sign(tenant, canonical_query))
    }

    /// The feed URL of stored canonical pairs.
    pub fn url_of_pairs(&self, tenant: &Tenant, pairs: &wakat_alerts::filters::QueryPairs) -> String {
        let query = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs).finish();
        self.url(tenant, &query)
    }
}
