//! The captcha of public writes (applications, redirects): a verifier trait, off by default, and
//! a `siteverify` verifier for real deployments — the form protocol that reCAPTCHA, hCaptcha and
//! Cloudflare Turnstile share (`POST secret=…&response=…&remoteip=…` → `{"success": bool, "score"?}`).

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use serde::Deserialize;

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

/// A captcha verified on the server: off by default; `siteverify` posts the token to a
/// reCAPTCHA / hCaptcha / Turnstile compatible endpoint, and browsers earn it with the widget.
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct CaptchaSettings {
    /// `off` or `siteverify`.
    pub provider: String,
    /// The provider's verification URL.
    pub verify_url: String,
    /// The board's secret at the provider.
    pub secret: String,
    /// Lowest score accepted when the provider scores (reCAPTCHA v3); 0 ignores scores.
    pub min_score: f64,
    /// The browser widget that earns the token: `turnstile`, `hcaptcha` or `recaptcha` (v2).
    pub widget: String,
    /// The board's public site key at the provider (shown to browsers).
    pub site_key: String,
    /// The widget's script; empty: the provider's own, with explicit rendering.
    pub script_url: String,
}

impl Default for CaptchaSettings {
    fn default() -> Self {
        CaptchaSettings {
            provider: "off".into(),
            verify_url: String::new(),
            secret: String::new(),
            min_score: 0.5,
            widget: String::new(),
            site_key: String::new(),
            script_url: String::new(),
        }
    }
}

/// The widgets the web app can render, with their scripts (explicit rendering: the form renders
/// the widget where it needs it and reads the token from its callback).
const CAPTCHA_WIDGETS: [(&str, &str); 3] = [
    ("turnstile", "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit"),
    ("hcaptcha", "https://js.hcaptcha.com/1/api.js?render=explicit"),
    ("recaptcha", "https://www.google.com/recaptcha/api.js?render=explicit"),
];

impl CaptchaSettings {
    /// Refuses settings under which no public write could ever pass.
    pub fn check(&self) -> Result<(), String> {
        match self.provider.as_str() {
            "off" => Ok(()),
            "siteverify" if !self.verify_url.starts_with("http") || self.secret.is_empty() || self.site_key.is_empty() => {
                Err("accounts.captcha: siteverify needs verify_url, secret and site_key".into())
            }
            // Without a widget the web app could never earn a token: every application would be refused.
            "siteverify" if self.public_widget().is_none() => {
                Err(format!("accounts.captcha.widget '{}' must be turnstile, hcaptcha or recaptcha", self.widget))
            }
            "siteverify" => Ok(()),
            other => Err(format!("accounts.captcha.provider '{other}' must be 'off' or 'siteverify'")),
        }
    }

    /// What a browser needs to earn a token: none while the captcha is off.
    pub fn public_widget(&self) -> Option<crate::dto::CaptchaWidget> {
        if self.provider != "siteverify" {
            return None;
        }
        let default_script = CAPTCHA_WIDGETS.iter().find(|(name, _)| *name == self.widget).map(|(_, script)| *script)?;
        let script_url = if self.script_url.is_empty() { default_script } else { &self.script_url };
        Some(crate::dto::CaptchaWidget { widget: self.widget.clone(), site_key: self.site_key.clone(), script_url: script_url.to_string() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn siteverify(widget: &str, script_url: &str) -> CaptchaSettings {
        CaptchaSettings {
            provider: "siteverify".into(),
            verify_url: "https://challenges.cloudflare.com/turnstile/v0/siteverify".into(),
            secret: "secret".into(),
            widget: widget.into(),
            site_key: "site".into(),
            script_url: script_url.into(),
            ..CaptchaSettings::default()
        }
    }

    #[test]
    fn browsers_learn_the_widget_only_while_the_captcha_is_on() {
        assert!(CaptchaSettings::default().public_widget().is_none());
        let hcaptcha = siteverify("hcaptcha", "").public_widget().expect("a widget");
        assert_eq!((hcaptcha.site_key.as_str(), hcaptcha.script_url.as_str()), ("site", "https://js.hcaptcha.com/1/api.js?render=explicit"));
        let own = siteverify("turnstile", "https://captcha.example/api.js").public_widget().expect("a widget");
        assert_eq!(own.script_url, "https://captcha.example/api.js");
        assert!(siteverify("friendly", "").public_widget().is_none(), "an unknown widget is none");
        assert!(siteverify("friendly", "").check().is_err());
        assert!(CaptchaSettings { site_key: String::new(), ..siteverify("turnstile", "") }.check().is_err());
        assert!(siteverify("recaptcha", "").check().is_ok());
    }
}
