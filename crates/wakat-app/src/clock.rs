//! The services' clock: the wall clock in the server, a fixed or stepped one in tests, so rules
//! about time (link expiry, "published since") are tested without sleeping.

use std::sync::Arc;

/// Unix seconds now, as the services see it.
#[derive(Clone)]
pub struct Clock(Arc<dyn Fn() -> i64 + Send + Sync>);

impl Clock {
    /// The wall clock ([`wakat_engine::now`]).
    pub fn system() -> Clock {
        Clock(Arc::new(wakat_engine::now))
    }

    /// A clock reading whatever `now` returns.
    pub fn from_fn(now: impl Fn() -> i64 + Send + Sync + 'static) -> Clock {
        Clock(Arc::new(now))
    }

    /// Unix seconds now.
    pub fn now(&self) -> i64 {
        (self.0)()
    }
}

impl std::fmt::Debug for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Clock({})", self.now())
    }
}
