//! The position's title: after a cue ("Stanowisko:", "na stanowisko", "looking for a", "hiring:"),
//! else the span around a role's head noun anywhere in the chat ([`super::role`]), else a first
//! message that is only a name.

use wakat_core::offer_form::SkillDictionary;

use super::position::level_of;
use super::text::{cut, find_words, fold, sentence_end};
use super::title_labels;
use super::{role, role_words};
/// Cues before a title, strongest first: a label beats a phrase.
const TITLE_CUES: &[(&str, u8)] = &[
    ("job title:", 3),
    ("title:", 3),
    ("position:", 3),
    ("stanowisko:", 3),
    ("tytul:", 3),
    ("tytul ogloszenia:", 3),
    ("tytul oferty:", 3),
    ("titled", 3),
    ("pod tytulem", 3),
    ("nazwa stanowiska:", 3),
    ("is called", 2),
    ("nazywa sie", 2),
    ("posting for a", 2),
    ("posting for an", 2),
    ("ad for a", 2),
    ("ad for an", 2),
    ("advertise a", 2),
    ("advertise an", 2),
    ("recruiting a", 2),
    ("recruiting an", 2),
    ("recruiting for a", 2),
    ("recruiting for an", 2),
    ("we're after a", 2),
    ("we're after an", 2),
    ("we are after a", 2),
    ("we are after an", 2),
    ("searching for a", 1),
    ("searching for an", 1),
    ("seeking a", 1),
    ("seeking an", 1),
    ("rola:", 3),
    ("role:", 3),
    ("na stanowisko:", 3),
    ("na stanowisko", 2),
    ("na stanowisku", 2),
    ("opening for a", 2),
    ("opening for an", 2),
    ("opening for", 1),
    ("vacancy for a", 2),
    ("vacancy for an", 2),
    ("vacancy:", 3),
    ("the position of", 2),
    ("the position", 2),
    ("for the role of", 2),
    ("as a", 1),
    ("as an", 1),
    ("hiring:", 2),
    ("we are hiring a", 2),
    ("we are hiring an", 2),
    ("we're hiring a", 2),
    ("we're hiring an", 2),
    ("hiring a", 1),
    ("hiring an", 1),
    ("looking for a", 1),
    ("looking for an", 1),
    ("hire a", 1),
    ("hire an", 1),
    ("need a", 1),
    ("need an", 1),
    ("zespolu:", 2),
    ("rekrutujemy:", 2),
    ("poszukujemy:", 2),
    ("szukamy:", 2),
    ("zatrudnimy", 1),
    ("poszukujemy", 1),
    ("szukamy", 1),
    ("potrzebujemy", 1),
    // The first person singular of a founder or a recruiter ("szukam senior java developera").
    ("szukam", 1),
    ("poszukuje", 1),
    ("zatrudnie", 1),
    ("potrzebuje", 1),
    ("rekrutujemy na", 1),
];
/// Where a title stops ("… to join our team", "… do naszego zespołu").
const TITLE_ENDS: &[&str] = &[
    " to join",
    " to our",
    " to work",
    " for a ",
    " for an ",
    " for the ",
    " in ",
    " do ",
    " w ",
    " we ",
    " who ",
    " which ",
    " for our ",
    " in our ",
    " do naszego",
    " do naszej",
    " do zespolu",
    " w naszym",
    " w naszej",
    " - poziom",
    " na poziomie",
    " z doswiadczeniem",
    " with experience",
    " position",
    " role",
    ", seniority",
    ", poziom",
];
/// A phrase cue followed by these is about someone, not a title ("szukamy kogoś na poziomie…").
const NOT_TITLES: &[&str] = &[
    "seniora ",
    "juniora ",
    "regulara ",
    "mida ",
    "doswiadczon",
    "kogos",
    "osoby",
    "osob",
    "someone",
    "somebody",
    "a person",
    "person",
    "people",
    "candidate",
    "kandydata",
    "kandydatow",
    "ludzi",
    "do zespolu",
    "new",
];

