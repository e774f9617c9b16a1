//! Salary ranges as employers type them in a chat: "15–20k netto B2B", "od 12 000 do 18 000 zł
//! brutto na UoP", "$50/h", "8-10 tys. PLN na umowę o pracę", "B2B 120-150 zł/h + VAT".
//!
//! A range's contract type, gross/net, currency and unit are looked for first in its own segment
//! (up to a comma, "lub", "or", …), then in the nearest words between it and its neighbouring
//! ranges, then (the contract only) anywhere in the conversation; the rest takes the board's
//! defaults (PLN, a month, B2B net, every other contract gross).

use wakat_core::{Currency, EmploymentKind, SalaryUnit};

use super::text::{find_words, fold, word_end, word_start};

/// One salary range of one contract type.
#[derive(Debug, Clone, PartialEq)]
pub struct SalaryRange {
    /// The contract type.
    pub kind: EmploymentKind,
    /// The lower end (none for "up to …").
    pub min: Option<f64>,
    /// The upper end.
    pub max: Option<f64>,
    /// The currency.
    pub currency: Currency,
    /// Per hour, day, month or year.
    pub unit: SalaryUnit,
    /// Gross (`true`) or net.
    pub gross: bool,
}

/// A number as typed, with its span and whether a multiplier (`k`, `tys.`) followed it.
#[derive(Debug, Clone, Copy)]
struct Num {
    start: usize,
    end: usize,
    value: f64,
    scaled: bool,
}

const CONTRACTS: &[(&str, EmploymentKind)] = &[
    ("b2b", EmploymentKind::B2b),
    ("kontrakt", EmploymentKind::B2b),
    ("kontrakcie", EmploymentKind::B2b),
    ("uop", EmploymentKind::Permanent),
    ("umowa o prace", EmploymentKind::Permanent),
    ("umowe o prace", EmploymentKind::Permanent),
    ("umowy o prace", EmploymentKind::Permanent),
    ("umowie o prace", EmploymentKind::Permanent),
    ("employment contract", EmploymentKind::Permanent),
    ("permanent", EmploymentKind::Permanent),
    ("uz", EmploymentKind::MandateContract),
    ("zlecenie", EmploymentKind::MandateContract),
    ("zleceniu", EmploymentKind::MandateContract),
    ("mandate", EmploymentKind::MandateContract),
    ("staz", EmploymentKind::Internship),
    ("internship", EmploymentKind::Internship),
    ("dowolna", EmploymentKind::Any),
    ("dowolnej", EmploymentKind::Any),
    ("any contract", EmploymentKind::Any),
    ("any form", EmploymentKind::Any),
    ("any type", EmploymentKind::Any),
];
const GROSS: &[(&str, bool)] =
    &[("brutto", true), ("gross", true), ("netto", false), ("net", false), ("+ vat", false), ("+vat", false), ("na reke", false), ("take-home", false)];
const CURRENCIES: &[(&str, Currency)] = &[
    ("zl", Currency::Pln),
    ("pln", Currency::Pln),
    ("zlotych", Currency::Pln),
    ("$", Currency::Usd),
    ("usd", Currency::Usd),
    ("dolarow", Currency::Usd),
    ("dollars", Currency::Usd),
    ("€", Currency::Eur),
    ("eur", Currency::Eur),
    ("euro", Currency::Eur),
    ("£", Currency::Gbp),
    ("gbp", Currency::Gbp),
    ("chf", Currency::Chf),
];
const UNITS: &[(&str, SalaryUnit)] = &[
    ("/h", SalaryUnit::Hour),
    ("/ h", SalaryUnit::Hour),
    ("/godz", SalaryUnit::Hour),
    ("/hr", SalaryUnit::Hour),
    ("na godzine", SalaryUnit::Hour),
    ("za godzine", SalaryUnit::Hour),
    ("per hour", SalaryUnit::Hour),
    ("an hour", SalaryUnit::Hour),
    ("hourly", SalaryUnit::Hour),
    ("godzinowa", SalaryUnit::Hour),
    ("/day", SalaryUnit::Day),
    ("/md", SalaryUnit::Day),
    ("per day", SalaryUnit::Day),
    ("a day", SalaryUnit::Day),
    ("daily", SalaryUnit::Day),
    ("dziennie", SalaryUnit::Day),
    ("za dzien", SalaryUnit::Day),
    ("dzienna", SalaryUnit::Day),
    ("/mc", SalaryUnit::Month),
    ("/mies", SalaryUnit::Month),
    ("/m-c", SalaryUnit::Month),
    ("/month", SalaryUnit::Month),
    ("miesiecznie", SalaryUnit::Month),
    ("na miesiac", SalaryUnit::Month),
    ("per month", SalaryUnit::Month),
    ("a month", SalaryUnit::Month),
    ("monthly", SalaryUnit::Month),
    ("/year", SalaryUnit::Year),
    ("/rok", SalaryUnit::Year),
    ("rocznie", SalaryUnit::Year),
    ("per year", SalaryUnit::Year),
    ("a year", SalaryUnit::Year),
    ("annually", SalaryUnit::Year),
    ("yearly", SalaryUnit::Year),
    ("p.a.", SalaryUnit::Year),
];
/// Words after a range that make it something else than money (years of experience, people).
const NOT_MONEY: &[&str] =
    &["lat", "lata", "years", "year", "yrs", "dni", "days", "osob", "osoby", "people", "persons", "%", "razy", "times", "godzin", "hours"];
