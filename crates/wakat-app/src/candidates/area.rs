//! The logged-in candidate's own data: favourites, application history, external applies to
//! confirm, matched-for-you, CV documents, and the GDPR calls (export, erasure). Every method
//! takes the acting [`Principal`] and reads only that candidate's data (the one exception, a CV's
//! signed download, names its account: the link's signature, checked by the transport, proves it).

use std::collections::HashSet;
use std::sync::Arc;

use wakat_accounts::{Account, AccountStore, Document};
use wakat_alerts::{AlertStore, Owner};
use wakat_applications::{
    Application, ApplicationStore, Favourite, FavouriteStore, History, HistoryItem, HistoryKind, Page, Paged, RedirectStore, TrackedRedirect,
};
use wakat_chat::{match_score, Actor, ChatStore};
use wakat_core::filters::{OrderBy, Sort, SortBy};
use wakat_core::matching::{match_offer, OfferMatch};
use wakat_core::{ErrorCode, FieldError, Filters};
use wakat_engine::{Engine, Tenant};
use wakat_search::{Hit, ListRequest};
use wakat_uploads::{BlobHash, BlobStore};

use crate::candidates::{find_offer, offer_by_guid, OfferCard, UploadedFile};
use crate::employers::panel_offers::release_attachment;
use crate::error::{AppError, Result};
use crate::{Clock, Principal};

/// The offers most matched-for-you reads before ranking (per skill, and overall).
const MATCH_POOL_PER_QUERY: usize = 150;
/// Skills of the preferences queried one by one.
const MATCH_QUERIED_SKILLS: usize = 6;

/// The board's `applicationHistory` flag: off, the history and the confirmation of external
/// applies (which only feed the history) answer [`AppError::FeatureDisabled`]. Redirects are still
/// tracked: they count the offer's applications for its employer.
fn history_enabled(tenant: &Tenant) -> Result<()> {
    if tenant.flag("applicationHistory") {
        Ok(())
    } else {
        Err(AppError::FeatureDisabled)
    }
}

/// One entry of the history with its application (none for external applies).
#[derive(Debug, Clone)]
pub struct HistoryEntry {
    /// The entry.
    pub item: HistoryItem,
    /// The application of a form or one-click entry.
    pub application: Option<Application>,
}

/// Everything stored about a candidate (GDPR articles 15 and 20); the transport renders it as
/// one document.
#[derive(Debug, Clone)]
pub struct CandidateExport {
    /// When it was read (unix seconds).
    pub exported_at: i64,
    /// The board's slug.
    pub board: String,
    /// The account, with its preferences, documents and accepted terms.
    pub account: Account,
    /// The applications sent through the form or in one click.
    pub applications: serde_json::Value,
    /// The tracked redirects to external apply links.
    pub external_applications: serde_json::Value,
    /// The favourites.
    pub favourites: serde_json::Value,
    /// The chat: the passive profile, requests received, conversations with their messages, blocks.
    pub chat: serde_json::Value,
}

/// What the chat adds to a matched-for-you card.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChatCard {
    /// The candidate's passive profile scored against the offer (`wakat_chat::match_score`);
    /// `None` without a complete profile or with the chat off.
    pub match_percent: Option<u8>,
    /// The candidate's latest conversation about the offer.
    pub conversation_id: Option<String>,
}

/// The logged-in candidate's area.
#[derive(Clone)]
pub struct CandidateArea {
    engine: Arc<Engine>,
    accounts: Arc<AccountStore>,
    applications: Arc<ApplicationStore>,
    redirects: Arc<RedirectStore>,
    favourites: Arc<FavouriteStore>,
    history: Arc<History>,
    alerts: Arc<AlertStore>,
    blobs: Arc<BlobStore>,
    chat: Arc<ChatStore>,
    clock: Clock,
}

/// The stores of a candidate's data, one argument for [`CandidateArea::new`].
#[derive(Clone)]
pub struct CandidateStores {
    /// Accounts (with their CV documents).
    pub accounts: Arc<AccountStore>,
    /// Applications sent through the form.
    pub applications: Arc<ApplicationStore>,
    /// Tracked redirects to external apply links.
    pub redirects: Arc<RedirectStore>,
    /// Favourites.
    pub favourites: Arc<FavouriteStore>,
    /// Application histories.
    pub history: Arc<History>,
    /// Saved searches and alerts (erased with the account).
    pub alerts: Arc<AlertStore>,
    /// Uploaded files (CVs, attachments).
    pub blobs: Arc<BlobStore>,
    /// The chat (its passive profile scores matched cards; erased with the account).
    pub chat: Arc<ChatStore>,
}

