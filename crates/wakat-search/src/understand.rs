//! What a typed query means, decided at query time (a change of the word lists needs a restart,
//! never a reindex): equal spellings of one word (`front end` = `frontend`), translations of a
//! role or field (`programista` ~ `developer`), and words naming a place, a workplace type or a
//! seniority (`warsaw`, `zdalnie`, `starszy`), which match that attribute as well as the text.
//!
//! Every phrase of the lists goes through the same [`Analysis`] as documents and queries, so a
//! list entry matches whatever inflection or spelling the analyzer folds onto the same terms.

use std::collections::{HashMap, HashSet};

use wakat_core::{EmploymentKind, ExperienceLevel, Gazetteer, WorkplaceType};

use crate::analysis::Analysis;

/// Shortest gazetteer name taken as a place word: shorter names (`Buk`, `Ełk`) are too often
/// parts of other words or abbreviations.
const MIN_PLACE_NAME_CHARS: usize = 4;

/// What an attribute word stands for.
#[derive(Debug, Clone, PartialEq)]
pub enum AttributeKind {
    /// A city of the gazetteer, by slug.
    City {
        /// Gazetteer slug (`warszawa`).
        slug: String,
    },
    /// A workplace type.
    Workplace(WorkplaceType),
    /// A seniority.
    Level(ExperienceLevel),
    /// A kind of contract (`b2b`, `uop`, `umowa o pracę`).
    Contract(EmploymentKind),
    /// A salary named in the query (`15k`, `od 20 000 zł`): offered as the salary filter only,
    /// never searched (no document term means "pays at least").
    Salary(crate::salarywords::SalaryBound),
}

/// An attribute with the names that mean it.
#[derive(Debug, Clone)]
pub struct Attribute {
    /// What it stands for.
    pub kind: AttributeKind,
    /// How a chip names it (the city's Polish name; the vocabulary's English label otherwise).
    pub label: String,
    /// Every name, analyzed.
    names: Vec<Vec<String>>,
}

impl Attribute {
    /// The analyzed names of the attribute (each a sequence of terms).
    pub fn names(&self) -> &[Vec<String>] {
        &self.names
    }
}

/// A set of phrases meaning one thing.
#[derive(Debug, Clone)]
pub struct Group {
    /// Equal spellings of one word (compounds): every form weighs the same. Otherwise the forms
    /// are translations, and the typed one weighs more.
    pub equal: bool,
    /// Forms as written in the list.
    pub written: Vec<String>,
    /// Forms, analyzed.
    pub members: Vec<Vec<String>>,
}

/// A spelled-out or split name of one technology token (`c sharp` → `c#`, `node js` →
/// `node.js`): typed as a whole phrase it searches the token only, never its parts.
#[derive(Debug, Clone)]
pub struct Alias {
    /// The name as written in the list.
    pub name: String,
    /// The name, analyzed (the terms searched).
    pub terms: Vec<String>,
    /// The spellings as written.
    pub written: Vec<String>,
}

/// Role nouns naming one kind of work (`programista`, `developer`, `engineer`, `inżynier`) and
/// the activity nouns of that work (`programowanie`, `development`).
#[derive(Debug, Clone)]
pub struct Family {
    /// The roles as written.
    pub written: Vec<String>,
    /// The roles, analyzed.
    pub roles: Vec<Vec<String>>,
}

#[derive(Debug, Clone, Copy)]
enum Entry {
    Member { group: usize, member: usize },
    Name { attribute: usize },
    Alias { alias: usize, spelling: usize },
}

/// The query-time word lists.
#[derive(Debug, Default)]
pub struct QueryWords {
    groups: Vec<Group>,
    attributes: Vec<Attribute>,
    aliases: Vec<Alias>,
    families: Vec<Family>,
    family_names: Vec<String>,
    /// Family of a role phrase (analyzed).
    role_of: HashMap<Vec<String>, usize>,
    /// Family doing the activity a phrase names (analyzed).
    activity_of: HashMap<Vec<String>, usize>,
    /// Words left out of a query that has other words (`ds.`, `of`, `the`).
    stop: HashSet<String>,
    /// Entries by the first term of their phrase.
    starts: HashMap<String, Vec<(Vec<String>, Entry)>>,
}

