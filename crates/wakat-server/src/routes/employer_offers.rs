//! The employer's offers: initiate, load and save the form, upload the logo, publish or extend
//! with a code, codes, finish, delete, duplicate, refresh, the end page, the form dictionaries
//! and the uploaded logos. Every call but the dictionaries and logos needs the employer's bearer
//! token; the calls the spec shows with `token` also need the offer's edit token.

use actix_multipart::Multipart;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use wakat_app::form_inputs::SKILLS_PAGE_SIZE;
use wakat_core::offer_form::OfferForm;
use wakat_core::FieldError;
use wakat_employers::CreationType;
use wakat_engine::now;

use crate::dto::employers::{CodeDto, CodeQuery, CodesDto, EmployerOfferDto, InitiateRequest, InitiatedDto, OfferStateDto, SavedDto, TokenBody, TokenQuery};
use crate::dto::form_inputs::{FormInputsDto, SkillsPageDto};
use crate::employer_session::Employer;
use crate::error::{ApiError, ErrorCode, Result};
use crate::routes::params::{CodePath, CompanyPath, LogoPath, SlugPath, TenantPath};
use crate::state::{language, pairs, AppState, QueryPairs};
use crate::uploads::{field_name, next_field, receive_image};

fn no_store(mut response: actix_web::HttpResponseBuilder) -> actix_web::HttpResponseBuilder {
    response.insert_header(("cache-control", "no-store"));
    response
}

/// Starts an offer with a plan; answers its slug and edit token.
#[utoipa::path(post, path = "/api/{tenant}/v1/offers/initiate", tag = "employer offers", request_body = InitiateRequest,
    params(("tenant" = String, Path, description = "Board slug")), security(("bearer" = [])),
    responses((status = 201, description = "A draft", body = InitiatedDto), (status = 400, description = "Unknown plan", body = crate::error::ErrorBody),
              (status = 401, description = "Not an employer", body = crate::error::ErrorBody)))]
pub async fn initiate(state: web::Data<AppState>, employer: Employer, body: web::Json<InitiateRequest>) -> Result<HttpResponse> {
    let (offer, token) = web::block(move || state.employer_offers.initiate(&employer.tenant, &employer.principal(), &body.pricing_plan)).await??;
    Ok(no_store(HttpResponse::Created()).json(InitiatedDto { id: offer.slug.clone(), slug: offer.slug, token }))
}

/// The offer as its employer edits it (the public detail answers without `token`).
#[utoipa::path(get, path = "/api/{tenant}/v1/offers/{slug}?token", tag = "employer offers",
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Offer slug"), ("token" = String, Query, description = "The offer's edit token")),
    security(("bearer" = [])),
    responses((status = 200, description = "The form, state, plan, summary and remaining errors", body = EmployerOfferDto),
              (status = 401, description = "Not an employer", body = crate::error::ErrorBody), (status = 403, description = "Wrong token", body = crate::error::ErrorBody),
              (status = 404, description = "No such offer of the company", body = crate::error::ErrorBody)))]
pub async fn load(state: web::Data<AppState>, employer: Employer, path: web::Path<SlugPath>, query: web::Query<TokenQuery>) -> Result<HttpResponse> {
    let (offer, summary, errors) = web::block(move || state.employer_offers.load(&employer.tenant, &employer.principal(), &path.slug, &query.token)).await??;
    Ok(no_store(HttpResponse::Ok()).json(EmployerOfferDto::new(offer, summary, errors, now())))
}

/// Saves the form: `state: draft` checks the draft's rules, `workInProgress` (and any edit of a
/// published offer, written through to candidates) every rule of section 5. The same call also
/// takes `multipart/form-data`: a `form` field with this JSON and an optional `companyLogo` file.
#[utoipa::path(patch, path = "/api/{tenant}/v1/offers/{slug}", tag = "employer offers", request_body(content = Object, description = "The form (section 3's fields); or multipart/form-data with `form` (this JSON) and an optional `companyLogo`"),
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Offer slug"), ("token" = String, Query, description = "The offer's edit token")),
    security(("bearer" = [])),
    responses((status = 200, description = "Saved", body = SavedDto), (status = 400, description = "Form contains errors. Fix them before saving draft (`errors` lists them)", body = crate::error::ErrorBody),
              (status = 401, description = "Not an employer", body = crate::error::ErrorBody), (status = 403, description = "Wrong token", body = crate::error::ErrorBody),
              (status = 404, description = "No such offer of the company", body = crate::error::ErrorBody), (status = 409, description = "A finished offer", body = crate::error::ErrorBody),
              (status = 413, description = "Body too large", body = crate::error::ErrorBody), (status = 415, description = "Body is not JSON", body = crate::error::ErrorBody),
              (status = 422, description = "The form breaks rules (`errors` lists every one)", body = crate::error::ErrorBody)))]
