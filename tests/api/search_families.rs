//! Issue 28: the families of queries that missed (feminine and masculine role nouns, multi-word
//! role phrases across languages, spelled-out technology names, role words with a skill,
//! activity nouns, salary and contract words), on a board holding only the offers below.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use serde_json::Value;

use crate::browser::urlencode;
use crate::helpers::{offer_json, spawn_app, TestApp};

/// (slug, title, skills, contract).
const OFFERS: &[(&str, &str, &[&str], &str)] = &[
    // Feminine and masculine forms: one offer titled with each.
    ("programista", "Programista Rust", &["Rust"], "b2b"),
    ("programistka", "Programistka Rust", &["Rust"], "b2b"),
    ("programista-ka", "Programista/ka Elixir", &["Elixir"], "b2b"),
    ("analityk", "Analityk Excel", &["Excel"], "b2b"),
    ("analityczka", "Analityczka Excel", &["Excel"], "b2b"),
    ("tester", "Tester Cypress", &["Cypress"], "b2b"),
    ("testerka", "Testerka Cypress", &["Cypress"], "b2b"),
    ("projektant", "Projektant Figma", &["Figma"], "b2b"),
    ("projektantka", "Projektantka Figma", &["Figma"], "b2b"),
    ("specjalista", "Specjalista Helpdesk", &["Windows"], "permanent"),
    ("specjalistka", "Specjalistka Helpdesk", &["Windows"], "permanent"),
    ("konsultant", "Konsultant SAP", &["SAP"], "permanent"),
    ("konsultantka", "Konsultantka SAP", &["SAP"], "permanent"),
    ("kierownik", "Kierownik Zmiany", &["Lean"], "permanent"),
    ("kierowniczka", "Kierowniczka Zmiany", &["Lean"], "permanent"),
    ("administrator", "Administrator Linux", &["Linux"], "permanent"),
    ("administratorka", "Administratorka Linux", &["Linux"], "permanent"),
    ("architekt", "Architekt Azure", &["Azure"], "permanent"),
    ("architektka", "Architektka Azure", &["Azure"], "permanent"),
    ("inzynier", "Inżynier Automatyk", &["PLC"], "permanent"),
    ("inzynierka", "Inżynierka Automatyk", &["PLC"], "permanent"),
    // Multi-word role phrases, one in each language.
    ("analityk-danych", "Analityk danych", &["Tableau"], "b2b"),
    ("data-analyst", "Data Analyst", &["Tableau"], "b2b"),
    ("analityk-biznesowy", "Analityk biznesowy", &["BPMN"], "b2b"),
    ("business-analyst", "Business Analyst", &["BPMN"], "b2b"),
    ("administrator-systemow", "Administrator systemów", &["Bash"], "permanent"),
    ("system-administrator", "System Administrator", &["Bash"], "permanent"),
    ("kierownik-sprzedazy", "Kierownik sprzedaży", &["CRM"], "permanent"),
    ("sales-manager", "Sales Manager", &["CRM"], "permanent"),
    ("inzynier-oprogramowania", "Inżynier oprogramowania", &["Haskell"], "b2b"),
    ("software-engineer", "Software Engineer", &["Haskell"], "b2b"),
    // Technology names.
    ("csharp", "C# Developer", &["C#"], "b2b"),
    ("fsharp", "F# Developer", &["F#"], "b2b"),
    ("nodejs", "Node.js Developer", &["Node.js"], "b2b"),
    ("vuejs", "Vue.js Developer", &["Vue.js"], "b2b"),
    ("dotnet", ".NET Developer", &[".NET"], "b2b"),
    ("objc", "Objective-C Developer", &["Objective-C"], "b2b"),
    ("cplusplus", "C++ Developer", &["C++"], "b2b"),
    ("aspnet", "ASP.NET Developer", &["ASP.NET"], "b2b"),
    ("c-language", "C Developer", &["C"], "b2b"),
    ("golang", "Go Developer", &["Go"], "b2b"),
    // Role words with a skill: every Java offer, whatever its role word.
    ("java-developer", "Java Developer", &["Java"], "b2b"),
    ("java-engineer", "Java Engineer", &["Java"], "b2b"),
    ("java-inzynier", "Inżynier Java", &["Java"], "permanent"),
    ("java-programmer", "Java Programmer", &["Java"], "b2b"),
    ("java-plain", "Senior Java", &["Java", "Spring"], "b2b"),
    ("python-developer", "Python Developer", &["Python"], "b2b"),
    ("python-engineer", "Python Engineer", &["Python"], "permanent"),
    // Activities: the roles doing them.
    ("qa-engineer", "QA Engineer", &["Selenium"], "b2b"),
    ("tester-manualny", "Tester manualny", &["Jira"], "permanent"),
    ("rekruter", "Rekruter IT", &["LinkedIn"], "permanent"),
    ("recruiter", "Technical Recruiter", &["LinkedIn"], "b2b"),
];

