//! The single API error: a stable code, a message, the offending field, and the HTTP status. The
//! codes are one table, [`wakat_core::ErrorCode`] (every code with its status and default
//! message, field codes included); this module turns them into answers. A field error keeps the
//! status of where it was found (400 in a request, 422 for a refused offer, its form code's for a
//! form), whatever its row says. 5xx responses never show their cause; it is logged instead.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use wakat_core::FieldError;

/// The one table of codes is the core's (the domain crates return its codes); the server adds
/// the HTTP side, so handlers import it from here beside [`ApiError`].
pub use wakat_core::ErrorCode;

/// The HTTP status of `code`: the table keeps it as a number, free of any HTTP crate.
pub fn http_status(code: ErrorCode) -> StatusCode {
    StatusCode::from_u16(code.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
}

/// Error body: `{"code": "invalid_salary", "message": "...", "field": "salaryMin"}`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// Stable machine-readable code (the OpenAPI document lists them).
    pub code: String,
    /// Human-readable explanation.
    pub message: String,
    /// Parameter or body field at fault, when one is.
    pub field: Option<String>,
    /// Every field error, when a whole form was checked (the offer form).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<Vec<FieldErrorBody>>,
    /// When the conflicting record was made (RFC 3339): the first application of `already_applied`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
}

/// One field error of a form.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct FieldErrorBody {
    /// The form's field (`locations[0].city` for rows).
    pub field: String,
    /// Stable key of the rule.
    pub code: String,
    /// Explanation.
    pub message: String,
}

/// An error answered to a client.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    /// Boxed: every fallible call of the server returns `ApiError`, so it stays small.
    body: Box<ErrorBody>,
    /// Seconds for the `Retry-After` header of a refusal (every 429 carries one).
    retry_after: Option<u64>,
}

/// Result alias of handlers.
pub type Result<T, E = ApiError> = std::result::Result<T, E>;

impl ApiError {
    /// The error of `code` with its default message.
    pub fn new(code: ErrorCode) -> ApiError {
        let body = ErrorBody { code: code.as_str().to_string(), message: code.message().to_string(), field: None, errors: None, at: None };
        ApiError { status: http_status(code), body: Box::new(body), retry_after: None }
    }

    /// A refused offer (422) for the first of its field errors, naming all of them.
    pub fn rejected(errors: &[FieldError]) -> ApiError {
        let Some(first) = errors.first() else { return ApiError::new(ErrorCode::InvalidOffer) };
        let message = errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("; ");
        let body = ErrorBody { code: first.code.as_str().to_string(), message, field: Some(first.field.clone()), errors: None, at: None };
        ApiError { status: StatusCode::UNPROCESSABLE_ENTITY, body: Box::new(body), retry_after: None }
    }

    /// 400 for a body field that breaks a rule, with the rule's code.
    pub fn field_error(code: ErrorCode, field: &str, message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            body: Box::new(ErrorBody { code: code.as_str().to_string(), message: message.into(), field: Some(field.to_string()), errors: None, at: None }),
            retry_after: None,
        }
    }

    /// 400 for the first of several field errors (its code and field), listing all of them.
    pub fn fields(errors: &[FieldError]) -> ApiError {
        let Some(first) = errors.first() else { return ApiError::new(ErrorCode::InvalidJson) };
        let mut error = ApiError::from(first.clone());
        error.body.errors =
            Some(errors.iter().map(|e| FieldErrorBody { field: e.field.clone(), code: e.code.as_str().to_string(), message: e.message.clone() }).collect());
        error
    }

    /// `code` (a form's error) listing every field error; `field` names the first.
    pub fn form(code: ErrorCode, errors: &[FieldError]) -> ApiError {
        let mut error = ApiError::new(code);
        error.body.field = errors.first().map(|e| e.field.clone());
        error.body.errors =
            Some(errors.iter().map(|e| FieldErrorBody { field: e.field.clone(), code: e.code.as_str().to_string(), message: e.message.clone() }).collect());
        error
    }

    /// A more specific message than the table's.
    pub fn with_message(mut self, message: impl Into<String>) -> ApiError {
        self.body.message = message.into();
        self
    }

    /// The seconds a refused client should wait (sent as `Retry-After`).
    pub fn with_retry_after(mut self, seconds: u64) -> ApiError {
        self.retry_after = Some(seconds);
        self
    }

    /// The parameter or body field at fault.
    pub fn with_field(mut self, field: &str) -> ApiError {
        self.body.field = Some(field.to_string());
        self
    }

    /// 500; the cause goes to the log with every error under it (a store error's I/O error, a
    /// mail's SMTP answer), the client sees a generic message.
    pub fn internal(cause: &(dyn std::error::Error + 'static)) -> ApiError {
        tracing::error!(error = %cause_chain(cause), "internal error");
        ApiError::new(ErrorCode::InternalError)
    }

    /// 500 for a state that should not exist (a missing piece of set-up), said in `what`.
    pub fn broken_invariant(what: &str) -> ApiError {
        tracing::error!(error = what, "internal error: broken invariant");
        ApiError::new(ErrorCode::InternalError)
    }

    /// The body, for tests and logs.
    pub fn body(&self) -> &ErrorBody {
        &self.body
    }
}

