//! The employer's offers: initiate with a plan, save the form (draft or complete), upload the
//! logo, publish or extend with a code, finish, delete, duplicate and refresh. Publishing writes
//! through the engine (store, then index: searchable within a second), exactly like the internal
//! write API, with [`PublicOffers`].
//!
//! Order of writes: the spent code (or applied payment) and the employer's record are written
//! first, in one transaction; the public offer after. A crash between the two leaves a published
//! record without its public offer, which [`EmployerOffers::restore_published`] writes on the
//! next start.

use std::sync::Arc;

use wakat_accounts::AccountStore;
use wakat_assistant_store::{AssistantStore, ConversationKey};
use wakat_core::offer_form::{validate_draft, OfferForm, OfferSummary};
use wakat_core::{ErrorCode, FieldError};
use wakat_employers::{CreationType, EmployerOffer, EmployerStore, EmployersError, OfferCode, OfferState, PlanSettings};
use wakat_engine::{Engine, Tenant};
use wakat_uploads::{BlobHash, BlobStore, FileKind, StoredBlob, UploadPolicy};

use crate::employers::public_offers::PublicOffers;
use crate::employers::{company_logo_owner, logo_owner, logo_path, Acting};
use crate::error::{AppError, Result};
use crate::{Clock, Principal};

/// The plan `key` of the board (`unknown plan` otherwise).
pub fn plan<'a>(tenant: &'a Tenant, key: &str) -> Result<&'a PlanSettings> {
    tenant.settings.employers.plan(key).ok_or_else(|| EmployersError::UnknownPlan(key.to_string()).into())
}

/// The owner name of an offer's image (the description's inline JPEG) in the upload store;
/// under the logos' prefix, so `GET /v1/company-logos/{hash}` serves it.
fn image_owner(tenant: &str, slug: &str) -> String {
    format!("logo/{tenant}/{slug}/image")
}

fn internal(what: &'static str) -> impl Fn(wakat_uploads::UploadError) -> AppError {
    move |error| AppError::internal(what, error)
}

/// Checks `offer` may be published with `plan` and publishes it at `now` (the record only).
pub fn publish_record(
    public_offers: &PublicOffers,
    tenant: &Tenant,
    plan: &PlanSettings,
    offer: &mut EmployerOffer,
    paid_by: String,
    now: i64,
) -> Result<(), EmployersError> {
    if offer.state != OfferState::Draft {
        return Err(EmployersError::WrongState("the offer is published already; extend it instead"));
    }
    offer.plan_key = plan.slug.clone();
    offer.limits = plan.limits.clone();
    offer.form.plan_type = plan.slug.clone();
    let errors = public_offers.check_complete(tenant, offer);
    if !errors.is_empty() {
        return Err(EmployersError::Invalid(errors));
    }
    offer.publish(paid_by, now);
    Ok(())
}

/// Extends a published or finished offer at `now` (the record only).
pub fn extend_record(offer: &mut EmployerOffer, paid_by: String, now: i64) -> Result<(), EmployersError> {
    if offer.state == OfferState::Draft {
        return Err(EmployersError::WrongState("a draft is published, not extended"));
    }
    offer.extend(paid_by, now);
    Ok(())
}

/// The employers' offers of a board.
#[derive(Clone)]
pub struct EmployerOffers {
    engine: Arc<Engine>,
    accounts: Arc<AccountStore>,
    employers: Arc<EmployerStore>,
    blobs: Arc<BlobStore>,
    public_offers: PublicOffers,
    /// The assistant's conversations: an offer's goes with it.
    assistant: Arc<AssistantStore>,
    clock: Clock,
}

impl EmployerOffers {
    /// The service over its stores.
    pub fn new(
        engine: Arc<Engine>,
        accounts: Arc<AccountStore>,
        employers: Arc<EmployerStore>,
        blobs: Arc<BlobStore>,
        public_offers: PublicOffers,
        assistant: Arc<AssistantStore>,
        clock: Clock,
    ) -> EmployerOffers {
        EmployerOffers { engine, accounts, employers, blobs, public_offers, assistant, clock }
    }

