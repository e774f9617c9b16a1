//! One answer streamed: the message start, the brain's events as they come, the complete answer
//! stored (with its proposal), the message end. The stored answer is what reopening the form
//! shows, so it is written even when the connection that asked went away.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use tokio::sync::mpsc;
use wakat_assistant::{Brain, BrainError, BrainEvent, BrainRequest, ProposedAd};
use wakat_assistant_store::{AssistantMessage, AssistantStore, ConversationKey, Reply};
use wakat_core::ErrorCode;

use super::events::{AssistantEvent, AssistantSink};
use crate::Clock;

/// Events a brain may be ahead of the connection by.
const EVENT_BUFFER: usize = 64;

/// A conversation marked as answering; unmarked when dropped (the answer ended, or failed to
/// start).
pub(super) struct BusyGuard {
    busy: Arc<Mutex<HashSet<ConversationKey>>>,
    key: ConversationKey,
}

impl BusyGuard {
    /// Marks `key` busy, unless it is already.
    pub(super) fn take(busy: &Arc<Mutex<HashSet<ConversationKey>>>, key: &ConversationKey) -> Option<BusyGuard> {
        let inserted = busy.lock().unwrap_or_else(std::sync::PoisonError::into_inner).insert(key.clone());
        inserted.then(|| BusyGuard { busy: busy.clone(), key: key.clone() })
    }
}

impl Drop for BusyGuard {
    fn drop(&mut self) {
        self.busy.lock().unwrap_or_else(std::sync::PoisonError::into_inner).remove(&self.key);
    }
}

/// Streams a stored message as one answer: start (empty), its text, end.
pub(super) fn replay(sink: &dyn AssistantSink, message: AssistantMessage) {
    sink.send(AssistantEvent::MessageStart(AssistantMessage { content: String::new(), scorable: false, ..message.clone() }));
    sink.send(AssistantEvent::MessagePart { message_id: message.id.clone(), text: message.content.clone() });
    sink.send(AssistantEvent::MessageEnd(message));
}

/// An answer to run once the employer's message is acknowledged.
pub(super) struct Answer {
    pub(super) store: Arc<AssistantStore>,
    pub(super) key: ConversationKey,
    pub(super) brain: Arc<dyn Brain>,
    pub(super) request: BrainRequest,
    pub(super) reply_id: String,
    pub(super) reply_seq: u64,
    pub(super) clock: Clock,
    pub(super) busy: BusyGuard,
}

impl Answer {
    pub(super) async fn run(self, sink: Arc<dyn AssistantSink>) {
        let Answer { store, key, brain, request, reply_id, reply_seq, clock, busy } = self;
        let start = AssistantMessage { id: reply_id.clone(), content: String::new(), is_user: false, timestamp: clock.now(), score: None, scorable: false };
        sink.send(AssistantEvent::MessageStart(start));
        let (sender, mut events) = mpsc::channel(EVENT_BUFFER);
        let reply = brain.reply(request, sender);
        let forward = async {
            let mut content = String::new();
            let mut proposal: Option<ProposedAd> = None;
            while let Some(event) = events.recv().await {
                let id = reply_id.clone();
                let event = match event {
                    BrainEvent::Part(text) => {
                        content.push_str(&text);
                        AssistantEvent::MessagePart { message_id: id, text }
                    }
                    BrainEvent::SearchStarted => AssistantEvent::SearchStart,
                    BrainEvent::SearchEnded => AssistantEvent::SearchEnd,
                    BrainEvent::Proposing => AssistantEvent::Proposing { message_id: id },
                    BrainEvent::Proposed(ad) => {
                        proposal = Some((*ad).clone());
                        AssistantEvent::Proposed { message_id: id, proposal: ad }
                    }
                };
                sink.send(event);
            }
            (content, proposal)
        };
        let (result, (content, proposal)) = tokio::join!(reply, forward);
        match result {
            Ok(()) | Err(BrainError::Cancelled) => {}
            Err(BrainError::RateLimited { retry_after_secs }) => {
                sink.send(AssistantEvent::RateLimit { retry_after_secs: retry_after_secs.unwrap_or(60).max(1) });
            }
            Err(error) => {
                tracing::warn!(%error, brain = brain.name(), "the assistant's brain failed mid-answer");
                sink.send(AssistantEvent::Failed { code: ErrorCode::AssistantUnavailable, message: error.to_string() });
            }
        }
        let reply = Reply { id: reply_id.clone(), seq: reply_seq, content, proposal, now: clock.now() };
        let stored = tokio::task::spawn_blocking(move || store.add_reply(&key, reply)).await;
        // The next message may come once this one is stored (the brain sees it in the history).
        drop(busy);
        match stored {
            Ok(Ok(message)) => {
                sink.send(AssistantEvent::MessageEnd(message));
            }
            Ok(Err(error)) => {
                tracing::error!(%error, "an assistant's answer could not be stored");
                sink.send(AssistantEvent::Failed { code: ErrorCode::InternalError, message: "the answer could not be saved".into() });
            }
            Err(error) => tracing::error!(%error, "storing an assistant's answer did not run"),
        }
    }
}
