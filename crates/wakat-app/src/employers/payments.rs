//! Paying for a publication or an extension: the payment is recorded, started at the provider,
//! and settled by whichever comes first — the provider's webhook, the sandbox page, or the
//! status poll asking the provider — and applied to the offer exactly once.

use std::sync::Arc;

use wakat_accounts::AccountStore;
use wakat_core::{ErrorCode, FieldError};
use wakat_employers::{BillingData, EmployerOffer, EmployerStore, EmployersError, Invoice, NewPayment, Payment, PaymentStatus};
use wakat_engine::Tenant;

use crate::employers::offers::{extend_record, plan, publish_record, EmployerOffers};
use crate::employers::{require_owner, Acting};
use crate::error::{AppError, Result};
use crate::payments::{Checkout, Notification, PaymentProvider};
use crate::{Clock, Principal};

/// Longest return URL taken.
const MAX_RETURN_URL: usize = 2_000;

/// Where a payment may send the employer back to, as an absolute URL of the board's web app
/// (`web_url`, without a trailing '/'); `None` for anything else. The payment's return answers a
/// redirect to it, so an outside address would make the board an open redirect: a phishing page
/// behind a link that starts at the board. Taken: a path of the web app (one leading `/`, no `//`
/// or backslash, which browsers read as another host) or an absolute URL on exactly the web app's
/// origin, without credentials.
pub fn board_return_url(url: &str, web_url: &str) -> Option<String> {
    if url.len() > MAX_RETURN_URL || url.chars().any(|c| c.is_whitespace() || c.is_control()) || url.contains('\\') {
        return None;
    }
    if url.starts_with('/') {
        return (!url.starts_with("//")).then(|| format!("{web_url}{url}"));
    }
    let board = ::url::Url::parse(web_url).ok()?;
    let parsed = ::url::Url::parse(url).ok()?;
    let same_origin = matches!(parsed.scheme(), "http" | "https") && parsed.origin() == board.origin();
    (same_origin && parsed.username().is_empty() && parsed.password().is_none()).then(|| url.to_string())
}

/// A billing rule's error under the payment request's name of its field (`taxId` → `invoice_tax_id`).
fn invoice_field(mut error: FieldError) -> FieldError {
    error.field = match error.field.as_str() {
        "companyName" => "invoice_company_name",
        "taxId" => "invoice_tax_id",
        "street" => "invoice_street",
        "streetNumber" => "invoice_street_number",
        "postalCode" => "invoice_postal_code",
        "city" => "invoice_city",
        "country" => "invoice_country",
        other => other,
    }
    .to_string();
    error
}

fn check_return_url(url: &str, web_url: &str) -> Result<String> {
    board_return_url(url, web_url).ok_or_else(|| AppError::Invalid {
        field: "return_url",
        code: ErrorCode::InvalidUrl,
        message: format!("a path of the web app (/…) or an address under {web_url}"),
    })
}

/// What an employer asks to pay for.
#[derive(Debug, Clone, Default)]
pub struct PaymentOrder {
    /// The offer's slug.
    pub offer_id: String,
    /// The offer's edit token.
    pub token: String,
    /// The plan (the offer's when empty).
    pub offer_type: String,
    /// An extension rather than a publication.
    pub extend: bool,
    /// The invoice data typed (all empty: the company's billing data).
    pub invoice: BillingData,
    /// Keep the typed invoice data as the company's billing data (owners only).
    pub save_billing_data: bool,
    /// The newsletter wanted.
    pub subscribe_to_newsletter: bool,
    /// The terms of payment accepted.
    pub accepted_regulations: bool,
    /// Where the provider sends the employer back.
    pub return_url: String,
}

/// Payments of a board's employers at the configured provider.
#[derive(Clone)]
pub struct Payments {
    accounts: Arc<AccountStore>,
    employers: Arc<EmployerStore>,
    provider: Arc<dyn PaymentProvider>,
    offers: EmployerOffers,
    public_url: Arc<str>,
    clock: Clock,
}

impl Payments {
    /// The service over its stores, the provider, the offers it publishes and the public URL.
    pub fn new(
        accounts: Arc<AccountStore>,
        employers: Arc<EmployerStore>,
        provider: Arc<dyn PaymentProvider>,
        offers: EmployerOffers,
        public_url: &str,
        clock: Clock,
    ) -> Payments {
        Payments { accounts, employers, provider, offers, public_url: public_url.into(), clock }
    }

