//! The parser: query pairs in, [`ListParams`] out. Each pair is checked as it comes
//! ([`Parser::pair`]); what depends on several pairs (city with radius, salary bounds, sort with
//! order, viewport, cursor) is settled once all are read ([`Parser::finish`]).

use super::model::{CityFilter, FilterError, ListParams, OrderBy, ParseContext, Sort, SortBy, MAX_FROM, MAX_PAGE_SIZE, MAX_PHRASE_CHARS, MAX_VALUES};
use super::names::{field_name, key_of, Key};
use crate::cursor::RequestState;
use crate::enums::{Currency, EmploymentKind, ExperienceLevel, WorkingTime, WorkplaceType};
use crate::error::ErrorCode;
use crate::geo::BoundingBox;
use crate::FieldError;

/// Deepest page number accepted (deeper pages hit [`MAX_FROM`] anyway).
const MAX_PAGE: u64 = 100_000;

impl ListParams {
    /// Parses query pairs (`("keywords[]", "java")`, `("typ-umowy", "b2b,permanent")`, ...).
    /// Unknown names are ignored; a known name with a value that cannot mean anything is an error.
    pub fn parse<'p>(pairs: impl IntoIterator<Item = (&'p str, &'p str)>, ctx: &ParseContext<'_>) -> Result<ListParams, FilterError> {
        let mut parser = Parser::new(ctx);
        for (raw_name, value) in pairs {
            if let Some(key) = key_of(raw_name) {
                parser.pair(key, field_name(raw_name), value)?;
            }
        }
        parser.finish()
    }
}

/// State of one parse: the params so far and the inputs that are settled at the end.
struct Parser<'c> {
    ctx: &'c ParseContext<'c>,
    params: ListParams,
    city_input: Option<(String, String)>,
    radius: Option<(String, f64)>,
    sort_by: Option<SortBy>,
    order_by: Option<OrderBy>,
    viewport: [Option<f64>; 4],
    salary_field: String,
}

