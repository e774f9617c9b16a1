//! Starting the real application on a random port with temporary data directories.

use std::path::PathBuf;
use std::sync::{OnceLock, Weak};
use std::time::{Duration, Instant};

use actix_web::dev::ServerHandle;
use serde_json::Value;
use wakat_engine::Engine;
use wakat_server::{Application, Settings};

/// A running server and a client for it. Dropping it stops the server (see [`Running`]).
pub struct TestApp {
    pub base: String,
    pub client: reqwest::blocking::Client,
    /// The internal write API's token (generated in the data directory on start).
    pub internal_token: String,
    server: Option<Running>,
    _data_dir: Option<tempfile::TempDir>,
}

/// The server of a [`TestApp`] started in this process. It is stopped when the test ends, and its
/// engine closed, before its data directory is removed: a server left running on a removed
/// directory retried its index commits without end, and the dead servers of the finished tests
/// (one per test) took more CPU than the tests themselves by the end of the run.
struct Running {
    handle: ServerHandle,
    thread: std::thread::JoinHandle<()>,
    engine: Weak<Engine>,
}

impl Drop for TestApp {
    fn drop(&mut self) {
        let Some(Running { handle, thread, engine }) = self.server.take() else { return };
        // Not graceful: the test is over, and a graceful stop waits for the client's idle
        // keep-alive connections. The stop command is sent when `stop` is called.
        drop(handle.stop(false));
        let _ = thread.join();
        // The workers drop their share of the engine as their threads end; the last one closes
        // the index writer (which commits what is pending into the directory).
        let deadline = Instant::now() + Duration::from_secs(10);
        while engine.strong_count() > 0 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

/// Absolute path of a file in the repository.
pub fn repo_path(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(relative)
}

/// The repository's configuration with temporary directories; `with_default_data` keeps the
/// default data set (4,000 offers over two boards) or starts empty.
pub fn test_settings(data_dir: &std::path::Path, with_default_data: bool) -> Settings {
    let text = std::fs::read_to_string(repo_path("wakat.toml")).expect("wakat.toml is readable");
    let mut settings = Settings::from_toml(&text, std::iter::empty()).expect("wakat.toml is valid");
    settings.server.bind = "127.0.0.1:0".into();
    settings.engine.storage.data_dir = data_dir.to_path_buf();
    settings.engine.storage.index_data_dir = repo_path("index-data");
    settings.server.workers = 2;
    settings.engine.storage.writer_memory_mb = 32;
    // Tests hammer the API from one address; the rate limit tests turn limits on themselves.
    settings.server.rate_limits_enabled = false;
    // Tests read their mails (confirmation and reset links) from the dev mailbox, on loopback.
    settings.mail.dev_mailbox = true;
    // The cheapest argon2id cost: tests log in hundreds of times (the benchmark uses the real one).
    settings.accounts.password_memory_kib = 64;
    settings.accounts.password_iterations = 1;
    if !with_default_data {
        for tenant in &mut settings.engine.tenants {
            tenant.default_data.clear();
        }
    }
    settings
}

/// Starts an application on its own thread and returns a handle to it.
pub fn spawn_app(with_default_data: bool) -> TestApp {
    spawn_app_in(tempfile::tempdir().expect("temporary directory"), with_default_data)
}

/// Like [`spawn_app`] on a data directory prepared by the test.
pub fn spawn_app_in(data_dir: tempfile::TempDir, with_default_data: bool) -> TestApp {
    spawn_app_with(data_dir, with_default_data, |_| {})
}

/// Like [`spawn_app_in`], with `prepare` run on the engine before it serves (loading data).
pub fn spawn_app_with(data_dir: tempfile::TempDir, with_default_data: bool, prepare: impl FnOnce(&Engine) + Send + 'static) -> TestApp {
    start(data_dir, with_default_data, |_| {}, prepare)
}

/// Like [`spawn_app`], with settings changed by `configure` first.
pub fn spawn_configured(with_default_data: bool, configure: impl FnOnce(&mut Settings)) -> TestApp {
    start(tempfile::tempdir().expect("temporary directory"), with_default_data, configure, |_| {})
}

fn start(
    data_dir: tempfile::TempDir,
    with_default_data: bool,
    configure: impl FnOnce(&mut Settings),
    prepare: impl FnOnce(&Engine) + Send + 'static,
) -> TestApp {
    if std::env::var("TEST_LOG").is_ok() {
        wakat_server::telemetry::init("info", std::io::stdout);
    }
    let mut settings = test_settings(data_dir.path(), with_default_data);
    configure(&mut settings);
    let (sender, receiver) = std::sync::mpsc::channel();
    let thread = std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let engine = Engine::open(settings.engine.clone(), Some(wakat_server::dto::list_item::list_items)).expect("engine opens");
            prepare(&engine);
            let application = Application::build(engine, settings).expect("application builds");
            sender.send((application.port(), application.handle(), std::sync::Arc::downgrade(&application.engine()))).expect("test is waiting");
            application.run_until_stopped().await.expect("server runs");
        })
    });
    let (port, handle, engine) = receiver.recv().expect("server started");
    let internal_token = read_internal_token(data_dir.path());
    TestApp {
        base: format!("http://127.0.0.1:{port}"),
        client: reqwest::blocking::Client::new(),
        internal_token,
        server: Some(Running { handle, thread, engine }),
        _data_dir: Some(data_dir),
    }
}

