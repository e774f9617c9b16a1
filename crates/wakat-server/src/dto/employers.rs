//! Requests and answers of the employer side: accounts (snake_case, as the spec's registration
//! payload), the offer form and its lifecycle (camelCase, as the form), plans, codes, payments.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use wakat_employers::{EmployerOffer, OfferCode, PlanSettings};

/// The company of a sign-up.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SignUpCompany {
    /// Company name (2 to 100 characters).
    #[serde(default)]
    pub name: String,
    /// Must be true: the board's terms for clients.
    #[serde(default)]
    pub accepted_regulations: bool,
    /// The newsletter.
    #[serde(default)]
    pub subscribe_to_newsletter: bool,
}

/// The first user of a sign-up.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SignUpUser {
    /// Full name.
    #[serde(default)]
    pub name: String,
    /// Phone (optional; the contact phone pattern).
    #[serde(default)]
    pub phone: String,
    /// Login e-mail.
    #[serde(default)]
    pub email: String,
    /// Password (8 to 128 characters, not the e-mail).
    #[serde(default)]
    pub password: String,
    /// The password again.
    #[serde(default)]
    pub password_confirmation: String,
}

/// `POST /v1/users/sign_up`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SignUpRequest {
    /// The company.
    pub company: SignUpCompany,
    /// Its first user.
    pub user: SignUpUser,
}

/// `PATCH /v1/users/confirm`: the mailed token, and a password for an invited user.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ConfirmRequest {
    /// The token of the mailed link.
    pub token: String,
    /// A new password (optional).
    #[serde(default)]
    pub password: Option<String>,
    /// The password again (required with `password`).
    #[serde(default)]
    pub password_confirmation: Option<String>,
}

/// An e-mail (new confirmation link, password reset link).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EmailRequest {
    /// Login e-mail.
    pub email: String,
}

/// `PATCH /v1/users/password`: a new password from the reset link.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PasswordResetRequest {
    /// The token of the mailed link.
    pub token: String,
    /// New password.
    pub password: String,
    /// The password again.
    pub password_confirmation: String,
}

/// `POST /v1/oauth/token` (the OAuth 2 password grant).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TokenRequest {
    /// `password`.
    pub grant_type: String,
    /// Login e-mail.
    #[serde(alias = "email")]
    pub username: String,
    /// Password.
    pub password: String,
}

/// `POST /v1/oauth/revoke` (RFC 7009).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RevokeRequest {
    /// The access token to end (else the one of the `Authorization` header).
    #[serde(default)]
    pub token: Option<String>,
}

/// An access token (RFC 6749 section 5.1).
#[derive(Debug, Serialize, ToSchema)]
pub struct AccessTokenDto {
    /// Bearer token for `Authorization: Bearer …`.
    pub access_token: String,
    /// `Bearer`.
    pub token_type: &'static str,
    /// Seconds until it expires.
    pub expires_in: i64,
    /// Unix seconds.
    pub created_at: i64,
    /// Whether the account's e-mail is confirmed (unconfirmed employers cannot publish).
    pub email_confirmed: bool,
}

/// The company of [`TokenInfoDto`].
#[derive(Debug, Serialize, ToSchema)]
pub struct TokenCompanyDto {
    /// Company id.
    pub id: String,
    /// Company name.
    pub name: String,
}

/// `GET /v1/oauth/token/info`: whom the bearer token belongs to (Doorkeeper's token info, with
/// the user and the company the web app's panel shows).
#[derive(Debug, Serialize, ToSchema)]
pub struct TokenInfoDto {
    /// The account id.
    pub resource_owner_id: String,
    /// Login e-mail.
    pub email: String,
    /// Full name.
    pub name: String,
    /// Whether the e-mail is confirmed (unconfirmed employers cannot publish).
    pub email_confirmed: bool,
    /// Seconds until the token expires.
    pub expires_in: i64,
    /// The company the user acts for.
    pub company: TokenCompanyDto,
    /// Owner or recruiter (the web app hides users and billing from recruiters).
    pub role: crate::dto::employer_panel::RoleDto,
}

/// `POST /v1/users`: another user of the caller's company (mailed a link to set a password).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewUserRequest {
    /// Full name.
    #[serde(default)]
    pub name: String,
    /// Phone (optional).
    #[serde(default)]
    pub phone: String,
    /// Login e-mail.
    pub email: String,
    /// Owner or recruiter (default recruiter).
    #[serde(default)]
    pub role: Option<crate::dto::employer_panel::RoleDto>,
}

