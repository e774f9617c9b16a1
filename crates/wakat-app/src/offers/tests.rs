//! The offers service against a real engine (sled store + tantivy index) in a temporary directory.

use wakat_applications::OfferStats;
use wakat_core::Rates;
use wakat_engine::now;
use wakat_engine::settings::EngineSettings;
use wakat_search::{ItemRenderer, ItemRendering};

use super::*;

/// List entries that are just the location's slug: listings return what the item renderer
/// stored, and the server's renderer (JSON with holes) is the server's.
struct SlugItems;

impl ItemRenderer for SlugItems {
    fn fingerprint(&self) -> String {
        "test-slugs".into()
    }

    fn render(&self, offer: &Offer, location_idx: usize) -> String {
        offer.locations[location_idx].slug.clone()
    }
}

fn slug_items(_: &Rates) -> ItemRendering {
    ItemRendering(Arc::new(SlugItems))
}

pub(crate) fn engine() -> (Arc<Engine>, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join("wakat.toml")).unwrap();
    let mut settings = EngineSettings::from_toml(&text, std::iter::empty()).unwrap();
    settings.storage.data_dir = dir.path().to_path_buf();
    settings.storage.index_data_dir = root.join("index-data");
    settings.storage.writer_memory_mb = 32;
    for tenant in &mut settings.tenants {
        tenant.default_data.clear();
    }
    (Arc::new(Engine::open(settings, Some(slug_items)).unwrap()), dir)
}

/// The service over `engine`, with its view counter and statistics, on the wall clock.
fn service(engine: &Arc<Engine>) -> (OffersService, Arc<OfferStats>) {
    let views = Arc::new(ViewCounter::new(engine.store.clone()));
    let stats = Arc::new(OfferStats::new(engine.kv.clone()));
    (OffersService::new(engine.clone(), views, stats.clone(), Clock::system()), stats)
}

fn offer(slug: &str, title: &str, company: &str, published_ago: i64, expires_in: i64, cities: &[&str]) -> Offer {
    let at = now();
    let locations: Vec<_> = cities.iter().map(|city| serde_json::json!({"city": city, "latitude": 52.2, "longitude": 21.0})).collect();
    serde_json::from_value(serde_json::json!({
        "slug": slug, "title": title, "companyName": company, "workplaceType": "office", "workingTime": "full_time",
        "experienceLevel": "mid", "categoryId": 6, "locations": locations,
        "employmentTypes": [{"type": "b2b", "from": 15000, "to": 20000, "currency": "pln", "unit": "month", "gross": false}],
        "requiredSkills": [{"name": "Rust", "level": 4}], "publishedAt": at - published_ago, "expiredAt": at + expires_in, "body": "<p>x</p>"
    }))
    .unwrap()
}

pub(crate) fn put(engine: &Engine, offers: Vec<Offer>) {
    for offer in offers {
        engine.put_offer("it", offer).unwrap();
    }
    engine.commit_index().unwrap();
}

fn query(engine: &Arc<Engine>, service: &OffersService, pairs: &[(&str, &str)]) -> ListQuery {
    let tenant = engine.tenants["it"].clone();
    let params = ListParams::parse(pairs.iter().copied(), &engine.parse_context(&tenant)).unwrap();
    service.query(tenant, params)
}

const DAY: i64 = 86_400;

#[test]
fn slugs_resolve_through_the_index_then_the_store() {
    let (engine, _dir) = engine();
    put(
        &engine,
        vec![offer("multi", "Rust Developer", "Acme", 60, DAY, &["Warszawa", "Kraków"]), offer("gone", "Old Job", "Acme", 40 * DAY, -DAY, &["Gdańsk"])],
    );
    let (found, location_idx) = find_offer(&engine, "it", "multi-krakow").unwrap().unwrap();
    assert_eq!((found.slug.as_str(), location_idx), ("multi", 1), "a location slug names its offer and location");
    assert_eq!(find_offer(&engine, "it", "multi").unwrap().unwrap().1, 0);
    assert_eq!(find_offer(&engine, "it", "gone").unwrap().unwrap().0.title, "Old Job", "expired offers still resolve");
    assert!(find_offer(&engine, "it", "nope").unwrap().is_none());
    assert!(find_offer(&engine, "it", "../etc/passwd").unwrap().is_none(), "a malformed slug is simply unknown");
    assert!(find_offer(&engine, "work", "multi").unwrap().is_none(), "another board's offer is unknown");
}

