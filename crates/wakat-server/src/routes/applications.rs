//! Applying: the multipart application (form or one-click) and the tracked redirect of an
//! external apply. The handler streams the body (files go straight to the upload store), then
//! calls one method of `wakat_app`'s `Applying`.

use actix_multipart::Multipart;
use actix_web::{web, HttpRequest, HttpResponse};
use wakat_app::candidates::applying::NewApplicationRequest;
use wakat_core::apply::ApplyFormInput;

use crate::captcha::CaptchaError;
use crate::dto::candidate::{ApplicationCreated, RedirectDto};
use crate::error::{ApiError, ErrorCode, Result};
use crate::routes::params::SlugPath;
use crate::session::MaybeCandidate;
use crate::state::AppState;
use crate::uploads::{field_name, next_field, read_text, receive_file, ATTACHMENT_POLICY};

/// Largest text field of the form (a 1,000-character message is at most 4,000 bytes).
const MAX_TEXT_FIELD_BYTES: usize = 16 * 1024;
/// Most parts a form may have (it has 8 fields).
const MAX_PARTS: usize = 20;
/// Checks the captcha of a public write (a no-op unless the board configures one).
async fn check_captcha(state: &AppState, request: &HttpRequest, action: &str) -> Result<()> {
    let token = request.headers().get("recaptcha-token").and_then(|h| h.to_str().ok());
    let forwarded_for = request.headers().get("x-forwarded-for").and_then(|v| v.to_str().ok());
    let client = state.limits.client(request.peer_addr().map(|a| a.ip()), forwarded_for).map(|ip| ip.to_string());
    state.captcha.verify(token, action, client).await.map_err(|error| match error {
        CaptchaError::Unavailable(cause) => {
            tracing::error!(cause, "the captcha provider cannot be reached");
            ApiError::new(ErrorCode::CaptchaFailed).with_message("the captcha could not be checked; try again")
        }
        other => ApiError::new(ErrorCode::CaptchaFailed).with_message(other.to_string()).with_field("Recaptcha-Token"),
    })
}

/// Applies to an offer through its form (multipart), or in one click with the stored CV.
#[utoipa::path(post, path = "/api/{tenant}/v1/offers/{slug}/applications", tag = "applications",
    request_body(content = String, content_type = "multipart/form-data",
        description = "name, email, message (≤ 1000 characters), source (apply_form | 1_click_apply), future_consent_accepted, custom_consent_accepted, attachment (pdf, docx, jpeg or png, ≤ 5,000,000 bytes), candidate_id"),
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Offer slug"),
           ("Recaptcha-Token" = Option<String>, Header, description = "Captcha token (when the board has a captcha)")),
    responses((status = 201, description = "Stored", body = ApplicationCreated),
              (status = 400, description = "A rule of the form is broken: required, invalidEmail, fileOrDescriptionRequired, fileSize, fileType, messageLength (with the field)", body = crate::error::ErrorBody),
              (status = 401, description = "One-click apply without a session", body = crate::error::ErrorBody),
              (status = 403, description = "A session cookie without the CSRF header", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board or offer", body = crate::error::ErrorBody),
              (status = 409, description = "The offer is inactive, or takes applications on the employer's site, or the same person (e-mail or candidate) applied already (already_applied, with the first application's time in `at`)", body = crate::error::ErrorBody),
              (status = 413, description = "A text field is too long", body = crate::error::ErrorBody)))]
pub async fn apply(
    state: web::Data<AppState>,
    path: web::Path<SlugPath>,
    request: HttpRequest,
    session: MaybeCandidate,
    mut payload: Multipart,
) -> Result<HttpResponse> {
    let path = path.into_inner();
    let tenant = state.tenant(&path.tenant)?;
    check_captcha(&state, &request, "apply").await?;
    let mut form = ApplyFormInput::default();
    let mut attachment = None;
    let mut n_parts = 0;
    while let Some(mut field) = next_field(&mut payload).await? {
        n_parts += 1;
        if n_parts > MAX_PARTS {
            return Err(ApiError::new(ErrorCode::InvalidMultipart).with_message(format!("the form has at most {MAX_PARTS} parts")));
        }
        let name = field_name(&field);
        if name == "attachment" {
            if attachment.is_some() {
                return Err(ApiError::new(ErrorCode::InvalidMultipart).with_message("one attachment per application").with_field("attachment"));
            }
            attachment = receive_file(&mut field, &state.blobs, &ATTACHMENT_POLICY, "attachment").await?;
        } else {
            let value = read_text(&mut field, MAX_TEXT_FIELD_BYTES).await?;
            // Unknown fields are ignored, like unknown query parameters.
            form.set_field(&name, value);
        }
    }
    let client_key = state.client_key(&request);
    let request = NewApplicationRequest { form, attachment: attachment.map(Into::into), client_key };
    let submitted = web::block(move || state.applying.apply(&tenant, &session.principal(), &path.slug, request)).await??;
    Ok(HttpResponse::Created().json(ApplicationCreated { id: submitted.id }))
}

/// Records a redirect to the offer's external apply link and answers where to go.
#[utoipa::path(post, path = "/api/{tenant}/v2/user-panel/offers/{slug}/track-redirects", tag = "applications",
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Offer slug"),
           ("Recaptcha-Token" = Option<String>, Header, description = "Captcha token (when the board has a captcha)")),
    responses((status = 200, description = "Tracked (throttled per client and offer for 24 h when the board's redirectCountThrottling flag is on)", body = RedirectDto),
              (status = 400, description = "Captcha refused", body = crate::error::ErrorBody),
              (status = 403, description = "A session cookie without the CSRF header", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board or offer", body = crate::error::ErrorBody),
              (status = 409, description = "The offer is inactive or has no external apply link", body = crate::error::ErrorBody)))]
pub async fn track_redirect(state: web::Data<AppState>, path: web::Path<SlugPath>, request: HttpRequest, session: MaybeCandidate) -> Result<HttpResponse> {
    let path = path.into_inner();
    let tenant = state.tenant(&path.tenant)?;
    check_captcha(&state, &request, "track_redirect").await?;
    let client_key = state.client_key(&request);
    let redirect = web::block(move || state.applying.track_redirect(&tenant, &session.principal(), &path.slug, client_key)).await??;
    Ok(HttpResponse::Ok().insert_header(("cache-control", "no-store")).json(RedirectDto { apply_url: redirect.apply_url, redirect_id: redirect.id }))
}
