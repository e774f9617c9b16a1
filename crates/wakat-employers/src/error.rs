//! Errors of the employers domain; the server maps each to one stable API code.

use wakat_core::FieldError;
use wakat_store::StoreError;

/// Why an employers call failed.
#[derive(Debug, thiserror::Error)]
pub enum EmployersError {
    /// No such offer of the caller's company (another company's offer answers the same).
    #[error("there is no such offer")]
    OfferNotFound,
    /// The offer's edit token is missing or wrong.
    #[error("the offer token is missing or wrong")]
    InvalidOfferToken,
    /// No such plan on the board.
    #[error("there is no plan '{0}'")]
    UnknownPlan(String),
    /// The code does not exist or belongs to another company.
    #[error("Incorrect code")]
    IncorrectCode,
    /// The code was used already.
    #[error("the code has been used already")]
    CodeUsed,
    /// The offer is not in a state that allows the call (with the reason).
    #[error("{0}")]
    WrongState(&'static str),
    /// The form breaks rules (every error).
    #[error("the form contains errors")]
    Invalid(Vec<FieldError>),
    /// A draft save with errors.
    #[error("Form contains errors. Fix them before saving draft")]
    DraftInvalid(Vec<FieldError>),
    /// No such payment of the caller's company.
    #[error("there is no such payment")]
    PaymentNotFound,
    /// The caller is not a user of any company.
    #[error("the account is not an employer's")]
    NotAnEmployer,
    /// No such user of the caller's company (another company's user answers the same).
    #[error("there is no such user")]
    UserNotFound,
    /// The change would leave the company without an owner.
    #[error("the company's last owner cannot be removed or made a recruiter")]
    LastOwner,
    /// The caller's role does not allow the call.
    #[error("only an owner of the company may do this")]
    OwnerOnly,
    /// More open invitations than a company may have.
    #[error("a company may have at most {0} open invitations")]
    TooManyInvitations(usize),
    /// A brand story slug that another company uses.
    #[error("another company's brand story uses this slug")]
    StorySlugTaken,
    /// Fields that break the panel's rules (every error).
    #[error("a field breaks a rule")]
    Refused(Vec<FieldError>),
    /// The store failed, or a stored record does not decode ([`StoreError::Corrupt`]).
    #[error(transparent)]
    Store(#[from] StoreError),
}
