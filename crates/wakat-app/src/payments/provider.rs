//! The provider trait and what passes through it: a [`Checkout`] in, a [`Started`] payment
//! and verified [`Notification`]s out. Its own file so that the providers below `payments`
//! implement it without reaching back up to their parent, which picks one of them.

use wakat_employers::PaymentStatus;

/// What a provider needs to start a payment.
#[derive(Debug, Clone)]
pub struct Checkout {
    /// Our payment id.
    pub payment_id: String,
    /// The board.
    pub tenant: String,
    /// The board's web app, without a trailing '/'.
    pub web_url: String,
    /// Amount in the currency's minor unit (grosze, cents).
    pub amount_minor: i64,
    /// ISO currency, lowercase.
    pub currency: String,
    /// What is paid for.
    pub description: String,
    /// Where the provider sends the employer back (paid or not).
    pub return_url: String,
}

/// A payment started at the provider.
#[derive(Debug, Clone)]
pub struct Started {
    /// The provider's id.
    pub provider_ref: String,
    /// Where to send the employer.
    pub url: String,
}

/// A verified provider notification.
#[derive(Debug, Clone, PartialEq)]
pub struct Notification {
    /// Our payment id (the provider echoes it).
    pub payment_id: String,
    /// The new status.
    pub status: PaymentStatus,
}

/// Why a provider call failed.
#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    /// The provider could not be reached or answered unexpectedly.
    #[error("payment provider: {0}")]
    Unavailable(String),
    /// A webhook whose signature or timestamp does not check.
    #[error("the webhook signature is invalid: {0}")]
    InvalidSignature(&'static str),
    /// A webhook body that does not parse.
    #[error("the webhook body is malformed: {0}")]
    Malformed(String),
}

/// A payment provider.
pub trait PaymentProvider: Send + Sync {
    /// `sandbox` or `stripe` (stored on the payment).
    fn name(&self) -> &'static str;
    /// Starts a payment; the employer is sent to the returned URL.
    fn start(&self, checkout: &Checkout) -> Result<Started, PaymentError>;
    /// The status at the provider (asked when the employer comes back).
    fn status(&self, provider_ref: &str) -> Result<PaymentStatus, PaymentError>;
    /// Verifies and reads a webhook; `None` for events that change no payment.
    fn webhook(&self, body: &[u8], signature: Option<&str>, now: i64) -> Result<Option<Notification>, PaymentError>;
}
