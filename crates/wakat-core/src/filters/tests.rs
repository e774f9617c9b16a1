use super::*;
use crate::category::CategoryTree;
use crate::enums::{Currency, EmploymentKind, ExperienceLevel, WorkingTime, WorkplaceType};
use crate::place::{Gazetteer, Place};
use proptest::prelude::*;

fn categories() -> CategoryTree {
    CategoryTree::from_json(
        r#"[{"value": 6, "slug": "java", "labelPl": "Java", "labelEn": "Java", "order": 1,
              "children": [{"value": 601, "slug": "spring", "labelPl": "Spring", "labelEn": "Spring"}]},
             {"value": 1, "slug": "javascript", "labelPl": "JavaScript", "labelEn": "JavaScript", "order": 2}]"#,
    )
    .unwrap()
}

fn gazetteer() -> Gazetteer {
    Gazetteer::new(vec![Place {
        slug: "krakow".into(),
        name: "Kraków".into(),
        name_en: Some("Cracow".into()),
        lat: 50.06,
        lon: 19.94,
        region: "małopolskie".into(),
        population: 780_000,
        alt_names: vec![],
    }])
}

fn parse(query: &[(&str, &str)]) -> Result<ListParams, FilterError> {
    let (categories, gazetteer) = (categories(), gazetteer());
    let ctx = ParseContext { categories: &categories, gazetteer: &gazetteer, limits: FilterLimits::default() };
    ListParams::parse(query.iter().copied(), &ctx)
}

fn error_code(query: &[(&str, &str)]) -> (&'static str, String) {
    let err = parse(query).expect_err("expected an error");
    (err.code.as_str(), err.field)
}

#[test]
fn api_names_with_bracket_arrays() {
    let params = parse(&[
        ("keywords[]", "java"),
        ("keywords[]", " spring   boot "),
        ("city", "krakow"),
        ("cityRadiusKm", "30"),
        ("experienceLevels[]", "mid"),
        ("experienceLevels[]", "senior"),
        ("employmentTypes[]", "b2b"),
        ("categories[]", "6"),
        ("withSalary", "true"),
        ("salaryMin", "10000"),
        ("currency", "eur"),
        ("sortBy", "salary"),
        ("orderBy", "ASC"),
    ])
    .unwrap();
    let f = &params.filters;
    assert_eq!(f.keywords, vec!["java", "spring boot"]);
    assert_eq!(f.city.as_ref().unwrap().slug, "krakow");
    assert_eq!(f.city.as_ref().unwrap().point, Some((50.06, 19.94)));
    assert_eq!(f.radius_km, Some(30.0));
    assert_eq!(f.experience_levels, vec![ExperienceLevel::Mid, ExperienceLevel::Senior]);
    assert_eq!(f.employment_types, vec![EmploymentKind::B2b]);
    assert_eq!(f.categories, vec![6]);
    assert!(f.with_salary);
    assert_eq!(f.salary_min, Some(10_000.0));
    assert_eq!(f.currency, Currency::Eur);
    assert_eq!(params.sort, Sort { by: SortBy::Salary, order: OrderBy::Asc });
}

#[test]
fn english_url_names() {
    let params = parse(&[
        ("employment-type", "b2b,permanent"),
        ("experience-level", "junior"),
        ("salary", "5000,20000"),
        ("ukraine", "true"),
        ("with-salary", "true"),
        ("remote", "true"),
        ("working-hours", "part-time"),
        ("workplace", "hybrid"),
        ("sort", "salaryDesc"),
    ])
    .unwrap();
    let f = &params.filters;
    assert_eq!(f.employment_types, vec![EmploymentKind::B2b, EmploymentKind::Permanent]);
    assert_eq!(f.experience_levels, vec![ExperienceLevel::Junior]);
    assert_eq!((f.salary_min, f.salary_max), (Some(5000.0), Some(20000.0)));
    assert!(f.ukraine_friendly && f.with_salary);
    assert_eq!(f.workplace_types, vec![WorkplaceType::Remote, WorkplaceType::Hybrid]);
    assert_eq!(f.working_times, vec![WorkingTime::PartTime]);
    assert_eq!(params.sort, Sort { by: SortBy::Salary, order: OrderBy::Desc });
}

