//! Titles the employer marks as such without a fixed cue: a clause that speaks of the title or
//! the ad and ends in a colon ("Tytuł ogłoszenia klient chce dokładnie taki: …", "W ogłoszeniu:
//! …", "Mamy rolę o dość nietypowej nazwie: …"), a quoted name that names a role ("post the
//! \"Fullstack Developer with Java (B2B)\" role"), and the greetings that are never a title.

use wakat_core::offer_form::SkillDictionary;

use super::role;
use super::text::fold;

/// Stems (folded) of the words that say what follows the colon is the title.
const TITLE_NOUNS: &[&str] = &["tytul", "title", "nazwa", "nazwie", "nazwe", "name", "called"];
/// Words that name the position itself, a label before a dash ("Role - Platform Engineer").
const POSITION_NOUNS: &[&str] = &["role", "rola", "position", "stanowisko", "vacancy", "wakat", "opening"];
/// The longest label before a dash.
const DASH_LABEL_WORDS: usize = 3;
/// Stems of the words that say what follows the colon is the ad (a title only when it reads as a
/// name: capitalised or quoted).
const AD_NOUNS: &[&str] = &["ogloszeni", "ad", "advert", "advertisement", "posting", "listing"];
/// Words next to such a noun that make it another thing's name ("Nazwa firmy:", "Company name:").
const OTHER_THINGS: &[&str] = &["firm", "compan", "projekt", "project", "klient", "client", "plik", "file", "zespol", "team"];
/// The longest clause before a colon that is still a label.
const LABEL_WORDS: usize = 7;
/// The longest quoted name that is taken as a title.
const QUOTED_WORDS: usize = 10;
/// Greetings (folded), never a title nor its first words.
const GREETINGS: &[&str] = &[
    "dzien dobry",
    "czesc",
    "witam",
    "witajcie",
    "hej",
    "hejka",
    "siema",
    "hi",
    "hello",
    "hey",
    "good morning",
    "good afternoon",
    "good evening",
    "dear",
    "greetings",
];

/// Where a label's title starts (just after its colon), with its strength: 3 after a clause that
/// names the title, 2 after one that names the ad.
pub fn labels(text: &str) -> Vec<(usize, u8)> {
    let folded: Vec<char> = fold(text).chars().collect();
    let mut found = Vec::new();
    for colon in (0..folded.len()).filter(|&i| folded[i] == ':') {
        let boundary = |j: usize| ",;:\n(".contains(folded[j]) || (".!?".contains(folded[j]) && folded.get(j + 1).is_some_and(|c| c.is_whitespace()));
        let from = (0..colon).rev().find(|&j| boundary(j)).map_or(0, |j| j + 1);
        let clause: String = folded[from..colon].iter().collect();
        let words: Vec<&str> = clause.split_whitespace().collect();
        if words.is_empty() || words.len() > LABEL_WORDS {
            continue;
        }
        let noun = |stems: &[&str]| {
            words.iter().enumerate().any(|(k, w)| {
                let named = stems.iter().any(|s| if s.len() <= 3 { w == s } else { w.starts_with(s) });
                let of_other = [k.wrapping_sub(1), k + 1].iter().filter_map(|&n| words.get(n)).any(|n| OTHER_THINGS.iter().any(|o| n.starts_with(o)));
                named && !of_other
            })
        };
        let next = text.chars().skip(colon + 1).find(|c| !c.is_whitespace());
        if noun(TITLE_NOUNS) {
            found.push((colon + 1, 3));
        } else if noun(AD_NOUNS) && next.is_some_and(|c| c.is_uppercase() || "\"„“".contains(c)) {
            found.push((colon + 1, 2));
        }
    }
    found.extend(dash_labels(text, &folded));
    found
}

