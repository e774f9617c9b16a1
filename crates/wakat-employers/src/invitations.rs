//! Invitations to a company. An owner invites an address; the holder of the mailed link accepts
//! it explicitly, choosing a password then. Nothing is created for the address before that, so an
//! invitation neither reveals whether the address has an account nor captures one: signing up
//! one's own company never joins the inviting one.

use serde::{Deserialize, Serialize};
use wakat_store::ids::{new_id, random_hex};
use wakat_store::secrets::hash_token;
use wakat_store::{json, WriteOp};

use crate::store::RECORD_VERSION;
use crate::{keys, EmployerStore, EmployersError, Role, UserUpdate};

/// How long an invitation's link works.
pub const INVITATION_LIFETIME_SECS: i64 = 7 * 24 * 3600;
/// Most open invitations of one company (a re-invitation of an address replaces its last one).
pub const MAX_OPEN_INVITATIONS: usize = 50;

/// An open invitation, as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Invitation {
    /// Record format version.
    pub v: u8,
    /// Random hex id (the panel lists it among the users until it is accepted).
    pub id: String,
    /// The inviting company.
    pub company_id: String,
    /// The invited address (an e-mail identity: trimmed, lowercased).
    pub email: String,
    /// The name the owner gave.
    pub name: String,
    /// The phone the owner gave (may be empty).
    pub phone: String,
    /// The role the user gets on acceptance.
    pub role: Role,
    /// Account id of the owner who invited.
    pub invited_by: String,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds; the link is refused from then on.
    pub expires_at: i64,
    /// SHA-256 of the link's token.
    token_hash: String,
}

/// An invitation as an owner asks for it (fields already checked).
#[derive(Debug, Clone)]
pub struct NewInvitation {
    /// The invited address, normalised.
    pub email: String,
    /// Full name.
    pub name: String,
    /// Phone, may be empty.
    pub phone: String,
    /// Role on acceptance.
    pub role: Role,
    /// The inviting owner's account id.
    pub invited_by: String,
}

impl EmployerStore {
    /// Records an invitation to `company_id` and returns it with the secret of its link. An open
    /// invitation of the same address to the same company is replaced (its link dies); past
    /// [`MAX_OPEN_INVITATIONS`] open ones the call is `TooManyInvitations`.
    pub fn invite(&self, tenant: &str, company_id: &str, new: NewInvitation, now: i64) -> Result<(Invitation, String), EmployersError> {
        let _guard = self.records_lock();
        let open = self.company_invitations(tenant, company_id, now)?;
        let mut ops = Vec::new();
        let replaced = open.iter().filter(|invitation| invitation.email == new.email).collect::<Vec<_>>();
        for invitation in &replaced {
            ops.extend(self.invitation_removal_ops(tenant, invitation)?);
        }
        if open.len() - replaced.len() >= MAX_OPEN_INVITATIONS {
            return Err(EmployersError::TooManyInvitations(MAX_OPEN_INVITATIONS));
        }
        let token = random_hex(32);
        let invitation = Invitation {
            v: RECORD_VERSION,
            id: new_id(),
            company_id: company_id.to_string(),
            email: new.email,
            name: new.name.trim().to_string(),
            phone: new.phone.trim().to_string(),
            role: new.role,
            invited_by: new.invited_by,
            created_at: now,
            expires_at: now + INVITATION_LIFETIME_SECS,
            token_hash: hash_token(&token),
        };
        ops.push(json::put(keys::invitation(tenant, &invitation.id)?, &invitation)?);
        ops.push(WriteOp::Put { key: keys::invitation_token(tenant, &invitation.token_hash)?, value: invitation.id.as_bytes().to_vec() });
        ops.push(WriteOp::Put { key: keys::child(keys::company_invitations(tenant, company_id)?, &invitation.id), value: Vec::new() });
        self.kv.commit(ops)?;
        Ok((invitation, token))
    }

    /// The company's open invitations, oldest first (expired ones are left out).
    pub fn company_invitations(&self, tenant: &str, company_id: &str, now: i64) -> Result<Vec<Invitation>, EmployersError> {
        let mut invitations = Vec::new();
        for id in self.children(&keys::company_invitations(tenant, company_id)?)? {
            if let Some(invitation) = json::read::<Invitation>(&*self.kv, &keys::invitation(tenant, &id)?)? {
                if invitation.company_id == company_id && invitation.expires_at > now {
                    invitations.push(invitation);
                }
            }
        }
        invitations.sort_by_key(|invitation| (invitation.created_at, invitation.id.clone()));
        Ok(invitations)
    }

    /// The open invitation whose link carries `token`, if any.
    pub fn invitation_by_token(&self, tenant: &str, token: &str, now: i64) -> Result<Option<Invitation>, EmployersError> {
        if token.is_empty() || token.len() > 100 {
            return Ok(None);
        }
        let Some(id) = self.kv.get(&keys::invitation_token(tenant, &hash_token(token))?)? else { return Ok(None) };
        let invitation: Option<Invitation> = json::read(&*self.kv, &keys::invitation(tenant, &String::from_utf8_lossy(&id))?)?;
        Ok(invitation.filter(|invitation| invitation.expires_at > now))
    }

    /// The writes that spend an accepted invitation (to join the new account's transaction).
    pub fn invitation_removal_ops(&self, tenant: &str, invitation: &Invitation) -> Result<Vec<WriteOp>, EmployersError> {
        Ok(vec![
            WriteOp::Delete { key: keys::invitation(tenant, &invitation.id)? },
            WriteOp::Delete { key: keys::invitation_token(tenant, &invitation.token_hash)? },
            WriteOp::Delete { key: keys::child(keys::company_invitations(tenant, &invitation.company_id)?, &invitation.id) },
        ])
    }

    /// The company's open invitation `id` (`UserNotFound` for anyone else's).
    pub fn company_invitation(&self, tenant: &str, company_id: &str, id: &str, now: i64) -> Result<Invitation, EmployersError> {
        if id.is_empty() || id.contains('/') {
            return Err(EmployersError::UserNotFound);
        }
        match json::read::<Invitation>(&*self.kv, &keys::invitation(tenant, id)?)? {
            Some(invitation) if invitation.company_id == company_id && invitation.expires_at > now => Ok(invitation),
            _ => Err(EmployersError::UserNotFound),
        }
    }

    /// Withdraws an open invitation of the company; its link stops working.
    pub fn cancel_invitation(&self, tenant: &str, company_id: &str, id: &str, now: i64) -> Result<Invitation, EmployersError> {
        let _guard = self.records_lock();
        let invitation = self.company_invitation(tenant, company_id, id, now)?;
        self.kv.commit(self.invitation_removal_ops(tenant, &invitation)?)?;
        Ok(invitation)
    }

    /// Changes the name, phone or role an open invitation will give.
    pub fn update_invitation(&self, tenant: &str, company_id: &str, id: &str, update: UserUpdate, now: i64) -> Result<Invitation, EmployersError> {
        let _guard = self.records_lock();
        let mut invitation = self.company_invitation(tenant, company_id, id, now)?;
        if let Some(name) = update.name {
            invitation.name = name.trim().to_string();
        }
        if let Some(phone) = update.phone {
            invitation.phone = phone.trim().to_string();
        }
        if let Some(role) = update.role {
            invitation.role = role;
        }
        self.kv.commit(vec![json::put(keys::invitation(tenant, id)?, &invitation)?])?;
        Ok(invitation)
    }
}
