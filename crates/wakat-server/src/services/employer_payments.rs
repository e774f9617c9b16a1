//! Paying for a publication or an extension: the payment is recorded, started at the provider,
//! and settled by whichever comes first — the provider's webhook, the sandbox page, or the
//! status poll asking the provider — and applied to the offer exactly once.

use wakat_core::FieldError;
use wakat_employers::{BillingData, EmployerOffer, EmployersError, Invoice, NewPayment, Payment, PaymentStatus};
use wakat_engine::{now, Tenant};

use crate::dto::employers::PaymentRequest;
use crate::employer_session::Employer;
use crate::error::{employers_error, ApiError, ErrorCode, Result};
use crate::payments::{Checkout, Notification, PaymentError};
use crate::state::AppState;
use wakat_app::employers::offers::{extend_record, plan, publish_record};

fn provider_error(error: PaymentError) -> ApiError {
    match error {
        PaymentError::InvalidSignature(reason) => {
            ApiError::new(ErrorCode::InvalidSignature).with_message(format!("the webhook signature is invalid: {reason}"))
        }
        PaymentError::Malformed(message) => ApiError::new(ErrorCode::InvalidJson).with_message(message),
        PaymentError::Unavailable(message) => {
            tracing::error!(%message, "payment provider");
            ApiError::new(ErrorCode::PaymentUnavailable)
        }
    }
}

/// Longest return URL taken.
const MAX_RETURN_URL: usize = 2_000;

/// Where a payment may send the employer back to, as an absolute URL of the board's web app
/// (`web_url`, without a trailing '/'); `None` for anything else. The payment's return answers a
/// redirect to it, so an outside address would make the board an open redirect: a phishing page
/// behind a link that starts at the board. Taken: a path of the web app (one leading `/`, no `//`
/// or backslash, which browsers read as another host) or an absolute URL on exactly the web app's
/// origin, without credentials.
pub fn board_return_url(url: &str, web_url: &str) -> Option<String> {
    if url.len() > MAX_RETURN_URL || url.chars().any(|c| c.is_whitespace() || c.is_control()) || url.contains('\\') {
        return None;
    }
    if url.starts_with('/') {
        return (!url.starts_with("//")).then(|| format!("{web_url}{url}"));
    }
    let board = ::url::Url::parse(web_url).ok()?;
    let parsed = ::url::Url::parse(url).ok()?;
    let same_origin = matches!(parsed.scheme(), "http" | "https") && parsed.origin() == board.origin();
    (same_origin && parsed.username().is_empty() && parsed.password().is_none()).then(|| url.to_string())
}

/// A billing rule's error under the payment request's name of its field (`taxId` → `invoice_tax_id`).
fn invoice_field(mut error: FieldError) -> FieldError {
    error.field = match error.field.as_str() {
        "companyName" => "invoice_company_name",
        "taxId" => "invoice_tax_id",
        "street" => "invoice_street",
        "streetNumber" => "invoice_street_number",
        "postalCode" => "invoice_postal_code",
        "city" => "invoice_city",
        "country" => "invoice_country",
        other => other,
    }
    .to_string();
    error
}

fn check_return_url(url: &str, web_url: &str) -> Result<String> {
    board_return_url(url, web_url)
        .ok_or_else(|| ApiError::field_error("invalid_url", "return_url", format!("a path of the web app (/…) or an address under {web_url}")))
}

