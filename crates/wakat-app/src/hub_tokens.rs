//! Hub access tokens, shared by the real-time hubs (the chat's and the assistant's): what a
//! browser presents to open a hub's WebSocket (the SignalR client's `accessTokenFactory` fetches
//! one from the hub's `hub-token` call, which needs the session).
//!
//! A token is `{who}.{expires}.{signature}`: `who` names the caller in dot-separated parts
//! (`c.{candidate}` or `e.{company}.{user}`), the expiry is in Unix seconds, and the signature
//! is the [`LinkSigner`] HMAC of the board and all of that under the hub's own purpose. So a
//! token is bound to one board, one hub and one caller, cannot be altered, and dies at its expiry;
//! nothing is stored. Each hub checks on connecting that the caller still exists.

use std::sync::Arc;

use wakat_employers::EmployerStore;
use wakat_store::LinkSigner;

use crate::error::{AppError, Result};
use crate::Principal;

/// A hub access token and when it stops opening connections.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HubToken {
    /// What the client sends as `access_token`.
    pub access_token: String,
    /// Unix seconds.
    pub expires_at: i64,
}

/// Signs and checks the tokens of one hub (its purpose keeps one hub's tokens from opening
/// another).
#[derive(Clone)]
pub struct HubTokens {
    signer: Arc<LinkSigner>,
    purpose: &'static str,
}

impl HubTokens {
    /// Tokens signed by `signer` for the hub of `purpose` (`chat-hub`, `assistant-hub`).
    pub fn new(signer: Arc<LinkSigner>, purpose: &'static str) -> HubTokens {
        HubTokens { signer, purpose }
    }

    /// A token of `board` naming `who` (dot-separated parts, none empty), valid until `expires_at`.
    pub fn issue(&self, board: &str, who: &str, expires_at: i64) -> HubToken {
        let body = format!("{who}.{expires_at}");
        let signature = self.signer.sign(self.purpose, &format!("{board}/{body}"), expires_at);
        HubToken { access_token: format!("{body}.{signature}"), expires_at }
    }

    /// The `who` parts of a token of `board` valid at `now`; [`AppError::Unauthenticated`] for a
    /// token that is malformed, altered, expired, or of another board or hub.
    pub fn verify<'a>(&self, board: &str, token: &'a str, now: i64) -> Result<Vec<&'a str>> {
        let (body, signature) = token.rsplit_once('.').ok_or(AppError::Unauthenticated)?;
        let mut parts: Vec<&str> = body.split('.').collect();
        let expires_at: i64 = parts.pop().and_then(|text| text.parse().ok()).ok_or(AppError::Unauthenticated)?;
        if !self.signer.verify(self.purpose, &format!("{board}/{body}"), expires_at, signature, now) {
            return Err(AppError::Unauthenticated);
        }
        Ok(parts)
    }
}

/// The `who` of an employer user: `e.{company}.{user}`; `None` for anyone else.
pub fn employer_who(principal: &Principal) -> Option<String> {
    match principal {
        Principal::EmployerUser { account_id, company_id, .. } => Some(format!("e.{company_id}.{account_id}")),
        _ => None,
    }
}

/// The employer user a token's `e.{company}.{user}` names, if the user still belongs to that
/// company (a user removed from the team cannot connect with a token fetched before).
pub fn employer_of(employers: &EmployerStore, board: &str, who: &[&str]) -> Result<Principal> {
    let ["e", company_id, account_id] = who else { return Err(AppError::Unauthenticated) };
    let user = employers.user(board, account_id)?.filter(|user| user.company_id == *company_id).ok_or(AppError::Unauthenticated)?;
    Ok(Principal::EmployerUser { account_id: user.account_id, company_id: user.company_id, role: user.role })
}
