//! The production mailer: SMTP through `lettre` (synchronous transport, rustls).

use std::time::{Duration, SystemTime};

use std::sync::Mutex;

use lettre::address::Envelope;
use lettre::transport::smtp::authentication::{Credentials, DEFAULT_MECHANISMS};
use lettre::transport::smtp::client::{SmtpConnection, TlsParameters};
use lettre::transport::smtp::commands;
use lettre::transport::smtp::extension::{ClientId, MailBodyParameter, MailParameter};
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
///
/// # The handover
/// A server delivers a message only once it has read the final "." of DATA; a connection that
/// ends before it leaves nothing behind (RFC 5321 §4.1.1.4). [`Mailer::send_committed`] therefore
/// writes MAIL, RCPT, DATA and the whole content, runs the caller's `commit` (the mail queue
/// flushes its "sent" mark), and only then writes the ".". A process killed before the mark is
/// on disk has not sent the "." (the server discards the message, the queue sends it again); one
/// killed after it has its "." in the kernel's socket buffer or about to be written. What remains
/// is the few instructions between the end of the flush and the `write` of the "."
/// ([`crate::QueueStats::handover_gap_max_micros`] measures it): a kill exactly there loses that mail.
pub struct SmtpMailer {
    settings: SmtpSettings,
    tls: Option<TlsParameters>,
    credentials: Option<Credentials>,
    hello: ClientId,
    from: Address,
    ids: MailIds,
    /// Idle connections, at most `max_idle`; a sender takes one (or opens one) per mail.
    idle: Mutex<Vec<SmtpConnection>>,
    max_idle: usize,
}

impl std::fmt::Debug for SmtpMailer {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.debug_struct("SmtpMailer").field("from", &self.from).finish_non_exhaustive()
    }
}

impl SmtpMailer {
    /// Builds the mailer; no connection is made until the first mail (or [`Self::check_connection`]).
    pub fn new(settings: &SmtpSettings, from: Address) -> Result<SmtpMailer, MailError> {
        Self::with_connections(settings, from, 1)
    }

    /// Like [`SmtpMailer::new`], keeping up to `connections` connections open: one per sender
    /// thread of the mail queue. lettre writes a message's final "." in a separate write without
    /// `TCP_NODELAY`, so each message waits ~40 ms for the server's delayed ACK (measured 44 ms on
    /// loopback); throughput comes from parallel connections.
    pub fn with_connections(settings: &SmtpSettings, from: Address, connections: usize) -> Result<SmtpMailer, MailError> {
        if settings.host.trim().is_empty() {
            return Err(MailError::InvalidSettings("mail.smtp.host is empty".into()));
        }
        if settings.timeout_secs == 0 {
            return Err(MailError::InvalidSettings("mail.smtp.timeout_secs must be at least 1".into()));
        }
        let tls = match settings.security {
            SmtpSecurity::None => None,
            SmtpSecurity::Starttls | SmtpSecurity::Tls => Some(
                TlsParameters::new(settings.host.clone())
                    .map_err(|err| MailError::InvalidSettings(format!("cannot set up TLS for {}: {err}", settings.host)))?,
            ),
        };
        let credentials = match (&settings.username, &settings.password) {
            (Some(username), Some(password)) => Some(Credentials::new(username.clone(), password.clone())),
            (None, None) => None,
            _ => return Err(MailError::InvalidSettings("mail.smtp.username and mail.smtp.password go together".into())),
        };
        Ok(SmtpMailer {
            settings: settings.clone(),
            tls,
            credentials,
            hello: ClientId::default(),
            from,
            ids: MailIds::default(),
            idle: Mutex::new(Vec::new()),
            max_idle: connections.max(1),
        })
    }

    /// Connects to the server and greets it, so a misconfiguration shows at start-up.
    pub fn check_connection(&self) -> Result<(), MailError> {
        let mut connection = self.connect().map_err(|err| map_smtp_error(&err))?;
        let _ = connection.quit();
        Ok(())
    }

    /// Opens a connection as lettre's transport does: greeting, EHLO, TLS, login.
    fn connect(&self) -> Result<SmtpConnection, lettre::transport::smtp::Error> {
        let wrapper = match self.settings.security {
            SmtpSecurity::Tls => self.tls.as_ref(),
            _ => None,
        };
        let port = self.settings.port.unwrap_or(self.settings.security.default_port());
        let timeout = Some(Duration::from_secs(self.settings.timeout_secs));
        let mut connection = SmtpConnection::connect((self.settings.host.as_str(), port), timeout, &self.hello, wrapper, None)?;
        if let (SmtpSecurity::Starttls, Some(tls)) = (self.settings.security, &self.tls) {
            connection.starttls(tls, &self.hello)?;
        }
        if let Some(credentials) = &self.credentials {
            connection.auth(DEFAULT_MECHANISMS, credentials)?;
        }
        Ok(connection)
    }

