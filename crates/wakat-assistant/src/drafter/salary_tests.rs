use proptest::prelude::*;
use wakat_core::{Currency, EmploymentKind, SalaryUnit};

use super::*;

fn one(text: &str) -> SalaryRange {
    let ranges = parse_salaries(text, None);
    assert_eq!(ranges.len(), 1, "{text}: {ranges:?}");
    ranges.into_iter().next().unwrap()
}

fn range(kind: EmploymentKind, min: f64, max: f64, currency: Currency, unit: SalaryUnit, gross: bool) -> SalaryRange {
    SalaryRange { kind, min: Some(min), max: Some(max), currency, unit, gross }
}

#[test]
fn reads_the_briefs_examples() {
    assert_eq!(one("15–20k netto B2B"), range(EmploymentKind::B2b, 15000.0, 20000.0, Currency::Pln, SalaryUnit::Month, false));
    assert_eq!(one("od 12 000 do 18 000 zł brutto na UoP"), range(EmploymentKind::Permanent, 12000.0, 18000.0, Currency::Pln, SalaryUnit::Month, true));
    assert_eq!(one("$50/h"), range(EmploymentKind::Any, 50.0, 50.0, Currency::Usd, SalaryUnit::Hour, true));
    assert_eq!(one("8-10 tys. PLN na umowę o pracę"), range(EmploymentKind::Permanent, 8000.0, 10000.0, Currency::Pln, SalaryUnit::Month, true));
    assert_eq!(one("B2B 120-150 zł/h + VAT"), range(EmploymentKind::B2b, 120.0, 150.0, Currency::Pln, SalaryUnit::Hour, false));
}

#[test]
fn reads_two_contracts_in_one_sentence() {
    let ranges = parse_salaries("15-20k netto B2B lub 12-16k brutto UoP", None);
    assert_eq!(ranges[0], range(EmploymentKind::B2b, 15000.0, 20000.0, Currency::Pln, SalaryUnit::Month, false));
    assert_eq!(ranges[1], range(EmploymentKind::Permanent, 12000.0, 16000.0, Currency::Pln, SalaryUnit::Month, true));
    let ranges = parse_salaries("B2B: 18 000 - 24 000, UoP: 15.000 - 20.000 brutto", None);
    assert_eq!(ranges[0].kind, EmploymentKind::B2b);
    assert_eq!((ranges[1].kind, ranges[1].min, ranges[1].gross), (EmploymentKind::Permanent, Some(15000.0), true));
}

#[test]
fn reads_decimals_units_currencies_and_defaults() {
    assert_eq!(one("Salary: 12,5-17.5k EUR gross per month, employment contract").min, Some(12500.0));
    assert_eq!(one("Budget is 90 000 - 120 000 USD a year").unit, SalaryUnit::Year);
    assert_eq!(one("stawka 800-1000 zł dziennie na B2B").unit, SalaryUnit::Day);
    let up_to = one("do 20k zł na rękę, umowa zlecenie");
    assert_eq!((up_to.min, up_to.max, up_to.kind, up_to.gross), (None, Some(20000.0), EmploymentKind::MandateContract, false));
    assert_eq!(parse_salaries("Wynagrodzenie 10-14k", Some(EmploymentKind::B2b))[0].kind, EmploymentKind::B2b);
    assert_eq!(one("150-175 PLN").unit, SalaryUnit::Hour);
    assert!(!one("15 000 - 20 000 PLN net, .NET stack on B2B").gross);
}

#[test]
fn leaves_out_what_is_not_money() {
    assert!(parse_salaries("3-5 lat doświadczenia, 2 days a week in the office, 100% zdalnie", None).is_empty());
    assert!(parse_salaries("Stack: S/4 HANA, Java 11-17, B2B", None).is_empty());
    assert!(parse_salaries("Team of 5-8 people, since 2015-2024", None).is_empty());
    assert!(parse_salaries("B2B, 4G, 2nd round", None).is_empty());
}

proptest! {
    #[test]
    fn never_panics_and_keeps_min_below_max(text in "\\PC{0,80}") {
        for r in parse_salaries(&text, None) {
            if let (Some(min), Some(max)) = (r.min, r.max) {
                prop_assert!(min <= max);
            }
        }
    }

    #[test]
    fn keeps_order_on_salary_like_input(a in 0u32..100_000, b in 0u32..100_000, sep in "[-–]| do | to ", suffix in "(k|tys\\.| zł| PLN netto| brutto UoP)?") {
        let text = format!("Widełki {a}{sep}{b}{suffix}");
        for r in parse_salaries(&text, None) {
            if let (Some(min), Some(max)) = (r.min, r.max) {
                prop_assert!(min <= max, "{text}: {r:?}");
            }
        }
    }
}
