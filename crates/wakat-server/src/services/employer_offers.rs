//! The employer's offers as service functions: initiate with a plan, save the form (draft or
//! complete), upload the logo, publish or extend with a code, finish, delete, duplicate and
//! refresh. Publishing writes through the engine (store, then index: searchable within a
//! second), exactly like the internal write API.
//!
//! Order of writes: the spent code (or applied payment) and the employer's record are written
//! first, in one transaction; the public offer after. A crash between the two leaves a published
//! record without its public offer, which [`restore_published`] writes on the next start.

use wakat_core::offer_form::{validate_draft, FormContext, OfferForm, OfferSummary};
use wakat_core::{FieldError, Offer};
use wakat_employers::{CreationType, EmployerOffer, EmployersError, OfferCode, OfferState, PlanSettings};
use wakat_engine::{now, Tenant};

use wakat_app::employers::{company_logo_owner, logo_owner, logo_path};
use wakat_app::AppError;

use crate::employer_session::Employer;
use crate::error::{employers_error, ApiError, ErrorCode, Result};
use crate::state::AppState;

/// The plan `key` of the board.
pub fn plan<'a>(tenant: &'a Tenant, key: &str) -> Result<&'a PlanSettings> {
    tenant.settings.employers.plan(key).ok_or_else(|| employers_error(EmployersError::UnknownPlan(key.to_string())))
}

/// After a publication: what the employer typed into the offer form and the company profile
/// lacks (size, website, logo, clauses) is kept there, so it is not typed again. A failure is
/// logged, never the publication's.
pub(crate) fn keep_in_company_profile(state: &AppState, tenant: &Tenant, offer: &EmployerOffer) {
    let slug = &tenant.settings.slug;
    match state.employers.adopt_offer_profile(slug, &offer.company_id, &offer.form, offer.logo_blob.as_deref()) {
        Ok((_, true)) => {
            let owner = company_logo_owner(slug, &offer.company_id);
            let attached = offer.logo_blob.as_deref().and_then(|hash| wakat_uploads::BlobHash::parse(hash).ok()).map(|hash| state.blobs.attach(&hash, &owner));
            if let Some(Err(error)) = attached {
                tracing::error!(%error, company = offer.company_id, "the offer's logo could not become the company's");
            }
        }
        Ok((_, false)) => {}
        Err(error) => tracing::error!(%error, company = offer.company_id, "the company profile could not keep the offer's data"),
    }
}

/// Writes the public copy of a published (or finished) record through the engine.
pub(crate) fn write_published(state: &AppState, tenant: &Tenant, offer: &EmployerOffer) -> Result<(), AppError> {
    state.public_offers.write_published(tenant, offer)
}

fn write_public(state: &AppState, tenant: &Tenant, offer: &EmployerOffer) -> Result<(), AppError> {
    state.public_offers.write_published(tenant, offer)
}

/// The plan bumps job over the server's state (the scheduler's, and `POST …/internal/bumps/run`).
pub fn bumps(state: &AppState) -> wakat_app::jobs::bumps::Bumps {
    let zone = jiff::tz::TimeZone::get(&state.settings.server.time_zone).unwrap_or(jiff::tz::TimeZone::UTC);
    let publisher = std::sync::Arc::new(state.public_offers.clone());
    wakat_app::jobs::bumps::Bumps::new(state.engine.clone(), state.employers.clone(), publisher, zone, wakat_app::Clock::system())
}

fn check_complete(state: &AppState, tenant: &Tenant, offer: &EmployerOffer) -> Vec<FieldError> {
    state.public_offers.check_complete(tenant, offer)
}

fn public_offer(state: &AppState, tenant: &Tenant, offer: &EmployerOffer) -> Offer {
    state.public_offers.public_offer(tenant, offer)
}

