//! The production mailer: SMTP through `lettre` (synchronous transport, rustls).

use std::time::{Duration, SystemTime};

use lettre::transport::smtp::authentication::Credentials;
use lettre::{SmtpTransport, Transport};
use serde::Deserialize;

use crate::message::{build_message, message_id, MailIds};
use crate::{Address, Mail, MailError, Mailer, SentMail};

/// How the connection to the SMTP server is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SmtpSecurity {
    /// Plain text (a local relay or a test sink only); default port 25.
    None,
    /// Plain connection upgraded with STARTTLS, which is required; default port 587.
    #[default]
    Starttls,
    /// TLS from the first byte (SMTPS); default port 465.
    Tls,
}

impl SmtpSecurity {
    /// Returns the usual port of this kind of connection.
    pub fn default_port(self) -> u16 {
        match self {
            SmtpSecurity::None => 25,
            SmtpSecurity::Starttls => 587,
            SmtpSecurity::Tls => 465,
        }
    }
}

/// Where and how to reach the SMTP server (`[mail.smtp]` in `wakat.toml`).
#[derive(Clone, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SmtpSettings {
    /// The server's host name (also the name its TLS certificate must carry).
    pub host: String,
    /// The port; the security's usual port when absent.
    pub port: Option<u16>,
    /// The user to log in as; no login when absent.
    pub username: Option<String>,
    /// The password of `username`.
    pub password: Option<String>,
    /// How the connection is protected.
    pub security: SmtpSecurity,
    /// How long one SMTP command may take, in seconds.
    pub timeout_secs: u64,
}

impl Default for SmtpSettings {
    fn default() -> SmtpSettings {
        SmtpSettings { host: "localhost".into(), port: None, username: None, password: None, security: SmtpSecurity::default(), timeout_secs: 10 }
    }
}

// The password must never reach a log line through `{:?}`.
impl std::fmt::Debug for SmtpSettings {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("SmtpSettings")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("username", &self.username)
            .field("password", &self.password.as_ref().map(|_| "<redacted>"))
            .field("security", &self.security)
            .field("timeout_secs", &self.timeout_secs)
            .finish()
    }
}

/// Sends every mail through an SMTP server, as multipart/alternative (text + HTML).
pub struct SmtpMailer {
    transport: SmtpTransport,
    from: Address,
    ids: MailIds,
}

impl std::fmt::Debug for SmtpMailer {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.debug_struct("SmtpMailer").field("from", &self.from).finish_non_exhaustive()
    }
}

impl SmtpMailer {
    /// Builds the transport; no connection is made until the first mail (or [`Self::check_connection`]).
    pub fn new(settings: &SmtpSettings, from: Address) -> Result<SmtpMailer, MailError> {
        Self::build(settings, from, lettre::transport::smtp::PoolConfig::new())
    }

    fn build(settings: &SmtpSettings, from: Address, pool: lettre::transport::smtp::PoolConfig) -> Result<SmtpMailer, MailError> {
        if settings.host.trim().is_empty() {
            return Err(MailError::InvalidSettings("mail.smtp.host is empty".into()));
        }
        if settings.timeout_secs == 0 {
            return Err(MailError::InvalidSettings("mail.smtp.timeout_secs must be at least 1".into()));
        }
        let tls_error = |err: lettre::transport::smtp::Error| MailError::InvalidSettings(format!("cannot set up TLS for {}: {err}", settings.host));
        let builder = match settings.security {
            SmtpSecurity::None => SmtpTransport::builder_dangerous(settings.host.as_str()),
            SmtpSecurity::Starttls => SmtpTransport::starttls_relay(&settings.host).map_err(tls_error)?,
            SmtpSecurity::Tls => SmtpTransport::relay(&settings.host).map_err(tls_error)?,
        };
        let mut builder =
            builder.port(settings.port.unwrap_or(settings.security.default_port())).timeout(Some(Duration::from_secs(settings.timeout_secs))).pool_config(pool);
        match (&settings.username, &settings.password) {
            (Some(username), Some(password)) => builder = builder.credentials(Credentials::new(username.clone(), password.clone())),
            (None, None) => {}
            _ => return Err(MailError::InvalidSettings("mail.smtp.username and mail.smtp.password go together".into())),
        }
        Ok(SmtpMailer { transport: builder.build(), from, ids: MailIds::default() })
    }

