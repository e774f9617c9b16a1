//! The employer panel's offers, statistics and applications (issue 12). Every call acts for the
//! caller's company: an application or offer of another company answers as if it did not exist.
//! Every user of the company may use these calls (roles restrict users and billing only).

use std::collections::BTreeMap;

use time::{Date, Duration};
use wakat_applications::{Application, ApplicationStatus, AttachmentRef, DayCounts, Page, Paged};
use wakat_core::text::fold;
use wakat_core::{FieldCode, FieldError};
use wakat_employers::{EmployerOffer, OfferState};
use wakat_engine::now;

use crate::employer_session::Employer;
use crate::error::{applications_error, employers_error, ApiError, ErrorCode, Result};
use crate::state::AppState;

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

    /// The state of a wire name (400 `invalid_offer_state` otherwise).
    pub fn parse(name: &str) -> Result<PanelState> {
        PanelState::ALL
            .into_iter()
            .find(|state| state.as_str() == name)
            .ok_or_else(|| ApiError::new(ErrorCode::InvalidOfferState).with_message("state must be draft, active, finished or expired").with_field("state"))
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

/// The company's offers, newest first, by state and title, with their counters.
pub fn offers(state: &AppState, employer: &Employer, request: OffersRequest) -> Result<PanelOffers> {
    let tenant = &employer.tenant.settings.slug;
    let now = now();
    let search = request.search.as_deref().map(fold).filter(|text| !text.trim().is_empty());
    let mut per_state = [0usize; 4];
    let mut matching = Vec::new();
    for offer in state.employers.company_offers(tenant, &employer.company_id).map_err(employers_error)? {
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
        let totals = state.offer_stats.totals(tenant, &offer.slug).map_err(applications_error)?;
        items.push(PanelOffer { offer, state: offer_state, totals });
    }
    let page = Paged { items, page_number: request.page.number(), page_size: request.page.size(), has_next_page: total > offset.saturating_add(size), total };
    Ok(PanelOffers { page, per_state })
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
        .map_err(|_| ApiError::from(FieldError::new(field, FieldCode::InvalidDate, format!("{field} must be a date as YYYY-MM-DD"))))
}

fn day_text(date: Date) -> String {
    format!("{:04}-{:02}-{:02}", date.year(), u8::from(date.month()), date.day())
}

/// The figures of the request's offers and days.
pub fn statistics(state: &AppState, employer: &Employer, request: StatisticsRequest) -> Result<Statistics> {
    let tenant = &employer.tenant.settings.slug;
    let now = now();
    let today = time::OffsetDateTime::from_unix_timestamp(now).map_err(|e| ApiError::internal(&e))?.date();
    let to = request.to.as_deref().map(|text| parse_day("to", text)).transpose()?.unwrap_or(today);
    let from = request.from.as_deref().map(|text| parse_day("from", text)).transpose()?.unwrap_or(to - Duration::days(DEFAULT_RANGE_DAYS - 1));
    let n_days = (to - from).whole_days() + 1;
    if !(1..=MAX_RANGE_DAYS).contains(&n_days) {
        return Err(ApiError::new(ErrorCode::InvalidDateRange)
            .with_message(format!("from must not be after to, and the range may cover at most {MAX_RANGE_DAYS} days"))
            .with_field("from"));
    }
    let offers = if request.offers.is_empty() {
        state.employers.company_offers(tenant, &employer.company_id).map_err(employers_error)?
    } else {
        let mut named = Vec::with_capacity(request.offers.len());
        for slug in &request.offers {
            if !named.iter().any(|offer: &EmployerOffer| &offer.slug == slug) {
                named.push(state.employers.offer(tenant, &employer.company_id, slug).map_err(employers_error)?);
            }
        }
        named
    };
    let (from_text, to_text) = (day_text(from), day_text(to));
    let mut by_day: BTreeMap<String, DayCounts> = BTreeMap::new();
    let mut totals = DayCounts::default();
    let mut offer_figures = Vec::with_capacity(offers.len());
    for offer in offers {
        let days = state.offer_stats.daily(tenant, &offer.slug, &from_text, &to_text).map_err(applications_error)?;
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

/// What the applications list asks for.
pub struct ApplicationsRequest {
    /// Only the applications of this offer (default: every offer of the company).
    pub offer: Option<String>,
    /// Only applications in this status.
    pub status: Option<ApplicationStatus>,
    /// The page.
    pub page: Page,
}

/// The status named on the wire (400 `invalid_application_status` otherwise).
pub fn parse_status(field: &str, name: &str) -> Result<ApplicationStatus> {
    ApplicationStatus::parse(name.trim()).ok_or_else(|| {
        ApiError::new(ErrorCode::InvalidApplicationStatus)
            .with_message(format!("{field} must be one of new, seen, in_review, interview, offer, hired, rejected"))
            .with_field(field)
    })
}

/// A page of the company's applications with the title of each one's offer.
pub fn applications(state: &AppState, employer: &Employer, request: ApplicationsRequest) -> Result<Paged<(Application, String)>> {
    let tenant = &employer.tenant.settings.slug;
    let offers = match &request.offer {
        Some(slug) => vec![state.employers.offer(tenant, &employer.company_id, slug).map_err(employers_error)?],
        None => state.employers.company_offers(tenant, &employer.company_id).map_err(employers_error)?,
    };
    let titles: BTreeMap<String, String> = offers.into_iter().map(|offer| (offer.slug, offer.form.job_position_name)).collect();
    let slugs: Vec<String> = titles.keys().cloned().collect();
    let paged = state.applications.list_for_offers(tenant, &slugs, request.status, request.page).map_err(applications_error)?;
    let items = paged.items.into_iter().map(|application| {
        let title = titles.get(&application.offer_slug).cloned().unwrap_or_default();
        (application, title)
    });
    Ok(Paged { items: items.collect(), page_number: paged.page_number, page_size: paged.page_size, has_next_page: paged.has_next_page, total: paged.total })
}

/// The application `id` if it was sent to an offer of the caller's company and not deleted.
fn owned_application(state: &AppState, employer: &Employer, id: &str) -> Result<(Application, EmployerOffer)> {
    let tenant = &employer.tenant.settings.slug;
    let not_found = || ApiError::new(ErrorCode::ApplicationNotFound);
    let application = state.applications.get(tenant, id).map_err(applications_error)?.filter(|a| a.removed_at.is_none()).ok_or_else(not_found)?;
    let offer = state.employers.offer(tenant, &employer.company_id, &application.offer_slug).map_err(|_| not_found())?;
    Ok((application, offer))
}

/// Moves an application to `status`; with `notify`, the candidate is told by mail (through the
/// durable queue) when the status changed. Returns the application and its offer's title.
pub fn set_status(state: &AppState, employer: &Employer, id: &str, status: ApplicationStatus, notify: bool) -> Result<(Application, String)> {
    let tenant = &employer.tenant;
    let (_, offer) = owned_application(state, employer, id)?;
    let (application, changed) = state.applications.set_status(&tenant.settings.slug, id, status, now()).map_err(applications_error)?;
    if changed && notify {
        if let Some(applicant) = &application.applicant {
            let context = wakat_app::mails::MailContext::new(&state.settings.server.public_url, tenant, &tenant.settings.default_locale);
            let mail = wakat_app::mails::applications::status_changed(&context, applicant, &offer.form.job_position_name, status)?;
            state.mail.send(mail)?;
        }
    }
    Ok((application, offer.form.job_position_name))
}

/// Deletes an application for the employer and releases its file.
pub fn delete(state: &AppState, employer: &Employer, id: &str) -> Result<()> {
    owned_application(state, employer, id)?;
    let attachment = state.applications.remove_by_employer(&employer.tenant.settings.slug, id, now()).map_err(applications_error)?;
    if let Some(attachment) = attachment {
        crate::services::applications::release(state, &attachment);
    }
    Ok(())
}

/// The CV of application `id` sent to the offer `slug` of the caller's company, with its bytes.
pub fn cv(state: &AppState, employer: &Employer, slug: &str, id: &str) -> Result<(AttachmentRef, Vec<u8>)> {
    let (application, _) = owned_application(state, employer, id)?;
    if application.offer_slug != slug {
        return Err(ApiError::new(ErrorCode::ApplicationNotFound));
    }
    let attachment = application.applicant.and_then(|applicant| applicant.attachment).ok_or_else(|| ApiError::new(ErrorCode::ApplicationHasNoCv))?;
    let hash = wakat_uploads::BlobHash::parse(&attachment.blob_hash).map_err(|e| ApiError::internal(&e))?;
    let mut file = state.blobs.open(&hash).map_err(|e| ApiError::internal(&e))?;
    let mut bytes = Vec::with_capacity(usize::try_from(attachment.size).unwrap_or(0));
    std::io::Read::read_to_end(&mut file, &mut bytes).map_err(|e| ApiError::internal(&e))?;
    Ok((attachment, bytes))
}