impl<'c> Parser<'c> {
    fn new(ctx: &'c ParseContext<'c>) -> Parser<'c> {
        Parser {
            ctx,
            params: ListParams::default(),
            city_input: None,
            radius: None,
            sort_by: None,
            order_by: None,
            viewport: [None; 4],
            salary_field: String::new(),
        }
    }

    fn pair(&mut self, key: Key, field: &str, value: &str) -> Result<(), FilterError> {
        let filters = &mut self.params.filters;
        match key {
            Key::Keywords | Key::Titles | Key::Companies | Key::Skills => self.phrase(key, field, value)?,
            Key::City => {
                if let Some(city) = sanitize_phrase(value) {
                    self.city_input = Some((field.to_string(), city));
                }
            }
            Key::Radius => self.radius(field, value)?,
            Key::Categories | Key::Subcategories => {
                for item in split_list(value) {
                    let category = self
                        .ctx
                        .categories
                        .find(item)
                        .ok_or_else(|| FieldError::new(field, ErrorCode::UnknownCategory, format!("'{item}' is not a category of this board")))?;
                    push_unique(field, &mut filters.categories, category.value)?;
                }
            }
            Key::EmploymentTypes => {
                parse_vocabulary(field, value, &mut filters.employment_types, EmploymentKind::parse, ErrorCode::InvalidEmploymentType, "employment type")?
            }
            Key::ExperienceLevels => parse_vocabulary(
                field,
                value,
                &mut filters.experience_levels,
                ExperienceLevel::parse,
                ErrorCode::InvalidExperienceLevel,
                "experience level (junior, mid, senior, expert, c_level)",
            )?,
            Key::WorkingTimes => parse_vocabulary(field, value, &mut filters.working_times, WorkingTime::parse, ErrorCode::InvalidWorkingTime, "working time")?,
            Key::WorkplaceTypes => parse_vocabulary(
                field,
                value,
                &mut filters.workplace_types,
                WorkplaceType::parse,
                ErrorCode::InvalidWorkplaceType,
                "workplace (remote, hybrid, office)",
            )?,
            Key::Remote => {
                if parse_bool(field, value)? {
                    push_unique(field, &mut filters.workplace_types, WorkplaceType::Remote)?;
                }
            }
            Key::UkraineFriendly => filters.ukraine_friendly = parse_bool(field, value)?,
            Key::WithSalary => filters.with_salary = parse_bool(field, value)?,
            Key::SalaryMin | Key::SalaryMax => self.salary_bound(key, field, value)?,
            Key::SalaryRange => self.salary_range(field, value)?,
            Key::Currency => {
                if let Some(first) = split_list(value).next() {
                    filters.currency = parse_currency(field, first, ErrorCode::InvalidCurrency)?;
                }
            }
            Key::SortBy | Key::SortShorthand => {
                let (by, order) = parse_sort(field, value)?;
                self.sort_by = Some(by);
                if order.is_some() {
                    self.order_by = order;
                }
            }
            Key::OrderBy => self.order_by = Some(parse_order(field, value, ErrorCode::InvalidOrder)?),
            Key::Page => self.params.page = Some(parse_uint(field, value, ErrorCode::InvalidPage, 1, MAX_PAGE)? as u32),
            Key::PerPage => self.params.per_page = Some(parse_uint(field, value, ErrorCode::InvalidPerPage, 1, MAX_PAGE_SIZE as u64)? as u32),
            Key::ItemsCount => self.params.items_count = Some(parse_uint(field, value, ErrorCode::InvalidItemsCount, 1, MAX_PAGE_SIZE as u64)? as u32),
            Key::From => self.params.from = Some(parse_uint(field, value, ErrorCode::InvalidFrom, 0, MAX_FROM as u64)? as usize),
            Key::Cursor => self.cursor(field, value)?,
            Key::North | Key::South | Key::East | Key::West => self.viewport_edge(key, field, value)?,
            Key::Zoom => {
                let zoom = parse_number(field, value)?;
                if !(0.0..=22.0).contains(&zoom) {
                    return Err(FieldError::new(field, ErrorCode::InvalidZoom, "zoom must be from 0 to 22"));
                }
                self.params.zoom = Some(zoom);
            }
            Key::Region => {
                let region = value.trim();
                if !region.is_empty() {
                    self.params.region = Some(region.to_string());
                }
            }
        }
        Ok(())
    }

    fn phrase(&mut self, key: Key, field: &str, value: &str) -> Result<(), FilterError> {
        let Some(phrase) = sanitize_phrase(value) else { return Ok(()) };
        if phrase.chars().count() > MAX_PHRASE_CHARS {
            return Err(FieldError::new(field, ErrorCode::InvalidKeyword, format!("a search phrase may have at most {MAX_PHRASE_CHARS} characters")));
        }
        let filters = &mut self.params.filters;
        let list = match key {
            Key::Keywords => &mut filters.keywords,
            Key::Titles => &mut filters.titles,
            Key::Companies => &mut filters.companies,
            _ => &mut filters.skills,
        };
        push_unique(field, list, phrase)
    }

    fn radius(&mut self, field: &str, value: &str) -> Result<(), FilterError> {
        if value.trim().is_empty() {
            return Ok(());
        }
        let km = parse_number(field, value)?;
        let max = self.ctx.limits.max_radius_km;
        if km < 0.0 || km > max {
            return Err(FieldError::new(field, ErrorCode::InvalidRadius, format!("radius must be from 0 to {max} km")));
        }
        self.radius = (km > 0.0).then(|| (field.to_string(), km));
        Ok(())
    }

    fn salary_bound(&mut self, key: Key, field: &str, value: &str) -> Result<(), FilterError> {
        if value.trim().is_empty() {
            return Ok(());
        }
        let amount = parse_number(field, value)?;
        self.salary_field = field.to_string();
        let filters = &mut self.params.filters;
        if key == Key::SalaryMin {
            filters.salary_min = Some(amount);
        } else {
            filters.salary_max = Some(amount);
        }
        Ok(())
    }

    /// `zarobki=10000,20000` (or `10000-20000`; either side may be empty).
    fn salary_range(&mut self, field: &str, value: &str) -> Result<(), FilterError> {
        let (lo, hi) = value.split_once(',').or_else(|| value.split_once('-')).unwrap_or((value, ""));
        self.salary_field = field.to_string();
        let filters = &mut self.params.filters;
        if !lo.trim().is_empty() {
            filters.salary_min = Some(parse_number(field, lo)?);
        }
        if !hi.trim().is_empty() {
            filters.salary_max = Some(parse_number(field, hi)?);
        }
        Ok(())
    }

    /// A cursor carries the sort and currency of the listing it continues; both are checked here
    /// like their own parameters, so an unknown value is a 400, not a silent default.
    fn cursor(&mut self, field: &str, value: &str) -> Result<(), FilterError> {
        if value.trim().is_empty() {
            return Ok(());
        }
        let state = RequestState::decode(value).ok_or_else(|| FieldError::new(field, ErrorCode::InvalidCursor, "cursor is not a base64 JSON request state"))?;
        if state.from > MAX_FROM || state.items_count == 0 || state.items_count > MAX_PAGE_SIZE {
            return Err(FieldError::new(field, ErrorCode::InvalidCursor, "cursor is out of range"));
        }
        if let Some(sort) = &state.params.sort {
            let (by, _) = parse_sort(field, &sort.sort_by).map_err(|_| FieldError::new(field, ErrorCode::InvalidCursor, "cursor has an unknown sort"))?;
            let order = parse_order(field, &sort.order_by, ErrorCode::InvalidCursor)
                .map_err(|_| FieldError::new(field, ErrorCode::InvalidCursor, "cursor has an unknown order"))?;
            self.params.cursor_sort = Some(Sort { by, order });
        }
        if let Some(currency) = state.params.currency.as_deref() {
            self.params.cursor_currency =
                Some(Currency::parse(currency).ok_or_else(|| FieldError::new(field, ErrorCode::InvalidCursor, "cursor has an unknown currency"))?);
        }
        self.params.cursor = Some(state);
        Ok(())
    }

    fn viewport_edge(&mut self, key: Key, field: &str, value: &str) -> Result<(), FilterError> {
        let n = parse_number(field, value).map_err(|_| FieldError::new(field, ErrorCode::InvalidViewport, format!("'{value}' is not a coordinate")))?;
        let (idx, limit) = match key {
            Key::North => (0, 90.0),
            Key::South => (1, 90.0),
            Key::East => (2, 180.0),
            _ => (3, 180.0),
        };
        if n.abs() > limit {
            return Err(FieldError::new(field, ErrorCode::InvalidViewport, format!("'{value}' is outside ±{limit}")));
        }
        self.viewport[idx] = Some(n);
        Ok(())
    }

    fn finish(mut self) -> Result<ListParams, FilterError> {
        self.resolve_city()?;
        self.check_salary()?;
        let params = &mut self.params;
        if let Some(by) = self.sort_by {
            params.sort.by = by;
        }
        if let Some(order) = self.order_by {
            params.sort.order = order;
        }
        params.viewport = match self.viewport {
            [None, None, None, None] => None,
            [Some(north), Some(south), Some(east), Some(west)] => {
                if south > north || west > east {
                    return Err(FieldError::new("south", ErrorCode::InvalidViewport, "south must not exceed north and west must not exceed east"));
                }
                Some(BoundingBox { north, south, east, west })
            }
            _ => return Err(FieldError::new("north", ErrorCode::InvalidViewport, "a viewport needs north, south, east and west")),
        };
        Ok(self.params)
    }

    /// A known city gets its gazetteer name and centre; an unknown one still filters by slug
    /// (imported offers keep their own city names), but cannot have a radius.
    fn resolve_city(&mut self) -> Result<(), FilterError> {
        let filters = &mut self.params.filters;
        let Some((field, name)) = self.city_input.take() else {
            return match &self.radius {
                Some((field, _)) => Err(FieldError::new(field, ErrorCode::RadiusWithoutCity, "a radius needs a city")),
                None => Ok(()),
            };
        };
        let city = CityFilter::resolve(&name, self.ctx.gazetteer);
        if let Some((_, km)) = self.radius {
            if city.point.is_none() {
                return Err(FieldError::new(
                    &field,
                    ErrorCode::UnknownCity,
                    format!("'{}' is not a known city, so no radius can be drawn around it", city.name),
                ));
            }
            filters.radius_km = Some(km);
        }
        filters.city = Some(city);
        Ok(())
    }

    /// The board's configured bounds apply to both ends, and the ends must not cross.
    fn check_salary(&self) -> Result<(), FilterError> {
        let filters = &self.params.filters;
        let limits = self.ctx.limits;
        let field_or = |name: &'static str| if self.salary_field.is_empty() { name.to_string() } else { self.salary_field.clone() };
        for (bound, name) in [(filters.salary_min, "salaryMin"), (filters.salary_max, "salaryMax")] {
            if let Some(amount) = bound {
                if amount < limits.salary_min || amount > limits.salary_max {
                    let message = format!("salary must be from {} to {}", limits.salary_min, limits.salary_max);
                    return Err(FieldError::new(&field_or(name), ErrorCode::InvalidSalary, message));
                }
            }
        }
        if let (Some(min), Some(max)) = (filters.salary_min, filters.salary_max) {
            if min > max {
                return Err(FieldError::new(&field_or("salaryMin"), ErrorCode::InvalidSalaryRange, "minimum salary is above the maximum"));
            }
        }
        Ok(())
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
        _ => Err(FieldError::new(field, ErrorCode::InvalidNumber, format!("'{value}' is not a number"))),
    }
}

