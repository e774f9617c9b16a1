//! Tools for the engineers who tune ranking: why an offer scores what it scores for a query, and
//! the nearest correction of a query that finds nothing.

use tantivy::collector::TopDocs;
use tantivy::query::{Query, TermQuery};
use tantivy::schema::IndexRecordOption;
use tantivy::{DocAddress, Term};
use wakat_core::Filters;

use crate::collect::{freshness, split_score};
use crate::fuzzy::{corrections, ONE_EDIT_CHARS};
use crate::index::ListRequest;
use crate::node::ScorePart;
use crate::schema::names;
use crate::sort::SortSpec;
use crate::understand::Unit;
use crate::{Result, SearchIndex, Understanding};

/// Deepest position the explain call looks for the offer in the list.
const EXPLAIN_RANK_DEPTH: usize = 1000;

/// The score of one offer location for one query, broken down.
#[derive(Debug, Clone)]
pub struct Explanation {
    /// The location's slug.
    pub slug: String,
    /// Whether the query matches the document at all.
    pub matched: bool,
    /// The score tantivy computed for the whole query (`None` when not matched).
    pub score: Option<f32>,
    /// The parts of the score: they add up to `score`.
    pub parts: Vec<ScorePart>,
    /// Query words matched as typed, each worth [`EXACT_TIER`](crate::node::EXACT_TIER) in `score`; ranks first.
    pub exact_tier: u32,
    /// Words matched in the language they were typed in, each worth
    /// [`TYPED_LANGUAGE_BONUS`](crate::node::TYPED_LANGUAGE_BONUS) in `score`; ranks after the
    /// exact tier, before relevance.
    pub typed_language: u32,
    /// `score` without the tiers and the typed-language bonuses.
    pub relevance: f64,
    /// Freshness in (0, 1]: halves every half-life.
    pub freshness: f64,
    /// The weight of freshness.
    pub freshness_weight: f64,
    /// `relevance × (1 + freshness_weight × freshness)`: the ranking key within the tier.
    pub final_score: f64,
    /// Whether the sort ranks by relevance (a text query sorted by `published`, descending).
    pub relevance_sort: bool,
    /// 1-based position in the list (within the first 1,000), `None` when not listed there.
    pub rank: Option<usize>,
    /// What the query was understood as.
    pub understanding: Understanding,
}

/// A corrected query that finds offers.
#[derive(Debug, Clone, PartialEq)]
pub struct DidYouMean {
    /// The keyword phrases, corrected.
    pub keywords: Vec<String>,
    /// Offers they find.
    pub count: usize,
}

impl SearchIndex {
    /// Explains the score of the location `slug` for a listing request (its paging is ignored).
    /// `None` when the board has no such location.
    pub fn explain(&self, request: &ListRequest<'_>, slug: &str) -> Result<Option<Explanation>> {
        let Some(tenant) = request.tenant else { return Ok(None) };
        let searcher = self.reader.searcher();
        let Some(address) = self.slug_address(&searcher, tenant, slug)? else { return Ok(None) };
        let plan = self.plan_ranked(&searcher, Some(tenant), request.filters, &self.config.ranking)?;
        let understanding = plan.understanding.clone();
        let text = plan.text.clone();
        // The search's own score of the document: the plan's query (its union of parts, for a
        // radius) narrowed to the document, collected by score. tantivy's `Query::explain` is not
        // used: it may seek backwards on documents before the first match.
        let mut score = None;
        let only_this = |query: Box<dyn Query>| {
            tantivy::query::BooleanQuery::new(vec![
                (tantivy::query::Occur::Must, query),
                (
                    tantivy::query::Occur::Must,
                    Box::new(tantivy::query::ConstScoreQuery::new(
                        Box::new(TermQuery::new(Term::from_field_text(self.fields.slug, slug), IndexRecordOption::Basic)),
                        0.0,
                    )) as Box<dyn Query>,
                ),
            ])
        };
        for (query, _) in plan.parts() {
            let top = searcher.search(&only_this(query), &TopDocs::with_limit(1).order_by_score())?;
            if let Some((value, _)) = top.into_iter().find(|(_, found)| *found == address) {
                score = Some(value);
                break;
            }
        }
        let parts = match (&text, score) {
            (Some(text), Some(_)) => text.explain(&searcher, address)?.unwrap_or_default(),
            _ => Vec::new(),
        };
        let published = searcher.segment_reader(address.segment_ord).fast_fields().i64(names::PUBLISHED)?.first(address.doc_id).unwrap_or(0);
        let ranking = self.config.ranking;
        let (exact_tier, bonuses, relevance) = split_score(score.unwrap_or(0.0));
        let freshness = freshness(published, request.now, &ranking);
        let freshness_weight = ranking.freshness_weight as f64;
        let sort = SortSpec::new(request.sort, text.is_some(), request.now, ranking);
        let listing = ListRequest { offset: 0, limit: EXPLAIN_RANK_DEPTH, count_categories: false, ..request.clone() };
        let rank = score.is_some().then(|| self.list(&listing)).transpose()?.and_then(|list| list.hits.iter().position(|hit| hit.slug == slug).map(|p| p + 1));
        Ok(Some(Explanation {
            slug: slug.to_string(),
            matched: score.is_some(),
            score,
            parts,
            exact_tier,
            typed_language: bonuses,
            relevance,
            freshness,
            freshness_weight,
            final_score: relevance * (1.0 + freshness_weight * freshness),
            relevance_sort: matches!(sort, SortSpec::Relevance { .. }),
            rank,
            understanding,
        }))
    }

