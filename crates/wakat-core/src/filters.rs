//! The one filter model: query parameters (API names with bracket arrays, and the Polish and
//! English URL names of the list page) parse into [`ListParams`], which the index, saved searches
//! and alerts all consume.
//!
//! Parsing is strict: a value that cannot mean anything gives a [`FilterError`] naming the
//! field, and nothing panics whatever the input. Unknown parameter names are ignored so that
//! analytics or cache-busting parameters do not break a listing.

use crate::category::CategoryTree;
use crate::cursor::RequestState;
use crate::enums::{Currency, EmploymentKind, ExperienceLevel, WorkingTime, WorkplaceType};
use crate::geo::BoundingBox;
use crate::place::Gazetteer;
use crate::text::slugify;
use crate::FieldError;

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
    /// Map viewport.
    pub viewport: Option<BoundingBox>,
    /// Map zoom level.
    pub zoom: Option<f64>,
    /// Map cluster identifier (markers of one cluster).
    pub region: Option<String>,
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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Key {
    Keywords,
    Titles,
    Companies,
    Skills,
    City,
    Radius,
    Categories,
    Subcategories,
    EmploymentTypes,
    ExperienceLevels,
    WorkingTimes,
    WorkplaceTypes,
    Remote,
    UkraineFriendly,
    WithSalary,
    SalaryMin,
    SalaryMax,
    SalaryRange,
    Currency,
    SortBy,
    OrderBy,
    SortShorthand,
    Page,
    PerPage,
    From,
    ItemsCount,
    Cursor,
    North,
    South,
    East,
    West,
    Zoom,
    Region,
}

/// Maps every accepted parameter name (API, English URL, Polish URL) to its meaning.
fn key_of(name: &str) -> Option<Key> {
    let name = name.trim();
    let name = name.strip_suffix("[]").unwrap_or(name);
    // `keywords[0]` style indices are accepted as well as `keywords[]`.
    let name = match name.find('[') {
        Some(idx) if name.ends_with(']') => &name[..idx],
        _ => name,
    };
    Some(match name {
        "keywords" | "keyword" | "query" | "q" | "szukaj" => Key::Keywords,
        "titles" | "jobTitles" | "title" | "stanowisko" => Key::Titles,
        "companies" | "companyNames" | "company" | "firma" | "firmy" => Key::Companies,
        "skills" | "skill" | "umiejetnosci" => Key::Skills,
        "city" | "location" | "miasto" | "lokalizacja" => Key::City,
        "cityRadiusKm" | "radius" | "promien" => Key::Radius,
        "categories" | "category" | "categoryId" | "kategoria" | "kategorie" => Key::Categories,
        "subcategories" | "subcategory" | "podkategorie" | "podkategoria" => Key::Subcategories,
        "employmentTypes" | "employment-type" | "employmentType" | "typ-umowy" => Key::EmploymentTypes,
        "experienceLevels" | "experience-level" | "experienceLevel" | "seniority" | "doswiadczenie" => Key::ExperienceLevels,
        "workingTimes" | "working-hours" | "workingTime" | "rodzaj-pracy" => Key::WorkingTimes,
        "remoteWorkOptions" | "workplace" | "workplaceType" | "tryb-pracy" => Key::WorkplaceTypes,
        "remote" | "praca-zdalna" => Key::Remote,
        "ukraineFriendly" | "ukraine" | "ukraina" => Key::UkraineFriendly,
        "withSalary" | "with-salary" | "widelki" => Key::WithSalary,
        "salaryMin" | "salary-min" | "zarobki-od" => Key::SalaryMin,
        "salaryMax" | "salary-max" | "zarobki-do" => Key::SalaryMax,
        "salary" | "zarobki" => Key::SalaryRange,
        "currency" | "salaryCurrencies" | "salaryCurrency" | "waluta" => Key::Currency,
        "sortBy" | "sortowanie" => Key::SortBy,
        "orderBy" => Key::OrderBy,
        "sort" => Key::SortShorthand,
        "page" | "pageNumber" | "strona" => Key::Page,
        "perPage" | "pageSize" => Key::PerPage,
        "from" => Key::From,
        "itemsCount" => Key::ItemsCount,
        "cursor" => Key::Cursor,
        "north" => Key::North,
        "south" => Key::South,
        "east" => Key::East,
        "west" => Key::West,
        "zoom" => Key::Zoom,
        "region" | "clusterId" => Key::Region,
        _ => return None,
    })
}

