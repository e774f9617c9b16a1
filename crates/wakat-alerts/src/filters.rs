//! A saved search is the list's own filter model ([`ListParams`]) in canonical form: the query
//! pairs (API names) that parse back into exactly the same [`ListParams`], lists sorted. The
//! spec's filters object (`categories`, `localization`, `salary`, `search`, …) converts to it and
//! back without loss; both directions go through the one parser, so a saved search can never hold
//! a filter the list would refuse.

use serde::{Deserialize, Serialize};
use wakat_core::filters::{ListParams, ParseContext};
use wakat_core::{CategoryTree, Currency, FieldError, OrderBy, SortBy, WorkplaceType};

/// `localization` of the filters object.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Localization {
    /// City slug or name.
    pub city: Option<String>,
    /// Radius around the city in km (ours: the list has it, the spec's object does not name it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub radius: Option<f64>,
}

/// `salary` of the filters object: monthly amounts in `currency`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SalaryFilter {
    /// Lowest monthly salary sought.
    pub from: Option<f64>,
    /// Highest monthly salary sought.
    pub to: Option<f64>,
    /// `pln`, `eur`, …; none or `default` means pln.
    pub currency: Option<String>,
}

/// `search` of the filters object.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SearchFilter {
    /// Phrases matched against title, company and skills.
    pub keywords: Vec<String>,
    /// Companies.
    pub company_names: Vec<String>,
    /// Skills.
    pub skills: Vec<String>,
    /// Job titles.
    pub job_titles: Vec<String>,
}

/// The spec's filters object (section 3).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct FiltersObject {
    /// Category and subcategory slugs.
    pub categories: Vec<String>,
    /// City (and radius).
    pub localization: Localization,
    /// Salary range.
    pub salary: SalaryFilter,
    /// Contracts (`b2b`, `permanent`, …).
    pub employment_types: Vec<String>,
    /// Seniorities (`junior`, …).
    pub experiences: Vec<String>,
    /// Working times (`full_time`, …).
    pub working_times: Vec<String>,
    /// Open to hiring Ukrainians.
    pub friendly_offer: bool,
    /// Remote offers only (the same as `remote` in `remoteWorkOptions`).
    pub remote: bool,
    /// Offers with a salary only.
    pub with_salary: bool,
    /// Workplaces (`remote`, `hybrid`, `office`).
    pub remote_work_options: Vec<String>,
    /// Phrases.
    pub search: SearchFilter,
}

/// Canonical query pairs of a saved search (API names).
pub type QueryPairs = Vec<(String, String)>;

impl FiltersObject {
    /// The query pairs this object stands for, in the list's API names.
    pub fn to_pairs(&self) -> QueryPairs {
        let mut pairs = Vec::new();
        let mut push_all = |name: &str, values: &[String]| pairs.extend(values.iter().map(|v| (format!("{name}[]"), v.clone())));
        push_all("keywords", &self.search.keywords);
        push_all("titles", &self.search.job_titles);
        push_all("companies", &self.search.company_names);
        push_all("skills", &self.search.skills);
        push_all("categories", &self.categories);
        push_all("employmentTypes", &self.employment_types);
        push_all("experienceLevels", &self.experiences);
        push_all("workingTimes", &self.working_times);
        push_all("remoteWorkOptions", &self.remote_work_options);
        if let Some(city) = self.localization.city.as_deref().filter(|c| !c.trim().is_empty()) {
            pairs.push(("city".into(), city.to_string()));
            if let Some(radius) = self.localization.radius {
                pairs.push(("cityRadiusKm".into(), radius.to_string()));
            }
        } else if let Some(radius) = self.localization.radius.filter(|r| *r > 0.0) {
            // Refused by the parser (a radius needs a city), as the list refuses it.
            pairs.push(("cityRadiusKm".into(), radius.to_string()));
        }
        if self.remote {
            pairs.push(("remote".into(), "true".into()));
        }
        if self.friendly_offer {
            pairs.push(("ukraineFriendly".into(), "true".into()));
        }
        if self.with_salary {
            pairs.push(("withSalary".into(), "true".into()));
        }
        if let Some(from) = self.salary.from {
            pairs.push(("salaryMin".into(), from.to_string()));
        }
        if let Some(to) = self.salary.to {
            pairs.push(("salaryMax".into(), to.to_string()));
        }
        // "The currency falls back to pln when none or default."
        let currency = self.salary.currency.as_deref().map(str::trim).filter(|c| !c.is_empty() && !c.eq_ignore_ascii_case("default")).unwrap_or("pln");
        pairs.push(("currency".into(), currency.to_string()));
        pairs
    }

