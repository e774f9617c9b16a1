//! The index schema: one document per offer location, carrying the fields queries filter, sort
//! and aggregate on, plus the stored card the API renders without touching the store.

use tantivy::schema::{Field, IndexRecordOption, NumericOptions, Schema, TextFieldIndexing, TextOptions, FAST, INDEXED, STORED, STRING};
use tantivy::TantivyDocument;
use wakat_core::{Offer, Rates};

use crate::analysis::ANALYZER_NAME;
use crate::geo::{cell_at, CLUSTER_RESOLUTIONS};
use crate::ItemRenderer;

/// Bumped whenever the schema or the analysis changes; a mismatch triggers a rebuild from the store.
pub const SCHEMA_VERSION: u32 = 9;

/// Bytes per compressed block of stored cards. Below one document's size (≈ 2.9 KB), so every
/// block holds one document and loading a listing entry decompresses that document only: at
/// 4 KB a block held two, and a listing of 100 entries spent twice the decompression (+19 %
/// long-tail throughput at 200,000 offers, for a doc store 37 % larger; see BENCHMARKS.md).
pub const DOCSTORE_BLOCK_BYTES: usize = 512;

/// Expiry stored for offers that never expire.
pub const NEVER_EXPIRES: i64 = i64::MAX;

/// Handles of every field.
#[derive(Debug, Clone)]
pub struct Fields {
    pub(crate) tenant: Field,
    pub(crate) key: Field,
    pub(crate) slug: Field,
    pub(crate) parent: Field,
    /// The offer's guid (the candidate side's `jobAdvertisementId`), on every location document.
    pub(crate) guid: Field,
    pub(crate) title: Field,
    pub(crate) company: Field,
    pub(crate) skills: Field,
    pub(crate) place: Field,
    pub(crate) company_key: Field,
    pub(crate) city: Field,
    pub(crate) category: Field,
    pub(crate) experience: Field,
    pub(crate) employment: Field,
    pub(crate) working_time: Field,
    pub(crate) workplace: Field,
    pub(crate) ukraine: Field,
    pub(crate) with_salary: Field,
    pub(crate) salary_lo: Field,
    pub(crate) salary_hi: Field,
    /// The offer's salary points, packed with seniority and contract kind (see `salary.rs`).
    pub(crate) salary_points: Field,
    /// Identifies the offer on the documents of offers with several locations (only there).
    pub(crate) offer_multi: Field,
    pub(crate) published: Field,
    pub(crate) expires: Field,
    pub(crate) lat: Field,
    pub(crate) lon: Field,
    pub(crate) cells: Vec<(u8, Field)>,
    pub(crate) suggest: Field,
    /// The card as JSON text (a text value is read in one copy; a bytes value byte by byte).
    pub(crate) card: Field,
    /// What lists show, from the configured [`ItemRenderer`](crate::ItemRenderer).
    pub(crate) item: Field,
}

/// Field names of numeric columns read by collectors.
pub(crate) mod names {
    pub const CATEGORY: &str = "category";
    pub const SALARY_LO: &str = "salary_lo";
    pub const SALARY_HI: &str = "salary_hi";
    pub const SALARY_POINTS: &str = "salary_points";
    pub const OFFER_MULTI: &str = "offer_multi";
    pub const PUBLISHED: &str = "published";
    pub const EXPIRES: &str = "expires";
    pub const LAT: &str = "lat";
    pub const LON: &str = "lon";

    pub fn cell(resolution: u8) -> String {
        format!("h3_r{resolution}")
    }
}

