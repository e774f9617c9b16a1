//! E-mail addresses: the one syntax check and the two normal forms every part of Wakat uses
//! (apply form, and later accounts and alerts).
//!
//! The syntax is the `email_address` crate's RFC 5322 parser, narrowed to what a person types into
//! a form: no display name (`Jan <jan@x.pl>`), no IP literal domain (`jan@[10.0.0.1]`), a domain with
//! at least two labels, and no whitespace or control character anywhere (quoted local parts may
//! hold them by the RFC, but these addresses end up in mail headers and exports).

use email_address::{EmailAddress, Options};

/// Longest address accepted, in bytes (RFC 5321's path limit less the angle brackets).
pub const MAX_EMAIL_BYTES: usize = 254;

fn parse_options() -> Options {
    Options::default().with_required_tld().without_domain_literal().without_display_text()
}

/// Whether `email` (already trimmed) is an address a person can receive mail at.
pub fn is_valid_email(email: &str) -> bool {
    !email.is_empty()
        && email.len() <= MAX_EMAIL_BYTES
        && !email.chars().any(|c| c.is_whitespace() || c.is_control())
        && EmailAddress::parse_with_options(email, parse_options()).is_ok()
}

/// Returns the form an address is stored and shown in: trimmed, domain lowercased.
///
/// The local part keeps its case: the RFC lets a mail server tell `Jan` from `jan`, so what is
/// stored is what the person typed. Comparisons use [`email_identity`] instead.
pub fn normalize_email(raw: &str) -> String {
    let trimmed = raw.trim();
    match trimmed.rsplit_once('@') {
        Some((local, domain)) => format!("{local}@{}", domain.to_lowercase()),
        None => trimmed.to_string(),
    }
}

/// Returns the form two addresses are compared in (who applied, who owns an account): trimmed and
/// lowercased whole.
///
/// No mail server in practice delivers `Jan@x.pl` and `jan@x.pl` to different people. Provider
/// rules such as Gmail's ignored dots and `+tags` are deliberately not applied: on other providers
/// they name different mailboxes, and merging two people is worse than missing a duplicate.
pub fn email_identity(raw: &str) -> String {
    raw.trim().to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_what_people_type() {
        for email in ["jan@example.pl", "jan.kowalski+praca@poczta.onet.pl", "Ola_K@Firma.COM.PL", "zażółć@gęślą.pl", "a@b.co"] {
            assert!(is_valid_email(email), "{email}");
        }
    }

    #[test]
    fn refuses_what_mail_cannot_reach() {
        let too_long = format!("{}@example.pl", "a".repeat(250));
        for email in [
            "",
            "jan",
            "jan@",
            "@example.pl",
            "jan@localhost",
            "jan@[10.0.0.1]",
            "Jan <jan@example.pl>",
            "jan kowalski@example.pl",
            "\"jan kowalski\"@example.pl",
            "jan@example..pl",
            "jan@-example.pl",
            "jan\n@example.pl",
            " jan@example.pl",
            too_long.as_str(),
        ] {
            assert!(!is_valid_email(email), "{email:?}");
        }
    }

    #[test]
    fn normal_forms_trim_and_fold_case() {
        assert_eq!(normalize_email("  Jan.Kowalski@Example.PL \n"), "Jan.Kowalski@example.pl");
        assert_eq!(email_identity("  Jan.Kowalski@Example.PL "), "jan.kowalski@example.pl");
        assert_eq!(email_identity("jan+a@x.pl"), "jan+a@x.pl");
        assert_eq!(normalize_email(" no-at-sign "), "no-at-sign");
    }
}
