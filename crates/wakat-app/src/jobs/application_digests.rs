//! The employers' daily digests of applications: each company user set to `daily` gets one mail
//! listing the applications its company received on a local day (none when there were none).
//!
//! Once per user and day: each mail is recorded in the durable mail queue under
//! `application-digest/{tenant}/{account}/{day}`, a key the queue never takes twice, so a run
//! repeated after a crash (or by hand) adds nothing already queued or sent.

use std::collections::BTreeMap;
use std::sync::Arc;

use jiff::civil::Date;
use jiff::tz::TimeZone;
use wakat_accounts::AccountStore;
use wakat_applications::{Application, ApplicationStore, Page};
use wakat_employers::{ApplicationsNotify, EmployerStore};
use wakat_engine::Tenant;
use wakat_mail::{Enqueued, Mail, MailQueue};

use crate::error::{AppError, Result};
use crate::mails::application_mails::{daily_digest, DigestLine};
use crate::mails::MailContext;
use crate::Principal;

/// What a run did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ApplicationDigestReport {
    /// The local day whose applications were listed (`YYYY-MM-DD`).
    pub day: String,
    /// Companies with applications that day.
    pub companies: usize,
    /// Digests new to the mail queue.
    pub queued: usize,
    /// Digests the queue already held (an earlier run of the day).
    pub already_queued: usize,
}

/// The idempotency key of a user's digest of a day.
pub fn application_digest_key(tenant: &str, account_id: &str, day: &str) -> String {
    format!("application-digest/{tenant}/{account_id}/{day}")
}

/// The daily digests of applications over their stores.
#[derive(Clone)]
pub struct ApplicationDigests {
    employers: Arc<EmployerStore>,
    applications: Arc<ApplicationStore>,
    accounts: Arc<AccountStore>,
    queue: Arc<MailQueue>,
    public_url: String,
    zone: TimeZone,
}

impl ApplicationDigests {
    /// The run; `public_url` is `server.public_url`, `zone` the scheduler's (what a day is).
    pub fn new(
        employers: Arc<EmployerStore>,
        applications: Arc<ApplicationStore>,
        accounts: Arc<AccountStore>,
        queue: Arc<MailQueue>,
        public_url: &str,
        zone: TimeZone,
    ) -> ApplicationDigests {
        ApplicationDigests { employers, applications, accounts, queue, public_url: public_url.to_string(), zone }
    }

    /// Unix seconds of the start of `day` and of the next day in the run's zone.
    fn bounds(&self, day: Date) -> Result<(i64, i64)> {
        let start = |day: Date| day.to_zoned(self.zone.clone()).map(|zoned| zoned.timestamp().as_second());
        let next = day.tomorrow().map_err(|error| AppError::internal("the next day", error))?;
        Ok((start(day).map_err(|e| AppError::internal("a day's start", e))?, start(next).map_err(|e| AppError::internal("a day's start", e))?))
    }

    /// The applications to `slugs` received in `[from, to)`, newest first.
    fn received(&self, tenant: &str, slugs: &[String], from: i64, to: i64) -> Result<Vec<Application>> {
        let mut found = Vec::new();
        for number in 1.. {
            let page = self.applications.list_for_offers(tenant, slugs, None, Page::new(number, 100)?)?;
            let older_reached = page.items.iter().any(|application| application.at < from);
            found.extend(page.items.into_iter().filter(|application| (from..to).contains(&application.at)));
            if older_reached || !page.has_next_page {
                break;
            }
        }
        Ok(found)
    }

    /// Queues the digests of the applications received on the local `day` (the scheduler passes
    /// yesterday). Only the scheduler and the internal API ([`Principal::Internal`]) run it.
    pub fn run(&self, principal: &Principal, tenant: &Tenant, day: Date) -> Result<ApplicationDigestReport> {
        principal.require_internal()?;
        let slug = &tenant.settings.slug;
        let day_text = day.to_string();
        let (from, to) = self.bounds(day)?;
        let mut offers_by_company: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
        for offer in self.employers.published_offers(slug)? {
            offers_by_company.entry(offer.company_id.clone()).or_default().push((offer.slug.clone(), offer.form.job_position_name.clone()));
        }
        let mut report = ApplicationDigestReport { day: day_text.clone(), ..ApplicationDigestReport::default() };
        let mut mails: Vec<(String, Mail)> = Vec::new();
        for (company_id, offers) in offers_by_company {
            let daily: Vec<_> =
                self.employers.company_users(slug, &company_id)?.into_iter().filter(|user| user.applications_notify == ApplicationsNotify::Daily).collect();
            if daily.is_empty() {
                continue;
            }
            let slugs: Vec<String> = offers.iter().map(|(slug, _)| slug.clone()).collect();
            let received = self.received(slug, &slugs, from, to)?;
            if received.is_empty() {
                continue;
            }
            report.companies += 1;
            let titles: BTreeMap<&str, &str> = offers.iter().map(|(slug, title)| (slug.as_str(), title.as_str())).collect();
            let lines: Vec<DigestLine> = received
                .iter()
                .rev()
                .map(|application| DigestLine {
                    offer_slug: application.offer_slug.clone(),
                    offer_title: titles.get(application.offer_slug.as_str()).copied().unwrap_or_default().to_string(),
                    name: application.applicant.as_ref().map(|applicant| applicant.name.clone()).unwrap_or_default(),
                })
                .collect();
            for user in daily {
                let Some(account) = self.accounts.get(slug, &user.account_id)?.filter(|account| account.email_confirmed) else { continue };
                let context = MailContext::new(&self.public_url, tenant, &account.lang);
                let mail = daily_digest(&context, &account.email, &user.name, &day_text, &lines)?;
                mails.push((application_digest_key(slug, &user.account_id, &day_text), mail));
            }
        }
        let outcomes = self.queue.enqueue_many(mails).map_err(|error| AppError::internal("queueing application digests", error))?;
        report.queued = outcomes.iter().filter(|outcome| **outcome == Enqueued::New).count();
        report.already_queued = outcomes.len() - report.queued;
        tracing::info!(tenant = %slug, ?report, "application digests queued");
        Ok(report)
    }
}
