//! Salary normalisation: every range becomes a monthly amount in every supported currency so
//! that filters and sorts compare like with like.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::enums::{Currency, SalaryUnit};

/// Working hours in a month, used to turn hourly rates into monthly amounts (21 days × 8 h).
pub const HOURS_PER_MONTH: f64 = 168.0;
/// Working days in a month.
pub const DAYS_PER_MONTH: f64 = 21.0;

/// Returns the factor that turns an amount per `unit` into an amount per month.
pub fn monthly_factor(unit: SalaryUnit) -> f64 {
    match unit {
        SalaryUnit::Hour => HOURS_PER_MONTH,
        SalaryUnit::Day => DAYS_PER_MONTH,
        SalaryUnit::Month => 1.0,
        SalaryUnit::Year => 1.0 / 12.0,
    }
}

/// Exchange rates as the value of one unit of each currency in PLN, with the table's date and
/// the hours and days a month has when hourly and daily amounts become monthly ones.
#[derive(Debug, Clone, PartialEq)]
pub struct Rates {
    pln_per_unit: BTreeMap<Currency, f64>,
    /// The day the rates were taken (`YYYY-MM-DD`), when the table says it.
    date: Option<String>,
    hours_per_month: f64,
    days_per_month: f64,
}

/// Errors of the rates table.
#[derive(Debug, thiserror::Error, PartialEq)]
#[non_exhaustive]
pub enum RatesError {
    /// The table is not the expected JSON object.
    #[error("rates table is not valid json: {0}")]
    Syntax(String),
    /// A currency is missing or its rate is not a positive number.
    #[error("rate for {0} is missing or not positive")]
    BadRate(&'static str),
    /// `date` is not a `YYYY-MM-DD` day.
    #[error("rates date '{0}' is not YYYY-MM-DD")]
    BadDate(String),
    /// `hours_per_month` or `days_per_month` is not a positive number.
    #[error("{0} must be a positive number")]
    BadPeriod(&'static str),
}

impl Rates {
    /// Parses `{"pln": 1.0, "eur": 4.27, ...}` (PLN per unit); every supported currency is
    /// required. Optional keys: `date` (`YYYY-MM-DD`, the day of the table), `hours_per_month`
    /// and `days_per_month` (default [`HOURS_PER_MONTH`] and [`DAYS_PER_MONTH`]).
    pub fn from_json(json: &str) -> Result<Rates, RatesError> {
        #[derive(Deserialize)]
        struct Table {
            #[serde(default)]
            date: Option<String>,
            #[serde(default)]
            hours_per_month: Option<f64>,
            #[serde(default)]
            days_per_month: Option<f64>,
            #[serde(flatten)]
            rates: BTreeMap<String, f64>,
        }
        let table: Table = serde_json::from_str(json).map_err(|e| RatesError::Syntax(e.to_string()))?;
        if let Some(date) = &table.date {
            if !is_iso_day(date) {
                return Err(RatesError::BadDate(date.clone()));
            }
        }
        let period = |value: Option<f64>, default: f64, name: &'static str| match value {
            None => Ok(default),
            Some(value) if value.is_finite() && value > 0.0 => Ok(value),
            Some(_) => Err(RatesError::BadPeriod(name)),
        };
        let hours_per_month = period(table.hours_per_month, HOURS_PER_MONTH, "hours_per_month")?;
        let days_per_month = period(table.days_per_month, DAYS_PER_MONTH, "days_per_month")?;
        let mut pln_per_unit = BTreeMap::new();
        for &currency in Currency::ALL {
            match table.rates.get(currency.as_str()) {
                Some(rate) if rate.is_finite() && *rate > 0.0 => {
                    pln_per_unit.insert(currency, *rate);
                }
                _ => return Err(RatesError::BadRate(currency.as_str())),
            }
        }
        Ok(Rates { pln_per_unit, date: table.date, hours_per_month, days_per_month })
    }

    /// The day the rates were taken, when the table says it.
    pub fn date(&self) -> Option<&str> {
        self.date.as_deref()
    }

    /// Hours a month has for hourly amounts.
    pub fn hours_per_month(&self) -> f64 {
        self.hours_per_month
    }

    /// Working days a month has for daily amounts.
    pub fn days_per_month(&self) -> f64 {
        self.days_per_month
    }

    /// The factor that turns an amount per `unit` into an amount per month, at this table's hours
    /// and days.
    pub fn monthly_factor(&self, unit: SalaryUnit) -> f64 {
        match unit {
            SalaryUnit::Hour => self.hours_per_month,
            SalaryUnit::Day => self.days_per_month,
            SalaryUnit::Month | SalaryUnit::Year => monthly_factor(unit),
        }
    }

    /// Converts an amount between currencies.
    pub fn convert(&self, amount: f64, from: Currency, to: Currency) -> f64 {
        if from == to {
            return amount;
        }
        amount * self.pln_per_unit[&from] / self.pln_per_unit[&to]
    }

    /// Returns the monthly amount in PLN of `amount` paid per `unit` in `currency`.
    pub fn monthly_pln(&self, amount: f64, unit: SalaryUnit, currency: Currency) -> f64 {
        self.convert(amount * self.monthly_factor(unit), currency, Currency::Pln)
    }
}

impl Default for Rates {
    /// A fixed table (NBP mid rates, early 2025) for tests; the server reads `index-data/rates.json`.
    fn default() -> Self {
        let pln_per_unit =
            [(Currency::Pln, 1.0), (Currency::Eur, 4.18), (Currency::Usd, 3.98), (Currency::Gbp, 5.02), (Currency::Chf, 4.45)].into_iter().collect();
        Rates { pln_per_unit, date: None, hours_per_month: HOURS_PER_MONTH, days_per_month: DAYS_PER_MONTH }
    }
}

/// Whether `text` is a `YYYY-MM-DD` day (digits in place, month 1–12, day 1–31).
fn is_iso_day(text: &str) -> bool {
    let bytes = text.as_bytes();
    let digits = |range: std::ops::Range<usize>| bytes[range].iter().all(u8::is_ascii_digit);
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' || !digits(0..4) || !digits(5..7) || !digits(8..10) {
        return false;
    }
    let month: u32 = text[5..7].parse().unwrap_or(0);
    let day: u32 = text[8..10].parse().unwrap_or(0);
    (1..=12).contains(&month) && (1..=31).contains(&day)
}

