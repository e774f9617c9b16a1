//! Service functions not yet moved to `wakat-app` (issue 24): the business rules between a parsed
//! request and its answer, over the whole `AppState`, failing with `ApiError`. Each moves as
//! `wakat-app`'s alerts, offers and employer side did: a struct of its dependencies, methods
//! taking the `Principal` (public reads need none), domain types and `AppError`. Handlers parse
//! with `wakat-core`, call one function here (in `web::block`: these are synchronous), and render
//! the result with the DTOs.

pub mod accounts;
pub mod applications;
pub mod candidate;

/// The slug resolution of [`wakat_app::offers`] with the `ApiError` of the services above, which
/// resolve offers by slug (applying, favourites) and have not moved yet.
pub mod offers {
    use wakat_engine::Engine;

    use crate::error::{ApiError, Result};

    /// [`wakat_app::offers::find_offer`]: the offer a slug names, with its location.
    pub fn find_offer(engine: &Engine, tenant: &str, slug: &str) -> Result<Option<wakat_app::offers::OfferAt>> {
        Ok(wakat_app::offers::find_offer(engine, tenant, slug)?)
    }

    /// The 404 of an unknown offer (`offer_not_found`, "there is no offer '{slug}'").
    pub fn offer_not_found(slug: &str) -> ApiError {
        wakat_app::AppError::OfferNotFound { slug: slug.to_string() }.into()
    }
}
