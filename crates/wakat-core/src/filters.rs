//! The one filter model: query parameters (API names with bracket arrays, and the Polish and
//! English URL names of the list page) parse into [`ListParams`], which the index, saved searches
//! and alerts all consume.
//!
//! Parsing is strict: a value that cannot mean anything gives a [`FilterError`] naming the
//! field, and nothing panics whatever the input. Unknown parameter names are ignored so that
//! analytics or cache-busting parameters do not break a listing.

mod model;
mod names;
mod parse;

pub use model::{
    CityFilter, FilterError, FilterLimits, Filters, ListParams, OrderBy, ParseContext, SearchVariant, Sort, SortBy, MAX_FROM, MAX_PAGE_SIZE, MAX_PHRASE_CHARS,
    MAX_VALUES,
};
pub use parse::sanitize_phrase;

#[cfg(test)]
mod tests;
