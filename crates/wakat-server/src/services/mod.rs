//! Service functions not yet moved to `wakat-app` (issue 24): the business rules between a parsed
//! request and its answer, over the whole `AppState`, failing with `ApiError`. Each moves as
//! `wakat-app`'s alerts, employer side (`wakat_app::employers`) and candidate side
//! (`wakat_app::candidates`: accounts, the candidate's area, applying) did: a struct of its
//! dependencies, methods taking the `Principal`, domain types and `AppError`. Handlers parse with
//! `wakat-core`, call one function here (in `web::block`: these are synchronous), and render the
//! result with the DTOs.

pub mod form_inputs;
pub mod offers;
