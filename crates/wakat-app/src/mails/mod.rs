//! The mails the services send, in the board's language and colours: every mail is text + HTML
//! (`wakat_mail::MailBody` renders both) on the board's layout ([`MailContext`]). One module per
//! domain; their texts are in one message catalogue per language ([`catalogue`]); they leave
//! through the durable queue ([`crate::mail_queue`]).

pub mod accounts;
pub mod alerts;
pub mod application_mails;
pub mod applications;
mod catalogue;
pub mod chat;
pub mod employers;
#[cfg(test)]
mod tests;

use fluent_bundle::{FluentArgs, FluentValue};

use wakat_accounts::Account;
use wakat_engine::Tenant;
use wakat_mail::{Address, Brand, Mail, MailBody};

use crate::error::{AppError, Result};

/// What every mail of one board in one language needs.
pub struct MailContext {
    brand: Option<Brand>,
    /// The board's web app, without a trailing '/'.
    pub web_url: String,
    /// `pl` or `en`.
    pub lang: String,
    board_name: String,
}

impl MailContext {
    /// The context of `tenant` in `lang`; `public_url` is the server's (`server.public_url`), the
    /// base of boards without a web app of their own.
    pub fn new(public_url: &str, tenant: &Tenant, lang: &str) -> MailContext {
        let web_url = tenant.settings.web_url(public_url).to_string();
        let lang = if lang == "en" { "en" } else { "pl" }.to_string();
        let primary = tenant.settings.theme.get("primary").map(String::as_str).unwrap_or("#d6336c");
        let brand = Brand::new(&tenant.settings.name, primary, &web_url, &lang)
            .or_else(|_| Brand::new(&tenant.settings.name, "#d6336c", &web_url, &lang))
            .map_err(|error| tracing::error!(%error, tenant = %tenant.settings.slug, "the board's mail brand is not valid"))
            .ok();
        MailContext { brand, web_url, lang, board_name: tenant.settings.name.clone() }
    }

    /// Message `id` of the catalogue of the mail's language (`messages/mails.{pl,en}.ftl`).
    pub fn message(&self, id: &str) -> String {
        catalogue::format(&self.lang, id, None)
    }

    /// Message `id` with its variables, e.g. `[("board", context.board_name().into())]`
    /// (strings, or numbers for the catalogue's plural selectors).
    pub fn message_with<'a>(&self, id: &str, args: impl IntoIterator<Item = (&'a str, FluentValue<'a>)>) -> String {
        catalogue::format(&self.lang, id, Some(&FluentArgs::from_iter(args)))
    }

    pub(crate) fn compose(&self, to: &Account, subject: String, tag: &str, body: impl FnOnce(MailBody<'_>) -> MailBody<'_>) -> Result<Mail> {
        let name = if to.contested { String::new() } else { format!("{} {}", to.first_name, to.last_name) };
        self.compose_to(&to.email, &name, subject, tag, body)
    }

    /// A mail to `email` (with a display name unless `name` is blank), its body built on the
    /// board's layout.
    pub fn compose_to(&self, email: &str, name: &str, subject: String, tag: &str, body: impl FnOnce(MailBody<'_>) -> MailBody<'_>) -> Result<Mail> {
        let brand = self.brand.as_ref().ok_or_else(|| AppError::internal("composing a mail", "the board's mail brand is not valid"))?;
        let content = body(MailBody::new(brand)).render().map_err(|e| AppError::internal("rendering a mail", e))?;
        let address = if name.trim().is_empty() { Address::new(email) } else { Address::with_name(email, name.trim()) };
        Ok(Mail::new(address.map_err(|e| AppError::internal("addressing a mail", e))?, subject, content, tag))
    }

    /// The board's name.
    pub fn board_name(&self) -> &str {
        &self.board_name
    }

    /// An absolute link into the board's web app.
    pub fn link(&self, path_and_query: &str) -> String {
        format!("{}{path_and_query}", self.web_url)
    }
}