    fn take_idle(&self) -> Option<SmtpConnection> {
        self.idle.lock().unwrap_or_else(|p| p.into_inner()).pop()
    }

    fn put_idle(&self, mut connection: SmtpConnection) {
        let mut idle = self.idle.lock().unwrap_or_else(|p| p.into_inner());
        if idle.len() < self.max_idle && !connection.has_broken() {
            idle.push(connection);
        } else {
            drop(idle);
            let _ = connection.quit();
        }
    }
}

/// The content of DATA, then the caller's commit, then nothing: lettre writes the final "." when
/// this iterator ends, so the commit runs after the content is written and before the ".".
struct ContentThenCommit<'a> {
    content: Option<&'a [u8]>,
    commit: Option<&'a mut dyn FnMut() -> Result<(), MailError>>,
    committed: &'a mut bool,
}

impl<'a> Iterator for ContentThenCommit<'a> {
    type Item = &'a [u8];

    fn next(&mut self) -> Option<&'a [u8]> {
        if let Some(content) = self.content.take() {
            return Some(content);
        }
        if let Some(commit) = self.commit.take() {
            *self.committed = true;
            if let Err(error) = commit() {
                // The "." goes out anyway (lettre offers no way to stop here); the caller knows.
                tracing::error!(%error, "the mail's commit failed before its final dot");
            }
        }
        None
    }
}

/// One mail transaction on `connection`, committing before the final "."; `committed` tells
/// whether `commit` ran (so the server may have the mail).
fn transact(
    connection: &mut SmtpConnection,
    envelope: &Envelope,
    content: &[u8],
    commit: &mut dyn FnMut() -> Result<(), MailError>,
    committed: &mut bool,
) -> Result<(), lettre::transport::smtp::Error> {
    let mut parameters = Vec::new();
    let addresses = envelope.from().into_iter().chain(envelope.to());
    if addresses.clone().any(|address| !AsRef::<str>::as_ref(address).is_ascii()) {
        parameters.push(MailParameter::SmtpUtfEight);
    }
    if !content.is_ascii() {
        parameters.push(MailParameter::Body(MailBodyParameter::EightBitMime));
    }
    connection.command(commands::Mail::new(envelope.from().cloned(), parameters))?;
    for recipient in envelope.to() {
        connection.command(commands::Rcpt::new(recipient.clone(), vec![]))?;
    }
    connection.command(commands::Data)?;
    connection.message_iter(ContentThenCommit { content: Some(content), commit: Some(commit), committed })?;
    Ok(())
}

impl Mailer for SmtpMailer {
    fn send(&self, mail: &Mail) -> Result<SentMail, MailError> {
        self.send_committed(mail, &mut || Ok(()))
    }

    fn send_committed(&self, mail: &Mail, commit: &mut dyn FnMut() -> Result<(), MailError>) -> Result<SentMail, MailError> {
        let (id, _) = self.ids.next();
        let message_id = message_id(&id, &self.from);
        let message = build_message(&self.from, mail, &message_id, SystemTime::now())?;
        let content = message.formatted();
        // A kept connection may have been closed by the server meanwhile: a failure before the
        // commit on one is retried once on a new connection (nothing was handed over).
        let mut kept = self.take_idle();
        loop {
            let reused = kept.is_some();
            let mut connection = match kept.take() {
                Some(connection) => connection,
                None => self.connect().map_err(|err| {
                    tracing::warn!(tag = %mail.tag, error = %err, "smtp connection failed");
                    map_smtp_error(&err)
                })?,
            };
            let mut committed = false;
            match transact(&mut connection, message.envelope(), &content, commit, &mut committed) {
                Ok(()) => {
                    self.put_idle(connection);
                    tracing::info!(id = %id, tag = %mail.tag, "mail sent over smtp");
                    return Ok(SentMail { id, message_id });
                }
                Err(err) => {
                    connection.abort();
                    if reused && !committed && !err.is_permanent() && !err.is_client() {
                        continue;
                    }
                    let mail_error = map_smtp_error(&err);
                    tracing::warn!(id = %id, tag = %mail.tag, error = %err, committed, retryable = mail_error.is_retryable(), "smtp send failed");
                    return Err(mail_error);
                }
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
