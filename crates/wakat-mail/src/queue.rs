//! [`MailQueue`]: mail intents recorded durably before anyone is told "sent", delivered by one
//! worker thread through the [`Mailer`], each idempotency key at most once.
//!
//! # Why
//! A feature that answers "we mailed you" (a 202, a digest run marking an alert done) must not
//! lose the mail to a `kill -9` right after. So [`MailQueue::enqueue`] writes the mail into the
//! store in one transaction and flushes (fsync) before returning; the worker sends, then marks the
//! key sent. On restart the worker resumes with what is still pending.
//!
//! # Exactly once, and where it ends
//! A key that is pending or sent is never queued again, so a caller that repeats itself after a
//! crash (a digest run resuming) sends nothing twice. A sender marks a mail "handover" (the
//! pending entry deleted, the mark written and flushed) *inside* the handover:
//! [`Mailer::send_committed`] calls back once the receiver holds the whole message and before it
//! may deliver it (for SMTP: before the final "." of DATA). A crash before the mark is on disk
//! leaves the message unfinished at the server, which discards it, and the mail pending here; a
//! crash after it finds the mail marked and never sends it again. Once the server has answered,
//! the mark becomes "sent" (flushed with the next mark, or when the queue goes idle).
//!
//! The window left is the gap between the end of the flush and the write of the "."
//! ([`QueueStats::handover_gap_max_micros`] measures it): a crash exactly there loses that one
//! mail. No ordering closes it (the store and the SMTP server are two commit points; sending again
//! would turn the loss into a repeat), so the queue makes it visible instead: at start, every mark
//! still in "handover" is a mail a crash caught between its mark and the server's answer. It
//! becomes "in_doubt", is counted ([`QueueStats::in_doubt`], the `wakat_mail_in_doubt` metric)
//! and logged, and is not sent again. There are at most two such mails per sender thread.
//! When the server refuses the finished message (or the connection fails after the "."), the mark
//! is undone: a temporary failure puts the mail back to pending, a permanent one marks it failed.
//! Mailers without such a moment (the outbox) commit after sending, and a crash in between repeats
//! the mail. Every mail carries `X-Wakat-Idempotency-Key` (the SHA-256 of the key), so a receiver
//! or a test can tell a repeat from a second mail.
//!
//! # Key layout (on the shared [`KvStore`])
//!
//! | key                        | value                                             |
//! |----------------------------|---------------------------------------------------|
//! | `mailq/key/{sha256(key)}`  | `{"state", "at"}`; state: pending, handover, sent, in_doubt, failed |
//! | `mailq/pending/{seq:020}`  | the queued mail JSON (with its key hash)          |
//! | `mailq/seq`                | last seq, u64 big-endian                          |

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use wakat_store::secrets::sha256_hex;
use wakat_store::{json, KvStore, WriteOp};

use crate::{Mail, MailError, Mailer};

/// Header naming the idempotency key (hashed) of a queued mail.
pub const IDEMPOTENCY_HEADER: &str = "X-Wakat-Idempotency-Key";
/// Sent and failed marks older than this are forgotten (their keys are dated anyway).
const MARK_RETENTION_SECS: i64 = 60 * 24 * 3600;
/// First wait after a failed delivery; doubles up to [`MAX_RETRY_WAIT`].
const FIRST_RETRY_WAIT: Duration = Duration::from_secs(2);
const MAX_RETRY_WAIT: Duration = Duration::from_secs(300);

const PENDING_PREFIX: &[u8] = b"mailq/pending/";
/// The mark of a mail between its commit and the server's answer.
const HANDOVER: &str = "handover";
/// The mark of a mail a crash caught in [`HANDOVER`].
const IN_DOUBT: &str = "in_doubt";

/// A pending mail's store key and value.
type PendingEntry = (Vec<u8>, Vec<u8>);
const SEQ_KEY: &[u8] = b"mailq/seq";

fn key_hash(key: &str) -> String {
    sha256_hex(key)
}