fn with_offers<T>(paged: Paged<T>, card: impl Fn(&T) -> Result<Option<OfferCard>>) -> Result<Paged<(T, Option<OfferCard>)>> {
    let mut items = Vec::with_capacity(paged.items.len());
    for item in paged.items {
        let offer = card(&item)?;
        items.push((item, offer));
    }
    Ok(Paged { items, page_number: paged.page_number, page_size: paged.page_size, has_next_page: paged.has_next_page, total: paged.total })
}

fn document_owner(tenant: &str, account_id: &str, document_id: &str) -> String {
    format!("{tenant}/candidate/{account_id}/document/{document_id}")
}

impl CandidateArea {
    /// The service over the engine (offers of the cards, matched offers), the stores and the clock.
    pub fn new(engine: Arc<Engine>, stores: CandidateStores, clock: Clock) -> CandidateArea {
        let CandidateStores { accounts, applications, redirects, favourites, history, alerts, blobs, chat } = stores;
        CandidateArea { engine, accounts, applications, redirects, favourites, history, alerts, blobs, chat, clock }
    }

    /// The candidate's account; [`AppError::Unauthenticated`] when it was deleted under a session.
    fn account(&self, tenant: &str, principal: &Principal) -> Result<Account> {
        let account_id = principal.candidate_account()?;
        self.accounts.get(tenant, account_id)?.ok_or(AppError::Unauthenticated)
    }

    fn card_by_guid(&self, tenant: &str, guid: &str) -> Result<Option<OfferCard>> {
        Ok(offer_by_guid(&self.engine, tenant, guid)?.map(|hit| (hit.offer, hit.location_idx)))
    }

    /// The offers of `guids` (`jobAdvertisementId`s) the index has, in the order asked; the
    /// others are left out. Anyone may ask (the favourites of a guest's browser).
    pub fn offers_by_guids(&self, tenant: &Tenant, guids: &[String]) -> Result<Vec<Hit>> {
        let mut hits = Vec::new();
        for guid in guids {
            hits.extend(offer_by_guid(&self.engine, &tenant.settings.slug, guid)?);
        }
        Ok(hits)
    }

    /// Adds a favourite (idempotent) and answers how many there are. The offer must be on the board.
    pub fn add_favourite(&self, tenant: &Tenant, principal: &Principal, job_advertisement_id: &str) -> Result<usize> {
        let (slug, account_id) = (&tenant.settings.slug, principal.candidate_account()?);
        if offer_by_guid(&self.engine, slug, job_advertisement_id)?.is_none() {
            return Err(AppError::UnknownFavouriteOffer { job_advertisement_id: job_advertisement_id.to_string() });
        }
        self.favourites.add(slug, account_id, job_advertisement_id, self.clock.now())?;
        Ok(self.favourites.count(slug, account_id)?)
    }

    /// Removes a favourite (removing one that is not there is not an error).
    pub fn remove_favourite(&self, tenant: &Tenant, principal: &Principal, job_advertisement_id: &str) -> Result<()> {
        self.favourites.remove(&tenant.settings.slug, principal.candidate_account()?, job_advertisement_id)?;
        Ok(())
    }

    /// How many favourites.
    pub fn count_favourites(&self, tenant: &Tenant, principal: &Principal) -> Result<usize> {
        Ok(self.favourites.count(&tenant.settings.slug, principal.candidate_account()?)?)
    }

    /// A page of favourites, or those among `ids` (a batch of at most 25), with their offers.
    pub fn favourites(&self, tenant: &Tenant, principal: &Principal, page: Page, ids: Option<&[String]>) -> Result<Paged<(Favourite, Option<OfferCard>)>> {
        let (slug, account_id) = (&tenant.settings.slug, principal.candidate_account()?);
        let paged = match ids {
            None => self.favourites.list(slug, account_id, page)?,
            Some(ids) => {
                let kept = self.favourites.filter_ids(slug, account_id, ids)?;
                let items: Vec<Favourite> = kept.into_iter().map(|id| Favourite { job_advertisement_id: id, at: 0 }).collect();
                Paged { total: items.len(), page_number: 1, page_size: page.size(), has_next_page: false, items }
            }
        };
        with_offers(paged, |favourite| self.card_by_guid(slug, &favourite.job_advertisement_id))
    }

