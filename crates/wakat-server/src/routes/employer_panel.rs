//! The employer panel's own data: the caller's profile, the company's users and their roles,
//! company data (multipart, with the logo checked as the offer form checks it), billing data and
//! the default clauses of new offers. Every call needs the employer's bearer token; users and
//! billing need an owner. Handlers parse, call one service function and render.

use actix_multipart::Multipart;
use actix_web::{web, HttpResponse};
use wakat_employers::CompanyData;

use crate::dto::employer_panel::{BillingDto, ClausesDto, CompanyDto, PanelUserDto, PanelUsersDto, ProfileDto, ProfileUpdateRequest, UserUpdateRequest};
use crate::employer_session::Employer;
use crate::error::{ApiError, ErrorCode, Result};
use crate::routes::params::UserPath;
use crate::state::AppState;
use crate::uploads::{field_name, next_field, read_text, receive_image};

/// Longest text field of the company data form.
const MAX_COMPANY_FIELD_BYTES: usize = 4_000;

fn no_store(mut response: actix_web::HttpResponseBuilder) -> actix_web::HttpResponseBuilder {
    response.insert_header(("cache-control", "no-store"));
    response
}

/// The caller's profile with its role and company.
#[utoipa::path(get, path = "/api/{tenant}/v2/employer-panel/profiles/me", tag = "employer panel",
    params(("tenant" = String, Path, description = "Board slug")), security(("bearer" = [])),
    responses((status = 200, description = "The profile", body = ProfileDto), (status = 401, description = "Not an employer", body = crate::error::ErrorBody)))]
pub async fn profile(state: web::Data<AppState>, employer: Employer) -> Result<HttpResponse> {
    let profile = web::block(move || state.company_panel.profile(&employer.tenant, &employer.principal())).await??;
    let profile = ProfileDto::from(profile);
    Ok(no_store(HttpResponse::Ok()).json(profile))
}

/// Changes the caller's name, phone or when it hears of new applications.
#[utoipa::path(patch, operation_id = "update_employer_profile", path = "/api/{tenant}/v1/profiles/me", tag = "employer panel", request_body = ProfileUpdateRequest,
    params(("tenant" = String, Path, description = "Board slug")), security(("bearer" = [])),
    responses((status = 200, description = "The profile", body = ProfileDto), (status = 400, description = "A field breaks a rule (invalid_name, invalid_phone, required)", body = crate::error::ErrorBody),
              (status = 401, description = "Not an employer", body = crate::error::ErrorBody)))]
pub async fn update_profile(state: web::Data<AppState>, employer: Employer, body: web::Json<ProfileUpdateRequest>) -> Result<HttpResponse> {
    let profile = web::block(move || state.company_panel.update_profile(&employer.tenant, &employer.principal(), body.into_inner().into())).await??;
    let profile = ProfileDto::from(profile);
    Ok(no_store(HttpResponse::Ok()).json(profile))
}

/// The company's users with their roles (owners only).
#[utoipa::path(get, path = "/api/{tenant}/v2/employer-panel/users", tag = "employer panel",
    params(("tenant" = String, Path, description = "Board slug")), security(("bearer" = [])),
    responses((status = 200, description = "Users: owners first, then recruiters, each oldest first", body = PanelUsersDto), (status = 401, description = "Not an employer", body = crate::error::ErrorBody),
              (status = 403, description = "A recruiter (owner_role_required)", body = crate::error::ErrorBody)))]
pub async fn users(state: web::Data<AppState>, employer: Employer) -> Result<HttpResponse> {
    let data = web::block(move || state.company_panel.team(&employer.tenant, &employer.principal())).await??;
    let data = data.into_iter().map(PanelUserDto::from).collect();
    Ok(no_store(HttpResponse::Ok()).json(PanelUsersDto { data }))
}

/// Changes a user's name, phone or role (owners only; the last owner stays an owner).
#[utoipa::path(patch, path = "/api/{tenant}/v2/employer-panel/users/{id}", tag = "employer panel", request_body = UserUpdateRequest,
    params(("tenant" = String, Path, description = "Board slug"), ("id" = String, Path, description = "The user's id")), security(("bearer" = [])),
    responses((status = 200, description = "The user", body = PanelUserDto), (status = 400, description = "A field breaks a rule", body = crate::error::ErrorBody),
              (status = 401, description = "Not an employer", body = crate::error::ErrorBody), (status = 403, description = "A recruiter (owner_role_required)", body = crate::error::ErrorBody),
              (status = 404, description = "No such user of the company", body = crate::error::ErrorBody), (status = 409, description = "The last owner (last_owner)", body = crate::error::ErrorBody)))]
pub async fn update_user(
    state: web::Data<AppState>,
    employer: Employer,
    path: web::Path<UserPath>,
    body: web::Json<UserUpdateRequest>,
) -> Result<HttpResponse> {
    let user = web::block(move || state.company_panel.update_member(&employer.tenant, &employer.principal(), &path.id, body.into_inner().into())).await??;
    let user = PanelUserDto::from(user);
    Ok(HttpResponse::Ok().json(user))
}

