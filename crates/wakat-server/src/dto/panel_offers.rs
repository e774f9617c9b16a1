//! Answers of the employer panel's offers, statistics and applications.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use wakat_applications::{Application, DayCounts, Paged};

use crate::dto::candidate::{PagingMeta, StatusChangeDto};
use crate::dto::iso_time;
use wakat_app::employers::panel_offers::{PanelOffer, PanelOffers, Statistics};

/// Views, applications and redirects with the conversions between them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CountsDto {
    /// Views (`POST /v1/views`).
    pub views: u64,
    /// Applications through the form or one-click.
    pub applications: u64,
    /// Counted external-apply redirects.
    pub redirects: u64,
    /// Applications per view (0.05 = 5 %), null without views.
    pub application_rate: Option<f64>,
    /// Redirects per view, null without views.
    pub redirect_rate: Option<f64>,
}

impl From<&DayCounts> for CountsDto {
    fn from(counts: &DayCounts) -> CountsDto {
        CountsDto {
            views: counts.views,
            applications: counts.applications,
            redirects: counts.redirects,
            application_rate: counts.application_rate(),
            redirect_rate: counts.redirect_rate(),
        }
    }
}

/// One offer of the panel.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PanelOfferDto {
    /// Slug (the manage page is `/employer/offers/{slug}`).
    pub slug: String,
    /// Title.
    pub title: String,
    /// `draft`, `active`, `finished` or `expired`.
    pub state: &'static str,
    /// Plan key.
    pub plan: String,
    /// RFC 3339, when published.
    pub published_at: Option<String>,
    /// RFC 3339, end of publication.
    pub expires_at: Option<String>,
    /// RFC 3339.
    pub created_at: String,
    /// All-time counters.
    pub counts: CountsDto,
}

impl From<&PanelOffer> for PanelOfferDto {
    fn from(item: &PanelOffer) -> PanelOfferDto {
        let offer = &item.offer;
        PanelOfferDto {
            slug: offer.slug.clone(),
            title: offer.form.job_position_name.clone(),
            state: item.state.as_str(),
            plan: offer.plan_key.clone(),
            published_at: offer.published_at.map(iso_time),
            expires_at: offer.expires_at.map(iso_time),
            created_at: iso_time(offer.created_at),
            counts: CountsDto::from(&item.totals),
        }
    }
}

/// How many offers each state holds.
#[derive(Debug, Serialize, ToSchema)]
pub struct StateCountsDto {
    /// Drafts.
    pub draft: usize,
    /// Active.
    pub active: usize,
    /// Finished.
    pub finished: usize,
    /// Expired.
    pub expired: usize,
}

/// A page of the company's offers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PanelOffersDto {
    /// The offers, newest first.
    pub data: Vec<PanelOfferDto>,
    /// Paging.
    pub meta: PagingMeta,
    /// Offers per state (of the search, whatever the state filter).
    pub states: StateCountsDto,
}

impl From<&PanelOffers> for PanelOffersDto {
    fn from(offers: &PanelOffers) -> PanelOffersDto {
        let [draft, active, finished, expired] = offers.per_state;
        PanelOffersDto {
            data: offers.page.items.iter().map(PanelOfferDto::from).collect(),
            meta: PagingMeta::of(&offers.page),
            states: StateCountsDto { draft, active, finished, expired },
        }
    }
}

/// One day's figures.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayDto {
    /// `YYYY-MM-DD` (UTC).
    pub date: String,
    /// The figures.
    #[serde(flatten)]
    pub counts: CountsDto,
}

/// One offer's figures over the range.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfferStatisticsDto {
    /// Slug.
    pub slug: String,
    /// Title.
    pub title: String,
    /// `draft`, `active`, `finished` or `expired`.
    pub state: &'static str,
    /// Sums over the range.
    pub totals: CountsDto,
    /// Days with anything counted, oldest first.
    pub days: Vec<DayDto>,
}

/// The statistics of a range.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatisticsDto {
    /// First day.
    pub from: String,
    /// Last day.
    pub to: String,
    /// Sums over every offer and day.
    pub totals: CountsDto,
    /// Every day of the range, summed over the offers (zeros included).
    pub days: Vec<DayDto>,
    /// Per offer.
    pub offers: Vec<OfferStatisticsDto>,
}

impl From<&Statistics> for StatisticsDto {
    fn from(stats: &Statistics) -> StatisticsDto {
        let day = |(date, counts): (&String, &DayCounts)| DayDto { date: date.clone(), counts: CountsDto::from(counts) };
        StatisticsDto {
            from: stats.from.clone(),
            to: stats.to.clone(),
            totals: CountsDto::from(&stats.totals),
            days: stats.days.iter().map(|(date, counts)| day((date, counts))).collect(),
            offers: stats
                .offers
                .iter()
                .map(|offer| OfferStatisticsDto {
                    slug: offer.slug.clone(),
                    title: offer.title.clone(),
                    state: offer.state.as_str(),
                    totals: CountsDto::from(&offer.totals),
                    days: offer.days.iter().map(day).collect(),
                })
                .collect(),
        }
    }
}

