//! The employer panel's offers, statistics and applications (issue 12). Every call acts for the
//! caller's company: an application or offer of another company answers as if it did not exist.
//! Every user of the company may use these calls (roles restrict users and billing only).

use std::collections::BTreeMap;
use std::sync::Arc;

use time::{Date, Duration};
use wakat_applications::{Application, ApplicationStatus, ApplicationStore, AttachmentRef, DayCounts, OfferStats, Page, Paged};
use wakat_core::text::fold;
use wakat_core::{ErrorCode, FieldError};
use wakat_employers::{EmployerOffer, EmployerStore, OfferState};
use wakat_engine::Tenant;
use wakat_uploads::{BlobHash, BlobStore};

use crate::employers::Acting;
use crate::error::{AppError, Result};
use crate::mail_queue::MailSender;
use crate::{Clock, Principal};

/// Days a statistics call covers when it names no range (today and the 29 before).
pub const DEFAULT_RANGE_DAYS: i64 = 30;
/// The longest range one statistics call takes.
pub const MAX_RANGE_DAYS: i64 = 366;

/// Where an offer is, as the panel groups them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PanelState {
    /// Not published yet.
    Draft,
    /// Published and not expired.
    Active,
    /// Recruitment finished by the employer.
    Finished,
    /// Published, and its time ran out.
    Expired,
}

impl PanelState {
    /// Every state, in the panel's order.
    pub const ALL: [PanelState; 4] = [PanelState::Draft, PanelState::Active, PanelState::Finished, PanelState::Expired];

    /// The wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            PanelState::Draft => "draft",
            PanelState::Active => "active",
            PanelState::Finished => "finished",
            PanelState::Expired => "expired",
        }
    }

    /// The state of a wire name ([`AppError::InvalidOfferState`] otherwise).
    pub fn parse(name: &str) -> Result<PanelState> {
        PanelState::ALL.into_iter().find(|state| state.as_str() == name).ok_or(AppError::InvalidOfferState)
    }

    /// The state of an offer at `now`.
    pub fn of(offer: &EmployerOffer, now: i64) -> PanelState {
        match offer.state {
            OfferState::Draft => PanelState::Draft,
            OfferState::Finished => PanelState::Finished,
            OfferState::Published if offer.is_active(now) => PanelState::Active,
            OfferState::Published => PanelState::Expired,
        }
    }
}

/// An offer of the panel with its all-time counters.
pub struct PanelOffer {
    /// The employer's record.
    pub offer: EmployerOffer,
    /// Its panel state.
    pub state: PanelState,
    /// Views, applications and redirects since it was published.
    pub totals: DayCounts,
}

/// A page of the company's offers, and how many offers each state holds.
pub struct PanelOffers {
    /// The page.
    pub page: Paged<PanelOffer>,
    /// Offers per state (matching the search), in [`PanelState::ALL`] order.
    pub per_state: [usize; 4],
}

/// What the offers list asks for.
pub struct OffersRequest {
    /// Only offers in this state.
    pub state: Option<PanelState>,
    /// Only offers whose title holds this text (case and diacritics folded).
    pub search: Option<String>,
    /// The page.
    pub page: Page,
}

/// What the statistics call asks for.
pub struct StatisticsRequest {
    /// First day, `YYYY-MM-DD` (default: 29 days before `to`).
    pub from: Option<String>,
    /// Last day, `YYYY-MM-DD` (default: today, UTC).
    pub to: Option<String>,
    /// Only these offers (default: every offer of the company).
    pub offers: Vec<String>,
}

/// One offer's figures over the range.
pub struct OfferStatistics {
    /// The offer's slug.
    pub slug: String,
    /// Its title.
    pub title: String,
    /// Its panel state.
    pub state: PanelState,
    /// Sums over the range.
    pub totals: DayCounts,
    /// The days with anything counted.
    pub days: BTreeMap<String, DayCounts>,
}

/// The figures of a range: per offer per day, and the company's per day.
pub struct Statistics {
    /// First day.
    pub from: String,
    /// Last day.
    pub to: String,
    /// Every day of the range with the sums over the offers (zeros included, for charts).
    pub days: Vec<(String, DayCounts)>,
    /// Sums over everything.
    pub totals: DayCounts,
    /// Per offer, newest offer first.
    pub offers: Vec<OfferStatistics>,
}

fn parse_day(field: &str, text: &str) -> Result<Date> {
    let format = time::macros::format_description!("[year]-[month]-[day]");
    Date::parse(text.trim(), &format)
        .map_err(|_| AppError::from(FieldError::new(field, ErrorCode::InvalidDate, format!("{field} must be a date as YYYY-MM-DD"))))
}

fn day_text(date: Date) -> String {
    format!("{:04}-{:02}-{:02}", date.year(), u8::from(date.month()), date.day())
}

