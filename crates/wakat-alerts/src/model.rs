//! Saved searches, their alerts and the guests who own alerts without an account.

use serde::{Deserialize, Serialize};

use crate::filters::QueryPairs;

/// How often an alert mails its digest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Frequency {
    /// Every day.
    #[serde(rename = "everyDay")]
    EveryDay,
    /// Mondays.
    #[serde(rename = "onceAWeek")]
    OnceAWeek,
    /// Mondays and Thursdays (the default).
    #[default]
    #[serde(rename = "twiceAWeek")]
    TwiceAWeek,
}

impl Frequency {
    /// The wire value.
    pub fn as_str(self) -> &'static str {
        match self {
            Frequency::EveryDay => "everyDay",
            Frequency::OnceAWeek => "onceAWeek",
            Frequency::TwiceAWeek => "twiceAWeek",
        }
    }

    /// Parses the wire value.
    pub fn parse(value: &str) -> Option<Frequency> {
        [Frequency::EveryDay, Frequency::OnceAWeek, Frequency::TwiceAWeek].into_iter().find(|f| f.as_str() == value)
    }

    /// Whether a digest is due on a day; `weekday` counts from Monday = 0.
    pub fn due_on(self, weekday_from_monday: u8) -> bool {
        match self {
            Frequency::EveryDay => true,
            Frequency::OnceAWeek => weekday_from_monday == 0,
            Frequency::TwiceAWeek => weekday_from_monday == 0 || weekday_from_monday == 3,
        }
    }
}

/// Whether an alert mails.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum AlertStatus {
    /// Digests are sent.
    #[serde(rename = "active")]
    Active,
    /// A guest's alert waiting for its e-mail to be confirmed by the activation link.
    #[serde(rename = "pendingActivation")]
    PendingActivation,
}

impl AlertStatus {
    /// The wire value.
    pub fn as_str(self) -> &'static str {
        match self {
            AlertStatus::Active => "active",
            AlertStatus::PendingActivation => "pendingActivation",
        }
    }
}

/// The activation code of a guest's alert: only its SHA-256 is kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActivationCode {
    /// Hex SHA-256 of the code.
    pub hash: String,
    /// Unix seconds after which the link has expired.
    pub expires_at: i64,
}

/// The alert of a saved search.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JobAlert {
    /// Active or waiting for activation.
    pub status: AlertStatus,
    /// How often.
    pub frequency: Frequency,
    /// When it was enabled.
    pub created_at: i64,
    /// Offers published after this instant go into the next digest.
    pub last_digest_at: i64,
    /// The period (local date of a run) whose digest is decided (sent, queued, or nothing new).
    #[serde(default)]
    pub last_period: Option<String>,
    /// The open activation link of a guest's alert.
    #[serde(default)]
    pub activation: Option<ActivationCode>,
}

/// Who owns saved searches: a candidate account, or a guest known only by an e-mail.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Owner {
    /// A candidate account (its id).
    Account(String),
    /// A guest (its id, the spec's `candidateId` of guest calls).
    Guest(String),
}

impl Owner {
    /// The key segment: `a-{id}` or `g-{id}`.
    pub fn segment(&self) -> String {
        match self {
            Owner::Account(id) => format!("a-{id}"),
            Owner::Guest(id) => format!("g-{id}"),
        }
    }

    /// Parses a key segment.
    pub fn from_segment(segment: &str) -> Option<Owner> {
        let (kind, id) = segment.split_once('-')?;
        if id.is_empty() || id.contains('/') {
            return None;
        }
        match kind {
            "a" => Some(Owner::Account(id.to_string())),
            "g" => Some(Owner::Guest(id.to_string())),
            _ => None,
        }
    }

    /// The id of the account or guest.
    pub fn id(&self) -> &str {
        match self {
            Owner::Account(id) | Owner::Guest(id) => id,
        }
    }
}

/// A saved search.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JobFilter {
    /// 32 hex digits, random.
    pub id: String,
    /// [`Owner::segment`] of the owner.
    pub owner: String,
    /// The list page's address the search was saved from (relative to the web app).
    pub search_url: String,
    /// Name (the tags by default).
    pub name: String,
    /// The filter model in canonical form ([`crate::filters::canonical_pairs`]).
    pub query: QueryPairs,
    /// [`crate::filters::canonical_query`]: the identity of the search.
    pub canonical: String,
    /// When it was saved.
    pub created_at: i64,
    /// Offers published after this instant count as new.
    pub last_read_at: i64,
    /// The alert, if any.
    pub alert: Option<JobAlert>,
}

impl JobFilter {
    /// The owner.
    pub fn owner(&self) -> Option<Owner> {
        Owner::from_segment(&self.owner)
    }
}

/// A guest: alerts without an account, reached by e-mail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Guest {
    /// 32 hex digits, random (the spec's `candidateId`).
    pub id: String,
    /// Address, normalized.
    pub email: String,
    /// Language of the mails (`pl`, `en`).
    pub lang: String,
    /// The guest asked for a candidate profile.
    pub create_candidate: bool,
    /// The guest agreed to marketing mail.
    pub marketing_agreement: bool,
    /// When first seen.
    pub created_at: i64,
}

/// What a new saved search is made of.
#[derive(Debug, Clone)]
pub struct NewFilter {
    /// The list page's address.
    pub search_url: String,
    /// Checked name.
    pub name: String,
    /// Canonical pairs.
    pub query: QueryPairs,
    /// Canonical query string.
    pub canonical: String,
}