    /// The public copies this service writes (the payments' publications write them too).
    pub fn public_offers(&self) -> &PublicOffers {
        &self.public_offers
    }

    /// After a publication: what the employer typed into the offer form and the company profile
    /// lacks (size, website, logo, clauses) is kept there, so it is not typed again. A failure
    /// is logged, never the publication's.
    pub fn keep_in_company_profile(&self, tenant: &Tenant, offer: &EmployerOffer) {
        let slug = &tenant.settings.slug;
        match self.employers.adopt_offer_profile(slug, &offer.company_id, &offer.form, offer.logo_blob.as_deref()) {
            Ok((_, true)) => {
                let owner = company_logo_owner(slug, &offer.company_id);
                let attached = offer.logo_blob.as_deref().and_then(|hash| BlobHash::parse(hash).ok()).map(|hash| self.blobs.attach(&hash, &owner));
                if let Some(Err(error)) = attached {
                    tracing::error!(%error, company = offer.company_id, "the offer's logo could not become the company's");
                }
            }
            Ok((_, false)) => {}
            Err(error) => tracing::error!(%error, company = offer.company_id, "the company profile could not keep the offer's data"),
        }
    }

    /// The caller's offer, its token checked.
    fn owned(&self, tenant: &Tenant, acting: &Acting<'_>, slug: &str, token: &str) -> Result<EmployerOffer> {
        let offer = self.employers.offer(&tenant.settings.slug, acting.company_id, slug)?;
        if !offer.token_matches(token) {
            return Err(EmployersError::InvalidOfferToken.into());
        }
        Ok(offer)
    }

    /// The caller's offer (calls that the spec shows without a token: the session is the key).
    fn owned_without_token(&self, tenant: &Tenant, acting: &Acting<'_>, slug: &str) -> Result<EmployerOffer> {
        Ok(self.employers.offer(&tenant.settings.slug, acting.company_id, slug)?)
    }

    /// The form prefilled for a new offer: section 3's defaults, then the company's data (name,
    /// size, website, logo) and its default clauses from the panel. Returns the logo's hash too.
    fn new_form(&self, tenant: &Tenant, acting: &Acting<'_>) -> Result<(OfferForm, Option<String>)> {
        let tenant = &tenant.settings.slug;
        let Some(company) = self.employers.company(tenant, acting.company_id)? else { return Ok((OfferForm::default(), None)) };
        // The contact person is the user starting the offer, until the form says otherwise.
        let user = self.employers.user(tenant, acting.account_id)?;
        let account = self.accounts.get(tenant, acting.account_id)?;
        let form = OfferForm {
            company_name: company.name,
            company_size: company.size,
            company_website: company.website,
            company_logo: company.logo_blob.as_deref().map(|hash| logo_path(tenant, hash)).unwrap_or_default(),
            contact_name: user.as_ref().map(|user| user.name.clone()).unwrap_or_default(),
            contact_phone: user.map(|user| user.phone).unwrap_or_default(),
            contact_email: account.map(|account| account.email).unwrap_or_default(),
            ..OfferForm::default()
        };
        let form = match &company.clauses {
            Some(clauses) => clauses.apply_to(form),
            None => form,
        };
        Ok((form, company.logo_blob))
    }

    /// Starts a draft for `pricing_plan`; returns it with its edit token.
    pub fn initiate(&self, tenant: &Tenant, principal: &Principal, pricing_plan: &str) -> Result<(EmployerOffer, String)> {
        let acting = Acting::of(principal)?;
        let plan = plan(tenant, pricing_plan)?;
        if !plan.active {
            return Err(EmployersError::UnknownPlan(pricing_plan.to_string()).into());
        }
        let (form, logo) = self.new_form(tenant, &acting)?;
        let (offer, token) = self.employers.initiate(
            &tenant.settings.slug,
            acting.company_id,
            acting.account_id,
            plan,
            CreationType::New,
            None,
            form,
            logo.clone(),
            self.clock.now(),
        )?;
        // The company's logo becomes the offer's too: it stays while either uses it.
        if let Some(hash) = logo.as_deref().and_then(|hash| BlobHash::parse(hash).ok()) {
            self.blobs.attach(&hash, &logo_owner(&tenant.settings.slug, &offer.slug)).map_err(internal("attaching an offer's logo"))?;
        }
        Ok((offer, token))
    }