/// What the applications list asks for.
pub struct ApplicationsRequest {
    /// Only the applications of this offer (default: every offer of the company).
    pub offer: Option<String>,
    /// Only applications in this status.
    pub status: Option<ApplicationStatus>,
    /// The page.
    pub page: Page,
}

/// The status named on the wire ([`AppError::InvalidApplicationStatus`] otherwise).
pub fn parse_status(field: &'static str, name: &str) -> Result<ApplicationStatus> {
    ApplicationStatus::parse(name.trim()).ok_or(AppError::InvalidApplicationStatus { field })
}

/// Drops an application's reference on its file (the file goes when nobody references it).
pub fn release_attachment(blobs: &BlobStore, attachment: &AttachmentRef) {
    let Ok(hash) = BlobHash::parse(&attachment.blob_hash) else { return };
    if let Err(error) = blobs.detach(&hash, &attachment.owner) {
        tracing::error!(%error, owner = attachment.owner, "an attachment reference could not be released");
    }
}

/// The employer panel's offers, statistics and applications.
#[derive(Clone)]
pub struct PanelOffersService {
    employers: Arc<EmployerStore>,
    applications: Arc<ApplicationStore>,
    offer_stats: Arc<OfferStats>,
    blobs: Arc<BlobStore>,
    mail: MailSender,
    public_url: Arc<str>,
    clock: Clock,
}

impl PanelOffersService {
    /// The service over its stores, the mail sender and the public URL of mails' links.
    pub fn new(
        employers: Arc<EmployerStore>,
        applications: Arc<ApplicationStore>,
        offer_stats: Arc<OfferStats>,
        blobs: Arc<BlobStore>,
        mail: MailSender,
        public_url: &str,
        clock: Clock,
    ) -> PanelOffersService {
        PanelOffersService { employers, applications, offer_stats, blobs, mail, public_url: public_url.into(), clock }
    }

    /// The company's offers, newest first, by state and title, with their counters.
    pub fn offers(&self, tenant: &Tenant, principal: &Principal, request: OffersRequest) -> Result<PanelOffers> {
        let acting = Acting::of(principal)?;
        let tenant = &tenant.settings.slug;
        let now = self.clock.now();
        let search = request.search.as_deref().map(fold).filter(|text| !text.trim().is_empty());
        let mut per_state = [0usize; 4];
        let mut matching = Vec::new();
        for offer in self.employers.company_offers(tenant, acting.company_id)? {
            if search.as_ref().is_some_and(|text| !fold(&offer.form.job_position_name).contains(text.trim())) {
                continue;
            }
            let offer_state = PanelState::of(&offer, now);
            per_state[PanelState::ALL.iter().position(|s| *s == offer_state).unwrap_or(0)] += 1;
            if request.state.is_none_or(|wanted| wanted == offer_state) {
                matching.push((offer, offer_state));
            }
        }
        let size = request.page.size() as usize;
        let offset = (request.page.number() as usize - 1).saturating_mul(size);
        let total = matching.len();
        let mut items = Vec::new();
        for (offer, offer_state) in matching.into_iter().skip(offset).take(size) {
            let totals = self.offer_stats.totals(tenant, &offer.slug)?;
            items.push(PanelOffer { offer, state: offer_state, totals });
        }
        let page =
            Paged { items, page_number: request.page.number(), page_size: request.page.size(), has_next_page: total > offset.saturating_add(size), total };
        Ok(PanelOffers { page, per_state })
    }

    /// The figures of the request's offers and days.
    pub fn statistics(&self, tenant: &Tenant, principal: &Principal, request: StatisticsRequest) -> Result<Statistics> {
        let acting = Acting::of(principal)?;
        let tenant = &tenant.settings.slug;
        let now = self.clock.now();
        let today = time::OffsetDateTime::from_unix_timestamp(now).map_err(|e| AppError::internal("today's date", e))?.date();
        let to = request.to.as_deref().map(|text| parse_day("to", text)).transpose()?.unwrap_or(today);
        let from = request.from.as_deref().map(|text| parse_day("from", text)).transpose()?.unwrap_or(to - Duration::days(DEFAULT_RANGE_DAYS - 1));
        let n_days = (to - from).whole_days() + 1;
        if !(1..=MAX_RANGE_DAYS).contains(&n_days) {
            return Err(AppError::InvalidDateRange { max_days: MAX_RANGE_DAYS });
        }
        let offers = if request.offers.is_empty() {
            self.employers.company_offers(tenant, acting.company_id)?
        } else {
            let mut named = Vec::with_capacity(request.offers.len());
            for slug in &request.offers {
                if !named.iter().any(|offer: &EmployerOffer| &offer.slug == slug) {
                    named.push(self.employers.offer(tenant, acting.company_id, slug)?);
                }
            }
            named
        };
        let (from_text, to_text) = (day_text(from), day_text(to));
        let mut by_day: BTreeMap<String, DayCounts> = BTreeMap::new();
        let mut totals = DayCounts::default();
        let mut offer_figures = Vec::with_capacity(offers.len());
        for offer in offers {
            let days = self.offer_stats.daily(tenant, &offer.slug, &from_text, &to_text)?;
            let mut offer_totals = DayCounts::default();
            for (day, counts) in &days {
                offer_totals.add(counts);
                by_day.entry(day.clone()).or_default().add(counts);
            }
            totals.add(&offer_totals);
            let offer_state = PanelState::of(&offer, now);
            offer_figures.push(OfferStatistics { slug: offer.slug, title: offer.form.job_position_name, state: offer_state, totals: offer_totals, days });
        }
        let days = (0..n_days)
            .map(|offset| {
                let day = day_text(from + Duration::days(offset));
                let counts = by_day.get(&day).copied().unwrap_or_default();
                (day, counts)
            })
            .collect();
        Ok(Statistics { from: from_text, to: to_text, days, totals, offers: offer_figures })
    }

