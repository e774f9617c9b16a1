//! The path parameters of the routes under `/api/{tenant}`, shared by the route modules (a route
//! module never imports another for its path type).

use serde::Deserialize;

/// `/api/{tenant}/job-filters/{id}…`
#[derive(Debug, Deserialize)]
pub struct FilterPath {
    /// Board slug.
    pub tenant: String,
    /// Saved search id.
    pub id: String,
}

/// `/api/{tenant}/guests/job-alerts/{candidate_id}/{job_filter_id}`
#[derive(Debug, Deserialize)]
pub struct GuestAlertPath {
    /// Board slug.
    pub tenant: String,
    /// The guest.
    pub candidate_id: String,
    /// The saved search.
    pub job_filter_id: String,
}

/// `/api/{tenant}/v1/candidate/favourites/{job_advertisement_id}`
#[derive(Debug, Deserialize)]
pub struct FavouritePath {
    /// Board slug.
    pub tenant: String,
    /// Offer guid.
    pub job_advertisement_id: String,
}

/// `/api/{tenant}/v1/candidate/redirects/{redirect_id}...`
#[derive(Debug, Deserialize)]
pub struct RedirectPath {
    /// Board slug.
    pub tenant: String,
    /// Redirect id.
    pub redirect_id: String,
}

/// `/api/{tenant}/v1/candidate/documents/{document_id}...`
#[derive(Debug, Deserialize)]
pub struct DocumentPath {
    /// Board slug.
    pub tenant: String,
    /// Document id.
    pub document_id: String,
}

/// `/api/dev/mailbox/{id}`
#[derive(Debug, Deserialize)]
pub struct MailPath {
    /// Mail id.
    pub id: String,
}

/// Path of the code calls.
#[derive(Debug, Deserialize)]
pub struct CodePath {
    /// Board slug.
    pub tenant: String,
    /// Offer slug.
    pub slug: String,
    /// The code.
    pub code: String,
}

/// Path of an uploaded logo.
#[derive(Debug, Deserialize)]
pub struct LogoPath {
    /// Board slug.
    pub tenant: String,
    /// SHA-256 of the logo.
    pub hash: String,
}

/// Path of a company's codes (internal).
#[derive(Debug, Deserialize)]
pub struct CompanyPath {
    /// Board slug.
    pub tenant: String,
    /// Company id.
    pub company_id: String,
}

/// Path of a company user.
#[derive(Debug, Deserialize)]
pub struct UserPath {
    /// Board slug.
    pub tenant: String,
    /// The user's account id.
    pub id: String,
}

/// Path of a legal document.
#[derive(Debug, Deserialize)]
pub struct LegalPath {
    /// Board slug.
    pub tenant: String,
    /// The `{name}` segment.
    pub name: String,
}

/// Path of a company's brand story.
#[derive(Debug, Deserialize)]
pub struct StoryPath {
    /// Board slug.
    pub tenant: String,
    /// The `{slug}` segment.
    pub slug: String,
}

/// Path of a generated image.
#[derive(Debug, Deserialize)]
pub struct ImagePath {
    /// Board slug.
    pub tenant: String,
    /// The `{file}` segment.
    pub file: String,
}

/// `/api/{tenant}/...`
#[derive(Debug, Deserialize)]
pub struct TenantPath {
    /// Board slug.
    pub tenant: String,
}

/// `/api/{tenant}/.../{slug}`
#[derive(Debug, Deserialize)]
pub struct SlugPath {
    /// Board slug.
    pub tenant: String,
    /// Offer slug.
    pub slug: String,
}

/// `/api/{tenant}/.../{category_id}`
#[derive(Debug, Deserialize)]
pub struct CategoryPath {
    /// Board slug.
    pub tenant: String,
    /// The `{category_id}` segment.
    pub category_id: String,
}

/// `/api/{tenant}/v2/employer-panel/applications/{id}…`
#[derive(Debug, Deserialize)]
pub struct ApplicationPath {
    /// Board slug.
    pub tenant: String,
    /// Application id.
    pub id: String,
}

/// `/api/{tenant}/v1/offers/{slug}/applications/{id}/download`
#[derive(Debug, Deserialize)]
pub struct CvPath {
    /// Board slug.
    pub tenant: String,
    /// Offer slug.
    pub slug: String,
    /// Application id.
    pub id: String,
}

/// Path of a payment.
#[derive(Debug, Deserialize)]
pub struct PaymentPath {
    /// Board slug.
    pub tenant: String,
    /// Payment id.
    pub id: String,
}

/// Path of a sandbox button.
#[derive(Debug, Deserialize)]
pub struct SandboxActionPath {
    /// Board slug.
    pub tenant: String,
    /// Payment id.
    pub id: String,
    /// `pay`, `fail` or `cancel`.
    pub action: String,
}

/// `/api/{tenant}/…/chat/…/{id}`: a conversation or a conversation request.
#[derive(Debug, Deserialize)]
pub struct ChatIdPath {
    /// Board slug.
    pub tenant: String,
    /// The conversation's or request's id.
    pub id: String,
}

/// `/api/{tenant}/v1/candidate/chat/conversations/{id}/messages/{seq}/report`
#[derive(Debug, Deserialize)]
pub struct ChatMessagePath {
    /// Board slug.
    pub tenant: String,
    /// The conversation.
    pub id: String,
    /// The message's seq.
    pub seq: u64,
}

/// `/api/{tenant}/v1/candidate/chat/blocks/{company_id}`
#[derive(Debug, Deserialize)]
pub struct ChatCompanyPath {
    /// Board slug.
    pub tenant: String,
    /// The blocked company.
    pub company_id: String,
}