    /// The offer with its summary (when complete) and its remaining errors.
    pub fn load(&self, tenant: &Tenant, principal: &Principal, slug: &str, token: &str) -> Result<(EmployerOffer, Option<OfferSummary>, Vec<FieldError>)> {
        let offer = self.owned(tenant, &Acting::of(principal)?, slug, token)?;
        let errors = self.public_offers.check_complete(tenant, &offer);
        let summary = errors.is_empty().then(|| OfferSummary::of(&self.public_offers.public_offer(tenant, &offer), &tenant.categories));
        Ok((offer, summary, errors))
    }

    /// Saves the form. A draft passes the draft's rules ("Form contains errors…" otherwise); a
    /// `workInProgress` form, or any edit of a published offer, passes every rule, and an edit of
    /// a published offer is written through to candidates at once.
    pub fn save(&self, tenant: &Tenant, principal: &Principal, slug: &str, token: &str, mut form: OfferForm) -> Result<EmployerOffer> {
        let mut offer = self.owned(tenant, &Acting::of(principal)?, slug, token)?;
        if offer.state == OfferState::Finished {
            return Err(EmployersError::WrongState("a finished offer cannot be edited; refresh it instead").into());
        }
        // The logo is the uploaded one; the plan is the offer's.
        form.company_logo = offer.logo_blob.as_deref().map(|hash| logo_path(&tenant.settings.slug, hash)).unwrap_or_default();
        form.plan_type = offer.plan_key.clone();
        if offer.state == OfferState::Published && !offer.form.title_change_enabled && form.job_position_name.trim() != offer.form.job_position_name.trim() {
            return Err(FieldError::new("jobPositionName", ErrorCode::NotAllowedByPlan, "the title of this offer cannot change").into());
        }
        let published = offer.state == OfferState::Published;
        offer.form = form;
        if published || offer.form.is_complete() {
            let errors = self.public_offers.check_complete(tenant, &offer);
            if !errors.is_empty() {
                return Err(EmployersError::Invalid(errors).into());
            }
        } else {
            let errors = self.public_offers.with_context(tenant, &offer, |ctx| validate_draft(&offer.form, ctx));
            if !errors.is_empty() {
                return Err(EmployersError::DraftInvalid(errors).into());
            }
        }
        // Checked as sent (the image rule counts what the employer wrote), stored sanitised (the
        // draft is shown back to its employer, with its one inline JPEG).
        offer.form.job_description = wakat_core::html::sanitize_keeping_inline_jpeg(&offer.form.job_description);
        self.sync_image(tenant, &mut offer)?;
        offer.updated_at = self.clock.now();
        self.employers.save_offer(&tenant.settings.slug, &offer)?;
        if published {
            self.public_offers.write_published(tenant, &offer)?;
        }
        Ok(offer)
    }

    /// Keeps the description's one inline JPEG as a file of the upload store (checked by content)
    /// and releases the previous one; the published offer shows it as its image.
    fn sync_image(&self, tenant: &Tenant, offer: &mut EmployerOffer) -> Result<()> {
        let owner = image_owner(&tenant.settings.slug, &offer.slug);
        let new_hash = match wakat_core::offer_form::inline_jpeg(&offer.form.job_description) {
            None => None,
            Some(bytes) => {
                let invalid = |_| AppError::from(FieldError::new("jobDescription", ErrorCode::InvalidImage, "the image must be a JPEG of at most 5 MB"));
                let policy = UploadPolicy { max_bytes: wakat_core::offer_form::LOGO_MAX_BYTES, allowed: &[FileKind::Jpeg] };
                let mut upload = self.blobs.begin(&policy).map_err(invalid)?;
                upload.write_chunk(&bytes).map_err(invalid)?;
                let blob = upload.finish().map_err(invalid)?;
                self.blobs.attach(&blob.hash, &owner).map_err(internal("attaching an offer's image"))?;
                Some(blob.hash.as_str().to_string())
            }
        };
        if let Some(old) = offer.image_blob.take().filter(|old| Some(old) != new_hash.as_ref()) {
            if let Ok(old) = BlobHash::parse(&old) {
                self.blobs.detach(&old, &owner).map_err(internal("releasing an offer's image"))?;
            }
        }
        offer.image_blob = new_hash;
        Ok(())
    }

