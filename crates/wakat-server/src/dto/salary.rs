//! The answer of `GET …/v2/salary-insights`: figures of live offers' salaries and how each was
//! computed (issue 29), from `wakat_app::salary_insights`.

use serde::Serialize;
use utoipa::ToSchema;
use wakat_app::salary_insights::{Comparison, Group, Insight, OfferInsight, PlaceStep, StepTried, SubjectStep};
use wakat_core::salary_insight::{Bin, Figures};
use wakat_core::{Currency, Filters, Rates};

/// `GET …/v2/salary-insights`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SalaryInsightAnswer {
    /// Currency of every amount (`pln`, `eur`, …).
    pub currency: &'static str,
    /// Period of every amount: `hour`, `day`, `month` or `year`.
    pub unit: &'static str,
    /// How the figures were computed.
    pub method: SalaryMethod,
    /// A salary page's rows: each seniority × contract with offers, then each contract over all
    /// seniorities (`experienceLevel` null). Empty when an offer is asked about.
    pub groups: Vec<SalaryGroupDto>,
    /// Where the offer's salary sits, when `offer` is given.
    pub offer: Option<OfferSalaryDto>,
}

/// How every figure is computed.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SalaryMethod {
    /// `midpoint`: each offer counts once per contract, at the middle of that contract's range
    /// (a missing bound takes the other's value), made monthly.
    pub point: &'static str,
    /// `nearest-rank`: the p-th percentile of n offers is the ⌈p·n/100⌉-th lowest, an amount
    /// some offer pays.
    pub percentiles: &'static str,
    /// `as-stated`: amounts are compared as each offer states them, gross or net (each set says
    /// how many of each); nothing is taxed or untaxed.
    pub gross_net: &'static str,
    /// The day of the board's exchange rates, when its rates table names it.
    pub rates_date: Option<String>,
    /// PLN per unit of `currency` in the board's rates (1 for PLN).
    pub pln_per_currency: f64,
    /// Hours a month has when hourly amounts are made monthly (and back, for `unit=hour`).
    pub hours_per_month: f64,
    /// Working days a month has for daily amounts.
    pub days_per_month: f64,
    /// The smallest set any figure is given for; smaller sets give their count alone.
    pub minimum_set_size: usize,
    /// Radius of the `region` step around an offer's city, in km.
    pub region_radius_km: f64,
}

/// A row of a salary page.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SalaryGroupDto {
    /// The seniority, or null for all of them.
    pub experience_level: Option<&'static str>,
    /// The contract.
    pub employment_type: &'static str,
    /// Offers counted.
    pub count: usize,
    /// Null when `count` is below the minimum.
    pub figures: Option<SalaryFiguresDto>,
}

/// The figures of a set.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SalaryFiguresDto {
    /// Offers counted.
    pub count: usize,
    /// 25th percentile.
    pub p25: f64,
    /// Median.
    pub median: f64,
    /// 75th percentile.
    pub p75: f64,
    /// Offers stating the amount gross.
    pub gross: usize,
    /// Offers stating the amount net.
    pub net: usize,
    /// Bars of a round width between the 5th and 95th percentiles; the first and last also hold
    /// the offers beyond them.
    pub histogram: Vec<SalaryBinDto>,
}

/// One bar.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SalaryBinDto {
    /// Lowest amount.
    pub from: f64,
    /// Amount the bar stops before.
    pub to: f64,
    /// Offers in the bar.
    pub count: usize,
    /// Also every offer below `from`.
    pub open_below: bool,
    /// Also every offer from `to` up.
    pub open_above: bool,
}

/// An offer's place among comparable offers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfferSalaryDto {
    /// The offer's slug.
    pub slug: String,
    /// Its seniority.
    pub experience_level: &'static str,
    /// Its category value.
    pub category_id: u32,
    /// One per contract with a salary.
    pub comparisons: Vec<SalaryComparisonDto>,
}

/// One contract of the offer among comparable offers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SalaryComparisonDto {
    /// The contract.
    pub employment_type: &'static str,
    /// The offer's own amount (middle of its range).
    pub value: f64,
    /// Whether the offer states it gross.
    pub gross: bool,
    /// Whether a set reached the minimum (else no figure, only the sizes tried).
    pub enough: bool,
    /// The share of the set paying less than this offer, in whole percent.
    pub pays_more_than: Option<u32>,
    /// The figures of the set used.
    pub figures: Option<SalaryFiguresDto>,
    /// The set used (or, without enough offers, the widest tried).
    pub step: SalaryStepDto,
    /// Every set tried, narrowest first.
    pub tried: Vec<SalaryStepDto>,
}

