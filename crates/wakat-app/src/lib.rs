//! Wakat's application layer: the business rules between a parsed request (or a scheduled tick)
//! and the domain crates' stores, with no HTTP.
//!
//! The pattern every service follows:
//! - a service is a struct of the dependencies it uses (its stores, the engine, the mail sender,
//!   the [`Clock`]), built once at start-up;
//! - its methods take the board and the acting [`Principal`] and return domain types;
//! - they fail with [`AppError`], the domain's reason; the server maps it to its wire code in one
//!   place, a job logs it.
//!
//! The employer side (company panel, brand stories, public copies of employers' offers) lives in
//! [`employers`].
//!
//! The candidate side's offer reads (listings, popular, slugs, views) live in [`offers`]; the
//! offer form's inputs (its dictionaries, the skills search) in [`form_inputs`].
//!
//! Scheduled work lives in [`jobs`] (the scheduler, the digest run, the plan bumps); the mails in
//! [`mails`], leaving through [`mail_queue`]; offer views are counted in [`views`].
#![warn(missing_docs)]

pub mod alerts;
pub mod clock;
pub mod employers;
pub mod error;
pub mod feeds;
pub mod form_inputs;
pub mod jobs;
pub mod limits;
pub mod mail_queue;
pub mod mails;
pub mod offers;
pub mod payments;
pub mod principal;
pub mod views;

#[cfg(test)]
mod testing;

pub use clock::Clock;
pub use error::AppError;
pub use principal::Principal;
