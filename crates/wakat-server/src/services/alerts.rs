//! Saved searches and job alerts: the logged-in candidate's searches (`/job-filters`,
//! `/job-alerts`) and the guests' alerts (`/guests/job-alerts`), between the parsed request and
//! [`wakat_alerts::AlertStore`]. Filters go through the list's own parser; mails through the
//! board's mail layout.

use wakat_accounts::AccountKind;
use wakat_alerts::filters::{self, FiltersObject};
use wakat_alerts::validate::{check_email, check_name, default_name};
use wakat_alerts::{AlertsError, Frequency, GuestAlertRequest, JobFilter, NewFilter, Owner};
use wakat_core::filters::ListParams;
use wakat_engine::{now, Tenant};
use wakat_search::ListRequest;

use crate::dto::alerts::{ActivatedDto, ActivationRequest, CreateJobFilterRequest, EnableJobAlertRequest, GuestJobAlertRequest, JobFilterDto, JobFiltersDto};
use crate::error::{alerts_error, ApiError, ErrorCode, Result};
use crate::mails::{self, MailContext};
use crate::session::Candidate;
use crate::state::AppState;

/// Longest `searchUrl` kept.
const MAX_SEARCH_URL_CHARS: usize = 2000;

fn owner_of(candidate: &Candidate) -> Owner {
    Owner::Account(candidate.account_id.clone())
}

/// `frequency`: absent is the default (twiceAWeek); anything but the three values is a 400.
fn frequency(value: Option<&str>) -> Result<Frequency> {
    match value {
        None => Ok(Frequency::default()),
        Some(text) => Frequency::parse(text).ok_or_else(|| ApiError::new(ErrorCode::InvalidFrequency).with_field("frequency")),
    }
}

/// The list page's address: a path of the web app (never another site, since mails link to it).
fn search_url(value: Option<String>, params: &ListParams) -> Result<String> {
    match value.map(|url| url.trim().to_string()).filter(|url| !url.is_empty()) {
        None => Ok(format!("/?{}", filters::canonical_query(params))),
        Some(url) if url.starts_with('/') && !url.starts_with("//") && !url.contains('\\') && url.chars().count() <= MAX_SEARCH_URL_CHARS => {
            if url.chars().any(char::is_control) {
                return Err(ApiError::field_error("invalid_search_url", "searchUrl", "searchUrl must be a path of the web app"));
            }
            Ok(url)
        }
        Some(_) => Err(ApiError::field_error("invalid_search_url", "searchUrl", "searchUrl must be a path of the web app, at most 2000 characters")),
    }
}

/// A new saved search from the spec's filters object: parsed by the list's parser, named.
fn new_filter(state: &AppState, tenant: &Tenant, object: &FiltersObject, name: Option<String>, url: Option<String>, lang: &str) -> Result<NewFilter> {
    let params = object.to_params(&state.engine.parse_context(tenant))?;
    let name = match name {
        Some(name) => check_name(&name).map_err(alerts_error)?,
        None => default_name(&filters::tags(&params, &tenant.categories, lang)),
    };
    let name = if name.is_empty() { if lang == "pl" { "Wszystkie oferty" } else { "All offers" }.to_string() } else { name };
    Ok(NewFilter { search_url: search_url(url, &params)?, name, query: filters::canonical_pairs(&params), canonical: filters::canonical_query(&params) })
}

/// The filter model of a saved search (a board whose categories changed may refuse it).
pub fn params_of(state: &AppState, tenant: &Tenant, filter: &JobFilter) -> Result<ListParams> {
    Ok(filters::parse_pairs(&filter.query, &state.engine.parse_context(tenant))?)
}

/// Offers of the search published after `after`.
fn count_since(state: &AppState, tenant: &Tenant, params: &ListParams, after: i64) -> Result<usize> {
    let request = ListRequest {
        tenant: Some(&tenant.settings.slug),
        filters: &params.filters,
        sort: params.sort,
        offset: 0,
        limit: 0,
        now: now(),
        count_categories: false,
        viewport: None,
        region: None,
    };
    Ok(state.engine.index.list_published_after(&request, after)?.total)
}

/// The answer for one saved search, with its new offers counted.
fn render(state: &AppState, tenant: &Tenant, filter: &JobFilter) -> Result<JobFilterDto> {
    let (object, count) = match params_of(state, tenant, filter) {
        Ok(params) => (FiltersObject::from_params(&params, &tenant.categories), count_since(state, tenant, &params, filter.last_read_at)?),
        Err(error) => {
            tracing::warn!(%error, filter = %filter.id, "a saved search no longer parses");
            (FiltersObject::default(), 0)
        }
    };
    let feed_url = crate::services::feeds::feed_path(state, tenant, &filter.query);
    Ok(JobFilterDto::new(filter, object, count, feed_url))
}

