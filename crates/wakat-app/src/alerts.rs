//! Saved searches and job alerts: the logged-in candidate's searches and the guests' alerts,
//! between the parsed request and [`wakat_alerts::AlertStore`]. Filters go through the list's own
//! parser; the guest's activation mail through the board's mail layout and the mail queue. The
//! digests these alerts send are a job: [`crate::jobs::digests`].

use std::sync::Arc;

use wakat_accounts::{AccountKind, AccountStore};
use wakat_alerts::filters::{self, FiltersObject};
use wakat_alerts::validate::{check_email, check_name, default_name};
use wakat_alerts::{AlertStore, AlertsError, Frequency, GuestAlertRequest, JobFilter, NewFilter, Owner};
use wakat_core::filters::ListParams;
use wakat_core::ErrorCode;
use wakat_engine::{Engine, Tenant};
use wakat_search::ListRequest;

use crate::error::{AppError, Result};
use crate::feeds::FeedLinks;
use crate::mail_queue::MailSender;
use crate::mails::{self, MailContext};
use crate::{Clock, Principal};

#[cfg(test)]
mod tests;

/// A saved search as its owner sees it.
#[derive(Debug, Clone)]
pub struct SavedSearch {
    /// The stored search (its alert, if any, inside).
    pub filter: JobFilter,
    /// Its filters as the spec's filters object (empty when the board no longer parses them).
    pub filters: FiltersObject,
    /// Offers published since the search was last read.
    pub new_offers: usize,
    /// The signed Atom feed of the search.
    pub feed_url: String,
}

/// A candidate's saved searches.
#[derive(Debug, Clone)]
pub struct SavedSearches {
    /// Oldest first.
    pub searches: Vec<SavedSearch>,
    /// The sum of their new offers (the header's badge).
    pub new_offers: usize,
}

/// A search to save: the spec's filters object, a name (default: the filters' tags) and the list
/// page's address (default: the list with these filters).
#[derive(Debug, Clone, Default)]
pub struct NewSearch {
    /// The filters object.
    pub filters: FiltersObject,
    /// The name.
    pub name: Option<String>,
    /// The list page's address (a path of the web app).
    pub search_url: Option<String>,
}

/// A guest's alert: a search, where its digests go and how often.
#[derive(Debug, Clone, Default)]
pub struct NewGuestAlert {
    /// The search.
    pub search: NewSearch,
    /// Where the digests go.
    pub email: Option<String>,
    /// everyDay, onceAWeek or twiceAWeek (absent: twiceAWeek).
    pub frequency: Option<String>,
    /// The guest also wants a candidate account.
    pub create_candidate: bool,
    /// Marketing consent.
    pub marketing_agreement: bool,
}

/// A guest's alert, activated by its link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Activated {
    /// The saved search.
    pub filter_id: String,
    /// The guest.
    pub guest_id: String,
    /// The code of the alert's unsubscribe link, so the browser that activated it can end it.
    pub unsubscribe_code: String,
}

/// The saved searches and alerts service.
#[derive(Clone)]
pub struct AlertsService {
    alerts: Arc<AlertStore>,
    accounts: Arc<AccountStore>,
    engine: Arc<Engine>,
    mail: MailSender,
    feeds: FeedLinks,
    /// The server's public URL (`server.public_url`): the base of the mails' links.
    public_url: String,
    clock: Clock,
}

/// Longest `searchUrl` kept.
const MAX_SEARCH_URL_CHARS: usize = 2000;

/// Most `since` may lie in the past for a guest's count (a year: older searches count from then).
const MAX_SINCE_AGE_SECS: i64 = 366 * 86_400;

/// `frequency`: absent is the default (twiceAWeek); anything but the three values is refused.
fn frequency(value: Option<&str>) -> Result<Frequency> {
    match value {
        None => Ok(Frequency::default()),
        Some(text) => Frequency::parse(text).ok_or(AppError::InvalidFrequency),
    }
}