fn app() -> &'static TestApp {
    static APP: OnceLock<TestApp> = OnceLock::new();
    APP.get_or_init(|| {
        let app = spawn_app(false);
        for (slug, title, skills, contract) in OFFERS {
            let mut offer = offer_json(slug, title, "Gdańsk", 54.35, 18.65);
            offer["requiredSkills"] = skills.iter().map(|name| serde_json::json!({"name": name, "level": 3})).collect();
            offer["employmentTypes"][0]["type"] = (*contract).into();
            // The helper's "Test Company" would make every offer a match of "testy".
            offer["companyName"] = "Acme".into();
            assert_eq!(app.internal(reqwest::Method::POST, "/api/it/internal/offers", &offer).status, 201, "{slug}");
        }
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while app.count("it", "") != OFFERS.len() as u64 {
            assert!(std::time::Instant::now() < deadline, "the offers were never all searchable");
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        app
    })
}

fn list(query: &str, extra: &str) -> Value {
    app().get_ok(&format!("/api/it/v2/user-panel/offers?perPage=100&keywords[]={}{extra}", urlencode(query)))
}

/// Slugs of a keyword's offers, in rank order.
fn ranked(query: &str) -> Vec<String> {
    list(query, "")["data"].as_array().unwrap().iter().map(|o| o["slug"].as_str().unwrap().to_string()).collect()
}

fn found(query: &str) -> BTreeSet<String> {
    ranked(query).into_iter().collect()
}

fn has(query: &str, slugs: &[&str]) {
    let found = found(query);
    for slug in slugs {
        assert!(found.contains(*slug), "{query} finds {slug}: {found:?}");
    }
}

#[test]
fn either_form_of_a_role_noun_finds_both() {
    let pairs = [
        ("programista", "programistka"),
        ("analityk", "analityczka"),
        ("tester", "testerka"),
        ("projektant", "projektantka"),
        ("specjalista", "specjalistka"),
        ("konsultant", "konsultantka"),
        ("kierownik", "kierowniczka"),
        ("administrator", "administratorka"),
        ("architekt", "architektka"),
        ("inżynier", "inżynierka"),
    ];
    for (masculine, feminine) in pairs {
        let slug = |word: &str| word.replace('ż', "z");
        for typed in [masculine, feminine] {
            has(typed, &[&slug(masculine), &slug(feminine)]);
        }
        assert_eq!(found(masculine), found(feminine), "{masculine} and {feminine} find the same offers");
    }
    // The ads' "Programista/ka" and the feminine forms in other cases.
    has("programistka", &["programista-ka"]);
    has("programistki", &["programista", "programistka"]);
    has("testerki", &["tester", "testerka"]);
}

#[test]
fn multi_word_role_phrases_find_their_counterpart_typed_language_first() {
    for (polish, english) in [
        ("analityk danych", "data analyst"),
        ("analityk biznesowy", "business analyst"),
        ("administrator systemów", "system administrator"),
        ("kierownik sprzedaży", "sales manager"),
        ("inżynier oprogramowania", "software engineer"),
    ] {
        let polish_slug = polish.replace(' ', "-").replace('ó', "o").replace('ż', "z");
        let english_slug = english.replace(' ', "-");
        for typed in [polish, english] {
            has(typed, &[&polish_slug, &english_slug]);
        }
        let first = |typed: &str| ranked(typed).into_iter().find(|s| *s == polish_slug || *s == english_slug).unwrap();
        assert_eq!(first(polish), polish_slug, "{polish}: the Polish offer first");
        assert_eq!(first(english), english_slug, "{english}: the English offer first");
    }
    // A translation never loosens a phrase into any analyst or any data offer.
    assert!(!found("analityk danych").contains("business-analyst"));
    assert!(!found("data analyst").contains("analityk-biznesowy"));
}

#[test]
fn spelled_out_and_split_technology_names_are_the_name() {
    for (spelled, name, slug) in [
        ("c sharp", "c#", "csharp"),
        ("C Sharp developer", "c# developer", "csharp"),
        ("f sharp", "f#", "fsharp"),
        ("node js", "node.js", "nodejs"),
        ("nodejs", "node.js", "nodejs"),
        ("Node JS", "node.js", "nodejs"),
        ("vue js", "vue.js", "vuejs"),
        ("dot net", ".net", "dotnet"),
        ("objective c", "objective-c", "objc"),
        ("c plus plus", "c++", "cplusplus"),
        ("cpp", "c++", "cplusplus"),
        ("asp net", "asp.net", "aspnet"),
    ] {
        let expected = found(name);
        assert!(expected.contains(slug), "{name} finds {slug}: {expected:?}");
        assert_eq!(found(spelled), expected, "{spelled} = {name}");
    }
    // Short tokens stay exact: `c` is the language C, `go` is Go.
    let c = found("c");
    assert!(c.contains("c-language") && !c.contains("csharp") && !c.contains("cplusplus") && !c.contains("objc"), "{c:?}");
    assert_eq!(found("go"), BTreeSet::from(["golang".to_string()]));
    // The parts alone are not the name.
    assert!(found("sharp").is_empty());
}

