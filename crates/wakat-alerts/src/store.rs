//! [`AlertStore`]: saved searches, their alerts and guests on the [`KvStore`] trait. Every write
//! is one transaction followed by a flush, under one lock so that the limit and the uniqueness of
//! a search are checked and written together.

use std::sync::{Arc, Mutex, MutexGuard};

use wakat_store::ids::new_id;
use wakat_store::secrets::{hash_token, new_token, secrets_equal};
use wakat_store::{json, KvStore, LinkSigner, WriteOp};

use crate::model::{ActivationCode, AlertStatus, Frequency, Guest, JobAlert, JobFilter, NewFilter, Owner};
use crate::{keys, AlertsError, Result};

/// Most saved searches one owner (account or guest) keeps; one more is a 422 (the spec's limit
/// of anonymous saved searches, applied to every owner).
pub const MAX_FILTERS: usize = 10;
/// How long a guest's activation link works.
pub const ACTIVATION_TTL_SECS: i64 = 48 * 3600;
/// Purpose of the unsubscribe codes (guest links and one-click unsubscribe).
const UNSUBSCRIBE_PURPOSE: &str = "job-alert-unsubscribe";

/// What a guest sends with a new alert besides the search.
#[derive(Debug, Clone)]
pub struct GuestAlertRequest {
    /// Checked address.
    pub email: String,
    /// `pl` or `en`.
    pub lang: String,
    /// Wants a candidate profile.
    pub create_candidate: bool,
    /// Marketing consent.
    pub marketing_agreement: bool,
    /// How often.
    pub frequency: Frequency,
}

/// A guest's new alert and the activation code to mail (never stored in clear).
#[derive(Debug, Clone)]
pub struct GuestAlert {
    /// The guest.
    pub guest: Guest,
    /// The saved search with its pending alert.
    pub filter: JobFilter,
    /// The activation code of the link.
    pub code: String,
}

/// Saved searches and alerts of every board.
pub struct AlertStore {
    kv: Arc<dyn KvStore>,
    signer: LinkSigner,
    write_lock: Mutex<()>,
}

impl AlertStore {
    /// A store on `kv`; `signer` makes the unsubscribe codes.
    pub fn new(kv: Arc<dyn KvStore>, signer: LinkSigner) -> AlertStore {
        AlertStore { kv, signer, write_lock: Mutex::new(()) }
    }

    fn lock(&self) -> MutexGuard<'_, ()> {
        // The guarded data is the store itself; a panic elsewhere leaves nothing half-written.
        self.write_lock.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn put_filter_op(tenant: &str, filter: &JobFilter) -> Result<WriteOp> {
        Ok(json::put(keys::filter(tenant, &filter.owner, &filter.id)?, filter)?)
    }

    /// The saved searches of an owner, oldest first.
    pub fn list(&self, tenant: &str, owner: &Owner) -> Result<Vec<JobFilter>> {
        let mut filters: Vec<JobFilter> = self
            .kv
            .scan_prefix(&keys::filters_of(tenant, &owner.segment())?)
            .map(|entry| entry.and_then(|(key, value)| json::decode(&key, &value)))
            .collect::<Result<_, _>>()?;
        filters.sort_by(|a, b| a.created_at.cmp(&b.created_at).then_with(|| a.id.cmp(&b.id)));
        Ok(filters)
    }

    /// One saved search of an owner.
    pub fn get(&self, tenant: &str, owner: &Owner, id: &str) -> Result<Option<JobFilter>> {
        Ok(json::read(&*self.kv, &keys::filter(tenant, &owner.segment(), id)?)?)
    }

    fn get_existing(&self, tenant: &str, owner: &Owner, id: &str) -> Result<JobFilter> {
        self.get(tenant, owner, id)?.ok_or(AlertsError::FilterNotFound)
    }

    fn find_canonical(&self, tenant: &str, owner: &Owner, canonical: &str) -> Result<Option<JobFilter>> {
        let Some(id) = self.kv.get(&keys::canonical(tenant, &owner.segment(), canonical)?)? else { return Ok(None) };
        self.get(tenant, owner, &String::from_utf8_lossy(&id))
    }

