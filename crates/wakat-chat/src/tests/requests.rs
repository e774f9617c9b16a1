use wakat_core::{CategoryTree, Rates};

use crate::testing::*;
use crate::{ChatError, MissingPreference, ProfileInput, RequestStatus, SharedContact, TextError, REQUEST_TTL_SECS};

#[test]
fn opening_up_needs_every_mandatory_preference_and_the_reference_stays() {
    let store = store();
    let incomplete = ProfileInput { open_to_offers: true, ..ProfileInput::default() };
    let Err(ChatError::ProfileIncomplete { missing }) = store.save_profile(BOARD, &candidate_a(), incomplete, T0) else { panic!("refused") };
    assert_eq!(missing.len(), 6);
    // Filling the preferences in without opening up is allowed (the widget saves as it goes).
    let closed = ProfileInput { open_to_offers: false, ..complete_input() };
    let first = store.save_profile(BOARD, &candidate_a(), closed, T0).unwrap();
    assert!(!first.is_findable());
    let opened = store.save_profile(BOARD, &candidate_a(), complete_input(), T0 + 1).unwrap();
    assert_eq!(opened.public_id, first.public_id);
    assert!(opened.is_findable());
    assert_eq!(store.profile(BOARD, &candidate_a()).unwrap(), Some(opened));
    let mut too_many_skills = complete_input();
    too_many_skills.preferences.skills = vec!["rust".into(); 31];
    assert!(matches!(store.save_profile(BOARD, &candidate_a(), too_many_skills, T0), Err(ChatError::InvalidPreferences(_))));
    assert_eq!(MissingPreference::Place, serde_json::from_str("\"place\"").unwrap());
}

#[test]
fn employers_find_only_open_complete_candidates_ranked_and_anonymised() {
    let store = store();
    store.save_profile(BOARD, &candidate_a(), complete_input(), T0).unwrap();
    let mut java = complete_input();
    java.preferences.skills = vec!["Java".into()];
    store.save_profile(BOARD, &candidate_b(), java, T0).unwrap();
    let closed = ProfileInput { open_to_offers: false, ..complete_input() };
    store.save_profile(BOARD, &crate::Actor::candidate("cand-c"), closed, T0).unwrap();

    let found = store.candidates_for_offer(BOARD, &company_a(), &rust_offer(), &Rates::default(), &CategoryTree::default(), 10).unwrap();
    assert_eq!(found.len(), 2);
    let profile_a = store.profile(BOARD, &candidate_a()).unwrap().unwrap();
    assert_eq!(found[0].candidate.candidate_ref, profile_a.public_id);
    assert!(found[0].score.percent > found[1].score.percent);
    let json = serde_json::to_string(&found).unwrap();
    assert!(!json.contains("cand-a") && !json.contains("cand-b"), "account ids never reach employers: {json}");
    assert_eq!(store.candidates_for_offer(BOARD, &company_a(), &rust_offer(), &Rates::default(), &CategoryTree::default(), 1).unwrap().len(), 1);
    // Only a company searches.
    assert!(matches!(
        store.candidates_for_offer(BOARD, &candidate_a(), &rust_offer(), &Rates::default(), &CategoryTree::default(), 10),
        Err(ChatError::NotFound { .. })
    ));
}

#[test]
fn a_request_becomes_the_candidates_invite_with_the_spec_fields() {
    let store = store();
    let request = request_to(&store, &candidate_a(), &company_a(), "0f5e7c1a-rust-senior", T0).unwrap();
    let invites = store.invites(BOARD, &candidate_a(), T0 + 5).unwrap();
    assert_eq!(invites.len(), 1);
    let invite = serde_json::to_value(&invites[0]).unwrap();
    assert_eq!(invite["status"], "received");
    assert_eq!(invite["sentAt"], T0);
    assert_eq!(invite["employer"]["name"], "Acme Payments");
    assert_eq!(invite["employer"]["avatarUrl"], "https://cdn.example.com/acme.png");
    assert_eq!(invite["jobAdvertisement"]["name"], "Senior Rust Developer");
    assert_eq!(invite["conversationRequestId"], request.id.as_str());
    // The company sees its request with the candidate's reference only.
    let sent = store.requests_sent(BOARD, &company_a(), T0 + 5).unwrap();
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].candidate_ref, request.candidate_ref);
    assert!(!serde_json::to_string(&sent).unwrap().contains("cand-a"));
    assert_eq!(sent[0].sent_by_user_id, "recruiter-1");
}

#[test]
fn one_request_per_company_candidate_and_offer() {
    let store = store();
    let first = request_to(&store, &candidate_a(), &company_a(), "offer-1", T0).unwrap();
    assert_eq!(request_to(&store, &candidate_a(), &company_a(), "offer-1", T0 + 1), Err(ChatError::AlreadyRequested { status: RequestStatus::Received }));
    // Another user of the same company is the same company.
    let profile = store.profile(BOARD, &candidate_a()).unwrap().unwrap();
    let again = store.send_request(BOARD, &company_a_owner(), new_request(&profile.public_id, "offer-1"), LIMIT, T0 + 2);
    assert_eq!(again, Err(ChatError::AlreadyRequested { status: RequestStatus::Received }));
    // Another offer, or another company, is another request.
    request_to(&store, &candidate_a(), &company_a(), "offer-2", T0).unwrap();
    request_to(&store, &candidate_a(), &company_b(), "offer-1", T0).unwrap();
    // A declined request is not asked again.
    store.decline_request(BOARD, &candidate_a(), &first.id, T0 + 3).unwrap();
    assert_eq!(request_to(&store, &candidate_a(), &company_a(), "offer-1", T0 + 4), Err(ChatError::AlreadyRequested { status: RequestStatus::Declined }));
}

