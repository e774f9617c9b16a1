//! A job title found by its head noun, the way a reader finds it in running text: a role word
//! ("Developer", "Engineer", "Programista", "Analityk", …, in its Polish case forms too:
//! "Android Developera", "programisty") with the modifiers before it (technology words, a
//! capitalised level, "Full Stack", ".NET") and the title's own words after it (capitalised
//! words, a bracket that is not a remark, "- Mid/Senior"), never the verbs, articles and
//! lowercase remarks around it ("szukam doświadczonego …", "… wanted", "(poziom mid)", ", remote").

use wakat_core::offer_form::SkillDictionary;

use super::position::level_of;
use super::role_words::{is_polish, HEADS, JOINERS, MODIFIERS, NOT_MODIFIERS, REMARKS, REMARK_OPENERS};
use super::text::{fold, sentence_end};

/// The nominative of a role head noun `word` (as typed, trailing marks off), when it is one.
pub fn head(word: &str) -> Option<String> {
    let folded = fold(word);
    HEADS.iter().find_map(|(stem, nominative, endings)| {
        let ending = folded.strip_prefix(stem)?;
        endings.contains(&ending).then(|| {
            let typed: String = word.chars().take(stem.chars().count()).collect();
            format!("{typed}{nominative}")
        })
    })
}

/// A token without the marks around it (quotes, a trailing stop or comma); a leading dot stays
/// (".NET").
fn core(token: &str) -> &str {
    token.trim_start_matches(['"', '„', '“', '\'', '(']).trim_end_matches(['"', '”', '“', '\'', ',', '.', ';', ':', '!', '?', ')'])
}

/// Whether a token ends a phrase: a comma, colon, stop or closing quote after it.
fn closes(token: &str) -> bool {
    token.ends_with([',', ';', ':', '.', '!', '?', '"', '”'])
}

fn capitalised(word: &str) -> bool {
    word.chars().find(|c| c.is_alphabetic()).is_some_and(char::is_uppercase)
}

/// Whether `token` is a title's modifier; `opens` when it is its sentence's first word (where a
/// capital says nothing).
fn modifier(token: &str, opens: bool, dictionary: &SkillDictionary) -> bool {
    let word = core(token);
    let folded = fold(word);
    if word.is_empty() || NOT_MODIFIERS.contains(&folded.as_str()) || !word.chars().any(char::is_alphanumeric) {
        return false;
    }
    let level = folded.split('/').all(|w| level_of(w).is_some());
    if level {
        // "Senior", "Senior/Lead" are the title's own; "senior", "mid/senior" are remarks.
        return capitalised(word);
    }
    let known = MODIFIERS.contains(&folded.as_str()) || head(word).is_some() || dictionary.find(word).is_some();
    let marks = word.chars().any(|c| c.is_ascii_digit() || "#+./".contains(c));
    let inner_capital = word.chars().skip(1).any(char::is_uppercase);
    if capitalised(word) {
        known || marks || inner_capital || !opens
    } else {
        known || (marks && word.chars().any(char::is_alphabetic))
    }
}

/// Whether a bracket's inside is a remark ("(senior)", "(poziom mid)", "(remote, Warsaw-based
/// company)", a long aside) rather than the title's own ("(with Spartacus)", "(Level 5)").
pub fn remark(inside: &str) -> bool {
    let folded = fold(inside);
    let words: Vec<&str> = folded.split(|c: char| c.is_whitespace() || ",/".contains(c)).filter(|w| !w.is_empty()).collect();
    let remarkable = words.iter().any(|w| level_of(w).is_some() || REMARKS.contains(w) || w.ends_with("-based") || w.ends_with("-registered"));
    // "(with MS Dynamics 365 CRM)": a joiner before names is the title's own.
    let tokens: Vec<&str> = inside.split_whitespace().collect();
    let joined = tokens.first().is_some_and(|t| JOINERS.contains(t)) && joined_end(&tokens, 0, None) == Some(tokens.len());
    !capitalised(inside) && !joined && (remarkable || words.len() > 4)
}

/// The title-like spans around the role head nouns of `text`, in order.
pub fn spans(text: &str, dictionary: &SkillDictionary) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let mut start = 0;
    while start < chars.len() {
        let end = sentence_end(&chars, start);
        // A sentence's stop stays on its last word, so a title's last word closes there.
        let sentence: String = chars[start..(end + 1).min(chars.len())].iter().collect();
        found.extend(sentence_spans(&sentence, dictionary));
        start = end + 1;
    }
    found
}

