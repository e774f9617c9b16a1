//! How the server hands a mail over: see [`send`].

use wakat_mail::Mail;

use crate::error::Result;
use crate::state::AppState;

/// Hands a mail to the mailer.
pub fn send(state: &AppState, mail: Mail) -> Result<()> {
    crate::mails::send_in_background(state, mail);
    Ok(())
}
