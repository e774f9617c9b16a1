//! The engine room shared by the HTTP server and the CLI: the boards with their dictionaries, the
//! store (the truth) and the index (derived), and the one write path that keeps them in step.
//!
//! Invariant: every offer write is validated, stored and flushed, and only then handed to the
//! index feeder, under one lock so the index sees writes in store order. On open, the index
//! replays the store's change log past its last committed sequence number, so a crash between
//! the two loses nothing that was acknowledged.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use wakat_core::filters::{FilterLimits, ParseContext};
use wakat_core::validate::validate_offer;
use wakat_core::FieldError;
use wakat_core::{CategoryTree, Gazetteer, Offer, Rates};
use wakat_ingest::dictionaries::Company;
use wakat_ingest::import::{import_file, ImportContext};
use wakat_search::{IndexFeeder, ItemRendering, SearchConfig, SearchIndex};
use wakat_store::{ChangeKind, KvStore, OfferStore, SledStore};

use crate::dictionaries::{BoardDictionaries, DictionaryError, SharedDictionaries};
use crate::settings::{EngineSettings, StorageSettings, TenantSettings};

/// Offers written to the store per transaction in bulk loads.
const BULK_CHUNK: usize = 1_000;

/// One board with its dictionaries.
#[derive(Debug, Clone)]
pub struct Tenant {
    /// Configuration.
    pub settings: TenantSettings,
    /// Categories.
    pub categories: CategoryTree,
    /// Companies known to the board (brand stories, logos).
    pub companies: Vec<Company>,
    companies_by_slug: HashMap<String, usize>,
}

impl Tenant {
    /// The board of `settings` with the dictionaries it names in `index_data`.
    fn load(index_data: &Path, settings: &TenantSettings) -> Result<Tenant, DictionaryError> {
        let BoardDictionaries { categories, companies } = BoardDictionaries::load(index_data, settings)?;
        let companies_by_slug = companies.iter().enumerate().map(|(idx, c)| (c.slug.clone(), idx)).collect();
        Ok(Tenant { settings: settings.clone(), categories, companies, companies_by_slug })
    }

    /// Finds a company by slug.
    pub fn company(&self, slug: &str) -> Option<&Company> {
        self.companies_by_slug.get(slug).map(|&idx| &self.companies[idx])
    }

    /// Whether a feature flag is on.
    pub fn flag(&self, name: &str) -> bool {
        self.settings.flags.get(name).copied().unwrap_or(false)
    }

    /// Filter bounds of this board: the salary slider's configured range bounds the salary
    /// filter too, so the parser refuses what the slider could never send.
    pub fn limits(&self) -> FilterLimits {
        let salary = &self.settings.salary;
        FilterLimits { salary_min: salary.min, salary_max: salary.max, ..FilterLimits::default() }
    }
}