/// A line that opens with a label and a spaced dash instead of a colon ("Role - Platform
/// Engineer", "Position title – Salesforce Developer") when a name follows it: where the title
/// starts, strength 3.
fn dash_labels(text: &str, folded: &[char]) -> Vec<(usize, u8)> {
    let original: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let mut line_start = 0;
    for line_end in (0..=folded.len()).filter(|&i| i == folded.len() || folded[i] == '\n') {
        let dash = (line_start + 1..line_end.saturating_sub(1)).find(|&i| "-–—".contains(folded[i]) && folded[i - 1] == ' ' && folded[i + 1] == ' ');
        if let Some(dash) = dash {
            let label: String = folded[line_start..dash].iter().collect();
            let words: Vec<&str> = label.split_whitespace().collect();
            let named = words.iter().any(|w| POSITION_NOUNS.contains(w) || TITLE_NOUNS.contains(w));
            let next = original[dash + 1..line_end].iter().find(|c| !c.is_whitespace());
            if named && words.len() <= DASH_LABEL_WORDS && next.is_some_and(|c| c.is_uppercase() || "\"„“".contains(*c)) {
                found.push((dash + 1, 3));
            }
        }
        line_start = line_end + 1;
    }
    found
}

/// The quoted names of `text` (at most [`QUOTED_WORDS`] words) that name a role: the employer
/// quoted the title they want, joiners and brackets and all.
pub fn quoted_roles(text: &str, dictionary: &SkillDictionary) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(open) = (at..chars.len()).find(|&i| "\"„“".contains(chars[i])) {
        let Some(close) = (open + 1..chars.len()).find(|&i| "\"”“".contains(chars[i])) else { break };
        let quoted: String = chars[open + 1..close].iter().collect();
        let quoted = quoted.trim();
        if !quoted.is_empty() && quoted.split_whitespace().count() <= QUOTED_WORDS && !role::spans(quoted, dictionary).is_empty() {
            found.push(quoted.to_string());
        }
        at = close + 1;
    }
    found
}

/// Whether `text` opens with a greeting ("Dzień dobry", "Hi", "Hello team").
pub fn greets(text: &str) -> bool {
    let folded = fold(text.trim());
    GREETINGS.iter().any(|g| folded.strip_prefix(g).is_some_and(|rest| rest.chars().next().is_none_or(|c| !c.is_alphanumeric())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clause_naming_the_title_or_the_ad_before_a_colon_is_a_label() {
        let text = "Dzień dobry. Tytuł ogłoszenia klient chce dokładnie taki: Java Developer";
        assert_eq!(labels(text), vec![(text.chars().position(|c| c == ':').unwrap() + 1, 3)]);
        assert_eq!(labels("W ogłoszeniu: Data Engineer with Azure.").len(), 1);
        assert_eq!(labels("Mamy rolę o dość nietypowej nazwie: \"X Y\"")[0].1, 3);
        // The ad's label needs a name after it; another thing's name is no title.
        assert!(labels("W ogłoszeniu: proszę dodać benefity.").is_empty());
        assert!(labels("Nazwa firmy: Acme").is_empty());
        assert!(labels("Company name: Acme").is_empty());
        assert!(labels("Wymagania: Java, SQL").is_empty());
        // A dash after a label at a line's start is its colon, when a name follows.
        assert_eq!(labels("Role - Platform Engineer (Kubernetes)"), vec![(6, 3)]);
        assert_eq!(labels("Hi!\nPosition title – Salesforce Developer").len(), 1);
        assert!(labels("Java Developer - Role for seniors").is_empty());
        assert!(labels("Role - remote").is_empty());
    }

    #[test]
    fn a_quoted_name_that_names_a_role_is_a_title() {
        let dictionary = SkillDictionary::default();
        assert_eq!(quoted_roles("We'd like to post the \"Fullstack Developer with Java (B2B)\" role", &dictionary), ["Fullstack Developer with Java (B2B)"]);
        assert!(quoted_roles("They call it \"the best team in town\".", &dictionary).is_empty());
    }

    #[test]
    fn greetings_are_recognised() {
        assert!(greets("Dzień dobry"));
        assert!(greets("Hello team, quick one"));
        assert!(!greets("Hiring a Developer"));
    }
}
