//! Stripe Checkout: `POST /v1/checkout/sessions` (form-encoded, the secret key as bearer) starts
//! a payment, `GET /v1/checkout/sessions/{id}` reads it back, and the webhook
//! (`Stripe-Signature: t=…,v1=…`, HMAC-SHA256 of `{t}.{body}` with the endpoint's secret) says
//! when it is paid. Signatures are compared in constant time and refused outside the timestamp
//! tolerance, so a captured webhook cannot be replayed later.

use std::sync::OnceLock;
use std::time::Duration;

use hmac::{Hmac, Mac};
use sha2::Sha256;
use wakat_employers::PaymentStatus;
use wakat_store::secrets::{secrets_equal, to_hex};

use super::provider::{Checkout, Notification, PaymentError, PaymentProvider, Started};
use super::settings::PaymentSettings;

/// Stripe Checkout over its HTTP API.
pub struct StripeProvider {
    api_url: String,
    secret_key: String,
    webhook_secret: String,
    tolerance_secs: i64,
    /// Built on first use, on a blocking thread (a blocking client may not live in async code).
    client: OnceLock<reqwest::blocking::Client>,
}

/// The `Stripe-Signature` header of `body` at `timestamp` (tests and the loopback stub use it).
pub fn sign_webhook(secret: &str, timestamp: i64, body: &[u8]) -> String {
    format!("t={timestamp},v1={}", to_hex(&mac(secret, timestamp, body)))
}

fn mac(secret: &str, timestamp: i64, body: &[u8]) -> Vec<u8> {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret.as_bytes()).expect("HMAC takes keys of any length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    mac.finalize().into_bytes().to_vec()
}

impl StripeProvider {
    /// A provider with the configured keys.
    pub fn new(settings: &PaymentSettings) -> StripeProvider {
        StripeProvider {
            api_url: settings.stripe_api_url.trim_end_matches('/').to_string(),
            secret_key: settings.stripe_secret_key.clone(),
            webhook_secret: settings.stripe_webhook_secret.clone(),
            tolerance_secs: settings.stripe_tolerance_secs,
            client: OnceLock::new(),
        }
    }

    fn client(&self) -> &reqwest::blocking::Client {
        self.client.get_or_init(|| reqwest::blocking::Client::builder().timeout(Duration::from_secs(10)).build().expect("a TLS client builds"))
    }

    fn session(&self, response: reqwest::Result<reqwest::blocking::Response>) -> Result<serde_json::Value, PaymentError> {
        let response = response.map_err(|e| PaymentError::Unavailable(e.to_string()))?;
        let status = response.status();
        let body: serde_json::Value = response.json().map_err(|e| PaymentError::Unavailable(format!("answer is not JSON: {e}")))?;
        if !status.is_success() {
            return Err(PaymentError::Unavailable(format!("Stripe answered {status}: {}", body["error"]["message"])));
        }
        Ok(body)
    }

    /// Checks `Stripe-Signature` against the body: one `t`, any `v1` matching, within tolerance.
    fn verify(&self, body: &[u8], header: &str, now: i64) -> Result<(), PaymentError> {
        let mut timestamp = None;
        let mut signatures = Vec::new();
        for part in header.split(',') {
            match part.trim().split_once('=') {
                Some(("t", value)) => timestamp = value.parse::<i64>().ok(),
                Some(("v1", value)) => signatures.push(value.to_string()),
                _ => {}
            }
        }
        let timestamp = timestamp.ok_or(PaymentError::InvalidSignature("no timestamp"))?;
        if (now - timestamp).abs() > self.tolerance_secs {
            return Err(PaymentError::InvalidSignature("timestamp outside the tolerance"));
        }
        let expected = to_hex(&mac(&self.webhook_secret, timestamp, body));
        // Every candidate is compared (no early exit), so the time tells nothing about which matched.
        let matches = signatures.iter().fold(false, |found, candidate| found | secrets_equal(candidate, &expected));
        if matches {
            Ok(())
        } else {
            Err(PaymentError::InvalidSignature("no matching v1 signature"))
        }
    }
}

