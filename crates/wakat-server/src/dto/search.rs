//! What a list answer says about the text query (added fields: older clients ignore them), and
//! the explain call's answer.

use serde::Serialize;
use utoipa::ToSchema;
use wakat_search::{AttributeKind, DidYouMean, SalaryBound, Understanding};

/// `meta.search` of a list answer with a text query: how it was understood.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchNotes {
    /// Nothing matched.
    pub no_results: bool,
    /// Place, workplace, seniority and contract words (they boost) and typed salaries (never
    /// searched as text): each can become a real filter.
    pub chips: Vec<SearchChip>,
    /// Typo corrections searched as well as the typed word.
    pub corrections: Vec<CorrectionNote>,
    /// Other forms searched (translations, compound spellings).
    pub synonyms: Vec<SynonymNote>,
    /// When nothing matched: the nearest corrected query that finds offers, with its count.
    pub did_you_mean: Option<DidYouMeanNote>,
}

/// A word of the query naming an attribute.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchChip {
    /// `city`, `workplace`, `experience`, `contract` or `salary`.
    pub kind: &'static str,
    /// The attribute's name in the answer's language.
    pub label: String,
    /// The word(s) typed, as analyzed.
    pub typed: String,
    /// The list parameter that filters by it (`city`, `workplaceType`, `experienceLevels`,
    /// `employmentTypes`, `salaryMin`, `salaryMax`).
    pub filter: &'static str,
    /// The parameter's value (`warszawa`, `remote`, `senior`, `b2b`, `15000`; a salary in the
    /// request's currency, per month).
    pub value: String,
    /// Whether the request already filters by it.
    pub applied: bool,
}

/// A typo correction searched.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CorrectionNote {
    /// The word typed (as analyzed).
    pub typed: String,
    /// The word searched as well.
    pub corrected: String,
    /// Whether the typed word itself is known (then the correction only adds results).
    pub typed_found: bool,
}

/// Another form of a typed word that was searched.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SynonymNote {
    /// The form typed.
    pub typed: String,
    /// The form searched as well.
    pub form: String,
}

/// "Did you mean …".
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DidYouMeanNote {
    /// The corrected keywords (for `keywords[]`).
    pub keywords: Vec<String>,
    /// The corrected query as one text.
    pub query: String,
    /// Offers it finds.
    pub count: usize,
}

impl SearchNotes {
    /// Renders what the engine understood; `applied` tells which chips the filters already hold.
    pub fn new(
        understanding: &Understanding,
        total: usize,
        did_you_mean: Option<&DidYouMean>,
        lang: &str,
        currency: &str,
        applied: impl Fn(&str, &str) -> bool,
    ) -> SearchNotes {
        let chips = understanding
            .chips
            .iter()
            .map(|chip| {
                let (kind, filter, value, label) = match &chip.kind {
                    AttributeKind::City { slug } => ("city", "city", slug.clone(), chip.label.clone()),
                    AttributeKind::Workplace(v) => ("workplace", "workplaceType", v.as_str().to_string(), v.label(lang).to_string()),
                    AttributeKind::Level(v) => ("experience", "experienceLevels", v.as_str().to_string(), v.label(lang).to_string()),
                    AttributeKind::Contract(v) => ("contract", "employmentTypes", v.as_str().to_string(), v.label(lang).to_string()),
                    AttributeKind::Salary(bound) => salary_chip(*bound, lang, currency),
                };
                SearchChip { kind, label, typed: chip.typed.clone(), filter, applied: applied(filter, &value), value }
            })
            .collect();
        SearchNotes {
            no_results: total == 0,
            chips,
            corrections: understanding
                .corrections
                .iter()
                .map(|c| CorrectionNote { typed: c.typed.clone(), corrected: c.corrected.clone(), typed_found: c.typed_found })
                .collect(),
            synonyms: understanding.synonyms.iter().map(|(typed, form)| SynonymNote { typed: typed.clone(), form: form.clone() }).collect(),
            did_you_mean: did_you_mean.map(|d| DidYouMeanNote { query: d.keywords.join(" "), keywords: d.keywords.clone(), count: d.count }),
        }
    }
}

/// A typed salary's chip: kind, filter, value and label (`od 15 000 PLN`, `from 15,000 PLN`).
fn salary_chip(bound: SalaryBound, lang: &str, currency: &str) -> (&'static str, &'static str, String, String) {
    let (filter, amount, pl, en) = match bound {
        SalaryBound::AtLeast(amount) => ("salaryMin", amount, "od", "from"),
        SalaryBound::AtMost(amount) => ("salaryMax", amount, "do", "up to"),
    };
    let (word, separator) = if lang == "pl" { (pl, ' ') } else { (en, ',') };
    let digits = amount.to_string();
    let mut grouped = String::new();
    for (idx, digit) in digits.chars().enumerate() {
        if idx > 0 && (digits.len() - idx) % 3 == 0 {
            grouped.push(separator);
        }
        grouped.push(digit);
    }
    ("salary", filter, amount.to_string(), format!("{word} {grouped} {currency}"))
}

/// `GET …/offers/explain`: one offer's score for a list query, broken down.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExplainAnswer {
    /// The location explained.
    pub slug: String,
    /// Whether the query matches it.
    pub matched: bool,
    /// The search's score for the whole query (the sum of `parts`), `null` when not matched.
    pub score: Option<f32>,
    /// Per field BM25 of each searched term (typed, synonym, correction, attribute name, with
    /// its boost), attribute bonuses and exact-match tiers: they add up to `score`.
    #[schema(value_type = Vec<Object>)]
    pub parts: Vec<wakat_search::node::ScorePart>,
    /// Query words matched as typed (each worth 10,000 in `score`): ranks before relevance.
    pub exact_tier: u32,
    /// Translated words matched in the language they were typed in (each worth 1,000 in
    /// `score`): ranks after the exact tier, before relevance.
    pub typed_language: u32,
    /// `score` minus the tiers and the typed-language bonuses.
    pub relevance: f64,
    /// Freshness in (0, 1]: halves every `freshness_half_life_days`.
    pub freshness: f64,
    /// Weight of freshness (`[ranking] freshness_weight`).
    pub freshness_weight: f64,
    /// `relevance × (1 + freshnessWeight × freshness)`: the ranking key within the tier.
    pub final_score: f64,
    /// Whether this sort ranks by relevance (else the list is ordered by date or salary).
    pub relevance_sort: bool,
    /// 1-based position in the list (first 1,000), `null` when not there.
    pub rank: Option<usize>,
    /// What the query was understood as.
    pub search: SearchNotes,
}