/// The first word (of `sentence`'s words) of each span of one sentence.
pub fn span_starts(sentence: &str, dictionary: &SkillDictionary) -> Vec<usize> {
    indexed_spans(sentence, dictionary).into_iter().map(|(from, _, _)| from).collect()
}

fn sentence_spans(sentence: &str, dictionary: &SkillDictionary) -> Vec<String> {
    indexed_spans(sentence, dictionary).into_iter().map(|(_, _, t)| t).collect()
}

/// Where the first span of `text` that names an English role ends (its word index, exclusive):
/// an English name ends at its last name word, while a Polish one may go on in lowercase
/// ("Specjalista ds. kadr i płac").
pub fn english_span_end(text: &str, dictionary: &SkillDictionary) -> Option<usize> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    indexed_spans(text, dictionary).into_iter().find(|(from, to, _)| tokens[*from..*to].iter().any(|t| english_head(core(t)))).map(|(_, to, _)| to)
}

/// Whether `word` is an English role head noun ("Developer", "Engineera" in a Polish sentence).
fn english_head(word: &str) -> bool {
    let folded = fold(word);
    HEADS.iter().any(|(stem, _, endings)| !is_polish(endings) && folded.strip_prefix(stem).is_some_and(|ending| endings.contains(&ending)))
}

/// The spans of one sentence: first word, end word (exclusive), text.
fn indexed_spans(sentence: &str, dictionary: &SkillDictionary) -> Vec<(usize, usize, String)> {
    let tokens: Vec<&str> = sentence.split_whitespace().collect();
    let mut found: Vec<(usize, usize, String)> = Vec::new();
    let mut depth = 0i32;
    for (i, token) in tokens.iter().enumerate() {
        let inside = depth > 0;
        depth += token.matches('(').count() as i32 - token.matches(')').count() as i32;
        if inside || token.starts_with('(') || head(core(token)).is_none() {
            continue;
        }
        let opens = |j: usize| j == 0 || tokens[j - 1].ends_with(['.', '!', '?']);
        // Left: modifiers, and "&", "+", "/" between two of them.
        let mut from = i;
        while from > 0 {
            let prev = tokens[from - 1];
            if closes(prev) || prev.ends_with(')') {
                break;
            }
            if ["&", "+", "/"].contains(&prev) && from >= 2 && !closes(tokens[from - 2]) && modifier(tokens[from - 2], opens(from - 2), dictionary) {
                from -= 2;
            } else if modifier(prev, opens(from - 1), dictionary) {
                from -= 1;
            } else {
                break;
            }
        }
        let to = right_end(&tokens, i, dictionary);
        // Typed all in lowercase, a level before the name is the name's ("senior java
        // developer"): the case cannot tell it from a remark.
        let lowercase = |t: &&str| !t.chars().any(char::is_uppercase);
        if from > 0 && from < i && tokens[from - 1..to].iter().all(lowercase) && !closes(tokens[from - 1]) && level_of(&fold(tokens[from - 1])).is_some() {
            from -= 1;
        }
        let words: Vec<String> =
            tokens[from..to].iter().map(|t| head(core(t)).filter(|_| !t.starts_with('(')).map_or(t.to_string(), |h| t.replacen(core(t), &h, 1))).collect();
        let text = words.join(" ");
        let text = text.trim_start_matches(|c: char| c.is_whitespace() || "\"'„“".contains(c));
        let text = text.trim_end_matches(|c: char| c.is_whitespace() || ",.;:!?\"'”“".contains(c)).to_string();
        let single = to - from == 1;
        if single && (!capitalised(&text) || text.chars().count() < 5) {
            continue;
        }
        // A title typed all in lowercase is written as a title ("angular developer").
        let text = if text.chars().any(char::is_uppercase) { text } else { title_case(&text) };
        found.retain(|(f, t, _)| !(from <= *f && *t <= to));
        if !found.iter().any(|(f, t, _)| *f <= from && to <= *t) {
            found.push((from, to, text));
        }
    }
    found
}