/// Lowercase words that open a remark after an English role's name.
const TAIL_OPENERS: &[&str] = &[
    "in",
    "at",
    "on",
    "to",
    "for",
    "from",
    "with",
    "of",
    "who",
    "that",
    "which",
    "based",
    "asap",
    "starting",
    "urgently",
    "immediately",
    "ideally",
    "preferably",
    "dla",
    "od",
    "w",
    "we",
    "do",
    "na",
    "z",
    "ze",
];

/// First words (folded) of what follows a cue when it is a clause about the position, not its
/// name ("the position is fully remote", "the role will be hybrid", "stanowisko jest zdalne").
const CLAUSE_OPENERS: &[&str] = &[
    "is", "are", "will", "would", "can", "could", "should", "may", "must", "has", "have", "requires", "involves", "includes", "offers", "pays", "jest",
    "bedzie", "wymaga", "obejmuje",
];

/// The title the texts give: a label's ("Stanowisko: …", a quoted name), a phrase cue's that
/// names a role (the strongest cue, the latest of equals; a later restatement of the role beats
/// both: [`cued`]), a first message that is only a name,
/// the span around a role's head noun anywhere ([`role::best`]), a phrase cue's without one.
pub fn title(texts: &[&str], dictionary: &SkillDictionary) -> Option<String> {
    let best = cued(texts, dictionary);
    let names_a_role = |t: &str| !role::spans(t, dictionary).is_empty();
    if let Some((strength, title)) = &best {
        if *strength >= 2 || names_a_role(title) {
            return Some(title.clone());
        }
    }
    // A first line without a role gives way to a role named later, unless it is written as a
    // name ("Communication Support to the IAM MFA project").
    let line = first_line(texts, dictionary);
    line.clone().filter(|l| names_a_role(l) || name_like(l)).or_else(|| role::best(texts, dictionary)).or(best.map(|(_, t)| t)).or(line)
}

/// The longest first line taken as a title when it is written as a name.
const NAME_LINE_WORDS: usize = 10;

/// Whether a line is written as a name: two capitalised words at least, and at least half of its
/// words (the joiners and articles aside) capitalised.
fn name_like(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().filter(|w| w.chars().next().is_some_and(char::is_alphanumeric)).collect();
    let capitalised = words.iter().filter(|w| w.chars().next().is_some_and(char::is_uppercase)).count();
    let small = words.iter().filter(|w| LEADING.contains(w) || ["to", "and", "with", "i", "z", "w", "dla"].contains(w)).count();
    capitalised >= 2 && capitalised * 2 >= words.len() - small
}

/// The title after the strongest cue, with its strength.
///
/// Across messages the employer's latest word wins: a later message that states a hire of a role
/// and nothing else ("sorry, we need a senior java developer"), or is only a role's name (the
/// answer to "what is the position called?"), replaces what an earlier one said, whatever their
/// cues; otherwise the stronger cue does.
fn cued(texts: &[&str], dictionary: &SkillDictionary) -> Option<(u8, String)> {
    let mut best: Option<(u8, String)> = None;
    for (i, text) in texts.iter().enumerate() {
        // A later message that is only a role's name answers "what is the position called?".
        let whole = clean_title(text.trim().trim_end_matches(['.', '!']));
        let named = (i > 0 && !text.trim().contains('\n') && is_role(&whole, dictionary)).then(|| (1, refined(&whole, dictionary), true));
        let Some((strength, title, hires)) = named.or_else(|| cued_in(text, dictionary)) else { continue };
        let restated = hires && is_role(&title, dictionary);
        if restated || best.as_ref().is_none_or(|(s, _)| strength >= *s) {
            best = Some((strength, title));
        }
    }
    best
}

/// Cues that say what someone has been ("3 years as a Java Developer"), not who is hired: they
/// never replace a title an earlier message gave.
const EXPERIENCE_CUES: &[&str] = &["as a", "as an"];

