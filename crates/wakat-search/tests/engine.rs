//! Black-box tests of the engine through its public API, on an in-memory index.

use std::collections::BTreeMap;
use std::sync::Arc;

use proptest::prelude::*;
use wakat_core::filters::{CityFilter, OrderBy, Sort, SortBy};
use wakat_core::geo::{haversine_km, BoundingBox};
use wakat_core::offer::Location;
use wakat_core::{Currency, ExperienceLevel, Filters, Offer, Rates, SalaryUnit, WorkplaceType};
use wakat_search::{IndexFeeder, ListRequest, SearchConfig, SearchIndex};

mod common;

use common::*;

fn corpus() -> Vec<Offer> {
    use ExperienceLevel::*;
    vec![
        offer(OfferSpec {
            slug: "java-krakow",
            title: "Programista Java",
            skills: &["Java", "Spring"],
            city: ("Kraków", 50.06, 19.94),
            category: 601,
            level: Senior,
            salary: Some((20_000.0, 28_000.0, Currency::Pln, SalaryUnit::Month)),
            age_days: 2,
            ..Default::default()
        }),
        offer(OfferSpec {
            slug: "java-waw",
            title: "Java Developer",
            company: "Nordic Byte",
            skills: &["Java", "PostgreSQL"],
            category: 6,
            level: Mid,
            salary: Some((100.0, 150.0, Currency::Pln, SalaryUnit::Hour)),
            age_days: 5,
            ..Default::default()
        }),
        offer(OfferSpec {
            slug: "csharp-lodz",
            title: "C# Developer",
            skills: &["C#", ".NET"],
            city: ("Łódź", 51.76, 19.46),
            category: 7,
            level: Junior,
            salary: Some((2_000.0, 3_000.0, Currency::Eur, SalaryUnit::Month)),
            age_days: 1,
            ..Default::default()
        }),
        offer(OfferSpec {
            slug: "c-embedded",
            title: "C Developer (embedded)",
            skills: &["C", "Linux"],
            category: 7,
            level: Senior,
            age_days: 3,
            ..Default::default()
        }),
        offer(OfferSpec {
            slug: "devops-remote",
            title: "DevOps Engineer",
            skills: &["Kubernetes", "CI/CD", "Node.js"],
            category: 12,
            level: Senior,
            workplace: WorkplaceType::Remote,
            salary: Some((25_000.0, 30_000.0, Currency::Pln, SalaryUnit::Month)),
            age_days: 10,
            ..Default::default()
        }),
        offer(OfferSpec { slug: "old-java", title: "Java Developer", skills: &["Java"], category: 6, age_days: 40, ..Default::default() }),
        offer(OfferSpec {
            slug: "wieliczka-java",
            title: "Programistów Java szukamy",
            skills: &["Java"],
            city: ("Wieliczka", 49.99, 20.06),
            category: 6,
            age_days: 4,
            ..Default::default()
        }),
    ]
}

fn slugs(index: &SearchIndex, filters: &Filters, sort: Sort) -> Vec<String> {
    let request = ListRequest { tenant: Some("it"), filters, sort, offset: 0, limit: 100, now: NOW, count_categories: false, viewport: None, region: None };
    index.list(&request).unwrap().hits.into_iter().map(|h| h.slug).collect()
}

