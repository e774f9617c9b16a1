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
    let lang = crate::state::language(&request, &crate::state::QueryPairs::new(), &tenant)?.as_str().to_string();
    let request = NewApplicationRequest { form, attachment: attachment.map(Into::into), client_key, lang };
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

/// The parameters of a mailed CV link.
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CvLinkQuery {
    /// Unix seconds after which the link no longer works.
    pub expires: i64,
    /// HMAC of the board, the application and `expires`.
    pub signature: String,
}

/// Downloads an application's CV through the signed link mailed to the offer's address (when the
/// board links CVs rather than attaching them); 403 `invalid_signature` when wrong or expired.
#[utoipa::path(get, path = "/api/{tenant}/v1/applications/{id}/cv", tag = "applications",
    params(("tenant" = String, Path, description = "Board slug"), ("id" = String, Path, description = "Application id"), CvLinkQuery),
    responses((status = 200, description = "The file", content_type = "application/octet-stream"), (status = 400, description = "Malformed query", body = crate::error::ErrorBody),
              (status = 403, description = "The link is wrong or expired (invalid_signature)", body = crate::error::ErrorBody),
              (status = 404, description = "The application or its CV is gone", body = crate::error::ErrorBody)))]
pub async fn mailed_cv(
    state: web::Data<AppState>,
    path: web::Path<crate::routes::params::ApplicationPath>,
    query: web::Query<CvLinkQuery>,
) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let (attachment, bytes) = web::block(move || state.application_mailing.signed_cv(&tenant, &path.id, query.expires, &query.signature)).await??;
    Ok(HttpResponse::Ok()
        .content_type(attachment.mime.as_str())
        .insert_header(crate::downloads::attachment(&attachment.file_name, &attachment.mime))
        .insert_header(("cache-control", "private, no-store"))
        .insert_header(("x-content-type-options", "nosniff"))
        .body(bytes))
}

/// `?day=` of a run of the employers' application digests.
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ApplicationDigestRunQuery {
    /// Local day (`YYYY-MM-DD`) whose applications are listed (default: yesterday in `server.time_zone`).
    pub day: Option<String>,
    /// Wait (up to 60 s) until the mail queue has sent everything.
    pub wait: Option<bool>,
}

/// Runs the board's daily digests of applications now (what the scheduler does at
/// `applications.digest_hour` for the day before); internal token. A user's digest of a day is
/// queued once, however often this runs.
#[utoipa::path(post, path = "/api/{tenant}/internal/application-digests/run", tag = "internal",
    params(("tenant" = String, Path, description = "Board slug"), ApplicationDigestRunQuery),
    responses((status = 200, description = "What the run did", body = crate::dto::jobs::ApplicationDigestReport),
              (status = 400, description = "Not a day", body = crate::error::ErrorBody),
              (status = 401, description = "No or a wrong internal token", body = crate::error::ErrorBody)))]
pub async fn run_application_digests(
    state: web::Data<AppState>,
    path: web::Path<crate::routes::params::TenantPath>,
    query: web::Query<ApplicationDigestRunQuery>,
    request: HttpRequest,
) -> Result<HttpResponse> {
    crate::routes::internal::authorize(&state, &request)?;
    let tenant = state.tenant(&path.tenant)?;
    let day = match query.day.as_deref() {
        Some(text) => text.parse::<jiff::civil::Date>().map_err(|_| ApiError::new(ErrorCode::InvalidDay).with_field("day"))?,
        None => state.digests.today().yesterday().map_err(|error| ApiError::internal(&error))?,
    };
    let wait = query.wait.unwrap_or(false);
    let report = web::block(move || {
        let report = state.application_digests.run(&wakat_app::Principal::Internal, &tenant, day)?;
        if wait && !state.mail_queue.wait_idle(std::time::Duration::from_secs(60)) {
            tracing::warn!("the mail queue did not empty within 60 s");
        }
        Ok::<_, ApiError>(report)
    })
    .await??;
    Ok(HttpResponse::Ok().json(crate::dto::jobs::ApplicationDigestReport::from(report)))
}
