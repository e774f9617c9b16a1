//! Polish-aware text analysis shared by indexing and querying.
//!
//! One pass does everything, in order: split into tokens keeping technology names whole (`C#`,
//! `C++`, `.NET`, `Node.js`, `CI/CD`), fold case and diacritics (`Łódź` → `lodz`), map skill aliases
//! to one canonical term from the synonyms file (`k8s` → `kubernetes`), then reduce Polish (and a
//! few English) inflections with a light suffix stemmer (`programistów` → `programist`).
//! Consistency matters more than linguistic truth: the same function runs on documents and queries.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use tantivy::tokenizer::{Token, TokenStream, Tokenizer};
use wakat_core::text::fold;

/// Name under which the analyzer is registered in the index.
pub const ANALYZER_NAME: &str = "wakat_pl";

/// Dictionaries of the analyzer: canonical skill names, their aliases and compound names to keep whole.
#[derive(Debug, Default)]
pub struct Analysis {
    canonical_of: HashMap<String, String>,
    protected: HashSet<String>,
}

/// Errors in the synonyms file.
#[derive(Debug, thiserror::Error)]
#[error("synonyms line {line}: {reason}")]
pub struct SynonymsError {
    /// 1-based line.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl Analysis {
    /// Parses the synonyms file: `canonical: alias, alias` per line, `#` comments.
    pub fn from_synonyms(text: &str) -> Result<Analysis, SynonymsError> {
        let mut analysis = Analysis::default();
        for (line_idx, line) in text.lines().enumerate() {
            let line = line.split(" #").next().unwrap_or("").trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (canonical, aliases) =
                line.split_once(':').ok_or_else(|| SynonymsError { line: line_idx + 1, reason: "expected 'canonical: alias, alias'".into() })?;
            let canonical = fold(canonical.trim());
            if canonical.is_empty() {
                return Err(SynonymsError { line: line_idx + 1, reason: "empty canonical term".into() });
            }
            analysis.protected.insert(canonical.clone());
            for alias in aliases.split(',').map(|a| fold(a.trim())).filter(|a| !a.is_empty()) {
                analysis.protected.insert(alias.clone());
                analysis.canonical_of.insert(alias, canonical.clone());
            }
        }
        Ok(analysis)
    }

    /// Returns the terms of `text`, in order.
    pub fn terms(&self, text: &str) -> Vec<String> {
        let mut terms = Vec::new();
        for raw in split_raw_tokens(text) {
            self.push_terms(&fold(raw), &mut terms);
        }
        terms
    }

    fn push_terms(&self, folded: &str, out: &mut Vec<String>) {
        if folded.is_empty() {
            return;
        }
        if self.protected.contains(folded) {
            out.push(self.canonical(folded));
            return;
        }
        // A slash joins names (`c/c++`, `html/css`) unless the whole is a known name (`ci/cd`):
        // split before the shape check, which would keep `c/c++` whole for its `++`.
        if folded.contains('/') {
            for part in folded.split('/').filter(|part| !part.is_empty()) {
                self.push_terms(part, out);
            }
            return;
        }
        if is_technology_shape(folded) {
            out.push(self.canonical(folded));
            return;
        }
        // A compound that is not a known name: split it into its parts (`java/kotlin`, `front-end`).
        if folded.contains(['/', '-', '.']) {
            for part in folded.split(['/', '-', '.']) {
                if !part.is_empty() {
                    self.push_terms(part, out);
                }
            }
            return;
        }
        let canonical = self.canonical(folded);
        if canonical != folded || self.protected.contains(&canonical) {
            out.push(canonical);
        } else {
            out.push(stem(folded));
        }
    }

    fn canonical(&self, folded: &str) -> String {
        self.canonical_of.get(folded).cloned().unwrap_or_else(|| folded.to_string())
    }
}

