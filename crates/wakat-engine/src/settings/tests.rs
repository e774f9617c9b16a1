//! The boards' settings and the overrides of the document; the server's own sections (payments,
//! captcha, time zone) are tested with the server's `Settings`.

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
    let settings = EngineSettings::from_toml(BASE, env).unwrap();
    assert_eq!(settings.storage.search_threads, 2);
    assert_eq!(settings.ranking.freshness_weight, 0.25);
    assert_eq!(settings.tenants[0].name, "Renamed");
    assert_eq!(settings.tenants[0].flags.get("darkMode"), Some(&true));
    assert_eq!(settings.storage.data_dir, PathBuf::from("data"));
}

#[test]
fn reads_terms_and_legal_documents() {
    let text = format!(
        "{BASE}\n[tenants.legal]\nprivacy_policy = \"privacy-policy\"\n[[tenants.terms]]\naudience = \"users\"\nfile = \"users-2025\"\nfrom_date = \"2025-01-01\"\ndue_date = \"2026-12-31\"\ntitle = {{ pl = \"Regulamin\", en = \"Terms\" }}\n"
    );
    let settings = EngineSettings::from_toml(&text, []).unwrap();
    let tenant = &settings.tenants[0];
    assert_eq!(tenant.terms[0].due_date.as_deref(), Some("2026-12-31"));
    let day = |text: &str| parse_terms_date(text, false).unwrap().unix_timestamp();
    assert_eq!(tenant.terms_in_force("users", day("2026-06-01")).map(|t| t.file.as_str()), Some("users-2025"));
    assert!(tenant.terms_in_force("users", day("2027-01-01")).is_none(), "past its due date");
    assert!(tenant.terms_in_force("users", day("2024-12-31")).is_none(), "before its from date");
    assert!(tenant.terms_in_force("clients", day("2026-06-01")).is_none());
    assert!(tenant.has_legal_document("users-2025"));
    assert!(tenant.has_legal_document("privacy-policy"));
    assert!(!tenant.has_legal_document("information-clause"));
    assert!(!tenant.has_legal_document(""));
}

#[test]
fn terms_dates_are_whole_days_or_moments() {
    let start = parse_terms_date("2026-12-31", false).unwrap();
    let end = parse_terms_date("2026-12-31", true).unwrap();
    assert_eq!(start.hour(), 0);
    assert_eq!((end - start).whole_hours(), 23);
    assert!(parse_terms_date("2026-12-31T10:00:00+01:00", true).is_some());
    assert!(parse_terms_date("31.12.2026", false).is_none());
}

#[test]
fn rejects_bad_terms() {
    let with = |entry: &str| format!("{BASE}\n[[tenants.terms]]\n{entry}\n");
    assert!(EngineSettings::from_toml(&with("audience = \"users\"\nfile = \"../etc/passwd\""), []).is_err());
    assert!(EngineSettings::from_toml(&with("audience = \"everyone\"\nfile = \"terms\""), []).is_err());
    assert!(EngineSettings::from_toml(&with("audience = \"users\"\nfile = \"terms\"\ndue_date = \"soon\""), []).is_err());
    assert!(EngineSettings::from_toml(&with("audience = \"users\"\nfile = \"terms\"\nfrom_date = \"2027-01-02\"\ndue_date = \"2027-01-01\""), []).is_err());
    assert!(EngineSettings::from_toml(&with("audience = \"clients\"\nfile = \"terms\"\nfrom_date = \"2027-01-01\"\ndue_date = \"2027-01-01\""), []).is_ok());
}

