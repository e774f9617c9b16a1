use std::sync::Arc;

use wakat_store::{KvStore, RecordingStore, SledStore};

use crate::testing::*;
use crate::{ChatError, ChatStore, ConversationStatus, Side, TextError, MAX_HISTORY_PAGE};

#[test]
fn messages_are_numbered_and_a_resend_is_stored_once() {
    let store = store();
    let conversation = conversation(&store);
    let sent = store.send_message(BOARD, &candidate_a(), &conversation.id, "c-1", "Chętnie, kiedy?", T0 + 100).unwrap();
    assert_eq!((sent.message.seq, sent.duplicate, sent.message.sender), (2, false, Side::Candidate));
    // The same client id after a reconnect: the first stored message, nothing new.
    let resent = store.send_message(BOARD, &candidate_a(), &conversation.id, "c-1", "Chętnie, kiedy? (again)", T0 + 105).unwrap();
    assert!(resent.duplicate);
    assert_eq!(resent.message, sent.message);
    // The other side's ids are its own.
    let reply = store.send_message(BOARD, &company_a(), &conversation.id, "c-1", "Jutro o 10?", T0 + 110).unwrap();
    assert_eq!((reply.message.seq, reply.duplicate), (3, false));
    assert_eq!(reply.message.sender_user_id.as_deref(), Some("recruiter-1"));
    let now = store.conversation(BOARD, &candidate_a(), &conversation.id).unwrap();
    assert_eq!((now.last_seq, now.last_message_at), (3, T0 + 110));
}

#[test]
fn texts_and_client_ids_follow_the_rules() {
    let store = store();
    let conversation = conversation(&store);
    let send = |client: &str, text: &str| store.send_message(BOARD, &candidate_a(), &conversation.id, client, text, T0 + 100);
    assert_eq!(send("c-1", " \n "), Err(ChatError::InvalidText(TextError::Empty)));
    assert_eq!(send("c-1", &"ą".repeat(2_001)), Err(ChatError::InvalidText(TextError::TooLong { chars: 2_001, max: 2_000 })));
    assert_eq!(send("c-1", "a\u{1b}[31mb"), Err(ChatError::InvalidText(TextError::ControlCharacter { code_point: 0x1b })));
    assert!(matches!(send(&"x".repeat(65), "hej"), Err(ChatError::InvalidInput { field: "clientMessageId", .. })));
    assert!(matches!(send("", "hej"), Err(ChatError::InvalidInput { field: "clientMessageId", .. })));
    // A refused text stored nothing, so the id is still free.
    let stored = send("c-1", "  linia 1\r\n\tlinia 2  ").unwrap();
    assert_eq!(stored.message.text.as_deref(), Some("linia 1\n\tlinia 2"));
    assert_eq!(stored.message.seq, 2);
}

#[test]
fn history_pages_back_by_cursor_newest_first() {
    let store = store();
    let conversation = conversation(&store);
    for n in 0..24 {
        store.send_message(BOARD, &company_a(), &conversation.id, &format!("m-{n}"), &format!("wiadomość {n}"), T0 + 100 + n).unwrap();
    }
    let mut seqs = Vec::new();
    let mut before = None;
    loop {
        let page = store.history(BOARD, &candidate_a(), &conversation.id, before, 10).unwrap();
        assert!(page.messages.len() <= 10);
        seqs.extend(page.messages.iter().map(|message| message.seq));
        match page.next_before {
            Some(next) => before = Some(next),
            None => break,
        }
    }
    assert_eq!(seqs, (1..=25).rev().collect::<Vec<u64>>());
    // Sizes are cut to 1..=100; a cursor past the end means the newest; before 1 is empty.
    assert_eq!(store.history(BOARD, &candidate_a(), &conversation.id, None, 0).unwrap().messages.len(), 1);
    assert_eq!(store.history(BOARD, &candidate_a(), &conversation.id, Some(1_000), 1_000).unwrap().messages.len(), 25.min(MAX_HISTORY_PAGE));
    let first = store.history(BOARD, &candidate_a(), &conversation.id, Some(1), 10).unwrap();
    assert!(first.messages.is_empty() && first.next_before.is_none());
    assert_eq!(store.history(BOARD, &candidate_a(), &conversation.id, Some(3), 10).unwrap().messages.iter().map(|m| m.seq).collect::<Vec<_>>(), vec![2, 1]);
}

#[test]
fn unread_counts_follow_messages_and_read_marks() {
    let store = store();
    let conversation = conversation(&store);
    for n in 0..3 {
        store.send_message(BOARD, &company_a(), &conversation.id, &format!("m-{n}"), "hej", T0 + 100 + n).unwrap();
    }
    store.send_message(BOARD, &candidate_a(), &conversation.id, "c-1", "hej", T0 + 200).unwrap();
    assert_eq!(store.unread_total(BOARD, &candidate_a()).unwrap(), 3);
    assert_eq!(store.unread_total(BOARD, &company_a()).unwrap(), 1);
    // Seqs 2, 3, 4 are the company's: reading up to 3 leaves seq 4.
    let read = store.mark_read(BOARD, &candidate_a(), &conversation.id, 3).unwrap();
    assert_eq!((read.candidate.read_seq, read.candidate.unread, read.candidate.first_unread_at), (3, 1, Some(T0 + 102)));
    // A mark never moves back.
    assert_eq!(store.mark_read(BOARD, &candidate_a(), &conversation.id, 2).unwrap().candidate.read_seq, 3);
    // Past the newest means the newest.
    let all = store.mark_read(BOARD, &candidate_a(), &conversation.id, u64::MAX).unwrap();
    assert_eq!((all.candidate.read_seq, all.candidate.unread, all.candidate.first_unread_at), (5, 0, None));
    assert_eq!(store.unread_total(BOARD, &candidate_a()).unwrap(), 0);
    // The company's users share one read mark.
    store.mark_read(BOARD, &company_a_owner(), &conversation.id, 5).unwrap();
    assert_eq!(store.unread_total(BOARD, &company_a()).unwrap(), 0);
}

