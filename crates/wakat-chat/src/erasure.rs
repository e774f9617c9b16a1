//! Erasure of a candidate (account deletion, GDPR art. 17): the texts of their messages go (a
//! tombstone stays so the employer's history keeps its shape: sender, time, "deleted"), with what
//! they shared, their profile, their waiting requests and their blocks.

use wakat_store::{json, WriteOp};

use crate::error::{ChatError, Result};
use crate::keys::{
    self, BLOCK, CLIENT_MESSAGE, CONVERSATION, MAIL_OFF, MESSAGE, PROFILE, PROFILE_REF, REQUEST, REQUEST_BY_CANDIDATE, REQUEST_BY_COMPANY, REQUEST_OF,
};
use crate::model::{Actor, Message, RequestStatus, SharedContact, Side, SideState};
use crate::profile::PassiveProfile;
use crate::record;
use crate::store::{candidate_of, ChatStore};

/// What an erasure removed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ErasedChat {
    /// Message texts replaced by tombstones.
    pub messages: usize,
    /// Waiting requests deleted.
    pub requests: usize,
    /// Conversations closed and stripped of what was shared.
    pub conversations: usize,
}

impl ChatStore {
    /// Erases the candidate `actor` from the chat of `board`, in one commit.
    pub fn erase_candidate(&self, board: &str, actor: &Actor, now: i64) -> Result<ErasedChat> {
        let board = keys::board(board)?;
        let candidate_id = candidate_of(actor)?;
        let _relations = self.lock_relations();
        let mut ops = Vec::new();
        let mut erased = ErasedChat::default();

        let profile_key = keys::key(PROFILE, &[board, candidate_id]);
        if let Some(profile) = record::read::<PassiveProfile>(&*self.kv, &profile_key)? {
            ops.push(WriteOp::Delete { key: keys::key(PROFILE_REF, &[board, &profile.public_id]) });
        }
        ops.push(WriteOp::Delete { key: profile_key });

        for request in self.all_requests_of(board, candidate_id)? {
            if request.status_at(now) == RequestStatus::Received {
                erased.requests += 1;
                ops.extend([
                    WriteOp::Delete { key: keys::key(REQUEST, &[board, &request.id]) },
                    WriteOp::Delete { key: keys::key(REQUEST_OF, &[board, &request.company_id, candidate_id, &request.offer_id]) },
                    WriteOp::Delete { key: keys::key(REQUEST_BY_CANDIDATE, &[board, candidate_id, &request.id]) },
                    WriteOp::Delete { key: keys::key(REQUEST_BY_COMPANY, &[board, &request.company_id, &request.id]) },
                ]);
            }
        }

        let ids: Vec<String> = self.conversations(board, actor)?.into_iter().map(|conversation| conversation.id).collect();
        let _conversation_locks = self.conversations.lock_many(board, &ids);
        for id in &ids {
            let Some(mut conversation) = self.load_conversation(board, id)? else { continue };
            erased.conversations += 1;
            Self::close_as_candidate(&mut conversation, now);
            conversation.shared = SharedContact::default();
            conversation.candidate = SideState::default();
            ops.push(json::put(keys::key(CONVERSATION, &[board, id]), &conversation)?);
            ops.push(WriteOp::Delete { key: keys::unread(board, Side::Candidate, id) });
            for entry in self.kv.scan_prefix(&keys::prefix(MESSAGE, &[board, id])) {
                let (key, value) = entry?;
                let mut message: Message = record::decode(&key, &value)?;
                if message.sender == Side::Candidate && message.text.is_some() {
                    message.text = None;
                    message.deleted_at = Some(now);
                    erased.messages += 1;
                    ops.push(json::put(key, &message)?);
                }
            }
            // The client ids of the candidate's messages go too; they only named tombstones.
            for entry in self.kv.scan_prefix(&keys::prefix(CLIENT_MESSAGE, &[board, id, Side::Candidate.as_str()])) {
                ops.push(WriteOp::Delete { key: entry.map_err(ChatError::from)?.0 });
            }
        }

        ops.push(WriteOp::Delete { key: keys::key(MAIL_OFF, &[board, candidate_id]) });
        for entry in self.kv.scan_prefix(&keys::prefix(BLOCK, &[board, candidate_id])) {
            ops.push(WriteOp::Delete { key: entry.map_err(ChatError::from)?.0 });
        }
        self.commit(ops)?;
        Ok(erased)
    }
}
