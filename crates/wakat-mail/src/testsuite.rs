//! Test helpers: a real SMTP server (`scripts/smtp-sink.py`) that keeps what it receives.
//!
//! Enabled by the `testsuite` feature, so black-box tests of later crates can send through
//! [`crate::SmtpMailer`] and read the confirmation links out of the messages that arrived.
//! These helpers panic with a message instead of returning errors: they only run inside tests.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::{SmtpSecurity, SmtpSettings};

/// The version of aiosmtpd that `scripts/test` installs.
pub const AIOSMTPD_VERSION: &str = "1.4.6";

/// Returns the repository's root (two levels above this crate).
fn repository_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Returns the Python that has aiosmtpd: `$WAKAT_SMTP_PYTHON`, else `target/tools/venv/bin/python`.
///
/// Panics with the command to run when it is missing: a mail test must fail, never skip.
pub fn sink_python() -> PathBuf {
    let python = match std::env::var_os("WAKAT_SMTP_PYTHON") {
        Some(python) => PathBuf::from(python),
        None => repository_root().join("target/tools/venv/bin/python"),
    };
    let has_aiosmtpd =
        Command::new(&python).args(["-c", "import aiosmtpd"]).stdout(Stdio::null()).stderr(Stdio::null()).status().is_ok_and(|status| status.success());
    assert!(
        has_aiosmtpd,
        "the SMTP tests need Python with aiosmtpd at {} (or $WAKAT_SMTP_PYTHON): run scripts/test, or \
         `python3 -m venv target/tools/venv && target/tools/venv/bin/pip install aiosmtpd=={AIOSMTPD_VERSION}`",
        python.display()
    );
    python
}

/// A running `scripts/smtp-sink.py` on a free loopback port, stopped when dropped.
pub struct SmtpSink {
    child: Child,
    port: u16,
    dir: tempfile::TempDir,
}

impl SmtpSink {
    /// Starts the sink and waits until it accepts connections.
    pub fn start() -> SmtpSink {
        let python = sink_python();
        let dir = tempfile::tempdir().expect("a temporary directory for received mail");
        let script = repository_root().join("scripts/smtp-sink.py");
        let mut child = Command::new(&python)
            .arg(&script)
            .arg(dir.path())
            .args(["--host", "127.0.0.1", "--port", "0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap_or_else(|err| panic!("cannot start {} {}: {err}", python.display(), script.display()));
        let stdout = child.stdout.take().expect("the sink's stdout is piped");
        // The first line names the port; read it on a thread so a hung sink cannot hang the test.
        let (line_sender, line_receiver) = mpsc::channel();
        std::thread::spawn(move || {
            let mut first_line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut first_line);
            let _ = line_sender.send(first_line);
        });
        let first_line = match line_receiver.recv_timeout(Duration::from_secs(30)) {
            Ok(line) => line,
            Err(_) => {
                let _ = child.kill();
                panic!("the SMTP sink did not start within 30 s");
            }
        };
        let port = first_line.trim().rsplit_once(':').and_then(|(_, port)| port.parse().ok());
        let Some(port) = port else {
            let _ = child.kill();
            panic!("the SMTP sink did not say where it listens (got {first_line:?})");
        };
        SmtpSink { child, port, dir }
    }

    /// Returns the port it listens on (loopback).
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Returns the directory the received messages are saved in.
    pub fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// Returns settings of a plain-text SMTP connection to this sink.
    pub fn settings(&self) -> SmtpSettings {
        SmtpSettings { host: "127.0.0.1".into(), port: Some(self.port), security: SmtpSecurity::None, ..SmtpSettings::default() }
    }

    /// Returns every message received so far, in arrival order.
    pub fn messages(&self) -> Vec<Vec<u8>> {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(self.dir.path())
            .expect("the sink's directory can be listed")
            .map(|entry| entry.expect("a directory entry").path())
            .filter(|path| path.extension().is_some_and(|extension| extension == "eml"))
            .collect();
        paths.sort();
        paths.iter().map(|path| std::fs::read(path).expect("a received message can be read")).collect()
    }

    /// Waits until at least `count` messages have arrived (at most 10 s) and returns them all.
    pub fn wait_for_messages(&self, count: usize) -> Vec<Vec<u8>> {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let messages = self.messages();
            if messages.len() >= count {
                return messages;
            }
            assert!(Instant::now() < deadline, "expected {count} messages in the SMTP sink, got {}", messages.len());
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
