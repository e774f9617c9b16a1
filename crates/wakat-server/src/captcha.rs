//! The captcha of public writes (applications, redirects): a verifier trait, off by default, and
//! a `siteverify` verifier for real deployments — the form protocol that reCAPTCHA, hCaptcha and
//! Cloudflare Turnstile share (`POST secret=…&response=…&remoteip=…` → `{"success": bool, "score"?}`).

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use serde::Deserialize;

use crate::config::CaptchaSettings;

/// A boxed future of a verification.
pub type Verification<'a> = Pin<Box<dyn Future<Output = Result<(), CaptchaError>> + Send + 'a>>;

/// Why a captcha was not accepted.
#[derive(Debug, thiserror::Error)]
pub enum CaptchaError {
    /// No token in the request.
    #[error("the captcha token is missing")]
    Missing,
    /// The provider refused the token (or scored it too low).
    #[error("the captcha was refused")]
    Refused,
    /// The provider could not be asked; the write is refused rather than let through.
    #[error("the captcha provider cannot be reached: {0}")]
    Unavailable(String),
}

/// Checks the captcha token a browser sent with a public write.
pub trait CaptchaVerifier: Send + Sync {
    /// Accepts or refuses `token` for `action` (`apply`, `track_redirect`) from `client_ip`.
    fn verify<'a>(&'a self, token: Option<&'a str>, action: &'a str, client_ip: Option<String>) -> Verification<'a>;
}

/// The default: no captcha (development, boards behind other protection).
pub struct NoCaptcha;

impl CaptchaVerifier for NoCaptcha {
    fn verify<'a>(&'a self, _: Option<&'a str>, _: &'a str, _: Option<String>) -> Verification<'a> {
        Box::pin(async { Ok(()) })
    }
}

/// Asks a siteverify endpoint.
pub struct SiteVerify {
    client: reqwest::Client,
    url: String,
    secret: String,
    min_score: f64,
}

#[derive(Deserialize)]
struct SiteVerifyAnswer {
    success: bool,
    #[serde(default)]
    score: Option<f64>,
    #[serde(default)]
    action: Option<String>,
}

impl SiteVerify {
    /// A verifier posting to `url` with the board's `secret`.
    pub fn new(url: &str, secret: &str, min_score: f64) -> SiteVerify {
        let client = reqwest::Client::builder().timeout(Duration::from_secs(5)).build().expect("a TLS client builds");
        SiteVerify { client, url: url.to_string(), secret: secret.to_string(), min_score }
    }
}

impl CaptchaVerifier for SiteVerify {
    fn verify<'a>(&'a self, token: Option<&'a str>, action: &'a str, client_ip: Option<String>) -> Verification<'a> {
        Box::pin(async move {
            let token = token.map(str::trim).filter(|t| !t.is_empty() && t.len() <= 4096).ok_or(CaptchaError::Missing)?;
            let mut form = vec![("secret", self.secret.as_str()), ("response", token)];
            let ip = client_ip.unwrap_or_default();
            if !ip.is_empty() {
                form.push(("remoteip", ip.as_str()));
            }
            let answer = self.client.post(&self.url).form(&form).send().await.map_err(|e| CaptchaError::Unavailable(e.to_string()))?;
            let answer: SiteVerifyAnswer = answer.json().await.map_err(|e| CaptchaError::Unavailable(e.to_string()))?;
            let score_ok = answer.score.is_none_or(|score| score >= self.min_score);
            let action_ok = answer.action.as_deref().is_none_or(|given| given == action);
            if answer.success && score_ok && action_ok {
                Ok(())
            } else {
                Err(CaptchaError::Refused)
            }
        })
    }
}

/// The verifier the settings name.
pub fn build(settings: &CaptchaSettings) -> Box<dyn CaptchaVerifier> {
    match settings.provider.as_str() {
        "siteverify" => Box::new(SiteVerify::new(&settings.verify_url, &settings.secret, settings.min_score)),
        _ => Box::new(NoCaptcha),
    }
}
