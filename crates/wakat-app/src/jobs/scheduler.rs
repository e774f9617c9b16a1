//! The server's scheduler: jobs that run once a local day per board at the board's hour (digests
//! now, offer bumps later). Features register a [`DailyJob`]; one thread checks every
//! [`TICK`] which jobs are due in the configured time zone (`server.time_zone`, Europe/Warsaw)
//! and runs them one after another.
//!
//! A job's day is marked done (`scheduler/{job}/{tenant}` = `YYYY-MM-DD` in the store) only once
//! it has finished, so a run cut short by a crash is run again after the restart; jobs make that
//! safe themselves (the digests skip what they decided and the mail queue what it holds). A
//! server that was down at the hour catches up when it starts later that day.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use jiff::civil::Date;
use jiff::tz::TimeZone;
use wakat_store::KvStore;

/// How often the scheduler looks at the clock.
pub const TICK: Duration = Duration::from_secs(30);

/// What a job does for one board and local day; an error is logged and retried next tick.
pub type JobRun = Box<dyn Fn(&str, Date) -> Result<(), String> + Send + Sync>;

/// A job run once a local day per board, at or after that board's hour.
pub struct DailyJob {
    /// Name (a key segment: letters, digits, '-').
    pub name: String,
    /// `(board, local hour 0-23)`.
    pub hours: Vec<(String, u8)>,
    /// The work.
    pub run: JobRun,
}

/// A job run every `every` (at the scheduler's tick, so at most [`TICK`] late): work that is due
/// by the minute, such as the chat's unread-message mails. Nothing is marked in the store: the
/// job itself knows what is due (a restart simply runs it at the first tick).
pub struct IntervalJob {
    /// Name, for the logs.
    pub name: String,
    /// Time between two runs.
    pub every: Duration,
    /// The work; an error is logged and the job runs again at its next time.
    pub run: Box<dyn Fn() -> Result<(), String> + Send + Sync>,
}

/// The jobs and the thread that runs them.
pub struct Scheduler {
    kv: Arc<dyn KvStore>,
    zone: TimeZone,
    jobs: Mutex<Vec<Arc<DailyJob>>>,
    /// Interval jobs with the time of their last run (none before the first).
    interval_jobs: Mutex<Vec<(Arc<IntervalJob>, Option<jiff::Timestamp>)>>,
    stopping: AtomicBool,
    wake: (Mutex<bool>, Condvar),
}

fn marker(job: &str, tenant: &str) -> Vec<u8> {
    format!("scheduler/{job}/{tenant}").into_bytes()
}

impl Scheduler {
    /// A scheduler keeping its marks in `kv`, telling time in `zone`.
    pub fn new(kv: Arc<dyn KvStore>, zone: TimeZone) -> Arc<Scheduler> {
        Arc::new(Scheduler {
            kv,
            zone,
            jobs: Mutex::new(Vec::new()),
            interval_jobs: Mutex::new(Vec::new()),
            stopping: AtomicBool::new(false),
            wake: (Mutex::new(false), Condvar::new()),
        })
    }

    /// Registers a job.
    pub fn register(&self, job: DailyJob) {
        self.jobs.lock().unwrap_or_else(|p| p.into_inner()).push(Arc::new(job));
    }

    /// Registers a job run every `job.every`.
    pub fn register_interval(&self, job: IntervalJob) {
        self.interval_jobs.lock().unwrap_or_else(|p| p.into_inner()).push((Arc::new(job), None));
    }

    /// Runs the interval jobs whose time has come at `now`; returns how many ran.
    fn tick_intervals(&self, now: jiff::Timestamp) -> usize {
        let due: Vec<Arc<IntervalJob>> = {
            let mut jobs = self.interval_jobs.lock().unwrap_or_else(|p| p.into_inner());
            let mut due = Vec::new();
            for (job, last) in jobs.iter_mut() {
                let every = jiff::SignedDuration::try_from(job.every).unwrap_or(jiff::SignedDuration::MAX);
                if last.is_none_or(|last| now.duration_since(last) >= every) {
                    *last = Some(now);
                    due.push(job.clone());
                }
            }
            due
        };
        for job in &due {
            if let Err(error) = (job.run)() {
                tracing::error!(%error, job = %job.name, "an interval job failed; it runs again at its next time");
            }
        }
        due.len()
    }

    /// The last local day a job finished for a board.
    pub fn last_done(&self, job: &str, tenant: &str) -> Option<Date> {
        let bytes = self.kv.get(&marker(job, tenant)).ok().flatten()?;
        String::from_utf8_lossy(&bytes).parse().ok()
    }

    /// The `(job, board, day)` runs due at `now`: the board's hour has come today and the job has
    /// not finished today.
    pub fn due(&self, now: jiff::Timestamp) -> Vec<(Arc<DailyJob>, String, Date)> {
        let local = now.to_zoned(self.zone.clone());
        let today = local.date();
        let jobs = self.jobs.lock().unwrap_or_else(|p| p.into_inner()).clone();
        let mut due = Vec::new();
        for job in jobs {
            for (tenant, hour) in &job.hours {
                let done_today = self.last_done(&job.name, tenant).is_some_and(|day| day >= today);
                if local.hour() >= *hour as i8 && !done_today {
                    due.push((job.clone(), tenant.clone(), today));
                }
            }
        }
        due
    }