/// Removes a user from the company; its account and sessions end (owners only; not the last owner).
#[utoipa::path(delete, path = "/api/{tenant}/v2/employer-panel/users/{id}", tag = "employer panel",
    params(("tenant" = String, Path, description = "Board slug"), ("id" = String, Path, description = "The user's id")), security(("bearer" = [])),
    responses((status = 204, description = "Removed"), (status = 401, description = "Not an employer", body = crate::error::ErrorBody),
              (status = 403, description = "A recruiter (owner_role_required)", body = crate::error::ErrorBody), (status = 404, description = "No such user of the company", body = crate::error::ErrorBody),
              (status = 409, description = "The last owner (last_owner)", body = crate::error::ErrorBody)))]
pub async fn remove_user(state: web::Data<AppState>, employer: Employer, path: web::Path<UserPath>) -> Result<HttpResponse> {
    web::block(move || state.company_panel.remove_member(&employer.tenant, &employer.principal(), &path.id)).await??;
    Ok(HttpResponse::NoContent().finish())
}

/// The company: data, logo, clauses, and billing data for owners.
#[utoipa::path(get, path = "/api/{tenant}/v1/company", tag = "employer panel",
    params(("tenant" = String, Path, description = "Board slug")), security(("bearer" = [])),
    responses((status = 200, description = "The company", body = CompanyDto), (status = 401, description = "Not an employer", body = crate::error::ErrorBody)))]
pub async fn company(state: web::Data<AppState>, employer: Employer) -> Result<HttpResponse> {
    let company = web::block(move || state.company_panel.company(&employer.tenant, &employer.principal())).await??;
    let company = CompanyDto::from(company);
    Ok(no_store(HttpResponse::Ok()).json(company))
}

/// Saves the company data: multipart `companyName`, `companySize`, `companyWebsite` (the offer
/// form's rules) and `companyLogo` (JPEG or PNG by content, 100 B to 5 MB; required while the
/// company has none).
#[utoipa::path(post, path = "/api/{tenant}/v1/company/company_data", tag = "employer panel",
    request_body(content = String, content_type = "multipart/form-data", description = "`companyName`, `companySize`, `companyWebsite`, `companyLogo`"),
    params(("tenant" = String, Path, description = "Board slug")), security(("bearer" = [])),
    responses((status = 200, description = "The company", body = CompanyDto), (status = 400, description = "A field breaks a rule (the offer form's keys, logo_wrong_format…)", body = crate::error::ErrorBody),
              (status = 401, description = "Not an employer", body = crate::error::ErrorBody), (status = 413, description = "A field too large", body = crate::error::ErrorBody)))]
pub async fn company_data(state: web::Data<AppState>, employer: Employer, mut payload: Multipart) -> Result<HttpResponse> {
    let (mut data, mut logo) = (CompanyData::default(), None);
    while let Some(mut field) = next_field(&mut payload).await? {
        match field_name(&field).as_str() {
            "companyName" => data.company_name = read_text(&mut field, MAX_COMPANY_FIELD_BYTES).await?,
            "companySize" => data.company_size = read_text(&mut field, MAX_COMPANY_FIELD_BYTES).await?,
            "companyWebsite" => data.company_website = read_text(&mut field, MAX_COMPANY_FIELD_BYTES).await?,
            "companyLogo" if logo.is_none() => logo = Some(receive_image(&state.blobs, &mut field, "companyLogo").await?),
            other => return Err(ApiError::new(ErrorCode::InvalidMultipart).with_message(format!("unexpected field '{other}'")).with_field(other)),
        }
    }
    let company = web::block(move || state.company_panel.save_company_data(&employer.tenant, &employer.principal(), data, logo.as_ref())).await??;
    let company = CompanyDto::from(company);
    Ok(HttpResponse::Ok().json(company))
}

/// Saves the billing data (owners only; a Polish NIP's checksum is checked).
#[utoipa::path(patch, path = "/api/{tenant}/v2/employer-panel/company/billing-data", tag = "employer panel", request_body = BillingDto,
    params(("tenant" = String, Path, description = "Board slug")), security(("bearer" = [])),
    responses((status = 200, description = "The company", body = CompanyDto), (status = 400, description = "A field breaks a rule (invalid_nip, invalid_postal_code, required…)", body = crate::error::ErrorBody),
              (status = 401, description = "Not an employer", body = crate::error::ErrorBody), (status = 403, description = "A recruiter (owner_role_required)", body = crate::error::ErrorBody)))]
pub async fn billing(state: web::Data<AppState>, employer: Employer, body: web::Json<BillingDto>) -> Result<HttpResponse> {
    let company = web::block(move || state.company_panel.set_billing(&employer.tenant, &employer.principal(), body.into_inner().into())).await??;
    let company = CompanyDto::from(company);
    Ok(HttpResponse::Ok().json(company))
}

/// Saves the default information clause and consents of new offers (the offer form's rules).
#[utoipa::path(patch, path = "/api/{tenant}/v2/employer-panel/company/clauses", tag = "employer panel", request_body = ClausesDto,
    params(("tenant" = String, Path, description = "Board slug")), security(("bearer" = [])),
    responses((status = 200, description = "The company", body = CompanyDto), (status = 400, description = "A clause breaks a rule (min_length, forbidden_placeholder, missing_placeholder…)", body = crate::error::ErrorBody),
              (status = 401, description = "Not an employer", body = crate::error::ErrorBody)))]
pub async fn clauses(state: web::Data<AppState>, employer: Employer, body: web::Json<ClausesDto>) -> Result<HttpResponse> {
    let company = web::block(move || state.company_panel.set_clauses(&employer.tenant, &employer.principal(), body.into_inner().into())).await??;
    let company = CompanyDto::from(company);
    Ok(HttpResponse::Ok().json(company))
}
