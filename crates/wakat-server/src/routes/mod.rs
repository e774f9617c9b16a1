//! HTTP routes, one module per resource.

pub mod accounts;
pub mod alerts;
pub mod applications;
pub mod candidate;
pub mod dev;
pub mod internal;
pub mod meta;
pub mod offers;
pub mod openapi;
pub mod places;

use actix_web::web;

use crate::ratelimit::RateClass;

/// Operations wrapped in a [`RateClass`] below (method, OpenAPI path): the document lists their
/// `429` answer. Keep in step with the `.wrap(RateClass::…)` lines.
pub const RATE_LIMITED: &[(&str, &str)] = &[
    ("get", "/api/{tenant}/v2/user-panel/offers"),
    ("get", "/api/{tenant}/v2/user-panel/offers/by-cursor"),
    ("get", "/api/{tenant}/v2/user-panel/offers/count"),
    ("get", "/api/{tenant}/v2/user-panel/offers/count/categories"),
    ("get", "/api/{tenant}/v2/user-panel/offers/count/categories/{category_id}"),
    ("get", "/api/{tenant}/v2/user-panel/offers/popular"),
    ("get", "/api/{tenant}/v2/user-panel/offers/clusters"),
    ("get", "/api/{tenant}/v2/user-panel/offers/markers"),
    ("post", "/api/{tenant}/v1/views"),
    ("get", "/api/{tenant}/v2/user-panel/brand-stories/company/list"),
    ("post", "/api/{tenant}/v1/candidate/register"),
    ("post", "/api/{tenant}/v1/candidate/confirm"),
    ("post", "/api/{tenant}/v1/candidate/login"),
    ("post", "/api/{tenant}/v1/candidate/password-reset"),
    ("post", "/api/{tenant}/v1/candidate/password-reset/confirm"),
    ("post", "/api/{tenant}/v1/candidate/email/confirm"),
    ("post", "/api/{tenant}/v1/offers/{slug}/applications"),
    ("post", "/api/{tenant}/v2/user-panel/offers/{slug}/track-redirects"),
    ("post", "/api/{tenant}/v1/candidate/documents"),
    ("put", "/api/{tenant}/v1/candidate/documents/{document_id}"),
    ("post", "/api/{tenant}/guests/job-alerts"),
    ("put", "/api/{tenant}/guests/job-alerts/activation"),
    ("delete", "/api/{tenant}/guests/job-alerts/{candidate_id}/{job_filter_id}"),
    ("post", "/api/{tenant}/job-alerts/unsubscribe"),
    ("get", "/api/{tenant}/feeds/offers.atom"),
];

