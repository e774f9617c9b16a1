//! HTTP routes, one module per resource.

pub mod accounts;
pub mod alerts;
pub mod applications;
pub mod brand_stories;
pub mod candidate;
pub mod dev;
pub mod employer_offers;
pub mod employer_panel;
pub mod employers;
pub mod internal;
pub mod meta;
pub mod offers;
pub mod openapi;
pub mod panel_offers;
pub mod payments;
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
    ("post", "/api/{tenant}/v1/search-clicks"),
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
    ("post", "/api/{tenant}/v1/users/sign_up"),
    ("patch", "/api/{tenant}/v1/users/confirm"),
    ("post", "/api/{tenant}/v1/users/invitation"),
    ("patch", "/api/{tenant}/v1/users/regenerate_confirmation_token"),
    ("post", "/api/{tenant}/v1/users/password"),
    ("patch", "/api/{tenant}/v1/users/password"),
    ("post", "/api/{tenant}/v1/oauth/token"),
    ("post", "/api/{tenant}/v1/offers/initiate"),
    ("post", "/api/{tenant}/v1/offers/{slug}/logo"),
    ("post", "/api/{tenant}/v1/payments"),
    ("post", "/api/{tenant}/v1/company/company_data"),
    ("put", "/api/{tenant}/v2/employer-panel/brand-stories/{slug}"),
    ("post", "/api/{tenant}/guests/job-alerts"),
    ("put", "/api/{tenant}/guests/job-alerts/activation"),
    ("delete", "/api/{tenant}/guests/job-alerts/{candidate_id}/{job_filter_id}"),
    ("post", "/api/{tenant}/job-alerts/unsubscribe"),
    ("get", "/api/{tenant}/feeds/offers.atom"),
];

/// The employer's edit of an offer as multipart (the form's JSON in `form`, a logo in `companyLogo`).
fn is_multipart(context: &actix_web::guard::GuardContext<'_>) -> bool {
    context.header::<actix_web::http::header::ContentType>().is_some_and(|content_type| content_type.essence_str() == "multipart/form-data")
}

/// The employer's view of an offer answers `GET /v1/offers/{slug}` when the query has a `token`
/// (the spec's call); without one the public detail answers.
fn has_token_query(context: &actix_web::guard::GuardContext<'_>) -> bool {
    context.head().uri.query().is_some_and(|query| query.split('&').any(|pair| pair.starts_with("token=")))
}

