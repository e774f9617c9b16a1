//! The digest run of one board and one local day: every active alert due that day gets one mail
//! with the offers published since its last digest, or nothing when there is nothing new.
//!
//! Exactly once: each mail is recorded in the durable mail queue under the idempotency key
//! `digest/{tenant}/{owner}/{search}/{day}` *before* the alert is marked decided for the day; a
//! run that dies half-way is run again (by the scheduler on restart, or by hand), finds the
//! decided alerts done and the queued ones known to the queue, and adds only what is missing.
//! Alerts sharing a filter and a last digest time are evaluated once.

use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

use jiff::civil::Date;
use jiff::tz::TimeZone;
use wakat_accounts::AccountStore;
use wakat_alerts::{AlertStore, JobFilter, Owner};
use wakat_core::filters::ListParams;
use wakat_core::{OrderBy, Sort, SortBy};
use wakat_engine::{Engine, Tenant};
use wakat_mail::{Mail, MailQueue};
use wakat_search::{Hit, ListRequest};

use crate::error::{AppError, Result};
use crate::mails::alerts::{digest, DigestAlert};
use crate::mails::MailContext;
use crate::{Clock, Principal};

#[cfg(test)]
mod tests;

/// Mails queued per transaction of the mail queue.
const BATCH: usize = 256;

/// What a run did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DigestReport {
    /// The local day (`YYYY-MM-DD`).
    pub day: String,
    /// Active alerts due that day.
    pub due: usize,
    /// Due alerts already decided by an earlier (or interrupted) run of the day.
    pub already_done: usize,
    /// Digests recorded in the mail queue by this run.
    pub queued: usize,
    /// Alerts with nothing new (no mail).
    pub nothing_new: usize,
    /// Alerts whose owner or filter can no longer be used (account gone, filter no longer parses).
    pub skipped: usize,
    /// Distinct (filter, since) evaluations run.
    pub evaluations: usize,
}

/// Weekday counted from Monday = 0.
pub fn weekday_from_monday(day: Date) -> u8 {
    day.weekday().to_monday_zero_offset() as u8
}

/// The offers of one evaluation: distinct offers, newest first, and how many there are.
struct Found {
    offers: Vec<Hit>,
    total: usize,
}

fn evaluate(engine: &Engine, tenant: &Tenant, params: &ListParams, since: i64, cutoff: i64, max_offers: usize) -> Result<Found> {
    let request = ListRequest {
        tenant: Some(&tenant.settings.slug),
        filters: &params.filters,
        sort: Sort { by: SortBy::Newest, order: OrderBy::Desc },
        offset: 0,
        limit: max_offers * 3,
        now: cutoff,
        count_categories: false,
        viewport: None,
        region: None,
    };
    let result = engine.index.list_published_after(&request, since)?;
    let fetched = result.hits.len();
    let mut seen = HashSet::new();
    let offers: Vec<Hit> = result.hits.into_iter().filter(|hit| hit.offer.published_at <= cutoff && seen.insert(hit.parent_slug.clone())).collect();
    let distinct = offers.len();
    let total = if result.total <= fetched { distinct } else { result.total };
    Ok(Found { offers: offers.into_iter().take(max_offers).collect(), total })
}

/// The digest run: what it reads (the alerts, the accounts, the index) and where its mails go.
#[derive(Clone)]
pub struct Digests {
    engine: Arc<Engine>,
    alerts: Arc<AlertStore>,
    accounts: Arc<AccountStore>,
    queue: Arc<MailQueue>,
    /// The server's public URL (`server.public_url`): the base of the mails' links.
    public_url: String,
    /// The scheduler's time zone (`server.time_zone`): what "today" is.
    zone: TimeZone,
    clock: Clock,
}

/// The idempotency key of an alert's digest for a day.
pub fn digest_key(tenant: &str, filter: &JobFilter, day: &str) -> String {
    format!("digest/{tenant}/{}/{}/{day}", filter.owner, filter.id)
}

impl Digests {
    /// The run over its stores; `public_url` is `server.public_url`, `zone` the scheduler's.
    pub fn new(
        engine: Arc<Engine>,
        alerts: Arc<AlertStore>,
        accounts: Arc<AccountStore>,
        queue: Arc<MailQueue>,
        public_url: &str,
        zone: TimeZone,
        clock: Clock,
    ) -> Digests {
        Digests { engine, alerts, accounts, queue, public_url: public_url.to_string(), zone, clock }
    }

    /// Who gets an alert's digest: (address, language), or `None` when nobody can (account gone).
    fn recipient(&self, tenant: &Tenant, owner: &Owner) -> Result<Option<(String, String)>> {
        let slug = &tenant.settings.slug;
        Ok(match owner {
            Owner::Account(id) => self.accounts.get(slug, id)?.filter(|account| account.email_confirmed).map(|account| (account.email, account.lang)),
            Owner::Guest(id) => self.alerts.guest(slug, id)?.map(|guest| (guest.email, guest.lang)),
        })
    }

