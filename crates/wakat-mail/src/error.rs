//! The one error type of the mailer: the caller's mistakes, delivery failures and internal faults.

/// Why a mail could not be built, sent or read back.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MailError {
    /// An e-mail address or display name is malformed.
    #[error("invalid e-mail address `{address}`: {reason}")]
    InvalidAddress {
        /// The address as given.
        address: String,
        /// What is wrong with it.
        reason: String,
    },
    /// An extra header has a bad name or value, or would replace a header the mailer writes.
    #[error("invalid header `{name}`: {reason}")]
    InvalidHeader {
        /// The header name as given.
        name: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The subject contains a line break or another control character.
    #[error("invalid subject: {0}")]
    InvalidSubject(String),
    /// A tag is not a short dotted name such as `account.confirm`.
    #[error("invalid mail tag `{0}`: expected 1-64 characters of a-z, 0-9, '.', '_' or '-'")]
    InvalidTag(String),
    /// An attachment has a bad name or type, or the attachments are too large together.
    #[error("invalid attachment: {0}")]
    InvalidAttachment(String),
    /// A link is neither an http(s) URL nor a path on the board.
    #[error("invalid link `{0}`: expected an http(s) URL or a path starting with '/'")]
    InvalidLink(String),
    /// A colour is not `#rgb` or `#rrggbb`.
    #[error("invalid colour `{0}`: expected #rgb or #rrggbb")]
    InvalidColor(String),
    /// A language is neither `pl` nor `en`.
    #[error("invalid mail language `{0}`: expected pl or en")]
    InvalidLang(String),
    /// An outbox id is malformed (which also refuses any path traversal).
    #[error("invalid mail id `{0}`")]
    InvalidMailId(String),
    /// The mail settings cannot build a mailer.
    #[error("invalid mail settings: {0}")]
    InvalidSettings(String),
    /// The mail server refused the mail for good (a 5xx answer); retrying will not help.
    #[error("the mail server refused the mail: {0}")]
    Refused(String),
    /// The mail server could not be reached or answered "try later" (4xx, timeout, TLS, network).
    #[error("the mail server is unavailable: {0}")]
    Unavailable(String),
    /// Reading or writing the outbox failed.
    #[error("{context}: {source}")]
    Io {
        /// What was being done.
        context: String,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// A stored mail cannot be decoded.
    #[error("stored mail `{id}` cannot be decoded: {reason}")]
    Corrupt {
        /// The id of the mail.
        id: String,
        /// Why it cannot be decoded.
        reason: String,
    },
    /// The mail queue's store failed.
    #[error("mail queue store: {0}")]
    Store(#[from] wakat_store::StoreError),
    /// The message could not be assembled from validated parts (an internal fault).
    #[error("mail cannot be built: {0}")]
    Build(String),
}

impl MailError {
    /// Returns whether sending again later may succeed (the server was unavailable).
    pub fn is_retryable(&self) -> bool {
        matches!(self, MailError::Unavailable(_))
    }

    pub(crate) fn io(context: impl Into<String>, source: std::io::Error) -> MailError {
        MailError::Io { context: context.into(), source }
    }
}