/// Our status of a Checkout session object.
fn session_status(session: &serde_json::Value) -> PaymentStatus {
    match (session["status"].as_str(), session["payment_status"].as_str()) {
        (_, Some("paid")) | (_, Some("no_payment_required")) => PaymentStatus::Paid,
        (Some("expired"), _) => PaymentStatus::Cancelled,
        _ => PaymentStatus::Started,
    }
}

impl PaymentProvider for StripeProvider {
    fn name(&self) -> &'static str {
        "stripe"
    }

    fn start(&self, checkout: &Checkout) -> Result<Started, PaymentError> {
        let form = [
            ("mode", "payment".to_string()),
            ("success_url", checkout.return_url.clone()),
            ("cancel_url", checkout.return_url.clone()),
            ("client_reference_id", checkout.payment_id.clone()),
            ("metadata[payment_id]", checkout.payment_id.clone()),
            ("metadata[tenant]", checkout.tenant.clone()),
            ("line_items[0][quantity]", "1".to_string()),
            ("line_items[0][price_data][currency]", checkout.currency.clone()),
            ("line_items[0][price_data][unit_amount]", checkout.amount_minor.to_string()),
            ("line_items[0][price_data][product_data][name]", checkout.description.clone()),
        ];
        let request = self.client().post(format!("{}/v1/checkout/sessions", self.api_url)).bearer_auth(&self.secret_key).form(&form);
        let session = self.session(request.send())?;
        match (session["id"].as_str(), session["url"].as_str()) {
            (Some(id), Some(url)) => Ok(Started { provider_ref: id.to_string(), url: url.to_string() }),
            _ => Err(PaymentError::Unavailable("the session has no id or url".into())),
        }
    }

    fn status(&self, provider_ref: &str) -> Result<PaymentStatus, PaymentError> {
        if provider_ref.is_empty() || !provider_ref.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            return Err(PaymentError::Unavailable("not a Checkout session id".into()));
        }
        let request = self.client().get(format!("{}/v1/checkout/sessions/{provider_ref}", self.api_url)).bearer_auth(&self.secret_key);
        Ok(session_status(&self.session(request.send())?))
    }

    fn webhook(&self, body: &[u8], signature: Option<&str>, now: i64) -> Result<Option<Notification>, PaymentError> {
        self.verify(body, signature.ok_or(PaymentError::InvalidSignature("no Stripe-Signature header"))?, now)?;
        let event: serde_json::Value = serde_json::from_slice(body).map_err(|e| PaymentError::Malformed(e.to_string()))?;
        let session = &event["data"]["object"];
        let status = match event["type"].as_str() {
            Some("checkout.session.completed" | "checkout.session.async_payment_succeeded") => session_status(session),
            Some("checkout.session.async_payment_failed") => PaymentStatus::Failed,
            Some("checkout.session.expired") => PaymentStatus::Cancelled,
            _ => return Ok(None),
        };
        let payment_id = session["client_reference_id"].as_str().or(session["metadata"]["payment_id"].as_str());
        Ok(payment_id.map(|id| Notification { payment_id: id.to_string(), status }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn provider() -> StripeProvider {
        StripeProvider::new(&PaymentSettings { stripe_webhook_secret: "whsec_test".into(), ..PaymentSettings::default() })
    }

    #[test]
    fn webhook_signatures_check_secret_body_and_time() {
        let body = br#"{"type":"checkout.session.completed","data":{"object":{"client_reference_id":"p1","payment_status":"paid"}}}"#;
        let header = sign_webhook("whsec_test", 1_000, body);
        let stripe = provider();
        assert_eq!(stripe.webhook(body, Some(&header), 1_100).unwrap(), Some(Notification { payment_id: "p1".into(), status: PaymentStatus::Paid }));
        assert!(stripe.webhook(body, Some(&header), 1_301).is_err(), "too old");
        assert!(stripe.webhook(body, Some(&sign_webhook("other", 1_000, body)), 1_000).is_err(), "another secret");
        assert!(stripe.webhook(b"{}", Some(&header), 1_000).is_err(), "another body");
        assert!(stripe.webhook(body, None, 1_000).is_err());
        assert!(stripe.webhook(body, Some("t=1000"), 1_000).is_err());
        let rotated = format!("{header},v1=00");
        assert!(stripe.webhook(body, Some(&rotated), 1_000).is_ok(), "any v1 may match");
    }
}