pub async fn save(
    state: web::Data<AppState>,
    employer: Employer,
    path: web::Path<SlugPath>,
    query: web::Query<TokenQuery>,
    body: web::Json<OfferForm>,
) -> Result<HttpResponse> {
    let offer = web::block(move || state.employer_offers.save(&employer.tenant, &employer.principal(), &path.slug, &query.token, body.into_inner())).await??;
    Ok(HttpResponse::Ok().json(SavedDto { id: offer.slug }))
}

/// Streams a `companyLogo` field into the upload store: JPEG or PNG by content, 100 B to 5 MB.
async fn receive_logo(state: &AppState, field: &mut actix_multipart::Field) -> Result<wakat_uploads::StoredBlob> {
    receive_image(&state.blobs, field, "companyLogo").await
}

/// `PATCH /v1/offers/{slug}` as multipart (the spec's employer edit): the field `form` holds the
/// form's JSON, an optional `companyLogo` a new logo. Documented with the JSON operation.
pub async fn save_multipart(
    state: web::Data<AppState>,
    employer: Employer,
    path: web::Path<SlugPath>,
    query: web::Query<TokenQuery>,
    mut payload: Multipart,
) -> Result<HttpResponse> {
    let (mut form, mut logo) = (None, None);
    while let Some(mut field) = next_field(&mut payload).await? {
        match field_name(&field).as_str() {
            "form" if form.is_none() => {
                let text = crate::uploads::read_text(&mut field, 1024 * 1024).await?;
                let parsed: OfferForm = serde_json::from_str(&text).map_err(|error| {
                    ApiError::new(ErrorCode::InvalidJson).with_message(format!("the form field is not the form's JSON: {error}")).with_field("form")
                })?;
                form = Some(parsed);
            }
            "companyLogo" if logo.is_none() => logo = Some(receive_logo(&state, &mut field).await?),
            _ => {}
        }
    }
    let form = form.ok_or_else(|| ApiError::from(FieldError::new("form", ErrorCode::Required, "This field is required")))?;
    let offer =
        web::block(move || state.employer_offers.save_with_logo(&employer.tenant, &employer.principal(), &path.slug, &query.token, form, logo.as_ref()))
            .await??;
    Ok(HttpResponse::Ok().json(SavedDto { id: offer.slug }))
}

/// Uploads the company logo of an offer (multipart field `companyLogo`): JPEG or PNG by its
/// content, 100 bytes to 5 MB.
#[utoipa::path(post, path = "/api/{tenant}/v1/offers/{slug}/logo", tag = "employer offers", request_body(content = String, content_type = "multipart/form-data", description = "`companyLogo`: the image"),
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Offer slug"), ("token" = String, Query, description = "The offer's edit token")),
    security(("bearer" = [])),
    responses((status = 200, description = "The offer with its logo", body = EmployerOfferDto), (status = 400, description = "Not a logo (logo_wrong_format, logo_too_large, logo_empty, logo_too_small)", body = crate::error::ErrorBody),
              (status = 401, description = "Not an employer", body = crate::error::ErrorBody), (status = 403, description = "Wrong token", body = crate::error::ErrorBody),
              (status = 404, description = "No such offer of the company", body = crate::error::ErrorBody), (status = 413, description = "Body too large", body = crate::error::ErrorBody)))]
