//! Shared handler state and the small helpers every route uses.

use std::sync::Arc;

use actix_web::HttpRequest;

use wakat_core::params::{parse_lang, Lang};
use wakat_engine::{Engine, Tenant};

use crate::error::{ApiError, ErrorCode};

/// State shared by all handlers.
#[derive(Clone)]
pub struct AppState {
    /// Store, index, dictionaries.
    pub engine: Arc<Engine>,
    /// The settings it serves with (`settings.engine` is what the engine was opened with).
    pub settings: Arc<crate::config::Settings>,
    /// Recent answers of the hot read calls.
    pub cache: Arc<crate::cache::ResponseCache>,
    /// The token the internal write API requires (configured, or generated in the data directory).
    pub internal_token: Arc<str>,
    /// Offer views counted in memory, persisted in batches.
    pub views: Arc<wakat_app::views::ViewCounter>,
    /// Search analytics counted in memory, persisted in batches like views.
    pub analytics: Arc<wakat_analytics::SearchAnalytics>,
    /// Per-client rate limits of the route classes.
    pub limits: Arc<crate::ratelimit::RateLimits>,
    /// Series of `GET /metrics`.
    pub metrics: Arc<crate::metrics::Metrics>,
    /// Testimonials and legal documents, read at start-up.
    pub files: Arc<crate::board_files::BoardFiles>,
    /// The boards' blog posts, read and rendered at start-up (flag `blogShowcase`).
    pub blog: Arc<wakat_app::blog::Blog>,
    /// Candidate (and later employer) accounts and sessions.
    pub accounts: Arc<wakat_accounts::AccountStore>,
    /// The one mailer (SMTP, or the outbox of the dev mailbox).
    pub mailer: Arc<dyn wakat_mail::Mailer>,
    /// The outbox, when mail goes there and `mail.dev_mailbox` is on (for loopback clients only).
    pub dev_mailbox: Option<Arc<wakat_mail::Outbox>>,
    /// Signs and checks expiring links (private downloads).
    pub signer: Arc<wakat_store::LinkSigner>,
    /// The captcha of public writes.
    pub captcha: Arc<dyn crate::captcha::CaptchaVerifier>,
    /// Every uploaded file (CVs, attachments), by content.
    pub blobs: Arc<wakat_uploads::BlobStore>,
    /// Applications sent through the form.
    pub applications: Arc<wakat_applications::ApplicationStore>,
    /// Companies, employer users, offers in the making, codes, payments.
    pub employers: Arc<wakat_employers::EmployerStore>,
    /// The offer form's skills dictionary (`index-data/skills.json`).
    pub skills: Arc<wakat_core::offer_form::SkillDictionary>,
    /// Every mail leaves through this queue: recorded durably, then delivered by its worker.
    pub mail_queue: Arc<wakat_mail::MailQueue>,
    /// Saved searches and job alerts.
    pub alerts: Arc<wakat_alerts::AlertStore>,
    /// Per-offer daily views, applications and redirects of the employer panel's statistics.
    pub offer_stats: Arc<wakat_applications::OfferStats>,
    /// How services hand a mail over (the durable mail queue).
    pub mail: wakat_app::mail_queue::MailSender,
    /// Atom feeds and their signed addresses (`/feeds/offers.atom`, `/feeds/link`).
    pub feeds: wakat_app::feeds::FeedsService,
    /// Saved searches and job alerts (`/job-filters`, `/job-alerts`, `/guests/job-alerts`).
    pub alerts_service: wakat_app::alerts::AlertsService,
    /// The digest run (the scheduler's, and `POST …/internal/digests/run`).
    pub digests: wakat_app::jobs::digests::Digests,
    /// The plan bump run (the scheduler's, and `POST …/internal/bumps/run`).
    pub bumps: wakat_app::jobs::bumps::Bumps,
    /// The employers' daily digests of applications.
    pub application_digests: wakat_app::jobs::application_digests::ApplicationDigests,
    /// The mails that follow an application, and their signed CV links.
    pub application_mailing: wakat_app::candidates::application_mailing::ApplicationMailing,
    /// Public copies of employers' offers (publications, relinks, bumps).
    pub public_offers: wakat_app::employers::public_offers::PublicOffers,
    /// Brand stories (the panel's `/v2/employer-panel/brand-stories`, the board's story reads).
    pub brand_stories: wakat_app::employers::brand_stories::BrandStories,
    /// The employer panel's profile, team, company, billing and clauses.
    pub company_panel: wakat_app::employers::panel::CompanyPanel,
    /// Employer sign-up, links, passwords, access tokens and invitations.
    pub employer_accounts: wakat_app::employers::accounts::EmployerAccounts,
    /// The employers' offers (drafts, codes, publication, the end of an offer).
    pub employer_offers: wakat_app::employers::offers::EmployerOffers,
    /// Payments of publications and extensions at the provider.
    pub employer_payments: wakat_app::employers::payments::Payments,
    /// The panel's offers, statistics and applications.
    pub panel_offers: wakat_app::employers::panel_offers::PanelOffersService,
    /// The candidate side's offer reads (listings, counts, map, popular, slugs) and view counts.
    pub offers: wakat_app::offers::OffersService,
    /// Salary figures of live offers: salary pages and an offer's place among comparable ones.
    pub salary_insights: wakat_app::salary_insights::SalaryInsights,
    /// The offer form's dictionaries and the skills search.
    pub offer_form_inputs: wakat_app::form_inputs::OfferFormInputs,
    /// Candidate registration, login, links, passwords and profile.
    pub candidate_accounts: wakat_app::candidates::accounts::CandidateAccounts,
    /// The logged-in candidate's favourites, history, matched offers, CVs, export and deletion.
    pub candidate_area: wakat_app::candidates::area::CandidateArea,
    /// Applications and tracked redirects to offers.
    pub applying: wakat_app::candidates::applying::Applying,
    /// The chat between passive candidates and employers (REST and the hub alike).
    pub chat: wakat_app::chat::ChatService,
    /// The chat's unread-message e-mails (the scheduler's, and `POST …/internal/chat-mails/run`).
    pub chat_mails: wakat_app::jobs::chat_mails::ChatMails,
    /// The chat's hub, once running.
    pub hub: crate::chat_hub::HubHandle,
    /// The job-ad assistant (its hub and the token route).
    pub assistant: wakat_app::assistant::AssistantService,
}

