//! HTTP routes, one module per resource.

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
];

/// Registers every route under `/api`. Routes a visitor could repeat at our cost are wrapped in
/// their [`RateClass`].
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("/api").route("/openapi.json", web::get().to(openapi::document)).route("/boards", web::get().to(meta::boards)).service(
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
                .route("/internal/offers", web::post().to(internal::create_offer))
                .route("/internal/offers/{slug}", web::put().to(internal::put_offer))
                .route("/internal/offers/{slug}", web::delete().to(internal::delete_offer)),
        ),
    );
}
