//! Logging setup: `RUST_LOG`-style filtering to a sink (stderr for the binary, nothing in tests
//! unless `TEST_LOG` is set).

use tracing_subscriber::EnvFilter;

/// Installs a global subscriber writing to `sink`; a second call is a no-op.
pub fn init<W>(default_filter: &str, sink: W)
where
    W: for<'a> tracing_subscriber::fmt::MakeWriter<'a> + Send + Sync + 'static,
{
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default_filter));
    let _ = tracing_subscriber::fmt().with_env_filter(filter).with_writer(sink).try_init();
}
