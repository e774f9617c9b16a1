//! The public copy of an employer's offer: what candidates see of a published (or finished)
//! record, its checks under the offer's plan, and its write through the engine (store, then
//! index). The offers service publishes with it, brand stories relink a company's offers with it,
//! and the bumps job writes bumped offers with it.

use std::sync::Arc;

use wakat_core::offer_form::{validate_form, FormContext};
use wakat_core::{Currency, FieldError, Offer};
use wakat_employers::{EmployerOffer, EmployerStore, EmployersError, OfferState};
use wakat_engine::{Engine, EngineError, Tenant};

use crate::employers::logo_path;
use crate::error::{AppError, Result};
use crate::Clock;

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

    /// Writes the public copy of a published (or finished) record through the engine.
    pub fn write_published(&self, tenant: &Tenant, offer: &EmployerOffer) -> Result<()> {
        let public = self.public_offer(tenant, offer);
        self.engine.put_offer(&tenant.settings.slug, public).map_err(|error| match error {
            EngineError::Invalid(errors) => AppError::OfferRefused(errors),
            other => AppError::internal("writing a published offer", other),
        })?;
        Ok(())
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
