//! Payments: create (→ the provider's page), poll the status, the sandbox provider's own pages,
//! and the Stripe webhook.

use actix_web::{web, HttpRequest, HttpResponse};

use crate::dto::employers::{PaymentCreatedDto, PaymentRequest, PaymentStatusData, PaymentStatusDto};
use crate::employer_session::Employer;
use crate::error::Result;
use crate::routes::params::{PaymentPath, SandboxActionPath, TenantPath};
use crate::state::AppState;

/// Starts paying for a publication (or an extension): answers the provider's page.
#[utoipa::path(post, operation_id = "create_payment", path = "/api/{tenant}/v1/payments", tag = "payments", request_body = PaymentRequest,
    params(("tenant" = String, Path, description = "Board slug")), security(("bearer" = [])),
    responses((status = 201, description = "Send the employer to `payment_request_url`", body = PaymentCreatedDto),
              (status = 400, description = "A field breaks a rule", body = crate::error::ErrorBody), (status = 401, description = "Not an employer", body = crate::error::ErrorBody),
              (status = 403, description = "Wrong token, or the account is not confirmed", body = crate::error::ErrorBody),
              (status = 404, description = "No such offer of the company", body = crate::error::ErrorBody), (status = 409, description = "The offer's state does not allow it", body = crate::error::ErrorBody),
              (status = 422, description = "The form breaks rules", body = crate::error::ErrorBody), (status = 502, description = "The provider is unavailable", body = crate::error::ErrorBody)))]
pub async fn create(state: web::Data<AppState>, employer: Employer, body: web::Json<PaymentRequest>) -> Result<HttpResponse> {
    let (payment, url) = web::block(move || state.employer_payments.create(&employer.tenant, &employer.principal(), body.into_inner().into())).await??;
    Ok(HttpResponse::Created().insert_header(("cache-control", "no-store")).json(PaymentCreatedDto { id: payment.id, payment_request_url: url }))
}

/// The payment's status (`pending`, `success`, `failure`), polled by the web app.
#[utoipa::path(get, path = "/api/{tenant}/v1/payments/{id}/status", tag = "payments",
    params(("tenant" = String, Path, description = "Board slug"), ("id" = String, Path, description = "Payment id")), security(("bearer" = [])),
    responses((status = 200, description = "`data.status`", body = PaymentStatusDto), (status = 401, description = "Not an employer", body = crate::error::ErrorBody),
              (status = 404, description = "No such payment of the company", body = crate::error::ErrorBody), (status = 502, description = "The provider is unavailable", body = crate::error::ErrorBody)))]
pub async fn status(state: web::Data<AppState>, employer: Employer, path: web::Path<PaymentPath>) -> Result<HttpResponse> {
    let payment = web::block(move || state.employer_payments.status(&employer.tenant, &employer.principal(), &path.id)).await??;
    Ok(HttpResponse::Ok().insert_header(("cache-control", "no-store")).json(PaymentStatusDto { data: PaymentStatusData { status: payment.status.outcome() } }))
}

pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The sandbox provider's page: the amount and three buttons (pay, fail, cancel).
#[utoipa::path(get, path = "/api/{tenant}/v1/payments/sandbox/{id}", tag = "payments",
    params(("tenant" = String, Path, description = "Board slug"), ("id" = String, Path, description = "Payment id")),
    responses((status = 200, description = "HTML page", content_type = "text/html"), (status = 404, description = "No such sandbox payment", body = crate::error::ErrorBody)))]
pub async fn sandbox_page(state: web::Data<AppState>, path: web::Path<PaymentPath>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let (state_, tenant_, id) = (state.clone(), tenant.clone(), path.id.clone());
    let payment = web::block(move || state_.employer_payments.sandbox_payment(&tenant_, &id)).await??;
    let action = |name: &str, label: &str| {
        format!(
            r#"<form method="post" action="/api/{}/v1/payments/sandbox/{}/{name}"><button type="submit" name="{name}">{label}</button></form>"#,
            escape(&tenant.settings.slug),
            escape(&payment.id)
        )
    };
    let html = format!(
        r#"<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox payment</title></head><body><main><h1>Sandbox payment</h1><p>{board}: plan <strong>{plan}</strong>, offer {offer}</p><p>Amount: <strong>{amount:.2} {currency}</strong></p><p>Status: {status:?}</p><p>This is the sandbox provider: nothing is charged.</p>{pay}{fail}{cancel}</main></body></html>"#,
        board = escape(&tenant.settings.name),
        plan = escape(&payment.plan_key),
        offer = escape(&payment.slug),
        amount = payment.amount,
        currency = escape(&payment.currency),
        status = payment.status,
        pay = action("pay", "Pay"),
        fail = action("fail", "Fail"),
        cancel = action("cancel", "Cancel"),
    );
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .insert_header(("cache-control", "no-store"))
        .insert_header(("content-security-policy", "default-src 'none'; form-action 'self'; frame-ancestors 'none'"))
        .body(html))
}

/// A sandbox button: settles the payment and sends the employer back to the return URL.
#[utoipa::path(post, path = "/api/{tenant}/v1/payments/sandbox/{id}/{action}", tag = "payments",
    params(("tenant" = String, Path, description = "Board slug"), ("id" = String, Path, description = "Payment id"), ("action" = String, Path, description = "pay, fail or cancel")),
    responses((status = 303, description = "Back to the return URL with `paymentId`"), (status = 400, description = "Unknown action", body = crate::error::ErrorBody),
              (status = 404, description = "No such sandbox payment", body = crate::error::ErrorBody)))]
pub async fn sandbox_action(state: web::Data<AppState>, path: web::Path<SandboxActionPath>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let location = web::block(move || state.employer_payments.sandbox_action(&tenant, &path.id, &path.action)).await??;
    Ok(HttpResponse::SeeOther().insert_header(("location", location)).finish())
}

/// The Stripe webhook (signed; repeats change nothing).
#[utoipa::path(post, path = "/api/{tenant}/v1/payments/stripe/webhook", tag = "payments", request_body(content = Object, description = "A Stripe event"),
    params(("tenant" = String, Path, description = "Board slug"), ("Stripe-Signature" = String, Header, description = "t=…,v1=…")),
    responses((status = 200, description = "Processed"), (status = 400, description = "Malformed event", body = crate::error::ErrorBody),
              (status = 403, description = "Bad signature", body = crate::error::ErrorBody), (status = 404, description = "Unknown board", body = crate::error::ErrorBody)))]
pub async fn stripe_webhook(state: web::Data<AppState>, path: web::Path<TenantPath>, body: web::Bytes, request: HttpRequest) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let signature = request.headers().get("stripe-signature").and_then(|h| h.to_str().ok()).map(String::from);
    web::block(move || state.employer_payments.webhook(&tenant, &body, signature.as_deref())).await??;
    Ok(HttpResponse::Ok().json(serde_json::json!({"received": true})))
}
