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
//! run (and [`EmployerOffers::restore_published`](crate::employers::offers::EmployerOffers::restore_published) at start) writes
//! again from the record.

use std::sync::Arc;

use jiff::civil::Date;
use jiff::tz::TimeZone;
use wakat_employers::EmployerStore;
use wakat_engine::{Engine, Tenant};

use crate::employers::public_offers::PublicOffers;
use crate::error::{AppError, Result};
use crate::{Clock, Principal};

#[cfg(test)]
mod tests;

/// What a bump run did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BumpReport {
    /// Published offers of the board looked at.
    pub published: usize,
    /// Offers bumped by this run.
    pub bumped: usize,
    /// Public offers written again because a bump had not reached them (a crash in between).
    pub repaired: usize,
}

/// The bump run: the employers' records, the public offers, and who writes them.
#[derive(Clone)]
pub struct Bumps {
    engine: Arc<Engine>,
    employers: Arc<EmployerStore>,
    public_offers: PublicOffers,
    /// The scheduler's time zone (`server.time_zone`): where a day starts.
    zone: TimeZone,
    clock: Clock,
}

impl Bumps {
    /// The run over its stores.
    pub fn new(engine: Arc<Engine>, employers: Arc<EmployerStore>, public_offers: PublicOffers, zone: TimeZone, clock: Clock) -> Bumps {
        Bumps { engine, employers, public_offers, zone, clock }
    }

    /// The first and the last second (exclusive) of `day` in the server's time zone.
    fn day_bounds(&self, day: Date) -> Result<(i64, i64)> {
        let start = day.to_zoned(self.zone.clone()).map_err(|error| AppError::internal("the start of the day", error))?;
        let next = day.tomorrow().and_then(|tomorrow| tomorrow.to_zoned(self.zone.clone())).map_err(|error| AppError::internal("the end of the day", error))?;
        Ok((start.timestamp().as_second(), next.timestamp().as_second()))
    }

    /// Bumps every published offer of `tenant` whose next bump falls on or before `day`. Only the
    /// scheduler and the internal API ([`Principal::Internal`]) run it.
    pub fn run(&self, principal: &Principal, tenant: &Tenant, day: Date) -> Result<BumpReport> {
        principal.require_internal()?;
        let slug = &tenant.settings.slug;
        let (day_start, day_end) = self.day_bounds(day)?;
        let mut report = BumpReport::default();
        for mut offer in self.employers.published_offers(slug)? {
            if offer.state != wakat_employers::OfferState::Published {
                continue;
            }
            report.published += 1;
            let public = self.engine.store.get_offer(slug, &offer.slug)?;
            let now = self.clock.now();
            if offer.bump_due(day_start, day_end, now) {
                offer.bump(now, day_start);
                // The record first (the bump is decided), then the public offer.
                self.employers.save_offer(slug, &offer)?;
                self.public_offers.write_published(tenant, &offer)?;
                report.bumped += 1;
                tracing::info!(tenant = %slug, offer = %offer.slug, bump = offer.bumps.done, "offer bumped");
            } else if public.is_some_and(|public| Some(public.published_at) != offer.listed_at()) {
                self.public_offers.write_published(tenant, &offer)?;
                report.repaired += 1;
            }
        }
        Ok(report)
    }
}
