//! The engine opened on the repository's configuration and dictionaries, as the CLI opens it:
//! without the server (and so without its list-item renderer).

use std::path::{Path, PathBuf};

use wakat_engine::{now, Engine, EngineError, EngineSettings};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn open(data_dir: &Path) -> Engine {
    let text = std::fs::read_to_string(repo().join("wakat.toml")).unwrap();
    let mut settings = EngineSettings::from_toml(&text, std::iter::empty()).unwrap();
    settings.storage.data_dir = data_dir.to_path_buf();
    settings.storage.index_data_dir = repo().join("index-data");
    settings.storage.writer_memory_mb = 32;
    Engine::open(settings, None).unwrap()
}

fn offer(slug: &str) -> wakat_core::Offer {
    let at = now();
    serde_json::from_value(serde_json::json!({
        "slug": slug, "title": "Rust Developer", "companyName": "Acme", "workplaceType": "office", "workingTime": "full_time",
        "experienceLevel": "mid", "categoryId": 6, "locations": [{"city": "Warszawa", "latitude": 52.2, "longitude": 21.0}],
        "employmentTypes": [{"type": "b2b", "from": 15000, "to": 20000, "currency": "pln", "unit": "month", "gross": false}],
        "requiredSkills": [{"name": "Rust", "level": 4}], "publishedAt": at - 60, "expiredAt": at + 86_400, "body": "<p>x</p>"
    }))
    .unwrap()
}

#[test]
fn opens_every_board_with_its_dictionaries_and_writes_through_store_and_index() {
    let dir = tempfile::tempdir().unwrap();
    let engine = open(dir.path());
    for (slug, tenant) in &engine.tenants {
        assert!(!tenant.categories.roots().is_empty(), "{slug} has categories");
    }
    assert!(engine.gazetteer.lookup("krakow").is_some());
    assert!(matches!(engine.tenant("nope"), Err(EngineError::UnknownTenant(_))));

    engine.put_offer("it", offer("rust-developer-acme")).unwrap();
    engine.commit_index().unwrap();
    assert_eq!(engine.store.count_offers("it").unwrap(), 1);
    assert_eq!(engine.index.num_docs(), 1);
    assert!(engine.delete_offer("it", "rust-developer-acme").unwrap().is_some());
    engine.commit_index().unwrap();
    assert_eq!(engine.index.num_docs(), 0);
}

#[test]
fn reopening_replays_and_reindexing_counts_the_store() {
    let dir = tempfile::tempdir().unwrap();
    {
        let engine = open(dir.path());
        engine.put_offer("it", offer("first")).unwrap();
        engine.commit_index().unwrap();
    }
    let engine = open(dir.path());
    assert_eq!(engine.store.count_offers("it").unwrap(), 1);
    assert_eq!(engine.reindex(&mut |_| {}).unwrap(), 1);
}
