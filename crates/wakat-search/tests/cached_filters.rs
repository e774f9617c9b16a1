//! Filtering clauses are answered from bits cached per segment (`filtercache`). Against a model:
//! every total and page of random filter combinations (keywords, seniority, workplace, city,
//! radius, salary) equals a plain scan of the offers, while offers are edited and deleted
//! between the queries, so cached bits meet new segments, merged ones and deleted documents.

mod common;

use common::*;
use proptest::prelude::*;
use wakat_core::filters::{CityFilter, OrderBy, Sort, SortBy};
use wakat_core::geo::haversine_km;
use wakat_core::{Currency, ExperienceLevel, Filters, Offer, SalaryUnit, WorkplaceType};
use wakat_search::{IndexFeeder, ListRequest, SearchIndex};

const SKILLS: [&str; 4] = ["java", "rust", "sql", "kotlin"];
const LEVELS: [ExperienceLevel; 3] = [ExperienceLevel::Junior, ExperienceLevel::Mid, ExperienceLevel::Senior];
const WORKPLACES: [WorkplaceType; 3] = [WorkplaceType::Office, WorkplaceType::Hybrid, WorkplaceType::Remote];
const CITIES: [(&str, &str, f64, f64); 2] = [("Warszawa", "warszawa", 52.23, 21.01), ("Kraków", "krakow", 50.06, 19.94)];
const RADII: [f64; 3] = [5.0, 15.0, 400.0];
const FLOORS: [f64; 3] = [9_000.0, 15_000.0, 21_000.0];

#[derive(Debug, Clone)]
struct Spec {
    /// Bit `i` set: has `SKILLS[i]`.
    skills: u8,
    level: usize,
    workplace: usize,
    city: usize,
    /// Degrees from the city's centre (both axes).
    shift: f64,
    salary: Option<f64>,
}

fn spec() -> impl Strategy<Value = Spec> {
    (0u8..16, 0..LEVELS.len(), 0..WORKPLACES.len(), 0..CITIES.len(), -0.2f64..0.2, prop::option::of(prop::sample::select(vec![8_000.0, 15_000.0, 20_000.0])))
        .prop_map(|(skills, level, workplace, city, shift, salary)| Spec { skills, level, workplace, city, shift, salary })
}

fn build(idx: usize, spec: &Spec) -> Offer {
    let skills: Vec<&str> = SKILLS.iter().enumerate().filter(|(bit, _)| spec.skills & (1 << bit) != 0).map(|(_, skill)| *skill).collect();
    let (name, _, lat, lon) = CITIES[spec.city];
    let slug = format!("o{idx}");
    let mut offer = offer(OfferSpec {
        slug: &slug,
        skills: &skills,
        city: (name, lat + spec.shift, lon + spec.shift),
        level: LEVELS[spec.level],
        workplace: WORKPLACES[spec.workplace],
        salary: spec.salary.map(|to| (to - 2_000.0, to, Currency::Pln, SalaryUnit::Month)),
        ..Default::default()
    });
    // Distinct publication instants (an edit keeps the offer's): the model needs no tie-break.
    offer.published_at = NOW - 100_000 + idx as i64 * 37;
    offer.expired_at = Some(NOW + 30 * DAY);
    offer
}

#[derive(Debug, Clone)]
struct Query {
    keywords: Vec<usize>,
    level: Option<usize>,
    workplace: Option<usize>,
    city: Option<(usize, Option<usize>)>,
    floor: Option<usize>,
    sort: (SortBy, OrderBy),
    /// A page: short ones make broad matches walk the order of the sort (`ordered`).
    offset: usize,
    limit: usize,
}

fn query() -> impl Strategy<Value = Query> {
    (
        prop::collection::vec(0..SKILLS.len(), 0..3),
        prop::option::of(0..LEVELS.len()),
        prop::option::of(0..WORKPLACES.len()),
        prop::option::of((0..CITIES.len(), prop::option::of(0..RADII.len()))),
        prop::option::of(0..FLOORS.len()),
        prop::sample::select(vec![
            (SortBy::Newest, OrderBy::Desc),
            (SortBy::Published, OrderBy::Asc),
            (SortBy::Salary, OrderBy::Desc),
            (SortBy::Salary, OrderBy::Asc),
            (SortBy::Published, OrderBy::Desc),
        ]),
        (0..6usize, prop_oneof![1..4usize, Just(1_000usize)]),
    )
        .prop_map(|(keywords, level, workplace, city, floor, sort, (offset, limit))| Query {
            keywords,
            level,
            workplace,
            city,
            floor,
            sort,
            offset,
            limit,
        })
}

