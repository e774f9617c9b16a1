//! Typed parameters of the calls that are not listings: the answer language, paging of small
//! lists, the suggestion keyword and the city picker. Like [`crate::filters::ListParams`], every
//! value is parsed here once, strictly, into a type; handlers never read raw strings.

use crate::error::ErrorCode;
use crate::filters::MAX_PHRASE_CHARS;
use crate::FieldError;

/// Language of an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// Polish.
    #[default]
    Pl,
    /// English.
    En,
}

impl Lang {
    /// `pl`, `en`, or a tag starting with one of them (`en-GB`, `pl_PL`), any case.
    pub fn parse(value: &str) -> Option<Lang> {
        let value = value.trim().to_ascii_lowercase();
        let primary = value.split(['-', '_']).next().unwrap_or_default();
        match primary {
            "pl" => Some(Lang::Pl),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// The first language of an `Accept-Language` header that we speak.
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        header.split(',').filter_map(|part| part.split(';').next()).find_map(Lang::parse)
    }

    /// `pl` or `en`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Lang::Pl => "pl",
            Lang::En => "en",
        }
    }
}

/// The value of the first pair named one of `names`.
fn first<'p>(pairs: &[(&'p str, &'p str)], names: &[&str]) -> Option<(&'p str, &'p str)> {
    pairs.iter().copied().find(|(name, _)| names.contains(name))
}

/// The explicit `lang` (or `locale`) parameter, if any: a malformed value is an error, not a
/// silent fallback.
pub fn parse_lang<'p>(pairs: impl IntoIterator<Item = (&'p str, &'p str)>) -> Result<Option<Lang>, FieldError> {
    let pairs: Vec<_> = pairs.into_iter().collect();
    match first(&pairs, &["lang", "locale"]) {
        None => Ok(None),
        Some((_, value)) if value.trim().is_empty() => Ok(None),
        Some((field, value)) => {
            Lang::parse(value).map(Some).ok_or_else(|| FieldError::new(field, ErrorCode::InvalidLang, format!("'{value}' is not pl or en")))
        }
    }
}

/// A true/false switch (`true`, `1`, `false`, `0`; absent is false).
pub fn parse_flag<'p>(pairs: impl IntoIterator<Item = (&'p str, &'p str)>, name: &str) -> Result<bool, FieldError> {
    let pairs: Vec<_> = pairs.into_iter().collect();
    match first(&pairs, &[name]).map(|(_, value)| value.trim().to_ascii_lowercase()) {
        None => Ok(false),
        Some(value) => match value.as_str() {
            "true" | "1" | "" => Ok(true),
            "false" | "0" => Ok(false),
            _ => Err(FieldError::new(name, ErrorCode::InvalidBoolean, format!("'{value}' is not true or false"))),
        },
    }
}

/// A whole number in `min..=max` under `field`, or `default` when absent.
fn bounded(pairs: &[(&str, &str)], field: &str, code: ErrorCode, default: u32, min: u32, max: u32) -> Result<u32, FieldError> {
    match first(pairs, &[field]) {
        None => Ok(default),
        Some((_, value)) => value
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|n| (min..=max).contains(n))
            .ok_or_else(|| FieldError::new(field, code, format!("{field} must be a whole number from {min} to {max}"))),
    }
}

/// `page` and `perPage` of a small list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paging {
    /// 1-based page.
    pub page: u32,
    /// Page size.
    pub per_page: u32,
}

impl Paging {
    /// Parses `page` (1 to `max_page`, default 1) and `perPage` (1 to `max_per_page`, default `default_per_page`).
    pub fn parse<'p>(
        pairs: impl IntoIterator<Item = (&'p str, &'p str)>,
        default_per_page: u32,
        max_per_page: u32,
        max_page: u32,
    ) -> Result<Paging, FieldError> {
        let pairs: Vec<_> = pairs.into_iter().collect();
        let page = bounded(&pairs, "page", ErrorCode::InvalidPage, 1, 1, max_page)?;
        let per_page = bounded(&pairs, "perPage", ErrorCode::InvalidPerPage, default_per_page, 1, max_per_page)?;
        Ok(Paging { page, per_page })
    }

    /// Items skipped before this page.
    pub fn offset(&self) -> usize {
        (self.page as usize - 1) * self.per_page as usize
    }
}

/// A search-box phrase: trimmed, at most [`MAX_PHRASE_CHARS`] characters (empty is allowed).
fn phrase(pairs: &[(&str, &str)], names: &[&str]) -> Result<String, FieldError> {
    let Some((field, value)) = first(pairs, names) else { return Ok(String::new()) };
    let value = value.trim();
    if value.chars().count() > MAX_PHRASE_CHARS {
        return Err(FieldError::new(field, ErrorCode::InvalidKeyword, format!("keyword may have at most {MAX_PHRASE_CHARS} characters")));
    }
    Ok(value.to_string())
}

