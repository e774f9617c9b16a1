//! Search quality on real data: the justjoin.it 2019 export in `../shared/data`.

use wakat_ingest::import::{import_file, ImportContext};

use crate::helpers::{repo_path, spawn_app_with, TestApp};

fn app_with_the_2019_export() -> TestApp {
    let export = repo_path("../shared/data/justjoin-2019-10/offers.json");
    assert!(export.exists(), "{} is missing: the real exports are expected in ../shared/data beside the checkout", export.display());
    spawn_app_with(tempfile::tempdir().unwrap(), false, move |engine| {
        let tenant = engine.tenants["it"].clone();
        let ctx = ImportContext { gazetteer: &engine.gazetteer, categories: &tenant.categories, rates: &engine.rates, now: wakat_engine::now() };
        let report = import_file(&export, &ctx).expect("the export imports");
        assert_eq!(report.offers.len(), 1361);
        engine.put_offers("it", report.offers, &mut |_| {}).expect("offers are stored");
    })
}

fn titles(app: &TestApp, query: &str) -> Vec<String> {
    let body = app.get_ok(&format!("/api/it/v2/user-panel/offers?perPage=100&{query}"));
    body["data"].as_array().unwrap().iter().map(|offer| offer["title"].as_str().unwrap().to_string()).collect()
}

#[test]
fn names_joined_by_a_slash_are_found_by_each_part() {
    let app = app_with_the_2019_export();
    let cpp = titles(&app, "keywords[]=c%2B%2B");
    for title in ["Senior C/C++", "C/C++ Dev. for Accessibility Solutions"] {
        assert!(cpp.iter().any(|t| t == title), "c++ finds {title}: {cpp:?}");
    }
    let css = titles(&app, "keywords[]=css");
    assert!(css.iter().any(|t| t == "Web Developer (HTML/CSS, PHP, JS)"), "css finds HTML/CSS: {css:?}");
    let kotlin = titles(&app, "keywords[]=kotlin");
    assert!(kotlin.iter().any(|t| t == "Java/Kotlin Developer"), "{kotlin:?}");
    // Technology names keep their meaning: C# is not C (keywords match skills too, so compare
    // titles that name only one of them).
    let csharp = titles(&app, "keywords[]=c%23");
    assert!(csharp.iter().any(|t| t == "C# Developer"), "{csharp:?}");
    assert!(!cpp.iter().any(|t| t == "C# Developer"), "c++ does not find C#: {cpp:?}");
}