    fn slug_address(&self, searcher: &tantivy::Searcher, tenant: &str, slug: &str) -> Result<Option<DocAddress>> {
        let query = tantivy::query::BooleanQuery::intersection(vec![
            Box::new(TermQuery::new(Term::from_field_text(self.fields.tenant, tenant), IndexRecordOption::Basic)) as Box<dyn Query>,
            Box::new(TermQuery::new(Term::from_field_text(self.fields.slug, slug), IndexRecordOption::Basic)),
        ]);
        Ok(searcher.search(&query, &TopDocs::with_limit(1).order_by_score())?.first().map(|(_, address)| *address))
    }

    /// The nearest correction of the keywords: each word the dictionary does not know (and the
    /// word lists do not understand) becomes the most frequent term within two edits (one for
    /// words under 5 letters; technology tokens are kept). `None` when nothing changes or the
    /// corrected query finds nothing either.
    pub fn did_you_mean(&self, tenant: &str, filters: &Filters, now: i64) -> Result<Option<DidYouMean>> {
        if filters.keywords.is_empty() {
            return Ok(None);
        }
        let searcher = self.reader.searcher();
        let fields = [self.fields.title, self.fields.skills, self.fields.company, self.fields.place];
        let analysis = &self.config.analysis;
        let mut changed = false;
        let mut keywords = Vec::with_capacity(filters.keywords.len());
        for phrase in &filters.keywords {
            let mut words = Vec::new();
            for word in phrase.split_whitespace() {
                let terms = analysis.terms(word);
                let [term] = &terms[..] else {
                    words.push(word.to_string());
                    continue;
                };
                let known = fields.iter().map(|field| searcher.doc_freq(&Term::from_field_text(*field, term))).sum::<tantivy::Result<u64>>()? > 0;
                let understood = !matches!(self.config.words.interpret(std::slice::from_ref(term), true, true)[..], [Unit::Word(_)]);
                let letters = term.chars().count();
                if known || understood || letters < 3 || !term.chars().all(char::is_alphabetic) {
                    words.push(word.to_string());
                    continue;
                }
                let edits = if letters >= ONE_EDIT_CHARS { 2 } else { 1 };
                match corrections(&searcher, &fields, term, edits, 1)?.into_iter().next() {
                    Some(best) => {
                        changed = true;
                        words.push(best.term);
                    }
                    None => words.push(word.to_string()),
                }
            }
            keywords.push(words.join(" "));
        }
        if !changed {
            return Ok(None);
        }
        let corrected = Filters { keywords: keywords.clone(), ..filters.clone() };
        let count = self.count(Some(tenant), &corrected, now)?;
        Ok((count > 0).then_some(DidYouMean { keywords, count }))
    }
}
