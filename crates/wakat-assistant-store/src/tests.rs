use std::sync::Arc;

use wakat_assistant::ProposedAd;
use wakat_store::{MemoryStore, RecordingStore, SledStore};

use crate::{AssistantStore, AssistantStoreError, ConversationKey, Reply};

const NOW: i64 = 1_750_000_000;

fn key(company: &str, offer: &str) -> ConversationKey {
    ConversationKey::new("it", company, offer).unwrap()
}

fn store() -> AssistantStore {
    AssistantStore::new(Arc::new(MemoryStore::new()))
}

#[test]
fn a_conversation_keeps_greeting_messages_answers_and_the_last_proposal() {
    let store = store();
    let key = key("c1", "dev-abc");
    let greeting = store.greet(&key, "Hello", NOW).unwrap().expect("a new conversation is greeted");
    assert!(!greeting.scorable, "the first assistant message is never scorable");
    assert_eq!(store.greet(&key, "Hello again", NOW).unwrap(), None, "greeted once");
    let turn = store.add_user_message(&key, "A Rust developer", NOW, 100).unwrap();
    assert!(turn.message.is_user && !turn.message.scorable);
    assert_eq!(turn.used_today, 1);
    let proposal = ProposedAd { title: Some("Rust Developer".into()), ..ProposedAd::default() };
    let reply = store
        .add_reply(&key, Reply { id: turn.reply_id.clone(), seq: turn.reply_seq, content: "Here it is".into(), proposal: Some(proposal.clone()), now: NOW + 1 })
        .unwrap();
    assert!(reply.scorable);
    let messages = store.messages(&key).unwrap();
    assert_eq!(messages.iter().map(|m| m.content.as_str()).collect::<Vec<_>>(), ["Hello", "A Rust developer", "Here it is"]);
    let conversation = store.conversation(&key).unwrap().unwrap();
    assert_eq!(conversation.proposal, Some(proposal));
    assert_eq!(conversation.proposal_message_id.as_deref(), Some(turn.reply_id.as_str()));
}

#[test]
fn scores_once_assistant_messages_only_never_the_first() {
    let store = store();
    let key = key("c1", "dev-abc");
    let greeting = store.greet(&key, "Hello", NOW).unwrap().unwrap();
    let turn = store.add_user_message(&key, "Hi", NOW, 100).unwrap();
    let reply = store.add_reply(&key, Reply { id: turn.reply_id.clone(), seq: turn.reply_seq, content: "Answer".into(), proposal: None, now: NOW }).unwrap();
    assert!(matches!(store.score(&key, &greeting.id, 1), Err(AssistantStoreError::NotScorable)));
    assert!(matches!(store.score(&key, &turn.message.id, 1), Err(AssistantStoreError::NotScorable)));
    assert!(matches!(store.score(&key, &reply.id, 2), Err(AssistantStoreError::InvalidInput { .. })));
    let scored = store.score(&key, &reply.id, -1).unwrap();
    assert_eq!((scored.score, scored.scorable), (Some(-1), false));
    assert!(matches!(store.score(&key, &reply.id, 1), Err(AssistantStoreError::AlreadyScored)));
    assert!(matches!(store.score(&key, "99-abc", 1), Err(AssistantStoreError::MessageNotFound)));
    assert!(matches!(store.score(&key, "nonsense", 1), Err(AssistantStoreError::MessageNotFound)));
    // The right seq with a guessed random part is not the message.
    let forged = format!("{}-000000000000", turn.reply_seq);
    assert!(matches!(store.score(&key, &forged, 1), Err(AssistantStoreError::MessageNotFound)));
}

#[test]
fn without_a_greeting_the_first_answer_is_not_scorable() {
    let store = store();
    let key = key("c1", "dev-abc");
    let turn = store.add_user_message(&key, "Hi", NOW, 100).unwrap();
    let reply = store.add_reply(&key, Reply { id: turn.reply_id, seq: turn.reply_seq, content: "First".into(), proposal: None, now: NOW }).unwrap();
    assert!(!reply.scorable);
}

