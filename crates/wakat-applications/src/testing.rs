//! Helpers shared by the crate's unit tests.

use std::sync::Arc;

use wakat_core::ApplySource;
use wakat_store::{KvStore, MemoryStore, SledStore};

use crate::{AttachmentRef, Consents, NewApplication, NewRedirect, Page};

/// A Unix time to start test clocks at (2025-01-01).
pub(crate) const T0: i64 = 1_735_689_600;

pub(crate) fn memory() -> Arc<dyn KvStore> {
    Arc::new(MemoryStore::new())
}

pub(crate) fn sled_in(dir: &tempfile::TempDir) -> Arc<dyn KvStore> {
    Arc::new(SledStore::open(dir.path()).expect("sled opens"))
}

pub(crate) fn page(number: u32, size: u32) -> Page {
    Page::new(number, size).expect("valid page")
}

/// A form application of `email` to offer `slug` (guid `guid-{slug}`), without a candidate.
pub(crate) fn application(slug: &str, email: &str) -> NewApplication {
    NewApplication {
        offer_slug: slug.into(),
        offer_guid: format!("guid-{slug}"),
        employer: "Acme".into(),
        name: "Jan Kowalski".into(),
        email: email.into(),
        message: Some("Dzień dobry".into()),
        source: ApplySource::ApplyForm,
        consents: Consents { future: true, custom: false },
        candidate_id: None,
        attachment: None,
        client_key: "client-hash".into(),
    }
}

/// The same, sent by a logged-in candidate with a CV attached.
pub(crate) fn candidate_application(slug: &str, email: &str, candidate_id: &str) -> NewApplication {
    NewApplication {
        candidate_id: Some(candidate_id.into()),
        attachment: Some(AttachmentRef {
            blob_hash: format!("blob-{slug}"),
            file_name: "cv.pdf".into(),
            size: 1234,
            mime: "application/pdf".into(),
            owner: format!("it/application/{slug}"),
        }),
        ..application(slug, email)
    }
}

/// A redirect to offer `slug` (guid `guid-{slug}`), by `candidate_id` or anonymous.
pub(crate) fn redirect(slug: &str, candidate_id: Option<&str>, client_key: &str) -> NewRedirect {
    NewRedirect {
        offer_slug: slug.into(),
        offer_guid: format!("guid-{slug}"),
        apply_url: format!("https://jobs.example.com/{slug}"),
        candidate_id: candidate_id.map(str::to_string),
        client_key: client_key.into(),
    }
}

/// Delegates to another engine but waits before every read, so a read-then-write that is not
/// under a lock lets other threads read the same stale state: races show up on every run instead
/// of once in a while.
pub(crate) struct SlowReads {
    pub(crate) inner: Arc<dyn KvStore>,
}

impl KvStore for SlowReads {
    fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, wakat_store::StoreError> {
        std::thread::sleep(std::time::Duration::from_millis(5));
        self.inner.get(key)
    }

    fn put(&self, key: &[u8], value: &[u8]) -> Result<(), wakat_store::StoreError> {
        self.inner.put(key, value)
    }

    fn delete(&self, key: &[u8]) -> Result<(), wakat_store::StoreError> {
        self.inner.delete(key)
    }

    fn scan_prefix<'a>(&'a self, prefix: &[u8]) -> wakat_store::KvIter<'a> {
        self.inner.scan_prefix(prefix)
    }

    fn transaction(&self, ops: Vec<wakat_store::WriteOp>) -> Result<(), wakat_store::StoreError> {
        self.inner.transaction(ops)
    }

    fn flush(&self) -> Result<(), wakat_store::StoreError> {
        self.inner.flush()
    }
}

/// A sled engine in `dir` whose reads are slow ([`SlowReads`]).
pub(crate) fn slow_sled_in(dir: &tempfile::TempDir) -> Arc<dyn KvStore> {
    Arc::new(SlowReads { inner: sled_in(dir) })
}