    /// Runs the digests of `tenant` for the local `day`; offers up to now count. Only the
    /// scheduler and the internal API ([`Principal::Internal`]) run it.
    pub fn run(&self, principal: &Principal, tenant: &Tenant, day: Date) -> Result<DigestReport> {
        principal.require_internal()?;
        let slug = &tenant.settings.slug;
        let day_text = day.to_string();
        let weekday = weekday_from_monday(day);
        // A run mails the offers published in (last digest, cutoff]; the next one starts after the
        // cutoff. The cutoff is the last whole second: an offer of the current second belongs to the
        // next run, as one published a moment later would. And an offer acknowledged before now may
        // wait up to the index writer's commit interval to be searchable: the commit makes every one
        // of them visible, or the run would miss it and the next would start after it.
        let cutoff = self.clock.now() - 1;
        self.engine.commit_index().map_err(|error| AppError::internal("committing the index", error))?;
        let settings = tenant.settings.job_alerts;
        let mut report = DigestReport { day: day_text.clone(), ..DigestReport::default() };
        // Group the due alerts by what they ask: canonical filter and the instant they start from.
        // A group keeps only its alerts' owners and ids (a few dozen bytes each): each filter is read
        // again when its mail is written, so 100,000 alerts never sit in memory at once.
        let mut groups: BTreeMap<(String, i64), Vec<(String, String)>> = BTreeMap::new();
        self.alerts.for_each_active_alert(slug, |filter| {
            let Some(alert) = &filter.alert else { return Ok(()) };
            if !alert.frequency.due_on(weekday) {
                return Ok(());
            }
            report.due += 1;
            if alert.last_period.as_deref() == Some(day_text.as_str()) {
                report.already_done += 1;
                return Ok(());
            }
            groups.entry((filter.canonical, alert.last_digest_at)).or_default().push((filter.owner, filter.id));
            Ok(())
        })?;
        let mut batch: Vec<(String, Mail, JobFilter)> = Vec::with_capacity(BATCH);
        let contexts = [("pl", MailContext::new(&self.public_url, tenant, "pl")), ("en", MailContext::new(&self.public_url, tenant, "en"))];
        let context_for = |lang: &str| if lang == "en" { &contexts[1].1 } else { &contexts[0].1 };
        for ((_, since), members) in groups {
            // Filters deleted since the scan drop out here; the first one left gives the search.
            let mut members = members.into_iter();
            let mut first = None;
            for (owner, id) in members.by_ref() {
                if let Some(filter) = self.reread(slug, &owner, &id)? {
                    first = Some(filter);
                    break;
                }
            }
            let Some(first) = first else { continue };
            let params = crate::alerts::params_of(&self.engine, tenant, &first);
            let filters = std::iter::once(Ok(Some(first))).chain(members.map(|(owner, id)| self.reread(slug, &owner, &id)));
            let filters = filters.filter_map(Result::transpose);
            let params = match params {
                Ok(params) => params,
                Err(error) => {
                    tracing::warn!(error = %error, tenant = %slug, "a saved search no longer parses; its alerts are skipped");
                    for filter in filters {
                        let filter = filter?;
                        report.skipped += 1;
                        self.record(slug, &filter, &day_text, cutoff)?;
                    }
                    continue;
                }
            };
            report.evaluations += 1;
            let found = evaluate(&self.engine, tenant, &params, since, cutoff, settings.max_offers)?;
            for filter in filters {
                let filter = filter?;
                if found.offers.is_empty() {
                    report.nothing_new += 1;
                    self.record(slug, &filter, &day_text, cutoff)?;
                    continue;
                }
                let Some(owner) = filter.owner() else { continue };
                let Some((email, lang)) = self.recipient(tenant, &owner)? else {
                    report.skipped += 1;
                    self.record(slug, &filter, &day_text, cutoff)?;
                    continue;
                };
                let code = self.alerts.unsubscribe_code(slug, &owner, &filter.id);
                let alert = DigestAlert { filter: &filter, owner: &owner, email: &email, unsubscribe_code: &code, currency: params.filters.currency };
                let mail = digest(context_for(&lang), slug, &self.engine.rates, &alert, &found.offers, found.total)?;
                batch.push((digest_key(slug, &filter, &day_text), mail, filter));
                if batch.len() >= BATCH {
                    report.queued += self.flush_batch(slug, &mut batch, &day_text, cutoff)?;
                }
            }
        }
        report.queued += self.flush_batch(slug, &mut batch, &day_text, cutoff)?;
        self.alerts.flush()?;
        tracing::info!(tenant = %slug, ?report, "digest run finished");
        Ok(report)
    }

    /// A saved search of the run, read again by its owner's segment and id (`None`: deleted, or its
    /// alert switched off, since the scan).
    fn reread(&self, tenant: &str, owner: &str, id: &str) -> Result<Option<JobFilter>> {
        let Some(owner) = Owner::from_segment(owner) else { return Ok(None) };
        let filter = self.alerts.get(tenant, &owner, id)?;
        Ok(filter.filter(|filter| filter.alert.as_ref().is_some_and(|alert| alert.status == wakat_alerts::AlertStatus::Active)))
    }

    fn record(&self, tenant: &str, filter: &JobFilter, day: &str, cutoff: i64) -> Result<()> {
        Ok(self.alerts.record_digest(tenant, &filter.owner, &filter.id, day, cutoff)?)
    }

    /// Queues a batch durably, then marks its alerts decided; the count of mails new to the queue.
    fn flush_batch(&self, tenant: &str, batch: &mut Vec<(String, Mail, JobFilter)>, day: &str, cutoff: i64) -> Result<usize> {
        if batch.is_empty() {
            return Ok(0);
        }
        let items: Vec<(String, Mail)> = batch.iter().map(|(key, mail, _)| (key.clone(), mail.clone())).collect();
        let outcomes = self.queue.enqueue_many(items).map_err(|error| AppError::internal("queueing digests", error))?;
        for (_, _, filter) in batch.drain(..) {
            self.record(tenant, &filter, day, cutoff)?;
        }
        Ok(outcomes.iter().filter(|o| **o == wakat_mail::Enqueued::New).count())
    }

    /// Today's date in the scheduler's time zone.
    pub fn today(&self) -> Date {
        self.clock_timestamp().to_zoned(self.zone.clone()).date()
    }

    fn clock_timestamp(&self) -> jiff::Timestamp {
        jiff::Timestamp::from_second(self.clock.now()).unwrap_or_else(|_| jiff::Timestamp::now())
    }
}