impl Query {
    fn filters(&self) -> Filters {
        Filters {
            keywords: self.keywords.iter().map(|&k| SKILLS[k].to_string()).collect(),
            experience_levels: self.level.map(|l| LEVELS[l]).into_iter().collect(),
            workplace_types: self.workplace.map(|w| WORKPLACES[w]).into_iter().collect(),
            city: self.city.map(|(c, _)| CityFilter { slug: CITIES[c].1.into(), name: CITIES[c].0.into(), point: Some((CITIES[c].2, CITIES[c].3)) }),
            radius_km: self.city.and_then(|(_, r)| r.map(|r| RADII[r])),
            salary_min: self.floor.map(|f| FLOORS[f]),
            ..Filters::default()
        }
    }

    fn matches(&self, spec: &Spec) -> bool {
        let skills = self.keywords.iter().all(|&k| spec.skills & (1 << k) != 0);
        let place = match self.city {
            None => true,
            Some((c, None)) => spec.city == c,
            Some((c, Some(r))) => {
                let (_, _, lat, lon) = CITIES[c];
                let (_, _, own_lat, own_lon) = CITIES[spec.city];
                haversine_km(lat, lon, own_lat + spec.shift, own_lon + spec.shift) <= RADII[r]
            }
        };
        skills
            && place
            && self.level.is_none_or(|l| l == spec.level)
            && self.workplace.is_none_or(|w| w == spec.workplace)
            && self.floor.is_none_or(|f| spec.salary.is_some_and(|to| to >= FLOORS[f]))
    }
}

#[derive(Debug, Clone)]
enum Edit {
    Upsert(usize, Spec),
    Delete(usize),
}

fn edit(offers: usize) -> impl Strategy<Value = Edit> {
    prop_oneof![(0..offers, spec()).prop_map(|(idx, spec)| Edit::Upsert(idx, spec)), (0..offers).prop_map(Edit::Delete)]
}

