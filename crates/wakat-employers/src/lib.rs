//! The employer side of a board: companies and their users, offers in the making (drafts and
//! their states, from initiation to publication, finish and deletion), the plans of
//! `wakat.toml`, prepaid codes and payments. No HTTP and no search index here: the server maps
//! [`EmployersError`] to its codes and writes published offers through its engine.
//!
//! # Invariants
//! - **Acknowledged means durable.** Every write is one atomic transaction followed by a flush.
//! - **A code or a payment is spent once.** Code use and payment application run under one lock
//!   and write the spent code (or applied payment) together with the offer's new state, so two
//!   concurrent uses publish once and a repeated webhook changes nothing.
//! - **Companies never see each other's offers.** Every offer call names the company; an offer of
//!   another company answers as if it did not exist.
//! - **Secrets are stored hashed.** An offer's edit token is kept as its SHA-256.
//!
//! # Key layout
//!
//! | key                                                | value                         |
//! |----------------------------------------------------|-------------------------------|
//! | `company/{tenant}/{company id}`                    | [`Company`] JSON              |
//! | `employer-user/{tenant}/{account id}`              | [`EmployerUser`] JSON         |
//! | `company-user/{tenant}/{company id}/{account id}`  | empty (the users of a company)|
//! | `employer-offer/{tenant}/{slug}`                   | [`EmployerOffer`] JSON        |
//! | `company-offer/{tenant}/{company id}/{slug}`       | empty (the offers of a company)|
//! | `offer-code/{tenant}/{code}`                       | [`OfferCode`] JSON            |
//! | `company-code/{tenant}/{company id}/{code}`        | empty (the codes of a company)|
//! | `payment/{tenant}/{payment id}`                    | [`Payment`] JSON              |
//! | `brand-story/{tenant}/{slug}`                      | [`BrandStory`] JSON           |
//! | `invitation/{tenant}/{id}`                         | [`Invitation`] JSON           |
//! | `invitation-token/{tenant}/{sha256(token)}`        | invitation id                 |
//! | `company-invitation/{tenant}/{company id}/{id}`    | empty (open invitations)      |
//!
//! A company's profile, billing data and default clauses live in its [`Company`] record; a user's
//! role in its [`EmployerUser`] record (absent in older records: owner).
#![warn(missing_docs)]

mod billing;
mod brand_story;
mod clauses;
mod codes;
mod company;
mod error;
mod invitations;
mod keys;
mod offers;
mod panel;
mod payments;
pub mod plans;
mod store;
mod team;

pub use billing::{is_valid_nip, normalize_nip, BillingData};
pub use brand_story::{BrandStory, StoryImages, StoryTexts, COMPANY_TYPES, MAX_STORY_IMAGES};
pub use clauses::Clauses;
pub use codes::OfferCode;
pub use company::{ApplicationsNotify, Company, EmployerUser, NewCompany, Role};
pub use error::EmployersError;
pub use invitations::{Invitation, NewInvitation, INVITATION_LIFETIME_SECS, MAX_OPEN_INVITATIONS};
pub use offers::{BumpPlan, CreationType, EmployerOffer, OfferState};
pub use panel::CompanyData;
pub use payments::{Invoice, NewPayment, Payment, PaymentOutcome, PaymentStatus};
pub use plans::{EmployerSettings, PlanLimits, PlanSettings};
pub use store::EmployerStore;
pub use team::UserUpdate;

#[cfg(test)]
mod tests;
