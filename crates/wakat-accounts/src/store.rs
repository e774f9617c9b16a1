//! [`AccountStore`]: registration, confirmation, login, passwords, e-mail changes, profile and
//! documents, account deletion. Sessions are in `sessions.rs`, on the same store.

use std::sync::{Arc, Mutex};

use wakat_core::{ErrorCode, Preferences};
use wakat_store::ids::new_id;
use wakat_store::secrets::{hash_token, new_token};
use wakat_store::{json, KvStore, WriteOp};

use crate::account::{OneTimeToken, RECORD_VERSION};
use crate::password::{check_new_password, Passwords};
use crate::{keys, Account, AccountKind, AccountsError, Document, TermsAcceptance, TokenPurpose};

/// Most documents an account keeps.
pub const MAX_DOCUMENTS: usize = 5;
/// Longest first or last name.
pub const MAX_NAME_CHARS: usize = 100;
/// Longest default message (the apply form's limit).
pub const MAX_MESSAGE_CHARS: usize = 1000;

/// A new account as submitted.
#[derive(Debug, Clone)]
pub struct NewAccount {
    /// Login e-mail.
    pub email: String,
    /// Chosen password.
    pub password: String,
    /// First name, may be empty.
    pub first_name: String,
    /// Last name, may be empty.
    pub last_name: String,
    /// Language of the mails.
    pub lang: String,
    /// The terms accepted with this registration, if any.
    pub terms: Option<TermsAcceptance>,
}

/// What [`AccountStore::register`] did; the API answers both the same way so that nobody can
/// learn which e-mails have accounts, and the mail tells the owner which case it was.
#[derive(Debug)]
pub enum Registration {
    /// A new, unconfirmed account, with the token of its confirmation link. When the e-mail
    /// had an unconfirmed account already, that account now holds this registration's password,
    /// names and language, every earlier link and session of it is revoked, and it is
    /// [`Account::contested`]: its confirmation must choose the password.
    Created {
        /// The account.
        account: Account,
        /// Secret of the confirmation link.
        confirm_token: String,
    },
    /// The e-mail already has a confirmed account; nothing was changed.
    AlreadyRegistered {
        /// The existing account.
        account: Account,
    },
}

/// Profile fields a candidate edits.
#[derive(Debug, Clone, Default)]
pub struct ProfileUpdate {
    /// First name.
    pub first_name: String,
    /// Last name.
    pub last_name: String,
    /// Default apply message.
    pub message: String,
    /// Matchmaking preferences.
    pub preferences: Preferences,
}

/// A new account's fields, checked, with its password hashed.
struct ChosenAccount {
    email: String,
    password_hash: String,
    first_name: String,
    last_name: String,
    lang: String,
    terms: Option<TermsAcceptance>,
}

/// What the holder of a confirmation link sends with it.
#[derive(Debug, Clone, Default)]
pub struct Confirmation {
    /// A password to set; required for a [`Account::contested`] account.
    pub password: Option<String>,
    /// Names to set on a contested account (its pending names are a stranger's, maybe).
    pub first_name: Option<String>,
    /// See `first_name`.
    pub last_name: Option<String>,
}

/// The e-mail as an account login: its identity (trimmed, lowercased: one login per mailbox),
/// after the syntax check every part of Wakat shares.
pub fn normalize_email(email: &str) -> Result<String, AccountsError> {
    let email = wakat_core::email::email_identity(email);
    if email.is_empty() {
        return Err(AccountsError::invalid("email", ErrorCode::Required, "the e-mail is required"));
    }
    if !wakat_core::email::is_valid_email(&email) {
        return Err(AccountsError::invalid("email", ErrorCode::InvalidEmail, "the e-mail address is not valid"));
    }
    Ok(email)
}

fn check_name(field: &'static str, name: &str) -> Result<String, AccountsError> {
    let name = name.trim();
    if name.chars().count() > MAX_NAME_CHARS || name.chars().any(char::is_control) {
        return Err(AccountsError::invalid(
            field,
            ErrorCode::InvalidName,
            format!("{field} must be at most {MAX_NAME_CHARS} characters, without control characters"),
        ));
    }
    Ok(name.to_string())
}

fn lang_or_default(lang: &str) -> String {
    if lang == "en" { "en" } else { "pl" }.to_string()
}

