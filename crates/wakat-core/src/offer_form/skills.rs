//! The skills dictionary of the form (`index-data/skills.json`: the skills the board's offers
//! name, most used first), searchable by the folded start of any word, with paging.

use serde::{Deserialize, Serialize};

use crate::text::fold;

/// A skill of the dictionary.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SkillEntry {
    /// Stable slug.
    pub id: String,
    /// Display name.
    pub name: String,
}

/// Skills, most used first, with their folded words for searching.
#[derive(Debug, Clone, Default)]
pub struct SkillDictionary {
    skills: Vec<SkillEntry>,
    folded: Vec<String>,
}

impl SkillDictionary {
    /// Parses a JSON array of `{id, name}`.
    pub fn from_json(json: &str) -> Result<SkillDictionary, serde_json::Error> {
        let skills: Vec<SkillEntry> = serde_json::from_str(json)?;
        let folded = skills.iter().map(|s| fold(&s.name)).collect();
        Ok(SkillDictionary { skills, folded })
    }

    /// The skill named `name` (compared folded: case and diacritics aside).
    pub fn find(&self, name: &str) -> Option<&SkillEntry> {
        let wanted = fold(name.trim());
        self.skills.iter().zip(&self.folded).find(|(_, folded)| **folded == wanted).map(|(skill, _)| skill)
    }

    /// Every skill, most used first.
    pub fn all(&self) -> &[SkillEntry] {
        &self.skills
    }

    /// Page `page_number` (1-based) of `page_size` skills whose name or any word of it starts
    /// with `keyword` (folded); all skills for a blank keyword. Returns the page and the total.
    pub fn search(&self, keyword: &str, page_number: usize, page_size: usize) -> (Vec<&SkillEntry>, usize) {
        let keyword = fold(keyword.trim());
        let matches: Vec<&SkillEntry> = self
            .skills
            .iter()
            .zip(&self.folded)
            .filter(|(_, name)| keyword.is_empty() || name.starts_with(&keyword) || name.split([' ', '-', '/', '.']).any(|word| word.starts_with(&keyword)))
            .map(|(skill, _)| skill)
            .collect();
        let total = matches.len();
        let start = page_number.saturating_sub(1).saturating_mul(page_size);
        (matches.into_iter().skip(start).take(page_size).collect(), total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn searches_words_and_pages() {
        let dictionary = SkillDictionary::from_json(
            r#"[{"id":"sql","name":"SQL"},{"id":"ms-sql","name":"MS SQL"},{"id":"java","name":"Java"},{"id":"jezyk","name":"Język angielski"}]"#,
        )
        .unwrap();
        let names = |(page, _): (Vec<&SkillEntry>, usize)| page.into_iter().map(|s| s.name.clone()).collect::<Vec<_>>();
        assert_eq!(names(dictionary.search("sq", 1, 10)), ["SQL", "MS SQL"]);
        assert_eq!(names(dictionary.search("jez", 1, 10)), ["Język angielski"]);
        assert_eq!(dictionary.search("", 2, 3), (vec![&SkillEntry { id: "jezyk".into(), name: "Język angielski".into() }], 4));
        assert_eq!(dictionary.search("", 99, 100).0.len(), 0);
    }
}