impl Fields {
    /// Builds the schema and the field handles.
    pub fn build() -> (Schema, Fields) {
        let mut builder = Schema::builder();
        let text = TextOptions::default()
            .set_indexing_options(TextFieldIndexing::default().set_tokenizer(ANALYZER_NAME).set_index_option(IndexRecordOption::WithFreqs));
        let number = NumericOptions::default().set_indexed().set_fast();
        let fields = Fields {
            tenant: builder.add_text_field("tenant", STRING),
            key: builder.add_text_field("key", STRING),
            slug: builder.add_text_field("slug", STRING),
            parent: builder.add_text_field("parent", STRING),
            guid: builder.add_text_field("guid", STRING),
            title: builder.add_text_field("title", text.clone()),
            company: builder.add_text_field("company", text.clone()),
            skills: builder.add_text_field("skills", text.clone()),
            place: builder.add_text_field("place", text),
            company_key: builder.add_text_field("company_key", STRING),
            city: builder.add_text_field("city", STRING),
            category: builder.add_u64_field(names::CATEGORY, number.clone()),
            experience: builder.add_u64_field("experience", INDEXED),
            employment: builder.add_u64_field("employment", INDEXED),
            working_time: builder.add_u64_field("working_time", INDEXED),
            workplace: builder.add_u64_field("workplace", INDEXED),
            ukraine: builder.add_u64_field("ukraine", INDEXED),
            with_salary: builder.add_u64_field("with_salary", INDEXED),
            salary_lo: builder.add_f64_field(names::SALARY_LO, FAST),
            salary_hi: builder.add_f64_field(names::SALARY_HI, FAST),
            salary_points: builder.add_u64_field(names::SALARY_POINTS, FAST),
            offer_multi: builder.add_u64_field(names::OFFER_MULTI, FAST),
            published: builder.add_i64_field(names::PUBLISHED, FAST),
            expires: builder.add_i64_field(names::EXPIRES, FAST),
            lat: builder.add_f64_field(names::LAT, FAST),
            lon: builder.add_f64_field(names::LON, FAST),
            cells: CLUSTER_RESOLUTIONS.iter().map(|&res| (res, builder.add_u64_field(&names::cell(res), number.clone()))).collect(),
            suggest: builder.add_text_field("suggest", STRING),
            card: builder.add_text_field("card", STORED),
            item: builder.add_text_field("item", STORED),
        };
        (builder.build(), fields)
    }

    pub(crate) fn cell_field(&self, resolution: u8) -> Option<Field> {
        self.cells.iter().find(|(res, _)| *res == resolution).map(|(_, field)| *field)
    }

    /// Builds the documents of an offer, one per location.
    pub(crate) fn documents(
        &self,
        tenant: &str,
        offer: &Offer,
        category_lineage: &[u32],
        rates: &Rates,
        items: Option<&dyn ItemRenderer>,
    ) -> Vec<TantivyDocument> {
        let rendered_offer = items.map(|_| {
            let mut offer = offer.clone();
            offer.fill_converted(rates);
            offer
        });
        let mut card_offer = offer.clone();
        // The card is what lists render; the description and consents come from the store.
        card_offer.body = String::new();
        card_offer.information_clause = None;
        card_offer.custom_consent = None;
        card_offer.future_consent = None;
        // Derived and source-only fields are rebuilt or not needed when rendering lists.
        card_offer.extra.clear();
        for employment in &mut card_offer.employment_types {
            employment.converted.clear();
        }
        let salary = offer.salary_bounds_pln(rates);
        let expires = if offer.finished { 0 } else { offer.expired_at.unwrap_or(NEVER_EXPIRES) };
        let skills = offer.skill_names().collect::<Vec<_>>().join(" , ");
        let suggestions = suggestion_terms(tenant, offer);
        let multi = offer.locations.len() > 1;
        let points: Vec<u64> =
            offer.salary_points(rates).iter().map(|point| crate::points::pack(point.value(), offer.experience_level, point.kind, multi)).collect();
        let offer_id = multi.then(|| fnv1a(&offer_key(tenant, &offer.slug)));

        offer
            .locations
            .iter()
            .enumerate()
            .map(|(location_idx, location)| {
                let mut doc = TantivyDocument::default();
                doc.add_text(self.tenant, tenant);
                doc.add_text(self.key, offer_key(tenant, &offer.slug));
                doc.add_text(self.slug, &location.slug);
                doc.add_text(self.parent, &offer.slug);
                doc.add_text(self.guid, &offer.guid);
                doc.add_text(self.title, &offer.title);
                doc.add_text(self.company, &offer.company_name);
                doc.add_text(self.skills, &skills);
                doc.add_text(self.place, &location.city);
                doc.add_text(self.company_key, wakat_core::text::slugify(&offer.company_name));
                doc.add_text(self.city, wakat_core::text::slugify(&location.city));
                for value in category_lineage {
                    doc.add_u64(self.category, *value as u64);
                }
                doc.add_u64(self.experience, offer.experience_level.code());
                for employment in &offer.employment_types {
                    doc.add_u64(self.employment, employment.kind.code());
                }
                doc.add_u64(self.working_time, offer.working_time.code());
                doc.add_u64(self.workplace, offer.workplace_type.code());
                doc.add_u64(self.ukraine, offer.open_to_hire_ukrainians as u64);
                doc.add_u64(self.with_salary, salary.is_some() as u64);
                if let Some((lo, hi)) = salary {
                    doc.add_f64(self.salary_lo, lo);
                    doc.add_f64(self.salary_hi, hi);
                }
                for &point in &points {
                    doc.add_u64(self.salary_points, point);
                }
                if let Some(offer_id) = offer_id {
                    doc.add_u64(self.offer_multi, offer_id);
                }
                doc.add_i64(self.published, offer.published_at);
                doc.add_i64(self.expires, expires);
                doc.add_f64(self.lat, location.latitude);
                doc.add_f64(self.lon, location.longitude);
                for &(res, field) in &self.cells {
                    if let Some(cell) = cell_at(location.latitude, location.longitude, res) {
                        doc.add_u64(field, cell);
                    }
                }
                // Suggestions count offers, not locations: only the first location carries them.
                if location_idx == 0 {
                    for term in &suggestions {
                        doc.add_text(self.suggest, term);
                    }
                }
                // The item is stored first: a listing reads it and stops, never decoding the card.
                if let (Some(renderer), Some(offer)) = (items, &rendered_offer) {
                    doc.add_text(self.item, renderer.render(offer, location_idx));
                }
                let card = Card { location_idx, offer: &card_offer };
                doc.add_text(self.card, serde_json::to_string(&card).expect("offers always serialise"));
                doc
            })
            .collect()
    }
}

