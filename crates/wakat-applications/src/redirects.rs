//! External apply (spec "track-redirects"): a visitor leaving for the employer's apply page is
//! recorded and counted per offer; a logged-in candidate may then confirm that they applied (the
//! redirect joins their history as an external application) or deny it.
//!
//! # Throttling
//!
//! With the board's `redirectCountThrottling` on (the spec's throttle option 2; option 1 is off),
//! a client is counted once per offer per [`THROTTLE_WINDOW_SECS`]: a redirect by the same client
//! (the candidate id when logged in, else the hashed client address) to the same offer less than
//! 24 hours after the last *counted* one is not counted again and answers that redirect's id, so
//! the confirm dialog acts on the one record. The window runs from the counted redirect; after it,
//! the next redirect is counted and starts a new window. With throttling off every redirect is
//! counted and gets its own id.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use wakat_store::ids::{is_id, new_id};
use wakat_store::secrets::to_hex;
use wakat_store::{json, KvStore, WriteOp};

use crate::error::{ApplicationsError, Result};
use crate::history::{self, HistoryItem, HistoryKind};
use crate::keys::{self, REDIRECT, REDIRECT_BY_CANDIDATE, REDIRECT_COUNT, REDIRECT_THROTTLE};
use crate::record::{decode, rfc3339, Versioned, RECORD_VERSION};
use crate::stats::{self, Counter};
use wakat_store::Stripes;

/// Seconds during which a client's repeated redirects to one offer count once (with throttling).
pub const THROTTLE_WINDOW_SECS: i64 = 24 * 60 * 60;

/// A redirect to record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewRedirect {
    /// The offer's slug.
    pub offer_slug: String,
    /// The offer's guid (the spec's `jobAdvertisementId`).
    pub offer_guid: String,
    /// The employer's apply page the visitor is sent to.
    pub apply_url: String,
    /// The logged-in candidate, checked by the caller against the session.
    pub candidate_id: Option<String>,
    /// A hash of the client's address, never the address itself.
    pub client_key: String,
}

/// The answer to [`RedirectStore::track`] (the spec's `redirect_id` and `apply_url`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Redirect {
    /// The redirect's id: a new one, or the counted one of a throttled repeat.
    pub id: String,
    /// Where to send the visitor.
    pub apply_url: String,
    /// Whether this redirect was added to the offer's count.
    pub counted: bool,
}

/// A stored redirect as its candidate sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrackedRedirect {
    /// Random id.
    pub id: String,
    /// The offer's slug.
    pub offer_slug: String,
    /// The offer's guid.
    pub job_advertisement_id: String,
    /// The employer's apply page.
    pub apply_url: String,
    /// When the visitor left, Unix seconds.
    pub at: i64,
    /// Whether the candidate confirmed they applied.
    pub confirmed: bool,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RedirectRecord {
    v: u32,
    id: String,
    offer_slug: String,
    offer_guid: String,
    apply_url: String,
    candidate_id: Option<String>,
    client_key: String,
    at: i64,
    confirmed: bool,
}

impl Versioned for RedirectRecord {
    fn version(&self) -> u32 {
        self.v
    }
}

impl RedirectRecord {
    fn tracked(&self) -> TrackedRedirect {
        TrackedRedirect {
            id: self.id.clone(),
            offer_slug: self.offer_slug.clone(),
            job_advertisement_id: self.offer_guid.clone(),
            apply_url: self.apply_url.clone(),
            at: self.at,
            confirmed: self.confirmed,
        }
    }

    fn history_item(&self) -> HistoryItem {
        HistoryItem {
            id: self.id.clone(),
            kind: HistoryKind::External,
            job_advertisement_id: self.offer_guid.clone(),
            offer_slug: self.offer_slug.clone(),
            at: self.at,
        }
    }
}

/// The last counted redirect of a client to an offer.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ThrottleRecord {
    v: u32,
    redirect_id: String,
    at: i64,
}

impl Versioned for ThrottleRecord {
    fn version(&self) -> u32 {
        self.v
    }
}

/// One of a candidate's redirects with the keys that hold it.
struct CandidateRedirect {
    index_key: Vec<u8>,
    record_key: Vec<u8>,
    record: RedirectRecord,
}

/// Returns the throttle key of a client; segments already checked, the client key hex-encoded.
fn throttle_key(tenant: &str, slug: &str, candidate_id: Option<&str>, client_key: &str) -> Vec<u8> {
    let client = match candidate_id {
        Some(candidate_id) => format!("candidate-{candidate_id}"),
        None => format!("client-{}", to_hex(client_key.as_bytes())),
    };
    keys::key(REDIRECT_THROTTLE, &[tenant, slug, &client])
}

fn decode_count(key: &[u8], value: &[u8]) -> Result<u64> {
    let bytes: [u8; 8] = value.try_into().map_err(|_| ApplicationsError::corrupt(key, format!("expected 8 bytes of u64, found {}", value.len())))?;
    Ok(u64::from_be_bytes(bytes))
}