fn mark_key(hash: &str) -> Vec<u8> {
    format!("mailq/key/{hash}").into_bytes()
}

fn pending_key(seq: u64) -> Vec<u8> {
    format!("mailq/pending/{seq:020}").into_bytes()
}

fn now() -> i64 {
    time::OffsetDateTime::now_utc().unix_timestamp()
}

#[derive(Debug, Serialize, Deserialize)]
struct Mark {
    state: String,
    at: i64,
}

/// A mail as the queue stores it: the mail's fields flattened beside its key hash.
#[derive(Debug, Serialize, Deserialize)]
struct Queued {
    key_hash: String,
    #[serde(flatten)]
    mail: Mail,
}

impl Queued {
    /// The mail to send, naming its key so a receiver can tell a repeat from a second mail.
    fn mail(self) -> Mail {
        self.mail.with_header(IDEMPOTENCY_HEADER, self.key_hash)
    }
}

/// What [`MailQueue::enqueue`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Enqueued {
    /// The mail is recorded and will be sent.
    New,
    /// The key was queued or sent before: nothing was added.
    Duplicate,
}

/// Counts of the queue, for metrics and tests.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct QueueStats {
    /// Mails waiting to be sent.
    pub pending: usize,
    /// Mails sent since start.
    pub sent: u64,
    /// Mails refused for good since start.
    pub failed: u64,
    /// The longest gap seen between a handover mark reaching the disk and the mailer handing the
    /// mail over (the one window where a crash loses a mail), in microseconds.
    pub handover_gap_max_micros: u64,
    /// The sum of those gaps, and how many there were (mean = total / count).
    pub handover_gap_total_micros: u64,
    /// How many mails were committed inside a handover.
    pub handover_count: u64,
    /// Mails found at start between their handover mark and the server's answer (a crash came
    /// there): delivered or lost, not sent again.
    pub in_doubt: u64,
}

/// The state of the marks' group commit.
#[derive(Default)]
struct GroupCommit {
    /// Flushes asked for (each caller's number).
    asked: u64,
    /// Callers up to this number have their writes on disk.
    done: u64,
    /// A flush is running.
    running: bool,
    /// The last flushes' targets and end times (the start of each handover's gap).
    ended: std::collections::VecDeque<(u64, Instant)>,
}

/// The durable mail queue of the server (see the module documentation).
pub struct MailQueue {
    kv: Arc<dyn KvStore>,
    mailer: Arc<dyn Mailer>,
    write_lock: Mutex<()>,
    wake: Condvar,
    wake_flag: Mutex<bool>,
    stopping: AtomicBool,
    stats: Mutex<QueueStats>,
    /// Pending keys a sender thread has taken (in this process).
    claimed: Mutex<std::collections::HashSet<Vec<u8>>>,
    /// Group commit of the marks.
    flushes: Mutex<GroupCommit>,
    flushed: Condvar,
}

impl MailQueue {
    /// A queue on `kv` delivering through `mailer`; call [`MailQueue::start`] to deliver.
    pub fn new(kv: Arc<dyn KvStore>, mailer: Arc<dyn Mailer>) -> Arc<MailQueue> {
        Arc::new(MailQueue {
            kv,
            mailer,
            write_lock: Mutex::new(()),
            wake: Condvar::new(),
            wake_flag: Mutex::new(false),
            stopping: AtomicBool::new(false),
            stats: Mutex::new(QueueStats::default()),
            claimed: Mutex::new(std::collections::HashSet::new()),
            flushes: Mutex::new(GroupCommit::default()),
            flushed: Condvar::new(),
        })
    }

    /// Records `mail` under `key`, durably, unless the key was queued before.
    pub fn enqueue(&self, key: &str, mail: &Mail) -> Result<Enqueued, MailError> {
        let outcome = self.enqueue_many(std::iter::once((key.to_string(), mail.clone())))?;
        Ok(outcome[0])
    }

