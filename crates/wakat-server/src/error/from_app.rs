//! The services' errors as the API's answers.

use super::assistant::assistant_error;
use super::chat::chat_error;
use super::{accounts_error, alerts_error, applications_error, employers_error, ApiError, ErrorCode};

/// The one mapping of the services' domain errors to the API's codes: every reason of
/// [`wakat_app::AppError`] to the status, code, message and field the API answers.
impl From<wakat_app::AppError> for ApiError {
    fn from(error: wakat_app::AppError) -> ApiError {
        use wakat_app::AppError;
        match error {
            AppError::Unauthenticated => ApiError::new(ErrorCode::Unauthorized),
            AppError::Field(field_error) => ApiError::from(field_error),
            AppError::Invalid { field, code, message } => ApiError::field_error(code, field, message),
            AppError::InvalidFrequency => ApiError::new(ErrorCode::InvalidFrequency).with_field("frequency"),
            AppError::CodeRequired => ApiError::new(ErrorCode::InvalidCode).with_field("code"),
            AppError::InvalidSince => ApiError::new(ErrorCode::InvalidSince).with_field("since"),
            AppError::InvalidSignature => ApiError::new(ErrorCode::InvalidSignature).with_field("signature"),
            AppError::OfferRefused(errors) => ApiError::form(ErrorCode::InvalidForm, &errors),
            AppError::RateLimited { retry_after_secs } => ApiError::new(ErrorCode::RateLimited)
                .with_message(format!("too many requests; try again in {retry_after_secs} s"))
                .with_retry_after(retry_after_secs),
            AppError::UnsupportedGrantType => ApiError::new(ErrorCode::UnsupportedGrantType).with_field("grant_type"),
            AppError::EmployerEmailTaken => ApiError::new(ErrorCode::EmailTaken)
                .with_message("this address already has an employer account: log in with it, or ask for an invitation to another address")
                .with_field("token"),
            AppError::UnconfirmedInviter => ApiError::new(ErrorCode::EmailNotConfirmed).with_message("confirm your e-mail address before inviting others"),
            AppError::AccountNotConfirmed => ApiError::new(ErrorCode::AccountNotConfirmed),
            AppError::OfferNotFound { slug } => ApiError::new(ErrorCode::OfferNotFound).with_message(format!("there is no offer '{slug}'")),
            AppError::OfferNotListed { slug } => ApiError::new(ErrorCode::OfferNotFound).with_message(format!("this board has no offer '{slug}'")),
            AppError::CompanyNotFound => ApiError::new(ErrorCode::NotFound).with_message("there is no such company"),
            AppError::ImageNotFound => ApiError::new(ErrorCode::ImageNotFound),
            AppError::Payment(wakat_app::payments::PaymentError::InvalidSignature(reason)) => {
                ApiError::new(ErrorCode::InvalidSignature).with_message(format!("the webhook signature is invalid: {reason}"))
            }
            AppError::Payment(wakat_app::payments::PaymentError::Malformed(message)) => ApiError::new(ErrorCode::InvalidJson).with_message(message),
            AppError::Payment(wakat_app::payments::PaymentError::Unavailable(message)) => {
                tracing::error!(%message, "payment provider");
                ApiError::new(ErrorCode::PaymentUnavailable)
            }
            AppError::SandboxOff => ApiError::new(ErrorCode::NotFound).with_message("the sandbox provider is off"),
            AppError::UnknownSandboxAction => ApiError::new(ErrorCode::InvalidPath).with_message("the action is pay, fail or cancel"),
            AppError::InvalidOfferState => {
                ApiError::new(ErrorCode::InvalidOfferState).with_message("state must be draft, active, finished or expired").with_field("state")
            }
            AppError::InvalidApplicationStatus { field } => ApiError::new(ErrorCode::InvalidApplicationStatus)
                .with_message(format!("{field} must be one of new, seen, in_review, interview, offer, hired, rejected"))
                .with_field(field),
            AppError::InvalidDateRange { max_days } => ApiError::new(ErrorCode::InvalidDateRange)
                .with_message(format!("from must not be after to, and the range may cover at most {max_days} days"))
                .with_field("from"),
            AppError::ApplicationNotFound => ApiError::new(ErrorCode::ApplicationNotFound),
            AppError::ApplicationHasNoCv => ApiError::new(ErrorCode::ApplicationHasNoCv),
            AppError::AccountGone => ApiError::new(ErrorCode::Unauthorized).with_message("the account no longer exists"),
            AppError::UnknownFavouriteOffer { job_advertisement_id } => {
                ApiError::new(ErrorCode::OfferNotFound).with_message(format!("there is no offer '{job_advertisement_id}'")).with_field("jobAdvertisementId")
            }
            AppError::OfferInactive { slug } => ApiError::new(ErrorCode::OfferInactive).with_message(format!("the offer '{slug}' is no longer active")),
            AppError::ExternalApplyOnly => ApiError::new(ErrorCode::ExternalApplyOnly),
            AppError::NoExternalApply => ApiError::new(ErrorCode::NoExternalApply),
            AppError::OneClickApplyNeedsLogin => ApiError::new(ErrorCode::Unauthorized).with_message("one-click apply needs a logged-in candidate"),
            AppError::NoStoredCv => ApiError::new(ErrorCode::NoStoredCv),
            AppError::DocumentNotFound => ApiError::new(ErrorCode::AccountDocumentNotFound),
            AppError::Applications(applications) => applications_error(applications),
            AppError::BrandStoryNotFound { slug: None } => ApiError::new(ErrorCode::BrandStoryNotFound),
            AppError::BrandStoryNotFound { slug: Some(slug) } => {
                ApiError::new(ErrorCode::BrandStoryNotFound).with_message(format!("there is no company story '{slug}'"))
            }
            AppError::Alerts(alerts) => alerts_error(alerts),
            AppError::Accounts(accounts) => accounts_error(accounts),
            AppError::Employers(employers) => employers_error(employers),
            AppError::FeatureDisabled => ApiError::new(ErrorCode::FeatureDisabled),
            AppError::PostNotFound => ApiError::new(ErrorCode::PostNotFound),
            AppError::ChatMaintenance => ApiError::new(ErrorCode::ChatMaintenance),
            AppError::Chat(chat) => chat_error(chat),
            AppError::ChatNoSharedCv => ApiError::new(ErrorCode::ChatNoSharedCv),
            AppError::Assistant(assistant) => assistant_error(assistant),
            AppError::Store(store) => store.into(),
            AppError::Search(search) => search.into(),
            internal @ AppError::Internal { .. } => ApiError::internal(&internal),
        }
    }
}
