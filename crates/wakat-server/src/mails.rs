//! The mails of the accounts and applications, in the board's language and colours, through the
//! one mailer (SMTP, or the outbox shown at `/dev/mailbox`). Every mail is text + HTML
//! (`wakat_mail::MailBody` renders both). The mails of job alerts are in [`alerts`].

pub mod alerts;

pub mod applications;

pub mod employers;

use wakat_accounts::Account;
use wakat_engine::Tenant;
use wakat_mail::{Address, Brand, Mail, MailBody};

use crate::error::{ApiError, Result};
use crate::state::AppState;

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
    /// The context of `tenant` in `lang`.
    pub fn new(state: &AppState, tenant: &Tenant, lang: &str) -> MailContext {
        let web_url = tenant.settings.web_url(&state.settings.server.public_url).to_string();
        let lang = if lang == "en" { "en" } else { "pl" }.to_string();
        let primary = tenant.settings.theme.get("primary").map(String::as_str).unwrap_or("#d6336c");
        let brand = Brand::new(&tenant.settings.name, primary, &web_url, &lang)
            .or_else(|_| Brand::new(&tenant.settings.name, "#d6336c", &web_url, &lang))
            .map_err(|error| tracing::error!(%error, tenant = %tenant.settings.slug, "the board's mail brand is not valid"))
            .ok();
        MailContext { brand, web_url, lang, board_name: tenant.settings.name.clone() }
    }

    fn pl(&self) -> bool {
        self.lang == "pl"
    }

    /// Polish or English text.
    fn text(&self, pl: &str, en: &str) -> String {
        if self.pl() { pl } else { en }.to_string()
    }

    fn compose(&self, to: &Account, subject: String, tag: &str, body: impl FnOnce(MailBody<'_>) -> MailBody<'_>) -> Result<Mail> {
        let name = if to.contested { String::new() } else { format!("{} {}", to.first_name, to.last_name) };
        self.compose_to(&to.email, &name, subject, tag, body)
    }

    /// A mail to `email` (with a display name unless `name` is blank), its body built on the
    /// board's layout.
    pub(crate) fn compose_to(&self, email: &str, name: &str, subject: String, tag: &str, body: impl FnOnce(MailBody<'_>) -> MailBody<'_>) -> Result<Mail> {
        let brand = self.brand.as_ref().ok_or_else(|| ApiError::broken_invariant("the board's mail brand is not valid"))?;
        let content = body(MailBody::new(brand)).render().map_err(|e| ApiError::internal(&e))?;
        let address = if name.trim().is_empty() { Address::new(email) } else { Address::with_name(email, name.trim()) };
        Ok(Mail::new(address.map_err(|e| ApiError::internal(&e))?, subject, content, tag))
    }

    /// Whether the mails are Polish.
    pub(crate) fn is_polish(&self) -> bool {
        self.pl()
    }

    /// Polish or English text.
    pub(crate) fn say(&self, pl: &str, en: &str) -> String {
        self.text(pl, en)
    }

    /// The board's name.
    pub(crate) fn board_name(&self) -> &str {
        &self.board_name
    }

    /// An absolute link into the board's web app.
    pub(crate) fn link(&self, path_and_query: &str) -> String {
        format!("{}{path_and_query}", self.web_url)
    }
}

/// The mail's first line: by name, unless the names may be a stranger's (a contested account).
fn greeting(context: &MailContext, account: &Account) -> String {
    let name = if account.contested { "" } else { account.first_name.trim() };
    match (name, context.pl()) {
        ("", true) => "Dzień dobry,".into(),
        ("", false) => "Hello,".into(),
        (name, true) => format!("Cześć {name},"),
        (name, false) => format!("Hi {name},"),
    }
}

/// Why a contested account's confirmation asks for the password.
fn contested_note(context: &MailContext) -> String {
    context.text(
        "Na ten adres zarejestrowano konto więcej niż raz przed potwierdzeniem, więc hasło ustawisz, potwierdzając adres. Wcześniejsze linki nie działają.",
        "This address was registered more than once before being confirmed, so you will choose your password when you confirm it. Earlier links no longer work.",
    )
}

/// The confirmation link of a new account.
pub fn confirm_account(context: &MailContext, account: &Account, token: &str, favorite_offer_id: Option<&str>) -> Result<Mail> {
    let mut link = context.link(&format!("/account/confirm?token={token}"));
    if let Some(offer) = favorite_offer_id.filter(|id| !id.is_empty() && id.len() <= 100 && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')) {
        link.push_str(&format!("&favoriteOfferId={offer}"));
    }
    let subject = context.text(&format!("Potwierdź konto w {}", context.board_name), &format!("Confirm your {} account", context.board_name));
    context.compose(account, subject, "account.confirm", |body| {
        body.heading(context.text("Potwierdź adres e-mail", "Confirm your e-mail address"))
            .paragraph(greeting(context, account))
            .paragraph(context.text(
                "dziękujemy za założenie konta. Kliknij przycisk, aby potwierdzić adres e-mail i zalogować się.",
                "thank you for signing up. Click the button to confirm your e-mail address and log in.",
            ))
            .paragraph_if(account.contested, contested_note(context))
            .button(context.text("Potwierdzam", "Confirm"), link)
            .small(context.text(
                "Link jest ważny 48 godzin. Jeśli to nie Ty zakładałeś konto, zignoruj tę wiadomość.",
                "The link is valid for 48 hours. If you did not sign up, ignore this mail.",
            ))
    })
}

/// Someone tried to register an e-mail that already has a confirmed account.
pub fn already_registered(context: &MailContext, account: &Account) -> Result<Mail> {
    let subject = context.text(&format!("Masz już konto w {}", context.board_name), &format!("You already have a {} account", context.board_name));
    context.compose(account, subject, "account.exists", |body| {
        body.heading(context.text("Masz już konto", "You already have an account"))
            .paragraph(greeting(context, account))
            .paragraph(context.text(
                "ktoś (może Ty) próbował założyć konto na ten adres, ale konto już istnieje. Zaloguj się albo ustaw nowe hasło.",
                "someone (maybe you) tried to sign up with this address, but it already has an account. Log in or set a new password.",
            ))
            .button(context.text("Zaloguj się", "Log in"), context.link("/account/login"))
            .small(context.text("Nie pamiętasz hasła? ", "Forgot your password? ") + &context.link("/account/reset"))
    })
}

/// A password reset link.
pub fn reset_password(context: &MailContext, account: &Account, token: &str) -> Result<Mail> {
    let subject = context.text("Ustaw nowe hasło", "Set a new password");
    context.compose(account, subject, "account.reset", |body| {
        body.heading(context.text("Nowe hasło", "A new password"))
            .paragraph(greeting(context, account))
            .paragraph(context.text("kliknij przycisk, aby ustawić nowe hasło.", "click the button to set a new password."))
            .button(context.text("Ustaw hasło", "Set the password"), context.link(&format!("/account/reset?token={token}")))
            .small(context.text(
                "Link jest ważny godzinę. Jeśli to nie Ty prosiłeś o zmianę, zignoruj tę wiadomość.",
                "The link is valid for one hour. If you did not ask for it, ignore this mail.",
            ))
    })
}

/// The password was changed (a warning for the owner if it was not them).
pub fn password_changed(context: &MailContext, account: &Account) -> Result<Mail> {
    let subject = context.text("Hasło zostało zmienione", "Your password was changed");
    context.compose(account, subject, "account.password-changed", |body| {
        body.heading(context.text("Hasło zmienione", "Password changed"))
            .paragraph(greeting(context, account))
            .paragraph(context.text(
                "hasło do Twojego konta zostało zmienione, a pozostałe sesje wylogowane. Jeśli to nie Ty, ustaw nowe hasło.",
                "the password of your account was changed and your other sessions logged out. If it was not you, set a new password.",
            ))
            .button(context.text("Ustaw nowe hasło", "Set a new password"), context.link("/account/reset"))
    })
}

/// The link that moves the login to a new address (sent to the new address).
pub fn confirm_email_change(context: &MailContext, account: &Account, new_email: &str, token: &str) -> Result<Mail> {
    let mut to_new = account.clone();
    to_new.email = new_email.to_string();
    let subject = context.text("Potwierdź nowy adres e-mail", "Confirm your new e-mail address");
    context.compose(&to_new, subject, "account.change-email", |body| {
        body.heading(context.text("Nowy adres e-mail", "A new e-mail address"))
            .paragraph(greeting(context, account))
            .paragraph(context.text("kliknij przycisk, aby logować się tym adresem.", "click the button to log in with this address from now on."))
            .button(context.text("Potwierdzam", "Confirm"), context.link(&format!("/account/email?token={token}")))
            .small(context.text("Link jest ważny 24 godziny.", "The link is valid for 24 hours."))
    })
}

/// Records a mail in the durable queue (flushed before this returns, so the answer that follows
/// survives `kill -9` with its mail); the queue's worker delivers it, so no answer waits for or
/// reveals anything through the mail server.
pub fn send_in_background(state: &AppState, mail: Mail) -> Result<()> {
    let key = format!("{}:{}", mail.tag, wakat_store::ids::new_id());
    state.mail_queue.enqueue(&key, &mail).map_err(|error| ApiError::internal(&error))?;
    Ok(())
}
