//! Salary insight: where a salary sits among comparable live offers, from one number per offer
//! and contract type (the point of [`Offer::salary_points`]), in the visitor's currency.
//!
//! Design decisions:
//! - An offer's point for a contract is the middle of its range (a missing bound takes the
//!   other's value; two ranges of one contract are joined), as monthly PLN in whole grosze, so
//!   the index keeps it in an integer column and every reader gets the same number.
//! - Percentiles are nearest-rank: the p-th percentile of n points is the ⌈p·n/100⌉-th smallest.
//!   Every figure is then an amount some offer of the set pays, and the brute-force oracle of the
//!   tests computes the same number with a sort.
//! - Amounts are compared as the offers state them (gross or net): nothing is taxed or untaxed.
//!   A set counts how many of its points were stated gross and how many net, so the page says so.

use crate::enums::{Currency, EmploymentKind, SalaryUnit};
use crate::offer::Offer;
use crate::salary::{round2, Rates};

/// Bins a histogram has at most between its 5th and 95th percentiles.
pub const HISTOGRAM_BINS: usize = 10;

/// One contract of an offer as a single monthly amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SalaryPoint {
    /// The contract.
    pub kind: EmploymentKind,
    /// Middle of the range, monthly, in PLN grosze.
    pub grosze: u64,
    /// Whether the amounts are gross (else net).
    pub gross: bool,
}

impl SalaryPoint {
    /// The point as the sortable integer of a set: grosze first, then the net flag.
    pub fn value(&self) -> u64 {
        self.grosze << 1 | (!self.gross) as u64
    }
}

/// The grosze of a set value ([`SalaryPoint::value`]).
pub fn value_grosze(value: u64) -> u64 {
    value >> 1
}

/// Whether a set value was stated net.
pub fn value_is_net(value: u64) -> bool {
    value & 1 == 1
}

impl Offer {
    /// One point per contract kind that discloses a salary, in the order the offer lists them.
    pub fn salary_points(&self, rates: &Rates) -> Vec<SalaryPoint> {
        let mut bounds: Vec<(EmploymentKind, f64, f64, bool)> = Vec::new();
        for employment in &self.employment_types {
            let Some((from, to)) = employment.monthly_pln(rates) else { continue };
            match bounds.iter_mut().find(|(kind, ..)| *kind == employment.kind) {
                Some((_, lo, hi, _)) => {
                    *lo = lo.min(from);
                    *hi = hi.max(to);
                }
                None => bounds.push((employment.kind, from, to, employment.gross)),
            }
        }
        bounds
            .into_iter()
            .filter(|(_, lo, hi, _)| lo.is_finite() && hi.is_finite())
            .map(|(kind, lo, hi, gross)| SalaryPoint { kind, grosze: ((lo + hi) / 2.0 * 100.0).round().max(0.0) as u64, gross })
            .collect()
    }
}

/// One bar of a histogram, in the visitor's currency. The first bar also holds the points below
/// its `from`, the last those from its `to` up (`open_below`, `open_above`).
#[derive(Debug, Clone, PartialEq)]
pub struct Bin {
    /// Lowest amount of the bar.
    pub from: f64,
    /// Amount the bar stops before.
    pub to: f64,
    /// Points in the bar.
    pub count: usize,
    /// The bar also counts everything below `from`.
    pub open_below: bool,
    /// The bar also counts everything from `to` up.
    pub open_above: bool,
}

/// The figures of a set of points, in one currency, per month.
#[derive(Debug, Clone, PartialEq)]
pub struct Figures {
    /// Points in the set.
    pub count: usize,
    /// 25th percentile (nearest rank).
    pub p25: f64,
    /// Median (50th percentile, nearest rank).
    pub median: f64,
    /// 75th percentile (nearest rank).
    pub p75: f64,
    /// Points stated gross.
    pub gross: usize,
    /// Points stated net.
    pub net: usize,
    /// The histogram between the 5th and 95th percentiles.
    pub histogram: Vec<Bin>,
}

/// The index (0-based) of the p-th percentile of `n` sorted points by nearest rank (`n > 0`).
pub fn nearest_rank(n: usize, percent: u32) -> usize {
    ((percent as usize * n).div_ceil(100)).clamp(1, n) - 1
}

/// What amounts are shown in: the visitor's currency and unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    /// Currency.
    pub currency: Currency,
    /// Period: monthly amounts become hourly or daily at the rates table's hours and days.
    pub unit: SalaryUnit,
}

/// A monthly PLN amount in grosze in the target's currency and unit, rounded to the grosz (or
/// cent): divided by the unit's share of a month ([`Rates::monthly_factor`]), then converted.
pub fn grosze_in(grosze: u64, target: Target, rates: &Rates) -> f64 {
    round2(rates.convert(grosze as f64 / 100.0 / rates.monthly_factor(target.unit), Currency::Pln, target.currency))
}

/// The figures of `values` ([`SalaryPoint::value`]s; reordered in place), or `None` for an
/// empty set. One selection per percentile and one pass for the histogram: no sort.
pub fn figures(values: &mut [u64], target: Target, rates: &Rates) -> Option<Figures> {
    let n = values.len();
    if n == 0 {
        return None;
    }
    let mut at = |percent: u32| -> u64 { value_grosze(*values.select_nth_unstable(nearest_rank(n, percent)).1) };
    let (p5, p25, median, p75, p95) = (at(5), at(25), at(50), at(75), at(95));
    let net = values.iter().filter(|&&v| value_is_net(v)).count();
    let histogram = histogram(values, grosze_in(p5, target, rates), grosze_in(p95, target, rates), target, rates);
    Some(Figures {
        count: n,
        p25: grosze_in(p25, target, rates),
        median: grosze_in(median, target, rates),
        p75: grosze_in(p75, target, rates),
        gross: n - net,
        net,
        histogram,
    })
}

