//! How the server hands a mail over: see [`send`].

use wakat_mail::Mail;

use crate::error::Result;
use crate::state::AppState;

/// Records a one-off mail (a fresh idempotency key) in the durable queue.
pub fn send(state: &AppState, mail: Mail) -> Result<()> {
    crate::mails::send_in_background(state, mail)
}