/// `GET /job-filters`.
pub fn list(state: &AppState, candidate: &Candidate) -> Result<JobFiltersDto> {
    let tenant = &candidate.tenant;
    let filters = state.alerts.list(&tenant.settings.slug, &owner_of(candidate)).map_err(alerts_error)?;
    let data = filters.iter().map(|filter| render(state, tenant, filter)).collect::<Result<Vec<_>>>()?;
    let count = data.iter().map(|filter| filter.count).sum();
    Ok(JobFiltersDto { data, count })
}

fn account_lang(state: &AppState, candidate: &Candidate) -> String {
    state
        .accounts
        .get(&candidate.tenant.settings.slug, &candidate.account_id)
        .ok()
        .flatten()
        .map_or_else(|| candidate.tenant.settings.default_locale.clone(), |a| a.lang)
}

/// `POST /job-filters`.
pub fn create(state: &AppState, candidate: &Candidate, request: CreateJobFilterRequest) -> Result<String> {
    let tenant = &candidate.tenant;
    let new = new_filter(state, tenant, &request.filters, request.name, request.search_url, &account_lang(state, candidate))?;
    let filter = state.alerts.create_filter(&tenant.settings.slug, &owner_of(candidate), new, now()).map_err(alerts_error)?;
    Ok(filter.id)
}

/// `DELETE /job-filters/{id}`.
pub fn delete(state: &AppState, candidate: &Candidate, id: &str) -> Result<()> {
    state.alerts.delete_filter(&candidate.tenant.settings.slug, &owner_of(candidate), id).map_err(alerts_error)
}

/// `POST /job-filters/{id}/read-filtered-offers`.
pub fn mark_read(state: &AppState, candidate: &Candidate, id: &str) -> Result<JobFilterDto> {
    let filter = state.alerts.mark_read(&candidate.tenant.settings.slug, &owner_of(candidate), id, now()).map_err(alerts_error)?;
    render(state, &candidate.tenant, &filter)
}

/// `POST /job-alerts`.
pub fn enable(state: &AppState, candidate: &Candidate, request: EnableJobAlertRequest) -> Result<JobFilterDto> {
    let frequency = frequency(request.frequency.as_deref())?;
    let name = request.name.map(|name| check_name(&name)).transpose().map_err(alerts_error)?;
    let slug = &candidate.tenant.settings.slug;
    let filter = state.alerts.enable_alert(slug, &owner_of(candidate), &request.job_filter_id, frequency, name, now()).map_err(alerts_error)?;
    render(state, &candidate.tenant, &filter)
}

/// `DELETE /job-filters/{id}/job-alert`.
pub fn disable(state: &AppState, candidate: &Candidate, id: &str) -> Result<()> {
    state.alerts.disable_alert(&candidate.tenant.settings.slug, &owner_of(candidate), id).map(drop).map_err(alerts_error)
}

/// `PATCH /job-filters/{id}/job-alert/frequency`.
pub fn change_frequency(state: &AppState, candidate: &Candidate, id: &str, value: Option<&str>) -> Result<JobFilterDto> {
    let frequency = match value {
        Some(_) => frequency(value)?,
        None => return Err(ApiError::field_error(wakat_alerts::validate::FIELD_REQUIRED, "frequency", wakat_alerts::validate::FIELD_REQUIRED_PL)),
    };
    let filter = state.alerts.set_frequency(&candidate.tenant.settings.slug, &owner_of(candidate), id, frequency).map_err(alerts_error)?;
    render(state, &candidate.tenant, &filter)
}

/// `POST /guests/job-alerts`: a guest's alert, activated by the link mailed to the address. An
/// address with a candidate account answers 409 (`Candidate profile already exists` when a
/// profile was asked for, else without a message): its owner logs in to keep alerts. With
/// `createCandidate`, the address also gets a candidate account ([`create_candidate`]).
pub fn create_guest_alert(state: &AppState, tenant: &Tenant, lang: &str, request: GuestJobAlertRequest) -> Result<String> {
    let email = check_email(request.email.as_deref().unwrap_or_default()).map_err(alerts_error)?;
    let frequency = frequency(request.frequency.as_deref())?;
    let new = new_filter(state, tenant, &request.filters, request.name, request.search_url, lang)?;
    let slug = &tenant.settings.slug;
    if state.accounts.find_by_email(slug, AccountKind::Candidate, &email).map_err(crate::error::accounts_error)?.is_some() {
        return Err(alerts_error(if request.create_candidate { AlertsError::ProfileExists } else { AlertsError::AccountExists }));
    }
    let guest_request = GuestAlertRequest {
        email,
        lang: lang.to_string(),
        create_candidate: request.create_candidate,
        marketing_agreement: request.marketing_agreement,
        frequency,
    };
    let created = state.alerts.create_guest_alert(slug, guest_request, new, now()).map_err(alerts_error)?;
    let set_password = if request.create_candidate { create_candidate(state, slug, &created.guest.email, lang)? } else { None };
    let context = MailContext::new(state, tenant, &created.guest.lang);
    let unsubscribe_code = state.alerts.unsubscribe_code(slug, &Owner::Guest(created.guest.id.clone()), &created.filter.id);
    let mail = mails::alerts::activate_alert(&context, &created.guest, &created.filter, &created.code, &unsubscribe_code, set_password.as_deref())?;
    crate::mail_queue::send(state, mail)?;
    Ok(created.filter.id)
}