fn field_name(raw: &str) -> &str {
    let raw = raw.trim();
    match raw.find('[') {
        Some(idx) => &raw[..idx],
        None => raw,
    }
}

/// Splits a list value on commas, dropping blanks (`b2b,permanent`).
fn split_list(value: &str) -> impl Iterator<Item = &str> {
    value.split(',').map(str::trim).filter(|v| !v.is_empty())
}

fn parse_number(field: &str, value: &str) -> Result<f64, FilterError> {
    let cleaned: String = value.chars().filter(|c| !c.is_whitespace() && *c != '_').collect();
    match cleaned.parse::<f64>() {
        Ok(n) if n.is_finite() => Ok(n),
        _ => Err(FieldError::new(field, "invalid_number", format!("'{value}' is not a number"))),
    }
}

fn parse_bool(field: &str, value: &str) -> Result<bool, FilterError> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" | "1" | "" => Ok(true),
        "false" | "0" => Ok(false),
        _ => Err(FieldError::new(field, "invalid_boolean", format!("'{value}' is not true or false"))),
    }
}

fn parse_uint(field: &str, value: &str, code: &'static str, min: u64, max: u64) -> Result<u64, FilterError> {
    match value.trim().parse::<u64>() {
        Ok(n) if n >= min && n <= max => Ok(n),
        _ => Err(FieldError::new(field, code, format!("'{value}' must be a whole number from {min} to {max}"))),
    }
}

fn push_unique<T: PartialEq>(field: &str, list: &mut Vec<T>, value: T) -> Result<(), FilterError> {
    if !list.contains(&value) {
        if list.len() >= MAX_VALUES {
            return Err(FieldError::new(field, "too_many_values", format!("at most {MAX_VALUES} values are allowed")));
        }
        list.push(value);
    }
    Ok(())
}

/// Trims a phrase, collapses inner whitespace and strips control characters; blank becomes `None`.
pub fn sanitize_phrase(input: &str) -> Option<String> {
    let cleaned: String = input.chars().map(|c| if c.is_control() { ' ' } else { c }).collect::<String>().split_whitespace().collect::<Vec<_>>().join(" ");
    (!cleaned.is_empty()).then_some(cleaned)
}

fn parse_vocabulary<T: PartialEq>(
    field: &str,
    value: &str,
    list: &mut Vec<T>,
    parse: fn(&str) -> Option<T>,
    code: &'static str,
    what: &str,
) -> Result<(), FilterError> {
    for item in split_list(value) {
        let parsed = parse(item).ok_or_else(|| FieldError::new(field, code, format!("'{item}' is not a known {what}")))?;
        push_unique(field, list, parsed)?;
    }
    Ok(())
}