/// The list page's address: a path of the web app (never another site, since mails link to it).
fn search_url(value: Option<String>, params: &ListParams) -> Result<String> {
    let invalid = |message: &str| AppError::Invalid { field: "searchUrl", code: ErrorCode::InvalidSearchUrl, message: message.to_string() };
    match value.map(|url| url.trim().to_string()).filter(|url| !url.is_empty()) {
        None => Ok(format!("/?{}", filters::canonical_query(params))),
        Some(url) if url.starts_with('/') && !url.starts_with("//") && !url.contains('\\') && url.chars().count() <= MAX_SEARCH_URL_CHARS => {
            if url.chars().any(char::is_control) {
                return Err(invalid("searchUrl must be a path of the web app"));
            }
            Ok(url)
        }
        Some(_) => Err(invalid("searchUrl must be a path of the web app, at most 2000 characters")),
    }
}

/// The filter model of a saved search (a board whose categories changed may refuse it).
pub fn params_of(engine: &Engine, tenant: &Tenant, filter: &JobFilter) -> Result<ListParams> {
    Ok(filters::parse_pairs(&filter.query, &engine.parse_context(tenant))?)
}

impl AlertsService {
    /// The service over its stores; `public_url` is `server.public_url`.
    pub fn new(
        alerts: Arc<AlertStore>,
        accounts: Arc<AccountStore>,
        engine: Arc<Engine>,
        mail: MailSender,
        feeds: FeedLinks,
        public_url: &str,
        clock: Clock,
    ) -> Self {
        AlertsService { alerts, accounts, engine, mail, feeds, public_url: public_url.to_string(), clock }
    }

    /// The candidate's saved searches, each with its count of new offers.
    pub fn list(&self, tenant: &Tenant, principal: &Principal) -> Result<SavedSearches> {
        let owner = owner_of(principal)?;
        let filters = self.alerts.list(&tenant.settings.slug, &owner)?;
        let searches = filters.into_iter().map(|filter| self.saved_search(tenant, filter)).collect::<Result<Vec<_>>>()?;
        let new_offers = searches.iter().map(|search| search.new_offers).sum();
        Ok(SavedSearches { searches, new_offers })
    }

    /// Saves a search of the candidate; returns its id.
    pub fn create(&self, tenant: &Tenant, principal: &Principal, search: NewSearch) -> Result<String> {
        let owner = owner_of(principal)?;
        let new = self.new_filter(tenant, search, &self.account_lang(tenant, principal))?;
        let filter = self.alerts.create_filter(&tenant.settings.slug, &owner, new, self.clock.now())?;
        Ok(filter.id)
    }

    /// Deletes a saved search of the candidate, with its alert.
    pub fn delete(&self, tenant: &Tenant, principal: &Principal, id: &str) -> Result<()> {
        Ok(self.alerts.delete_filter(&tenant.settings.slug, &owner_of(principal)?, id)?)
    }

    /// Marks the search's offers read: its count starts again at 0.
    pub fn mark_read(&self, tenant: &Tenant, principal: &Principal, id: &str) -> Result<SavedSearch> {
        let filter = self.alerts.mark_read(&tenant.settings.slug, &owner_of(principal)?, id, self.clock.now())?;
        self.saved_search(tenant, filter)
    }

    /// Enables the alert of a saved search (renaming the search when `name` is given).
    pub fn enable(&self, tenant: &Tenant, principal: &Principal, filter_id: &str, frequency_text: Option<&str>, name: Option<String>) -> Result<SavedSearch> {
        let owner = owner_of(principal)?;
        let frequency = frequency(frequency_text)?;
        let name = name.map(|name| check_name(&name)).transpose()?;
        let filter = self.alerts.enable_alert(&tenant.settings.slug, &owner, filter_id, frequency, name, self.clock.now())?;
        self.saved_search(tenant, filter)
    }

    /// Disables the alert; the saved search stays.
    pub fn disable(&self, tenant: &Tenant, principal: &Principal, id: &str) -> Result<()> {
        self.alerts.disable_alert(&tenant.settings.slug, &owner_of(principal)?, id)?;
        Ok(())
    }

    /// Changes the alert's frequency (required here: there is nothing to change without it).
    pub fn change_frequency(&self, tenant: &Tenant, principal: &Principal, id: &str, value: Option<&str>) -> Result<SavedSearch> {
        let owner = owner_of(principal)?;
        let frequency = match value {
            Some(_) => frequency(value)?,
            None => {
                let message = wakat_alerts::validate::FIELD_REQUIRED_PL.to_string();
                return Err(AppError::Invalid { field: "frequency", code: ErrorCode::FieldRequired, message });
            }
        };
        let filter = self.alerts.set_frequency(&tenant.settings.slug, &owner, id, frequency)?;
        self.saved_search(tenant, filter)
    }

