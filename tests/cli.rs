//! The `wakat` command on real exported data: import, reindex, delete.

use std::path::PathBuf;
use std::process::{Command, Output};

fn repo_path(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(relative)
}

fn wakat(data_dir: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wakat"))
        .args(args)
        .arg("--data-dir")
        .arg(data_dir)
        .env("WAKAT_CONFIG", repo_path("wakat.toml"))
        .env("WAKAT_SERVER__INDEX_DATA_DIR", repo_path("index-data"))
        .output()
        .expect("wakat runs")
}

fn text(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

#[test]
fn imports_real_exports_then_reindexes_and_deletes() {
    let export_2019 = repo_path("../shared/data/justjoin-2019-10/offers.json");
    let export_2025 = repo_path("../shared/data/justjoin-2025-03/offers.csv");
    for export in [&export_2019, &export_2025] {
        assert!(export.exists(), "{} is missing: the real exports are expected in ../shared/data beside the checkout", export.display());
    }
    let data_dir = tempfile::tempdir().unwrap();
    let imported = wakat(data_dir.path(), &["import", export_2019.to_str().unwrap(), "--tenant", "it"]);
    assert!(imported.status.success(), "{}", text(&imported));
    assert!(text(&imported).contains("imported 1361 offers (justjoin-2019)"), "{}", text(&imported));

    let imported = wakat(data_dir.path(), &["import", export_2025.to_str().unwrap(), "--tenant", "it"]);
    assert!(imported.status.success(), "{}", text(&imported));
    assert!(text(&imported).contains("imported 2176 offers (justjoin-2025)"), "{}", text(&imported));

    let reindexed = wakat(data_dir.path(), &["reindex"]);
    assert!(text(&reindexed).contains("reindexed 3537 offers"), "{}", text(&reindexed));

    let slug = "apn-promise-s-a-net-developer-db140a66-7f59-4148-9e14-cf527a9656ea";
    let deleted = wakat(data_dir.path(), &["delete", slug, "--tenant", "it"]);
    assert!(deleted.status.success(), "{}", text(&deleted));
    let again = wakat(data_dir.path(), &["delete", slug, "--tenant", "it"]);
    assert!(!again.status.success() && text(&again).contains("there is no offer"));
}

#[test]
fn malformed_records_are_reported_by_line_and_the_rest_load() {
    let data_dir = tempfile::tempdir().unwrap();
    let file = data_dir.path().join("offers.jsonl");
    let good = std::fs::read_to_string(repo_path("index-data/offers-it.jsonl")).unwrap();
    let lines: Vec<&str> = good.lines().take(3).collect();
    std::fs::write(&file, format!("{}\n{{\"slug\": broken\n{}\n", lines[0], lines[1..].join("\n"))).unwrap();
    let output = wakat(&data_dir.path().join("data"), &["import", file.to_str().unwrap(), "--tenant", "it"]);
    assert!(output.status.success(), "{}", text(&output));
    assert!(text(&output).contains(":2: skipped"), "{}", text(&output));
    assert!(text(&output).contains("imported 3 offers"), "{}", text(&output));
    let unknown = wakat(&data_dir.path().join("data"), &["import", file.to_str().unwrap(), "--tenant", "nope"]);
    assert!(!unknown.status.success() && text(&unknown).contains("unknown tenant"));
}

#[test]
fn the_internal_token_is_created_once_and_kept_private() {
    let data_dir = tempfile::tempdir().unwrap();
    let print = || {
        let output = wakat(data_dir.path(), &["internal-token"]);
        assert!(output.status.success(), "{}", text(&output));
        String::from_utf8(output.stdout).unwrap().trim().to_string()
    };
    let token = print();
    assert!(token.len() == 64 && token.bytes().all(|b| b.is_ascii_hexdigit()), "{token}");
    assert_eq!(print(), token, "the same token on every call");
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(data_dir.path().join("internal-token")).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
}
