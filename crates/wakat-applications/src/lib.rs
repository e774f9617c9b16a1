//! What candidates do with offers besides reading them: applying through the form or one-click
//! ([`ApplicationStore`]), leaving for an external apply page ([`RedirectStore`]), keeping
//! favourites ([`FavouriteStore`]) and looking back at what they applied to ([`History`]).
//!
//! # Design
//!
//! - **Storage only, no HTTP.** The stores speak the store's [`wakat_store::KvStore`] trait, so they
//!   run on sled ([`wakat_store::SledStore`]) in the server and in memory
//!   ([`wakat_store::MemoryStore`]) in tests. Form rules live in [`wakat_core::apply`]; the server
//!   parses a request with core, calls one store method, and maps [`ApplicationsError`] to a status.
//! - **Acknowledged means durable.** Every write is one atomic transaction followed by a flush
//!   (fsync) before the call returns, so an answered application survives `kill -9`.
//! - **Race-free rules without compare-and-swap.** The key-value trait has none, so each store holds
//!   striped locks around its read-then-write rules (one application per person and offer, the
//!   24-hour redirect throttle and counter per offer, the favourites cap per candidate). Create one
//!   store of each kind per engine and share it.
//! - **Unguessable ids.** Application and redirect ids are 128 random bits in hex; confirming or
//!   removing another candidate's redirect answers `NotFound`, as for a missing one.
//! - **Tenants and candidates never see each other's data.** Every key starts with its domain, then
//!   the tenant, and per-candidate keys then the candidate; segments containing '/' (or spaces,
//!   or control characters) are refused, and e-mail addresses and client keys are hex-encoded.
//! - **Versioned JSON records** (camelCase, `"v": 1`): a reader refuses an unknown version as
//!   corrupt instead of guessing.
//! - **GDPR.** `erase_candidate` and `export_candidate` on each store cover art. 17 and art. 15/20;
//!   the server calls all three. Erased applications keep an anonymous record (offer, employer,
//!   source, time) so the employer's counts stay true; redirects and favourites are deleted.
//!
//! # Key layout
//!
//! `{newest-first}` is `{u64::MAX - at:020}-{id}`, so an ascending scan lists newest first.
//!
//! | key                                                     | value                                           |
//! |---------------------------------------------------------|-------------------------------------------------|
//! | `application/{tenant}/{id}`                             | application JSON (personal data in `applicant`) |
//! | `application-by-offer/{tenant}/{slug}/{newest-first}`   | empty: the offer's applications                 |
//! | `application-dedupe/{tenant}/{slug}/email-{hex}`        | `{v, applicationId, at}`: last application of an e-mail identity |
//! | `application-dedupe/{tenant}/{slug}/candidate-{id}`     | the same, by candidate                          |
//! | `redirect/{tenant}/{id}`                                | redirect JSON (`confirmed`, `candidateId`...)   |
//! | `redirect-throttle/{tenant}/{slug}/candidate-{id}` or `.../client-{hex}` | `{v, redirectId, at}`: last counted redirect of a client |
//! | `redirect-count/{tenant}/{slug}`                        | counted redirects, u64 big-endian               |
//! | `redirect-by-candidate/{tenant}/{candidate}/{id}`       | empty: the candidate's redirects                |
//! | `favourite/{tenant}/{candidate}/{jobAdvertisementId}`   | `{v, at}`                                       |
//! | `favourite-by-time/{tenant}/{candidate}/{newest-first}` | empty: favourites newest first                  |
//! | `history/{tenant}/{candidate}/{newest-first}`           | `{v, id, kind, jobAdvertisementId, offerSlug, at}` |
//! | `guest-application/{tenant}/{e-mail hex}/{newest-first}` | empty: a guest's application, until an account confirms the address |
//! | `guest-application-indexed/{tenant}`                    | empty: earlier guest applications are indexed   |
//! | `offer-stats/{tenant}/{slug}/{YYYY-MM-DD}/{v,a,r}`      | views, applications, redirects of a UTC day, u64 big-endian |
//!
//! Times are Unix seconds passed in by the caller (`now`), so tests control the clock.
#![warn(missing_docs)]

mod applications;
mod error;
mod favourites;
mod history;
mod keys;
mod page;
mod record;
mod redirects;
mod stats;
mod status;

pub use applications::{Applicant, Application, ApplicationStore, AttachmentRef, Consents, ErasedApplications, NewApplication, Submitted};
pub use error::{ApplicationsError, Result};
pub use favourites::{Favourite, FavouriteStore, MAX_FAVOURITES};
pub use history::{History, HistoryItem, HistoryKind};
pub use page::{Page, Paged, MAX_IDS_PER_BATCH, MAX_PAGE_SIZE};
pub use redirects::{NewRedirect, Redirect, RedirectStore, TrackedRedirect, THROTTLE_WINDOW_SECS};
pub use stats::{utc_day, DayCounts, OfferStats};
pub use status::{ApplicationStatus, StatusChange};

#[cfg(test)]
mod testing;
