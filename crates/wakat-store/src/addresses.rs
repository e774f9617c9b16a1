//! The addresses of offers whose slug is not their address (employers' offers keep their draft
//! id as slug and get a readable address): every address such an offer was ever given stays
//! claimed by it (`address/{tenant}/{address}` → the offer's slug and location), so an old link
//! keeps leading to the offer after a title change and a restart, and no other offer is ever
//! given it.

use std::sync::{Arc, Mutex, PoisonError};

use serde::{Deserialize, Serialize};

use crate::{json, keys, KvStore, StoreError};

/// The offer an address was claimed for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AddressOwner {
    /// The offer's slug (its key in the store).
    pub slug: String,
    /// The location the address named when it was claimed (0 for the first).
    pub location: usize,
}

/// The address claims of a store (the offer store's: [`crate::OfferStore::claim_addresses`]).
pub(crate) struct AddressBook {
    kv: Arc<dyn KvStore>,
    /// Serialises claims: two offers never claim one address.
    lock: Mutex<()>,
}

impl AddressBook {
    pub(crate) fn new(kv: Arc<dyn KvStore>) -> AddressBook {
        AddressBook { kv, lock: Mutex::new(()) }
    }

    /// The offer an address was claimed for, if any.
    pub(crate) fn owner(&self, tenant: &str, address: &str) -> Result<Option<AddressOwner>, StoreError> {
        json::read(&*self.kv, &keys::address_key(tenant, address)?)
    }

    /// See [`crate::OfferStore::claim_addresses`].
    pub(crate) fn claim(&self, tenant: &str, slug: &str, addresses: &[String], taken: impl Fn(&str) -> Result<bool, StoreError>) -> Result<bool, StoreError> {
        // A claim only adds records, so a panicking holder leaves nothing half done.
        let _guard = self.lock.lock().unwrap_or_else(PoisonError::into_inner);
        let mut ops = Vec::with_capacity(addresses.len());
        for (location, address) in addresses.iter().enumerate() {
            let owner = AddressOwner { slug: slug.to_string(), location };
            match self.owner(tenant, address)? {
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
            self.kv.commit(ops)?;
        }
        Ok(true)
    }
}