fn parse_bool(field: &str, value: &str) -> Result<bool, FilterError> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" | "1" | "" => Ok(true),
        "false" | "0" => Ok(false),
        _ => Err(FieldError::new(field, ErrorCode::InvalidBoolean, format!("'{value}' is not true or false"))),
    }
}

fn parse_uint(field: &str, value: &str, code: ErrorCode, min: u64, max: u64) -> Result<u64, FilterError> {
    match value.trim().parse::<u64>() {
        Ok(n) if n >= min && n <= max => Ok(n),
        _ => Err(FieldError::new(field, code, format!("'{value}' must be a whole number from {min} to {max}"))),
    }
}

fn parse_currency(field: &str, value: &str, code: ErrorCode) -> Result<Currency, FilterError> {
    Currency::parse(value).ok_or_else(|| FieldError::new(field, code, format!("'{value}' is not one of pln, eur, usd, gbp, chf")))
}

fn parse_order(field: &str, value: &str, code: ErrorCode) -> Result<OrderBy, FilterError> {
    match value.trim().to_ascii_uppercase().as_str() {
        "ASC" => Ok(OrderBy::Asc),
        "DESC" => Ok(OrderBy::Desc),
        _ => Err(FieldError::new(field, code, format!("'{value}' is not ASC or DESC"))),
    }
}

