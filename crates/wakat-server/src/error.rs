//! The single API error: a stable snake_case code, a message, the offending field, and the HTTP
//! status the code maps to. Every code the API answers is in one table ([`ErrorCode`]) plus the
//! domain's field codes ([`wakat_core::FieldCode`], answered as 400, or 422 for a refused offer). 5xx
//! responses never show their cause; it is logged instead.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use wakat_core::FieldError;

/// Declares [`ErrorCode`] from one table of `Variant => (wire code, status, default message)`.
macro_rules! error_codes {
    ($($(#[$doc:meta])* $variant:ident => ($code:literal, $status:ident, $message:literal),)+) => {
        /// Every error the API answers besides field codes: its wire code, status and message.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum ErrorCode {
            $($(#[$doc])* $variant,)+
        }

        impl ErrorCode {
            /// Every code, for the OpenAPI document.
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$variant,)+];

            /// The snake_case wire form.
            pub const fn as_str(self) -> &'static str {
                match self { $(ErrorCode::$variant => $code,)+ }
            }

            /// The HTTP status it is answered with.
            pub const fn status(self) -> StatusCode {
                match self { $(ErrorCode::$variant => StatusCode::$status,)+ }
            }

            /// The message when the call site has nothing more specific to say.
            pub const fn message(self) -> &'static str {
                match self { $(ErrorCode::$variant => $message,)+ }
            }
        }
    };
}