#[test]
fn an_unanswered_request_expires_and_may_then_be_sent_again() {
    let store = store();
    let first = request_to(&store, &candidate_a(), &company_a(), "offer-1", T0).unwrap();
    let later = T0 + REQUEST_TTL_SECS;
    assert_eq!(store.requests_received(BOARD, &candidate_a(), later).unwrap()[0].status, RequestStatus::Expired);
    assert!(store.invites(BOARD, &candidate_a(), later).unwrap().is_empty());
    assert_eq!(
        store.accept_request(BOARD, &candidate_a(), &first.id, SharedContact::default(), later),
        Err(ChatError::RequestNotPending { status: RequestStatus::Expired })
    );
    let second = request_to(&store, &candidate_a(), &company_a(), "offer-1", later).unwrap();
    let statuses: Vec<_> = store.requests_received(BOARD, &candidate_a(), later).unwrap().iter().map(|r| (r.id.clone(), r.status)).collect();
    assert_eq!(statuses, vec![(second.id, RequestStatus::Received), (first.id, RequestStatus::Expired)]);
}

#[test]
fn the_daily_limit_counts_per_company_and_utc_day() {
    let store = store();
    let profile = store.save_profile(BOARD, &candidate_a(), complete_input(), T0).unwrap();
    let send = |offer: &str, now| store.send_request(BOARD, &company_a(), new_request(&profile.public_id, offer), 2, now);
    send("offer-1", T0 + 10).unwrap();
    send("offer-2", T0 + 20).unwrap();
    assert_eq!(send("offer-3", T0 + 86_399), Err(ChatError::DailyLimitReached { limit: 2 }));
    // Another company has its own count; the next UTC day starts again.
    store.send_request(BOARD, &company_b(), new_request(&profile.public_id, "offer-3"), 2, T0 + 30).unwrap();
    send("offer-3", T0 + 86_400).unwrap();
    // A refused request used nothing up.
    assert_eq!(store.requests_sent(BOARD, &company_a(), T0 + 86_400).unwrap().len(), 3);
}

#[test]
fn requests_reach_only_findable_candidates_with_a_valid_first_message() {
    let store = store();
    let profile = store.save_profile(BOARD, &candidate_a(), complete_input(), T0).unwrap();
    let unknown = new_request("0123456789abcdef0123456789abcdef", "offer-1");
    assert_eq!(store.send_request(BOARD, &company_a(), unknown, LIMIT, T0), Err(ChatError::NotFound { what: "candidate" }));
    let blank = crate::NewRequest { first_message: "  \n ".into(), ..new_request(&profile.public_id, "offer-1") };
    assert_eq!(store.send_request(BOARD, &company_a(), blank, LIMIT, T0), Err(ChatError::InvalidText(TextError::Empty)));
    store.save_profile(BOARD, &candidate_a(), ProfileInput { open_to_offers: false, ..complete_input() }, T0).unwrap();
    assert_eq!(store.send_request(BOARD, &company_a(), new_request(&profile.public_id, "offer-1"), LIMIT, T0), Err(ChatError::NotFound { what: "candidate" }));
}

#[test]
fn accepting_opens_the_conversation_with_the_first_message_and_what_was_shared() {
    let store = store();
    let conversation = conversation(&store);
    assert!(conversation.is_open());
    assert_eq!(conversation.shared.email.as_deref(), Some("anna@example.com"));
    assert_eq!(conversation.last_seq, 1);
    assert_eq!(conversation.unread_for(crate::Side::Candidate), 0, "the candidate read it in the invite");
    let page = store.history(BOARD, &company_a(), &conversation.id, None, 10).unwrap();
    assert_eq!(page.messages.len(), 1);
    assert_eq!(page.messages[0].text.as_deref(), Some("Dzień dobry, czy porozmawiamy o roli Senior Rust Developer?"));
    assert_eq!(page.messages[0].sender_user_id.as_deref(), Some("recruiter-1"));
    assert_eq!(page.messages[0].sent_at, T0);
    let request = &store.requests_received(BOARD, &candidate_a(), T0 + 61).unwrap()[0];
    assert_eq!(request.status, RequestStatus::Accepted);
    assert_eq!(request.conversation_id.as_deref(), Some(conversation.id.as_str()));
    assert_eq!(
        store.accept_request(BOARD, &candidate_a(), &request.id, SharedContact::default(), T0 + 62),
        Err(ChatError::RequestNotPending { status: RequestStatus::Accepted })
    );
    assert_eq!(store.decline_request(BOARD, &candidate_a(), &request.id, T0 + 62), Err(ChatError::RequestNotPending { status: RequestStatus::Accepted }));
    // Sharing nothing is allowed; a control character in a shared name is not.
    let other = request_to(&store, &candidate_a(), &company_b(), "offer-9", T0).unwrap();
    let bad = SharedContact { name: Some("Anna\u{0}".into()), ..SharedContact::default() };
    assert!(matches!(store.accept_request(BOARD, &candidate_a(), &other.id, bad, T0), Err(ChatError::InvalidInput { field: "name", .. })));
    let plain = store.accept_request(BOARD, &candidate_a(), &other.id, SharedContact { name: Some("  ".into()), ..SharedContact::default() }, T0).unwrap();
    assert_eq!(plain.shared, SharedContact::default());
    assert_eq!(store.conversations(BOARD, &candidate_a()).unwrap().len(), 2);
}
