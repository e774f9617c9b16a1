//! The addresses of offers whose slug is not their address (employers' offers keep their draft
//! id as slug and get a readable address): every address such an offer was ever given stays
//! claimed by it (`address/{tenant}/{address}` → the offer's slug and location), so an old link
//! keeps leading to the offer after a title change and a restart, and no other offer is ever
//! given it.

use serde::{Deserialize, Serialize};

use super::{lock, OfferStore};
use crate::{json, keys, StoreError};

/// The offer an address was claimed for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AddressOwner {
    /// The offer's slug (its key in the store).
    pub slug: String,
    /// The location the address named when it was claimed (0 for the first).
    pub location: usize,
}

impl OfferStore {
    /// The offer an address was claimed for, if any.
    pub fn address_owner(&self, tenant: &str, address: &str) -> Result<Option<AddressOwner>, StoreError> {
        json::read(&*self.kv, &keys::address_key(tenant, address)?)
    }

    /// Claims `addresses` (location by location) for the offer `slug`, all or none: each must be
    /// unclaimed or already the offer's, not another offer's slug in the store, and not `taken`
    /// (the caller's check of the live addresses it knows, the index's). Written durably before
    /// the answer; `false` when one is not free (nothing is written then).
    pub fn claim_addresses(&self, tenant: &str, slug: &str, addresses: &[String], taken: impl Fn(&str) -> Result<bool, StoreError>) -> Result<bool, StoreError> {
        let _guard = lock(&self.address_lock);
        let mut ops = Vec::with_capacity(addresses.len());
        for (location, address) in addresses.iter().enumerate() {
            let owner = AddressOwner { slug: slug.to_string(), location };
            match self.address_owner(tenant, address)? {
                Some(claimed) if claimed == owner => continue,
                Some(claimed) if claimed.slug != slug => return Ok(false),
                _ => {}
            }
            if (address != slug && self.kv.get(&keys::offer_key(tenant, address)?)?.is_some()) || taken(address)? {
                return Ok(false);
            }
            ops.push(json::put(keys::address_key(tenant, address)?, &owner)?);
        }
        if !ops.is_empty() {
            self.kv.transaction(ops)?;
            self.kv.flush()?;
        }
        Ok(true)
    }
}