fn check(index: &SearchIndex, specs: &[Option<Spec>], query: &Query) -> Result<(), TestCaseError> {
    let filters = query.filters();
    let (by, order) = query.sort;
    let sort = Sort { by, order };
    let request = ListRequest {
        tenant: Some("it"),
        filters: &filters,
        sort,
        offset: query.offset,
        limit: query.limit,
        now: NOW,
        count_categories: false,
        viewport: None,
        region: None,
    };
    let found = index.list(&request).unwrap();
    let mut matches: Vec<(usize, &Spec)> =
        specs.iter().enumerate().filter_map(|(idx, spec)| spec.as_ref().map(|s| (idx, s))).filter(|(_, s)| query.matches(s)).collect();
    prop_assert_eq!(found.total, matches.len(), "total of {:?}", query);
    prop_assert_eq!(index.count(Some("it"), &filters, NOW).unwrap(), matches.len(), "count of {:?}", query);
    let slugs: Vec<String> = found.hits.into_iter().map(|hit| hit.parent_slug).collect();
    // Publication grows with the index; a salary sort puts the highest top first, then the newest.
    match (by, order) {
        (SortBy::Published, OrderBy::Desc) if !query.keywords.is_empty() => {
            // Relevance: offers of the match, in an order the model does not compute.
            let expected: Vec<String> = matches.iter().map(|(idx, _)| format!("o{idx}")).collect();
            prop_assert_eq!(slugs.len(), expected.len().saturating_sub(query.offset).min(query.limit), "page size of {:?}", query);
            prop_assert!(slugs.iter().all(|slug| expected.contains(slug)), "offers of {:?}", query);
            // A page is the same slice of the whole ranking, which never fills the top and so
            // never rejects a match by its coarse date.
            let whole = index.list(&ListRequest { offset: 0, limit: matches.len() + 1, ..request }).unwrap();
            let ranking: Vec<String> = whole.hits.into_iter().map(|hit| hit.parent_slug).skip(query.offset).take(query.limit).collect();
            prop_assert_eq!(slugs, ranking, "relevance page of {:?}", query);
            return Ok(());
        }
        // The offers with a salary by the bound the sort reads (the top descending, the bottom
        // ascending: both 2,000 apart here), the rest last; then the newest.
        (SortBy::Salary, order) => matches.sort_by(|a, b| {
            let key = |s: &Spec| match (s.salary, order) {
                (Some(to), OrderBy::Desc) => to,
                (Some(to), OrderBy::Asc) => -(to - 2_000.0),
                (None, _) => f64::NEG_INFINITY,
            };
            key(b.1).total_cmp(&key(a.1)).then(b.0.cmp(&a.0))
        }),
        (_, OrderBy::Asc) => matches.sort_by_key(|(idx, _)| *idx),
        (_, OrderBy::Desc) => matches.sort_by_key(|(idx, _)| std::cmp::Reverse(*idx)),
    }
    let expected: Vec<String> = matches.iter().skip(query.offset).take(query.limit).map(|(idx, _)| format!("o{idx}")).collect();
    prop_assert_eq!(slugs, expected, "page of {:?}", query);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn cached_filters_answer_like_a_plain_scan_across_edits(
        initial in prop::collection::vec(spec(), 20..80),
        rounds in prop::collection::vec((prop::collection::vec(query(), 1..6), prop::collection::vec(edit(80), 0..8)), 1..5),
    ) {
        // The cached index, and one without the cache (posting lists, checks per match).
        let indexes = [SearchIndex::in_memory(config()).unwrap(), SearchIndex::in_memory(config_without_filter_cache()).unwrap()];
        let feeders: Vec<IndexFeeder> = indexes.iter().map(|index| IndexFeeder::start(index).unwrap()).collect();
        let mut specs: Vec<Option<Spec>> = vec![None; 80];
        let mut seq = 0;
        for (idx, spec) in initial.iter().enumerate() {
            seq += 1;
            feeders.iter().for_each(|feeder| feeder.upsert("it", build(idx, spec), seq).unwrap());
            specs[idx] = Some(spec.clone());
        }
        feeders.iter().for_each(|feeder| { feeder.commit().unwrap(); });
        for (queries, edits) in rounds {
            // Each query twice: computed, then from the cache.
            for query in queries.iter().chain(&queries) {
                for index in &indexes {
                    check(index, &specs, query)?;
                }
            }
            for edit in edits {
                seq += 1;
                match edit {
                    Edit::Upsert(idx, spec) => {
                        feeders.iter().for_each(|feeder| feeder.upsert("it", build(idx, &spec), seq).unwrap());
                        specs[idx] = Some(spec);
                    }
                    Edit::Delete(idx) => {
                        feeders.iter().for_each(|feeder| feeder.delete("it", &format!("o{idx}"), seq).unwrap());
                        specs[idx] = None;
                    }
                }
                // A commit per edit: a new segment each, and merges among them.
                feeders.iter().for_each(|feeder| { feeder.commit().unwrap(); });
            }
        }
        prop_assert!(indexes[0].stats().filter_cache.hits > 0);
        prop_assert_eq!(indexes[1].stats().filter_cache.entries, 0);
    }
}

#[test]
fn a_cached_clause_skips_an_offer_deleted_after_it_was_cached() {
    let index = SearchIndex::in_memory(config()).unwrap();
    let feeder = IndexFeeder::start(&index).unwrap();
    for idx in 0..3 {
        feeder.upsert("it", build(idx, &Spec { skills: 1, level: 1, workplace: 0, city: 0, shift: 0.0, salary: None }), idx as u64 + 1).unwrap();
    }
    feeder.commit().unwrap();
    let filters = Filters { keywords: vec!["java".into()], experience_levels: vec![ExperienceLevel::Mid], ..Filters::default() };
    let sort = Sort { by: SortBy::Newest, order: OrderBy::Desc };
    let request =
        ListRequest { tenant: Some("it"), filters: &filters, sort, offset: 0, limit: 10, now: NOW, count_categories: false, viewport: None, region: None };
    assert_eq!(index.list(&request).unwrap().total, 3);
    let misses = index.stats().filter_cache.misses;

    feeder.delete("it", "o1", 4).unwrap();
    feeder.commit().unwrap();
    let after = index.list(&request).unwrap();
    assert_eq!(after.hits.iter().map(|hit| hit.parent_slug.as_str()).collect::<Vec<_>>(), ["o2", "o0"]);
    assert_eq!(after.total, 2);
    // The segment did not change, only its deletes: its clauses came from the cache.
    assert_eq!(index.stats().filter_cache.misses, misses);
}