/// Where a range's own segment ends.
const DELIMITERS: &[&str] = &[",", ";", "\n", "(", ")", " lub ", " albo ", " or ", " oraz ", " and ", " i ", " a ", ". "];

/// The contract types the conversation names anywhere (for ranges that do not name theirs).
pub fn contracts_named(text: &str) -> Vec<EmploymentKind> {
    let chars: Vec<char> = fold(text).chars().collect();
    let mut kinds: Vec<EmploymentKind> = Vec::new();
    for (word, kind) in CONTRACTS {
        if !find_words(&chars, word).is_empty() && !kinds.contains(kind) {
            kinds.push(*kind);
        }
    }
    kinds
}

/// Every salary range of one message; `fallback_kind` is the conversation's one named contract.
pub fn parse_salaries(text: &str, fallback_kind: Option<EmploymentKind>) -> Vec<SalaryRange> {
    let chars: Vec<char> = fold(text).chars().collect();
    let spans = find_ranges(&chars);
    let mut ranges = Vec::new();
    for (idx, &(lo, hi)) in spans.iter().enumerate() {
        let window_start = if idx == 0 { 0 } else { spans[idx - 1].1.map_or(spans[idx - 1].0.end, |n| n.end) };
        let window_end = spans.get(idx + 1).map_or(chars.len(), |next| next.0.start);
        let (start, end) = (lo.start, hi.map_or(lo.end, |n| n.end));
        let (seg_start, seg_end) = segment(&chars, window_start, window_end, start, end);
        let find = |table_hit: &dyn Fn(usize, usize) -> Option<usize>| table_hit(seg_start, seg_end).or_else(|| table_hit(window_start, window_end));
        let kind = find(&|a, b| nearest(&chars, a, b, start, end, CONTRACTS)).map(|i| CONTRACTS[i].1).or(fallback_kind).unwrap_or(EmploymentKind::Any);
        let gross = find(&|a, b| nearest(&chars, a, b, start, end, GROSS)).map(|i| GROSS[i].1).unwrap_or(kind != EmploymentKind::B2b);
        let currency = find(&|a, b| nearest(&chars, a, b, start, end, CURRENCIES)).map(|i| CURRENCIES[i].1);
        let unit = find(&|a, b| nearest(&chars, a, b, start, end, UNITS)).map(|i| UNITS[i].1);
        let scaled = lo.scaled || hi.is_some_and(|n| n.scaled);
        // A lone number or a small range needs money words of its own; a bigger range may take
        // them from its neighbourhood.
        let own =
            scaled || nearest(&chars, seg_start, seg_end, start, end, CURRENCIES).is_some() || nearest(&chars, seg_start, seg_end, start, end, UNITS).is_some();
        let near = (currency.is_some() || unit.is_some()) && hi.is_some_and(|h| h.value.max(lo.value) >= 30.0);
        if !own && !near && !money_like(lo, hi) {
            continue;
        }
        let (min, max) = match hi {
            Some(hi) => {
                let (a, b) = (lo.value, hi.value);
                // "15-20k": the multiplier of the upper end is the lower end's too.
                let a = if hi.scaled && !lo.scaled && a * 1000.0 <= b { a * 1000.0 } else { a };
                (Some(a.min(b)), Some(a.max(b)))
            }
            None if up_to(&chars, start) => (None, Some(lo.value)),
            None => (Some(lo.value), Some(lo.value)),
        };
        let currency = currency.unwrap_or(Currency::Pln);
        let top = max.unwrap_or(0.0);
        let unit = unit.unwrap_or(if (currency == Currency::Pln && top < 1000.0) || (currency != Currency::Pln && top < 300.0) {
            SalaryUnit::Hour
        } else if currency != Currency::Pln && top >= 40_000.0 {
            SalaryUnit::Year
        } else {
            SalaryUnit::Month
        });
        ranges.push(SalaryRange { kind, min, max, currency, unit, gross });
    }
    ranges
}

