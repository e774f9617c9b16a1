//! Text helpers every extractor shares: the conversation's language, folded text whose char
//! indices match the original's (so a span found folded is cut from what the employer typed),
//! word boundaries and sentence ends.

/// The language an answer is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    /// Polish.
    Pl,
    /// English.
    En,
}

impl Lang {
    /// `pl` or `en`, as the vocabularies' labels take it.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Pl => "pl",
            Lang::En => "en",
        }
    }

    /// The text of `pl` or `en` in this language.
    pub fn pick<'a>(self, pl: &'a str, en: &'a str) -> &'a str {
        match self {
            Lang::Pl => pl,
            Lang::En => en,
        }
    }
}

/// Words only Polish (or only English) employers write: the conversation's language is the one
/// with more of them, diacritics counting for Polish.
const PL_WORDS: &[&str] = &[
    "szukamy",
    "poszukujemy",
    "jest",
    "na",
    "i",
    "oraz",
    "sie",
    "w",
    "we",
    "z",
    "do",
    "nie",
    "to",
    "wymagamy",
    "praca",
    "umowa",
    "umowe",
    "mile",
    "widziane",
    "zl",
    "netto",
    "brutto",
    "poziom",
    "stanowisko",
    "czesc",
    "prosze",
    "dzien",
    "dobry",
    "tak",
    "kogos",
    "osoby",
    "zespolu",
    "wynagrodzenie",
    "widelki",
    "oferujemy",
    "potrzebujemy",
    "znajomosc",
    "wszystko",
    "ogloszenie",
    "jestes",
    "czy",
    "jak",
    "co",
];
const EN_WORDS: &[&str] = &[
    "the", "we", "is", "and", "are", "for", "with", "looking", "hiring", "our", "a", "an", "of", "salary", "skills", "should", "know", "please", "that's",
    "level", "office", "need", "hi", "hello", "position", "role", "team", "work", "contract", "what", "you", "are", "who", "it's", "want", "ad", "job",
];

/// Polish or English, from the employer's own words; `fallback` when they do not tell.
pub fn detect_lang(texts: &[&str], fallback: Lang) -> Lang {
    let (mut pl, mut en) = (0usize, 0usize);
    for text in texts {
        pl += text.chars().filter(|c| "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ".contains(*c)).count();
        for word in words(&fold(text)) {
            pl += usize::from(PL_WORDS.contains(&word));
            en += usize::from(EN_WORDS.contains(&word));
        }
    }
    match pl.cmp(&en) {
        std::cmp::Ordering::Greater => Lang::Pl,
        std::cmp::Ordering::Less => Lang::En,
        std::cmp::Ordering::Equal => fallback,
    }
}

/// Lowercase without diacritics (`Łódź` → `lodz`): one char for one char, so indices of the
/// folded text's chars are the original's.
pub use wakat_core::text::fold;

/// The words of folded text (letters, digits and the marks skill names use: `c#`, `c++`, `ci/cd`).
pub fn words(folded: &str) -> impl Iterator<Item = &str> {
    folded.split(|c: char| !(c.is_alphanumeric() || "#+'-".contains(c))).filter(|w| !w.is_empty())
}

/// Whether the char at `i` (of `chars`) starts a word: nothing alphanumeric just before it.
pub fn word_start(chars: &[char], i: usize) -> bool {
    i == 0 || !chars[i - 1].is_alphanumeric()
}

/// Whether a word ends just before `i`.
pub fn word_end(chars: &[char], i: usize) -> bool {
    i >= chars.len() || !chars[i].is_alphanumeric()
}

/// Every char index where `needle` (folded) occurs in `hay` as whole words.
pub fn find_words(hay: &[char], needle: &str) -> Vec<usize> {
    let needle: Vec<char> = needle.chars().collect();
    let mut found = Vec::new();
    if needle.is_empty() || needle.len() > hay.len() {
        return found;
    }
    for start in 0..=hay.len() - needle.len() {
        if hay[start..start + needle.len()] == needle[..]
            && (!needle[0].is_alphanumeric() || word_start(hay, start))
            && (!needle[needle.len() - 1].is_alphanumeric() || word_end(hay, start + needle.len()))
        {
            found.push(start);
        }
    }
    found
}

/// Whether `needle` occurs in `hay` as whole words.
pub fn has_words(hay: &[char], needle: &str) -> bool {
    !find_words(hay, needle).is_empty()
}

/// The end (exclusive) of the sentence containing `from`: a line break, or `.`, `!`, `?` followed
/// by a space or the end (so `Node.js` and `.NET` do not end it).
pub fn sentence_end(chars: &[char], from: usize) -> usize {
    let mut i = from;
    while i < chars.len() {
        match chars[i] {
            '\n' => return i,
            '.' | '!' | '?' if i + 1 >= chars.len() || chars[i + 1].is_whitespace() => return i,
            _ => i += 1,
        }
    }
    chars.len()
}

/// The start of the sentence containing `at`.
pub fn sentence_start(chars: &[char], at: usize) -> usize {
    let mut i = at.min(chars.len());
    while i > 0 {
        let c = chars[i - 1];
        if c == '\n' || (".!?".contains(c) && chars.get(i).is_some_and(|n| n.is_whitespace())) {
            return i;
        }
        i -= 1;
    }
    0
}

/// `chars[from..to]` as a string.
pub fn cut(chars: &[char], from: usize, to: usize) -> String {
    chars[from.min(chars.len())..to.min(chars.len())].iter().collect()
}

/// Escapes text for the description's HTML.
pub fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tells_polish_from_english() {
        assert_eq!(detect_lang(&["Szukamy osoby na stanowisko Java Developer"], Lang::En), Lang::Pl);
        assert_eq!(detect_lang(&["We're looking for a Java Developer"], Lang::Pl), Lang::En);
        assert_eq!(detect_lang(&["Java, Spring"], Lang::Pl), Lang::Pl);
    }

    #[test]
    fn folds_one_char_for_one() {
        let text = "Łódź ŻÓŁW";
        assert_eq!(fold(text).chars().count(), text.chars().count());
        assert_eq!(fold(text), "lodz zolw");
    }

    #[test]
    fn sentences_end_at_a_stop_before_a_space_only() {
        let chars: Vec<char> = "Stack: Node.js, .NET. Next".chars().collect();
        assert_eq!(sentence_end(&chars, 0), 20);
        assert_eq!(sentence_start(&chars, 23), 21);
        assert_eq!(find_words(&fold("Java, JavaScript").chars().collect::<Vec<_>>(), "java"), vec![0]);
    }
}
