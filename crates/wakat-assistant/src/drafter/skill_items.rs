//! Skills inside running sentences ("Backend in Java with Spring and Hibernate, some NoSQL
//! storage", "front w Angularze i czystym HTML, do tego SQL"): an item that reads as prose is cut
//! at its glue words into segments, and a segment counts when the dictionary knows it (in a
//! Polish case form too: "Pythona", "w Javie", "Angularze") or when it is written as a name (a
//! capital inside the sentence, a digit or `#+./`: "NgRx", "Microsoft AD", "CI/CD"); the ordinary
//! words around a name ("Deep ServiceNow knowledge", "ABAC policies") are left out.

use wakat_core::offer_form::SkillDictionary;

use super::languages::is_language_item;
use super::text::fold;

/// Words that glue skills into a sentence and are never part of a skill's name (folded).
const GLUE: &[&str] = &[
    "the",
    "a",
    "an",
    "some",
    "with",
    "on",
    "in",
    "for",
    "from",
    "via",
    "over",
    "through",
    "using",
    "and",
    "or",
    "plus",
    "also",
    "too",
    "both",
    "mostly",
    "mainly",
    "lots",
    "lot",
    "quite",
    "bit",
    "especially",
    "including",
    "like",
    "such",
    "as",
    "so",
    "then",
    "is",
    "are",
    "be",
    "must",
    "should",
    "has",
    "have",
    "it's",
    "its",
    "our",
    "their",
    "they",
    "we",
    "good",
    "strong",
    "solid",
    "deep",
    "general",
    "hands-on",
    "to",
    "of",
    "i",
    "oraz",
    "lub",
    "albo",
    "z",
    "ze",
    "w",
    "we",
    "na",
    "do",
    "dla",
    "przez",
    "po",
    "troche",
    "tez",
    "takze",
    "glownie",
    "duzo",
    "ogolnie",
    "czysty",
    "czystym",
    "jako",
    "np",
    "tego",
    "oraz",
    "bardzo",
    "dobra",
    "dobry",
    "dobrze",
    "podstawa",
    "jest",
    "sa",
    "czesciowo",
    "wylacznie",
    "everything",
    "experience",
    "knowledge",
    "understanding",
    "znajomosc",
    "znajomosci",
    "doswiadczenie",
    "doswiadczenia",
    "praktyka",
    "praktyki",
    "umiejetnosc",
];
/// Names that are not skills though written like one (folded).
const NOT_SKILLS: &[&str] = &[
    "b2b", "uop", "uz", "uod", "pln", "zl", "eur", "usd", "vat", "k", "hq", "fte", "ok", "hi", "hej", "hello", "czesc", "senior", "mid", "junior", "regular",
    "lead", "remote", "hybrid", "office", "it", "api",
];
/// Of `NOT_SKILLS`, the ones that start or end a compound name ("API Testing", "ASP.NET Web
/// API", "Microsoft Office").
const COMPOUND_ONLY: &[&str] = &["api", "it", "office"];
/// Dictionary skills that are ordinary words too: they count only written as the dictionary
/// writes them and not as a sentence's first word ("written in Go", never "Go ahead").
const AMBIGUOUS: &[&str] = &[
    "go",
    "c",
    "r",
    "can",
    "jest",
    "word",
    "spark",
    "swift",
    "unity",
    "lambda",
    "helm",
    "ruby",
    "dart",
    "testing",
    "architecture",
    "karma",
    "boost",
    "arm",
    "miro",
];
/// Polish case endings of a skill's name and what gives back the name (`Pythona`, `Javie`,
/// `Angularze`, `Kafki`, `JavaScriptu`, `Dockerem`).
const ENDINGS: &[(&str, &str)] =
    &[("a", ""), ("u", ""), ("em", ""), ("ie", "a"), ("ie", ""), ("ze", ""), ("y", "a"), ("i", "a"), ("ki", "ka"), ("e", "a"), ("ę", "a")];