/// Errors of opening or writing.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum EngineError {
    /// A dictionary is unusable.
    #[error(transparent)]
    Dictionary(#[from] DictionaryError),
    /// The default data set is unusable.
    #[error(transparent)]
    Ingest(#[from] wakat_ingest::IngestError),
    /// The store failed.
    #[error("store: {0}")]
    Store(#[from] wakat_store::StoreError),
    /// The index failed.
    #[error("index: {0}")]
    Search(#[from] wakat_search::SearchError),
    /// The data directory could not be created.
    #[error("cannot read {path}: {source}")]
    Io {
        /// Directory.
        path: PathBuf,
        /// Cause.
        source: std::io::Error,
    },
    /// The tenant is not configured.
    #[error("unknown tenant '{0}'")]
    UnknownTenant(String),
    /// The offer breaks domain rules.
    #[error("offer is not valid: {}", .0.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("; "))]
    Invalid(Vec<FieldError>),
}

/// Store, index and dictionaries, opened together.
pub struct Engine {
    /// Settings it was opened with.
    pub settings: EngineSettings,
    /// Boards by slug.
    pub tenants: BTreeMap<String, Arc<Tenant>>,
    /// Cities.
    pub gazetteer: Gazetteer,
    /// Exchange rates.
    pub rates: Rates,
    /// The source of truth.
    pub store: Arc<OfferStore>,
    /// The key-value engine under the store, shared by the other domains (accounts,
    /// applications), each with its own key prefixes.
    pub kv: Arc<dyn KvStore>,
    /// The derived search index.
    pub index: Arc<SearchIndex>,
    feeder: IndexFeeder,
    write_lock: Mutex<()>,
}

/// Current time in Unix seconds.
pub fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

/// What lists show of each offer, rendered by the index when it indexes the offer (the API's list
/// entries, so the server names it) from the rates the engine loaded. Every process opening a data
/// directory must pass the same one: the index keeps the renderer's fingerprint and is rebuilt
/// from the store when a process opens it with another (or none).
pub type ListItems = fn(&Rates) -> ItemRendering;

/// The key-value engine in `{data_dir}/store` and the offer store on it.
fn open_store(storage: &StorageSettings, rates: &Rates) -> Result<(Arc<dyn KvStore>, Arc<OfferStore>), EngineError> {
    let data_dir = &storage.data_dir;
    std::fs::create_dir_all(data_dir).map_err(|source| EngineError::Io { path: data_dir.clone(), source })?;
    let kv: Arc<dyn KvStore> = Arc::new(SledStore::open_with_cache(data_dir.join("store"), storage.store_cache_mb * 1024 * 1024)?);
    let store = Arc::new(OfferStore::new(kv.clone(), rates.clone())?);
    Ok((kv, store))
}

impl Engine {
    /// Opens the store and the index in the data directory, rebuilding or catching up the index.
    /// Settings are read going down once: the shared dictionaries, each board's, the store, the
    /// index.
    pub fn open(settings: EngineSettings, list_items: Option<ListItems>) -> Result<Engine, EngineError> {
        let storage = &settings.storage;
        let SharedDictionaries { gazetteer, rates, analysis, words } = SharedDictionaries::load(&storage.index_data_dir)?;
        let mut tenants = BTreeMap::new();
        for tenant_settings in &settings.tenants {
            tenants.insert(tenant_settings.slug.clone(), Arc::new(Tenant::load(&storage.index_data_dir, tenant_settings)?));
        }
        let (kv, store) = open_store(storage, &rates)?;

        let search_config = SearchConfig {
            analysis: Arc::new(analysis),
            words: Arc::new(words),
            rates: rates.clone(),
            ranking: settings.ranking,
            categories: tenants.iter().map(|(slug, t)| (slug.clone(), t.categories.clone())).collect(),
            writer_memory_bytes: storage.writer_memory_mb * 1024 * 1024,
            search_threads: storage.search_threads,
            filter_cache_bytes: usize::try_from(storage.filter_cache_mb.saturating_mul(1024 * 1024)).unwrap_or(usize::MAX),
            items: list_items.map(|render| render(&rates)),
        };
        let (index, fresh) = SearchIndex::open(&storage.data_dir.join("index"), search_config)?;
        let feeder = IndexFeeder::start(&index)?;
        let engine = Engine { settings, tenants, gazetteer, rates, store, kv, index: Arc::new(index), feeder, write_lock: Mutex::new(()) };
        if fresh {
            let n_offers = engine.reindex(&mut |_| {})?;
            tracing::info!(n_offers, "index rebuilt from the store");
        } else {
            let n_changes = engine.catch_up()?;
            if n_changes > 0 {
                tracing::info!(n_changes, "index caught up with the store");
            }
        }
        let n_sanitized = engine.sanitize_stored_html()?;
        if n_sanitized > 0 {
            tracing::info!(n_sanitized, "stored offer HTML sanitised");
        }
        Ok(engine)
    }

    /// The tenant of a slug.
    pub fn tenant(&self, slug: &str) -> Result<&Arc<Tenant>, EngineError> {
        self.tenants.get(slug).ok_or_else(|| EngineError::UnknownTenant(slug.to_string()))
    }

    /// Dictionaries a filter parse of `tenant` needs.
    pub fn parse_context<'a>(&'a self, tenant: &'a Tenant) -> ParseContext<'a> {
        ParseContext { categories: &tenant.categories, gazetteer: &self.gazetteer, limits: tenant.limits() }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, ()> {
        // A panic while holding the lock cannot leave store and index inconsistent (the store
        // write is atomic and the index replays), so a poisoned lock is still usable.
        self.write_lock.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn prepare(&self, tenant: &Tenant, mut offer: Offer) -> Result<Offer, EngineError> {
        offer.normalize(&self.rates);
        offer.sanitize_html();
        let errors = validate_offer(&offer, &tenant.categories);
        if errors.is_empty() {
            Ok(offer)
        } else {
            Err(EngineError::Invalid(errors))
        }
    }

    /// Validates, stores (flushed) and indexes an offer; returns its store sequence number.
    /// The offer is searchable within a second of the return.
    pub fn put_offer(&self, tenant_slug: &str, offer: Offer) -> Result<u64, EngineError> {
        let tenant = self.tenant(tenant_slug)?;
        let offer = self.prepare(tenant, offer)?;
        let _guard = self.lock();
        let seq = self.store.put_offer(tenant_slug, &offer)?;
        self.feeder.upsert(tenant_slug, offer, seq)?;
        Ok(seq)
    }

    /// Deletes an offer from store and index; `None` when it did not exist.
    pub fn delete_offer(&self, tenant_slug: &str, slug: &str) -> Result<Option<u64>, EngineError> {
        self.tenant(tenant_slug)?;
        let _guard = self.lock();
        let seq = self.store.delete_offer(tenant_slug, slug)?;
        if let Some(seq) = seq {
            self.feeder.delete(tenant_slug, slug, seq)?;
        }
        Ok(seq)
    }

    /// Stores and indexes many offers (import, generate); invalid ones are returned with their
    /// errors and skipped. Commits the index at the end. `progress` gets the number done.
    pub fn put_offers(
        &self,
        tenant_slug: &str,
        offers: impl IntoIterator<Item = Offer>,
        progress: &mut dyn FnMut(usize),
    ) -> Result<Vec<(String, Vec<FieldError>)>, EngineError> {
        let tenant = self.tenant(tenant_slug)?.clone();
        let mut rejected = Vec::new();
        let mut chunk = Vec::with_capacity(BULK_CHUNK);
        let mut done = 0;
        self.feeder.set_auto_commit(false);
        let result = (|| {
            let mut offers = offers.into_iter().peekable();
            while offers.peek().is_some() {
                chunk.clear();
                for offer in offers.by_ref().take(BULK_CHUNK) {
                    let slug = offer.slug.clone();
                    match self.prepare(&tenant, offer) {
                        Ok(offer) => chunk.push(offer),
                        Err(EngineError::Invalid(errors)) => rejected.push((slug, errors)),
                        Err(other) => return Err(other),
                    }
                }
                let _guard = self.lock();
                let seq = self.store.put_offers(tenant_slug, &chunk)?;
                done += chunk.len();
                for offer in chunk.drain(..) {
                    self.feeder.upsert(tenant_slug, offer, seq)?;
                }
                progress(done);
            }
            Ok(())
        })();
        self.feeder.set_auto_commit(true);
        result?;
        let committed = self.feeder.commit()?;
        // The index holds everything up to `committed`: drop its change records now, while the
        // bulk load's process runs, rather than leaving hundreds of thousands for the next open
        // to delete (a server doing that at start keeps the memory it took for good).
        self.store.trim_log(committed)?;
        Ok(rejected)
    }

    /// Rebuilds the index from the store; returns the number of offers indexed.
    pub fn reindex(&self, progress: &mut dyn FnMut(usize)) -> Result<usize, EngineError> {
        let _guard = self.lock();
        self.feeder.set_auto_commit(false);
        let result = (|| {
            let seq = self.store.last_seq();
            self.feeder.clear()?;
            let mut n_offers = 0;
            for entry in self.store.scan_all_offers() {
                let (tenant, mut offer) = entry?;
                if !self.tenants.contains_key(&tenant) {
                    continue;
                }
                // Derived amounts follow the current rates table.
                offer.normalize(&self.rates);
                // After the clear each offer comes once: no delete to queue (see MAX_PENDING_DELETES).
                self.feeder.upsert_new(&tenant, offer, seq)?;
                n_offers += 1;
                if n_offers % 10_000 == 0 {
                    progress(n_offers);
                }
            }
            // The payload must reach the store's seq even when the store is empty.
            self.feeder.upsert_marker(seq)?;
            self.feeder.commit()?;
            self.index.mark_built()?;
            progress(n_offers);
            Ok(n_offers)
        })();
        self.feeder.set_auto_commit(true);
        result
    }

    /// Replays store changes the index has not committed yet; returns how many.
    fn catch_up(&self) -> Result<usize, EngineError> {
        let _guard = self.lock();
        let committed = self.index.committed_seq()?;
        let changes = self.store.changes_since(committed)?;
        for change in &changes {
            match change.kind {
                ChangeKind::Put => match self.store.get_offer(&change.tenant, &change.slug)? {
                    Some(offer) if self.tenants.contains_key(&change.tenant) => self.feeder.upsert(&change.tenant, offer, change.seq)?,
                    _ => self.feeder.delete(&change.tenant, &change.slug, change.seq)?,
                },
                ChangeKind::Delete => self.feeder.delete(&change.tenant, &change.slug, change.seq)?,
            }
        }
        if !changes.is_empty() {
            self.feeder.commit()?;
        }
        self.store.trim_log(self.index.committed_seq()?)?;
        Ok(changes.len())
    }

    /// Stores written before HTML was sanitised on write get it once: every offer whose HTML the
    /// sanitiser changes is written back (and re-indexed). A meta marker makes it a one-time pass.
    fn sanitize_stored_html(&self) -> Result<usize, EngineError> {
        const MARKER: &str = "html-sanitized-v1";
        if self.store.get_meta(MARKER)?.is_some() {
            return Ok(0);
        }
        let mut changed: BTreeMap<String, Vec<Offer>> = BTreeMap::new();
        for entry in self.store.scan_all_offers() {
            let (tenant, mut offer) = entry?;
            if offer.sanitize_html() {
                changed.entry(tenant).or_default().push(offer);
            }
        }
        let mut n_sanitized = 0;
        for (tenant, offers) in changed {
            for chunk in offers.chunks(BULK_CHUNK) {
                let _guard = self.lock();
                let seq = self.store.put_offers(&tenant, chunk)?;
                if self.tenants.contains_key(&tenant) {
                    for offer in chunk {
                        self.feeder.upsert(&tenant, offer.clone(), seq)?;
                    }
                }
                n_sanitized += chunk.len();
            }
        }
        self.store.put_meta(MARKER, b"1")?;
        Ok(n_sanitized)
    }

    /// Waits until every write so far is searchable.
    pub fn commit_index(&self) -> Result<u64, EngineError> {
        Ok(self.feeder.commit()?)
    }

    /// Loads each tenant's default data set the first time the store has no offers for it.
    /// Publication and expiry times are shifted so the newest offer is published now.
    pub fn load_default_data(&self, now: i64) -> Result<usize, EngineError> {
        let mut n_loaded = 0;
        for (slug, tenant) in &self.tenants {
            let marker = format!("default-data-{slug}");
            if tenant.settings.default_data.is_empty() || self.store.get_meta(&marker)?.is_some() {
                continue;
            }
            if self.store.count_offers(slug)? == 0 {
                let path = self.settings.storage.index_data_dir.join(&tenant.settings.default_data);
                let ctx = ImportContext { gazetteer: &self.gazetteer, categories: &tenant.categories, rates: &self.rates, now };
                let report = import_file(&path, &ctx)?;
                let newest = report.offers.iter().map(|o| o.published_at).max().unwrap_or(now);
                let shift = now - newest;
                let offers = report.offers.into_iter().map(|mut offer| {
                    offer.published_at += shift;
                    offer.expired_at = offer.expired_at.map(|e| e + shift);
                    offer
                });
                let rejected = self.put_offers(slug, offers, &mut |_| {})?;
                let n_offers = self.store.count_offers(slug)?;
                tracing::info!(tenant = %slug, n_offers, n_rejected = rejected.len() + report.rejected.len(), "default data loaded");
                n_loaded += n_offers;
            }
            self.store.put_meta(&marker, b"1")?;
        }
        Ok(n_loaded)
    }
}
