//! Candidate B, company B and another board cannot read or write A's data: every call answers
//! `NotFound`, as for a record that does not exist.

use wakat_core::{CategoryTree, Rates};

use crate::testing::*;
use crate::{Actor, ChatError, Complaint, ReportReason, SharedContact};

fn not_found<T: std::fmt::Debug>(result: crate::Result<T>) -> bool {
    matches!(result, Err(ChatError::NotFound { .. }))
}

#[test]
fn strangers_cannot_touch_a_conversation() {
    let store = store();
    let conversation = conversation(&store);
    let id = conversation.id.as_str();
    for stranger in [candidate_b(), company_b()] {
        assert!(not_found(store.conversation(BOARD, &stranger, id)), "{stranger:?}");
        assert!(not_found(store.history(BOARD, &stranger, id, None, 10)));
        assert!(not_found(store.send_message(BOARD, &stranger, id, "s-1", "hej", T0 + 100)));
        assert!(not_found(store.mark_read(BOARD, &stranger, id, 1)));
        assert!(not_found(store.close_conversation(BOARD, &stranger, id, T0 + 100)));
        assert!(not_found(store.report_message(BOARD, &stranger, id, 1, Complaint::new(ReportReason::Spam), T0 + 100)));
        assert!(store.conversations(BOARD, &stranger).unwrap().is_empty());
        assert_eq!(store.unread_total(BOARD, &stranger).unwrap(), 0);
    }
    // The same actors on another board see nothing of this one.
    for actor in [candidate_a(), company_a()] {
        assert!(not_found(store.conversation("de", &actor, id)));
        assert!(not_found(store.send_message("de", &actor, id, "s-1", "hej", T0 + 100)));
        assert!(store.conversations("de", &actor).unwrap().is_empty());
    }
    // Ids that are not ours name nothing.
    assert!(not_found(store.conversation(BOARD, &candidate_a(), "../etc")));
    // Nothing was written by the attempts.
    let now = store.conversation(BOARD, &candidate_a(), id).unwrap();
    assert_eq!((now.last_seq, now.is_open()), (1, true));
    // Both users of company A are company A.
    assert!(store.conversation(BOARD, &company_a_owner(), id).is_ok());
}

#[test]
fn strangers_cannot_answer_or_list_requests_or_profiles() {
    let store = store();
    let request = request_to(&store, &candidate_a(), &company_a(), "offer-1", T0).unwrap();
    assert!(not_found(store.accept_request(BOARD, &candidate_b(), &request.id, SharedContact::default(), T0)));
    assert!(not_found(store.decline_request(BOARD, &candidate_b(), &request.id, T0)));
    assert!(not_found(store.accept_request(BOARD, &company_a(), &request.id, SharedContact::default(), T0)), "a company answers nothing");
    assert!(not_found(store.accept_request("de", &candidate_a(), &request.id, SharedContact::default(), T0)));
    assert!(store.invites(BOARD, &candidate_b(), T0).unwrap().is_empty());
    assert!(store.invites("de", &candidate_a(), T0).unwrap().is_empty());
    assert!(store.requests_sent(BOARD, &company_b(), T0).unwrap().is_empty());
    assert!(store.requests_sent("de", &company_a(), T0).unwrap().is_empty());
    assert!(not_found(store.requests_sent(BOARD, &candidate_a(), T0)));
    assert!(not_found(store.invites(BOARD, &company_a(), T0)));

    assert_eq!(store.profile(BOARD, &candidate_b()).unwrap(), None);
    assert_eq!(store.profile("de", &candidate_a()).unwrap(), None);
    assert!(not_found(store.profile(BOARD, &company_a())));
    assert!(not_found(store.save_profile(BOARD, &company_a(), complete_input(), T0)));
    // A reference found on one board reaches nobody on another.
    let profile = store.profile(BOARD, &candidate_a()).unwrap().unwrap();
    assert!(not_found(store.send_request("de", &company_a(), new_request(&profile.public_id, "offer-2"), LIMIT, T0)));
    assert!(store.candidates_for_offer("de", &company_a(), &rust_offer(), &Rates::default(), &CategoryTree::default(), 10).unwrap().is_empty());
    // Only the candidate blocks, erases or lists blocks.
    assert!(not_found(store.block_company(BOARD, &company_b(), "acme", T0)));
    assert!(not_found(store.erase_candidate(BOARD, &company_a(), T0)));
    // Candidate B's erasure leaves A's data alone.
    store.erase_candidate(BOARD, &candidate_b(), T0).unwrap();
    assert_eq!(store.invites(BOARD, &candidate_a(), T0).unwrap().len(), 1);
}

#[test]
fn malformed_actors_and_boards_are_refused_before_any_read() {
    let store = store();
    assert!(matches!(store.profile("a/b", &candidate_a()), Err(ChatError::InvalidInput { field: "board", .. })));
    assert!(matches!(store.profile(BOARD, &Actor::candidate("x/y")), Err(ChatError::InvalidInput { field: "candidateId", .. })));
    assert!(matches!(store.conversations(BOARD, &Actor::company("acme", "")), Err(ChatError::InvalidInput { field: "userId", .. })));
}