    /// A page of the company's applications with the title of each one's offer.
    pub fn applications(&self, tenant: &Tenant, principal: &Principal, request: ApplicationsRequest) -> Result<Paged<(Application, String)>> {
        let acting = Acting::of(principal)?;
        let tenant = &tenant.settings.slug;
        let offers = match &request.offer {
            Some(slug) => vec![self.employers.offer(tenant, acting.company_id, slug)?],
            None => self.employers.company_offers(tenant, acting.company_id)?,
        };
        let titles: BTreeMap<String, String> = offers.into_iter().map(|offer| (offer.slug, offer.form.job_position_name)).collect();
        let slugs: Vec<String> = titles.keys().cloned().collect();
        let paged = self.applications.list_for_offers(tenant, &slugs, request.status, request.page)?;
        let items = paged.items.into_iter().map(|application| {
            let title = titles.get(&application.offer_slug).cloned().unwrap_or_default();
            (application, title)
        });
        Ok(Paged { items: items.collect(), page_number: paged.page_number, page_size: paged.page_size, has_next_page: paged.has_next_page, total: paged.total })
    }

    /// The application `id` if it was sent to an offer of the caller's company and not deleted.
    fn owned_application(&self, tenant: &Tenant, acting: &Acting<'_>, id: &str) -> Result<(Application, EmployerOffer)> {
        let tenant = &tenant.settings.slug;
        let not_found = || AppError::ApplicationNotFound;
        let application = self.applications.get(tenant, id)?.filter(|a| a.removed_at.is_none()).ok_or_else(not_found)?;
        let offer = self.employers.offer(tenant, acting.company_id, &application.offer_slug).map_err(|_| not_found())?;
        Ok((application, offer))
    }

    /// Moves an application to `status`; with `notify`, the candidate is told by mail (through the
    /// durable queue) when the status changed. Returns the application and its offer's title.
    pub fn set_status(&self, tenant: &Tenant, principal: &Principal, id: &str, status: ApplicationStatus, notify: bool) -> Result<(Application, String)> {
        let (_, offer) = self.owned_application(tenant, &Acting::of(principal)?, id)?;
        let (application, changed) = self.applications.set_status(&tenant.settings.slug, id, status, self.clock.now())?;
        if changed && notify {
            if let Some(applicant) = &application.applicant {
                let context = crate::mails::MailContext::new(&self.public_url, tenant, &tenant.settings.default_locale);
                let mail = crate::mails::applications::status_changed(&context, applicant, &offer.form.job_position_name, status)?;
                self.mail.send(mail)?;
            }
        }
        Ok((application, offer.form.job_position_name))
    }

    /// Deletes an application for the employer and releases its file.
    pub fn delete(&self, tenant: &Tenant, principal: &Principal, id: &str) -> Result<()> {
        self.owned_application(tenant, &Acting::of(principal)?, id)?;
        let attachment = self.applications.remove_by_employer(&tenant.settings.slug, id, self.clock.now())?;
        if let Some(attachment) = attachment {
            release_attachment(&self.blobs, &attachment);
        }
        Ok(())
    }

    /// The CV of application `id` sent to the offer `slug` of the caller's company, with its bytes.
    pub fn cv(&self, tenant: &Tenant, principal: &Principal, slug: &str, id: &str) -> Result<(AttachmentRef, Vec<u8>)> {
        let (application, _) = self.owned_application(tenant, &Acting::of(principal)?, id)?;
        if application.offer_slug != slug {
            return Err(AppError::ApplicationNotFound);
        }
        let attachment = application.applicant.and_then(|applicant| applicant.attachment).ok_or(AppError::ApplicationHasNoCv)?;
        let hash = BlobHash::parse(&attachment.blob_hash).map_err(|e| AppError::internal("an attachment's hash", e))?;
        let bytes = self.blobs.read(&hash).map_err(|e| AppError::internal("reading a CV", e))?;
        Ok((attachment, bytes))
    }
}
