//! `[payments]` of wakat.toml: which provider, its secrets, and where the sandbox may run.

use serde::Deserialize;

/// The payment provider of every board.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PaymentSettings {
    /// `sandbox` (pages served by Wakat itself; nothing is charged) or `stripe`.
    pub provider: String,
    /// Stripe's API base URL (a loopback stub in tests).
    pub stripe_api_url: String,
    /// Stripe secret key.
    pub stripe_secret_key: String,
    /// Signing secret of the Stripe webhook endpoint.
    pub stripe_webhook_secret: String,
    /// Oldest webhook signature timestamp accepted, in seconds.
    pub stripe_tolerance_secs: i64,
    /// Lets the sandbox run where a board is served over HTTPS (a public staging board). Off, an
    /// HTTPS deployment with the sandbox does not start: there, anyone could "pay" for an offer.
    pub sandbox_on_https: bool,
}

impl Default for PaymentSettings {
    fn default() -> Self {
        PaymentSettings {
            provider: "sandbox".into(),
            stripe_api_url: "https://api.stripe.com".into(),
            stripe_secret_key: String::new(),
            stripe_webhook_secret: String::new(),
            stripe_tolerance_secs: 300,
            sandbox_on_https: false,
        }
    }
}

impl PaymentSettings {
    /// Checks the provider's settings; `https_deployment`: a board is served over HTTPS.
    pub fn check(&self, https_deployment: bool) -> Result<(), String> {
        match self.provider.as_str() {
            "sandbox" if https_deployment && !self.sandbox_on_https => Err(
                "payments: the sandbox provider charges nothing and a board is served over https; configure stripe, or set payments.sandbox_on_https = true for a staging board".into(),
            ),
            "sandbox" => Ok(()),
            "stripe" if !self.stripe_secret_key.is_empty() && !self.stripe_webhook_secret.is_empty() => Ok(()),
            "stripe" => Err("payments: stripe needs stripe_secret_key and stripe_webhook_secret".into()),
            other => Err(format!("payments.provider '{other}' must be 'sandbox' or 'stripe'")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::PaymentSettings;

    #[test]
    fn the_sandbox_refuses_an_https_deployment_unless_allowed() {
        let sandbox = PaymentSettings::default();
        assert_eq!(sandbox.check(false), Ok(()));
        assert!(sandbox.check(true).unwrap_err().contains("sandbox_on_https"));
        assert_eq!(PaymentSettings { sandbox_on_https: true, ..PaymentSettings::default() }.check(true), Ok(()));
        let stripe =
            PaymentSettings { provider: "stripe".into(), stripe_secret_key: "sk".into(), stripe_webhook_secret: "whsec".into(), ..PaymentSettings::default() };
        assert_eq!(stripe.check(true), Ok(()));
        assert!(PaymentSettings { provider: "stripe".into(), ..PaymentSettings::default() }.check(false).is_err());
        assert!(PaymentSettings { provider: "paypal".into(), ..PaymentSettings::default() }.check(false).is_err());
    }
}
