//! The position's seniority (said outright, else read off the title) and the board category it
//! fits; the title itself is [`super::title`].

use wakat_core::{CategoryTree, ExperienceLevel};

use super::text::{fold, words};

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

/// Stems of Polish adjectives that say the level ("stanowisko seniorskie", "doświadczonego",
/// "starszy specjalista", "młodszy").
const LEVEL_STEMS: &[(&str, ExperienceLevel)] = &[
    ("seniorsk", ExperienceLevel::Senior),
    ("juniorsk", ExperienceLevel::Junior),
    ("doswiadczon", ExperienceLevel::Senior),
    ("starsz", ExperienceLevel::Senior),
    ("mlodsz", ExperienceLevel::Junior),
];

/// The level a word says (folded): "senior", "regulara", "seniorski", "mid-level".
pub fn level_of(word: &str) -> Option<ExperienceLevel> {
    let exact = |word: &str| LEVELS.iter().find(|(w, _)| *w == word).map(|(_, l)| *l);
    exact(word).or_else(|| word.strip_suffix("-level").and_then(exact)).or_else(|| LEVEL_STEMS.iter().find(|(s, _)| word.starts_with(s)).map(|(_, l)| *l))
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
    fn seniority_said_beats_the_titles() {
        assert_eq!(seniority(&["Automation Technology Expert", "Poziom: regular"], Some("Automation Technology Expert")), Some(ExperienceLevel::Mid));
        assert_eq!(seniority(&["Job title: Senior Java Developer"], Some("Senior Java Developer")), Some(ExperienceLevel::Senior));
        assert_eq!(seniority(&["Szukamy seniora"], None), Some(ExperienceLevel::Senior));
        assert_eq!(seniority(&["Java Developer (Mid/Senior)"], Some("Java Developer (Mid/Senior)")), Some(ExperienceLevel::Mid));
        assert_eq!(seniority(&["C-level role: CTO"], None), Some(ExperienceLevel::CLevel));
        assert_eq!(seniority(&["To rola seniorska."], None), Some(ExperienceLevel::Senior));
        assert_eq!(seniority(&["Szukamy doświadczonego Agile Coacha."], None), Some(ExperienceLevel::Senior));
        assert_eq!(seniority(&["Starszy specjalista IT"], None), Some(ExperienceLevel::Senior));
        assert_eq!(seniority(&["Młodszy księgowy"], None), Some(ExperienceLevel::Junior));
        assert_eq!(seniority(&["Senior-level, please."], None), Some(ExperienceLevel::Senior));
        assert_eq!(seniority(&["Please mark the seniority as C-level."], None), Some(ExperienceLevel::CLevel));
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