/// The share of `values` strictly below `grosze`, in whole percent rounded down: "pays more
/// than X % of the set".
pub fn share_below(values: &[u64], grosze: u64) -> u32 {
    if values.is_empty() {
        return 0;
    }
    let below = values.iter().filter(|&&v| value_grosze(v) < grosze).count();
    (below * 100 / values.len()) as u32
}

/// A round bar width (1, 2, 2.5 or 5 × a power of ten) giving at most [`HISTOGRAM_BINS`] bars
/// over `span`.
pub fn bin_width(span: f64) -> f64 {
    let raw = (span / HISTOGRAM_BINS as f64).max(1.0);
    let magnitude = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 2.5, 5.0, 10.0].iter().map(|m| m * magnitude).find(|width| *width >= raw).unwrap_or(10.0 * magnitude)
}

/// Bars of a round width from below `low` to above `high` (amounts in the currency); the first
/// and last take the points outside.
fn histogram(values: &[u64], low: f64, high: f64, target: Target, rates: &Rates) -> Vec<Bin> {
    let width = bin_width(high - low);
    let first = (low / width).floor() * width;
    let bins = (((high - first) / width).floor() as usize + 1).max(1);
    let mut counts = vec![0usize; bins];
    for &value in values {
        let amount = grosze_in(value_grosze(value), target, rates);
        let idx = ((amount - first) / width).floor();
        counts[idx.clamp(0.0, (bins - 1) as f64) as usize] += 1;
    }
    counts
        .into_iter()
        .enumerate()
        .map(|(idx, count)| Bin {
            from: first + idx as f64 * width,
            to: first + (idx + 1) as f64 * width,
            count,
            open_below: idx == 0,
            open_above: idx == bins - 1,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::offer::EmploymentType;

    const PLN_MONTH: Target = Target { currency: Currency::Pln, unit: SalaryUnit::Month };

    fn employment(kind: EmploymentKind, from: Option<f64>, to: Option<f64>, unit: SalaryUnit, gross: bool) -> EmploymentType {
        EmploymentType { kind, from, to, currency: Currency::Pln, unit, gross, converted: Default::default() }
    }

    #[test]
    fn a_point_per_contract_in_the_middle_of_its_monthly_range() {
        let offer = Offer {
            employment_types: vec![
                employment(EmploymentKind::B2b, Some(100.0), Some(120.0), SalaryUnit::Hour, false),
                employment(EmploymentKind::Permanent, Some(12_000.0), None, SalaryUnit::Month, true),
                employment(EmploymentKind::B2b, Some(90.0), Some(100.0), SalaryUnit::Hour, false),
                employment(EmploymentKind::MandateContract, None, None, SalaryUnit::Month, true),
            ],
            ..Offer::new("x")
        };
        let points = offer.salary_points(&Rates::default());
        assert_eq!(
            points,
            vec![
                // 90–120 an hour joined: 15,120–20,160 a month.
                SalaryPoint { kind: EmploymentKind::B2b, grosze: 1_764_000, gross: false },
                SalaryPoint { kind: EmploymentKind::Permanent, grosze: 1_200_000, gross: true },
            ]
        );
    }

    #[test]
    fn nearest_rank_picks_an_actual_point() {
        assert_eq!(nearest_rank(1, 25), 0);
        assert_eq!(nearest_rank(4, 25), 0);
        assert_eq!(nearest_rank(4, 50), 1);
        assert_eq!(nearest_rank(5, 50), 2);
        assert_eq!(nearest_rank(10, 75), 7);
        assert_eq!(nearest_rank(10, 95), 9);
    }

    #[test]
    fn figures_of_a_set_with_its_histogram() {
        let rates = Rates::default();
        let mut values: Vec<u64> = (1..=20).map(|k| SalaryPoint { kind: EmploymentKind::B2b, grosze: k * 100_000, gross: k % 4 == 0 }.value()).collect();
        let figures = figures(&mut values, PLN_MONTH, &rates).unwrap();
        assert_eq!((figures.count, figures.p25, figures.median, figures.p75), (20, 5_000.0, 10_000.0, 15_000.0));
        assert_eq!((figures.gross, figures.net), (5, 15));
        assert_eq!(figures.histogram.iter().map(|b| b.count).sum::<usize>(), 20);
        assert_eq!(figures.histogram[0].from, 0.0);
        assert_eq!(figures.histogram[1].from - figures.histogram[0].from, 2_000.0);
        assert!(figures.histogram[0].open_below && figures.histogram.last().unwrap().open_above);
        assert_eq!(share_below(&values, 1_050_000), 50);
        assert_eq!(super::figures(&mut [], PLN_MONTH, &rates), None);
        let eur = super::figures(&mut values, Target { currency: Currency::Eur, unit: SalaryUnit::Month }, &rates).unwrap();
        assert_eq!(eur.median, round2(10_000.0 / 4.18));
        let hourly = super::figures(&mut values, Target { currency: Currency::Pln, unit: SalaryUnit::Hour }, &rates).unwrap();
        assert_eq!(hourly.median, round2(10_000.0 / 168.0));
    }

    #[test]
    fn round_bar_widths() {
        assert_eq!(bin_width(19_000.0), 2_000.0);
        assert_eq!(bin_width(20_000.0), 2_000.0);
        assert_eq!(bin_width(24_000.0), 2_500.0);
        assert_eq!(bin_width(0.0), 1.0);
        assert_eq!(bin_width(90_000.0), 10_000.0);
    }
}
