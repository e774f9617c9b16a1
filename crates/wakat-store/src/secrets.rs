//! Secrets handed to clients and what the store keeps of them: random tokens stored only as
//! hashes, comparisons that take the same time wherever two secrets differ, and HMAC-signed links
//! that expire (private downloads, feeds, unsubscribe codes).

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use hmac::{Hmac, Mac};
use rand::RngCore;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// A new random token: 32 bytes from the thread's CSPRNG, base64url without padding (43 characters).
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// Lowercase hex of `bytes`, two digits a byte.
pub fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// The hex SHA-256 of `text`: a fixed-length, key-safe digest of any text.
pub fn sha256_hex(text: &str) -> String {
    to_hex(&Sha256::digest(text.as_bytes()))
}

/// The hex SHA-256 of a token: what the store keeps, so a copy of the store opens nothing.
pub fn hash_token(token: &str) -> String {
    sha256_hex(token)
}

/// Compares two secrets in constant time (the length alone may show).
pub fn secrets_equal(a: &str, b: &str) -> bool {
    a.as_bytes().ct_eq(b.as_bytes()).into()
}

/// Signs and checks `(purpose, subject, expiry)` triples with one server secret.
#[derive(Clone)]
pub struct LinkSigner {
    key: Vec<u8>,
}

impl LinkSigner {
    /// A signer with `key` (at least 32 bytes of secret).
    pub fn new(key: &[u8]) -> LinkSigner {
        LinkSigner { key: key.to_vec() }
    }

    fn mac(&self, purpose: &str, subject: &str, expires_at: i64) -> Hmac<Sha256> {
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&self.key).expect("HMAC takes keys of any length");
        // Lengths first, so that ("a/b", "c") and ("a", "b/c") sign differently.
        for part in [purpose.as_bytes(), subject.as_bytes(), expires_at.to_string().as_bytes()] {
            mac.update(&(part.len() as u64).to_be_bytes());
            mac.update(part);
        }
        mac
    }

    /// The signature of a link to `subject` for `purpose`, valid until `expires_at` (unix seconds).
    pub fn sign(&self, purpose: &str, subject: &str, expires_at: i64) -> String {
        URL_SAFE_NO_PAD.encode(self.mac(purpose, subject, expires_at).finalize().into_bytes())
    }

    /// Whether `signature` was made by [`LinkSigner::sign`] for these values and has not expired.
    pub fn verify(&self, purpose: &str, subject: &str, expires_at: i64, signature: &str, now: i64) -> bool {
        if now > expires_at {
            return false;
        }
        let Ok(bytes) = URL_SAFE_NO_PAD.decode(signature) else { return false };
        self.mac(purpose, subject, expires_at).verify_slice(&bytes).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_and_hashes_stable() {
        let token = new_token();
        assert_eq!(token.len(), 43);
        assert_ne!(token, new_token());
        assert_eq!(hash_token(&token), hash_token(&token));
        assert_eq!(hash_token(&token).len(), 64);
        // Stored hashes must not change: this is the SHA-256 of "abc".
        assert_eq!(hash_token("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    #[test]
    fn hex_is_two_lowercase_digits_a_byte() {
        // Values that may hold '/' or anything else become key-safe.
        assert_eq!(to_hex(b"a/B"), "612f42");
    }

    #[test]
    fn secrets_compare_by_content() {
        assert!(secrets_equal("same secret", "same secret"));
        assert!(!secrets_equal("same secret", "same secreT"));
        assert!(!secrets_equal("short", "shorter"));
        assert!(secrets_equal("", ""));
    }

    #[test]
    fn signed_links_check_every_part_and_expire() {
        let signer = LinkSigner::new(b"0123456789abcdef0123456789abcdef");
        let signature = signer.sign("cv", "it/abc/doc1", 1_000);
        assert!(signer.verify("cv", "it/abc/doc1", 1_000, &signature, 999));
        assert!(signer.verify("cv", "it/abc/doc1", 1_000, &signature, 1_000));
        assert!(!signer.verify("cv", "it/abc/doc1", 1_000, &signature, 1_001), "expired");
        assert!(!signer.verify("cv", "it/abc/doc2", 1_000, &signature, 999), "other subject");
        assert!(!signer.verify("feed", "it/abc/doc1", 1_000, &signature, 999), "other purpose");
        assert!(!signer.verify("cv", "it/abc/doc1", 2_000, &signature, 999), "other expiry");
        assert!(!signer.verify("cv", "it/abc/doc1", 1_000, "garbage!", 999));
        assert!(!LinkSigner::new(b"another key of thirty-two bytes!").verify("cv", "it/abc/doc1", 1_000, &signature, 999));
    }

    #[test]
    fn link_signatures_keep_their_format() {
        // Links already handed out (feeds, unsubscribe codes) must keep verifying.
        let signer = LinkSigner::new(b"0123456789abcdef0123456789abcdef");
        // HMAC-SHA256 over (u64 BE length, bytes) of purpose, subject and expiry, base64url.
        assert_eq!(signer.sign("offers-feed", "it?city=warszawa", i64::MAX), "bfY3C-HPqxtj0ClYPK3xVMRIyKoRb-nOVmh1xKhInCc");
    }

    proptest::proptest! {
        #[test]
        fn equal_means_the_same_text(a in ".{0,40}", b in ".{0,40}") {
            proptest::prop_assert_eq!(secrets_equal(&a, &b), a == b);
            proptest::prop_assert!(secrets_equal(&a, &a.clone()));
        }

        #[test]
        fn any_subject_signs_and_verifies(purpose in "[a-z-]{1,20}", subject in ".{0,80}", expires_at in 0i64..i64::MAX) {
            let signer = LinkSigner::new(b"0123456789abcdef0123456789abcdef");
            let signature = signer.sign(&purpose, &subject, expires_at);
            proptest::prop_assert!(signer.verify(&purpose, &subject, expires_at, &signature, expires_at));
            let other_subject = format!("{subject}x");
            proptest::prop_assert!(!signer.verify(&purpose, &other_subject, expires_at, &signature, 0));
        }
    }
}
