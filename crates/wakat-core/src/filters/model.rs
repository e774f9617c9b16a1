//! The filter model itself: what a listing is restricted to ([`Filters`]), its sort and paging
//! ([`ListParams`]), the bounds on values and what a parse needs ([`ParseContext`]). A file of
//! its own so that the parser below `filters` uses it without reaching back up to its parent.

use crate::category::CategoryTree;
use crate::cursor::RequestState;
use crate::enums::{Currency, EmploymentKind, ExperienceLevel, WorkingTime, WorkplaceType};
use crate::geo::BoundingBox;
use crate::place::Gazetteer;

/// Largest page a caller may ask for (the list page size of the spec).
pub const MAX_PAGE_SIZE: u32 = 100;
/// Deepest offset a listing may start at.
pub const MAX_FROM: usize = 100_000;
/// Most values one array parameter may carry.
pub const MAX_VALUES: usize = 50;
/// Longest search phrase.
pub const MAX_PHRASE_CHARS: usize = 200;

/// A parameter that cannot be used, with the field it came from.
pub type FilterError = crate::FieldError;

/// Which fields a search phrase is matched against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchVariant {
    /// Title, company and skills.
    Keyword,
    /// Title only.
    Titles,
    /// Company only.
    Companies,
    /// Skills only.
    Skills,
}

/// The city filter, resolved through the gazetteer when the city is known.
#[derive(Debug, Clone, PartialEq)]
pub struct CityFilter {
    /// Slug of the city (`krakow`).
    pub slug: String,
    /// Display name (`Kraków`), the input itself when the city is not in the gazetteer.
    pub name: String,
    /// Centre (lat, lon) when known.
    pub point: Option<(f64, f64)>,
}

impl CityFilter {
    /// The filter of a city name: the gazetteer's name and centre when it knows the city, else
    /// the slug alone (imported offers keep their own city names).
    pub fn resolve(name: &str, gazetteer: &Gazetteer) -> CityFilter {
        match gazetteer.lookup(name) {
            Some(place) => CityFilter { slug: place.slug.clone(), name: place.name.clone(), point: Some((place.lat, place.lon)) },
            None => CityFilter { slug: crate::text::slugify(name), name: name.to_string(), point: None },
        }
    }
}

/// What a listing is restricted to. Empty vectors and `None` mean "no restriction".
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Filters {
    /// Phrases matched against title, company and skills; every phrase must match.
    pub keywords: Vec<String>,
    /// Phrases matched against titles; any may match.
    pub titles: Vec<String>,
    /// Company names; any may match.
    pub companies: Vec<String>,
    /// Skills; every skill must match.
    pub skills: Vec<String>,
    /// City.
    pub city: Option<CityFilter>,
    /// Radius around the city in kilometres (only with a city that has a centre).
    pub radius_km: Option<f64>,
    /// Category or subcategory values; any may match.
    pub categories: Vec<u32>,
    /// Contracts; any may match.
    pub employment_types: Vec<EmploymentKind>,
    /// Seniorities; any may match.
    pub experience_levels: Vec<ExperienceLevel>,
    /// Working times; any may match.
    pub working_times: Vec<WorkingTime>,
    /// Workplaces (remote, hybrid, office); any may match.
    pub workplace_types: Vec<WorkplaceType>,
    /// Only offers open to hiring Ukrainians.
    pub ukraine_friendly: bool,
    /// Only offers that disclose a salary.
    pub with_salary: bool,
    /// Lowest acceptable monthly salary, in `currency`: the offer's top must reach it.
    pub salary_min: Option<f64>,
    /// Highest monthly salary sought, in `currency`: the offer's bottom must not exceed it.
    pub salary_max: Option<f64>,
    /// Currency of the salary bounds and of displayed amounts.
    pub currency: Currency,
}

impl Filters {
    /// Whether nothing restricts the listing (currency alone does not).
    pub fn is_empty(&self) -> bool {
        self == &Filters { currency: self.currency, ..Filters::default() }
    }

    /// Phrases with their variant, in a fixed order.
    pub fn phrases(&self) -> impl Iterator<Item = (SearchVariant, &str)> {
        [
            (SearchVariant::Keyword, &self.keywords),
            (SearchVariant::Titles, &self.titles),
            (SearchVariant::Companies, &self.companies),
            (SearchVariant::Skills, &self.skills),
        ]
        .into_iter()
        .flat_map(|(variant, list)| list.iter().map(move |phrase| (variant, phrase.as_str())))
    }
}

