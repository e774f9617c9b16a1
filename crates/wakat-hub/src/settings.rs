//! What a hub may be tuned by, and which origins may open it.

use serde::Deserialize;
use std::collections::{HashMap, HashSet};
use std::num::NonZeroU32;
use std::time::Duration;

/// The hub's limits and timers; every field has a default fit for production.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HubSettings {
    /// The largest WebSocket frame and the largest record, in bytes (32 KiB). A larger one closes
    /// the connection with a Close message carrying an error.
    pub max_message_bytes: usize,
    /// Messages waiting to be written to one connection (256). A server push that finds the
    /// queue full closes the connection as a slow reader; the answers to the client's own
    /// invocations wait for room instead (its frames are not read meanwhile). Never more.
    pub send_queue: usize,
    /// Seconds between the server's Ping messages (15), so the client's server time-out (30 s
    /// by default in `@microsoft/signalr`) never fires on a quiet but healthy connection.
    pub keep_alive_secs: u64,
    /// Seconds without any message from the client after which its connection is closed (30):
    /// the client pings every 15 s by default, so two missed pings.
    pub client_timeout_secs: u64,
    /// Seconds a new WebSocket has to send its handshake (10).
    pub handshake_timeout_secs: u64,
    /// Seconds a negotiated connection token stays valid for its WebSocket (30).
    pub negotiate_timeout_secs: u64,
    /// Negotiated connection tokens kept at once (10,000); beyond that negotiate answers 503, so
    /// negotiating without connecting cannot grow memory.
    pub max_pending_negotiations: usize,
    /// Invocations one user (over all their connections) may make per second (10).
    pub invocations_per_second: NonZeroU32,
    /// The burst above that rate (20).
    pub invocation_burst: NonZeroU32,
    /// Invocations of one connection running at once (4); the next waits before its frame is
    /// read, so a client cannot start unbounded work.
    pub max_parallel_invocations: usize,
    /// Whether a request without an `Origin` header may connect (false). Browsers always send
    /// one on WebSockets; a missing one is a non-browser client.
    pub allow_missing_origin: bool,
    /// Seconds the graceful stop waits for connections to close after their Close message (5).
    pub stop_timeout_secs: u64,
}

impl Default for HubSettings {
    fn default() -> Self {
        HubSettings {
            max_message_bytes: 32 * 1024,
            send_queue: 256,
            keep_alive_secs: 15,
            client_timeout_secs: 30,
            handshake_timeout_secs: 10,
            negotiate_timeout_secs: 30,
            max_pending_negotiations: 10_000,
            invocations_per_second: NonZeroU32::new(10).unwrap_or(NonZeroU32::MIN),
            invocation_burst: NonZeroU32::new(20).unwrap_or(NonZeroU32::MIN),
            max_parallel_invocations: 4,
            allow_missing_origin: false,
            stop_timeout_secs: 5,
        }
    }
}

impl HubSettings {
    pub(crate) fn keep_alive(&self) -> Duration {
        Duration::from_secs(self.keep_alive_secs.max(1))
    }

    pub(crate) fn client_timeout(&self) -> Duration {
        Duration::from_secs(self.client_timeout_secs.max(1))
    }

    pub(crate) fn handshake_timeout(&self) -> Duration {
        Duration::from_secs(self.handshake_timeout_secs.max(1))
    }

    pub(crate) fn negotiate_timeout(&self) -> Duration {
        Duration::from_secs(self.negotiate_timeout_secs.max(1))
    }

    pub(crate) fn stop_timeout(&self) -> Duration {
        Duration::from_secs(self.stop_timeout_secs)
    }

    /// A queue of zero would drop every reader.
    pub(crate) fn send_queue(&self) -> usize {
        self.send_queue.max(1)
    }

    pub(crate) fn max_parallel_invocations(&self) -> usize {
        self.max_parallel_invocations.max(1)
    }
}

/// The origins (scheme, host and port, as browsers send them) allowed per board.
///
/// Compared without regard to case and a trailing slash; nothing else is normalised, so list
/// each origin as the browser sends it (`https://wakat.pl`, `http://localhost:3000`).
#[derive(Debug, Clone, Default)]
pub struct OriginAllowList {
    by_board: HashMap<String, HashSet<String>>,
}

impl OriginAllowList {
    /// An empty list: every origin refused.
    pub fn new() -> Self {
        Self::default()
    }

    /// Allows `origins` to open the hub of `board`.
    pub fn allow<I, S>(mut self, board: &str, origins: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let set = self.by_board.entry(board.to_owned()).or_default();
        set.extend(origins.into_iter().map(|origin| normalise(origin.as_ref())));
        self
    }

    /// Whether `origin` may open the hub of `board`.
    pub fn allows(&self, board: &str, origin: &str) -> bool {
        self.by_board.get(board).is_some_and(|set| set.contains(&normalise(origin)))
    }
}

fn normalise(origin: &str) -> String {
    origin.trim().trim_end_matches('/').to_ascii_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_per_board_and_compared_without_case() {
        let list = OriginAllowList::new().allow("pl", ["https://Wakat.pl/"]).allow("en", ["https://wakat.com"]);
        assert!(list.allows("pl", "https://wakat.pl"));
        assert!(!list.allows("pl", "https://wakat.com"));
        assert!(!list.allows("pl", "http://wakat.pl"));
        assert!(!list.allows("de", "https://wakat.pl"));
    }

    #[test]
    fn settings_read_from_partial_config() {
        let settings: HubSettings = serde_json::from_str(r#"{"send_queue": 8}"#).unwrap();
        assert_eq!(settings.send_queue, 8);
        assert_eq!(settings.max_message_bytes, 32 * 1024);
        assert!(serde_json::from_str::<HubSettings>(r#"{"invocations_per_second": 0}"#).is_err());
    }
}
