//! Applications sent through the in-product form or one-click apply: submission (one per person
//! and offer), reads for the employer and the candidate, and the candidate's GDPR rights.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use wakat_core::email::email_identity;
use wakat_core::{ApplyForm, ApplySource, Offer};
use wakat_store::ids::{is_id, new_id};
use wakat_store::secrets::to_hex;
use wakat_store::{json, KvStore, WriteOp};

use crate::error::{ApplicationsError, Result};
use crate::history::{self, HistoryItem, HistoryKind};
use crate::keys::{self, APPLICATION, APPLICATION_BY_OFFER, APPLICATION_DEDUPE};
use crate::page::{paginate, Page, Paged};
use crate::record::{decode, rfc3339, Versioned, RECORD_VERSION};
use crate::stats::{self, Counter};
use crate::status::{ApplicationStatus, StatusChange};
use wakat_store::Stripes;

mod guests;

/// The two consents of the apply form.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Consents {
    /// Consent to future recruitments (`future_consent_accepted`).
    pub future: bool,
    /// The offer's custom consent (`custom_consent_accepted`).
    pub custom: bool,
}

/// A stored file attached to an application; the bytes live in the blob store under `blob_hash`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AttachmentRef {
    /// Content hash of the blob.
    pub blob_hash: String,
    /// The file name the applicant uploaded.
    pub file_name: String,
    /// Size in bytes.
    pub size: u64,
    /// MIME type as checked on upload.
    pub mime: String,
    /// The reference this application holds on the blob in the upload store (released when
    /// the applicant's data is erased).
    #[serde(default)]
    pub owner: String,
}

/// An application to store; build it with [`NewApplication::from_form`] from a validated form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewApplication {
    /// The offer's slug.
    pub offer_slug: String,
    /// The offer's guid (the spec's `jobAdvertisementId`).
    pub offer_guid: String,
    /// Who receives the application; the company name until employers have accounts.
    pub employer: String,
    /// The applicant's name.
    pub name: String,
    /// The applicant's e-mail as stored and shown.
    pub email: String,
    /// The message to the employer.
    pub message: Option<String>,
    /// Form or one-click.
    pub source: ApplySource,
    /// The consents given.
    pub consents: Consents,
    /// The logged-in candidate, checked by the caller against the session.
    pub candidate_id: Option<String>,
    /// The uploaded CV or the candidate's stored one.
    pub attachment: Option<AttachmentRef>,
    /// A hash of the client's address, never the address itself.
    pub client_key: String,
}

impl NewApplication {
    /// Builds the application of a validated form to `offer`.
    pub fn from_form(form: &ApplyForm, offer: &Offer, attachment: Option<AttachmentRef>, client_key: String) -> NewApplication {
        NewApplication {
            offer_slug: offer.slug.clone(),
            offer_guid: offer.guid.clone(),
            employer: offer.company_name.clone(),
            name: form.name.clone(),
            email: form.email.clone(),
            message: form.message.clone(),
            source: form.source,
            consents: Consents { future: form.future_consent_accepted, custom: form.custom_consent_accepted },
            candidate_id: form.candidate_id.clone(),
            attachment,
            client_key,
        }
    }
}

/// The answer to a submission.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Submitted {
    /// The application's id.
    pub id: String,
}

/// A stored application.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Application {
    /// Random id.
    pub id: String,
    /// The offer's slug.
    pub offer_slug: String,
    /// The offer's guid.
    pub offer_guid: String,
    /// Who received it.
    pub employer: String,
    /// Form or one-click.
    pub source: ApplySource,
    /// When it was sent, Unix seconds.
    pub at: i64,
    /// The personal data; `None` once the candidate had it erased.
    pub applicant: Option<Applicant>,
    /// When the personal data was erased.
    pub erased_at: Option<i64>,
    /// The employer's status.
    pub status: ApplicationStatus,
    /// Every change of status, oldest first (`new` at `at` is implied).
    pub status_changes: Vec<StatusChange>,
    /// When the employer deleted it (it left the employer's lists; the candidate still sees it).
    pub removed_at: Option<i64>,
}

/// The personal part of an application, removed by erasure.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Applicant {
    /// Name.
    pub name: String,
    /// E-mail as stored and shown.
    pub email: String,
    /// Message to the employer.
    pub message: Option<String>,
    /// The candidate, when logged in.
    pub candidate_id: Option<String>,
    /// Consents given.
    pub consents: Consents,
    /// Attached file.
    pub attachment: Option<AttachmentRef>,
    /// Hash of the client's address.
    pub client_key: String,
}

