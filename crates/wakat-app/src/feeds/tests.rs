//! Feeds without HTTP: a signed link opens its Atom document; an unsigned or altered one does not.

use crate::testing::Setup;
use crate::{AppError, Principal};

/// The query pairs of a feed URL.
fn pairs_of(url: &str) -> Vec<(String, String)> {
    let query = url.split_once('?').map_or("", |(_, query)| query);
    url::form_urlencoded::parse(query.as_bytes()).into_owned().collect()
}

#[test]
fn a_signed_link_opens_its_feed_and_nothing_else_does() {
    let setup = Setup::new();
    let tenant = setup.tenant();
    setup.publish("rust-dev", "Rust developer", setup.now() - 60);
    let query = [("keyword".to_string(), "rust".to_string())];
    let link = setup.feeds.link(&tenant, &Principal::Anonymous, &query).unwrap();
    assert!(link.contains("/api/it/feeds/offers.atom?") && link.contains("signature="), "{link}");

    let xml = setup.feeds.atom(&tenant, &Principal::Anonymous, &pairs_of(&link), "en").unwrap();
    assert!(xml.starts_with("<?xml") && xml.contains("<entry>") && xml.contains("Rust developer"), "{xml}");

    let mut altered = pairs_of(&link);
    altered.retain(|(name, _)| name != "signature");
    assert!(matches!(setup.feeds.atom(&tenant, &Principal::Anonymous, &altered, "en"), Err(AppError::InvalidSignature)));
    altered.push(("signature".into(), "forged".into()));
    assert!(matches!(setup.feeds.atom(&tenant, &Principal::Anonymous, &altered, "en"), Err(AppError::InvalidSignature)));
}
