//! The boards' settings are tested in `wakat-engine` (`settings/tests.rs`); these read the whole
//! document, the engine's part and the server's from one text.

use std::path::PathBuf;

use super::*;

const BASE: &str = r#"
    [server]
    bind = "127.0.0.1:8080"
    [[tenants]]
    slug = "it"
    name = "IT"
    categories = "categories-it.json"
    [tenants.flags]
    darkMode = true
"#;

#[test]
fn environment_overrides_nested_keys_and_array_entries() {
    let env = [
        ("WAKAT_SERVER__BIND".to_string(), "0.0.0.0:9999".to_string()),
        ("WAKAT_SERVER__SEARCH_THREADS".to_string(), "2".to_string()),
        ("WAKAT_RANKING__FRESHNESS_WEIGHT".to_string(), "0.25".to_string()),
        ("WAKAT_TENANTS__0__NAME".to_string(), "Renamed".to_string()),
        ("HOME".to_string(), "/root".to_string()),
    ];
    let settings = Settings::from_toml(BASE, env).unwrap();
    assert_eq!(settings.server.bind, "0.0.0.0:9999");
    assert_eq!(settings.engine.storage.search_threads, 2);
    assert_eq!(settings.engine.ranking.freshness_weight, 0.25);
    assert_eq!(settings.engine.tenants[0].name, "Renamed");
    assert_eq!(settings.engine.tenants[0].flags.get("darkMode"), Some(&true));
    assert_eq!(settings.engine.storage.data_dir, PathBuf::from("data"));
}

#[test]
fn rejects_bad_boards_and_payments() {
    let plan = |plan: &str| format!("{BASE}\n[[tenants.employers.plans]]\n{plan}\n");
    assert!(Settings::from_toml(&plan("slug = \"basic\""), []).is_ok());
    assert!(Settings::from_toml(&plan("slug = \"Basic Plan\""), []).is_err());
    assert!(Settings::from_toml("", []).is_err());
    assert!(Settings::from_toml(&format!("{BASE}\n[payments]\nprovider = \"stripe\"\n"), []).is_err(), "stripe needs its keys");
}