/// A user of a company.
#[derive(Debug, Serialize, ToSchema)]
pub struct EmployerUserDto {
    /// Id of the user (of the open invitation, until it is accepted).
    pub id: String,
    /// Login e-mail.
    pub email: String,
    /// Full name.
    pub name: String,
    /// Owner or recruiter.
    pub role: crate::dto::employer_panel::RoleDto,
}

/// `POST /v1/users/invitation`: the token of an invitation's link.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct InvitationRequest {
    /// The `token` parameter of the link.
    pub token: String,
}

/// An open invitation, as its link's holder sees it before accepting.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitationDto {
    /// The inviting company's name.
    pub company_name: String,
    /// The invited address (the account's login once accepted).
    pub email: String,
    /// The name the owner gave.
    pub name: String,
    /// The role on acceptance.
    pub role: crate::dto::employer_panel::RoleDto,
    /// When the link stops working (RFC 3339).
    pub expires_at: String,
}

impl InvitationDto {
    /// The invitation to `company`.
    pub fn new(invitation: wakat_employers::Invitation, company: wakat_employers::Company) -> InvitationDto {
        InvitationDto {
            company_name: company.name,
            email: invitation.email,
            name: invitation.name,
            role: invitation.role.into(),
            expires_at: crate::dto::iso_time(invitation.expires_at),
        }
    }
}

/// `POST /v1/offers/initiate`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct InitiateRequest {
    /// Plan slug.
    pub pricing_plan: String,
}

/// A started offer: its slug and its edit token (shown once; later calls carry it as `token`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InitiatedDto {
    /// The offer's id (its slug).
    pub id: String,
    /// Slug.
    pub slug: String,
    /// Edit token.
    pub token: String,
}

/// The `token` query parameter of the offer calls.
#[derive(Debug, Deserialize)]
pub struct TokenQuery {
    /// The offer's edit token.
    #[serde(default)]
    pub token: String,
}

/// The body `token` of the code calls.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TokenBody {
    /// The offer's edit token.
    #[serde(default)]
    pub token: String,
}

/// The `code` query parameter.
#[derive(Debug, Deserialize)]
pub struct CodeQuery {
    /// A prepaid code.
    #[serde(default)]
    pub code: String,
}

/// `PATCH /v1/offers/{slug}`: the id of the saved offer.
#[derive(Debug, Serialize, ToSchema)]
pub struct SavedDto {
    /// The offer's id (its slug).
    pub id: String,
}

/// The plan's limits as served.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LimitsDto {
    /// Most locations.
    pub max_locations_count: usize,
    /// Bumps included.
    pub bumps_up_count: u32,
    /// Days between bumps.
    pub bumps_up_every_days: u32,
    /// Days published.
    pub duration_in_days: u32,
    /// Seniorities allowed (empty: all).
    pub seniority: Vec<String>,
    /// Categories allowed (empty: all).
    pub categories: Vec<String>,
}

impl From<&wakat_employers::PlanLimits> for LimitsDto {
    fn from(limits: &wakat_employers::PlanLimits) -> Self {
        LimitsDto {
            max_locations_count: limits.max_locations_count,
            bumps_up_count: limits.bumps_up_count,
            bumps_up_every_days: limits.bumps_up_every_days,
            duration_in_days: limits.duration_in_days,
            seniority: limits.seniority.clone(),
            categories: limits.categories.clone(),
        }
    }
}

/// An offer as its employer edits it: the form, the state, the plan, the summary.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmployerOfferDto {
    /// Slug.
    pub slug: String,
    /// The owning company's id.
    pub company_id: String,
    /// `draft`, `published` or `finished`.
    pub state: String,
    /// Published and not expired.
    pub is_active: bool,
    /// Plan slug.
    pub plan_key: String,
    /// `new`, `duplicate` or `refresh`.
    pub creation_type: String,
    /// The offer it was copied from.
    pub source_slug: Option<String>,
    /// The plan's limits.
    pub limits: LimitsDto,
    /// The form (section 3's fields).
    #[schema(value_type = Object)]
    pub form: wakat_core::offer_form::OfferForm,
    /// What candidates will see, when the form is complete (else null).
    #[schema(value_type = Object)]
    pub summary: Option<wakat_core::offer_form::OfferSummary>,
    /// The form's errors against every rule (empty: ready to publish).
    pub errors: Vec<crate::error::FieldErrorBody>,
    /// Unix seconds.
    pub published_at: Option<i64>,
    /// Unix seconds.
    pub expires_at: Option<i64>,
    /// Unix seconds.
    pub finished_at: Option<i64>,
    /// The plan's bumps.
    #[schema(value_type = Object)]
    pub bumps: wakat_employers::BumpPlan,
}

