//! A typed phrase → the scoring tree that searches it: each word as typed, plus the other forms
//! of its group (compounds weigh the same, translations less, so the typed language ranks
//! first), typo corrections from the term dictionary (weighing less, and below every exact
//! match through [`EXACT_TIER`](crate::node::EXACT_TIER)), and for place, workplace and
//! seniority words the attribute itself. Such words are optional when the phrase has other
//! words: they boost (a document having the attribute ranks in a higher tier than one that only
//! mentions its name, or neither), never silently filter.

use tantivy::schema::Field;
use tantivy::{Searcher, Term};
use wakat_core::filters::SearchVariant;

use crate::analysis::Analysis;
use crate::fuzzy::{allowed_edits, CorrectionCache};
use crate::node::{Node, Role, MAX_TYPED_LANGUAGE_BONUSES, TYPED_LANGUAGE_BONUS};
use crate::salarywords;
use crate::schema::Fields;
use crate::understand::{AttributeKind, QueryWords, Unit};
use crate::{RankingConfig, Result};

/// A word of the query that names an attribute the person can turn into a filter.
#[derive(Debug, Clone, PartialEq)]
pub struct Chip {
    /// What it names.
    pub kind: AttributeKind,
    /// How to show it (the city's name, the vocabulary's label).
    pub label: String,
    /// The words typed (analyzed).
    pub typed: String,
}

/// A typo correction searched.
#[derive(Debug, Clone, PartialEq)]
pub struct CorrectionUsed {
    /// The word typed (analyzed).
    pub typed: String,
    /// The dictionary term searched as well.
    pub corrected: String,
    /// Whether the typed word itself is in the dictionary (then the correction only adds).
    pub typed_found: bool,
}

/// What the query was understood as.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Understanding {
    /// Place, workplace and seniority words.
    pub chips: Vec<Chip>,
    /// Typo corrections searched.
    pub corrections: Vec<CorrectionUsed>,
    /// Other forms searched: (typed, form), as written in the word list.
    pub synonyms: Vec<(String, String)>,
}

/// Everything building a phrase's tree needs.
pub(crate) struct TextContext<'a> {
    pub fields: &'a Fields,
    pub analysis: &'a Analysis,
    pub words: &'a QueryWords,
    pub ranking: &'a RankingConfig,
    pub searcher: &'a Searcher,
    pub corrections: &'a CorrectionCache,
}

