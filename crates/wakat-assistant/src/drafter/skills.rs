//! Skills: the lists an employer gives after "Wymagamy:", "Tech stack:", "Mile widziane:", "… would
//! be a plus", named as in the skills dictionary when it knows them and as typed otherwise; with
//! no list at all, the dictionary's skills named anywhere in the text.

use wakat_core::offer_form::SkillDictionary;

use super::languages::is_language_item;
use super::skill_items::{bare_list, dictionary_name, from_prose, is_prose, known_halves, names_a_skill, without_context};
use super::text::{cut, find_words, fold, sentence_end, sentence_start};
use super::title_labels::greets;

/// A skill the employer named.
#[derive(Debug, Clone, PartialEq)]
pub struct NamedSkill {
    /// As the dictionary names it, or as typed.
    pub name: String,
    /// 1 to 5 when the employer said how well ("Java (advanced)").
    pub level: Option<u8>,
}

/// Required and nice-to-have skills.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Skills {
    /// Must-haves.
    pub required: Vec<NamedSkill>,
    /// Nice-to-haves.
    pub nice: Vec<NamedSkill>,
}

/// Words that open a list of required skills.
const REQUIRED_CUES: &[&str] = &[
    "must-haves:",
    "must haves:",
    "must-have:",
    "must have:",
    "tech stack:",
    "tech stack is",
    "stack:",
    "required skills:",
    "requirements:",
    "skills:",
    "should know",
    "experience with",
    "experience in",
    "knowledge of",
    "we use",
    "technologies:",
    "wymagamy:",
    "wymagamy",
    "stos technologiczny:",
    "powinien znac:",
    "powinien znac",
    "powinna znac",
    "niezbedna znajomosc:",
    "niezbedna znajomosc",
    "znajomosc:",
    "wymagane umiejetnosci:",
    "wymagania:",
    "technologie:",
    "doswiadczenie z",
    "doswiadczenie w",
    "znajomosc",
    "musisz znac",
    "musi znac",
    "must know",
    "need to know",
    "key skills:",
    "key requirement:",
    "requirement:",
    "umiejetnosci:",
    "kompetencje:",
    "kompetencje to",
];
/// Words that open a list of nice-to-haves.
const NICE_CUES: &[&str] = &[
    "nice to have:",
    "nice-to-have:",
    "nice to have",
    "bonus points for",
    "mile widziane:",
    "mile widziana:",
    "mile widziane",
    "mile widziana",
    "dodatkowym atutem bedzie",
    "dodatkowym atutem beda",
    "dodatkowym atutem",
    "atutem bedzie",
    "plusem bedzie",
    "plusem beda",
    "bonus:",
];
/// Words that close a list of nice-to-haves ("Docker would be a plus").
const NICE_AFTER: &[&str] =
    &["would be a plus", "will be a plus", "is a plus", "are a plus", "as a plus", "a plus", "bedzie atutem", "beda atutem", "mile widziane", "mile widziana"];
/// A skill's level, said next to it.
const LEVELS: &[(&str, u8)] = &[
    ("basic", 2),
    ("podstawy", 2),
    ("podstawowa", 2),
    ("junior", 2),
    ("regular", 3),
    ("good", 3),
    ("dobra", 3),
    ("advanced", 4),
    ("zaawansowana", 4),
    ("zaawansowany", 4),
    ("strong", 4),
    ("expert", 5),
    ("ekspert", 5),
    ("master", 5),
    ("ekspercka", 5),
];

