//! The employer's statuses of an application and the moves between them.
//!
//! The pipeline is `new → seen → in_review → interview → offer → hired`; an employer moves an
//! application forward (skipping steps is allowed: a strong CV goes straight to `interview`),
//! or to `rejected` from any status but `hired`. `hired` is final. `rejected` can be reopened to
//! `in_review` (a rejection by mistake, or a second look). Moving back along the pipeline is
//! refused: the candidate sees every change, and a status that goes back and forth tells them
//! nothing true.

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

    /// Whether an employer may move an application from `self` to `to` (see the module).
    pub fn can_move_to(self, to: ApplicationStatus) -> bool {
        use ApplicationStatus::{Hired, InReview, Rejected};
        match (self, to) {
            (Hired, _) => false,
            (Rejected, to) => to == InReview,
            (_, Rejected) => true,
            (from, to) => to > from,
        }
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
    fn the_pipeline_moves_forward_rejects_from_anywhere_and_hired_is_final() {
        assert!(New.can_move_to(Seen) && New.can_move_to(Interview) && Offer.can_move_to(Hired));
        assert!(Interview.can_move_to(Rejected) && New.can_move_to(Rejected));
        assert!(!Interview.can_move_to(Seen), "no way back");
        assert!(!Hired.can_move_to(Rejected) && !Hired.can_move_to(Offer));
        assert!(Rejected.can_move_to(InReview) && !Rejected.can_move_to(Hired));
        assert!(!Seen.can_move_to(Seen));
        for status in ApplicationStatus::ALL {
            assert_eq!(ApplicationStatus::parse(status.as_str()), Some(status));
            assert_eq!(serde_json::to_value(status).unwrap(), status.as_str());
        }
        assert_eq!(ApplicationStatus::parse("in review"), None);
    }
}
