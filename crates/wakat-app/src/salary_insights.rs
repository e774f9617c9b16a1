//! Salary insight (issue 29): the figures of the salaries of live offers, for a salary page (a
//! filtered set split by seniority × contract) or for one offer (where its salary sits among
//! comparable offers, the set widened step by step until it is large enough). Public reads.
//!
//! Rules:
//! - A set counts one point per offer and contract kind (the middle of the contract's monthly
//!   range, `wakat_core::salary_insight`); offers without a salary never count.
//! - No figure is ever given for a set smaller than the board's `minimum_set_size`: its count is.
//! - An offer's set: same category (or, when the request names skills, those skills), seniority
//!   and contract kind, and the offer's city — or, for a remote offer, remote offers. Too small,
//!   it widens the place first (city → the region: the city with the configured radius →
//!   the country), then the subject (skills → the category, in the whole country).

use std::sync::Arc;

use wakat_core::filters::CityFilter;
use wakat_core::salary_insight::{figures, grosze_in, share_below, Figures, Target};
use wakat_core::{EmploymentKind, ExperienceLevel, Filters, Offer, SalaryUnit, WorkplaceType};
use wakat_engine::{Engine, Tenant};

use crate::error::{AppError, Result};
use crate::offers::find_offer;
use crate::Clock;

#[cfg(test)]
mod tests;

/// What is asked: the set's filters (the list's), the unit to show amounts in, and the offer
/// to place in its comparable set, if any.
#[derive(Debug, Clone)]
pub struct InsightRequest {
    /// The board.
    pub tenant: Arc<Tenant>,
    /// The list's filters (with an offer, only its currency and skills are used).
    pub filters: Filters,
    /// Period of the amounts shown.
    pub unit: SalaryUnit,
    /// The offer (a slug of it or of one of its locations).
    pub offer: Option<String>,
}

/// How far an offer's set reaches in place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlaceStep {
    /// The offer's city.
    City,
    /// Within the board's region radius of the offer's city.
    Region,
    /// Anywhere.
    Country,
    /// Remote offers (the offer is remote), anywhere.
    Remote,
}

/// What an offer's set is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SubjectStep {
    /// The skills the request names, in the offer's category.
    Skill,
    /// The offer's category.
    Category,
}

/// One set tried for an offer, with its size.
#[derive(Debug, Clone, PartialEq)]
pub struct StepTried {
    /// Place.
    pub place: PlaceStep,
    /// Subject.
    pub subject: SubjectStep,
    /// Points in the set.
    pub count: usize,
    /// The set as list filters (a link to it as a list).
    pub filters: Filters,
}

/// One row of a salary page: a seniority (or all of them) and a contract kind.
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    /// The seniority; `None` for every seniority of the filters together.
    pub level: Option<ExperienceLevel>,
    /// The contract kind.
    pub kind: EmploymentKind,
    /// Points in the set.
    pub count: usize,
    /// The figures, when the set reaches the minimum.
    pub figures: Option<Figures>,
}

/// Where one contract of an offer sits among comparable offers.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// The contract kind.
    pub kind: EmploymentKind,
    /// The offer's own point (the middle of its range) in the target.
    pub value: f64,
    /// Whether the offer states it gross.
    pub gross: bool,
    /// Every set tried, narrowest first; the last is the one used when it reached the minimum.
    pub tried: Vec<StepTried>,
    /// Whether the last set tried reached the minimum (else no figure is given).
    pub enough: bool,
    /// The figures of the set used.
    pub figures: Option<Figures>,
    /// The share of the set paying strictly less than the offer, in whole percent.
    pub pays_more_than: Option<u32>,
}

/// An offer's comparisons, one per contract with a salary.
#[derive(Debug, Clone, PartialEq)]
pub struct OfferInsight {
    /// The offer's slug.
    pub slug: String,
    /// Its seniority.
    pub level: ExperienceLevel,
    /// Its category value.
    pub category: u32,
    /// The comparisons.
    pub comparisons: Vec<Comparison>,
}

/// The answer: the figures and how they were computed.
#[derive(Debug, Clone, PartialEq)]
pub struct Insight {
    /// Currency and unit of every amount.
    pub target: Target,
    /// The day of the exchange rates, when the board's rates table says it.
    pub rates_date: Option<String>,
    /// Hours of a month for hourly amounts.
    pub hours_per_month: f64,
    /// Working days of a month for daily amounts.
    pub days_per_month: f64,
    /// The smallest set figures are given for.
    pub minimum: usize,
    /// Radius of the region step, in kilometres.
    pub region_radius_km: f64,
    /// Salary page rows (none when an offer is asked about).
    pub groups: Vec<Group>,
    /// The offer's comparisons, when one is asked about.
    pub offer: Option<OfferInsight>,
}

/// The salary insight service.
#[derive(Clone)]
pub struct SalaryInsights {
    engine: Arc<Engine>,
    clock: Clock,
}

impl SalaryInsights {
    /// The service over the engine.
    pub fn new(engine: Arc<Engine>, clock: Clock) -> SalaryInsights {
        SalaryInsights { engine, clock }
    }

