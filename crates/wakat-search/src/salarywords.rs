//! Salaries typed into the keyword box (`15k`, `od 20 000 zł`, `powyżej 25k`, `do 30 tys.`): taken
//! out of the text before it is analyzed (no offer's text says "15k") and offered as the salary
//! filter, the way seniority words are offered as the seniority filter.
//!
//! A number is a salary only when something says so: a `k` or `tys.` multiplier, a currency word
//! after it, or a bound word before it (`od`, `powyżej`, `from`, `do`, `max`). So `python 3`,
//! `2019` or `s4` stay words.

use wakat_core::text::fold;

/// Lowest and highest monthly amount taken as a salary; anything else stays a word.
const SALARY_RANGE: std::ops::RangeInclusive<u32> = 1_000..=1_000_000;

/// Which bound of the salary filter a typed amount is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SalaryBound {
    /// Pays at least this much (`15k`, `od 20 000 zł`, `powyżej 25k`): the `salaryMin` filter.
    AtLeast(u32),
    /// Pays at most this much (`do 30k`): the `salaryMax` filter.
    AtMost(u32),
}

/// Bound words before an amount (folded), with the number of tokens they take.
const AT_LEAST: &[&[&str]] = &[&["od"], &["powyzej"], &["ponad"], &["min"], &["minimum"], &["from"], &["above"], &["over"], &["at", "least"], &[">"], &[">="]];
const AT_MOST: &[&[&str]] = &[&["do"], &["ponizej"], &["max"], &["maximum"], &["maks"], &["up", "to"], &["below"], &["under"], &["<"], &["<="]];
/// Words after an amount that make it money (folded).
const CURRENCY: &[&str] = &["zl", "pln", "zlotych", "brutto", "netto", "gross", "net", "eur", "usd", "€", "$"];
/// Multipliers written apart from the number (`15 k`, `15 tys.`).
const THOUSANDS: &[&str] = &["k", "tys", "tysiecy", "tysiace"];

/// The text without its salary words, and the bounds they named with the words typed (in typing
/// order).
pub fn extract(text: &str) -> (String, Vec<(SalaryBound, String)>) {
    let tokens: Vec<String> = text.split_whitespace().map(|t| fold(t.trim_end_matches([',', ';', '.']).trim_start_matches('('))).collect();
    let raw: Vec<&str> = text.split_whitespace().collect();
    let mut keep = Vec::new();
    let mut bounds = Vec::new();
    let mut idx = 0;
    while idx < tokens.len() {
        match salary_at(&tokens, idx) {
            Some((bound, used)) => {
                bounds.push((bound, raw[idx..idx + used].join(" ")));
                idx += used;
            }
            None => {
                keep.push(raw[idx]);
                idx += 1;
            }
        }
    }
    (keep.join(" "), bounds)
}

/// A salary starting at token `idx`: the bound and the tokens it takes.
fn salary_at(tokens: &[String], idx: usize) -> Option<(SalaryBound, usize)> {
    let starts = |words: &[&str]| tokens[idx..].iter().zip(words).filter(|(t, w)| t == w).count() == words.len();
    let bound_word = |list: &[&[&str]]| list.iter().filter(|w| starts(w)).map(|w| w.len()).max();
    let (at_least, prefix) = match (bound_word(AT_LEAST), bound_word(AT_MOST)) {
        (Some(n), _) => (true, n),
        (_, Some(n)) => (false, n),
        _ => (true, 0),
    };
    let (amount, mut used, mut money) = amount_at(tokens, idx + prefix)?;
    let mut amount = amount;
    if let Some(next) = tokens.get(idx + prefix + used) {
        if THOUSANDS.contains(&next.as_str()) && amount < 1_000.0 {
            amount *= 1_000.0;
            used += 1;
            money = true;
        }
    }
    if let Some(next) = tokens.get(idx + prefix + used) {
        if CURRENCY.contains(&next.as_str()) {
            used += 1;
            money = true;
        }
    }
    let amount = amount.round();
    if !(money || prefix > 0) || !(f64::from(*SALARY_RANGE.start())..=f64::from(*SALARY_RANGE.end())).contains(&amount) {
        return None;
    }
    let amount = amount as u32;
    Some((if at_least { SalaryBound::AtLeast(amount) } else { SalaryBound::AtMost(amount) }, prefix + used))
}

/// A number at token `idx`: its value, the tokens it takes (`20 000` is two) and whether it
/// carries a money sign of its own (`15k`, `25k+`, `20000zł`).
fn amount_at(tokens: &[String], idx: usize) -> Option<(f64, usize, bool)> {
    let token = tokens.get(idx)?.trim_end_matches('+');
    let digits_end = token.find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ',')).unwrap_or(token.len());
    let (number, unit) = token.split_at(digits_end);
    if number.is_empty() || !number.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let money = match unit {
        "" => false,
        "k" | "tys" => true,
        "zl" | "pln" => true,
        _ => return None,
    };
    // `20.000` and `20,000` group thousands; `15.5k` and `15,5k` are decimals.
    let grouped = number.len() > 4 && number[number.len() - 4..].starts_with(['.', ',']) && number.matches(['.', ',']).count() == 1;
    let mut value: f64 = match grouped {
        true => number.replace(['.', ','], "").parse().ok()?,
        false => number.replace(',', ".").parse().ok()?,
    };
    if matches!(unit, "k" | "tys") {
        value *= 1_000.0;
    }
    let mut used = 1;
    // `20 000`: a group of exactly three digits after a number of at most three.
    if unit.is_empty() && number.len() <= 3 && number.chars().all(|c| c.is_ascii_digit()) {
        if let Some(next) = tokens.get(idx + 1) {
            if next.len() == 3 && next.chars().all(|c| c.is_ascii_digit()) {
                value = value * 1_000.0 + next.parse::<f64>().ok()?;
                used = 2;
            }
        }
    }
    Some((value, used, money))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bounds(text: &str) -> Vec<SalaryBound> {
        extract(text).1.into_iter().map(|(bound, _)| bound).collect()
    }

    #[test]
    fn amounts_people_type_are_salaries() {
        use SalaryBound::*;
        assert_eq!(extract("15k b2b"), ("b2b".to_string(), vec![(AtLeast(15_000), "15k".to_string())]));
        assert_eq!(extract("java od 20 000 zł"), ("java".to_string(), vec![(AtLeast(20_000), "od 20 000 zł".to_string())]));
        assert_eq!(bounds("powyżej 25k"), vec![AtLeast(25_000)]);
        assert_eq!(bounds("25k+"), vec![AtLeast(25_000)]);
        assert_eq!(bounds("min. 18 tys. zł brutto"), vec![AtLeast(18_000)]);
        assert_eq!(bounds("20000 PLN"), vec![AtLeast(20_000)]);
        assert_eq!(bounds("12,5k"), vec![AtLeast(12_500)]);
        assert_eq!(bounds("from 30.000"), vec![AtLeast(30_000)]);
        assert_eq!(bounds("do 30k"), vec![AtMost(30_000)]);
        assert_eq!(bounds("up to 8000 zł"), vec![AtMost(8_000)]);
    }

    #[test]
    fn numbers_that_say_nothing_about_money_stay_words() {
        for text in ["python 3", "2019", "s4 hana", "web 2.0", "java 17", "windows 10", "od zaraz", "c++ 20", "5000k"] {
            assert_eq!(extract(text), (text.to_string(), Vec::new()), "{text}");
        }
    }
}
