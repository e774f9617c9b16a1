//! The names files are stored and downloaded under.
//!
//! An uploader chooses a file's name, so the name is hostile input twice over: once when it is
//! shown (a right-to-left override turns `cv\u{202E}fdp.exe` into "cvexe.pdf" on screen) and once
//! when a download is saved under it (a PDF/HTML polyglot named `cv.html` opens as a web page).
//! [`clean_file_name`] drops what must never be shown; [`content_disposition`] builds the one
//! header value every download of the board is answered with: the extension follows the type the
//! content was recognised as, and the name is given twice as RFC 6266 asks, an ASCII fallback for
//! old clients and the UTF-8 name percent-encoded (RFC 5987) for the rest.

use crate::FileKind;

/// Longest stem kept in a download name (the extension comes on top).
const MAX_STEM_CHARS: usize = 120;

/// A trailing `.xyz` of this many ASCII letters and digits at most is taken for an extension (and
/// replaced when it is not the type's); a longer or other tail (`Jan.Kowalski`) is part of the
/// name, and the type's extension is appended.
const MAX_EXTENSION_CHARS: usize = 5;

/// Whether `c` must never appear in a name: control characters (C0, DEL, C1), the bidirectional
/// formatting characters (embeddings, overrides, isolates, marks), invisible format characters
/// and line or paragraph separators. Any of them can make a shown name differ from the saved one.
pub fn is_unsafe_char(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{061C}' // Arabic letter mark
            | '\u{200B}'..='\u{200F}' // zero-width space/joiners, LRM, RLM
            | '\u{2028}'..='\u{202E}' // line/paragraph separators, LRE, RLE, PDF, LRO, RLO
            | '\u{2060}'..='\u{2069}' // word joiner, invisible operators, LRI, RLI, FSI, PDI
            | '\u{FEFF}' // byte order mark
            | '\u{FFF9}'..='\u{FFFB}' // interlinear annotations
        )
}

/// The uploader's name as it is stored and shown: the last path segment, without unsafe
/// characters ([`is_unsafe_char`]), trimmed, at most `max_chars` characters. May be empty.
pub fn clean_file_name(raw: &str, max_chars: usize) -> String {
    let base = raw.rsplit(['/', '\\']).next().unwrap_or_default();
    base.chars().filter(|c| !is_unsafe_char(*c)).take(max_chars).collect::<String>().trim().to_string()
}

/// The name a download of `kind` is saved under (see [`download_name`]).
pub fn download_name_of(raw: &str, kind: FileKind) -> String {
    download_name(raw, kind.extensions())
}

/// The name a download is saved under: `raw` cleaned, without characters file systems refuse
/// (`<>:"/\|?*`), never hidden (no leading dot), ending in one of `extensions` (the first is
/// used when the name has none of them). `extensions` are lowercase without a dot; at least one.
pub fn download_name(raw: &str, extensions: &[&str]) -> String {
    let canonical = extensions.first().copied().unwrap_or("bin");
    let cleaned: String =
        clean_file_name(raw, usize::MAX).chars().map(|c| if matches!(c, '<' | '>' | ':' | '"' | '|' | '?' | '*' | '/' | '\\') { '_' } else { c }).collect();
    let cleaned = cleaned.trim_start_matches(['.', ' ']);
    let (stem, extension) = match cleaned.rsplit_once('.') {
        Some((stem, extension))
            if !stem.is_empty() && (1..=MAX_EXTENSION_CHARS).contains(&extension.len()) && extension.bytes().all(|b| b.is_ascii_alphanumeric()) =>
        {
            (stem, Some(extension))
        }
        _ => (cleaned, None),
    };
    let extension = match extension {
        Some(given) if extensions.iter().any(|wanted| wanted.eq_ignore_ascii_case(given)) => given.to_ascii_lowercase(),
        _ => canonical.to_string(),
    };
    let stem: String = stem.chars().take(MAX_STEM_CHARS).collect();
    // Windows drops trailing dots and spaces, which would move the extension.
    let stem = stem.trim_end_matches(['.', ' ']);
    let stem = if stem.is_empty() { "file" } else { stem };
    format!("{stem}.{extension}")
}

/// The `Content-Disposition` value of a download of `kind` (see [`content_disposition`]).
pub fn content_disposition_of(raw: &str, kind: FileKind) -> String {
    content_disposition(raw, kind.extensions())
}

/// The `Content-Disposition` value of every download of the board:
/// `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<percent-encoded name>`, where the
/// name is [`download_name`] (so its extension is one of `extensions`, the type the content was
/// recognised as) and the fallback spells it in ASCII letters, digits, `.`, `-` and `_`.
pub fn content_disposition(raw: &str, extensions: &[&str]) -> String {
    let name = download_name(raw, extensions);
    format!("attachment; filename=\"{}\"; filename*=UTF-8''{}", ascii_fallback(&name), percent_encode(&name))
}