#[test]
fn reads_a_boards_texts_and_rejects_unknown_languages_and_keys() {
    let with = |entry: &str| format!("{BASE}\n[tenants.texts]\n{entry}\n");
    let settings = EngineSettings::from_toml(&with(r#""home.heading" = { pl = "Znajdź pracę w IT", en = "Find a job in IT" }"#), []).unwrap();
    assert_eq!(settings.tenants[0].texts["home.heading"]["en"], "Find a job in IT");
    assert!(EngineSettings::from_toml(&with(r#""home.heading" = { de = "Arbeit" }"#), []).is_err(), "only pl and en are served");
    assert!(EngineSettings::from_toml(&with(r#""home heading" = { pl = "x" }"#), []).is_err(), "not a message key");
}

#[test]
fn boards_get_default_hosts_and_the_first_the_loopback_names() {
    let two = format!("{BASE}\n[[tenants]]\nslug = \"work\"\ncategories = \"x\"\n");
    let settings = EngineSettings::from_toml(&two, []).unwrap();
    assert_eq!(settings.tenants[0].hosts, ["it.localhost", "localhost", "127.0.0.1"]);
    assert_eq!(settings.tenants[1].hosts, ["work.localhost"]);
    let claimed = format!("{BASE}\n[[tenants]]\nslug = \"work\"\ncategories = \"x\"\nhosts = [\"Praca.Example\", \"localhost\"]\n");
    let settings = EngineSettings::from_toml(&claimed, []).unwrap();
    assert_eq!(settings.tenants[0].hosts, ["it.localhost", "127.0.0.1"]);
    assert_eq!(settings.tenants[1].hosts, ["praca.example", "localhost"]);
}

#[test]
fn rejects_bad_hosts() {
    let board = |slug: &str, hosts: &str| format!("[[tenants]]\nslug = \"{slug}\"\ncategories = \"x\"\nhosts = {hosts}\n");
    assert!(EngineSettings::from_toml(&board("it", "[\"it.example\"]"), []).is_ok());
    for bad in ["[\"it.example:3000\"]", "[\"\"]", "[\"-it.example\"]", "[\"it..example\"]", "[\"it example\"]", "[\"[::1]\"]"] {
        assert!(EngineSettings::from_toml(&board("it", bad), []).is_err(), "{bad}");
    }
    let twice = format!("{}{}", board("it", "[\"it.example\"]"), board("work", "[\"IT.example\"]"));
    assert!(EngineSettings::from_toml(&twice, []).is_err());
    for reserved in ["boards", "dev", "internal"] {
        assert!(EngineSettings::from_toml(&board(reserved, "[]"), []).is_err(), "{reserved}");
    }
}

#[test]
fn rejects_bad_plans() {
    let with = |plan: &str| format!("{BASE}\n[[tenants.employers.plans]]\n{plan}\n");
    assert!(EngineSettings::from_toml(&with("slug = \"basic\""), []).is_ok());
    assert!(EngineSettings::from_toml(&with("slug = \"Basic Plan\""), []).is_err());
    assert!(EngineSettings::from_toml(&with("slug = \"basic\"\nlimits = { duration_in_days = 0 }"), []).is_err());
    let twice = format!("{}[[tenants.employers.plans]]\nslug = \"basic\"\n", with("slug = \"basic\""));
    assert!(EngineSettings::from_toml(&twice, []).is_err());
}

#[test]
fn rejects_bad_tenants() {
    assert!(EngineSettings::from_toml("", []).is_err());
    let twice = format!("{BASE}\n[[tenants]]\nslug = \"it\"\ncategories = \"x\"\n");
    assert!(EngineSettings::from_toml(&twice, []).is_err());
}

#[test]
fn reads_how_applications_mail_their_cv() {
    let defaults = EngineSettings::from_toml(BASE, []).unwrap();
    let applications = defaults.tenants[0].applications;
    assert_eq!((applications.email_cv, applications.cv_link_days, applications.digest_hour), (EmailCv::Attach, 30, 7));
    assert!(applications.attaches(3_000_000) && !applications.attaches(3_000_001), "a CV over the bound goes as a link");
    let with = |section: &str| format!("{BASE}\n[tenants.applications]\n{section}\n");
    let linked = EngineSettings::from_toml(&with("email_cv = \"link\""), []).unwrap();
    assert!(!linked.tenants[0].applications.attaches(10));
    assert!(EngineSettings::from_toml(&with("email_cv = \"fax\""), []).is_err());
    assert!(EngineSettings::from_toml(&with("attach_max_bytes = 50000000"), []).is_err(), "over the mailer's bound");
    assert!(EngineSettings::from_toml(&with("cv_link_days = 0"), []).is_err());
    assert!(EngineSettings::from_toml(&with("digest_hour = 24"), []).is_err());
    assert!(EngineSettings::from_toml(&with("emailCv = \"link\""), []).is_err(), "unknown keys are refused");
}

#[test]
fn reads_and_checks_a_boards_tile_provider() {
    let defaults = EngineSettings::from_toml(BASE, []).unwrap();
    assert!(!defaults.tenants[0].map.is_configured(), "no [tenants.map]: the offline basemap");
    let with = |section: &str| format!("{BASE}\n[tenants.map]\n{section}\n");
    let provider = with(
        "style_url = \"https://tiles.example.com/styles/liberty.json?key=k\"\nstyle_url_dark = \"https://tiles.example.com/styles/dark.json\"\nattribution = \"© Example tiles\"\norigins = [\"https://fonts.example.com\", \"https://*.cdn.example.com/\"]",
    );
    let map = EngineSettings::from_toml(&provider, []).unwrap().tenants[0].map.clone();
    assert!(map.is_configured());
    assert_eq!(map.style_url, "https://tiles.example.com/styles/liberty.json?key=k");
    assert_eq!(map.style_url_dark, "https://tiles.example.com/styles/dark.json");
    assert_eq!(map.attribution, "© Example tiles");
    assert_eq!(map.origins.len(), 2);
    let env = [("WAKAT_TENANTS__0__MAP__STYLE_URL".to_string(), "http://127.0.0.1:8081/style.json".to_string())];
    assert_eq!(EngineSettings::from_toml(BASE, env).unwrap().tenants[0].map.style_url, "http://127.0.0.1:8081/style.json", "set from the environment");
    for bad in [
        "style_url = \"/map/style.json\"",
        "style_url = \"ftp://tiles.example.com/style.json\"",
        "style_url = \"https://tiles.example.com/a b.json\"",
        "style_url = \"https://tiles.example.com/x.json; script-src *\"",
        "style_url_dark = \"https://tiles.example.com/dark.json\"",
        "style_url = \"https://tiles.example.com/s.json\"\norigins = [\"https://fonts.example.com/glyphs\"]",
        "style_url = \"https://tiles.example.com/s.json\"\norigins = [\"fonts.example.com\"]",
        "styleUrl = \"https://tiles.example.com/s.json\"",
    ] {
        assert!(EngineSettings::from_toml(&with(bad), []).is_err(), "{bad}");
    }
}

#[test]
fn reads_and_checks_the_homepage_hero_and_blog() {
    let with = |flags: &str, sections: &str| format!("{BASE}{flags}\n{sections}\n");
    let hero = "[tenants.promotion]\nimage = \"/promo/it.svg\"\nheadline = { pl = \"Nagłówek\", en = \"Headline\" }\nlink = \"https://example.com/x\"\nlink_label = { pl = \"Zobacz\" }";
    let tenant = EngineSettings::from_toml(&with("promotionalHomepage = true\nblogShowcase = true", &format!("{hero}\n[tenants.blog]\ndir = \"blog/it\"")), [])
        .unwrap()
        .tenants[0]
        .clone();
    assert!(tenant.promotion.is_configured() && tenant.blog.is_configured());
    assert_eq!((tenant.promotion.headline["en"].as_str(), tenant.blog.dir.as_str()), ("Headline", "blog/it"));
    assert!(!EngineSettings::from_toml(BASE, []).unwrap().tenants[0].promotion.is_configured(), "no section, no hero");
    for (flags, sections) in [
        ("promotionalHomepage = true", ""),
        ("blogShowcase = true", ""),
        ("", &hero.replace("/promo/it.svg", "//evil.example.com/x.svg")),
        ("", &hero.replace("https://example.com/x", "javascript:alert(1)")),
        ("", &hero.replace("pl = \"Nagłówek\", ", "")),
        ("", &hero.replace("link_label = { pl = \"Zobacz\" }", "link_label = { de = \"Sehen\" }")),
        ("", "[tenants.blog]\ndir = \"../secrets\""),
        ("", "[tenants.blog]\ndir = \"/etc\""),
        ("", "[tenants.promotion]\nimg = \"/x.svg\""),
    ] {
        assert!(EngineSettings::from_toml(&with(flags, sections), []).is_err(), "{flags} {sections}");
    }
}