/// Registers every route under `/api`. Routes a visitor could repeat at our cost are wrapped in
/// their [`RateClass`].
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("/api")
            .route("/openapi.json", web::get().to(openapi::document))
            .route("/boards", web::get().to(meta::boards))
            .route("/dev/mailbox", web::get().to(dev::list))
            .route("/dev/mailbox/{id}", web::get().to(dev::get))
            .service(
                web::scope("/{tenant}")
                    .route("/v2/user-panel/offers", web::get().to(offers::list_page).wrap(RateClass::ExpensiveRead))
                    .route("/v2/user-panel/offers/by-cursor", web::get().to(offers::list_cursor).wrap(RateClass::ExpensiveRead))
                    .route("/v2/user-panel/offers/count", web::get().to(offers::count).wrap(RateClass::ExpensiveRead))
                    .route("/v2/user-panel/offers/count/categories", web::get().to(offers::count_categories).wrap(RateClass::ExpensiveRead))
                    .route("/v2/user-panel/offers/count/categories/{category_id}", web::get().to(offers::count_subcategories).wrap(RateClass::ExpensiveRead))
                    .route("/v2/user-panel/offers/all-boards/count", web::get().to(offers::count_all_boards))
                    .route("/v2/user-panel/offers/popular", web::get().to(offers::popular).wrap(RateClass::ExpensiveRead))
                    .route("/v2/user-panel/offers/suggest", web::get().to(offers::suggest))
                    .route("/v2/user-panel/offers/clusters", web::get().to(offers::clusters).wrap(RateClass::ExpensiveRead))
                    .route("/v2/user-panel/offers/markers", web::get().to(offers::markers).wrap(RateClass::ExpensiveRead))
                    .route("/v2/user-panel/offers/active-slug/{slug}", web::get().to(offers::active_slug))
                    .route("/v2/user-panel/offer-lookalikes/{slug}", web::get().to(offers::lookalikes))
                    .route("/v1/offers/{slug}", web::get().to(offers::detail))
                    .route("/v1/views", web::post().to(offers::record_view).wrap(RateClass::PublicWrite))
                    .route("/v2/user-panel/configuration", web::get().to(meta::configuration))
                    .route("/v2/user-panel/cities", web::get().to(places::cities))
                    .route("/v2/testimonials", web::get().to(meta::testimonials))
                    .route("/v2/user-panel/brand-stories/company/list", web::get().to(meta::brand_stories).wrap(RateClass::ExpensiveRead))
                    .route("/v2/user-panel/brand-stories/company/{slug}/short-info", web::get().to(meta::brand_story_short_info))
                    .route("/v1/terms/{name}", web::get().to(meta::legal_document))
                    .route("/v1/logos/{file}", web::get().to(meta::logo))
                    .route("/v1/images/cover/{file}", web::get().to(meta::cover))
                    .route("/v1/candidate/register", web::post().to(accounts::register).wrap(RateClass::Auth))
                    .route("/v1/candidate/confirm", web::post().to(accounts::confirm).wrap(RateClass::Auth))
                    .route("/v1/candidate/login", web::post().to(accounts::login).wrap(RateClass::Auth))
                    .route("/v1/candidate/logout", web::post().to(accounts::logout))
                    .route("/v1/candidate/me", web::get().to(accounts::me))
                    .route("/v1/candidate/password-reset", web::post().to(accounts::request_reset).wrap(RateClass::Auth))
                    .route("/v1/candidate/password-reset/confirm", web::post().to(accounts::confirm_reset).wrap(RateClass::Auth))
                    .route("/v1/candidate/password", web::put().to(accounts::change_password))
                    .route("/v1/candidate/email", web::post().to(accounts::change_email))
                    .route("/v1/candidate/email/confirm", web::post().to(accounts::confirm_email_change).wrap(RateClass::Auth))
                    .route("/v1/candidate/profile", web::put().to(accounts::update_profile))
                    .route("/v1/offers/{slug}/applications", web::post().to(applications::apply).wrap(RateClass::PublicWrite))
                    .route("/v2/user-panel/offers/{slug}/track-redirects", web::post().to(applications::track_redirect).wrap(RateClass::PublicWrite))
                    .route("/v2/user-panel/offers/by-ids", web::get().to(candidate::offers_by_ids))
                    .route("/v1/candidate/favourites/count", web::get().to(candidate::favourites_count))
                    .route("/v1/candidate/favourites", web::get().to(candidate::favourites))
                    .route("/v1/candidate/favourites", web::post().to(candidate::add_favourite))
                    .route("/v1/candidate/favourites/{job_advertisement_id}", web::delete().to(candidate::remove_favourite))
                    .route("/v1/candidate/applications", web::get().to(candidate::history))
                    .route("/v1/candidate/redirects/{redirect_id}/confirm", web::post().to(candidate::confirm_redirect))
                    .route("/v1/candidate/redirects/{redirect_id}", web::delete().to(candidate::remove_redirect))
                    .route("/v1/candidate/matched-offers", web::get().to(candidate::matched_offers))
                    .route("/v1/candidate/documents", web::post().to(candidate::upload_document).wrap(RateClass::PublicWrite))
                    .route("/v1/candidate/documents/{document_id}", web::put().to(candidate::replace_document).wrap(RateClass::PublicWrite))
                    .route("/v1/candidate/documents/{document_id}", web::delete().to(candidate::delete_document))
                    .route("/v1/candidate/documents/{document_id}/link", web::post().to(candidate::document_link))
                    .route("/v1/candidate/documents/{document_id}/download", web::get().to(candidate::download_document))
                    .route("/v1/candidate/export", web::get().to(candidate::export))
                    .route("/v1/candidate/account", web::delete().to(candidate::delete_account))
                    .route("/job-filters", web::get().to(alerts::list))
                    .route("/job-filters", web::post().to(alerts::create))
                    .route("/job-filters/{id}", web::delete().to(alerts::delete))
                    .route("/job-filters/{id}/read-filtered-offers", web::post().to(alerts::read_offers))
                    .route("/job-alerts", web::post().to(alerts::enable))
                    .route("/job-filters/{id}/job-alert", web::delete().to(alerts::disable))
                    .route("/job-filters/{id}/job-alert/frequency", web::patch().to(alerts::change_frequency))
                    .route("/guests/job-alerts", web::post().to(alerts::create_guest).wrap(RateClass::PublicWrite))
                    .route("/guests/job-alerts/activation", web::put().to(alerts::activate).wrap(RateClass::PublicWrite))
                    .route("/guests/job-alerts/{candidate_id}/{job_filter_id}", web::delete().to(alerts::unsubscribe_guest).wrap(RateClass::PublicWrite))
                    .route("/job-alerts/unsubscribe", web::post().to(alerts::one_click_unsubscribe).wrap(RateClass::PublicWrite))
                    .route("/feeds/offers.atom", web::get().to(alerts::feed).wrap(RateClass::ExpensiveRead))
                    .route("/feeds/link", web::get().to(alerts::feed_link))
                    .route("/internal/digests/run", web::post().to(alerts::run_digests))
                    .route("/internal/offers/{slug}/applications", web::get().to(internal::offer_applications))
                    .route("/internal/offers", web::post().to(internal::create_offer))
                    .route("/internal/offers/{slug}", web::put().to(internal::put_offer))
                    .route("/internal/offers/{slug}", web::delete().to(internal::delete_offer)),
            ),
    );
}