/// An error and its sources, outermost first: `a: b: c`.
pub fn cause_chain(error: &(dyn std::error::Error + 'static)) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let line = cause.to_string();
        // Many errors repeat their source in their own text (`#[error("store: {0}")]`).
        if !text.ends_with(&line) {
            text.push_str(": ");
            text.push_str(&line);
        }
        source = cause.source();
    }
    text
}

impl From<ErrorCode> for ApiError {
    fn from(code: ErrorCode) -> ApiError {
        ApiError::new(code)
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.body.code, self.body.message)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        let mut response = HttpResponse::build(self.status);
        if let Some(seconds) = self.retry_after {
            response.insert_header((actix_web::http::header::RETRY_AFTER, seconds));
        }
        response.json(&self.body)
    }
}

/// A parameter the core parser refused: 400 with its field code.
impl From<FieldError> for ApiError {
    fn from(error: FieldError) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            body: Box::new(ErrorBody { code: error.code.as_str().to_string(), message: error.message, field: Some(error.field), errors: None, at: None }),
            retry_after: None,
        }
    }
}

impl From<wakat_search::SearchError> for ApiError {
    fn from(error: wakat_search::SearchError) -> ApiError {
        match error {
            wakat_search::SearchError::InvalidRegion(region) => {
                ApiError::new(ErrorCode::InvalidRegion).with_message(format!("'{region}' is not a map cluster id")).with_field("region")
            }
            other => ApiError::internal(&other),
        }
    }
}

impl From<wakat_store::StoreError> for ApiError {
    fn from(error: wakat_store::StoreError) -> ApiError {
        match error {
            wakat_store::StoreError::InvalidKey(key) => ApiError::new(ErrorCode::InvalidKey).with_message(format!("'{key}' is not a valid identifier")),
            other => ApiError::internal(&other),
        }
    }
}

impl From<actix_web::error::BlockingError> for ApiError {
    fn from(error: actix_web::error::BlockingError) -> ApiError {
        ApiError::internal(&error)
    }
}

/// Maps an accounts failure to its API error.
pub fn accounts_error(error: wakat_accounts::AccountsError) -> ApiError {
    use wakat_accounts::AccountsError;
    match error {
        AccountsError::InvalidCredentials => ApiError::new(ErrorCode::InvalidCredentials),
        AccountsError::EmailNotConfirmed => ApiError::new(ErrorCode::EmailNotConfirmed),
        AccountsError::InvalidToken => ApiError::new(ErrorCode::InvalidToken).with_field("token"),
        AccountsError::EmailTaken => ApiError::new(ErrorCode::EmailTaken).with_field("newEmail"),
        AccountsError::Invalid { field, code, message } => ApiError::field_error(code, field, message),
        AccountsError::NotFound => ApiError::new(ErrorCode::AccountDocumentNotFound),
        AccountsError::TooManyDocuments(max) => ApiError::new(ErrorCode::TooManyDocuments).with_message(format!("an account keeps at most {max} documents")),
        AccountsError::Store(store) => store.into(),
        other => ApiError::internal(&other),
    }
}

