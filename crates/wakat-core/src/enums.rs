//! Closed vocabularies of the offer model, each with its API value and its Polish and English
//! URL slugs, so that one table drives parsing, serialisation and the configuration call.

use serde::{Deserialize, Serialize};

macro_rules! vocabulary {
    ($(#[$meta:meta])* $name:ident { $($variant:ident => ($api:literal, $en:literal, $pl:literal, $label_en:literal, $label_pl:literal)),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum $name {
            $(
                #[allow(missing_docs)]
                #[serde(rename = $api)]
                $variant,
            )+
        }

        impl $name {
            /// Every value, in display order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The value used by the API and stored data.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $api),+ }
            }

            /// The English URL slug.
            pub fn slug_en(self) -> &'static str {
                match self { $($name::$variant => $en),+ }
            }

            /// The Polish URL slug.
            pub fn slug_pl(self) -> &'static str {
                match self { $($name::$variant => $pl),+ }
            }

            /// The label shown to users in the given language (`pl` or anything else for English).
            pub fn label(self, lang: &str) -> &'static str {
                if lang == "pl" {
                    match self { $($name::$variant => $label_pl),+ }
                } else {
                    match self { $($name::$variant => $label_en),+ }
                }
            }

            /// A stable small integer for index fields.
            pub fn code(self) -> u64 {
                self as u64
            }

            /// Parses the API value or either URL slug, case-insensitively.
            pub fn parse(input: &str) -> Option<Self> {
                let input = input.trim();
                Self::ALL.iter().copied().find(|v| {
                    input.eq_ignore_ascii_case(v.as_str())
                        || input.eq_ignore_ascii_case(v.slug_en())
                        || input.eq_ignore_ascii_case(v.slug_pl())
                })
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

vocabulary! {
    /// Seniority of the position.
    ExperienceLevel {
        Junior => ("junior", "junior", "junior", "Junior", "Junior"),
        Mid => ("mid", "mid", "mid", "Mid", "Mid"),
        Senior => ("senior", "senior", "senior", "Senior", "Senior"),
        Expert => ("expert", "expert", "ekspert", "Expert", "Ekspert"),
        CLevel => ("c_level", "c-level", "c-level", "C-level", "C-level"),
    }
}

vocabulary! {
    /// Kind of contract.
    EmploymentKind {
        Permanent => ("permanent", "permanent", "umowa-o-prace", "Permanent", "Umowa o pracę"),
        B2b => ("b2b", "b2b", "b2b", "B2B", "B2B"),
        MandateContract => ("mandate_contract", "mandate-contract", "umowa-zlecenie", "Mandate contract", "Umowa zlecenie"),
        Internship => ("internship", "internship", "staz", "Internship", "Staż"),
        Any => ("any", "any", "dowolna", "Any", "Dowolna"),
    }
}

vocabulary! {
    /// Working time of the position.
    WorkingTime {
        FullTime => ("full_time", "full-time", "pelny-etat", "Full-time", "Pełny etat"),
        PartTime => ("part_time", "part-time", "czesc-etatu", "Part-time", "Część etatu"),
        Internship => ("internship", "practice-internship", "praktyki-staz", "Practice / Internship", "Praktyki / Staż"),
        Freelance => ("freelance", "freelance", "freelance", "Freelance", "Freelance"),
    }
}

vocabulary! {
    /// Where the work happens (the `remoteWorkOptions` filter).
    WorkplaceType {
        Remote => ("remote", "remote", "zdalna", "Remote", "Praca zdalna"),
        Hybrid => ("hybrid", "hybrid", "hybrydowa", "Hybrid", "Hybrydowa"),
        Office => ("office", "office", "stacjonarna", "Office", "Stacjonarna"),
    }
}

vocabulary! {
    /// Period a salary amount is paid for.
    SalaryUnit {
        Hour => ("hour", "hour", "godzina", "per hour", "za godzinę"),
        Day => ("day", "day", "dzien", "per day", "za dzień"),
        Month => ("month", "month", "miesiac", "per month", "miesięcznie"),
        Year => ("year", "year", "rok", "per year", "rocznie"),
    }
}

vocabulary! {
    /// Supported salary currencies.
    Currency {
        Pln => ("pln", "pln", "pln", "PLN", "PLN"),
        Eur => ("eur", "eur", "eur", "EUR", "EUR"),
        Usd => ("usd", "usd", "usd", "USD", "USD"),
        Gbp => ("gbp", "gbp", "gbp", "GBP", "GBP"),
        Chf => ("chf", "chf", "chf", "CHF", "CHF"),
    }
}

// The vocabulary macro generates the enums, so `#[derive(Default)]` cannot mark a variant.
#[allow(clippy::derivable_impls)]
impl Default for SalaryUnit {
    /// Salaries are monthly unless said otherwise.
    fn default() -> Self {
        SalaryUnit::Month
    }
}

#[allow(clippy::derivable_impls)]
impl Default for Currency {
    /// The default currency of every board.
    fn default() -> Self {
        Currency::Pln
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_api_values_and_both_slugs() {
        assert_eq!(EmploymentKind::parse("mandate_contract"), Some(EmploymentKind::MandateContract));
        assert_eq!(EmploymentKind::parse("umowa-zlecenie"), Some(EmploymentKind::MandateContract));
        assert_eq!(EmploymentKind::parse("Mandate-Contract"), Some(EmploymentKind::MandateContract));
        assert_eq!(ExperienceLevel::parse("c_level"), Some(ExperienceLevel::CLevel));
        assert_eq!(WorkplaceType::parse("zdalna"), Some(WorkplaceType::Remote));
        assert_eq!(ExperienceLevel::parse("guru"), None);
    }

    #[test]
    fn codes_are_stable_and_distinct() {
        let codes: Vec<u64> = ExperienceLevel::ALL.iter().map(|l| l.code()).collect();
        assert_eq!(codes, vec![0, 1, 2, 3, 4]);
    }
}