/// Redirects of every tenant, on top of any [`KvStore`].
///
/// Create one per engine and share it: its locks keep the throttle check and the counter's
/// read-modify-write from interleaving.
pub struct RedirectStore {
    kv: Arc<dyn KvStore>,
    offer_locks: Stripes,
    redirect_locks: Stripes,
}

impl std::fmt::Debug for RedirectStore {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.debug_struct("RedirectStore").finish_non_exhaustive()
    }
}

impl RedirectStore {
    /// Wraps an engine.
    pub fn new(kv: Arc<dyn KvStore>) -> RedirectStore {
        RedirectStore { kv, offer_locks: Stripes::new(), redirect_locks: Stripes::new() }
    }

    /// Records a visitor leaving for the offer's apply page and counts it unless throttled (see
    /// the module docs); durable before it returns. `now` is Unix seconds.
    pub fn track(&self, tenant: &str, redirect: NewRedirect, throttle: bool, now: i64) -> Result<Redirect> {
        let tenant = keys::tenant(tenant)?;
        let slug = keys::slug(&redirect.offer_slug)?;
        keys::job_advertisement_id(&redirect.offer_guid)?;
        let candidate_id = redirect.candidate_id.as_deref().map(keys::candidate).transpose()?;
        if redirect.client_key.is_empty() {
            return Err(ApplicationsError::invalid("clientKey", "is empty"));
        }
        if redirect.apply_url.trim().is_empty() {
            return Err(ApplicationsError::invalid("applyUrl", "is empty"));
        }
        let throttle_key = throttle_key(tenant, slug, candidate_id, &redirect.client_key);
        let count_key = keys::key(REDIRECT_COUNT, &[tenant, slug]);
        let id = new_id();
        {
            let offer_guard = self.offer_locks.lock(&[tenant, slug]);
            if throttle {
                if let Some(value) = self.kv.get(&throttle_key)? {
                    let last: ThrottleRecord = decode(&throttle_key, &value)?;
                    if (0..THROTTLE_WINDOW_SECS).contains(&now.saturating_sub(last.at)) {
                        drop(offer_guard);
                        // The counted redirect may be committed but not yet flushed by its thread.
                        self.kv.flush()?;
                        return Ok(Redirect { id: last.redirect_id, apply_url: redirect.apply_url, counted: false });
                    }
                }
            }
            let n_redirects = self.kv.get(&count_key)?.map_or(Ok(0), |value| decode_count(&count_key, &value))?;
            let record_key = keys::key(REDIRECT, &[tenant, &id]);
            let record = RedirectRecord {
                v: RECORD_VERSION,
                id: id.clone(),
                offer_slug: slug.to_string(),
                offer_guid: redirect.offer_guid,
                apply_url: redirect.apply_url.clone(),
                candidate_id: candidate_id.map(str::to_string),
                client_key: redirect.client_key,
                at: now,
                confirmed: false,
            };
            let throttle_record = ThrottleRecord { v: RECORD_VERSION, redirect_id: id.clone(), at: now };
            let mut ops = vec![
                json::put(record_key, &record)?,
                json::put(throttle_key, &throttle_record)?,
                WriteOp::Put { key: count_key, value: n_redirects.saturating_add(1).to_be_bytes().to_vec() },
                stats::add_op(self.kv.as_ref(), tenant, slug, now, Counter::Redirects, 1)?,
            ];
            if let Some(candidate_id) = candidate_id {
                ops.push(WriteOp::Put { key: keys::key(REDIRECT_BY_CANDIDATE, &[tenant, candidate_id, &id]), value: Vec::new() });
            }
            self.kv.transaction(ops)?;
        }
        self.kv.flush()?;
        Ok(Redirect { id, apply_url: redirect.apply_url, counted: true })
    }

    /// Returns the counted redirects of an offer (0 when none).
    pub fn redirect_count(&self, tenant: &str, slug: &str) -> Result<u64> {
        let key = keys::key(REDIRECT_COUNT, &[keys::tenant(tenant)?, keys::slug(slug)?]);
        self.kv.get(&key)?.map_or(Ok(0), |value| decode_count(&key, &value))
    }

    /// Loads a redirect if it belongs to the candidate; another candidate's or an anonymous one is
    /// `NotFound`, like a missing one, so ids cannot be probed.
    fn load_owned(&self, tenant: &str, candidate_id: &str, redirect_id: &str) -> Result<(Vec<u8>, RedirectRecord)> {
        let not_found = ApplicationsError::NotFound { what: "redirect" };
        if !is_id(redirect_id) {
            return Err(not_found);
        }
        let key = keys::key(REDIRECT, &[tenant, redirect_id]);
        let Some(value) = self.kv.get(&key)? else { return Err(not_found) };
        let record: RedirectRecord = decode(&key, &value)?;
        if record.candidate_id.as_deref() != Some(candidate_id) {
            return Err(not_found);
        }
        Ok((key, record))
    }

    /// Returns one of the candidate's redirects (for the portal's `?redirectId=` link).
    pub fn get_for_candidate(&self, tenant: &str, candidate_id: &str, redirect_id: &str) -> Result<TrackedRedirect> {
        let (_, record) = self.load_owned(keys::tenant(tenant)?, keys::candidate(candidate_id)?, redirect_id)?;
        Ok(record.tracked())
    }