impl ListParams {
    /// Parses query pairs (`("keywords[]", "java")`, `("typ-umowy", "b2b,permanent")`, ...).
    pub fn parse<'p>(pairs: impl IntoIterator<Item = (&'p str, &'p str)>, ctx: &ParseContext<'_>) -> Result<ListParams, FilterError> {
        let mut params = ListParams::default();
        let mut city_input: Option<(String, String)> = None;
        let mut radius: Option<(String, f64)> = None;
        let mut sort_by: Option<SortBy> = None;
        let mut order_by: Option<OrderBy> = None;
        let mut viewport: [Option<f64>; 4] = [None; 4];
        let mut salary_field = String::new();
        let filters = &mut params.filters;

        for (raw_name, value) in pairs {
            let Some(key) = key_of(raw_name) else { continue };
            let field = field_name(raw_name);
            match key {
                Key::Keywords | Key::Titles | Key::Companies | Key::Skills => {
                    let Some(phrase) = sanitize_phrase(value) else { continue };
                    if phrase.chars().count() > MAX_PHRASE_CHARS {
                        return Err(FieldError::new(field, "invalid_keyword", format!("a search phrase may have at most {MAX_PHRASE_CHARS} characters")));
                    }
                    let list = match key {
                        Key::Keywords => &mut filters.keywords,
                        Key::Titles => &mut filters.titles,
                        Key::Companies => &mut filters.companies,
                        _ => &mut filters.skills,
                    };
                    push_unique(field, list, phrase)?;
                }
                Key::City => {
                    if let Some(city) = sanitize_phrase(value) {
                        city_input = Some((field.to_string(), city));
                    }
                }
                Key::Radius => {
                    if value.trim().is_empty() {
                        continue;
                    }
                    let km = parse_number(field, value)?;
                    if km < 0.0 || km > ctx.limits.max_radius_km {
                        return Err(FieldError::new(field, "invalid_radius", format!("radius must be from 0 to {} km", ctx.limits.max_radius_km)));
                    }
                    radius = (km > 0.0).then(|| (field.to_string(), km));
                }
                Key::Categories | Key::Subcategories => {
                    for item in split_list(value) {
                        let category = ctx
                            .categories
                            .find(item)
                            .ok_or_else(|| FieldError::new(field, "unknown_category", format!("'{item}' is not a category of this board")))?;
                        push_unique(field, &mut filters.categories, category.value)?;
                    }
                }
                Key::EmploymentTypes => {
                    parse_vocabulary(field, value, &mut filters.employment_types, EmploymentKind::parse, "invalid_employment_type", "employment type")?
                }
                Key::ExperienceLevels => parse_vocabulary(
                    field,
                    value,
                    &mut filters.experience_levels,
                    ExperienceLevel::parse,
                    "invalid_experience_level",
                    "experience level (junior, mid, senior, expert, c_level)",
                )?,
                Key::WorkingTimes => parse_vocabulary(field, value, &mut filters.working_times, WorkingTime::parse, "invalid_working_time", "working time")?,
                Key::WorkplaceTypes => parse_vocabulary(
                    field,
                    value,
                    &mut filters.workplace_types,
                    WorkplaceType::parse,
                    "invalid_workplace_type",
                    "workplace (remote, hybrid, office)",
                )?,
                Key::Remote => {
                    if parse_bool(field, value)? {
                        push_unique(field, &mut filters.workplace_types, WorkplaceType::Remote)?;
                    }
                }
                Key::UkraineFriendly => filters.ukraine_friendly = parse_bool(field, value)?,
                Key::WithSalary => filters.with_salary = parse_bool(field, value)?,
                Key::SalaryMin | Key::SalaryMax => {
                    if value.trim().is_empty() {
                        continue;
                    }
                    let amount = parse_number(field, value)?;
                    salary_field = field.to_string();
                    if key == Key::SalaryMin {
                        filters.salary_min = Some(amount);
                    } else {
                        filters.salary_max = Some(amount);
                    }
                }
                Key::SalaryRange => {
                    let (lo, hi) = value.split_once(',').or_else(|| value.split_once('-')).unwrap_or((value, ""));
                    salary_field = field.to_string();
                    if !lo.trim().is_empty() {
                        filters.salary_min = Some(parse_number(field, lo)?);
                    }
                    if !hi.trim().is_empty() {
                        filters.salary_max = Some(parse_number(field, hi)?);
                    }
                }
                Key::Currency => {
                    if let Some(first) = split_list(value).next() {
                        filters.currency = Currency::parse(first)
                            .ok_or_else(|| FieldError::new(field, "invalid_currency", format!("'{first}' is not one of pln, eur, usd, gbp, chf")))?;
                    }
                }
                Key::SortBy | Key::SortShorthand => {
                    let (by, order) = parse_sort(field, value)?;
                    sort_by = Some(by);
                    if order.is_some() {
                        order_by = order;
                    }
                }
                Key::OrderBy => {
                    order_by = Some(match value.trim().to_ascii_uppercase().as_str() {
                        "ASC" => OrderBy::Asc,
                        "DESC" => OrderBy::Desc,
                        _ => return Err(FieldError::new(field, "invalid_order", format!("'{value}' is not ASC or DESC"))),
                    });
                }
                Key::Page => params.page = Some(parse_uint(field, value, "invalid_page", 1, 100_000)? as u32),
                Key::PerPage => params.per_page = Some(parse_uint(field, value, "invalid_per_page", 1, MAX_PAGE_SIZE as u64)? as u32),
                Key::ItemsCount => params.items_count = Some(parse_uint(field, value, "invalid_items_count", 1, MAX_PAGE_SIZE as u64)? as u32),
                Key::From => params.from = Some(parse_uint(field, value, "invalid_from", 0, MAX_FROM as u64)? as usize),
                Key::Cursor => {
                    if value.trim().is_empty() {
                        continue;
                    }
                    let state =
                        RequestState::decode(value).ok_or_else(|| FieldError::new(field, "invalid_cursor", "cursor is not a base64 JSON request state"))?;
                    if state.from > MAX_FROM || state.items_count == 0 || state.items_count > MAX_PAGE_SIZE {
                        return Err(FieldError::new(field, "invalid_cursor", "cursor is out of range"));
                    }
                    params.cursor = Some(state);
                }
                Key::North | Key::South | Key::East | Key::West => {
                    let n = parse_number(field, value).map_err(|_| FieldError::new(field, "invalid_viewport", format!("'{value}' is not a coordinate")))?;
                    let (idx, limit) = match key {
                        Key::North => (0, 90.0),
                        Key::South => (1, 90.0),
                        Key::East => (2, 180.0),
                        _ => (3, 180.0),
                    };
                    if n.abs() > limit {
                        return Err(FieldError::new(field, "invalid_viewport", format!("'{value}' is outside ±{limit}")));
                    }
                    viewport[idx] = Some(n);
                }
                Key::Zoom => {
                    let zoom = parse_number(field, value)?;
                    if !(0.0..=22.0).contains(&zoom) {
                        return Err(FieldError::new(field, "invalid_zoom", "zoom must be from 0 to 22"));
                    }
                    params.zoom = Some(zoom);
                }
                Key::Region => {
                    let region = value.trim();
                    if !region.is_empty() {
                        params.region = Some(region.to_string());
                    }
                }
            }
        }

        if let Some((field, name)) = city_input {
            filters.city = Some(match ctx.gazetteer.lookup(&name) {
                Some(place) => CityFilter { slug: place.slug.clone(), name: place.name.clone(), point: Some((place.lat, place.lon)) },
                None => CityFilter { slug: slugify(&name), name, point: None },
            });
            if let (Some((_, km)), Some(city)) = (&radius, &filters.city) {
                if city.point.is_none() {
                    return Err(FieldError::new(&field, "unknown_city", format!("'{}' is not a known city, so no radius can be drawn around it", city.name)));
                }
                filters.radius_km = Some(*km);
            }
        } else if let Some((field, _)) = radius {
            return Err(FieldError::new(&field, "radius_without_city", "a radius needs a city"));
        }

        let limits = ctx.limits;
        for (bound, name) in [(filters.salary_min, "salaryMin"), (filters.salary_max, "salaryMax")] {
            if let Some(amount) = bound {
                if amount < limits.salary_min || amount > limits.salary_max {
                    let field = if salary_field.is_empty() { name } else { &salary_field };
                    return Err(FieldError::new(field, "invalid_salary", format!("salary must be from {} to {}", limits.salary_min, limits.salary_max)));
                }
            }
        }
        if let (Some(min), Some(max)) = (filters.salary_min, filters.salary_max) {
            if min > max {
                return Err(FieldError::new(
                    if salary_field.is_empty() { "salaryMin" } else { &salary_field },
                    "invalid_salary_range",
                    "minimum salary is above the maximum",
                ));
            }
        }

        if let Some(by) = sort_by {
            params.sort.by = by;
        }
        if let Some(order) = order_by {
            params.sort.order = order;
        }

        match viewport {
            [None, None, None, None] => {}
            [Some(north), Some(south), Some(east), Some(west)] => {
                if south > north || west > east {
                    return Err(FieldError::new("south", "invalid_viewport", "south must not exceed north and west must not exceed east"));
                }
                params.viewport = Some(BoundingBox { north, south, east, west });
            }
            _ => return Err(FieldError::new("north", "invalid_viewport", "a viewport needs north, south, east and west")),
        }
        Ok(params)
    }
}

fn parse_sort(field: &str, value: &str) -> Result<(SortBy, Option<OrderBy>), FilterError> {
    Ok(match value.trim() {
        "published" | "default" => (SortBy::Published, None),
        "newest" => (SortBy::Newest, None),
        "salary" => (SortBy::Salary, None),
        "salaryDesc" | "salary_desc" => (SortBy::Salary, Some(OrderBy::Desc)),
        "salaryAsc" | "salary_asc" => (SortBy::Salary, Some(OrderBy::Asc)),
        other => return Err(FieldError::new(field, "invalid_sort", format!("'{other}' is not one of published, newest, salary, salaryDesc, salaryAsc"))),
    })
}

#[cfg(test)]
mod tests;