/// `c#`, `c++`, `f#`, `.net`, `node.js`: shapes that are always names, never inflected words.
fn is_technology_shape(token: &str) -> bool {
    token.ends_with('#') || token.ends_with("++") || (token.starts_with('.') && token.len() > 1) || (token.ends_with(".js") && token.len() > 3)
}

/// Splits text into raw tokens: runs of alphanumerics, with `#`/`+` suffixes, inner `.`, `/`, `-`
/// and a leading `.` kept so later steps can decide whether the compound is a name.
fn split_raw_tokens(text: &str) -> Vec<&str> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut tokens = Vec::new();
    let mut idx = 0;
    while idx < chars.len() {
        let (start, c) = chars[idx];
        let next_is_alnum = chars.get(idx + 1).is_some_and(|(_, n)| n.is_alphanumeric());
        let starts_token = c.is_alphanumeric() || (c == '.' && next_is_alnum);
        if !starts_token {
            idx += 1;
            continue;
        }
        let mut end_idx = idx + 1;
        while end_idx < chars.len() {
            let (_, ch) = chars[end_idx];
            let prev = chars[end_idx - 1].1;
            let next_alnum = chars.get(end_idx + 1).is_some_and(|(_, n)| n.is_alphanumeric());
            let keep = ch.is_alphanumeric()
                || ((ch == '#' || ch == '+') && (prev.is_alphanumeric() || prev == '+'))
                || (matches!(ch, '.' | '/' | '-') && prev.is_alphanumeric() && next_alnum);
            if !keep {
                break;
            }
            end_idx += 1;
        }
        let end = chars.get(end_idx).map_or(text.len(), |(pos, _)| *pos);
        tokens.push(&text[start..end]);
        idx = end_idx;
    }
    tokens
}

/// Suffixes stripped by the stemmer, longest first (folded spellings).
const SUFFIXES: &[&str] = &[
    "owego", "owemu", "owych", "owymi", "iego", "iemu", "owie", "ami", "ach", "ych", "ich", "ymi", "imi", "owi", "ego", "emu", "iem", "ie", "ow", "om", "em",
    "ej", "ym", "im", "a", "e", "i", "y", "o", "u",
];

/// English plural endings reduced by dropping the final `s` (`developers` → `developer`).
const ENGLISH_PLURALS: &[&str] = &["ers", "ors", "sts", "cts", "ans", "ees"];

/// Reduces a folded word to a stem shared by its inflected forms.
pub fn stem(word: &str) -> String {
    if word.chars().count() < 5 || !word.chars().all(|c| c.is_alphanumeric()) || word.chars().any(|c| c.is_ascii_digit()) {
        return word.to_string();
    }
    let mut stem = word;
    if ENGLISH_PLURALS.iter().any(|suffix| word.ends_with(suffix)) {
        stem = &word[..word.len() - 1];
    } else if let Some(suffix) = SUFFIXES.iter().find(|suffix| word.ends_with(*suffix) && word.len() - suffix.len() >= 4) {
        stem = &word[..word.len() - suffix.len()];
        // Only an inflected word can be a feminine role noun (`programistk-a`, `testerk-i`):
        // `spark` or `benchmark` never lose their `k`.
        if let Some(masculine) = masculine_of_feminine(stem) {
            return masculine;
        }
    }
    normalize_alternations(stem)
}

/// Feminine role nouns share the masculine stem (`programistka` → `programist`, `analityczka` →
/// `analityk`, `testerka` → `tester`, `kierowniczka` → `kierownik`, `projektantka` → `projektant`,
/// `architektka` → `architekt`, `administratorka` → `administrator`, `sekretarka` → `sekretar`),
/// so either form finds both. The endings are the productive `-ka` derivations of role nouns.
fn masculine_of_feminine(stem: &str) -> Option<String> {
    const ENDINGS: &[(&str, &str)] =
        &[("iczk", "ik"), ("yczk", "yk"), ("stk", "st"), ("erk", "er"), ("tork", "tor"), ("ntk", "nt"), ("ktk", "kt"), ("ark", "ar")];
    ENDINGS.iter().find_map(|(from, to)| {
        let base = stem.strip_suffix(from)?;
        (base.len() >= 3).then(|| format!("{base}{to}"))
    })
}

