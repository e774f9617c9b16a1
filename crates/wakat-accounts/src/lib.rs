//! Accounts of a board: candidates now, employers next. Passwords (argon2id), sessions (random
//! tokens stored hashed, with a bound CSRF token) and one-time tokens for the links in mails; the
//! tokens, their hashes and the signed links come from [`wakat_store::secrets`]. No HTTP here: the server maps [`AccountsError`] to its codes and
//! sets the cookies.
//!
//! # Invariants
//! - **Secrets are stored hashed.** Session and link tokens are kept as their SHA-256, passwords as
//!   argon2id PHC strings; a copy of the store opens no session and no link.
//! - **Nothing tells who has an account.** [`AccountStore::register`] reports an existing e-mail
//!   to the caller (to send a different mail) but the API answers both cases alike, and
//!   [`AccountStore::authenticate`] spends one hash verification whether or not the e-mail exists.
//! - **Boards and kinds are separate.** Every key starts with the board; e-mails are unique per
//!   board and kind, and a session records its kind.
//! - **Acknowledged means durable.** Every write is one atomic transaction followed by a flush.
//!
//! # Key layout
//!
//! | key                                               | value                                  |
//! |---------------------------------------------------|----------------------------------------|
//! | `account/{tenant}/{id}`                           | [`Account`] JSON                       |
//! | `account-email/{tenant}/{kind}/{sha256(email)}`   | account id                             |
//! | `session/{tenant}/{sha256(token)}`                | [`Session`] JSON                       |
//! | `account-session/{tenant}/{id}/{sha256(token)}`   | empty (the sessions of an account)     |
//! | `account-token/{tenant}/{sha256(token)}`          | one-time token JSON (purpose, expiry)  |
//! | `account-token-of/{tenant}/{id}/{sha256(token)}`  | empty (the open tokens of an account)  |
#![warn(missing_docs)]

mod account;
mod error;
mod keys;
pub mod password;
mod sessions;
mod store;

pub use account::{Account, AccountKind, Document, Session, TermsAcceptance, TokenPurpose};
pub use error::AccountsError;
pub use password::{PasswordCost, Passwords};
pub use sessions::{NewSession, SESSION_LIFETIME_SECS};
pub use store::{normalize_email, AccountStore, Confirmation, NewAccount, ProfileUpdate, Registration, MAX_DOCUMENTS, MAX_MESSAGE_CHARS, MAX_NAME_CHARS};

#[cfg(test)]
mod tests;