/// What [`ApplicationStore::erase_candidate`] did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ErasedApplications {
    /// Applications whose personal data was removed.
    pub n_applications: usize,
    /// Their attachments: the caller detaches these blobs.
    pub attachments: Vec<AttachmentRef>,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ApplicationRecord {
    v: u32,
    id: String,
    offer_slug: String,
    offer_guid: String,
    employer: String,
    source: ApplySource,
    at: i64,
    applicant: Option<Applicant>,
    erased_at: Option<i64>,
    // Added with the employer panel; records written before read as `new` and never removed.
    #[serde(default)]
    status: ApplicationStatus,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    status_changes: Vec<StatusChange>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    removed_at: Option<i64>,
}

impl Versioned for ApplicationRecord {
    fn version(&self) -> u32 {
        self.v
    }
}

impl From<ApplicationRecord> for Application {
    fn from(record: ApplicationRecord) -> Application {
        Application {
            id: record.id,
            offer_slug: record.offer_slug,
            offer_guid: record.offer_guid,
            employer: record.employer,
            source: record.source,
            at: record.at,
            applicant: record.applicant,
            erased_at: record.erased_at,
            status: record.status,
            status_changes: record.status_changes,
            removed_at: record.removed_at,
        }
    }
}

/// The application of one person to one offer: what the one-application check reads.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct DedupeRecord {
    v: u32,
    application_id: String,
    at: i64,
}

impl Versioned for DedupeRecord {
    fn version(&self) -> u32 {
        self.v
    }
}

/// Returns the dedupe keys of a person applying to an offer: by e-mail identity, and by candidate
/// when logged in. Segments already checked; the e-mail is hex-encoded since it may hold '/'.
fn dedupe_keys(tenant: &str, slug: &str, email: &str, candidate_id: Option<&str>) -> Vec<Vec<u8>> {
    let by_email = format!("email-{}", to_hex(email_identity(email).as_bytes()));
    let mut dedupe_keys = vec![keys::key(APPLICATION_DEDUPE, &[tenant, slug, &by_email])];
    if let Some(candidate_id) = candidate_id {
        dedupe_keys.push(keys::key(APPLICATION_DEDUPE, &[tenant, slug, &format!("candidate-{candidate_id}")]));
    }
    dedupe_keys
}

fn history_kind(source: ApplySource) -> HistoryKind {
    match source {
        ApplySource::ApplyForm => HistoryKind::Form,
        ApplySource::OneClickApply => HistoryKind::OneClick,
    }
}

/// The candidate's history entry of an application.
fn history_item(record: &ApplicationRecord) -> HistoryItem {
    HistoryItem {
        id: record.id.clone(),
        kind: history_kind(record.source),
        job_advertisement_id: record.offer_guid.clone(),
        offer_slug: record.offer_slug.clone(),
        at: record.at,
    }
}

/// Applications of every tenant, on top of any [`KvStore`].
///
/// Create one per engine and share it: its locks are what make the one-application check race-free, so
/// two instances over one engine could both store a first application.
pub struct ApplicationStore {
    kv: Arc<dyn KvStore>,
    offer_locks: Stripes,
}

impl std::fmt::Debug for ApplicationStore {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.debug_struct("ApplicationStore").finish_non_exhaustive()
    }
}

impl ApplicationStore {
    /// Wraps an engine.
    pub fn new(kv: Arc<dyn KvStore>) -> ApplicationStore {
        ApplicationStore { kv, offer_locks: Stripes::new() }
    }