/// Undoes consonant alternations of Polish inflection at the end of a stem
/// (`programiśc-i` → `programist`, `tester-zy` → `tester`, `analityc-y` → `analityk`).
fn normalize_alternations(stem: &str) -> String {
    for (from, to) in [("sc", "st"), ("rz", "r"), ("ic", "ik"), ("yc", "yk"), ("dz", "d")] {
        if let Some(base) = stem.strip_suffix(from) {
            if base.len() >= 3 {
                return format!("{base}{to}");
            }
        }
    }
    stem.to_string()
}

/// The tantivy face of [`Analysis`].
#[derive(Clone)]
pub struct WakatTokenizer {
    analysis: Arc<Analysis>,
    tokens: Vec<Token>,
}

impl WakatTokenizer {
    /// Wraps shared dictionaries.
    pub fn new(analysis: Arc<Analysis>) -> WakatTokenizer {
        WakatTokenizer { analysis, tokens: Vec::new() }
    }
}

/// Token stream over precomputed tokens.
pub struct WakatTokenStream<'a> {
    tokens: &'a mut Vec<Token>,
    cursor: usize,
}

impl Tokenizer for WakatTokenizer {
    type TokenStream<'a> = WakatTokenStream<'a>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> WakatTokenStream<'a> {
        self.tokens.clear();
        for (position, term) in self.analysis.terms(text).into_iter().enumerate() {
            self.tokens.push(Token { offset_from: 0, offset_to: 0, position, text: term, position_length: 1 });
        }
        WakatTokenStream { tokens: &mut self.tokens, cursor: 0 }
    }
}

