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
use crate::node::{Node, Role};
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
        let terms = self.analysis.terms(phrase);
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
        let ranking = self.ranking;
        let groups = ranking.synonyms && variant != SearchVariant::Companies;
        let attributes = ranking.place_words && variant == SearchVariant::Keyword;
        let mut content = Vec::new();
        let mut boosts = Vec::new();
        let mut tiers = Vec::new();
        for unit in self.words.interpret(&terms, groups, attributes) {
            match unit {
                Unit::Word(term) => content.push(self.word(&term, &fields, &text, understanding)?),
                Unit::Group { group, typed } => {
                    let group = self.words.group(group);
                    let typed_form = &group.written[typed];
                    let forms = group.members.iter().enumerate().map(|(idx, member)| {
                        let (role, weight) = match idx == typed {
                            true => (Role::Typed, 1.0),
                            false => {
                                let form = group.written[idx].clone();
                                if !understanding.synonyms.iter().any(|(t, f)| t == typed_form && *f == form) {
                                    understanding.synonyms.push((typed_form.clone(), form.clone()));
                                }
                                let weight = if group.equal { 1.0 } else { ranking.synonym_weight };
                                (Role::Synonym { typed: typed_form.clone(), form }, weight)
                            }
                        };
                        Node::all(member.iter().map(|term| text(term, role.clone(), weight)).collect())
                    });
                    content.push(Node::any(forms.collect()).expect("a group has forms"));
                }
                Unit::Attribute { attribute, typed } => {
                    let attribute = self.words.attribute(attribute);
                    let role = Role::AttributeName { label: attribute.label.clone() };
                    let mut alternatives: Vec<Node> =
                        attribute.names().iter().map(|name| Node::all(name.iter().map(|term| text(term, role.clone(), 1.0)).collect())).collect();
                    let (term, what) = match &attribute.kind {
                        AttributeKind::City { slug } => (Term::from_field_text(self.fields.city, slug), format!("city={slug}")),
                        AttributeKind::Workplace(value) => (Term::from_field_u64(self.fields.workplace, value.code()), format!("workplace={}", value.as_str())),
                        AttributeKind::Level(value) => (Term::from_field_u64(self.fields.experience, value.code()), format!("experience={}", value.as_str())),
                    };
                    let attribute_leaf = Node::Attribute { term, what, score: ranking.attribute_boost };
                    alternatives.push(attribute_leaf.clone());
                    boosts.push(Node::any(alternatives).expect("an attribute has its term"));
                    // Having the attribute ranks above only mentioning its name ("Gdynia or Warsaw").
                    tiers.push(Node::Tier(Box::new(attribute_leaf)));
                    let chip = Chip { kind: attribute.kind.clone(), label: attribute.label.clone(), typed: typed.join(" ") };
                    if !understanding.chips.contains(&chip) {
                        understanding.chips.push(chip);
                    }
                }
            }
        }
        Ok(Some(match content.is_empty() {
            // Only attribute words: the person asks for them.
            true => Node::Bool { must: boosts, should: tiers },
            // Optional words: a document having the attribute ranks in a higher tier.
            false => Node::Bool { must: content, should: boosts.into_iter().chain(tiers).collect() },
        }))
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
