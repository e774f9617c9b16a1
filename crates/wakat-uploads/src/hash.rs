//! The SHA-256 name of a blob.

use sha2::{Digest, Sha256};

use crate::UploadError;

/// The SHA-256 of a blob's content as 64 lowercase hex digits: its name, and safe in a path.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlobHash(String);

impl BlobHash {
    /// Parses 64 lowercase hex digits; anything else (a path, upper case) is refused.
    pub fn parse(hash: &str) -> Result<BlobHash, UploadError> {
        if hash.len() == 64 && hash.bytes().all(|byte| byte.is_ascii_digit() || (b'a'..=b'f').contains(&byte)) {
            Ok(BlobHash(hash.to_string()))
        } else {
            Err(UploadError::InvalidHash(hash.to_string()))
        }
    }

    /// Names the content fed to `hasher`.
    pub(crate) fn finish(hasher: Sha256) -> BlobHash {
        BlobHash(format!("{:x}", hasher.finalize()))
    }

    /// Returns the 64 hex digits.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Returns the name of the directory the blob is in (its first two hex digits).
    pub(crate) fn fan_out(&self) -> &str {
        &self.0[..2]
    }
}

impl std::fmt::Display for BlobHash {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str(&self.0)
    }
}

impl std::str::FromStr for BlobHash {
    type Err = UploadError;

    fn from_str(hash: &str) -> Result<BlobHash, UploadError> {
        BlobHash::parse(hash)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_lowercase_hex_of_the_right_length_is_a_hash() {
        let good = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
        assert_eq!(BlobHash::parse(good).unwrap().fan_out(), "e3");
        for bad in ["", "../../etc/passwd", &good.to_uppercase(), &good[..63], &format!("{good}0"), &format!("{}/x", &good[..62])] {
            assert!(matches!(BlobHash::parse(bad), Err(UploadError::InvalidHash(_))), "{bad:?}");
        }
        assert_eq!(BlobHash::finish(Sha256::new()).as_str(), good, "the SHA-256 of nothing");
    }
}
