//! The offers request state carried between pages as base64 JSON:
//! `{"from": 100, "itemsCount": 100, "params": {"sort": {"sortBy": "published", "orderBy": "DESC"}, "currency": "pln"}}`.

use base64::engine::general_purpose::{STANDARD, URL_SAFE, URL_SAFE_NO_PAD};
use base64::Engine;
use serde::{Deserialize, Serialize};

/// Decoded cursor.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RequestState {
    /// Offset of the first item of the page.
    pub from: usize,
    /// Page size.
    pub items_count: u32,
    /// Sort and currency the cursor was made for.
    #[serde(default)]
    pub params: RequestParams,
}

/// Sort and currency of a cursor.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RequestParams {
    /// Sort of the listing.
    #[serde(default)]
    pub sort: Option<CursorSort>,
    /// Salary currency.
    #[serde(default)]
    pub currency: Option<String>,
}

/// Sort as written in a cursor.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CursorSort {
    /// `published`, `newest` or `salary`.
    pub sort_by: String,
    /// `ASC` or `DESC`.
    pub order_by: String,
}

impl RequestState {
    /// Encodes the state as standard base64 of its JSON.
    pub fn encode(&self) -> String {
        STANDARD.encode(serde_json::to_vec(self).expect("request state always serialises"))
    }

    /// Decodes a cursor in standard or URL-safe base64; `None` when it is not base64 JSON of the
    /// expected shape.
    pub fn decode(cursor: &str) -> Option<RequestState> {
        let cursor = cursor.trim();
        let bytes = STANDARD.decode(cursor).or_else(|_| URL_SAFE.decode(cursor)).or_else(|_| URL_SAFE_NO_PAD.decode(cursor)).ok()?;
        let value: serde_json::Value = serde_json::from_slice(&bytes).ok()?;
        // serde accepts a struct written as an array; a cursor is always an object.
        if !value.is_object() {
            return None;
        }
        serde_json::from_value(value).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn round_trips() {
        let state = RequestState {
            from: 200,
            items_count: 100,
            params: RequestParams { sort: Some(CursorSort { sort_by: "salary".into(), order_by: "DESC".into() }), currency: Some("eur".into()) },
        };
        assert_eq!(RequestState::decode(&state.encode()), Some(state));
    }

    #[test]
    fn rejects_garbage() {
        assert_eq!(RequestState::decode("not base64!"), None);
        assert_eq!(RequestState::decode(&STANDARD.encode("[1,2]")), None);
    }

    proptest! {
        #[test]
        fn any_state_round_trips(from in 0usize..10_000_000, items in 1u32..100, cur in "[a-z]{0,3}") {
            let state = RequestState { from, items_count: items, params: RequestParams { sort: None, currency: Some(cur) } };
            prop_assert_eq!(RequestState::decode(&state.encode()), Some(state));
        }

        #[test]
        fn decode_never_panics(input in "\\PC{0,64}") {
            let _ = RequestState::decode(&input);
        }
    }
}
