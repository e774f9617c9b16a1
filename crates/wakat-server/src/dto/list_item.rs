//! List entries rendered once, when an offer is indexed, and filled in per request.
//!
//! A list entry ([`OfferItem`]) is the same for every request but for three values: the
//! contracts' labels (the answer's language) and `isOfferActive` and `isNew` (the time of the
//! request). [`ListItemTemplates`] renders the entry as JSON with a hole for each of those, and
//! the engine stores that text beside the offer's other fields; [`write_item`] copies it into an
//! answer, filling the holes. An uncached listing then copies text instead of decoding a card,
//! building the entry and serialising it (a third of its time before).
//!
//! A hole is `\u{1}` + kind + payload + `\u{1}`. serde_json never writes a raw control
//! character (it escapes them inside strings and there are none outside), so every raw `\u{1}`
//! of a template is a hole; the renderer removes U+0001 from the offer's own text first, so the
//! only escaped `\u0001` it finds after serialising are the markers it put in.

use std::sync::Arc;

use serde::Serialize;
use serde_json::Value;
use wakat_core::enums::EmploymentKind;
use wakat_core::params::Lang;
use wakat_core::{Offer, Rates};
use wakat_search::{ItemRenderer, ItemRendering};

use super::{OfferItem, NEW_OFFER_DAYS};

/// Bumped whenever the shape of [`OfferItem`] or of the holes changes: the index is rebuilt.
const TEMPLATE_VERSION: u32 = 1;

const HOLE: char = '\u{1}';
/// A marker string as serde_json writes it: its opening quote and the escaped U+0001.
const MARKER_OPEN: &str = "\"\\u0001";
const MARKER_CLOSE: &str = "\\u0001\"";

/// Renders list entries with holes for the engine to store (see the module's documentation).
pub struct ListItemTemplates {
    fingerprint: String,
}

impl ListItemTemplates {
    /// Templates whose converted amounts come from `rates` (the offers arrive with them filled in).
    pub fn new(rates: &Rates) -> ListItemTemplates {
        ListItemTemplates { fingerprint: format!("list-item-{TEMPLATE_VERSION} {rates:?}") }
    }
}

/// The list entries the index stores beside each offer: what every process opening a data
/// directory passes to `wakat_engine::Engine::open` (see [`wakat_engine::ListItems`]).
pub fn list_items(rates: &Rates) -> ItemRendering {
    ItemRendering(Arc::new(ListItemTemplates::new(rates)))
}

impl ItemRenderer for ListItemTemplates {
    fn fingerprint(&self) -> String {
        self.fingerprint.clone()
    }

    fn render(&self, offer: &Offer, location_idx: usize) -> String {
        template(offer, location_idx)
    }
}

/// The entry of location `location_idx` of `offer` with holes for what depends on the request.
pub fn template(offer: &Offer, location_idx: usize) -> String {
    let item = OfferItem::new(offer, location_idx, Lang::Pl.as_str(), 0);
    let mut value = serde_json::to_value(&item).expect("an offer item always serialises");
    remove_hole_characters(&mut value);
    let marker = |kind: char, payload: String| Value::String(format!("{HOLE}{kind}{payload}{HOLE}"));
    if let Some(entry) = value.as_object_mut() {
        entry.insert("isNew".into(), marker('N', offer.published_at.to_string()));
        let active = match (offer.finished, offer.expired_at) {
            (true, _) => Value::Bool(false),
            (false, None) => Value::Bool(true),
            (false, Some(expiry)) => marker('A', expiry.to_string()),
        };
        entry.insert("isOfferActive".into(), active);
        if let Some(Value::Array(contracts)) = entry.get_mut("employmentTypes") {
            for (contract, employment) in contracts.iter_mut().zip(&offer.employment_types) {
                if let Some(contract) = contract.as_object_mut() {
                    contract.insert("label".into(), marker('L', employment.kind.as_str().to_string()));
                }
            }
        }
    }
    let json = serde_json::to_string(&value).expect("a JSON value always serialises");
    let mut template = String::with_capacity(json.len());
    let mut rest = json.as_str();
    while let Some(start) = rest.find(MARKER_OPEN) {
        template.push_str(&rest[..start]);
        let marker = &rest[start + MARKER_OPEN.len()..];
        // The payload is ours (letters and digits): the first closing escape is the marker's.
        let end = marker.find(MARKER_CLOSE).expect("every marker is closed");
        template.push(HOLE);
        template.push_str(&marker[..end]);
        template.push(HOLE);
        rest = &marker[end + MARKER_CLOSE.len()..];
    }
    template.push_str(rest);
    template
}

fn remove_hole_characters(value: &mut Value) {
    match value {
        Value::String(text) if text.contains(HOLE) => text.retain(|c| c != HOLE),
        Value::Array(values) => values.iter_mut().for_each(remove_hole_characters),
        Value::Object(entries) => entries.values_mut().for_each(remove_hole_characters),
        _ => {}
    }
}

/// Appends the entry of `template` in `lang` at time `now` to `out`.
pub fn write_item(template: &str, lang: Lang, now: i64, out: &mut Vec<u8>) {
    for (idx, part) in template.split(HOLE).enumerate() {
        if idx % 2 == 0 {
            out.extend_from_slice(part.as_bytes());
            continue;
        }
        let (kind, payload) = part.split_at(part.len().min(1));
        let number = || payload.parse::<i64>().ok();
        let filled: Option<&[u8]> = match kind {
            "N" => number().map(|published| bool_json(now - published <= NEW_OFFER_DAYS * 86_400)),
            "A" => number().map(|expiry| bool_json(expiry > now)),
            "L" => match EmploymentKind::parse(payload) {
                Some(kind) => {
                    serde_json::to_writer(&mut *out, kind.label(lang.as_str())).expect("writing to a vector never fails");
                    continue;
                }
                None => None,
            },
            _ => None,
        };
        out.extend_from_slice(filled.unwrap_or(b"null"));
    }
}

fn bool_json(value: bool) -> &'static [u8] {
    if value {
        b"true"
    } else {
        b"false"
    }
}

/// `{"data": [entries], "meta": meta}`: a page of entries with its meta, as one JSON body.
pub fn page_json(templates: &[String], lang: Lang, now: i64, meta: &impl Serialize) -> serde_json::Result<Vec<u8>> {
    let mut body = Vec::with_capacity(templates.iter().map(String::len).sum::<usize>() + templates.len() * 16 + 512);
    body.extend_from_slice(b"{\"data\":[");
    for (idx, template) in templates.iter().enumerate() {
        if idx > 0 {
            body.push(b',');
        }
        write_item(template, lang, now, &mut body);
    }
    body.extend_from_slice(b"],\"meta\":");
    serde_json::to_writer(&mut body, meta)?;
    body.push(b'}');
    Ok(body)
}

#[cfg(test)]
mod tests;
