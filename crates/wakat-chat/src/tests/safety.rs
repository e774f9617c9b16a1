use wakat_core::{CategoryTree, Rates};

use crate::testing::*;
use crate::{ChatError, Complaint, ConversationStatus, MailPolicy, ReportReason, RequestStatus, Side};

#[test]
fn blocking_closes_conversations_declines_requests_and_hides_the_candidate() {
    let store = store();
    let conversation = conversation(&store);
    let pending = request_to(&store, &candidate_a(), &company_a(), "offer-2", T0).unwrap();
    let from_b = request_to(&store, &candidate_a(), &company_b(), "offer-2", T0).unwrap();
    store.block_company(BOARD, &candidate_a(), "acme", T0 + 500).unwrap();

    let closed = store.conversation(BOARD, &candidate_a(), &conversation.id).unwrap();
    assert_eq!(closed.status, ConversationStatus::Closed { by: Side::Candidate, at: T0 + 500 });
    assert_eq!(store.send_message(BOARD, &company_a(), &conversation.id, "x", "hej", T0 + 600), Err(ChatError::ConversationClosed));
    let statuses: Vec<_> = store.requests_received(BOARD, &candidate_a(), T0 + 600).unwrap().into_iter().map(|r| (r.id, r.status)).collect();
    assert!(statuses.contains(&(pending.id, RequestStatus::Declined)));
    assert!(statuses.contains(&(from_b.id, RequestStatus::Received)), "another company is untouched");

    // The company no longer finds or reaches the candidate; the other still does.
    let profile = store.profile(BOARD, &candidate_a()).unwrap().unwrap();
    assert_eq!(
        store.send_request(BOARD, &company_a(), new_request(&profile.public_id, "offer-3"), LIMIT, T0 + 600),
        Err(ChatError::NotFound { what: "candidate" })
    );
    let found =
        |company: &crate::Actor| store.candidates_for_offer(BOARD, company, &rust_offer(), &Rates::default(), &CategoryTree::default(), 10).unwrap().len();
    assert_eq!((found(&company_a()), found(&company_b())), (0, 1));
    assert_eq!(store.blocked_companies(BOARD, &candidate_a()).unwrap().len(), 1);

    store.unblock_company(BOARD, &candidate_a(), "acme").unwrap();
    assert_eq!(found(&company_a()), 1);
    assert_eq!(store.conversation(BOARD, &candidate_a(), &conversation.id).unwrap().status, closed.status, "closed stays closed");
}

#[test]
fn a_message_of_the_other_side_can_be_reported_once() {
    let store = store();
    let conversation = conversation(&store);
    store.send_message(BOARD, &candidate_a(), &conversation.id, "c-1", "hej", T0 + 100).unwrap();
    let report =
        store.report_message(BOARD, &candidate_a(), &conversation.id, 1, Complaint::with_note(ReportReason::Scam, " prosi o opłatę "), T0 + 200).unwrap();
    assert_eq!((report.seq, report.reported_by, report.note.as_deref()), (1, Side::Candidate, Some("prosi o opłatę")));
    let again = store.report_message(BOARD, &candidate_a(), &conversation.id, 1, Complaint::new(ReportReason::Spam), T0 + 300).unwrap();
    assert_eq!(again, report);
    assert!(matches!(
        store.report_message(BOARD, &candidate_a(), &conversation.id, 2, Complaint::new(ReportReason::Spam), T0),
        Err(ChatError::InvalidInput { field: "seq", .. })
    ));
    assert_eq!(
        store.report_message(BOARD, &candidate_a(), &conversation.id, 9, Complaint::new(ReportReason::Spam), T0),
        Err(ChatError::NotFound { what: "message" })
    );
    let long = "x".repeat(1_001);
    assert!(matches!(
        store.report_message(BOARD, &company_a(), &conversation.id, 2, Complaint::with_note(ReportReason::Other, &long), T0),
        Err(ChatError::InvalidInput { field: "note", .. })
    ));
    assert_eq!(store.reports(BOARD).unwrap(), vec![report]);
}