/// Whether `title` is a role's name and nothing more: one span around a role's head that covers
/// it all ("Senior Java Developer", not "Docker and Kubernetes expert").
fn is_role(title: &str, dictionary: &SkillDictionary) -> bool {
    let folded = fold(title);
    role::spans(title, dictionary).iter().any(|span| fold(span) == folded)
}

/// The title after the strongest cue of one message: its strength, the title, and whether the
/// cue states a hire (not [`EXPERIENCE_CUES`]).
fn cued_in(text: &str, dictionary: &SkillDictionary) -> Option<(u8, String, bool)> {
    let mut best: Option<(u8, String, bool)> = None;
    let folded: Vec<char> = fold(text).chars().collect();
    let original: Vec<char> = text.chars().collect();
    // A quoted name that names a role is the title the employer wants, whatever leads to it.
    for quoted in title_labels::quoted_roles(text, dictionary) {
        if best.as_ref().is_none_or(|(s, _, _)| 3 >= *s) {
            best = Some((3, quoted, true));
        }
    }
    let phrases = TITLE_CUES
        .iter()
        .flat_map(|(cue, strength)| find_words(&folded, cue).into_iter().map(move |at| (at + cue.chars().count(), *strength, !EXPERIENCE_CUES.contains(cue))));
    let labels = title_labels::labels(text).into_iter().map(|(at, strength)| (at, strength, true));
    let starts: Vec<(usize, u8, bool)> = phrases.chain(labels).collect();
    for (mut start, strength, hires) in starts {
        let mut end = sentence_end(&folded, start);
        // A quoted title ends at its closing quote (dots and all).
        let first = (start..folded.len()).find(|&i| !folded[i].is_whitespace());
        if let Some(open) = first.filter(|&i| "\"„“'".contains(folded[i])) {
            if let Some(close) = (open + 1..folded.len()).find(|&i| "\"”“'".contains(folded[i])) {
                let quoted = clean_title(&cut(&original, open + 1, close));
                if !quoted.is_empty() && best.as_ref().is_none_or(|(s, _, _)| 3 >= *s) {
                    best = Some((3, quoted, hires));
                }
                continue;
            }
        }
        if strength < 3 {
            end = end.min(annotation_start(&original, start, end));
        }
        start = start.min(end);
        let rest: String = folded[start..end].iter().collect();
        for stop in TITLE_ENDS {
            if let Some(byte) = rest.find(stop) {
                end = end.min(start + rest[..byte].chars().count());
            }
        }
        let mut candidate = clean_title(&cut(&original, start, end));
        let folded_candidate = fold(&candidate);
        let only_level = level_of(folded_candidate.trim_end_matches('.')).is_some();
        let clause = folded_candidate.split_whitespace().next().is_some_and(|w| CLAUSE_OPENERS.contains(&w));
        if candidate.is_empty()
            || only_level
            || clause
            || candidate.split_whitespace().count() > 12
            || NOT_TITLES.iter().any(|w| folded_candidate.starts_with(w))
        {
            continue;
        }
        if strength < 3 {
            candidate = refined(&candidate, dictionary);
        }
        if best.as_ref().is_none_or(|(s, _, _)| strength >= *s) {
            best = Some((strength, candidate, hires));
        }
    }
    best
}

/// A first message that is only a name ("Senior Java Developer", "PHP Tech Lead - senior"),
/// without its remarks.
fn first_line(texts: &[&str], dictionary: &SkillDictionary) -> Option<String> {
    let first = texts.first()?.trim();
    let words = first.split_whitespace().count();
    let short = !first.contains('\n') && (words <= 6 || (words <= NAME_LINE_WORDS && name_like(first))) && !first.contains(['.', '?', '!', ',']);
    if !short || first.is_empty() || title_labels::greets(first) {
        return None;
    }
    let chars: Vec<char> = first.chars().collect();
    // A name without a role is taken whole ("… Support to the IAM MFA project").
    let whole = name_like(first) && role::spans(first, dictionary).is_empty();
    let end = if whole { chars.len() } else { annotation_start(&chars, 0, chars.len()) };
    let title = refined(&clean_title(&cut(&chars, 0, end)), dictionary);
    (!title.is_empty()).then_some(title)
}

