//! A filled template is the entry [`OfferItem`] builds, for every offer of the boards' own data,
//! both languages and times around publication and expiry; and offer text cannot forge a hole.

use super::*;

fn rates() -> Rates {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    Rates::from_json(&std::fs::read_to_string(root.join("index-data/rates.json")).unwrap()).unwrap()
}

fn board_offers() -> Vec<Offer> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut offers = Vec::new();
    for file in ["offers-it.jsonl", "offers-work.jsonl"] {
        let text = std::fs::read_to_string(root.join("index-data").join(file)).unwrap();
        offers.extend(text.lines().filter(|line| !line.trim().is_empty()).map(|line| serde_json::from_str::<Offer>(line).unwrap()));
    }
    offers
}

/// What the entry must be: [`OfferItem`] serialised, as a JSON value (key order aside).
fn expected(offer: &Offer, location_idx: usize, lang: Lang, now: i64) -> Value {
    serde_json::to_value(OfferItem::new(offer, location_idx, lang.as_str(), now)).unwrap()
}

fn filled(offer: &Offer, location_idx: usize, lang: Lang, now: i64) -> Value {
    let mut out = Vec::new();
    write_item(&template(offer, location_idx), lang, now, &mut out);
    serde_json::from_slice(&out).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out)))
}

#[test]
fn a_filled_template_is_the_entry_of_every_board_offer() {
    let rates = rates();
    let offers = board_offers();
    assert!(offers.len() > 100, "the boards' data is there");
    let mut compared = 0;
    for mut offer in offers {
        offer.fill_converted(&rates);
        let published = offer.published_at;
        let expiry = offer.expired_at.unwrap_or(published + 30 * 86_400);
        let times = [published - 1, published + 3 * 86_400, published + 3 * 86_400 + 1, expiry - 1, expiry, expiry + 1];
        for location_idx in 0..offer.locations.len() {
            for lang in [Lang::Pl, Lang::En] {
                for now in times {
                    assert_eq!(filled(&offer, location_idx, lang, now), expected(&offer, location_idx, lang, now), "{} at {now} in {lang:?}", offer.slug);
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 1000);
}

#[test]
fn finished_and_never_expiring_offers_have_fixed_activity() {
    let mut offer = board_offers().remove(0);
    offer.expired_at = None;
    for now in [0, offer.published_at, i64::MAX / 2] {
        assert_eq!(filled(&offer, 0, Lang::En, now), expected(&offer, 0, Lang::En, now));
        assert_eq!(filled(&offer, 0, Lang::En, now)["isOfferActive"], Value::Bool(true));
    }
    offer.finished = true;
    assert_eq!(filled(&offer, 0, Lang::Pl, offer.published_at)["isOfferActive"], Value::Bool(false));
}

#[test]
fn offer_text_cannot_forge_a_hole() {
    let mut offer = board_offers().remove(0);
    let now = offer.published_at + 60;
    // A raw U+0001 is dropped (it is no text anyone reads); everything else comes out as written.
    offer.title = "\u{1}Nx\u{1} C/C++ \"dev\" \\u0001\" \\\\u0001 żółw".into();
    offer.company_name = "\u{1}L".into();
    offer.locations[0].city = "\\u0001\"".into();
    let entry = filled(&offer, 0, Lang::Pl, now);
    assert_eq!(entry["title"], "Nx C/C++ \"dev\" \\u0001\" \\\\u0001 żółw");
    assert_eq!(entry["companyName"], "L");
    assert_eq!(entry["city"], "\\u0001\"");
    assert_eq!(entry["isNew"], true);
    let mut expected_entry = expected(&offer, 0, Lang::Pl, now);
    expected_entry["title"] = entry["title"].clone();
    expected_entry["companyName"] = entry["companyName"].clone();
    assert_eq!(entry, expected_entry);
}

#[test]
fn a_page_body_is_its_entries_and_meta() {
    let offers: Vec<Offer> = board_offers().into_iter().take(3).collect();
    let templates: Vec<String> = offers.iter().map(|offer| template(offer, 0)).collect();
    let now = offers[0].published_at;
    let body = page_json(&templates, Lang::En, now, &serde_json::json!({"total": 3})).unwrap();
    let page: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(page["meta"]["total"], 3);
    let data = page["data"].as_array().unwrap();
    assert_eq!(data.len(), 3);
    for (entry, offer) in data.iter().zip(&offers) {
        assert_eq!(*entry, expected(offer, 0, Lang::En, now));
    }
    assert_eq!(serde_json::from_slice::<Value>(&page_json(&[], Lang::Pl, now, &1).unwrap()).unwrap(), serde_json::json!({"data": [], "meta": 1}));
}