/// Accounts of every board, on one [`KvStore`].
pub struct AccountStore {
    pub(crate) kv: Arc<dyn KvStore>,
    pub(crate) passwords: Passwords,
    /// Serialises the check-then-write of unique e-mails (register, e-mail change).
    email_lock: Mutex<()>,
}

impl AccountStore {
    /// Accounts on `kv`, hashing passwords with `passwords`.
    pub fn new(kv: Arc<dyn KvStore>, passwords: Passwords) -> AccountStore {
        AccountStore { kv, passwords, email_lock: Mutex::new(()) }
    }

    /// The account `id` of `tenant`.
    pub fn get(&self, tenant: &str, id: &str) -> Result<Option<Account>, AccountsError> {
        Ok(json::read(&*self.kv, &keys::account(tenant, id)?)?)
    }

    /// The account of `kind` with `email` (normalised here).
    pub fn find_by_email(&self, tenant: &str, kind: AccountKind, email: &str) -> Result<Option<Account>, AccountsError> {
        let Ok(email) = normalize_email(email) else { return Ok(None) };
        let Some(id) = self.kv.get(&keys::email(tenant, kind, &email)?)? else { return Ok(None) };
        self.get(tenant, &String::from_utf8_lossy(&id))
    }

    /// Creates an unconfirmed account, or reports that the e-mail has one already.
    pub fn register(&self, tenant: &str, kind: AccountKind, new: NewAccount, now: i64) -> Result<Registration, AccountsError> {
        self.register_with(tenant, kind, new, now, |_| Ok(Vec::new()))
    }

    /// Like [`AccountStore::register`], with the writes `also` returns for the account in the
    /// same transaction (an employer's company and membership), so a crash never leaves an
    /// account without them. `also` is not called when the e-mail has a confirmed account.
    ///
    /// An unconfirmed account of the e-mail is taken over by this registration: nothing chosen
    /// before a confirmation survives it (a stranger may have registered the address first).
    pub fn register_with(
        &self,
        tenant: &str,
        kind: AccountKind,
        new: NewAccount,
        now: i64,
        also: impl FnOnce(&Account) -> Result<Vec<WriteOp>, AccountsError>,
    ) -> Result<Registration, AccountsError> {
        let chosen = self.check_new_account(new)?;
        let _guard = self.email_lock.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let (account, mut ops) = match self.find_by_email(tenant, kind, &chosen.email)? {
            Some(account) if account.email_confirmed => return Ok(Registration::AlreadyRegistered { account }),
            pending => self.settle_account(tenant, kind, chosen, pending, &new_id(), false, now)?,
        };
        let (confirm_token, token_ops) = self.token_ops(tenant, &account.id, TokenPurpose::ConfirmEmail, now)?;
        ops.extend(token_ops);
        ops.push(json::put(keys::account(tenant, &account.id)?, &account)?);
        ops.extend(also(&account)?);
        self.kv.commit(ops)?;
        Ok(Registration::Created { account, confirm_token })
    }

    /// Creates a confirmed account whose password is chosen now, by someone who proved to own
    /// the mailbox (an invited user opening the invitation), with the id `id` (the invitation's,
    /// so the id the owner was answered stays the user's). An unconfirmed account of the e-mail
    /// is taken over instead (keeping its id; its links and sessions revoked); a confirmed one is
    /// `EmailTaken`. `also` returns the writes of the same transaction (the membership, the spent
    /// invitation).
    pub fn create_confirmed(
        &self,
        tenant: &str,
        kind: AccountKind,
        id: &str,
        new: NewAccount,
        now: i64,
        also: impl FnOnce(&Account) -> Result<Vec<WriteOp>, AccountsError>,
    ) -> Result<Account, AccountsError> {
        let chosen = self.check_new_account(new)?;
        let _guard = self.email_lock.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let pending = match self.find_by_email(tenant, kind, &chosen.email)? {
            Some(account) if account.email_confirmed => return Err(AccountsError::EmailTaken),
            pending => pending,
        };
        // The id is the invitation's random one: taken means a broken store, not a user error.
        if pending.is_none() && self.get(tenant, id)?.is_some() {
            return Err(AccountsError::Corrupt { key: format!("account/{tenant}/{id}"), message: "the id of a new account is taken".into() });
        }
        let (account, mut ops) = self.settle_account(tenant, kind, chosen, pending, id, true, now)?;
        ops.push(json::put(keys::account(tenant, &account.id)?, &account)?);
        ops.extend(also(&account)?);
        self.kv.commit(ops)?;
        Ok(account)
    }

