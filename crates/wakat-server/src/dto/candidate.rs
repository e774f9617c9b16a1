//! Answers of the candidate area (favourites, history, matched-for-you) and of applying.

use serde::Serialize;
use utoipa::ToSchema;
use wakat_applications::{Application, Favourite, Paged, StatusChange};
use wakat_core::matching::OfferMatch;
use wakat_search::Hit;

use crate::dto::{iso_time, OfferItem};
use wakat_app::candidates::area::{CandidateExport, ChatCard, HistoryEntry};
use wakat_app::candidates::OfferCard;

/// Paging facts of the candidate lists (the spec's `metadata`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PagingMeta {
    /// Whether a later page has entries.
    pub has_next_page: bool,
    /// 1-based page number.
    pub page_number: u32,
    /// Page size.
    pub page_size: u32,
    /// Entries on all pages.
    pub total: usize,
}

impl PagingMeta {
    /// The meta of a page.
    pub fn of<T>(paged: &Paged<T>) -> PagingMeta {
        PagingMeta { has_next_page: paged.has_next_page, page_number: paged.page_number, page_size: paged.page_size, total: paged.total }
    }
}

/// A page of a candidate list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PagedDto<T: Serialize> {
    /// The entries.
    pub data: Vec<T>,
    /// Paging.
    pub meta: PagingMeta,
}

fn card(offer: &Option<OfferCard>, lang: &str, now: i64) -> Option<OfferItem> {
    offer.as_ref().map(|(offer, location_idx)| OfferItem::new(offer, *location_idx, lang, now))
}

/// A favourite with its offer (null when the offer is gone).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FavouriteDto {
    /// The offer's guid.
    pub job_advertisement_id: String,
    /// RFC 3339 (empty for the entries of an ids filter).
    pub added_at: String,
    /// The offer's card.
    pub offer: Option<OfferItem>,
}

impl FavouriteDto {
    /// The page of favourites.
    pub fn page(paged: Paged<(Favourite, Option<OfferCard>)>, lang: &str, now: i64) -> PagedDto<FavouriteDto> {
        let meta = PagingMeta::of(&paged);
        let data = paged
            .items
            .iter()
            .map(|(favourite, hit)| FavouriteDto {
                job_advertisement_id: favourite.job_advertisement_id.clone(),
                added_at: if favourite.at > 0 { iso_time(favourite.at) } else { String::new() },
                offer: card(hit, lang, now),
            })
            .collect();
        PagedDto { data, meta }
    }
}

/// An entry of the application history.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryDto {
    /// Application or redirect id.
    pub id: String,
    /// `form`, `one_click` or `external`.
    pub kind: &'static str,
    /// The offer's guid.
    pub job_advertisement_id: String,
    /// The offer's slug.
    pub slug: String,
    /// RFC 3339.
    pub applied_at: String,
    /// Whether the offer is still active.
    pub offer_active: bool,
    /// The offer's card (null when the offer is gone).
    pub offer: Option<OfferItem>,
    /// The employer's status of a form or one-click application (`new`, `seen`, `in_review`,
    /// `interview`, `offer`, `hired`, `rejected`); null for external applies.
    pub status: Option<&'static str>,
    /// Every change of that status, oldest first.
    pub status_history: Vec<StatusChangeDto>,
}

impl HistoryDto {
    /// The page of the history.
    pub fn page(paged: Paged<(HistoryEntry, Option<OfferCard>)>, lang: &str, now: i64) -> PagedDto<HistoryDto> {
        let meta = PagingMeta::of(&paged);
        let data = paged
            .items
            .iter()
            .map(|(HistoryEntry { item, application }, hit)| HistoryDto {
                id: item.id.clone(),
                kind: item.kind.as_str(),
                job_advertisement_id: item.job_advertisement_id.clone(),
                slug: item.offer_slug.clone(),
                applied_at: iso_time(item.at),
                offer_active: hit.as_ref().is_some_and(|(offer, _)| offer.is_active(now)),
                offer: card(hit, lang, now),
                status: application.as_ref().map(|a| a.status.as_str()),
                status_history: application.as_ref().map(|a| StatusChangeDto::all(&a.status_changes)).unwrap_or_default(),
            })
            .collect();
        PagedDto { data, meta }
    }
}

