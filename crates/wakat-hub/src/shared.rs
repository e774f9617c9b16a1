//! What every connection of one hub shares with the runtime that accepts them: its own module,
//! so the runtime (which starts connections) and a connection (which reads the hub's settings,
//! clients, metrics and stop signal) both depend on it and not on each other.

use crate::clients::{HubClients, Metrics};
use crate::hub::Hub;
use crate::limiter::InvocationLimiter;
use crate::settings::{HubSettings, OriginAllowList};
use std::collections::HashMap;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};
use tokio::sync::watch;
use tokio::time::Instant;

/// A connection token handed out by negotiate and not yet used by its WebSocket.
pub(crate) struct Negotiated {
    pub(crate) board: String,
    pub(crate) user_key: String,
    pub(crate) expires: Instant,
}

/// What every connection of one hub shares.
pub(crate) struct Inner<H: Hub> {
    pub(crate) hub: Arc<H>,
    pub(crate) settings: HubSettings,
    pub(crate) clients: HubClients,
    pub(crate) metrics: Arc<Metrics>,
    pub(crate) limiter: InvocationLimiter,
    /// Set once by [`crate::HubRuntime::stop`]; every connection watches it.
    pub(crate) stopping: watch::Sender<bool>,
    pub(crate) next_connection_id: AtomicU64,
    pub(crate) origins: OriginAllowList,
    pub(crate) negotiated: Mutex<HashMap<String, Negotiated>>,
}
