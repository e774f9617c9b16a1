//! A logged-in candidate's favourite offers, by job advertisement id (the offer's guid, which
//! survives slug changes).
//!
//! Two keys per favourite: `favourite/{tenant}/{candidate}/{id}` answers "is it a favourite" and
//! keeps the time it was added; `favourite-by-time/{tenant}/{candidate}/{newest-first}` lists them
//! newest first. Both are written and removed in one transaction. Offers that were deleted since
//! stay listed: the caller fetches the offers by id and skips the missing ones.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use wakat_store::{json, KvStore, WriteOp};

use crate::error::{ApplicationsError, Result};
use crate::keys::{self, FAVOURITE, FAVOURITE_BY_TIME};
use crate::page::{check_batch, paginate, Page, Paged};
use crate::record::{decode, rfc3339, Versioned, RECORD_VERSION};
use wakat_store::Stripes;

/// Most favourites one candidate may keep: far above any real use, low enough that every list and
/// count stays a small scan.
pub const MAX_FAVOURITES: usize = 1_000;

/// One favourite offer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Favourite {
    /// The offer's guid (the spec's `jobAdvertisementId`).
    pub job_advertisement_id: String,
    /// When it was added, Unix seconds.
    pub at: i64,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct FavouriteRecord {
    v: u32,
    at: i64,
}

impl Versioned for FavouriteRecord {
    fn version(&self) -> u32 {
        self.v
    }
}

/// Favourites of every tenant's candidates, on top of any [`KvStore`].
///
/// Create one per engine and share it: its locks keep the cap and the idempotent add exact under
/// concurrent calls of one candidate.
pub struct FavouriteStore {
    kv: Arc<dyn KvStore>,
    candidate_locks: Stripes,
}

impl std::fmt::Debug for FavouriteStore {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.debug_struct("FavouriteStore").finish_non_exhaustive()
    }
}

impl FavouriteStore {
    /// Wraps an engine.
    pub fn new(kv: Arc<dyn KvStore>) -> FavouriteStore {
        FavouriteStore { kv, candidate_locks: Stripes::new() }
    }

    /// Adds an offer to the candidate's favourites; returns whether it was new. Adding one already
    /// there changes nothing (it keeps its first time). Past [`MAX_FAVOURITES`] a new one is refused
    /// with `LimitReached`. `now` is Unix seconds.
    pub fn add(&self, tenant: &str, candidate_id: &str, job_advertisement_id: &str, now: i64) -> Result<bool> {
        let tenant = keys::tenant(tenant)?;
        let candidate_id = keys::candidate(candidate_id)?;
        let job_advertisement_id = keys::job_advertisement_id(job_advertisement_id)?;
        let key = keys::key(FAVOURITE, &[tenant, candidate_id, job_advertisement_id]);
        let time_key = keys::key(FAVOURITE_BY_TIME, &[tenant, candidate_id, &keys::newest_first(now, job_advertisement_id)]);
        let value = json::encode(&key, &FavouriteRecord { v: RECORD_VERSION, at: now })?;
        {
            let _candidate_guard = self.candidate_locks.lock(&[tenant, candidate_id]);
            if self.kv.get(&key)?.is_some() {
                return Ok(false);
            }
            if self.count_checked(tenant, candidate_id)? >= MAX_FAVOURITES {
                return Err(ApplicationsError::LimitReached { what: "favourites", limit: MAX_FAVOURITES });
            }
            self.kv.transaction(vec![WriteOp::Put { key, value }, WriteOp::Put { key: time_key, value: Vec::new() }])?;
        }
        self.kv.flush()?;
        Ok(true)
    }

    /// Removes an offer from the candidate's favourites; returns whether it was there.
    pub fn remove(&self, tenant: &str, candidate_id: &str, job_advertisement_id: &str) -> Result<bool> {
        let tenant = keys::tenant(tenant)?;
        let candidate_id = keys::candidate(candidate_id)?;
        // An id that cannot be stored cannot be a favourite.
        let Ok(job_advertisement_id) = keys::job_advertisement_id(job_advertisement_id) else { return Ok(false) };
        let key = keys::key(FAVOURITE, &[tenant, candidate_id, job_advertisement_id]);
        {
            let _candidate_guard = self.candidate_locks.lock(&[tenant, candidate_id]);
            let Some(value) = self.kv.get(&key)? else { return Ok(false) };
            let record: FavouriteRecord = decode(&key, &value)?;
            let time_key = keys::key(FAVOURITE_BY_TIME, &[tenant, candidate_id, &keys::newest_first(record.at, job_advertisement_id)]);
            self.kv.transaction(vec![WriteOp::Delete { key }, WriteOp::Delete { key: time_key }])?;
        }
        self.kv.flush()?;
        Ok(true)
    }