/// An error in the query words file.
#[derive(Debug, thiserror::Error)]
#[error("query words line {line}: {reason}")]
pub struct QueryWordsError {
    /// 1-based line.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

/// A span of a query's terms and what it was understood as.
#[derive(Debug, Clone, PartialEq)]
pub enum Unit {
    /// A term without a special meaning (typos may be corrected).
    Word(String),
    /// A phrase of a group: `typed` is the index of the member that was typed.
    Group {
        /// Index in [`QueryWords::group`].
        group: usize,
        /// The member typed.
        typed: usize,
    },
    /// A spelled-out technology name: searches the name's terms only.
    Alias {
        /// Index in [`QueryWords::alias`].
        alias: usize,
        /// The spelling typed (index in the alias' `written`).
        spelling: usize,
    },
    /// A phrase naming an attribute.
    Attribute {
        /// Index in [`QueryWords::attribute`].
        attribute: usize,
        /// The typed terms.
        typed: Vec<String>,
    },
}

impl QueryWords {
    /// Parses the word lists and adds every gazetteer city under each of its names.
    ///
    /// Lines: `= a | b` equal spellings, `~ a | b` translations, `> name: a | b` spelled-out
    /// names of a technology token, `@workplace remote: a | b`, `@level senior: a | b`,
    /// `@contract b2b: a | b`, `@role family: a | b` (role nouns of one kind of work),
    /// `@does family: a | b` (activity nouns of that work), `@stop: a | b`; `#` starts a comment.
    pub fn parse(text: &str, gazetteer: &Gazetteer, analysis: &Analysis) -> Result<QueryWords, QueryWordsError> {
        let mut words = QueryWords::default();
        for (idx, raw) in text.lines().enumerate() {
            let line = raw.split(" #").next().unwrap_or("").trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let error = |reason: &str| QueryWordsError { line: idx + 1, reason: reason.to_string() };
            let phrases = |list: &str| -> Vec<String> { list.split('|').map(|p| p.trim().to_string()).filter(|p| !p.is_empty()).collect() };
            if let Some(rest) = line.strip_prefix('>') {
                let (name, list) = rest.split_once(':').ok_or_else(|| error("expected '> name: a | b'"))?;
                let (name, written) = (name.trim().to_string(), phrases(list));
                let terms = analysis.terms(&name);
                if terms.is_empty() || written.is_empty() {
                    return Err(error("an alias needs a name and spellings"));
                }
                let alias = words.aliases.len();
                for (spelling, phrase) in written.iter().enumerate() {
                    let spelled = analysis.terms(phrase);
                    // A spelling the analyzer already maps onto the name (`csharp`) needs no entry.
                    if !spelled.is_empty() && spelled != terms {
                        words.starts.entry(spelled[0].clone()).or_default().push((spelled, Entry::Alias { alias, spelling }));
                    }
                }
                words.aliases.push(Alias { name, terms, written });
                continue;
            }
            if let Some(list) = line.strip_prefix("@stop:") {
                words.stop.extend(phrases(list).iter().flat_map(|p| analysis.terms(p)));
                continue;
            }
            if let Some(rest) = line.strip_prefix('@') {
                let (head, list) = rest.split_once(':').ok_or_else(|| error("expected '@kind value: a | b'"))?;
                let (kind, value) = head.trim().split_once(' ').ok_or_else(|| error("expected '@kind value'"))?;
                let value = value.trim();
                if kind == "role" || kind == "does" {
                    words.add_family_line(kind == "role", value, &phrases(list), analysis);
                    continue;
                }
                let (kind, label) = match kind {
                    "workplace" => {
                        let v = WorkplaceType::parse(value).ok_or_else(|| error("unknown workplace type"))?;
                        (AttributeKind::Workplace(v), v.label("en").to_string())
                    }
                    "level" => {
                        let v = ExperienceLevel::parse(value).ok_or_else(|| error("unknown experience level"))?;
                        (AttributeKind::Level(v), v.label("en").to_string())
                    }
                    "contract" => {
                        let v = EmploymentKind::parse(value).ok_or_else(|| error("unknown employment type"))?;
                        (AttributeKind::Contract(v), v.label("en").to_string())
                    }
                    _ => return Err(error("the kind must be workplace, level, contract, role or does")),
                };
                words.add_attribute(kind, label, phrases(list).iter().map(|p| analysis.terms(p)).collect());
                continue;
            }
            let (equal, list) = match (line.strip_prefix('='), line.strip_prefix('~')) {
                (Some(list), _) => (true, list),
                (_, Some(list)) => (false, list),
                _ => return Err(error("a line starts with '=', '~' or '@'")),
            };
            let written = phrases(list);
            if written.len() < 2 {
                return Err(error("a group needs two phrases"));
            }
            let members: Vec<Vec<String>> = written.iter().map(|p| analysis.terms(p)).collect();
            if members.iter().any(Vec::is_empty) {
                return Err(error("a phrase has no searchable term"));
            }
            let group = words.groups.len();
            for (member, terms) in members.iter().enumerate() {
                words.starts.entry(terms[0].clone()).or_default().push((terms.clone(), Entry::Member { group, member }));
            }
            words.groups.push(Group { equal, written, members });
        }
        for place in gazetteer.places() {
            let names = std::iter::once(&place.name).chain(place.name_en.iter()).chain(place.alt_names.iter());
            let mut analyzed: Vec<Vec<String>> =
                names.filter(|n| n.chars().filter(|c| c.is_alphabetic()).count() >= MIN_PLACE_NAME_CHARS).map(|n| analysis.terms(n)).collect();
            analyzed.retain(|terms| !terms.is_empty());
            analyzed.sort();
            analyzed.dedup();
            if !analyzed.is_empty() {
                words.add_attribute(AttributeKind::City { slug: place.slug.clone() }, place.name.clone(), analyzed);
            }
        }
        Ok(words)
    }