    /// Checks a new account's fields and hashes its password (the slow part, before any lock).
    fn check_new_account(&self, new: NewAccount) -> Result<ChosenAccount, AccountsError> {
        let email = normalize_email(&new.email)?;
        check_new_password(&new.password, &email)?;
        Ok(ChosenAccount {
            first_name: check_name("firstName", &new.first_name)?,
            last_name: check_name("lastName", &new.last_name)?,
            password_hash: self.passwords.hash(&new.password)?,
            lang: lang_or_default(&new.lang),
            terms: new.terms,
            email,
        })
    }

    /// The account `chosen` makes, with the writes besides its record: the e-mail's unconfirmed
    /// account `pending` taken over (its sessions and confirmation links revoked; every link when
    /// `confirmed`, since the mailbox is proven then; else it becomes contested), or a new one with
    /// `id`. Called under the e-mail lock.
    #[allow(clippy::too_many_arguments)]
    fn settle_account(
        &self,
        tenant: &str,
        kind: AccountKind,
        chosen: ChosenAccount,
        pending: Option<Account>,
        id: &str,
        confirmed: bool,
        now: i64,
    ) -> Result<(Account, Vec<WriteOp>), AccountsError> {
        let ChosenAccount { email, password_hash, first_name, last_name, lang, terms } = chosen;
        let mut ops = Vec::new();
        let account = match pending {
            Some(pending) => {
                // Reset links stay on a registration: they went to the mailbox, and a reset settles the password.
                ops.extend(self.revoke_tokens_ops(tenant, &pending.id, |purpose| confirmed || matches!(purpose, TokenPurpose::ConfirmEmail))?);
                ops.extend(self.revoke_sessions_ops(tenant, &pending.id, None)?);
                let contested = !confirmed;
                Account { password_hash, first_name, last_name, lang, terms, email_confirmed: confirmed, contested, updated_at: now, ..pending }
            }
            None => {
                ops.push(WriteOp::Put { key: keys::email(tenant, kind, &email)?, value: id.as_bytes().to_vec() });
                Account {
                    v: RECORD_VERSION,
                    id: id.to_string(),
                    kind,
                    email,
                    email_confirmed: confirmed,
                    contested: false,
                    password_hash,
                    first_name,
                    last_name,
                    message: String::new(),
                    lang,
                    preferences: Preferences::default(),
                    documents: Vec::new(),
                    terms,
                    created_at: now,
                    updated_at: now,
                }
            }
        };
        Ok((account, ops))
    }

    /// The writes that revoke the account's open one-time tokens whose purpose `revoke` picks
    /// (every earlier confirmation link on a new registration, every reset link on a reset).
    fn revoke_tokens_ops(&self, tenant: &str, account_id: &str, revoke: impl Fn(&TokenPurpose) -> bool) -> Result<Vec<WriteOp>, AccountsError> {
        let tokens_prefix = keys::tokens_of(tenant, account_id)?;
        let mut ops = Vec::new();
        for entry in self.kv.scan_prefix(&tokens_prefix) {
            let (index_key, _) = entry?;
            let token_hash = String::from_utf8_lossy(&index_key[tokens_prefix.len()..]).into_owned();
            let token_key = keys::token(tenant, &token_hash)?;
            let record: Option<OneTimeToken> = json::read(&*self.kv, &token_key)?;
            if record.as_ref().is_none_or(|record| revoke(&record.purpose)) {
                ops.push(WriteOp::Delete { key: token_key });
                ops.push(WriteOp::Delete { key: index_key });
            }
        }
        Ok(ops)
    }

    fn token_ops(&self, tenant: &str, account_id: &str, purpose: TokenPurpose, now: i64) -> Result<(String, Vec<WriteOp>), AccountsError> {
        let token = new_token();
        let token_hash = hash_token(&token);
        let record = OneTimeToken { v: RECORD_VERSION, account_id: account_id.to_string(), expires_at: now + purpose.lifetime_secs(), purpose };
        let mut index_key = keys::tokens_of(tenant, account_id)?;
        index_key.extend_from_slice(token_hash.as_bytes());
        let ops = vec![json::put(keys::token(tenant, &token_hash)?, &record)?, WriteOp::Put { key: index_key, value: Vec::new() }];
        Ok((token, ops))
    }