    fn new_filter_ops(&self, tenant: &str, owner: &Owner, new: NewFilter, alert: Option<JobAlert>, now: i64) -> Result<(JobFilter, Vec<WriteOp>)> {
        if self.kv.scan_prefix(&keys::filters_of(tenant, &owner.segment())?).count() >= MAX_FILTERS {
            return Err(AlertsError::LimitReached(MAX_FILTERS));
        }
        let filter = JobFilter {
            id: new_id(),
            owner: owner.segment(),
            search_url: new.search_url,
            name: new.name,
            query: new.query,
            canonical: new.canonical,
            created_at: now,
            last_read_at: now,
            alert,
        };
        let ops = vec![
            Self::put_filter_op(tenant, &filter)?,
            WriteOp::Put { key: keys::filter_owner(tenant, &filter.id)?, value: filter.owner.clone().into_bytes() },
            WriteOp::Put { key: keys::canonical(tenant, &filter.owner, &filter.canonical)?, value: filter.id.clone().into_bytes() },
        ];
        Ok((filter, ops))
    }

    /// Saves a search (409 `FilterExists` for the same meaning, 422 at the limit).
    pub fn create_filter(&self, tenant: &str, owner: &Owner, new: NewFilter, now: i64) -> Result<JobFilter> {
        let _guard = self.lock();
        if self.find_canonical(tenant, owner, &new.canonical)?.is_some() {
            return Err(AlertsError::FilterExists);
        }
        let (filter, ops) = self.new_filter_ops(tenant, owner, new, None, now)?;
        self.kv.commit(ops)?;
        Ok(filter)
    }

    /// Deletes a saved search with its alert.
    pub fn delete_filter(&self, tenant: &str, owner: &Owner, id: &str) -> Result<()> {
        let _guard = self.lock();
        let filter = self.get_existing(tenant, owner, id)?;
        Ok(self.kv.commit(Self::delete_filter_ops(tenant, &filter)?)?)
    }

    fn delete_filter_ops(tenant: &str, filter: &JobFilter) -> Result<Vec<WriteOp>> {
        Ok(vec![
            WriteOp::Delete { key: keys::filter(tenant, &filter.owner, &filter.id)? },
            WriteOp::Delete { key: keys::filter_owner(tenant, &filter.id)? },
            WriteOp::Delete { key: keys::canonical(tenant, &filter.owner, &filter.canonical)? },
        ])
    }

    /// The writes that forget a guest: the record and its e-mail index.
    fn delete_guest_ops(&self, tenant: &str, guest_id: &str) -> Result<Vec<WriteOp>> {
        let mut ops = vec![WriteOp::Delete { key: keys::guest(tenant, guest_id)? }];
        if let Some(guest) = self.guest(tenant, guest_id)? {
            let identity = wakat_core::email::email_identity(&guest.email);
            ops.push(WriteOp::Delete { key: keys::guest_email(tenant, &identity)? });
        }
        Ok(ops)
    }

    /// Erases everything of an owner: every saved search with its alert, and for a guest the
    /// guest (its address) too. Used when an account is deleted; returns how many searches went.
    pub fn erase_owner(&self, tenant: &str, owner: &Owner) -> Result<usize> {
        let _guard = self.lock();
        let filters = self.list(tenant, owner)?;
        let mut ops = Vec::new();
        for filter in &filters {
            ops.extend(Self::delete_filter_ops(tenant, filter)?);
        }
        if let Owner::Guest(guest_id) = owner {
            ops.extend(self.delete_guest_ops(tenant, guest_id)?);
        }
        if !ops.is_empty() {
            self.kv.commit(ops)?;
        }
        Ok(filters.len())
    }

    /// A guest's search unsubscribed: it goes with its alert, and a guest left without searches
    /// is forgotten (nothing of the address stays).
    fn unsubscribe_guest(&self, tenant: &str, owner: &Owner, guest_id: &str, filter_id: &str) -> Result<()> {
        let _guard = self.lock();
        let filter = self.get_existing(tenant, owner, filter_id)?;
        let mut ops = Self::delete_filter_ops(tenant, &filter)?;
        let others = self.kv.scan_prefix(&keys::filters_of(tenant, &owner.segment())?).count();
        if others <= 1 {
            ops.extend(self.delete_guest_ops(tenant, guest_id)?);
        }
        Ok(self.kv.commit(ops)?)
    }