/// Maps an applications failure to its API error.
pub fn applications_error(error: wakat_applications::ApplicationsError) -> ApiError {
    use wakat_applications::ApplicationsError;
    match error {
        ApplicationsError::NotFound { what: "redirect" } => ApiError::new(ErrorCode::RedirectNotFound),
        ApplicationsError::NotFound { what: "application" } => ApiError::new(ErrorCode::ApplicationNotFound),
        ApplicationsError::InvalidTransition { from, to } => {
            ApiError::new(ErrorCode::InvalidStatusTransition).with_message(format!("an application cannot move from {from} to {to}")).with_field("status")
        }
        ApplicationsError::NotFound { what } => ApiError::new(ErrorCode::NotFound).with_message(format!("there is no such {what}")),
        ApplicationsError::AlreadyApplied { at } => {
            let mut error = ApiError::new(ErrorCode::AlreadyApplied).with_message(format!("you applied to this offer on {}", crate::dto::iso_time(at)));
            error.body.at = Some(crate::dto::iso_time(at));
            error
        }
        ApplicationsError::LimitReached { what, limit } => ApiError::new(ErrorCode::LimitReached).with_message(format!("at most {limit} {what}")),
        ApplicationsError::TooManyIds { max, given } => {
            ApiError::from(FieldError::new("jobAdvertisementsIds", ErrorCode::TooManyValues, format!("at most {max} ids per call, {given} given")))
        }
        ApplicationsError::InvalidInput { field, reason } => ApiError::new(ErrorCode::InvalidKey).with_message(format!("{field}: {reason}")).with_field(field),
        ApplicationsError::Store(store) => store.into(),
        other => ApiError::internal(&other),
    }
}

/// Maps an alerts failure to its API error (the spec's catalogue for the 409s and the 422).
pub fn alerts_error(error: wakat_alerts::AlertsError) -> ApiError {
    use wakat_alerts::AlertsError;
    match error {
        AlertsError::FilterExists => ApiError::new(ErrorCode::JobFilterExists),
        AlertsError::AlertExists => ApiError::new(ErrorCode::JobAlertExists),
        AlertsError::ActiveAlertExists => ApiError::new(ErrorCode::ActiveJobAlertExists),
        AlertsError::ProfileExists => ApiError::new(ErrorCode::CandidateProfileExists),
        AlertsError::AccountExists => ApiError::new(ErrorCode::CandidateAccountExists).with_message(""),
        AlertsError::LimitReached(_) => ApiError::new(ErrorCode::JobAlertLimit),
        AlertsError::FilterNotFound => ApiError::new(ErrorCode::JobFilterNotFound),
        AlertsError::AlertNotFound => ApiError::new(ErrorCode::JobAlertNotFound),
        AlertsError::AlreadyActive => ApiError::new(ErrorCode::JobAlertAlreadyActive),
        AlertsError::LinkExpired => ApiError::new(ErrorCode::LinkExpired),
        AlertsError::InvalidCode => ApiError::new(ErrorCode::InvalidCode),
        AlertsError::Invalid { field, code, message } => ApiError::field_error(code, field, message),
        AlertsError::Filter(field_error) => ApiError::from(field_error),
        AlertsError::Store(store) => store.into(),
    }
}

/// Maps an upload failure: the uploader's mistakes are the apply form's keys on `field`.
pub fn upload_error(error: wakat_uploads::UploadError, field: &str) -> ApiError {
    use wakat_uploads::UploadError;
    match error {
        UploadError::TooLarge { max_bytes } => {
            ApiError::from(FieldError::new(field, ErrorCode::FileSize, format!("the file may have at most {max_bytes} bytes")))
        }
        UploadError::TypeNotAllowed { detected } => ApiError::from(FieldError::new(
            field,
            ErrorCode::FileType,
            format!("the file must be a PDF, DOCX, JPEG or PNG (this one is {})", detected.as_deref().unwrap_or("unknown")),
        )),
        UploadError::Empty => ApiError::from(FieldError::new(field, ErrorCode::FileType, "the file is empty")),
        other => ApiError::internal(&other),
    }
}