/// Finds the skills of the employer's messages: the lists after a cue, then every other sentence
/// that names a dictionary skill (its other names count too); `skip` is left out (the title).
pub fn extract(texts: &[&str], dictionary: &SkillDictionary, skip: &[String]) -> Skills {
    let mut skills = Skills::default();
    for text in texts {
        let folded: Vec<char> = fold(text).chars().collect();
        let mut original: Vec<char> = text.chars().collect();
        for phrase in skip {
            for at in find_words(&folded, &fold(phrase)) {
                original[at..at + phrase.chars().count()].fill(' ');
            }
        }
        let mut taken: Vec<(usize, usize)> = Vec::new();
        // Where each list starts: a requirement's label first, then the fixed cues.
        let mut lists: Vec<(usize, usize, bool)> = requirement_labels(&folded).into_iter().map(|(at, start)| (at, start, false)).collect();
        for (cues, nice) in [(NICE_CUES, true), (REQUIRED_CUES, false)] {
            for cue in cues {
                lists.extend(find_words(&folded, cue).into_iter().map(|at| (at, at + cue.chars().count(), nice)));
            }
        }
        for (at, start, nice) in lists {
            if taken.iter().any(|&(a, b)| at >= a && at < b) {
                continue;
            }
            let into = if nice { &mut skills.nice } else { &mut skills.required };
            let mut end = sentence_end(&folded, start);
            // "Must-haves:" ending its line opens the bulleted lines below it.
            if let Some((items, list_end)) = cut(&original, start, end).trim().is_empty().then(|| bullet_items(&original, end)).flatten() {
                end = list_end;
                for item in items {
                    add_items(&item, dictionary, into);
                }
            } else {
                add_items(&cut(&original, start, end), dictionary, into);
            }
            taken.push((at, end));
        }
        for cue in NICE_AFTER {
            for at in find_words(&folded, cue) {
                if taken.iter().any(|&(a, b)| at >= a && at < b) {
                    continue;
                }
                let start = sentence_start(&folded, at);
                taken.push((start, at + cue.chars().count()));
                add_items(&cut(&original, start, at), dictionary, &mut skills.nice);
            }
        }
        let len = original.len();
        for &(a, b) in &taken {
            original[a..b.min(len)].fill(' ');
        }
        let mut start = 0;
        while start < original.len() {
            let end = sentence_end(&folded, start);
            let sentence = cut(&original, start, end);
            if let Some(names) = bare_list(&sentence, dictionary) {
                for name in names {
                    push(&mut skills.required, NamedSkill { name, level: None });
                }
            } else if greets(&sentence) {
                // "Siema, budujemy w Tidio chatboty oparte o AI": the greeting introduces the
                // employer, not the requirements.
            } else if names_a_skill(&sentence, dictionary) {
                for (i, item) in sentence.split([',', ';', '•', ':']).enumerate() {
                    for name in from_prose(item, dictionary, i == 0) {
                        push(&mut skills.required, NamedSkill { name, level: None });
                    }
                }
            }
            start = end + 1;
        }
    }
    let nice: Vec<String> = skills.nice.iter().map(|s| fold(&s.name)).collect();
    skills.required.retain(|s| !nice.contains(&fold(&s.name)));
    skills
}

/// Stems of the words that make a clause before a colon a requirements label ("Oczekujemy od
/// kandydata:", "Technologie, których oczekujemy:", "What we expect from you:").
const REQUIREMENT_STEMS: &[&str] = &["oczekuj", "wymag", "expect", "require", "kompetencj", "umiejetnos"];
/// Stems that make it a nice-to-have label instead (left to [`NICE_CUES`]).
const NICE_STEMS: &[&str] = &["mile", "nice", "plus", "atut", "bonus"];
/// The longest requirements label, in words.
const LABEL_WORDS: usize = 5;

/// The requirement labels of a folded text: where the clause starts and where its list starts
/// (after the colon).
fn requirement_labels(folded: &[char]) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    for colon in (0..folded.len()).filter(|&i| folded[i] == ':') {
        let from =
            (0..colon).rev().find(|&j| ",;:\n".contains(folded[j]) || (".!?".contains(folded[j]) && folded.get(j + 1).is_some_and(|c| c.is_whitespace())));
        let from = from.map_or(0, |j| j + 1);
        let clause = cut(folded, from, colon);
        let words: Vec<&str> = clause.split_whitespace().collect();
        let has = |stems: &[&str]| words.iter().any(|w| stems.iter().any(|s| w.starts_with(s)));
        if !words.is_empty() && words.len() <= LABEL_WORDS && has(REQUIREMENT_STEMS) && !has(NICE_STEMS) {
            found.push((from + clause.chars().count() - clause.trim_start().chars().count(), colon + 1));
        }
    }
    found
}

/// The bulleted lines ("- Agile, SAFe", "* Golang", "• Git", "1. SQL") just after `from` (the end
/// of the cue's line), each without its bullet and the lowercase remark after a dash ("Scrum
/// Master - min. kilka lat w tej roli"), and where they end; `None` when no bullet follows.
fn bullet_items(chars: &[char], from: usize) -> Option<(Vec<String>, usize)> {
    let mut items = Vec::new();
    let mut at = from;
    while at < chars.len() {
        let line_end = (at + 1..chars.len()).find(|&i| chars[i] == '\n').unwrap_or(chars.len());
        let line = cut(chars, at, line_end);
        let line = line.trim();
        let numbered = line.split_once(['.', ')']).is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        let bullet = line.starts_with(['-', '*', '•', '–', '·']) || numbered;
        if line.is_empty() && items.is_empty() {
            at = line_end;
            continue;
        }
        if !bullet {
            break;
        }
        let item = if numbered { line.split_once(['.', ')']).map_or(line, |(_, rest)| rest) } else { &line[line.chars().next().map_or(0, char::len_utf8)..] };
        let remark = [" - ", " – ", " — "].iter().filter_map(|d| item.find(d).filter(|&i| item[i + d.len()..].starts_with(char::is_lowercase))).min();
        items.push(remark.map_or(item, |i| &item[..i]).trim().to_string());
        at = line_end;
    }
    (!items.is_empty()).then_some((items, at))
}