    /// Parses the object with the list's parser.
    pub fn to_params(&self, ctx: &ParseContext<'_>) -> Result<ListParams, FieldError> {
        let pairs = self.to_pairs();
        ListParams::parse(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())), ctx)
    }

    /// The object of a filter model (sort and paging have no place in it).
    pub fn from_params(params: &ListParams, categories: &CategoryTree) -> FiltersObject {
        let filters = &params.filters;
        let strings = |values: &[String]| values.to_vec();
        let workplaces: Vec<String> = filters.workplace_types.iter().map(|w| w.as_str().to_string()).collect();
        FiltersObject {
            categories: filters.categories.iter().map(|value| categories.get(*value).map_or_else(|| value.to_string(), |c| c.slug.clone())).collect(),
            localization: Localization { city: filters.city.as_ref().map(city_input), radius: filters.radius_km },
            salary: SalaryFilter { from: filters.salary_min, to: filters.salary_max, currency: Some(filters.currency.as_str().to_string()) },
            employment_types: filters.employment_types.iter().map(|e| e.as_str().to_string()).collect(),
            experiences: filters.experience_levels.iter().map(|e| e.as_str().to_string()).collect(),
            working_times: filters.working_times.iter().map(|w| w.as_str().to_string()).collect(),
            friendly_offer: filters.ukraine_friendly,
            remote: filters.workplace_types.contains(&WorkplaceType::Remote),
            with_salary: filters.with_salary,
            remote_work_options: workplaces,
            search: SearchFilter {
                keywords: strings(&filters.keywords),
                company_names: strings(&filters.companies),
                skills: strings(&filters.skills),
                job_titles: strings(&filters.titles),
            },
        }
    }
}

/// What the parser turns back into the same city: the slug of a gazetteer city (unique), the
/// name as typed for one the gazetteer does not know.
fn city_input(city: &wakat_core::filters::CityFilter) -> String {
    if city.point.is_some() {
        city.slug.clone()
    } else {
        city.name.clone()
    }
}

