//! Turns [`Filters`] into a tantivy query (text and categorical terms) plus [`Predicates`] that
//! collectors check on fast fields (activity, exact radius, viewport, salary).

use std::sync::Arc;
use tantivy::query::{AllQuery, BooleanQuery, ConstScoreQuery, EmptyQuery, Occur, Query, TermQuery, TermSetQuery};
use tantivy::schema::{Field, IndexRecordOption};

use tantivy::columnar::Column;
use tantivy::{DocId, Searcher, SegmentReader, Term};
use wakat_core::filters::SearchVariant;
use wakat_core::geo::{haversine_km, BoundingBox};
use wakat_core::{Currency, Filters, Rates};

use crate::active::{for_each_block, BLOCK};
use crate::bits::Bits;
use crate::filtercache::{CachedBits, Clause, FilterCache};
use crate::geo::{radius_cover, split_cover};
use crate::node::Node;
use crate::schema::names;
use crate::textquery::{TextContext, Understanding};
use crate::Result;

/// Checks a collector makes on each matching document, from fast fields.
#[derive(Debug, Clone, Default)]
pub(crate) struct Predicates {
    /// Only documents whose expiry is after this instant (Unix seconds); `None` includes inactive ones.
    pub active_at: Option<i64>,
    /// Exact circle: (lat, lon, km).
    pub circle: Option<(f64, f64, f64)>,
    /// Map viewport.
    pub viewport: Option<BoundingBox>,
    /// The offer's top monthly PLN must reach this.
    pub salary_min_pln: Option<f64>,
    /// The offer's bottom monthly PLN must not exceed this.
    pub salary_max_pln: Option<f64>,
}

impl Predicates {
    pub(crate) fn needs_position(&self) -> bool {
        self.circle.is_some() || self.viewport.is_some()
    }

    pub(crate) fn needs_salary(&self) -> bool {
        self.salary_min_pln.is_some() || self.salary_max_pln.is_some()
    }

    pub(crate) fn position_ok(&self, lat: f64, lon: f64) -> bool {
        if let Some(viewport) = &self.viewport {
            if !viewport.contains(lat, lon) {
                return false;
            }
        }
        match self.circle {
            Some((c_lat, c_lon, km)) => within_km(c_lat, c_lon, lat, lon, km),
            None => true,
        }
    }

    pub(crate) fn salary_ok(&self, lo: Option<f64>, hi: Option<f64>) -> bool {
        let (Some(lo), Some(hi)) = (lo, hi) else { return false };
        self.salary_min_pln.is_none_or(|min| hi >= min) && self.salary_max_pln.is_none_or(|max| lo <= max)
    }
}

/// Kilometres per degree of latitude on the sphere of [`haversine_km`].
const KM_PER_DEGREE: f64 = wakat_core::geo::EARTH_RADIUS_KM * std::f64::consts::PI / 180.0;

/// Whether a point is within `km` of a centre, with the same answer as [`haversine_km`].
///
/// An equirectangular estimate at the mean latitude (one cosine) decides every point clearly
/// inside or outside; below 1,000 km it is within 0.5% of the great-circle distance, so only
/// points within 2% of the edge pay for the exact haversine.
#[inline]
pub(crate) fn within_km(c_lat: f64, c_lon: f64, lat: f64, lon: f64, km: f64) -> bool {
    let d_lat = (lat - c_lat) * KM_PER_DEGREE;
    let d_lon = (lon - c_lon) * KM_PER_DEGREE * ((lat + c_lat) * 0.5).to_radians().cos();
    let estimate = d_lat * d_lat + d_lon * d_lon;
    if estimate <= (km * 0.98) * (km * 0.98) {
        true
    } else if estimate >= (km * 1.02) * (km * 1.02) {
        false
    } else {
        haversine_km(c_lat, c_lon, lat, lon) <= km
    }
}