    /// Records several mails in one transaction and one flush (a digest run's batch).
    pub fn enqueue_many(&self, mails: impl IntoIterator<Item = (String, Mail)>) -> Result<Vec<Enqueued>, MailError> {
        let _guard = self.write_lock.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut seq = match self.kv.get(SEQ_KEY)? {
            Some(bytes) if bytes.len() == 8 => u64::from_be_bytes(bytes.try_into().unwrap_or([0; 8])),
            _ => 0,
        };
        let mut ops = Vec::new();
        let mut outcomes = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let at = now();
        for (key, mail) in mails {
            mail.validate()?;
            let hash = key_hash(&key);
            if !seen.insert(hash.clone()) || self.kv.get(&mark_key(&hash))?.is_some() {
                outcomes.push(Enqueued::Duplicate);
                continue;
            }
            seq += 1;
            ops.push(json::put(pending_key(seq), &Queued { key_hash: hash.clone(), mail })?);
            ops.push(json::put(mark_key(&hash), &Mark { state: "pending".into(), at })?);
            outcomes.push(Enqueued::New);
        }
        if !ops.is_empty() {
            ops.push(WriteOp::Put { key: SEQ_KEY.to_vec(), value: seq.to_be_bytes().to_vec() });
            self.kv.commit(ops)?;
            self.notify();
        }
        Ok(outcomes)
    }

    /// Whether `key` was queued (pending, sent or failed).
    pub fn is_known(&self, key: &str) -> Result<bool, MailError> {
        Ok(self.kv.get(&mark_key(&key_hash(key)))?.is_some())
    }

    fn notify(&self) {
        *self.wake_flag.lock().unwrap_or_else(|p| p.into_inner()) = true;
        self.wake.notify_all();
    }

    /// Counts of the queue.
    pub fn stats(&self) -> QueueStats {
        let mut stats = *self.stats.lock().unwrap_or_else(|p| p.into_inner());
        stats.pending = self.kv.scan_prefix(PENDING_PREFIX).count();
        stats
    }

