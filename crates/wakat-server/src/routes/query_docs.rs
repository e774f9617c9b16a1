//! The query parameters several route modules document alike (the offers' filters, the map's
//! viewport, the answer's language), for their `#[utoipa::path(params(…))]`. The route modules
//! take them from here rather than from the OpenAPI document, which lists the route modules.

/// Filter, sort and paging parameters shared by every offers call. Each array parameter may be
/// repeated (`keywords[]=java&keywords[]=spring`) or comma-separated; the list page's Polish and
/// English names (`typ-umowy`, `employment-type`, ...) are accepted too.
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct ListQueryDoc {
    /// Phrases matched against title, company, skills and city; every phrase must match.
    #[serde(rename = "keywords[]")]
    keywords: Option<Vec<String>>,
    /// Titles; any may match.
    #[serde(rename = "jobTitles[]")]
    job_titles: Option<Vec<String>>,
    /// Company names; any may match.
    #[serde(rename = "companyNames[]")]
    company_names: Option<Vec<String>>,
    /// Skills; every skill must match.
    #[serde(rename = "skills[]")]
    skills: Option<Vec<String>>,
    /// City slug (`krakow`) or name (`Kraków`).
    city: Option<String>,
    /// Radius around the city in km (needs a known city; 0 means none).
    #[serde(rename = "cityRadiusKm")]
    city_radius_km: Option<f64>,
    /// Category or subcategory values or slugs.
    #[serde(rename = "categories[]")]
    categories: Option<Vec<String>>,
    /// permanent, b2b, mandate_contract, internship, any.
    #[serde(rename = "employmentTypes[]")]
    employment_types: Option<Vec<String>>,
    /// junior, mid, senior, expert, c_level.
    #[serde(rename = "experienceLevels[]")]
    experience_levels: Option<Vec<String>>,
    /// full_time, part_time, internship, freelance.
    #[serde(rename = "workingTimes[]")]
    working_times: Option<Vec<String>>,
    /// remote, hybrid, office.
    #[serde(rename = "remoteWorkOptions[]")]
    remote_work_options: Option<Vec<String>>,
    /// Only remote offers.
    remote: Option<bool>,
    /// Only offers open to Ukrainians.
    #[serde(rename = "ukraineFriendly")]
    ukraine_friendly: Option<bool>,
    /// Only offers with a salary.
    #[serde(rename = "withSalary")]
    with_salary: Option<bool>,
    /// Lowest monthly salary sought, in `currency`: the offer's top must reach it.
    #[serde(rename = "salaryMin")]
    salary_min: Option<f64>,
    /// Highest monthly salary sought: the offer's bottom must not exceed it.
    #[serde(rename = "salaryMax")]
    salary_max: Option<f64>,
    /// pln (default), eur, usd, gbp, chf.
    currency: Option<String>,
    /// published (default: relevance blended with freshness when searching), newest, salary.
    #[serde(rename = "sortBy")]
    sort_by: Option<String>,
    /// ASC or DESC (default).
    #[serde(rename = "orderBy")]
    order_by: Option<String>,
    /// 1-based page of page-based calls.
    page: Option<u32>,
    /// Page size, 1 to 100.
    #[serde(rename = "perPage")]
    per_page: Option<u32>,
    /// Offset of the first item.
    from: Option<usize>,
    /// Page size of cursor calls, 1 to 100.
    #[serde(rename = "itemsCount")]
    items_count: Option<u32>,
    /// Base64 JSON request state `{from, itemsCount, params: {sort: {sortBy, orderBy}, currency}}`.
    cursor: Option<String>,
    /// Language of texts in the answer: pl or en (default: `Accept-Language`, then the board's).
    lang: Option<String>,
}

/// The answer's language.
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct LangDoc {
    /// pl or en (default: `Accept-Language`, then the board's language).
    lang: Option<String>,
}

/// Map parameters.
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct MapQueryDoc {
    /// Map zoom, 0 to 22 (default 6).
    zoom: Option<f64>,
    /// Viewport north edge (all four edges or none).
    north: Option<f64>,
    /// Viewport south edge.
    south: Option<f64>,
    /// Viewport east edge.
    east: Option<f64>,
    /// Viewport west edge.
    west: Option<f64>,
    /// Cluster id from the clusters call (markers of that cluster).
    region: Option<String>,
}