    /// The multipart edit: a new logo (when sent), then the form.
    pub fn save_with_logo(
        &self,
        tenant: &Tenant,
        principal: &Principal,
        slug: &str,
        token: &str,
        form: OfferForm,
        logo: Option<&StoredBlob>,
    ) -> Result<EmployerOffer> {
        if let Some(blob) = logo {
            self.set_logo(tenant, principal, slug, token, blob)?;
        }
        self.save(tenant, principal, slug, token, form)
    }

    /// Records an uploaded logo (already checked by content) as the offer's, releasing the old one.
    pub fn set_logo(&self, tenant: &Tenant, principal: &Principal, slug: &str, token: &str, blob: &StoredBlob) -> Result<EmployerOffer> {
        let mut offer = self.owned(tenant, &Acting::of(principal)?, slug, token)?;
        let owner = logo_owner(&tenant.settings.slug, slug);
        self.blobs.attach(&blob.hash, &owner).map_err(internal("attaching an offer's logo"))?;
        if let Some(old) = offer.logo_blob.replace(blob.hash.as_str().to_string()).filter(|old| old != blob.hash.as_str()) {
            if let Ok(old) = BlobHash::parse(&old) {
                self.blobs.detach(&old, &owner).map_err(internal("releasing an offer's logo"))?;
            }
        }
        offer.form.company_logo = logo_path(&tenant.settings.slug, blob.hash.as_str());
        offer.updated_at = self.clock.now();
        self.employers.save_offer(&tenant.settings.slug, &offer)?;
        if offer.state == OfferState::Published {
            self.public_offers.write_published(tenant, &offer)?;
        }
        Ok(offer)
    }

    /// `account_not_confirmed` unless the caller's e-mail is confirmed (publishing needs it).
    fn require_confirmed(&self, tenant: &Tenant, acting: &Acting<'_>) -> Result<()> {
        let account = self.accounts.get(&tenant.settings.slug, acting.account_id)?;
        if account.is_some_and(|a| a.email_confirmed) {
            Ok(())
        } else {
            Err(AppError::AccountNotConfirmed)
        }
    }

    /// Publishes with a prepaid code (the code's plan becomes the offer's); spent once.
    pub fn publish_with_code(&self, tenant: &Tenant, principal: &Principal, slug: &str, token: &str, code: &str) -> Result<EmployerOffer> {
        let acting = Acting::of(principal)?;
        self.owned(tenant, &acting, slug, token)?;
        self.require_confirmed(tenant, &acting)?;
        let now = self.clock.now();
        let (_, offer) = self.employers.spend_code(&tenant.settings.slug, acting.company_id, code, slug, now, |code: &OfferCode, offer| {
            let plan = tenant.settings.employers.plan(&code.plan_key).ok_or_else(|| EmployersError::UnknownPlan(code.plan_key.clone()))?;
            publish_record(&self.public_offers, tenant, plan, offer, format!("code:{}", code.code), now)
        })?;
        self.public_offers.write_published(tenant, &offer)?;
        self.keep_in_company_profile(tenant, &offer);
        Ok(offer)
    }

    /// Extends with a prepaid code by the plan's duration.
    pub fn extend_with_code(&self, tenant: &Tenant, principal: &Principal, slug: &str, token: &str, code: &str) -> Result<EmployerOffer> {
        let acting = Acting::of(principal)?;
        self.owned(tenant, &acting, slug, token)?;
        self.require_confirmed(tenant, &acting)?;
        let now = self.clock.now();
        let (_, offer) = self.employers.spend_code(&tenant.settings.slug, acting.company_id, code, slug, now, |code: &OfferCode, offer| {
            extend_record(offer, format!("code:{}", code.code), now)
        })?;
        self.public_offers.write_published(tenant, &offer)?;
        Ok(offer)
    }

