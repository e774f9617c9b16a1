//! Hub access tokens: what a browser presents to open the chat's WebSocket (the SignalR client's
//! `accessTokenFactory` fetches one from the side's `hub-token` call, which needs the session).
//!
//! A token is `{c|e}.{ids}.{expires}.{signature}` (`crate::hub_tokens`, purpose `chat-hub`):
//! `c.{candidate}` or `e.{company}.{user}`, the expiry in Unix seconds, and the
//! [`LinkSigner`](wakat_store::LinkSigner) HMAC of the board and all of that. So a token is bound to one board and one caller, cannot be altered, and dies after
//! `[chat] hub_token_secs` (5 minutes); nothing is stored. Connecting checks again that the
//! account still exists (a candidate) or still belongs to the company (a user removed from the
//! team cannot connect with a token fetched before).

use wakat_accounts::AccountKind;
use wakat_engine::Tenant;

use super::{ChatService, Recipient};
use crate::error::{AppError, Result};
pub use crate::hub_tokens::HubToken;
use crate::hub_tokens::{employer_of, employer_who};
use crate::Principal;

/// Purpose of the signatures of hub tokens (no other signed link verifies as one).
pub(super) const PURPOSE: &str = "chat-hub";

/// Who a valid hub token names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HubIdentity {
    /// The principal the hub's methods act as.
    pub principal: Principal,
    /// The hub's user key: every connection of it receives the same events.
    pub user_key: String,
}

/// The hub's user key of a recipient: `{board}/candidate/{id}`, or `{board}/company/{id}` shared
/// by every user of the company (they all see the company's conversations).
pub fn hub_user_key(board: &str, recipient: &Recipient) -> String {
    match recipient {
        Recipient::Candidate(id) => format!("{board}/candidate/{id}"),
        Recipient::Company(id) => format!("{board}/company/{id}"),
    }
}

impl ChatService {
    /// A token opening the board's hub as the caller (a candidate or an employer user).
    pub fn hub_token(&self, tenant: &Tenant, principal: &Principal) -> Result<HubToken> {
        self.ensure_enabled(tenant)?;
        let expires_at = self.clock.now() + self.settings.hub_token_secs.max(1);
        let who = match principal {
            Principal::Candidate { account_id } => format!("c.{account_id}"),
            other => employer_who(other).ok_or(AppError::Unauthenticated)?,
        };
        Ok(self.tokens.issue(&tenant.settings.slug, &who, expires_at))
    }

    /// The caller of a hub token on `tenant`; [`AppError::Unauthenticated`] for a token that is
    /// malformed, altered, expired, of another board, or of an account that is gone.
    pub fn authenticate_hub(&self, tenant: &Tenant, token: &str) -> Result<HubIdentity> {
        self.ensure_enabled(tenant)?;
        let board = &tenant.settings.slug;
        let who = self.tokens.verify(board, token, self.clock.now())?;
        if let ["c", account_id] = who.as_slice() {
            let account = self.accounts.get(board, account_id)?.filter(|account| account.kind == AccountKind::Candidate);
            let account = account.ok_or(AppError::Unauthenticated)?;
            return Ok(HubIdentity {
                user_key: hub_user_key(board, &Recipient::Candidate(account.id.clone())),
                principal: Principal::Candidate { account_id: account.id },
            });
        }
        let principal = employer_of(&self.employers, board, &who)?;
        let Principal::EmployerUser { company_id, .. } = &principal else { return Err(AppError::Unauthenticated) };
        Ok(HubIdentity { user_key: hub_user_key(board, &Recipient::Company(company_id.clone())), principal })
    }
}
