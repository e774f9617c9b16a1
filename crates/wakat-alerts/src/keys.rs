//! Every key of the alerts domain, built in one place; each starts with its domain and the board.

use wakat_store::secrets::sha256_hex;
use wakat_store::StoreError;

fn checked<'a>(what: &str, segment: &'a str) -> Result<&'a str, StoreError> {
    if segment.is_empty() || segment.contains('/') {
        return Err(StoreError::InvalidKey(format!("{what} `{segment}` is empty or contains '/'")));
    }
    Ok(segment)
}

/// `jobfilter/{tenant}/` (every saved search of a board).
pub(crate) fn filters_of_board(tenant: &str) -> Result<Vec<u8>, StoreError> {
    Ok(format!("jobfilter/{}/", checked("tenant", tenant)?).into_bytes())
}

/// `jobfilter/{tenant}/{owner}/`.
pub(crate) fn filters_of(tenant: &str, owner: &str) -> Result<Vec<u8>, StoreError> {
    Ok(format!("jobfilter/{}/{}/", checked("tenant", tenant)?, checked("owner", owner)?).into_bytes())
}

/// `jobfilter/{tenant}/{owner}/{id}`.
pub(crate) fn filter(tenant: &str, owner: &str, id: &str) -> Result<Vec<u8>, StoreError> {
    let mut key = filters_of(tenant, owner)?;
    key.extend_from_slice(checked("job filter id", id)?.as_bytes());
    Ok(key)
}

/// `jobfilter-id/{tenant}/{id}` → owner segment (guest links name only the filter).
pub(crate) fn filter_owner(tenant: &str, id: &str) -> Result<Vec<u8>, StoreError> {
    Ok(format!("jobfilter-id/{}/{}", checked("tenant", tenant)?, checked("job filter id", id)?).into_bytes())
}

/// `jobfilter-canon/{tenant}/{owner}/{sha256(canonical)}` → id: one saved search per meaning.
pub(crate) fn canonical(tenant: &str, owner: &str, canonical: &str) -> Result<Vec<u8>, StoreError> {
    Ok(format!("jobfilter-canon/{}/{}/{}", checked("tenant", tenant)?, checked("owner", owner)?, sha256_hex(canonical)).into_bytes())
}

/// `guest/{tenant}/{id}`.
pub(crate) fn guest(tenant: &str, id: &str) -> Result<Vec<u8>, StoreError> {
    Ok(format!("guest/{}/{}", checked("tenant", tenant)?, checked("guest id", id)?).into_bytes())
}

/// `guest-email/{tenant}/{sha256(identity)}` → guest id.
pub(crate) fn guest_email(tenant: &str, identity: &str) -> Result<Vec<u8>, StoreError> {
    Ok(format!("guest-email/{}/{}", checked("tenant", tenant)?, sha256_hex(identity)).into_bytes())
}