/// The most title-like words of a chat that named no title, for a draft asked for anyway: a
/// short quoted name, else the first message's first clause when it is short.
pub fn guess(texts: &[&str]) -> Option<String> {
    let short = |t: &str, words: usize| !t.is_empty() && t.split_whitespace().count() <= words && !title_labels::greets(t);
    for text in texts {
        let chars: Vec<char> = text.chars().collect();
        for (open, _) in chars.iter().enumerate().filter(|(_, c)| "\"„“".contains(**c)) {
            if let Some(close) = (open + 1..chars.len()).find(|&i| "\"”“".contains(chars[i])) {
                let quoted = clean_title(&cut(&chars, open + 1, close));
                if short(&quoted, 10) {
                    return Some(quoted);
                }
            }
        }
    }
    let first = texts.first()?.split(['\n', ',', ';', '(', '.', '!', '?', '–', '—']).next()?;
    let clause = clean_title(first);
    short(&clause, 6).then_some(clause)
}

/// A phrase cue's title without what leads up to its role ("juniora: Junior Fullstack
/// Developer"), a lowercase level or remark around it and a Polish case ending.
fn refined(candidate: &str, dictionary: &SkillDictionary) -> String {
    let tokens: Vec<&str> = candidate.split_whitespace().collect();
    let lead = role::span_starts(candidate, dictionary).into_iter().find(|&from| from > 0 && tokens[from - 1].ends_with([':', ',', ';']));
    let mut candidate = lead.map_or(candidate.to_string(), |from| tokens[from..].join(" "));
    // After an English role's name, a preposition or adverb opens the employer's remark ("DevOps
    // Engineer asap", "… based in Warsaw", "… at senior level", "… on behalf of our client",
    // "AWS Engineer dla klienta z Łodzi"); other lowercase words may be the title's own ("…
    // part/full time"), and a joiner before names goes on ("… with English and Polish").
    if let Some(end) = role::english_span_end(&candidate, dictionary) {
        let words: Vec<&str> = candidate.split_whitespace().collect();
        let joins_names = words.get(end + 1).is_some_and(|w| w.chars().next().is_some_and(char::is_uppercase));
        // A remark bracket after the name ends it as well ("Cloud Engineer (remote) asap").
        let rest = words.get(end..).map(|rest| rest.join(" ")).unwrap_or_default();
        let bracket = rest.strip_prefix('(').and_then(|inside| inside.split_once(')')).is_some_and(|(inside, _)| role::remark(inside));
        if bracket || words.get(end).is_some_and(|w| TAIL_OPENERS.contains(w) && !(role_words::JOINERS.contains(w) && joins_names)) {
            candidate = words[..end].join(" ");
        }
    }
    let candidate = without_remark_bracket(&candidate);
    // Typed all in lowercase ("we need a senior java developer"), the level is as much the
    // name's as the rest: the case says nothing, so nothing is taken off but the remarks.
    if !candidate.chars().any(char::is_uppercase) && !role::spans(&candidate, dictionary).is_empty() {
        return nominative_title(&role::title_case(&candidate));
    }
    nominative_title(&without_lowercase_level(&candidate))
}

