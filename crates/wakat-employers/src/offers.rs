//! Offers in the making: the form, the plan, the state (draft, published, finished) and how the
//! offer was paid for. The published copy candidates read lives in the offer store; this record
//! is the employer's side of it.

use serde::{Deserialize, Serialize};
use wakat_core::offer_form::OfferForm;
use wakat_store::ids::new_id;
use wakat_store::secrets::hash_token;
use wakat_store::{json, WriteOp};

use crate::store::RECORD_VERSION;
use crate::{keys, EmployerStore, EmployersError, PlanLimits, PlanSettings};

/// Where an offer is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum OfferState {
    /// Being written; never shown to candidates.
    Draft,
    /// Paid for and published (active until it expires).
    Published,
    /// Recruitment finished by the employer.
    Finished,
}

/// How the offer came to be (the form variants of section 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CreationType {
    /// A new offer.
    New,
    /// A copy of another offer, published separately.
    Duplicate,
    /// A new publication of an ended offer.
    Refresh,
}

/// The plan's bumps: the offer's publication time is refreshed `count` times, every
/// `every_days` days, by the server's scheduler (at most one bump per offer and local day).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BumpPlan {
    /// Bumps the plan includes.
    pub count: u32,
    /// Days between bumps.
    pub every_days: u32,
    /// Bumps done.
    pub done: u32,
    /// When the next bump is due (unix seconds), if any is left: it is done on that local day.
    pub next_at: Option<i64>,
    /// When the last bump was done (unix seconds): the publication time lists sort by.
    #[serde(default)]
    pub last_at: Option<i64>,
}

/// The employer's record of one offer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EmployerOffer {
    /// Record format version.
    pub v: u8,
    /// URL identifier, also of the published offer.
    pub slug: String,
    /// Owner.
    pub company_id: String,
    /// The account that initiated it.
    pub created_by: String,
    /// SHA-256 of the edit token handed out at initiation.
    pub token_hash: String,
    /// Plan key.
    pub plan_key: String,
    /// The plan's limits when it was chosen.
    pub limits: PlanLimits,
    /// New, duplicate or refresh.
    pub creation_type: CreationType,
    /// The offer it was duplicated or refreshed from.
    pub source_slug: Option<String>,
    /// Draft, published, finished.
    pub state: OfferState,
    /// The form as last saved.
    pub form: OfferForm,
    /// SHA-256 of the uploaded logo in the upload store.
    pub logo_blob: Option<String>,
    /// SHA-256 of the description's inline JPEG, kept in the upload store (the shared HTML
    /// sanitiser keeps no images, so it is the offer's image instead).
    #[serde(default)]
    pub image_blob: Option<String>,
    /// First publication (unix seconds).
    pub published_at: Option<i64>,
    /// End of publication.
    pub expires_at: Option<i64>,
    /// When recruitment was finished.
    pub finished_at: Option<i64>,
    /// What paid for the publication: `code:{code}` or `payment:{id}`.
    pub initial_payment: Option<String>,
    /// What paid for each extension.
    #[serde(default)]
    pub extensions: Vec<String>,
    /// The plan's bumps.
    pub bumps: BumpPlan,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds.
    pub updated_at: i64,
}

impl EmployerOffer {
    /// Published and not expired.
    pub fn is_active(&self, now: i64) -> bool {
        self.state == OfferState::Published && self.expires_at.is_none_or(|expires| expires > now)
    }

    /// The publication time candidates see and lists sort by: the last bump's, else the first
    /// publication's.
    pub fn listed_at(&self) -> Option<i64> {
        self.bumps.last_at.or(self.published_at)
    }

    /// Whether the next bump falls on the local day `[day_start, day_end)` or before it, and the
    /// offer is still published that day (`now` is the clock, for a day run late or early).
    pub fn bump_due(&self, day_start: i64, day_end: i64, now: i64) -> bool {
        self.is_active(now.max(day_start)) && self.bumps.done < self.bumps.count && self.bumps.next_at.is_some_and(|at| at < day_end)
    }

    /// Does the next bump at `now` on the local day starting at `day_start`; the one after is
    /// due `every_days` days after that day. Returns the bump's number (1 for the first).
    pub fn bump(&mut self, now: i64, day_start: i64) -> u32 {
        self.bumps.done += 1;
        self.bumps.last_at = Some(now);
        self.bumps.next_at = (self.bumps.done < self.bumps.count).then(|| day_start + i64::from(self.bumps.every_days.max(1)) * 86_400);
        self.updated_at = now;
        self.bumps.done
    }

    /// Whether `token` is this offer's edit token.
    pub fn token_matches(&self, token: &str) -> bool {
        !token.is_empty() && token.len() <= 100 && hash_token(token) == self.token_hash
    }

    /// Marks the offer published for the plan's duration from `now` and schedules its bumps.
    pub fn publish(&mut self, paid_by: String, now: i64) {
        let days = i64::from(self.limits.duration_in_days.max(1));
        let form_expiry = if self.form.expired_at_enabled { wakat_core::offer_form::parse_date_days(self.form.expired_at.trim()) } else { None };
        let plan_end = now + days * 86_400;
        self.state = OfferState::Published;
        self.published_at = Some(now);
        self.expires_at = Some(form_expiry.map(|day| (day * 86_400).min(plan_end)).unwrap_or(plan_end));
        self.initial_payment = Some(paid_by);
        self.bumps = BumpPlan {
            count: self.limits.bumps_up_count,
            every_days: self.limits.bumps_up_every_days,
            done: 0,
            next_at: (self.limits.bumps_up_count > 0 && self.limits.bumps_up_every_days > 0).then(|| now + i64::from(self.limits.bumps_up_every_days) * 86_400),
            last_at: None,
        };
        self.updated_at = now;
    }

