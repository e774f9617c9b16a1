//! What the engine's black-box tests share: the configuration, an offer builder and an
//! in-memory index fed through the public API.
#![allow(dead_code)]

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use wakat_core::offer::{EmploymentType, Location, Skill};
use wakat_core::{CategoryTree, Currency, EmploymentKind, ExperienceLevel, Offer, Rates, SalaryUnit, WorkplaceType};
use wakat_search::{Analysis, IndexFeeder, RankingConfig, SearchConfig, SearchIndex};

pub const NOW: i64 = 1_750_000_000;
pub const DAY: i64 = 86_400;

pub fn categories() -> CategoryTree {
    CategoryTree::from_json(
        r#"[{"value": 6, "slug": "java", "labelPl": "Java", "labelEn": "Java", "order": 1,
              "children": [{"value": 601, "slug": "spring", "labelPl": "Spring", "labelEn": "Spring"}]},
             {"value": 7, "slug": "net", "labelPl": ".NET", "labelEn": ".NET", "order": 2},
             {"value": 12, "slug": "devops", "labelPl": "DevOps", "labelEn": "DevOps", "order": 3}]"#,
    )
    .unwrap()
}

pub fn config() -> SearchConfig {
    let analysis = Analysis::from_synonyms(include_str!("../../../../index-data/synonyms.txt")).unwrap();
    let gazetteer = wakat_core::Gazetteer::from_json(include_str!("../../../../index-data/cities.json")).unwrap();
    let words = wakat_search::QueryWords::parse(include_str!("../../../../index-data/query-words.txt"), &gazetteer, &analysis).unwrap();
    SearchConfig {
        analysis: Arc::new(analysis),
        words: Arc::new(words),
        rates: Rates::default(),
        ranking: RankingConfig::default(),
        categories: HashMap::from([("it".to_string(), categories()), ("work".to_string(), categories())]),
        writer_memory_bytes: 20_000_000,
        search_threads: 1,
        filter_cache_bytes: 64 << 20,
        items: None,
    }
}

pub struct OfferSpec<'a> {
    pub slug: &'a str,
    pub title: &'a str,
    pub company: &'a str,
    pub skills: &'a [&'a str],
    pub city: (&'a str, f64, f64),
    pub category: u32,
    pub level: ExperienceLevel,
    pub salary: Option<(f64, f64, Currency, SalaryUnit)>,
    pub workplace: WorkplaceType,
    pub age_days: i64,
}

impl Default for OfferSpec<'_> {
    fn default() -> Self {
        OfferSpec {
            slug: "x",
            title: "Developer",
            company: "Acme",
            skills: &[],
            city: ("Warszawa", 52.23, 21.01),
            category: 6,
            level: ExperienceLevel::Mid,
            salary: None,
            workplace: WorkplaceType::Office,
            age_days: 1,
        }
    }
}

pub fn offer(spec: OfferSpec) -> Offer {
    let mut offer = Offer {
        title: spec.title.into(),
        company_name: spec.company.into(),
        workplace_type: spec.workplace,
        experience_level: spec.level,
        category_id: spec.category,
        locations: vec![Location {
            slug: String::new(),
            city: spec.city.0.into(),
            street: None,
            latitude: spec.city.1,
            longitude: spec.city.2,
            country_code: "PL".into(),
        }],
        employment_types: vec![match spec.salary {
            Some((from, to, currency, unit)) => {
                EmploymentType { kind: EmploymentKind::B2b, from: Some(from), to: Some(to), currency, unit, gross: false, converted: BTreeMap::new() }
            }
            None => EmploymentType {
                kind: EmploymentKind::Permanent,
                from: None,
                to: None,
                currency: Currency::Pln,
                unit: SalaryUnit::Month,
                gross: true,
                converted: BTreeMap::new(),
            },
        }],
        required_skills: spec.skills.iter().map(|s| Skill { name: s.to_string(), level: 3 }).collect(),
        published_at: NOW - spec.age_days * DAY,
        expired_at: Some(NOW - spec.age_days * DAY + 30 * DAY),
        body: "<p>long text</p>".into(),
        ..Offer::new(spec.slug)
    };
    offer.normalize(&Rates::default());
    offer
}

pub fn index_with(offers: &[Offer]) -> SearchIndex {
    index_with_config(offers, config())
}

/// The same configuration without the cache of filtering clauses: every listing intersects
/// posting lists and checks salaries and circles per match.
pub fn config_without_filter_cache() -> SearchConfig {
    SearchConfig { filter_cache_bytes: 0, ..config() }
}

pub fn index_with_config(offers: &[Offer], config: SearchConfig) -> SearchIndex {
    let index = SearchIndex::in_memory(config).unwrap();
    {
        let feeder = IndexFeeder::start(&index).unwrap();
        for (seq, offer) in offers.iter().enumerate() {
            feeder.upsert("it", offer.clone(), seq as u64 + 1).unwrap();
        }
        feeder.commit().unwrap();
    }
    index
}
