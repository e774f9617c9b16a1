//! Every key of the employers domain, built in one place; each starts with its domain prefix and
//! the board.

use wakat_store::StoreError;

fn checked<'a>(what: &str, segment: &'a str) -> Result<&'a str, StoreError> {
    if segment.is_empty() || segment.contains('/') {
        return Err(StoreError::InvalidKey(format!("{what} `{segment}` is empty or contains '/'")));
    }
    Ok(segment)
}

pub(crate) fn company(tenant: &str, id: &str) -> Result<Vec<u8>, StoreError> {
    Ok(format!("company/{}/{}", checked("tenant", tenant)?, checked("company id", id)?).into_bytes())
}

pub(crate) fn user(tenant: &str, account_id: &str) -> Result<Vec<u8>, StoreError> {
    Ok(format!("employer-user/{}/{}", checked("tenant", tenant)?, checked("account id", account_id)?).into_bytes())
}

pub(crate) fn company_users(tenant: &str, company_id: &str) -> Result<Vec<u8>, StoreError> {
    Ok(format!("company-user/{}/{}/", checked("tenant", tenant)?, checked("company id", company_id)?).into_bytes())
}

pub(crate) fn offer(tenant: &str, slug: &str) -> Result<Vec<u8>, StoreError> {
    Ok(format!("employer-offer/{}/{}", checked("tenant", tenant)?, checked("slug", slug)?).into_bytes())
}

pub(crate) fn offer_prefix(tenant: &str) -> Result<Vec<u8>, StoreError> {
    Ok(format!("employer-offer/{}/", checked("tenant", tenant)?).into_bytes())
}

pub(crate) fn company_offers(tenant: &str, company_id: &str) -> Result<Vec<u8>, StoreError> {
    Ok(format!("company-offer/{}/{}/", checked("tenant", tenant)?, checked("company id", company_id)?).into_bytes())
}

pub(crate) fn code(tenant: &str, code: &str) -> Result<Vec<u8>, StoreError> {
    Ok(format!("offer-code/{}/{}", checked("tenant", tenant)?, checked("code", code)?).into_bytes())
}

pub(crate) fn company_codes(tenant: &str, company_id: &str) -> Result<Vec<u8>, StoreError> {
    Ok(format!("company-code/{}/{}/", checked("tenant", tenant)?, checked("company id", company_id)?).into_bytes())
}

pub(crate) fn payment(tenant: &str, id: &str) -> Result<Vec<u8>, StoreError> {
    Ok(format!("payment/{}/{}", checked("tenant", tenant)?, checked("payment id", id)?).into_bytes())
}

pub(crate) fn brand_story(tenant: &str, slug: &str) -> Result<Vec<u8>, StoreError> {
    Ok(format!("brand-story/{}/{}", checked("tenant", tenant)?, checked("slug", slug)?).into_bytes())
}

pub(crate) fn brand_story_prefix(tenant: &str) -> Result<Vec<u8>, StoreError> {
    Ok(format!("brand-story/{}/", checked("tenant", tenant)?).into_bytes())
}

pub(crate) fn invitation(tenant: &str, id: &str) -> Result<Vec<u8>, StoreError> {
    Ok(format!("invitation/{}/{}", checked("tenant", tenant)?, checked("invitation id", id)?).into_bytes())
}

pub(crate) fn invitation_token(tenant: &str, token_hash: &str) -> Result<Vec<u8>, StoreError> {
    Ok(format!("invitation-token/{}/{}", checked("tenant", tenant)?, checked("token hash", token_hash)?).into_bytes())
}

pub(crate) fn company_invitations(tenant: &str, company_id: &str) -> Result<Vec<u8>, StoreError> {
    Ok(format!("company-invitation/{}/{}/", checked("tenant", tenant)?, checked("company id", company_id)?).into_bytes())
}

/// `prefix` + `last`, for the index keys.
pub(crate) fn child(mut prefix: Vec<u8>, last: &str) -> Vec<u8> {
    prefix.extend_from_slice(last.as_bytes());
    prefix
}