/// The canonical pairs of a filter model: filters and a non-default sort, every list sorted, in
/// API names. `ListParams::parse` of them gives back `params` without its paging and viewport.
pub fn canonical_pairs(params: &ListParams) -> QueryPairs {
    let mut canonical = params.clone();
    let filters = &mut canonical.filters;
    for list in [&mut filters.keywords, &mut filters.titles, &mut filters.companies, &mut filters.skills] {
        list.sort_unstable();
    }
    filters.categories.sort_unstable();
    filters.employment_types.sort_unstable();
    filters.experience_levels.sort_unstable();
    filters.working_times.sort_unstable();
    filters.workplace_types.sort_unstable();
    let filters = &canonical.filters;
    let mut pairs = QueryPairs::new();
    let mut push = |name: &str, value: String| pairs.push((name.to_string(), value));
    for (name, list) in [("keywords[]", &filters.keywords), ("titles[]", &filters.titles), ("companies[]", &filters.companies), ("skills[]", &filters.skills)] {
        list.iter().for_each(|v| push(name, v.clone()));
    }
    filters.categories.iter().for_each(|v| push("categories[]", v.to_string()));
    filters.employment_types.iter().for_each(|v| push("employmentTypes[]", v.as_str().into()));
    filters.experience_levels.iter().for_each(|v| push("experienceLevels[]", v.as_str().into()));
    filters.working_times.iter().for_each(|v| push("workingTimes[]", v.as_str().into()));
    filters.workplace_types.iter().for_each(|v| push("remoteWorkOptions[]", v.as_str().into()));
    if let Some(city) = &filters.city {
        push("city", city_input(city));
        if let Some(radius) = filters.radius_km {
            push("cityRadiusKm", radius.to_string());
        }
    }
    if filters.ukraine_friendly {
        push("ukraineFriendly", "true".into());
    }
    if filters.with_salary {
        push("withSalary", "true".into());
    }
    if let Some(min) = filters.salary_min {
        push("salaryMin", min.to_string());
    }
    if let Some(max) = filters.salary_max {
        push("salaryMax", max.to_string());
    }
    if filters.currency != Currency::Pln {
        push("currency", filters.currency.as_str().into());
    }
    let sort = canonical.sort;
    if sort != wakat_core::Sort::default() {
        let by = match sort.by {
            SortBy::Published => "published",
            SortBy::Newest => "newest",
            SortBy::Salary => "salary",
        };
        push("sortBy", by.into());
        push("orderBy", if sort.order == OrderBy::Asc { "ASC" } else { "DESC" }.into());
    }
    pairs
}

/// The canonical pairs as one query string (`keywords%5B%5D=java&city=krakow`): the identity of a
/// saved search (two searches meaning the same thing have the same string) and the query of its
/// links and feed.
pub fn canonical_query(params: &ListParams) -> String {
    url::form_urlencoded::Serializer::new(String::new()).extend_pairs(canonical_pairs(params)).finish()
}

/// Parses stored canonical pairs back into the filter model.
pub fn parse_pairs(pairs: &QueryPairs, ctx: &ParseContext<'_>) -> Result<ListParams, FieldError> {
    ListParams::parse(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())), ctx)
}

/// The tags of a search (its default name, the digest's subject): phrases, city, categories,
/// then the chosen vocabularies, in the list's language.
pub fn tags(params: &ListParams, categories: &CategoryTree, lang: &str) -> Vec<String> {
    let filters = &params.filters;
    let mut tags: Vec<String> = filters.phrases().map(|(_, phrase)| phrase.to_string()).collect();
    if let Some(city) = &filters.city {
        tags.push(match filters.radius_km {
            Some(km) => format!("{} +{km} km", city.name),
            None => city.name.clone(),
        });
    }
    tags.extend(filters.categories.iter().filter_map(|v| categories.get(*v)).map(|c| c.label(lang).to_string()));
    tags.extend(filters.experience_levels.iter().map(|e| e.label(lang).to_string()));
    tags.extend(filters.employment_types.iter().map(|e| e.label(lang).to_string()));
    tags.extend(filters.working_times.iter().map(|e| e.label(lang).to_string()));
    tags.extend(filters.workplace_types.iter().map(|e| e.label(lang).to_string()));
    let currency = filters.currency.as_str().to_uppercase();
    match (filters.salary_min, filters.salary_max) {
        (Some(min), Some(max)) => tags.push(format!("{min} - {max} {currency}")),
        (Some(min), None) => tags.push(format!("{} {min} {currency}", if lang == "pl" { "od" } else { "from" })),
        (None, Some(max)) => tags.push(format!("{} {max} {currency}", if lang == "pl" { "do" } else { "up to" })),
        (None, None) => {}
    }
    if filters.with_salary {
        tags.push(if lang == "pl" { "z widełkami" } else { "with salary" }.into());
    }
    if filters.ukraine_friendly {
        tags.push(if lang == "pl" { "dla Ukraińców" } else { "Ukrainian friendly" }.into());
    }
    tags
}

#[cfg(test)]
mod tests;
