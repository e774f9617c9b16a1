//! The trait behind which every brain answers: the offline drafter (the embedded default) and
//! the OpenAI-compatible adapter are chosen by the board's configuration and used the same way.

use futures_util::future::BoxFuture;
use tokio::sync::mpsc;
use wakat_core::offer_form::OfferForm;

use crate::proposal::ProposedAd;

/// One message of the conversation so far.
#[derive(Debug, Clone, PartialEq)]
pub struct Turn {
    /// Written by the employer (`true`) or by the assistant.
    pub from_user: bool,
    /// The message's text as shown.
    pub text: String,
}

/// What a brain answers: the conversation so far, whose last turn is the employer's new
/// message, and the offer form as it stands (what is already filled need not be asked).
#[derive(Debug, Clone)]
pub struct BrainRequest {
    /// The board's key (its categories and vocabulary).
    pub board: String,
    /// The web app's language (`pl` or `en`): the answer's language when the conversation's own
    /// language cannot be told.
    pub locale: String,
    /// Every message so far, oldest first; the last one is the employer's and is to be answered.
    pub history: Vec<Turn>,
    /// The form as the employer sees it now.
    pub form: OfferForm,
    /// The last proposal of this conversation, if any (a brain may refine it).
    pub last_proposal: Option<ProposedAd>,
}

/// What a brain streams while it answers. The application wraps the parts between its own
/// message start and message end events.
#[derive(Debug, Clone, PartialEq)]
pub enum BrainEvent {
    /// A piece of the answer's text, appended to the assistant's message.
    Part(String),
    /// The brain started searching the internet (only brains with a search tool send it).
    SearchStarted,
    /// The search ended.
    SearchEnded,
    /// The brain started assembling a proposal (the web app shows that an ad is coming).
    Proposing,
    /// The proposal, complete.
    Proposed(Box<ProposedAd>),
}

/// Why a brain could not answer.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BrainError {
    /// The provider refused for its own rate limit: the employer sees the rate-limit event.
    #[error("the assistant's provider is rate limited")]
    RateLimited {
        /// Seconds the provider asked to wait, when it said.
        retry_after_secs: Option<u64>,
    },
    /// The provider could not be reached, timed out or cut the answer off.
    #[error("the assistant's provider is unavailable: {0}")]
    Unavailable(String),
    /// The provider answered something that cannot be read.
    #[error("the assistant's provider answered unreadably: {0}")]
    Invalid(String),
    /// The receiver of the events went away (the connection closed mid-answer).
    #[error("the answer's receiver is gone")]
    Cancelled,
}

/// A brain: answers one employer message, streaming [`BrainEvent`]s into `events` and
/// returning once the answer is complete. Boxed futures so that the configured brain is an
/// `Arc<dyn Brain>`.
pub trait Brain: Send + Sync + 'static {
    /// What the brain is, for logs and metrics (`offline-drafter`, `openai:{model}`).
    fn name(&self) -> String;

    /// Answers `request`'s last turn.
    fn reply(&self, request: BrainRequest, events: mpsc::Sender<BrainEvent>) -> BoxFuture<'static, Result<(), BrainError>>;
}
