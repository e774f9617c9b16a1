//! The `[mail]` settings and the one function that turns them into a mailer.

use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;

use crate::{Address, MailError, Mailer, Outbox, OutboxMailer, SmtpMailer, SmtpSettings};

/// Which mailer the board uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MailTransport {
    /// Every mail goes to `{data_dir}/mail/outbox/` (development; nothing leaves the machine).
    #[default]
    Outbox,
    /// Every mail goes to the SMTP server of `[mail.smtp]`.
    Smtp,
}

/// The `[mail]` section of `wakat.toml`; the default writes to the outbox.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MailSettings {
    /// Outbox or SMTP.
    pub transport: MailTransport,
    /// The sender address of every mail.
    pub from: String,
    /// The sender's display name, such as the board's name.
    pub from_name: Option<String>,
    /// The SMTP server, used when `transport = "smtp"`.
    pub smtp: SmtpSettings,
    /// Threads of the mail queue sending at once (each mail is marked sent before its thread
    /// takes the next, so a crash can repeat at most this many).
    pub senders: usize,
    /// Serves the outbox's mails (password-reset links included) at `/api/dev/mailbox` to
    /// clients on the server's own machine. Off unless switched on: a development aid, never a
    /// production feature (the server refuses to start with it on a non-loopback address).
    pub dev_mailbox: bool,
}

impl Default for MailSettings {
    fn default() -> MailSettings {
        MailSettings {
            transport: MailTransport::Outbox,
            from: "no-reply@localhost".into(),
            from_name: None,
            smtp: SmtpSettings::default(),
            senders: 32,
            dev_mailbox: false,
        }
    }
}

impl MailSettings {
    /// Returns the validated `From` address.
    pub fn from_address(&self) -> Result<Address, MailError> {
        match &self.from_name {
            Some(name) => Address::with_name(&self.from, name),
            None => Address::new(&self.from),
        }
    }
}

/// Builds the configured mailer; the outbox lives in `{data_dir}/mail/outbox/`.
pub fn build_mailer(settings: &MailSettings, data_dir: &Path) -> Result<Arc<dyn Mailer>, MailError> {
    let from = settings.from_address()?;
    Ok(match settings.transport {
        MailTransport::Outbox => Arc::new(OutboxMailer::new(Outbox::in_data_dir(data_dir)?, from)),
        MailTransport::Smtp => Arc::new(SmtpMailer::with_connections(&settings.smtp, from, settings.senders)?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SmtpSecurity;

    #[test]
    fn the_default_is_the_outbox() {
        let data_dir = tempfile::tempdir().unwrap();
        let settings: MailSettings = serde_json::from_str("{}").unwrap();
        assert_eq!(settings, MailSettings::default());
        build_mailer(&settings, data_dir.path()).unwrap();
        assert!(data_dir.path().join("mail/outbox").is_dir());
    }

    #[test]
    fn smtp_settings_are_read() {
        let json = r#"{"transport":"smtp","from":"no-reply@it.wakat.pl","from_name":"Wakat IT",
            "smtp":{"host":"smtp.example.com","port":2525,"security":"tls","username":"u","password":"p","timeout_secs":5}}"#;
        let settings: MailSettings = serde_json::from_str(json).unwrap();
        assert_eq!(settings.transport, MailTransport::Smtp);
        assert_eq!(settings.smtp.security, SmtpSecurity::Tls);
        assert_eq!(settings.smtp.port, Some(2525));
        assert_eq!(settings.from_address().unwrap().to_string(), "Wakat IT <no-reply@it.wakat.pl>");
        build_mailer(&settings, Path::new("/nonexistent")).unwrap();
    }

    #[test]
    fn a_bad_sender_or_transport_is_refused() {
        let settings = MailSettings { from: "not an address".into(), ..MailSettings::default() };
        assert!(matches!(build_mailer(&settings, Path::new("/nonexistent")), Err(MailError::InvalidAddress { .. })));
        assert!(serde_json::from_str::<MailSettings>(r#"{"transport":"carrier-pigeon"}"#).is_err());
    }
}