    /// Records a payment for the offer and starts it at the provider; returns the payment and
    /// the provider's page.
    pub fn create(&self, tenant: &Tenant, principal: &Principal, order: PaymentOrder) -> Result<(Payment, String)> {
        let acting = Acting::of(principal)?;
        let slug = &tenant.settings.slug;
        if !order.accepted_regulations {
            return Err(AppError::Invalid { field: "accepted_regulations", code: ErrorCode::Required, message: "accept the terms to pay".into() });
        }
        let web_url = tenant.settings.web_url(&self.public_url).to_string();
        let return_url = check_return_url(&order.return_url, &web_url)?;
        let offer = self.employers.offer(slug, acting.company_id, &order.offer_id)?;
        if !offer.token_matches(&order.token) {
            return Err(EmployersError::InvalidOfferToken.into());
        }
        if !self.accounts.get(slug, acting.account_id)?.is_some_and(|a| a.email_confirmed) {
            return Err(AppError::AccountNotConfirmed);
        }
        let plan_key = if order.offer_type.trim().is_empty() { offer.plan_key.clone() } else { order.offer_type.trim().to_string() };
        let plan = plan(tenant, &plan_key)?;
        // Refuse now what applying would refuse: nobody pays for an offer that cannot be published.
        let mut trial = offer.clone();
        if order.extend {
            extend_record(&mut trial, String::new(), self.clock.now())?;
        } else {
            publish_record(self.offers.public_offers(), tenant, plan, &mut trial, String::new(), self.clock.now())?;
        }
        let invoice = if order.invoice == BillingData::default() {
            // No invoice data typed: the company's billing data, if it keeps any.
            let company = self.employers.company(slug, acting.company_id)?;
            company.and_then(|company| company.billing).map(Invoice::from).unwrap_or_default()
        } else {
            // Typed invoice data follow the billing page's rules (NIP checksum, Polish postal code,
            // ISO country, EU VAT numbers); refused fields are named as the payment request names them.
            let billing = order.invoice.validated().map_err(|errors| EmployersError::Refused(errors.into_iter().map(invoice_field).collect::<Vec<_>>()))?;
            if order.save_billing_data {
                require_owner(principal)?;
                self.employers.set_billing(slug, acting.company_id, billing.clone())?;
            }
            Invoice::from(billing)
        };
        let new = NewPayment {
            company_id: acting.company_id.to_string(),
            slug: offer.slug.clone(),
            plan_key: plan.slug.clone(),
            extend: order.extend,
            amount: plan.price.gross,
            currency: plan.price.currency.clone(),
            invoice,
            subscribe_to_newsletter: order.subscribe_to_newsletter,
            provider: self.provider.name().to_string(),
            return_url: order.return_url.clone(),
            form: (!order.extend).then(|| offer.form.clone()),
        };
        let payment = self.employers.create_payment(slug, new, self.clock.now())?;
        let separator = if return_url.contains('?') { '&' } else { '?' };
        let checkout = Checkout {
            payment_id: payment.id.clone(),
            tenant: slug.clone(),
            web_url,
            amount_minor: (payment.amount * 100.0).round() as i64,
            currency: payment.currency.to_ascii_lowercase(),
            description: format!("{} — {}", tenant.settings.name, plan.name_in("pl")),
            return_url: format!("{return_url}{separator}paymentId={}", payment.id),
        };
        let started = self.provider.start(&checkout)?;
        let payment = self.employers.set_provider_ref(slug, &payment.id, &started.provider_ref, self.clock.now())?;
        Ok((payment, started.url))
    }

