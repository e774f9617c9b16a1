//! A guest's applications follow them into their account (candidate-side §2: the success screen's
//! portal link, `register?applicationId=`): once an account confirms an e-mail address, the
//! applications sent from that address without an account become the candidate's, in their
//! history and under their one-application rule.
//!
//! Only a confirmed address adopts: the confirmation link proves the mailbox, which is what the
//! guest gave when applying. The index `guest-application/{tenant}/{identity}/…` is written with
//! each guest application; applications stored before it existed are indexed once per tenant, on
//! the first adoption (`guest-application-indexed/{tenant}` marks it done).

use wakat_core::email::email_identity;
use wakat_store::secrets::to_hex;
use wakat_store::{json, WriteOp};

use super::{dedupe_keys, history_item, Applicant, ApplicationRecord, ApplicationStore, DedupeRecord};
use crate::error::{ApplicationsError, Result};
use crate::history;
use crate::keys::{self, APPLICATION, GUEST_APPLICATION, GUEST_APPLICATION_INDEXED};
use crate::record::{decode, RECORD_VERSION};

/// The key segment of an e-mail identity: hex, since an address may hold '/'.
fn identity_segment(email: &str) -> String {
    to_hex(email_identity(email).as_bytes())
}

/// The op indexing a guest's application under its e-mail identity; segments already checked.
pub(super) fn index_op(tenant: &str, applicant: &Applicant, at: i64, id: &str) -> WriteOp {
    WriteOp::Put { key: keys::key(GUEST_APPLICATION, &[tenant, &identity_segment(&applicant.email), &keys::newest_first(at, id)]), value: Vec::new() }
}

impl ApplicationStore {
    /// Gives the candidate every application sent without an account from `email`, which their
    /// account has just confirmed, and returns how many it took. Each becomes the candidate's
    /// (their history, their one-application key) in one transaction with the removal of its
    /// index entry, under the application's lock (a status change is never overwritten), and is
    /// flushed: taking the same address again finds nothing. An application the employer deleted
    /// joins the history with its last status, as a logged-in candidate's would.
    pub fn adopt_guest_applications(&self, tenant: &str, email: &str, candidate_id: &str) -> Result<usize> {
        let tenant = keys::tenant(tenant)?;
        let candidate_id = keys::candidate(candidate_id)?;
        if email_identity(email).is_empty() {
            return Ok(0);
        }
        self.index_earlier_guest_applications(tenant)?;
        let prefix = keys::prefix(GUEST_APPLICATION, &[tenant, &identity_segment(email)]);
        let entries = self.kv.scan_prefix(&prefix).collect::<std::result::Result<Vec<_>, _>>()?;
        let mut adopted = 0;
        for (index_key, _) in entries {
            let sort_key = keys::last_segment(&index_key)?;
            let (_, id) = sort_key.split_once('-').ok_or_else(|| ApplicationsError::corrupt(&index_key, "index key without an id"))?;
            let _guard = self.offer_locks.lock(&[tenant, "application", id]);
            let mut ops = vec![WriteOp::Delete { key: index_key.clone() }];
            if let Some(mut record) = self.load(tenant, id)? {
                if take_for(&mut record, candidate_id) {
                    ops.push(history::put_op(tenant, candidate_id, &history_item(&record))?);
                    // The candidate's own one-application key, unless they applied to the offer
                    // logged in too (that application keeps it).
                    let candidate_key =
                        record.applicant.as_ref().and_then(|applicant| dedupe_keys(tenant, &record.offer_slug, &applicant.email, Some(candidate_id)).pop());
                    if let Some(candidate_key) = candidate_key {
                        if self.kv.get(&candidate_key)?.is_none() {
                            let dedupe = DedupeRecord { v: RECORD_VERSION, application_id: record.id.clone(), at: record.at };
                            ops.push(json::put(candidate_key, &dedupe)?);
                        }
                    }
                    ops.push(json::put(keys::key(APPLICATION, &[tenant, id]), &record)?);
                    adopted += 1;
                }
            }
            self.kv.transaction(ops)?;
        }
        self.kv.flush()?;
        if adopted > 0 {
            tracing::info!(tenant, adopted, "a guest's applications joined their account");
        }
        Ok(adopted)
    }

    /// Indexes, once per tenant, the guest applications stored before the index existed.
    fn index_earlier_guest_applications(&self, tenant: &str) -> Result<()> {
        let marker = keys::key(GUEST_APPLICATION_INDEXED, &[tenant]);
        if self.kv.get(&marker)?.is_some() {
            return Ok(());
        }
        let mut ops = Vec::new();
        for entry in self.kv.scan_prefix(&keys::prefix(APPLICATION, &[tenant])) {
            let (key, value) = entry?;
            let record: ApplicationRecord = decode(&key, &value)?;
            if let Some(applicant) = record.applicant.as_ref().filter(|applicant| applicant.candidate_id.is_none()) {
                ops.push(index_op(tenant, applicant, record.at, &record.id));
            }
        }
        ops.push(WriteOp::Put { key: marker, value: Vec::new() });
        self.kv.transaction(ops)?;
        Ok(())
    }
}

