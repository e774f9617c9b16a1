//! Exactly once under SIGKILL: the real binary runs the digests of 1,000 due alerts into a real
//! SMTP server on loopback, is killed with SIGKILL mid-run, restarts and resumes; the SMTP server
//! then holds exactly one digest per alert that a run without a crash mails (a reference run on a
//! copy of the same data directory), none twice, and none missing but a mail the restarted queue
//! reports in doubt (the kill fell between its durable mark and its final "."; see wakat-mail's
//! queue).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::Value;

use crate::durable_mail::start_with;
use crate::helpers::{repo_path, RealServer};

const ALERTS: usize = 1000;
const DAY: &str = "2026-12-01";
/// Mail sender threads (and SMTP connections) of the servers under test.
const SENDERS: usize = 8;

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

fn env(smtp_port: u16) -> Vec<(&'static str, String)> {
    vec![
        ("WAKAT_TENANTS__0__DEFAULT_DATA", "offers-it.jsonl".into()),
        ("WAKAT_SERVER__SCHEDULER_ENABLED", "false".into()),
        ("WAKAT_MAIL__TRANSPORT", "smtp".into()),
        ("WAKAT_MAIL__SMTP__HOST", "127.0.0.1".into()),
        ("WAKAT_MAIL__SMTP__PORT", smtp_port.to_string()),
        ("WAKAT_MAIL__SMTP__SECURITY", "none".into()),
        ("WAKAT_MAIL__SENDERS", SENDERS.to_string()),
    ]
}

fn seed_alerts(data_dir: &Path) {
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_wakat"))
        .args(["seed-alerts", "--tenant", "it", "--count", &ALERTS.to_string(), "--filters", "60", "--since-hours", "87600", "--data-dir"])
        .arg(data_dir)
        .env("WAKAT_CONFIG", repo_path("wakat.toml"))
        .env("WAKAT_SERVER__INDEX_DATA_DIR", repo_path("index-data"))
        .stdout(std::process::Stdio::null())
        .status()
        .expect("wakat seed-alerts runs");
    assert!(status.success());
}

fn run_digests(server: &RealServer, data_dir: &Path) -> Value {
    let app = server.app(data_dir);
    let answer = app.internal(Method::POST, &format!("/api/it/internal/digests/run?day={DAY}"), &Value::Null);
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.body
}

/// Idempotency key → how many messages carried it; every message must be a digest.
fn digests_at(sink: &wakat_mail::testsuite::SmtpSink) -> BTreeMap<String, usize> {
    let mut keys = BTreeMap::new();
    for message in sink.messages() {
        let text = String::from_utf8_lossy(&message);
        assert!(text.contains("X-Wakat-Tag: alert.digest"), "only digests: {text}");
        let key = text.lines().find_map(|line| line.strip_prefix("X-Wakat-Idempotency-Key: ")).expect("the idempotency header").trim().to_string();
        *keys.entry(key).or_insert(0) += 1;
    }
    keys
}

/// `wakat_mail_in_doubt` of a running server's metrics.
fn mails_in_doubt(server: &RealServer) -> usize {
    let text = reqwest::blocking::get(format!("{}/metrics", server.base)).and_then(|r| r.text()).expect("the metrics answer");
    text.lines().find_map(|line| line.strip_prefix("wakat_mail_in_doubt ")).and_then(|value| value.trim().parse().ok()).expect("the in-doubt gauge")
}

/// The idempotency key hashes the queue marked in doubt (read from the store of a stopped server).
fn marks_in_doubt(data_dir: &Path) -> BTreeSet<String> {
    use wakat_store::KvStore;
    let store = wakat_store::SledStore::open(data_dir.join("store")).expect("the stopped server's store opens");
    store
        .scan_prefix(b"mailq/key/")
        .map(|entry| entry.expect("a mark reads"))
        .filter(|(_, value)| serde_json::from_slice::<Value>(value).expect("a mark is JSON")["state"] == "in_doubt")
        .map(|(key, _)| String::from_utf8_lossy(&key["mailq/key/".len()..]).into_owned())
        .collect()
}

