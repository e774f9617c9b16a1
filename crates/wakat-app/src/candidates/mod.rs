//! The candidate side: candidate accounts ([`accounts`]), the logged-in candidate's own data
//! ([`area`]: favourites, history, matched offers, CVs, export and erasure) and applying to offers
//! ([`applying`]). The lookups and types these services share live here, so no service imports
//! another for them.

pub mod accounts;
pub mod application_mailing;
pub mod applying;
pub mod area;

#[cfg(test)]
mod tests;

use wakat_engine::Engine;
use wakat_search::Hit;
use wakat_uploads::StoredBlob;

use crate::error::Result;

/// An offer with the location a card stands for.
pub type OfferCard = crate::offers::OfferAt;

/// Longest offer guid looked up (longer ones are nobody's).
const MAX_GUID_CHARS: usize = 100;

/// A file the transport has already streamed into the upload store (a CV, an attachment); the
/// services only take references on it.
#[derive(Debug, Clone)]
pub struct UploadedFile {
    /// Where the bytes are.
    pub blob: StoredBlob,
    /// The name the uploader gave, cleaned (no directories, no control or bidirectional characters).
    pub file_name: String,
}

/// The offer of a `jobAdvertisementId` (offer guid), when the index has it.
pub fn offer_by_guid(engine: &Engine, tenant: &str, guid: &str) -> Result<Option<Hit>> {
    if guid.is_empty() || guid.len() > MAX_GUID_CHARS {
        return Ok(None);
    }
    Ok(engine.index.find_guid(tenant, guid)?)
}

/// The offer of a list entry's slug, as the candidate side's offer reads find it.
pub use crate::offers::find_offer;