    fn update(&self, tenant: &str, owner: &Owner, id: &str, change: impl FnOnce(&mut JobFilter) -> Result<()>) -> Result<JobFilter> {
        let _guard = self.lock();
        let mut filter = self.get_existing(tenant, owner, id)?;
        change(&mut filter)?;
        self.kv.commit(vec![Self::put_filter_op(tenant, &filter)?])?;
        Ok(filter)
    }

    /// Marks the search's offers read: only offers published later count as new.
    pub fn mark_read(&self, tenant: &str, owner: &Owner, id: &str, now: i64) -> Result<JobFilter> {
        self.update(tenant, owner, id, |filter| {
            filter.last_read_at = now;
            Ok(())
        })
    }

    /// Enables the alert of a saved search (409 `AlertExists` when it has one); a non-empty
    /// `name` renames the search.
    pub fn enable_alert(&self, tenant: &str, owner: &Owner, id: &str, frequency: Frequency, name: Option<String>, now: i64) -> Result<JobFilter> {
        self.update(tenant, owner, id, |filter| {
            if filter.alert.is_some() {
                return Err(AlertsError::AlertExists);
            }
            if let Some(name) = name {
                filter.name = name;
            }
            filter.alert = Some(JobAlert {
                status: AlertStatus::Active,
                frequency,
                created_at: now,
                last_digest_at: digest_start(now),
                last_period: None,
                activation: None,
            });
            Ok(())
        })
    }

    /// Disables (removes) the alert; the saved search stays.
    pub fn disable_alert(&self, tenant: &str, owner: &Owner, id: &str) -> Result<JobFilter> {
        self.update(tenant, owner, id, |filter| filter.alert.take().map(drop).ok_or(AlertsError::AlertNotFound))
    }

    /// Changes the frequency of the alert.
    pub fn set_frequency(&self, tenant: &str, owner: &Owner, id: &str, frequency: Frequency) -> Result<JobFilter> {
        self.update(tenant, owner, id, |filter| {
            let alert = filter.alert.as_mut().ok_or(AlertsError::AlertNotFound)?;
            alert.frequency = frequency;
            Ok(())
        })
    }

    /// The guest of an e-mail, if any.
    pub fn guest_by_email(&self, tenant: &str, email: &str) -> Result<Option<Guest>> {
        let identity = wakat_core::email::email_identity(email);
        let Some(id) = self.kv.get(&keys::guest_email(tenant, &identity)?)? else { return Ok(None) };
        self.guest(tenant, &String::from_utf8_lossy(&id))
    }

    /// A guest by id.
    pub fn guest(&self, tenant: &str, id: &str) -> Result<Option<Guest>> {
        Ok(json::read(&*self.kv, &keys::guest(tenant, id)?)?)
    }

    /// A guest's new alert, waiting for its activation link. The same search again answers 409
    /// (`ActiveAlertExists` when active, `AlertExists` while its link still works); once the link
    /// has expired, asking again issues a new link ("Link wygasł: add the alert again").
    pub fn create_guest_alert(&self, tenant: &str, request: GuestAlertRequest, new: NewFilter, now: i64) -> Result<GuestAlert> {
        let _guard = self.lock();
        let mut ops = Vec::new();
        let guest = match self.guest_by_email(tenant, &request.email)? {
            Some(mut guest) => {
                guest.lang = request.lang.clone();
                guest.create_candidate |= request.create_candidate;
                guest.marketing_agreement |= request.marketing_agreement;
                guest
            }
            None => {
                let guest = Guest {
                    id: new_id(),
                    email: request.email.clone(),
                    lang: request.lang.clone(),
                    create_candidate: request.create_candidate,
                    marketing_agreement: request.marketing_agreement,
                    created_at: now,
                };
                let identity = wakat_core::email::email_identity(&guest.email);
                ops.push(WriteOp::Put { key: keys::guest_email(tenant, &identity)?, value: guest.id.clone().into_bytes() });
                guest
            }
        };
        ops.push(json::put(keys::guest(tenant, &guest.id)?, &guest)?);
        let owner = Owner::Guest(guest.id.clone());
        let code = new_token();
        let activation = ActivationCode { hash: hash_token(&code), expires_at: now + ACTIVATION_TTL_SECS };
        let filter = match self.find_canonical(tenant, &owner, &new.canonical)? {
            Some(mut existing) => {
                match &existing.alert {
                    Some(alert) if alert.status == AlertStatus::Active => return Err(AlertsError::ActiveAlertExists),
                    Some(JobAlert { activation: Some(open), .. }) if open.expires_at >= now => return Err(AlertsError::AlertExists),
                    _ => {}
                }
                existing.name = new.name;
                existing.search_url = new.search_url;
                existing.alert = Some(pending_alert(request.frequency, activation, now));
                ops.push(Self::put_filter_op(tenant, &existing)?);
                existing
            }
            None => {
                let (filter, filter_ops) = self.new_filter_ops(tenant, &owner, new, Some(pending_alert(request.frequency, activation, now)), now)?;
                ops.extend(filter_ops);
                filter
            }
        };
        self.kv.commit(ops)?;
        Ok(GuestAlert { guest, filter, code })
    }

