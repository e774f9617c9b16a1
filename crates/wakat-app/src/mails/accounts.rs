//! The mails of candidate accounts: confirmation, the warning of a second sign-up, password
//! reset and change, and the change of the login address.

use wakat_accounts::Account;
use wakat_mail::Mail;

use super::MailContext;
use crate::error::Result;

/// The mail's first line: by name, unless the names may be a stranger's (a contested account).
pub(crate) fn greeting(context: &MailContext, account: &Account) -> String {
    let name = if account.contested { "" } else { account.first_name.trim() };
    match (name, context.pl()) {
        ("", true) => "Dzień dobry,".into(),
        ("", false) => "Hello,".into(),
        (name, true) => format!("Cześć {name},"),
        (name, false) => format!("Hi {name},"),
    }
}

/// Why a contested account's confirmation asks for the password.
pub(crate) fn contested_note(context: &MailContext) -> String {
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
