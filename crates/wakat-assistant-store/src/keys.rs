//! The key layout (documented in the crate root) and the checks of every segment from outside:
//! a segment holding '/' is refused rather than escaped, so one company's keys never land in
//! another's range.

use wakat_store::key_path::{key, prefix};

use crate::error::{AssistantStoreError, Result};

pub(crate) const CONVERSATION: &str = "assistant-conversation";
pub(crate) const MESSAGE: &str = "assistant-message";
pub(crate) const DAY: &str = "assistant-day";

/// Longest segment accepted.
const MAX_SEGMENT_BYTES: usize = 200;

fn check(field: &'static str, segment: &str) -> Result<()> {
    if segment.is_empty() || segment.len() > MAX_SEGMENT_BYTES {
        return Err(AssistantStoreError::InvalidInput { field, reason: "must be 1 to 200 bytes" });
    }
    if segment.chars().any(|c| c == '/' || c.is_whitespace() || c.is_control()) {
        return Err(AssistantStoreError::InvalidInput { field, reason: "must not contain '/', spaces or control characters" });
    }
    Ok(())
}

/// One conversation: a board, the company (from the acting principal) and the offer's slug.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ConversationKey {
    board: String,
    company: String,
    offer: String,
}

impl ConversationKey {
    /// The key, every segment checked.
    pub fn new(board: &str, company: &str, offer_slug: &str) -> Result<ConversationKey> {
        check("board", board)?;
        check("companyId", company)?;
        check("jobAdId", offer_slug)?;
        Ok(ConversationKey { board: board.to_owned(), company: company.to_owned(), offer: offer_slug.to_owned() })
    }

    /// The board.
    pub fn board(&self) -> &str {
        &self.board
    }

    /// The company.
    pub fn company(&self) -> &str {
        &self.company
    }

    /// The offer's slug.
    pub fn offer_slug(&self) -> &str {
        &self.offer
    }

    pub(crate) fn parts(&self) -> [&str; 3] {
        [&self.board, &self.company, &self.offer]
    }

    pub(crate) fn conversation(&self) -> Vec<u8> {
        key(CONVERSATION, &self.parts())
    }

    pub(crate) fn messages(&self) -> Vec<u8> {
        prefix(MESSAGE, &self.parts())
    }

    pub(crate) fn message(&self, seq: u64) -> Vec<u8> {
        key(MESSAGE, &[&self.board, &self.company, &self.offer, &format!("{seq:020}")])
    }

    pub(crate) fn days(&self) -> Vec<u8> {
        prefix(DAY, &[&self.board, &self.company])
    }

    pub(crate) fn day(&self, day: i64) -> Vec<u8> {
        key(DAY, &[&self.board, &self.company, &day.to_string()])
    }
}