    /// Stores an application durably and returns its id; `now` is Unix seconds.
    ///
    /// One person applies once to an offer: the same e-mail identity or candidate id with a live
    /// application to it (not removed by the employer, not erased) is `AlreadyApplied` with that
    /// application's time, and nothing is stored (a double click or a retried request meets the
    /// same answer). The check and the write happen under the offer's lock, so concurrent
    /// submissions store exactly one application.
    pub fn submit(&self, tenant: &str, application: NewApplication, now: i64) -> Result<Submitted> {
        let tenant = keys::tenant(tenant)?;
        let slug = keys::slug(&application.offer_slug)?;
        keys::job_advertisement_id(&application.offer_guid)?;
        let candidate_id = application.candidate_id.as_deref().map(keys::candidate).transpose()?;
        if email_identity(&application.email).is_empty() {
            return Err(ApplicationsError::invalid("email", "is empty"));
        }
        let id = new_id();
        let dedupe_keys = dedupe_keys(tenant, slug, &application.email, candidate_id);
        let record_key = keys::key(APPLICATION, &[tenant, &id]);
        let record = ApplicationRecord {
            v: RECORD_VERSION,
            id: id.clone(),
            offer_slug: slug.to_string(),
            offer_guid: application.offer_guid.clone(),
            employer: application.employer,
            source: application.source,
            at: now,
            applicant: Some(Applicant {
                name: application.name,
                email: application.email,
                message: application.message,
                candidate_id: candidate_id.map(str::to_string),
                consents: application.consents,
                attachment: application.attachment,
                client_key: application.client_key,
            }),
            erased_at: None,
            status: ApplicationStatus::New,
            status_changes: Vec::new(),
            removed_at: None,
        };
        let mut ops = vec![
            json::put(record_key, &record)?,
            WriteOp::Put { key: keys::key(APPLICATION_BY_OFFER, &[tenant, slug, &keys::newest_first(now, &id)]), value: Vec::new() },
        ];
        for dedupe_key in &dedupe_keys {
            let dedupe = DedupeRecord { v: RECORD_VERSION, application_id: id.clone(), at: now };
            ops.push(json::put(dedupe_key.clone(), &dedupe)?);
        }
        if let Some(candidate_id) = candidate_id {
            ops.push(history::put_op(tenant, candidate_id, &history_item(&record))?);
        } else if let Some(applicant) = &record.applicant {
            ops.push(guests::index_op(tenant, applicant, record.at, &id));
        }
        {
            let offer_guard = self.offer_locks.lock(&[tenant, slug]);
            if let Some(at) = self.live_application_at(tenant, &dedupe_keys)? {
                drop(offer_guard);
                // The first application may have been committed by another thread that has not yet
                // flushed; flushing here makes the one we answer about durable too.
                self.kv.flush()?;
                tracing::debug!(tenant, slug, "a second application to one offer refused");
                return Err(ApplicationsError::AlreadyApplied { at });
            }
            // Counted in the application's own transaction, under the offer's lock (the
            // counter's only writer), so a stored application is counted exactly once.
            ops.push(stats::add_op(self.kv.as_ref(), tenant, slug, now, Counter::Applications, 1)?);
            self.kv.transaction(ops)?;
        }
        self.kv.flush()?;
        Ok(Submitted { id })
    }

    /// When the person's earliest live application to the offer was sent, if they have one.
    fn live_application_at(&self, tenant: &str, dedupe_keys: &[Vec<u8>]) -> Result<Option<i64>> {
        let mut earliest: Option<i64> = None;
        for dedupe_key in dedupe_keys {
            let Some(value) = self.kv.get(dedupe_key)? else { continue };
            let dedupe: DedupeRecord = decode(dedupe_key, &value)?;
            let live = self.load(tenant, &dedupe.application_id)?.is_some_and(|record| record.removed_at.is_none() && record.applicant.is_some());
            if live && earliest.is_none_or(|earliest| dedupe.at < earliest) {
                earliest = Some(dedupe.at);
            }
        }
        Ok(earliest)
    }

    fn load(&self, tenant: &str, id: &str) -> Result<Option<ApplicationRecord>> {
        if !is_id(id) {
            return Ok(None);
        }
        let key = keys::key(APPLICATION, &[tenant, id]);
        self.kv.get(&key)?.map(|value| decode(&key, &value)).transpose()
    }

    /// Returns one application of the tenant.
    pub fn get(&self, tenant: &str, id: &str) -> Result<Option<Application>> {
        Ok(self.load(keys::tenant(tenant)?, id)?.map(Application::from))
    }

    fn load_existing(&self, tenant: &str, id: &str) -> Result<ApplicationRecord> {
        self.load(tenant, id)?.ok_or_else(|| ApplicationsError::corrupt(&keys::key(APPLICATION, &[tenant, id]), "an index names a missing application"))
    }

