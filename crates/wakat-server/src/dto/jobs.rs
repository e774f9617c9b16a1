//! Answers of the internal API's job runs (`…/internal/digests/run`, `…/internal/bumps/run`):
//! what a run of `wakat_app::jobs` did.

use serde::Serialize;

/// What a run did.
#[derive(Debug, Clone, Default, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DigestReport {
    /// The local day (`YYYY-MM-DD`).
    pub day: String,
    /// Active alerts due that day.
    pub due: usize,
    /// Due alerts already decided by an earlier (or interrupted) run of the day.
    pub already_done: usize,
    /// Digests recorded in the mail queue by this run.
    pub queued: usize,
    /// Alerts with nothing new (no mail).
    pub nothing_new: usize,
    /// Alerts whose owner or filter can no longer be used (account gone, filter no longer parses).
    pub skipped: usize,
    /// Distinct (filter, since) evaluations run.
    pub evaluations: usize,
}

impl From<wakat_app::jobs::digests::DigestReport> for DigestReport {
    fn from(report: wakat_app::jobs::digests::DigestReport) -> DigestReport {
        let wakat_app::jobs::digests::DigestReport { day, due, already_done, queued, nothing_new, skipped, evaluations } = report;
        DigestReport { day, due, already_done, queued, nothing_new, skipped, evaluations }
    }
}

/// What a bump run did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BumpReport {
    /// Published offers of the board looked at.
    pub published: usize,
    /// Offers bumped by this run.
    pub bumped: usize,
    /// Public offers written again because a bump had not reached them (a crash in between).
    pub repaired: usize,
}

impl From<wakat_app::jobs::bumps::BumpReport> for BumpReport {
    fn from(report: wakat_app::jobs::bumps::BumpReport) -> BumpReport {
        let wakat_app::jobs::bumps::BumpReport { published, bumped, repaired } = report;
        BumpReport { published, bumped, repaired }
    }
}

/// What a run of the employers' application digests did.
#[derive(Debug, Clone, Default, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicationDigestReport {
    /// The local day whose applications were listed (`YYYY-MM-DD`).
    pub day: String,
    /// Companies with applications that day.
    pub companies: usize,
    /// Digests new to the mail queue.
    pub queued: usize,
    /// Digests the queue already held (an earlier run of the day).
    pub already_queued: usize,
}

impl From<wakat_app::jobs::application_digests::ApplicationDigestReport> for ApplicationDigestReport {
    fn from(report: wakat_app::jobs::application_digests::ApplicationDigestReport) -> ApplicationDigestReport {
        let wakat_app::jobs::application_digests::ApplicationDigestReport { day, companies, queued, already_queued } = report;
        ApplicationDigestReport { day, companies, queued, already_queued }
    }
}
