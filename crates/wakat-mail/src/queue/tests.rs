use super::*;
use crate::{Address, MailContent, SentMail};

/// A mailer that records what it was given, and fails while `down` is set.
#[derive(Default)]
struct Recorder {
    sent: Mutex<Vec<Mail>>,
    down: AtomicBool,
}

impl Mailer for Recorder {
    fn send(&self, mail: &Mail) -> Result<SentMail, MailError> {
        if self.down.load(Ordering::SeqCst) {
            return Err(MailError::Unavailable("down".into()));
        }
        self.sent.lock().unwrap().push(mail.clone());
        Ok(SentMail { id: "x".into(), message_id: "<x@y>".into() })
    }
}

/// A mailer with a commit point whose server refuses the finished message.
struct RefusesAfterCommit {
    error: fn() -> MailError,
    commits: std::sync::atomic::AtomicUsize,
}

impl Mailer for RefusesAfterCommit {
    fn send(&self, _: &Mail) -> Result<SentMail, MailError> {
        Err((self.error)())
    }

    fn send_committed(&self, _: &Mail, commit: &mut dyn FnMut() -> Result<(), MailError>) -> Result<SentMail, MailError> {
        commit().unwrap();
        self.commits.fetch_add(1, Ordering::SeqCst);
        Err((self.error)())
    }
}

#[test]
fn a_mail_refused_after_its_mark_is_pending_again_or_failed() {
    let kv: Arc<dyn KvStore> = Arc::new(wakat_store::MemoryStore::new());
    let later = Arc::new(RefusesAfterCommit { error: || MailError::Unavailable("451 try later".into()), commits: Default::default() });
    let queue = MailQueue::new(kv.clone(), later.clone());
    queue.enqueue("digest:a", &mail("a@example.pl")).unwrap();
    assert!(queue.deliver_next().is_err());
    assert_eq!(later.commits.load(Ordering::SeqCst), 1);
    assert_eq!(queue.stats().pending, 1, "a temporary refusal after the mark puts the mail back");
    assert_eq!(queue.enqueue("digest:a", &mail("a@example.pl")).unwrap(), Enqueued::Duplicate);

    let never = Arc::new(RefusesAfterCommit { error: || MailError::Refused("550 no such user".into()), commits: Default::default() });
    let queue = MailQueue::new(kv.clone(), never.clone());
    assert!(queue.deliver_next().unwrap());
    assert_eq!((queue.stats().pending, queue.stats().failed, queue.stats().sent), (0, 1, 0));
    let mark: Mark = serde_json::from_slice(&kv.get(&mark_key(&key_hash("digest:a"))).unwrap().unwrap()).unwrap();
    assert_eq!(mark.state, "failed");
}

/// A mailer with a commit point that accepts everything.
#[derive(Default)]
struct Accepts {
    sent: std::sync::atomic::AtomicUsize,
}

impl Mailer for Accepts {
    fn send(&self, _: &Mail) -> Result<SentMail, MailError> {
        self.sent.fetch_add(1, Ordering::SeqCst);
        Ok(SentMail { id: "x".into(), message_id: "<x@y>".into() })
    }

    fn send_committed(&self, mail: &Mail, commit: &mut dyn FnMut() -> Result<(), MailError>) -> Result<SentMail, MailError> {
        commit()?;
        self.send(mail)
    }
}

fn state_of(kv: &Arc<dyn KvStore>, key: &str) -> String {
    serde_json::from_slice::<Mark>(&kv.get(&mark_key(&key_hash(key))).unwrap().unwrap()).unwrap().state
}