    /// Returns one page of an offer's applications, newest first (erased ones included, without
    /// their personal data), for the employer and the internal API.
    pub fn list_for_offer(&self, tenant: &str, slug: &str, page: Page) -> Result<Paged<Application>> {
        let tenant = keys::tenant(tenant)?;
        let slug = keys::slug(slug)?;
        let ids = self.kv.scan_prefix(&keys::prefix(APPLICATION_BY_OFFER, &[tenant, slug])).map(|entry| {
            let (key, _) = entry?;
            let sort_key = keys::last_segment(&key)?;
            let (_, id) = sort_key.split_once('-').ok_or_else(|| ApplicationsError::corrupt(&key, "index key without an id"))?;
            Ok(id.to_string())
        });
        paginate(ids, page)?.try_map(|id| self.load_existing(tenant, &id).map(Application::from))
    }

    /// Counts an offer's applications (erased ones included).
    pub fn count_for_offer(&self, tenant: &str, slug: &str) -> Result<usize> {
        let prefix = keys::prefix(APPLICATION_BY_OFFER, &[keys::tenant(tenant)?, keys::slug(slug)?]);
        self.kv.scan_prefix(&prefix).try_fold(0, |n_applications, entry| entry.map(|_| n_applications + 1).map_err(ApplicationsError::from))
    }

    /// Returns one page of the applications of several offers (an employer's), newest first,
    /// optionally only those with `status`; applications the employer deleted are left out.
    pub fn list_for_offers(&self, tenant: &str, slugs: &[String], status: Option<ApplicationStatus>, page: Page) -> Result<Paged<Application>> {
        let tenant = keys::tenant(tenant)?;
        let mut sort_keys = Vec::new();
        for slug in slugs {
            let prefix = keys::prefix(APPLICATION_BY_OFFER, &[tenant, keys::slug(slug)?]);
            for entry in self.kv.scan_prefix(&prefix) {
                let (key, _) = entry?;
                sort_keys.push(keys::last_segment(&key)?.to_string());
            }
        }
        // `{newest-first}-{id}`: ascending order is newest first across offers too.
        sort_keys.sort_unstable();
        let records = sort_keys.into_iter().filter_map(|sort_key| {
            let id = match sort_key.split_once('-') {
                Some((_, id)) => id.to_string(),
                None => return Some(Err(ApplicationsError::corrupt(sort_key.as_bytes(), "index key without an id"))),
            };
            match self.load_existing(tenant, &id) {
                Ok(record) if record.removed_at.is_some() || status.is_some_and(|wanted| record.status != wanted) => None,
                other => Some(other.map(Application::from)),
            }
        });
        paginate(records, page)
    }

    /// Moves an application to `status` (the rules of [`ApplicationStatus::can_move_to`]) and
    /// returns it with `true` when it changed; the same status again changes nothing. One
    /// transaction + flush: an answered change survives `kill -9`. A deleted application is
    /// `NotFound`.
    pub fn set_status(&self, tenant: &str, id: &str, status: ApplicationStatus, now: i64) -> Result<(Application, bool)> {
        let tenant = keys::tenant(tenant)?;
        let not_found = ApplicationsError::NotFound { what: "application" };
        let _guard = self.offer_locks.lock(&[tenant, "application", id]);
        let mut record = self.load(tenant, id)?.filter(|record| record.removed_at.is_none()).ok_or(not_found)?;
        if record.status == status {
            return Ok((record.into(), false));
        }
        if !record.status.can_move_to(status) {
            return Err(ApplicationsError::InvalidTransition { from: record.status.as_str(), to: status.as_str() });
        }
        record.status = status;
        record.status_changes.push(StatusChange { status, at: now });
        let key = keys::key(APPLICATION, &[tenant, id]);
        self.kv.commit(vec![json::put(key, &record)?])?;
        Ok((record.into(), true))
    }

    /// The employer deletes an application: it leaves the offer's list, its personal data and
    /// attachment go (returned, so the caller releases the file), and an anonymous record stays
    /// for the counts and the candidate's history, which still shows its last status.
    pub fn remove_by_employer(&self, tenant: &str, id: &str, now: i64) -> Result<Option<AttachmentRef>> {
        let tenant = keys::tenant(tenant)?;
        let not_found = ApplicationsError::NotFound { what: "application" };
        let _guard = self.offer_locks.lock(&[tenant, "application", id]);
        let mut record = self.load(tenant, id)?.filter(|record| record.removed_at.is_none()).ok_or(not_found)?;
        let index_key = keys::key(APPLICATION_BY_OFFER, &[tenant, &record.offer_slug, &keys::newest_first(record.at, id)]);
        let attachment = record.applicant.as_mut().and_then(|applicant| applicant.attachment.take());
        if record.applicant.is_some() {
            record.applicant = None;
            record.erased_at = Some(now);
        }
        record.removed_at = Some(now);
        let key = keys::key(APPLICATION, &[tenant, id]);
        self.kv.commit(vec![json::put(key, &record)?, WriteOp::Delete { key: index_key }])?;
        Ok(attachment)
    }

