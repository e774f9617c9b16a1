//! Passwords: argon2id hashes in PHC strings, the rules a new password must meet, and a dummy
//! verification so that an unknown e-mail costs as much time as a wrong password.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use rand::RngCore;

use crate::AccountsError;
use wakat_core::ErrorCode;

/// Shortest password accepted.
pub const MIN_PASSWORD_CHARS: usize = 8;
/// Longest password accepted: hashing is the costly part of a login, so its input is bounded.
pub const MAX_PASSWORD_CHARS: usize = 128;

/// argon2id cost parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PasswordCost {
    /// Memory in KiB.
    pub memory_kib: u32,
    /// Passes.
    pub iterations: u32,
    /// Lanes.
    pub parallelism: u32,
}

impl PasswordCost {
    /// OWASP's first argon2id recommendation (2023): 19 MiB, 2 passes, 1 lane.
    pub const RECOMMENDED: PasswordCost = PasswordCost { memory_kib: 19 * 1024, iterations: 2, parallelism: 1 };
    /// The cheapest cost argon2 accepts, for tests only.
    pub const FOR_TESTS: PasswordCost = PasswordCost { memory_kib: 8, iterations: 1, parallelism: 1 };
}

/// Hashes and verifies passwords with one cost.
pub struct Passwords {
    argon2: Argon2<'static>,
    /// A hash of a random password, verified when the account does not exist.
    dummy_hash: String,
}

impl Passwords {
    /// A hasher with `cost`.
    pub fn new(cost: PasswordCost) -> Result<Passwords, AccountsError> {
        let params = Params::new(cost.memory_kib, cost.iterations, cost.parallelism, None).map_err(|e| AccountsError::Hashing(e.to_string()))?;
        let argon2 = Argon2::new(Algorithm::Argon2id, Version::V0x13, params);
        let mut passwords = Passwords { argon2, dummy_hash: String::new() };
        passwords.dummy_hash = passwords.hash(&wakat_store::secrets::new_token())?;
        Ok(passwords)
    }

    /// The PHC string of `password` with a fresh salt.
    pub fn hash(&self, password: &str) -> Result<String, AccountsError> {
        let mut salt = [0u8; 16];
        rand::rng().fill_bytes(&mut salt);
        let salt = SaltString::encode_b64(&salt).map_err(|e| AccountsError::Hashing(e.to_string()))?;
        Ok(self.argon2.hash_password(password.as_bytes(), &salt).map_err(|e| AccountsError::Hashing(e.to_string()))?.to_string())
    }

    /// Whether `password` matches `phc` (a malformed stored hash never matches).
    pub fn verify(&self, password: &str, phc: &str) -> bool {
        let Ok(parsed) = PasswordHash::new(phc) else { return false };
        self.argon2.verify_password(password.as_bytes(), &parsed).is_ok()
    }

    /// Spends the time of one verification; called when there is no account to check against.
    pub fn verify_dummy(&self, password: &str) {
        let _ = self.verify(password, &self.dummy_hash);
    }
}

/// Checks the rules of a new password: length, no control characters, not whitespace only,
/// not the e-mail itself, and not a common or breached password. The last is zxcvbn's estimate
/// with its shipped frequency lists (passwords from breaches, common words and names), told the
/// e-mail too: under 10^6 guesses (score 0 or 1) is refused.
pub fn check_new_password(password: &str, email: &str) -> Result<(), AccountsError> {
    let n_chars = password.chars().count();
    if n_chars < MIN_PASSWORD_CHARS {
        return Err(AccountsError::invalid("password", ErrorCode::PasswordTooShort, format!("the password needs at least {MIN_PASSWORD_CHARS} characters")));
    }
    if n_chars > MAX_PASSWORD_CHARS {
        return Err(AccountsError::invalid("password", ErrorCode::PasswordTooLong, format!("the password may have at most {MAX_PASSWORD_CHARS} characters")));
    }
    if password.chars().any(char::is_control) {
        return Err(AccountsError::invalid("password", ErrorCode::PasswordControlCharacters, "the password must not contain control characters"));
    }
    if password.trim().is_empty() {
        return Err(AccountsError::invalid("password", ErrorCode::PasswordBlank, "the password must not be whitespace only"));
    }
    if password.trim().eq_ignore_ascii_case(email.trim()) {
        return Err(AccountsError::invalid("password", ErrorCode::PasswordIsEmail, "the password must not be the e-mail address"));
    }
    let local_part = email.split('@').next().unwrap_or_default();
    if zxcvbn::zxcvbn(password, &[email, local_part]).score() < zxcvbn::Score::Two {
        return Err(AccountsError::invalid(
            "password",
            ErrorCode::PasswordTooCommon,
            "this password is too common or too easy to guess (it is on lists of breached passwords); choose a longer or less usual one",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_its_password_only() {
        let passwords = Passwords::new(PasswordCost::FOR_TESTS).unwrap();
        let hash = passwords.hash("correct horse").unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(passwords.verify("correct horse", &hash));
        assert!(!passwords.verify("correct horsE", &hash));
        assert!(!passwords.verify("correct horse", "not a hash"));
        assert_ne!(hash, passwords.hash("correct horse").unwrap(), "every hash has its own salt");
    }

    #[test]
    fn new_password_rules() {
        assert!(check_new_password("short", "a@b.pl").is_err());
        assert!(check_new_password(&"x".repeat(MAX_PASSWORD_CHARS + 1), "a@b.pl").is_err());
        assert!(check_new_password("Ala@Kot.pl", "ala@kot.pl").is_err());
        assert!(check_new_password("zażółć gęślą", "a@b.pl").is_ok());
    }

    fn refusal(password: &str) -> Option<&'static str> {
        match check_new_password(password, "ala.kowalska@example.pl") {
            Ok(()) => None,
            Err(AccountsError::Invalid { code, .. }) => Some(code.as_str()),
            Err(other) => panic!("{other}"),
        }
    }

    #[test]
    fn common_blank_and_control_passwords_are_refused() {
        for common in ["12345678", "password", "Password1", "qwertyuiop", "iloveyou", "11111111", "ala.kowalska1"] {
            assert_eq!(refusal(common), Some("password_too_common"), "{common}");
        }
        assert_eq!(refusal("        "), Some("password_blank"));
        assert_eq!(refusal("correct\0horse 1"), Some("password_control_characters"));
        assert_eq!(refusal("correct\nhorse 1"), Some("password_control_characters"));
        for fine in ["correct horse 1", "zażółć gęślą jaźń", "Tr4mwaj-do-Nowej-Huty"] {
            assert_eq!(refusal(fine), None, "{fine}");
        }
    }
}