/// Whether a bare range (no currency, unit or multiplier) reads as money: big enough, and not a
/// span of years.
fn money_like(lo: Num, hi: Option<Num>) -> bool {
    let values = [Some(lo.value), hi.map(|n| n.value)];
    let years = values.iter().flatten().all(|v| (1990.0..=2100.0).contains(v) && v.fract() == 0.0);
    hi.is_some() && values.iter().flatten().all(|v| *v >= 1000.0) && !years
}

/// Whether "do", "up to" or "max" precedes the number at `start`.
fn up_to(chars: &[char], start: usize) -> bool {
    let before: String = chars[start.saturating_sub(8)..start].iter().collect();
    let before = before.trim_end().trim_end_matches(['$', '€', '£']).trim_end();
    [" do", "up to", "max", "max.", "maks."].iter().any(|w| before.ends_with(w)) || before == "do"
}

/// The delimited part of `[window_start, window_end)` around `[start, end)`.
fn segment(chars: &[char], window_start: usize, window_end: usize, start: usize, end: usize) -> (usize, usize) {
    let text: String = chars[window_start..window_end].iter().collect();
    let offsets: Vec<usize> = text.char_indices().map(|(b, _)| b).collect();
    let to_char = |byte: usize| window_start + offsets.partition_point(|&b| b < byte);
    let mut seg_start = window_start;
    let mut seg_end = window_end;
    for delimiter in DELIMITERS {
        for (byte, _) in text.match_indices(delimiter) {
            let (from, to) = (to_char(byte), to_char(byte + delimiter.len()));
            if to <= start {
                seg_start = seg_start.max(to);
            } else if from >= end {
                seg_end = seg_end.min(from);
            }
        }
    }
    (seg_start, seg_end)
}

/// The index in `table` of the mention nearest to the range `[start, end)` within `[from, to)`;
/// a mention after the range followed by `:` labels what follows it, so it counts as far.
fn nearest<T>(chars: &[char], from: usize, to: usize, start: usize, end: usize, table: &[(&str, T)]) -> Option<usize> {
    let slice = &chars[from..to];
    let mut best: Option<(usize, usize)> = None;
    for (idx, (word, _)) in table.iter().enumerate() {
        for at in find_words(slice, word) {
            let at = from + at;
            let stop = at + word.chars().count();
            if at < end && stop > start {
                continue;
            }
            // ".NET" is a skill, not net pay.
            if *word == "net" && at > 0 && chars[at - 1] == '.' {
                continue;
            }
            let mut distance = if stop <= start { start - stop } else { at - end };
            if at >= end && chars.get(stop).is_some_and(|c| *c == ':') {
                distance += 100;
            }
            if best.is_none_or(|(d, _)| distance < d) {
                best = Some((distance, idx));
            }
        }
    }
    best.map(|(_, idx)| idx)
}