/// `GET …/offers/suggest`: what the user typed so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SuggestQuery {
    /// The typed text (`keyword`, `query` or `q`).
    pub keyword: String,
}

impl SuggestQuery {
    /// Parses the query.
    pub fn parse<'p>(pairs: impl IntoIterator<Item = (&'p str, &'p str)>) -> Result<SuggestQuery, FieldError> {
        let pairs: Vec<_> = pairs.into_iter().collect();
        Ok(SuggestQuery { keyword: phrase(&pairs, &["keyword", "query", "q"])? })
    }
}

/// `GET …/cities`: the city picker's text and how many cities to list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CityQuery {
    /// What the user typed (may be empty: the largest cities).
    pub keyword: String,
    /// How many cities.
    pub limit: usize,
}

impl CityQuery {
    /// Cities listed when the caller does not say.
    pub const DEFAULT_LIMIT: u32 = 10;
    /// Most cities one call lists.
    pub const MAX_LIMIT: u32 = 50;

    /// Parses the query.
    pub fn parse<'p>(pairs: impl IntoIterator<Item = (&'p str, &'p str)>) -> Result<CityQuery, FieldError> {
        let pairs: Vec<_> = pairs.into_iter().collect();
        let keyword = phrase(&pairs, &["keyword"])?;
        let limit = bounded(&pairs, "limit", ErrorCode::InvalidLimit, Self::DEFAULT_LIMIT, 1, Self::MAX_LIMIT)? as usize;
        Ok(CityQuery { keyword, limit })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn languages_parse_from_tags_and_headers() {
        assert_eq!(Lang::parse("EN-gb"), Some(Lang::En));
        assert_eq!(Lang::parse("pl_PL"), Some(Lang::Pl));
        assert_eq!(Lang::parse("de"), None);
        assert_eq!(Lang::parse("english"), None);
        assert_eq!(Lang::from_accept_language("de-DE,de;q=0.9,en;q=0.8"), Some(Lang::En));
        assert_eq!(parse_lang([("lang", "en")]), Ok(Some(Lang::En)));
        assert_eq!(parse_lang([("x", "1")]), Ok(None));
        assert_eq!(parse_lang([("lang", "xx")]).unwrap_err().code, ErrorCode::InvalidLang);
        assert_eq!(parse_flag([("embed", "true")], "embed"), Ok(true));
        assert_eq!(parse_flag([], "embed"), Ok(false));
        assert_eq!(parse_flag([("embed", "yes")], "embed").unwrap_err().code, ErrorCode::InvalidBoolean);
    }

    #[test]
    fn paging_has_defaults_and_bounds() {
        assert_eq!(Paging::parse([], 20, 100, 10_000), Ok(Paging { page: 1, per_page: 20 }));
        assert_eq!(Paging::parse([("page", "3"), ("perPage", "50")], 20, 100, 10_000).unwrap().offset(), 100);
        assert_eq!(Paging::parse([("page", "0")], 20, 100, 10_000).unwrap_err().code, ErrorCode::InvalidPage);
        assert_eq!(Paging::parse([("perPage", "101")], 20, 100, 10_000).unwrap_err().field, "perPage");
        assert_eq!(Paging::parse([("page", "x")], 20, 100, 10_000).unwrap_err().code, ErrorCode::InvalidPage);
    }

    #[test]
    fn keywords_and_limits_are_checked() {
        assert_eq!(SuggestQuery::parse([("q", " jav ")]).unwrap().keyword, "jav");
        let long = "a".repeat(MAX_PHRASE_CHARS + 1);
        assert_eq!(SuggestQuery::parse([("keyword", long.as_str())]).unwrap_err().code, ErrorCode::InvalidKeyword);
        assert_eq!(CityQuery::parse([]), Ok(CityQuery { keyword: String::new(), limit: 10 }));
        assert_eq!(CityQuery::parse([("limit", "51")]).unwrap_err().code, ErrorCode::InvalidLimit);
    }

    proptest! {
        #[test]
        fn parsers_never_panic(name in "(lang|locale|page|perPage|keyword|limit|q|[a-z]{1,6})", value in ".{0,40}") {
            let pairs = [(name.as_str(), value.as_str())];
            let _ = parse_lang(pairs);
            let _ = Paging::parse(pairs, 20, 100, 10_000);
            let _ = SuggestQuery::parse(pairs);
            let _ = CityQuery::parse(pairs);
            let _ = parse_flag(pairs, "embed");
        }
    }
}
