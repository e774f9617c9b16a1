//! Payments for a publication or an extension: created before the employer is sent to the
//! provider, then moved by the provider's answers (the return, the webhook) and applied to the
//! offer exactly once, whichever answer comes first and however often it repeats.

use serde::{Deserialize, Serialize};
use wakat_store::ids::new_id;
use wakat_store::json;

use crate::store::RECORD_VERSION;
use crate::{keys, EmployerOffer, EmployerStore, EmployersError};

/// Invoice data of a payment (the snake_case request of `POST /v1/payments`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[allow(missing_docs)]
pub struct Invoice {
    pub street: String,
    pub street_number: String,
    pub city: String,
    pub country: String,
    pub company_name: String,
    pub postal_code: String,
    pub tax_id: String,
}

impl From<crate::BillingData> for Invoice {
    fn from(billing: crate::BillingData) -> Invoice {
        Invoice {
            street: billing.street,
            street_number: billing.street_number,
            city: billing.city,
            country: billing.country,
            company_name: billing.company_name,
            postal_code: billing.postal_code,
            tax_id: billing.tax_id,
        }
    }
}

/// Where a payment is at the provider.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PaymentStatus {
    /// Created, the employer not at the provider yet.
    Pending,
    /// The employer is at the provider.
    Started,
    /// Paid (applied to the offer).
    Paid,
    /// Refused or failed.
    Failed,
    /// Abandoned by the employer.
    Cancelled,
}

/// The status as the web app polls it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PaymentOutcome {
    /// Pending or started.
    Pending,
    /// Paid.
    Success,
    /// Failed, errored or cancelled.
    Failure,
}

impl PaymentStatus {
    /// The spec's mapping: pending or started give pending; paid gives success; failed or
    /// error (cancelled) give failure.
    pub fn outcome(self) -> PaymentOutcome {
        match self {
            PaymentStatus::Pending | PaymentStatus::Started => PaymentOutcome::Pending,
            PaymentStatus::Paid => PaymentOutcome::Success,
            PaymentStatus::Failed | PaymentStatus::Cancelled => PaymentOutcome::Failure,
        }
    }

    /// Whether the provider has said its last word.
    pub fn is_final(self) -> bool {
        !matches!(self, PaymentStatus::Pending | PaymentStatus::Started)
    }

    /// A provider's status word (`pending`, `started`, `paid`, `ok`, `failed`, `error`, `cancelled`).
    pub fn parse(word: &str) -> Option<PaymentStatus> {
        Some(match word {
            "pending" => PaymentStatus::Pending,
            "started" => PaymentStatus::Started,
            "paid" | "ok" => PaymentStatus::Paid,
            "failed" | "error" => PaymentStatus::Failed,
            "cancelled" | "canceled" => PaymentStatus::Cancelled,
            _ => return None,
        })
    }
}

/// A payment of a company for one offer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Payment {
    /// Record format version.
    pub v: u8,
    /// Random hex id.
    pub id: String,
    /// Payer.
    pub company_id: String,
    /// The offer paid for.
    pub slug: String,
    /// The plan paid for.
    pub plan_key: String,
    /// An extension rather than a first publication.
    pub extend: bool,
    /// Gross amount charged.
    pub amount: f64,
    /// ISO currency.
    pub currency: String,
    /// Invoice data.
    pub invoice: Invoice,
    /// Newsletter wanted.
    pub subscribe_to_newsletter: bool,
    /// `sandbox` or `stripe`.
    pub provider: String,
    /// The provider's id (a Checkout session id).
    pub provider_ref: Option<String>,
    /// Where the provider sends the employer back.
    pub return_url: String,
    /// Status at the provider.
    pub status: PaymentStatus,
    /// Whether the publication or extension was applied to the offer.
    pub applied: bool,
    /// The form as checked when the payment started: if the draft was edited into an invalid
    /// state before the provider confirmed, this is what gets published, so money taken always
    /// publishes something.
    #[serde(default)]
    pub form: Option<wakat_core::offer_form::OfferForm>,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds.
    pub updated_at: i64,
}

/// A payment about to be sent to the provider.
#[derive(Debug, Clone)]
#[allow(missing_docs)]
pub struct NewPayment {
    pub company_id: String,
    pub slug: String,
    pub plan_key: String,
    pub extend: bool,
    pub amount: f64,
    pub currency: String,
    pub invoice: Invoice,
    pub subscribe_to_newsletter: bool,
    pub provider: String,
    pub return_url: String,
    /// The form as checked when the payment started (see [`Payment::form`]).
    pub form: Option<wakat_core::offer_form::OfferForm>,
}

impl EmployerStore {
    /// Records a new pending payment.
    pub fn create_payment(&self, tenant: &str, new: NewPayment, now: i64) -> Result<Payment, EmployersError> {
        let payment = Payment {
            v: RECORD_VERSION,
            id: new_id(),
            company_id: new.company_id,
            slug: new.slug,
            plan_key: new.plan_key,
            extend: new.extend,
            amount: new.amount,
            currency: new.currency,
            invoice: new.invoice,
            subscribe_to_newsletter: new.subscribe_to_newsletter,
            provider: new.provider,
            provider_ref: None,
            return_url: new.return_url,
            status: PaymentStatus::Pending,
            applied: false,
            form: new.form,
            created_at: now,
            updated_at: now,
        };
        self.kv.commit(vec![json::put(keys::payment(tenant, &payment.id)?, &payment)?])?;
        Ok(payment)
    }

    /// A payment by id (any company: the provider's answers name only the id).
    pub fn payment(&self, tenant: &str, id: &str) -> Result<Payment, EmployersError> {
        let Ok(key) = keys::payment(tenant, id) else { return Err(EmployersError::PaymentNotFound) };
        json::read(&*self.kv, &key)?.ok_or(EmployersError::PaymentNotFound)
    }

    /// Records the provider's id of a payment.
    pub fn set_provider_ref(&self, tenant: &str, id: &str, provider_ref: &str, now: i64) -> Result<Payment, EmployersError> {
        let _guard = self.spend_lock();
        let mut payment = self.payment(tenant, id)?;
        payment.provider_ref = Some(provider_ref.to_string());
        payment.updated_at = now;
        self.kv.commit(vec![json::put(keys::payment(tenant, id)?, &payment)?])?;
        Ok(payment)
    }

    /// Moves a payment to `status`. A final status never changes again; `Paid` applies `change`
    /// to the offer in the same transaction, once. Returns the payment and, when this call
    /// applied it, the changed offer.
    pub fn settle_payment(
        &self,
        tenant: &str,
        id: &str,
        status: PaymentStatus,
        now: i64,
        change: impl FnOnce(&Payment, &mut EmployerOffer) -> Result<(), EmployersError>,
    ) -> Result<(Payment, Option<EmployerOffer>), EmployersError> {
        let _guard = self.spend_lock();
        let mut payment = self.payment(tenant, id)?;
        if payment.status.is_final() || (status == PaymentStatus::Pending) || payment.status == status {
            return Ok((payment, None));
        }
        payment.status = status;
        payment.updated_at = now;
        let mut ops = Vec::new();
        let mut applied = None;
        if status == PaymentStatus::Paid && !payment.applied {
            let mut offer = self.offer(tenant, &payment.company_id, &payment.slug)?;
            change(&payment, &mut offer)?;
            payment.applied = true;
            ops.extend(Self::offer_ops(tenant, &offer)?);
            applied = Some(offer);
        }
        ops.push(json::put(keys::payment(tenant, id)?, &payment)?);
        self.kv.commit(ops)?;
        Ok((payment, applied))
    }
}