    /// The application history (form applications and confirmed external applies), newest first.
    /// Each form or one-click entry comes with its application, whose status the employer moves.
    pub fn history(&self, tenant: &Tenant, principal: &Principal, page: Page, ids: Option<&[String]>) -> Result<Paged<(HistoryEntry, Option<OfferCard>)>> {
        history_enabled(tenant)?;
        let (slug, account_id) = (&tenant.settings.slug, principal.candidate_account()?);
        let paged = self.history.list(slug, account_id, page, ids)?;
        let mut items = Vec::with_capacity(paged.items.len());
        for item in paged.items {
            let application = match item.kind {
                HistoryKind::External => None,
                HistoryKind::Form | HistoryKind::OneClick => self.applications.get(slug, &item.id)?,
            };
            items.push(HistoryEntry { item, application });
        }
        let paged = Paged { items, page_number: paged.page_number, page_size: paged.page_size, has_next_page: paged.has_next_page, total: paged.total };
        with_offers(paged, |entry| find_offer(&self.engine, slug, &entry.item.offer_slug))
    }

    /// Confirms that the candidate applied after a redirect (it joins the history).
    pub fn confirm_redirect(&self, tenant: &Tenant, principal: &Principal, redirect_id: &str) -> Result<TrackedRedirect> {
        history_enabled(tenant)?;
        Ok(self.redirects.confirm(&tenant.settings.slug, principal.candidate_account()?, redirect_id)?)
    }

    /// The candidate did not apply after all.
    pub fn remove_redirect(&self, tenant: &Tenant, principal: &Principal, redirect_id: &str) -> Result<TrackedRedirect> {
        history_enabled(tenant)?;
        Ok(self.redirects.remove(&tenant.settings.slug, principal.candidate_account()?, redirect_id)?)
    }

    /// Active offers ranked by the candidate's preferences: a pool read from the index (newest
    /// offers with each preferred skill, at the preferred seniorities, and the newest overall),
    /// then scored by `wakat_core::matching`. Empty preferences give an empty list. With the
    /// board's chat on, each card also carries the passive profile's score and the candidate's
    /// conversation about the offer ([`ChatCard`]).
    pub fn matched_offers(&self, tenant: &Tenant, principal: &Principal, page: Page) -> Result<Paged<(Hit, OfferMatch, ChatCard)>> {
        let matched = self.matched_by_preferences(tenant, principal, page)?;
        if !tenant.flag(crate::chat::CHAT_FLAG) {
            let items = matched.items.into_iter().map(|(hit, offer_match)| (hit, offer_match, ChatCard::default())).collect();
            return Ok(Paged {
                items,
                page_number: matched.page_number,
                page_size: matched.page_size,
                has_next_page: matched.has_next_page,
                total: matched.total,
            });
        }
        let slug = &tenant.settings.slug;
        let actor = Actor::candidate(principal.candidate_account()?);
        let profile = self.chat.profile(slug, &actor)?.filter(|profile| profile.complete().is_ok());
        // Most recently active first: the first conversation about an offer is the one to open.
        let conversations = self.chat.conversations(slug, &actor)?;
        let items = matched
            .items
            .into_iter()
            .map(|(hit, offer_match)| {
                let match_percent = profile.as_ref().map(|profile| match_score(profile, &hit.offer, &self.engine.rates, &tenant.categories).percent);
                let conversation_id =
                    conversations.iter().find(|conversation| conversation.offer_id == hit.offer.guid).map(|conversation| conversation.id.clone());
                (hit, offer_match, ChatCard { match_percent, conversation_id })
            })
            .collect();
        Ok(Paged { items, page_number: matched.page_number, page_size: matched.page_size, has_next_page: matched.has_next_page, total: matched.total })
    }