impl TokenStream for WakatTokenStream<'_> {
    fn advance(&mut self) -> bool {
        self.cursor += 1;
        self.cursor <= self.tokens.len()
    }

    fn token(&self) -> &Token {
        &self.tokens[self.cursor - 1]
    }

    fn token_mut(&mut self) -> &mut Token {
        &mut self.tokens[self.cursor - 1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn analysis() -> Analysis {
        Analysis::from_synonyms(include_str!("../../../index-data/synonyms.txt")).unwrap()
    }

    fn terms(text: &str) -> Vec<String> {
        analysis().terms(text)
    }

    #[test]
    fn folds_case_and_diacritics() {
        assert_eq!(terms("Łódź"), terms("lodz"));
        assert_eq!(terms("Kraków"), terms("KRAKOW"));
        assert_eq!(terms("Gdańsk"), terms("gdansk"));
    }

    #[test]
    fn polish_inflections_share_a_stem() {
        let forms = ["programista", "programisty", "programistów", "programistę", "programiście", "programiści", "programistami"];
        let stems: HashSet<Vec<String>> = forms.iter().map(|f| terms(f)).collect();
        assert_eq!(stems.len(), 1, "{stems:?}");
        for group in [
            &["kierowca", "kierowcy", "kierowców", "kierowcą"][..],
            &["tester", "testera", "testerzy", "testerów"],
            &["inżynier", "inżyniera", "inżynierowie", "inżynierów"],
            &["analityk", "analityka", "analitycy", "analityków"],
            &["developer", "developers", "developera"],
            &["praca", "pracy", "pracę"],
        ] {
            let stems: HashSet<Vec<String>> = group.iter().map(|f| terms(f)).collect();
            assert_eq!(stems.len(), 1, "{group:?} gave {stems:?}");
        }
    }

    #[test]
    fn feminine_role_nouns_share_the_masculine_stem() {
        for group in [
            &["programista", "programistka", "programistki", "programistkę", "programistką"][..],
            &["specjalista", "specjalistka", "specjalistki"],
            &["stażysta", "stażystka"],
            &["analityk", "analityczka", "analityczki"],
            &["kierownik", "kierowniczka", "kierowniczki"],
            &["informatyk", "informatyczka"],
            &["grafik", "graficzka"],
            &["tester", "testerka", "testerki"],
            &["inżynier", "inżynierka"],
            &["developer", "developerka"],
            &["rekruter", "rekruterka"],
            &["projektant", "projektantka", "projektantki"],
            &["konsultant", "konsultantka"],
            &["asystent", "asystentka"],
            &["architekt", "architektka"],
            &["administrator", "administratorka", "administratorki"],
            &["koordynator", "koordynatorka"],
            &["dyrektor", "dyrektorka"],
            &["sekretarz", "sekretarka"],
        ] {
            let stems: HashSet<Vec<String>> = group.iter().map(|f| terms(f)).collect();
            assert_eq!(stems.len(), 1, "{group:?} gave {stems:?}");
        }
    }

    #[test]
    fn english_words_ending_in_k_keep_it() {
        for word in ["spark", "benchmark", "framework", "network"] {
            assert_eq!(terms(word), vec![word.to_string()]);
        }
    }

    #[test]
    fn technology_names_survive() {
        assert_eq!(terms("C# developer")[0], "c#");
        assert_eq!(terms("C++")[0], "c++");
        assert_eq!(terms(".NET Core")[0], ".net");
        assert_eq!(terms("Node.js")[0], "node.js");
        assert_eq!(terms("CI/CD pipelines")[0], "ci/cd");
        assert_ne!(terms("C#"), terms("C"));
        assert_ne!(terms(".NET"), terms("net"));
        assert_ne!(terms("C++"), terms("C"));
    }

    #[test]
    fn aliases_map_to_canonical_terms() {
        assert_eq!(terms("k8s"), terms("Kubernetes"));
        assert_eq!(terms("JS"), terms("JavaScript"));
        assert_eq!(terms("TS"), terms("TypeScript"));
        assert_eq!(terms("Postgres"), terms("PostgreSQL"));
        assert_eq!(terms("nodejs"), terms("Node.js"));
    }

    #[test]
    fn compounds_that_are_not_names_split() {
        assert_eq!(terms("Java/Kotlin"), terms("Java Kotlin"));
        assert_eq!(terms("front-end"), terms("front end"));
        assert_eq!(terms("Senior, (Java)!"), terms("senior java"));
    }

    #[test]
    fn slashes_join_names_that_are_found_by_each_part() {
        let contains = |text: &str, term: &str| terms(text).contains(&terms(term)[0]);
        assert!(contains("Senior C/C++", "C++"));
        assert!(contains("Senior C/C++", "C"));
        assert!(contains("C/C++ Dev. for Accessibility Solutions", "c++"));
        assert!(contains("HTML/CSS Developer", "css"));
        assert!(contains("HTML/CSS Developer", "HTML"));
        assert!(contains("Java/Kotlin Developer", "kotlin"));
        assert!(contains("C#/.NET Developer", ".NET"));
        assert!(contains("C#/.NET Developer", "C#"));
        assert!(contains("Node.js/React", "node.js"));
        // Known names with a slash stay whole, and do not match their parts.
        assert_eq!(terms("CI/CD"), vec!["ci/cd"]);
        assert_eq!(terms("UI/UX designer")[0], "ui/ux");
        assert_eq!(terms("PL/SQL")[0], "pl/sql");
        assert!(!contains("CI/CD pipelines", "CD"));
        // and the technology shapes around them are untouched.
        assert_eq!(terms("C# .NET Node.js C++"), vec!["c#", ".net", "node.js", "c++"]);
    }

    #[test]
    fn never_panics_on_odd_input() {
        for text in ["", "...", "#", "++", "/", ".", "-a-", "ą", "a.#", "日本語", "C#.NET", "x/"] {
            let _ = terms(text);
        }
    }

    #[test]
    fn rejects_malformed_synonyms() {
        assert!(Analysis::from_synonyms("no colon here").is_err());
        assert!(Analysis::from_synonyms(": alias").is_err());
    }
}