pub async fn upload_logo(
    state: web::Data<AppState>,
    employer: Employer,
    path: web::Path<SlugPath>,
    query: web::Query<TokenQuery>,
    mut payload: Multipart,
) -> Result<HttpResponse> {
    let mut received = None;
    while let Some(mut field) = next_field(&mut payload).await? {
        if field_name(&field) == "companyLogo" && received.is_none() {
            received = Some(receive_logo(&state, &mut field).await?);
        }
    }
    let blob = received.ok_or_else(|| ApiError::from(FieldError::new("companyLogo", ErrorCode::Required, "This field is required")))?;
    let offer = web::block(move || state.employer_offers.set_logo(&employer.tenant, &employer.principal(), &path.slug, &query.token, &blob)).await??;
    Ok(no_store(HttpResponse::Ok()).json(EmployerOfferDto::new(offer, None, Vec::new(), now())))
}

/// Publishes the offer with a prepaid code (the code's plan applies); each code works once.
#[utoipa::path(post, path = "/api/{tenant}/v1/offers/{slug}/publish-with-code", tag = "employer offers", request_body = TokenBody,
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Offer slug"), ("code" = String, Query, description = "The prepaid code")),
    security(("bearer" = [])),
    responses((status = 200, description = "Published; searchable within 1 s", body = OfferStateDto), (status = 400, description = "Incorrect code", body = crate::error::ErrorBody),
              (status = 401, description = "Not an employer", body = crate::error::ErrorBody), (status = 403, description = "Wrong token, or the account is not confirmed", body = crate::error::ErrorBody),
              (status = 404, description = "No such offer of the company", body = crate::error::ErrorBody), (status = 409, description = "Used code, or published already", body = crate::error::ErrorBody),
              (status = 422, description = "The form breaks rules", body = crate::error::ErrorBody)))]
pub async fn publish_with_code(
    state: web::Data<AppState>,
    employer: Employer,
    path: web::Path<SlugPath>,
    query: web::Query<CodeQuery>,
    body: web::Json<TokenBody>,
) -> Result<HttpResponse> {
    let offer =
        web::block(move || state.employer_offers.publish_with_code(&employer.tenant, &employer.principal(), &path.slug, &body.token, &query.code)).await??;
    Ok(HttpResponse::Ok().json(OfferStateDto::new(&offer, now())))
}

/// Extends a published or finished offer by its plan's duration with a prepaid code.
#[utoipa::path(post, path = "/api/{tenant}/v1/offers/{slug}/extend-with-code", tag = "employer offers", request_body = TokenBody,
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Offer slug"), ("code" = String, Query, description = "The prepaid code")),
    security(("bearer" = [])),
    responses((status = 200, description = "Extended", body = OfferStateDto), (status = 400, description = "Incorrect code", body = crate::error::ErrorBody),
              (status = 401, description = "Not an employer", body = crate::error::ErrorBody), (status = 403, description = "Wrong token, or the account is not confirmed", body = crate::error::ErrorBody),
              (status = 404, description = "No such offer of the company", body = crate::error::ErrorBody), (status = 409, description = "Used code, or a draft", body = crate::error::ErrorBody)))]
pub async fn extend_with_code(
    state: web::Data<AppState>,
    employer: Employer,
    path: web::Path<SlugPath>,
    query: web::Query<CodeQuery>,
    body: web::Json<TokenBody>,
) -> Result<HttpResponse> {
    let offer =
        web::block(move || state.employer_offers.extend_with_code(&employer.tenant, &employer.principal(), &path.slug, &body.token, &query.code)).await??;
    Ok(HttpResponse::Ok().json(OfferStateDto::new(&offer, now())))
}

/// Checks a code without spending it.
#[utoipa::path(get, path = "/api/{tenant}/v1/offers/{slug}/verify-code/{code}", tag = "employer offers",
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Offer slug"), ("code" = String, Path, description = "The prepaid code")),
    security(("bearer" = [])),
    responses((status = 200, description = "The code is usable", body = CodeDto), (status = 400, description = "Incorrect code", body = crate::error::ErrorBody),
              (status = 401, description = "Not an employer", body = crate::error::ErrorBody), (status = 404, description = "No such offer of the company", body = crate::error::ErrorBody),
              (status = 409, description = "Used code", body = crate::error::ErrorBody)))]
