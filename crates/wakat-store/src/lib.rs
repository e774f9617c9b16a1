//! The store of Wakat: the source of truth for offers, and the shared pieces every domain store
//! (accounts, alerts, applications, employers, analytics, the mail queue) builds on: typed JSON
//! records ([`json`]), record ids ([`ids`]), and secrets ([`secrets`]: token hashes,
//! constant-time comparison, the [`LinkSigner`]).
//!
//! # Design
//!
//! - **The store is the truth; the search index is derived.** Every write lands here first and is
//!   flushed (fsync) before it is acknowledged; only then does the caller update the index. The
//!   index can always be rebuilt from [`OfferStore::scan_all_offers`].
//! - **A change log lets the index catch up.** Every offer write appends a record with a strictly
//!   increasing seq in the *same* atomic transaction as the offer, so after a crash the index asks
//!   [`OfferStore::changes_since`] its last committed seq and replays what it missed. Once the index
//!   has committed, [`OfferStore::trim_log`] drops old records.
//! - **A narrow engine trait.** Typed stores speak only [`KvStore`] (get, put, delete, ordered
//!   prefix scan, atomic batch, flush), so sled ([`SledStore`]) can be replaced without touching
//!   callers; [`MemoryStore`] implements it for tests.
//! - **One way to store a record.** Domain stores read and write serde records as JSON through
//!   [`json`] and commit their batches with [`KvStore::commit`] (transaction, then flush), so a
//!   record's stored form is its serde form everywhere.
//! - **Tenants never see each other's data.** Every tenant-owned key starts with the tenant slug
//!   followed by '/', and tenants or slugs containing '/' are refused with
//!   [`StoreError::InvalidKey`] rather than escaped.
//!
//! # Key layout
//!
//! | key                    | value                                                             |
//! |------------------------|-------------------------------------------------------------------|
//! | `offer/{tenant}/{slug}`| the [`wakat_core::Offer`] as JSON (camelCase)                     |
//! | `log/{seq:020}`        | change record JSON `{"seq","tenant","slug","kind":"put"\|"delete"}` |
//! | `meta/seq`             | last assigned seq, u64 big-endian                                 |
//! | `view/{tenant}/{slug}` | view count, u64 big-endian                                        |
//! | `meta/{name}`          | small values of [`OfferStore::put_meta`] (`seq` is reserved)      |
//!
//! Seqs are zero-padded to 20 digits so byte order is numeric order.
#![warn(missing_docs)]

mod addresses;
mod error;
pub mod ids;
pub mod json;
pub mod key_path;
mod keys;
mod kv;
mod memory;
mod offers;
mod record;
pub mod secrets;
mod sled_store;
mod stripes;

pub use addresses::AddressOwner;
pub use error::StoreError;
pub use kv::{KvIter, KvStore, WriteOp};
pub use memory::{MemoryStore, RecordingStore};
pub use offers::{Change, ChangeKind, OfferStore};
pub use secrets::LinkSigner;
pub use sled_store::SledStore;
pub use stripes::Stripes;
