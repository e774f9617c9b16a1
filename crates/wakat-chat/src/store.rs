//! [`ChatStore`]: the chat's records on the [`KvStore`] trait, the access rule shared by every
//! call, and the passive profiles. Requests, conversations, blocks and reports, erasure and the
//! mail bookkeeping add their methods in their own modules.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use wakat_core::{CategoryTree, Offer, Rates};
use wakat_store::ids::new_id;
use wakat_store::{json, KvStore, WriteOp};

use crate::error::{ChatError, Result};
use crate::keys::{self, BLOCK, CONVERSATION, PROFILE, PROFILE_REF};
use crate::model::{Actor, Conversation, Side};
use crate::profile::{missing_preferences, AnonymousCandidate, PassiveProfile, ProfileInput};
use crate::record::{self, RECORD_VERSION};
use crate::score::{rank_candidates, MatchScore};
use wakat_store::Stripes;

/// A passive candidate ranked for an offer, as the employer sees them.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RankedCandidate {
    /// The anonymous view.
    pub candidate: AnonymousCandidate,
    /// The match with its explanation.
    pub score: MatchScore,
}

/// The chat of every board. Create one per engine and share it: its locks are what keep the
/// read-then-write rules (limits, uniqueness, sequence numbers) race-free.
pub struct ChatStore {
    pub(crate) kv: Arc<dyn KvStore>,
    /// Held by writes that touch relations between a candidate and a company (profiles,
    /// requests, blocks, erasure): rare writes, so one lock keeps their rules simple.
    relations: Mutex<()>,
    /// Held per conversation while a message, read mark or close is decided and committed.
    pub(crate) conversations: Stripes,
}

impl ChatStore {
    /// A store on `kv`.
    pub fn new(kv: Arc<dyn KvStore>) -> ChatStore {
        ChatStore { kv, relations: Mutex::new(()), conversations: Stripes::new() }
    }

    /// Takes the relations lock. A writer holding it may then take conversation stripes (never
    /// the other way round), so the two never wait for each other in a circle.
    pub(crate) fn lock_relations(&self) -> MutexGuard<'_, ()> {
        // The guarded data is `()`: each write is one atomic transaction, nothing is half-done.
        self.relations.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Applies `ops` atomically and flushes (fsync): once this returns the write survives a
    /// crash, so the caller may acknowledge it. Every acknowledged write of the crate ends here.
    pub(crate) fn commit(&self, ops: Vec<WriteOp>) -> Result<()> {
        Ok(self.kv.commit(ops)?)
    }

    /// The record ids listed under an index prefix (the last segment of each key).
    pub(crate) fn ids_under(&self, prefix: &[u8]) -> Result<Vec<String>> {
        self.kv.scan_prefix(prefix).map(|entry| entry.map_err(ChatError::from).and_then(|(key, _)| Ok(keys::last_segment(&key)?.to_string()))).collect()
    }

    /// The conversation `id` of `board`, whoever it belongs to (internal reads only).
    pub(crate) fn load_conversation(&self, board: &str, id: &str) -> Result<Option<Conversation>> {
        record::read(&*self.kv, &keys::key(CONVERSATION, &[board, id]))
    }

    /// The conversation `id` if `actor` takes part in it; `NotFound` otherwise, as for a missing
    /// one, so ids of others cannot be probed.
    pub(crate) fn conversation_for(&self, board: &str, actor: &Actor, id: &str) -> Result<Conversation> {
        let board = keys::board(board)?;
        let id = keys::record_id("conversation", id)?;
        let conversation = self.load_conversation(board, id)?.ok_or(ChatError::not_found("conversation"))?;
        let takes_part = match actor {
            Actor::Candidate { account_id } => conversation.candidate_id == *account_id,
            Actor::Company { company_id, .. } => conversation.company_id == *company_id,
        };
        if takes_part {
            Ok(conversation)
        } else {
            Err(ChatError::not_found("conversation"))
        }
    }

    /// Whether a candidate blocked a company.
    pub(crate) fn is_blocked(&self, board: &str, candidate_id: &str, company_id: &str) -> Result<bool> {
        Ok(self.kv.get(&keys::key(BLOCK, &[board, candidate_id, company_id]))?.is_some())
    }

    /// The candidate's own passive profile, if they saved one.
    pub fn profile(&self, board: &str, actor: &Actor) -> Result<Option<PassiveProfile>> {
        let board = keys::board(board)?;
        let candidate_id = candidate_of(actor)?;
        record::read(&*self.kv, &keys::key(PROFILE, &[board, candidate_id]))
    }