    /// A new one-time token of `purpose` for the account (a fresh confirmation or reset link).
    pub fn issue_token(&self, tenant: &str, account_id: &str, purpose: TokenPurpose, now: i64) -> Result<String, AccountsError> {
        let (token, ops) = self.token_ops(tenant, account_id, purpose, now)?;
        self.kv.commit(ops)?;
        Ok(token)
    }

    /// Reads a token of the expected kind without consuming it.
    fn open_token(&self, tenant: &str, token: &str, expected: &TokenPurpose, now: i64) -> Result<(Vec<u8>, OneTimeToken), AccountsError> {
        if token.is_empty() || token.len() > 100 {
            return Err(AccountsError::InvalidToken);
        }
        let token_hash = hash_token(token);
        let key = keys::token(tenant, &token_hash)?;
        let record: OneTimeToken = json::read(&*self.kv, &key)?.ok_or(AccountsError::InvalidToken)?;
        if !record.purpose.same_kind(expected) || now > record.expires_at {
            return Err(AccountsError::InvalidToken);
        }
        Ok((key, record))
    }

    fn consume_ops(tenant: &str, token_key: Vec<u8>, record: &OneTimeToken, token: &str) -> Result<Vec<WriteOp>, AccountsError> {
        let mut index_key = keys::tokens_of(tenant, &record.account_id)?;
        index_key.extend_from_slice(hash_token(token).as_bytes());
        Ok(vec![WriteOp::Delete { key: token_key }, WriteOp::Delete { key: index_key }])
    }

    /// Confirms the e-mail the token was sent to; the token is spent.
    pub fn confirm_email(&self, tenant: &str, token: &str, now: i64) -> Result<Account, AccountsError> {
        self.confirm_email_with(tenant, token, Confirmation::default(), now)
    }

    /// Confirms the e-mail, setting the password (and names) the link's holder chose when given.
    /// A [`Account::contested`] account needs the password (`PasswordRequired` without it): its
    /// pending password and names may be a stranger's, so they are replaced (names cleared
    /// unless given), and every session and other link of it is revoked.
    pub fn confirm_email_with(&self, tenant: &str, token: &str, confirmation: Confirmation, now: i64) -> Result<Account, AccountsError> {
        let (token_key, record) = self.open_token(tenant, token, &TokenPurpose::ConfirmEmail, now)?;
        let mut account = self.get(tenant, &record.account_id)?.ok_or(AccountsError::InvalidToken)?;
        let mut ops = Self::consume_ops(tenant, token_key, &record, token)?;
        if account.contested {
            let Some(password) = confirmation.password.as_deref().filter(|p| !p.is_empty()) else {
                return Err(AccountsError::invalid(
                    "password",
                    ErrorCode::PasswordRequired,
                    "this address was registered more than once: choose your password to confirm it",
                ));
            };
            check_new_password(password, &account.email)?;
            account.first_name = check_name("firstName", confirmation.first_name.as_deref().unwrap_or_default())?;
            account.last_name = check_name("lastName", confirmation.last_name.as_deref().unwrap_or_default())?;
            account.password_hash = self.passwords.hash(password)?;
            account.contested = false;
            ops.extend(self.revoke_tokens_ops(tenant, &account.id, |_| true)?);
            ops.extend(self.revoke_sessions_ops(tenant, &account.id, None)?);
        } else if let Some(password) = confirmation.password.as_deref() {
            check_new_password(password, &account.email)?;
            account.password_hash = self.passwords.hash(password)?;
        }
        account.email_confirmed = true;
        account.updated_at = now;
        ops.push(json::put(keys::account(tenant, &account.id)?, &account)?);
        self.kv.commit(ops)?;
        Ok(account)
    }

    /// Checks e-mail and password. Unknown e-mails take as long as wrong passwords and get the
    /// same error.
    pub fn authenticate(&self, tenant: &str, kind: AccountKind, email: &str, password: &str) -> Result<Account, AccountsError> {
        if password.chars().count() > crate::password::MAX_PASSWORD_CHARS {
            return Err(AccountsError::InvalidCredentials);
        }
        let Some(account) = self.find_by_email(tenant, kind, email)? else {
            self.passwords.verify_dummy(password);
            return Err(AccountsError::InvalidCredentials);
        };
        if !self.passwords.verify(password, &account.password_hash) {
            return Err(AccountsError::InvalidCredentials);
        }
        if !account.email_confirmed {
            return Err(AccountsError::EmailNotConfirmed);
        }
        Ok(account)
    }

