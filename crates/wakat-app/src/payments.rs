//! Payment providers behind one trait: the embedded sandbox (pages served by Wakat itself; pay,
//! fail or cancel without charging anything) and Stripe Checkout (a session created over its
//! API, settled by its signed webhook or by asking it when the employer returns).
//!
//! Providers are synchronous (service functions run them in `web::block`).

mod provider;
mod sandbox;
mod settings;
mod stripe;

pub use provider::{Checkout, Notification, PaymentError, PaymentProvider, Started};
pub use sandbox::SandboxProvider;
pub use settings::PaymentSettings;
pub use stripe::{sign_webhook, StripeProvider};

/// The provider of the configuration (checked by `Settings`).
pub fn build(settings: &PaymentSettings) -> Result<Box<dyn PaymentProvider>, String> {
    match settings.provider.as_str() {
        "sandbox" => Ok(Box::new(SandboxProvider)),
        "stripe" => Ok(Box::new(StripeProvider::new(settings))),
        other => Err(format!("unknown payment provider '{other}'")),
    }
}