#[test]
fn a_mail_a_crash_caught_in_its_handover_is_in_doubt_and_not_sent_again() {
    let kv: Arc<dyn KvStore> = Arc::new(wakat_store::MemoryStore::new());
    let mailer = Arc::new(Accepts::default());
    let queue = MailQueue::new(kv.clone(), mailer.clone());
    queue.enqueue("digest:delivered", &mail("a@example.pl")).unwrap();
    assert!(queue.deliver_next().unwrap());
    assert_eq!(state_of(&kv, "digest:delivered"), "sent", "the server's answer settles the mark");
    // A crash between a mark's flush and the server's answer leaves the mark in handover.
    queue.enqueue("digest:caught", &mail("b@example.pl")).unwrap();
    let (pending, _) = queue.claim().unwrap().unwrap();
    queue.set_mark(&pending, None, &key_hash("digest:caught"), HANDOVER).unwrap();
    drop(queue);

    let restarted = MailQueue::new(kv.clone(), mailer.clone());
    let workers = restarted.start(1).unwrap();
    assert!(restarted.wait_idle(Duration::from_secs(5)));
    restarted.stop();
    workers.into_iter().for_each(|worker| worker.join().unwrap());
    assert_eq!(restarted.stats().in_doubt, 1);
    assert_eq!(state_of(&kv, "digest:caught"), IN_DOUBT);
    assert_eq!(state_of(&kv, "digest:delivered"), "sent");
    assert_eq!(mailer.sent.load(Ordering::SeqCst), 1, "the mail in doubt is not sent again");
    assert_eq!(restarted.enqueue("digest:caught", &mail("b@example.pl")).unwrap(), Enqueued::Duplicate);
}

fn mail(to: &str) -> Mail {
    Mail::new(Address::new(to).unwrap(), "Hi", MailContent { text: "t".into(), html: "<p>h</p>".into() }, "alert.digest")
}

#[test]
fn a_key_is_sent_once_even_when_queued_again_or_resumed() {
    let kv: Arc<dyn KvStore> = Arc::new(wakat_store::MemoryStore::new());
    let recorder = Arc::new(Recorder::default());
    recorder.down.store(true, Ordering::SeqCst);
    // A first process queues two mails and dies before delivering.
    let first = MailQueue::new(kv.clone(), recorder.clone());
    assert_eq!(first.enqueue("digest:a:2026-11-26", &mail("a@example.pl")).unwrap(), Enqueued::New);
    assert_eq!(first.enqueue("digest:a:2026-11-26", &mail("a@example.pl")).unwrap(), Enqueued::Duplicate);
    let outcomes = first.enqueue_many([("digest:b".to_string(), mail("b@example.pl")), ("digest:b".to_string(), mail("b@example.pl"))]).unwrap();
    assert_eq!(outcomes, [Enqueued::New, Enqueued::Duplicate]);
    assert!(first.deliver_next().is_err(), "the server is down: the mails stay");
    assert_eq!(first.stats().pending, 2);
    drop(first);
    // The next process resumes them.
    recorder.down.store(false, Ordering::SeqCst);
    let second = MailQueue::new(kv.clone(), recorder.clone());
    let workers = second.start(2).unwrap();
    assert!(second.wait_idle(Duration::from_secs(5)));
    assert_eq!(second.enqueue("digest:a:2026-11-26", &mail("a@example.pl")).unwrap(), Enqueued::Duplicate, "sent keys stay known");
    second.stop();
    workers.into_iter().for_each(|worker| worker.join().unwrap());
    let sent = recorder.sent.lock().unwrap();
    let mut recipients: Vec<String> = sent.iter().map(|m| m.to.email().to_string()).collect();
    recipients.sort();
    assert_eq!(recipients, ["a@example.pl", "b@example.pl"]);
    assert!(sent[0].headers.iter().any(|(name, value)| name == IDEMPOTENCY_HEADER && value.len() == 64));
    assert_eq!(second.stats().sent, 2);
}

#[test]
fn a_queued_mail_keeps_its_stored_form() {
    // Mails queued before the queue stored a `Mail` (flat fields beside the key hash) still
    // decode, and are written the same way.
    let stored = r#"{"key_hash":"ab12","to":{"email":"ala@example.com","name":"Ala"},"subject":"Hi","text":"t","html":"<p>h</p>","headers":[["List-Id","x"]],"tag":"alert.digest"}"#;
    let queued: Queued = serde_json::from_str(stored).unwrap();
    assert_eq!(serde_json::to_string(&queued).unwrap(), stored);
    let mail = queued.mail();
    assert_eq!(mail.headers, [("List-Id".to_string(), "x".to_string()), (IDEMPOTENCY_HEADER.to_string(), "ab12".to_string())]);
}