#[test]
fn another_company_or_board_sees_nothing_and_scores_nothing() {
    let store = store();
    let mine = key("c1", "dev-abc");
    let turn = store.add_user_message(&mine, "Hi", NOW, 100).unwrap();
    store.greet(&mine, "Hello", NOW).unwrap();
    let reply = store.add_reply(&mine, Reply { id: turn.reply_id, seq: turn.reply_seq, content: "x".into(), proposal: None, now: NOW }).unwrap();
    for other in [key("c2", "dev-abc"), ConversationKey::new("work", "c1", "dev-abc").unwrap()] {
        assert!(store.messages(&other).unwrap().is_empty());
        assert!(store.conversation(&other).unwrap().is_none());
        assert!(matches!(store.score(&other, &reply.id, 1), Err(AssistantStoreError::MessageNotFound)));
    }
}

#[test]
fn the_daily_count_is_per_company_and_utc_day() {
    let store = store();
    let first = key("c1", "a");
    let second = key("c1", "b");
    store.add_user_message(&first, "1", NOW, 2).unwrap();
    store.add_user_message(&second, "2", NOW, 2).unwrap();
    assert!(matches!(store.add_user_message(&first, "3", NOW, 2), Err(AssistantStoreError::DailyLimitReached { limit: 2 })));
    assert_eq!(store.add_user_message(&key("c2", "a"), "other company", NOW, 2).unwrap().used_today, 1);
    assert_eq!(store.used_today(&first, NOW).unwrap(), 2);
    let tomorrow = NOW + 86_400;
    assert_eq!(store.add_user_message(&first, "next day", tomorrow, 2).unwrap().used_today, 1);
    assert_eq!(store.used_today(&first, NOW).unwrap(), 0, "the old day's count is removed");
}

#[test]
fn segments_with_slashes_are_refused() {
    assert!(ConversationKey::new("it", "c1/x", "a").is_err());
    assert!(ConversationKey::new("it", "c1", "").is_err());
    assert!(ConversationKey::new("it", "c1", "a b").is_err());
}

#[test]
fn every_acknowledged_write_is_one_flushed_transaction() {
    let kv = Arc::new(RecordingStore::default());
    let store = AssistantStore::new(kv.clone());
    let key = key("c1", "dev");
    store.greet(&key, "Hello", NOW).unwrap();
    let turn = store.add_user_message(&key, "Hi", NOW, 10).unwrap();
    store.add_reply(&key, Reply { id: turn.reply_id, seq: turn.reply_seq, content: "x".into(), proposal: None, now: NOW }).unwrap();
    assert_eq!(kv.transactions().len(), 3);
    assert_eq!(kv.flushes(), 3);
}

#[test]
fn erasing_removes_the_conversation_and_its_messages_only() {
    let store = store();
    let gone = key("c1", "a");
    let kept = key("c1", "ab");
    store.add_user_message(&gone, "x", NOW, 10).unwrap();
    store.add_user_message(&kept, "y", NOW, 10).unwrap();
    store.erase(&gone).unwrap();
    assert!(store.messages(&gone).unwrap().is_empty() && store.conversation(&gone).unwrap().is_none());
    assert_eq!(store.messages(&kept).unwrap().len(), 1);
}

#[test]
fn records_survive_reopening_a_sled_store() {
    let dir = tempfile::tempdir().unwrap();
    let key = key("c1", "dev");
    {
        let store = AssistantStore::new(Arc::new(SledStore::open(dir.path()).unwrap()));
        store.add_user_message(&key, "durable", NOW, 10).unwrap();
    }
    let store = AssistantStore::new(Arc::new(SledStore::open(dir.path()).unwrap()));
    assert_eq!(store.messages(&key).unwrap()[0].content, "durable");
}
