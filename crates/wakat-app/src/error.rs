//! The one error of the services: the domain's reason a call failed, never an HTTP status. The
//! server maps each reason to its wire code in one place (`wakat-server`'s `error.rs`); a job
//! logs it.

use wakat_core::{ErrorCode, FieldError};

/// Why a service call failed.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// The call needs a principal this caller is not (a candidate's call without a session).
    #[error("this call needs a logged-in caller")]
    Unauthenticated,
    /// A parameter or body field that breaks a parsing rule of `wakat-core`; keeps its field and code.
    #[error(transparent)]
    Field(#[from] FieldError),
    /// A body field that breaks a service's own rule (`invalid_search_url`, `fieldRequired`).
    #[error("{field}: {message}")]
    Invalid {
        /// The body field.
        field: &'static str,
        /// The rule's code.
        code: ErrorCode,
        /// Explanation.
        message: String,
    },
    /// An alert frequency other than everyDay, onceAWeek or twiceAWeek.
    #[error("frequency must be everyDay, onceAWeek or twiceAWeek")]
    InvalidFrequency,
    /// A guest's unsubscribe link without its code.
    #[error("the link has no code")]
    CodeRequired,
    /// A feed address whose signature is missing or not the server's.
    #[error("the feed link is not signed by this server")]
    InvalidSignature,
    /// A `since` that is not unix seconds.
    #[error("since must be unix seconds")]
    InvalidSince,
    /// The engine refused the public copy of an employer's offer (its field errors).
    #[error("the offer breaks the offer model's rules")]
    OfferRefused(Vec<FieldError>),
    /// A budget of the address or the company is spent (password attempts, mails, invitations).
    #[error("too many requests; try again in {retry_after_secs} s")]
    RateLimited {
        /// Whole seconds until the next try may pass (at least 1).
        retry_after_secs: u64,
    },
    /// A grant of the token endpoint other than `password`.
    #[error("only the password grant is supported")]
    UnsupportedGrantType,
    /// An invitation's address already has a confirmed employer account (of another company).
    #[error("this address already has an employer account")]
    EmployerEmailTaken,
    /// An owner whose e-mail is not confirmed invites someone.
    #[error("confirm your e-mail address before inviting others")]
    UnconfirmedInviter,
    /// Publishing needs the caller's confirmed e-mail.
    #[error("confirm the account's e-mail address before publishing")]
    AccountNotConfirmed,
    /// No offer of that slug on the board, listed or kept in the store (expired, finished).
    #[error("there is no offer '{slug}'")]
    OfferNotFound {
        /// The slug asked for, said in the answer's message.
        slug: String,
    },
    /// No offer location of that slug in the board's index (the explain call asks the index
    /// alone, so expired offers are absent there).
    #[error("this board has no offer '{slug}'")]
    OfferNotListed {
        /// The slug asked for, said in the answer's message.
        slug: String,
    },
    /// No company of that id on the board (the internal API's codes).
    #[error("there is no such company")]
    CompanyNotFound,
    /// No image of that hash among the board's logos and images.
    #[error("there is no such image")]
    ImageNotFound,
    /// The payment provider refused the call or could not be reached.
    #[error(transparent)]
    Payment(#[from] crate::payments::PaymentError),
    /// A sandbox page while the provider is another.
    #[error("the sandbox provider is off")]
    SandboxOff,
    /// A sandbox button other than pay, fail or cancel.
    #[error("the action is pay, fail or cancel")]
    UnknownSandboxAction,
    /// A panel state other than draft, active, finished or expired.
    #[error("state must be draft, active, finished or expired")]
    InvalidOfferState,
    /// An application status that is not one of the board's.
    #[error("{field} must be one of new, seen, in_review, interview, offer, hired, rejected")]
    InvalidApplicationStatus {
        /// The parameter or body field.
        field: &'static str,
    },
    /// A statistics range that ends before it starts or is too long.
    #[error("from must not be after to, and the range may cover at most {max_days} days")]
    InvalidDateRange {
        /// The longest range taken, in days.
        max_days: i64,
    },
    /// No application of that id sent to the caller's company.
    #[error("there is no such application")]
    ApplicationNotFound,
    /// An application sent without a CV.
    #[error("the application has no CV")]
    ApplicationHasNoCv,
    /// A candidate's session whose account was deleted meanwhile.
    #[error("the account no longer exists")]
    AccountGone,
    /// A favourite of an offer that is not on the board.
    #[error("there is no offer '{job_advertisement_id}'")]
    UnknownFavouriteOffer {
        /// The offer guid asked for, said in the answer's message.
        job_advertisement_id: String,
    },
    /// An application or redirect to an offer that has ended.
    #[error("the offer '{slug}' is no longer active")]
    OfferInactive {
        /// The offer's slug, said in the answer's message.
        slug: String,
    },
    /// A form application to an offer that takes applications on the employer's site.
    #[error("this offer takes applications on the employer's site")]
    ExternalApplyOnly,
    /// A tracked redirect of an offer that takes applications through its form.
    #[error("this offer takes applications through its form")]
    NoExternalApply,
    /// A one-click application (the stored CV) by a caller who is not a logged-in candidate.
    #[error("one-click apply needs a logged-in candidate")]
    OneClickApplyNeedsLogin,
    /// A one-click application by a candidate without a stored CV.
    #[error("one-click apply needs a CV in the profile")]
    NoStoredCv,
    /// No CV document of that id in the candidate's account.
    #[error("there is no such document")]
    DocumentNotFound,
    /// Applications, their statistics or files refused the call.
    #[error(transparent)]
    Applications(#[from] wakat_applications::ApplicationsError),
    /// No brand story of that slug (for `slug`, a candidate's read of a story that does not exist).
    #[error("the company has no brand story")]
    BrandStoryNotFound {
        /// The slug asked for, said in the answer's message.
        slug: Option<String>,
    },
    /// Saved searches and alerts refused the call.
    #[error(transparent)]
    Alerts(#[from] wakat_alerts::AlertsError),
    /// Accounts refused the call.
    #[error(transparent)]
    Accounts(#[from] wakat_accounts::AccountsError),
    /// Employers refused the call.
    #[error(transparent)]
    Employers(#[from] wakat_employers::EmployersError),
    /// The board has the feature off (the chat's flag `candidateChat`).
    #[error("this board does not offer this feature")]
    FeatureDisabled,
    /// No such post on the board's blog.
    #[error("there is no such post")]
    PostNotFound,
    /// The passive-candidate chat is in maintenance (flag `passiveCandidateMaintenance`).
    #[error("the chat is under maintenance")]
    ChatMaintenance,
    /// The chat refused the call.
    #[error(transparent)]
    Chat(wakat_chat::ChatError),
    /// The candidate shared no CV in the conversation, or deleted the one they shared.
    #[error("the candidate shared no CV in this conversation")]
    ChatNoSharedCv,
    /// The job-ad assistant refused the call.
    #[error(transparent)]
    Assistant(crate::assistant::AssistantError),
    /// The store refused the call (an identifier it cannot hold) or failed.
    #[error(transparent)]
    Store(#[from] wakat_store::StoreError),
    /// The search refused the call (a map region that is not a cluster) or failed.
    #[error(transparent)]
    Search(#[from] wakat_search::SearchError),
    /// Something that is nobody's mistake failed (the engine, the mail queue, a board's mail
    /// layout): answered as an internal error, its cause logged.
    #[error("{what}: {cause}")]
    Internal {
        /// What was being done.
        what: &'static str,
        /// The cause.
        cause: String,
    },
}

impl AppError {
    /// An internal failure while doing `what`.
    pub fn internal(what: &'static str, cause: impl std::fmt::Display) -> AppError {
        AppError::Internal { what, cause: cause.to_string() }
    }
}

/// Result of the services.
pub type Result<T, E = AppError> = std::result::Result<T, E>;