    /// Opens an activation link: the code must be the alert's (compared in constant time), the
    /// link not expired, the alert not active yet. `candidate_id`, when given, must be the owner.
    pub fn activate(&self, tenant: &str, filter_id: &str, code: &str, candidate_id: Option<&str>, now: i64) -> Result<(Guest, JobFilter)> {
        let _guard = self.lock();
        let owner_segment = self.kv.get(&keys::filter_owner(tenant, filter_id)?)?.ok_or(AlertsError::InvalidCode)?;
        let owner = Owner::from_segment(&String::from_utf8_lossy(&owner_segment)).ok_or(AlertsError::InvalidCode)?;
        let Owner::Guest(guest_id) = &owner else { return Err(AlertsError::InvalidCode) };
        if candidate_id.is_some_and(|given| !secrets_equal(given, guest_id)) {
            return Err(AlertsError::InvalidCode);
        }
        let mut filter = self.get(tenant, &owner, filter_id)?.ok_or(AlertsError::InvalidCode)?;
        let guest = self.guest(tenant, guest_id)?.ok_or(AlertsError::InvalidCode)?;
        let alert = filter.alert.as_mut().ok_or(AlertsError::InvalidCode)?;
        if alert.status == AlertStatus::Active {
            return Err(AlertsError::AlreadyActive);
        }
        let open = alert.activation.as_ref().ok_or(AlertsError::InvalidCode)?;
        if !secrets_equal(&hash_token(code), &open.hash) {
            return Err(AlertsError::InvalidCode);
        }
        if now > open.expires_at {
            return Err(AlertsError::LinkExpired);
        }
        alert.status = AlertStatus::Active;
        alert.activation = None;
        alert.last_digest_at = digest_start(now);
        self.kv.commit(vec![Self::put_filter_op(tenant, &filter)?])?;
        Ok((guest, filter))
    }

    fn unsubscribe_subject(tenant: &str, owner: &Owner, filter_id: &str) -> String {
        format!("{tenant}/{}/{filter_id}", owner.segment())
    }

    /// The code of the unsubscribe links of one alert (the guest's link and the one-click
    /// `List-Unsubscribe`): an HMAC of board, owner and search, good for nothing else.
    pub fn unsubscribe_code(&self, tenant: &str, owner: &Owner, filter_id: &str) -> String {
        self.signer.sign(UNSUBSCRIBE_PURPOSE, &Self::unsubscribe_subject(tenant, owner, filter_id), i64::MAX)
    }

    /// Unsubscribes with a code of [`AlertStore::unsubscribe_code`] (checked in constant time): a
    /// guest's alert goes with its search (and the guest with its last one); an account's alert is
    /// disabled, its search kept.
    pub fn unsubscribe(&self, tenant: &str, owner: &Owner, filter_id: &str, code: &str, now: i64) -> Result<()> {
        if !self.signer.verify(UNSUBSCRIBE_PURPOSE, &Self::unsubscribe_subject(tenant, owner, filter_id), i64::MAX, code, now) {
            return Err(AlertsError::InvalidCode);
        }
        match owner {
            Owner::Guest(guest_id) => self.unsubscribe_guest(tenant, owner, guest_id, filter_id),
            Owner::Account(_) => match self.disable_alert(tenant, owner, filter_id) {
                Ok(_) | Err(AlertsError::AlertNotFound) => Ok(()),
                Err(other) => Err(other),
            },
        }
    }