fn with_context<T>(state: &AppState, tenant: &Tenant, limits: &wakat_employers::PlanLimits, f: impl FnOnce(&FormContext<'_>) -> T) -> T {
    state.public_offers.with_context(tenant, limits, f)
}

/// The caller's offer, its token checked.
fn owned(state: &AppState, employer: &Employer, slug: &str, token: &str) -> Result<EmployerOffer> {
    let offer = state.employers.offer(&employer.tenant.settings.slug, &employer.company_id, slug).map_err(employers_error)?;
    if !offer.token_matches(token) {
        return Err(employers_error(EmployersError::InvalidOfferToken));
    }
    Ok(offer)
}

/// The caller's offer (calls that the spec shows without a token: the session is the key).
fn owned_without_token(state: &AppState, employer: &Employer, slug: &str) -> Result<EmployerOffer> {
    state.employers.offer(&employer.tenant.settings.slug, &employer.company_id, slug).map_err(employers_error)
}

/// The form prefilled for a new offer: section 3's defaults, then the company's data (name,
/// size, website, logo) and its default clauses from the panel. Returns the logo's hash too.
fn new_form(state: &AppState, employer: &Employer) -> Result<(OfferForm, Option<String>)> {
    let tenant = &employer.tenant.settings.slug;
    let Some(company) = state.employers.company(tenant, &employer.company_id).map_err(employers_error)? else { return Ok((OfferForm::default(), None)) };
    // The contact person is the user starting the offer, until the form says otherwise.
    let user = state.employers.user(tenant, &employer.account_id).map_err(employers_error)?;
    let account = state.accounts.get(tenant, &employer.account_id).map_err(crate::error::accounts_error)?;
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
pub fn initiate(state: &AppState, employer: &Employer, pricing_plan: &str) -> Result<(EmployerOffer, String)> {
    let tenant = &employer.tenant;
    let plan = plan(tenant, pricing_plan)?;
    if !plan.active {
        return Err(employers_error(EmployersError::UnknownPlan(pricing_plan.to_string())));
    }
    let (form, logo) = new_form(state, employer)?;
    let (offer, token) = state
        .employers
        .initiate(&tenant.settings.slug, &employer.company_id, &employer.account_id, plan, CreationType::New, None, form, logo.clone(), now())
        .map_err(employers_error)?;
    // The company's logo becomes the offer's too: it stays while either uses it.
    if let Some(hash) = logo.as_deref().and_then(|hash| wakat_uploads::BlobHash::parse(hash).ok()) {
        state.blobs.attach(&hash, &logo_owner(&tenant.settings.slug, &offer.slug)).map_err(|e| ApiError::internal(&e))?;
    }
    Ok((offer, token))
}

/// The offer with its summary (when complete) and its remaining errors.
pub fn load(state: &AppState, employer: &Employer, slug: &str, token: &str) -> Result<(EmployerOffer, Option<OfferSummary>, Vec<FieldError>)> {
    let offer = owned(state, employer, slug, token)?;
    let tenant = &employer.tenant;
    let errors = check_complete(state, tenant, &offer);
    let summary = errors.is_empty().then(|| OfferSummary::of(&public_offer(state, tenant, &offer), &tenant.categories));
    Ok((offer, summary, errors))
}

/// Saves the form. A draft passes the draft's rules ("Form contains errors…" otherwise); a
/// `workInProgress` form, or any edit of a published offer, passes every rule, and an edit of
/// a published offer is written through to candidates at once.
pub fn save(state: &AppState, employer: &Employer, slug: &str, token: &str, mut form: OfferForm) -> Result<EmployerOffer> {
    let tenant = &employer.tenant;
    let mut offer = owned(state, employer, slug, token)?;
    if offer.state == OfferState::Finished {
        return Err(employers_error(EmployersError::WrongState("a finished offer cannot be edited; refresh it instead")));
    }
    // The logo is the uploaded one; the plan is the offer's.
    form.company_logo = offer.logo_blob.as_deref().map(|hash| logo_path(&tenant.settings.slug, hash)).unwrap_or_default();
    form.plan_type = offer.plan_key.clone();
    if offer.state == OfferState::Published && !offer.form.title_change_enabled && form.job_position_name.trim() != offer.form.job_position_name.trim() {
        return Err(FieldError::new("jobPositionName", wakat_core::FieldCode::NotAllowedByPlan, "the title of this offer cannot change").into());
    }
    let published = offer.state == OfferState::Published;
    offer.form = form;
    if published || offer.form.is_complete() {
        let errors = check_complete(state, tenant, &offer);
        if !errors.is_empty() {
            return Err(employers_error(EmployersError::Invalid(errors)));
        }
    } else {
        let errors = with_context(state, tenant, &offer.limits, |ctx| validate_draft(&offer.form, ctx));
        if !errors.is_empty() {
            return Err(employers_error(EmployersError::DraftInvalid(errors)));
        }
    }
    // Checked as sent (the image rule counts what the employer wrote), stored sanitised (the
    // draft is shown back to its employer, with its one inline JPEG).
    offer.form.job_description = wakat_core::html::sanitize_keeping_inline_jpeg(&offer.form.job_description);
    sync_image(state, tenant, &mut offer)?;
    offer.updated_at = now();
    state.employers.save_offer(&tenant.settings.slug, &offer).map_err(employers_error)?;
    if published {
        write_public(state, tenant, &offer)?;
    }
    Ok(offer)
}

/// The owner name of an offer's image (the description's inline JPEG) in the upload store;
/// under the logos' prefix, so `GET /v1/company-logos/{hash}` serves it.
fn image_owner(tenant: &str, slug: &str) -> String {
    format!("logo/{tenant}/{slug}/image")
}

/// Keeps the description's one inline JPEG as a file of the upload store (checked by content)
/// and releases the previous one; the published offer shows it as its image.
fn sync_image(state: &AppState, tenant: &Tenant, offer: &mut EmployerOffer) -> Result<()> {
    let owner = image_owner(&tenant.settings.slug, &offer.slug);
    let new_hash = match wakat_core::offer_form::inline_jpeg(&offer.form.job_description) {
        None => None,
        Some(bytes) => {
            let invalid =
                |_| ApiError::from(FieldError::new("jobDescription", wakat_core::FieldCode::InvalidImage, "the image must be a JPEG of at most 5 MB"));
            let policy = wakat_uploads::UploadPolicy { max_bytes: wakat_core::offer_form::LOGO_MAX_BYTES, allowed: &[wakat_uploads::FileKind::Jpeg] };
            let mut upload = state.blobs.begin(&policy).map_err(invalid)?;
            upload.write_chunk(&bytes).map_err(invalid)?;
            let blob = upload.finish().map_err(invalid)?;
            state.blobs.attach(&blob.hash, &owner).map_err(|e| ApiError::internal(&e))?;
            Some(blob.hash.as_str().to_string())
        }
    };
    if let Some(old) = offer.image_blob.take().filter(|old| Some(old) != new_hash.as_ref()) {
        if let Ok(old) = wakat_uploads::BlobHash::parse(&old) {
            state.blobs.detach(&old, &owner).map_err(|e| ApiError::internal(&e))?;
        }
    }
    offer.image_blob = new_hash;
    Ok(())
}

/// The multipart edit: a new logo (when sent), then the form.
pub fn save_with_logo(
    state: &AppState,
    employer: &Employer,
    slug: &str,
    token: &str,
    form: OfferForm,
    logo: Option<&wakat_uploads::StoredBlob>,
) -> Result<EmployerOffer> {
    if let Some(blob) = logo {
        set_logo(state, employer, slug, token, blob)?;
    }
    save(state, employer, slug, token, form)
}

/// Records an uploaded logo (already checked by content) as the offer's, releasing the old one.
pub fn set_logo(state: &AppState, employer: &Employer, slug: &str, token: &str, blob: &wakat_uploads::StoredBlob) -> Result<EmployerOffer> {
    let tenant = &employer.tenant;
    let mut offer = owned(state, employer, slug, token)?;
    let owner = logo_owner(&tenant.settings.slug, slug);
    state.blobs.attach(&blob.hash, &owner).map_err(|e| ApiError::internal(&e))?;
    if let Some(old) = offer.logo_blob.replace(blob.hash.as_str().to_string()).filter(|old| old != blob.hash.as_str()) {
        if let Ok(old) = wakat_uploads::BlobHash::parse(&old) {
            state.blobs.detach(&old, &owner).map_err(|e| ApiError::internal(&e))?;
        }
    }
    offer.form.company_logo = logo_path(&tenant.settings.slug, blob.hash.as_str());
    offer.updated_at = now();
    state.employers.save_offer(&tenant.settings.slug, &offer).map_err(employers_error)?;
    if offer.state == OfferState::Published {
        write_public(state, tenant, &offer)?;
    }
    Ok(offer)
}

fn require_confirmed(state: &AppState, employer: &Employer) -> Result<()> {
    if state.employer_accounts.is_confirmed(&employer.tenant, &employer.principal())? {
        Ok(())
    } else {
        Err(ApiError::new(ErrorCode::AccountNotConfirmed))
    }
}

/// Checks `offer` may be published with `plan` and publishes it (the record only).
pub(crate) fn publish_record(state: &AppState, tenant: &Tenant, plan: &PlanSettings, offer: &mut EmployerOffer, paid_by: String) -> Result<(), EmployersError> {
    if offer.state != OfferState::Draft {
        return Err(EmployersError::WrongState("the offer is published already; extend it instead"));
    }
    offer.plan_key = plan.slug.clone();
    offer.limits = plan.limits.clone();
    offer.form.plan_type = plan.slug.clone();
    let errors = check_complete(state, tenant, offer);
    if !errors.is_empty() {
        return Err(EmployersError::Invalid(errors));
    }
    offer.publish(paid_by, now());
    Ok(())
}

/// Extends a published or finished offer (the record only).
pub(crate) fn extend_record(offer: &mut EmployerOffer, paid_by: String) -> Result<(), EmployersError> {
    if offer.state == OfferState::Draft {
        return Err(EmployersError::WrongState("a draft is published, not extended"));
    }
    offer.extend(paid_by, now());
    Ok(())
}

/// Publishes with a prepaid code (the code's plan becomes the offer's); spent once.
pub fn publish_with_code(state: &AppState, employer: &Employer, slug: &str, token: &str, code: &str) -> Result<EmployerOffer> {
    let tenant = &employer.tenant;
    owned(state, employer, slug, token)?;
    require_confirmed(state, employer)?;
    let (_, offer) = state
        .employers
        .spend_code(&tenant.settings.slug, &employer.company_id, code, slug, now(), |code: &OfferCode, offer| {
            let plan = tenant.settings.employers.plan(&code.plan_key).ok_or_else(|| EmployersError::UnknownPlan(code.plan_key.clone()))?;
            publish_record(state, tenant, plan, offer, format!("code:{}", code.code))
        })
        .map_err(employers_error)?;
    write_public(state, tenant, &offer)?;
    keep_in_company_profile(state, tenant, &offer);
    Ok(offer)
}

/// Extends with a prepaid code by the plan's duration.
pub fn extend_with_code(state: &AppState, employer: &Employer, slug: &str, token: &str, code: &str) -> Result<EmployerOffer> {
    let tenant = &employer.tenant;
    owned(state, employer, slug, token)?;
    require_confirmed(state, employer)?;
    let (_, offer) = state
        .employers
        .spend_code(&tenant.settings.slug, &employer.company_id, code, slug, now(), |code: &OfferCode, offer| {
            extend_record(offer, format!("code:{}", code.code))
        })
        .map_err(employers_error)?;
    write_public(state, tenant, &offer)?;
    Ok(offer)
}

/// Checks a code is the company's and unused (without spending it).
pub fn verify_code(state: &AppState, employer: &Employer, slug: &str, code: &str) -> Result<OfferCode> {
    owned_without_token(state, employer, slug)?;
    let code = state.employers.code(&employer.tenant.settings.slug, &employer.company_id, code).map_err(employers_error)?;
    if code.used_at.is_some() {
        return Err(employers_error(EmployersError::CodeUsed));
    }
    Ok(code)
}

/// Issues a prepaid code of `plan_key` to a company of the board (the internal API).
pub fn issue_code(state: &AppState, tenant: &Tenant, company_id: &str, plan_key: &str) -> Result<OfferCode> {
    let slug = &tenant.settings.slug;
    plan(tenant, plan_key)?;
    if state.employers.company(slug, company_id).map_err(employers_error)?.is_none() {
        return Err(ApiError::new(ErrorCode::NotFound).with_message("there is no such company"));
    }
    state.employers.issue_code(slug, company_id, plan_key, now()).map_err(employers_error)
}

/// The bytes and type of an uploaded logo of the board; only files attached as logos are
/// served (CVs share the upload store).
pub fn logo_bytes(state: &AppState, tenant: &Tenant, hash: &str) -> Result<(&'static str, Vec<u8>)> {
    let not_found = || ApiError::new(ErrorCode::ImageNotFound);
    let hash = wakat_uploads::BlobHash::parse(hash).map_err(|_| not_found())?;
    let owner_prefix = format!("logo/{}/", tenant.settings.slug);
    let owners = state.blobs.owners(&hash).map_err(|e| ApiError::internal(&e))?;
    if !owners.iter().any(|owner| owner.starts_with(&owner_prefix)) {
        return Err(not_found());
    }
    let mut file = state.blobs.open(&hash).map_err(|_| not_found())?;
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut file, &mut bytes).map_err(|e| ApiError::internal(&e))?;
    let mime = if bytes.starts_with(&[0x89, b'P', b'N', b'G']) { "image/png" } else { "image/jpeg" };
    Ok((mime, bytes))
}

/// The company's codes.
pub fn codes(state: &AppState, employer: &Employer) -> Result<Vec<OfferCode>> {
    state.employers.company_codes(&employer.tenant.settings.slug, &employer.company_id).map_err(employers_error)
}

/// Ends the recruitment of an active offer: it leaves the lists at once.
pub fn finish(state: &AppState, employer: &Employer, slug: &str) -> Result<EmployerOffer> {
    let tenant = &employer.tenant;
    let mut offer = owned_without_token(state, employer, slug)?;
    if !offer.is_active(now()) {
        return Err(employers_error(EmployersError::WrongState("only an active offer can be finished")));
    }
    offer.state = OfferState::Finished;
    offer.finished_at = Some(now());
    offer.bumps.next_at = None;
    offer.updated_at = now();
    state.employers.save_offer(&tenant.settings.slug, &offer).map_err(employers_error)?;
    write_public(state, tenant, &offer)?;
    Ok(offer)
}

/// Deletes an inactive offer (a draft, a finished or an expired one) with its public copy.
pub fn delete(state: &AppState, employer: &Employer, slug: &str) -> Result<()> {
    let tenant = &employer.tenant;
    let offer = owned_without_token(state, employer, slug)?;
    if offer.is_active(now()) {
        return Err(employers_error(EmployersError::WrongState("an active offer cannot be deleted; finish its recruitment first")));
    }
    if offer.state != OfferState::Draft {
        state.engine.delete_offer(&tenant.settings.slug, slug).map_err(|e| ApiError::internal(&e))?;
    }
    state.employers.delete_offer(&tenant.settings.slug, &offer).map_err(employers_error)?;
    if let Some(hash) = offer.logo_blob.as_deref().and_then(|h| wakat_uploads::BlobHash::parse(h).ok()) {
        state.blobs.detach(&hash, &logo_owner(&tenant.settings.slug, slug)).map_err(|e| ApiError::internal(&e))?;
    }
    if let Some(hash) = offer.image_blob.as_deref().and_then(|h| wakat_uploads::BlobHash::parse(h).ok()) {
        state.blobs.detach(&hash, &image_owner(&tenant.settings.slug, slug)).map_err(|e| ApiError::internal(&e))?;
    }
    Ok(())
}

/// The end of an offer: its state, expiry and days left.
pub fn end_info(state: &AppState, employer: &Employer, slug: &str) -> Result<EmployerOffer> {
    owned_without_token(state, employer, slug)
}

/// A new edit token for one of the caller's offers (the old one stops working).
pub fn reissue_token(state: &AppState, employer: &Employer, slug: &str) -> Result<(EmployerOffer, String)> {
    state.employers.reissue_token(&employer.tenant.settings.slug, &employer.company_id, slug).map_err(employers_error)
}

/// A new draft from an offer: a duplicate (any offer) or a refresh (an ended one).
pub fn copy(state: &AppState, employer: &Employer, slug: &str, creation_type: CreationType) -> Result<(EmployerOffer, String)> {
    let tenant = &employer.tenant;
    let source = owned_without_token(state, employer, slug)?;
    if creation_type == CreationType::Refresh && (source.state == OfferState::Draft || source.is_active(now())) {
        return Err(employers_error(EmployersError::WrongState("only an ended offer can be refreshed; extend an active one")));
    }
    let plan = plan(tenant, &source.plan_key)?;
    let form = OfferForm { state: "draft".into(), expired_at_enabled: false, expired_at: String::new(), ..source.form.clone() };
    let (mut offer, token) = state
        .employers
        .initiate(
            &tenant.settings.slug,
            &employer.company_id,
            &employer.account_id,
            plan,
            creation_type,
            Some(source.slug.clone()),
            form,
            source.logo_blob.clone(),
            now(),
        )
        .map_err(employers_error)?;
    if source.image_blob.is_some() {
        sync_image(state, tenant, &mut offer)?;
        state.employers.save_offer(&tenant.settings.slug, &offer).map_err(employers_error)?;
    }
    if let Some(hash) = offer.logo_blob.as_deref().and_then(|h| wakat_uploads::BlobHash::parse(h).ok()) {
        state.blobs.attach(&hash, &logo_owner(&tenant.settings.slug, &offer.slug)).map_err(|e| ApiError::internal(&e))?;
    }
    Ok((offer, token))
}

/// On start: every published or finished employer offer missing from the offer store, or
/// whose public copy lacks its last bump (a crash between the two writes), is written again.
pub fn restore_published(state: &AppState) -> Result<usize> {
    let mut n_restored = 0;
    for (slug, tenant) in &state.engine.tenants {
        for offer in state.employers.published_offers(slug).map_err(employers_error)? {
            let public = state.engine.store.get_offer(slug, &offer.slug).map_err(ApiError::from)?;
            let behind = offer.bumps.last_at.is_some() && public.as_ref().is_some_and(|public| Some(public.published_at) != offer.listed_at());
            if public.is_none() || behind {
                write_public(state, tenant, &offer)?;
                n_restored += 1;
            }
        }
    }
    if n_restored > 0 {
        tracing::info!(n_restored, "published employer offers written again to the offer store");
    }
    Ok(n_restored)
}