fn keyword(word: &str) -> Filters {
    Filters { keywords: vec![word.to_string()], ..Filters::default() }
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

#[test]
fn expired_offers_are_not_listed_and_body_is_not_in_cards() {
    let index = index_with(&corpus());
    let all = slugs(&index, &Filters::default(), Sort::default());
    assert_eq!(all.len(), 6);
    assert!(!all.contains(&"old-java".to_string()));
    let request = ListRequest {
        tenant: Some("it"),
        filters: &Filters::default(),
        sort: Sort::default(),
        offset: 0,
        limit: 1,
        now: NOW,
        count_categories: false,
        viewport: None,
        region: None,
    };
    assert_eq!(index.list(&request).unwrap().hits[0].offer.body, "");
}

#[test]
fn keyword_search_folds_and_stems() {
    let index = index_with(&corpus());
    // Inflections share a stem; the Polish titles come first, then the translations (developers).
    let found = slugs(&index, &keyword("programisty"), Sort::default());
    assert_eq!(sorted(found[..2].to_vec()), vec!["java-krakow", "wieliczka-java"]);
    assert_eq!(sorted(found[2..].to_vec()), vec!["c-embedded", "csharp-lodz", "java-waw"]);
    assert_eq!(slugs(&index, &keyword("krakow"), Sort::default()), vec!["java-krakow"]);
    assert_eq!(slugs(&index, &keyword("lodz"), Sort::default()), vec!["csharp-lodz"]);
    assert_eq!(slugs(&index, &keyword("NORDIC"), Sort::default()), vec!["java-waw"]);
}

#[test]
fn technology_names_and_aliases() {
    let index = index_with(&corpus());
    assert_eq!(slugs(&index, &keyword("C#"), Sort::default()), vec!["csharp-lodz"]);
    assert_eq!(slugs(&index, &keyword(".NET"), Sort::default()), vec!["csharp-lodz"]);
    assert_eq!(slugs(&index, &keyword("C"), Sort::default()), vec!["c-embedded"]);
    assert_eq!(slugs(&index, &keyword("k8s"), Sort::default()), vec!["devops-remote"]);
    assert_eq!(slugs(&index, &keyword("ci/cd"), Sort::default()), vec!["devops-remote"]);
    assert_eq!(slugs(&index, &keyword("nodejs"), Sort::default()), vec!["devops-remote"]);
    assert_eq!(slugs(&index, &keyword("postgres"), Sort::default()), vec!["java-waw"]);
}

#[test]
fn title_matches_rank_above_skill_matches_and_fresher_first() {
    let index = index_with(&corpus());
    let hits = slugs(&index, &keyword("java"), Sort::default());
    assert_eq!(hits.len(), 3);
    // Both "Java Developer" and "Programista Java" have java in title and skills; the fresher wins.
    assert_eq!(hits[0], "java-krakow");
}

#[test]
fn categorical_filters_and_subcategory_lineage() {
    let index = index_with(&corpus());
    let java = Filters { categories: vec![6], ..Filters::default() };
    assert_eq!(sorted(slugs(&index, &java, Sort::default())), vec!["java-krakow", "java-waw", "wieliczka-java"]);
    let spring = Filters { categories: vec![601], ..Filters::default() };
    assert_eq!(slugs(&index, &spring, Sort::default()), vec!["java-krakow"]);
    let seniors = Filters { experience_levels: vec![ExperienceLevel::Senior], workplace_types: vec![WorkplaceType::Remote], ..Filters::default() };
    assert_eq!(slugs(&index, &seniors, Sort::default()), vec!["devops-remote"]);
}

#[test]
fn salary_filters_and_sorts_use_normalised_amounts() {
    let index = index_with(&corpus());
    let desc = Sort { by: SortBy::Salary, order: OrderBy::Desc };
    // 100-150 PLN/h = 16 800-25 200 PLN/month; 2 000-3 000 EUR = 8 360-12 540 PLN.
    assert_eq!(&slugs(&index, &Filters { with_salary: true, ..Filters::default() }, desc), &["devops-remote", "java-krakow", "java-waw", "csharp-lodz"]);
    let asc = Sort { by: SortBy::Salary, order: OrderBy::Asc };
    let ascending = slugs(&index, &Filters::default(), asc);
    assert_eq!(&ascending[..4], &["csharp-lodz", "java-waw", "java-krakow", "devops-remote"]);
    assert_eq!(ascending.len(), 6, "offers without salary come last");
    let min_eur = Filters { salary_min: Some(6_000.0), currency: Currency::Eur, ..Filters::default() };
    assert_eq!(sorted(slugs(&index, &min_eur, Sort::default())), vec!["devops-remote", "java-krakow", "java-waw"]);
    let max = Filters { salary_max: Some(10_000.0), ..Filters::default() };
    assert_eq!(slugs(&index, &max, Sort::default()), vec!["csharp-lodz"]);
}

#[test]
fn newest_and_oldest_sorts_and_pages() {
    let index = index_with(&corpus());
    let newest = slugs(&index, &Filters::default(), Sort { by: SortBy::Newest, order: OrderBy::Desc });
    assert_eq!(newest[0], "csharp-lodz");
    let oldest = slugs(&index, &Filters::default(), Sort { by: SortBy::Published, order: OrderBy::Asc });
    assert_eq!(oldest[0], "devops-remote");
    let filters = Filters::default();
    let page = |offset| {
        let request = ListRequest {
            tenant: Some("it"),
            filters: &filters,
            sort: Sort::default(),
            offset,
            limit: 2,
            now: NOW,
            count_categories: true,
            viewport: None,
            region: None,
        };
        index.list(&request).unwrap()
    };
    let (first, second) = (page(0), page(2));
    assert_eq!(first.total, 6);
    assert_eq!(first.hits.iter().chain(&second.hits).map(|h| h.slug.clone()).collect::<Vec<_>>(), newest[..4].to_vec());
    assert_eq!(first.category_counts.get(&6), Some(&3));
    assert_eq!(first.category_counts.get(&601), Some(&1));
    assert_eq!(first.category_counts.get(&7), Some(&2));
}

#[test]
fn city_by_slug_and_radius() {
    let index = index_with(&corpus());
    let krakow = CityFilter { slug: "krakow".into(), name: "Kraków".into(), point: Some((50.06, 19.94)) };
    let only_city = Filters { city: Some(krakow.clone()), ..Filters::default() };
    assert_eq!(slugs(&index, &only_city, Sort::default()), vec!["java-krakow"]);
    let radius = Filters { city: Some(krakow), radius_km: Some(30.0), ..Filters::default() };
    assert_eq!(sorted(slugs(&index, &radius, Sort::default())), vec!["java-krakow", "wieliczka-java"]);
}

#[test]
fn tenants_do_not_see_each_other() {
    let index = SearchIndex::in_memory(config()).unwrap();
    let feeder = IndexFeeder::start(&index).unwrap();
    feeder.upsert("it", corpus()[0].clone(), 1).unwrap();
    feeder.upsert("work", corpus()[1].clone(), 2).unwrap();
    assert_eq!(feeder.commit().unwrap(), 2);
    assert_eq!(slugs(&index, &Filters::default(), Sort::default()), vec!["java-krakow"]);
    assert_eq!(index.count(None, &Filters::default(), NOW).unwrap(), 2);
    assert!(index.find_slug("work", "java-krakow").unwrap().is_none());
    assert!(index.suggest("work", "program", 5).unwrap().titles.is_empty());
}

#[test]
fn clusters_partition_the_viewport_and_markers_page_a_cluster() {
    let index = index_with(&corpus());
    let poland = BoundingBox { north: 55.0, south: 49.0, east: 24.2, west: 14.1 };
    let clusters = index.clusters("it", &Filters::default(), Some(poland), 6.0, NOW).unwrap();
    assert_eq!(clusters.iter().map(|c| c.count).sum::<usize>(), 6);
    let biggest = &clusters[0];
    let filters = Filters::default();
    let request = ListRequest {
        tenant: Some("it"),
        filters: &filters,
        sort: Sort::default(),
        offset: 0,
        limit: 20,
        now: NOW,
        count_categories: false,
        viewport: None,
        region: Some(&biggest.id),
    };
    assert_eq!(index.list(&request).unwrap().total, biggest.count);
    let bad = ListRequest { region: Some("nope"), ..request };
    assert!(index.list(&bad).is_err());
    let krakow_only = BoundingBox { north: 50.1, south: 50.0, east: 20.0, west: 19.9 };
    let city = index.clusters("it", &Filters::default(), Some(krakow_only), 12.0, NOW).unwrap();
    assert_eq!(city.len(), 1);
    assert!((city[0].latitude - 50.06).abs() < 1e-9);
}

#[test]
fn suggestions_by_prefix_of_any_title_word() {
    let index = index_with(&corpus());
    let suggestions = index.suggest("it", "jav", 5).unwrap();
    assert_eq!(suggestions.titles[0].text, "Java Developer");
    assert_eq!(suggestions.titles[0].count, 2);
    assert_eq!(suggestions.skills[0].text, "Java");
    let by_second_word = index.suggest("it", "devel", 5).unwrap();
    assert!(by_second_word.titles.iter().any(|s| s.text == "C# Developer"));
    assert_eq!(index.suggest("it", "nord", 5).unwrap().companies[0].text, "Nordic Byte");
    assert_eq!(index.suggest("it", "  ", 5).unwrap(), Default::default());
}

#[test]
fn lookalikes_prefer_same_category_and_skip_the_offer() {
    let index = index_with(&corpus());
    let source = &corpus()[1];
    let similar = index.lookalikes("it", source, 3, NOW).unwrap();
    assert!(!similar.iter().any(|h| h.parent_slug == source.slug));
    // Same category, skill and seniority beats same skill in a subcategory with another seniority.
    assert_eq!(similar[0].slug, "wieliczka-java");
    assert_eq!(similar[1].slug, "java-krakow");
}

#[test]
fn updates_and_deletes_replace_all_locations() {
    let index = SearchIndex::in_memory(config()).unwrap();
    let feeder = IndexFeeder::start(&index).unwrap();
    let mut multi = corpus()[0].clone();
    multi.locations.push(Location { slug: String::new(), city: "Gdańsk".into(), street: None, latitude: 54.35, longitude: 18.65, country_code: "PL".into() });
    multi.normalize(&Rates::default());
    feeder.upsert("it", multi.clone(), 1).unwrap();
    feeder.commit().unwrap();
    assert_eq!(index.num_docs(), 2);
    let child = index.find_slug("it", "java-krakow-gdansk").unwrap().unwrap();
    assert_eq!((child.parent_slug.as_str(), child.location_idx), ("java-krakow", 1));
    multi.title = "Kotlin Developer".into();
    feeder.upsert("it", multi, 2).unwrap();
    feeder.commit().unwrap();
    assert_eq!(index.num_docs(), 2);
    assert_eq!(slugs(&index, &keyword("kotlin"), Sort::default()).len(), 2);
    feeder.delete("it", "java-krakow", 3).unwrap();
    assert_eq!(feeder.commit().unwrap(), 3);
    assert_eq!(index.num_docs(), 0);
    assert_eq!(index.committed_seq().unwrap(), 3);
}

#[test]
fn timed_commit_makes_writes_searchable_within_a_second() {
    let index = SearchIndex::in_memory(config()).unwrap();
    let feeder = IndexFeeder::start(&index).unwrap();
    feeder.upsert("it", corpus()[0].clone(), 1).unwrap();
    let started = std::time::Instant::now();
    while index.num_docs() == 0 {
        assert!(started.elapsed() < std::time::Duration::from_secs(1), "not searchable after 1 s");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn radius_results_equal_a_brute_force_haversine_scan(
        points in prop::collection::vec((49.0f64..55.0, 14.0f64..24.5), 50..150),
        centre in (49.0f64..55.0, 14.0f64..24.5),
        radius in 1.0f64..300.0,
    ) {
        let offers: Vec<Offer> = points
            .iter()
            .enumerate()
            .map(|(idx, &(lat, lon))| {
                let slug = format!("p{idx}");
                offer(OfferSpec { slug: &slug, city: ("X", lat, lon), ..Default::default() })
            })
            .collect();
        let index = index_with(&offers);
        let city = CityFilter { slug: "centre".into(), name: "Centre".into(), point: Some(centre) };
        let filters = Filters { city: Some(city), radius_km: Some(radius), ..Filters::default() };
        let found = sorted(slugs(&index, &filters, Sort::default()));
        let expected = sorted(
            points.iter().enumerate()
                .filter(|(_, &(lat, lon))| haversine_km(centre.0, centre.1, lat, lon) <= radius)
                .map(|(idx, _)| format!("p{idx}"))
                .collect(),
        );
        prop_assert_eq!(found, expected);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Unfiltered clusters come from per-segment rollups plus a scan of the cells the viewport
    /// cuts; they must equal grouping the active points inside the viewport by their cell.
    #[test]
    fn unfiltered_clusters_equal_a_brute_force_grouping(
        points in prop::collection::vec((49.0f64..55.0, 14.0f64..24.5, -3_600i64..10_800), 30..120),
        view in (49.0f64..55.0, 14.0f64..24.5, 0.05f64..6.0, 0.05f64..10.0),
        zoom in prop::sample::select(vec![4.0, 6.0, 8.0, 10.0, 12.0]),
        later in prop::sample::select(vec![0i64, 1_200, 3_000, 7_000, -600]),
    ) {
        let offers: Vec<Offer> = points
            .iter()
            .enumerate()
            .map(|(idx, &(lat, lon, expires_in))| {
                let slug = format!("p{idx}");
                let mut o = offer(OfferSpec { slug: &slug, city: ("X", lat, lon), category: if idx % 3 == 0 { 7 } else { 6 }, ..Default::default() });
                o.expired_at = Some(NOW + expires_in);
                o
            })
            .collect();
        let index = index_with(&offers);
        let viewport = BoundingBox { south: view.0, west: view.1, north: view.0 + view.2, east: view.1 + view.3 };
        let resolution = wakat_search::geo::resolution_for_zoom(zoom);
        // Twice: the first call builds the rollups at NOW, the second reuses or rebuilds them.
        for now in [NOW, NOW + later] {
            let mut expected: BTreeMap<String, (usize, f64, f64)> = BTreeMap::new();
            for &(lat, lon, expires_in) in &points {
                if NOW + expires_in > now && viewport.contains(lat, lon) {
                    let cell = wakat_search::geo::cluster_id(wakat_search::geo::cell_at(lat, lon, resolution).unwrap());
                    let entry = expected.entry(cell).or_default();
                    entry.0 += 1;
                    entry.1 += lat;
                    entry.2 += lon;
                }
            }
            let found = index.clusters("it", &Filters::default(), Some(viewport), zoom, now).unwrap();
            prop_assert_eq!(found.len(), expected.len());
            for cluster in &found {
                let (count, sum_lat, sum_lon) = expected[&cluster.id];
                prop_assert_eq!(cluster.count, count);
                prop_assert!((cluster.latitude - sum_lat / count as f64).abs() < 1e-9);
                prop_assert!((cluster.longitude - sum_lon / count as f64).abs() < 1e-9);
            }
        }
    }
}

#[test]
fn an_offer_is_found_by_its_guid_on_its_board_only() {
    let index = SearchIndex::in_memory(config()).unwrap();
    let feeder = IndexFeeder::start(&index).unwrap();
    let mut offer = corpus()[0].clone();
    offer.guid = "1ffce401-159f-cdf4-966a-809a9f6af2ff".into();
    feeder.upsert("it", offer.clone(), 1).unwrap();
    feeder.commit().unwrap();
    let hit = index.find_guid("it", &offer.guid).unwrap().expect("found by guid");
    assert_eq!(hit.parent_slug, offer.slug);
    assert!(index.find_guid("work", &offer.guid).unwrap().is_none());
    assert!(index.find_guid("it", "another-guid").unwrap().is_none());
}

/// A bulk load (timed commits off) commits on its own once MAX_PENDING_DELETES deletes wait, so
/// tantivy's per-delete weights (about 1 KB each until a commit) stay bounded; a rebuild's
/// `upsert_new` queues no delete at all.
#[test]
fn a_bulk_load_commits_when_its_pending_deletes_reach_the_bound() {
    use wakat_search::MAX_PENDING_DELETES;
    let index = SearchIndex::in_memory(config()).unwrap();
    let feeder = IndexFeeder::start(&index).unwrap();
    feeder.set_auto_commit(false);
    feeder.upsert_new("it", corpus()[0].clone(), 1).unwrap();
    for n in 0..MAX_PENDING_DELETES - 1 {
        feeder.delete("it", &format!("gone-{n}"), 2 + n as u64).unwrap();
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(index.committed_seq().unwrap(), 0, "below the bound nothing commits");
    let last = 1 + MAX_PENDING_DELETES as u64;
    feeder.delete("it", "gone-last", last).unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    // The commit's metadata is on disk a moment before the writer reloads the searchers: wait for both.
    while index.committed_seq().unwrap() != last || slugs(&index, &Filters::default(), Sort::default()).is_empty() {
        assert!(std::time::Instant::now() < deadline, "the bound commits what is pending");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(slugs(&index, &Filters::default(), Sort::default()), vec!["java-krakow"]);
}

/// Renders an item as `slug#location:EUR upper bound`, to see what the engine hands the renderer.
struct SlugItems(&'static str);

impl wakat_search::ItemRenderer for SlugItems {
    fn fingerprint(&self) -> String {
        self.0.to_string()
    }

    fn render(&self, offer: &Offer, location_idx: usize) -> String {
        let eur = offer.employment_types.first().and_then(|e| e.converted.get(&Currency::Eur)).and_then(|c| c.to);
        format!("{}#{location_idx}:{eur:?}", offer.slug)
    }
}

#[test]
fn listed_items_are_the_renderers_with_converted_amounts_and_a_new_renderer_rebuilds() {
    let dir = tempfile::tempdir().unwrap();
    let with_items = |fingerprint| SearchConfig { items: Some(wakat_search::ItemRendering(Arc::new(SlugItems(fingerprint)))), ..config() };
    let (index, fresh) = SearchIndex::open(dir.path(), with_items("one")).unwrap();
    assert!(fresh);
    {
        let feeder = IndexFeeder::start(&index).unwrap();
        for (seq, offer) in corpus().into_iter().enumerate() {
            feeder.upsert("it", offer, seq as u64 + 1).unwrap();
        }
        feeder.commit().unwrap();
    }
    index.mark_built().unwrap();
    let filters = Filters::default();
    let request = ListRequest {
        tenant: Some("it"),
        filters: &filters,
        sort: Sort { by: SortBy::Salary, order: OrderBy::Desc },
        offset: 0,
        limit: 100,
        now: NOW,
        count_categories: false,
        viewport: None,
        region: None,
    };
    let listed = index.list(&request).unwrap();
    let items = index.list_items(&request).unwrap();
    assert_eq!(items.total, listed.total);
    let expected: Vec<String> = listed
        .hits
        .iter()
        .map(|hit| {
            let eur = hit.offer.employment_types.first().and_then(|e| e.converted.get(&Currency::Eur)).and_then(|c| c.to);
            format!("{}#{}:{eur:?}", hit.parent_slug, hit.location_idx)
        })
        .collect();
    assert_eq!(items.hits, expected, "the same page, each entry as rendered");
    assert!(expected.iter().any(|item| item.contains("Some(")), "the renderer saw converted amounts");
    drop(index);
    assert!(!SearchIndex::open(dir.path(), with_items("one")).unwrap().1, "the same rendering keeps the index");
    assert!(SearchIndex::open(dir.path(), with_items("two")).unwrap().1, "another rendering rebuilds it");
}
