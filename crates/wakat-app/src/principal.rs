//! Who acts: every service method takes the [`Principal`] the transport (the HTTP server's
//! extractors, the scheduler) has established, and decides from it alone what the caller may do.
//! The board is a separate argument: a principal is always one board's.

use wakat_employers::Role;

use crate::error::AppError;

/// The acting party of a service call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Principal {
    /// Nobody logged in: a visitor, or a guest proving itself with the code of a mailed link.
    Anonymous,
    /// A logged-in candidate (the session cookie).
    Candidate {
        /// The candidate's account.
        account_id: String,
    },
    /// A logged-in employer user (the bearer token), acting for one company.
    EmployerUser {
        /// The user's account.
        account_id: String,
        /// The company it acts for.
        company_id: String,
        /// Owner or recruiter: what the user may change in the company.
        role: Role,
    },
    /// The board's operator on the server's own machine (the dev mailbox, metrics without a token).
    BoardOperator,
    /// The internal write API (its token) and the scheduler's jobs.
    Internal,
}

impl Principal {
    /// The candidate's account id, or [`AppError::Unauthenticated`] for anyone else: the calls of
    /// a candidate's own data.
    pub fn candidate_account(&self) -> Result<&str, AppError> {
        match self {
            Principal::Candidate { account_id } => Ok(account_id),
            _ => Err(AppError::Unauthenticated),
        }
    }

    /// [`AppError::Unauthenticated`] unless the caller is [`Principal::Internal`]: the jobs and
    /// the internal API's calls.
    pub fn require_internal(&self) -> Result<(), AppError> {
        match self {
            Principal::Internal => Ok(()),
            _ => Err(AppError::Unauthenticated),
        }
    }
}
