//! What follows a stored application, through the durable mail queue: its delivery to the
//! offer's address when candidates apply by e-mail (CV attached or as a signed, expiring link,
//! per `[tenants.applications]`), the applicant's confirmation, and a notice to each user of the
//! offer's company who wants one at once. Each mail's idempotency key names the application, so
//! the same application never mails twice. The daily digests are `jobs::application_digests`.

use std::sync::Arc;

use wakat_accounts::AccountStore;
use wakat_applications::{ApplicationStore, AttachmentRef, NewApplication};
use wakat_core::Offer;
use wakat_employers::{ApplicationsNotify, EmployerStore};
use wakat_engine::Tenant;
use wakat_mail::{Attachment, Mail};
use wakat_store::LinkSigner;
use wakat_uploads::{BlobHash, BlobStore};

use crate::error::{AppError, Result};
use crate::mail_queue::MailSender;
use crate::mails::application_mails::{confirmation, delivery, notice, ApplicationFacts, CvInMail};
use crate::mails::MailContext;
use crate::Clock;

/// The purpose the mailed CV links are signed for (no other link verifies as one).
const CV_LINK_PURPOSE: &str = "application-cv";

/// The address an offer takes applications on, when candidates apply by e-mail.
pub fn apply_email(offer: &Offer) -> Option<&str> {
    offer.extra.get("applyEmail").and_then(|value| value.as_str()).map(str::trim).filter(|email| !email.is_empty())
}

/// The mails of new applications, and the signed CV links they carry.
#[derive(Clone)]
pub struct ApplicationMailing {
    accounts: Arc<AccountStore>,
    employers: Arc<EmployerStore>,
    applications: Arc<ApplicationStore>,
    blobs: Arc<BlobStore>,
    mail: MailSender,
    signer: Arc<LinkSigner>,
    /// `server.public_url`: the API's base (CV links) and the base of boards without a web app.
    public_url: String,
    clock: Clock,
}

/// The stores and the way out the mailing needs.
pub struct MailingStores {
    /// Accounts (the company users' addresses and languages).
    pub accounts: Arc<AccountStore>,
    /// Employers (the offer's company and its users).
    pub employers: Arc<EmployerStore>,
    /// Applications (the CV links read them back).
    pub applications: Arc<ApplicationStore>,
    /// Uploaded files (the CVs).
    pub blobs: Arc<BlobStore>,
}

fn hash_of(attachment: &AttachmentRef) -> Result<BlobHash> {
    BlobHash::parse(&attachment.blob_hash).map_err(|error| AppError::internal("an attachment's hash", error))
}

impl ApplicationMailing {
    /// The mailing over its stores, the queue and the link signer.
    pub fn new(stores: MailingStores, mail: MailSender, signer: Arc<LinkSigner>, public_url: &str, clock: Clock) -> ApplicationMailing {
        let MailingStores { accounts, employers, applications, blobs } = stores;
        ApplicationMailing { accounts, employers, applications, blobs, mail, signer, public_url: public_url.trim_end_matches('/').to_string(), clock }
    }

    /// Queues the mails of the stored application `id` (see the module documentation); `lang` is
    /// the applicant's. One transaction: all of them or none.
    pub fn application_stored(&self, tenant: &Tenant, offer: &Offer, id: &str, application: &NewApplication, lang: &str) -> Result<()> {
        let slug = &tenant.settings.slug;
        let facts = ApplicationFacts {
            offer_slug: &offer.slug,
            offer_title: &offer.title,
            company: &offer.company_name,
            name: &application.name,
            email: &application.email,
            message: application.message.as_deref(),
            future_consent: offer.future_consent.as_ref().map(|_| application.consents.future),
            custom_consent: offer.custom_consent.as_ref().map(|_| application.consents.custom),
        };
        let mut mails: Vec<(String, Mail)> = Vec::new();
        let board_lang = &tenant.settings.default_locale;
        if let Some(address) = apply_email(offer) {
            let cv = self.cv_in_mail(tenant, id, application.attachment.as_ref())?;
            let mail = delivery(&MailContext::new(&self.public_url, tenant, board_lang), address, &facts, cv)?;
            mails.push((format!("application.delivery:{slug}/{id}"), mail));
        }
        mails.push((format!("application.confirm:{slug}/{id}"), confirmation(&MailContext::new(&self.public_url, tenant, lang), &facts)?));
        if let Some(employer_offer) = self.employers.offer_by_slug(slug, &offer.slug)? {
            for user in self.employers.company_users(slug, &employer_offer.company_id)? {
                if user.applications_notify != ApplicationsNotify::Immediately {
                    continue;
                }
                let Some(account) = self.accounts.get(slug, &user.account_id)?.filter(|account| account.email_confirmed) else { continue };
                let mail = notice(&MailContext::new(&self.public_url, tenant, &account.lang), &account.email, &user.name, &facts)?;
                mails.push((format!("application.notice:{slug}/{id}/{}", user.account_id), mail));
            }
        }
        self.mail.queue().enqueue_many(mails).map_err(|error| AppError::internal("queueing an application's mails", error))?;
        Ok(())
    }

    /// The CV as the offer's address gets it: attached when the board attaches and the file is
    /// small enough, else a signed link valid `cv_link_days`.
    fn cv_in_mail(&self, tenant: &Tenant, id: &str, attachment: Option<&AttachmentRef>) -> Result<CvInMail> {
        let Some(attachment) = attachment else { return Ok(CvInMail::None) };
        let settings = tenant.settings.applications;
        if settings.attaches(attachment.size) {
            let bytes = self.read_blob(attachment)?;
            return Ok(CvInMail::Attached(Attachment::new(attachment.file_name.clone(), attachment.mime.clone(), bytes)));
        }
        let expires = self.clock.now() + i64::from(settings.cv_link_days) * 86_400;
        let slug = &tenant.settings.slug;
        let signature = self.signer.sign(CV_LINK_PURPOSE, &format!("{slug}/{id}"), expires);
        let url = format!("{}/api/{slug}/v1/applications/{id}/cv?expires={expires}&signature={signature}", self.public_url);
        let until = jiff::Timestamp::from_second(expires).map(|at| at.strftime("%Y-%m-%d").to_string()).unwrap_or_default();
        Ok(CvInMail::Link { file_name: attachment.file_name.clone(), url, until })
    }

    fn read_blob(&self, attachment: &AttachmentRef) -> Result<Vec<u8>> {
        self.blobs.read(&hash_of(attachment)?).map_err(|error| AppError::internal("reading a CV", error))
    }

    /// The CV of application `id` behind a mailed link: `InvalidSignature` when the link is wrong
    /// or expired; `ApplicationNotFound` once the employer deleted it or the data was erased.
    pub fn signed_cv(&self, tenant: &Tenant, id: &str, expires: i64, signature: &str) -> Result<(AttachmentRef, Vec<u8>)> {
        let slug = &tenant.settings.slug;
        if !self.signer.verify(CV_LINK_PURPOSE, &format!("{slug}/{id}"), expires, signature, self.clock.now()) {
            return Err(AppError::InvalidSignature);
        }
        let application = self.applications.get(slug, id)?.filter(|application| application.removed_at.is_none()).ok_or(AppError::ApplicationNotFound)?;
        let attachment = application.applicant.and_then(|applicant| applicant.attachment).ok_or(AppError::ApplicationHasNoCv)?;
        let bytes = self.read_blob(&attachment)?;
        Ok((attachment, bytes))
    }
}