/// Rounds to two decimals, the precision salaries are shown with.
pub fn round2(amount: f64) -> f64 {
    (amount * 100.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hourly_rate_becomes_monthly() {
        let rates = Rates::default();
        assert_eq!(rates.monthly_pln(100.0, SalaryUnit::Hour, Currency::Pln), 16_800.0);
        assert_eq!(rates.monthly_pln(120_000.0, SalaryUnit::Year, Currency::Pln), 10_000.0);
        assert_eq!(rates.monthly_pln(1_000.0, SalaryUnit::Day, Currency::Pln), 21_000.0);
    }

    #[test]
    fn converts_through_pln() {
        let rates = Rates::default();
        let eur = rates.convert(4_180.0, Currency::Pln, Currency::Eur);
        assert!((eur - 1_000.0).abs() < 1e-9);
        let back = rates.convert(eur, Currency::Eur, Currency::Pln);
        assert!((back - 4_180.0).abs() < 1e-9);
        assert_eq!(rates.monthly_pln(1_000.0, SalaryUnit::Month, Currency::Eur), 4_180.0);
    }

    #[test]
    fn parses_table_and_rejects_missing_currency() {
        let rates = Rates::from_json(r#"{"pln":1,"eur":4.3,"usd":4,"gbp":5,"chf":4.5}"#).unwrap();
        assert_eq!(rates.convert(1.0, Currency::Eur, Currency::Pln), 4.3);
        assert_eq!(Rates::from_json(r#"{"pln":1,"eur":4.3}"#), Err(RatesError::BadRate("usd")));
        assert_eq!(Rates::from_json(r#"{"pln":1,"eur":-1,"usd":4,"gbp":5,"chf":4.5}"#), Err(RatesError::BadRate("eur")));
    }

    #[test]
    fn the_table_carries_its_date_and_the_hours_of_a_month() {
        let rates = Rates::from_json(r#"{"pln":1,"eur":4.3,"usd":4,"gbp":5,"chf":4.5,"date":"2025-03-31","hours_per_month":160}"#).unwrap();
        assert_eq!(rates.date(), Some("2025-03-31"));
        assert_eq!(rates.monthly_pln(100.0, SalaryUnit::Hour, Currency::Pln), 16_000.0);
        assert_eq!(rates.monthly_pln(100.0, SalaryUnit::Day, Currency::Pln), 2_100.0);
        let base = r#""pln":1,"eur":4.3,"usd":4,"gbp":5,"chf":4.5"#;
        assert_eq!(Rates::from_json(&format!("{{{base},\"date\":\"31.03.2025\"}}")), Err(RatesError::BadDate("31.03.2025".into())));
        assert_eq!(Rates::from_json(&format!("{{{base},\"days_per_month\":0}}")), Err(RatesError::BadPeriod("days_per_month")));
        assert_eq!(Rates::from_json(&format!("{{{base}}}")).unwrap().date(), None);
    }
}