pub async fn verify_code(state: web::Data<AppState>, employer: Employer, path: web::Path<CodePath>) -> Result<HttpResponse> {
    let code = web::block(move || state.employer_offers.verify_code(&employer.tenant, &employer.principal(), &path.slug, &path.code)).await??;
    Ok(no_store(HttpResponse::Ok()).json(CodeDto::from(&code)))
}

/// The company's prepaid codes.
#[utoipa::path(get, path = "/api/{tenant}/v2/employer-panel/codes", tag = "employer offers",
    params(("tenant" = String, Path, description = "Board slug")), security(("bearer" = [])),
    responses((status = 200, description = "Codes, newest first", body = CodesDto), (status = 401, description = "Not an employer", body = crate::error::ErrorBody)))]
pub async fn codes(state: web::Data<AppState>, employer: Employer) -> Result<HttpResponse> {
    let codes = web::block(move || state.employer_offers.codes(&employer.tenant, &employer.principal())).await??;
    Ok(no_store(HttpResponse::Ok()).json(CodesDto { data: codes.iter().map(CodeDto::from).collect() }))
}

/// Finishes the recruitment of an active offer: it leaves the lists at once.
#[utoipa::path(post, path = "/api/{tenant}/v1/offers/{slug}/finish-recruitment", tag = "employer offers",
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Offer slug")), security(("bearer" = [])),
    responses((status = 200, description = "Finished", body = OfferStateDto), (status = 401, description = "Not an employer", body = crate::error::ErrorBody),
              (status = 404, description = "No such offer of the company", body = crate::error::ErrorBody), (status = 409, description = "Not active", body = crate::error::ErrorBody)))]
pub async fn finish(state: web::Data<AppState>, employer: Employer, path: web::Path<SlugPath>) -> Result<HttpResponse> {
    let offer = web::block(move || state.employer_offers.finish(&employer.tenant, &employer.principal(), &path.slug)).await??;
    Ok(HttpResponse::Ok().json(OfferStateDto::new(&offer, now())))
}

/// Deletes an inactive offer (draft, finished or expired).
#[utoipa::path(delete, operation_id = "delete_employer_offer", path = "/api/{tenant}/v1/offers/{slug}", tag = "employer offers",
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Offer slug")), security(("bearer" = [])),
    responses((status = 204, description = "Deleted"), (status = 401, description = "Not an employer", body = crate::error::ErrorBody),
              (status = 404, description = "No such offer of the company", body = crate::error::ErrorBody), (status = 409, description = "Active", body = crate::error::ErrorBody)))]
pub async fn delete(state: web::Data<AppState>, employer: Employer, path: web::Path<SlugPath>) -> Result<HttpResponse> {
    web::block(move || state.employer_offers.delete(&employer.tenant, &employer.principal(), &path.slug)).await??;
    Ok(HttpResponse::NoContent().finish())
}

/// The end of an offer: state, expiry, days left.
#[utoipa::path(get, path = "/api/{tenant}/v2/employer-panel/offers/end/{slug}", tag = "employer offers",
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Offer slug")), security(("bearer" = [])),
    responses((status = 200, description = "The offer's end", body = OfferStateDto), (status = 401, description = "Not an employer", body = crate::error::ErrorBody),
              (status = 404, description = "No such offer of the company", body = crate::error::ErrorBody)))]
pub async fn end(state: web::Data<AppState>, employer: Employer, path: web::Path<SlugPath>) -> Result<HttpResponse> {
    let offer = web::block(move || state.employer_offers.end_info(&employer.tenant, &employer.principal(), &path.slug)).await??;
    Ok(no_store(HttpResponse::Ok()).json(OfferStateDto::new(&offer, now())))
}

async fn copy(state: web::Data<AppState>, employer: Employer, slug: String, creation_type: CreationType) -> Result<HttpResponse> {
    let (offer, token) = web::block(move || state.employer_offers.copy(&employer.tenant, &employer.principal(), &slug, creation_type)).await??;
    Ok(no_store(HttpResponse::Created()).json(InitiatedDto { id: offer.slug.clone(), slug: offer.slug, token }))
}

