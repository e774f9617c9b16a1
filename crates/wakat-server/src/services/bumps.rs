//! Plan bumps (issue 11): an offer whose plan includes bumps has its published time refreshed
//! every `bumps_up_every_days` days, `bumps_up_count` times, so lists sorted by publication show
//! it among the new offers again. The scheduler runs [`run`] once a local day per board at
//! `[tenants.employers] bump_hour`; `POST /api/{tenant}/internal/bumps/run?day=` runs it by hand.
//!
//! # Exactly once per offer and bump number
//! The employer's record is the owner of the schedule ([`wakat_employers::BumpPlan`]): a bump is
//! first recorded there (bump number, its time, the next due day) in one flushed transaction, then
//! the public offer is written through the engine with that time. A run repeated the same day (a
//! crash before the scheduler marked the day done) finds the bump recorded and the next one not
//! due; a crash between the two writes leaves the public offer with the older time, which the next
//! run (and [`super::employer_offers::restore_published`] at start) writes again from the record.

use jiff::civil::Date;
use serde::Serialize;
use wakat_engine::{now, Tenant};

use crate::error::{employers_error, ApiError, Result};
use crate::services::employer_offers::write_published;
use crate::state::AppState;

/// What a bump run did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BumpReport {
    /// Published offers of the board looked at.
    pub published: usize,
    /// Offers bumped by this run.
    pub bumped: usize,
    /// Public offers written again because a bump had not reached them (a crash in between).
    pub repaired: usize,
}

/// The first and the last second (exclusive) of `day` in the server's time zone.
fn day_bounds(state: &AppState, day: Date) -> Result<(i64, i64)> {
    let zone = jiff::tz::TimeZone::get(&state.settings.server.time_zone).unwrap_or(jiff::tz::TimeZone::UTC);
    let start = day.to_zoned(zone.clone()).map_err(|error| ApiError::internal(&error))?;
    let next = day.tomorrow().and_then(|tomorrow| tomorrow.to_zoned(zone)).map_err(|error| ApiError::internal(&error))?;
    Ok((start.timestamp().as_second(), next.timestamp().as_second()))
}

/// Bumps every published offer of `tenant` whose next bump falls on or before `day`.
pub fn run(state: &AppState, tenant: &Tenant, day: Date) -> Result<BumpReport> {
    let slug = &tenant.settings.slug;
    let (day_start, day_end) = day_bounds(state, day)?;
    let mut report = BumpReport::default();
    for mut offer in state.employers.published_offers(slug).map_err(employers_error)? {
        if offer.state != wakat_employers::OfferState::Published {
            continue;
        }
        report.published += 1;
        let public = state.engine.store.get_offer(slug, &offer.slug).map_err(ApiError::from)?;
        if offer.bump_due(day_start, day_end, now()) {
            offer.bump(now(), day_start);
            // The record first (the bump is decided), then the public offer.
            state.employers.save_offer(slug, &offer).map_err(employers_error)?;
            write_published(state, tenant, &offer)?;
            report.bumped += 1;
            tracing::info!(tenant = %slug, offer = %offer.slug, bump = offer.bumps.done, "offer bumped");
        } else if public.is_some_and(|public| Some(public.published_at) != offer.listed_at()) {
            write_published(state, tenant, &offer)?;
            report.repaired += 1;
        }
    }
    Ok(report)
}
