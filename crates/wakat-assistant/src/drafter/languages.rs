//! Spoken languages with CEFR levels: "angielski B2", "fluent English" (C1), "język niemiecki
//! na poziomie komunikatywnym" (B2), "native Polish" (C2).

use super::text::{fold, words};

/// A language the employer asks for.
#[derive(Debug, Clone, PartialEq)]
pub struct SpokenLanguage {
    /// ISO 639-1.
    pub iso: &'static str,
    /// A1 to C2.
    pub level: String,
}

/// Word stems of each language, Polish and English.
const NAMES: &[(&str, &str)] = &[
    ("english", "en"),
    ("angielsk", "en"),
    ("polish", "pl"),
    ("polsk", "pl"),
    ("german", "de"),
    ("niemieck", "de"),
    ("french", "fr"),
    ("francusk", "fr"),
    ("spanish", "es"),
    ("hiszpansk", "es"),
    ("italian", "it"),
    ("wlosk", "it"),
    ("ukrainian", "uk"),
    ("ukrainsk", "uk"),
    ("russian", "ru"),
    ("rosyjsk", "ru"),
    ("dutch", "nl"),
    ("niderlandzk", "nl"),
    ("holendersk", "nl"),
    ("czech", "cs"),
    ("czesk", "cs"),
    ("portuguese", "pt"),
    ("portugalsk", "pt"),
    ("swedish", "sv"),
    ("szwedzk", "sv"),
    ("norwegian", "no"),
    ("norwesk", "no"),
    ("danish", "da"),
    ("dunsk", "da"),
    ("chinese", "zh"),
    ("chinsk", "zh"),
    ("japanese", "ja"),
    ("japonsk", "ja"),
];
/// Level words, folded stems.
const LEVEL_WORDS: &[(&str, &str)] = &[
    ("native", "C2"),
    ("ojczyst", "C2"),
    ("fluent", "C1"),
    ("fluently", "C1"),
    ("biegl", "C1"),
    ("plynn", "C1"),
    ("proficient", "C1"),
    ("advanced", "C1"),
    ("zaawansowan", "C1"),
    ("upper-intermediate", "B2"),
    ("good", "B2"),
    ("dobr", "B2"),
    ("komunikatywn", "B2"),
    ("communicative", "B2"),
    ("intermediate", "B1"),
    ("sredniozaawansowan", "B1"),
    ("basic", "A2"),
    ("podstawow", "A2"),
];
const CEFR: [&str; 6] = ["a1", "a2", "b1", "b2", "c1", "c2"];

/// The language a word names: "english", "angielski", "angielskiego", "polsku".
fn language_of(word: &str) -> Option<&'static str> {
    // "polskie" firms or "polska" the country are not the language: Polish stems need the
    // language's own endings.
    NAMES
        .iter()
        .find(|(stem, _)| {
            word.starts_with(stem) && {
                let rest = &word[stem.len()..];
                if stem.ends_with('k') {
                    ["i", "iego", "im", "u"].contains(&rest)
                } else {
                    rest.is_empty()
                }
            }
        })
        .map(|(_, iso)| *iso)
}

/// Whether a skill-list item is a spoken language ("English", "Język angielski", "angielski B2"),
/// which the ad lists among its languages instead.
pub fn is_language_item(item: &str) -> bool {
    let folded = fold(item);
    let ws: Vec<&str> = words(&folded).filter(|w| !["jezyk", "jezyka", "language", "j."].contains(w) && !CEFR.contains(w)).collect();
    !ws.is_empty()
        && ws.iter().any(|w| language_of(w).is_some())
        && ws.iter().all(|w| language_of(w).is_some() || LEVEL_WORDS.iter().any(|(s, _)| w.starts_with(s)))
}

/// Every language the texts ask for, with its level (B2 when none is said).
pub fn extract(texts: &[&str]) -> Vec<SpokenLanguage> {
    let mut found: Vec<SpokenLanguage> = Vec::new();
    for text in texts {
        for sentence in fold(text).split(['.', '\n', ';', ',']) {
            let ws: Vec<&str> = words(sentence).collect();
            let at: Vec<usize> = (0..ws.len()).filter(|&i| language_of(ws[i]).is_some()).collect();
            for (n, &i) in at.iter().enumerate() {
                let Some(iso) = language_of(ws[i]) else { continue };
                // Its level is said between it and the languages next to it.
                let from = i.saturating_sub(4).max(if n == 0 { 0 } else { at[n - 1] + 1 });
                let to = (i + 5).min(ws.len()).min(at.get(n + 1).copied().unwrap_or(ws.len()));
                // CEFR codes follow their language ("angielski B2"), level words precede it
                // ("fluent English", "biegły angielski").
                let (before, after) = (&ws[from..i], &ws[i + 1..to]);
                let cefr = |words: &[&str]| words.iter().find(|w| CEFR.contains(w)).map(|w| w.to_uppercase());
                let worded = |words: &[&str]| words.iter().find_map(|w| LEVEL_WORDS.iter().find(|(s, _)| w.starts_with(s)).map(|(_, l)| l.to_string()));
                let level = cefr(after)
                    .or_else(|| if n == 0 { cefr(before) } else { None })
                    .or_else(|| worded(before))
                    .or_else(|| worded(after))
                    .unwrap_or_else(|| "B2".to_string());
                match found.iter_mut().find(|l| l.iso == iso) {
                    Some(known) => known.level = level,
                    None => found.push(SpokenLanguage { iso, level }),
                }
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(texts: &[&str]) -> Vec<(&'static str, String)> {
        extract(texts).into_iter().map(|l| (l.iso, l.level)).collect()
    }

    #[test]
    fn reads_languages_and_levels() {
        assert_eq!(pairs(&["Wymagany angielski B2, niemiecki na poziomie komunikatywnym."]), [("en", "B2".into()), ("de", "B2".into())]);
        assert_eq!(pairs(&["Fluent English.", "Native Polish"]), [("en", "C1".into()), ("pl", "C2".into())]);
        assert_eq!(pairs(&["Język angielski (C1) i francuski"]), [("en", "C1".into()), ("fr", "B2".into())]);
        assert!(pairs(&["Pracujemy dla polskiej firmy w Polsce, English-speaking team? no"]).iter().all(|(iso, _)| *iso == "en"));
    }

    #[test]
    fn tells_language_items_from_skills() {
        assert!(is_language_item("English"));
        assert!(is_language_item("Język angielski"));
        assert!(is_language_item("angielski B2"));
        assert!(!is_language_item("English Literature Teaching"));
        assert!(!is_language_item("Java"));
    }
}