/// A new edit token for an offer of the caller's company (the old token stops working): the web
/// app asks for one when the employer opens an existing offer to edit.
#[utoipa::path(post, path = "/api/{tenant}/v1/offers/{slug}/edit-token", tag = "employer offers",
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Offer slug")), security(("bearer" = [])),
    responses((status = 200, description = "The offer's new edit token", body = InitiatedDto), (status = 401, description = "Not an employer", body = crate::error::ErrorBody),
              (status = 404, description = "No such offer of the company", body = crate::error::ErrorBody)))]
pub async fn edit_token(state: web::Data<AppState>, employer: Employer, path: web::Path<SlugPath>) -> Result<HttpResponse> {
    let slug = path.into_inner().slug;
    let (offer, token) = web::block(move || state.employer_offers.reissue_token(&employer.tenant, &employer.principal(), &slug)).await??;
    Ok(no_store(HttpResponse::Ok()).json(InitiatedDto { id: offer.slug.clone(), slug: offer.slug, token }))
}

/// A new draft copying an offer (published separately, paid again).
#[utoipa::path(post, path = "/api/{tenant}/v1/offers/{slug}/duplicate", tag = "employer offers",
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Offer slug")), security(("bearer" = [])),
    responses((status = 201, description = "A draft", body = InitiatedDto), (status = 401, description = "Not an employer", body = crate::error::ErrorBody),
              (status = 404, description = "No such offer of the company", body = crate::error::ErrorBody)))]
pub async fn duplicate(state: web::Data<AppState>, employer: Employer, path: web::Path<SlugPath>) -> Result<HttpResponse> {
    copy(state, employer, path.into_inner().slug, CreationType::Duplicate).await
}

/// A new draft to publish an ended offer again.
#[utoipa::path(post, path = "/api/{tenant}/v1/offers/{slug}/refresh", tag = "employer offers",
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Offer slug")), security(("bearer" = [])),
    responses((status = 201, description = "A draft", body = InitiatedDto), (status = 401, description = "Not an employer", body = crate::error::ErrorBody),
              (status = 404, description = "No such offer of the company", body = crate::error::ErrorBody), (status = 409, description = "Not ended", body = crate::error::ErrorBody)))]
pub async fn refresh(state: web::Data<AppState>, employer: Employer, path: web::Path<SlugPath>) -> Result<HttpResponse> {
    copy(state, employer, path.into_inner().slug, CreationType::Refresh).await
}