/// Records a payment for the offer and starts it at the provider; returns the payment and the
/// provider's page.
pub fn create(state: &AppState, employer: &Employer, request: PaymentRequest) -> Result<(Payment, String)> {
    let tenant = &employer.tenant;
    let slug = &tenant.settings.slug;
    if !request.accepted_regulations {
        return Err(ApiError::field_error("required", "accepted_regulations", "accept the terms to pay"));
    }
    let web_url = tenant.settings.web_url(&state.settings.server.public_url).to_string();
    let return_url = check_return_url(&request.return_url, &web_url)?;
    let offer = state.employers.offer(slug, &employer.company_id, &request.offer_id).map_err(employers_error)?;
    if !offer.token_matches(&request.token) {
        return Err(employers_error(EmployersError::InvalidOfferToken));
    }
    if !state.employer_accounts.is_confirmed(&employer.tenant, &employer.principal())? {
        return Err(ApiError::new(ErrorCode::AccountNotConfirmed));
    }
    let plan_key = if request.offer_type.trim().is_empty() { offer.plan_key.clone() } else { request.offer_type.trim().to_string() };
    let plan = plan(tenant, &plan_key)?;
    // Refuse now what applying would refuse: nobody pays for an offer that cannot be published.
    let mut trial = offer.clone();
    if request.extend {
        extend_record(&mut trial, String::new(), now()).map_err(employers_error)?;
    } else {
        publish_record(state.employer_offers.public_offers(), tenant, plan, &mut trial, String::new(), now()).map_err(employers_error)?;
    }
    let typed = BillingData {
        company_name: request.invoice_company_name,
        tax_id: request.invoice_tax_id,
        street: request.invoice_street,
        street_number: request.invoice_street_number,
        postal_code: request.invoice_postal_code,
        city: request.invoice_city,
        country: request.invoice_country,
    };
    let invoice = if typed == BillingData::default() {
        // No invoice data typed: the company's billing data, if it keeps any.
        let company = state.employers.company(slug, &employer.company_id).map_err(employers_error)?;
        company.and_then(|company| company.billing).map(Invoice::from).unwrap_or_default()
    } else {
        // Typed invoice data follow the billing page's rules (NIP checksum, Polish postal code,
        // ISO country, EU VAT numbers); refused fields are named as the payment request names them.
        let billing = typed.validated().map_err(|errors| ApiError::fields(&errors.into_iter().map(invoice_field).collect::<Vec<_>>()))?;
        if request.save_billing_data {
            wakat_app::employers::require_owner(&employer.principal())?;
            state.employers.set_billing(slug, &employer.company_id, billing.clone()).map_err(employers_error)?;
        }
        Invoice::from(billing)
    };
    let new = NewPayment {
        company_id: employer.company_id.clone(),
        slug: offer.slug.clone(),
        plan_key: plan.slug.clone(),
        extend: request.extend,
        amount: plan.price.gross,
        currency: plan.price.currency.clone(),
        invoice,
        subscribe_to_newsletter: request.subscribe_to_newsletter,
        provider: state.payments.name().to_string(),
        return_url: request.return_url.clone(),
        form: (!request.extend).then(|| offer.form.clone()),
    };
    let payment = state.employers.create_payment(slug, new, now()).map_err(employers_error)?;
    let separator = if return_url.contains('?') { '&' } else { '?' };
    let checkout = Checkout {
        payment_id: payment.id.clone(),
        tenant: slug.clone(),
        web_url,
        amount_minor: (payment.amount * 100.0).round() as i64,
        currency: payment.currency.to_ascii_lowercase(),
        description: format!("{} — {}", tenant.settings.name, plan.name_in("pl")),
        return_url: format!("{return_url}{separator}paymentId={}", payment.id),
    };
    let started = state.payments.start(&checkout).map_err(provider_error)?;
    let payment = state.employers.set_provider_ref(slug, &payment.id, &started.provider_ref, now()).map_err(employers_error)?;
    Ok((payment, started.url))
}

