//! Service functions: the business rules between a parsed request and its answer. Handlers
//! parse with `wakat-core`, call one function here (in `web::block`: these are synchronous),
//! and render the result with the DTOs.

pub mod accounts;
pub mod alerts;
pub mod applications;
pub mod brand_stories;
pub mod bumps;
pub mod candidate;
pub mod digests;
pub mod employer_offers;
pub mod employer_panel;
pub mod employer_payments;
pub mod employers;
pub mod feeds;
pub mod form_inputs;
pub mod offers;
pub mod panel_offers;