#[test]
fn polish_url_names() {
    let params = parse(&[
        ("typ-umowy", "umowa-o-prace,umowa-zlecenie"),
        ("doswiadczenie", "ekspert"),
        ("zarobki", "8000-"),
        ("ukraina", "true"),
        ("widelki", "true"),
        ("praca-zdalna", "true"),
        ("rodzaj-pracy", "pelny-etat"),
        ("tryb-pracy", "stacjonarna"),
        ("miasto", "Kraków"),
        ("kategoria", "spring"),
    ])
    .unwrap();
    let f = &params.filters;
    assert_eq!(f.employment_types, vec![EmploymentKind::Permanent, EmploymentKind::MandateContract]);
    assert_eq!(f.experience_levels, vec![ExperienceLevel::Expert]);
    assert_eq!((f.salary_min, f.salary_max), (Some(8000.0), None));
    assert!(f.ukraine_friendly && f.with_salary);
    assert_eq!(f.workplace_types, vec![WorkplaceType::Remote, WorkplaceType::Office]);
    assert_eq!(f.working_times, vec![WorkingTime::FullTime]);
    assert_eq!(f.city.as_ref().unwrap().slug, "krakow");
    assert_eq!(f.categories, vec![601]);
}

#[test]
fn defaults_are_published_desc_and_empty() {
    let params = parse(&[("utm_source", "x"), ("keywords[]", "   ")]).unwrap();
    assert_eq!(params.sort, Sort::default());
    assert!(params.filters.is_empty());
}

#[test]
fn radius_zero_means_none() {
    let params = parse(&[("city", "krakow"), ("radius", "0")]).unwrap();
    assert_eq!(params.filters.radius_km, None);
}

#[test]
fn unknown_city_without_radius_filters_by_name() {
    let params = parse(&[("city", "Gotham City")]).unwrap();
    let city = params.filters.city.unwrap();
    assert_eq!((city.slug.as_str(), city.point), ("gotham-city", None));
}

#[test]
fn every_bad_input_names_its_field() {
    assert_eq!(error_code(&[("salaryMin", "lots")]), ("invalid_number", "salaryMin".into()));
    assert_eq!(error_code(&[("salaryMin", "20000"), ("salaryMax", "1000")]), ("invalid_salary_range", "salaryMax".into()));
    assert_eq!(error_code(&[("salaryMin", "-5")]), ("invalid_salary", "salaryMin".into()));
    assert_eq!(error_code(&[("salaryMax", "2000000")]), ("invalid_salary", "salaryMax".into()));
    assert_eq!(error_code(&[("experienceLevels[]", "guru")]), ("invalid_experience_level", "experienceLevels".into()));
    assert_eq!(error_code(&[("categories[]", "cobol")]), ("unknown_category", "categories".into()));
    assert_eq!(error_code(&[("cityRadiusKm", "30")]), ("radius_without_city", "cityRadiusKm".into()));
    assert_eq!(error_code(&[("city", "Gotham"), ("cityRadiusKm", "30")]), ("unknown_city", "city".into()));
    assert_eq!(error_code(&[("city", "krakow"), ("cityRadiusKm", "9999")]), ("invalid_radius", "cityRadiusKm".into()));
    assert_eq!(error_code(&[("cursor", "@@@")]), ("invalid_cursor", "cursor".into()));
    assert_eq!(error_code(&[("page", "0")]), ("invalid_page", "page".into()));
    assert_eq!(error_code(&[("perPage", "100000")]), ("invalid_per_page", "perPage".into()));
    assert_eq!(error_code(&[("sortBy", "random")]), ("invalid_sort", "sortBy".into()));
    assert_eq!(error_code(&[("orderBy", "sideways")]), ("invalid_order", "orderBy".into()));
    assert_eq!(error_code(&[("currency", "btc")]), ("invalid_currency", "currency".into()));
    assert_eq!(error_code(&[("withSalary", "maybe")]), ("invalid_boolean", "withSalary".into()));
    assert_eq!(error_code(&[("north", "55")]), ("invalid_viewport", "north".into()));
    assert_eq!(error_code(&[("zoom", "40")]), ("invalid_zoom", "zoom".into()));
}

#[test]
fn salary_range_error_uses_the_written_name() {
    let err = parse(&[("zarobki", "20000-1000")]).unwrap_err();
    assert_eq!((err.code.as_str(), err.field.as_str()), ("invalid_salary_range", "zarobki"));
}

proptest! {
    #[test]
    fn parse_never_panics(name in "[a-zA-Z\\-\\[\\]]{0,20}", value in "\\PC{0,40}") {
        let _ = parse(&[(name.as_str(), value.as_str())]);
    }

    #[test]
    fn known_names_never_panic(idx in 0usize..12, value in "\\PC{0,40}") {
        let names = ["salaryMin", "cityRadiusKm", "page", "perPage", "cursor", "zoom", "north", "categories[]", "sortBy", "zarobki", "from", "itemsCount"];
        let _ = parse(&[("city", "krakow"), (names[idx], value.as_str())]);
    }
}