/// `createCandidate`: a candidate account for the guest's address, through the same
/// registration as `POST /v1/candidate/register` (unconfirmed, with a random password nobody
/// knows); the activation mail carries a link to set the password, which also confirms the
/// address. Returns that link's token; `None` when the address got an account meanwhile.
fn create_candidate(state: &AppState, slug: &str, email: &str, lang: &str) -> Result<Option<String>> {
    // A pending registration of the address is its owner's to confirm: an alert does not take it over.
    if state.accounts.find_by_email(slug, AccountKind::Candidate, email).map_err(crate::error::accounts_error)?.is_some() {
        return Ok(None);
    }
    let account = wakat_accounts::NewAccount {
        email: email.to_string(),
        password: wakat_store::secrets::new_token(),
        first_name: String::new(),
        last_name: String::new(),
        lang: lang.to_string(),
        // Made by the alert form, which asks for no terms: accepted when the account is used.
        terms: None,
    };
    match state.accounts.register(slug, AccountKind::Candidate, account, now()).map_err(crate::error::accounts_error)? {
        wakat_accounts::Registration::Created { account, .. } => {
            let token =
                state.accounts.issue_token(slug, &account.id, wakat_accounts::TokenPurpose::ResetPassword, now()).map_err(crate::error::accounts_error)?;
            Ok(Some(token))
        }
        wakat_accounts::Registration::AlreadyRegistered { .. } => Ok(None),
    }
}

/// `PUT /guests/job-alerts/activation`.
pub fn activate(state: &AppState, tenant: &Tenant, request: &ActivationRequest) -> Result<ActivatedDto> {
    let (guest, filter) =
        state.alerts.activate(&tenant.settings.slug, &request.job_filter_id, &request.code, request.candidate_id.as_deref(), now()).map_err(alerts_error)?;
    let unsubscribe_code = state.alerts.unsubscribe_code(&tenant.settings.slug, &Owner::Guest(guest.id.clone()), &filter.id);
    Ok(ActivatedDto { job_filter_id: filter.id, candidate_id: guest.id, status: "active", unsubscribe_code })
}

/// `DELETE /guests/job-alerts/{candidateId}/{jobFilterId}?code=`: the guest's unsubscribe link.
pub fn unsubscribe_guest(state: &AppState, tenant: &Tenant, candidate_id: &str, filter_id: &str, code: Option<&str>) -> Result<()> {
    let code = code.filter(|c| !c.is_empty()).ok_or_else(|| ApiError::new(ErrorCode::InvalidCode).with_field("code"))?;
    // A digest of a logged-in candidate's alert names its owner as `a-{accountId}`, so the web
    // app's one unsubscribe flow serves both; a guest's id is 32 hex digits, never `a-…`.
    let owner = Owner::from_segment(candidate_id).unwrap_or_else(|| Owner::Guest(candidate_id.to_string()));
    state.alerts.unsubscribe(&tenant.settings.slug, &owner, filter_id, code, now()).map_err(alerts_error)
}

/// The one-click unsubscribe of a digest (RFC 8058): one POST, no login.
pub fn one_click_unsubscribe(state: &AppState, tenant: &Tenant, owner: Option<&str>, filter_id: Option<&str>, code: Option<&str>) -> Result<()> {
    let (Some(owner), Some(filter_id), Some(code)) = (owner.and_then(Owner::from_segment), filter_id, code) else {
        return Err(ApiError::new(ErrorCode::InvalidCode));
    };
    match state.alerts.unsubscribe(&tenant.settings.slug, &owner, filter_id, code, now()) {
        // Unsubscribing twice is not an error: the mail client may retry.
        Ok(()) | Err(AlertsError::FilterNotFound) => Ok(()),
        Err(other) => Err(alerts_error(other)),
    }
}

/// Most `since` may lie in the past for a guest's count (a year: older searches count from then).
const MAX_SINCE_AGE_SECS: i64 = 366 * 86_400;

/// `GET /guests/job-filters/new-offers?{list query}&since=`: how many offers of a list query
/// were published after `since` (unix seconds): the count on a guest's saved-search tile, whose
/// search lives in the browser. Anonymous, like the list's own count.
pub fn guest_new_offers(state: &AppState, tenant: &Tenant, pairs: &[(String, String)]) -> Result<usize> {
    let since = pairs.iter().find(|(name, _)| name == "since").map(|(_, value)| value.trim());
    let since = match since.map(str::parse::<i64>) {
        Some(Ok(seconds)) if seconds >= 0 => seconds.max(now() - MAX_SINCE_AGE_SECS),
        _ => return Err(ApiError::new(ErrorCode::InvalidSince).with_field("since")),
    };
    let params =
        ListParams::parse(pairs.iter().filter(|(name, _)| name != "since").map(|(k, v)| (k.as_str(), v.as_str())), &state.engine.parse_context(tenant))?;
    count_since(state, tenant, &params, since)
}