    /// Sets a new password from a reset link; every session of the account is revoked.
    pub fn reset_password(&self, tenant: &str, token: &str, new_password: &str, now: i64) -> Result<Account, AccountsError> {
        let (token_key, record) = self.open_token(tenant, token, &TokenPurpose::ResetPassword, now)?;
        let mut account = self.get(tenant, &record.account_id)?.ok_or(AccountsError::InvalidToken)?;
        check_new_password(new_password, &account.email)?;
        account.password_hash = self.passwords.hash(new_password)?;
        // Whoever reads the reset mail owns the address: the password is theirs now, so a
        // pending confirmation has nothing left to settle.
        account.email_confirmed = true;
        account.contested = false;
        account.updated_at = now;
        let mut ops = Self::consume_ops(tenant, token_key, &record, token)?;
        ops.push(json::put(keys::account(tenant, &account.id)?, &account)?);
        ops.extend(self.revoke_sessions_ops(tenant, &account.id, None)?);
        // Every other reset and confirmation link dies with the old password (deleting the
        // spent one twice in one transaction is harmless).
        ops.extend(self.revoke_tokens_ops(tenant, &account.id, |purpose| matches!(purpose, TokenPurpose::ResetPassword | TokenPurpose::ConfirmEmail))?);
        self.kv.commit(ops)?;
        Ok(account)
    }

    /// Changes the password of a logged-in account; its other sessions are revoked.
    pub fn change_password(
        &self,
        tenant: &str,
        account_id: &str,
        current: &str,
        new_password: &str,
        keep_session_token: &str,
        now: i64,
    ) -> Result<(), AccountsError> {
        let mut account = self.get(tenant, account_id)?.ok_or(AccountsError::NotFound)?;
        if !self.passwords.verify(current, &account.password_hash) {
            return Err(AccountsError::invalid("currentPassword", ErrorCode::InvalidPassword, "the current password is wrong"));
        }
        check_new_password(new_password, &account.email)?;
        account.password_hash = self.passwords.hash(new_password)?;
        account.updated_at = now;
        let mut ops = vec![json::put(keys::account(tenant, account_id)?, &account)?];
        ops.extend(self.revoke_sessions_ops(tenant, account_id, Some(&hash_token(keep_session_token)))?);
        // A reset link mailed before the change would undo it.
        ops.extend(self.revoke_tokens_ops(tenant, account_id, |purpose| matches!(purpose, TokenPurpose::ResetPassword))?);
        Ok(self.kv.commit(ops)?)
    }

    /// Starts moving the account to `new_email`: checks the password and returns the token of
    /// the link to mail to the new address. Nothing changes until it is opened.
    pub fn request_email_change(
        &self,
        tenant: &str,
        account_id: &str,
        password: &str,
        new_email: &str,
        now: i64,
    ) -> Result<(Account, String, String), AccountsError> {
        let account = self.get(tenant, account_id)?.ok_or(AccountsError::NotFound)?;
        let new_email = normalize_email(new_email)?;
        if !self.passwords.verify(password, &account.password_hash) {
            return Err(AccountsError::invalid("password", ErrorCode::InvalidPassword, "the password is wrong"));
        }
        if new_email == account.email {
            return Err(AccountsError::invalid("newEmail", ErrorCode::SameEmail, "this is already the account's e-mail"));
        }
        let token = self.issue_token(tenant, account_id, TokenPurpose::ChangeEmail { new_email: new_email.clone() }, now)?;
        Ok((account, new_email, token))
    }

    /// Moves the account to the e-mail the token was sent to.
    pub fn confirm_email_change(&self, tenant: &str, token: &str, now: i64) -> Result<Account, AccountsError> {
        let (token_key, record) = self.open_token(tenant, token, &TokenPurpose::ChangeEmail { new_email: String::new() }, now)?;
        let TokenPurpose::ChangeEmail { new_email } = &record.purpose else { return Err(AccountsError::InvalidToken) };
        let _guard = self.email_lock.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut account = self.get(tenant, &record.account_id)?.ok_or(AccountsError::InvalidToken)?;
        if self.find_by_email(tenant, account.kind, new_email)?.is_some() {
            return Err(AccountsError::EmailTaken);
        }
        let mut ops = Self::consume_ops(tenant, token_key, &record, token)?;
        ops.push(WriteOp::Delete { key: keys::email(tenant, account.kind, &account.email)? });
        ops.push(WriteOp::Put { key: keys::email(tenant, account.kind, new_email)?, value: account.id.as_bytes().to_vec() });
        account.email = new_email.clone();
        account.email_confirmed = true;
        account.updated_at = now;
        ops.push(json::put(keys::account(tenant, &account.id)?, &account)?);
        self.kv.commit(ops)?;
        Ok(account)
    }