/// Registers every route under `/api`. Routes a visitor could repeat at our cost are wrapped in
/// their [`RateClass`].
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("/api")
            .route("/openapi.json", web::get().to(openapi::document))
            .route("/internal/openapi.json", web::get().to(openapi::internal_document))
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
                    .route("/v2/user-panel/offers/explain", web::get().to(offers::explain))
                    .route("/v2/user-panel/offers/clusters", web::get().to(offers::clusters).wrap(RateClass::ExpensiveRead))
                    .route("/v2/user-panel/offers/markers", web::get().to(offers::markers).wrap(RateClass::ExpensiveRead))
                    .route("/v2/user-panel/offers/active-slug/{slug}", web::get().to(offers::active_slug))
                    .route("/v2/user-panel/offer-lookalikes/{slug}", web::get().to(offers::lookalikes))
                    .route("/v1/offers/form-inputs-data", web::get().to(employer_offers::form_inputs_data))
                    .route("/v1/offers/form-inputs-data/skills", web::get().to(employer_offers::skills))
                    .route("/v1/offers/{slug}", web::get().guard(actix_web::guard::fn_guard(has_token_query)).to(employer_offers::load))
                    .route("/v1/offers/{slug}", web::get().to(offers::detail))
                    .route("/v1/views", web::post().to(offers::record_view).wrap(RateClass::PublicWrite))
                    .route("/v1/search-clicks", web::post().to(offers::record_search_click).wrap(RateClass::PublicWrite))
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
                    .route("/guests/job-filters/new-offers", web::get().to(alerts::guest_new_offers).wrap(RateClass::ExpensiveRead))
                    .route("/internal/digests/run", web::post().to(alerts::run_digests))
                    .route("/internal/offers/{slug}/applications", web::get().to(internal::offer_applications))
                    .route("/internal/offers", web::post().to(internal::create_offer))
                    .route("/internal/offers/{slug}", web::put().to(internal::put_offer))
                    .route("/internal/offers/{slug}", web::delete().to(internal::delete_offer))
                    .route("/internal/companies/{company_id}/codes", web::post().to(employer_offers::issue_code))
                    .route("/internal/bumps/run", web::post().to(employer_offers::run_bumps))
                    .route("/v1/users/sign_up", web::post().to(employers::sign_up).wrap(RateClass::Auth))
                    .route("/v1/users/confirm", web::patch().to(employers::confirm).wrap(RateClass::Auth))
                    .route("/v1/users/invitation", web::post().to(employers::invitation).wrap(RateClass::Auth))
                    .route("/v1/users/regenerate_confirmation_token", web::patch().to(employers::regenerate_confirmation_token).wrap(RateClass::Auth))
                    .route("/v1/users/password", web::post().to(employers::request_password).wrap(RateClass::Auth))
                    .route("/v1/users/password", web::patch().to(employers::reset_password).wrap(RateClass::Auth))
                    .route("/v1/oauth/token", web::post().to(employers::token).wrap(RateClass::Auth))
                    .route("/v1/oauth/revoke", web::post().to(employers::revoke))
                    .route("/v1/oauth/token/info", web::get().to(employers::token_info))
                    .route("/v1/users", web::post().to(employers::add_user))
                    .route("/v2/offer-plans", web::get().to(employers::plans))
                    .route("/v1/offers/initiate", web::post().to(employer_offers::initiate).wrap(RateClass::PublicWrite))
                    .route("/v1/offers/{slug}", web::patch().guard(actix_web::guard::fn_guard(is_multipart)).to(employer_offers::save_multipart))
                    .route("/v1/offers/{slug}", web::patch().to(employer_offers::save))
                    .route("/v1/offers/{slug}", web::delete().to(employer_offers::delete))
                    .route("/v1/offers/{slug}/logo", web::post().to(employer_offers::upload_logo).wrap(RateClass::PublicWrite))
                    .route("/v1/offers/{slug}/publish-with-code", web::post().to(employer_offers::publish_with_code))
                    .route("/v1/offers/{slug}/extend-with-code", web::post().to(employer_offers::extend_with_code))
                    .route("/v1/offers/{slug}/verify-code/{code}", web::get().to(employer_offers::verify_code))
                    .route("/v1/offers/{slug}/finish-recruitment", web::post().to(employer_offers::finish))
                    .route("/v1/offers/{slug}/duplicate", web::post().to(employer_offers::duplicate))
                    .route("/v1/offers/{slug}/refresh", web::post().to(employer_offers::refresh))
                    .route("/v1/offers/{slug}/edit-token", web::post().to(employer_offers::edit_token))
                    .route("/v2/employer-panel/codes", web::get().to(employer_offers::codes))
                    .route("/v2/employer-panel/offers/end/{slug}", web::get().to(employer_offers::end))
                    .route("/v1/company-logos/{hash}", web::get().to(employer_offers::logo))
                    .route("/v2/employer-panel/profiles/me", web::get().to(employer_panel::profile))
                    .route("/v1/profiles/me", web::patch().to(employer_panel::update_profile))
                    .route("/v2/employer-panel/users", web::get().to(employer_panel::users))
                    .route("/v2/employer-panel/users/{id}", web::patch().to(employer_panel::update_user))
                    .route("/v2/employer-panel/users/{id}", web::delete().to(employer_panel::remove_user))
                    .route("/v1/company", web::get().to(employer_panel::company))
                    .route("/v1/company/company_data", web::post().to(employer_panel::company_data).wrap(RateClass::PublicWrite))
                    .route("/v2/employer-panel/company/billing-data", web::patch().to(employer_panel::billing))
                    .route("/v2/employer-panel/company/clauses", web::patch().to(employer_panel::clauses))
                    .route("/v2/employer-panel/brand-stories/technologies", web::get().to(brand_stories::technologies))
                    .route("/v2/employer-panel/brand-stories/data/{slug}", web::get().to(brand_stories::data))
                    .route("/v2/employer-panel/brand-stories/status/{slug}", web::get().to(brand_stories::status))
                    .route("/v2/employer-panel/brand-stories/{slug}", web::put().to(brand_stories::put).wrap(RateClass::PublicWrite))
                    .route("/v1/payments", web::post().to(payments::create).wrap(RateClass::PublicWrite))
                    .route("/v1/payments/{id}/status", web::get().to(payments::status))
                    .route("/v1/payments/sandbox/{id}", web::get().to(payments::sandbox_page))
                    .route("/v1/payments/sandbox/{id}/{action}", web::post().to(payments::sandbox_action))
                    .route("/v1/payments/stripe/webhook", web::post().to(payments::stripe_webhook))
                    .route("/v2/employer-panel/offers", web::get().to(panel_offers::offers))
                    .route("/v2/employer-panel/offers/statistics", web::get().to(panel_offers::statistics))
                    .route("/v2/employer-panel/applications", web::get().to(panel_offers::applications))
                    .route("/v2/employer-panel/applications/{id}/status", web::patch().to(panel_offers::set_status))
                    .route("/v2/employer-panel/applications/{id}", web::delete().to(panel_offers::delete_application))
                    .route("/v1/offers/{slug}/applications/{id}/download", web::get().to(panel_offers::download_cv)),
            ),
    );
}