    /// Sets whether the candidate applied after the redirect, adding it to or removing it from
    /// their history; idempotent.
    fn set_confirmed(&self, tenant: &str, candidate_id: &str, redirect_id: &str, confirmed: bool) -> Result<TrackedRedirect> {
        let tenant = keys::tenant(tenant)?;
        let candidate_id = keys::candidate(candidate_id)?;
        let redirect_guard = self.redirect_locks.lock(&[tenant, redirect_id]);
        let (key, mut record) = self.load_owned(tenant, candidate_id, redirect_id)?;
        if record.confirmed == confirmed {
            return Ok(record.tracked());
        }
        record.confirmed = confirmed;
        let history_op = if confirmed {
            history::put_op(tenant, candidate_id, &record.history_item())?
        } else {
            WriteOp::Delete { key: history::history_key(tenant, candidate_id, record.at, &record.id) }
        };
        let tracked = record.tracked();
        self.kv.transaction(vec![json::put(key, &record)?, history_op])?;
        drop(redirect_guard);
        self.kv.flush()?;
        Ok(tracked)
    }

    /// The candidate confirms they applied on the employer's site: the redirect appears in their
    /// history as an external application. Only the candidate who was redirected may confirm;
    /// anyone else gets `NotFound`.
    pub fn confirm(&self, tenant: &str, candidate_id: &str, redirect_id: &str) -> Result<TrackedRedirect> {
        self.set_confirmed(tenant, candidate_id, redirect_id, true)
    }

    /// The candidate says they did not apply: the redirect leaves their history (it stays counted).
    /// Only its candidate may remove it; anyone else gets `NotFound`. Confirming again later works.
    pub fn remove(&self, tenant: &str, candidate_id: &str, redirect_id: &str) -> Result<TrackedRedirect> {
        self.set_confirmed(tenant, candidate_id, redirect_id, false)
    }

    /// Returns the candidate's redirects with their keys, in id order.
    fn candidate_redirects(&self, tenant: &str, candidate_id: &str) -> Result<Vec<CandidateRedirect>> {
        let mut redirects = Vec::new();
        for entry in self.kv.scan_prefix(&keys::prefix(REDIRECT_BY_CANDIDATE, &[tenant, candidate_id])) {
            let (index_key, _) = entry?;
            let redirect_id = keys::last_segment(&index_key)?;
            let record_key = keys::key(REDIRECT, &[tenant, redirect_id]);
            let value = self.kv.get(&record_key)?.ok_or_else(|| ApplicationsError::corrupt(&index_key, "an index names a missing redirect"))?;
            let record: RedirectRecord = decode(&record_key, &value)?;
            redirects.push(CandidateRedirect { index_key, record_key, record });
        }
        Ok(redirects)
    }

    /// Deletes the candidate's redirects, their history entries and throttle keys (GDPR art. 17);
    /// returns how many. The offers' counts keep them: a count holds no personal data.
    pub fn erase_candidate(&self, tenant: &str, candidate_id: &str) -> Result<usize> {
        let tenant = keys::tenant(tenant)?;
        let candidate_id = keys::candidate(candidate_id)?;
        let redirects = self.candidate_redirects(tenant, candidate_id)?;
        let mut ops = Vec::with_capacity(redirects.len() * 4);
        for CandidateRedirect { index_key, record_key, record } in &redirects {
            ops.push(WriteOp::Delete { key: index_key.clone() });
            ops.push(WriteOp::Delete { key: record_key.clone() });
            ops.push(WriteOp::Delete { key: history::history_key(tenant, candidate_id, record.at, &record.id) });
            ops.push(WriteOp::Delete { key: throttle_key(tenant, &record.offer_slug, Some(candidate_id), "") });
        }
        if !ops.is_empty() {
            self.kv.commit(ops)?;
        }
        Ok(redirects.len())
    }

    /// Returns everything stored about the candidate's redirects (GDPR art. 15 and 20):
    /// `{"redirects": [...]}`, newest first, times as RFC 3339.
    pub fn export_candidate(&self, tenant: &str, candidate_id: &str) -> Result<serde_json::Value> {
        let tenant = keys::tenant(tenant)?;
        let mut records: Vec<RedirectRecord> =
            self.candidate_redirects(tenant, keys::candidate(candidate_id)?)?.into_iter().map(|redirect| redirect.record).collect();
        records.sort_by(|a, b| b.at.cmp(&a.at).then_with(|| a.id.cmp(&b.id)));
        let exported: Vec<serde_json::Value> = records
            .into_iter()
            .map(|record| {
                serde_json::json!({
                    "id": record.id,
                    "offerSlug": record.offer_slug,
                    "jobAdvertisementId": record.offer_guid,
                    "applyUrl": record.apply_url,
                    "redirectedAt": rfc3339(record.at),
                    "confirmed": record.confirmed,
                    "clientKey": record.client_key,
                })
            })
            .collect();
        Ok(serde_json::json!({ "redirects": exported }))
    }
}

#[cfg(test)]
mod tests;