fn state_name(offer: &EmployerOffer) -> String {
    serde_json::to_value(offer.state).ok().and_then(|v| v.as_str().map(String::from)).unwrap_or_default()
}

impl EmployerOfferDto {
    /// The answer for `offer` at `now`, with its summary and remaining errors.
    pub fn new(offer: EmployerOffer, summary: Option<wakat_core::offer_form::OfferSummary>, errors: Vec<wakat_core::FieldError>, now: i64) -> Self {
        EmployerOfferDto {
            state: state_name(&offer),
            is_active: offer.is_active(now),
            creation_type: serde_json::to_value(offer.creation_type).ok().and_then(|v| v.as_str().map(String::from)).unwrap_or_default(),
            limits: LimitsDto::from(&offer.limits),
            errors: errors
                .into_iter()
                .map(|e| crate::error::FieldErrorBody { field: e.field, code: e.code.as_str().to_string(), message: e.message })
                .collect(),
            summary,
            company_id: offer.company_id,
            slug: offer.slug,
            plan_key: offer.plan_key,
            source_slug: offer.source_slug,
            form: offer.form,
            published_at: offer.published_at,
            expires_at: offer.expires_at,
            finished_at: offer.finished_at,
            bumps: offer.bumps,
        }
    }
}

/// A published, extended or finished offer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfferStateDto {
    /// Slug.
    pub slug: String,
    /// `draft`, `published` or `finished`.
    pub state: String,
    /// Published and not expired.
    pub is_active: bool,
    /// Unix seconds.
    pub published_at: Option<i64>,
    /// Unix seconds.
    pub expires_at: Option<i64>,
    /// Unix seconds.
    pub finished_at: Option<i64>,
    /// Days until it expires (0 when inactive).
    pub days_left: i64,
    /// The plan's bumps and where the offer is in them.
    pub bumps: BumpScheduleDto,
}

/// An offer's bump schedule: its publication time is refreshed `count` times, every `everyDays`
/// days, while it is active.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BumpScheduleDto {
    /// Bumps the plan includes.
    pub count: u32,
    /// Days between bumps.
    pub every_days: u32,
    /// Bumps done.
    pub done: u32,
    /// Bumps still to come (none once the offer is no longer active).
    pub left: u32,
    /// When the next bump is due (Unix seconds; done on that day), while any is left.
    pub next_at: Option<i64>,
}

impl OfferStateDto {
    /// The state of `offer` at `now`.
    pub fn new(offer: &EmployerOffer, now: i64) -> Self {
        let active = offer.is_active(now);
        let left = if active { offer.bumps.count.saturating_sub(offer.bumps.done) } else { 0 };
        OfferStateDto {
            slug: offer.slug.clone(),
            state: state_name(offer),
            is_active: active,
            published_at: offer.published_at,
            expires_at: offer.expires_at,
            finished_at: offer.finished_at,
            days_left: if active { offer.expires_at.map_or(0, |end| (end - now + 86_399) / 86_400) } else { 0 },
            bumps: BumpScheduleDto {
                count: offer.bumps.count,
                every_days: offer.bumps.every_days,
                done: offer.bumps.done,
                left,
                next_at: offer.bumps.next_at.filter(|_| left > 0),
            },
        }
    }
}

/// A prepaid code.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CodeDto {
    /// `XXXX-XXXX-XXXX`.
    pub code: String,
    /// The plan it pays for.
    pub plan_key: String,
    /// Spent already.
    pub is_used: bool,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds.
    pub used_at: Option<i64>,
    /// The offer it paid for.
    pub used_for: Option<String>,
}

impl From<&OfferCode> for CodeDto {
    fn from(code: &OfferCode) -> Self {
        CodeDto {
            code: code.code.clone(),
            plan_key: code.plan_key.clone(),
            is_used: code.used_at.is_some(),
            created_at: code.created_at,
            used_at: code.used_at,
            used_for: code.used_for.clone(),
        }
    }
}