    /// Returns the candidate's applications sent while logged in, newest first.
    pub fn list_for_candidate(&self, tenant: &str, candidate_id: &str, page: Page) -> Result<Paged<Application>> {
        let tenant = keys::tenant(tenant)?;
        let ids = self.candidate_application_ids(tenant, keys::candidate(candidate_id)?).map(|entry| entry.map(|(_, id)| id));
        paginate(ids, page)?.try_map(|id| self.load_existing(tenant, &id).map(Application::from))
    }

    /// Returns (history key, application id) of the candidate's applications, newest first.
    fn candidate_application_ids<'a>(&'a self, tenant: &str, candidate_id: &str) -> impl Iterator<Item = Result<(Vec<u8>, String)>> + 'a {
        history::scan(self.kv.as_ref(), tenant, candidate_id).filter_map(|entry| match entry {
            Ok((key, item)) if item.kind != HistoryKind::External => Some(Ok((key, item.id))),
            Ok(_) => None,
            Err(error) => Some(Err(error)),
        })
    }

    /// Erases the personal data of every application the candidate sent while logged in (GDPR
    /// art. 17); `now` is Unix seconds.
    ///
    /// Each record keeps its id, offer, employer, source and time, so the employer's counts and
    /// lists stay true, and loses name, e-mail, message, consents, candidate id, client key and
    /// attachment (returned so the caller detaches the blobs). The candidate's history entries and
    /// one-application keys go too. Applications sent without logging in carry no candidate id and
    /// are not found here. The erasure is a snapshot: an application the candidate submits while it
    /// runs may land after it, so the caller erases once the candidate can no longer apply (account
    /// closed, session ended).
    pub fn erase_candidate(&self, tenant: &str, candidate_id: &str, now: i64) -> Result<ErasedApplications> {
        let tenant = keys::tenant(tenant)?;
        let candidate_id = keys::candidate(candidate_id)?;
        let mut ops = Vec::new();
        let mut erased = ErasedApplications::default();
        for entry in self.candidate_application_ids(tenant, candidate_id).collect::<Result<Vec<_>>>()? {
            let (history_key, id) = entry;
            ops.push(WriteOp::Delete { key: history_key });
            let mut record = self.load_existing(tenant, &id)?;
            let Some(applicant) = record.applicant.take() else { continue };
            for dedupe_key in dedupe_keys(tenant, &record.offer_slug, &applicant.email, Some(candidate_id)) {
                ops.push(WriteOp::Delete { key: dedupe_key });
            }
            erased.n_applications += 1;
            erased.attachments.extend(applicant.attachment);
            record.erased_at = Some(now);
            let key = keys::key(APPLICATION, &[tenant, &id]);
            ops.push(json::put(key, &record)?);
        }
        if !ops.is_empty() {
            self.kv.commit(ops)?;
        }
        tracing::info!(tenant, n_applications = erased.n_applications, "candidate's applications erased");
        Ok(erased)
    }

    /// Returns everything stored about the candidate's applications (GDPR art. 15 and 20):
    /// `{"applications": [...]}`, newest first, times as RFC 3339.
    pub fn export_candidate(&self, tenant: &str, candidate_id: &str) -> Result<serde_json::Value> {
        let tenant = keys::tenant(tenant)?;
        let mut applications = Vec::new();
        for entry in self.candidate_application_ids(tenant, keys::candidate(candidate_id)?) {
            let (_, id) = entry?;
            let record = self.load_existing(tenant, &id)?;
            let mut exported = serde_json::json!({
                "id": record.id,
                "offerSlug": record.offer_slug,
                "jobAdvertisementId": record.offer_guid,
                "employer": record.employer,
                "source": record.source,
                "appliedAt": rfc3339(record.at),
            });
            if let Some(applicant) = record.applicant {
                exported["applicant"] = serde_json::to_value(applicant).map_err(|error| ApplicationsError::corrupt(id.as_bytes(), error))?;
            }
            applications.push(exported);
        }
        Ok(serde_json::json!({ "applications": applications }))
    }
}

#[cfg(test)]
mod tests;
