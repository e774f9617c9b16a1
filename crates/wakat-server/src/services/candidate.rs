//! The logged-in candidate's own data: favourites, application history, external applies to
//! confirm, matched-for-you, CV documents, and the GDPR calls (export, erasure). Every function
//! takes the [`Candidate`] of the session: nothing here reads another candidate's data.

use std::collections::HashSet;

use wakat_accounts::Document;
use wakat_applications::{Favourite, HistoryItem, HistoryKind, Page, Paged, TrackedRedirect};
use wakat_core::filters::{OrderBy, Sort, SortBy};
use wakat_core::matching::{match_offer, OfferMatch};
use wakat_core::{Filters, Offer};
use wakat_engine::now;
use wakat_search::{Hit, ListRequest};
use wakat_uploads::BlobHash;

use crate::error::{accounts_error, applications_error, ApiError, ErrorCode, Result};
use crate::session::Candidate;
use crate::state::AppState;
use crate::uploads::ReceivedFile;

/// The offers most matched-for-you reads before ranking (per skill, and overall).
const MATCH_POOL_PER_QUERY: usize = 150;
/// Skills of the preferences queried one by one.
const MATCH_QUERIED_SKILLS: usize = 6;

fn slug(candidate: &Candidate) -> &str {
    &candidate.tenant.settings.slug
}

/// An offer with the location a card stands for.
pub type OfferCard = (Offer, usize);

/// The offer card of a `jobAdvertisementId` (offer guid), when the index has it.
pub fn offer_by_guid(state: &AppState, tenant: &str, guid: &str) -> Result<Option<Hit>> {
    if guid.is_empty() || guid.len() > 100 {
        return Ok(None);
    }
    Ok(state.engine.index.find_guid(tenant, guid)?)
}

fn card_by_guid(state: &AppState, tenant: &str, guid: &str) -> Result<Option<OfferCard>> {
    Ok(offer_by_guid(state, tenant, guid)?.map(|hit| (hit.offer, hit.location_idx)))
}

/// By slug the store answers even before the index has committed the offer.
fn card_by_slug(state: &AppState, tenant: &str, slug: &str) -> Result<Option<OfferCard>> {
    crate::services::offers::find_offer(&state.engine, tenant, slug)
}

/// Adds a favourite (idempotent). The offer must exist on the board.
pub fn add_favourite(state: &AppState, candidate: &Candidate, job_advertisement_id: &str) -> Result<bool> {
    if offer_by_guid(state, slug(candidate), job_advertisement_id)?.is_none() {
        return Err(ApiError::new(ErrorCode::OfferNotFound)
            .with_message(format!("there is no offer '{job_advertisement_id}'"))
            .with_field("jobAdvertisementId"));
    }
    state.favourites.add(slug(candidate), &candidate.account_id, job_advertisement_id, now()).map_err(applications_error)
}

/// Removes a favourite (removing one that is not there is not an error).
pub fn remove_favourite(state: &AppState, candidate: &Candidate, job_advertisement_id: &str) -> Result<()> {
    state.favourites.remove(slug(candidate), &candidate.account_id, job_advertisement_id).map_err(applications_error)?;
    Ok(())
}

/// How many favourites.
pub fn count_favourites(state: &AppState, candidate: &Candidate) -> Result<usize> {
    state.favourites.count(slug(candidate), &candidate.account_id).map_err(applications_error)
}

/// A page of favourites, or those among `ids` (a batch of at most 25), with their offers.
pub fn favourites(state: &AppState, candidate: &Candidate, page: Page, ids: Option<&[String]>) -> Result<Paged<(Favourite, Option<OfferCard>)>> {
    let tenant = slug(candidate);
    let paged = match ids {
        None => state.favourites.list(tenant, &candidate.account_id, page).map_err(applications_error)?,
        Some(ids) => {
            let kept = state.favourites.filter_ids(tenant, &candidate.account_id, ids).map_err(applications_error)?;
            let items: Vec<Favourite> = kept.into_iter().map(|id| Favourite { job_advertisement_id: id, at: 0 }).collect();
            Paged { total: items.len(), page_number: 1, page_size: page.size(), has_next_page: false, items }
        }
    };
    with_offers(paged, |favourite| card_by_guid(state, tenant, &favourite.job_advertisement_id))
}

fn with_offers<T>(paged: Paged<T>, card: impl Fn(&T) -> Result<Option<OfferCard>>) -> Result<Paged<(T, Option<OfferCard>)>> {
    let mut items = Vec::with_capacity(paged.items.len());
    for item in paged.items {
        let offer = card(&item)?;
        items.push((item, offer));
    }
    Ok(Paged { items, page_number: paged.page_number, page_size: paged.page_size, has_next_page: paged.has_next_page, total: paged.total })
}

