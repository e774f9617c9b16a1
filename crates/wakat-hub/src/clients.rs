//! The open connections by user, their bounded send queues, and the hub's counters.

use crate::protocol::HubMessage;
use bytestring::ByteString;
use serde::Serialize;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::{mpsc, Notify};

/// Targets counted by name at most; later names count under [`OTHER_TARGETS`], so clients
/// inventing method names cannot grow the counters.
const MAX_COUNTED_TARGETS: usize = 100;

/// Where invocations of targets beyond the first hundred are counted.
pub const OTHER_TARGETS: &str = "(other)";

/// Locks a mutex even if a thread panicked while holding it: the data here (maps of handles
/// and counters) stays consistent at every step.
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// What a connection's writer sends.
#[derive(Debug)]
pub(crate) enum Outbound {
    /// Records as text, in one frame.
    Text(ByteString),
    /// The answer to a WebSocket ping.
    Pong(actix_web::web::Bytes),
    /// A Close message, after which the writer closes the WebSocket and ends.
    Close(ByteString),
}

/// The sending side of one connection's bounded queue.
pub(crate) struct Outbox {
    sender: mpsc::Sender<Outbound>,
    overflowed: AtomicBool,
    /// Wakes the connection's loop when the queue overflowed: it then closes the connection.
    pub(crate) overflow: Notify,
    metrics: Arc<Metrics>,
    /// Set by [`HubClients::disconnect`]: whether the client may reconnect.
    close_request: Mutex<Option<bool>>,
    /// Wakes the connection's loop when the application asked to close it.
    pub(crate) close_requested: Notify,
}

impl Outbox {
    pub(crate) fn new(capacity: usize, metrics: Arc<Metrics>) -> (Arc<Self>, mpsc::Receiver<Outbound>) {
        let (sender, receiver) = mpsc::channel(capacity);
        let outbox = Outbox {
            sender,
            overflowed: AtomicBool::new(false),
            overflow: Notify::new(),
            metrics,
            close_request: Mutex::new(None),
            close_requested: Notify::new(),
        };
        (Arc::new(outbox), receiver)
    }

    /// Queues a server push without waiting; a full queue marks the reader as too slow (counted
    /// once), since pushes come from elsewhere and must never wait for one client.
    pub(crate) fn push(&self, records: ByteString) -> bool {
        match self.sender.try_send(Outbound::Text(records)) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(_)) => {
                if !self.overflowed.swap(true, Ordering::SeqCst) {
                    self.metrics.dropped_slow_readers.fetch_add(1, Ordering::Relaxed);
                    self.overflow.notify_one();
                }
                false
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }

    /// Queues the answer to the client's own invocation, waiting for room: a client that sends
    /// faster than it reads is slowed down (its frames are no longer read), not dropped, and
    /// still nothing grows. False when the connection is gone.
    pub(crate) async fn reply(&self, records: ByteString) -> bool {
        self.sender.send(Outbound::Text(records)).await.is_ok()
    }

    /// Queues a pong; dropped when the queue is full (the overflow is for messages to count).
    pub(crate) fn push_pong(&self, bytes: actix_web::web::Bytes) {
        let _ = self.sender.try_send(Outbound::Pong(bytes));
    }

    /// Queues the Close message if there is room; a full queue has no reader to tell.
    pub(crate) fn push_close(&self, record: ByteString) -> bool {
        self.sender.try_send(Outbound::Close(record)).is_ok()
    }

    #[cfg(test)]
    pub(crate) fn overflowed(&self) -> bool {
        self.overflowed.load(Ordering::SeqCst)
    }

    fn request_close(&self, allow_reconnect: bool) {
        *lock(&self.close_request) = Some(allow_reconnect);
        self.close_requested.notify_one();
    }

    /// Whether the client may reconnect after [`HubClients::disconnect`].
    pub(crate) fn close_allows_reconnect(&self) -> bool {
        lock(&self.close_request).unwrap_or(false)
    }
}

/// The hub's counters, shared by every connection.
#[derive(Default)]
pub(crate) struct Metrics {
    pub(crate) open_connections: AtomicU64,
    pub(crate) dropped_slow_readers: AtomicU64,
    pub(crate) closed_by_timeout: AtomicU64,
    pub(crate) rate_limited: AtomicU64,
    pub(crate) oversized_messages: AtomicU64,
    invocations: Mutex<BTreeMap<String, u64>>,
}