/// Applies a provider's status to a payment (once) and writes a newly published or extended
/// offer through to candidates.
pub fn settle(state: &AppState, tenant: &Tenant, payment_id: &str, status: PaymentStatus) -> Result<Payment> {
    let slug = &tenant.settings.slug;
    let (payment, applied) = state
        .employers
        .settle_payment(slug, payment_id, status, now(), |payment, offer: &mut EmployerOffer| {
            let paid_by = format!("payment:{}", payment.id);
            if payment.extend {
                extend_record(offer, paid_by, now())
            } else {
                let plan = tenant.settings.employers.plan(&payment.plan_key).ok_or_else(|| EmployersError::UnknownPlan(payment.plan_key.clone()))?;
                match publish_record(state.employer_offers.public_offers(), tenant, plan, offer, paid_by.clone(), now()) {
                    // Edited into an invalid draft while the provider was busy: publish the form
                    // that was paid for.
                    Err(EmployersError::Invalid(errors)) => match &payment.form {
                        Some(paid_form) => {
                            tracing::warn!(payment = %payment.id, n_errors = errors.len(), "the draft changed during payment: publishing the paid form");
                            offer.form = paid_form.clone();
                            publish_record(state.employer_offers.public_offers(), tenant, plan, offer, paid_by, now())
                        }
                        None => Err(EmployersError::Invalid(errors)),
                    },
                    other => other,
                }
            }
        })
        .map_err(employers_error)?;
    if let Some(offer) = applied {
        let public_tenant = state.tenant(slug)?;
        state.public_offers.write_published(&public_tenant, &offer)?;
        if !payment.extend {
            state.employer_offers.keep_in_company_profile(&public_tenant, &offer);
        }
    }
    Ok(payment)
}

/// The status of one of the company's payments; a payment still open is asked of the provider.
pub fn status(state: &AppState, employer: &Employer, payment_id: &str) -> Result<Payment> {
    let tenant = &employer.tenant;
    let payment = state.employers.payment(&tenant.settings.slug, payment_id).map_err(employers_error)?;
    if payment.company_id != employer.company_id {
        return Err(employers_error(EmployersError::PaymentNotFound));
    }
    if payment.status.is_final() || payment.provider != state.payments.name() {
        return Ok(payment);
    }
    let Some(provider_ref) = payment.provider_ref.clone() else { return Ok(payment) };
    let status = state.payments.status(&provider_ref).map_err(provider_error)?;
    settle(state, tenant, payment_id, status)
}

/// The sandbox page's buttons: `pay`, `fail` or `cancel`; returns where to send the employer.
pub fn sandbox_action(state: &AppState, tenant: &Tenant, payment_id: &str, action: &str) -> Result<String> {
    if state.payments.name() != "sandbox" {
        return Err(ApiError::new(ErrorCode::NotFound).with_message("the sandbox provider is off"));
    }
    let status = match action {
        "pay" => PaymentStatus::Paid,
        "fail" => PaymentStatus::Failed,
        "cancel" => PaymentStatus::Cancelled,
        _ => return Err(ApiError::new(ErrorCode::InvalidPath).with_message("the action is pay, fail or cancel")),
    };
    let payment = settle(state, tenant, payment_id, status)?;
    let web_url = tenant.settings.web_url(&state.settings.server.public_url);
    // Checked again: a payment recorded before return URLs were limited to the board may hold
    // any address; its employer lands on the board's front page instead.
    let base = board_return_url(&payment.return_url, web_url).unwrap_or_else(|| format!("{web_url}/"));
    let separator = if base.contains('?') { '&' } else { '?' };
    Ok(format!("{base}{separator}paymentId={}", payment.id))
}

/// The sandbox page of a payment (it must exist and be the sandbox's).
pub fn sandbox_payment(state: &AppState, tenant: &Tenant, payment_id: &str) -> Result<Payment> {
    let payment = state.employers.payment(&tenant.settings.slug, payment_id).map_err(employers_error)?;
    if payment.provider != "sandbox" || state.payments.name() != "sandbox" {
        return Err(employers_error(EmployersError::PaymentNotFound));
    }
    if payment.status == PaymentStatus::Pending {
        return settle(state, tenant, payment_id, PaymentStatus::Started);
    }
    Ok(payment)
}

/// A provider's webhook: verified, then settled (repeats change nothing).
pub fn webhook(state: &AppState, tenant: &Tenant, body: &[u8], signature: Option<&str>) -> Result<()> {
    let Some(Notification { payment_id, status }) = state.payments.webhook(body, signature, now()).map_err(provider_error)? else { return Ok(()) };
    match settle(state, tenant, &payment_id, status) {
        // A notification for a payment of another board or a deleted offer: acknowledged, nothing to do.
        Err(error) if error.body().code == ErrorCode::PaymentNotFound.as_str() || error.body().code == ErrorCode::OfferNotFound.as_str() => Ok(()),
        other => other.map(|_| ()),
    }
}