/// Turns extractor failures (bad query string, bad JSON, bad path) into 4xx JSON bodies.
pub fn query_error(error: actix_web::error::QueryPayloadError, _: &actix_web::HttpRequest) -> actix_web::Error {
    ApiError::new(ErrorCode::InvalidQuery).with_message(format!("query string is malformed: {error}")).into()
}

/// JSON body extractor failure.
pub fn json_error(error: actix_web::error::JsonPayloadError, _: &actix_web::HttpRequest) -> actix_web::Error {
    let code = match &error {
        actix_web::error::JsonPayloadError::OverflowKnownLength { .. } | actix_web::error::JsonPayloadError::Overflow { .. } => ErrorCode::PayloadTooLarge,
        actix_web::error::JsonPayloadError::ContentType => ErrorCode::UnsupportedMediaType,
        _ => ErrorCode::InvalidJson,
    };
    ApiError::new(code).with_message(format!("request body is not acceptable: {error}")).into()
}

/// Path extractor failure.
pub fn path_error(error: actix_web::error::PathError, _: &actix_web::HttpRequest) -> actix_web::Error {
    ApiError::new(ErrorCode::InvalidPath).with_message(format!("path is malformed: {error}")).into()
}

/// Maps an employers failure to its API error.
pub fn employers_error(error: wakat_employers::EmployersError) -> ApiError {
    use wakat_employers::EmployersError;
    match error {
        EmployersError::OfferNotFound => ApiError::new(ErrorCode::OfferNotFound),
        EmployersError::InvalidOfferToken => ApiError::new(ErrorCode::InvalidOfferToken).with_field("token"),
        EmployersError::UnknownPlan(plan) => {
            ApiError::new(ErrorCode::UnknownPlan).with_message(format!("there is no plan '{plan}'")).with_field("pricing_plan")
        }
        EmployersError::IncorrectCode => ApiError::new(ErrorCode::IncorrectCode).with_field("code"),
        EmployersError::CodeUsed => ApiError::new(ErrorCode::CodeUsed).with_field("code"),
        EmployersError::WrongState(reason) => ApiError::new(ErrorCode::OfferStateConflict).with_message(reason),
        EmployersError::Invalid(errors) => ApiError::form(ErrorCode::InvalidForm, &errors),
        EmployersError::DraftInvalid(errors) => ApiError::form(ErrorCode::FormContainsErrors, &errors),
        EmployersError::PaymentNotFound => ApiError::new(ErrorCode::PaymentNotFound),
        EmployersError::NotAnEmployer => ApiError::new(ErrorCode::Unauthorized).with_message("log in as an employer first"),
        EmployersError::UserNotFound => ApiError::new(ErrorCode::EmployerUserNotFound),
        EmployersError::LastOwner => ApiError::new(ErrorCode::LastOwner),
        EmployersError::OwnerOnly => ApiError::new(ErrorCode::OwnerRoleRequired),
        EmployersError::StorySlugTaken => ApiError::new(ErrorCode::BrandStorySlugTaken).with_field("slug"),
        EmployersError::TooManyInvitations(max) => {
            ApiError::new(ErrorCode::TooManyInvitations).with_message(format!("a company may have at most {max} open invitations: withdraw some first"))
        }
        EmployersError::Refused(errors) => ApiError::fields(&errors),
        EmployersError::Store(store) => store.into(),
    }
}

pub mod assistant;
pub mod chat;
mod from_app;

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, thiserror::Error)]
    enum Outer {
        #[error("the store failed")]
        Quiet(#[source] std::io::Error),
        #[error("the store failed: {0}")]
        Repeating(#[source] std::io::Error),
    }

    #[test]
    fn the_logged_cause_names_every_error_under_it_once() {
        let disk = || std::io::Error::other("disk full");
        assert_eq!(cause_chain(&Outer::Quiet(disk())), "the store failed: disk full");
        assert_eq!(cause_chain(&Outer::Repeating(disk())), "the store failed: disk full");
        assert_eq!(cause_chain(&disk()), "disk full");
    }

    #[test]
    fn every_code_has_an_http_error_status() {
        for code in ErrorCode::ALL {
            assert_eq!(http_status(*code).as_u16(), code.status(), "{code}");
            assert!(http_status(*code).is_client_error() || http_status(*code).is_server_error(), "{code}");
        }
    }
}