/// A query and the predicates that complete it.
pub(crate) struct Plan {
    pub query: Box<dyn Query>,
    pub predicates: Predicates,
    pub has_text: bool,
    /// Cells of a radius filter, not yet part of `query`: see [`Plan::parts`].
    pub radius: Option<RadiusCells>,
    /// The scoring part of `query` (all of its score: filters score 0).
    pub text: Option<Node>,
    /// What the text was understood as.
    pub understanding: Understanding,
    /// The filtering clauses of `query` (tenant, categorical filters, city), each with its key.
    pub filters: Vec<Clause>,
    /// The phrases of `text`, each with its key: every one must match.
    pub phrases: Vec<Clause>,
}

/// The cover of a radius filter, split by whether a cell lies wholly inside the circle.
pub(crate) struct RadiusCells {
    pub field: Field,
    pub inside: Vec<u64>,
    pub edge: Vec<u64>,
}

impl Plan {
    /// The (query, predicates) pairs whose union answers the plan. A radius filter gives two:
    /// locations in cells wholly inside the circle need no distance check, the rest do.
    pub(crate) fn parts(self) -> Vec<(Box<dyn Query>, Predicates)> {
        let Some(radius) = self.radius else { return vec![(self.query, self.predicates)] };
        let with_cells = |query: Box<dyn Query>, cells: Vec<u64>| -> Box<dyn Query> {
            Box::new(BooleanQuery::new(vec![(Occur::Must, query), filter(term_set(radius.field, cells))]))
        };
        let mut parts = Vec::with_capacity(2);
        if !radius.inside.is_empty() {
            let predicates = Predicates { circle: None, ..self.predicates.clone() };
            parts.push((with_cells(self.query.box_clone(), radius.inside), predicates));
        }
        if !radius.edge.is_empty() || parts.is_empty() {
            parts.push((with_cells(self.query, radius.edge), self.predicates));
        }
        parts
    }
}

/// One part of a listing: a query for tantivy, or the cached bits that answer it all.
pub(crate) enum Part {
    Query(Box<dyn Query>),
    Bits(CachedBits),
}

impl Part {
    pub(crate) fn into_query(self) -> Box<dyn Query> {
        match self {
            Part::Query(query) => query,
            Part::Bits(bits) => Box::new(bits),
        }
    }
}

impl Plan {
    /// Like [`Plan::parts`], with the filtering clauses answered from `cache`, and the phrases
    /// too when the sort does not score; a scoring sort keeps the text as a query (it needs the
    /// scores) and meets the cached bits in an intersection.
    pub(crate) fn cached_parts(self, cache: &FilterCache, searcher: &Searcher, scoring: bool) -> tantivy::Result<Vec<(Part, Predicates)>> {
        let mut clauses = self.filters;
        let mut predicates = self.predicates;
        // The phrases' bits narrow the matches either way; a scoring sort also keeps the text
        // as a query for the scores, and the bits lead the intersection (it seeks the text's
        // posting lists only for documents that match everything).
        clauses.extend(self.phrases);
        let text = self.text.filter(|_| scoring).map(|text| text.query());
        // A radius and salary bounds become clauses too: each is a pass over a segment's
        // columns once, instead of a check per match on every call.
        if let (Some(_), Some((lat, lon, km))) = (&self.radius, predicates.circle.take()) {
            clauses.push(Clause::scan(format!("within {lat} {lon} {km}"), Arc::new(move |segment| scan_circle(segment, lat, lon, km))));
        }
        if predicates.needs_salary() {
            let bounds =
                Predicates { salary_min_pln: predicates.salary_min_pln.take(), salary_max_pln: predicates.salary_max_pln.take(), ..Predicates::default() };
            let key = format!("salary {:?} {:?}", bounds.salary_min_pln, bounds.salary_max_pln);
            clauses.push(Clause::scan(key, Arc::new(move |segment| scan_salary(segment, &bounds))));
        }
        let bits = cache.matching(searcher, &clauses)?;
        let part = match text {
            Some(text) => Part::Query(Box::new(BooleanQuery::new(vec![(Occur::Must, text), (Occur::Must, Box::new(bits))]))),
            None => Part::Bits(bits),
        };
        Ok(vec![(part, predicates)])
    }
}

