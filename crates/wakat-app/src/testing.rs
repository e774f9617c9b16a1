//! A service setup without HTTP for the unit tests: a real engine (sled store and tantivy index
//! in a temporary directory, the repository's `wakat.toml` boards and dictionaries), the domain
//! stores on a `MemoryStore`, and a mail queue delivering into an outbox directory.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use wakat_accounts::{AccountKind, AccountStore, NewAccount, PasswordCost, Passwords, Registration};
use wakat_alerts::AlertStore;
use wakat_core::Offer;
use wakat_engine::settings::EngineSettings;
use wakat_engine::{Engine, Tenant};
use wakat_mail::{Address, Mail, MailQueue, Outbox, OutboxMailer};
use wakat_store::{KvStore, LinkSigner, MemoryStore};

use crate::alerts::AlertsService;
use crate::feeds::{FeedLinks, FeedsService};
use crate::jobs::digests::Digests;
use crate::mail_queue::MailSender;
use crate::Clock;

/// The public URL the mails' links are made from.
pub const PUBLIC_URL: &str = "https://wakat.test";

/// The services over one engine and one store, with a clock the test moves.
pub struct Setup {
    pub engine: Arc<Engine>,
    pub accounts: Arc<AccountStore>,
    pub alerts_store: Arc<AlertStore>,
    pub queue: Arc<MailQueue>,
    /// The store under the domain stores (an employer store over it shares the accounts' writes).
    pub kv: Arc<dyn KvStore>,
    /// Where the test's files go (uploads of a blob store).
    pub dir: std::path::PathBuf,
    outbox: Outbox,
    pub alerts: AlertsService,
    pub feeds: FeedsService,
    pub digests: Digests,
    now: Arc<AtomicI64>,
    _dir: tempfile::TempDir,
}

impl Setup {
    pub fn new() -> Setup {
        let dir = tempfile::tempdir().unwrap();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let text = std::fs::read_to_string(root.join("wakat.toml")).unwrap();
        let mut settings = EngineSettings::from_toml(&text, std::iter::empty()).unwrap();
        settings.storage.data_dir = dir.path().to_path_buf();
        settings.storage.index_data_dir = root.join("index-data");
        settings.storage.writer_memory_mb = 32;
        for tenant in &mut settings.tenants {
            tenant.default_data.clear();
        }
        let engine = Arc::new(Engine::open(settings, None).unwrap());
        let kv: Arc<dyn KvStore> = Arc::new(MemoryStore::new());
        let signer = Arc::new(LinkSigner::new(b"a test key of the links, long enough"));
        let accounts = Arc::new(AccountStore::new(kv.clone(), Passwords::new(PasswordCost::FOR_TESTS).unwrap()));
        let alerts_store = Arc::new(AlertStore::new(kv.clone(), (*signer).clone()));
        let outbox = Outbox::open(dir.path().join("outbox")).unwrap();
        let queue = MailQueue::new(kv.clone(), Arc::new(OutboxMailer::new(outbox.clone(), Address::new("board@wakat.test").unwrap())));
        let now = Arc::new(AtomicI64::new(wakat_engine::now()));
        let read = now.clone();
        let clock = Clock::from_fn(move || read.load(Ordering::SeqCst));
        let feeds = FeedLinks::new(signer, PUBLIC_URL);
        let mail = MailSender::new(queue.clone());
        let alerts = AlertsService::new(alerts_store.clone(), accounts.clone(), engine.clone(), mail, feeds.clone(), PUBLIC_URL, clock.clone());
        let feeds = FeedsService::new(engine.clone(), feeds, clock.clone());
        let digests = Digests::new(engine.clone(), alerts_store.clone(), accounts.clone(), queue.clone(), PUBLIC_URL, jiff::tz::TimeZone::UTC, clock);
        let dir_path = dir.path().to_path_buf();
        Setup { engine, accounts, alerts_store, queue, kv, dir: dir_path, outbox, alerts, feeds, digests, now, _dir: dir }
    }

    /// The IT board.
    pub fn tenant(&self) -> Arc<Tenant> {
        self.engine.tenants["it"].clone()
    }

    /// The clock's unix seconds.
    pub fn now(&self) -> i64 {
        self.now.load(Ordering::SeqCst)
    }

    /// A clock reading this setup's time.
    pub fn clock(&self) -> Clock {
        let now = self.now.clone();
        Clock::from_fn(move || now.load(Ordering::SeqCst))
    }