    /// The figures asked for (see the module's rules).
    pub fn insight(&self, request: &InsightRequest) -> Result<Insight> {
        let settings = request.tenant.settings.salary_insights;
        let rates = &self.engine.rates;
        let target = Target { currency: request.filters.currency, unit: request.unit };
        let mut insight = Insight {
            target,
            rates_date: rates.date().map(str::to_string),
            hours_per_month: rates.hours_per_month(),
            days_per_month: rates.days_per_month(),
            minimum: settings.minimum_set_size,
            region_radius_km: settings.region_radius_km,
            groups: Vec::new(),
            offer: None,
        };
        match &request.offer {
            Some(slug) => {
                let (offer, _) =
                    find_offer(&self.engine, &request.tenant.settings.slug, slug)?.ok_or_else(|| AppError::OfferNotFound { slug: slug.clone() })?;
                insight.offer = Some(self.offer_insight(request, &offer, target)?);
            }
            None => insight.groups = self.groups(request, target)?,
        }
        Ok(insight)
    }

    /// The rows of a salary page: each seniority × contract kind with points, then each contract
    /// kind over all seniorities.
    fn groups(&self, request: &InsightRequest, target: Target) -> Result<Vec<Group>> {
        let minimum = request.tenant.settings.salary_insights.minimum_set_size;
        let mut sample = self.engine.index.salary_sample(&request.tenant.settings.slug, &request.filters, self.clock.now())?;
        let mut groups = Vec::new();
        let mut totals = Vec::new();
        for &kind in EmploymentKind::ALL {
            let mut all = Vec::new();
            for &level in ExperienceLevel::ALL {
                let mut values = sample.take(level, kind);
                if values.is_empty() {
                    continue;
                }
                all.extend_from_slice(&values);
                groups.push(self.group(Some(level), kind, &mut values, minimum, target));
            }
            if !all.is_empty() {
                totals.push(self.group(None, kind, &mut all, minimum, target));
            }
        }
        groups.extend(totals);
        Ok(groups)
    }

    fn group(&self, level: Option<ExperienceLevel>, kind: EmploymentKind, values: &mut [u64], minimum: usize, target: Target) -> Group {
        let enough = values.len() >= minimum;
        Group { level, kind, count: values.len(), figures: enough.then(|| figures(values, target, &self.engine.rates)).flatten() }
    }

    fn offer_insight(&self, request: &InsightRequest, offer: &Offer, target: Target) -> Result<OfferInsight> {
        let rates = &self.engine.rates;
        let minimum = request.tenant.settings.salary_insights.minimum_set_size;
        let tenant = &request.tenant.settings.slug;
        let now = self.clock.now();
        let mut comparisons = Vec::new();
        for point in offer.salary_points(rates) {
            let mut tried = Vec::new();
            let mut used = None;
            for (place, subject, filters) in ladder(&request.tenant, offer, point.kind, &request.filters, &self.engine.gazetteer) {
                let mut values = self.engine.index.salary_sample(tenant, &filters, now)?.take(offer.experience_level, point.kind);
                tried.push(StepTried { place, subject, count: values.len(), filters });
                if values.len() >= minimum {
                    let pays_more_than = share_below(&values, point.grosze);
                    used = Some((figures(&mut values, target, rates), pays_more_than));
                    break;
                }
            }
            let enough = used.is_some();
            let (figures, pays_more_than) = used.unzip();
            comparisons.push(Comparison {
                kind: point.kind,
                value: grosze_in(point.grosze, target, rates),
                gross: point.gross,
                tried,
                enough,
                figures: figures.flatten(),
                pays_more_than,
            });
        }
        Ok(OfferInsight { slug: offer.slug.clone(), level: offer.experience_level, category: offer.category_id, comparisons })
    }
}

/// The sets of an offer's contract, narrowest first (see the module's rules).
pub fn ladder(
    tenant: &Tenant,
    offer: &Offer,
    kind: EmploymentKind,
    asked: &Filters,
    gazetteer: &wakat_core::Gazetteer,
) -> Vec<(PlaceStep, SubjectStep, Filters)> {
    let base = Filters {
        categories: vec![offer.category_id],
        experience_levels: vec![offer.experience_level],
        employment_types: vec![kind],
        currency: asked.currency,
        ..Filters::default()
    };
    let remote = offer.workplace_type == WorkplaceType::Remote;
    let mut places: Vec<(PlaceStep, Filters)> = Vec::new();
    match (remote, offer.locations.first()) {
        (true, _) => places.push((PlaceStep::Remote, Filters { workplace_types: vec![WorkplaceType::Remote], ..base.clone() })),
        (false, Some(location)) => {
            let city = CityFilter::resolve(&location.city, gazetteer);
            let known = city.point.is_some();
            places.push((PlaceStep::City, Filters { city: Some(city.clone()), ..base.clone() }));
            if known {
                let radius_km = Some(tenant.settings.salary_insights.region_radius_km);
                places.push((PlaceStep::Region, Filters { city: Some(city), radius_km, ..base.clone() }));
            }
            places.push((PlaceStep::Country, base.clone()));
        }
        (false, None) => places.push((PlaceStep::Country, base.clone())),
    }
    let mut steps = Vec::new();
    if !asked.skills.is_empty() {
        for (place, filters) in &places {
            steps.push((*place, SubjectStep::Skill, Filters { skills: asked.skills.clone(), ..filters.clone() }));
        }
        let (place, widest) = places.last().cloned().expect("every ladder has a place");
        steps.push((place, SubjectStep::Category, widest));
    } else {
        steps.extend(places.into_iter().map(|(place, filters)| (place, SubjectStep::Category, filters)));
    }
    steps
}
