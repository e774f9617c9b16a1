//! Typed, tenant-scoped access to offers, their change log, view counters and meta values.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use serde::{Deserialize, Serialize};
use wakat_core::{Offer, Rates};

use crate::addresses::{AddressBook, AddressOwner};
use crate::keys::{self, LOG_PREFIX, OFFER_PREFIX, SEQ_KEY};
use crate::kv::{KvIter, KvStore, WriteOp};
use crate::record::{self, RecordCodec};
use crate::{json, StoreError};

/// Meta name of the record format and dictionary every offer record is known to be in
/// ([`OfferStore::upgrade_records`] scans and rewrites them when it differs).
const RECORD_FORMAT_MARKER: &str = "record-format";

/// Most log records removed by one transaction of [`OfferStore::trim_log`], bounding its memory.
const TRIM_CHUNK: usize = 10_000;

/// One entry of the change log: an offer was written or removed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// Position in the log; strictly increasing across all tenants.
    pub seq: u64,
    /// Tenant of the offer.
    pub tenant: String,
    /// Slug of the offer.
    pub slug: String,
    /// What happened to it.
    pub kind: ChangeKind,
}

/// What a [`Change`] did to its offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChangeKind {
    /// The offer was created or replaced; read it from the store.
    Put,
    /// The offer was removed.
    Delete,
}

/// Stored form of a [`Change`]; kept private so the public type carries no storage format.
#[derive(Serialize, Deserialize)]
struct ChangeRecord<'a> {
    seq: u64,
    tenant: std::borrow::Cow<'a, str>,
    slug: std::borrow::Cow<'a, str>,
    kind: ChangeKind,
}

/// Offers of every tenant, on top of any [`KvStore`].
///
/// Create one `OfferStore` per engine and share it (e.g. in an `Arc`): its mutex is what keeps
/// change sequence numbers strictly increasing, so two instances over one engine could reuse seqs.
pub struct OfferStore {
    kv: Arc<dyn KvStore>,
    /// Last assigned seq. Holding the lock serialises every logged write.
    write_seq: Mutex<u64>,
    /// Last seq whose write was flushed, readable without waiting behind a write's fsync.
    durable_seq: AtomicU64,
    /// Serialises the read-modify-write of view counters apart from offer writes, so a page view
    /// never waits for a bulk import.
    view_lock: Mutex<()>,
    /// The addresses offers were given ([`OfferStore::claim_addresses`]).
    addresses: AddressBook,
    /// The record format and the store's compression dictionaries.
    codec: RecordCodec,
    /// Exchange rates the converted salary amounts of offers read are filled in with (records
    /// hold no derived data).
    rates: Rates,
}

impl std::fmt::Debug for OfferStore {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.debug_struct("OfferStore").field("last_seq", &self.last_seq()).finish_non_exhaustive()
    }
}

fn decode_change(key: &[u8], value: &[u8]) -> Result<Change, StoreError> {
    let record: ChangeRecord<'_> = json::decode(key, value)?;
    Ok(Change { seq: record.seq, tenant: record.tenant.into_owned(), slug: record.slug.into_owned(), kind: record.kind })
}

/// Returns the op appending change `seq` to the log.
fn log_op(seq: u64, tenant: &str, slug: &str, kind: ChangeKind) -> Result<WriteOp, StoreError> {
    let key = keys::log_key(seq);
    json::put(key, &ChangeRecord { seq, tenant: tenant.into(), slug: slug.into(), kind })
}

fn next_seq(seq: u64) -> Result<u64, StoreError> {
    seq.checked_add(1).ok_or_else(|| StoreError::Engine("change sequence exhausted".to_string()))
}

