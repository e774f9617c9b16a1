//! The per-company limit per minute, kept in memory: a restart forgets at most a minute of
//! counts (the daily count is the store's, so it survives).

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

/// Companies remembered at most; past it, those with nothing in the last minute are forgotten.
const MAX_COMPANIES: usize = 10_000;

/// Seconds from `now` to the next UTC midnight (at least 1): when the daily count starts over.
pub fn seconds_to_utc_midnight(now: i64) -> u64 {
    u64::try_from(86_400 - now.rem_euclid(86_400)).unwrap_or(1).max(1)
}

/// Messages of each company (board and company id) in the last 60 seconds.
#[derive(Default)]
pub(crate) struct MinuteWindow {
    sent: Mutex<HashMap<(String, String), VecDeque<i64>>>,
}

impl MinuteWindow {
    /// Counts a message at `now` if the company sent fewer than `limit` in the last minute;
    /// otherwise the seconds until it may send again.
    pub(crate) fn take(&self, board: &str, company: &str, limit: u32, now: i64) -> Result<(), u64> {
        let mut sent = self.sent.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if sent.len() >= MAX_COMPANIES {
            sent.retain(|_, times| times.back().is_some_and(|last| now - last < 60));
        }
        let times = sent.entry((board.to_owned(), company.to_owned())).or_default();
        while times.front().is_some_and(|first| now - first >= 60) {
            times.pop_front();
        }
        if times.len() >= limit as usize {
            let oldest = times.front().copied().unwrap_or(now);
            return Err(u64::try_from(oldest + 60 - now).unwrap_or(1).max(1));
        }
        times.push_back(now);
        Ok(())
    }

    /// Gives back a message counted by [`MinuteWindow::take`] that was not stored after all.
    pub(crate) fn give_back(&self, board: &str, company: &str, at: i64) {
        let mut sent = self.sent.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(times) = sent.get_mut(&(board.to_owned(), company.to_owned())) {
            if let Some(position) = times.iter().rposition(|time| *time == at) {
                times.remove(position);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_company_sends_its_limit_per_minute_then_waits_for_the_oldest_to_age() {
        let window = MinuteWindow::default();
        for second in 0..3 {
            assert_eq!(window.take("it", "c1", 3, 1000 + second), Ok(()));
        }
        assert_eq!(window.take("it", "c1", 3, 1010), Err(50));
        assert_eq!(window.take("it", "c2", 3, 1010), Ok(()), "another company has its own");
        assert_eq!(window.take("work", "c1", 3, 1010), Ok(()), "another board too");
        assert_eq!(window.take("it", "c1", 3, 1060), Ok(()));
        window.give_back("it", "c1", 1060);
        assert_eq!(window.take("it", "c1", 3, 1061), Ok(()));
    }

    #[test]
    fn midnight_is_never_zero_seconds_away() {
        assert_eq!(seconds_to_utc_midnight(0), 86_400);
        assert_eq!(seconds_to_utc_midnight(86_399), 1);
    }
}
