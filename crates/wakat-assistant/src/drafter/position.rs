//! The position: its title (after "Stanowisko:", "na stanowisko", "looking for a", "hiring:"),
//! its seniority (said outright, else read off the title) and the board category it fits.

use wakat_core::{CategoryTree, ExperienceLevel};

use super::text::{cut, find_words, fold, sentence_end, words};

/// Cues before a title, strongest first: a label beats a phrase.
const TITLE_CUES: &[(&str, u8)] = &[
    ("job title:", 3),
    ("title:", 3),
    ("position:", 3),
    ("stanowisko:", 3),
    ("tytul:", 3),
    ("tytul ogloszenia:", 3),
    ("rola:", 3),
    ("role:", 3),
    ("na stanowisko:", 3),
    ("na stanowisko", 2),
    ("na stanowisku", 2),
    ("opening for a", 2),
    ("opening for an", 2),
    ("opening for", 1),
    ("vacancy for a", 2),
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
    ("rekrutujemy na", 1),
];
/// Where a title stops ("… to join our team", "… do naszego zespołu").
const TITLE_ENDS: &[&str] = &[
    " to join",
    " to our",
    " to work",
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
const NOT_TITLES: &[&str] =
    &["kogos", "osoby", "osob", "someone", "somebody", "a person", "person", "people", "candidate", "kandydata", "kandydatow", "ludzi", "do zespolu", "new"];

/// The title the texts give (the strongest cue, the latest of equals), and the span to leave out
/// of the other extractors.
pub fn title(texts: &[&str]) -> Option<String> {
    let mut best: Option<(u8, String)> = None;
    for text in texts {
        let folded: Vec<char> = fold(text).chars().collect();
        let original: Vec<char> = text.chars().collect();
        for (cue, strength) in TITLE_CUES {
            for at in find_words(&folded, cue) {
                let start = at + cue.chars().count();
                let mut end = sentence_end(&folded, start);
                let rest: String = folded[start..end].iter().collect();
                for stop in TITLE_ENDS {
                    if let Some(byte) = rest.find(stop) {
                        end = end.min(start + rest[..byte].chars().count());
                    }
                }
                let candidate = clean_title(&cut(&original, start, end));
                let folded_candidate = fold(&candidate);
                let only_level = level_of(folded_candidate.trim_end_matches('.')).is_some();
                if candidate.is_empty() || only_level || candidate.split_whitespace().count() > 12 || NOT_TITLES.iter().any(|w| folded_candidate.starts_with(w))
                {
                    continue;
                }
                if best.as_ref().is_none_or(|(s, _)| strength >= s) {
                    best = Some((*strength, candidate));
                }
            }
        }
    }
    best.map(|(_, t)| t).or_else(|| {
        // A first message that is only a name ("Senior Java Developer") is the title.
        let first = texts.first()?.trim();
        let short = !first.contains('\n') && first.split_whitespace().count() <= 6 && !first.contains(['.', '?', '!', ',']);
        (short && !first.is_empty()).then(|| clean_title(first))
    })
}

fn clean_title(raw: &str) -> String {
    let t = raw.trim().trim_matches(|c: char| c.is_whitespace() || ":;,-–\"'„”“".contains(c)).trim();
    let t = t.strip_prefix("a ").or_else(|| t.strip_prefix("an ")).unwrap_or(t);
    t.trim().to_string()
}

/// Seniority words, folded, with Polish case forms.
const LEVELS: &[(&str, ExperienceLevel)] = &[
    ("junior", ExperienceLevel::Junior),
    ("juniora", ExperienceLevel::Junior),
    ("jr", ExperienceLevel::Junior),
    ("intern", ExperienceLevel::Junior),
    ("stazysta", ExperienceLevel::Junior),
    ("mid", ExperienceLevel::Mid),
    ("mid-level", ExperienceLevel::Mid),
    ("middle", ExperienceLevel::Mid),
    ("regular", ExperienceLevel::Mid),
    ("regulara", ExperienceLevel::Mid),
    ("mida", ExperienceLevel::Mid),
    ("senior", ExperienceLevel::Senior),
    ("seniora", ExperienceLevel::Senior),
    ("sr", ExperienceLevel::Senior),
    ("expert", ExperienceLevel::Expert),
    ("ekspert", ExperienceLevel::Expert),
    ("eksperta", ExperienceLevel::Expert),
    ("expert-level", ExperienceLevel::Expert),
    ("principal", ExperienceLevel::Expert),
    ("c-level", ExperienceLevel::CLevel),
    ("clevel", ExperienceLevel::CLevel),
    ("cto", ExperienceLevel::CLevel),
    ("cio", ExperienceLevel::CLevel),
    ("ceo", ExperienceLevel::CLevel),
];

fn level_of(word: &str) -> Option<ExperienceLevel> {
    LEVELS.iter().find(|(w, _)| *w == word).map(|(_, l)| *l)
}

/// The seniority said outside the title (the latest), else the title's first level word.
pub fn seniority(texts: &[&str], title: Option<&str>) -> Option<ExperienceLevel> {
    let mut said = None;
    for text in texts {
        let mut folded = fold(text);
        if let Some(title) = title {
            folded = folded.replace(&fold(title), " ");
        }
        for word in words(&folded) {
            if let Some(level) = level_of(word.trim_matches('-')) {
                said = Some(level);
            }
        }
    }
    said.or_else(|| {
        let folded = fold(title?);
        let level = words(&folded).flat_map(|w| w.split(['/', '-'])).find_map(level_of);
        level
    })
}

/// Words of titles and skills that point to a category key of either board, when the board has it.
const CATEGORY_WORDS: &[(&str, &str)] = &[
    ("react", "react"),
    ("angular", "angular"),
    ("vue", "vue"),
    ("node", "node"),
    ("node.js", "node"),
    ("frontend", "javascript"),
    ("front-end", "javascript"),
    ("javascript", "javascript"),
    ("typescript", "javascript"),
    ("symfony", "symfony"),
    ("laravel", "laravel"),
    ("php", "php"),
    ("django", "django"),
    ("python", "python"),
    ("spring", "spring"),
    ("kotlin", "kotlin"),
    ("java", "java"),
    (".net", "net"),
    ("c#", "net"),
    ("c++", "cpp"),
    ("embedded", "embedded"),
    ("android", "android"),
    ("ios", "ios"),
    ("flutter", "flutter"),
    ("mobile", "mobile"),
    ("tester", "testing"),
    ("qa", "testing"),
    ("test", "testing"),
    ("automation", "test-automation"),
    ("devops", "devops"),
    ("kubernetes", "kubernetes"),
    ("aws", "aws"),
    ("azure", "azure"),
    ("gcp", "gcp"),
    ("admin", "admin"),
    ("administrator", "admin"),
    ("ux", "ux"),
    ("ui", "ux"),
    ("designer", "ux"),
    ("project", "pm"),
    ("product", "pm"),
    ("scrum", "pm"),
    ("manager", "pm"),
    ("analyst", "analytics"),
    ("analityk", "analytics"),
    ("security", "security"),
    ("soc", "security"),
    ("data", "data"),
    ("bi", "business-intelligence"),
    ("golang", "go"),
    ("go", "go"),
    ("support", "support"),
    ("helpdesk", "support"),
    ("sap", "erp"),
    ("erp", "erp"),
    ("architect", "architecture"),
    ("architekt", "architecture"),
    ("ai", "ai"),
    ("ml", "machine-learning"),
    ("llm", "llm"),
    ("scala", "scala"),
    ("ruby", "ruby"),
    ("handlowiec", "sales"),
    ("sales", "sales"),
    ("sprzedawca", "retail"),
    ("kasjer", "retail"),
    ("magazynier", "logistics"),
    ("logistyk", "logistics"),
    ("kierowca", "transport"),
    ("driver", "transport"),
    ("ksiegowa", "finance"),
    ("ksiegowy", "finance"),
    ("accountant", "finance"),
    ("rekruter", "hr"),
    ("recruiter", "hr"),
    ("hr", "hr"),
    ("pielegniarka", "healthcare"),
    ("nurse", "healthcare"),
    ("nauczyciel", "education"),
    ("teacher", "education"),
    ("kelner", "hospitality"),
    ("kucharz", "hospitality"),
    ("marketing", "marketing"),
    ("inzynier", "engineering"),
    ("programista", "it"),
    ("developer", "it"),
];

/// The board's category key the title (then the skills) points to: the most specific one.
pub fn category(title: Option<&str>, skills: &[String], tree: &CategoryTree) -> Option<String> {
    let texts = title.into_iter().map(str::to_string).chain(skills.iter().cloned());
    for text in texts {
        let folded = fold(&text);
        let mut best: Option<&wakat_core::Category> = None;
        for word in folded.split(|c: char| c.is_whitespace() || "/(),-".contains(c)).filter(|w| !w.is_empty()) {
            let key = CATEGORY_WORDS.iter().find(|(w, _)| *w == word).map(|(_, k)| *k).unwrap_or(word);
            if let Some(found) = tree.find(key).filter(|c| c.slug == key) {
                if best.is_none_or(|b| b.parent.is_some() <= found.parent.is_some() && found.parent.is_some()) {
                    best = Some(found);
                }
            }
        }
        if let Some(best) = best {
            return Some(best.slug.clone());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_titles_after_cues() {
        assert_eq!(title(&["Cześć, szukamy osoby na stanowisko Senior Java Developer."]).as_deref(), Some("Senior Java Developer"));
        assert_eq!(title(&["Hi! We're looking for an IT Operator to join our team."]).as_deref(), Some("IT Operator"));
        assert_eq!(title(&["Hello, we are hiring: Node.js Developer (Mid/Senior)\nSeniority: mid."]).as_deref(), Some("Node.js Developer (Mid/Senior)"));
        assert_eq!(title(&["Szukamy kogoś na poziomie senior.", "Stanowisko: Analityk zagrożeń"]).as_deref(), Some("Analityk zagrożeń"));
        assert_eq!(title(&["Senior Fullstack Engineer (.Net/React/AWS) - Hybrid, Tricity"]).as_deref(), None);
        assert_eq!(title(&["Frontend Developer - React"]).as_deref(), Some("Frontend Developer - React"));
    }

    #[test]
    fn seniority_said_beats_the_titles() {
        assert_eq!(seniority(&["Automation Technology Expert", "Poziom: regular"], Some("Automation Technology Expert")), Some(ExperienceLevel::Mid));
        assert_eq!(seniority(&["Job title: Senior Java Developer"], Some("Senior Java Developer")), Some(ExperienceLevel::Senior));
        assert_eq!(seniority(&["Szukamy seniora"], None), Some(ExperienceLevel::Senior));
        assert_eq!(seniority(&["Java Developer (Mid/Senior)"], Some("Java Developer (Mid/Senior)")), Some(ExperienceLevel::Mid));
        assert_eq!(seniority(&["C-level role: CTO"], None), Some(ExperienceLevel::CLevel));
    }

    #[test]
    fn picks_the_most_specific_category() {
        let tree = CategoryTree::from_json(
            r#"[{"value":1,"slug":"javascript","labelPl":"JS","labelEn":"JS","children":[{"value":2,"slug":"react","labelPl":"React","labelEn":"React"}]},
                {"value":3,"slug":"java","labelPl":"Java","labelEn":"Java"}]"#,
        )
        .unwrap();
        assert_eq!(category(Some("Frontend Developer - React"), &[], &tree).as_deref(), Some("react"));
        assert_eq!(category(Some("Senior Engineer"), &["Java".into()], &tree).as_deref(), Some("java"));
        assert_eq!(category(Some("Cook"), &[], &tree), None);
    }
}