    /// Waits until nothing is pending (tests, the CLI), at most `timeout`; whether it emptied.
    pub fn wait_idle(&self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        while self.kv.scan_prefix(PENDING_PREFIX).next().is_some() {
            if Instant::now() > deadline {
                return false;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        true
    }

    /// Starts `senders` threads (they resume whatever a previous process left pending); each
    /// marks its mail before it takes the next, so a crash leaves at most two marks per thread
    /// in doubt (SMTP) or repeats at most one mail per thread (the outbox).
    pub fn start(self: &Arc<Self>, senders: usize) -> std::io::Result<Vec<JoinHandle<()>>> {
        if let Err(error) = self.settle_marks() {
            tracing::warn!(%error, "the mail queue's marks could not be settled");
        }
        (0..senders.max(1))
            .map(|n| {
                let queue = self.clone();
                std::thread::Builder::new().name(format!("mail-sender-{n}")).spawn(move || queue.run())
            })
            .collect()
    }

    /// Asks the sender threads to stop after the mails in hand.
    pub fn stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
        self.notify();
    }

    fn run(&self) {
        let mut retry_wait = FIRST_RETRY_WAIT;
        while !self.stopping.load(Ordering::SeqCst) {
            match self.deliver_next() {
                Ok(true) => retry_wait = FIRST_RETRY_WAIT,
                Ok(false) => {
                    // Idle: the last "sent" marks reach the disk before the wait.
                    if let Err(error) = self.group_flush() {
                        tracing::warn!(%error, "the mail queue's marks could not be flushed");
                    }
                    self.sleep(None)
                }
                Err(error) => {
                    tracing::warn!(%error, wait_secs = retry_wait.as_secs(), "mail delivery paused");
                    self.sleep(Some(retry_wait));
                    retry_wait = (retry_wait * 2).min(MAX_RETRY_WAIT);
                }
            }
        }
    }

    /// Sleeps until woken (a new mail, stop) or `timeout`.
    fn sleep(&self, timeout: Option<Duration>) {
        let mut flag = self.wake_flag.lock().unwrap_or_else(|p| p.into_inner());
        let timeout = timeout.unwrap_or(Duration::from_secs(30));
        let deadline = Instant::now() + timeout;
        while !*flag && !self.stopping.load(Ordering::SeqCst) {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            flag = self.wake.wait_timeout(flag, left).unwrap_or_else(|p| p.into_inner()).0;
        }
        *flag = false;
    }

    /// Takes the oldest pending mail no other thread holds.
    fn claim(&self) -> Result<Option<PendingEntry>, MailError> {
        let mut claimed = self.claimed.lock().unwrap_or_else(|p| p.into_inner());
        for entry in self.kv.scan_prefix(PENDING_PREFIX) {
            let (key, value) = entry?;
            if claimed.insert(key.clone()) {
                return Ok(Some((key, value)));
            }
        }
        Ok(None)
    }

    fn release(&self, key: &[u8]) {
        self.claimed.lock().unwrap_or_else(|p| p.into_inner()).remove(key);
    }

    /// Sends one pending mail. `Ok(true)` when one was handled, `Ok(false)` when none is left; an
    /// error when the mail server is unavailable (the mail stays pending; the thread waits).
    fn deliver_next(&self) -> Result<bool, MailError> {
        let Some((pending, bytes)) = self.claim()? else { return Ok(false) };
        let outcome = self.deliver(&pending, &bytes);
        self.release(&pending);
        outcome.map(|()| true)
    }

    fn deliver(&self, pending: &[u8], bytes: &[u8]) -> Result<(), MailError> {
        let queued: Queued = match json::decode(pending, bytes) {
            Ok(queued) => queued,
            Err(error) => {
                tracing::error!(%error, key = %String::from_utf8_lossy(pending), "a queued mail cannot be decoded; dropped");
                self.kv.delete(pending)?;
                return Ok(());
            }
        };
        let hash = queued.key_hash.clone();
        let mail = queued.mail();
        // The mark is written and flushed inside the handover (see the module documentation).
        // `marked` holds the flush's outcome and the gap from its end to the return of `commit`
        // (after which the mailer writes the final "." at once).
        let mut marked: Option<Result<Option<Duration>, MailError>> = None;
        let mut commit = || {
            let outcome = self.set_mark(pending, None, &hash, HANDOVER).and_then(|()| self.group_flush());
            let failed = outcome.as_ref().err().map(ToString::to_string);
            marked = Some(outcome.map(|flushed_at| flushed_at.map(|at| at.elapsed())));
            failed.map_or(Ok(()), |message| Err(MailError::Unavailable(message)))
        };
        let sent = self.mailer.send_committed(&mail, &mut commit);
        let state = match (sent, marked) {
            (Ok(_), Some(Ok(gap))) => {
                self.record_gap(gap);
                // The server has it: no longer in doubt. Durable with the next flush (a crash
                // before that leaves it "handover", counted in doubt at the next start).
                self.set_mark(&[], None, &hash, "sent")?;
                "sent"
            }
            (Ok(_), _) => {
                // Handed over without a durable mark (a mailer without a commit point, or the flush
                // failed): mark now; a crash before this flush repeats the mail.
                self.set_mark(pending, None, &hash, "sent")?;
                self.group_flush()?;
                "sent"
            }
            (Err(error), marked) => {
                if marked.is_some() {
                    // The server refused the finished message or the connection broke after it:
                    // the mail goes back to pending (retryable) or is marked failed, below.
                    tracing::warn!(%error, tag = %mail.tag, "a mail marked sent was not taken; its mark is undone");
                }
                if error.is_retryable() {
                    if marked.is_some() {
                        self.set_mark(&[], Some((pending, bytes)), &hash, "pending")?;
                        self.group_flush()?;
                    }
                    return Err(error);
                }
                tracing::error!(%error, tag = %mail.tag, "a queued mail was refused for good");
                self.set_mark(pending, None, &hash, "failed")?;
                self.group_flush()?;
                "failed"
            }
        };
        let mut stats = self.stats.lock().unwrap_or_else(|p| p.into_inner());
        if state == "sent" {
            stats.sent += 1;
        } else {
            stats.failed += 1;
        }
        Ok(())
    }

    /// One transaction: the mark of `hash` becomes `state`, the pending entry `delete` goes (when
    /// not empty) or `restore` comes back.
    fn set_mark(&self, delete: &[u8], restore: Option<(&[u8], &[u8])>, hash: &str, state: &str) -> Result<(), MailError> {
        let mut ops = vec![json::put(mark_key(hash), &Mark { state: state.into(), at: now() })?];
        if !delete.is_empty() {
            ops.push(WriteOp::Delete { key: delete.to_vec() });
        }
        if let Some((key, value)) = restore {
            ops.push(WriteOp::Put { key: key.to_vec(), value: value.to_vec() });
        }
        self.kv.transaction(ops)?;
        Ok(())
    }

    fn record_gap(&self, gap: Option<Duration>) {
        let Some(gap) = gap else { return };
        let micros = u64::try_from(gap.as_micros()).unwrap_or(u64::MAX);
        let mut stats = self.stats.lock().unwrap_or_else(|p| p.into_inner());
        stats.handover_gap_max_micros = stats.handover_gap_max_micros.max(micros);
        stats.handover_gap_total_micros = stats.handover_gap_total_micros.saturating_add(micros);
        stats.handover_count += 1;
    }

    /// Returns once the writes made before the call are on disk, with the time that flush ended. Concurrent callers share one
    /// fsync (group commit): the first becomes the flusher, the others wait for a flush that began
    /// after their write. Each sender still waits for its mark, so a crash repeats at most one
    /// mail per sender.
    fn group_flush(&self) -> Result<Option<Instant>, MailError> {
        let mut state = self.flushes.lock().unwrap_or_else(|p| p.into_inner());
        state.asked += 1;
        let mine = state.asked;
        loop {
            if state.done >= mine {
                // The first flush that covered this write made it durable.
                let ended = state.ended.iter().find(|(target, _)| *target >= mine).or(state.ended.back());
                return Ok(ended.map(|(_, at)| *at));
            }
            if !state.running {
                state.running = true;
                let target = state.asked;
                drop(state);
                let flushed = self.kv.flush();
                let flushed_at = Instant::now();
                state = self.flushes.lock().unwrap_or_else(|p| p.into_inner());
                state.running = false;
                if flushed.is_ok() {
                    state.done = state.done.max(target);
                    if state.ended.len() == 64 {
                        state.ended.pop_front();
                    }
                    state.ended.push_back((target, flushed_at));
                }
                self.flushed.notify_all();
                flushed?;
                continue;
            }
            state = self.flushed.wait(state).unwrap_or_else(|p| p.into_inner());
        }
    }

    /// At start: forgets marks past their retention, and turns the marks a crash left in
    /// "handover" into "in_doubt" (counted and logged; see the module documentation).
    fn settle_marks(&self) -> Result<(), MailError> {
        let horizon = now() - MARK_RETENTION_SECS;
        let mut ops = Vec::new();
        let mut in_doubt = 0;
        for entry in self.kv.scan_prefix(b"mailq/key/") {
            let (key, value) = entry?;
            let Ok(mark) = json::decode::<Mark>(&key, &value) else { continue };
            if mark.state == HANDOVER {
                in_doubt += 1;
                tracing::warn!(key = %String::from_utf8_lossy(&key), "a mail was being handed over when the process stopped: delivered or lost, it is not sent again");
                ops.push(json::put(key, &Mark { state: IN_DOUBT.into(), at: mark.at })?);
            } else if mark.state != "pending" && mark.at < horizon {
                ops.push(WriteOp::Delete { key });
            }
        }
        if !ops.is_empty() {
            self.kv.commit(ops)?;
        }
        self.stats.lock().unwrap_or_else(|p| p.into_inner()).in_doubt += in_doubt;
        Ok(())
    }
}

#[cfg(test)]
mod tests;