/// A spreadsheet cell: quoted, and a leading `=`, `+`, `-`, `@` defused so a spreadsheet does
/// not run a title as a formula.
fn cell(text: &str) -> String {
    let defused = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) { format!("'{text}") } else { text.to_string() };
    format!("\"{}\"", defused.replace('"', "\"\""))
}

fn rate(rate: Option<f64>) -> String {
    rate.map(|r| format!("{r:.4}")).unwrap_or_default()
}

/// The same figures as CSV: one row per offer and day with anything counted, oldest day first.
pub fn statistics_csv(stats: &Statistics) -> String {
    let mut rows: Vec<(&str, &str, &str, &DayCounts)> = Vec::new();
    for offer in &stats.offers {
        for (day, counts) in &offer.days {
            rows.push((day, &offer.slug, &offer.title, counts));
        }
    }
    rows.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
    let mut csv = String::from("date,offer_slug,offer_title,views,applications,redirects,application_rate,redirect_rate\r\n");
    for (day, slug, title, counts) in rows {
        csv.push_str(&format!(
            "{day},{},{},{},{},{},{},{}\r\n",
            cell(slug),
            cell(title),
            counts.views,
            counts.applications,
            counts.redirects,
            rate(counts.application_rate()),
            rate(counts.redirect_rate())
        ));
    }
    csv
}

/// The CV of an application.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CvDto {
    /// The name it was uploaded with.
    pub file_name: String,
    /// Bytes.
    pub size: u64,
    /// The type sniffed from its content.
    pub mime: String,
    /// `/api/{tenant}/v1/offers/{slug}/applications/{id}/download` (needs the bearer token).
    pub download_url: String,
}

/// An application as the employer sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PanelApplicationDto {
    /// Id.
    pub id: String,
    /// The offer's slug.
    pub offer_slug: String,
    /// The offer's title.
    pub offer_title: String,
    /// `apply_form` or `1_click_apply`.
    pub source: String,
    /// RFC 3339.
    pub applied_at: String,
    /// `new`, `seen`, `in_review`, `interview`, `offer`, `hired` or `rejected`.
    pub status: &'static str,
    /// Every change, oldest first.
    pub status_history: Vec<StatusChangeDto>,
    /// Null once the candidate had their data erased.
    pub name: Option<String>,
    /// Null once erased.
    pub email: Option<String>,
    /// The message to the employer.
    pub message: Option<String>,
    /// Consent to future recruitments.
    pub future_consent: bool,
    /// The offer's own consent.
    pub custom_consent: bool,
    /// The CV, when one came with it.
    pub cv: Option<CvDto>,
}

impl PanelApplicationDto {
    /// The employer's view of `application` to the offer titled `title`.
    pub fn new(tenant: &str, application: &Application, title: &str) -> PanelApplicationDto {
        let applicant = application.applicant.as_ref();
        PanelApplicationDto {
            id: application.id.clone(),
            offer_slug: application.offer_slug.clone(),
            offer_title: title.to_string(),
            source: serde_json::to_value(application.source).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default(),
            applied_at: iso_time(application.at),
            status: application.status.as_str(),
            status_history: StatusChangeDto::all(&application.status_changes),
            name: applicant.map(|a| a.name.clone()),
            email: applicant.map(|a| a.email.clone()),
            message: applicant.and_then(|a| a.message.clone()),
            future_consent: applicant.is_some_and(|a| a.consents.future),
            custom_consent: applicant.is_some_and(|a| a.consents.custom),
            cv: applicant.and_then(|a| a.attachment.as_ref()).map(|file| CvDto {
                file_name: file.file_name.clone(),
                size: file.size,
                mime: file.mime.clone(),
                download_url: format!("/api/{tenant}/v1/offers/{}/applications/{}/download", application.offer_slug, application.id),
            }),
        }
    }
}

/// A page of applications.
#[derive(Debug, Serialize, ToSchema)]
pub struct PanelApplicationsDto {
    /// Newest first.
    pub data: Vec<PanelApplicationDto>,
    /// Paging.
    pub meta: PagingMeta,
}

impl PanelApplicationsDto {
    /// The page.
    pub fn new(tenant: &str, paged: &Paged<(Application, String)>) -> PanelApplicationsDto {
        PanelApplicationsDto {
            data: paged.items.iter().map(|(application, title)| PanelApplicationDto::new(tenant, application, title)).collect(),
            meta: PagingMeta::of(paged),
        }
    }
}

/// `PATCH /v2/employer-panel/applications/{id}/status`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusRequest {
    /// `new`, `seen`, `in_review`, `interview`, `offer`, `hired` or `rejected`.
    pub status: String,
    /// Whether the candidate gets an e-mail about the change (default false).
    #[serde(default)]
    pub notify_candidate: bool,
}
