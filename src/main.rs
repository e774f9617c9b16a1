//! The `wakat` command: serve, import, generate, reindex.

fn main() -> std::process::ExitCode {
    wakat::run()
}