/// Lowercase words that say what is done with a skill, never part of its name ("Bash scripting",
/// "RAG pipelines", "Python obviously").
const CONTEXT: &[&str] = &[
    "scripting",
    "scripts",
    "script",
    "pipelines",
    "pipeline",
    "programming",
    "development",
    "coding",
    "framework",
    "frameworks",
    "skills",
    "skill",
    "knowledge",
    "experience",
    "expertise",
    "proficiency",
    "environment",
    "environments",
    "ecosystem",
    "basics",
    "tooling",
    "tools",
    "obviously",
    "too",
    "also",
    "preferably",
    "ideally",
    "required",
    "mandatory",
    "a must",
    "skrypty",
    "skryptow",
    "srodowisko",
    "srodowiska",
    "programowanie",
    "oczywiscie",
    "tez",
    "rowniez",
    "takze",
    "obowiazkowo",
    "koniecznie",
];

/// An item without the lowercase words around its name: before a capitalised name ("środowiska
/// Linux / Unix", "administracja Microsoft 365", "know Relational Databases") and, after a
/// dictionary name, the words of `CONTEXT` ("Bash scripting" → Bash); `None` when nothing is
/// left out.
pub fn without_context(item: &str, dictionary: &SkillDictionary) -> Option<String> {
    let tokens: Vec<&str> = item.split_whitespace().collect();
    let lead = tokens.iter().take_while(|t| t.chars().all(|c| c.is_lowercase() || c == '-')).count();
    if lead > 0 && lead < tokens.len() && name_like(tokens[lead], false) {
        let rest = tokens[lead..].join(" ");
        return Some(dictionary_name(&rest, dictionary).unwrap_or(rest));
    }
    let tail = tokens.iter().rev().take_while(|t| !t.chars().any(char::is_uppercase) && CONTEXT.contains(&fold(t).as_str())).count();
    if tail > 0 && tail < tokens.len() {
        return dictionary_name(&tokens[..tokens.len() - tail].join(" "), dictionary);
    }
    None
}

/// The halves of `a / b` or `a + b` when each is a dictionary skill and the whole is not
/// (".NET + Angular", "C# / .NET Core"; "Linux / Unix" stays whole).
pub fn known_halves(item: &str, dictionary: &SkillDictionary) -> Option<Vec<String>> {
    if dictionary.find(item).is_some() {
        return None;
    }
    let parts: Vec<&str> = item.split(" / ").flat_map(|p| p.split(" + ")).collect();
    let names: Vec<String> = parts.iter().filter_map(|p| dictionary_name(p, dictionary)).collect();
    (parts.len() > 1 && names.len() == parts.len()).then_some(names)
}

/// A dictionary skill `word` names, as typed or in a Polish case form.
pub fn dictionary_name(word: &str, dictionary: &SkillDictionary) -> Option<String> {
    let trimmed = word.trim();
    if let Some(entry) = dictionary.find(trimmed) {
        return Some(entry.name.clone());
    }
    // A case form only of a name typed as one: "Pythona", "w Javie", never "rekrutację".
    if trimmed.contains(' ') || trimmed.chars().count() < 4 || !trimmed.chars().next().is_some_and(char::is_uppercase) {
        return None;
    }
    ENDINGS.iter().find_map(|(ending, with)| {
        let stem = trimmed.strip_suffix(ending)?;
        (stem.chars().count() >= 2).then(|| dictionary.find(&format!("{stem}{with}"))).flatten().map(|e| e.name.clone())
    })
}

/// Whether `token` (as typed) is an ambiguous dictionary word used as a skill.
fn ambiguous_ok(token: &str, entry_name: &str, first: bool) -> bool {
    !AMBIGUOUS.contains(&fold(entry_name).as_str()) || (token == entry_name && !first)
}

/// Whether a word is written as a name: a capital (not the sentence's first letter), a digit or
/// one of `#+./`; never a contraction ("I'd", "It's").
fn name_like(word: &str, first: bool) -> bool {
    if word.contains(['\'', '’']) {
        return false;
    }
    let mut chars = word.chars();
    let head = chars.next();
    let marks = word.chars().any(|c| c.is_ascii_digit() || "#+./".contains(c));
    marks || chars.any(char::is_uppercase) || (!first && head.is_some_and(char::is_uppercase))
}

