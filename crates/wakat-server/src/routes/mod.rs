//! HTTP routes, one module per resource.

pub mod accounts;
pub mod alerts;
pub mod applications;
pub mod assistant;
pub mod blog;
pub mod brand_stories;
pub mod candidate;
pub mod chat;
pub mod chat_candidate;
pub mod chat_employer;
pub mod chat_mail;
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
pub mod query_docs;
pub mod salary;
pub mod table;

use actix_web::web;

pub use table::{rate_limited, ROUTES};

/// Registers every route under `/api`: the OpenAPI documents and the calls outside any board
/// here, the table's routes under `/{tenant}`. Here rather than in the table because the
/// documents list the table's rate-limited routes: the table does not mount them.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("/api")
            .route("/openapi.json", web::get().to(openapi::document))
            .route("/internal/openapi.json", web::get().to(openapi::internal_document))
            .route("/boards", web::get().to(meta::boards))
            .route("/dev/mailbox", web::get().to(dev::list))
            .route("/dev/mailbox/{id}", web::get().to(dev::get))
            .service(table::register(web::scope("/{tenant}"))),
    );
}