/// The form's dictionaries: cities with map centres, options, currencies, skill levels, the
/// first 100 skills, categories and the form's defaults.
#[utoipa::path(get, path = "/api/{tenant}/v1/offers/form-inputs-data", tag = "employer offers",
    params(("tenant" = String, Path, description = "Board slug"), ("lang" = Option<String>, Query, description = "pl or en (else Accept-Language)")),
    responses((status = 200, description = "Dictionaries", body = FormInputsDto), (status = 400, description = "Bad parameter", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board", body = crate::error::ErrorBody)))]
pub async fn form_inputs_data(
    state: web::Data<AppState>,
    path: web::Path<TenantPath>,
    query: web::Query<QueryPairs>,
    request: HttpRequest,
) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let lang = language(&request, &query, &tenant)?;
    let answer = FormInputsDto::new(&state.offer_form_inputs.form_inputs(&tenant)?, lang);
    Ok(HttpResponse::Ok().insert_header(("cache-control", "public, max-age=300")).json(answer))
}

/// Skills of the dictionary whose name or a word of it starts with `keyword`, paged.
#[utoipa::path(get, path = "/api/{tenant}/v1/offers/form-inputs-data/skills", tag = "employer offers",
    params(("tenant" = String, Path, description = "Board slug"), ("keyword" = Option<String>, Query, description = "Start of a word"),
           ("pageNumber" = Option<usize>, Query, description = "1-based (default 1)"), ("pageSize" = Option<usize>, Query, description = "1 to 100 (default 100)")),
    responses((status = 200, description = "A page of skills", body = SkillsPageDto), (status = 400, description = "Bad paging", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board", body = crate::error::ErrorBody)))]
pub async fn skills(state: web::Data<AppState>, path: web::Path<TenantPath>, query: web::Query<QueryPairs>) -> Result<HttpResponse> {
    state.tenant(&path.tenant)?;
    let value = |name: &str| pairs(&query).find(|(k, _)| *k == name).map(|(_, v)| v.to_string());
    let number = |name: &str, default: usize| -> Result<usize> {
        match value(name) {
            None => Ok(default),
            Some(text) => text.trim().parse().map_err(|_| FieldError::new(name, ErrorCode::InvalidNumber, "not a number").into()),
        }
    };
    let page = state.offer_form_inputs.skills(&value("keyword").unwrap_or_default(), number("pageNumber", 1)?, number("pageSize", SKILLS_PAGE_SIZE)?)?;
    Ok(HttpResponse::Ok().json(SkillsPageDto::new(&page)))
}

/// An uploaded company logo (only files uploaded as logos are served here).
#[utoipa::path(get, operation_id = "company_logo", path = "/api/{tenant}/v1/company-logos/{hash}", tag = "employer offers",
    params(("tenant" = String, Path, description = "Board slug"), ("hash" = String, Path, description = "The logo's SHA-256")),
    responses((status = 200, description = "JPEG or PNG", content_type = "image/*"), (status = 404, description = "No such logo", body = crate::error::ErrorBody)))]
pub async fn logo(state: web::Data<AppState>, path: web::Path<LogoPath>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let (mime, bytes) = web::block(move || state.employer_offers.logo_bytes(&tenant, &path.hash)).await??;
    Ok(HttpResponse::Ok().content_type(mime).insert_header(("cache-control", "public, max-age=31536000, immutable")).body(bytes))
}

/// Issues a prepaid code to a company (the board's sales, through the internal API).
#[utoipa::path(post, path = "/api/{tenant}/internal/companies/{company_id}/codes", tag = "internal", request_body = crate::dto::employers::IssueCodeRequest,
    params(("tenant" = String, Path, description = "Board slug"), ("company_id" = String, Path, description = "Company id")),
    responses((status = 201, description = "The code", body = CodeDto), (status = 400, description = "Unknown plan", body = crate::error::ErrorBody),
              (status = 401, description = "No or a wrong internal token", body = crate::error::ErrorBody), (status = 404, description = "Unknown board or company", body = crate::error::ErrorBody)))]
pub async fn issue_code(
    state: web::Data<AppState>,
    path: web::Path<CompanyPath>,
    body: web::Json<crate::dto::employers::IssueCodeRequest>,
    request: HttpRequest,
) -> Result<HttpResponse> {
    crate::routes::internal::authorize(&state, &request)?;
    let tenant = state.tenant(&path.tenant)?;
    let code = web::block(move || state.employer_offers.issue_code(&tenant, &wakat_app::Principal::Internal, &path.company_id, &body.plan_key)).await??;
    Ok(HttpResponse::Created().json(CodeDto::from(&code)))
}

/// `?day=` of a bump run.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BumpRunQuery {
    /// Local day (`YYYY-MM-DD`) whose due bumps run (default: today in `server.time_zone`).
    pub day: Option<String>,
}

/// Runs the board's plan bumps for a day now (what the scheduler does at `bump_hour`); internal token.
#[utoipa::path(post, path = "/api/{tenant}/internal/bumps/run", tag = "internal",
    params(("tenant" = String, Path, description = "Board slug"), BumpRunQuery),
    responses((status = 200, description = "What the run did", body = crate::dto::jobs::BumpReport),
              (status = 400, description = "Not a day", body = crate::error::ErrorBody),
              (status = 401, description = "No or a wrong internal token", body = crate::error::ErrorBody)))]
pub async fn run_bumps(state: web::Data<AppState>, path: web::Path<TenantPath>, query: web::Query<BumpRunQuery>, request: HttpRequest) -> Result<HttpResponse> {
    crate::routes::internal::authorize(&state, &request)?;
    let tenant = state.tenant(&path.tenant)?;
    let day = match query.day.as_deref() {
        Some(text) => text.parse::<jiff::civil::Date>().map_err(|_| crate::error::ApiError::new(crate::error::ErrorCode::InvalidDay).with_field("day"))?,
        None => state.digests.today(),
    };
    let report = web::block(move || state.bumps.run(&wakat_app::Principal::Internal, &tenant, day)).await??;
    Ok(HttpResponse::Ok().json(crate::dto::jobs::BumpReport::from(report)))
}