    /// A guest's alert, activated by the link mailed to the address; returns the search's id.
    /// Anyone may ask (the link proves the address). An address with a candidate account is
    /// refused ([`AlertsError::ProfileExists`] when a profile was asked for, else
    /// [`AlertsError::AccountExists`]): its owner logs in to keep alerts. With `create_candidate`,
    /// the address also gets a candidate account ([`Self::create_candidate`]).
    pub fn create_guest_alert(&self, tenant: &Tenant, _anyone: &Principal, lang: &str, request: NewGuestAlert) -> Result<String> {
        let email = check_email(request.email.as_deref().unwrap_or_default())?;
        let frequency = frequency(request.frequency.as_deref())?;
        let new = self.new_filter(tenant, request.search, lang)?;
        let slug = &tenant.settings.slug;
        if self.accounts.find_by_email(slug, AccountKind::Candidate, &email)?.is_some() {
            return Err(if request.create_candidate { AlertsError::ProfileExists } else { AlertsError::AccountExists }.into());
        }
        let guest_request = GuestAlertRequest {
            email,
            lang: lang.to_string(),
            create_candidate: request.create_candidate,
            marketing_agreement: request.marketing_agreement,
            frequency,
        };
        let created = self.alerts.create_guest_alert(slug, guest_request, new, self.clock.now())?;
        let set_password = if request.create_candidate { self.create_candidate(slug, &created.guest.email, lang)? } else { None };
        let context = MailContext::new(&self.public_url, tenant, &created.guest.lang);
        let unsubscribe_code = self.alerts.unsubscribe_code(slug, &Owner::Guest(created.guest.id.clone()), &created.filter.id);
        let mail = mails::alerts::activate_alert(&context, &created.guest, &created.filter, &created.code, &unsubscribe_code, set_password.as_deref())?;
        self.mail.send(mail)?;
        Ok(created.filter.id)
    }

