use super::*;
use proptest::prelude::*;
use wakat_core::filters::FilterLimits;
use wakat_core::{EmploymentKind, ExperienceLevel, Gazetteer, Place, WorkingTime};

pub(crate) fn categories() -> CategoryTree {
    CategoryTree::from_json(
        r#"[{"value": 6, "slug": "java", "labelPl": "Java", "labelEn": "Java", "order": 1,
              "children": [{"value": 601, "slug": "spring", "labelPl": "Spring", "labelEn": "Spring"}]},
             {"value": 1, "slug": "javascript", "labelPl": "JavaScript", "labelEn": "JavaScript", "order": 2}]"#,
    )
    .unwrap()
}

pub(crate) fn gazetteer() -> Gazetteer {
    let place = |slug: &str, name: &str, lat, lon| Place {
        slug: slug.into(),
        name: name.into(),
        name_en: None,
        lat,
        lon,
        region: "x".into(),
        population: 1000,
        alt_names: vec![],
    };
    Gazetteer::new(vec![place("krakow", "Kraków", 50.06, 19.94), place("gdansk", "Gdańsk", 54.35, 18.65)])
}

fn with_ctx<T>(f: impl FnOnce(&ParseContext<'_>) -> T) -> T {
    let (categories, gazetteer) = (categories(), gazetteer());
    let ctx = ParseContext { categories: &categories, gazetteer: &gazetteer, limits: FilterLimits::default() };
    f(&ctx)
}

fn phrase() -> impl Strategy<Value = String> {
    prop_oneof![Just("java".to_string()), Just("C#".to_string()), Just("node.js".to_string()), "[a-zA-Ząęż ,]{1,12}"]
}

fn unique<T: PartialEq>(values: Vec<T>) -> Vec<T> {
    let mut out = Vec::new();
    for value in values {
        if !out.contains(&value) {
            out.push(value);
        }
    }
    out
}

fn sanitized(values: Vec<String>) -> Vec<String> {
    unique(values.iter().filter_map(|v| wakat_core::filters::sanitize_phrase(v)).collect())
}

prop_compose! {
    /// A filters object in the form the conversion gives back: unique values, remote in step with
    /// remoteWorkOptions, an explicit currency.
    fn normalized_object()(
        categories in proptest::sample::subsequence(vec!["java", "spring", "javascript"], 0..=3),
        city in proptest::option::of(prop_oneof![Just("krakow".to_string()), Just("gdansk".to_string()), Just("Nowhere Town".to_string())]),
        radius in proptest::option::of(1u32..100),
        from in proptest::option::of(0u32..50_000),
        span in proptest::option::of(0u32..50_000),
        currency in proptest::sample::select(Currency::ALL.to_vec()),
        employment in proptest::sample::subsequence(EmploymentKind::ALL.to_vec(), 0..=3),
        experiences in proptest::sample::subsequence(ExperienceLevel::ALL.to_vec(), 0..=3),
        working in proptest::sample::subsequence(WorkingTime::ALL.to_vec(), 0..=2),
        workplaces in proptest::sample::subsequence(WorkplaceType::ALL.to_vec(), 0..=3),
        flags in (any::<bool>(), any::<bool>()),
        keywords in proptest::collection::vec(phrase(), 0..3),
        companies in proptest::collection::vec(phrase(), 0..3),
        skills in proptest::collection::vec(phrase(), 0..3),
        titles in proptest::collection::vec(phrase(), 0..3),
    ) -> FiltersObject {
        let known_city = city.as_deref().is_some_and(|c| c != "Nowhere Town");
        FiltersObject {
            categories: categories.into_iter().map(String::from).collect(),
            localization: Localization { radius: radius.filter(|_| known_city).map(f64::from), city },
            salary: SalaryFilter { from: from.map(f64::from), to: span.map(|s| f64::from(from.unwrap_or(0) + s)), currency: Some(currency.as_str().into()) },
            employment_types: employment.iter().map(|e| e.as_str().to_string()).collect(),
            experiences: experiences.iter().map(|e| e.as_str().to_string()).collect(),
            working_times: working.iter().map(|e| e.as_str().to_string()).collect(),
            friendly_offer: flags.0,
            remote: workplaces.contains(&WorkplaceType::Remote),
            with_salary: flags.1,
            remote_work_options: workplaces.iter().map(|e| e.as_str().to_string()).collect(),
            search: SearchFilter { keywords: sanitized(keywords), company_names: sanitized(companies), skills: sanitized(skills), job_titles: sanitized(titles) },
        }
    }
}

proptest! {
    #[test]
    fn the_filters_object_round_trips_without_loss(object in normalized_object()) {
        with_ctx(|ctx| {
            let params = object.to_params(ctx).expect("a normalized object parses");
            let back = FiltersObject::from_params(&params, ctx.categories);
            prop_assert_eq!(&back, &object);
            // And the canonical form stored for it parses back to the same model.
            let stored = canonical_pairs(&params);
            let reopened = parse_pairs(&stored, ctx).expect("canonical pairs parse");
            prop_assert_eq!(&canonical_query(&reopened), &canonical_query(&params));
            prop_assert_eq!(FiltersObject::from_params(&reopened, ctx.categories).to_params(ctx).unwrap().canonical(), params.canonical());
            Ok(())
        })?;
    }

    #[test]
    fn canonical_pairs_parse_back_to_the_same_filters(pairs in proptest::collection::vec((
        proptest::sample::select(vec!["keywords[]", "typ-umowy", "doswiadczenie", "miasto", "promien", "zarobki", "currency", "remote", "categories[]", "sortBy", "orderBy", "widelki", "ukraina", "skills[]", "tryb-pracy"]),
        prop_oneof![Just("b2b".to_string()), Just("senior".to_string()), Just("krakow".to_string()), Just("25".to_string()), Just("10000,20000".to_string()), Just("eur".to_string()), Just("true".to_string()), Just("java".to_string()), Just("newest".to_string()), Just("ASC".to_string()), Just("hybrydowa".to_string()), "[a-z ]{0,8}"],
    ), 0..8)) {
        with_ctx(|ctx| {
            let Ok(params) = ListParams::parse(pairs.iter().map(|(k, v)| (*k, v.as_str())), ctx) else { return Ok(()) };
            let reopened = parse_pairs(&canonical_pairs(&params), ctx).expect("canonical pairs parse");
            let mut expected = params.clone();
            for list in [&mut expected.filters.keywords, &mut expected.filters.titles, &mut expected.filters.companies, &mut expected.filters.skills] {
                list.sort_unstable();
            }
            prop_assert_eq!(reopened.canonical(), ListParams { filters: expected.filters, sort: expected.sort, ..ListParams::default() }.canonical());
            Ok(())
        })?;
    }
}

#[test]
fn order_and_names_do_not_change_the_identity() {
    with_ctx(|ctx| {
        let a = ListParams::parse([("keywords[]", "rust"), ("keywords[]", "java"), ("miasto", "Kraków"), ("typ-umowy", "b2b,permanent")], ctx).unwrap();
        let b = ListParams::parse(
            [("employmentTypes[]", "permanent"), ("city", "krakow"), ("employmentTypes[]", "b2b"), ("keywords[]", "java"), ("keywords[]", "rust")],
            ctx,
        )
        .unwrap();
        assert_eq!(canonical_query(&a), canonical_query(&b));
        assert_eq!(canonical_query(&a), "keywords%5B%5D=java&keywords%5B%5D=rust&employmentTypes%5B%5D=permanent&employmentTypes%5B%5D=b2b&city=krakow");
    })
}

#[test]
fn currency_falls_back_to_pln_and_tags_name_the_search() {
    with_ctx(|ctx| {
        let object: FiltersObject = serde_json::from_value(serde_json::json!({
            "categories": ["java"], "localization": {"city": "krakow"}, "salary": {"from": 10000, "currency": "default"},
            "search": {"keywords": ["rust"]}, "experiences": ["senior"], "remote": true
        }))
        .unwrap();
        let params = object.to_params(ctx).unwrap();
        assert_eq!(params.filters.currency, Currency::Pln);
        assert_eq!(params.filters.workplace_types, vec![WorkplaceType::Remote]);
        assert_eq!(tags(&params, ctx.categories, "pl"), ["rust", "Kraków", "Java", "Senior", "Praca zdalna", "od 10000 PLN"]);
        let refused: FiltersObject = serde_json::from_value(serde_json::json!({"experiences": ["guru"]})).unwrap();
        assert_eq!(refused.to_params(ctx).unwrap_err().code.as_str(), "invalid_experience_level");
    })
}
