//! What the assistant streams to the connection that asked: the hub implements
//! [`AssistantSink`] for the calling connection; nothing here knows how events travel.

use wakat_assistant::ProposedAd;
use wakat_assistant_store::AssistantMessage;

/// One event of an answer, in the order the contract names (start, parts, proposal, end).
#[derive(Debug, Clone, PartialEq)]
pub enum AssistantEvent {
    /// A new assistant message, with empty content (`MessageStart`).
    MessageStart(AssistantMessage),
    /// A piece of text appended to it (`MessagePart`).
    MessagePart {
        /// The message.
        message_id: String,
        /// The text.
        text: String,
    },
    /// The brain searches the internet (`InternetSearchStart`).
    SearchStart,
    /// The search ended (`InternetSearchEnd`).
    SearchEnd,
    /// A proposal is being assembled (`JobAdProposing`).
    Proposing {
        /// The message.
        message_id: String,
    },
    /// The proposal (`JobAdProposed`).
    Proposed {
        /// The message.
        message_id: String,
        /// The AI-proposed ad.
        proposal: Box<ProposedAd>,
    },
    /// The message complete, as stored (`MessageEnd`).
    MessageEnd(AssistantMessage),
    /// The company's limit or the provider's (`RateLimit`).
    RateLimit {
        /// Seconds until a message is accepted again.
        retry_after_secs: u64,
    },
    /// The brain failed mid-answer (`AssistantError`); the message still ends.
    Failed {
        /// The API's error code.
        code: wakat_core::ErrorCode,
        /// What happened, for the employer.
        message: String,
    },
}

/// Delivers events to the connection that asked; false when it is gone (the answer still
/// completes and is stored, so reopening the form shows it).
pub trait AssistantSink: Send + Sync + 'static {
    /// Sends one event.
    fn send(&self, event: AssistantEvent) -> bool;
}