fn wait_until(what: &str, timeout: Duration, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + timeout;
    while !done() {
        assert!(Instant::now() < deadline, "{what} did not happen within {timeout:?}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_digest_run_killed_with_sigkill_resumes_and_mails_each_alert_once() {
    let data_dir = tempfile::tempdir().unwrap();
    // The board's 2,000 default offers, then 1,000 due alerts over 60 shared filters.
    let loader = start_with(data_dir.path(), &env(1));
    loader.kill_9();
    seed_alerts(data_dir.path());
    let reference_dir = tempfile::tempdir().unwrap();
    copy_dir(data_dir.path(), reference_dir.path());

    // Reference: the same run without a crash.
    let reference_sink = wakat_mail::testsuite::SmtpSink::start();
    let reference = start_with(reference_dir.path(), &env(reference_sink.port()));
    let report = run_digests(&reference, reference_dir.path());
    assert_eq!(report["due"].as_u64(), Some(ALERTS as u64), "{report}");
    let expected = report["queued"].as_u64().unwrap() as usize;
    assert!(expected >= ALERTS / 2, "most alerts have offers: {report}");
    wait_until("the reference digests", Duration::from_secs(300), || digests_at(&reference_sink).len() >= expected);
    reference.kill_9();
    let expected_keys: BTreeSet<String> = digests_at(&reference_sink).into_keys().collect();
    assert_eq!(expected_keys.len(), expected);

    // The run under test: SIGKILL while digests are being mailed.
    let sink = wakat_mail::testsuite::SmtpSink::start();
    let server = start_with(data_dir.path(), &env(sink.port()));
    let base = server.base.clone();
    let token = crate::helpers::read_internal_token(data_dir.path());
    let trigger = std::thread::spawn(move || {
        let client = reqwest::blocking::Client::new();
        let _ = client.post(format!("{base}/api/it/internal/digests/run?day={DAY}")).bearer_auth(token).send();
    });
    wait_until("the first digests", Duration::from_secs(60), || sink.messages().len() >= 20);
    server.kill_9();
    let _ = trigger.join();
    let at_kill = sink.messages().len();
    assert!(at_kill < expected, "the kill came mid-run ({at_kill} of {expected} sent)");

    // Restart and resume: the run finds what was decided and what the queue holds.
    let restarted = start_with(data_dir.path(), &env(sink.port()));
    let resumed = run_digests(&restarted, data_dir.path());
    assert_eq!(resumed["due"].as_u64(), Some(ALERTS as u64), "{resumed}");
    // Each sender marks its mail "handover", durably, after the SMTP server has the whole content
    // and before the final "." (wakat-mail's queue and SMTP mailer), so a kill leaves every
    // message either finished and marked or unfinished (discarded by the server) and pending. The
    // one window left is the few microseconds between the end of a mark's flush and the write of
    // its "."; a kill there loses that digest, and the restarted queue counts it in doubt (with
    // mails delivered whose answer the kill cut off), at most two per sender thread.
    let in_doubt = mails_in_doubt(&restarted);
    assert!(in_doubt <= 2 * SENDERS, "in doubt: {in_doubt}");
    wait_until("every digest not in doubt", Duration::from_secs(300), || digests_at(&sink).len() + in_doubt >= expected);
    std::thread::sleep(Duration::from_millis(500));
    let received = digests_at(&sink);
    let keys: BTreeSet<String> = received.keys().cloned().collect();
    assert!(keys.is_subset(&expected_keys), "only the digests of a run without a crash: {:?}", keys.difference(&expected_keys).collect::<Vec<_>>());
    restarted.kill_9();
    let marked_in_doubt = marks_in_doubt(data_dir.path());
    assert_eq!(marked_in_doubt.len(), in_doubt, "the metric counts the marks");
    let lost: BTreeSet<String> = expected_keys.difference(&keys).cloned().collect();
    assert!(lost.is_subset(&marked_in_doubt), "digests lost outside the ones in doubt: {:?}", lost.difference(&marked_in_doubt).collect::<Vec<_>>());
    let repeats: usize = received.values().map(|n| n - 1).sum();
    assert_eq!(repeats, 0, "digests arrived twice: {:?}", received.iter().filter(|(_, n)| **n > 1).collect::<Vec<_>>());
    eprintln!("digest crash test: {expected} digests, {at_kill} delivered before SIGKILL, each once; {in_doubt} in doubt, {} lost", lost.len());
}