/// Where a phrase cue's title gives way to a lowercase remark: a comma or dash before a
/// lowercase word ("Senior Data Scientist, fully remote", "Android Developer – mid level"), or
/// " to " before a verb ("… Manager to lead two teams"). Capitalised, it is the title's own
/// ("Senior Fullstack Engineer (.Net/React/AWS) - Hybrid, Tricity").
fn annotation_start(original: &[char], start: usize, end: usize) -> usize {
    let lower_after = |i: usize| original[i..end].iter().find(|c| !c.is_whitespace()).is_some_and(|c| c.is_lowercase());
    // After a comma a number is a remark too ("…, 100% remote", "…, 3+ years of experience").
    let remark_after_comma = |i: usize| lower_after(i) || original[i..end].iter().find(|c| !c.is_whitespace()).is_some_and(char::is_ascii_digit);
    // After a dash only a level or the workplace is a remark ("- part time/full time" is not).
    let remark_after = |i: usize| {
        let next: String = original[i..end].iter().skip_while(|c| c.is_whitespace()).take_while(|c| c.is_alphanumeric() || **c == '%').collect();
        lower_after(i)
            && (level_of(&fold(&next)).is_some() || ["remote", "hybrid", "fully", "100%", "zdalnie", "hybrydowo", "praca"].contains(&fold(&next).as_str()))
    };
    let mut depth = 0i32;
    for i in start..end {
        match original[i] {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth <= 0 && remark_after_comma(i + 1) => return i,
            '–' | '—' | '-' if depth <= 0 && i > start && original[i - 1] == ' ' && original.get(i + 1) == Some(&' ') && remark_after(i + 1) => return i,
            't' if depth <= 0 && original[i - 1] == ' ' && original[i..].starts_with(&['t', 'o', ' ']) && lower_after(i + 3) => return i,
            _ => {}
        }
    }
    end
}

/// Without a lowercase remark in a closing bracket ("React Native Developer (mid)"); a
/// capitalised one is part of the title ("Node.js Developer (Mid/Senior)").
fn without_remark_bracket(title: &str) -> String {
    let t = title.trim();
    if let (Some(open), true) = (t.rfind('('), t.ends_with(')')) {
        let inside = &t[open + 1..t.len() - 1];
        let levels = inside.split(['/', ' ', ',', '-']).filter(|w| !w.is_empty()).all(|w| level_of(w).is_some() || w == "level");
        if inside.chars().next().is_some_and(char::is_lowercase) && (levels || role::remark(inside)) {
            return t[..open].trim().to_string();
        }
    }
    t.to_string()
}

/// Without a lowercase seniority the employer put before the name ("senior Scala Engineer").
fn without_lowercase_level(title: &str) -> String {
    let mut t = title.trim().to_string();
    if let Some((first, rest)) = t.split_once(' ') {
        if first.chars().next().is_some_and(char::is_lowercase) && level_of(first).is_some() {
            t = rest.trim().to_string();
        }
    }
    t
}

/// The title's last word back in the nominative when a Polish sentence declined an English name
/// ("szukamy Senior Java Developera", "Engineering Managera", "Agile Coacha").
fn nominative_title(title: &str) -> String {
    let Some((head, last)) = title.rsplit_once(' ').or(Some(("", title))) else { return title.to_string() };
    let stem = last.strip_suffix('a').unwrap_or(last);
    let english_noun = ["er", "or", "ect", "ch", "ad", "ant", "ist"].iter().any(|e| stem.ends_with(e)) && stem.chars().count() >= 4;
    if stem.len() == last.len() || !english_noun || !stem.is_ascii() {
        return title.to_string();
    }
    if head.is_empty() {
        stem.to_string()
    } else {
        format!("{head} {stem}")
    }
}

/// Lowercase words that lead up to a title and are never its first word ("the position of C++
/// Developer", "na stanowisko do …").
const LEADING: &[&str] = &["a", "an", "the", "of", "na", "do", "for", "as"];

fn clean_title(raw: &str) -> String {
    let mut t = raw.trim().trim_matches(|c: char| c.is_whitespace() || ":;,-–\"'„”“".contains(c)).trim();
    while let Some(rest) = t.split_once(' ').filter(|(first, _)| LEADING.contains(first)).map(|(_, rest)| rest.trim_start()) {
        t = rest;
    }
    t.trim().to_string()
}

#[cfg(test)]
#[path = "title_tests.rs"]
mod tests;
