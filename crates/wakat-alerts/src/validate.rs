//! The rules of section 5 of the spec: the alert name and the alert e-mail, with the spec's
//! message keys and Polish messages.

use wakat_core::ErrorCode;

use crate::{AlertsError, Result};

/// Longest alert name, in characters (`maxValueError` with 999).
pub const MAX_NAME_CHARS: usize = 999;

/// Polish message of [`ErrorCode::FieldRequired`] (quoted by the spec).
pub const FIELD_REQUIRED_PL: &str = "To pole jest wymagane";
/// Polish message of [`ErrorCode::InvalidEmail`] (quoted by the spec).
pub const INVALID_EMAIL_PL: &str = "Niepoprawny adres e-mail";
/// Polish message of [`ErrorCode::InvalidCharactersError`] (the spec quotes none; ours).
pub const INVALID_CHARACTERS_PL: &str = "Pole zawiera niedozwolone znaki";

const POLISH_LETTERS: &str = "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ";
const NAME_PUNCTUATION: &str = " ,&#()/+-";

/// Whether `c` may appear in an alert name: ASCII letters and digits, Polish letters, space and
/// `, & # ( ) / + -`.
pub fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || POLISH_LETTERS.contains(c) || NAME_PUNCTUATION.contains(c)
}

fn invalid(field: &'static str, code: ErrorCode, message: impl Into<String>) -> AlertsError {
    AlertsError::Invalid { field, code, message: message.into() }
}

/// Checks an alert name (trimmed): required, allowed characters, at most 999 characters.
pub fn check_name(name: &str) -> Result<String> {
    let name = name.trim();
    if name.is_empty() {
        return Err(invalid("name", ErrorCode::FieldRequired, FIELD_REQUIRED_PL));
    }
    if !name.chars().all(is_name_char) {
        return Err(invalid("name", ErrorCode::InvalidCharactersError, INVALID_CHARACTERS_PL));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(invalid("name", ErrorCode::MaxValueError, format!("Maksymalna liczba znaków: {MAX_NAME_CHARS}")));
    }
    Ok(name.to_string())
}

/// Checks an alert e-mail: required, a valid address, no Polish diacritic letters.
pub fn check_email(email: &str) -> Result<String> {
    let email = email.trim();
    if email.is_empty() {
        return Err(invalid("email", ErrorCode::FieldRequired, FIELD_REQUIRED_PL));
    }
    if email.chars().any(|c| POLISH_LETTERS.contains(c)) || !wakat_core::is_valid_email(email) {
        return Err(invalid("email", ErrorCode::InvalidEmail, INVALID_EMAIL_PL));
    }
    Ok(wakat_core::email::normalize_email(email))
}

/// The default name: the tags joined by ", ", cut by whole tags to 999 characters. Characters a
/// name may not hold (`.` of `node.js`) become spaces, so the default always passes [`check_name`].
pub fn default_name(tags: &[String]) -> String {
    let mut name = String::new();
    let mut length = 0;
    for tag in tags {
        let cleaned: String = tag.chars().map(|c| if is_name_char(c) { c } else { ' ' }).collect();
        let cleaned = cleaned.split_whitespace().collect::<Vec<_>>().join(" ");
        if cleaned.is_empty() {
            continue;
        }
        let separator = if name.is_empty() { 0 } else { 2 };
        let tag_length = cleaned.chars().count();
        if length + separator + tag_length > MAX_NAME_CHARS {
            break;
        }
        if separator > 0 {
            name.push_str(", ");
        }
        name.push_str(&cleaned);
        length += separator + tag_length;
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code_of(result: Result<String>) -> ErrorCode {
        match result {
            Err(AlertsError::Invalid { code, .. }) => code,
            other => panic!("expected a field error, got {other:?}"),
        }
    }

    #[test]
    fn names_follow_section_5() {
        assert_eq!(check_name("  Java, Kraków (B2B) #1 & C++ / -  ").unwrap(), "Java, Kraków (B2B) #1 & C++ / -");
        assert_eq!(code_of(check_name("   ")), ErrorCode::FieldRequired);
        for bad in ["node.js", "a;b", "é", "x\ny", "50%", "<script>"] {
            assert_eq!(code_of(check_name(bad)), ErrorCode::InvalidCharactersError, "{bad:?}");
        }
        assert!(check_name(&"ż".repeat(999)).is_ok(), "999 characters, not bytes");
        assert_eq!(code_of(check_name(&"a".repeat(1000))), ErrorCode::MaxValueError);
        let Err(AlertsError::Invalid { message, .. }) = check_name("") else { panic!() };
        assert_eq!(message, "To pole jest wymagane");
    }

    #[test]
    fn e_mails_follow_section_5() {
        assert_eq!(check_email(" Ala@Example.PL ").unwrap(), "Ala@example.pl");
        assert_eq!(code_of(check_email("")), ErrorCode::FieldRequired);
        for bad in ["ala", "ala@", "żaneta@example.pl", "ala@przykład.pl", "a b@example.pl"] {
            assert_eq!(code_of(check_email(bad)), ErrorCode::InvalidEmail, "{bad:?}");
        }
        let Err(AlertsError::Invalid { message, .. }) = check_email("x") else { panic!() };
        assert_eq!(message, "Niepoprawny adres e-mail");
    }

    #[test]
    fn the_default_name_is_cut_by_whole_tags() {
        let tags: Vec<String> = ["Java", "node.js", "Kraków"].map(String::from).to_vec();
        assert_eq!(default_name(&tags), "Java, node js, Kraków");
        let long: Vec<String> = (0..200).map(|n| format!("tag{n:04}")).collect();
        let name = default_name(&long);
        assert!(name.chars().count() <= MAX_NAME_CHARS);
        assert!(name.ends_with(|c: char| c.is_ascii_digit()), "no tag is cut in half: {name}");
        assert_eq!(name.split(", ").count(), (MAX_NAME_CHARS + 2) / 9);
        assert!(check_name(&name).is_ok());
    }
}
