//! Tables built once per generator (weights, category plans, company URLs), so drawing an offer
//! costs a few binary searches and allocates nothing but the offer itself.

use rand::Rng;
use wakat_core::{CategoryTree, ExperienceLevel, Gazetteer, WorkplaceType};

use super::inputs::{GenerateContext, GenerateError};
use crate::dictionaries::{CategoryVocabulary, Company, WorkplaceShares};

/// Picks an index with probability proportional to its weight.
#[derive(Debug, Clone)]
pub(super) struct WeightedTable {
    cumulative: Vec<f64>,
}

impl WeightedTable {
    /// Returns `None` unless every weight is finite and non-negative and their sum is positive.
    pub(super) fn new(weights: impl IntoIterator<Item = f64>) -> Option<WeightedTable> {
        let mut total = 0.0;
        let mut cumulative = Vec::new();
        for weight in weights {
            if !(weight.is_finite() && weight >= 0.0) {
                return None;
            }
            total += weight;
            cumulative.push(total);
        }
        (total > 0.0).then_some(WeightedTable { cumulative })
    }

    pub(super) fn sample(&self, rng: &mut impl Rng) -> usize {
        let total = self.cumulative.last().copied().unwrap_or(0.0);
        let target = rng.random::<f64>() * total;
        // Zero-weight entries share their predecessor's cumulative value, so `<=` skips them.
        let idx = self.cumulative.partition_point(|&c| c <= target);
        idx.min(self.cumulative.len().saturating_sub(1))
    }
}

/// A category offers can be filed under, with its vocabulary and workplace mix.
pub(super) struct CategoryPlan<'a> {
    pub(super) value: u32,
    pub(super) vocabulary: &'a CategoryVocabulary,
    /// Indexes [`WORKPLACE_ORDER`].
    pub(super) workplace: WeightedTable,
}

/// A top-level category with its subcategories.
pub(super) struct RootPlan<'a> {
    pub(super) category: CategoryPlan<'a>,
    pub(super) children: Vec<CategoryPlan<'a>>,
    /// `None` when the category has no subcategories.
    pub(super) child_table: Option<WeightedTable>,
}

/// A company with the URLs every one of its offers repeats.
pub(super) struct CompanyPlan<'a> {
    pub(super) company: &'a Company,
    pub(super) logo_url: String,
}

/// Order of the workplace weights in every workplace table.
pub(super) const WORKPLACE_ORDER: [WorkplaceType; 3] = [WorkplaceType::Remote, WorkplaceType::Hybrid, WorkplaceType::Office];

pub(super) struct Tables<'a> {
    pub(super) roots: Vec<RootPlan<'a>>,
    pub(super) root_table: WeightedTable,
    /// Indexes `Gazetteer::places()`.
    pub(super) cities: WeightedTable,
    pub(super) companies: Vec<CompanyPlan<'a>>,
    pub(super) company_table: WeightedTable,
    /// Indexes `ExperienceLevel::ALL`.
    pub(super) seniority: WeightedTable,
    /// Indexes the profile's contract mixes.
    pub(super) contracts: WeightedTable,
}