    /// `createCandidate`: a candidate account for the guest's address, through the same
    /// registration as a candidate's sign-up (unconfirmed, with a random password nobody knows);
    /// the activation mail carries a link to set the password, which also confirms the address.
    /// Returns that link's token; `None` when the address got an account meanwhile.
    fn create_candidate(&self, slug: &str, email: &str, lang: &str) -> Result<Option<String>> {
        // A pending registration of the address is its owner's to confirm: an alert does not take it over.
        if self.accounts.find_by_email(slug, AccountKind::Candidate, email)?.is_some() {
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
        match self.accounts.register(slug, AccountKind::Candidate, account, self.clock.now())? {
            wakat_accounts::Registration::Created { account, .. } => {
                let token = self.accounts.issue_token(slug, &account.id, wakat_accounts::TokenPurpose::ResetPassword, self.clock.now())?;
                Ok(Some(token))
            }
            wakat_accounts::Registration::AlreadyRegistered { .. } => Ok(None),
        }
    }

    /// Opens a guest's activation link (`candidate_id`, when given, must be the alert's guest).
    pub fn activate(&self, tenant: &Tenant, _anyone: &Principal, filter_id: &str, code: &str, candidate_id: Option<&str>) -> Result<Activated> {
        let slug = &tenant.settings.slug;
        let (guest, filter) = self.alerts.activate(slug, filter_id, code, candidate_id, self.clock.now())?;
        let unsubscribe_code = self.alerts.unsubscribe_code(slug, &Owner::Guest(guest.id.clone()), &filter.id);
        Ok(Activated { filter_id: filter.id, guest_id: guest.id, unsubscribe_code })
    }

    /// The unsubscribe link of a digest (the code proves it): deletes the alert.
    pub fn unsubscribe_guest(&self, tenant: &Tenant, _anyone: &Principal, candidate_id: &str, filter_id: &str, code: Option<&str>) -> Result<()> {
        let code = code.filter(|c| !c.is_empty()).ok_or(AppError::CodeRequired)?;
        // A digest of a logged-in candidate's alert names its owner as `a-{accountId}`, so the web
        // app's one unsubscribe flow serves both; a guest's id is 32 hex digits, never `a-…`.
        let owner = Owner::from_segment(candidate_id).unwrap_or_else(|| Owner::Guest(candidate_id.to_string()));
        Ok(self.alerts.unsubscribe(&tenant.settings.slug, &owner, filter_id, code, self.clock.now())?)
    }

    /// The one-click unsubscribe of a digest (RFC 8058): one POST, no login.
    pub fn one_click_unsubscribe(&self, tenant: &Tenant, _anyone: &Principal, owner: Option<&str>, filter_id: Option<&str>, code: Option<&str>) -> Result<()> {
        let (Some(owner), Some(filter_id), Some(code)) = (owner.and_then(Owner::from_segment), filter_id, code) else {
            return Err(AlertsError::InvalidCode.into());
        };
        match self.alerts.unsubscribe(&tenant.settings.slug, &owner, filter_id, code, self.clock.now()) {
            // Unsubscribing twice is not an error: the mail client may retry.
            Ok(()) | Err(AlertsError::FilterNotFound) => Ok(()),
            Err(other) => Err(other.into()),
        }
    }

    /// How many offers of a list query were published after `since` (unix seconds; the pairs'
    /// `since`): the count on a guest's saved-search tile, whose search lives in the browser.
    pub fn guest_new_offers(&self, tenant: &Tenant, _anyone: &Principal, pairs: &[(String, String)]) -> Result<usize> {
        let since = pairs.iter().find(|(name, _)| name == "since").map(|(_, value)| value.trim());
        let since = match since.map(str::parse::<i64>) {
            Some(Ok(seconds)) if seconds >= 0 => seconds.max(self.clock.now() - MAX_SINCE_AGE_SECS),
            _ => return Err(AppError::InvalidSince),
        };
        let pairs = pairs.iter().filter(|(name, _)| name != "since").map(|(k, v)| (k.as_str(), v.as_str()));
        let params = ListParams::parse(pairs, &self.engine.parse_context(tenant))?;
        self.count_since(tenant, &params, since)
    }

    /// A new saved search from the spec's filters object: parsed by the list's parser, named.
    fn new_filter(&self, tenant: &Tenant, search: NewSearch, lang: &str) -> Result<NewFilter> {
        let params = search.filters.to_params(&self.engine.parse_context(tenant))?;
        let name = match search.name {
            Some(name) => check_name(&name)?,
            None => default_name(&filters::tags(&params, &tenant.categories, lang)),
        };
        let name = if name.is_empty() { if lang == "pl" { "Wszystkie oferty" } else { "All offers" }.to_string() } else { name };
        Ok(NewFilter {
            search_url: search_url(search.search_url, &params)?,
            name,
            query: filters::canonical_pairs(&params),
            canonical: filters::canonical_query(&params),
        })
    }

    /// Offers of the search published after `after`.
    fn count_since(&self, tenant: &Tenant, params: &ListParams, after: i64) -> Result<usize> {
        let request = ListRequest {
            tenant: Some(&tenant.settings.slug),
            filters: &params.filters,
            sort: params.sort,
            offset: 0,
            limit: 0,
            now: self.clock.now(),
            count_categories: false,
            viewport: None,
            region: None,
        };
        Ok(self.engine.index.list_published_after(&request, after)?.total)
    }

    /// One saved search with its new offers counted.
    fn saved_search(&self, tenant: &Tenant, filter: JobFilter) -> Result<SavedSearch> {
        let (filters, new_offers) = match params_of(&self.engine, tenant, &filter) {
            Ok(params) => (FiltersObject::from_params(&params, &tenant.categories), self.count_since(tenant, &params, filter.last_read_at)?),
            Err(error) => {
                tracing::warn!(%error, filter = %filter.id, "a saved search no longer parses");
                (FiltersObject::default(), 0)
            }
        };
        let feed_url = self.feeds.url_of_pairs(tenant, &filter.query);
        Ok(SavedSearch { filter, filters, new_offers, feed_url })
    }

    /// The candidate's language (the board's default when the account cannot be read).
    fn account_lang(&self, tenant: &Tenant, principal: &Principal) -> String {
        let account = principal.candidate_account().ok().and_then(|id| self.accounts.get(&tenant.settings.slug, id).ok().flatten());
        account.map_or_else(|| tenant.settings.default_locale.clone(), |account| account.lang)
    }
}

/// The owner of a candidate's searches; only a logged-in candidate has saved searches here.
fn owner_of(principal: &Principal) -> Result<Owner> {
    Ok(Owner::Account(principal.candidate_account()?.to_string()))
}