#[test]
fn erasing_a_candidate_leaves_tombstones_for_the_employer() {
    let store = store();
    let conversation = conversation(&store);
    store.send_message(BOARD, &candidate_a(), &conversation.id, "c-1", "Mój numer to 600 100 200", T0 + 100).unwrap();
    store.send_message(BOARD, &company_a(), &conversation.id, "x-1", "Dziękuję!", T0 + 200).unwrap();
    let pending = request_to(&store, &candidate_a(), &company_b(), "offer-2", T0).unwrap();
    store.block_company(BOARD, &candidate_a(), "initech", T0).unwrap();

    let erased = store.erase_candidate(BOARD, &candidate_a(), T0 + 1_000).unwrap();
    assert_eq!((erased.messages, erased.requests, erased.conversations), (1, 1, 1));

    let page = store.history(BOARD, &company_a(), &conversation.id, None, 10).unwrap();
    let texts: Vec<_> = page.messages.iter().map(|m| (m.seq, m.sender, m.text.clone(), m.deleted_at)).collect();
    assert_eq!(
        texts,
        vec![
            (3, Side::Company, Some("Dziękuję!".to_string()), None),
            (2, Side::Candidate, None, Some(T0 + 1_000)),
            (1, Side::Company, Some("Dzień dobry, czy porozmawiamy o roli Senior Rust Developer?".to_string()), None),
        ]
    );
    assert_eq!(page.messages[1].sent_at, T0 + 100, "the tombstone keeps sender and time");
    let kept = store.conversation(BOARD, &company_a(), &conversation.id).unwrap();
    assert!(!kept.is_open());
    assert_eq!(kept.shared, crate::SharedContact::default());
    assert_eq!(store.profile(BOARD, &candidate_a()).unwrap(), None);
    assert!(store.requests_sent(BOARD, &company_b(), T0 + 1_000).unwrap().iter().all(|r| r.id != pending.id));
    assert!(store.blocked_companies(BOARD, &candidate_a()).unwrap().is_empty());
    assert!(store.candidates_for_offer(BOARD, &company_b(), &rust_offer(), &Rates::default(), &CategoryTree::default(), 10).unwrap().is_empty());
    // Nothing of the text is left anywhere in the store.
    let dump: Vec<u8> = store.kv.scan_prefix(b"").flat_map(|entry| entry.unwrap().1).collect();
    assert!(!String::from_utf8_lossy(&dump).contains("600 100 200"));
    assert!(!String::from_utf8_lossy(&dump).contains("anna@example.com"));
}

#[test]
fn unread_messages_are_mailed_after_the_delay_at_most_once_an_hour() {
    let store = store();
    let conversation = conversation(&store);
    let policy = MailPolicy::default();
    let sent_at = T0 + 1_000;
    store.send_message(BOARD, &company_a(), &conversation.id, "x-1", "hej", sent_at).unwrap();
    let due = |side, now| store.conversations_to_mail(BOARD, side, policy, now).unwrap();
    assert!(due(Side::Candidate, sent_at + 14 * 60).is_empty(), "not before 15 minutes");
    let list = due(Side::Candidate, sent_at + 15 * 60);
    assert_eq!(list.len(), 1);
    assert_eq!((list[0].recipient_id.as_str(), list[0].unread, list[0].first_unread_at), ("cand-a", 1, sent_at));
    assert!(due(Side::Company, sent_at + 3_600).is_empty(), "the company has nothing unread");

    store.record_mail_sent(BOARD, Side::Candidate, &conversation.id, sent_at + 15 * 60).unwrap();
    store.send_message(BOARD, &company_a(), &conversation.id, "x-2", "halo?", sent_at + 20 * 60).unwrap();
    assert!(due(Side::Candidate, sent_at + 60 * 60).is_empty(), "at most once an hour");
    assert_eq!(due(Side::Candidate, sent_at + 76 * 60).len(), 1);

    // Reading everything takes it off the list; so does closing.
    store.mark_read(BOARD, &candidate_a(), &conversation.id, u64::MAX).unwrap();
    assert!(due(Side::Candidate, sent_at + 200 * 60).is_empty());
    store.send_message(BOARD, &company_a(), &conversation.id, "x-3", "?", sent_at + 300 * 60).unwrap();
    store.close_conversation(BOARD, &company_a(), &conversation.id, sent_at + 301 * 60).unwrap();
    assert!(due(Side::Candidate, sent_at + 400 * 60).is_empty());
    assert_eq!(store.record_mail_sent(BOARD, Side::Candidate, "0123456789abcdef0123456789abcdef", T0), Err(ChatError::NotFound { what: "conversation" }));
}

#[test]
fn mails_can_be_turned_off_per_account_and_erasure_forgets_the_choice() {
    let store = store();
    assert!(!store.mails_off(BOARD, "cand-a").unwrap());
    store.set_mails_off(BOARD, "cand-a", true).unwrap();
    assert!(store.mails_off(BOARD, "cand-a").unwrap());
    assert!(!store.mails_off(BOARD, "recruiter-1").unwrap(), "one account's choice only");
    assert!(!store.mails_off("work", "cand-a").unwrap(), "one board's only");
    store.set_mails_off(BOARD, "cand-a", false).unwrap();
    assert!(!store.mails_off(BOARD, "cand-a").unwrap());
    store.set_mails_off(BOARD, "cand-a", true).unwrap();
    store.erase_candidate(BOARD, &candidate_a(), T0).unwrap();
    assert!(!store.mails_off(BOARD, "cand-a").unwrap());
    assert!(matches!(store.set_mails_off(BOARD, "a/b", true), Err(ChatError::InvalidInput { .. })));
}