/// Locks a mutex whose data cannot be left inconsistent by a panicking holder: the seq is only
/// advanced after a committed transaction, so recovering from poisoning is safe.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl OfferStore {
    /// Wraps an engine, reading the last change seq it holds and its compression dictionaries;
    /// records of an older format (or, once the store has a dictionary, without it) are rewritten.
    /// Offers read get their converted salary amounts from `rates`.
    pub fn new(kv: Arc<dyn KvStore>, rates: Rates) -> Result<OfferStore, StoreError> {
        let last_seq = match kv.get(SEQ_KEY)? {
            Some(value) => keys::decode_u64(SEQ_KEY, &value)?,
            None => 0,
        };
        let codec = RecordCodec::default();
        for entry in kv.scan_prefix(&keys::meta_names_prefix(record::DICTIONARY_META_PREFIX)) {
            let (key, value) = entry?;
            let id = keys::meta_name(&key).and_then(record::dictionary_id).ok_or_else(|| StoreError::corrupt(&key, "not a dictionary name"))?;
            codec.add_dictionary(id, &value);
        }
        let store = OfferStore {
            addresses: AddressBook::new(kv.clone()),
            kv,
            write_seq: Mutex::new(last_seq),
            durable_seq: AtomicU64::new(last_seq),
            view_lock: Mutex::new(()),
            codec,
            rates,
        };
        store.upgrade_records()?;
        Ok(store)
    }

    fn decode_offer(&self, key: &[u8], value: &[u8]) -> Result<Offer, StoreError> {
        let mut offer = self.codec.decode(key, value)?;
        offer.fill_converted(&self.rates);
        Ok(offer)
    }

    /// The record of an offer: its [`record::stored_json`], compressed.
    fn encode_offer(&self, key: &[u8], offer: &Offer) -> Result<Vec<u8>, StoreError> {
        let json = record::stored_json(offer).map_err(|error| StoreError::encode(key, error))?;
        self.codec.encode_json(key, &json)
    }

    /// Brings every record to the current format and dictionary, training the store's first
    /// dictionary when it has enough offers. Runs at open when the store's marker says records
    /// may be behind; a content-preserving rewrite, so no change is logged.
    fn upgrade_records(&self) -> Result<(), StoreError> {
        // No write may interleave with the rewrite.
        let write_seq = lock(&self.write_seq);
        if self.get_meta(RECORD_FORMAT_MARKER)?.as_deref() == Some(&self.current_format()[..]) {
            return Ok(());
        }
        if self.codec.current_id() == 0 {
            let samples: Vec<Vec<u8>> = self
                .kv
                .scan_prefix(OFFER_PREFIX.as_bytes())
                .take(record::MAX_TRAINING_OFFERS)
                .map(|entry| {
                    let (key, value) = entry?;
                    let offer = self.codec.decode(&key, &value)?;
                    record::stored_json(&offer).map_err(|error| StoreError::encode(&key, error))
                })
                .collect::<Result<_, _>>()?;
            if samples.len() >= record::MIN_TRAINING_OFFERS {
                self.add_dictionary(&samples)?;
            }
        }
        let mut n_rewritten = 0;
        let mut after: Option<Vec<u8>> = None;
        loop {
            let start = after.as_ref().map_or_else(|| OFFER_PREFIX.as_bytes().to_vec(), |key| [key.as_slice(), &[0]].concat());
            let mut ops = Vec::new();
            let mut n_seen = 0;
            for entry in self.kv.scan_prefix_from(OFFER_PREFIX.as_bytes(), &start).take(TRIM_CHUNK) {
                let (key, value) = entry?;
                n_seen += 1;
                if !self.codec.is_current(&value) {
                    let offer = self.codec.decode(&key, &value)?;
                    ops.push(WriteOp::Put { value: self.encode_offer(&key, &offer)?, key: key.clone() });
                }
                after = Some(key);
            }
            n_rewritten += ops.len();
            if !ops.is_empty() {
                self.kv.transaction(ops)?;
            }
            if n_seen < TRIM_CHUNK {
                break;
            }
        }
        self.kv.put(&keys::meta_key(RECORD_FORMAT_MARKER)?, &self.current_format())?;
        self.kv.flush()?;
        drop(write_seq);
        if n_rewritten > 0 {
            tracing::info!(n_rewritten, dictionary = self.codec.current_id(), "offer records rewritten in the current format");
        }
        Ok(())
    }

    /// The value of [`RECORD_FORMAT_MARKER`] once every record is in the current format and
    /// written with the current dictionary.
    fn current_format(&self) -> Vec<u8> {
        format!("{}:{}", record::FORMAT, self.codec.current_id()).into_bytes()
    }

    /// Trains a dictionary on `samples` (offers' JSON), stores it durably and writes with it from
    /// now on. Nothing happens when zstd cannot train one.
    fn add_dictionary(&self, samples: &[Vec<u8>]) -> Result<(), StoreError> {
        let Some(dictionary) = record::train(samples) else {
            return Ok(());
        };
        let id = self.codec.current_id() + 1;
        self.kv.put(&keys::meta_key(&record::dictionary_meta_name(id))?, &dictionary)?;
        self.kv.flush()?;
        self.codec.add_dictionary(id, &dictionary);
        tracing::info!(id, n_samples = samples.len(), bytes = dictionary.len(), "offer record dictionary trained");
        Ok(())
    }

    /// Applies `ops` plus the new seq atomically, then flushes; returns `new_seq` once durable.
    fn commit(&self, write_seq: &mut MutexGuard<'_, u64>, new_seq: u64, mut ops: Vec<WriteOp>) -> Result<u64, StoreError> {
        ops.push(WriteOp::Put { key: SEQ_KEY.to_vec(), value: new_seq.to_be_bytes().to_vec() });
        self.kv.transaction(ops)?;
        // The records are in the engine now; later writes must not reuse their seqs even if the
        // flush below fails.
        **write_seq = new_seq;
        self.kv.flush()?;
        self.durable_seq.store(new_seq, Ordering::Release);
        Ok(new_seq)
    }

    /// Stores (creates or replaces) one offer under its slug and logs the change; returns its seq
    /// once the write is durable.
    pub fn put_offer(&self, tenant: &str, offer: &Offer) -> Result<u64, StoreError> {
        self.put_offers(tenant, std::slice::from_ref(offer))
    }

    /// Stores many offers in one transaction and one flush; returns the last seq.
    ///
    /// Meant for imports: the caller chunks (about 1000 offers per call) to bound the transaction.
    /// An empty slice writes nothing and returns the current last seq.
    pub fn put_offers(&self, tenant: &str, offers: &[Offer]) -> Result<u64, StoreError> {
        // Encode before taking the lock, so a bad offer fails before any write and the lock only
        // covers the engine calls.
        let mut json = Vec::with_capacity(offers.len());
        for offer in offers {
            let key = keys::offer_key(tenant, &offer.slug)?;
            let value = record::stored_json(offer).map_err(|error| StoreError::encode(&key, error))?;
            json.push((offer.slug.as_str(), key, value));
        }
        // A store's first bulk write teaches it its dictionary (before any record needs it).
        if self.codec.current_id() == 0 && json.len() >= record::MIN_TRAINING_OFFERS {
            let _write_seq = lock(&self.write_seq);
            if self.codec.current_id() == 0 {
                let samples: Vec<Vec<u8>> = json.iter().take(record::MAX_TRAINING_OFFERS).map(|(_, _, value)| value.clone()).collect();
                let had_offers = self.kv.scan_prefix(OFFER_PREFIX.as_bytes()).next().is_some();
                self.add_dictionary(&samples)?;
                // A store that held no offer has every record written with this dictionary:
                // its next open need not scan them all (a fresh `generate` or `import`). A record
                // another writer encoded just before stays readable, only less compact.
                if !had_offers {
                    self.kv.put(&keys::meta_key(RECORD_FORMAT_MARKER)?, &self.current_format())?;
                }
            }
        }
        let mut encoded = Vec::with_capacity(json.len());
        for (slug, key, value) in json {
            let record = self.codec.encode_json(&key, &value)?;
            encoded.push((slug, key, record));
        }
        // Records in key order, then their log entries (seq order): the engine inserts neighbours
        // together. The sort is stable, so a slug given twice still ends with its last offer.
        encoded.sort_by(|a, b| a.1.cmp(&b.1));
        let mut write_seq = lock(&self.write_seq);
        if encoded.is_empty() {
            return Ok(*write_seq);
        }
        let mut seq = *write_seq;
        let mut ops = Vec::with_capacity(encoded.len() * 2 + 1);
        let mut log_ops = Vec::with_capacity(encoded.len());
        for (slug, key, value) in encoded {
            seq = next_seq(seq)?;
            ops.push(WriteOp::Put { key, value });
            log_ops.push(log_op(seq, tenant, slug, ChangeKind::Put)?);
        }
        ops.append(&mut log_ops);
        let last_seq = self.commit(&mut write_seq, seq, ops)?;
        tracing::debug!(tenant, n_offers = offers.len(), last_seq, "offers stored");
        Ok(last_seq)
    }

    /// Removes an offer and its view counter and logs the change; returns the seq, or `None` when
    /// the offer did not exist (nothing is written then).
    pub fn delete_offer(&self, tenant: &str, slug: &str) -> Result<Option<u64>, StoreError> {
        let offer_key = keys::offer_key(tenant, slug)?;
        let view_key = keys::view_key(tenant, slug)?;
        let mut write_seq = lock(&self.write_seq);
        if self.kv.get(&offer_key)?.is_none() {
            return Ok(None);
        }
        // Holding the view lock too keeps a concurrent view from re-creating the counter we remove.
        let _view_guard = lock(&self.view_lock);
        let seq = next_seq(*write_seq)?;
        let ops = vec![WriteOp::Delete { key: offer_key }, WriteOp::Delete { key: view_key }, log_op(seq, tenant, slug, ChangeKind::Delete)?];
        self.commit(&mut write_seq, seq, ops).map(Some)
    }

    /// Returns one offer of the tenant.
    pub fn get_offer(&self, tenant: &str, slug: &str) -> Result<Option<Offer>, StoreError> {
        let key = keys::offer_key(tenant, slug)?;
        self.kv.get(&key)?.map(|value| self.decode_offer(&key, &value)).transpose()
    }

    /// Returns the entries under a tenant's prefix, or a single error when the tenant is invalid.
    fn scan_tenant(&self, prefix: Result<Vec<u8>, StoreError>) -> KvIter<'_> {
        match prefix {
            Ok(prefix) => self.kv.scan_prefix(&prefix),
            Err(error) => Box::new(std::iter::once(Err(error))),
        }
    }

    /// Returns every offer of the tenant, in slug byte order.
    pub fn scan_offers(&self, tenant: &str) -> impl Iterator<Item = Result<Offer, StoreError>> + '_ {
        self.scan_tenant(keys::offer_prefix(tenant)).map(|entry| {
            let (key, value) = entry?;
            self.decode_offer(&key, &value)
        })
    }

    /// Returns every offer of every tenant with its tenant, ordered by tenant then slug; used to
    /// rebuild the index.
    pub fn scan_all_offers(&self) -> impl Iterator<Item = Result<(String, Offer), StoreError>> + '_ {
        self.kv.scan_prefix(OFFER_PREFIX.as_bytes()).map(|entry| {
            let (key, value) = entry?;
            let (tenant, _slug) = keys::split_tenant_key(OFFER_PREFIX.as_bytes(), &key)?;
            Ok((tenant, self.decode_offer(&key, &value)?))
        })
    }

    /// Counts the tenant's offers without decoding them.
    pub fn count_offers(&self, tenant: &str) -> Result<usize, StoreError> {
        self.scan_tenant(keys::offer_prefix(tenant)).try_fold(0, |n_offers, entry| entry.map(|_| n_offers + 1))
    }

    /// Returns the seq of the last durable change (0 for an empty store).
    pub fn last_seq(&self) -> u64 {
        self.durable_seq.load(Ordering::Acquire)
    }

    /// Returns the changes with a seq greater than `seq`, ascending; the index replays them to
    /// catch up after a restart or crash.
    pub fn changes_since(&self, seq: u64) -> Result<Vec<Change>, StoreError> {
        let Some(first_wanted) = seq.checked_add(1) else {
            return Ok(Vec::new());
        };
        self.kv
            .scan_prefix_from(LOG_PREFIX, &keys::log_key(first_wanted))
            .map(|entry| {
                let (key, value) = entry?;
                decode_change(&key, &value)
            })
            .collect()
    }

    /// Deletes the log records with a seq up to and including `up_to_seq` (e.g. once the index
    /// has committed them); returns how many were removed. The seq counter itself is kept.
    pub fn trim_log(&self, up_to_seq: u64) -> Result<usize, StoreError> {
        let last_trimmed_key = keys::log_key(up_to_seq);
        let mut n_trimmed = 0;
        loop {
            // Collect a bounded chunk before deleting so the scan never runs over its own writes.
            let chunk: Vec<WriteOp> = self
                .kv
                .scan_prefix(LOG_PREFIX)
                .take_while(|entry| entry.as_ref().map_or(true, |(key, _)| *key <= last_trimmed_key))
                .take(TRIM_CHUNK)
                .map(|entry| entry.map(|(key, _)| WriteOp::Delete { key }))
                .collect::<Result<_, _>>()?;
            if chunk.is_empty() {
                break;
            }
            n_trimmed += chunk.len();
            self.kv.transaction(chunk)?;
        }
        if n_trimmed > 0 {
            self.kv.flush()?;
        }
        Ok(n_trimmed)
    }

    /// Adds one view to an offer's counter and returns the new count once durable.
    ///
    /// The offer's existence is not checked: the caller records views of offers it just served.
    /// One write and fsync per view: the server batches views instead ([`OfferStore::add_views`]).
    pub fn record_view(&self, tenant: &str, slug: &str) -> Result<u64, StoreError> {
        let key = keys::view_key(tenant, slug)?;
        let _view_guard = lock(&self.view_lock);
        let n_views = match self.kv.get(&key)? {
            Some(value) => keys::decode_u64(&key, &value)?,
            None => 0,
        };
        let n_views = n_views.saturating_add(1);
        self.kv.put(&key, &n_views.to_be_bytes())?;
        self.kv.flush()?;
        Ok(n_views)
    }

    /// Returns the persisted view count of one offer (0 when never viewed).
    pub fn view_count(&self, tenant: &str, slug: &str) -> Result<u64, StoreError> {
        let key = keys::view_key(tenant, slug)?;
        self.kv.get(&key)?.map_or(Ok(0), |value| keys::decode_u64(&key, &value))
    }

    /// Adds a batch of counted views `(tenant, slug, views)` to the persisted counters in one
    /// transaction and one flush; returns how many counters were written.
    ///
    /// Views of offers deleted in the meantime are dropped, so a batch never re-creates the
    /// counter [`OfferStore::delete_offer`] removed (both hold the view lock).
    pub fn add_views(&self, batch: &[(String, String, u64)]) -> Result<usize, StoreError> {
        let _view_guard = lock(&self.view_lock);
        let mut totals: std::collections::BTreeMap<Vec<u8>, u64> = std::collections::BTreeMap::new();
        for (tenant, slug, n_views) in batch {
            if *n_views == 0 || self.kv.get(&keys::offer_key(tenant, slug)?)?.is_none() {
                continue;
            }
            let key = keys::view_key(tenant, slug)?;
            let total = match totals.get(&key) {
                Some(total) => *total,
                None => self.kv.get(&key)?.map_or(Ok(0), |value| keys::decode_u64(&key, &value))?,
            };
            totals.insert(key, total.saturating_add(*n_views));
        }
        if totals.is_empty() {
            return Ok(0);
        }
        let n_written = totals.len();
        self.kv.commit(totals.into_iter().map(|(key, total)| WriteOp::Put { key, value: total.to_be_bytes().to_vec() }).collect())?;
        Ok(n_written)
    }

    /// Returns `(slug, views)` for every offer of the tenant that has been viewed, by slug.
    pub fn view_counts(&self, tenant: &str) -> Result<Vec<(String, u64)>, StoreError> {
        let prefix = keys::view_prefix(tenant)?;
        self.kv
            .scan_prefix(&prefix)
            .map(|entry| {
                let (key, value) = entry?;
                let slug = std::str::from_utf8(&key[prefix.len()..]).map_err(|error| StoreError::corrupt(&key, error))?;
                Ok((slug.to_string(), keys::decode_u64(&key, &value)?))
            })
            .collect()
    }

    /// The offer an address was claimed for, if any (see `addresses.rs`).
    pub fn address_owner(&self, tenant: &str, address: &str) -> Result<Option<AddressOwner>, StoreError> {
        self.addresses.owner(tenant, address)
    }

    /// Claims `addresses` (location by location) for the offer `slug`, all or none: each must be
    /// unclaimed or already the offer's, not another offer's slug in the store, and not `taken`
    /// (the caller's check of the live addresses it knows, the index's). Written durably before
    /// the answer; `false` when one is not free (nothing is written then). A claim is never
    /// released: an address an offer left keeps leading to it.
    pub fn claim_addresses(
        &self,
        tenant: &str,
        slug: &str,
        addresses: &[String],
        taken: impl Fn(&str) -> Result<bool, StoreError>,
    ) -> Result<bool, StoreError> {
        self.addresses.claim(tenant, slug, addresses, taken)
    }

    /// Returns a small named value (schema version, import markers...).
    pub fn get_meta(&self, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        self.kv.get(&keys::meta_key(name)?)
    }

    /// Stores a small named value durably; `seq` is reserved for the store.
    pub fn put_meta(&self, name: &str, value: &[u8]) -> Result<(), StoreError> {
        self.kv.put(&keys::meta_key(name)?, value)?;
        self.kv.flush()
    }
}

#[cfg(test)]
mod record_tests;
#[cfg(test)]
mod tests;