/// Every range (or single amount) in `chars`, as its number or numbers.
fn find_ranges(chars: &[char]) -> Vec<(Num, Option<Num>)> {
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let Some(lo) = number_at(chars, i) else {
            i += 1;
            continue;
        };
        let mut j = skip_spaces(chars, lo.end);
        let mut hi = None;
        let before: String = chars[lo.start.saturating_sub(8)..lo.start].iter().collect();
        let between = before.trim_end().ends_with("between");
        for separator in ["-", "–", "—", "do ", "to ", "and ", "..."] {
            if separator == "and " && !between {
                continue;
            }
            let sep: Vec<char> = separator.chars().collect();
            if chars.len() >= j + sep.len() && chars[j..j + sep.len()] == sep[..] {
                let mut k = skip_spaces(chars, j + sep.len());
                if k < chars.len() && "$€£".contains(chars[k]) {
                    k += 1;
                }
                if let Some(n) = number_at(chars, k) {
                    hi = Some(n);
                    j = n.end;
                }
                break;
            }
        }
        let end = hi.map_or(lo.end, |n: Num| n.end);
        let after: String = chars[skip_spaces(chars, end)..].iter().take(8).collect();
        let after = after.trim_start_matches(['.', ',']).trim_start();
        let not_money =
            NOT_MONEY.iter().any(|w| after.starts_with(w) && (w.len() == 1 || after[w.len()..].chars().next().is_none_or(|c| !c.is_alphanumeric())));
        if !not_money {
            found.push((lo, hi));
        }
        i = j.max(end).max(i + 1);
    }
    found
}

fn skip_spaces(chars: &[char], mut i: usize) -> usize {
    while i < chars.len() && chars[i].is_whitespace() {
        i += 1;
    }
    i
}

fn digits(chars: &[char], from: usize) -> usize {
    let mut i = from;
    while i < chars.len() && chars[i].is_ascii_digit() {
        i += 1;
    }
    i
}

/// The number starting at `start`: thousands grouped by a space, a dot or a comma ("15 000",
/// "15.000"), a decimal part ("12,5"), a multiplier ("k", "tys.", "tysięcy", "thousand").
fn number_at(chars: &[char], start: usize) -> Option<Num> {
    if start >= chars.len() || !chars[start].is_ascii_digit() || !word_start(chars, start) {
        return None;
    }
    let mut i = digits(chars, start);
    let mut text: String = chars[start..i].iter().collect();
    if text.len() > 9 {
        return None;
    }
    while let Some(&sep) = chars.get(i) {
        if !matches!(sep, ' ' | '\u{a0}' | '.' | ',') {
            break;
        }
        let group_end = digits(chars, i + 1);
        let group_len = group_end - (i + 1);
        let next_is_digit = chars.get(group_end).is_some_and(|c| c.is_ascii_digit());
        if group_len == 3 && !next_is_digit && (sep != ' ' && sep != '\u{a0}' || text.len() <= 3) && text.len() <= 6 {
            text.extend(&chars[i + 1..group_end]);
            i = group_end;
        } else {
            break;
        }
    }
    if let (Some('.' | ','), Some(d)) = (chars.get(i), chars.get(i + 1)) {
        let decimals_end = digits(chars, i + 1);
        if d.is_ascii_digit() && decimals_end - (i + 1) <= 2 {
            text.push('.');
            text.extend(&chars[i + 1..decimals_end]);
            i = decimals_end;
        }
    }
    let mut value: f64 = text.parse().ok()?;
    let mut scaled = false;
    let after = skip_spaces(chars, i);
    for suffix in ["k", "tys.", "tysiecy", "tys", "thousand"] {
        let s: Vec<char> = suffix.chars().collect();
        let gap_ok = after == i || suffix != "k";
        if gap_ok && chars.len() >= after + s.len() && chars[after..after + s.len()] == s[..] && (suffix.ends_with('.') || word_end(chars, after + s.len())) {
            value *= 1000.0;
            scaled = true;
            i = after + s.len();
            break;
        }
    }
    // "4G", "2nd": a letter glued to the number makes it a word, unless it is a currency or unit.
    if chars.get(i).is_some_and(|c| c.is_alphabetic()) {
        let word: String = chars[i..].iter().take_while(|c| c.is_alphabetic()).collect();
        if !["zl", "pln", "eur", "usd", "gbp", "chf", "h", "k"].contains(&word.as_str()) {
            return None;
        }
    }
    Some(Num { start, end: i, value, scaled })
}

#[cfg(test)]
#[path = "salary_tests.rs"]
mod tests;
