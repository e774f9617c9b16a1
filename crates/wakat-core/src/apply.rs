//! Applying to an offer through the in-product form (spec §5 "Apply form"): the form's rules, the
//! one-click conditions and the candidate's status for apply prompts.
//!
//! Two steps, as for every other input: [`ApplyFormInput`] holds the multipart text fields as they
//! came and [`ApplyFormInput::parse`] turns them into an [`ApplyForm`] of typed values (or refuses a
//! malformed boolean, source or candidate id); [`ApplyForm::validate`] then applies the form's rules
//! and answers the first broken one with the spec's key. The attachment's bytes never come here:
//! the upload machinery checks size and type while streaming (with [`attachment_size_error`] and
//! [`AttachmentType`]) and tells the form only whether there is one.

use serde::{Deserialize, Serialize};

use crate::email::{email_identity, is_valid_email, normalize_email};
use crate::{ErrorCode, FieldError, Preferences};

/// Largest attachment accepted, in bytes; exactly this many is accepted.
pub const MAX_ATTACHMENT_BYTES: u64 = 5_000_000;
/// Longest message accepted, in characters (not bytes).
pub const MAX_MESSAGE_CHARS: usize = 1000;
/// How many characters before [`MAX_MESSAGE_CHARS`] the form's counter starts warning.
pub const MESSAGE_WARNING_BUFFER: usize = 100;
/// Characters of a consent or information clause shown before "show more".
pub const CONSENT_PREVIEW_CHARS: usize = 120;
/// Longest name accepted, in characters. The spec is silent; no real name comes near it, and the
/// name travels in e-mails to the employer.
pub const MAX_NAME_CHARS: usize = 200;
/// Longest candidate id accepted.
pub const MAX_CANDIDATE_ID_CHARS: usize = 64;

/// How an application was sent; the wire names are the spec's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ApplySource {
    /// The candidate filled in the form.
    #[serde(rename = "apply_form")]
    ApplyForm,
    /// One-click apply with the stored profile and CV.
    #[serde(rename = "1_click_apply")]
    OneClickApply,
}

impl ApplySource {
    /// The wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            ApplySource::ApplyForm => "apply_form",
            ApplySource::OneClickApply => "1_click_apply",
        }
    }

    /// Parses the wire name (exactly, after trimming).
    pub fn parse(input: &str) -> Option<ApplySource> {
        match input.trim() {
            "apply_form" => Some(ApplySource::ApplyForm),
            "1_click_apply" => Some(ApplySource::OneClickApply),
            _ => None,
        }
    }
}

/// File types an attachment may have (spec: pdf, docx, jpeg, png).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AttachmentType {
    /// `application/pdf`.
    Pdf,
    /// Word document (Office Open XML).
    Docx,
    /// `image/jpeg`.
    Jpeg,
    /// `image/png`.
    Png,
}

impl AttachmentType {
    /// Every accepted type.
    pub const ALL: &'static [AttachmentType] = &[AttachmentType::Pdf, AttachmentType::Docx, AttachmentType::Jpeg, AttachmentType::Png];

    /// The MIME type stored and served with the file.
    pub fn mime(self) -> &'static str {
        match self {
            AttachmentType::Pdf => "application/pdf",
            AttachmentType::Docx => "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            AttachmentType::Jpeg => "image/jpeg",
            AttachmentType::Png => "image/png",
        }
    }

    /// Recognises a declared MIME type (parameters such as `; charset=` ignored, case-insensitive).
    pub fn from_mime(mime: &str) -> Option<AttachmentType> {
        let essence = mime.split(';').next().unwrap_or("").trim();
        AttachmentType::ALL.iter().copied().find(|kind| essence.eq_ignore_ascii_case(kind.mime()))
    }

    /// Recognises a file name's extension (`.pdf`, `.docx`, `.jpg`/`.jpeg`, `.png`).
    pub fn from_file_name(file_name: &str) -> Option<AttachmentType> {
        let (_, extension) = file_name.rsplit_once('.')?;
        match extension.to_ascii_lowercase().as_str() {
            "pdf" => Some(AttachmentType::Pdf),
            "docx" => Some(AttachmentType::Docx),
            "jpg" | "jpeg" => Some(AttachmentType::Jpeg),
            "png" => Some(AttachmentType::Png),
            _ => None,
        }
    }
}

/// Returns the `fileSize` error for an attachment of `n_bytes`, or `None` when the size is accepted.
pub fn attachment_size_error(n_bytes: u64) -> Option<FieldError> {
    (n_bytes > MAX_ATTACHMENT_BYTES)
        .then(|| FieldError::new("attachment", ErrorCode::FileSize, format!("attachment must be at most {MAX_ATTACHMENT_BYTES} bytes")))
}