/// The term that identifies all documents of one offer of one tenant.
pub(crate) fn offer_key(tenant: &str, slug: &str) -> String {
    format!("{tenant}/{slug}")
}

/// A 64-bit FNV-1a hash: the same offer key gives the same id in every segment.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ byte as u64).wrapping_mul(0x0100_0000_01b3))
}

/// What the stored card holds: the offer without its long texts and the location it stands for.
#[derive(serde::Serialize)]
struct Card<'a> {
    location_idx: usize,
    offer: &'a Offer,
}

/// The stored card, decoded.
#[derive(serde::Deserialize)]
pub(crate) struct OwnedCard {
    pub location_idx: usize,
    pub offer: Offer,
}

/// Separator of the parts of a suggestion term: `{tenant}␟{kind}␟{folded key}␟{display}`.
pub(crate) const SUGGEST_SEPARATOR: char = '\u{1f}';

/// Suggestion terms of an offer: every word-suffix of the title (so `dev` finds
/// `Java Developer`), the company and each skill.
fn suggestion_terms(tenant: &str, offer: &Offer) -> Vec<String> {
    let sep = SUGGEST_SEPARATOR;
    let mut terms = Vec::new();
    let mut push = |kind: char, key: &str, display: &str| {
        let key = key.trim();
        if !key.is_empty() && display.len() <= 200 {
            terms.push(format!("{tenant}{sep}{kind}{sep}{key}{sep}{display}"));
        }
    };
    let title_words: Vec<String> = wakat_core::text::fold(&offer.title).split_whitespace().map(str::to_string).collect();
    for start in 0..title_words.len().min(4) {
        push('t', &title_words[start..].join(" "), &offer.title);
    }
    push('c', &wakat_core::text::fold(&offer.company_name), &offer.company_name);
    for skill in offer.skill_names() {
        push('s', &wakat_core::text::fold(skill), skill);
    }
    terms.sort();
    terms.dedup();
    terms
}

#[cfg(test)]
mod tests {
    use super::*;
    use tantivy::schema::Document;
    use wakat_core::offer::Location;

    struct Slugs;

    impl ItemRenderer for Slugs {
        fn fingerprint(&self) -> String {
            "slugs".into()
        }

        fn render(&self, offer: &Offer, location_idx: usize) -> String {
            format!("{}#{location_idx}", offer.slug)
        }
    }

    /// Listings read the first stored value and stop ([`crate::index`]'s `FirstStored`).
    #[test]
    fn the_item_is_the_first_stored_value_so_listings_never_decode_the_card() {
        let (schema, fields) = Fields::build();
        let location = Location { slug: String::new(), city: "Kraków".into(), street: None, latitude: 50.06, longitude: 19.94, country_code: "PL".into() };
        let offer = Offer { locations: vec![location.clone(), location], ..Offer::new("java-dev") };
        let documents = fields.documents("it", &offer, &[], &Rates::default(), Some(&Slugs));
        assert_eq!(documents.len(), 2);
        for (idx, doc) in documents.iter().enumerate() {
            let stored: Vec<Field> = doc.iter_fields_and_values().map(|(field, _)| field).filter(|field| schema.get_field_entry(*field).is_stored()).collect();
            assert_eq!(stored, vec![fields.item, fields.card], "document {idx}");
        }
    }
}
