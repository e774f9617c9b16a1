//! Answers of the listing, count, map and small offer calls. Typed structs (not `json!` values)
//! because they are the hottest answers and because the OpenAPI document is generated from
//! them, so what it promises is what is sent.

use std::collections::BTreeMap;

use serde::Serialize;
use utoipa::ToSchema;

use super::OfferItem;

/// `GET …/offers`: one page.
#[derive(Debug, Serialize, ToSchema)]
pub struct OfferPage {
    /// The page's offers (one entry per location).
    pub data: Vec<OfferItem>,
    /// Paging.
    pub meta: PageMeta,
}

/// Paging of [`OfferPage`].
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageMeta {
    /// 1-based page.
    pub page: usize,
    /// Page size.
    pub per_page: u32,
    /// Entries matching.
    pub total_items: usize,
    /// Pages of `perPage`.
    pub total_pages: usize,
    /// Offset of the first entry.
    pub from: usize,
    /// `published`, `newest` or `salary`.
    pub sort_by: &'static str,
    /// `ASC` or `DESC`.
    pub order_by: &'static str,
    /// Currency of salary amounts.
    pub currency: &'static str,
    /// How a text query was understood (only with keywords, titles, companies or skills).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search: Option<super::search::SearchNotes>,
}

/// `GET …/offers/by-cursor`: one step.
#[derive(Debug, Serialize, ToSchema)]
pub struct OfferCursorPage {
    /// The step's offers.
    pub data: Vec<OfferItem>,
    /// Position and neighbours.
    pub meta: CursorMeta,
}

/// Position of an [`OfferCursorPage`].
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CursorMeta {
    /// Entries matching.
    pub total_items: usize,
    /// Offset of the first entry.
    pub from: usize,
    /// Entries per step.
    pub items_count: u32,
    /// The next step, `null` at the end.
    pub next: Option<CursorLink>,
    /// The previous step, `null` at the start.
    pub prev: Option<CursorLink>,
    /// How a text query was understood (only with keywords, titles, companies or skills).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search: Option<super::search::SearchNotes>,
}

/// A neighbouring step of a cursor listing.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CursorLink {
    /// Opaque cursor for the `cursor` parameter.
    pub cursor: String,
    /// Entries per step.
    pub items_count: u32,
}

/// `GET …/offers/markers`: offers of a map cluster or viewport.
#[derive(Debug, Serialize, ToSchema)]
pub struct MarkerPage {
    /// The page's offers.
    pub data: Vec<OfferItem>,
    /// Paging.
    pub meta: MarkerMeta,
}

/// Paging of [`MarkerPage`].
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MarkerMeta {
    /// 1-based page.
    pub page: usize,
    /// Page size.
    pub per_page: u32,
    /// Entries matching.
    pub total_items: usize,
    /// Pages of `perPage`.
    pub total_pages: usize,
}

/// `GET …/offers/popular`.
#[derive(Debug, Serialize, ToSchema)]
pub struct PopularPage {
    /// The page's offers.
    pub data: Vec<OfferItem>,
    /// Paging.
    pub meta: PopularMeta,
}

/// Paging of [`PopularPage`].
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PopularMeta {
    /// 1-based page.
    pub page: usize,
    /// Page size.
    pub per_page: u32,
}

/// `GET …/offer-lookalikes/{slug}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct LookalikePage {
    /// Similar active offers.
    pub data: Vec<OfferItem>,
    /// How many were asked for.
    pub meta: LookalikeMeta,
}

/// Size of a [`LookalikePage`].
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LookalikeMeta {
    /// Most entries.
    pub per_page: usize,
}

/// `GET …/offers/count` and the all-boards count.
#[derive(Debug, Serialize, ToSchema)]
pub struct CountAnswer {
    /// Entries matching.
    pub count: usize,
}

/// `GET …/offers/count/categories`.
#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryCounts {
    /// Entries matching the search without its category filter.
    pub count: usize,
    /// Entries per category value (top-level and subcategories), as strings of the value.
    pub counts: BTreeMap<String, usize>,
}

/// `GET …/offers/count/categories/{categoryId}`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubcategoryCounts {
    /// The category.
    pub category_id: u32,
    /// Entries of the category.
    pub count: usize,
    /// Entries per subcategory value.
    pub counts: BTreeMap<String, usize>,
}

/// One suggestion with the offers it would find.
#[derive(Debug, Serialize, ToSchema)]
pub struct SuggestionDto {
    /// Title, company or skill.
    pub title: String,
    /// Offers.
    pub count: u64,
}

/// `GET …/offers/suggest`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Suggestions {
    /// Offer titles.
    pub titles: Vec<SuggestionDto>,
    /// Companies.
    pub companies: Vec<SuggestionDto>,
    /// Skills.
    pub skills: Vec<SuggestionDto>,
}

/// A GeoJSON polygon (a cluster's cell).
#[derive(Debug, Serialize, ToSchema)]
pub struct GeoJsonPolygon {
    /// Always `Polygon`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// One ring of `[longitude, latitude]` points.
    pub coordinates: Vec<Vec<[f64; 2]>>,
}

/// One map cluster.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClusterDto {
    /// Cluster id (for `markers?region=`).
    pub id: String,
    /// Same as `id` (the spec's name).
    pub region: String,
    /// Offer locations inside.
    pub count: usize,
    /// Centroid latitude.
    pub latitude: f64,
    /// Centroid longitude.
    pub longitude: f64,
    /// Category when all locations share one.
    pub category_id: Option<u32>,
    /// That category's slug.
    pub category_key: Option<String>,
    /// H3 resolution of the cell.
    pub resolution: u8,
    /// The cell's outline.
    pub geo_json: GeoJsonPolygon,
}

/// `GET …/offers/clusters`.
#[derive(Debug, Serialize, ToSchema)]
pub struct ClustersAnswer {
    /// Clusters in the viewport.
    pub clusters: Vec<ClusterDto>,
    /// The zoom they were computed for.
    pub zoom: f64,
}

/// `GET …/offers/active-slug/{slug}`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActiveSlugAnswer {
    /// The slug to show.
    pub slug: String,
    /// Whether it is an active offer.
    pub is_offer_active: bool,
    /// The asked slug, when an active re-publication replaces it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replaces: Option<String>,
}

/// `POST …/v1/views`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ViewAnswer {
    /// The offer's slug.
    pub offer_slug: String,
    /// Views so far.
    pub views: u64,
}

/// Internal writes.
#[derive(Debug, Serialize, ToSchema)]
pub struct WriteAnswer {
    /// The offer's slug.
    pub slug: String,
    /// Store sequence number of the write.
    pub seq: u64,
}
