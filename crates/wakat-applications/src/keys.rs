//! Builds every key of the crate, so the key layout (documented in the crate root) lives in one
//! place, and checks every segment that comes from outside.
//!
//! A segment is one `/`-separated part of a key. Like the offer store, a segment containing '/' is
//! refused rather than escaped: it would let one tenant's or candidate's key land in another's
//! range. Values that may hold any character (e-mail addresses, client keys) are hex-encoded.

use wakat_core::apply::is_valid_candidate_id;

use crate::error::{ApplicationsError, Result};

/// `application/{tenant}/{id}`: the application record.
pub(crate) const APPLICATION: &str = "application";
/// `application-by-offer/{tenant}/{slug}/{newest-first}`: the offer's applications.
pub(crate) const APPLICATION_BY_OFFER: &str = "application-by-offer";
/// `application-dedupe/{tenant}/{slug}/{person}`: the last application of a person to an offer.
pub(crate) const APPLICATION_DEDUPE: &str = "application-dedupe";
/// `redirect/{tenant}/{id}`: the redirect record.
pub(crate) const REDIRECT: &str = "redirect";
/// `redirect-throttle/{tenant}/{slug}/{client}`: the last counted redirect of a client to an offer.
pub(crate) const REDIRECT_THROTTLE: &str = "redirect-throttle";
/// `redirect-count/{tenant}/{slug}`: counted redirects of an offer.
pub(crate) const REDIRECT_COUNT: &str = "redirect-count";
/// `redirect-by-candidate/{tenant}/{candidate}/{id}`: a candidate's redirects.
pub(crate) const REDIRECT_BY_CANDIDATE: &str = "redirect-by-candidate";
/// `favourite/{tenant}/{candidate}/{job advertisement id}`: membership and time.
pub(crate) const FAVOURITE: &str = "favourite";
/// `favourite-by-time/{tenant}/{candidate}/{newest-first}`: the candidate's favourites in order.
pub(crate) const FAVOURITE_BY_TIME: &str = "favourite-by-time";
/// `history/{tenant}/{candidate}/{newest-first}`: applications and confirmed external applications.
pub(crate) const HISTORY: &str = "history";
/// `guest-application/{tenant}/{e-mail identity, hex}/{newest-first}`: applications sent without an
/// account, waiting for an account of that e-mail to confirm it.
pub(crate) const GUEST_APPLICATION: &str = "guest-application";
/// `guest-application-indexed/{tenant}`: the guest index holds the applications stored before it.
pub(crate) const GUEST_APPLICATION_INDEXED: &str = "guest-application-indexed";
/// `offer-stats/{tenant}/{slug}/{day}/{v|a|r}`: an offer's views, applications and redirects of a UTC day.
pub(crate) const OFFER_STATS: &str = "offer-stats";

/// Longest tenant, slug or job advertisement id accepted in a key.
const MAX_SEGMENT_BYTES: usize = 200;

/// Refuses a segment that is empty, too long, or holds '/', whitespace or a control character.
fn check_segment(field: &'static str, segment: &str) -> Result<()> {
    if segment.is_empty() || segment.len() > MAX_SEGMENT_BYTES {
        return Err(ApplicationsError::invalid(field, format!("must be 1 to {MAX_SEGMENT_BYTES} bytes")));
    }
    if segment.chars().any(|c| c == '/' || c.is_whitespace() || c.is_control()) {
        return Err(ApplicationsError::invalid(field, "must not contain '/', spaces or control characters"));
    }
    Ok(())
}

/// Checks a tenant slug.
pub(crate) fn tenant(tenant: &str) -> Result<&str> {
    check_segment("tenant", tenant).map(|()| tenant)
}

/// Checks an offer slug.
pub(crate) fn slug(slug: &str) -> Result<&str> {
    check_segment("slug", slug).map(|()| slug)
}

/// Checks a job advertisement id (the offer's guid).
pub(crate) fn job_advertisement_id(id: &str) -> Result<&str> {
    check_segment("jobAdvertisementId", id).map(|()| id)
}

/// Checks a candidate id with the apply form's rule.
pub(crate) fn candidate(candidate_id: &str) -> Result<&str> {
    if is_valid_candidate_id(candidate_id) {
        Ok(candidate_id)
    } else {
        Err(ApplicationsError::invalid("candidateId", "must be 1 to 64 letters, digits, '-' or '_'"))
    }
}

pub(crate) use wakat_store::key_path::{key, prefix};

/// Returns `{newest-first time}-{id}`: sorts newest first under an ascending scan, ties by id.
pub(crate) fn newest_first(at: i64, id: &str) -> String {
    // Times before 1970 do not occur; clamping keeps the subtraction in range whatever the caller passes.
    let inverted = u64::MAX - u64::try_from(at).unwrap_or(0);
    format!("{inverted:020}-{id}")
}

/// Returns the last segment of a key (what follows its last '/').
pub(crate) fn last_segment(key: &[u8]) -> Result<&str> {
    let start = key.iter().rposition(|&byte| byte == b'/').map_or(0, |slash| slash + 1);
    std::str::from_utf8(&key[start..]).map_err(|error| ApplicationsError::corrupt(key, error))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_and_prefixes_follow_the_layout() {
        assert_eq!(key(APPLICATION, &["pl", "abc"]), b"application/pl/abc");
        assert_eq!(prefix(HISTORY, &["pl", "cand-1"]), b"history/pl/cand-1/");
        assert_eq!(last_segment(b"favourite/pl/c/guid-1").unwrap(), "guid-1");
    }

    #[test]
    fn newer_times_sort_first() {
        assert!(newest_first(200, "a") < newest_first(100, "a"));
        assert!(newest_first(100, "a") < newest_first(100, "b"));
        assert_eq!(newest_first(-5, "a"), newest_first(0, "a"));
    }

    #[test]
    fn segments_that_could_escape_their_range_are_refused() {
        for bad in ["", "a/b", "a b", "a\nb", &"x".repeat(201)] {
            assert!(matches!(tenant(bad), Err(ApplicationsError::InvalidInput { field: "tenant", .. })), "{bad:?}");
        }
        assert!(candidate("cand_1-A").is_ok());
        assert!(candidate("cand.1").is_err());
        assert!(slug("java-dev").is_ok());
        assert!(job_advertisement_id("0f3a-11").is_ok());
    }
}