/// The token a server generated in its data directory, as the CLI reads it.
pub fn read_internal_token(data_dir: &std::path::Path) -> String {
    let path = data_dir.join(wakat_server::internal_token::TOKEN_FILE);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{} is readable: {e}", path.display())).trim().to_string()
}

/// One server with the default data set, shared by every read-only test of the binary.
pub fn shared_app() -> &'static TestApp {
    static APP: OnceLock<TestApp> = OnceLock::new();
    APP.get_or_init(|| spawn_app(true))
}

/// A GET answered with JSON.
pub struct Answer {
    pub status: u16,
    pub body: Value,
}

impl TestApp {
    /// A client of a server started elsewhere (a [`RealServer`]).
    pub fn attached(base: &str, internal_token: String) -> TestApp {
        TestApp { base: base.to_string(), client: reqwest::blocking::Client::new(), internal_token, server: None, _data_dir: None }
    }

    pub fn get(&self, path: &str) -> Answer {
        let response = self.client.get(format!("{}{path}", self.base)).send().expect("request is sent");
        let status = response.status().as_u16();
        let body = response.json().unwrap_or(Value::Null);
        Answer { status, body }
    }

    /// A GET that must succeed.
    pub fn get_ok(&self, path: &str) -> Value {
        let answer = self.get(path);
        assert_eq!(answer.status, 200, "GET {path} answered {}: {}", answer.status, answer.body);
        answer.body
    }

    pub fn send_json(&self, method: reqwest::Method, path: &str, body: &Value) -> Answer {
        let response = self.client.request(method, format!("{}{path}", self.base)).json(body).send().expect("request is sent");
        let status = response.status().as_u16();
        let body = response.json().unwrap_or(Value::Null);
        Answer { status, body }
    }

    /// A call of the internal write API with the server's token.
    pub fn internal(&self, method: reqwest::Method, path: &str, body: &Value) -> Answer {
        let response =
            self.client.request(method, format!("{}{path}", self.base)).bearer_auth(&self.internal_token).json(body).send().expect("request is sent");
        let status = response.status().as_u16();
        let body = response.json().unwrap_or(Value::Null);
        Answer { status, body }
    }

    /// The count of offers for a query string.
    pub fn count(&self, tenant: &str, query: &str) -> u64 {
        self.get_ok(&format!("/api/{tenant}/v2/user-panel/offers/count?{query}"))["count"].as_u64().expect("count is a number")
    }
}

/// A valid offer for the write API.
pub fn offer_json(slug: &str, title: &str, city: &str, lat: f64, lon: f64) -> Value {
    serde_json::json!({
        "slug": slug,
        "title": title,
        "companyName": "Test Company",
        "workplaceType": "office",
        "workingTime": "full_time",
        "experienceLevel": "mid",
        "categoryId": 6,
        "locations": [{"city": city, "latitude": lat, "longitude": lon}],
        "employmentTypes": [{"type": "b2b", "from": 15000, "to": 20000, "currency": "pln", "unit": "month", "gross": false}],
        "requiredSkills": [{"name": "Rust", "level": 4}],
        "publishedAt": wakat_engine::now() - 60,
        "body": "<p>test</p>"
    })
}

/// The real `wakat` binary serving a data directory (for crash and restart tests).
pub struct RealServer {
    pub child: std::process::Child,
    pub base: String,
}

impl RealServer {
    /// Starts `wakat serve` on a free port without default data; `env` adds or overrides settings.
    pub fn start(data_dir: &std::path::Path, env: &[(&str, &str)]) -> RealServer {
        use std::io::{BufRead, BufReader};
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_wakat"));
        command
            .args(["serve", "--bind", "127.0.0.1:0", "--data-dir"])
            .arg(data_dir)
            .env("WAKAT_CONFIG", repo_path("wakat.toml"))
            .env("WAKAT_SERVER__INDEX_DATA_DIR", repo_path("index-data"))
            .env("WAKAT_SERVER__WORKERS", "2")
            .env("WAKAT_SERVER__RATE_LIMITS_ENABLED", "false")
            .env("WAKAT_MAIL__DEV_MAILBOX", "true")
            .env("WAKAT_ACCOUNTS__PASSWORD_MEMORY_KIB", "64")
            .env("WAKAT_ACCOUNTS__PASSWORD_ITERATIONS", "1")
            .env("WAKAT_TENANTS__0__DEFAULT_DATA", "")
            .env("WAKAT_TENANTS__1__DEFAULT_DATA", "")
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null());
        for (name, value) in env {
            command.env(name, value);
        }
        let mut child = command.spawn().expect("the wakat binary starts");
        let mut lines = BufReader::new(child.stdout.take().expect("stdout is piped")).lines();
        let base = loop {
            let line = lines.next().expect("the server prints its address").expect("stdout is readable");
            if let Some(address) = line.strip_prefix("wakat API listening on ") {
                break address.trim().to_string();
            }
        };
        // Keep draining stdout so the server never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        RealServer { child, base }
    }

    /// SIGKILL: no graceful shutdown, nothing flushed that was not already.
    pub fn kill_9(mut self) {
        self.child.kill().expect("the server can be killed");
        self.child.wait().expect("the server exits");
    }

    /// A client of this server, as a [`TestApp`] without a data directory of its own.
    pub fn app(&self, data_dir: &std::path::Path) -> TestApp {
        TestApp::attached(&self.base, read_internal_token(data_dir))
    }
}

impl Drop for RealServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