/// `name` in ASCII: Polish letters lose their diacritics, anything else outside letters, digits,
/// `.`, `-` and `_` becomes one `_` per run (no quote, backslash or `%` an old client would
/// misread). The extension is ASCII already, so it survives.
fn ascii_fallback(name: &str) -> String {
    let mut fallback = String::with_capacity(name.len());
    for c in name.chars() {
        let ascii = match c {
            'ą' => 'a',
            'ć' => 'c',
            'ę' => 'e',
            'ł' => 'l',
            'ń' => 'n',
            'ó' => 'o',
            'ś' => 's',
            'ź' | 'ż' => 'z',
            'Ą' => 'A',
            'Ć' => 'C',
            'Ę' => 'E',
            'Ł' => 'L',
            'Ń' => 'N',
            'Ó' => 'O',
            'Ś' => 'S',
            'Ź' | 'Ż' => 'Z',
            c if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') => c,
            _ => '_',
        };
        if !(ascii == '_' && fallback.ends_with('_')) {
            fallback.push(ascii);
        }
    }
    fallback
}

/// RFC 5987 `value-chars`: every byte outside `attr-char` as `%XX`.
fn percent_encode(text: &str) -> String {
    let mut encoded = String::with_capacity(text.len() * 3);
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&byte) {
            encoded.push(char::from(byte));
        } else {
            encoded.push_str(&format!("%{byte:02X}"));
        }
    }
    encoded
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_extension_follows_the_type() {
        assert_eq!(download_name_of("cv.html", FileKind::Pdf), "cv.pdf");
        assert_eq!(download_name_of("CV.PDF", FileKind::Pdf), "CV.pdf");
        assert_eq!(download_name_of("photo.jpg", FileKind::Jpeg), "photo.jpg");
        assert_eq!(download_name_of("photo.png", FileKind::Jpeg), "photo.jpeg");
        assert_eq!(download_name_of("Jan.Kowalski", FileKind::Docx), "Jan.Kowalski.docx");
        assert_eq!(download_name_of("", FileKind::Pdf), "file.pdf");
        assert_eq!(download_name_of(".pdf", FileKind::Pdf), "pdf.pdf", "never hidden");
        assert_eq!(download_name_of("..", FileKind::Pdf), "file.pdf");
        assert_eq!(download_name_of("../../etc/passwd", FileKind::Pdf), "passwd.pdf");
        assert_eq!(download_name_of("cv. .html", FileKind::Pdf), "cv.pdf");
    }

    #[test]
    fn bidi_and_control_characters_are_dropped() {
        assert_eq!(clean_file_name("cv\u{202E}fdp.exe", 200), "cvfdp.exe");
        assert_eq!(download_name_of("cv\u{202E}fdp.exe", FileKind::Pdf), "cvfdp.pdf");
        assert_eq!(clean_file_name("a\u{0}b\u{1b}c\u{2067}d\u{200F}e\r\n", 200), "abcde");
    }

    #[test]
    fn the_header_has_an_ascii_fallback_and_the_utf8_name() {
        assert_eq!(content_disposition_of("moje cv.pdf", FileKind::Pdf), "attachment; filename=\"moje_cv.pdf\"; filename*=UTF-8''moje%20cv.pdf");
        assert_eq!(
            content_disposition_of("Życiorys – Łukasz \"Ł\".docx", FileKind::Docx),
            "attachment; filename=\"Zyciorys_Lukasz_L_.docx\"; filename*=UTF-8''%C5%BByciorys%20%E2%80%93%20%C5%81ukasz%20_%C5%81_.docx"
        );
        assert_eq!(content_disposition("wakat-data.json", &["json"]), "attachment; filename=\"wakat-data.json\"; filename*=UTF-8''wakat-data.json");
    }

    fn kind() -> impl Strategy<Value = FileKind> {
        prop::sample::select(FileKind::all().collect::<Vec<_>>())
    }

    fn percent_decode(text: &str) -> Vec<u8> {
        let bytes = text.as_bytes();
        let mut decoded = Vec::new();
        let mut index = 0;
        while index < bytes.len() {
            if bytes[index] == b'%' {
                decoded.push(u8::from_str_radix(&text[index + 1..index + 3], 16).unwrap());
                index += 3;
            } else {
                decoded.push(bytes[index]);
                index += 1;
            }
        }
        decoded
    }

    proptest! {
        #[test]
        fn any_name_gives_a_safe_header_with_the_types_extension(
            raw in prop_oneof![any::<String>(), "[a-zA-Z0-9 ._\u{202A}-\u{202E}\u{2066}-\u{2069}\"\\\\/%;ąęłżŁ]{0,40}"],
            kind in kind(),
        ) {
            let header = content_disposition_of(&raw, kind);
            prop_assert!(!header.chars().any(is_unsafe_char), "{header:?}");
            let rest = header.strip_prefix("attachment; filename=\"").unwrap();
            let (fallback, encoded) = rest.split_once("\"; filename*=UTF-8''").unwrap();
            prop_assert_eq!(header.matches('"').count(), 2, "only the fallback's own quotes: {}", header);
            prop_assert!(fallback.bytes().all(|b| b.is_ascii_alphanumeric() || b".-_".contains(&b)), "{fallback:?}");
            prop_assert!(encoded.bytes().all(|b| b.is_ascii_alphanumeric() || b"!#$&+-.^_`|~%".contains(&b)), "{encoded:?}");
            let name = String::from_utf8(percent_decode(encoded)).unwrap();
            prop_assert!(!name.chars().any(|c| is_unsafe_char(c) || c == '"'), "{name:?}");
            prop_assert!(!name.starts_with('.'));
            for shown in [fallback, name.as_str()] {
                let extension = shown.rsplit_once('.').map(|(_, extension)| extension).unwrap();
                prop_assert!(kind.extensions().contains(&extension), "{shown:?} for {kind:?}");
            }
        }
    }
}