/// Where the title that ends with the head at `i` ends (exclusive): after its capitalised words,
/// a bracket that is not a remark and a "- Capitalised" part; before anything lowercase.
fn right_end(tokens: &[&str], i: usize, dictionary: &SkillDictionary) -> usize {
    let mut to = i + 1;
    if closes(tokens[i]) {
        return to;
    }
    while to < tokens.len() {
        let token = tokens[to];
        if token.starts_with('(') {
            let close = (to..tokens.len()).find(|&j| tokens[j].contains(')')).unwrap_or(tokens.len() - 1);
            let inside = tokens[to..=close].join(" ");
            let inside = inside.trim_start_matches('(').split(')').next().unwrap_or_default();
            if remark(inside) {
                return to;
            }
            to = close + 1;
            if closes(tokens[close]) {
                return to;
            }
        } else if ["-", "–", "—"].contains(&token) {
            let next = tokens.get(to + 1).map(|t| core(t)).unwrap_or_default();
            if !capitalised(next) || REMARKS.contains(&fold(next).as_str()) {
                return to;
            }
            to += 1;
        } else if JOINERS.contains(&token) {
            match joined_end(tokens, to, Some(dictionary)) {
                Some(end) if closes(tokens[end - 1]) => return end,
                Some(end) => to = end,
                None => return to,
            }
        } else if capitalised(token)
            || token.starts_with('.')
            || token == "ds."
            || (["&", "+", "/"].contains(&token) && tokens.get(to + 1).is_some_and(|t| capitalised(t)))
        {
            to += 1;
            if closes(token) && token != "ds." {
                return to;
            }
        } else {
            return to;
        }
    }
    to
}

/// Where a lowercase joiner's part of the title ends ("Python Developer with Azure", "Engineer
/// for Payments"): the joiner at `at` followed by names (capitalised or technology-like words)
/// that run to the end of the clause, a bracket, a dash or a preposition that opens a remark
/// ("… with Qt in our Katowice office"). Followed by lowercase words ("with Spring experience",
/// "with Java and Kafka", "for a client") the joiner ends the title: `None`. A name of the
/// skills dictionary with a lowercase word inside is one name ("… with Ruby on Rails").
fn joined_end(tokens: &[&str], at: usize, dictionary: Option<&SkillDictionary>) -> Option<usize> {
    let mut end = at + 1;
    let name = |t: &str| capitalised(t) || t.starts_with('.') || t.chars().any(|c| c.is_ascii_digit());
    while end < tokens.len() && !tokens[end].starts_with('(') {
        if name(tokens[end]) {
            end += 1;
        } else if let Some(through) = dictionary.filter(|_| end > at + 1).and_then(|d| dictionary_name_end(tokens, end - 1, d)) {
            end = through;
        } else {
            break;
        }
        if closes(tokens[end - 1]) {
            return Some(end);
        }
    }
    let next = tokens.get(end).map(|t| fold(t));
    let clause_ends = next.as_deref().is_none_or(|n| n.starts_with('(') || ["-", "–", "—"].contains(&n) || REMARK_OPENERS.contains(&n));
    (end > at + 1 && clause_ends).then_some(end)
}

/// Where a dictionary name that starts with the name at `from` and has lowercase words inside
/// ends (exclusive): "Ruby on Rails", "Symfonia Kadry i Płace"; `None` without one.
fn dictionary_name_end(tokens: &[&str], from: usize, dictionary: &SkillDictionary) -> Option<usize> {
    (3..=4).rev().find_map(|length| {
        let words = tokens.get(from..from + length)?;
        let last = core(words[length - 1]);
        let name = words[..length - 1].join(" ") + " " + last;
        (dictionary.find(&name).is_some() && !closes(words[length - 2])).then_some(from + length)
    })
}

/// A title typed in lowercase written as one: every word capitalised but the joiners ("senior
/// java developer with azure" → "Senior Java Developer with Azure").
pub fn title_case(text: &str) -> String {
    text.split(' ')
        .map(|w| {
            if JOINERS.contains(&w) || ["and", "i", "w", "in"].contains(&w) {
                return w.to_string();
            }
            let mut chars = w.chars();
            chars.next().map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The most title-like span of the texts: the longest of the earliest message that has one.
pub fn best(texts: &[&str], dictionary: &SkillDictionary) -> Option<String> {
    texts.iter().find_map(|text| {
        spans(text, dictionary).into_iter().fold(None, |best: Option<String>, span| match best {
            Some(b) if b.split_whitespace().count() >= span.split_whitespace().count() => Some(b),
            _ => Some(span),
        })
    })
}

#[cfg(test)]
#[path = "role_tests.rs"]
mod tests;