#[test]
fn a_role_word_with_a_skill_ranks_its_family_instead_of_excluding() {
    let java: Vec<&str> = OFFERS.iter().filter(|o| o.2.contains(&"Java")).map(|o| o.0).collect();
    for query in ["programista java", "developer java", "java engineer", "inżynier java", "programmer java", "java programistka"] {
        let ranked = ranked(query);
        assert_eq!(ranked.iter().map(String::as_str).collect::<BTreeSet<_>>(), java.iter().copied().collect(), "{query} finds every Java offer");
        // Offers whose title names a role of the family rank above the one naming none.
        assert_eq!(ranked.last().map(String::as_str), Some("java-plain"), "{query}: {ranked:?}");
    }
    let python = found("programista python");
    assert!(python.contains("python-developer") && python.contains("python-engineer") && !python.contains("java-developer"), "{python:?}");
    // Without a skill a role word still says what is sought.
    let tester = found("tester");
    assert!(tester.contains("qa-engineer") && !tester.contains("java-developer"), "{tester:?}");
}

#[test]
fn activity_nouns_reach_the_roles_that_do_them() {
    for query in ["testing", "testowanie", "testy"] {
        has(query, &["tester", "testerka", "qa-engineer", "tester-manualny"]);
        assert!(!found(query).contains("java-developer"), "{query}");
    }
    for query in ["analysis", "analiza"] {
        has(query, &["analityk", "analityczka", "data-analyst", "business-analyst"]);
    }
    for query in ["rekrutacja", "recruitment"] {
        has(query, &["rekruter", "recruiter"]);
    }
    has("programowanie", &["programista", "java-developer", "java-programmer"]);
}

fn chips(query: &str, extra: &str) -> Vec<(String, String, String, bool)> {
    let body = list(query, extra);
    body["meta"]["search"]["chips"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (c["kind"].as_str().unwrap().into(), c["filter"].as_str().unwrap().into(), c["value"].as_str().unwrap().into(), c["applied"].as_bool().unwrap())
        })
        .collect()
}

fn chip(kind: &str, filter: &str, value: &str, applied: bool) -> (String, String, String, bool) {
    (kind.into(), filter.into(), value.into(), applied)
}

#[test]
fn salary_and_contract_words_become_chips() {
    let all = OFFERS.len() as u64;
    let b2b = OFFERS.iter().filter(|o| o.3 == "b2b").count() as u64;
    let total = |query: &str| list(query, "")["meta"]["totalItems"].as_u64().unwrap();
    assert_eq!(chips("15k b2b", ""), vec![chip("salary", "salaryMin", "15000", false), chip("contract", "employmentTypes", "b2b", false)]);
    assert_eq!(list("java 15k b2b", "")["meta"]["search"]["chips"][0]["typed"], "15k", "the chip names the words typed");
    // Alone, a contract word asks for its contract; a salary is never searched as text.
    assert_eq!(total("15k b2b"), b2b);
    assert_eq!(total("b2b"), b2b);
    assert_eq!(chips("od 20 000 zł", ""), vec![chip("salary", "salaryMin", "20000", false)]);
    assert_eq!(total("od 20 000 zł"), all, "a salary alone restricts nothing until its chip is applied");
    assert_eq!(chips("powyżej 25k", ""), vec![chip("salary", "salaryMin", "25000", false)]);
    assert_eq!(chips("java do 30 tys. zł", ""), vec![chip("salary", "salaryMax", "30000", false)]);
    assert_eq!(total("java 25k+"), total("java"), "the salary words leave the text");
    for (typed, value) in [
        ("uop", "permanent"),
        ("umowa o pracę", "permanent"),
        ("python umowa o pracę", "permanent"),
        ("umowa zlecenie", "mandate_contract"),
        ("java b2b", "b2b"),
    ] {
        assert_eq!(chips(typed, ""), vec![chip("contract", "employmentTypes", value, false)], "{typed}");
    }
    // With other words a contract word boosts: every Python offer, the permanent one first.
    assert_eq!(total("python uop"), total("python"));
    assert_eq!(ranked("python uop")[0], "python-engineer");
    // Applied filters mark the chips applied.
    assert_eq!(
        chips("15k b2b", "&salaryMin=15000&employmentTypes[]=b2b"),
        vec![chip("salary", "salaryMin", "15000", true), chip("contract", "employmentTypes", "b2b", true)]
    );
    // The label names the amount in the answer's language and currency.
    let label = |lang: &str| list("15k", &format!("&lang={lang}"))["meta"]["search"]["chips"][0]["label"].as_str().unwrap().to_string();
    assert_eq!(label("pl"), "od 15 000 PLN");
    assert_eq!(label("en"), "from 15,000 PLN");
    // Numbers that are not salaries stay words.
    assert!(chips("python 3", "").is_empty());
}