#[test]
fn either_side_closes_and_nothing_is_sent_after() {
    let store = store();
    let conversation = conversation(&store);
    store.send_message(BOARD, &candidate_a(), &conversation.id, "c-1", "hej", T0 + 100).unwrap();
    let closed = store.close_conversation(BOARD, &company_a(), &conversation.id, T0 + 200).unwrap();
    assert_eq!(closed.status, ConversationStatus::Closed { by: Side::Company, at: T0 + 200 });
    assert_eq!(store.send_message(BOARD, &candidate_a(), &conversation.id, "c-2", "halo?", T0 + 300), Err(ChatError::ConversationClosed));
    assert_eq!(store.send_message(BOARD, &company_a(), &conversation.id, "x-1", "halo?", T0 + 300), Err(ChatError::ConversationClosed));
    // An acknowledged message resent after the close still answers the stored one.
    assert!(store.send_message(BOARD, &candidate_a(), &conversation.id, "c-1", "hej", T0 + 300).unwrap().duplicate);
    // Closing again changes nothing.
    assert_eq!(store.close_conversation(BOARD, &candidate_a(), &conversation.id, T0 + 400).unwrap().status, closed.status);
}

#[test]
fn every_acknowledged_write_is_one_commit() {
    let recording = Arc::new(RecordingStore::default());
    let store = ChatStore::new(recording.clone());
    let conversation = conversation(&store);
    let writes = |call: &dyn Fn()| {
        recording.forget();
        call();
        (recording.writes(), recording.flushes())
    };
    assert_eq!(
        writes(&|| {
            store.send_message(BOARD, &candidate_a(), &conversation.id, "c-1", "hej", T0 + 100).unwrap();
        }),
        (1, 1)
    );
    assert_eq!(
        writes(&|| {
            store.send_message(BOARD, &candidate_a(), &conversation.id, "c-1", "hej", T0 + 100).unwrap();
        }),
        (0, 0),
        "a resend writes nothing"
    );
    assert_eq!(
        writes(&|| {
            store.mark_read(BOARD, &company_a(), &conversation.id, 2).unwrap();
        }),
        (1, 1)
    );
    assert_eq!(
        writes(&|| {
            request_to(&store, &candidate_b(), &company_a(), "offer-1", T0).unwrap();
        }),
        (2, 2),
        "profile, then request"
    );
    assert_eq!(
        writes(&|| {
            store.block_company(BOARD, &candidate_a(), "acme", T0 + 200).unwrap();
        }),
        (1, 1)
    );
    assert_eq!(
        writes(&|| {
            store.erase_candidate(BOARD, &candidate_a(), T0 + 300).unwrap();
        }),
        (1, 1)
    );
}

#[test]
fn acknowledged_messages_survive_reopening_the_engine() {
    let dir = tempfile::tempdir().unwrap();
    let conversation_id = {
        let store = ChatStore::new(Arc::new(SledStore::open(dir.path()).unwrap()) as Arc<dyn KvStore>);
        let conversation = conversation(&store);
        for n in 0..5 {
            store.send_message(BOARD, &candidate_a(), &conversation.id, &format!("c-{n}"), "hej", T0 + 100 + n).unwrap();
        }
        conversation.id
    };
    let store = ChatStore::new(Arc::new(SledStore::open(dir.path()).unwrap()) as Arc<dyn KvStore>);
    let page = store.history(BOARD, &company_a(), &conversation_id, None, 100).unwrap();
    assert_eq!(page.messages.len(), 6);
    assert!(store.send_message(BOARD, &candidate_a(), &conversation_id, "c-4", "hej", T0 + 200).unwrap().duplicate);
}

#[test]
fn concurrent_senders_and_resends_get_distinct_seqs_and_no_duplicates() {
    let store = Arc::new(store());
    let conversation = conversation(&store);
    let threads: Vec<_> = (0..4)
        .map(|writer| {
            let store = Arc::clone(&store);
            let id = conversation.id.clone();
            std::thread::spawn(move || {
                let actor = if writer % 2 == 0 { candidate_a() } else { company_a() };
                for n in 0..25 {
                    // Each message is sent twice, as after a reconnect.
                    for _ in 0..2 {
                        store.send_message(BOARD, &actor, &id, &format!("w{writer}-{n}"), "hej", T0 + 100).unwrap();
                    }
                }
            })
        })
        .collect();
    for thread in threads {
        thread.join().unwrap();
    }
    let page = store.history(BOARD, &candidate_a(), &conversation.id, None, 100).unwrap();
    let mut seqs: Vec<u64> = page.messages.iter().map(|message| message.seq).collect();
    seqs.extend(store.history(BOARD, &candidate_a(), &conversation.id, page.next_before, 100).unwrap().messages.iter().map(|m| m.seq));
    assert_eq!(seqs, (1..=101).rev().collect::<Vec<u64>>());
    let ids: std::collections::HashSet<_> =
        page.messages.iter().filter_map(|message| message.client_message_id.clone().map(|id| (message.sender, id))).collect();
    assert_eq!(ids.len(), page.messages.iter().filter(|m| m.client_message_id.is_some()).count());
}