    /// Adds roles (`@role`) or activities (`@does`) to the family named `name`.
    fn add_family_line(&mut self, roles: bool, name: &str, list: &[String], analysis: &Analysis) {
        let family = match self.family_names.iter().position(|n| n == name) {
            Some(idx) => idx,
            None => {
                self.family_names.push(name.to_string());
                self.families.push(Family { written: Vec::new(), roles: Vec::new() });
                self.families.len() - 1
            }
        };
        for phrase in list {
            let terms = analysis.terms(phrase);
            if terms.is_empty() {
                continue;
            }
            if roles {
                self.families[family].written.push(phrase.clone());
                self.families[family].roles.push(terms.clone());
                self.role_of.insert(terms, family);
            } else {
                self.activity_of.insert(terms, family);
            }
        }
    }

    fn add_attribute(&mut self, kind: AttributeKind, label: String, names: Vec<Vec<String>>) {
        let attribute = self.attributes.len();
        for terms in names.iter().filter(|t| !t.is_empty()) {
            let entries = self.starts.entry(terms[0].clone()).or_default();
            // A name two cities share belongs to the more populous one (the gazetteer's order).
            if !entries.iter().any(|(t, e)| t == terms && matches!(e, Entry::Name { .. })) {
                entries.push((terms.clone(), Entry::Name { attribute }));
            }
        }
        self.attributes.push(Attribute { kind, label, names });
    }

    /// A group by index.
    pub fn group(&self, idx: usize) -> &Group {
        &self.groups[idx]
    }

    /// An attribute by index.
    pub fn attribute(&self, idx: usize) -> &Attribute {
        &self.attributes[idx]
    }

    /// An alias by index.
    pub fn alias(&self, idx: usize) -> &Alias {
        &self.aliases[idx]
    }