    /// Checks a code is the company's and unused (without spending it).
    pub fn verify_code(&self, tenant: &Tenant, principal: &Principal, slug: &str, code: &str) -> Result<OfferCode> {
        let acting = Acting::of(principal)?;
        self.owned_without_token(tenant, &acting, slug)?;
        let code = self.employers.code(&tenant.settings.slug, acting.company_id, code)?;
        if code.used_at.is_some() {
            return Err(EmployersError::CodeUsed.into());
        }
        Ok(code)
    }

    /// Issues a prepaid code of `plan_key` to a company of the board (the internal API's).
    pub fn issue_code(&self, tenant: &Tenant, principal: &Principal, company_id: &str, plan_key: &str) -> Result<OfferCode> {
        principal.require_internal()?;
        let slug = &tenant.settings.slug;
        plan(tenant, plan_key)?;
        if self.employers.company(slug, company_id)?.is_none() {
            return Err(AppError::CompanyNotFound);
        }
        Ok(self.employers.issue_code(slug, company_id, plan_key, self.clock.now())?)
    }

    /// The bytes and type of an uploaded logo of the board (anyone may read it); only files
    /// attached as logos are served (CVs share the upload store).
    pub fn logo_bytes(&self, tenant: &Tenant, hash: &str) -> Result<(&'static str, Vec<u8>)> {
        let hash = BlobHash::parse(hash).map_err(|_| AppError::ImageNotFound)?;
        let owner_prefix = format!("logo/{}/", tenant.settings.slug);
        let owners = self.blobs.owners(&hash).map_err(internal("reading an image's owners"))?;
        if !owners.iter().any(|owner| owner.starts_with(&owner_prefix)) {
            return Err(AppError::ImageNotFound);
        }
        let bytes = self.blobs.read(&hash).map_err(|_| AppError::ImageNotFound)?;
        let mime = if bytes.starts_with(&[0x89, b'P', b'N', b'G']) { "image/png" } else { "image/jpeg" };
        Ok((mime, bytes))
    }

    /// The company's codes.
    pub fn codes(&self, tenant: &Tenant, principal: &Principal) -> Result<Vec<OfferCode>> {
        Ok(self.employers.company_codes(&tenant.settings.slug, Acting::of(principal)?.company_id)?)
    }

    /// Ends the recruitment of an active offer: it leaves the lists at once.
    pub fn finish(&self, tenant: &Tenant, principal: &Principal, slug: &str) -> Result<EmployerOffer> {
        let mut offer = self.owned_without_token(tenant, &Acting::of(principal)?, slug)?;
        let now = self.clock.now();
        if !offer.is_active(now) {
            return Err(EmployersError::WrongState("only an active offer can be finished").into());
        }
        offer.state = OfferState::Finished;
        offer.finished_at = Some(now);
        offer.bumps.next_at = None;
        offer.updated_at = now;
        self.employers.save_offer(&tenant.settings.slug, &offer)?;
        self.public_offers.write_published(tenant, &offer)?;
        Ok(offer)
    }

