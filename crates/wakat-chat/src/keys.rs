//! Builds every key of the crate, so the key layout (documented in the crate root) lives in one
//! place, and checks every segment that comes from outside.
//!
//! Like the other stores, a segment containing '/' is refused rather than escaped: it would let
//! one board's or candidate's key land in another's range. Client message ids, which may hold any
//! character, are hex-encoded.

use wakat_store::ids::is_id;
use wakat_store::secrets::to_hex;

use crate::error::{ChatError, Result};
use crate::model::Side;

/// `chat-profile/{board}/{candidate}`: the passive candidate profile.
pub(crate) const PROFILE: &str = "chat-profile";
/// `chat-profile-ref/{board}/{public id}`: the candidate behind an anonymous reference.
pub(crate) const PROFILE_REF: &str = "chat-profile-ref";
/// `chat-request/{board}/{id}`: a conversation request.
pub(crate) const REQUEST: &str = "chat-request";
/// `chat-request-of/{board}/{company}/{candidate}/{offer}`: the latest request of the triple.
pub(crate) const REQUEST_OF: &str = "chat-request-of";
/// `chat-request-by-candidate/{board}/{candidate}/{id}`: a candidate's requests.
pub(crate) const REQUEST_BY_CANDIDATE: &str = "chat-request-by-candidate";
/// `chat-request-by-company/{board}/{company}/{id}`: a company's requests.
pub(crate) const REQUEST_BY_COMPANY: &str = "chat-request-by-company";
/// `chat-request-day/{board}/{company}/{days since 1970}`: requests sent that UTC day.
pub(crate) const REQUEST_DAY: &str = "chat-request-day";
/// `chat-block/{board}/{candidate}/{company}`: a candidate blocked a company.
pub(crate) const BLOCK: &str = "chat-block";
/// `chat-conversation/{board}/{id}`: a conversation with its read marks.
pub(crate) const CONVERSATION: &str = "chat-conversation";
/// `chat-conversation-by-candidate/{board}/{candidate}/{id}`: a candidate's conversations.
pub(crate) const CONVERSATION_BY_CANDIDATE: &str = "chat-conversation-by-candidate";
/// `chat-conversation-by-company/{board}/{company}/{id}`: a company's conversations.
pub(crate) const CONVERSATION_BY_COMPANY: &str = "chat-conversation-by-company";
/// `chat-message/{board}/{conversation}/{newest-first seq}`: a message.
pub(crate) const MESSAGE: &str = "chat-message";
/// `chat-client-message/{board}/{conversation}/{side}/{hex}`: seq of a client message id.
pub(crate) const CLIENT_MESSAGE: &str = "chat-client-message";
/// `chat-unread/{board}/{side}/{conversation}`: conversations with messages unread by a side.
pub(crate) const UNREAD: &str = "chat-unread";
/// `chat-report/{board}/{id}`: a reported message for moderation.
pub(crate) const REPORT: &str = "chat-report";
/// `chat-mail-off/{board}/{account}`: an account that turned the chat's e-mails off.
pub(crate) const MAIL_OFF: &str = "chat-mail-off";

/// Longest board or offer id accepted in a key.
const MAX_SEGMENT_BYTES: usize = 200;
/// Longest account, company or user id (the apply form's candidate id rule).
const MAX_ACCOUNT_ID_CHARS: usize = 64;

/// Refuses a segment that is empty, too long, or holds '/', whitespace or a control character.
fn check_segment<'a>(field: &'static str, segment: &'a str) -> Result<&'a str> {
    if segment.is_empty() || segment.len() > MAX_SEGMENT_BYTES {
        return Err(ChatError::invalid(field, format!("must be 1 to {MAX_SEGMENT_BYTES} bytes")));
    }
    if segment.chars().any(|c| c == '/' || c.is_whitespace() || c.is_control()) {
        return Err(ChatError::invalid(field, "must not contain '/', spaces or control characters"));
    }
    Ok(segment)
}

/// Checks a board (tenant) slug.
pub(crate) fn board(board: &str) -> Result<&str> {
    check_segment("board", board)
}