impl Metrics {
    pub(crate) fn count_invocation(&self, target: &str) {
        let mut invocations = lock(&self.invocations);
        if let Some(count) = invocations.get_mut(target) {
            *count += 1;
        } else if invocations.len() < MAX_COUNTED_TARGETS {
            invocations.insert(target.to_owned(), 1);
        } else {
            *invocations.entry(OTHER_TARGETS.to_owned()).or_default() += 1;
        }
    }

    pub(crate) fn snapshot(&self) -> HubMetrics {
        HubMetrics {
            open_connections: self.open_connections.load(Ordering::Relaxed),
            invocations: lock(&self.invocations).clone(),
            dropped_slow_readers: self.dropped_slow_readers.load(Ordering::Relaxed),
            closed_by_timeout: self.closed_by_timeout.load(Ordering::Relaxed),
            rate_limited: self.rate_limited.load(Ordering::Relaxed),
            oversized_messages: self.oversized_messages.load(Ordering::Relaxed),
        }
    }
}

/// The hub's counters at one moment, for the server's metrics endpoint.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct HubMetrics {
    /// Connections past their handshake, now (a gauge).
    pub open_connections: u64,
    /// Invocations received per target, rate-limited ones included.
    pub invocations: BTreeMap<String, u64>,
    /// Connections closed because their send queue was full.
    pub dropped_slow_readers: u64,
    /// Connections closed for a missing handshake or the client's silence.
    pub closed_by_timeout: u64,
    /// Invocations refused by the per-user rate limit.
    pub rate_limited: u64,
    /// Connections closed for a frame or record over the size limit.
    pub oversized_messages: u64,
}

/// One open connection: pushes to it alone (the answer streamed to the connection that asked,
/// where [`HubClients::send`] reaches every tab of a user). Cheap to clone; once the connection
/// is gone, sending does nothing.
#[derive(Clone)]
pub struct HubConnection {
    id: u64,
    outbox: Arc<Outbox>,
}

impl HubConnection {
    pub(crate) fn new(id: u64, outbox: Arc<Outbox>) -> Self {
        HubConnection { id, outbox }
    }

    /// The connection's id, unique in its hub while the process runs.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// Calls the client method `target` with `arguments` on this connection, without waiting;
    /// false when it was not queued (the connection is gone, or its queue is full: it is then
    /// closed as a slow reader, as for [`HubClients::send`]).
    pub fn send(&self, target: &str, arguments: Vec<Value>) -> bool {
        let message = HubMessage::Invocation { invocation_id: None, target: target.to_owned(), arguments, stream_ids: vec![] };
        self.outbox.push(ByteString::from(message.to_record()))
    }

    /// Closes this connection with a Close message; `allow_reconnect` tells a client with
    /// automatic reconnect whether to try again.
    pub fn disconnect(&self, allow_reconnect: bool) {
        self.outbox.request_close(allow_reconnect);
    }
}

/// The open connections of each user key, by connection id.
type ConnectionsByUser = HashMap<String, Vec<(u64, Arc<Outbox>)>>;

/// Pushes messages to users' open connections (every tab of theirs). Cheap to clone.
#[derive(Clone)]
pub struct HubClients {
    connections: Arc<Mutex<ConnectionsByUser>>,
}

impl HubClients {
    pub(crate) fn new() -> Self {
        HubClients { connections: Arc::default() }
    }

    /// Calls the client method `target` with `arguments` on every open connection of
    /// `user_key`, without waiting; returns how many connections it was queued for. A
    /// connection whose queue is full is closed as a slow reader instead.
    pub fn send(&self, user_key: &str, target: &str, arguments: Vec<Value>) -> usize {
        let outboxes: Vec<Arc<Outbox>> = match lock(&self.connections).get(user_key) {
            Some(connections) => connections.iter().map(|(_, outbox)| outbox.clone()).collect(),
            None => return 0,
        };
        let message = HubMessage::Invocation { invocation_id: None, target: target.to_owned(), arguments, stream_ids: vec![] };
        // Serialised once; every connection shares the same bytes.
        let record = ByteString::from(message.to_record());
        outboxes.iter().filter(|outbox| outbox.push(record.clone())).count()
    }

