//! The users of a company: listing, changing a user's name, phone or role, and removing one.
//! A company always keeps an owner: the last one can neither leave nor become a recruiter.

use wakat_store::{json, WriteOp};

use crate::{keys, ApplicationsNotify, EmployerStore, EmployerUser, EmployersError, Role};

/// A change of a company user; `None` keeps the value.
#[derive(Debug, Clone, Default)]
pub struct UserUpdate {
    /// New full name (already checked).
    pub name: Option<String>,
    /// New phone (already checked; empty removes it).
    pub phone: Option<String>,
    /// New role.
    pub role: Option<Role>,
    /// When the user hears of new applications (each user sets its own).
    pub applications_notify: Option<ApplicationsNotify>,
}

impl EmployerStore {
    /// The users of a company: owners first, then recruiters, each oldest first.
    pub fn company_users(&self, tenant: &str, company_id: &str) -> Result<Vec<EmployerUser>, EmployersError> {
        let mut users = Vec::new();
        for account_id in self.company_user_ids(tenant, company_id)? {
            if let Some(user) = self.user(tenant, &account_id)? {
                if user.company_id == company_id {
                    users.push(user);
                }
            }
        }
        users.sort_by_key(|user| (user.role != Role::Owner, user.created_at, user.account_id.clone()));
        Ok(users)
    }

    /// A user of the company (`UserNotFound` for anyone else's).
    pub fn company_user(&self, tenant: &str, company_id: &str, account_id: &str) -> Result<EmployerUser, EmployersError> {
        if account_id.is_empty() || account_id.contains('/') {
            return Err(EmployersError::UserNotFound);
        }
        match self.user(tenant, account_id)? {
            Some(user) if user.company_id == company_id => Ok(user),
            _ => Err(EmployersError::UserNotFound),
        }
    }

    fn owners_besides(&self, tenant: &str, company_id: &str, account_id: &str) -> Result<usize, EmployersError> {
        Ok(self.company_users(tenant, company_id)?.iter().filter(|u| u.role == Role::Owner && u.account_id != account_id).count())
    }

    /// Changes a user of the company; making the last owner a recruiter is `LastOwner`.
    pub fn update_user(&self, tenant: &str, company_id: &str, account_id: &str, update: UserUpdate) -> Result<EmployerUser, EmployersError> {
        let _guard = self.records_lock();
        let mut user = self.company_user(tenant, company_id, account_id)?;
        if let Some(role) = update.role {
            if user.role == Role::Owner && role != Role::Owner && self.owners_besides(tenant, company_id, account_id)? == 0 {
                return Err(EmployersError::LastOwner);
            }
            user.role = role;
        }
        if let Some(name) = update.name {
            user.name = name.trim().to_string();
        }
        if let Some(phone) = update.phone {
            user.phone = phone.trim().to_string();
        }
        if let Some(notify) = update.applications_notify {
            user.applications_notify = notify;
        }
        self.kv.commit(vec![json::put(keys::user(tenant, account_id)?, &user)?])?;
        Ok(user)
    }

    /// Removes a user from the company (its account is the caller's to delete); removing the
    /// last owner is `LastOwner`.
    pub fn remove_user(&self, tenant: &str, company_id: &str, account_id: &str) -> Result<EmployerUser, EmployersError> {
        let _guard = self.records_lock();
        let user = self.company_user(tenant, company_id, account_id)?;
        if user.role == Role::Owner && self.owners_besides(tenant, company_id, account_id)? == 0 {
            return Err(EmployersError::LastOwner);
        }
        self.kv.commit(vec![
            WriteOp::Delete { key: keys::user(tenant, account_id)? },
            WriteOp::Delete { key: keys::child(keys::company_users(tenant, company_id)?, account_id) },
        ])?;
        Ok(user)
    }
}