impl<'a> Tables<'a> {
    pub(super) fn new(context: &GenerateContext<'a>, tenant: &str) -> Result<Tables<'a>, GenerateError> {
        let vocabulary = context.vocabulary;
        let profile = &vocabulary.profile;
        for slug in vocabulary.categories.keys() {
            if context.categories.find(slug).is_none_or(|c| c.slug != *slug) {
                return Err(GenerateError::UnknownCategory(slug.clone()));
            }
        }
        let (roots, root_table) = category_plans(context.categories, context)?;
        let cities = city_table(context.gazetteer, profile.city_population_exponent, |slug| profile.city_boosts.get(slug).copied().unwrap_or(1.0))?;
        let companies: Vec<CompanyPlan<'a>> =
            context.companies.iter().map(|company| CompanyPlan { company, logo_url: format!("/api/{tenant}/v1/logos/{}.svg", company.slug) }).collect();
        let company_table =
            WeightedTable::new(companies.iter().map(|plan| size_weight(&plan.company.size))).ok_or(GenerateError::EmptyDictionary("companies"))?;
        let seniority = WeightedTable::new(ExperienceLevel::ALL.iter().map(|&level| *profile.seniority_shares.get(level)))
            .ok_or(GenerateError::EmptyDictionary("seniority shares"))?;
        let contracts = WeightedTable::new(profile.contracts.iter().map(|mix| mix.weight)).ok_or(GenerateError::EmptyDictionary("contract mixes"))?;
        Ok(Tables { roots, root_table, cities, companies, company_table, seniority, contracts })
    }
}

fn category_plans<'a>(tree: &CategoryTree, context: &GenerateContext<'a>) -> Result<(Vec<RootPlan<'a>>, WeightedTable), GenerateError> {
    let vocabulary = context.vocabulary;
    let plan = |value: u32, slug: &str| -> Result<CategoryPlan<'a>, GenerateError> {
        let entry = vocabulary.categories.get(slug).ok_or_else(|| GenerateError::MissingVocabulary(slug.to_string()))?;
        let shares = entry.workplace_shares.unwrap_or(vocabulary.profile.workplace_shares);
        let workplace = workplace_table(&shares).ok_or(GenerateError::EmptyDictionary("workplace shares"))?;
        Ok(CategoryPlan { value, vocabulary: entry, workplace })
    };
    let mut roots = Vec::new();
    // Static categories are links to other boards; no offer is filed under them.
    for root in tree.roots().iter().filter(|c| !c.is_static) {
        let children = root.children.iter().filter(|c| !c.is_static).map(|c| plan(c.value, &c.slug)).collect::<Result<Vec<_>, _>>()?;
        let child_table = WeightedTable::new(children.iter().map(|c| c.vocabulary.weight));
        roots.push(RootPlan { category: plan(root.value, &root.slug)?, children, child_table });
    }
    let root_table = WeightedTable::new(roots.iter().map(|r| r.category.vocabulary.weight)).ok_or(GenerateError::EmptyDictionary("categories"))?;
    Ok((roots, root_table))
}

fn city_table(gazetteer: &Gazetteer, exponent: f64, boost: impl Fn(&str) -> f64) -> Result<WeightedTable, GenerateError> {
    WeightedTable::new(gazetteer.places().iter().map(|place| (place.population as f64).powf(exponent) * boost(&place.slug)))
        .ok_or(GenerateError::EmptyDictionary("gazetteer"))
}

fn workplace_table(shares: &WorkplaceShares) -> Option<WeightedTable> {
    WeightedTable::new(WORKPLACE_ORDER.map(|workplace| match workplace {
        WorkplaceType::Remote => shares.remote,
        WorkplaceType::Hybrid => shares.hybrid,
        WorkplaceType::Office => shares.office,
    }))
}

/// Bigger companies publish more offers.
fn size_weight(size: &str) -> f64 {
    match size {
        "11-25" => 1.5,
        "26-50" => 2.0,
        "51-100" => 2.5,
        "101-500" => 3.5,
        "501+" => 5.0,
        _ => 1.0,
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;

    #[test]
    fn weighted_table_follows_weights_and_skips_zeros() {
        let table = WeightedTable::new([1.0, 0.0, 3.0]).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut counts = [0usize; 3];
        for _ in 0..4000 {
            counts[table.sample(&mut rng)] += 1;
        }
        assert_eq!(counts[1], 0);
        assert!((800..1200).contains(&counts[0]), "{counts:?}");
        assert!(WeightedTable::new([0.0, 0.0]).is_none());
        assert!(WeightedTable::new([1.0, f64::NAN]).is_none());
        assert!(WeightedTable::new(std::iter::empty()).is_none());
    }
}