/// The application history (form applications and confirmed external applies), newest first.
/// Each form or one-click entry comes with its application, whose status the employer moves.
pub fn history(state: &AppState, candidate: &Candidate, page: Page, ids: Option<&[String]>) -> Result<Paged<(HistoryEntry, Option<OfferCard>)>> {
    let tenant = slug(candidate);
    let paged = state.history.list(tenant, &candidate.account_id, page, ids).map_err(applications_error)?;
    let mut items = Vec::with_capacity(paged.items.len());
    for item in paged.items {
        let application = match item.kind {
            HistoryKind::External => None,
            HistoryKind::Form | HistoryKind::OneClick => state.applications.get(tenant, &item.id).map_err(applications_error)?,
        };
        items.push(HistoryEntry { item, application });
    }
    let paged = Paged { items, page_number: paged.page_number, page_size: paged.page_size, has_next_page: paged.has_next_page, total: paged.total };
    with_offers(paged, |entry| card_by_slug(state, tenant, &entry.item.offer_slug))
}

/// One entry of the history with its application (none for external applies).
pub struct HistoryEntry {
    /// The entry.
    pub item: HistoryItem,
    /// The application of a form or one-click entry.
    pub application: Option<wakat_applications::Application>,
}

/// Confirms that the candidate applied after a redirect (it joins the history).
pub fn confirm_redirect(state: &AppState, candidate: &Candidate, redirect_id: &str) -> Result<TrackedRedirect> {
    state.redirects.confirm(slug(candidate), &candidate.account_id, redirect_id).map_err(applications_error)
}

/// The candidate did not apply after all.
pub fn remove_redirect(state: &AppState, candidate: &Candidate, redirect_id: &str) -> Result<TrackedRedirect> {
    state.redirects.remove(slug(candidate), &candidate.account_id, redirect_id).map_err(applications_error)
}

/// Active offers ranked by the candidate's preferences: a pool read from the index (newest
/// offers with each preferred skill, at the preferred seniorities, and the newest overall), then
/// scored by `wakat_core::matching`. Empty preferences give an empty list.
pub fn matched_offers(state: &AppState, candidate: &Candidate, page: Page) -> Result<Paged<(Hit, OfferMatch)>> {
    let tenant = slug(candidate);
    let account = state.accounts.get(tenant, &candidate.account_id).map_err(accounts_error)?.ok_or_else(|| ApiError::new(ErrorCode::Unauthorized))?;
    let preferences = account.preferences;
    if preferences.is_empty() {
        return Ok(Paged { items: Vec::new(), page_number: page.number(), page_size: page.size(), has_next_page: false, total: 0 });
    }
    let mut queries: Vec<Filters> =
        preferences.skills.iter().take(MATCH_QUERIED_SKILLS).map(|skill| Filters { skills: vec![skill.clone()], ..Filters::default() }).collect();
    queries.push(Filters { experience_levels: preferences.experience_levels.clone(), ..Filters::default() });
    let sort = Sort { by: SortBy::Newest, order: OrderBy::Desc };
    let now = now();
    let mut seen = HashSet::new();
    let mut pool: Vec<Hit> = Vec::new();
    for filters in &queries {
        let request = ListRequest {
            tenant: Some(tenant),
            filters,
            sort,
            offset: 0,
            limit: MATCH_POOL_PER_QUERY,
            now,
            count_categories: false,
            viewport: None,
            region: None,
        };
        for hit in state.engine.index.list(&request)?.hits {
            if seen.insert(hit.parent_slug.clone()) {
                pool.push(hit);
            }
        }
    }
    // Best match first, then newest (the order of `rank_by_match`), keeping each offer's hit.
    let mut ranked: Vec<(usize, OfferMatch)> =
        pool.iter().enumerate().map(|(idx, hit)| (idx, match_offer(&preferences, &hit.offer, &state.engine.rates))).filter(|(_, m)| m.percent > 0).collect();
    ranked.sort_by(|(a, match_a), (b, match_b)| match_b.percent.cmp(&match_a.percent).then(pool[*b].offer.published_at.cmp(&pool[*a].offer.published_at)));
    let total = ranked.len();
    let start = ((page.number() - 1) * page.size()) as usize;
    let items: Vec<(Hit, OfferMatch)> =
        ranked.into_iter().skip(start).take(page.size() as usize).map(|(idx, offer_match)| (pool[idx].clone(), offer_match)).collect();
    Ok(Paged { has_next_page: start + items.len() < total, items, page_number: page.number(), page_size: page.size(), total })
}

fn document_owner(candidate: &Candidate, document_id: &str) -> String {
    format!("{}/candidate/{}/document/{document_id}", slug(candidate), candidate.account_id)
}

fn release_document(state: &AppState, candidate: &Candidate, document: &Document) {
    let Ok(hash) = BlobHash::parse(&document.blob_hash) else { return };
    if let Err(error) = state.blobs.detach(&hash, &document_owner(candidate, &document.id)) {
        tracing::error!(%error, document = document.id, "a CV reference could not be released");
    }
}

