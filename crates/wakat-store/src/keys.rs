//! Builds and parses every key of the store, so the key layout lives in one place.
//!
//! Tenant and slug are the path segments of a key; a '/' inside one would let one tenant's key
//! land in another's range, so such names are refused instead of escaped.

use crate::StoreError;

/// Prefix of every offer: `offer/{tenant}/{slug}`.
pub(crate) const OFFER_PREFIX: &str = "offer/";
/// Prefix of every change record: `log/{seq:020}`.
pub(crate) const LOG_PREFIX: &[u8] = b"log/";
/// Key of the last assigned change sequence number.
pub(crate) const SEQ_KEY: &[u8] = b"meta/seq";
/// Prefix of every view counter: `view/{tenant}/{slug}`.
const VIEW_PREFIX: &str = "view/";
const META_PREFIX: &str = "meta/";
/// Meta names the store itself uses, which [`meta_key`] refuses to hand out.
const RESERVED_META_NAMES: &[&str] = &["seq"];

/// Refuses a key segment that is empty or contains '/'.
fn check_segment(what: &str, segment: &str) -> Result<(), StoreError> {
    if segment.is_empty() {
        return Err(StoreError::InvalidKey(format!("{what} is empty")));
    }
    if segment.contains('/') {
        return Err(StoreError::InvalidKey(format!("{what} `{segment}` contains '/'")));
    }
    Ok(())
}

/// Returns `{kind}{tenant}/`, the prefix of every key of one tenant of that kind.
fn tenant_prefix(kind: &str, tenant: &str) -> Result<Vec<u8>, StoreError> {
    check_segment("tenant", tenant)?;
    // The trailing '/' keeps tenant `ab` from matching the keys of tenant `abc`.
    Ok(format!("{kind}{tenant}/").into_bytes())
}

fn tenant_key(kind: &str, tenant: &str, slug: &str) -> Result<Vec<u8>, StoreError> {
    check_segment("slug", slug)?;
    let mut key = tenant_prefix(kind, tenant)?;
    key.extend_from_slice(slug.as_bytes());
    Ok(key)
}

/// Returns `offer/{tenant}/`.
pub(crate) fn offer_prefix(tenant: &str) -> Result<Vec<u8>, StoreError> {
    tenant_prefix(OFFER_PREFIX, tenant)
}

/// Returns `offer/{tenant}/{slug}`.
pub(crate) fn offer_key(tenant: &str, slug: &str) -> Result<Vec<u8>, StoreError> {
    tenant_key(OFFER_PREFIX, tenant, slug)
}

/// Prefix of every offer address alias: `address/{tenant}/{slug}`.
const ADDRESS_PREFIX: &str = "address/";

/// Returns `address/{tenant}/{slug}`.
pub(crate) fn address_key(tenant: &str, slug: &str) -> Result<Vec<u8>, StoreError> {
    tenant_key(ADDRESS_PREFIX, tenant, slug)
}

/// Returns `view/{tenant}/`.
pub(crate) fn view_prefix(tenant: &str) -> Result<Vec<u8>, StoreError> {
    tenant_prefix(VIEW_PREFIX, tenant)
}

/// Returns `view/{tenant}/{slug}`.
pub(crate) fn view_key(tenant: &str, slug: &str) -> Result<Vec<u8>, StoreError> {
    tenant_key(VIEW_PREFIX, tenant, slug)
}

/// Returns `log/{seq:020}`; zero padding makes byte order equal numeric order.
pub(crate) fn log_key(seq: u64) -> Vec<u8> {
    format!("log/{seq:020}").into_bytes()
}

/// The key prefix of meta names starting with `name_prefix`.
pub(crate) fn meta_names_prefix(name_prefix: &str) -> Vec<u8> {
    format!("{META_PREFIX}{name_prefix}").into_bytes()
}

/// The meta name in a meta key.
pub(crate) fn meta_name(key: &[u8]) -> Option<&str> {
    std::str::from_utf8(key.strip_prefix(META_PREFIX.as_bytes())?).ok()
}

/// Returns `meta/{name}`, refusing names the store reserves for itself.
pub(crate) fn meta_key(name: &str) -> Result<Vec<u8>, StoreError> {
    if name.is_empty() {
        return Err(StoreError::InvalidKey("meta name is empty".to_string()));
    }
    if RESERVED_META_NAMES.contains(&name) {
        return Err(StoreError::InvalidKey(format!("meta name `{name}` is reserved")));
    }
    Ok(format!("{META_PREFIX}{name}").into_bytes())
}

/// Splits a key `{prefix}{tenant}/{slug}` into tenant and slug.
pub(crate) fn split_tenant_key(prefix: &[u8], key: &[u8]) -> Result<(String, String), StoreError> {
    let rest = key.strip_prefix(prefix).ok_or_else(|| StoreError::corrupt(key, "key outside its prefix"))?;
    let rest = std::str::from_utf8(rest).map_err(|error| StoreError::corrupt(key, error))?;
    match rest.split_once('/') {
        Some((tenant, slug)) if !tenant.is_empty() && !slug.is_empty() => Ok((tenant.to_string(), slug.to_string())),
        _ => Err(StoreError::corrupt(key, "key is not {tenant}/{slug}")),
    }
}

/// Decodes a big-endian u64 value (the seq and view counters).
pub(crate) fn decode_u64(key: &[u8], value: &[u8]) -> Result<u64, StoreError> {
    let bytes: [u8; 8] = value.try_into().map_err(|_| StoreError::corrupt(key, format!("expected 8 bytes of u64, found {}", value.len())))?;
    Ok(u64::from_be_bytes(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_follow_the_documented_layout() {
        assert_eq!(offer_key("pl", "java-dev").unwrap(), b"offer/pl/java-dev");
        assert_eq!(view_key("pl", "java-dev").unwrap(), b"view/pl/java-dev");
        assert_eq!(log_key(42), b"log/00000000000000000042");
        assert_eq!(meta_key("schema").unwrap(), b"meta/schema");
        assert!(log_key(9) < log_key(10));
    }

    #[test]
    fn key_segments_with_slashes_or_empty_are_refused() {
        for (tenant, slug) in [("a/b", "x"), ("a", "x/y"), ("", "x"), ("a", "")] {
            assert!(matches!(offer_key(tenant, slug), Err(StoreError::InvalidKey(_))), "{tenant:?} {slug:?}");
        }
        assert!(matches!(meta_key("seq"), Err(StoreError::InvalidKey(_))));
    }

    #[test]
    fn tenant_keys_split_back_into_tenant_and_slug() {
        assert_eq!(split_tenant_key(OFFER_PREFIX.as_bytes(), b"offer/pl/java").unwrap(), ("pl".to_string(), "java".to_string()));
        assert!(matches!(split_tenant_key(OFFER_PREFIX.as_bytes(), b"offer/pl"), Err(StoreError::Corrupt { .. })));
        assert!(matches!(decode_u64(b"k", b"123"), Err(StoreError::Corrupt { .. })));
    }
}
