//! The per-user rate limit on invocations.

use crate::clients::lock;
use crate::settings::HubSettings;
use governor::{DefaultKeyedRateLimiter, Quota};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often users whose bucket is full again are forgotten, so the limiter's memory follows the
/// active users, not every user ever seen.
const SWEEP_EVERY: Duration = Duration::from_secs(60);

pub(crate) struct InvocationLimiter {
    limiter: DefaultKeyedRateLimiter<String>,
    last_sweep: Mutex<Instant>,
}

impl InvocationLimiter {
    pub(crate) fn new(settings: &HubSettings) -> Self {
        let quota = Quota::per_second(settings.invocations_per_second).allow_burst(settings.invocation_burst);
        InvocationLimiter { limiter: DefaultKeyedRateLimiter::keyed(quota), last_sweep: Mutex::new(Instant::now()) }
    }

    /// Whether `user_key` may invoke now (and counts the invocation if so).
    pub(crate) fn allow(&self, user_key: &str) -> bool {
        self.limiter.check_key(&user_key.to_owned()).is_ok()
    }

    /// Forgets users back at a full bucket, at most once a minute (called as connections end).
    pub(crate) fn sweep(&self) {
        let mut last = lock(&self.last_sweep);
        if last.elapsed() >= SWEEP_EVERY {
            *last = Instant::now();
            self.limiter.retain_recent();
            self.limiter.shrink_to_fit();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::num::NonZeroU32;

    #[test]
    fn a_user_gets_the_burst_then_is_refused_and_others_are_not_affected() {
        let settings = HubSettings { invocations_per_second: NonZeroU32::MIN, invocation_burst: NonZeroU32::new(3).unwrap(), ..HubSettings::default() };
        let limiter = InvocationLimiter::new(&settings);
        for _ in 0..3 {
            assert!(limiter.allow("ana"));
        }
        assert!(!limiter.allow("ana"));
        assert!(limiter.allow("bob"));
        limiter.sweep();
        assert!(!limiter.allow("ana"));
    }
}