    /// Runs what is due at `now`, one job at a time; returns how many finished.
    pub fn tick(&self, now: jiff::Timestamp) -> usize {
        let mut finished = self.tick_intervals(now);
        for (job, tenant, day) in self.due(now) {
            if self.stopping.load(Ordering::SeqCst) {
                break;
            }
            match (job.run)(&tenant, day) {
                Ok(()) => {
                    let written = self.kv.put(&marker(&job.name, &tenant), day.to_string().as_bytes()).and_then(|()| self.kv.flush());
                    if let Err(error) = written {
                        tracing::error!(%error, job = %job.name, %tenant, "the scheduler could not record a finished job");
                    }
                    finished += 1;
                }
                Err(error) => tracing::error!(%error, job = %job.name, %tenant, %day, "a scheduled job failed; it runs again at the next tick"),
            }
        }
        finished
    }

    /// Starts the scheduler's thread.
    pub fn start(self: &Arc<Self>) -> std::io::Result<JoinHandle<()>> {
        let scheduler = self.clone();
        std::thread::Builder::new().name("scheduler".into()).spawn(move || {
            while !scheduler.stopping.load(Ordering::SeqCst) {
                scheduler.tick(jiff::Timestamp::now());
                let (lock, condvar) = &scheduler.wake;
                let guard = lock.lock().unwrap_or_else(|p| p.into_inner());
                let _ = condvar.wait_timeout_while(guard, TICK, |woken| !*woken && !scheduler.stopping.load(Ordering::SeqCst));
            }
        })
    }

    /// Stops the thread after the job in hand.
    pub fn stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
        let (lock, condvar) = &self.wake;
        *lock.lock().unwrap_or_else(|p| p.into_inner()) = true;
        condvar.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    fn at(text: &str) -> jiff::Timestamp {
        text.parse().unwrap()
    }

    #[test]
    fn jobs_run_once_a_local_day_at_each_boards_hour() {
        let kv: Arc<dyn KvStore> = Arc::new(wakat_store::MemoryStore::new());
        let scheduler = Scheduler::new(kv, TimeZone::get("Europe/Warsaw").unwrap());
        let runs = Arc::new(Mutex::new(Vec::new()));
        let recorded = runs.clone();
        scheduler.register(DailyJob {
            name: "digests".into(),
            hours: vec![("it".into(), 8), ("work".into(), 10)],
            run: Box::new(move |tenant, day| {
                recorded.lock().unwrap().push(format!("{tenant} {day}"));
                Ok(())
            }),
        });
        // 06:30 UTC in November is 07:30 in Warsaw (UTC+1): nothing yet.
        assert_eq!(scheduler.tick(at("2026-11-26T06:30:00Z")), 0);
        // 07:00 UTC = 08:00 Warsaw: the IT board only.
        assert_eq!(scheduler.tick(at("2026-11-26T07:00:00Z")), 1);
        assert_eq!(scheduler.tick(at("2026-11-26T08:59:00Z")), 0, "once a day");
        assert_eq!(scheduler.tick(at("2026-11-26T09:00:00Z")), 1, "work at 10:00 Warsaw");
        // 23:30 UTC is already the next day in Warsaw, but before its hours.
        assert_eq!(scheduler.tick(at("2026-11-26T23:30:00Z")), 0);
        // Summer time: 06:00 UTC in July is 08:00 in Warsaw (UTC+2).
        assert_eq!(scheduler.tick(at("2027-07-01T06:00:00Z")), 1);
        assert_eq!(*runs.lock().unwrap(), ["it 2026-11-26", "work 2026-11-26", "it 2027-07-01"]);
    }

    #[test]
    fn interval_jobs_run_at_the_first_tick_then_every_interval() {
        let kv: Arc<dyn KvStore> = Arc::new(wakat_store::MemoryStore::new());
        let scheduler = Scheduler::new(kv, TimeZone::UTC);
        let runs = Arc::new(AtomicUsize::new(0));
        let counted = runs.clone();
        scheduler.register_interval(IntervalJob {
            name: "chat-mails".into(),
            every: Duration::from_secs(60),
            run: Box::new(move || {
                counted.fetch_add(1, Ordering::SeqCst);
                Err("a failure is retried next time".into())
            }),
        });
        for (time, expected) in [("2026-11-26T10:00:00Z", 1), ("2026-11-26T10:00:30Z", 1), ("2026-11-26T10:01:00Z", 2), ("2026-11-26T10:01:30Z", 2)] {
            scheduler.tick(at(time));
            assert_eq!(runs.load(Ordering::SeqCst), expected, "{time}");
        }
    }

    #[test]
    fn a_failed_run_is_retried_and_not_marked_done() {
        let kv: Arc<dyn KvStore> = Arc::new(wakat_store::MemoryStore::new());
        let scheduler = Scheduler::new(kv, TimeZone::UTC);
        let attempts = Arc::new(AtomicUsize::new(0));
        let counted = attempts.clone();
        scheduler.register(DailyJob {
            name: "flaky".into(),
            hours: vec![("it".into(), 0)],
            run: Box::new(move |_, _| if counted.fetch_add(1, Ordering::SeqCst) == 0 { Err("boom".into()) } else { Ok(()) }),
        });
        assert_eq!(scheduler.tick(at("2026-11-26T01:00:00Z")), 0);
        assert_eq!(scheduler.last_done("flaky", "it"), None);
        assert_eq!(scheduler.tick(at("2026-11-26T01:00:30Z")), 1);
        assert_eq!(scheduler.last_done("flaky", "it"), Some("2026-11-26".parse().unwrap()));
        assert_eq!(attempts.load(Ordering::SeqCst), 2);
    }
}