    /// Closes every open connection of `user_key` with a Close message (e.g. after a logout or
    /// a revoked access); `allow_reconnect` tells clients with automatic reconnect to try again.
    /// Returns how many connections were asked to close.
    pub fn disconnect(&self, user_key: &str, allow_reconnect: bool) -> usize {
        let outboxes: Vec<Arc<Outbox>> = match lock(&self.connections).get(user_key) {
            Some(connections) => connections.iter().map(|(_, outbox)| outbox.clone()).collect(),
            None => return 0,
        };
        outboxes.iter().for_each(|outbox| outbox.request_close(allow_reconnect));
        outboxes.len()
    }

    /// How many connections `user_key` has open.
    pub fn connections_of(&self, user_key: &str) -> usize {
        lock(&self.connections).get(user_key).map_or(0, Vec::len)
    }

    pub(crate) fn add(&self, user_key: &str, id: u64, outbox: Arc<Outbox>) {
        lock(&self.connections).entry(user_key.to_owned()).or_default().push((id, outbox));
    }

    pub(crate) fn remove(&self, user_key: &str, id: u64) {
        let mut connections = lock(&self.connections);
        if let Some(list) = connections.get_mut(user_key) {
            list.retain(|(other, _)| *other != id);
            if list.is_empty() {
                connections.remove(user_key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_queue_marks_the_reader_slow_once_and_never_grows() {
        let metrics = Arc::new(Metrics::default());
        let (outbox, mut receiver) = Outbox::new(3, metrics.clone());
        for _ in 0..3 {
            assert!(outbox.push(ByteString::from("{\"type\":6}\u{1e}")));
        }
        assert!(!outbox.overflowed());
        for _ in 0..100 {
            assert!(!outbox.push(ByteString::from("{\"type\":6}\u{1e}")));
        }
        assert!(outbox.overflowed());
        assert_eq!(metrics.snapshot().dropped_slow_readers, 1);
        let mut queued = 0;
        while receiver.try_recv().is_ok() {
            queued += 1;
        }
        assert_eq!(queued, 3);
    }

    #[test]
    fn send_reaches_every_connection_of_the_user_only() {
        let metrics = Arc::new(Metrics::default());
        let clients = HubClients::new();
        let (tab1, mut rx1) = Outbox::new(4, metrics.clone());
        let (tab2, mut rx2) = Outbox::new(4, metrics.clone());
        let (other, mut rx3) = Outbox::new(4, metrics);
        clients.add("ana", 1, tab1);
        clients.add("ana", 2, tab2);
        clients.add("bob", 3, other);
        assert_eq!(clients.send("ana", "Message", vec![Value::from("hi")]), 2);
        for receiver in [&mut rx1, &mut rx2] {
            let Ok(Outbound::Text(record)) = receiver.try_recv() else { panic!("nothing queued") };
            assert_eq!(&*record, "{\"type\":1,\"target\":\"Message\",\"arguments\":[\"hi\"]}\u{1e}");
        }
        assert!(rx3.try_recv().is_err());
        clients.remove("ana", 1);
        assert_eq!(clients.connections_of("ana"), 1);
        clients.remove("ana", 2);
        assert_eq!(clients.send("ana", "Message", vec![]), 0);
    }

    #[test]
    fn a_connection_handle_reaches_that_connection_only() {
        let metrics = Arc::new(Metrics::default());
        let (tab1, mut rx1) = Outbox::new(4, metrics.clone());
        let (_tab2, mut rx2) = Outbox::new(4, metrics);
        let handle = HubConnection::new(1, tab1);
        assert!(handle.send("MessagePart", vec![Value::from("m1"), Value::from("Hi")]));
        let Ok(Outbound::Text(record)) = rx1.try_recv() else { panic!("nothing queued") };
        assert_eq!(&*record, "{\"type\":1,\"target\":\"MessagePart\",\"arguments\":[\"m1\",\"Hi\"]}\u{1e}");
        assert!(rx2.try_recv().is_err());
        drop(rx1);
        assert!(!handle.send("MessagePart", vec![]), "a closed connection queues nothing");
    }

    #[test]
    fn invocation_counters_are_bounded() {
        let metrics = Metrics::default();
        for n in 0..150 {
            metrics.count_invocation(&format!("m{n}"));
        }
        metrics.count_invocation("m0");
        let snapshot = metrics.snapshot();
        assert_eq!(snapshot.invocations.len(), MAX_COUNTED_TARGETS + 1);
        assert_eq!(snapshot.invocations["m0"], 2);
        assert_eq!(snapshot.invocations[OTHER_TARGETS], 50);
    }
}