    /// Deletes an inactive offer (a draft, a finished or an expired one) with its public copy.
    pub fn delete(&self, tenant: &Tenant, principal: &Principal, slug: &str) -> Result<()> {
        let offer = self.owned_without_token(tenant, &Acting::of(principal)?, slug)?;
        if offer.is_active(self.clock.now()) {
            return Err(EmployersError::WrongState("an active offer cannot be deleted; finish its recruitment first").into());
        }
        if offer.state != OfferState::Draft {
            self.engine.delete_offer(&tenant.settings.slug, slug).map_err(|e| AppError::internal("deleting a public offer", e))?;
        }
        self.employers.delete_offer(&tenant.settings.slug, &offer)?;
        // The assistant's conversation about the offer (a key it cannot hold was never written).
        if let Ok(key) = ConversationKey::new(&tenant.settings.slug, &offer.company_id, slug) {
            self.assistant.erase(&key).map_err(|error| AppError::internal("erasing an offer's assistant conversation", error))?;
        }
        if let Some(hash) = offer.logo_blob.as_deref().and_then(|h| BlobHash::parse(h).ok()) {
            self.blobs.detach(&hash, &logo_owner(&tenant.settings.slug, slug)).map_err(internal("releasing an offer's logo"))?;
        }
        if let Some(hash) = offer.image_blob.as_deref().and_then(|h| BlobHash::parse(h).ok()) {
            self.blobs.detach(&hash, &image_owner(&tenant.settings.slug, slug)).map_err(internal("releasing an offer's image"))?;
        }
        Ok(())
    }

    /// The end of an offer: its state, expiry and days left.
    pub fn end_info(&self, tenant: &Tenant, principal: &Principal, slug: &str) -> Result<EmployerOffer> {
        self.owned_without_token(tenant, &Acting::of(principal)?, slug)
    }

    /// A new edit token for one of the caller's offers (the old one stops working).
    pub fn reissue_token(&self, tenant: &Tenant, principal: &Principal, slug: &str) -> Result<(EmployerOffer, String)> {
        Ok(self.employers.reissue_token(&tenant.settings.slug, Acting::of(principal)?.company_id, slug)?)
    }

    /// A new draft from an offer: a duplicate (any offer) or a refresh (an ended one).
    pub fn copy(&self, tenant: &Tenant, principal: &Principal, slug: &str, creation_type: CreationType) -> Result<(EmployerOffer, String)> {
        let acting = Acting::of(principal)?;
        let source = self.owned_without_token(tenant, &acting, slug)?;
        if creation_type == CreationType::Refresh && (source.state == OfferState::Draft || source.is_active(self.clock.now())) {
            return Err(EmployersError::WrongState("only an ended offer can be refreshed; extend an active one").into());
        }
        let plan = plan(tenant, &source.plan_key)?;
        let form = OfferForm { state: "draft".into(), expired_at_enabled: false, expired_at: String::new(), ..source.form.clone() };
        let (mut offer, token) = self.employers.initiate(
            &tenant.settings.slug,
            acting.company_id,
            acting.account_id,
            plan,
            creation_type,
            Some(source.slug.clone()),
            form,
            source.logo_blob.clone(),
            self.clock.now(),
        )?;
        if source.image_blob.is_some() {
            self.sync_image(tenant, &mut offer)?;
            self.employers.save_offer(&tenant.settings.slug, &offer)?;
        }
        if let Some(hash) = offer.logo_blob.as_deref().and_then(|h| BlobHash::parse(h).ok()) {
            self.blobs.attach(&hash, &logo_owner(&tenant.settings.slug, &offer.slug)).map_err(internal("attaching an offer's logo"))?;
        }
        Ok((offer, token))
    }

    /// On start (an internal call): every published or finished employer offer missing from the
    /// offer store, whose public copy lacks its last bump (a crash between the two writes) or a
    /// readable address (published before addresses), is written again. Returns how many were.
    pub fn restore_published(&self, principal: &Principal) -> Result<usize> {
        principal.require_internal()?;
        let mut n_restored = 0;
        for (slug, tenant) in &self.engine.tenants {
            for offer in self.employers.published_offers(slug)? {
                let public = self.engine.store.get_offer(slug, &offer.slug)?;
                let behind = offer.bumps.last_at.is_some() && public.as_ref().is_some_and(|public| Some(public.published_at) != offer.listed_at());
                // Published before readable addresses: written again, it gets one (its draft id
                // then redirects there).
                let unaddressed = public.as_ref().is_some_and(|public| public.address.is_none());
                if public.is_none() || behind || unaddressed {
                    self.public_offers.write_published(tenant, &offer)?;
                    n_restored += 1;
                }
            }
        }
        if n_restored > 0 {
            tracing::info!(n_restored, "published employer offers written again to the offer store");
        }
        Ok(n_restored)
    }
}