/// The codes of the company.
#[derive(Debug, Serialize, ToSchema)]
pub struct CodesDto {
    /// Newest first.
    pub data: Vec<CodeDto>,
}

/// `POST /internal/companies/{company_id}/codes`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueCodeRequest {
    /// The plan the code pays for.
    pub plan_key: String,
}

/// A plan's prices (net, gross and tax; the old ones before a promotion, 0 without).
#[derive(Debug, Serialize, ToSchema)]
#[allow(missing_docs)]
#[serde(rename_all = "camelCase")]
pub struct PriceDto {
    pub net: f64,
    pub net_eur: f64,
    pub gross: f64,
    pub tax: f64,
    pub old_net: f64,
    pub old_gross: f64,
    pub old_tax: f64,
    pub currency: String,
}

/// A plan (section 3's pricing plan, with its limits).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanDto {
    /// Key.
    pub slug: String,
    /// Name in the request's language.
    pub name: String,
    /// Prices.
    pub price: PriceDto,
    /// Feature lines in the request's language.
    pub features: Vec<String>,
    /// Shown as recommended.
    pub recommended: bool,
    /// Last day of the promotion.
    pub promotion_deadline: Option<String>,
    /// Tags.
    pub tags: Vec<String>,
    /// Graphics enabled.
    pub enable_graphics: bool,
    /// Limits the server enforces.
    pub limits: LimitsDto,
}

impl PlanDto {
    /// The plan in `lang`.
    pub fn new(plan: &PlanSettings, lang: &str) -> Self {
        let p = &plan.price;
        PlanDto {
            slug: plan.slug.clone(),
            name: plan.name_in(lang).to_string(),
            price: PriceDto {
                net: p.net,
                net_eur: p.net_eur,
                gross: p.gross,
                tax: p.tax,
                old_net: p.old_net,
                old_gross: p.old_gross,
                old_tax: p.old_tax,
                currency: p.currency.clone(),
            },
            features: plan.features_in(lang).to_vec(),
            recommended: plan.recommended,
            promotion_deadline: plan.promotion_deadline.clone(),
            tags: plan.tags.clone(),
            enable_graphics: plan.enable_graphics,
            limits: LimitsDto::from(&plan.limits),
        }
    }
}

/// The plans of the board.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlansDto {
    /// In display order.
    pub data: Vec<PlanDto>,
}

/// `POST /v1/payments` (snake_case, as the spec's payment request).
#[derive(Debug, Deserialize, ToSchema)]
#[allow(missing_docs)]
#[serde(deny_unknown_fields)]
pub struct PaymentRequest {
    #[serde(default)]
    pub invoice_street: String,
    #[serde(default)]
    pub invoice_street_number: String,
    #[serde(default)]
    pub invoice_city: String,
    #[serde(default)]
    pub invoice_country: String,
    #[serde(default)]
    pub invoice_company_name: String,
    #[serde(default)]
    pub invoice_postal_code: String,
    #[serde(default)]
    pub invoice_tax_id: String,
    /// Plan slug (the offer's plan when empty).
    #[serde(default)]
    pub offer_type: String,
    /// The offer's slug.
    pub offer_id: String,
    #[serde(default)]
    pub subscribe_to_newsletter: bool,
    /// Must be true.
    #[serde(default)]
    pub accepted_regulations: bool,
    /// Where the employer comes back (a path of the web app or an http(s) URL).
    pub return_url: String,
    /// Keep the invoice data as the company's billing data ("Dane do faktury"; owners only).
    #[serde(default)]
    pub save_billing_data: bool,
    /// An extension of a published offer rather than its publication.
    #[serde(default)]
    pub extend: bool,
    /// The offer's edit token.
    #[serde(default)]
    pub token: String,
}

/// Where to send the employer to pay.
#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentCreatedDto {
    /// Our payment id (for the status call).
    pub id: String,
    /// The provider's page.
    pub payment_request_url: String,
}

/// `data.status`: `pending`, `success` or `failure`.
#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentStatusData {
    /// The spec's mapping of the provider's status.
    #[schema(value_type = String)]
    pub status: wakat_employers::PaymentOutcome,
}

/// The payment status answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentStatusDto {
    /// The status.
    pub data: PaymentStatusData,
}