    /// Sets the clock.
    pub fn set_now(&self, seconds: i64) {
        self.now.store(seconds, Ordering::SeqCst);
    }

    /// Moves the clock on.
    pub fn advance(&self, seconds: i64) {
        self.now.fetch_add(seconds, Ordering::SeqCst);
    }

    /// A confirmed candidate account of the IT board; its id.
    pub fn candidate(&self, email: &str) -> String {
        let new = NewAccount {
            email: email.into(),
            password: "correct horse battery staple 42".into(),
            first_name: "Ala".into(),
            last_name: "Nowak".into(),
            lang: "en".into(),
            terms: None,
        };
        let Registration::Created { confirm_token, .. } = self.accounts.register("it", AccountKind::Candidate, new, self.now()).unwrap() else {
            panic!("a new address registers")
        };
        self.accounts.confirm_email("it", &confirm_token, self.now()).unwrap().id
    }

    /// A company of the IT board in `employers`: its owner (who signed it up, `owner@{domain}`)
    /// and a recruiter (`recruiter@{domain}`).
    pub fn company(&self, employers: &wakat_employers::EmployerStore, name: &str, domain: &str) -> (crate::Principal, crate::Principal) {
        use wakat_employers::{NewCompany, Role};
        let now = self.now();
        let new_account = |email: String, name: &str| NewAccount {
            email,
            password: "correct horse battery staple 42".into(),
            first_name: name.into(),
            last_name: String::new(),
            lang: "en".into(),
            terms: None,
        };
        let new_company = NewCompany { name: name.into(), accepted_regulations: true, subscribe_to_newsletter: false };
        let registration = self
            .accounts
            .register_with("it", AccountKind::Employer, new_account(format!("owner@{domain}"), "Olga Owner"), now, |account| {
                Ok(employers.company_ops("it", &account.id, new_company, "Olga Owner", "", now).unwrap())
            })
            .unwrap();
        let Registration::Created { account: owner, .. } = registration else { panic!("a new address registers") };
        let company_id = employers.user("it", &owner.id).unwrap().unwrap().company_id;
        let registration = self
            .accounts
            .register_with("it", AccountKind::Employer, new_account(format!("recruiter@{domain}"), "Radek Recruiter"), now, |account| {
                Ok(employers.user_ops("it", &account.id, &company_id, "Radek Recruiter", "", Role::Recruiter, now).unwrap())
            })
            .unwrap();
        let Registration::Created { account: recruiter, .. } = registration else { panic!("a new address registers") };
        let owner = crate::Principal::EmployerUser { account_id: owner.id, company_id: company_id.clone(), role: Role::Owner };
        let recruiter = crate::Principal::EmployerUser { account_id: recruiter.id, company_id, role: Role::Recruiter };
        (owner, recruiter)
    }

    /// Publishes a Rust offer in Warsaw at `published_at` on the IT board, searchable at once.
    pub fn publish(&self, slug: &str, title: &str, published_at: i64) {
        let offer: Offer = serde_json::from_value(serde_json::json!({
            "slug": slug, "title": title, "companyName": "Acme", "workplaceType": "office", "workingTime": "full_time",
            "experienceLevel": "mid", "categoryId": 6, "locations": [{"city": "Warszawa", "latitude": 52.2, "longitude": 21.0}],
            "employmentTypes": [{"type": "b2b", "from": 15000, "to": 20000, "currency": "pln", "unit": "month", "gross": false}],
            "requiredSkills": [{"name": "Rust", "level": 4}], "publishedAt": published_at, "expiredAt": published_at + 30 * 86_400,
            "body": "<p>x</p>"
        }))
        .unwrap();
        self.engine.put_offer("it", offer).unwrap();
        self.engine.commit_index().unwrap();
    }

    /// Delivers what the queue holds and returns every mail delivered so far, oldest first (once
    /// per test: the queue's sender stops afterwards).
    pub fn delivered(&self) -> Vec<Mail> {
        let senders = self.queue.start(1).unwrap();
        assert!(self.queue.wait_idle(std::time::Duration::from_secs(20)), "the queue empties");
        self.queue.stop();
        senders.into_iter().for_each(|sender| sender.join().unwrap());
        let mut stored = self.outbox.list(100, None).unwrap();
        stored.sort_by(|a, b| a.id.cmp(&b.id));
        stored.into_iter().map(|stored| stored.mail).collect()
    }
}