    /// Replaces the editable profile fields.
    pub fn update_profile(&self, tenant: &str, account_id: &str, update: ProfileUpdate, now: i64) -> Result<Account, AccountsError> {
        let mut account = self.get(tenant, account_id)?.ok_or(AccountsError::NotFound)?;
        account.first_name = check_name("firstName", &update.first_name)?;
        account.last_name = check_name("lastName", &update.last_name)?;
        if update.message.chars().count() > MAX_MESSAGE_CHARS {
            return Err(AccountsError::invalid("message", ErrorCode::MessageLength, format!("the message may have at most {MAX_MESSAGE_CHARS} characters")));
        }
        update.preferences.validate().map_err(|error| AccountsError::Invalid { field: "preferences", code: error.code, message: error.to_string() })?;
        account.message = update.message;
        account.preferences = update.preferences;
        account.updated_at = now;
        self.kv.commit(vec![json::put(keys::account(tenant, account_id)?, &account)?])?;
        Ok(account)
    }

    /// Adds a document, or replaces the one with `replace_id` (whose record is returned so the
    /// caller can release its bytes).
    pub fn put_document(
        &self,
        tenant: &str,
        account_id: &str,
        document: Document,
        replace_id: Option<&str>,
        now: i64,
    ) -> Result<(Account, Option<Document>), AccountsError> {
        let mut account = self.get(tenant, account_id)?.ok_or(AccountsError::NotFound)?;
        let replaced = match replace_id {
            Some(id) => {
                let position = account.documents.iter().position(|d| d.id == id).ok_or(AccountsError::NotFound)?;
                Some(std::mem::replace(&mut account.documents[position], document))
            }
            None if account.documents.len() >= MAX_DOCUMENTS => return Err(AccountsError::TooManyDocuments(MAX_DOCUMENTS)),
            None => {
                account.documents.push(document);
                None
            }
        };
        account.updated_at = now;
        self.kv.commit(vec![json::put(keys::account(tenant, account_id)?, &account)?])?;
        Ok((account, replaced))
    }

    /// Removes a document and returns it (the caller releases its bytes).
    pub fn remove_document(&self, tenant: &str, account_id: &str, document_id: &str, now: i64) -> Result<Document, AccountsError> {
        let mut account = self.get(tenant, account_id)?.ok_or(AccountsError::NotFound)?;
        let position = account.documents.iter().position(|d| d.id == document_id).ok_or(AccountsError::NotFound)?;
        let removed = account.documents.remove(position);
        account.updated_at = now;
        self.kv.commit(vec![json::put(keys::account(tenant, account_id)?, &account)?])?;
        Ok(removed)
    }

    /// Deletes the account with its e-mail index, sessions and open tokens, and returns the
    /// deleted record (the caller releases its documents and erases its other data).
    pub fn delete_account(&self, tenant: &str, account_id: &str) -> Result<Account, AccountsError> {
        let _guard = self.email_lock.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let account = self.get(tenant, account_id)?.ok_or(AccountsError::NotFound)?;
        let mut ops =
            vec![WriteOp::Delete { key: keys::account(tenant, account_id)? }, WriteOp::Delete { key: keys::email(tenant, account.kind, &account.email)? }];
        ops.extend(self.revoke_sessions_ops(tenant, account_id, None)?);
        ops.extend(self.revoke_tokens_ops(tenant, account_id, |_| true)?);
        self.kv.commit(ops)?;
        Ok(account)
    }

    /// Number of accounts of a board (metrics, tests).
    pub fn count(&self, tenant: &str) -> Result<usize, AccountsError> {
        let mut n_accounts = 0;
        for entry in self.kv.scan_prefix(&keys::account_prefix(tenant)?) {
            entry?;
            n_accounts += 1;
        }
        Ok(n_accounts)
    }
}
