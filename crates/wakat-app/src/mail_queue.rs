//! How a service hands a one-off mail over: recorded durably in the mail queue (flushed before
//! the call returns, so the answer that follows survives `kill -9` with its mail); the queue's
//! worker delivers it, so no answer waits for or reveals anything through the mail server.

use std::sync::Arc;

use wakat_mail::{Mail, MailQueue};

use crate::error::{AppError, Result};

/// The services' way into the mail queue.
#[derive(Clone)]
pub struct MailSender {
    queue: Arc<MailQueue>,
}

impl MailSender {
    /// A sender recording into `queue`.
    pub fn new(queue: Arc<MailQueue>) -> MailSender {
        MailSender { queue }
    }

    /// Records a one-off mail under a fresh idempotency key (`{tag}:{id}`).
    pub fn send(&self, mail: Mail) -> Result<()> {
        let key = format!("{}:{}", mail.tag, wakat_store::ids::new_id());
        self.queue.enqueue(&key, &mail).map_err(|error| AppError::internal("queueing a mail", error))?;
        Ok(())
    }

    /// The queue itself (the digests record their batches under their own keys).
    pub fn queue(&self) -> &Arc<MailQueue> {
        &self.queue
    }
}
