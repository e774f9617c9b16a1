//! One WebSocket connection: its handshake, its read loop, its writer and how it ends.
//!
//! Everything sent goes through the connection's bounded queue ([`Outbox`]) and one writer task.
//! Server pushes never wait: a reader that does not keep up fills the queue and is closed. The
//! answers to the client's own invocations wait for room instead, and while they wait the
//! client's frames are not read: a client that sends faster than it reads slows itself down.
//! Either way memory stays bounded.

use crate::clients::{HubConnection, Outbound, Outbox};
use crate::hub::{Caller, Hub, HubError, Invocation};
use crate::protocol::{handshake_record, HandshakeRequest, HandshakeResponse, HubMessage, RecordReader};
use crate::shared::Inner;
use actix_ws::{AggregatedMessage, AggregatedMessageStream, CloseCode, CloseReason, MessageStream, Session};
use bytestring::ByteString;
use serde_json::Value;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{watch, Semaphore};
use tokio::task::JoinSet;
use tokio::time::{interval_at, sleep_until, timeout, Instant, MissedTickBehavior};

/// How long a closing connection's writer may take to send what is queued and the Close message.
const CLOSE_FLUSH: Duration = Duration::from_secs(2);

/// Why a connection ends, and what its Close message says.
#[derive(Debug, PartialEq)]
enum End {
    /// The client closed or the socket failed: nobody to tell.
    Gone,
    /// The send queue overflowed: the Close message could not be queued either.
    SlowReader,
    ClientTimeout,
    TooLarge,
    Invalid(String),
    Stopping,
    /// The application closed it ([`crate::HubClients::disconnect`]).
    Disconnected {
        allow_reconnect: bool,
    },
}

impl End {
    fn close_message(&self, max_bytes: usize) -> Option<HubMessage> {
        let (error, allow_reconnect) = match self {
            End::Gone | End::SlowReader => return None,
            End::ClientTimeout => ("Server timeout elapsed without receiving a message from the client.".to_owned(), true),
            End::TooLarge => (format!("The message exceeds the maximum size of {max_bytes} bytes."), false),
            End::Invalid(why) => (format!("Connection closed with an error: {why}"), false),
            // The server comes back: clients with automatic reconnect should try again.
            End::Stopping => ("Server is shutting down.".to_owned(), true),
            End::Disconnected { allow_reconnect } => ("Disconnected by the server.".to_owned(), *allow_reconnect),
        };
        Some(HubMessage::Close { error: Some(error), allow_reconnect })
    }
}

/// Why the handshake did not complete.
enum HandshakeFailure {
    /// Nothing to say to the client.
    Silent,
    /// The client gets `{"error": …}`.
    Refused(String),
    TooLarge,
}

/// Waits for the stop flag.
async fn stopped(stop: &mut watch::Receiver<bool>) {
    // An error means the runtime is gone, which is a stop as well.
    let _ = stop.wait_for(|stopping| *stopping).await;
}

/// Reads frames until the handshake record; returns the records that followed it.
async fn read_handshake(stream: &mut AggregatedMessageStream, reader: &mut RecordReader, max_bytes: usize) -> Result<Vec<String>, HandshakeFailure> {
    loop {
        let text = match stream.recv().await {
            Some(Ok(AggregatedMessage::Text(text))) => text,
            Some(Ok(AggregatedMessage::Ping(_) | AggregatedMessage::Pong(_))) => continue,
            Some(Ok(AggregatedMessage::Binary(_))) => return Err(HandshakeFailure::Refused("The handshake must be a text frame.".into())),
            Some(Err(actix_ws::ProtocolError::Overflow)) => return Err(HandshakeFailure::TooLarge),
            Some(Ok(AggregatedMessage::Close(_)) | Err(_)) | None => return Err(HandshakeFailure::Silent),
        };
        let mut records = reader.push(&text, max_bytes).map_err(|_| HandshakeFailure::TooLarge)?;
        if records.is_empty() {
            continue;
        }
        let request = HandshakeRequest::parse(&records.remove(0)).map_err(|_| HandshakeFailure::Refused("The handshake request is not valid.".into()))?;
        return match request.refusal() {
            Some(refusal) => Err(HandshakeFailure::Refused(refusal)),
            None => Ok(records),
        };
    }
}

