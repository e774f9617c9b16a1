//! Small inline dictionaries shared by the import tests.

use wakat_core::{Category, CategoryTree, Gazetteer, Place, Rates};

use crate::import::ImportContext;

/// A fixed clock: 2025-03-15T00:00:00Z.
pub const NOW: i64 = 1_741_996_800;

/// The justjoin.it category slugs in value order (value = index + 1).
pub const JUSTJOIN_CATEGORY_SLUGS: [&str; 25] = [
    "javascript",
    "html",
    "php",
    "ruby",
    "python",
    "java",
    "net",
    "scala",
    "c",
    "mobile",
    "testing",
    "devops",
    "admin",
    "ux",
    "pm",
    "game",
    "analytics",
    "security",
    "data",
    "go",
    "support",
    "erp",
    "architecture",
    "other",
    "ai",
];

/// The dictionaries an import test needs, owned so that [`Fixture::ctx`] can borrow them.
pub struct Fixture {
    pub gazetteer: Gazetteer,
    pub categories: CategoryTree,
    pub rates: Rates,
}

impl Fixture {
    /// A few cities and justjoin.it's 25 categories.
    pub fn new() -> Fixture {
        Fixture { gazetteer: gazetteer(), categories: categories(), rates: Rates::default() }
    }

    pub fn ctx(&self) -> ImportContext<'_> {
        ImportContext { gazetteer: &self.gazetteer, categories: &self.categories, rates: &self.rates, now: NOW }
    }
}

/// Nine cities in six voivodeships, with two namesakes.
pub fn gazetteer() -> Gazetteer {
    let place = |slug: &str, name: &str, name_en: Option<&str>, lat, lon, region: &str, population| Place {
        slug: slug.into(),
        name: name.into(),
        name_en: name_en.map(Into::into),
        lat,
        lon,
        region: region.into(),
        population,
        alt_names: vec![],
    };
    Gazetteer::new(vec![
        place("warszawa", "Warszawa", Some("Warsaw"), 52.23, 21.01, "mazowieckie", 1_860_000),
        place("krakow", "Kraków", Some("Cracow"), 50.06, 19.94, "małopolskie", 800_000),
        place("lodz", "Łódź", None, 51.77, 19.46, "łódzkie", 660_000),
        place("katowice", "Katowice", None, 50.26, 19.02, "śląskie", 285_000),
        place("gliwice", "Gliwice", None, 50.29, 18.67, "śląskie", 175_000),
        place("wroclaw", "Wrocław", Some("Breslau"), 51.11, 17.03, "dolnośląskie", 640_000),
        place("poznan", "Poznań", None, 52.41, 16.93, "wielkopolskie", 540_000),
        place("zlotniki", "Złotniki", None, 51.14, 16.89, "dolnośląskie", 5_000),
        place("nowa-wies-mazowieckie", "Nowa Wieś", None, 52.5, 20.9, "mazowieckie", 9_000),
        place("nowa-wies-malopolskie", "Nowa Wieś", None, 50.1, 19.8, "małopolskie", 3_000),
    ])
}

/// justjoin.it's 25 top-level categories.
pub fn categories() -> CategoryTree {
    let roots = JUSTJOIN_CATEGORY_SLUGS
        .iter()
        .zip(1u32..)
        .map(|(slug, value)| Category {
            value,
            slug: slug.to_string(),
            label_pl: slug.to_string(),
            label_en: slug.to_string(),
            icon: String::new(),
            order: value,
            is_static: false,
            redirect_to: None,
            is_new: false,
            parent: None,
            children: vec![],
        })
        .collect();
    CategoryTree::new(roots).expect("distinct categories")
}
