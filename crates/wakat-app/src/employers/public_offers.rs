//! The public copy of an employer's offer: what candidates see of a published (or finished)
//! record, its checks under the offer's plan, and its write through the engine (store, then
//! index). The offers service publishes with it, brand stories relink a company's offers with it,
//! and the bumps job writes bumped offers with it.

use std::sync::Arc;

use wakat_core::offer::readable_slug;
use wakat_core::offer_form::{validate_form, FormContext};
use wakat_core::{Currency, FieldError, Offer};
use wakat_employers::{EmployerOffer, EmployerStore, EmployersError, OfferState};
use wakat_engine::{Engine, EngineError, Tenant};
use wakat_store::StoreError;

use crate::employers::logo_path;
use crate::error::{AppError, Result};
use crate::Clock;

/// Highest number tried after a readable address (`…-2` up to this) before an offer keeps its
/// slug as address.
const MAX_ADDRESS_NUMBER: u32 = 100;

/// Whether `address` is `wanted` or `wanted` numbered (`wanted-2`…).
fn is_numbered(address: &str, wanted: &str) -> bool {
    address == wanted || address.strip_prefix(wanted).and_then(|rest| rest.strip_prefix('-')).is_some_and(|n| n.parse::<u32>().is_ok_and(|n| n >= 2))
}

/// Builds, checks and writes the public copies of employers' offers.
#[derive(Clone)]
pub struct PublicOffers {
    engine: Arc<Engine>,
    employers: Arc<EmployerStore>,
    clock: Clock,
}

impl PublicOffers {
    /// The public copies over the engine and the employer store.
    pub fn new(engine: Arc<Engine>, employers: Arc<EmployerStore>, clock: Clock) -> PublicOffers {
        PublicOffers { engine, employers, clock }
    }

    /// Runs `f` with the form context of the offer's plan on `tenant`: the limits kept when the
    /// plan was chosen, and whether the plan includes graphics (read from the board's plans).
    pub fn with_context<T>(&self, tenant: &Tenant, offer: &EmployerOffer, f: impl FnOnce(&FormContext<'_>) -> T) -> T {
        let employers = &tenant.settings.employers;
        let images = employers.plan(&offer.plan_key).is_some_and(|plan| plan.enable_graphics);
        let form_limits = offer.limits.form_limits(employers.max_skills, images);
        let currencies: Vec<Currency> = tenant.settings.currencies.iter().filter_map(|c| Currency::parse(c)).collect();
        let ctx = FormContext {
            categories: &tenant.categories,
            gazetteer: &self.engine.gazetteer,
            currencies: &currencies,
            limits: &form_limits,
            today_days: self.clock.now().div_euclid(86_400),
        };
        f(&ctx)
    }

    /// The offer candidates see for a published record.
    pub fn public_offer(&self, tenant: &Tenant, offer: &EmployerOffer) -> Offer {
        self.with_context(tenant, offer, |ctx| {
            let mut public = offer.form.to_offer(ctx, &offer.slug, offer.listed_at().unwrap_or_else(|| self.clock.now()), offer.expires_at);
            public.finished = offer.state == OfferState::Finished;
            public.banner_url = offer.image_blob.as_deref().map(|hash| logo_path(&tenant.settings.slug, hash));
            public.brand_story_slug = self.published_story_slug(tenant, &offer.company_id);
            public
        })
    }

    /// Every rule of the form under the offer's plan, and the engine's own checks of the result.
    pub fn check_complete(&self, tenant: &Tenant, offer: &EmployerOffer) -> Vec<FieldError> {
        let errors = self.with_context(tenant, offer, |ctx| validate_form(&offer.form, ctx));
        if !errors.is_empty() {
            return errors;
        }
        wakat_core::validate::validate_offer(&self.public_offer(tenant, offer), &tenant.categories)
    }

    /// Writes the public copy of a published (or finished) record through the engine, at its
    /// readable address ([`PublicOffers::address_for`]).
    pub fn write_published(&self, tenant: &Tenant, offer: &EmployerOffer) -> Result<()> {
        let mut public = self.public_offer(tenant, offer);
        public.address = self.address_for(tenant, &public)?;
        self.engine.put_offer(&tenant.settings.slug, public).map_err(|error| match error {
            EngineError::Invalid(errors) => AppError::OfferRefused(errors),
            other => AppError::internal("writing a published offer", other),
        })?;
        Ok(())
    }

    /// The readable address of a public copy, by the rule of imported offers
    /// (`{company}-{title}-{city}`): the one it has while its company, title and first city still
    /// give it, else the first free of that, `…-2`, `…-3`… Claimed in the offer store (with its
    /// other locations' addresses) before the copy is written, so it is the offer's for good: a
    /// changed title gives a new address and the old one keeps leading to the offer. `None` (the
    /// draft id stays the address) only when no address is free.
    fn address_for(&self, tenant: &Tenant, public: &Offer) -> Result<Option<String>> {
        let board = &tenant.settings.slug;
        let wanted = readable_slug(&public.company_name, &public.title, public.locations.first().map_or("", |location| location.city.as_str()));
        if wanted.is_empty() {
            return Ok(None);
        }
        let current = self.engine.store.get_offer(board, &public.slug)?.and_then(|stored| stored.address).filter(|current| is_numbered(current, &wanted));
        let numbered = (1..=MAX_ADDRESS_NUMBER).map(|n| if n == 1 { wanted.clone() } else { format!("{wanted}-{n}") });
        // A live address of another offer the index knows (a location of an imported offer).
        let taken = |address: &str| {
            let hit = self.engine.index.find_slug(board, address).map_err(|error| StoreError::Engine(error.to_string()))?;
            Ok(hit.is_some_and(|hit| hit.parent_slug != public.slug))
        };
        for candidate in current.into_iter().chain(numbered) {
            if self.engine.store.claim_addresses(board, &public.slug, &public.addresses_from(&candidate), taken)? {
                return Ok(Some(candidate));
            }
        }
        tracing::warn!(slug = %public.slug, wanted, "no readable address is free: the offer keeps its slug as address");
        Ok(None)
    }

    /// The slug of the company's published story, for the offers it publishes (candidates' offer
    /// pages link the story). A failed read only leaves the link out: it never stops a publication.
    pub fn published_story_slug(&self, tenant: &Tenant, company_id: &str) -> Option<String> {
        let board = &tenant.settings.slug;
        let lookup = || -> Result<Option<String>, EmployersError> {
            let Some(slug) = self.employers.company(board, company_id)?.and_then(|company| company.story_slug) else { return Ok(None) };
            Ok(self.employers.story(board, &slug)?.filter(|story| story.published).map(|story| story.slug))
        };
        lookup().unwrap_or_else(|error| {
            tracing::warn!(%error, company_id, "the company's brand story could not be read for its offer");
            None
        })
    }
}