/// Runs one connection to its end; spawned on the actix worker that upgraded it.
pub(crate) async fn run<H: Hub>(inner: Arc<Inner<H>>, caller: Caller<H::Data>, mut session: Session, stream: MessageStream) {
    let settings = &inner.settings;
    let max_bytes = settings.max_message_bytes;
    let mut stream = stream.max_frame_size(max_bytes).aggregate_continuations().max_continuation_size(max_bytes);
    let mut reader = RecordReader::default();
    let mut stop = inner.stopping.subscribe();

    let handshake = tokio::select! {
        result = timeout(settings.handshake_timeout(), read_handshake(&mut stream, &mut reader, max_bytes)) => result,
        _ = stopped(&mut stop) => Ok(Err(HandshakeFailure::Silent)),
    };
    let pending_records = match handshake {
        Ok(Ok(records)) => records,
        Ok(Err(failure)) => {
            let error = match failure {
                HandshakeFailure::Silent => None,
                HandshakeFailure::Refused(why) => Some(why),
                HandshakeFailure::TooLarge => {
                    inner.metrics.oversized_messages.fetch_add(1, Ordering::Relaxed);
                    Some(format!("The message exceeds the maximum size of {max_bytes} bytes."))
                }
            };
            if let Some(error) = error {
                let _ = session.text(handshake_record(&HandshakeResponse { error: Some(error) })).await;
            }
            let _ = session.close(None).await;
            return;
        }
        Err(_elapsed) => {
            inner.metrics.closed_by_timeout.fetch_add(1, Ordering::Relaxed);
            let _ = session.close(Some(CloseReason { code: CloseCode::Policy, description: None })).await;
            return;
        }
    };
    if session.text(handshake_record(&HandshakeResponse::default())).await.is_err() {
        return;
    }

    let id = inner.next_connection_id.fetch_add(1, Ordering::Relaxed);
    let (outbox, queue) = Outbox::new(settings.send_queue(), inner.metrics.clone());
    let caller = Arc::new(caller);
    let registration = Registration::new(inner.clone(), caller.clone(), id, outbox.clone());
    let writer = actix_web::rt::spawn(write(session.clone(), queue));

    let mut open = Open {
        inner: inner.clone(),
        caller: caller.clone(),
        connection: HubConnection::new(id, outbox.clone()),
        outbox: outbox.clone(),
        invocations: JoinSet::new(),
        parallel: Arc::new(Semaphore::new(settings.max_parallel_invocations())),
    };
    let mut end = open.handle_records(pending_records, &mut stop).await;
    let ping = ByteString::from(HubMessage::Ping.to_record());
    let mut keep_alive = interval_at(Instant::now() + settings.keep_alive(), settings.keep_alive());
    // After the loop waited (a reply waiting for room), one ping, not a burst of the missed ones.
    keep_alive.set_missed_tick_behavior(MissedTickBehavior::Delay);
    let mut silent_until = Instant::now() + settings.client_timeout();
    while end.is_none() {
        end = tokio::select! {
            biased;
            _ = outbox.overflow.notified() => Some(End::SlowReader),
            _ = stopped(&mut stop) => Some(End::Stopping),
            _ = outbox.close_requested.notified() => Some(End::Disconnected { allow_reconnect: outbox.close_allows_reconnect() }),
            _ = sleep_until(silent_until) => Some(End::ClientTimeout),
            _ = keep_alive.tick() => {
                outbox.push(ping.clone());
                None
            }
            Some(_) = open.invocations.join_next(), if !open.invocations.is_empty() => None,
            frame = stream.recv() => {
                silent_until = Instant::now() + settings.client_timeout();
                match frame {
                    Some(Ok(AggregatedMessage::Text(text))) => match reader.push(&text, max_bytes) {
                        Ok(records) => open.handle_records(records, &mut stop).await,
                        Err(_) => Some(End::TooLarge),
                    },
                    Some(Ok(AggregatedMessage::Ping(bytes))) => {
                        // Through the queue like everything else, so a pong cannot block the loop.
                        outbox.push_pong(bytes);
                        None
                    }
                    Some(Ok(AggregatedMessage::Pong(_))) => None,
                    Some(Ok(AggregatedMessage::Binary(_))) => Some(End::Invalid("binary frames are not spoken".into())),
                    Some(Err(actix_ws::ProtocolError::Overflow)) => Some(End::TooLarge),
                    // The aggregator reports continuations over the limit as an I/O error of
                    // its own wording; other I/O errors are a lost connection.
                    Some(Err(actix_ws::ProtocolError::Io(error))) if error.to_string().contains("maximum continuation size") => Some(End::TooLarge),
                    Some(Ok(AggregatedMessage::Close(_)) | Err(_)) | None => Some(End::Gone),
                }
            }
        };
    }
    let end = end.unwrap_or(End::Gone);

    // No more pushes to this connection from here on (the open gauge falls once it is closed).
    inner.clients.remove(&caller.user_key, id);
    open.invocations.abort_all();
    let mut writer = writer;
    if end != End::SlowReader {
        let close = end.close_message(max_bytes).map(|message| message.to_record()).unwrap_or_default();
        if !outbox.push_close(ByteString::from(close)) || timeout(CLOSE_FLUSH, &mut writer).await.is_err() {
            tracing::debug!("hub: a closing connection's writer did not finish in time");
        }
    }
    // A writer blocked on a client that does not read would wait forever.
    writer.abort();
    // A writer that was aborted or blocked leaves the socket open: closing the session ends the
    // response body (bounded, as actix's own queue is full when the reader is slow).
    let _ = timeout(CLOSE_FLUSH, session.close(None)).await;
    match end {
        End::ClientTimeout => {
            inner.metrics.closed_by_timeout.fetch_add(1, Ordering::Relaxed);
        }
        End::TooLarge => {
            inner.metrics.oversized_messages.fetch_add(1, Ordering::Relaxed);
        }
        _ => {}
    }
    drop(registration);
    inner.limiter.sweep();
}