/// Stores an uploaded CV as a new document, or in place of `replace_id`.
pub fn put_document(state: &AppState, candidate: &Candidate, file: ReceivedFile, replace_id: Option<&str>) -> Result<Document> {
    let document = Document {
        id: wakat_store::ids::new_id(),
        file_name: file.file_name,
        blob_hash: file.blob.hash.as_str().to_string(),
        size: file.blob.size,
        mime: file.blob.kind.mime_type().to_string(),
        uploaded_at: now(),
    };
    state.blobs.attach(&file.blob.hash, &document_owner(candidate, &document.id)).map_err(|e| ApiError::internal(&e))?;
    let stored = state.accounts.put_document(slug(candidate), &candidate.account_id, document.clone(), replace_id, now());
    match stored {
        Ok((_, replaced)) => {
            if let Some(old) = replaced {
                release_document(state, candidate, &old);
            }
            Ok(document)
        }
        Err(error) => {
            release_document(state, candidate, &document);
            Err(accounts_error(error))
        }
    }
}

/// Deletes a CV document.
pub fn delete_document(state: &AppState, candidate: &Candidate, document_id: &str) -> Result<()> {
    let removed = state.accounts.remove_document(slug(candidate), &candidate.account_id, document_id, now()).map_err(accounts_error)?;
    release_document(state, candidate, &removed);
    Ok(())
}

/// The candidate's document `id`.
pub fn document(state: &AppState, tenant: &str, account_id: &str, document_id: &str) -> Result<Document> {
    let account = state.accounts.get(tenant, account_id).map_err(accounts_error)?.ok_or_else(|| ApiError::new(ErrorCode::AccountDocumentNotFound))?;
    account.documents.into_iter().find(|d| d.id == document_id).ok_or_else(|| ApiError::new(ErrorCode::AccountDocumentNotFound))
}

/// Everything stored about the candidate (GDPR articles 15 and 20), as one JSON document.
pub fn export(state: &AppState, candidate: &Candidate) -> Result<serde_json::Value> {
    let tenant = slug(candidate);
    let account = state.accounts.get(tenant, &candidate.account_id).map_err(accounts_error)?.ok_or_else(|| ApiError::new(ErrorCode::Unauthorized))?;
    let applications = state.applications.export_candidate(tenant, &candidate.account_id).map_err(applications_error)?;
    let redirects = state.redirects.export_candidate(tenant, &candidate.account_id).map_err(applications_error)?;
    let favourites = state.favourites.export_candidate(tenant, &candidate.account_id).map_err(applications_error)?;
    Ok(serde_json::json!({
        "exportedAt": crate::dto::iso_time(now()),
        "board": tenant,
        "account": {
            "id": account.id,
            "email": account.email,
            "emailConfirmed": account.email_confirmed,
            "firstName": account.first_name,
            "lastName": account.last_name,
            "message": account.message,
            "lang": account.lang,
            "preferences": account.preferences,
            "documents": account.documents,
            "terms": account.terms.as_ref().map(|terms| serde_json::json!({
                "terms": terms.terms,
                "privacyPolicy": terms.privacy_policy,
                "acceptedAt": crate::dto::iso_time(terms.accepted_at),
            })),
            "createdAt": crate::dto::iso_time(account.created_at),
            "updatedAt": crate::dto::iso_time(account.updated_at),
        },
        "applications": applications,
        "externalApplications": redirects,
        "favourites": favourites,
    }))
}

/// Deletes the account (GDPR article 17): its CVs, the personal data of its applications, its
/// favourites and redirects, its sessions. The password must be given again.
pub fn delete_account(state: &AppState, candidate: &Candidate, password: &str) -> Result<()> {
    let tenant = slug(candidate);
    let account = state.accounts.get(tenant, &candidate.account_id).map_err(accounts_error)?.ok_or_else(|| ApiError::new(ErrorCode::Unauthorized))?;
    if state.accounts.authenticate(tenant, account.kind, &account.email, password).is_err() {
        return Err(ApiError::field_error(wakat_core::FieldCode::InvalidPassword.as_str(), "password", "the password is wrong"));
    }
    let erased = state.applications.erase_candidate(tenant, &candidate.account_id, now()).map_err(applications_error)?;
    for attachment in &erased.attachments {
        crate::services::applications::release(state, attachment);
    }
    state.redirects.erase_candidate(tenant, &candidate.account_id).map_err(applications_error)?;
    state.favourites.erase_candidate(tenant, &candidate.account_id).map_err(applications_error)?;
    // Saved searches and their alerts go too: no digest is mailed to a deleted account.
    state.alerts.erase_owner(tenant, &wakat_alerts::Owner::Account(candidate.account_id.clone())).map_err(crate::error::alerts_error)?;
    let deleted = state.accounts.delete_account(tenant, &candidate.account_id).map_err(accounts_error)?;
    for document in &deleted.documents {
        release_document(state, candidate, document);
    }
    Ok(())
}
