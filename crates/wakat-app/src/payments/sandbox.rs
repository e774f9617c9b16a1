//! The sandbox provider: its "payment page" is served by Wakat
//! (`GET /api/{tenant}/v1/payments/sandbox/{id}`) with pay, fail and cancel buttons that settle
//! the payment and send the employer back. Nothing is charged: a board that takes real money
//! configures Stripe.

use wakat_employers::PaymentStatus;

use super::provider::{Checkout, Notification, PaymentError, PaymentProvider, Started};

/// The embedded sandbox.
pub struct SandboxProvider;

impl PaymentProvider for SandboxProvider {
    fn name(&self) -> &'static str {
        "sandbox"
    }

    fn start(&self, checkout: &Checkout) -> Result<Started, PaymentError> {
        Ok(Started {
            provider_ref: format!("sandbox-{}", checkout.payment_id),
            url: format!("{}/api/{}/v1/payments/sandbox/{}", checkout.web_url, checkout.tenant, checkout.payment_id),
        })
    }

    /// The sandbox's state is the payment's own: its pages settle it directly.
    fn status(&self, _provider_ref: &str) -> Result<PaymentStatus, PaymentError> {
        Ok(PaymentStatus::Started)
    }

    fn webhook(&self, _body: &[u8], _signature: Option<&str>, _now: i64) -> Result<Option<Notification>, PaymentError> {
        Err(PaymentError::InvalidSignature("the sandbox takes no webhooks"))
    }
}
