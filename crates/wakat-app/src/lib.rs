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
//! The candidate side (accounts, the candidate's own data, applying) lives in [`candidates`]; the
//! employer side (company panel, brand stories, public copies of employers' offers) lives in
//! [`employers`].
//!
//! The chat between passive candidates and employers lives in [`chat`].
//!
//! The candidate side's offer reads (listings, popular, slugs, views) live in [`offers`]; the
//! offer form's inputs (its dictionaries, the skills search) in [`form_inputs`].
//!
//! The boards' blogs (Markdown posts read at start) live in [`blog`].
//!
//! Scheduled work lives in [`jobs`] (the scheduler, the digest run, the plan bumps); the mails in
//! [`mails`], leaving through [`mail_queue`]; offer views are counted in [`views`].
#![warn(missing_docs)]

pub mod alerts;
pub mod assistant;
pub mod blog;
pub mod candidates;
pub mod chat;
pub mod clock;
pub mod employers;
pub mod error;
pub mod feeds;
pub mod form_inputs;
pub mod hub_tokens;
pub mod jobs;
pub mod limits;
pub mod mail_queue;
pub mod mails;
pub mod offers;
pub mod payments;
pub mod principal;
pub mod salary_insights;
pub mod views;

#[cfg(test)]
mod testing;

pub use clock::Clock;
pub use error::AppError;
pub use principal::Principal;

/// Work a call leaves for after its answer (mailing a link whether or not the address has an
/// account): the transport runs it once the answer is out, so neither the answer nor its time
/// tells what the work found, and can only log its failure.
pub type Later = Box<dyn FnOnce() -> error::Result<()> + Send>;
