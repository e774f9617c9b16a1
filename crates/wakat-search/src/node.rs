//! The scoring part of a text query as our own tree, turned into tantivy queries for searching
//! and evaluated leaf by leaf for the explain call. Every node scores as tantivy does (a boolean
//! sums the scores of its matching clauses, a boost multiplies, a constant is constant), so the
//! parts the explain call lists add up to the score the search computed.

use serde::Serialize;
use tantivy::query::{BooleanQuery, BoostQuery, ConstScoreQuery, Occur, Query, TermQuery};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::{DocAddress, Searcher, Term};

use crate::Result;

/// Added once per corrected query word to the documents that match the word as typed (or by a
/// synonym), and once per place, workplace or seniority attribute a document has: the
/// collector ranks by how many such words a document matched before anything else, so exact
/// matches always rank above corrected ones, and offers having an attribute named in the query
/// above the others. Larger than
/// any BM25 sum.
pub const EXACT_TIER: f32 = 10_000.0;

/// Added once per translated word of a phrase (at most [`MAX_TYPED_LANGUAGE_BONUSES`]) to the
/// documents matching it in the language it was typed in. The collector reads how many such
/// bonuses a score holds (above any BM25 sum, below [`EXACT_TIER`]) and ranks by them right after
/// the tiers and before relevance × freshness: the typed language ranks first whatever the terms'
/// frequencies (a rare translation's BM25 would outweigh a common typed word's), yet below a
/// seniority or city the query names.
pub const TYPED_LANGUAGE_BONUS: f32 = 1_000.0;

/// Most typed-language bonuses one phrase adds (so a score's bonuses stay below [`EXACT_TIER`]).
pub const MAX_TYPED_LANGUAGE_BONUSES: usize = 3;

/// Why a term is searched.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Role {
    /// As typed.
    Typed,
    /// Another form of a group (a translation or compound spelling).
    Synonym {
        /// The form typed.
        typed: String,
        /// The form searched.
        form: String,
    },
    /// A typo correction of a typed word.
    Correction {
        /// The word typed (as analyzed).
        typed: String,
        /// The dictionary term searched instead.
        corrected: String,
    },
    /// A name of a place, workplace type or seniority.
    AttributeName {
        /// The attribute's label.
        label: String,
    },
}

/// A node of the scoring tree.
#[derive(Debug, Clone)]
pub(crate) enum Node {
    /// BM25 of a term in a text field, times a boost.
    Term { field: Field, field_name: &'static str, text: String, boost: f32, role: Role },
    /// A constant when the document has an indexed value (an attribute: city, workplace, level).
    Attribute { term: Term, what: String, score: f32 },
    /// All of `must` (summed), plus any of `should` that match (summed); with no `must`, at
    /// least one `should`.
    Bool { must: Vec<Node>, should: Vec<Node> },
    /// [`EXACT_TIER`] when the inner node matches.
    Tier(Box<Node>),
    /// A constant when the inner node matches (a word matched in the language it was typed in).
    Bonus { inner: Box<Node>, score: f32, what: String },
}

/// One part of a document's score.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ScorePart {
    /// `bm25`, `attribute`, `exactTier` or `typedLanguage`.
    pub kind: &'static str,
    /// The text field (for `bm25`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<&'static str>,
    /// The term searched, or the attribute's description.
    pub term: String,
    /// Why it was searched.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<Role>,
    /// BM25 before the boost (for `bm25`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bm25: Option<f32>,
    /// The boost applied (for `bm25`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub boost: Option<f32>,
    /// What the part adds to the score.
    pub score: f32,
}

impl Node {
    /// Any of the nodes (none: `None`).
    pub(crate) fn any(nodes: Vec<Node>) -> Option<Node> {
        match nodes.len() {
            0 => None,
            1 => nodes.into_iter().next(),
            _ => Some(Node::Bool { must: Vec::new(), should: nodes }),
        }
    }

