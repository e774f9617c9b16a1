//! Saved searches and e-mail job alerts of a board: the filter model in canonical form and the
//! spec's filters object ([`filters`]), the name and e-mail rules ([`validate`]), and
//! [`AlertStore`] on the [`wakat_store::KvStore`] trait. No HTTP and no mail here: the server
//! renders the answers and the digests.
//!
//! # Invariants
//! - **One filter model.** A saved search is [`wakat_core::filters::ListParams`] stored as its
//!   canonical query pairs; it parses with the list's own parser, so opening it shows exactly what
//!   was saved, and two searches meaning the same thing are one search.
//! - **Codes are single-purpose and stored hashed.** Activation codes are random, kept as SHA-256,
//!   expire after 48 h and are spent on use; unsubscribe codes are HMACs of one alert and one
//!   purpose. Both are compared in constant time.
//! - **Acknowledged means durable.** Every user write is one transaction followed by a flush.
//!
//! # Key layout
//!
//! | key                                                   | value                           |
//! |-------------------------------------------------------|---------------------------------|
//! | `jobfilter/{tenant}/{owner}/{id}`                     | [`JobFilter`] JSON (with alert) |
//! | `jobfilter-id/{tenant}/{id}`                          | owner segment (`a-…`, `g-…`)    |
//! | `jobfilter-canon/{tenant}/{owner}/{sha256(query)}`    | id (one search per meaning)     |
//! | `guest/{tenant}/{id}`                                 | [`Guest`] JSON                  |
//! | `guest-email/{tenant}/{sha256(email identity)}`       | guest id                        |
#![warn(missing_docs)]

mod error;
pub mod filters;
mod keys;
mod model;
mod store;
pub mod validate;

pub use error::{AlertsError, Result};
pub use filters::{canonical_pairs, canonical_query, FiltersObject};
pub use model::{ActivationCode, AlertStatus, Frequency, Guest, JobAlert, JobFilter, NewFilter, Owner};
pub use store::{AlertStore, GuestAlert, GuestAlertRequest, ACTIVATION_TTL_SECS, MAX_FILTERS};

#[cfg(test)]
mod tests;
