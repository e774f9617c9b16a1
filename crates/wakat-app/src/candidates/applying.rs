//! Applying: the form (and one-click) application, and the tracked redirect of an external apply.
//! Synchronous (store writes with fsync): a transport runs them off its request threads; the
//! attachment has been streamed into the upload store before these run.

use std::sync::Arc;

use wakat_accounts::AccountStore;
use wakat_applications::{ApplicationStore, AttachmentRef, NewApplication, NewRedirect, Redirect, RedirectStore, Submitted};
use wakat_core::apply::{ApplyFormInput, ApplySource};
use wakat_core::{ErrorCode, FieldError, Offer};
use wakat_engine::{Engine, Tenant};
use wakat_uploads::{BlobHash, BlobStore};

use crate::candidates::application_mailing::ApplicationMailing;
use crate::candidates::{find_offer, UploadedFile};
use crate::employers::panel_offers::release_attachment;
use crate::error::{AppError, Result};
use crate::{Clock, Principal};

/// An application as the transport received it.
#[derive(Debug, Clone, Default)]
pub struct NewApplicationRequest {
    /// The text fields.
    pub form: ApplyFormInput,
    /// The attachment, already stored.
    pub attachment: Option<UploadedFile>,
    /// Who sent it (hashed into the store, never kept in clear).
    pub client_key: String,
    /// The applicant's language (`pl` or `en`): their confirmation mail's.
    pub lang: String,
}

/// Applications and tracked redirects to offers.
#[derive(Clone)]
pub struct Applying {
    engine: Arc<Engine>,
    accounts: Arc<AccountStore>,
    applications: Arc<ApplicationStore>,
    redirects: Arc<RedirectStore>,
    blobs: Arc<BlobStore>,
    mailing: ApplicationMailing,
    clock: Clock,
}

/// The candidate id an application is filed under: the caller's. A `candidate_id` that is not
/// the caller's own is refused, so nobody files applications into someone else's history.
fn candidate_of(form_candidate_id: Option<&str>, principal: &Principal) -> Result<Option<String>> {
    let caller = match principal {
        Principal::Candidate { account_id } => Some(account_id.as_str()),
        _ => None,
    };
    match (form_candidate_id, caller) {
        (None, caller) => Ok(caller.map(str::to_string)),
        (Some(given), Some(caller)) if given == caller => Ok(Some(given.to_string())),
        (Some(_), _) => Err(FieldError::new("candidate_id", ErrorCode::InvalidCandidateId, "candidate_id must be the logged-in candidate's own id").into()),
    }
}

fn attachment_of(file: UploadedFile) -> AttachmentRef {
    AttachmentRef {
        blob_hash: file.blob.hash.as_str().to_string(),
        file_name: file.file_name,
        size: file.blob.size,
        mime: file.blob.kind.mime_type().to_string(),
        owner: String::new(),
    }
}

impl Applying {
    /// The service over the engine (the offers applied to), the stores, the mails that follow
    /// an application and the clock.
    pub fn new(
        engine: Arc<Engine>,
        accounts: Arc<AccountStore>,
        applications: Arc<ApplicationStore>,
        redirects: Arc<RedirectStore>,
        blobs: Arc<BlobStore>,
        mailing: ApplicationMailing,
        clock: Clock,
    ) -> Applying {
        Applying { engine, accounts, applications, redirects, blobs, mailing, clock }
    }

    /// The active offer of `slug` that takes applications on the board (`external`: through its
    /// apply link); why not otherwise.
    fn offer_to_apply(&self, tenant: &Tenant, slug: &str, external: bool) -> Result<Offer> {
        let (offer, _) = find_offer(&self.engine, &tenant.settings.slug, slug)?.ok_or_else(|| AppError::OfferNotFound { slug: slug.to_string() })?;
        if !offer.is_active(self.clock.now()) {
            return Err(AppError::OfferInactive { slug: slug.to_string() });
        }
        match (external, offer.apply_url.is_some()) {
            (false, true) => Err(AppError::ExternalApplyOnly),
            (true, false) => Err(AppError::NoExternalApply),
            _ => Ok(offer),
        }
    }

    /// Stores an application to the offer `slug`: validation of spec section 5, the one-click
    /// rules (the caller's last stored CV), the attachment's reference in the upload store, and
    /// one application per person and offer. Anyone may apply; a candidate's application joins
    /// their history.
    pub fn apply(&self, tenant: &Tenant, principal: &Principal, slug: &str, mut request: NewApplicationRequest) -> Result<Submitted> {
        let tenant_slug = &tenant.settings.slug;
        let offer = self.offer_to_apply(tenant, slug, false)?;
        request.form.has_attachment = request.attachment.is_some();
        let mut form = request.form.parse()?;
        form.candidate_id = candidate_of(form.candidate_id.as_deref(), principal)?;

        let mut attachment = request.attachment.map(attachment_of);
        if form.source == ApplySource::OneClickApply && attachment.is_none() {
            let Principal::Candidate { account_id } = principal else { return Err(AppError::OneClickApplyNeedsLogin) };
            let account = self.accounts.get(tenant_slug, account_id)?.ok_or(AppError::Unauthenticated)?;
            let cv = account.documents.last().ok_or(AppError::NoStoredCv)?;
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
            let hash = BlobHash::parse(&attachment.blob_hash).map_err(|error| AppError::internal("keeping an attachment", error))?;
            self.blobs.attach(&hash, &attachment.owner).map_err(|error| AppError::internal("keeping an attachment", error))?;
        }
        let new_application = NewApplication::from_form(&form, &offer, attachment.clone(), request.client_key);
        let submitted = self.applications.submit(tenant_slug, new_application.clone(), self.clock.now());
        let submitted = match submitted {
            Ok(submitted) => submitted,
            Err(error) => {
                // Nothing was stored (a second application, a failed write): the file goes with it.
                if let Some(attachment) = &attachment {
                    release_attachment(&self.blobs, attachment);
                }
                return Err(error.into());
            }
        };
        // The mails are queued (durably) before the answer. A failure here is logged, not
        // answered: the application is stored, and an applicant told "failed" would try again
        // into "already applied".
        if let Err(error) = self.mailing.application_stored(tenant, &offer, &submitted.id, &new_application, &request.lang) {
            tracing::error!(%error, tenant = %tenant_slug, application = %submitted.id, "the application's mails could not be queued");
        }
        Ok(submitted)
    }

    /// Records a redirect to the external apply link of the offer `slug` and returns it (a
    /// candidate's redirect waits in their area to be confirmed).
    pub fn track_redirect(&self, tenant: &Tenant, principal: &Principal, slug: &str, client_key: String) -> Result<Redirect> {
        let offer = self.offer_to_apply(tenant, slug, true)?;
        let candidate_id = match principal {
            Principal::Candidate { account_id } => Some(account_id.clone()),
            _ => None,
        };
        let redirect = NewRedirect {
            offer_slug: offer.slug.clone(),
            offer_guid: offer.guid.clone(),
            apply_url: offer.apply_url.clone().unwrap_or_default(),
            candidate_id,
            client_key,
        };
        let throttle = tenant.flag("redirectCountThrottling");
        Ok(self.redirects.track(&tenant.settings.slug, redirect, throttle, self.clock.now())?)
    }
}