    fn matched_by_preferences(&self, tenant: &Tenant, principal: &Principal, page: Page) -> Result<Paged<(Hit, OfferMatch)>> {
        let slug = &tenant.settings.slug;
        let preferences = self.account(slug, principal)?.preferences;
        if preferences.is_empty() {
            return Ok(Paged { items: Vec::new(), page_number: page.number(), page_size: page.size(), has_next_page: false, total: 0 });
        }
        let mut queries: Vec<Filters> =
            preferences.skills.iter().take(MATCH_QUERIED_SKILLS).map(|skill| Filters { skills: vec![skill.clone()], ..Filters::default() }).collect();
        queries.push(Filters { experience_levels: preferences.experience_levels.clone(), ..Filters::default() });
        let sort = Sort { by: SortBy::Newest, order: OrderBy::Desc };
        let now = self.clock.now();
        let mut seen = HashSet::new();
        let mut pool: Vec<Hit> = Vec::new();
        for filters in &queries {
            let request = ListRequest {
                tenant: Some(slug),
                filters,
                sort,
                offset: 0,
                limit: MATCH_POOL_PER_QUERY,
                now,
                count_categories: false,
                viewport: None,
                region: None,
            };
            for hit in self.engine.index.list(&request)?.hits {
                if seen.insert(hit.parent_slug.clone()) {
                    pool.push(hit);
                }
            }
        }
        // Best match first, then newest (the order of `rank_by_match`), keeping each offer's hit.
        let mut ranked: Vec<(usize, OfferMatch)> =
            pool.iter().enumerate().map(|(idx, hit)| (idx, match_offer(&preferences, &hit.offer, &self.engine.rates))).filter(|(_, m)| m.percent > 0).collect();
        ranked.sort_by(|(a, match_a), (b, match_b)| match_b.percent.cmp(&match_a.percent).then(pool[*b].offer.published_at.cmp(&pool[*a].offer.published_at)));
        let total = ranked.len();
        let start = ((page.number() - 1) * page.size()) as usize;
        let items: Vec<(Hit, OfferMatch)> =
            ranked.into_iter().skip(start).take(page.size() as usize).map(|(idx, offer_match)| (pool[idx].clone(), offer_match)).collect();
        Ok(Paged { has_next_page: start + items.len() < total, items, page_number: page.number(), page_size: page.size(), total })
    }

    fn release_document(&self, tenant: &str, account_id: &str, document: &Document) {
        let Ok(hash) = BlobHash::parse(&document.blob_hash) else { return };
        if let Err(error) = self.blobs.detach(&hash, &document_owner(tenant, account_id, &document.id)) {
            tracing::error!(%error, document = document.id, "a CV reference could not be released");
        }
    }

    /// Stores an uploaded CV as a new document, or in place of `replace_id`.
    pub fn put_document(&self, tenant: &Tenant, principal: &Principal, file: UploadedFile, replace_id: Option<&str>) -> Result<Document> {
        let (slug, account_id) = (&tenant.settings.slug, principal.candidate_account()?);
        let document = Document {
            id: wakat_store::ids::new_id(),
            file_name: file.file_name,
            blob_hash: file.blob.hash.as_str().to_string(),
            size: file.blob.size,
            mime: file.blob.kind.mime_type().to_string(),
            uploaded_at: self.clock.now(),
        };
        // The reference is taken before the account names the document: a crash in between
        // leaves a kept file, never a document whose file was swept away.
        self.blobs.attach(&file.blob.hash, &document_owner(slug, account_id, &document.id)).map_err(|error| AppError::internal("keeping a CV", error))?;
        match self.accounts.put_document(slug, account_id, document.clone(), replace_id, self.clock.now()) {
            Ok((_, replaced)) => {
                if let Some(old) = replaced {
                    self.release_document(slug, account_id, &old);
                }
                Ok(document)
            }
            Err(error) => {
                self.release_document(slug, account_id, &document);
                Err(error.into())
            }
        }
    }

    /// Deletes a CV document.
    pub fn delete_document(&self, tenant: &Tenant, principal: &Principal, document_id: &str) -> Result<()> {
        let (slug, account_id) = (&tenant.settings.slug, principal.candidate_account()?);
        let removed = self.accounts.remove_document(slug, account_id, document_id, self.clock.now())?;
        self.release_document(slug, account_id, &removed);
        Ok(())
    }

    /// The candidate's document `document_id` ([`AppError::DocumentNotFound`] otherwise).
    pub fn document(&self, tenant: &Tenant, principal: &Principal, document_id: &str) -> Result<Document> {
        self.document_of(&tenant.settings.slug, principal.candidate_account()?, document_id)
    }

