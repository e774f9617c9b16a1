//! One mailer for the whole board: every feature (accounts, applications, job alerts, employer
//! offers) builds a [`Mail`] and hands it to a [`Mailer`]; none of them knows how it travels.
//!
//! # Design
//!
//! - **A synchronous trait.** [`Mailer::send`] blocks (disk or network), like the rest of the
//!   engine; async callers run it on a blocking thread. The crate knows nothing of HTTP.
//! - **Two transports, one message.** [`OutboxMailer`] (the default, for development) writes every
//!   mail as one JSON file into `{data_dir}/mail/outbox/`, atomically and durably (temporary file,
//!   fsync, rename, directory fsync), so an acknowledged mail survives `kill -9` and a dev mailbox
//!   page can list it ([`Outbox`]). [`SmtpMailer`] sends through `lettre` over rustls. Both build
//!   the same RFC 5322 message (multipart/alternative, text + HTML, the extra headers and an
//!   `X-Wakat-Tag` header naming the kind of mail; with [`Attachment`]s the message becomes
//!   multipart/mixed, bounded by [`MAX_ATTACHMENT_BYTES`]), so the outbox renders the exact `.eml` on
//!   demand ([`Outbox::eml`]).
//! - **One sender, configured once.** The `From` address comes from [`MailSettings`]; callers only
//!   name the recipient.
//! - **Validated before it leaves.** Addresses are parsed by [`Address::new`]; extra headers may
//!   not contain line breaks nor replace the headers the mailer writes itself; tags are short
//!   dotted names (`account.confirm`).
//! - **One look for every mail.** [`MailBody`] renders the text and the HTML part from the same
//!   blocks with the board's [`Brand`] (name, validated colour, base URL, language). The HTML comes
//!   from an `askama` template, which escapes every value; links must be http(s) (paths are
//!   resolved against the board's base URL).
//!
//! # Example
//!
//! ```
//! use wakat_mail::{Address, Brand, Mail, MailBody};
//!
//! let brand = Brand::new("Wakat IT", "#0a7cff", "https://it.wakat.pl", "pl")?;
//! let content = MailBody::new(&brand)
//!     .heading("Potwierdź adres e-mail")
//!     .paragraph("Kliknij przycisk, aby aktywować konto.")
//!     .button("Potwierdź", "/konto/potwierdz?token=abc")
//!     .small("Jeśli to nie Ty, zignoruj tę wiadomość.")
//!     .render()?;
//! let mail = Mail::new(Address::new("ala@example.com")?, "Potwierdź adres e-mail", content, "account.confirm");
//! assert!(mail.html.contains("https://it.wakat.pl/konto/potwierdz?token=abc"));
//! # Ok::<(), wakat_mail::MailError>(())
//! ```
#![warn(missing_docs)]

mod address;
mod attachment;
mod error;
mod layout;
mod mail;
mod message;
mod outbox;
mod queue;
mod settings;
mod smtp;
#[cfg(any(test, feature = "testsuite"))]
pub mod testsuite;

pub use address::Address;
pub use attachment::{Attachment, MAX_ATTACHMENT_BYTES};
pub use error::MailError;
pub use layout::{Brand, HexColor, MailBody, MailContent, MailLang};
pub use mail::{Mail, Mailer, SentMail, TAG_HEADER};
pub use outbox::{Outbox, OutboxMailer, StoredMail};
pub use queue::{Enqueued, MailQueue, QueueStats, IDEMPOTENCY_HEADER};
pub use settings::{build_mailer, MailSettings, MailTransport};
pub use smtp::{SmtpMailer, SmtpSecurity, SmtpSettings};