/// Makes a guest's application the candidate's; false when it already has a candidate.
fn take_for(record: &mut ApplicationRecord, candidate_id: &str) -> bool {
    match &mut record.applicant {
        Some(applicant) if applicant.candidate_id.is_some() => false,
        Some(applicant) => {
            applicant.candidate_id = Some(candidate_id.to_string());
            true
        }
        // Deleted by the employer: nothing personal left to mark, the history entry still counts.
        None => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ApplicationsError;
    use crate::status::ApplicationStatus;
    use crate::testing::{application, candidate_application, memory, page, sled_in, T0};

    fn ids_of(store: &ApplicationStore, tenant: &str, candidate_id: &str) -> Vec<String> {
        store.list_for_candidate(tenant, candidate_id, page(1, 50)).unwrap().items.into_iter().map(|application| application.id).collect()
    }

    #[test]
    fn a_confirmed_address_takes_its_guest_applications_once() {
        let store = ApplicationStore::new(memory());
        let first = store.submit("pl", application("rust-dev", "Jan@Example.pl"), T0).unwrap();
        let second = store.submit("pl", application("java-dev", "jan@example.pl"), T0 + 10).unwrap();
        let other = store.submit("pl", application("rust-dev", "ola@example.pl"), T0 + 20).unwrap();
        let logged_in = store.submit("pl", candidate_application("go-dev", "jan@example.pl", "cand-1"), T0 + 30).unwrap();

        assert_eq!(store.adopt_guest_applications("pl", " JAN@example.PL ", "cand-1").unwrap(), 2);
        assert_eq!(ids_of(&store, "pl", "cand-1"), [logged_in.id.clone(), second.id.clone(), first.id.clone()], "newest first, with the logged-in one");
        let adopted = store.get("pl", &first.id).unwrap().unwrap();
        assert_eq!(adopted.applicant.unwrap().candidate_id.as_deref(), Some("cand-1"));
        assert_eq!(store.get("pl", &other.id).unwrap().unwrap().applicant.unwrap().candidate_id, None, "another address keeps its own");
        assert_eq!(store.adopt_guest_applications("pl", "jan@example.pl", "cand-1").unwrap(), 0, "taken once");
        assert_eq!(store.adopt_guest_applications("pl", "jan@example.pl", "cand-9").unwrap(), 0, "never by a second account");
    }

    #[test]
    fn an_adopted_application_counts_for_the_candidate_under_any_address() {
        let store = ApplicationStore::new(memory());
        store.submit("pl", application("rust-dev", "jan@example.pl"), T0).unwrap();
        store.adopt_guest_applications("pl", "jan@example.pl", "cand-1").unwrap();
        let again = store.submit("pl", candidate_application("rust-dev", "jan.work@example.pl", "cand-1"), T0 + 60);
        assert!(matches!(again, Err(ApplicationsError::AlreadyApplied { at: T0 })), "{again:?}");
    }

    #[test]
    fn applications_stored_before_the_index_are_found_too() {
        let store = ApplicationStore::new(memory());
        let earlier = store.submit("pl", application("rust-dev", "jan@example.pl"), T0).unwrap();
        // As stored by a version without the guest index.
        let index: Vec<_> = store.kv.scan_prefix(&keys::prefix(GUEST_APPLICATION, &["pl"])).map(|entry| entry.unwrap().0).collect();
        assert_eq!(index.len(), 1);
        store.kv.transaction(index.into_iter().map(|key| WriteOp::Delete { key }).collect()).unwrap();

        assert_eq!(store.adopt_guest_applications("pl", "jan@example.pl", "cand-1").unwrap(), 1);
        assert_eq!(ids_of(&store, "pl", "cand-1"), [earlier.id]);
    }

    #[test]
    fn a_status_and_a_deletion_by_the_employer_stay_as_they_are() {
        let store = ApplicationStore::new(memory());
        let moved = store.submit("pl", application("rust-dev", "jan@example.pl"), T0).unwrap();
        let deleted = store.submit("pl", application("java-dev", "jan@example.pl"), T0 + 10).unwrap();
        store.set_status("pl", &moved.id, ApplicationStatus::Interview, T0 + 20).unwrap();
        store.remove_by_employer("pl", &deleted.id, T0 + 30).unwrap();

        assert_eq!(store.adopt_guest_applications("pl", "jan@example.pl", "cand-1").unwrap(), 2);
        assert_eq!(store.get("pl", &moved.id).unwrap().unwrap().status, ApplicationStatus::Interview);
        let gone = store.get("pl", &deleted.id).unwrap().unwrap();
        assert!(gone.applicant.is_none() && gone.removed_at.is_some(), "nothing personal comes back");
        assert_eq!(ids_of(&store, "pl", "cand-1"), [deleted.id, moved.id], "the history shows both, as for a logged-in candidate");
    }

    #[test]
    fn another_board_and_a_reopen() {
        let dir = tempfile::tempdir().unwrap();
        let guest = {
            let store = ApplicationStore::new(sled_in(&dir));
            let guest = store.submit("pl", application("rust-dev", "jan@example.pl"), T0).unwrap();
            assert_eq!(store.adopt_guest_applications("en", "jan@example.pl", "cand-1").unwrap(), 0, "another board's account");
            guest
        };
        let store = ApplicationStore::new(sled_in(&dir));
        assert_eq!(store.adopt_guest_applications("pl", "jan@example.pl", "cand-1").unwrap(), 1);
        drop(store);
        let store = ApplicationStore::new(sled_in(&dir));
        assert_eq!(ids_of(&store, "pl", "cand-1"), [guest.id], "adopted for good");
    }
}