/// Whether an item reads as prose rather than as a name: a glue word or more than four words.
pub fn is_prose(item: &str) -> bool {
    let words: Vec<&str> = item.split_whitespace().collect();
    words.len() > 4 || words.iter().enumerate().any(|(i, w)| glue(w, i == 0) && !["and", "i", "oraz", "&"].contains(&fold(w).as_str()))
}

/// Whether `token` (as typed) is a glue word: one of [`GLUE`], lowercase or opening its item (a
/// capitalised "Knowledge" inside "IT Security Knowledge" is the name's own).
fn glue(token: &str, opens: bool) -> bool {
    GLUE.contains(&fold(token).as_str()) && (opens || !token.chars().next().is_some_and(char::is_uppercase))
}

/// The skills of one prose item; `first` when the item opens its sentence.
pub fn from_prose(item: &str, dictionary: &SkillDictionary, first: bool) -> Vec<String> {
    let mut found = Vec::new();
    // Segments: runs of words between glue words, dashes, pluses and brackets.
    let mut segment: Vec<(String, bool)> = Vec::new();
    let mut at_start = first;
    // Commas, semicolons and brackets end a segment as glue words do.
    let item = item.replace([',', ';', '(', ')', '[', ']'], " – ");
    let tokens = item.split(|c: char| c.is_whitespace() || "„”\"".contains(c)).filter(|t| !t.is_empty());
    for (i, raw) in tokens.chain(std::iter::once("–")).enumerate() {
        // A leading dot stays (".NET"), a trailing one ends a sentence.
        let token = raw.trim_end_matches(|c: char| ",;:!?–—.".contains(c)).trim_start_matches(|c: char| ",;:!?–—".contains(c));
        let glue = token.is_empty() || glue(token, i == 0 || segment.is_empty()) || token == "+" || token == "-" || token == "&";
        if glue {
            found.extend(segment_skills(&segment, dictionary));
            segment.clear();
        } else {
            segment.push((token.to_string(), at_start));
        }
        if !raw.is_empty() {
            at_start = false;
        }
    }
    found
}

/// The skills one segment names: the whole of it when the dictionary knows it, else its names
/// (the ordinary words at its edges left out), else the dictionary's skills inside it.
fn segment_skills(segment: &[(String, bool)], dictionary: &SkillDictionary) -> Vec<String> {
    if segment.is_empty() {
        return Vec::new();
    }
    let whole: String = segment.iter().map(|(w, _)| w.as_str()).collect::<Vec<_>>().join(" ");
    if let Some(name) = dictionary_name(&whole, dictionary) {
        return known_word(&whole, segment[0].1, dictionary).map_or(Vec::new(), |_| vec![name]);
    }
    if let Some(names) = known_halves(&whole, dictionary) {
        return names;
    }
    // Each run of names is one skill ("Python building ETL" names two).
    let named = |(w, first): &(String, bool)| name_like(w, *first) && !NOT_SKILLS.contains(&fold(w).as_str());
    // "API", "IT" name a skill only with the name after them ("API Testing", "IT Security").
    let compound = |i: usize| COMPOUND_ONLY.contains(&fold(&segment[i].0).as_str()) && segment.get(i + 1).is_some_and(named);
    let mut runs: Vec<Vec<&str>> = Vec::new();
    let mut run: Vec<&str> = Vec::new();
    for (i, word) in segment.iter().enumerate() {
        // A number goes with the name before it ("Microsoft 365"), never alone ("33,600").
        let number = !word.0.chars().any(char::is_alphabetic) && word.0.chars().any(|c| c.is_ascii_digit());
        let ends_compound = !run.is_empty() && COMPOUND_ONLY.contains(&fold(&word.0).as_str()) && name_like(&word.0, false);
        if (number && !run.is_empty()) || (!number && (named(word) || compound(i) || ends_compound)) {
            run.push(&word.0);
        } else if !run.is_empty() {
            runs.push(std::mem::take(&mut run));
        }
    }
    if !run.is_empty() {
        runs.push(run);
    }
    if !runs.is_empty() {
        let names = runs.into_iter().map(|run| run.join(" ")).filter(|name| !is_language_item(name));
        return names.map(|name| dictionary_name(&name, dictionary).unwrap_or(name)).collect();
    }
    segment.iter().filter_map(|(w, first)| known_word(w, *first, dictionary).filter(|name| !is_language_item(name))).collect()
}