/// Adds the items of a list ("a, b i c").
fn add_items(list: &str, dictionary: &SkillDictionary, into: &mut Vec<NamedSkill>) {
    let items = split_outside_brackets(list);
    // An item may join two with a conjunction: the last one ("a, b and c") unless the whole is a
    // skill, another when what precedes the conjunction is a skill or an acronym ("XSLT i XPath",
    // but "Kotlin Flows and Coroutines" stays one).
    let count = items.len();
    let items: Vec<String> = items
        .into_iter()
        .enumerate()
        .flat_map(|(i, item)| {
            let chars: Vec<char> = item.chars().collect();
            let folded: Vec<char> = fold(&item).chars().collect();
            let split = [" and ", " i ", " oraz ", " & "].iter().find_map(|c| {
                let at = (0..folded.len()).find(|&at| folded[at..].starts_with(&c.chars().collect::<Vec<_>>()))?;
                Some((at, c.chars().count()))
            });
            match split {
                Some((at, len)) if dictionary.find(item.trim()).is_none() => {
                    let (left, right) = (cut(&chars, 0, at), cut(&chars, at + len, chars.len()));
                    let acronym = left.trim().len() > 1 && left.trim().chars().all(|c| c.is_ascii_uppercase());
                    if i + 1 == count || dictionary_name(&left, dictionary).is_some() || acronym {
                        vec![left, right]
                    } else {
                        vec![item]
                    }
                }
                _ => vec![item],
            }
        })
        .collect();
    for item in items {
        for skill in clean(&item, dictionary) {
            push(into, skill);
        }
    }
}

/// The items of a list: split at commas, semicolons and bullets outside brackets (".Net (C#, .NET
/// Framework/Core)" is one item).
fn split_outside_brackets(list: &str) -> Vec<String> {
    let mut items = vec![String::new()];
    let mut depth = 0i32;
    for c in list.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' | ';' | '•' if depth <= 0 => {
                items.push(String::new());
                continue;
            }
            _ => {}
        }
        items.last_mut().expect("one item at least").push(c);
    }
    items
}

/// One item as skills: trimmed, its level read off ("Java (advanced)"), named as the dictionary
/// does; a bracket that is not a level nor the initials of what precedes ("Mobile Device
/// Management (MDM)") is an item of its own; an item that reads as prose gives the names in it;
/// none for an empty or language item.
fn clean(item: &str, dictionary: &SkillDictionary) -> Vec<NamedSkill> {
    let mut name = item.trim_matches(|c: char| c.is_whitespace() || ":-–\"'„”“".contains(c)).trim_end_matches('.').trim().to_string();
    // A group's label before a colon ("testy: JUnit") is not the skill.
    if let Some((label, rest)) = name.split_once(": ").filter(|(label, rest)| label.split_whitespace().count() <= 2 && !rest.trim().is_empty()) {
        if label.chars().next().is_some_and(char::is_lowercase) || dictionary_name(label, dictionary).is_none() {
            name = rest.trim().to_string();
        }
    }
    let mut level = None;
    if let (Some(open), true) = (name.find('('), name.ends_with(')')) {
        let inside = name[open + 1..name.len() - 1].to_string();
        let before = name[..open].trim().to_string();
        if let Some((_, l)) = LEVELS.iter().find(|(w, _)| fold(&inside).trim() == *w) {
            level = Some(*l);
            name = before;
        } else if is_language_item(&before) {
            // "German (business level)": a language and its level.
            return Vec::new();
        } else if inside.contains(',') {
            // "Cloud (AWS, GCP)": an enumeration in brackets details the name, one item.
            return vec![NamedSkill { name, level }];
        } else if !is_initials(&inside, &before) {
            let mut both = clean(&before, dictionary);
            both.extend(clean(&inside, dictionary));
            return both;
        }
    }
    if name.is_empty() || is_language_item(&name) {
        return Vec::new();
    }
    if let Some(known) = dictionary_name(&name, dictionary) {
        return vec![NamedSkill { name: known, level }];
    }
    if let Some(halves) = known_halves(&name, dictionary) {
        return halves.into_iter().map(|name| NamedSkill { name, level }).collect();
    }
    if is_prose(&name) {
        return from_prose(&name, dictionary, false).into_iter().map(|name| NamedSkill { name, level }).collect();
    }
    vec![NamedSkill { name: without_context(&name, dictionary).unwrap_or(name), level }]
}

/// Whether `short` is the initials of `words` ("MDM" of "Mobile Device Management").
fn is_initials(short: &str, words: &str) -> bool {
    let initials: String = words.split_whitespace().filter_map(|w| w.chars().next()).collect();
    initials.len() >= 2 && fold(&initials) == fold(short.trim())
}

fn push(into: &mut Vec<NamedSkill>, skill: NamedSkill) {
    if !into.iter().any(|s| fold(&s.name) == fold(&skill.name)) {
        into.push(skill);
    }
}

#[cfg(test)]
#[path = "skills_tests.rs"]
mod tests;
