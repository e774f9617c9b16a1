//! The write side: one thread owns tantivy's `IndexWriter`, applies upserts and deletes in
//! arrival order and commits at most every [`COMMIT_INTERVAL`] (or on demand), recording the
//! store's sequence number as the commit payload so a restart knows what to replay.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use tantivy::{IndexReader, IndexWriter, TantivyDocument, Term};
use wakat_core::Offer;

use crate::schema::{offer_key, Fields};
use crate::{Result, SearchConfig, SearchError, SearchIndex};

/// Writes waiting for the writer thread before senders block.
const FEED_QUEUE: usize = 2_048;

/// Longest time an acknowledged write waits before it becomes searchable.
pub const COMMIT_INTERVAL: Duration = Duration::from_millis(500);

/// Deletes a bulk load (timed commits off) may leave uncommitted before the writer commits anyway.
/// tantivy keeps each delete until the next commit as a query weight of about 1 KB (a BM25 cache),
/// so a 1,000,000-offer load that commits once at the end held ~1 GB of them (heaptrack: 144 MB
/// of 200,000 `TermQuery` weights in a 200k reindex). Committing every 50,000 deletes bounds that
/// to ~50 MB; each commit records the highest store seq it holds, so a crash replays from there.
pub const MAX_PENDING_DELETES: usize = 50_000;

enum Command {
    /// `replace`: delete the offer's earlier documents first (false only when none can exist).
    Upsert {
        tenant: String,
        offer: Box<Offer>,
        seq: u64,
        replace: bool,
    },
    Delete {
        tenant: String,
        slug: String,
        seq: u64,
    },
    Clear,
    Mark {
        seq: u64,
    },
    Commit(mpsc::SyncSender<Result<u64>>),
}

/// Handle to the writer thread. Dropping it commits what is pending and stops the thread.
pub struct IndexFeeder {
    sender: Option<SyncSender<Command>>,
    /// Commands sent and not yet taken (shared with the index's monitoring counters).
    queued: Arc<AtomicUsize>,
    thread: Option<JoinHandle<()>>,
    auto_commit: Arc<AtomicBool>,
}

struct WriterLoop {
    writer: IndexWriter<TantivyDocument>,
    reader: IndexReader,
    fields: Fields,
    config: Arc<SearchConfig>,
    auto_commit: Arc<AtomicBool>,
    seq: u64,
    pending_since: Option<Instant>,
    /// Deletes sent to tantivy since the last commit.
    pending_deletes: usize,
}

impl IndexFeeder {
    /// Starts the writer thread of `index`. Only one feeder may exist per index directory.
    pub fn start(index: &SearchIndex) -> Result<IndexFeeder> {
        let writer = index.index.writer(index.config.writer_memory_bytes.max(15_000_000))?;
        let auto_commit = Arc::new(AtomicBool::new(true));
        let state = WriterLoop {
            writer,
            reader: index.reader.clone(),
            fields: index.fields.clone(),
            config: index.config.clone(),
            auto_commit: auto_commit.clone(),
            seq: index.committed_seq()?,
            pending_since: None,
            pending_deletes: 0,
        };
        // Bounded: a bulk load (reindex, import) waits for the writer instead of queueing every
        // offer in memory.
        let (sender, receiver) = mpsc::sync_channel(FEED_QUEUE);
        let queued = index.activity.writer_queue.clone();
        let taken = queued.clone();
        let receiver = QueueReceiver { receiver, queued: taken };
        let thread = std::thread::Builder::new().name("index-writer".into()).spawn(move || state.run(receiver))?;
        Ok(IndexFeeder { sender: Some(sender), queued, thread: Some(thread), auto_commit })
    }

    fn send(&self, command: Command) -> Result<()> {
        self.queued.fetch_add(1, Ordering::Relaxed);
        self.sender.as_ref().ok_or(SearchError::WriterStopped)?.send(command).map_err(|_| {
            self.queued.fetch_sub(1, Ordering::Relaxed);
            SearchError::WriterStopped
        })
    }

    /// Indexes (or re-indexes) every location of an offer; `seq` is the store's sequence number of the write.
    pub fn upsert(&self, tenant: &str, offer: Offer, seq: u64) -> Result<()> {
        self.send(Command::Upsert { tenant: tenant.to_string(), offer: Box::new(offer), seq, replace: true })
    }

    /// Indexes an offer the index cannot hold yet (a rebuild after [`IndexFeeder::clear`], which
    /// sends each offer once): no delete of earlier documents, so nothing waits for the commit.
    pub fn upsert_new(&self, tenant: &str, offer: Offer, seq: u64) -> Result<()> {
        self.send(Command::Upsert { tenant: tenant.to_string(), offer: Box::new(offer), seq, replace: false })
    }

