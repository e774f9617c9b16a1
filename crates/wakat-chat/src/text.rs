//! The rules of a message's text and of its client message id, kept apart from storage so the web
//! app's counter and the server agree on one definition.
//!
//! A text is plain text, never HTML (the web app renders it as text and makes links clickable
//! itself). It is trimmed, line ends are made `\n`, and then it must hold 1 to
//! [`MAX_MESSAGE_CHARS`] characters (Unicode scalar values, what a person counts, not bytes) with
//! no control character but newline and tab, and no bidirectional override or isolate (they let a
//! message show text in another order than it is stored: "invoice.exe" shown as "exe.eciovni").

use serde::Serialize;

/// Most characters of a message, after trimming (the 2,000).
pub const MAX_MESSAGE_CHARS: usize = 2_000;
/// Longest client message id, in characters.
pub const MAX_CLIENT_MESSAGE_ID_CHARS: usize = 64;

/// Why a text was refused; the server maps each to a message key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
#[non_exhaustive]
pub enum TextError {
    /// Nothing but whitespace.
    #[error("the message is empty")]
    Empty,
    /// More than [`MAX_MESSAGE_CHARS`] characters once trimmed.
    #[error("the message has {chars} characters, at most {max} are allowed")]
    TooLong {
        /// Characters given (after trimming).
        chars: usize,
        /// The limit.
        max: usize,
    },
    /// A control character other than newline and tab, or a bidirectional override.
    #[error("the message holds a control character (U+{code_point:04X})")]
    ControlCharacter {
        /// The first such character.
        code_point: u32,
    },
}

/// Whether `c` reorders how the text around it is shown (explicit embeddings, overrides and
/// isolates); marks such as U+200E stay allowed.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// The stored form of a message text: `\r\n` and lone `\r` become `\n`, the text is trimmed and
/// checked; see the module docs.
pub fn normalize_message_text(text: &str) -> Result<String, TextError> {
    let unified = text.replace("\r\n", "\n").replace('\r', "\n");
    let trimmed = unified.trim();
    if trimmed.is_empty() {
        return Err(TextError::Empty);
    }
    if let Some(bad) = trimmed.chars().find(|&c| (c.is_control() && c != '\n' && c != '\t') || is_bidi_control(c)) {
        return Err(TextError::ControlCharacter { code_point: u32::from(bad) });
    }
    let chars = trimmed.chars().count();
    if chars > MAX_MESSAGE_CHARS {
        return Err(TextError::TooLong { chars, max: MAX_MESSAGE_CHARS });
    }
    Ok(trimmed.to_string())
}

/// Whether a client message id can be used: 1 to 64 characters, none of them control ones.
pub fn is_valid_client_message_id(id: &str) -> bool {
    !id.is_empty() && id.chars().count() <= MAX_CLIENT_MESSAGE_ID_CHARS && !id.chars().any(char::is_control)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn texts_are_trimmed_and_line_ends_unified() {
        assert_eq!(normalize_message_text("  Dzień dobry,\r\nczy rozmawiamy?\t\n ").unwrap(), "Dzień dobry,\nczy rozmawiamy?");
        assert_eq!(normalize_message_text(" \n\t "), Err(TextError::Empty));
        assert_eq!(normalize_message_text("a\u{7}b"), Err(TextError::ControlCharacter { code_point: 7 }));
        assert_eq!(normalize_message_text("cv\u{202E}fdp.exe"), Err(TextError::ControlCharacter { code_point: 0x202E }));
    }

    #[test]
    fn the_limit_counts_characters_not_bytes() {
        // 2,000 Polish letters are 4,000 bytes and still one full message.
        assert!(normalize_message_text(&"ż".repeat(MAX_MESSAGE_CHARS)).is_ok());
        assert_eq!(normalize_message_text(&"ż".repeat(MAX_MESSAGE_CHARS + 1)), Err(TextError::TooLong { chars: 2_001, max: 2_000 }));
        // Whitespace around does not count.
        assert!(normalize_message_text(&format!("  {}  ", "a".repeat(MAX_MESSAGE_CHARS))).is_ok());
    }

    #[test]
    fn client_message_ids_are_bounded() {
        assert!(is_valid_client_message_id("3f2c-1"));
        assert!(!is_valid_client_message_id(""));
        assert!(!is_valid_client_message_id(&"x".repeat(65)));
        assert!(!is_valid_client_message_id("a\nb"));
    }

    proptest! {
        #[test]
        fn accepted_texts_keep_every_rule(text in "\\PC{0,40}[\\s\\S]{0,10}", repeat in 1usize..80) {
            let input = text.repeat(repeat);
            match normalize_message_text(&input) {
                Ok(stored) => {
                    let chars = stored.chars().count();
                    prop_assert!((1..=MAX_MESSAGE_CHARS).contains(&chars));
                    prop_assert_eq!(stored.trim(), stored.as_str());
                    prop_assert!(!stored.chars().any(|c| (c.is_control() && c != '\n' && c != '\t') || is_bidi_control(c)));
                    // Normalising the stored form again changes nothing.
                    prop_assert_eq!(normalize_message_text(&stored), Ok(stored.clone()));
                }
                Err(TextError::Empty) => prop_assert!(input.trim().is_empty()),
                Err(TextError::TooLong { chars, .. }) => prop_assert!(chars > MAX_MESSAGE_CHARS),
                Err(TextError::ControlCharacter { code_point }) => {
                    let c = char::from_u32(code_point).unwrap();
                    prop_assert!(input.contains(c));
                }
            }
        }

        #[test]
        fn plain_texts_within_the_limit_are_accepted(text in "[a-zA-Ząęłóśżźćń0-9 ,.!?\n\t]{0,2100}") {
            let trimmed_chars = text.trim().chars().count();
            let result = normalize_message_text(&text);
            prop_assert_eq!(result.is_ok(), (1..=MAX_MESSAGE_CHARS).contains(&trimmed_chars));
        }
    }
}
