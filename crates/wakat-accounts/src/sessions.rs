//! Sessions: a random token in an HttpOnly cookie, stored only as its hash, with a CSRF token
//! bound to it. A new session on every login (never an old one reused), revocable one by one or
//! all at once.

use wakat_store::secrets::{hash_token, new_token};
use wakat_store::{json, WriteOp};

use crate::account::RECORD_VERSION;
use crate::{keys, Account, AccountStore, AccountsError, Session};

/// How long a session lasts, in seconds (30 days).
pub const SESSION_LIFETIME_SECS: i64 = 30 * 24 * 3600;

/// A session just opened: the secrets go to the browser once and are never stored in clear.
#[derive(Debug, Clone)]
pub struct NewSession {
    /// Cookie value.
    pub token: String,
    /// Value of the CSRF header the browser repeats on writes.
    pub csrf_token: String,
    /// Unix seconds.
    pub expires_at: i64,
}

impl AccountStore {
    /// Opens a session for `account`, revoking `previous_token` (the session the browser had
    /// before logging in, if any), so a planted session id is never promoted.
    pub fn open_session(&self, tenant: &str, account: &Account, previous_token: Option<&str>, now: i64) -> Result<NewSession, AccountsError> {
        let token = new_token();
        let token_hash = hash_token(&token);
        let session = Session {
            v: RECORD_VERSION,
            account_id: account.id.clone(),
            kind: account.kind,
            csrf_token: new_token(),
            created_at: now,
            expires_at: now + SESSION_LIFETIME_SECS,
        };
        let mut index_key = keys::sessions_of(tenant, &account.id)?;
        index_key.extend_from_slice(token_hash.as_bytes());
        let mut ops = vec![json::put(keys::session(tenant, &token_hash)?, &session)?, WriteOp::Put { key: index_key, value: Vec::new() }];
        if let Some(previous) = previous_token {
            ops.extend(self.close_session_ops(tenant, previous)?);
        }
        self.kv.commit(ops)?;
        Ok(NewSession { token, csrf_token: session.csrf_token, expires_at: session.expires_at })
    }

    /// The live session of a cookie value, if it is one (unknown, revoked and expired are `None`).
    pub fn session(&self, tenant: &str, token: &str, now: i64) -> Result<Option<Session>, AccountsError> {
        if token.is_empty() || token.len() > 100 {
            return Ok(None);
        }
        let session: Option<Session> = json::read(&*self.kv, &keys::session(tenant, &hash_token(token))?)?;
        Ok(session.filter(|session| now < session.expires_at))
    }

    fn close_session_ops(&self, tenant: &str, token: &str) -> Result<Vec<WriteOp>, AccountsError> {
        let token_hash = hash_token(token);
        let key = keys::session(tenant, &token_hash)?;
        let Some(session) = json::read::<Session>(&*self.kv, &key)? else { return Ok(Vec::new()) };
        let mut index_key = keys::sessions_of(tenant, &session.account_id)?;
        index_key.extend_from_slice(token_hash.as_bytes());
        Ok(vec![WriteOp::Delete { key }, WriteOp::Delete { key: index_key }])
    }

    /// Ends one session (logout); an unknown token is not an error.
    pub fn close_session(&self, tenant: &str, token: &str) -> Result<(), AccountsError> {
        let ops = self.close_session_ops(tenant, token)?;
        if !ops.is_empty() {
            self.kv.commit(ops)?;
        }
        Ok(())
    }

    /// The writes that end every session of an account except the one with `keep_hash`.
    pub(crate) fn revoke_sessions_ops(&self, tenant: &str, account_id: &str, keep_hash: Option<&str>) -> Result<Vec<WriteOp>, AccountsError> {
        let prefix = keys::sessions_of(tenant, account_id)?;
        let mut ops = Vec::new();
        for entry in self.kv.scan_prefix(&prefix) {
            let (index_key, _) = entry?;
            let token_hash = String::from_utf8_lossy(&index_key[prefix.len()..]).into_owned();
            if keep_hash == Some(token_hash.as_str()) {
                continue;
            }
            ops.push(WriteOp::Delete { key: keys::session(tenant, &token_hash)? });
            ops.push(WriteOp::Delete { key: index_key });
        }
        Ok(ops)
    }

    /// Ends every session of an account ("log out everywhere").
    pub fn revoke_all_sessions(&self, tenant: &str, account_id: &str) -> Result<usize, AccountsError> {
        let ops = self.revoke_sessions_ops(tenant, account_id, None)?;
        let n_sessions = ops.len() / 2;
        if !ops.is_empty() {
            self.kv.commit(ops)?;
        }
        Ok(n_sessions)
    }
}