/// Returns the `fileType` error for an attachment that is none of [`AttachmentType::ALL`].
pub fn attachment_type_error() -> FieldError {
    FieldError::new("attachment", ErrorCode::FileType, "attachment must be a pdf, docx, jpeg or png file")
}

/// Counts a message's characters as the form's counter does: a line break is one character even
/// when the browser sends it as CRLF.
pub fn message_chars(message: &str) -> usize {
    message.chars().count() - message.matches("\r\n").count()
}

/// Whether the form's counter warns: the message is within [`MESSAGE_WARNING_BUFFER`] characters of
/// the limit, or over it.
pub fn message_near_limit(n_chars: usize) -> bool {
    n_chars >= MAX_MESSAGE_CHARS - MESSAGE_WARNING_BUFFER
}

/// Cuts a consent or clause text to [`CONSENT_PREVIEW_CHARS`] characters; the flag says whether
/// anything was cut (so "show more" is needed).
pub fn consent_preview(text: &str) -> (&str, bool) {
    match text.char_indices().nth(CONSENT_PREVIEW_CHARS) {
        Some((cut_at, _)) => (&text[..cut_at], true),
        None => (text, false),
    }
}

/// Whether a candidate id can be stored and used in keys: 1 to 64 ASCII letters, digits, `-`, `_`.
pub fn is_valid_candidate_id(candidate_id: &str) -> bool {
    !candidate_id.is_empty()
        && candidate_id.len() <= MAX_CANDIDATE_ID_CHARS
        && candidate_id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A parsed apply form. Build it with [`ApplyFormInput::parse`] and check it with
/// [`ApplyForm::validate`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApplyForm {
    /// The applicant's name, trimmed.
    pub name: String,
    /// The applicant's e-mail, trimmed with its domain lowercased ([`normalize_email`]).
    pub email: String,
    /// The message to the employer, trimmed, line breaks as `\n`; `None` when blank.
    pub message: Option<String>,
    /// Form or one-click.
    pub source: ApplySource,
    /// Consent to being considered for future recruitments.
    pub future_consent_accepted: bool,
    /// The offer's own custom consent.
    pub custom_consent_accepted: bool,
    /// The logged-in candidate, if any. The server must check it against the session rather than
    /// trust the form.
    pub candidate_id: Option<String>,
    /// Whether a file came with the form (the upload machinery already checked it).
    pub has_attachment: bool,
}

impl ApplyForm {
    /// Checks the form's rules and returns the first broken one, in the order name, email, message
    /// length, attachment-or-message.
    pub fn validate(&self) -> Result<(), FieldError> {
        let name = self.name.trim();
        if name.is_empty() {
            return Err(FieldError::new("name", ErrorCode::Required, "name is required"));
        }
        if name.chars().count() > MAX_NAME_CHARS || name.chars().any(char::is_control) {
            return Err(FieldError::new("name", ErrorCode::InvalidName, format!("name must be at most {MAX_NAME_CHARS} characters of text")));
        }
        let email = self.email.trim();
        if email.is_empty() {
            return Err(FieldError::new("email", ErrorCode::Required, "email is required"));
        }
        if !is_valid_email(email) {
            return Err(FieldError::new("email", ErrorCode::InvalidEmail, "email is not a valid address"));
        }
        let message = self.message.as_deref().unwrap_or("");
        if message_chars(message) > MAX_MESSAGE_CHARS {
            return Err(FieldError::new("message", ErrorCode::MessageLength, format!("message must be at most {MAX_MESSAGE_CHARS} characters")));
        }
        if !self.has_attachment && message.trim().is_empty() {
            return Err(FieldError::new("attachment", ErrorCode::FileOrDescriptionRequired, "an attachment or a message is required"));
        }
        Ok(())
    }

    /// The applicant's identity for spotting the same person twice ([`email_identity`]).
    pub fn normalized_email(&self) -> String {
        email_identity(&self.email)
    }
}

/// The apply form's text fields as they arrived (multipart or JSON), every one optional.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ApplyFormInput {
    /// `name`.
    pub name: Option<String>,
    /// `email`.
    pub email: Option<String>,
    /// `message`.
    pub message: Option<String>,
    /// `source`: `apply_form` (the default) or `1_click_apply`.
    pub source: Option<String>,
    /// `future_consent_accepted`.
    pub future_consent_accepted: Option<String>,
    /// `custom_consent_accepted`.
    pub custom_consent_accepted: Option<String>,
    /// `candidate_id`.
    pub candidate_id: Option<String>,
    /// Set by the caller once a file part was accepted; not a form field.
    #[serde(skip)]
    pub has_attachment: bool,
}