/// Calls `visit` with the first values of two columns for every document, in order, decoding
/// a block of ids at a time.
fn for_each_pair(first: &Column<f64>, second: &Column<f64>, max_doc: u32, mut visit: impl FnMut(DocId, Option<f64>, Option<f64>)) {
    let (mut a, mut b) = (vec![None; BLOCK as usize], vec![None; BLOCK as usize]);
    for_each_block(max_doc, |docs| {
        let n = docs.len();
        first.first_vals(docs, &mut a[..n]);
        second.first_vals(docs, &mut b[..n]);
        for idx in 0..n {
            visit(docs[idx], a[idx], b[idx]);
        }
    });
}

/// The documents of a segment within `km` of a point.
fn scan_circle(segment: &SegmentReader, lat: f64, lon: f64, km: f64) -> tantivy::Result<Bits> {
    let fast = segment.fast_fields();
    let mut bits = Bits::new(segment.max_doc());
    for_each_pair(&fast.f64(names::LAT)?, &fast.f64(names::LON)?, segment.max_doc(), |doc, doc_lat, doc_lon| {
        if let (Some(doc_lat), Some(doc_lon)) = (doc_lat, doc_lon) {
            if within_km(lat, lon, doc_lat, doc_lon, km) {
                bits.insert(doc);
            }
        }
    });
    Ok(bits)
}

/// The documents of a segment whose salary meets the bounds of `bounds`.
fn scan_salary(segment: &SegmentReader, bounds: &Predicates) -> tantivy::Result<Bits> {
    let fast = segment.fast_fields();
    let mut bits = Bits::new(segment.max_doc());
    for_each_pair(&fast.f64(names::SALARY_LO)?, &fast.f64(names::SALARY_HI)?, segment.max_doc(), |doc, lo, hi| {
        if bounds.salary_ok(lo, hi) {
            bits.insert(doc);
        }
    });
    Ok(bits)
}

fn filter(query: Box<dyn Query>) -> (Occur, Box<dyn Query>) {
    (Occur::Must, Box::new(ConstScoreQuery::new(query, 0.0)))
}

/// Sets at most this large become a union of term queries rather than a [`TermSetQuery`].
const SMALL_TERM_SET: usize = 8;

/// Documents carrying any of the values. A [`TermSetQuery`] first marks every document of every
/// value in a bitset, which costs more than the whole search when a common value (a seniority, a
/// contract) meets a narrow keyword; term queries instead skip along with the other clauses.
fn term_set(field: Field, values: impl IntoIterator<Item = u64>) -> Box<dyn Query> {
    let mut terms: Vec<Term> = values.into_iter().map(|v| Term::from_field_u64(field, v)).collect();
    match terms.len() {
        1 => Box::new(TermQuery::new(terms.remove(0), IndexRecordOption::Basic)),
        2..=SMALL_TERM_SET => Box::new(BooleanQuery::new(
            terms.into_iter().map(|term| (Occur::Should, Box::new(TermQuery::new(term, IndexRecordOption::Basic)) as Box<dyn Query>)).collect(),
        )),
        _ => Box::new(TermSetQuery::new(terms)),
    }
}

