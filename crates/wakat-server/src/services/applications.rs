//! Applying: the form (and one-click) application, and the tracked redirect of an external
//! apply. Synchronous (store writes with fsync): run in `web::block`; the multipart body has been
//! streamed into the upload store by the handler before this runs.

use wakat_applications::{AttachmentRef, NewApplication, NewRedirect, Redirect, Submitted};
use wakat_core::apply::{ApplyFormInput, ApplySource};
use wakat_core::{FieldCode, FieldError, Offer};
use wakat_engine::{now, Tenant};

use crate::error::{accounts_error, applications_error, ApiError, ErrorCode, Result};
use crate::services::offers::{find_offer, offer_not_found};
use crate::session::Candidate;
use crate::state::AppState;
use crate::uploads::ReceivedFile;

/// A parsed application request.
pub struct ApplyRequest {
    /// The text fields.
    pub form: ApplyFormInput,
    /// The attachment, already stored.
    pub attachment: Option<ReceivedFile>,
    /// Who sent it (hashed into the store, never kept in clear).
    pub client_key: String,
}

/// The active offer of `slug` that takes applications; 404 or 409 otherwise.
fn offer_to_apply(state: &AppState, tenant: &Tenant, slug: &str, external: bool) -> Result<Offer> {
    let (offer, _) = find_offer(&state.engine, &tenant.settings.slug, slug)?.ok_or_else(|| offer_not_found(slug))?;
    if !offer.is_active(now()) {
        return Err(ApiError::new(ErrorCode::OfferInactive).with_message(format!("the offer '{slug}' is no longer active")));
    }
    match (external, offer.apply_url.is_some()) {
        (false, true) => Err(ApiError::new(ErrorCode::ExternalApplyOnly)),
        (true, false) => Err(ApiError::new(ErrorCode::NoExternalApply)),
        _ => Ok(offer),
    }
}

/// The candidate id the application is filed under: the session's. A `candidate_id` that is
/// not the caller's own is refused, so nobody files applications into someone else's history.
fn candidate_of(form_candidate_id: Option<&str>, session: Option<&Candidate>) -> Result<Option<String>> {
    match (form_candidate_id, session) {
        (None, session) => Ok(session.map(|c| c.account_id.clone())),
        (Some(given), Some(session)) if given == session.account_id => Ok(Some(given.to_string())),
        (Some(_), _) => Err(FieldError::new("candidate_id", FieldCode::InvalidCandidateId, "candidate_id must be the logged-in candidate's own id").into()),
    }
}

/// Stores an application: validation of spec section 5, the one-click rules, the attachment's
/// reference in the upload store, and one application per person and offer.
pub fn apply(state: &AppState, tenant: &Tenant, slug: &str, mut request: ApplyRequest, session: Option<&Candidate>) -> Result<Submitted> {
    let tenant_slug = &tenant.settings.slug;
    let offer = offer_to_apply(state, tenant, slug, false)?;
    request.form.has_attachment = request.attachment.is_some();
    let mut form = request.form.parse()?;
    form.candidate_id = candidate_of(form.candidate_id.as_deref(), session)?;

    let mut attachment = request.attachment.map(|file| AttachmentRef {
        blob_hash: file.blob.hash.as_str().to_string(),
        file_name: file.file_name,
        size: file.blob.size,
        mime: file.blob.kind.mime_type().to_string(),
        owner: String::new(),
    });
    if form.source == ApplySource::OneClickApply && attachment.is_none() {
        let candidate = session.ok_or_else(|| ApiError::new(ErrorCode::Unauthorized).with_message("one-click apply needs a logged-in candidate"))?;
        let account = state.accounts.get(tenant_slug, &candidate.account_id).map_err(accounts_error)?.ok_or_else(|| ApiError::new(ErrorCode::Unauthorized))?;
        let cv = account.documents.last().ok_or_else(|| ApiError::new(ErrorCode::NoStoredCv))?;
        attachment = Some(AttachmentRef {
            blob_hash: cv.blob_hash.clone(),
            file_name: cv.file_name.clone(),
            size: cv.size,
            mime: cv.mime.clone(),
            owner: String::new(),
        });
        form.has_attachment = true;
    }
    form.validate()?;

    // The reference is taken before the application is stored: a crash in between leaves a
    // reference too many (a kept file), never an application whose file was swept away.
    if let Some(attachment) = &mut attachment {
        attachment.owner = format!("{tenant_slug}/application/{}", wakat_store::ids::new_id());
        let hash = wakat_uploads::BlobHash::parse(&attachment.blob_hash).map_err(|e| ApiError::internal(&e))?;
        state.blobs.attach(&hash, &attachment.owner).map_err(|e| ApiError::internal(&e))?;
    }
    let new_application = NewApplication::from_form(&form, &offer, attachment.clone(), request.client_key);
    let submitted = state.applications.submit(tenant_slug, new_application, now());
    if submitted.is_err() {
        // Nothing was stored (a second application, a failed write): the file goes with it.
        if let Some(attachment) = &attachment {
            release(state, attachment);
        }
    }
    submitted.map_err(applications_error)
}

/// Drops an application's reference on its file (the file goes when nobody references it).
pub fn release(state: &AppState, attachment: &AttachmentRef) {
    wakat_app::employers::panel_offers::release_attachment(&state.blobs, attachment);
}

/// Records a redirect to the offer's external apply link and returns it.
pub fn track_redirect(state: &AppState, tenant: &Tenant, slug: &str, session: Option<&Candidate>, client_key: String) -> Result<Redirect> {
    let offer = offer_to_apply(state, tenant, slug, true)?;
    let redirect = NewRedirect {
        offer_slug: offer.slug.clone(),
        offer_guid: offer.guid.clone(),
        apply_url: offer.apply_url.clone().unwrap_or_default(),
        candidate_id: session.map(|c| c.account_id.clone()),
        client_key,
    };
    let throttle = tenant.flag("redirectCountThrottling");
    state.redirects.track(&tenant.settings.slug, redirect, throttle, now()).map_err(applications_error)
}
