//! Listings against a model: every total and every page of a random corpus equals what a plain
//! scan of the offers gives, across expiries inside and outside the active set's window, salary
//! bounds on and beside the filter's values, and every sort (the collector decides most of
//! these from coarse copies of the values; the model decides them from the offers).

mod common;

use common::*;
use proptest::prelude::*;
use wakat_core::filters::{OrderBy, Sort, SortBy};
use wakat_core::{Currency, Filters, Offer, SalaryUnit};
use wakat_search::ListRequest;

/// Amounts on, just beside and far from the filter values below, and past the coarse range.
const AMOUNTS: [f64; 10] = [9_990.0, 9_999.99, 10_000.0, 10_000.01, 10_009.99, 10_010.0, 12_345.67, 15_000.0, 700_000.0, 1_000_000.0];
const FLOORS: [f64; 6] = [0.5, 9_999.99, 10_000.0, 10_005.0, 15_000.0, 800_000.0];
/// Expiries relative to the first query's instant: gone, at it, inside the window, beyond it.
const EXPIRIES: [i64; 6] = [-60, 0, 10, 600, 1_000, 30 * DAY];

#[derive(Debug, Clone)]
struct Spec {
    salary: Option<(usize, f64)>,
    published_offset: i64,
    expiry: usize,
}

fn spec() -> impl Strategy<Value = Spec> {
    (
        prop::option::weighted(0.7, (0..AMOUNTS.len(), prop::sample::select(vec![0.0, 0.01, 5.0, 10.0, 3_000.0]))),
        // Spread over eleven days, with clusters within a minute at both ends and in the middle:
        // offers sharing a coarse date.
        prop_oneof![0..500_000i64, 0..30i64, 400_000..400_030i64, 499_970..500_000i64],
        0..EXPIRIES.len(),
    )
        .prop_map(|(salary, published_offset, expiry)| Spec { salary, published_offset, expiry })
}

fn build(specs: &[Spec]) -> Vec<Offer> {
    specs
        .iter()
        .enumerate()
        .map(|(idx, spec)| {
            let slug = format!("o{idx}");
            let salary = spec.salary.map(|(amount, spread)| (AMOUNTS[amount], AMOUNTS[amount] + spread, Currency::Pln, SalaryUnit::Month));
            let mut offer = offer(OfferSpec { slug: &slug, salary, ..Default::default() });
            // Distinct publication instants: the model needs no tie-break by document.
            offer.published_at = NOW - 1_000_000 + spec.published_offset * 2 + idx as i64 % 2;
            offer.expired_at = Some(NOW + EXPIRIES[spec.expiry]);
            offer
        })
        .collect()
}

/// The salary bounds the index keeps: the offers are in PLN a month.
fn bounds(offer: &Offer) -> Option<(f64, f64)> {
    let employment = &offer.employment_types[0];
    Some((employment.from?, employment.to?))
}

/// The page a plain scan gives.
fn expected(offers: &[Offer], filters: &Filters, sort: Sort, now: i64, offset: usize, limit: usize) -> (usize, Vec<String>) {
    let mut matches: Vec<&Offer> = offers
        .iter()
        .filter(|offer| offer.expired_at.is_some_and(|at| at > now))
        .filter(|offer| match (filters.salary_min, filters.salary_max) {
            (None, None) => true,
            (min, max) => bounds(offer).is_some_and(|(lo, hi)| min.is_none_or(|min| hi >= min) && max.is_none_or(|max| lo <= max)),
        })
        .collect();
    let salary_key = |offer: &Offer, ascending: bool| match bounds(offer) {
        Some((lo, _)) if ascending => -lo,
        Some((_, hi)) => hi,
        None => f64::NEG_INFINITY,
    };
    matches.sort_by(|a, b| match (sort.by, sort.order) {
        (SortBy::Salary, order) => {
            let ascending = order == OrderBy::Asc;
            salary_key(b, ascending).total_cmp(&salary_key(a, ascending)).then(b.published_at.cmp(&a.published_at))
        }
        (_, OrderBy::Asc) => a.published_at.cmp(&b.published_at),
        (_, OrderBy::Desc) => b.published_at.cmp(&a.published_at),
    });
    (matches.len(), matches.iter().skip(offset).take(limit).map(|offer| offer.slug.clone()).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn totals_and_pages_equal_a_plain_scan(
        specs in prop::collection::vec(spec(), 40..160),
        queries in prop::collection::vec(
            (
                prop::option::of(0..FLOORS.len()),
                prop::option::of(0..FLOORS.len()),
                prop::sample::select(vec![(SortBy::Newest, OrderBy::Desc), (SortBy::Published, OrderBy::Asc), (SortBy::Salary, OrderBy::Desc), (SortBy::Salary, OrderBy::Asc)]),
                0..30usize,
                1..12usize,
                prop::sample::select(vec![0i64, 5, 300, 899, 2_000]),
            ),
            1..12,
        ),
    ) {
        let offers = build(&specs);
        // With the cache of filtering clauses (bounds as cached bits, pages walked in the
        // order of the sort) and without (coarse checks per match into a heap).
        let indexes = [index_with(&offers), index_with_config(&offers, config_without_filter_cache())];
        for ((min, max, (by, order), offset, limit, later), index) in queries.into_iter().flat_map(|query| indexes.iter().map(move |index| (query, index))) {
            let filters = Filters { salary_min: min.map(|i| FLOORS[i]), salary_max: max.map(|i| FLOORS[i]), ..Filters::default() };
            let sort = Sort { by, order };
            let now = NOW + later;
            let request = ListRequest { tenant: Some("it"), filters: &filters, sort, offset, limit, now, count_categories: false, viewport: None, region: None };
            let found = index.list(&request).unwrap();
            let (total, page) = expected(&offers, &filters, sort, now, offset, limit);
            prop_assert_eq!(found.total, total, "total of {:?} {:?} at +{}", filters, sort, later);
            prop_assert_eq!(found.hits.into_iter().map(|hit| hit.slug).collect::<Vec<_>>(), page, "page of {:?} {:?} at +{}", filters, sort, later);
        }
    }
}