    fn document_of(&self, tenant: &str, account_id: &str, document_id: &str) -> Result<Document> {
        let account = self.accounts.get(tenant, account_id)?.ok_or(AppError::DocumentNotFound)?;
        account.documents.into_iter().find(|d| d.id == document_id).ok_or(AppError::DocumentNotFound)
    }

    /// The document `document_id` of `account_id` with its bytes, for a download link whose
    /// signature the transport has checked (the link, not a session, proves the right to it).
    pub fn signed_download(&self, tenant: &Tenant, account_id: &str, document_id: &str) -> Result<(Document, Vec<u8>)> {
        let document = self.document_of(&tenant.settings.slug, account_id, document_id)?;
        let hash = BlobHash::parse(&document.blob_hash).map_err(|error| AppError::internal("reading a CV", error))?;
        let bytes = self.blobs.read(&hash).map_err(|error| AppError::internal("reading a CV", error))?;
        Ok((document, bytes))
    }

    /// Everything stored about the candidate (GDPR articles 15 and 20).
    pub fn export(&self, tenant: &Tenant, principal: &Principal) -> Result<CandidateExport> {
        let slug = &tenant.settings.slug;
        let account = self.account(slug, principal)?;
        let applications = self.applications.export_candidate(slug, &account.id)?;
        let external_applications = self.redirects.export_candidate(slug, &account.id)?;
        let favourites = self.favourites.export_candidate(slug, &account.id)?;
        let chat = self.export_chat(slug, &account.id)?;
        Ok(CandidateExport { exported_at: self.clock.now(), board: slug.clone(), account, applications, external_applications, favourites, chat })
    }

    /// The candidate's chat as stored: profile, requests received, conversations with every
    /// message (the company's too: they were written to the candidate), blocks.
    fn export_chat(&self, slug: &str, account_id: &str) -> Result<serde_json::Value> {
        let actor = Actor::candidate(account_id);
        let mut conversations = Vec::new();
        for conversation in self.chat.conversations(slug, &actor)? {
            let mut messages = Vec::new();
            let mut before = None;
            loop {
                let page = self.chat.history(slug, &actor, &conversation.id, before, wakat_chat::MAX_HISTORY_PAGE)?;
                messages.extend(page.messages);
                match page.next_before {
                    Some(next) => before = Some(next),
                    None => break,
                }
            }
            messages.reverse();
            conversations.push(serde_json::json!({"conversation": conversation, "messages": messages}));
        }
        let export = serde_json::json!({
            "profile": self.chat.profile(slug, &actor)?,
            "requests": self.chat.requests_received(slug, &actor, self.clock.now())?,
            "conversations": conversations,
            "blocks": self.chat.blocked_companies(slug, &actor)?,
        });
        Ok(export)
    }

    /// Deletes the account (GDPR article 17): its CVs, the personal data of its applications, its
    /// favourites, redirects, saved searches and alerts, its sessions. The password must be given
    /// again.
    pub fn delete_account(&self, tenant: &Tenant, principal: &Principal, password: &str) -> Result<()> {
        let slug = &tenant.settings.slug;
        let account = self.account(slug, principal)?;
        let account_id = &account.id;
        if self.accounts.authenticate(slug, account.kind, &account.email, password).is_err() {
            return Err(FieldError::new("password", ErrorCode::InvalidPassword, "the password is wrong").into());
        }
        let erased = self.applications.erase_candidate(slug, account_id, self.clock.now())?;
        for attachment in &erased.attachments {
            release_attachment(&self.blobs, attachment);
        }
        self.redirects.erase_candidate(slug, account_id)?;
        self.favourites.erase_candidate(slug, account_id)?;
        // Saved searches and their alerts go too: no digest is mailed to a deleted account.
        self.alerts.erase_owner(slug, &Owner::Account(account_id.clone()))?;
        // The chat: message texts become tombstones the employer keeps, what was shared goes.
        self.chat.erase_candidate(slug, &Actor::candidate(account_id.clone()), self.clock.now())?;
        let deleted = self.accounts.delete_account(slug, account_id)?;
        for document in &deleted.documents {
            self.release_document(slug, account_id, document);
        }
        Ok(())
    }
}