    /// Every saved search of a board with an active alert, in key order.
    pub fn active_alerts(&self, tenant: &str) -> Result<Vec<JobFilter>> {
        let mut alerts = Vec::new();
        self.for_each_active_alert(tenant, |filter| {
            alerts.push(filter);
            Ok(())
        })?;
        Ok(alerts)
    }

    /// Calls `visit` with each saved search of the board whose alert is active, one at a time
    /// (a digest run over 100,000 alerts keeps only what it needs of each, not every filter).
    pub fn for_each_active_alert(&self, tenant: &str, mut visit: impl FnMut(JobFilter) -> Result<()>) -> Result<()> {
        for entry in self.kv.scan_prefix(&keys::filters_of_board(tenant)?) {
            let (key, value) = entry?;
            let filter: JobFilter = json::decode(&key, &value)?;
            if filter.alert.as_ref().is_some_and(|a| a.status == AlertStatus::Active) {
                visit(filter)?;
            }
        }
        Ok(())
    }

    /// Records that the digest of `period` is decided (queued, or nothing new): offers up to
    /// `cutoff` are done. Not flushed: a record lost in a crash is decided again, and the mail
    /// queue's idempotency key keeps a second mail from leaving.
    pub fn record_digest(&self, tenant: &str, owner: &str, id: &str, period: &str, cutoff: i64) -> Result<()> {
        let _guard = self.lock();
        let key = keys::filter(tenant, owner, id)?;
        let Some(mut filter) = json::read::<JobFilter>(&*self.kv, &key)? else { return Ok(()) };
        let Some(alert) = filter.alert.as_mut() else { return Ok(()) };
        alert.last_period = Some(period.to_string());
        alert.last_digest_at = alert.last_digest_at.max(cutoff);
        self.kv.put(&key, &json::encode(&key, &filter)?)?;
        Ok(())
    }

    /// Loads (or re-arms) an active guest alert without the activation round trip (benchmarks and
    /// crash tests seed many at once). Not flushed: call [`AlertStore::flush`] after the last one.
    pub fn seed_guest_alert(&self, tenant: &str, email: &str, new: NewFilter, frequency: Frequency, last_digest_at: i64, now: i64) -> Result<JobFilter> {
        let _guard = self.lock();
        let mut ops = Vec::new();
        let guest = match self.guest_by_email(tenant, email)? {
            Some(guest) => guest,
            None => {
                let guest =
                    Guest { id: new_id(), email: email.to_string(), lang: "pl".into(), create_candidate: false, marketing_agreement: false, created_at: now };
                ops.push(WriteOp::Put { key: keys::guest_email(tenant, &wakat_core::email::email_identity(email))?, value: guest.id.clone().into_bytes() });
                ops.push(json::put(keys::guest(tenant, &guest.id)?, &guest)?);
                guest
            }
        };
        let alert = JobAlert { status: AlertStatus::Active, frequency, created_at: now, last_digest_at, last_period: None, activation: None };
        let owner = Owner::Guest(guest.id);
        // Seeding again re-arms the same alert rather than adding another.
        let filter = match self.find_canonical(tenant, &owner, &new.canonical)? {
            Some(mut existing) => {
                existing.alert = Some(alert);
                ops.push(Self::put_filter_op(tenant, &existing)?);
                existing
            }
            None => {
                let (filter, filter_ops) = self.new_filter_ops(tenant, &owner, new, Some(alert), now)?;
                ops.extend(filter_ops);
                filter
            }
        };
        self.kv.transaction(ops)?;
        Ok(filter)
    }

    /// Makes unflushed digest records durable (end of a run).
    pub fn flush(&self) -> Result<()> {
        Ok(self.kv.flush()?)
    }
}

fn pending_alert(frequency: Frequency, activation: ActivationCode, now: i64) -> JobAlert {
    JobAlert {
        status: AlertStatus::PendingActivation,
        frequency,
        created_at: now,
        last_digest_at: digest_start(now),
        last_period: None,
        activation: Some(activation),
    }
}

/// The `last_digest_at` of an alert switched on at `now` (Unix seconds). A digest takes the offers
/// published in (last_digest_at, cutoff], whole seconds: starting at `now` itself would leave out
/// an offer published later in the same second as the alert.
fn digest_start(now: i64) -> i64 {
    now - 1
}
