//! A validated e-mail address with an optional display name.

use std::str::FromStr;

use lettre::message::Mailbox;
use serde::{Deserialize, Serialize};

use crate::MailError;

/// An e-mail address (`user@domain`) and an optional display name; valid once built.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "AddressFields")]
pub struct Address {
    email: String,
    name: Option<String>,
}

/// The stored form, validated again when read back.
#[derive(Deserialize)]
struct AddressFields {
    email: String,
    name: Option<String>,
}

impl TryFrom<AddressFields> for Address {
    type Error = MailError;

    fn try_from(fields: AddressFields) -> Result<Address, MailError> {
        match fields.name {
            Some(name) => Address::with_name(&fields.email, &name),
            None => Address::new(&fields.email),
        }
    }
}

impl Address {
    /// Parses a bare address such as `ala@example.com`.
    pub fn new(email: &str) -> Result<Address, MailError> {
        lettre::Address::from_str(email).map_err(|err| MailError::InvalidAddress { address: email.to_string(), reason: err.to_string() })?;
        Ok(Address { email: email.to_string(), name: None })
    }

    /// Parses an address with a display name (`Ala Kot <ala@example.com>`); a blank name is none.
    pub fn with_name(email: &str, name: &str) -> Result<Address, MailError> {
        let mut address = Address::new(email)?;
        if name.chars().any(char::is_control) {
            return Err(MailError::InvalidAddress { address: email.to_string(), reason: "the name contains a control character".into() });
        }
        let name = name.trim();
        address.name = (!name.is_empty()).then(|| name.to_string());
        Ok(address)
    }

    /// Returns the bare address.
    pub fn email(&self) -> &str {
        &self.email
    }

    /// Returns the display name, if any.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// Returns the part after '@', used as the domain of message ids.
    pub(crate) fn domain(&self) -> &str {
        self.email.rsplit_once('@').map_or("localhost", |(_, domain)| domain)
    }

    /// Builds lettre's mailbox, which encodes a non-ASCII or quoted display name correctly.
    pub(crate) fn mailbox(&self) -> Result<Mailbox, MailError> {
        let email = lettre::Address::from_str(&self.email).map_err(|err| MailError::Build(err.to_string()))?;
        Ok(Mailbox::new(self.name.clone(), email))
    }
}

impl std::fmt::Display for Address {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.name {
            Some(name) => write!(formatter, "{name} <{}>", self.email),
            None => formatter.write_str(&self.email),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_validated() {
        assert!(Address::new("ala@example.com").is_ok());
        assert!(Address::new("no-reply@localhost").is_ok());
        for bad in ["", "ala", "ala@", "@example.com", "ala@example.com\r\nBcc: x@y.z", "a b@example.com"] {
            assert!(matches!(Address::new(bad), Err(MailError::InvalidAddress { .. })), "{bad:?} accepted");
        }
        assert!(Address::with_name("ala@example.com", "Ala\r\nBcc: x@y.z").is_err());
        assert_eq!(Address::with_name("ala@example.com", "  ").unwrap().name(), None);
        assert_eq!(Address::with_name("ala@example.com", " Ala Kot ").unwrap().to_string(), "Ala Kot <ala@example.com>");
    }

    #[test]
    fn stored_addresses_are_validated_when_read() {
        let stored: Result<Address, _> = serde_json::from_str(r#"{"email":"not an address","name":null}"#);
        assert!(stored.is_err());
        let address = Address::with_name("ala@example.com", "Ala").unwrap();
        let json = serde_json::to_string(&address).unwrap();
        assert_eq!(serde_json::from_str::<Address>(&json).unwrap(), address);
    }
}