    /// A family by index.
    pub fn family(&self, idx: usize) -> &Family {
        &self.families[idx]
    }

    /// The phrases a unit stands for (a group's every form, a word itself).
    pub fn phrases_of<'a>(&'a self, unit: &'a Unit) -> Vec<&'a [String]> {
        match unit {
            Unit::Word(term) => vec![std::slice::from_ref(term)],
            Unit::Group { group, .. } => self.groups[*group].members.iter().map(Vec::as_slice).collect(),
            Unit::Alias { .. } | Unit::Attribute { .. } => Vec::new(),
        }
    }

    /// The family whose role the unit names (`programista`, `engineer`).
    pub fn role_family(&self, unit: &Unit) -> Option<usize> {
        self.phrases_of(unit).into_iter().find_map(|phrase| self.role_of.get(phrase).copied())
    }

    /// The family doing the activity the unit names (`testing` → testers).
    pub fn activity_family(&self, unit: &Unit) -> Option<usize> {
        self.phrases_of(unit).into_iter().find_map(|phrase| self.activity_of.get(phrase).copied())
    }

    /// Whether the unit is a stop word (`ds.`, `of`): left out when the query has other words.
    pub fn is_stop(&self, unit: &Unit) -> bool {
        matches!(unit, Unit::Word(term) if self.stop.contains(term))
    }