/// Sort key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SortBy {
    /// Relevance blended with freshness when searching, else publication time.
    #[default]
    Published,
    /// Publication time only.
    Newest,
    /// Normalised monthly salary.
    Salary,
}

/// Sort direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OrderBy {
    /// Ascending.
    Asc,
    /// Descending.
    #[default]
    Desc,
}

/// A sort: key and direction. The default is published, descending.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Sort {
    /// Key.
    pub by: SortBy,
    /// Direction.
    pub order: OrderBy,
}

impl Sort {
    /// The `sortBy` value.
    pub fn by_str(&self) -> &'static str {
        match self.by {
            SortBy::Published => "published",
            SortBy::Newest => "newest",
            SortBy::Salary => "salary",
        }
    }

    /// The `orderBy` value.
    pub fn order_str(&self) -> &'static str {
        match self.order {
            OrderBy::Asc => "ASC",
            OrderBy::Desc => "DESC",
        }
    }
}

/// Everything a list-like call can carry: filters, sort, paging and map viewport.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ListParams {
    /// Filters.
    pub filters: Filters,
    /// Sort.
    pub sort: Sort,
    /// 1-based page number.
    pub page: Option<u32>,
    /// Page size for page-based calls.
    pub per_page: Option<u32>,
    /// Offset for offset or cursor-based calls.
    pub from: Option<usize>,
    /// Page size for cursor-based calls.
    pub items_count: Option<u32>,
    /// Decoded cursor, when one was given.
    pub cursor: Option<RequestState>,
    /// The sort the cursor's listing used (checked like `sortBy`/`orderBy`).
    pub cursor_sort: Option<Sort>,
    /// The currency the cursor's listing used (checked like `currency`).
    pub cursor_currency: Option<Currency>,
    /// Map viewport.
    pub viewport: Option<BoundingBox>,
    /// Map zoom level.
    pub zoom: Option<f64>,
    /// Map cluster identifier (markers of one cluster).
    pub region: Option<String>,
}

impl ListParams {
    /// The sort in force: the cursor's when continuing a listing, else the parameters'.
    pub fn effective_sort(&self) -> Sort {
        self.cursor_sort.unwrap_or(self.sort)
    }

    /// The currency in force: the cursor's when continuing a listing, else the parameters'.
    pub fn effective_currency(&self) -> Currency {
        self.cursor_currency.unwrap_or(self.filters.currency)
    }

    /// One string per meaning: two queries that ask for the same thing (parameters in another
    /// order, Polish or English names, unknown parameters, a city by slug or by name, list values
    /// in another order) have the same canonical form. The response cache keys on it.
    pub fn canonical(&self) -> String {
        let mut canonical = self.clone();
        let filters = &mut canonical.filters;
        for list in [&mut filters.keywords, &mut filters.titles, &mut filters.companies, &mut filters.skills] {
            list.sort_unstable();
        }
        filters.categories.sort_unstable();
        filters.employment_types.sort_unstable_by_key(|e| e.code());
        filters.experience_levels.sort_unstable_by_key(|e| e.code());
        filters.working_times.sort_unstable_by_key(|e| e.code());
        filters.workplace_types.sort_unstable_by_key(|e| e.code());
        // Debug covers every field, so a field added later cannot be forgotten here.
        format!("{canonical:?}")
    }
}

/// Bounds a tenant puts on filter values.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FilterLimits {
    /// Lowest salary bound accepted.
    pub salary_min: f64,
    /// Highest salary bound accepted.
    pub salary_max: f64,
    /// Largest radius in kilometres.
    pub max_radius_km: f64,
}

impl Default for FilterLimits {
    fn default() -> Self {
        FilterLimits { salary_min: 0.0, salary_max: 1_000_000.0, max_radius_km: 500.0 }
    }
}

/// Dictionaries a parse needs: the tenant's categories, the gazetteer and the limits.
#[derive(Debug, Clone, Copy)]
pub struct ParseContext<'a> {
    /// Categories of the tenant.
    pub categories: &'a CategoryTree,
    /// Cities.
    pub gazetteer: &'a Gazetteer,
    /// Value bounds.
    pub limits: FilterLimits,
}