/// A connection's place in the registry and the open gauge, undone on drop: even a task dropped
/// half-way (a worker shutting down) leaves neither a stale handle nor a wrong count.
struct Registration<H: Hub> {
    inner: Arc<Inner<H>>,
    caller: Arc<Caller<H::Data>>,
    id: u64,
}

impl<H: Hub> Registration<H> {
    fn new(inner: Arc<Inner<H>>, caller: Arc<Caller<H::Data>>, id: u64, outbox: Arc<Outbox>) -> Self {
        inner.clients.add(&caller.user_key, id, outbox);
        inner.metrics.open_connections.fetch_add(1, Ordering::Relaxed);
        inner.hub.connected(&caller);
        Registration { inner, caller, id }
    }
}

impl<H: Hub> Drop for Registration<H> {
    fn drop(&mut self) {
        self.inner.clients.remove(&self.caller.user_key, self.id);
        self.inner.metrics.open_connections.fetch_sub(1, Ordering::Relaxed);
        self.inner.hub.disconnected(&self.caller);
    }
}

/// Writes the queue to the socket in order; ends with the socket or after a Close.
async fn write(mut session: Session, mut queue: tokio::sync::mpsc::Receiver<Outbound>) {
    while let Some(outbound) = queue.recv().await {
        match outbound {
            Outbound::Text(records) => {
                if session.text(records).await.is_err() {
                    return;
                }
            }
            Outbound::Pong(bytes) => {
                if session.pong(&bytes).await.is_err() {
                    return;
                }
            }
            Outbound::Close(records) => {
                if !records.is_empty() {
                    let _ = session.text(records).await;
                }
                let _ = session.close(None).await;
                return;
            }
        }
    }
}