/// The dictionary skill `word` names where it stands (`first`: its sentence's first word): an
/// ambiguous word only as the dictionary writes it and not first, and a case form's capital says
/// nothing at a sentence's start ("Siema, …" is no "SIEM").
fn known_word(word: &str, first: bool, dictionary: &SkillDictionary) -> Option<String> {
    let name = dictionary_name(word, dictionary)?;
    let case_form_first = first && dictionary.find(word.trim()).is_none();
    (ambiguous_ok(word, &name, first) && !case_form_first).then_some(name)
}

/// The skills of a sentence that is only a list of names ("apache, oracle weblogic, linux,
/// kubernetes, elk stack", "Microsoft Office, Jira, Confluence, Agile, Scrum"): no label (colon),
/// at least [`BARE_LIST_ITEMS`] items (commas and conjunctions) of at most three words, none of
/// them prose, a number or a term ("B2B", "remote"), at least two of them and a third of them
/// dictionary skills; each item as the dictionary names it, else as typed.
pub fn bare_list(sentence: &str, dictionary: &SkillDictionary) -> Option<Vec<String>> {
    let sentence = sentence.trim().trim_end_matches(['.', '!']);
    if sentence.contains(':') {
        return None;
    }
    let items: Vec<&str> = sentence
        .split([',', ';'])
        .flat_map(|item| item.split(" and ").flat_map(|i| i.split(" i ")).flat_map(|i| i.split(" oraz ")).flat_map(|i| i.split(" & ")))
        .map(str::trim)
        .collect();
    let plain = |item: &str| {
        let words: Vec<&str> = item.split_whitespace().collect();
        let term = |w: &str| NOT_SKILLS.contains(&fold(w).as_str()) && (words.len() == 1 || !COMPOUND_ONLY.contains(&fold(w).as_str()));
        !words.is_empty()
            && words.len() <= 3
            && !is_prose(item)
            && !is_language_item(item)
            && words.iter().all(|w| w.chars().any(char::is_alphabetic) && !term(w))
    };
    let known = items.iter().filter(|item| dictionary_name(item, dictionary).is_some()).count();
    if items.len() < BARE_LIST_ITEMS || !items.iter().all(|item| plain(item)) || known < 2 || known * 3 < items.len() {
        return None;
    }
    Some(items.iter().map(|item| dictionary_name(item, dictionary).unwrap_or_else(|| item.to_string())).collect())
}

/// The fewest items of a bare list of skills.
const BARE_LIST_ITEMS: usize = 3;

/// Whether a sentence names a dictionary skill (so its other names are skills too). Its first
/// word alone counts only as a list's first item ("Snowflake, SQL"): "Rekrutacja w pełni
/// zdalna" opens with a dictionary word and names no skill.
pub fn names_a_skill(sentence: &str, dictionary: &SkillDictionary) -> bool {
    let trimmed = sentence.trim_start();
    let (head, rest) = trimmed.split_once(char::is_whitespace).unwrap_or((trimmed, ""));
    // "Azure/GCP" is known when each half is.
    let known_name = |name: &str| dictionary.find(name).is_some() || (name.contains('/') && name.split('/').all(|half| dictionary.find(half).is_some()));
    let known = |text: &str, first: bool| from_prose(text, dictionary, first).iter().any(|name| known_name(name));
    let listed = head.ends_with([',', ';']) && known(head, false);
    // "Python obviously.", "Docker też.": a name and what is said of it.
    let remarked = !rest.is_empty() && rest.split_whitespace().all(|w| CONTEXT.contains(&fold(w.trim_end_matches(['.', '!'])).as_str()));
    listed || known(rest, false) || ((rest.is_empty() || remarked) && known(head, false))
}

#[cfg(test)]
#[path = "skill_items_tests.rs"]
mod tests;
