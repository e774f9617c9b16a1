//! Service functions against a real engine (sled store + tantivy index) in a temporary directory.

use wakat_engine::now;

use super::*;
use crate::Settings;

fn engine() -> (Arc<Engine>, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join("wakat.toml")).unwrap();
    let mut settings = Settings::from_toml(&text, std::iter::empty()).unwrap();
    settings.engine.storage.data_dir = dir.path().to_path_buf();
    settings.engine.storage.index_data_dir = root.join("index-data");
    settings.engine.storage.writer_memory_mb = 32;
    for tenant in &mut settings.engine.tenants {
        tenant.default_data.clear();
    }
    (Arc::new(Engine::open(settings.engine, Some(crate::dto::list_item::list_items)).unwrap()), dir)
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

fn put(engine: &Engine, offers: Vec<Offer>) {
    for offer in offers {
        engine.put_offer("it", offer).unwrap();
    }
    engine.commit_index().unwrap();
}

fn query(engine: &Arc<Engine>, pairs: &[(&str, &str)]) -> ListQuery {
    let tenant = engine.tenants["it"].clone();
    let params = ListParams::parse(pairs.iter().copied(), &engine.parse_context(&tenant)).unwrap();
    ListQuery { engine: engine.clone(), tenant, params, now: now() }
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
    let at = now();
    assert_eq!(active_slug(&engine, "it", "rust-2025", at).unwrap(), ActiveSlug { slug: "rust-2025".into(), active: true, replaces: None });
    assert_eq!(
        active_slug(&engine, "it", "rust-2024", at).unwrap(),
        ActiveSlug { slug: "rust-2025".into(), active: true, replaces: Some("rust-2024".into()) },
        "the same title by the same company replaces it (not a longer title)"
    );
    assert_eq!(active_slug(&engine, "it", "lonely", at).unwrap(), ActiveSlug { slug: "lonely".into(), active: false, replaces: None });
    assert_eq!(active_slug(&engine, "it", "nope", at).unwrap_err().body().code, "offer_not_found");
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
    let views = ViewCounter::new(engine.store.clone());
    let stats = wakat_applications::OfferStats::new(engine.kv.clone());
    for (slug, n_views) in [("b", 3), ("a", 2)] {
        for _ in 0..n_views {
            record_view(&engine, &views, &stats, "it", slug).unwrap();
        }
    }
    let page = query(&engine, &[("perPage", "4")]).popular(&views).unwrap();
    let slugs: Vec<&str> = page.hits.iter().map(|h| h.parent_slug.as_str()).collect();
    assert_eq!(slugs, ["b", "a", "d", "c"], "viewed first, then newest; each offer once");
    assert_eq!(stats.totals("it", "b").unwrap().views, 3, "the employer's daily statistics count the views too");
    let second = query(&engine, &[("perPage", "2"), ("page", "2")]).popular(&views).unwrap();
    assert_eq!(second.hits.iter().map(|h| h.parent_slug.as_str()).collect::<Vec<_>>(), ["d", "c"]);
    assert!(query(&engine, &[("perPage", "100"), ("page", "5")]).popular(&views).is_ok(), "offers 401–500 are within depth");
    let too_deep = query(&engine, &[("perPage", "100"), ("page", "6")]).popular(&views).unwrap_err();
    assert_eq!((too_deep.body().code.as_str(), too_deep.body().field.as_deref()), ("invalid_page", Some("page")));
}

#[test]
fn cursor_pages_continue_with_the_cursors_sort_and_currency() {
    let (engine, _dir) = engine();
    put(&engine, (0..5).map(|i| offer(&format!("o{i}"), "Rust", "Acme", i * DAY, 30 * DAY, &["Warszawa"])).collect());
    let first = query(&engine, &[("itemsCount", "2"), ("sortBy", "newest"), ("currency", "eur")]).cursor_page().unwrap();
    assert_eq!((first.total, first.hits.len(), first.prev.is_none()), (5, 2, true));
    let next = first.next.unwrap();
    let second = query(&engine, &[("cursor", next.as_str())]);
    assert_eq!(second.params.effective_sort().by, SortBy::Newest);
    assert_eq!(second.params.effective_currency(), wakat_core::Currency::Eur);
    let page = second.cursor_page().unwrap();
    let slug = |template: &String| {
        let mut entry = Vec::new();
        crate::dto::list_item::write_item(template, wakat_core::params::Lang::Pl, now(), &mut entry);
        serde_json::from_slice::<serde_json::Value>(&entry).unwrap()["slug"].as_str().unwrap().to_string()
    };
    assert_eq!(page.hits.iter().map(slug).collect::<Vec<_>>(), ["o2", "o3"]);
}