    /// Saves the candidate's profile. Opening up to offers needs every mandatory preference
    /// (`ProfileIncomplete` names what is missing); closing or editing never does. The anonymous
    /// reference is made once and kept.
    pub fn save_profile(&self, board: &str, actor: &Actor, input: ProfileInput, now: i64) -> Result<PassiveProfile> {
        let board = keys::board(board)?;
        let candidate_id = candidate_of(actor)?;
        input.validate()?;
        if input.open_to_offers {
            let missing = missing_preferences(&input);
            if !missing.is_empty() {
                return Err(ChatError::ProfileIncomplete { missing });
            }
        }
        let _relations = self.lock_relations();
        let key = keys::key(PROFILE, &[board, candidate_id]);
        let existing: Option<PassiveProfile> = record::read(&*self.kv, &key)?;
        let public_id = existing.map_or_else(new_id, |profile| profile.public_id);
        let profile = PassiveProfile { v: RECORD_VERSION, candidate_id: candidate_id.to_string(), public_id, input, updated_at: now };
        self.commit(vec![
            json::put(key, &profile)?,
            WriteOp::Put { key: keys::key(PROFILE_REF, &[board, &profile.public_id]), value: candidate_id.as_bytes().to_vec() },
        ])?;
        Ok(profile)
    }

    /// The profile behind an anonymous reference, only while the candidate can be found.
    pub(crate) fn findable_profile(&self, board: &str, candidate_ref: &str) -> Result<Option<PassiveProfile>> {
        let Ok(candidate_ref) = keys::record_id("candidate", candidate_ref) else { return Ok(None) };
        let Some(candidate_id) = self.kv.get(&keys::key(PROFILE_REF, &[board, candidate_ref]))? else { return Ok(None) };
        let candidate_id = String::from_utf8(candidate_id).map_err(|error| ChatError::corrupt(candidate_ref.as_bytes(), error))?;
        let profile: Option<PassiveProfile> = record::read(&*self.kv, &keys::key(PROFILE, &[board, &candidate_id]))?;
        Ok(profile.filter(PassiveProfile::is_findable))
    }

    /// "Candidates for this offer": the board's findable passive candidates (opted in, complete,
    /// not blocking this company), best match first, at most `limit`, anonymised.
    pub fn candidates_for_offer(
        &self,
        board: &str,
        actor: &Actor,
        offer: &Offer,
        rates: &Rates,
        categories: &CategoryTree,
        limit: usize,
    ) -> Result<Vec<RankedCandidate>> {
        let board = keys::board(board)?;
        let (company_id, _) = company_of(actor)?;
        let mut findable = Vec::new();
        for entry in self.kv.scan_prefix(&keys::prefix(PROFILE, &[board])) {
            let (key, value) = entry?;
            let profile: PassiveProfile = record::decode(&key, &value)?;
            if profile.is_findable() && !self.is_blocked(board, &profile.candidate_id, company_id)? {
                findable.push(profile);
            }
        }
        let ranked = rank_candidates(&findable, offer, rates, categories);
        Ok(ranked.into_iter().take(limit).map(|(profile, score)| RankedCandidate { candidate: profile.anonymous(), score }).collect())
    }
}

/// The candidate account id of a candidate actor; a company gets `NotFound` (it has no
/// candidate records), a malformed id `InvalidInput`.
pub(crate) fn candidate_of(actor: &Actor) -> Result<&str> {
    match actor {
        Actor::Candidate { account_id } => keys::account("candidateId", account_id),
        Actor::Company { .. } => Err(ChatError::not_found("candidate")),
    }
}

/// The company and user ids of a company actor; a candidate gets `NotFound`.
pub(crate) fn company_of(actor: &Actor) -> Result<(&str, &str)> {
    match actor {
        Actor::Company { company_id, user_id } => Ok((keys::account("companyId", company_id)?, keys::account("userId", user_id)?)),
        Actor::Candidate { .. } => Err(ChatError::not_found("company")),
    }
}

/// The side of `actor` after checking its ids.
pub(crate) fn checked_side(actor: &Actor) -> Result<Side> {
    match actor {
        Actor::Candidate { .. } => candidate_of(actor).map(|_| Side::Candidate),
        Actor::Company { .. } => company_of(actor).map(|_| Side::Company),
    }
}