    /// Removes every location of an offer.
    pub fn delete(&self, tenant: &str, slug: &str, seq: u64) -> Result<()> {
        self.send(Command::Delete { tenant: tenant.to_string(), slug: slug.to_string(), seq })
    }

    /// Removes every document (the start of a rebuild).
    pub fn clear(&self) -> Result<()> {
        self.send(Command::Clear)
    }

    /// Records that the index is current up to store sequence `seq` without changing documents
    /// (a rebuild of an empty store must still remember how far the store went).
    pub fn upsert_marker(&self, seq: u64) -> Result<()> {
        self.send(Command::Mark { seq })
    }

    /// Turns timed commits off (bulk loads commit once at the end) or back on.
    pub fn set_auto_commit(&self, enabled: bool) {
        self.auto_commit.store(enabled, Ordering::SeqCst);
    }

    /// Commits everything sent so far and waits until searches see it; returns the committed seq.
    pub fn commit(&self) -> Result<u64> {
        let (reply, answer) = mpsc::sync_channel(1);
        self.send(Command::Commit(reply))?;
        answer.recv().map_err(|_| SearchError::WriterStopped)?
    }
}

impl Drop for IndexFeeder {
    fn drop(&mut self) {
        // Closing the channel makes the thread commit what is pending and exit.
        self.sender.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The writer's end of the channel, keeping the queue depth counter.
struct QueueReceiver {
    receiver: Receiver<Command>,
    queued: Arc<AtomicUsize>,
}

impl QueueReceiver {
    fn recv_timeout(&self, timeout: Duration) -> std::result::Result<Command, RecvTimeoutError> {
        let command = self.receiver.recv_timeout(timeout)?;
        self.queued.fetch_sub(1, Ordering::Relaxed);
        Ok(command)
    }
}

impl WriterLoop {
    fn run(mut self, receiver: QueueReceiver) {
        loop {
            let timeout = match self.pending_since {
                Some(since) if self.auto_commit.load(Ordering::SeqCst) => COMMIT_INTERVAL.saturating_sub(since.elapsed()),
                _ => Duration::from_secs(3600),
            };
            match receiver.recv_timeout(timeout) {
                Ok(Command::Upsert { tenant, offer, seq, replace }) => {
                    let lineage = self.config.categories.get(&tenant).map(|tree| tree.lineage(offer.category_id)).unwrap_or_else(|| vec![offer.category_id]);
                    if replace {
                        self.delete(&tenant, &offer.slug);
                    }
                    for doc in self.fields.documents(&tenant, &offer, &lineage, &self.config.rates, self.config.items.as_ref().map(|items| &*items.0)) {
                        if let Err(error) = self.writer.add_document(doc) {
                            tracing::error!(%error, slug = %offer.slug, "failed to index offer");
                        }
                    }
                    self.touch(seq);
                }
                Ok(Command::Delete { tenant, slug, seq }) => {
                    self.delete(&tenant, &slug);
                    self.touch(seq);
                }
                Ok(Command::Clear) => {
                    if let Err(error) = self.writer.delete_all_documents() {
                        tracing::error!(%error, "failed to clear the index");
                    }
                    self.seq = 0;
                    self.pending_since.get_or_insert_with(Instant::now);
                }
                Ok(Command::Mark { seq }) => self.touch(seq),
                Ok(Command::Commit(reply)) => {
                    let _ = reply.send(self.commit());
                }
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(error) = self.commit() {
                        tracing::error!(%error, "timed index commit failed");
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    if self.pending_since.is_some() {
                        if let Err(error) = self.commit() {
                            tracing::error!(%error, "final index commit failed");
                        }
                    }
                    return;
                }
            }
            let due = self.pending_since.is_some_and(|since| since.elapsed() >= COMMIT_INTERVAL);
            if (due && self.auto_commit.load(Ordering::SeqCst)) || self.pending_deletes >= MAX_PENDING_DELETES {
                if let Err(error) = self.commit() {
                    tracing::error!(%error, "timed index commit failed");
                }
            }
        }
    }

    fn delete(&mut self, tenant: &str, slug: &str) {
        self.writer.delete_term(Term::from_field_text(self.fields.key, &offer_key(tenant, slug)));
        self.pending_deletes += 1;
    }

    fn touch(&mut self, seq: u64) {
        self.seq = self.seq.max(seq);
        self.pending_since.get_or_insert_with(Instant::now);
    }

    fn commit(&mut self) -> Result<u64> {
        let mut prepared = self.writer.prepare_commit()?;
        prepared.set_payload(&self.seq.to_string());
        prepared.commit()?;
        self.reader.reload()?;
        self.pending_since = None;
        self.pending_deletes = 0;
        Ok(self.seq)
    }
}
