//! The employer's statuses of an application and the moves between them.
//!
//! The pipeline is `new → seen → in_review → interview → offer → hired`, with `rejected` beside
//! it. An employer moves an application to any other status but `new` (once opened, it is never
//! unread again): forward (skipping steps: a strong CV goes straight to `interview`), to
//! `rejected`, and back (an interview that comes to nothing returns to `in_review`, a rejection by
//! mistake is reopened, a hire that falls through goes back to `offer`). Nothing is rewritten:
//! every change is appended to the application's history, which the candidate sees. Only moving
//! forward once the pipeline reached `interview` made employers work around the tool (issue 23).

use serde::{Deserialize, Serialize};

/// Where an application is in the employer's recruitment.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ApplicationStatus {
    /// Received, not looked at yet.
    #[default]
    New,
    /// Opened by the employer.
    Seen,
    /// Being assessed.
    InReview,
    /// Invited to (or in) interviews.
    Interview,
    /// An offer was made.
    Offer,
    /// Hired: final.
    Hired,
    /// Not taken further.
    Rejected,
}

impl ApplicationStatus {
    /// Every status in pipeline order (`rejected` last).
    pub const ALL: [ApplicationStatus; 7] = [
        ApplicationStatus::New,
        ApplicationStatus::Seen,
        ApplicationStatus::InReview,
        ApplicationStatus::Interview,
        ApplicationStatus::Offer,
        ApplicationStatus::Hired,
        ApplicationStatus::Rejected,
    ];

    /// The wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            ApplicationStatus::New => "new",
            ApplicationStatus::Seen => "seen",
            ApplicationStatus::InReview => "in_review",
            ApplicationStatus::Interview => "interview",
            ApplicationStatus::Offer => "offer",
            ApplicationStatus::Hired => "hired",
            ApplicationStatus::Rejected => "rejected",
        }
    }

    /// The status of a wire name.
    pub fn parse(name: &str) -> Option<ApplicationStatus> {
        ApplicationStatus::ALL.into_iter().find(|status| status.as_str() == name)
    }

    /// Whether an employer may move an application from `self` to `to` (see the module): any
    /// other status but `new`.
    pub fn can_move_to(self, to: ApplicationStatus) -> bool {
        to != self && to != ApplicationStatus::New
    }
}

/// One change of status, as the candidate's history shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StatusChange {
    /// The new status.
    pub status: ApplicationStatus,
    /// When, Unix seconds.
    pub at: i64,
}

#[cfg(test)]
mod tests {
    use super::ApplicationStatus::*;
    use super::*;

    #[test]
    fn any_status_but_new_is_reachable_forward_and_back() {
        assert!(New.can_move_to(Seen) && New.can_move_to(Interview) && Offer.can_move_to(Hired));
        assert!(Interview.can_move_to(Rejected) && New.can_move_to(Rejected));
        assert!(Interview.can_move_to(Seen) && Interview.can_move_to(InReview), "back along the pipeline");
        assert!(Hired.can_move_to(Offer) && Rejected.can_move_to(InReview) && Rejected.can_move_to(Hired));
        for status in ApplicationStatus::ALL {
            assert!(!status.can_move_to(New), "{status:?} never becomes unread again");
            assert!(!status.can_move_to(status), "{status:?} to itself is no move");
        }
    }
}
