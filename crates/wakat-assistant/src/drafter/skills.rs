//! Skills: the lists an employer gives after "Wymagamy:", "Tech stack:", "Mile widziane:", "… would
//! be a plus", named as in the skills dictionary when it knows them and as typed otherwise; with
//! no list at all, the dictionary's skills named anywhere in the text.

use wakat_core::offer_form::SkillDictionary;

use super::languages::is_language_item;
use super::text::{cut, find_words, fold, sentence_end, sentence_start};

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

/// Finds the skills of the employer's messages.
pub fn extract(texts: &[&str], dictionary: &SkillDictionary, skip: &[String]) -> Skills {
    let mut skills = Skills::default();
    let mut listed = false;
    for text in texts {
        let folded: Vec<char> = fold(text).chars().collect();
        let original: Vec<char> = text.chars().collect();
        let mut taken: Vec<(usize, usize)> = Vec::new();
        for (cues, nice) in [(NICE_CUES, true), (REQUIRED_CUES, false)] {
            for cue in cues {
                for at in find_words(&folded, cue) {
                    let start = at + cue.chars().count();
                    if taken.iter().any(|&(a, b)| at >= a && at < b) {
                        continue;
                    }
                    let end = sentence_end(&folded, start);
                    taken.push((at, end));
                    listed |= add_items(&cut(&original, start, end), dictionary, if nice { &mut skills.nice } else { &mut skills.required });
                }
            }
        }
        for cue in NICE_AFTER {
            for at in find_words(&folded, cue) {
                if taken.iter().any(|&(a, b)| at >= a && at < b) {
                    continue;
                }
                let start = sentence_start(&folded, at);
                taken.push((start, at + cue.chars().count()));
                listed |= add_items(&cut(&original, start, at), dictionary, &mut skills.nice);
            }
        }
    }
    if !listed {
        for text in texts {
            let mut text = fold(text);
            for phrase in skip {
                text = text.replace(&fold(phrase), " ");
            }
            let folded: Vec<char> = text.chars().collect();
            for entry in dictionary.all() {
                if entry.name.chars().count() > 1 && !find_words(&folded, &fold(&entry.name)).is_empty() && !is_language_item(&entry.name) {
                    push(&mut skills.required, NamedSkill { name: entry.name.clone(), level: None });
                }
            }
        }
    }
    let nice: Vec<String> = skills.nice.iter().map(|s| fold(&s.name)).collect();
    skills.required.retain(|s| !nice.contains(&fold(&s.name)));
    skills
}

/// Adds the items of a list ("a, b i c"); whether it found any.
fn add_items(list: &str, dictionary: &SkillDictionary, into: &mut Vec<NamedSkill>) -> bool {
    let mut items: Vec<String> = list.split([',', ';', '•']).map(str::to_string).collect();
    // The last item may join two with a conjunction ("a, b and c"), unless the whole is a skill.
    if let Some(last) = items.pop() {
        if dictionary.find(last.trim()).is_some() {
            items.push(last);
        } else {
            let folded = fold(&last);
            let split = [" and ", " i ", " oraz ", " & "].iter().find_map(|c| folded.find(c).map(|at| (at, c.len())));
            match split {
                Some((at, len)) if last.is_char_boundary(at) && last.is_char_boundary(at + len) => {
                    items.push(last[..at].to_string());
                    items.push(last[at + len..].to_string());
                }
                _ => items.push(last),
            }
        }
    }
    let mut any = false;
    for item in items {
        if let Some(skill) = clean(&item, dictionary) {
            push(into, skill);
            any = true;
        }
    }
    any
}

/// One item as a skill: trimmed, its level read off ("Java (advanced)"), named as the dictionary
/// does; none for an empty, too long or language item.
fn clean(item: &str, dictionary: &SkillDictionary) -> Option<NamedSkill> {
    let mut name = item.trim_matches(|c: char| c.is_whitespace() || ":-–\"'„”“".contains(c)).trim_end_matches('.').trim().to_string();
    let mut level = None;
    if let (Some(open), true) = (name.find('('), name.ends_with(')')) {
        let inside = fold(&name[open + 1..name.len() - 1]);
        if let Some((_, l)) = LEVELS.iter().find(|(w, _)| inside.trim() == *w) {
            level = Some(*l);
            name = name[..open].trim().to_string();
        }
    }
    if name.is_empty() || name.split_whitespace().count() > 5 || is_language_item(&name) {
        return None;
    }
    let name = dictionary.find(&name).map_or(name, |entry| entry.name.clone());
    Some(NamedSkill { name, level })
}

fn push(into: &mut Vec<NamedSkill>, skill: NamedSkill) {
    if !into.iter().any(|s| fold(&s.name) == fold(&skill.name)) {
        into.push(skill);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dictionary() -> SkillDictionary {
        SkillDictionary::from_json(r#"[{"id":"java","name":"Java"},{"id":"spring-boot","name":"Spring Boot"},{"id":"docker","name":"Docker"},{"id":"sql","name":"SQL"},{"id":"jezyk-angielski","name":"Język angielski"}]"#).unwrap()
    }

    fn names(list: &[NamedSkill]) -> Vec<&str> {
        list.iter().map(|s| s.name.as_str()).collect()
    }

    #[test]
    fn reads_required_and_nice_lists_in_both_languages() {
        let skills =
            extract(&["Wymagamy: java, Spring Boot (advanced), Kotlin Flows and Coroutines, Kafka i sql. Mile widziane: Docker oraz AWS."], &dictionary(), &[]);
        assert_eq!(names(&skills.required), ["Java", "Spring Boot", "Kotlin Flows and Coroutines", "Kafka", "SQL"]);
        assert_eq!(skills.required[1].level, Some(4));
        assert_eq!(names(&skills.nice), ["Docker", "AWS"]);
        let skills = extract(&["Tech stack: Node.js, .NET and C#. Fluent English.", "Docker would be a plus."], &dictionary(), &[]);
        assert_eq!(names(&skills.required), ["Node.js", ".NET", "C#"]);
        assert_eq!(names(&skills.nice), ["Docker"]);
    }

    #[test]
    fn without_a_list_finds_dictionary_skills_outside_the_title() {
        let skills = extract(&["We need a Java Developer who writes good SQL and angielski"], &dictionary(), &["Java Developer".to_string()]);
        assert_eq!(names(&skills.required), ["SQL"]);
    }
}
