//! The development mailer: every mail is one JSON file in `{data_dir}/mail/outbox/`.

use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;

use crate::message::{build_message, is_mail_id, message_id, MailIds};
use crate::{Address, Mail, MailError, Mailer, SentMail};

/// One mail as the outbox stores it (`{id}.json`): the [`Mail`] with what sending it gave, its
/// fields flattened so the file (and the dev mailbox's JSON) is one flat object.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredMail {
    /// The id, sortable by time.
    pub id: String,
    /// When it was sent.
    #[serde(with = "time::serde::rfc3339")]
    pub at: OffsetDateTime,
    /// The `Message-ID` header, with its angle brackets.
    pub message_id: String,
    /// The sender.
    pub from: Address,
    /// The mail as the feature built it.
    #[serde(flatten)]
    pub mail: Mail,
}

impl StoredMail {
    /// Renders the RFC 5322 message exactly as the SMTP mailer would have sent it.
    pub fn to_eml(&self) -> Result<Vec<u8>, MailError> {
        Ok(build_message(&self.from, &self.mail, &self.message_id, self.at.into())?.formatted())
    }
}

/// Reads the outbox directory: the dev mailbox page's view of sent mail.
#[derive(Debug, Clone)]
pub struct Outbox {
    dir: PathBuf,
}

impl Outbox {
    /// Opens `{data_dir}/mail/outbox/`, creating it when missing.
    pub fn in_data_dir(data_dir: &Path) -> Result<Outbox, MailError> {
        Outbox::open(data_dir.join("mail").join("outbox"))
    }

    /// Opens an outbox directory, creating it when missing.
    pub fn open(dir: impl Into<PathBuf>) -> Result<Outbox, MailError> {
        let dir = dir.into();
        fs::create_dir_all(&dir).map_err(|err| MailError::io(format!("cannot create the outbox {}", dir.display()), err))?;
        Ok(Outbox { dir })
    }

    /// Returns the directory the mails are written to.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Returns at most `limit` mails, newest first, only those to `to` (any case) when given.
    pub fn list(&self, limit: usize, to: Option<&str>) -> Result<Vec<StoredMail>, MailError> {
        let mut ids = self.ids()?;
        ids.sort_unstable_by(|left, right| right.cmp(left));
        let mut stored_mails = Vec::new();
        for id in ids {
            if stored_mails.len() >= limit {
                break;
            }
            // A mail listed a moment ago may be gone if someone cleaned the directory meanwhile.
            let Some(stored_mail) = self.read(&id)? else { continue };
            if to.is_none_or(|to| stored_mail.mail.to.email().eq_ignore_ascii_case(to)) {
                stored_mails.push(stored_mail);
            }
        }
        Ok(stored_mails)
    }

    /// Returns one mail; an id of any other shape than ours is refused (no path traversal).
    pub fn get(&self, id: &str) -> Result<Option<StoredMail>, MailError> {
        if !is_mail_id(id) {
            return Err(MailError::InvalidMailId(id.to_string()));
        }
        self.read(id)
    }

    /// Returns one mail rendered as an RFC 5322 message (`.eml`).
    pub fn eml(&self, id: &str) -> Result<Option<Vec<u8>>, MailError> {
        self.get(id)?.map(|stored_mail| stored_mail.to_eml()).transpose()
    }

    fn ids(&self) -> Result<Vec<String>, MailError> {
        let entries = fs::read_dir(&self.dir).map_err(|err| MailError::io("cannot list the outbox", err))?;
        let mut ids = Vec::new();
        for entry in entries {
            let entry = entry.map_err(|err| MailError::io("cannot list the outbox", err))?;
            let file_name = entry.file_name();
            // Temporary files and anything else dropped into the directory are not mails.
            if let Some(id) = file_name.to_str().and_then(|name| name.strip_suffix(".json")).filter(|id| is_mail_id(id)) {
                ids.push(id.to_string());
            }
        }
        Ok(ids)
    }

    fn read(&self, id: &str) -> Result<Option<StoredMail>, MailError> {
        let bytes = match fs::read(self.dir.join(format!("{id}.json"))) {
            Ok(bytes) => bytes,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(err) => return Err(MailError::io(format!("cannot read mail {id}"), err)),
        };
        serde_json::from_slice(&bytes).map(Some).map_err(|err| MailError::Corrupt { id: id.to_string(), reason: err.to_string() })
    }

