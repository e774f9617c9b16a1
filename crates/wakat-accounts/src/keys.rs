//! Every key of the accounts domain, built in one place. Each starts with its domain prefix and
//! the board, so one board's range never holds another's records.

use wakat_store::secrets::sha256_hex;
use wakat_store::StoreError;

use crate::AccountKind;

fn checked<'a>(what: &str, segment: &'a str) -> Result<&'a str, StoreError> {
    if segment.is_empty() || segment.contains('/') {
        return Err(StoreError::InvalidKey(format!("{what} `{segment}` is empty or contains '/'")));
    }
    Ok(segment)
}

/// `account/{tenant}/{id}`.
pub(crate) fn account(tenant: &str, id: &str) -> Result<Vec<u8>, StoreError> {
    Ok(format!("account/{}/{}", checked("tenant", tenant)?, checked("account id", id)?).into_bytes())
}

/// `account/{tenant}/`.
pub(crate) fn account_prefix(tenant: &str) -> Result<Vec<u8>, StoreError> {
    Ok(format!("account/{}/", checked("tenant", tenant)?).into_bytes())
}

/// `account-email/{tenant}/{kind}/{sha256(email)}`: the e-mail is hashed so that any address
/// (even one with '/') makes a valid key and no address shows in the key space.
pub(crate) fn email(tenant: &str, kind: AccountKind, email: &str) -> Result<Vec<u8>, StoreError> {
    let digest = sha256_hex(email);
    Ok(format!("account-email/{}/{}/{digest}", checked("tenant", tenant)?, kind.as_str()).into_bytes())
}

/// `session/{tenant}/{token hash}`.
pub(crate) fn session(tenant: &str, token_hash: &str) -> Result<Vec<u8>, StoreError> {
    Ok(format!("session/{}/{token_hash}", checked("tenant", tenant)?).into_bytes())
}

/// `account-session/{tenant}/{account id}/`: the sessions of one account, to revoke them all.
pub(crate) fn sessions_of(tenant: &str, account_id: &str) -> Result<Vec<u8>, StoreError> {
    Ok(format!("account-session/{}/{}/", checked("tenant", tenant)?, checked("account id", account_id)?).into_bytes())
}

/// `account-token/{tenant}/{token hash}`.
pub(crate) fn token(tenant: &str, token_hash: &str) -> Result<Vec<u8>, StoreError> {
    Ok(format!("account-token/{}/{token_hash}", checked("tenant", tenant)?).into_bytes())
}

/// `account-token-of/{tenant}/{account id}/`: the open tokens of one account.
pub(crate) fn tokens_of(tenant: &str, account_id: &str) -> Result<Vec<u8>, StoreError> {
    Ok(format!("account-token-of/{}/{}/", checked("tenant", tenant)?, checked("account id", account_id)?).into_bytes())
}
