//! Identifiers of stored records (accounts, alerts, applications, companies, payments...).

use rand::RngCore;

use crate::secrets::to_hex;

/// Length of an id: 128 random bits as lowercase hex.
pub const ID_CHARS: usize = 32;

/// A new random identifier: 16 bytes from the thread's CSPRNG as 32 lowercase hex digits. Ids are
/// never sequential, so knowing one tells nothing about another.
pub fn new_id() -> String {
    random_hex(ID_CHARS / 2)
}

/// Whether `id` has the shape [`new_id`] hands out; anything else names no record.
pub fn is_id(id: &str) -> bool {
    id.len() == ID_CHARS && id.bytes().all(|byte| byte.is_ascii_digit() || (b'a'..=b'f').contains(&byte))
}

/// `bytes` random bytes from the thread's CSPRNG as lowercase hex (twice as many characters).
pub fn random_hex(bytes: usize) -> String {
    let mut random = vec![0u8; bytes];
    rand::rng().fill_bytes(&mut random);
    to_hex(&random)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_random_hex_of_128_bits() {
        let first = new_id();
        let second = new_id();
        assert!(is_id(&first) && is_id(&second));
        assert_ne!(first, second);
        assert!(!is_id("0123"));
        assert!(!is_id(&"G".repeat(ID_CHARS)));
        assert_eq!(random_hex(32).len(), 64);
    }
}
