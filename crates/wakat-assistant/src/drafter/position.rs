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
    ("experienced", ExperienceLevel::Senior),
];
/// Words that say a number of years is experience ("5+ lat doświadczenia", "at least 3 years").
const EXPERIENCE_WORDS: &[&str] = &["doswiadcz", "experience", "exp", "komercyjn", "commercial"];
/// Words before a number of years that make it a requirement ("min. 5 lat", "at least 3 years").
const AT_LEAST: &[&str] = &["min", "minimum", "least", "najmniej", "przynajmniej", "ponad", "over"];
/// Words for years.
const YEARS: &[&str] = &["lat", "lata", "rok", "roku", "years", "year", "yrs", "yr", "y"];

/// The level a word says (folded): "senior", "regulara", "seniorski", "mid-level".
pub fn level_of(word: &str) -> Option<ExperienceLevel> {
    let exact = |word: &str| LEVELS.iter().find(|(w, _)| *w == word).map(|(_, l)| *l);
    exact(word).or_else(|| word.strip_suffix("-level").and_then(exact)).or_else(|| LEVEL_STEMS.iter().find(|(s, _)| word.starts_with(s)).map(|(_, l)| *l))
}

/// The seniority said outside the title (the latest level word, else the latest adjective:
/// "mid" beats "an experienced engineer"), else the title's first level word, else — a default
/// used only when nothing else states the level — the years of experience asked for
/// ([`years_level`]).
pub fn seniority(texts: &[&str], title: Option<&str>) -> Option<ExperienceLevel> {
    let mut said = None;
    let mut adjective = None;
    for text in texts {
        let mut folded = fold(text);
        if let Some(title) = title {
            folded = folded.replace(&fold(title), " ");
        }
        let all: Vec<&str> = words(&folded).collect();
        for (i, word) in all.iter().enumerate() {
            let word = word.trim_matches('-');
            if writers_own(&all, i) {
                continue;
            }
            if let Some(level) = level_of(word) {
                if LEVEL_STEMS.iter().any(|(stem, _)| word.starts_with(stem)) {
                    adjective = Some(level);
                } else {
                    said = Some(level);
                }
            }
        }
    }
    let titled = || {
        let folded = fold(title?);
        let level = words(&folded).flat_map(|w| w.split(['/', '-'])).find_map(level_of);
        level
    };
    said.or(adjective).or_else(titled).or_else(|| years_level(texts))
}

/// Executive titles that are also a level (C-level).
const EXECUTIVES: &[&str] = &["cto", "cio", "ceo"];
/// Words before an executive title that make it someone already there ("our CTO", "naszego CTO").
const OWNERS: &[&str] = &["our", "my", "your", "nasz", "naszego", "naszemu", "naszym", "moj", "mojego", "jestem", "i'm", "im"];

/// Whether the executive title at `i` of `words` is the writer's or the company's own ("I'm the
/// CTO at a Kraków-based software house", "reports to our CEO"), not the position's level.
fn writers_own(words: &[&str], i: usize) -> bool {
    let before = |k: usize| i.checked_sub(k).map(|j| words[j]);
    EXECUTIVES.contains(&words[i])
        && (before(1).is_some_and(|w| OWNERS.contains(&w))
            || (before(1) == Some("the") && before(2).is_some_and(|w| ["i'm", "im", "am", "as", "to"].contains(&w))))
}

/// The level the years of experience asked for point to, the board's usual bands: under 2 years
/// junior, 2 to 4 mid, 5 or more senior ("5+ lat doświadczenia", "min. 3 lata", "at least 2
/// years of experience", "3-4 lata komercyjnie": the lower bound counts). A number of years
/// counts only with a "+", after "min."/"at least", or within a few words of "experience",
/// "doświadczenie" ("umowa na 2 lata" says nothing). The highest such number in the chat wins.
pub fn years_level(texts: &[&str]) -> Option<ExperienceLevel> {
    let mut most: Option<u32> = None;
    for text in texts {
        let folded = fold(text);
        let tokens: Vec<&str> = folded.split(|c: char| c.is_whitespace() || c == ',' || c == '(' || c == ')').filter(|t| !t.is_empty()).collect();
        // Experience is said within a few words of the number ("5+ lat doświadczenia").
        let about_experience =
            |i: usize| tokens[i.saturating_sub(4)..(i + 5).min(tokens.len())].iter().any(|t| EXPERIENCE_WORDS.iter().any(|w| t.starts_with(w)));
        for (i, token) in tokens.iter().enumerate() {
            // "5+", "3-4", "5", "5lat" (the unit may stick to the number).
            let digits: String = token.chars().take_while(char::is_ascii_digit).collect();
            let Ok(years) = digits.parse::<u32>() else { continue };
            let rest = &token[digits.len()..];
            let plus = rest.starts_with('+');
            let rest = rest.trim_start_matches(['+', '-', '–']).trim_start_matches(|c: char| c.is_ascii_digit());
            let unit = if rest.is_empty() { tokens.get(i + 1).map(|t| t.trim_start_matches(['+', '-', '–'])).unwrap_or_default() } else { rest };
            let unit = unit.trim_end_matches(['.', ':']);
            let required = i > 0 && AT_LEAST.contains(&tokens[i - 1].trim_end_matches('.'));
            if YEARS.contains(&unit) && years <= 30 && (plus || required || about_experience(i)) {
                most = Some(most.map_or(years, |m| m.max(years)));
            }
        }
    }
    most.map(|years| match years {
        0..=1 => ExperienceLevel::Junior,
        2..=4 => ExperienceLevel::Mid,
        _ => ExperienceLevel::Senior,
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
        // The writer's own executive title, or the company's, is not the position's level.
        assert_eq!(
            seniority(&["I'm the CTO at a software house. We need a Senior Golang Architect."], Some("Senior Golang Architect")),
            Some(ExperienceLevel::Senior)
        );
        assert_eq!(seniority(&["The role reports to our CEO.", "Mid-level."], None), Some(ExperienceLevel::Mid));
        assert_eq!(seniority(&["Jestem CTO w startupie, szukamy regulara."], None), Some(ExperienceLevel::Mid));
        assert_eq!(seniority(&["We are hiring a CTO."], None), Some(ExperienceLevel::CLevel));
    }

    #[test]
    fn an_adjective_gives_way_to_a_level_word_and_years_are_the_last_resort() {
        assert_eq!(seniority(&["We need an experienced Agile Coach."], None), Some(ExperienceLevel::Senior));
        assert_eq!(seniority(&["Mid-level, experienced with Kafka."], None), Some(ExperienceLevel::Mid));
        assert_eq!(seniority(&["Szukamy kogoś z 5+ lat doświadczenia."], None), Some(ExperienceLevel::Senior));
        assert_eq!(seniority(&["Wymagamy min. 3 lata w Pythonie."], None), Some(ExperienceLevel::Mid));
        assert_eq!(seniority(&["At least 1 year of commercial experience."], None), Some(ExperienceLevel::Junior));
        assert_eq!(seniority(&["3-4 lata doświadczenia komercyjnego"], None), Some(ExperienceLevel::Mid));
        // Said outright, or in the title, the level wins over the years.
        assert_eq!(seniority(&["poziom regular, 5+ lat doświadczenia"], None), Some(ExperienceLevel::Mid));
        assert_eq!(seniority(&["Junior QA", "2+ years of experience"], Some("Junior QA")), Some(ExperienceLevel::Junior));
        // Years that are not experience say nothing.
        assert_eq!(seniority(&["Umowa na 2 lata, firma działa od 10 lat."], None), None);
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
