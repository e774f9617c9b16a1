//! A candidate's application history: form and one-click applications plus confirmed external
//! applications, newest first (the candidate portal's "application history with isConfirmed true").
//!
//! One index per candidate, `history/{tenant}/{candidate}/{newest-first}`, is written by
//! [`crate::ApplicationStore::submit`] (applications with a candidate id) and by
//! [`crate::RedirectStore::confirm`] (removed again by [`crate::RedirectStore::remove`]), so a page of
//! history is one prefix scan rather than a merge of two lists at read time.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use wakat_store::{json, KvStore, WriteOp};

use crate::error::Result;
use crate::keys::{self, HISTORY};
use crate::page::{check_batch, paginate, Page, Paged};
use crate::record::{decode, Versioned, RECORD_VERSION};

/// How the candidate applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HistoryKind {
    /// Through the in-product form.
    Form,
    /// One-click apply.
    OneClick,
    /// On the employer's site, confirmed by the candidate after a tracked redirect.
    External,
}

impl HistoryKind {
    /// The wire name: `form`, `one_click` or `external`.
    pub fn as_str(self) -> &'static str {
        match self {
            HistoryKind::Form => "form",
            HistoryKind::OneClick => "one_click",
            HistoryKind::External => "external",
        }
    }
}

/// One entry of a candidate's history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistoryItem {
    /// The application id (form, one-click) or the redirect id (external).
    pub id: String,
    /// How the candidate applied.
    pub kind: HistoryKind,
    /// The offer's guid (the spec's `jobAdvertisementId`).
    pub job_advertisement_id: String,
    /// The offer's slug when the candidate applied.
    pub offer_slug: String,
    /// When the candidate applied (the redirect's time for external applications), Unix seconds.
    pub at: i64,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct HistoryRecord {
    v: u32,
    id: String,
    kind: HistoryKind,
    job_advertisement_id: String,
    offer_slug: String,
    at: i64,
}

impl Versioned for HistoryRecord {
    fn version(&self) -> u32 {
        self.v
    }
}

/// Returns `history/{tenant}/{candidate}/{newest-first}` of an item; segments already checked.
pub(crate) fn history_key(tenant: &str, candidate_id: &str, at: i64, id: &str) -> Vec<u8> {
    keys::key(HISTORY, &[tenant, candidate_id, &keys::newest_first(at, id)])
}

/// Returns the op writing `item` into the candidate's history.
pub(crate) fn put_op(tenant: &str, candidate_id: &str, item: &HistoryItem) -> Result<WriteOp> {
    let key = history_key(tenant, candidate_id, item.at, &item.id);
    let record = HistoryRecord {
        v: RECORD_VERSION,
        id: item.id.clone(),
        kind: item.kind,
        job_advertisement_id: item.job_advertisement_id.clone(),
        offer_slug: item.offer_slug.clone(),
        at: item.at,
    };
    Ok(json::put(key, &record)?)
}

/// Returns every history entry of a candidate with its key, newest first; segments already checked.
pub(crate) fn scan<'a>(kv: &'a dyn KvStore, tenant: &str, candidate_id: &str) -> impl Iterator<Item = Result<(Vec<u8>, HistoryItem)>> + 'a {
    kv.scan_prefix(&keys::prefix(HISTORY, &[tenant, candidate_id])).map(|entry| {
        let (key, value) = entry?;
        let record: HistoryRecord = decode(&key, &value)?;
        let item =
            HistoryItem { id: record.id, kind: record.kind, job_advertisement_id: record.job_advertisement_id, offer_slug: record.offer_slug, at: record.at };
        Ok((key, item))
    })
}

/// Reads candidates' histories.
pub struct History {
    kv: Arc<dyn KvStore>,
}

impl std::fmt::Debug for History {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.debug_struct("History").finish_non_exhaustive()
    }
}

impl History {
    /// Reads histories from `kv` (the engine the stores write to).
    pub fn new(kv: Arc<dyn KvStore>) -> History {
        History { kv }
    }

    /// Returns one page of a candidate's history, newest first, optionally only the entries of the
    /// given offers (at most [`crate::MAX_IDS_PER_BATCH`] job advertisement ids).
    pub fn list(&self, tenant: &str, candidate_id: &str, page: Page, job_advertisement_ids: Option<&[String]>) -> Result<Paged<HistoryItem>> {
        let tenant = keys::tenant(tenant)?;
        let candidate_id = keys::candidate(candidate_id)?;
        if let Some(ids) = job_advertisement_ids {
            check_batch(ids)?;
        }
        let wanted = |item: &HistoryItem| job_advertisement_ids.is_none_or(|ids| ids.contains(&item.job_advertisement_id));
        let entries = scan(self.kv.as_ref(), tenant, candidate_id).filter_map(|entry| match entry {
            Ok((_, item)) if !wanted(&item) => None,
            entry => Some(entry.map(|(_, item)| item)),
        });
        paginate(entries, page)
    }
}

#[cfg(test)]
mod tests;