    /// Applies a provider's status to a payment (once) and writes a newly published or extended
    /// offer through to candidates.
    fn settle(&self, tenant: &Tenant, payment_id: &str, status: PaymentStatus) -> Result<Payment> {
        let slug = &tenant.settings.slug;
        let now = self.clock.now();
        let public_offers = self.offers.public_offers();
        let (payment, applied) = self.employers.settle_payment(slug, payment_id, status, now, |payment, offer: &mut EmployerOffer| {
            let paid_by = format!("payment:{}", payment.id);
            if payment.extend {
                extend_record(offer, paid_by, now)
            } else {
                let plan = tenant.settings.employers.plan(&payment.plan_key).ok_or_else(|| EmployersError::UnknownPlan(payment.plan_key.clone()))?;
                match publish_record(public_offers, tenant, plan, offer, paid_by.clone(), now) {
                    // Edited into an invalid draft while the provider was busy: publish the form
                    // that was paid for.
                    Err(EmployersError::Invalid(errors)) => match &payment.form {
                        Some(paid_form) => {
                            tracing::warn!(payment = %payment.id, n_errors = errors.len(), "the draft changed during payment: publishing the paid form");
                            offer.form = paid_form.clone();
                            publish_record(public_offers, tenant, plan, offer, paid_by, now)
                        }
                        None => Err(EmployersError::Invalid(errors)),
                    },
                    other => other,
                }
            }
        })?;
        if let Some(offer) = applied {
            public_offers.write_published(tenant, &offer)?;
            if !payment.extend {
                self.offers.keep_in_company_profile(tenant, &offer);
            }
        }
        Ok(payment)
    }

    /// The status of one of the company's payments; a payment still open is asked of the provider.
    pub fn status(&self, tenant: &Tenant, principal: &Principal, payment_id: &str) -> Result<Payment> {
        let acting = Acting::of(principal)?;
        let payment = self.employers.payment(&tenant.settings.slug, payment_id)?;
        if payment.company_id != acting.company_id {
            return Err(EmployersError::PaymentNotFound.into());
        }
        if payment.status.is_final() || payment.provider != self.provider.name() {
            return Ok(payment);
        }
        let Some(provider_ref) = payment.provider_ref.clone() else { return Ok(payment) };
        let status = self.provider.status(&provider_ref)?;
        self.settle(tenant, payment_id, status)
    }

    /// The sandbox page's buttons (anyone holding the page): `pay`, `fail` or `cancel`; returns
    /// where to send the employer.
    pub fn sandbox_action(&self, tenant: &Tenant, payment_id: &str, action: &str) -> Result<String> {
        if self.provider.name() != "sandbox" {
            return Err(AppError::SandboxOff);
        }
        let status = match action {
            "pay" => PaymentStatus::Paid,
            "fail" => PaymentStatus::Failed,
            "cancel" => PaymentStatus::Cancelled,
            _ => return Err(AppError::UnknownSandboxAction),
        };
        let payment = self.settle(tenant, payment_id, status)?;
        let web_url = tenant.settings.web_url(&self.public_url);
        // Checked again: a payment recorded before return URLs were limited to the board may hold
        // any address; its employer lands on the board's front page instead.
        let base = board_return_url(&payment.return_url, web_url).unwrap_or_else(|| format!("{web_url}/"));
        let separator = if base.contains('?') { '&' } else { '?' };
        Ok(format!("{base}{separator}paymentId={}", payment.id))
    }

    /// The sandbox page of a payment (it must exist and be the sandbox's).
    pub fn sandbox_payment(&self, tenant: &Tenant, payment_id: &str) -> Result<Payment> {
        let payment = self.employers.payment(&tenant.settings.slug, payment_id)?;
        if payment.provider != "sandbox" || self.provider.name() != "sandbox" {
            return Err(EmployersError::PaymentNotFound.into());
        }
        if payment.status == PaymentStatus::Pending {
            return self.settle(tenant, payment_id, PaymentStatus::Started);
        }
        Ok(payment)
    }

    /// A provider's webhook: verified, then settled (repeats change nothing).
    pub fn webhook(&self, tenant: &Tenant, body: &[u8], signature: Option<&str>) -> Result<()> {
        let Some(Notification { payment_id, status }) = self.provider.webhook(body, signature, self.clock.now())? else { return Ok(()) };
        match self.settle(tenant, &payment_id, status) {
            // A notification for a payment of another board or a deleted offer: acknowledged,
            // nothing to do.
            Err(AppError::Employers(EmployersError::PaymentNotFound | EmployersError::OfferNotFound)) => Ok(()),
            other => other.map(|_| ()),
        }
    }
}