fn push_unique<T: PartialEq>(field: &str, list: &mut Vec<T>, value: T) -> Result<(), FilterError> {
    if !list.contains(&value) {
        if list.len() >= MAX_VALUES {
            return Err(FieldError::new(field, ErrorCode::TooManyValues, format!("at most {MAX_VALUES} values are allowed")));
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
    code: ErrorCode,
    what: &str,
) -> Result<(), FilterError> {
    for item in split_list(value) {
        let parsed = parse(item).ok_or_else(|| FieldError::new(field, code, format!("'{item}' is not a known {what}")))?;
        push_unique(field, list, parsed)?;
    }
    Ok(())
}

fn parse_sort(field: &str, value: &str) -> Result<(SortBy, Option<OrderBy>), FilterError> {
    Ok(match value.trim() {
        "published" | "default" => (SortBy::Published, None),
        "newest" => (SortBy::Newest, None),
        "salary" => (SortBy::Salary, None),
        "salaryDesc" | "salary_desc" => (SortBy::Salary, Some(OrderBy::Desc)),
        "salaryAsc" | "salary_asc" => (SortBy::Salary, Some(OrderBy::Asc)),
        other => {
            return Err(FieldError::new(field, ErrorCode::InvalidSort, format!("'{other}' is not one of published, newest, salary, salaryDesc, salaryAsc")))
        }
    })
}
