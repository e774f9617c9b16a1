//! Wakat's real-time hub: the transport, with no domain knowledge.
//!
//! One WebSocket endpoint per board speaks the SignalR JSON hub protocol ([`protocol`]), so the
//! web app uses the `@microsoft/signalr` client as it is (its states, automatic reconnect, its
//! errors). The application implements [`Hub`] (who may connect, what each method does), builds
//! a [`HubRuntime`], mounts its routes, pushes to users through [`HubClients`], reads
//! [`HubMetrics`] and calls [`HubRuntime::stop`] on shutdown.
//!
//! Every limit is in [`HubSettings`]: the frame and record size, the bounded send queue of each
//! connection (a slow reader is closed, memory never grows), keep-alive and time-outs, the
//! per-user rate limit on invocations, and the origins allowed per board ([`OriginAllowList`]).

#![warn(missing_docs)]

mod clients;
mod connection;
mod hub;
mod limiter;
pub mod protocol;
mod runtime;
mod settings;
mod shared;

pub use clients::{HubClients, HubConnection, HubMetrics, OTHER_TARGETS};
pub use hub::{AuthError, Caller, Hub, HubError, Invocation};
pub use runtime::{HubRuntime, RefusedConnection};
pub use settings::{HubSettings, OriginAllowList};