    fn count_checked(&self, tenant: &str, candidate_id: &str) -> Result<usize> {
        let prefix = keys::prefix(FAVOURITE, &[tenant, candidate_id]);
        self.kv.scan_prefix(&prefix).try_fold(0, |n_favourites, entry| entry.map(|_| n_favourites + 1).map_err(ApplicationsError::from))
    }

    /// Counts the candidate's favourites (the header badge).
    pub fn count(&self, tenant: &str, candidate_id: &str) -> Result<usize> {
        self.count_checked(keys::tenant(tenant)?, keys::candidate(candidate_id)?)
    }

    /// Returns every favourite of the candidate, newest first; segments already checked.
    fn scan_newest_first<'a>(&'a self, tenant: &str, candidate_id: &str) -> impl Iterator<Item = Result<(Vec<u8>, Favourite)>> + 'a {
        let tenant = tenant.to_string();
        let candidate_id = candidate_id.to_string();
        self.kv.scan_prefix(&keys::prefix(FAVOURITE_BY_TIME, &[&tenant, &candidate_id])).map(move |entry| {
            let (time_key, _) = entry?;
            let sort_key = keys::last_segment(&time_key)?;
            let (_, job_advertisement_id) = sort_key.split_once('-').ok_or_else(|| ApplicationsError::corrupt(&time_key, "index key without an id"))?;
            let job_advertisement_id = job_advertisement_id.to_string();
            let key = keys::key(FAVOURITE, &[&tenant, &candidate_id, &job_advertisement_id]);
            let value = self.kv.get(&key)?.ok_or_else(|| ApplicationsError::corrupt(&time_key, "an index names a missing favourite"))?;
            let record: FavouriteRecord = decode(&key, &value)?;
            Ok((time_key, Favourite { job_advertisement_id, at: record.at }))
        })
    }

    /// Returns one page of the candidate's favourites, newest first.
    pub fn list(&self, tenant: &str, candidate_id: &str, page: Page) -> Result<Paged<Favourite>> {
        let entries = self.scan_newest_first(keys::tenant(tenant)?, keys::candidate(candidate_id)?).map(|entry| entry.map(|(_, favourite)| favourite));
        paginate(entries, page)
    }

    /// Returns which of `job_advertisement_ids` (at most [`crate::MAX_IDS_PER_BATCH`]) are the
    /// candidate's favourites, in the order given, without repeats. Ids that cannot be stored are
    /// simply not favourites.
    pub fn filter_ids(&self, tenant: &str, candidate_id: &str, job_advertisement_ids: &[String]) -> Result<Vec<String>> {
        check_batch(job_advertisement_ids)?;
        let tenant = keys::tenant(tenant)?;
        let candidate_id = keys::candidate(candidate_id)?;
        let mut favourites: Vec<String> = Vec::new();
        for id in job_advertisement_ids {
            if keys::job_advertisement_id(id).is_err() || favourites.contains(id) {
                continue;
            }
            if self.kv.get(&keys::key(FAVOURITE, &[tenant, candidate_id, id]))?.is_some() {
                favourites.push(id.clone());
            }
        }
        Ok(favourites)
    }

    /// Deletes every favourite of the candidate (GDPR art. 17); returns how many.
    pub fn erase_candidate(&self, tenant: &str, candidate_id: &str) -> Result<usize> {
        let tenant = keys::tenant(tenant)?;
        let candidate_id = keys::candidate(candidate_id)?;
        let _candidate_guard = self.candidate_locks.lock(&[tenant, candidate_id]);
        let mut ops = Vec::new();
        for entry in self.scan_newest_first(tenant, candidate_id) {
            let (time_key, favourite) = entry?;
            ops.push(WriteOp::Delete { key: keys::key(FAVOURITE, &[tenant, candidate_id, &favourite.job_advertisement_id]) });
            ops.push(WriteOp::Delete { key: time_key });
        }
        let n_favourites = ops.len() / 2;
        if !ops.is_empty() {
            self.kv.commit(ops)?;
        }
        Ok(n_favourites)
    }

    /// Returns the candidate's favourites (GDPR art. 15 and 20): `{"favourites": [...]}`, newest
    /// first, times as RFC 3339.
    pub fn export_candidate(&self, tenant: &str, candidate_id: &str) -> Result<serde_json::Value> {
        let favourites = self
            .scan_newest_first(keys::tenant(tenant)?, keys::candidate(candidate_id)?)
            .map(|entry| {
                entry.map(|(_, favourite)| serde_json::json!({"jobAdvertisementId": favourite.job_advertisement_id, "addedAt": rfc3339(favourite.at)}))
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(serde_json::json!({ "favourites": favourites }))
    }
}

#[cfg(test)]
mod tests;