    /// All of the nodes.
    pub(crate) fn all(nodes: Vec<Node>) -> Node {
        if nodes.len() == 1 {
            return nodes.into_iter().next().expect("one node");
        }
        Node::Bool { must: nodes, should: Vec::new() }
    }

    /// The tantivy query scoring like this node.
    pub(crate) fn query(&self) -> Box<dyn Query> {
        match self {
            Node::Term { field, text, boost, .. } => {
                let query = Box::new(TermQuery::new(Term::from_field_text(*field, text), IndexRecordOption::WithFreqs));
                match *boost == 1.0 {
                    true => query,
                    false => Box::new(BoostQuery::new(query, *boost)),
                }
            }
            Node::Attribute { term, score, .. } => Box::new(ConstScoreQuery::new(Box::new(TermQuery::new(term.clone(), IndexRecordOption::Basic)), *score)),
            Node::Bool { must, should } => {
                let clauses = must.iter().map(|n| (Occur::Must, n.query())).chain(should.iter().map(|n| (Occur::Should, n.query()))).collect();
                Box::new(BooleanQuery::new(clauses))
            }
            Node::Tier(inner) => Box::new(ConstScoreQuery::new(inner.query(), EXACT_TIER)),
            Node::Bonus { inner, score, .. } => Box::new(ConstScoreQuery::new(inner.query(), *score)),
        }
    }

    /// The parts of the score of one document, or `None` when the node does not match it.
    pub(crate) fn explain(&self, searcher: &Searcher, doc: DocAddress) -> Result<Option<Vec<ScorePart>>> {
        Ok(match self {
            Node::Term { field, field_name, text, boost, role } => {
                let query = TermQuery::new(Term::from_field_text(*field, text), IndexRecordOption::WithFreqs);
                leaf_score(searcher, &query, doc)?.map(|bm25| {
                    vec![ScorePart {
                        kind: "bm25",
                        field: Some(field_name),
                        term: text.clone(),
                        role: Some(role.clone()),
                        bm25: Some(bm25),
                        boost: Some(*boost),
                        score: bm25 * boost,
                    }]
                })
            }
            Node::Attribute { term, what, score } => {
                let query = TermQuery::new(term.clone(), IndexRecordOption::Basic);
                leaf_score(searcher, &query, doc)?
                    .map(|_| vec![ScorePart { kind: "attribute", field: None, term: what.clone(), role: None, bm25: None, boost: None, score: *score }])
            }
            Node::Bool { must, should } => {
                let mut parts = Vec::new();
                for node in must {
                    match node.explain(searcher, doc)? {
                        Some(more) => parts.extend(more),
                        None => return Ok(None),
                    }
                }
                let mut any_should = false;
                for node in should {
                    if let Some(more) = node.explain(searcher, doc)? {
                        any_should = true;
                        parts.extend(more);
                    }
                }
                (!must.is_empty() || any_should).then_some(parts)
            }
            Node::Tier(inner) => inner.explain(searcher, doc)?.map(|_| {
                vec![ScorePart {
                    kind: "exactTier",
                    field: None,
                    term: "query word matched as typed, or attribute held".into(),
                    role: None,
                    bm25: None,
                    boost: None,
                    score: EXACT_TIER,
                }]
            }),
            Node::Bonus { inner, score, what } => inner
                .explain(searcher, doc)?
                .map(|_| vec![ScorePart { kind: "typedLanguage", field: None, term: what.clone(), role: None, bm25: None, boost: None, score: *score }]),
        })
    }
}

/// The score of a single-term query for one document, `None` when it does not match.
fn leaf_score(searcher: &Searcher, query: &TermQuery, doc: DocAddress) -> Result<Option<f32>> {
    match query.explain(searcher, doc) {
        Ok(explanation) => Ok(Some(explanation.value())),
        Err(tantivy::TantivyError::InvalidArgument(_)) => Ok(None),
        Err(e) => Err(e.into()),
    }
}
