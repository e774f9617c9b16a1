//! Hub access tokens: what a browser presents to open the chat's WebSocket (the SignalR client's
//! `accessTokenFactory` fetches one from the side's `hub-token` call, which needs the session).
//!
//! A token is `{c|e}.{ids}.{expires}.{signature}`: `c.{candidate}` or `e.{company}.{user}`, the
//! expiry in Unix seconds, and the [`LinkSigner`](wakat_store::LinkSigner) HMAC of the board and
//! all of that. So a token is bound to one board and one caller, cannot be altered, and dies after
//! `[chat] hub_token_secs` (5 minutes); nothing is stored. Connecting checks again that the
//! account still exists (a candidate) or still belongs to the company (a user removed from the
//! team cannot connect with a token fetched before).

use wakat_accounts::AccountKind;
use wakat_engine::Tenant;

use super::{ChatService, Recipient};
use crate::error::{AppError, Result};
use crate::Principal;

/// Purpose of the signatures of hub tokens (no other signed link verifies as one).
const PURPOSE: &str = "chat-hub";

/// A hub access token and when it stops opening connections.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HubToken {
    /// What the client sends as `access_token`.
    pub access_token: String,
    /// Unix seconds.
    pub expires_at: i64,
}

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
            Principal::EmployerUser { account_id, company_id, .. } => format!("e.{company_id}.{account_id}"),
            _ => return Err(AppError::Unauthenticated),
        };
        let body = format!("{who}.{expires_at}");
        let signature = self.signer.sign(PURPOSE, &format!("{}/{body}", tenant.settings.slug), expires_at);
        Ok(HubToken { access_token: format!("{body}.{signature}"), expires_at })
    }

    /// The caller of a hub token on `tenant`; [`AppError::Unauthenticated`] for a token that is
    /// malformed, altered, expired, of another board, or of an account that is gone.
    pub fn authenticate_hub(&self, tenant: &Tenant, token: &str) -> Result<HubIdentity> {
        self.ensure_enabled(tenant)?;
        let board = &tenant.settings.slug;
        let (body, signature) = token.rsplit_once('.').ok_or(AppError::Unauthenticated)?;
        let parts: Vec<&str> = body.split('.').collect();
        let expires_at: i64 = parts.last().and_then(|text| text.parse().ok()).ok_or(AppError::Unauthenticated)?;
        if !self.signer.verify(PURPOSE, &format!("{board}/{body}"), expires_at, signature, self.clock.now()) {
            return Err(AppError::Unauthenticated);
        }
        match parts.as_slice() {
            ["c", account_id, _] => {
                let account = self.accounts.get(board, account_id)?.filter(|account| account.kind == AccountKind::Candidate);
                let account = account.ok_or(AppError::Unauthenticated)?;
                Ok(HubIdentity {
                    user_key: hub_user_key(board, &Recipient::Candidate(account.id.clone())),
                    principal: Principal::Candidate { account_id: account.id },
                })
            }
            ["e", company_id, account_id, _] => {
                let user = self.employers.user(board, account_id)?.filter(|user| user.company_id == *company_id);
                let user = user.ok_or(AppError::Unauthenticated)?;
                Ok(HubIdentity {
                    user_key: hub_user_key(board, &Recipient::Company(user.company_id.clone())),
                    principal: Principal::EmployerUser { account_id: user.account_id, company_id: user.company_id, role: user.role },
                })
            }
            _ => Err(AppError::Unauthenticated),
        }
    }
}