/// Checks an offer id (the offer's guid, the spec's `jobAdvertisementId`).
pub(crate) fn offer(offer_id: &str) -> Result<&str> {
    check_segment("offerId", offer_id)
}

/// Checks a CV document id of the accounts store.
pub(crate) fn document(document_id: &str) -> Result<&str> {
    check_segment("cvDocumentId", document_id)
}

/// Checks a candidate account, company or user id: 1 to 64 letters, digits, '-' or '_'.
pub(crate) fn account<'a>(field: &'static str, id: &'a str) -> Result<&'a str> {
    let valid = !id.is_empty() && id.len() <= MAX_ACCOUNT_ID_CHARS && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if valid {
        Ok(id)
    } else {
        Err(ChatError::invalid(field, "must be 1 to 64 letters, digits, '-' or '_'"))
    }
}

/// Checks a record id the crate handed out; anything else names no record (`NotFound`).
pub(crate) fn record_id<'a>(what: &'static str, id: &'a str) -> Result<&'a str> {
    if is_id(id) {
        Ok(id)
    } else {
        Err(ChatError::not_found(what))
    }
}

pub(crate) use wakat_store::key_path::{key, prefix};

/// The segment of a message's seq: `u64::MAX - seq`, zero-padded, so an ascending scan lists
/// the newest message first and a scan from any seq goes back in time.
pub(crate) fn newest_first_seq(seq: u64) -> String {
    format!("{:020}", u64::MAX - seq)
}

/// `chat-message/{board}/{conversation}/{newest-first seq}`.
pub(crate) fn message(board: &str, conversation_id: &str, seq: u64) -> Vec<u8> {
    key(MESSAGE, &[board, conversation_id, &newest_first_seq(seq)])
}

/// `chat-client-message/{board}/{conversation}/{side}/{hex(client message id)}`.
pub(crate) fn client_message(board: &str, conversation_id: &str, side: Side, client_message_id: &str) -> Vec<u8> {
    key(CLIENT_MESSAGE, &[board, conversation_id, side.as_str(), &to_hex(client_message_id.as_bytes())])
}

/// `chat-unread/{board}/{side}/{conversation}`.
pub(crate) fn unread(board: &str, side: Side, conversation_id: &str) -> Vec<u8> {
    key(UNREAD, &[board, side.as_str(), conversation_id])
}

/// Returns the last segment of a key (what follows its last '/').
pub(crate) fn last_segment(key: &[u8]) -> Result<&str> {
    let start = key.iter().rposition(|&byte| byte == b'/').map_or(0, |slash| slash + 1);
    std::str::from_utf8(&key[start..]).map_err(|error| ChatError::corrupt(key, error))
}

/// Decodes a big-endian u64 counter.
pub(crate) fn decode_u64(key: &[u8], value: &[u8]) -> Result<u64> {
    let bytes: [u8; 8] = value.try_into().map_err(|_| ChatError::corrupt(key, "expected a u64"))?;
    Ok(u64::from_be_bytes(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_follow_the_layout_and_newer_messages_sort_first() {
        assert_eq!(key(PROFILE, &["it", "cand-1"]), b"chat-profile/it/cand-1");
        assert_eq!(prefix(REQUEST_BY_CANDIDATE, &["it", "c"]), b"chat-request-by-candidate/it/c/");
        assert!(message("it", "x", 10) < message("it", "x", 9));
        assert_eq!(last_segment(b"chat-unread/it/candidate/abc").unwrap(), "abc");
        // Client ids are hex: a '/' in one cannot leave its conversation's range.
        assert!(client_message("it", "x", Side::Candidate, "a/b").ends_with(b"/612f62"));
    }

    #[test]
    fn segments_that_could_escape_their_range_are_refused() {
        for bad in ["", "a/b", "a b", "a\nb", &"x".repeat(201)] {
            assert!(matches!(board(bad), Err(ChatError::InvalidInput { field: "board", .. })), "{bad:?}");
        }
        assert!(account("companyId", "acme_1-X").is_ok());
        assert!(account("companyId", "acme.1").is_err());
        assert!(matches!(record_id("request", "0123"), Err(ChatError::NotFound { what: "request" })));
    }
}
