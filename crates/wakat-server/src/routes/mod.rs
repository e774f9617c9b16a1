//! HTTP routes, one module per resource.

pub mod accounts;
pub mod alerts;
pub mod applications;
pub mod brand_stories;
pub mod candidate;
pub mod dev;
pub mod employer_offers;
pub mod employer_panel;
pub mod employers;
pub mod internal;
pub mod meta;
pub mod offers;
pub mod openapi;
pub mod panel_offers;
pub mod params;
pub mod payments;
pub mod places;
pub mod table;

pub use table::{configure, rate_limited, ROUTES};