/// A connection past its handshake.
struct Open<H: Hub> {
    inner: Arc<Inner<H>>,
    caller: Arc<Caller<H::Data>>,
    /// The handle the hub's methods get to push to this connection alone.
    connection: HubConnection,
    outbox: Arc<Outbox>,
    invocations: JoinSet<()>,
    /// Bounds the invocations running at once.
    parallel: Arc<Semaphore>,
}

impl<H: Hub> Open<H> {
    async fn handle_records(&mut self, records: Vec<String>, stop: &mut watch::Receiver<bool>) -> Option<End> {
        self.handle(records, stop).await.err()
    }

    async fn handle(&mut self, records: Vec<String>, stop: &mut watch::Receiver<bool>) -> Result<(), End> {
        for record in records {
            let message = match HubMessage::parse(&record) {
                Ok(message) => message,
                Err(error) => return Err(End::Invalid(error.to_string())),
            };
            match message {
                HubMessage::Invocation { invocation_id, target, arguments, stream_ids } => {
                    self.inner.metrics.count_invocation(&target);
                    if !stream_ids.is_empty() {
                        let error = "Client-to-server streaming is not supported.";
                        self.complete(invocation_id, error, stop).await?;
                    } else if !self.inner.limiter.allow(&self.caller.user_key) {
                        self.inner.metrics.rate_limited.fetch_add(1, Ordering::Relaxed);
                        self.complete(invocation_id, "rate limited", stop).await?;
                    } else {
                        let permit = tokio::select! {
                            permit = self.parallel.clone().acquire_owned() => permit.map_err(|_| End::Gone)?,
                            _ = stopped(stop) => return Err(End::Stopping),
                        };
                        let (inner, caller, outbox) = (self.inner.clone(), self.caller.clone(), self.outbox.clone());
                        let (answered, answered_watch) = watch::channel(false);
                        let invocation = Invocation::new(self.connection.clone(), answered_watch);
                        self.invocations.spawn_local(async move {
                            let result = inner.hub.invoke(&caller, &invocation, &target, arguments).await;
                            if let Err(HubError::Internal(why)) = &result {
                                tracing::error!(target = %target, "hub method failed: {why}");
                            }
                            let result = result.map_err(|error| error.client_message(&target));
                            if let Some(invocation_id) = invocation_id {
                                outbox.reply(completion(invocation_id, result)).await;
                            }
                            answered.send_replace(true);
                            // Held until the completion is queued, so completions waiting for a
                            // slow reader are bounded by the permits too.
                            drop(permit);
                        });
                    }
                }
                HubMessage::StreamInvocation { invocation_id, target, .. } => {
                    self.inner.metrics.count_invocation(&target);
                    self.complete(Some(invocation_id), "Streaming hub methods are not supported.", stop).await?;
                }
                HubMessage::Close { .. } => return Err(End::Gone),
                // Keep-alives only reset the time-out (done per frame); nothing here sends
                // streams or asks the client for results, so their messages are ignored.
                HubMessage::Ping
                | HubMessage::StreamItem { .. }
                | HubMessage::CancelInvocation { .. }
                | HubMessage::Completion { .. }
                | HubMessage::Unknown(_) => {}
            }
        }
        Ok(())
    }

    /// Answers an invocation refused without calling the hub; `Err` ends the connection (it
    /// is stopping, or gone while its reply waited for room).
    async fn complete(&self, invocation_id: Option<String>, error: &str, stop: &mut watch::Receiver<bool>) -> Result<(), End> {
        let Some(invocation_id) = invocation_id else { return Ok(()) };
        let record = completion(invocation_id, Err(error.to_owned()));
        tokio::select! {
            queued = self.outbox.reply(record) => if queued { Ok(()) } else { Err(End::Gone) },
            _ = stopped(stop) => Err(End::Stopping),
        }
    }
}

fn completion(invocation_id: String, result: Result<Value, String>) -> ByteString {
    let message = match result {
        Ok(value) => HubMessage::Completion { invocation_id, result: Some(value), error: None },
        Err(error) => HubMessage::Completion { invocation_id, result: None, error: Some(error) },
    };
    ByteString::from(message.to_record())
}
