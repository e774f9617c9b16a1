//! The single API error: a stable snake_case code, a message, the offending field, and the HTTP
//! status the code maps to. 5xx responses never show their cause; it is logged instead.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use wakat_core::FieldError;

/// Error body: `{"code": "invalid_salary", "message": "...", "field": "salaryMin"}`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// Stable machine-readable code.
    pub code: String,
    /// Human-readable explanation.
    pub message: String,
    /// Parameter or body field at fault, when one is.
    pub field: Option<String>,
}

/// An error answered to a client.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    body: ErrorBody,
}

/// Result alias of handlers.
pub type Result<T, E = ApiError> = std::result::Result<T, E>;

impl ApiError {
    fn new(status: StatusCode, code: &str, message: impl Into<String>, field: Option<&str>) -> ApiError {
        ApiError { status, body: ErrorBody { code: code.to_string(), message: message.into(), field: field.map(str::to_string) } }
    }

    /// 400 with a code and the field at fault.
    pub fn bad_request(code: &str, message: impl Into<String>, field: Option<&str>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, code, message, field)
    }

    /// 404.
    pub fn not_found(code: &str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, code, message, None)
    }

    /// 401 or 403.
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, "forbidden", message, None)
    }

    /// 422 for a body that parsed but is not acceptable.
    pub fn unprocessable(code: &str, message: impl Into<String>, field: Option<&str>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, message, field)
    }

    /// 500; the cause goes to the log, the client sees a generic message.
    pub fn internal(cause: &dyn std::fmt::Display) -> ApiError {
        tracing::error!(error = %cause, "internal error");
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal_error", "something went wrong on our side", None)
    }

    /// The body, for tests and logs.
    pub fn body(&self) -> &ErrorBody {
        &self.body
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
        HttpResponse::build(self.status).json(&self.body)
    }
}

impl From<FieldError> for ApiError {
    fn from(error: FieldError) -> ApiError {
        ApiError::bad_request(error.code, error.message, Some(&error.field))
    }
}

impl From<wakat_search::SearchError> for ApiError {
    fn from(error: wakat_search::SearchError) -> ApiError {
        match error {
            wakat_search::SearchError::InvalidRegion(region) => {
                ApiError::bad_request("invalid_region", format!("'{region}' is not a map cluster id"), Some("region"))
            }
            other => ApiError::internal(&other),
        }
    }
}

impl From<wakat_store::StoreError> for ApiError {
    fn from(error: wakat_store::StoreError) -> ApiError {
        match error {
            wakat_store::StoreError::InvalidKey(key) => ApiError::bad_request("invalid_key", format!("'{key}' is not a valid identifier"), None),
            other => ApiError::internal(&other),
        }
    }
}

impl From<actix_web::error::BlockingError> for ApiError {
    fn from(error: actix_web::error::BlockingError) -> ApiError {
        ApiError::internal(&error)
    }
}

/// Turns extractor failures (bad query string, bad JSON, bad path) into 400 JSON bodies.
pub fn query_error(error: actix_web::error::QueryPayloadError, _: &actix_web::HttpRequest) -> actix_web::Error {
    ApiError::bad_request("invalid_query", format!("query string is malformed: {error}"), None).into()
}

/// JSON body extractor failure.
pub fn json_error(error: actix_web::error::JsonPayloadError, _: &actix_web::HttpRequest) -> actix_web::Error {
    let status_code = match &error {
        actix_web::error::JsonPayloadError::OverflowKnownLength { .. } | actix_web::error::JsonPayloadError::Overflow { .. } => "payload_too_large",
        actix_web::error::JsonPayloadError::ContentType => "unsupported_media_type",
        _ => "invalid_json",
    };
    ApiError::bad_request(status_code, format!("request body is not acceptable: {error}"), None).into()
}

/// Path extractor failure.
pub fn path_error(error: actix_web::error::PathError, _: &actix_web::HttpRequest) -> actix_web::Error {
    ApiError::bad_request("invalid_path", format!("path is malformed: {error}"), None).into()
}