/// An offer matched for the candidate, with the reasons.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MatchedDto {
    /// The offer's card.
    pub offer: OfferItem,
    /// 0 to 100.
    pub match_percent: u8,
    /// Preferences met: `{kind, label, …}`.
    #[schema(value_type = Vec<Object>)]
    pub matched: Vec<serde_json::Value>,
    /// Preferences not met.
    #[schema(value_type = Vec<Object>)]
    pub missed: Vec<serde_json::Value>,
    /// The candidate's passive chat profile scored against the offer (0–100, the score employers
    /// see in "Candidates for this offer"); `null` without a complete profile or with the chat off.
    pub passive_match_percent: Option<u8>,
    /// The web app's link opening the candidate's conversation about this offer
    /// (`/?chat={conversationId}`), or `null`.
    pub conversation_link: Option<String>,
}

fn reasons(reasons: &[wakat_core::matching::MatchReason]) -> Vec<serde_json::Value> {
    reasons
        .iter()
        .map(|reason| {
            let mut value = serde_json::to_value(reason).unwrap_or_default();
            value["label"] = serde_json::Value::String(reason.to_string());
            value
        })
        .collect()
}

impl MatchedDto {
    /// The page of matched offers.
    pub fn page(paged: Paged<(Hit, OfferMatch, ChatCard)>, lang: &str, now: i64) -> PagedDto<MatchedDto> {
        let meta = PagingMeta::of(&paged);
        let data = paged
            .items
            .iter()
            .map(|(hit, offer_match, chat)| MatchedDto {
                offer: OfferItem::from_hit(hit, lang, now),
                match_percent: offer_match.percent,
                matched: reasons(&offer_match.matched),
                missed: reasons(&offer_match.missed),
                passive_match_percent: chat.match_percent,
                conversation_link: chat.conversation_id.as_ref().map(|id| format!("/?chat={id}")),
            })
            .collect();
        PagedDto { data, meta }
    }
}

/// `{count}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct CountDto {
    /// How many.
    pub count: usize,
}

/// The answer of an application.
#[derive(Debug, Serialize, ToSchema)]
pub struct ApplicationCreated {
    /// The application's id (the same id when the same person applied within a minute).
    pub id: String,
}

/// The answer of a tracked redirect (snake_case, as the spec reads it).
#[derive(Debug, Serialize, ToSchema)]
pub struct RedirectDto {
    /// Where to send the browser.
    pub apply_url: String,
    /// The id to confirm or remove the application by.
    pub redirect_id: String,
}

/// An application as the offer's employer (today: the internal API) reads it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicationDto {
    /// Id.
    pub id: String,
    /// The offer.
    pub offer_slug: String,
    /// `apply_form` or `1_click_apply`.
    pub source: &'static str,
    /// RFC 3339.
    pub applied_at: String,
    /// The applicant (null once they erased their data).
    #[schema(value_type = Object)]
    pub applicant: Option<serde_json::Value>,
}

impl From<&Application> for ApplicationDto {
    fn from(application: &Application) -> ApplicationDto {
        ApplicationDto {
            id: application.id.clone(),
            offer_slug: application.offer_slug.clone(),
            source: application.source.as_str(),
            applied_at: iso_time(application.at),
            applicant: application.applicant.as_ref().map(|applicant| {
                serde_json::json!({
                    "name": applicant.name,
                    "email": applicant.email,
                    "message": applicant.message,
                    "candidateId": applicant.candidate_id,
                    "futureConsentAccepted": applicant.consents.future,
                    "customConsentAccepted": applicant.consents.custom,
                    "attachment": applicant.attachment.as_ref().map(|a| serde_json::json!({"fileName": a.file_name, "size": a.size, "mime": a.mime})),
                })
            }),
        }
    }
}

/// One change of status.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusChangeDto {
    /// The new status.
    pub status: &'static str,
    /// RFC 3339.
    pub at: String,
}

impl StatusChangeDto {
    /// Every change of an application, oldest first.
    pub fn all(changes: &[StatusChange]) -> Vec<StatusChangeDto> {
        changes.iter().map(|change| StatusChangeDto { status: change.status.as_str(), at: iso_time(change.at) }).collect()
    }
}

/// The candidate's data export as one JSON document (GDPR articles 15 and 20).
pub fn export_json(export: CandidateExport) -> serde_json::Value {
    let CandidateExport { exported_at, board, account, applications, external_applications, favourites, chat } = export;
    serde_json::json!({
        "exportedAt": iso_time(exported_at),
        "board": board,
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
                "acceptedAt": iso_time(terms.accepted_at),
            })),
            "createdAt": iso_time(account.created_at),
            "updatedAt": iso_time(account.updated_at),
        },
        "applications": applications,
        "externalApplications": external_applications,
        "favourites": favourites,
        "chat": chat,
    })
}