impl TextContext<'_> {
    fn text_fields(&self, variant: SearchVariant) -> Vec<(Field, &'static str, f32)> {
        let (f, r) = (self.fields, self.ranking);
        match variant {
            SearchVariant::Keyword => {
                vec![
                    (f.title, "title", r.title_boost),
                    (f.skills, "skills", r.skills_boost),
                    (f.company, "company", r.company_boost),
                    (f.place, "place", r.place_boost),
                ]
            }
            SearchVariant::Titles => vec![(f.title, "title", 1.0)],
            SearchVariant::Companies => vec![(f.company, "company", 1.0)],
            SearchVariant::Skills => vec![(f.skills, "skills", 1.0)],
        }
    }

    /// The tree of one phrase, or `None` when it has no searchable term.
    pub(crate) fn phrase(&self, variant: SearchVariant, phrase: &str, understanding: &mut Understanding) -> Result<Option<Node>> {
        let ranking = self.ranking;
        let attributes = ranking.place_words && variant == SearchVariant::Keyword;
        // Salaries are offered as the salary filter and never searched as text.
        let (phrase, salaries) = match attributes {
            true => salarywords::extract(phrase),
            false => (phrase.to_string(), Vec::new()),
        };
        for (bound, typed) in salaries {
            let chip = Chip { kind: AttributeKind::Salary(bound), label: String::new(), typed };
            if !understanding.chips.iter().any(|c| c.kind == chip.kind) {
                understanding.chips.push(chip);
            }
        }
        let terms = self.analysis.terms(&phrase);
        if terms.is_empty() {
            return Ok(None);
        }
        let fields = self.text_fields(variant);
        let text = |term: &str, role: Role, weight: f32| -> Node {
            let alternatives = fields
                .iter()
                .map(|&(field, field_name, boost)| Node::Term { field, field_name, text: term.to_string(), boost: boost * weight, role: role.clone() })
                .collect();
            Node::any(alternatives).expect("every variant searches a field")
        };
        let groups = ranking.synonyms && variant != SearchVariant::Companies;
        let mut units = self.words.interpret(&terms, groups, attributes);
        // `specjalista ds. marketingu`: joining words say nothing when others do.
        if units.iter().any(|u| !self.words.is_stop(u)) {
            units.retain(|u| !self.words.is_stop(u));
        }
        // With a skill in the phrase, a role word ranks (its whole family: developer, engineer,
        // programista, inżynier) instead of filtering: "programista java" keeps "Java Engineer".
        let families = groups && variant == SearchVariant::Keyword;
        let skill_present = families && self.has_skill(&units)?;
        let mut content = Vec::new();
        let mut boosts = Vec::new();
        let mut tiers = Vec::new();
        let mut preferred = Vec::new();
        for unit in &units {
            // A role made optional by a skill only ranks by its BM25: a bonus would lift every
            // offer naming the typed role above those naming the skill in the title.
            let optional_role = skill_present && self.words.role_family(unit).is_some();
            let node = match unit {
                Unit::Word(term) => self.word(term, &fields, &text, understanding)?,
                Unit::Group { group, typed } => {
                    let members = &self.words.group(*group);
                    if !members.equal && !optional_role {
                        // The typed language ranks first whatever the terms' frequencies (a rare
                        // translation's BM25 would outweigh a common typed word's).
                        let typed_form = Node::all(members.members[*typed].iter().map(|term| text(term, Role::Typed, 1.0)).collect());
                        preferred.push((typed_form, members.written[*typed].clone()));
                    }
                    self.group_node(*group, *typed, &text, understanding)
                }
                Unit::Alias { alias, spelling } => {
                    let alias = self.words.alias(*alias);
                    note_synonym(understanding, &alias.written[*spelling], &alias.name);
                    let role = Role::Synonym { typed: alias.written[*spelling].clone(), form: alias.name.clone() };
                    Node::all(alias.terms.iter().map(|term| text(term, role.clone(), 1.0)).collect())
                }
                Unit::Attribute { attribute, typed } => {
                    let attribute = self.words.attribute(*attribute);
                    let role = Role::AttributeName { label: attribute.label.clone() };
                    let mut alternatives: Vec<Node> =
                        attribute.names().iter().map(|name| Node::all(name.iter().map(|term| text(term, role.clone(), 1.0)).collect())).collect();
                    if let Some(attribute_leaf) = self.attribute_leaf(&attribute.kind) {
                        alternatives.push(attribute_leaf.clone());
                        // Having the attribute ranks above only mentioning its name ("Gdynia or Warsaw").
                        tiers.push(Node::Tier(Box::new(attribute_leaf)));
                    }
                    boosts.push(Node::any(alternatives).expect("an attribute has its names"));
                    let chip = Chip { kind: attribute.kind.clone(), label: attribute.label.clone(), typed: typed.join(" ") };
                    if !understanding.chips.contains(&chip) {
                        understanding.chips.push(chip);
                    }
                    continue;
                }
            };
            let (role_family, activity_family) = match families {
                true => (self.words.role_family(unit), self.words.activity_family(unit)),
                false => (None, None),
            };
            match (role_family, activity_family) {
                (Some(family), _) if skill_present => {
                    // Optional: the role's words add their BM25, so role-named offers rank first.
                    boosts
                        .push(Node::any(std::iter::once(node).chain(self.family_node(family, unit, &text, understanding)).collect()).expect("the typed form"));
                }
                (_, Some(family)) => {
                    content
                        .push(Node::any(std::iter::once(node).chain(self.family_node(family, unit, &text, understanding)).collect()).expect("the typed form"));
                }
                _ => content.push(node),
            }
        }
        if content.is_empty() && boosts.is_empty() {
            return Ok(None);
        }
        let bonuses = preferred.into_iter().take(MAX_TYPED_LANGUAGE_BONUSES).map(|(inner, what)| Node::Bonus {
            inner: Box::new(inner),
            score: TYPED_LANGUAGE_BONUS,
            what: format!("typed language: {what}"),
        });
        tiers.extend(bonuses);
        Ok(Some(match content.is_empty() {
            // Only attribute words: the person asks for them.
            true => Node::Bool { must: boosts, should: tiers },
            // Optional words: a document having the attribute ranks in a higher tier.
            false => Node::Bool { must: content, should: boosts.into_iter().chain(tiers).collect() },
        }))
    }

    /// The constant a document having the attribute gets (`None`: nothing in a document says it).
    fn attribute_leaf(&self, kind: &AttributeKind) -> Option<Node> {
        let (term, what) = match kind {
            AttributeKind::City { slug } => (Term::from_field_text(self.fields.city, slug), format!("city={slug}")),
            AttributeKind::Workplace(value) => (Term::from_field_u64(self.fields.workplace, value.code()), format!("workplace={}", value.as_str())),
            AttributeKind::Level(value) => (Term::from_field_u64(self.fields.experience, value.code()), format!("experience={}", value.as_str())),
            AttributeKind::Contract(value) => (Term::from_field_u64(self.fields.employment, value.code()), format!("employment={}", value.as_str())),
            AttributeKind::Salary(_) => return None,
        };
        Some(Node::Attribute { term, what, score: self.ranking.attribute_boost })
    }

    /// A group's forms: the typed one, the others as compounds (weight 1) or translations.
    fn group_node(&self, group: usize, typed: usize, text: &dyn Fn(&str, Role, f32) -> Node, understanding: &mut Understanding) -> Node {
        let group = self.words.group(group);
        let typed_form = &group.written[typed];
        let forms = group.members.iter().enumerate().map(|(idx, member)| {
            let (role, weight) = match idx == typed {
                true => (Role::Typed, 1.0),
                false => {
                    let form = group.written[idx].clone();
                    note_synonym(understanding, typed_form, &form);
                    let weight = if group.equal { 1.0 } else { self.ranking.synonym_weight };
                    (Role::Synonym { typed: typed_form.clone(), form }, weight)
                }
            };
            Node::all(member.iter().map(|term| text(term, role.clone(), weight)).collect())
        });
        Node::any(forms.collect()).expect("a group has forms")
    }

    /// The roles of a family, weighing `family_weight`.
    fn family_node(&self, family: usize, unit: &Unit, text: &dyn Fn(&str, Role, f32) -> Node, understanding: &mut Understanding) -> Option<Node> {
        let family = self.words.family(family);
        let typed = &self.typed_form(unit);
        // The unit's own forms are searched already, with their own weights.
        let own = self.words.phrases_of(unit);
        let others = family.roles.iter().zip(&family.written).filter(|(role_terms, _)| !own.contains(&role_terms.as_slice()));
        let forms = others.map(|(role_terms, form)| {
            note_synonym(understanding, typed, form);
            let role = Role::Synonym { typed: typed.to_string(), form: form.clone() };
            Node::all(role_terms.iter().map(|term| text(term, role.clone(), self.ranking.family_weight)).collect())
        });
        Node::any(forms.collect())
    }

    /// How a unit was typed, for the notes.
    fn typed_form(&self, unit: &Unit) -> String {
        match unit {
            Unit::Group { group, typed } => self.words.group(*group).written[*typed].clone(),
            Unit::Word(term) => term.clone(),
            Unit::Alias { alias, spelling } => self.words.alias(*alias).written[*spelling].clone(),
            Unit::Attribute { typed, .. } => typed.join(" "),
        }
    }

    /// Whether a unit other than a role names a skill: a spelled-out technology name, or a word
    /// some offer lists among its skills (a term dictionary lookup per segment, independent of
    /// the number of offers).
    fn has_skill(&self, units: &[Unit]) -> Result<bool> {
        for unit in units {
            let skill = match unit {
                Unit::Alias { .. } => true,
                Unit::Word(term) if self.words.role_family(unit).is_none() && self.words.activity_family(unit).is_none() => {
                    self.searcher.doc_freq(&Term::from_field_text(self.fields.skills, term))? > 0
                }
                _ => false,
            };
            if skill {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// A plain word: as typed, and with its corrections when typos are tolerated.
    fn word(
        &self,
        term: &str,
        fields: &[(Field, &'static str, f32)],
        text: &dyn Fn(&str, Role, f32) -> Node,
        understanding: &mut Understanding,
    ) -> Result<Node> {
        let exact = text(term, Role::Typed, 1.0);
        let edits = allowed_edits(term);
        if !self.ranking.typo_tolerance || edits == 0 {
            return Ok(exact);
        }
        let field_list: Vec<Field> = fields.iter().map(|(field, _, _)| *field).collect();
        let found = self.corrections.corrections(self.searcher, &field_list, term, edits, self.ranking.max_corrections)?;
        if found.is_empty() {
            return Ok(exact);
        }
        let typed_found = field_list.iter().map(|field| self.searcher.doc_freq(&Term::from_field_text(*field, term))).sum::<tantivy::Result<u64>>()? > 0;
        let mut alternatives = vec![exact.clone(), Node::Tier(Box::new(exact))];
        for correction in found {
            let role = Role::Correction { typed: term.to_string(), corrected: correction.term.clone() };
            alternatives.push(text(&correction.term, role, self.ranking.correction_weight));
            understanding.corrections.push(CorrectionUsed { typed: term.to_string(), corrected: correction.term, typed_found });
        }
        Ok(Node::any(alternatives).expect("alternatives"))
    }
}

/// Notes another form searched for a typed one, once.
fn note_synonym(understanding: &mut Understanding, typed: &str, form: &str) {
    if !understanding.synonyms.iter().any(|(t, f)| t == typed && f == form) {
        understanding.synonyms.push((typed.to_string(), form.to_string()));
    }
}