error_codes! {
    /// The query string does not parse.
    InvalidQuery => ("invalid_query", BAD_REQUEST, "the query string is malformed"),
    /// The body is not the JSON the call takes.
    InvalidJson => ("invalid_json", BAD_REQUEST, "the request body is not acceptable JSON"),
    /// The body is larger than the call accepts.
    PayloadTooLarge => ("payload_too_large", PAYLOAD_TOO_LARGE, "the request body is too large"),
    /// The body has a content type the call does not take.
    UnsupportedMediaType => ("unsupported_media_type", UNSUPPORTED_MEDIA_TYPE, "the request body must be application/json"),
    /// A path segment does not parse.
    InvalidPath => ("invalid_path", BAD_REQUEST, "the path is malformed"),
    /// A category id in the path that is not a number.
    InvalidCategory => ("invalid_category", BAD_REQUEST, "the category id is not a number"),
    /// An offer body that does not match the offer model.
    InvalidOffer => ("invalid_offer", BAD_REQUEST, "the offer JSON is not valid"),
    /// The body's slug differs from the path's.
    SlugMismatch => ("slug_mismatch", BAD_REQUEST, "the body's slug differs from the path's"),
    /// A view reported for another board.
    InvalidBrand => ("invalid_brand", BAD_REQUEST, "views of another board go to its own API"),
    /// A view time that is not ISO 8601.
    InvalidVisitedAt => ("invalid_visited_at", BAD_REQUEST, "visitedAt must be an ISO 8601 time"),
    /// A map region that is not a cluster id.
    InvalidRegion => ("invalid_region", BAD_REQUEST, "the region is not a map cluster id"),
    /// An identifier the store cannot hold.
    InvalidKey => ("invalid_key", BAD_REQUEST, "the identifier is not valid"),
    /// The call needs credentials the request does not carry (or carries wrong).
    Unauthorized => ("unauthorized", UNAUTHORIZED, "this call needs valid credentials"),
    /// An operator's call (the dev mailbox, `/metrics` without a token) from another machine.
    LoopbackOnly => ("loopback_only", FORBIDDEN, "this call answers only clients on the server's own machine"),
    /// No such endpoint.
    NotFound => ("not_found", NOT_FOUND, "no such endpoint"),
    /// No such board.
    UnknownTenant => ("unknown_tenant", NOT_FOUND, "there is no such board"),
    /// No such offer.
    OfferNotFound => ("offer_not_found", NOT_FOUND, "there is no such offer"),
    /// No such category on the board.
    UnknownCategory => ("unknown_category", NOT_FOUND, "the category does not exist on this board"),
    /// No brand story for the company.
    BrandStoryNotFound => ("brand_story_not_found", NOT_FOUND, "the company has no brand story"),
    /// No such legal document on the board.
    DocumentNotFound => ("document_not_found", NOT_FOUND, "there is no such document"),
    /// No such generated image.
    ImageNotFound => ("image_not_found", NOT_FOUND, "there is no such image"),
    /// The board has the feature off.
    FeatureDisabled => ("feature_disabled", NOT_FOUND, "this board does not offer this feature"),
    /// The endpoint exists but not with this method.
    MethodNotAllowed => ("method_not_allowed", METHOD_NOT_ALLOWED, "this endpoint does not take this method"),
    /// A cookie-authenticated write without the session's CSRF token in `X-CSRF-Token`.
    CsrfFailed => ("csrf_failed", FORBIDDEN, "this write needs the X-CSRF-Token header of the session"),
    /// Wrong e-mail or password (the same answer for an unknown e-mail).
    InvalidCredentials => ("invalid_credentials", UNAUTHORIZED, "the e-mail or the password is wrong"),
    /// Right password, e-mail not confirmed yet.
    EmailNotConfirmed => ("email_not_confirmed", FORBIDDEN, "confirm the e-mail address first: the link is in the mail we sent"),
    /// A link token that is unknown, spent or expired.
    InvalidToken => ("invalid_token", BAD_REQUEST, "the link is invalid or has expired"),
    /// The new e-mail belongs to another account.
    EmailTaken => ("email_taken", CONFLICT, "another account uses this e-mail"),
    /// A second application of one person (e-mail or candidate) to one offer; `at` is the first's time.
    AlreadyApplied => ("already_applied", CONFLICT, "you have applied to this offer already"),
    /// A company with as many open invitations as it may have.
    TooManyInvitations => ("too_many_invitations", CONFLICT, "the company has too many open invitations: withdraw some first"),
    /// The account has as many documents as it may keep.
    TooManyDocuments => ("too_many_documents", UNPROCESSABLE_ENTITY, "delete a document before adding another"),
    /// No such document of this account.
    AccountDocumentNotFound => ("account_document_not_found", NOT_FOUND, "there is no such document"),
    /// A signed link that is wrong or expired.
    InvalidSignature => ("invalid_signature", FORBIDDEN, "the link is invalid or has expired"),
    /// The captcha token is missing or refused.
    CaptchaFailed => ("captcha_failed", BAD_REQUEST, "the captcha was not solved"),
    /// A mail could not be handed to the mail server.
    MailUnavailable => ("mail_unavailable", SERVICE_UNAVAILABLE, "the mail could not be sent; try again in a moment"),
    /// A multipart body that does not parse.
    InvalidMultipart => ("invalid_multipart", BAD_REQUEST, "the body must be multipart/form-data with the documented fields"),
    /// An application to an offer that is no longer active.
    OfferInactive => ("offer_inactive", CONFLICT, "the offer is no longer active"),
    /// A form application to an offer that takes applications on the employer's site.
    ExternalApplyOnly => ("external_apply_only", CONFLICT, "this offer takes applications on the employer's site"),
    /// A redirect tracked for an offer without an external apply link.
    NoExternalApply => ("no_external_apply", CONFLICT, "this offer takes applications through its form"),
    /// No such redirect of this candidate.
    RedirectNotFound => ("redirect_not_found", NOT_FOUND, "there is no such redirect"),
    /// A per-candidate cap is reached.
    LimitReached => ("limit_reached", CONFLICT, "the limit is reached"),
    /// A one-click application from an account without a CV.
    NoStoredCv => ("no_stored_cv", CONFLICT, "one-click apply needs a CV in the profile"),
    /// Too many requests from one client.
    RateLimited => ("rate_limited", TOO_MANY_REQUESTS, "too many requests; try again later"),
    /// A draft save whose form breaks the draft's rules (the spec's wording).
    FormContainsErrors => ("form_contains_errors", BAD_REQUEST, "Form contains errors. Fix them before saving draft"),
    /// An offer form that breaks section 5's rules; `errors` lists every one.
    InvalidForm => ("invalid_form", UNPROCESSABLE_ENTITY, "the offer form contains errors"),
    /// The offer's edit token (`token`) is missing or wrong.
    InvalidOfferToken => ("invalid_offer_token", FORBIDDEN, "the offer token is missing or wrong"),
    /// No such plan on the board.
    UnknownPlan => ("unknown_plan", BAD_REQUEST, "there is no such plan"),
    /// A prepaid code that does not exist or is another company's.
    IncorrectCode => ("incorrect_code", BAD_REQUEST, "Incorrect code"),
    /// A prepaid code used already.
    CodeUsed => ("code_used", CONFLICT, "the code has been used already"),
    /// The offer's state does not allow the call.
    OfferStateConflict => ("offer_state_conflict", CONFLICT, "the offer's state does not allow this"),
    /// An employer whose e-mail is not confirmed tried to publish.
    AccountNotConfirmed => ("account_not_confirmed", FORBIDDEN, "confirm the account's e-mail address before publishing"),
    /// `POST /v1/oauth/token` with a grant other than `password`.
    UnsupportedGrantType => ("unsupported_grant_type", BAD_REQUEST, "only the password grant is supported"),
    /// No such payment of this company.
    PaymentNotFound => ("payment_not_found", NOT_FOUND, "there is no such payment"),
    /// The payment provider did not answer as expected.
    PaymentUnavailable => ("payment_unavailable", BAD_GATEWAY, "the payment provider is unavailable; try again in a moment"),
    /// A saved search with the same filters exists (the spec's message).
    JobFilterExists => ("job_filter_exists", CONFLICT, "Job filter already exists"),
    /// The saved search already has an alert (the spec's message).
    JobAlertExists => ("job_alert_exists", CONFLICT, "Job alert already exists"),
    /// The guest's alert for these filters is active (the spec's message).
    ActiveJobAlertExists => ("active_job_alert_exists", CONFLICT, "Job filter with active job alert already exists"),
    /// A guest asked for a profile for an e-mail that has one (the spec's message).
    CandidateProfileExists => ("candidate_profile_exists", CONFLICT, "Candidate profile already exists"),
    /// A guest alert for an e-mail with a candidate account (answered with an empty message, the
    /// spec's "409 without a message": the owner logs in).
    CandidateAccountExists => ("candidate_account_exists", CONFLICT, "the e-mail has a candidate account; log in"),
    /// The owner keeps as many saved searches as allowed (the spec's notification text).
    JobAlertLimit => ("job_alert_limit", UNPROCESSABLE_ENTITY, "Osiągnięto maksymalny limit zapisanych powiadomień."),
    /// No such saved search of this owner.
    JobFilterNotFound => ("job_filter_not_found", NOT_FOUND, "there is no such saved search"),
    /// The saved search has no alert.
    JobAlertNotFound => ("job_alert_not_found", NOT_FOUND, "the saved search has no alert"),
    /// The activation link was used already.
    JobAlertAlreadyActive => ("job_alert_already_active", CONFLICT, "the job alert is already active"),
    /// The activation link is right but expired (the web app says 'Link wygasł').
    LinkExpired => ("link_expired", GONE, "Link wygasł"),
    /// An activation or unsubscribe code that does not belong to the alert.
    InvalidCode => ("invalid_code", NOT_FOUND, "the link is invalid"),
    /// A frequency other than everyDay, onceAWeek, twiceAWeek.
    InvalidFrequency => ("invalid_frequency", BAD_REQUEST, "frequency must be everyDay, onceAWeek or twiceAWeek"),
    /// The caller is a recruiter; the call is for the company's owners (users, billing).
    OwnerRoleRequired => ("owner_role_required", FORBIDDEN, "only an owner of the company may do this"),
    /// The change would leave the company without an owner.
    LastOwner => ("last_owner", CONFLICT, "the company's last owner cannot be removed or made a recruiter"),
    /// No such user of the caller's company.
    EmployerUserNotFound => ("employer_user_not_found", NOT_FOUND, "there is no such user"),
    /// Another company's brand story uses the slug.
    BrandStorySlugTaken => ("brand_story_slug_taken", CONFLICT, "another company's brand story uses this slug"),
    /// No such application of the caller's company (or it was deleted).
    ApplicationNotFound => ("application_not_found", NOT_FOUND, "there is no such application"),
    /// The application came without a CV.
    ApplicationHasNoCv => ("application_has_no_cv", NOT_FOUND, "the application has no CV"),
    /// A status outside new, seen, in_review, interview, offer, hired, rejected.
    InvalidApplicationStatus => ("invalid_application_status", BAD_REQUEST, "the status must be new, seen, in_review, interview, offer, hired or rejected"),
    /// A status change the pipeline does not allow (forward only, rejected from anywhere, hired is final).
    InvalidStatusTransition => ("invalid_status_transition", CONFLICT, "the application cannot move to that status"),
    /// An offer state outside draft, active, finished, expired.
    InvalidOfferState => ("invalid_offer_state", BAD_REQUEST, "state must be draft, active, finished or expired"),
    /// A statistics range that ends before it starts or is too long.
    InvalidDateRange => ("invalid_date_range", BAD_REQUEST, "the date range is not valid"),
    /// A `format` other than json or csv.
    InvalidFormat => ("invalid_format", BAD_REQUEST, "format must be json or csv"),
    /// A `since` that is not unix seconds within the last year.
    InvalidSince => ("invalid_since", BAD_REQUEST, "since must be unix seconds"),
    /// A `day` that is not a date (YYYY-MM-DD).
    InvalidDay => ("invalid_day", BAD_REQUEST, "day must be YYYY-MM-DD"),
    /// Our fault; the cause is in the log.
    InternalError => ("internal_error", INTERNAL_SERVER_ERROR, "something went wrong on our side"),
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
        ApiError { status: code.status(), body: Box::new(body), retry_after: None }
    }

    /// A refused offer (422) for the first of its field errors, naming all of them.
    pub fn rejected(errors: &[FieldError]) -> ApiError {
        let Some(first) = errors.first() else { return ApiError::new(ErrorCode::InvalidOffer) };
        let message = errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("; ");
        let body = ErrorBody { code: first.code.as_str().to_string(), message, field: Some(first.field.clone()), errors: None, at: None };
        ApiError { status: StatusCode::UNPROCESSABLE_ENTITY, body: Box::new(body), retry_after: None }
    }

    /// 400 for a body field that breaks a rule, with the rule's stable key as the code.
    pub fn field_error(key: &str, field: &str, message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            body: Box::new(ErrorBody { code: key.to_string(), message: message.into(), field: Some(field.to_string()), errors: None, at: None }),
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
        AccountsError::Invalid { field, code, message } => ApiError::field_error(code.as_str(), field, message),
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
            ApiError::from(FieldError::new("jobAdvertisementsIds", wakat_core::FieldCode::TooManyValues, format!("at most {max} ids per call, {given} given")))
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
        AlertsError::Invalid { field, key, message } => ApiError::field_error(key, field, message),
        AlertsError::Filter(field_error) => ApiError::from(field_error),
        AlertsError::Store(store) => store.into(),
    }
}

/// Maps an upload failure: the uploader's mistakes are the apply form's keys on `field`.
pub fn upload_error(error: wakat_uploads::UploadError, field: &str) -> ApiError {
    use wakat_uploads::UploadError;
    match error {
        UploadError::TooLarge { max_bytes } => {
            ApiError::from(FieldError::new(field, wakat_core::FieldCode::FileSize, format!("the file may have at most {max_bytes} bytes")))
        }
        UploadError::TypeNotAllowed { detected } => ApiError::from(FieldError::new(
            field,
            wakat_core::FieldCode::FileType,
            format!("the file must be a PDF, DOCX, JPEG or PNG (this one is {})", detected.as_deref().unwrap_or("unknown")),
        )),
        UploadError::Empty => ApiError::from(FieldError::new(field, wakat_core::FieldCode::FileType, "the file is empty")),
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
    fn the_table_has_unique_codes_and_error_statuses() {
        let mut seen = std::collections::HashSet::new();
        for code in ErrorCode::ALL {
            assert!(seen.insert(code.as_str()), "{} is listed twice", code.as_str());
            assert!(code.status().is_client_error() || code.status().is_server_error(), "{}", code.as_str());
            assert!(!code.message().is_empty());
        }
    }
}