impl AppState {
    /// The tenant of the path, or a 404.
    pub fn tenant(&self, slug: &str) -> Result<Arc<Tenant>, ApiError> {
        self.engine.tenants.get(slug).cloned().ok_or_else(|| ApiError::new(ErrorCode::UnknownTenant).with_message(format!("there is no board '{slug}'")))
    }
}

impl AppState {
    /// A keyed hash of the client's address: enough to tell repeated calls of one client apart
    /// (duplicate applications, redirect throttling) without storing the address.
    pub fn client_key(&self, request: &HttpRequest) -> String {
        let forwarded_for = request.headers().get("x-forwarded-for").and_then(|v| v.to_str().ok());
        let client = self.limits.client(request.peer_addr().map(|a| a.ip()), forwarded_for);
        let address = client.map(|ip| ip.to_string()).unwrap_or_default();
        self.signer.sign("client", &address, 0)
    }
}

/// Runs what a service call left for after its answer on a blocking thread of actix's runtime:
/// whether the address has an account then changes neither the answer nor its time. Its failure
/// can only be logged.
pub fn after_the_answer(what: &'static str, later: wakat_app::Later) {
    actix_web::rt::spawn(async move {
        match actix_web::web::block(later).await {
            Ok(Ok(())) => {}
            Ok(Err(error)) => tracing::error!(%error, what, "a request handled after its answer failed"),
            Err(error) => tracing::error!(%error, what, "a request handled after its answer did not run"),
        }
    });
}

/// Query pairs of a request, in order (`keywords[]` may repeat).
pub type QueryPairs = Vec<(String, String)>;

/// Borrows query pairs for the core parser.
pub fn pairs(query: &QueryPairs) -> impl Iterator<Item = (&str, &str)> {
    query.iter().map(|(k, v)| (k.as_str(), v.as_str()))
}

/// The language of the answer: the `lang` (or `locale`) parameter, else `Accept-Language`, else
/// the board's default. A malformed `lang` is a 400, like any other malformed parameter.
pub fn language(request: &HttpRequest, query: &QueryPairs, tenant: &Tenant) -> Result<Lang, ApiError> {
    if let Some(lang) = parse_lang(pairs(query))? {
        return Ok(lang);
    }
    let header = request.headers().get("accept-language").and_then(|h| h.to_str().ok()).and_then(Lang::from_accept_language);
    Ok(header.or_else(|| Lang::parse(&tenant.settings.default_locale)).unwrap_or_default())
}
