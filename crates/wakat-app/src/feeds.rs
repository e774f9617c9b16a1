//! Atom feeds (RFC 4287) of saved searches and list addresses: the newest matching offers
//! ([`atom`]), at a URL carrying the server's signature of its board and canonical list query
//! ([`FeedLinks`]), so a feed reader needs no login and nobody can make the server run searches it
//! never handed out.

use std::sync::Arc;

use wakat_core::filters::ListParams;
use wakat_engine::{Engine, Tenant};
use wakat_store::LinkSigner;

use crate::error::Result;
use crate::{Clock, Principal};

pub mod atom;

#[cfg(test)]
mod tests;

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

    /// The server's public URL, base of boards without a web app of their own.
    pub fn public_url(&self) -> &str {
        &self.public_url
    }

    /// The stable id of a query's feed (its Atom `<id>`), not guessable from the query.
    pub fn feed_id(&self, canonical_query: &str) -> String {
        self.signer.sign("feed-id", canonical_query, 0)
    }

    /// The feed URL of stored canonical pairs.
    pub fn url_of_pairs(&self, tenant: &Tenant, pairs: &wakat_alerts::filters::QueryPairs) -> String {
        let query = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs).finish();
        self.url(tenant, &query)
    }
}

/// The feeds service: signed feed addresses and their Atom documents.
#[derive(Clone)]
pub struct FeedsService {
    engine: Arc<Engine>,
    links: FeedLinks,
    clock: Clock,
}

impl FeedsService {
    /// The service over the engine, signing with `links`.
    pub fn new(engine: Arc<Engine>, links: FeedLinks, clock: Clock) -> FeedsService {
        FeedsService { engine, links, clock }
    }

    /// The signed feed URL of any list query (what the list page offers as "follow this search");
    /// anyone may ask.
    pub fn link(&self, tenant: &Tenant, _anyone: &Principal, pairs: &[(String, String)]) -> Result<String> {
        let params = ListParams::parse(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())), &self.engine.parse_context(tenant))?;
        Ok(self.links.url(tenant, &wakat_alerts::filters::canonical_query(&params)))
    }
}