    /// Writes the mail durably: temporary file, fsync, rename, directory fsync.
    fn write(&self, stored_mail: &StoredMail) -> Result<(), MailError> {
        let json = serde_json::to_vec_pretty(stored_mail).map_err(|err| MailError::Build(err.to_string()))?;
        let final_path = self.dir.join(format!("{}.json", stored_mail.id));
        let temp_path = self.dir.join(format!(".{}.json.tmp", stored_mail.id));
        let context = |what: &str| format!("cannot {what} mail {}", stored_mail.id);
        let write_temp = || -> std::io::Result<()> {
            let mut file = File::create(&temp_path)?;
            file.write_all(&json)?;
            file.sync_all()
        };
        if let Err(err) = write_temp() {
            let _ = fs::remove_file(&temp_path);
            return Err(MailError::io(context("write"), err));
        }
        if let Err(err) = fs::rename(&temp_path, &final_path) {
            let _ = fs::remove_file(&temp_path);
            return Err(MailError::io(context("rename"), err));
        }
        // The rename is durable only once the directory entry itself is on disk.
        File::open(&self.dir).and_then(|dir| dir.sync_all()).map_err(|err| MailError::io(context("sync the outbox for"), err))
    }
}

/// The embedded default mailer: stores every mail in the [`Outbox`] instead of sending it.
#[derive(Debug)]
pub struct OutboxMailer {
    outbox: Outbox,
    from: Address,
    ids: MailIds,
}

impl OutboxMailer {
    /// Builds a mailer writing to `outbox` with the board's `From` address.
    pub fn new(outbox: Outbox, from: Address) -> OutboxMailer {
        OutboxMailer { outbox, from, ids: MailIds::default() }
    }

    /// Returns the outbox it writes to.
    pub fn outbox(&self) -> &Outbox {
        &self.outbox
    }

    /// Returns at most `limit` mails, newest first, only those to `to` when given.
    pub fn list(&self, limit: usize, to: Option<&str>) -> Result<Vec<StoredMail>, MailError> {
        self.outbox.list(limit, to)
    }

    /// Returns one mail by id (ids of another shape are refused).
    pub fn get(&self, id: &str) -> Result<Option<StoredMail>, MailError> {
        self.outbox.get(id)
    }
}

impl Mailer for OutboxMailer {
    fn send(&self, mail: &Mail) -> Result<SentMail, MailError> {
        mail.validate()?;
        let (id, at) = self.ids.next();
        let stored_mail = StoredMail { message_id: message_id(&id, &self.from), id, at, from: self.from.clone(), mail: mail.clone() };
        self.outbox.write(&stored_mail)?;
        tracing::info!(id = %stored_mail.id, tag = %stored_mail.mail.tag, "mail written to the outbox");
        Ok(SentMail { id: stored_mail.id, message_id: stored_mail.message_id })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_mail_keeps_its_file_format() {
        // Outbox files written before the outbox stored a `Mail` still read, and are written alike.
        let stored = r#"{"id":"1700000000000-0a1b2c3d","at":"2023-11-14T22:13:20Z","message_id":"<1700000000000-0a1b2c3d@it.wakat.pl>","from":{"email":"no-reply@it.wakat.pl","name":"Wakat IT"},"to":{"email":"ala@example.com","name":null},"subject":"Hi","text":"t","html":"<p>h</p>","headers":[],"tag":"account.confirm"}"#;
        let stored_mail: StoredMail = serde_json::from_str(stored).unwrap();
        assert_eq!(stored_mail.mail.subject, "Hi");
        assert_eq!(serde_json::to_string(&stored_mail).unwrap(), stored);
    }

    #[test]
    fn an_attachment_is_stored_in_base64_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let mailer = OutboxMailer::new(Outbox::open(dir.path()).unwrap(), Address::new("no-reply@it.wakat.pl").unwrap());
        let content = crate::MailContent { text: "t".into(), html: "<p>h</p>".into() };
        let mail = Mail::new(Address::new("jobs@acme.example").unwrap(), "Application", content, "application.delivery")
            .with_attachment(crate::Attachment::new("cv.pdf", "application/pdf", vec![0, 159, 146, 150]));
        let sent = mailer.send(&mail).unwrap();
        let raw = std::fs::read_to_string(dir.path().join(format!("{}.json", sent.id))).unwrap();
        assert!(raw.contains("\"content\": \"AJ+Slg==\""), "{raw}");
        let stored = mailer.get(&sent.id).unwrap().unwrap();
        assert_eq!(stored.mail, mail);
        assert!(String::from_utf8(stored.to_eml().unwrap()).unwrap().contains("filename=\"cv.pdf\""));
    }
}