#[test]
fn an_expired_offer_leads_to_its_republication() {
    let (engine, _dir) = engine();
    put(
        &engine,
        vec![
            offer("rust-2024", "Rust Developer", "Acme", 60 * DAY, -DAY, &["Warszawa"]),
            offer("rust-2025", "Rust Developer", "Acme", DAY, 30 * DAY, &["Warszawa"]),
            offer("rust-other", "Rust Developer Senior", "Acme", DAY, 30 * DAY, &["Warszawa"]),
            offer("lonely", "Cobol Wizard", "Acme", 60 * DAY, -DAY, &["Warszawa"]),
        ],
    );
    let (offers, _) = service(&engine);
    let it = engine.tenants["it"].clone();
    assert_eq!(offers.active_slug(&it, "rust-2025").unwrap(), ActiveSlug { slug: "rust-2025".into(), active: true, replaces: None });
    assert_eq!(
        offers.active_slug(&it, "rust-2024").unwrap(),
        ActiveSlug { slug: "rust-2025".into(), active: true, replaces: Some("rust-2024".into()) },
        "the same title by the same company replaces it (not a longer title)"
    );
    assert_eq!(offers.active_slug(&it, "lonely").unwrap(), ActiveSlug { slug: "lonely".into(), active: false, replaces: None });
    assert!(matches!(offers.active_slug(&it, "nope").unwrap_err(), AppError::OfferNotFound { slug } if slug == "nope"));
}

#[test]
fn popular_ranks_by_views_then_tops_up_with_the_newest_and_stops_at_its_depth() {
    let (engine, _dir) = engine();
    put(
        &engine,
        vec![
            offer("a", "Alpha", "Acme", 5 * DAY, 30 * DAY, &["Warszawa", "Kraków"]),
            offer("b", "Beta", "Acme", 4 * DAY, 30 * DAY, &["Warszawa"]),
            offer("c", "Gamma", "Acme", 3 * DAY, 30 * DAY, &["Warszawa"]),
            offer("d", "Delta", "Acme", DAY, 30 * DAY, &["Warszawa"]),
        ],
    );
    let (offers, stats) = service(&engine);
    let it = engine.tenants["it"].clone();
    for (slug, n_views) in [("b", 3), ("a", 2)] {
        for _ in 0..n_views {
            offers.record_view(&it, slug).unwrap();
        }
    }
    let page = offers.popular(&query(&engine, &offers, &[("perPage", "4")])).unwrap();
    let slugs: Vec<&str> = page.hits.iter().map(|h| h.parent_slug.as_str()).collect();
    assert_eq!(slugs, ["b", "a", "d", "c"], "viewed first, then newest; each offer once");
    assert_eq!(stats.totals("it", "b").unwrap().views, 3, "the employer's daily statistics count the views too");
    let second = offers.popular(&query(&engine, &offers, &[("perPage", "2"), ("page", "2")])).unwrap();
    assert_eq!(second.hits.iter().map(|h| h.parent_slug.as_str()).collect::<Vec<_>>(), ["d", "c"]);
    assert!(offers.popular(&query(&engine, &offers, &[("perPage", "100"), ("page", "5")])).is_ok(), "offers 401–500 are within depth");
    let too_deep = offers.popular(&query(&engine, &offers, &[("perPage", "100"), ("page", "6")])).unwrap_err();
    assert!(
        matches!(&too_deep, AppError::Field(FieldError { field, code: ErrorCode::InvalidPage, .. }) if field == "page"),
        "invalid_page on page: {too_deep:?}"
    );
}

#[test]
fn cursor_pages_continue_with_the_cursors_sort_and_currency() {
    let (engine, _dir) = engine();
    put(&engine, (0..5).map(|i| offer(&format!("o{i}"), "Rust", "Acme", i * DAY, 30 * DAY, &["Warszawa"])).collect());
    let (offers, _) = service(&engine);
    let first = offers.cursor_page(&query(&engine, &offers, &[("itemsCount", "2"), ("sortBy", "newest"), ("currency", "eur")])).unwrap();
    assert_eq!((first.total, first.hits.len(), first.prev.is_none()), (5, 2, true));
    let next = first.next.unwrap();
    let second = query(&engine, &offers, &[("cursor", next.as_str())]);
    assert_eq!(second.params.effective_sort().by, SortBy::Newest);
    assert_eq!(second.params.effective_currency(), wakat_core::Currency::Eur);
    let page = offers.cursor_page(&second).unwrap();
    // A one-location offer's location slug is the offer's own.
    assert_eq!(page.hits, ["o2", "o3"]);
}