    /// Like [`SmtpMailer::new`], keeping up to `connections` connections open: one per sender
    /// thread of the mail queue. lettre writes a message's final "." in a separate write without
    /// `TCP_NODELAY`, so each message waits ~40 ms for the server's delayed ACK (measured 44 ms on
    /// loopback); throughput comes from parallel connections.
    pub fn with_connections(settings: &SmtpSettings, from: Address, connections: usize) -> Result<SmtpMailer, MailError> {
        let pool = lettre::transport::smtp::PoolConfig::new().max_size(u32::try_from(connections.max(1)).unwrap_or(u32::MAX));
        Self::build(settings, from, pool)
    }

    /// Connects to the server and greets it, so a misconfiguration shows at start-up.
    pub fn check_connection(&self) -> Result<(), MailError> {
        match self.transport.test_connection() {
            Ok(true) => Ok(()),
            Ok(false) => Err(MailError::Unavailable("the server did not answer the greeting".into())),
            Err(err) => Err(map_smtp_error(&err)),
        }
    }
}

impl Mailer for SmtpMailer {
    fn send(&self, mail: &Mail) -> Result<SentMail, MailError> {
        let (id, _) = self.ids.next();
        let message_id = message_id(&id, &self.from);
        let message = build_message(&self.from, mail, &message_id, SystemTime::now())?;
        match self.transport.send(&message) {
            Ok(_) => {
                tracing::info!(id = %id, tag = %mail.tag, "mail sent over smtp");
                Ok(SentMail { id, message_id })
            }
            Err(err) => {
                let mail_error = map_smtp_error(&err);
                tracing::warn!(id = %id, tag = %mail.tag, error = %err, retryable = mail_error.is_retryable(), "smtp send failed");
                Err(mail_error)
            }
        }
    }
}

/// Keeps "the server said no for good" (5xx) apart from everything worth retrying later.
fn map_smtp_error(err: &lettre::transport::smtp::Error) -> MailError {
    if err.is_permanent() {
        MailError::Refused(err.to_string())
    } else {
        MailError::Unavailable(err.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn from() -> Address {
        Address::new("no-reply@example.com").unwrap()
    }

    #[test]
    fn settings_are_checked() {
        let mut settings = SmtpSettings { username: Some("user".into()), ..SmtpSettings::default() };
        assert!(matches!(SmtpMailer::new(&settings, from()), Err(MailError::InvalidSettings(_))));
        settings.password = Some("secret".into());
        SmtpMailer::new(&settings, from()).unwrap();
        settings.timeout_secs = 0;
        assert!(SmtpMailer::new(&settings, from()).is_err());
    }

    #[test]
    fn debug_hides_the_password() {
        let settings = SmtpSettings { password: Some("hunter2".into()), ..SmtpSettings::default() };
        assert!(!format!("{settings:?}").contains("hunter2"));
    }

    #[test]
    fn an_unreachable_server_is_retryable_not_a_panic() {
        // Port 1 on loopback is closed on any test machine: the connection is refused at once.
        let settings = SmtpSettings { host: "127.0.0.1".into(), port: Some(1), security: SmtpSecurity::None, ..SmtpSettings::default() };
        let mailer = SmtpMailer::new(&settings, from()).unwrap();
        let content = crate::MailContent { text: "t".into(), html: "<p>t</p>".into() };
        let mail = Mail::new(Address::new("ala@example.com").unwrap(), "Hi", content, "test.unreachable");
        let err = mailer.send(&mail).unwrap_err();
        assert!(err.is_retryable(), "{err:?}");
        assert!(mailer.check_connection().is_err());
    }
}
