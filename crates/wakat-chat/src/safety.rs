//! What keeps a candidate safe: blocking a company (its conversations close, its waiting requests
//! are declined, it cannot find or ask the candidate again) and reporting a message for
//! moderation.

use wakat_store::ids::new_id;
use wakat_store::{json, WriteOp};

use crate::error::{ChatError, Result};
use crate::keys::{self, BLOCK, CONVERSATION, REPORT, REQUEST};
use crate::model::{Actor, Block, Report, ReportReason, RequestStatus};
use crate::record::{self, RECORD_VERSION};
use crate::store::{candidate_of, checked_side, ChatStore};

/// Longest report note, in characters.
pub const MAX_REPORT_NOTE_CHARS: usize = 1_000;

/// Why a message is reported, in the reporter's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Complaint<'a> {
    /// The reason chosen.
    pub reason: ReportReason,
    /// What the reporter adds (at most [`MAX_REPORT_NOTE_CHARS`] characters).
    pub note: Option<&'a str>,
}

impl<'a> Complaint<'a> {
    /// A complaint with a reason only.
    pub fn new(reason: ReportReason) -> Complaint<'a> {
        Complaint { reason, note: None }
    }

    /// A complaint with a reason and a note.
    pub fn with_note(reason: ReportReason, note: &'a str) -> Complaint<'a> {
        Complaint { reason, note: Some(note) }
    }
}

impl ChatStore {
    /// The candidate blocks a company: in one commit, the block is stored, every open
    /// conversation with the company is closed (by the candidate) and every request from it
    /// still waiting is declined. Blocking again changes nothing more.
    pub fn block_company(&self, board: &str, actor: &Actor, company_id: &str, now: i64) -> Result<Block> {
        let board = keys::board(board)?;
        let candidate_id = candidate_of(actor)?;
        let company_id = keys::account("companyId", company_id)?;
        let _relations = self.lock_relations();
        let block_key = keys::key(BLOCK, &[board, candidate_id, company_id]);
        if let Some(existing) = record::read::<Block>(&*self.kv, &block_key)? {
            return Ok(existing);
        }
        let block = Block::new(company_id, now);
        let mut ops = vec![json::put(block_key, &block)?];
        for mut request in self.pending_requests_from(board, candidate_id, company_id, now)? {
            request.status = RequestStatus::Declined;
            request.answered_at = Some(now);
            ops.push(json::put(keys::key(REQUEST, &[board, &request.id]), &request)?);
        }
        let ids: Vec<String> = self
            .conversations(board, actor)?
            .into_iter()
            .filter(|conversation| conversation.company_id == company_id)
            .map(|conversation| conversation.id)
            .collect();
        let _conversation_locks = self.conversations.lock_many(board, &ids);
        for id in &ids {
            // Read again under the lock: a message may have landed since the list was read.
            let Some(mut conversation) = self.load_conversation(board, id)? else { continue };
            if Self::close_as_candidate(&mut conversation, now) {
                ops.push(json::put(keys::key(CONVERSATION, &[board, id]), &conversation)?);
            }
        }
        self.commit(ops)?;
        Ok(block)
    }

    /// Lifts a block; closed conversations stay closed.
    pub fn unblock_company(&self, board: &str, actor: &Actor, company_id: &str) -> Result<()> {
        let board = keys::board(board)?;
        let candidate_id = candidate_of(actor)?;
        let company_id = keys::account("companyId", company_id)?;
        let _relations = self.lock_relations();
        self.commit(vec![WriteOp::Delete { key: keys::key(BLOCK, &[board, candidate_id, company_id]) }])
    }

    /// The companies the candidate blocked, in key order.
    pub fn blocked_companies(&self, board: &str, actor: &Actor) -> Result<Vec<Block>> {
        let board = keys::board(board)?;
        let candidate_id = candidate_of(actor)?;
        self.kv
            .scan_prefix(&keys::prefix(BLOCK, &[board, candidate_id]))
            .map(|entry| entry.map_err(ChatError::from).and_then(|(key, value)| record::decode(&key, &value)))
            .collect()
    }

    /// Reports a message of the other side of one of `actor`'s conversations. A second report of
    /// the same message by the same side answers the first one.
    pub fn report_message(&self, board: &str, actor: &Actor, conversation_id: &str, seq: u64, complaint: Complaint<'_>, now: i64) -> Result<Report> {
        let Complaint { reason, note } = complaint;
        let board = keys::board(board)?;
        let side = checked_side(actor)?;
        let conversation = self.conversation_for(board, actor, conversation_id)?;
        let message = if seq >= 1 && seq <= conversation.last_seq { record::read(&*self.kv, &keys::message(board, &conversation.id, seq))? } else { None };
        let message: crate::model::Message = message.ok_or(ChatError::not_found("message"))?;
        if message.sender == side {
            return Err(ChatError::invalid("seq", "one's own message cannot be reported"));
        }
        let note = note.map(str::trim).filter(|note| !note.is_empty());
        if note.is_some_and(|note| note.chars().count() > MAX_REPORT_NOTE_CHARS || note.chars().any(|c| c.is_control() && c != '\n')) {
            return Err(ChatError::invalid("note", format!("must be at most {MAX_REPORT_NOTE_CHARS} characters, no control characters")));
        }
        let key = keys::key(REPORT, &[board, &conversation.id, &seq.to_string(), side.as_str()]);
        let _relations = self.lock_relations();
        if let Some(existing) = record::read::<Report>(&*self.kv, &key)? {
            return Ok(existing);
        }
        let report = Report {
            v: RECORD_VERSION,
            id: new_id(),
            conversation_id: conversation.id,
            seq,
            reported_by: side,
            reason,
            note: note.map(str::to_string),
            at: now,
        };
        self.commit(vec![json::put(key, &report)?])?;
        Ok(report)
    }

    /// Every report of a board, for the board's moderators (an operator call: the server
    /// allows it to administrators only), in key order.
    pub fn reports(&self, board: &str) -> Result<Vec<Report>> {
        let board = keys::board(board)?;
        self.kv
            .scan_prefix(&keys::prefix(REPORT, &[board]))
            .map(|entry| entry.map_err(ChatError::from).and_then(|(key, value)| record::decode(&key, &value)))
            .collect()
    }
}
