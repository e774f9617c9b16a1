//! Bodies and answers of saved searches and job alerts (spec section 3 and 7).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use wakat_alerts::FiltersObject;
use wakat_app::alerts::{Activated, NewGuestAlert, NewSearch, SavedSearch, SavedSearches};

/// The spec's filters object: `categories` (slugs), `localization {city, radius}`, `salary {from,
/// to, currency}`, `employmentTypes`, `experiences`, `workingTimes`, `friendlyOffer`, `remote`,
/// `withSalary`, `remoteWorkOptions`, `search {keywords, companyNames, skills, jobTitles}`.
pub type FiltersValue = serde_json::Value;

/// `POST /job-filters`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateJobFilterRequest {
    /// The list page's address (a path starting with '/'); default: the list with these filters.
    #[serde(default)]
    pub search_url: Option<String>,
    /// Name; null or absent: the tags joined by commas.
    #[serde(default)]
    pub name: Option<String>,
    /// The filters object.
    #[serde(default)]
    #[schema(value_type = Object)]
    pub filters: FiltersObject,
}

/// `POST /job-alerts`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnableJobAlertRequest {
    /// The saved search.
    pub job_filter_id: String,
    /// everyDay, onceAWeek or twiceAWeek (default).
    #[serde(default)]
    pub frequency: Option<String>,
    /// A new name for the search (kept when absent).
    #[serde(default)]
    pub name: Option<String>,
}

/// `PATCH /job-filters/{id}/job-alert/frequency`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FrequencyRequest {
    /// The saved search (optional; the path names it).
    #[serde(default)]
    pub id: Option<String>,
    /// everyDay, onceAWeek or twiceAWeek.
    pub frequency: Option<String>,
}

/// `POST /guests/job-alerts`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuestJobAlertRequest {
    /// Where the digests go.
    #[serde(default)]
    pub email: Option<String>,
    /// everyDay, onceAWeek or twiceAWeek (default).
    #[serde(default)]
    pub frequency: Option<String>,
    /// Name; null or absent: the tags joined by commas.
    #[serde(default)]
    pub name: Option<String>,
    /// The filters object.
    #[serde(default)]
    #[schema(value_type = Object)]
    pub filters: FiltersObject,
    /// The guest also wants a candidate profile (default false).
    #[serde(default)]
    pub create_candidate: bool,
    /// Marketing consent (default false).
    #[serde(default)]
    pub marketing_agreement: bool,
    /// The list page's address.
    #[serde(default)]
    pub search_url: Option<String>,
}

/// `PUT /guests/job-alerts/activation`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActivationRequest {
    /// The code of the activation link.
    pub code: String,
    /// The saved search of the link (`job-filter-id`).
    pub job_filter_id: String,
    /// The guest (optional; checked when given).
    #[serde(default)]
    pub candidate_id: Option<String>,
}

/// The code of an unsubscribe link (`?code=`).
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CodeQuery {
    /// The code of the link.
    pub code: Option<String>,
}

/// The one-click unsubscribe URL's parameters (RFC 8058).
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct OneClickQuery {
    /// Owner segment (`a-{accountId}` or `g-{candidateId}`).
    pub owner: Option<String>,
    /// The saved search.
    pub job_filter_id: Option<String>,
    /// The code.
    pub code: Option<String>,
}

/// An alert's state.
#[derive(Debug, Serialize, ToSchema)]
pub struct JobAlertDto {
    /// active or pendingActivation.
    pub status: &'static str,
    /// everyDay, onceAWeek or twiceAWeek.
    pub frequency: &'static str,
}

/// A saved search.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobFilterDto {
    /// Id.
    pub id: String,
    /// The list page's address.
    pub search_url: String,
    /// The filters object.
    #[schema(value_type = Object)]
    pub filters: FiltersObject,
    /// Name (comma-separated tags by default).
    pub filter_name: String,
    /// Offers published since the search was last read.
    pub count: usize,
    /// The alert, or null.
    pub job_alert: Option<JobAlertDto>,
    /// The Atom feed of the search (signed, works without login).
    pub feed_url: String,
}

impl From<SavedSearch> for JobFilterDto {
    fn from(search: SavedSearch) -> JobFilterDto {
        let SavedSearch { filter, filters, new_offers, feed_url } = search;
        JobFilterDto {
            job_alert: filter.alert.as_ref().map(|alert| JobAlertDto { status: alert.status.as_str(), frequency: alert.frequency.as_str() }),
            id: filter.id,
            search_url: filter.search_url,
            filters,
            filter_name: filter.name,
            count: new_offers,
            feed_url,
        }
    }
}

/// `GET /job-filters`.
#[derive(Debug, Serialize, ToSchema)]
pub struct JobFiltersDto {
    /// The saved searches, oldest first.
    pub data: Vec<JobFilterDto>,
    /// The sum of their new-offers counts (the header's badge).
    pub count: usize,
}

impl From<SavedSearches> for JobFiltersDto {
    fn from(searches: SavedSearches) -> JobFiltersDto {
        JobFiltersDto { data: searches.searches.into_iter().map(JobFilterDto::from).collect(), count: searches.new_offers }
    }
}

/// A new saved search.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobFilterIdDto {
    /// Its id.
    pub job_filter_id: String,
}

/// An activated guest alert.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActivatedDto {
    /// The saved search.
    pub job_filter_id: String,
    /// The guest.
    pub candidate_id: String,
    /// active.
    pub status: &'static str,
    /// The code of the alert's unsubscribe link, so the browser that activated it can also end
    /// it (`DELETE /guests/job-alerts/{candidateId}/{jobFilterId}?code=`).
    pub unsubscribe_code: String,
}

impl From<Activated> for ActivatedDto {
    fn from(activated: Activated) -> ActivatedDto {
        ActivatedDto { job_filter_id: activated.filter_id, candidate_id: activated.guest_id, status: "active", unsubscribe_code: activated.unsubscribe_code }
    }
}

impl From<CreateJobFilterRequest> for NewSearch {
    fn from(request: CreateJobFilterRequest) -> NewSearch {
        NewSearch { filters: request.filters, name: request.name, search_url: request.search_url }
    }
}

impl From<GuestJobAlertRequest> for NewGuestAlert {
    fn from(request: GuestJobAlertRequest) -> NewGuestAlert {
        NewGuestAlert {
            search: NewSearch { filters: request.filters, name: request.name, search_url: request.search_url },
            email: request.email,
            frequency: request.frequency,
            create_candidate: request.create_candidate,
            marketing_agreement: request.marketing_agreement,
        }
    }
}