/// Parses a consent flag: `true`, `false`, `1`, `0` or `on` (an HTML checkbox), case-insensitive.
fn parse_flag(field: &str, value: Option<&str>) -> Result<bool, FieldError> {
    let Some(value) = value else { return Ok(false) };
    match value.trim().to_ascii_lowercase().as_str() {
        "true" | "1" | "on" => Ok(true),
        "false" | "0" => Ok(false),
        _ => Err(FieldError::new(field, ErrorCode::InvalidBoolean, format!("{field} must be true or false"))),
    }
}

impl ApplyFormInput {
    /// Stores the text field `field` (its multipart name); returns false for a name the form does
    /// not have, which the caller may ignore or refuse. A repeated field keeps its last value.
    pub fn set_field(&mut self, field: &str, value: String) -> bool {
        let slot = match field {
            "name" => &mut self.name,
            "email" => &mut self.email,
            "message" => &mut self.message,
            "source" => &mut self.source,
            "future_consent_accepted" => &mut self.future_consent_accepted,
            "custom_consent_accepted" => &mut self.custom_consent_accepted,
            "candidate_id" => &mut self.candidate_id,
            _ => return false,
        };
        *slot = Some(value);
        true
    }

    /// Turns the raw fields into typed values: trims, normalises the e-mail and the message's line
    /// breaks, and refuses a malformed flag, source or candidate id, or one-click without a
    /// candidate. Missing name, email and message become empty; [`ApplyForm::validate`] judges them.
    pub fn parse(&self) -> Result<ApplyForm, FieldError> {
        let source = match self.source.as_deref().map(str::trim) {
            None | Some("") => ApplySource::ApplyForm,
            Some(raw) => {
                ApplySource::parse(raw).ok_or_else(|| FieldError::new("source", ErrorCode::InvalidSource, "source must be apply_form or 1_click_apply"))?
            }
        };
        let future_consent_accepted = parse_flag("future_consent_accepted", self.future_consent_accepted.as_deref())?;
        let custom_consent_accepted = parse_flag("custom_consent_accepted", self.custom_consent_accepted.as_deref())?;
        let candidate_id = match self.candidate_id.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(id) if is_valid_candidate_id(id) => Some(id.to_string()),
            Some(_) => return Err(FieldError::new("candidate_id", ErrorCode::InvalidCandidateId, "candidate_id is not a valid id")),
        };
        // One-click uses the stored profile and CV, which only a logged-in candidate has.
        if source == ApplySource::OneClickApply && candidate_id.is_none() {
            return Err(FieldError::new("candidate_id", ErrorCode::Required, "one-click apply needs a candidate"));
        }
        let message = self.message.as_deref().map(|message| message.replace("\r\n", "\n").trim().to_string()).filter(|message| !message.is_empty());
        Ok(ApplyForm {
            name: self.name.as_deref().unwrap_or("").trim().to_string(),
            email: normalize_email(self.email.as_deref().unwrap_or("")),
            message,
            source,
            future_consent_accepted,
            custom_consent_accepted,
            candidate_id,
            has_attachment: self.has_attachment,
        })
    }

    /// Parses and validates in one step: the first problem of either.
    pub fn parse_valid(&self) -> Result<ApplyForm, FieldError> {
        let form = self.parse()?;
        form.validate()?;
        Ok(form)
    }
}

/// Whether one-click apply is offered (spec §4): the user is logged in, has a CV stored, has a
/// first or last name, and has not edited the prefilled name, email or attachment.
pub fn one_click_allowed(logged_in: bool, has_cv: bool, has_first_or_last_name: bool, edited_name_email_or_attachment: bool) -> bool {
    logged_in && has_cv && has_first_or_last_name && !edited_name_email_or_attachment
}

/// Who is applying, for the prompts around applying (register, complete your profile).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ApplyUserStatus {
    /// Not logged in: prompts point to the candidate portal's register page.
    Unregistered,
    /// Logged in without matchmaking preferences: prompts point to the profile page.
    MissingPreferences,
    /// Logged in with preferences.
    WithPreferences,
}

impl ApplyUserStatus {
    /// The status of a visitor: `None` when not logged in, else the candidate's preferences.
    pub fn of(preferences: Option<&Preferences>) -> ApplyUserStatus {
        match preferences {
            None => ApplyUserStatus::Unregistered,
            Some(preferences) if preferences.is_empty() => ApplyUserStatus::MissingPreferences,
            Some(_) => ApplyUserStatus::WithPreferences,
        }
    }

    /// The wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            ApplyUserStatus::Unregistered => "unregistered",
            ApplyUserStatus::MissingPreferences => "missingPreferences",
            ApplyUserStatus::WithPreferences => "withPreferences",
        }
    }
}

#[cfg(test)]
mod tests;