/// Builds the plan of a listing over one tenant (or every tenant when `tenant` is `None`).
pub(crate) fn plan(ctx: &TextContext<'_>, rates: &Rates, tenant: Option<&str>, filters: &Filters) -> Result<Plan> {
    let fields = ctx.fields;
    let mut predicates = Predicates::default();
    // The filtering clauses, each with the key its cached bits go by.
    let mut filtering: Vec<Clause> = Vec::new();
    let mut add = |key: String, query: Box<dyn Query>| filtering.push(Clause::new(key, query));
    if let Some(tenant) = tenant {
        add(format!("tenant={tenant}"), Box::new(TermQuery::new(Term::from_field_text(fields.tenant, tenant), IndexRecordOption::Basic)));
    }
    let codes = |name: &str, values: Vec<u64>| format!("{name}={values:?}");
    if !filters.categories.is_empty() {
        let values: Vec<u64> = filters.categories.iter().map(|&v| v as u64).collect();
        add(codes("category", values.clone()), term_set(fields.category, values));
    }
    if !filters.employment_types.is_empty() {
        let values: Vec<u64> = filters.employment_types.iter().map(|e| e.code()).collect();
        add(codes("employment", values.clone()), term_set(fields.employment, values));
    }
    if !filters.experience_levels.is_empty() {
        let values: Vec<u64> = filters.experience_levels.iter().map(|e| e.code()).collect();
        add(codes("experience", values.clone()), term_set(fields.experience, values));
    }
    if !filters.working_times.is_empty() {
        let values: Vec<u64> = filters.working_times.iter().map(|e| e.code()).collect();
        add(codes("working_time", values.clone()), term_set(fields.working_time, values));
    }
    if !filters.workplace_types.is_empty() {
        let values: Vec<u64> = filters.workplace_types.iter().map(|e| e.code()).collect();
        add(codes("workplace", values.clone()), term_set(fields.workplace, values));
    }
    if filters.ukraine_friendly {
        add("ukraine".into(), term_set(fields.ukraine, [1]));
    }
    if filters.with_salary {
        add("with_salary".into(), term_set(fields.with_salary, [1]));
    }
    let mut radius = None;
    if let Some(city) = &filters.city {
        match (city.point, filters.radius_km) {
            (Some((lat, lon)), Some(km)) => {
                let cover = radius_cover(lat, lon, km);
                match cover.and_then(|c| fields.cell_field(c.resolution).map(|f| (f, c))) {
                    Some((field, cover)) => {
                        let (inside, edge) = split_cover(lat, lon, km, cover.cells);
                        radius = Some(RadiusCells { field, inside, edge });
                    }
                    None => add("nothing".into(), Box::new(EmptyQuery)),
                }
                predicates.circle = Some((lat, lon, km));
            }
            _ => add(format!("city={}", city.slug), Box::new(TermQuery::new(Term::from_field_text(fields.city, &city.slug), IndexRecordOption::Basic))),
        }
    }
    let to_pln = |amount: f64| rates.convert(amount, filters.currency, Currency::Pln);
    predicates.salary_min_pln = filters.salary_min.map(to_pln);
    predicates.salary_max_pln = filters.salary_max.map(to_pln);

    let mut understanding = Understanding::default();
    let mut text_nodes: Vec<Node> = Vec::new();
    let mut any_of: Vec<(SearchVariant, Vec<Node>)> = Vec::new();
    for (variant, phrase) in filters.phrases() {
        // A phrase with no searchable term (`!!!`) restricts nothing, like a blank one.
        let Some(node) = ctx.phrase(variant, phrase, &mut understanding)? else { continue };
        match variant {
            // Every keyword and every skill must match; any title or company may.
            SearchVariant::Keyword | SearchVariant::Skills => text_nodes.push(node),
            SearchVariant::Titles | SearchVariant::Companies => match any_of.iter_mut().find(|(v, _)| *v == variant) {
                Some((_, list)) => list.push(node),
                None => any_of.push((variant, vec![node])),
            },
        }
    }
    for (_, alternatives) in any_of {
        text_nodes.extend(Node::any(alternatives));
    }
    // A phrase's tree names every term it searches, so it is its own key.
    let phrases: Vec<Clause> = text_nodes.iter().map(|node| Clause::new(format!("text {node:?}"), node.query())).collect();
    let text = (!text_nodes.is_empty()).then(|| Node::all(text_nodes));
    let has_text = text.is_some();

    let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
    if let Some(text) = &text {
        clauses.push((Occur::Must, text.query()));
    }
    clauses.extend(filtering.iter().filter_map(|clause| clause.query()).map(|query| filter(query.box_clone())));
    let query: Box<dyn Query> = if clauses.is_empty() { Box::new(AllQuery) } else { Box::new(BooleanQuery::new(clauses)) };
    Ok(Plan { query, predicates, has_text, radius, text, understanding, filters: filtering, phrases })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn within_km_agrees_with_haversine(
            c_lat in 48.0f64..56.0, c_lon in 13.0f64..25.0, lat in 47.0f64..57.0, lon in 12.0f64..26.0, km in 0.1f64..500.0,
        ) {
            prop_assert_eq!(within_km(c_lat, c_lon, lat, lon, km), haversine_km(c_lat, c_lon, lat, lon) <= km);
        }
    }
}
