//! Security headers on every answer of the API. The API answers JSON, generated SVG images and
//! standalone legal documents (HTML with inline styles), so its policy allows nothing but those
//! styles and same-origin images, and no page may frame it.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;

/// Policy of every API answer.
pub const CONTENT_SECURITY_POLICY: &str =
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/// Browser features no API answer needs.
pub const PERMISSIONS_POLICY: &str = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()";

/// One year, as browsers' preload lists expect.
const HSTS: &str = "max-age=31536000; includeSubDomains";

const FIXED: [(&str, &str); 5] = [
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "strict-origin-when-cross-origin"),
    ("permissions-policy", PERMISSIONS_POLICY),
    ("x-frame-options", "DENY"),
];

/// Whether the request reached us over HTTPS (directly, or through a proxy that says so).
fn over_https(request: &ServiceRequest, public_url_is_https: bool) -> bool {
    public_url_is_https
        || request.connection_info().scheme() == "https"
        || request.headers().get("x-forwarded-proto").and_then(|v| v.to_str().ok()).is_some_and(|v| v.eq_ignore_ascii_case("https"))
}

/// Middleware adding the headers; a handler's own value of a header is kept. HSTS is sent only
/// over HTTPS (over plain HTTP browsers ignore it, and it would pin a development host).
pub async fn add(request: ServiceRequest, next: Next<impl MessageBody>) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let public_url_is_https =
        request.app_data::<actix_web::web::Data<crate::state::AppState>>().is_some_and(|state| state.settings.server.public_url.starts_with("https://"));
    let https = over_https(&request, public_url_is_https);
    let mut response = next.call(request).await?;
    let headers = response.headers_mut();
    for (name, value) in FIXED {
        let name = HeaderName::from_static(name);
        if !headers.contains_key(&name) {
            headers.insert(name, HeaderValue::from_static(value));
        }
    }
    if https {
        headers.insert(HeaderName::from_static("strict-transport-security"), HeaderValue::from_static(HSTS));
    }
    Ok(response)
}