    /// Splits a query's terms into units, taking the longest known phrase at each position.
    pub fn interpret(&self, terms: &[String], groups: bool, attributes: bool) -> Vec<Unit> {
        let mut units = Vec::new();
        let mut idx = 0;
        while idx < terms.len() {
            let best = self.starts.get(&terms[idx]).and_then(|entries| {
                entries
                    .iter()
                    .filter(|(_, entry)| match entry {
                        Entry::Member { .. } | Entry::Alias { .. } => groups,
                        Entry::Name { .. } => attributes,
                    })
                    .filter(|(phrase, _)| terms[idx..].starts_with(phrase))
                    .max_by_key(|(phrase, entry)| (phrase.len(), !matches!(entry, Entry::Member { .. })))
            });
            match best {
                Some((phrase, Entry::Member { group, member })) => {
                    units.push(Unit::Group { group: *group, typed: *member });
                    idx += phrase.len();
                }
                Some((phrase, Entry::Alias { alias, spelling })) => {
                    units.push(Unit::Alias { alias: *alias, spelling: *spelling });
                    idx += phrase.len();
                }
                Some((phrase, Entry::Name { attribute })) => {
                    units.push(Unit::Attribute { attribute: *attribute, typed: phrase.clone() });
                    idx += phrase.len();
                }
                None => {
                    units.push(Unit::Word(terms[idx].clone()));
                    idx += 1;
                }
            }
        }
        units
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words() -> (QueryWords, Analysis) {
        let analysis = Analysis::from_synonyms(include_str!("../../../index-data/synonyms.txt")).unwrap();
        let gazetteer = Gazetteer::from_json(include_str!("../../../index-data/cities.json")).unwrap();
        let words = QueryWords::parse(include_str!("../../../index-data/query-words.txt"), &gazetteer, &analysis).unwrap();
        (words, analysis)
    }

    #[test]
    fn compounds_and_translations_are_found_in_any_spelling() {
        let (words, analysis) = words();
        let units = |text: &str| words.interpret(&analysis.terms(text), true, true);
        for text in ["front end", "front-end", "frontend", "Frontend"] {
            assert!(matches!(units(text)[..], [Unit::Group { .. }]), "{text}: {:?}", units(text));
        }
        assert!(matches!(units("programistów java")[..], [Unit::Group { .. }, Unit::Word(_)]), "{:?}", units("programistów java"));
        assert!(matches!(units("uczenie maszynowe")[..], [Unit::Group { .. }]));
    }

    #[test]
    fn place_mode_and_seniority_words_are_attributes() {
        let (words, analysis) = words();
        let kind = |text: &str| match &words.interpret(&analysis.terms(text), true, true)[..] {
            [Unit::Attribute { attribute, .. }] => words.attribute(*attribute).kind.clone(),
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(kind("warsaw"), AttributeKind::City { slug: "warszawa".into() });
        assert_eq!(kind("Breslau"), AttributeKind::City { slug: "wroclaw".into() });
        assert_eq!(kind("krakow"), AttributeKind::City { slug: "krakow".into() });
        assert_eq!(kind("zdalnie"), AttributeKind::Workplace(WorkplaceType::Remote));
        assert_eq!(kind("hybrydowo"), AttributeKind::Workplace(WorkplaceType::Hybrid));
        assert_eq!(kind("młodszy"), AttributeKind::Level(ExperienceLevel::Junior));
        assert_eq!(kind("starszy"), AttributeKind::Level(ExperienceLevel::Senior));
        // Off means plain words.
        assert!(matches!(words.interpret(&analysis.terms("warsaw"), true, false)[..], [Unit::Word(_)]));
    }

    #[test]
    fn spelled_out_names_are_aliases_of_the_whole_phrase_only() {
        let (words, analysis) = words();
        let units = |text: &str| words.interpret(&analysis.terms(text), true, true);
        for (text, name) in
            [("c sharp", "c#"), ("C Sharp", "c#"), ("node js", "node.js"), ("dot net", ".net"), ("objective c", "objective-c"), ("c plus plus", "c++")]
        {
            match &units(text)[..] {
                [Unit::Alias { alias, .. }] => assert_eq!(words.alias(*alias).name, name, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
        // The parts alone stay exact tokens.
        assert_eq!(units("c"), vec![Unit::Word("c".into())]);
        assert!(matches!(units("go")[..], [Unit::Word(_)]));
        assert!(matches!(units("c sharp developer")[..], [Unit::Alias { .. }, Unit::Group { .. }]));
    }

    #[test]
    fn roles_of_either_gender_belong_to_their_family_and_activities_reach_it() {
        let (words, analysis) = words();
        let unit = |text: &str| words.interpret(&analysis.terms(text), true, true).remove(0);
        let developer = words.role_family(&unit("programista")).expect("a role");
        for text in ["programistka", "developer", "engineer", "inżynierka", "programmer"] {
            assert_eq!(words.role_family(&unit(text)), Some(developer), "{text}");
        }
        let tester = words.role_family(&unit("testerka")).expect("a role");
        for text in ["testing", "testowanie", "testy"] {
            assert_eq!(words.activity_family(&unit(text)), Some(tester), "{text}");
        }
        assert_eq!(words.role_family(&unit("java")), None);
        assert!(words.is_stop(&unit("ds.")));
    }

    #[test]
    fn contract_words_are_attributes() {
        let (words, analysis) = words();
        let kind = |text: &str| match &words.interpret(&analysis.terms(text), true, true)[..] {
            [Unit::Attribute { attribute, .. }] => words.attribute(*attribute).kind.clone(),
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(kind("uop"), AttributeKind::Contract(EmploymentKind::Permanent));
        assert_eq!(kind("umowa o pracę"), AttributeKind::Contract(EmploymentKind::Permanent));
        assert_eq!(kind("B2B"), AttributeKind::Contract(EmploymentKind::B2b));
        assert_eq!(kind("umowa zlecenie"), AttributeKind::Contract(EmploymentKind::MandateContract));
    }

    #[test]
    fn rejects_malformed_lines() {
        let (_, analysis) = words();
        let gazetteer = Gazetteer::default();
        for bad in [
            "frontend | front end",
            "= frontend",
            "@level guru: guru | mistrz",
            "@colour red: red",
            "~ a | !!!",
            "@contract gig: gig",
            "> c#",
            "> !!!: c sharp",
        ] {
            assert!(QueryWords::parse(bad, &gazetteer, &analysis).is_err(), "{bad}");
        }
    }
}
