//! The internal write API's token. The API never trusts a peer address (the web app forwards
//! visitors from loopback), so a token is always required: the configured one, or one generated
//! on first start and kept in the data directory (`internal-token`, mode 0600), where the CLI
//! (`wakat internal-token`) and the tests read it.

use std::io::Write;
use std::path::{Path, PathBuf};

use wakat_store::ids::random_hex;
use wakat_store::secrets::secrets_equal;

/// File name of the generated token in the data directory.
pub const TOKEN_FILE: &str = "internal-token";

/// Random bytes in a generated token (hex-encoded, so twice as many characters).
const TOKEN_BYTES: usize = 32;

/// Reading or creating the token file failed.
#[derive(Debug, thiserror::Error)]
#[error("internal token file {path}: {source}")]
pub struct TokenError {
    path: PathBuf,
    source: std::io::Error,
}

/// The token the internal API requires: `configured` when set, else the one in `data_dir`
/// (generated now when there is none).
pub fn resolve(configured: &str, data_dir: &Path) -> Result<String, TokenError> {
    resolve_secret(configured, data_dir, TOKEN_FILE)
}

/// A server secret: `configured` when set, else the one in `data_dir/file` (generated now, mode
/// 0600, when there is none). The internal token and the key of signed links are two of them.
pub fn resolve_secret(configured: &str, data_dir: &Path, file: &str) -> Result<String, TokenError> {
    if !configured.is_empty() {
        return Ok(configured.to_string());
    }
    let path = data_dir.join(file);
    let error = |source| TokenError { path: path.clone(), source };
    match std::fs::read_to_string(&path) {
        Ok(text) if !text.trim().is_empty() => return Ok(text.trim().to_string()),
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(error(e)),
    }
    std::fs::create_dir_all(data_dir).map_err(error)?;
    let token = generate();
    write_private(&path, &token).map_err(error)?;
    Ok(token)
}

/// A fresh random token.
fn generate() -> String {
    random_hex(TOKEN_BYTES)
}

/// Writes `token` to a file only its owner can read, durably (a crash right after start must
/// not leave an empty token file behind).
fn write_private(path: &Path, token: &str) -> std::io::Result<()> {
    let temporary = path.with_extension("tmp");
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(&temporary)?;
    file.write_all(token.as_bytes())?;
    file.sync_all()?;
    std::fs::rename(&temporary, path)?;
    if let Some(dir) = path.parent() {
        std::fs::File::open(dir)?.sync_all()?;
    }
    Ok(())
}

/// Whether `presented` is the token, in time independent of where they differ.
pub fn matches(presented: &str, token: &str) -> bool {
    !token.is_empty() && secrets_equal(presented, token)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_generated_token_is_kept_private_and_reused() {
        let dir = tempfile::tempdir().unwrap();
        let first = resolve("", dir.path()).unwrap();
        assert_eq!(first.len(), TOKEN_BYTES * 2);
        assert_eq!(resolve("", dir.path()).unwrap(), first, "the second start reads the same token");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.path().join(TOKEN_FILE)).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let other = tempfile::tempdir().unwrap();
        assert_ne!(resolve("", other.path()).unwrap(), first, "tokens are random");
    }

    #[test]
    fn a_configured_token_wins_and_writes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(resolve("s3cret", dir.path()).unwrap(), "s3cret");
        assert!(!dir.path().join(TOKEN_FILE).exists());
    }

    #[test]
    fn matching_needs_the_whole_token() {
        assert!(matches("abc", "abc"));
        assert!(!matches("ab", "abc"));
        assert!(!matches("abcd", "abc"));
        assert!(!matches("", ""), "an empty token never matches");
    }
}