/// A comparable set: how far it reaches and its list filters.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SalaryStepDto {
    /// `city`, `region` (the city and `cityRadiusKm`), `country` or `remote`.
    pub place: &'static str,
    /// `skill` (the request's skills) or `category`.
    pub subject: &'static str,
    /// Offers counted.
    pub count: usize,
    /// The set as the list's filters, for a link to it.
    pub set: SalarySetDto,
}

/// A set as list filters (API names).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SalarySetDto {
    /// Category values.
    pub categories: Vec<u32>,
    /// Seniorities.
    pub experience_levels: Vec<&'static str>,
    /// Contracts.
    pub employment_types: Vec<&'static str>,
    /// Workplaces.
    pub workplace_types: Vec<&'static str>,
    /// City slug.
    pub city: Option<String>,
    /// Radius around the city, km.
    pub city_radius_km: Option<f64>,
    /// Skills.
    pub skills: Vec<String>,
}

impl SalaryInsightAnswer {
    /// The answer of an insight computed with `rates`.
    pub fn new(insight: Insight, rates: &Rates) -> SalaryInsightAnswer {
        let currency = insight.target.currency;
        SalaryInsightAnswer {
            currency: currency.as_str(),
            unit: insight.target.unit.as_str(),
            method: SalaryMethod {
                point: "midpoint",
                percentiles: "nearest-rank",
                gross_net: "as-stated",
                rates_date: insight.rates_date,
                pln_per_currency: rates.convert(1.0, currency, Currency::Pln),
                hours_per_month: insight.hours_per_month,
                days_per_month: insight.days_per_month,
                minimum_set_size: insight.minimum,
                region_radius_km: insight.region_radius_km,
            },
            groups: insight.groups.into_iter().map(SalaryGroupDto::from).collect(),
            offer: insight.offer.map(OfferSalaryDto::from),
        }
    }
}

impl From<Group> for SalaryGroupDto {
    fn from(group: Group) -> Self {
        SalaryGroupDto {
            experience_level: group.level.map(|level| level.as_str()),
            employment_type: group.kind.as_str(),
            count: group.count,
            figures: group.figures.map(SalaryFiguresDto::from),
        }
    }
}

impl From<Figures> for SalaryFiguresDto {
    fn from(figures: Figures) -> Self {
        SalaryFiguresDto {
            count: figures.count,
            p25: figures.p25,
            median: figures.median,
            p75: figures.p75,
            gross: figures.gross,
            net: figures.net,
            histogram: figures.histogram.into_iter().map(SalaryBinDto::from).collect(),
        }
    }
}

impl From<Bin> for SalaryBinDto {
    fn from(bin: Bin) -> Self {
        SalaryBinDto { from: bin.from, to: bin.to, count: bin.count, open_below: bin.open_below, open_above: bin.open_above }
    }
}

impl From<OfferInsight> for OfferSalaryDto {
    fn from(offer: OfferInsight) -> Self {
        OfferSalaryDto {
            slug: offer.slug,
            experience_level: offer.level.as_str(),
            category_id: offer.category,
            comparisons: offer.comparisons.into_iter().map(SalaryComparisonDto::from).collect(),
        }
    }
}

impl From<Comparison> for SalaryComparisonDto {
    fn from(comparison: Comparison) -> Self {
        let tried: Vec<SalaryStepDto> = comparison.tried.into_iter().map(SalaryStepDto::from).collect();
        // The ladder always has a step; the last tried is the one used (or the widest).
        let step = tried.last().cloned().expect("every ladder has a step");
        SalaryComparisonDto {
            employment_type: comparison.kind.as_str(),
            value: comparison.value,
            gross: comparison.gross,
            enough: comparison.enough,
            pays_more_than: comparison.pays_more_than,
            figures: comparison.figures.map(SalaryFiguresDto::from),
            step,
            tried,
        }
    }
}

impl From<StepTried> for SalaryStepDto {
    fn from(step: StepTried) -> Self {
        let place = match step.place {
            PlaceStep::City => "city",
            PlaceStep::Region => "region",
            PlaceStep::Country => "country",
            PlaceStep::Remote => "remote",
        };
        let subject = match step.subject {
            SubjectStep::Skill => "skill",
            SubjectStep::Category => "category",
        };
        SalaryStepDto { place, subject, count: step.count, set: SalarySetDto::from(&step.filters) }
    }
}

impl From<&Filters> for SalarySetDto {
    fn from(filters: &Filters) -> Self {
        SalarySetDto {
            categories: filters.categories.clone(),
            experience_levels: filters.experience_levels.iter().map(|level| level.as_str()).collect(),
            employment_types: filters.employment_types.iter().map(|kind| kind.as_str()).collect(),
            workplace_types: filters.workplace_types.iter().map(|workplace| workplace.as_str()).collect(),
            city: filters.city.as_ref().map(|city| city.slug.clone()),
            city_radius_km: filters.radius_km,
            skills: filters.skills.clone(),
        }
    }
}