    /// Prolongs the publication by the plan's duration, from its end or from now if it ended;
    /// a finished offer is published again.
    pub fn extend(&mut self, paid_by: String, now: i64) {
        let days = i64::from(self.limits.duration_in_days.max(1));
        let from = self.expires_at.unwrap_or(now).max(now);
        self.expires_at = Some(from + days * 86_400);
        self.state = OfferState::Published;
        self.finished_at = None;
        self.extensions.push(paid_by);
        self.updated_at = now;
    }
}

impl EmployerStore {
    /// Starts an offer for `plan`; returns it with its edit token (shown once).
    #[allow(clippy::too_many_arguments)]
    pub fn initiate(
        &self,
        tenant: &str,
        company_id: &str,
        account_id: &str,
        plan: &PlanSettings,
        creation_type: CreationType,
        source_slug: Option<String>,
        form: OfferForm,
        logo_blob: Option<String>,
        now: i64,
    ) -> Result<(EmployerOffer, String), EmployersError> {
        let token = new_id();
        let offer = EmployerOffer {
            v: RECORD_VERSION,
            slug: format!("offer-{}", &new_id()[..16]),
            company_id: company_id.to_string(),
            created_by: account_id.to_string(),
            token_hash: hash_token(&token),
            plan_key: plan.slug.clone(),
            limits: plan.limits.clone(),
            creation_type,
            source_slug,
            state: OfferState::Draft,
            form: OfferForm { plan_type: plan.slug.clone(), ..form },
            logo_blob,
            image_blob: None,
            published_at: None,
            expires_at: None,
            finished_at: None,
            initial_payment: None,
            extensions: Vec::new(),
            bumps: BumpPlan::default(),
            created_at: now,
            updated_at: now,
        };
        self.save_offer(tenant, &offer)?;
        Ok((offer, token))
    }

    pub(crate) fn offer_ops(tenant: &str, offer: &EmployerOffer) -> Result<Vec<WriteOp>, EmployersError> {
        Ok(vec![
            json::put(keys::offer(tenant, &offer.slug)?, offer)?,
            WriteOp::Put { key: keys::child(keys::company_offers(tenant, &offer.company_id)?, &offer.slug), value: Vec::new() },
        ])
    }

    /// Writes an offer record.
    pub fn save_offer(&self, tenant: &str, offer: &EmployerOffer) -> Result<(), EmployersError> {
        Ok(self.kv.commit(Self::offer_ops(tenant, offer)?)?)
    }

    /// Gives the offer `slug` of `company_id` a new edit token and returns it (shown once); the
    /// old token stops working. The employer's web app asks for one when it opens an offer to
    /// edit, since only the hash of a token is kept.
    pub fn reissue_token(&self, tenant: &str, company_id: &str, slug: &str) -> Result<(EmployerOffer, String), EmployersError> {
        // Under the store's lock: two re-issues never leave a token that was answered but not kept.
        let _guard = self.spend_lock();
        let mut offer = self.offer(tenant, company_id, slug)?;
        let token = new_id();
        offer.token_hash = hash_token(&token);
        self.save_offer(tenant, &offer)?;
        Ok((offer, token))
    }

    /// The offer `slug` of `company_id`; another company's offer is [`EmployersError::OfferNotFound`].
    pub fn offer(&self, tenant: &str, company_id: &str, slug: &str) -> Result<EmployerOffer, EmployersError> {
        let Ok(key) = keys::offer(tenant, slug) else { return Err(EmployersError::OfferNotFound) };
        match json::read::<EmployerOffer>(&*self.kv, &key)? {
            Some(offer) if offer.company_id == company_id => Ok(offer),
            _ => Err(EmployersError::OfferNotFound),
        }
    }

    /// The employer's record of the offer `slug`, whichever company's (`None` for imported offers).
    pub fn offer_by_slug(&self, tenant: &str, slug: &str) -> Result<Option<EmployerOffer>, EmployersError> {
        let Ok(key) = keys::offer(tenant, slug) else { return Ok(None) };
        Ok(json::read::<EmployerOffer>(&*self.kv, &key)?)
    }

    /// Every offer of a company, newest first.
    pub fn company_offers(&self, tenant: &str, company_id: &str) -> Result<Vec<EmployerOffer>, EmployersError> {
        let mut offers = Vec::new();
        for slug in self.children(&keys::company_offers(tenant, company_id)?)? {
            if let Some(offer) = json::read::<EmployerOffer>(&*self.kv, &keys::offer(tenant, &slug)?)? {
                offers.push(offer);
            }
        }
        offers.sort_by_key(|offer| std::cmp::Reverse(offer.created_at));
        Ok(offers)
    }

    /// Every published or finished offer of a board (to check the offer store holds them).
    pub fn published_offers(&self, tenant: &str) -> Result<Vec<EmployerOffer>, EmployersError> {
        let mut offers = Vec::new();
        for entry in self.kv.scan_prefix(&keys::offer_prefix(tenant)?) {
            let (key, value) = entry?;
            let offer: EmployerOffer = json::decode(&key, &value)?;
            if offer.state != OfferState::Draft {
                offers.push(offer);
            }
        }
        Ok(offers)
    }

    /// Deletes an offer record.
    pub fn delete_offer(&self, tenant: &str, offer: &EmployerOffer) -> Result<(), EmployersError> {
        Ok(self.kv.commit(vec![
            WriteOp::Delete { key: keys::offer(tenant, &offer.slug)? },
            WriteOp::Delete { key: keys::child(keys::company_offers(tenant, &offer.company_id)?, &offer.slug) },
        ])?)
    }
}
