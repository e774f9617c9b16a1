//! The assistant's rules without HTTP: a scripted brain, the real employer offers on a memory
//! store, a sink collecting events.

use std::sync::{Arc, Mutex};

use futures_util::future::BoxFuture;
use tokio::sync::mpsc;
use wakat_assistant::{Brain, BrainError, BrainEvent, BrainRequest, ProposedAd};
use wakat_assistant_store::{AssistantStore, ConversationKey};
use wakat_employers::EmployerStore;
use wakat_store::LinkSigner;
use wakat_uploads::BlobStore;

use super::*;
use crate::employers::offers::EmployerOffers;
use crate::employers::public_offers::PublicOffers;
use crate::testing::Setup;

/// Answers every message with two parts and, when asked, a proposal; or fails after one part.
struct ScriptedBrain {
    fail: bool,
    requests: Mutex<Vec<BrainRequest>>,
}

impl Brain for ScriptedBrain {
    fn name(&self) -> String {
        "scripted".into()
    }

    fn reply(&self, request: BrainRequest, events: mpsc::Sender<BrainEvent>) -> BoxFuture<'static, Result<(), BrainError>> {
        let last = request.history.last().map(|turn| turn.text.clone()).unwrap_or_default();
        self.requests.lock().unwrap().push(request);
        let fail = self.fail;
        Box::pin(async move {
            let send = |event| events.send(event);
            send(BrainEvent::Part("You said: ".into())).await.map_err(|_| BrainError::Cancelled)?;
            if fail {
                return Err(BrainError::Unavailable("connection reset".into()));
            }
            send(BrainEvent::Part(last.clone())).await.map_err(|_| BrainError::Cancelled)?;
            if last.contains("propose") {
                send(BrainEvent::Proposing).await.map_err(|_| BrainError::Cancelled)?;
                let ad = ProposedAd { title: Some("Rust Developer".into()), ..ProposedAd::default() };
                send(BrainEvent::Proposed(Box::new(ad))).await.map_err(|_| BrainError::Cancelled)?;
            }
            Ok(())
        })
    }
}

#[derive(Default)]
struct Collected(Mutex<Vec<AssistantEvent>>);

impl AssistantSink for Collected {
    fn send(&self, event: AssistantEvent) -> bool {
        self.0.lock().unwrap().push(event);
        true
    }
}

impl Collected {
    fn take(&self) -> Vec<AssistantEvent> {
        std::mem::take(&mut *self.0.lock().unwrap())
    }
}

struct Fixture {
    setup: Setup,
    brain: Arc<ScriptedBrain>,
    service: AssistantService,
    offers: EmployerOffers,
    store: Arc<AssistantStore>,
    owner: Principal,
    recruiter: Principal,
    other: Principal,
    runtime: tokio::runtime::Runtime,
}

fn fixture_with(settings: AssistantSettings, fail: bool) -> Fixture {
    let setup = Setup::new();
    let employers = Arc::new(EmployerStore::new(setup.kv.clone()));
    let (owner, recruiter) = setup.company(&employers, "Acme", "acme.test");
    let (other, _) = setup.company(&employers, "Beta", "beta.test");
    let blobs = Arc::new(BlobStore::new(&setup.dir, setup.kv.clone()).unwrap());
    let public_offers = PublicOffers::new(setup.engine.clone(), employers.clone(), setup.clock());
    let store = Arc::new(AssistantStore::new(setup.kv.clone()));
    let offers = EmployerOffers::new(setup.engine.clone(), setup.accounts.clone(), employers.clone(), blobs, public_offers, store.clone(), setup.clock());
    let brain = Arc::new(ScriptedBrain { fail, requests: Mutex::default() });
    // Only the IT board has a brain: the work board's assistant is off.
    let brains: Brains = [("it".to_owned(), brain.clone() as Arc<dyn Brain>)].into_iter().collect();
    let stores =
        AssistantStores { store: store.clone(), offers: offers.clone(), employers, signer: Arc::new(LinkSigner::new(b"a test key of the links, long enough")) };
    let service = AssistantService::new(&setup.engine, stores, brains, &settings, setup.clock()).unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    Fixture { setup, brain, service, offers, store, owner, recruiter, other, runtime }
}

fn fixture() -> Fixture {
    fixture_with(AssistantSettings::default(), false)
}

impl Fixture {
    fn draft(&self, principal: &Principal) -> String {
        let tenant = self.setup.tenant();
        let plan = tenant.settings.employers.plans.iter().find(|plan| plan.active).unwrap().slug.clone();
        self.offers.initiate(&tenant, principal, &plan).unwrap().0.slug
    }

    fn open(&self, principal: &Principal, slug: &str) -> OpenedConversation {
        self.service.open(self.setup.tenant(), principal, slug, None).unwrap()
    }

    /// Sends and runs the whole answer; its events.
    fn send(&self, context: &AssistantContext, text: &str) -> (AssistantMessage, Vec<AssistantEvent>) {
        let sink = Arc::new(Collected::default());
        let (message, streaming) = self.service.send_message(context, text, sink.clone()).unwrap();
        self.runtime.block_on(streaming);
        (message, sink.take())
    }
}

/// The refusal of a send (the answer's future has no Debug).
fn refusal(result: Result<(AssistantMessage, Streaming)>) -> AppError {
    match result {
        Ok(_) => panic!("the message was accepted"),
        Err(error) => error,
    }
}

fn end_of(events: &[AssistantEvent]) -> AssistantMessage {
    match events.last() {
        Some(AssistantEvent::MessageEnd(message)) => message.clone(),
        other => panic!("the answer ends with MessageEnd, not {other:?}"),
    }
}

#[test]
fn a_new_conversation_is_greeted_once_and_reopening_shows_the_history() {
    let fx = fixture();
    let slug = fx.draft(&fx.owner);
    let opened = fx.open(&fx.owner, &slug);
    assert!(opened.messages.is_empty(), "the greeting streams after the answer instead");
    let greeting = opened.greeting.clone().expect("a new conversation is greeted");
    assert!(!greeting.scorable && !greeting.is_user);
    assert_eq!(opened.limits, Limits { per_minute: 6, per_day: 100, used_today: 0 });
    let sink = Arc::new(Collected::default());
    fx.runtime.block_on(fx.service.greet(greeting.clone(), sink.clone()));
    let events = sink.take();
    assert!(matches!(&events[0], AssistantEvent::MessageStart(start) if start.id == greeting.id && start.content.is_empty()));
    assert!(matches!(&events[1], AssistantEvent::MessagePart { text, .. } if *text == greeting.content));
    assert_eq!(end_of(&events), greeting);
    // A colleague (the recruiter) opening the same offer shares the company's conversation.
    let reopened = fx.open(&fx.recruiter, &slug);
    assert!(reopened.greeting.is_none());
    assert_eq!(reopened.messages, vec![greeting]);
}

/// The brain and the greeting speak the language of the employer's panel, not the board's
/// default (Polish here): each connection's context keeps its own.
#[test]
fn the_greeting_and_the_brain_follow_the_panels_language() {
    let fx = fixture();
    assert_eq!(fx.setup.tenant().settings.default_locale, "pl");
    let slug = fx.draft(&fx.owner);
    let opened = fx.service.open(fx.setup.tenant(), &fx.owner, &slug, Some("en")).unwrap();
    assert_eq!(opened.context.locale(), "en");
    assert!(opened.greeting.expect("greeted").content.starts_with("Hi! I am an AI assistant"));
    fx.send(&opened.context, "Rust, Tokio");
    // A colleague in the Polish panel: the same conversation, answered in Polish terms.
    let polish = fx.service.open(fx.setup.tenant(), &fx.recruiter, &slug, Some("pl")).unwrap().context;
    fx.send(&polish, "Rust, Tokio");
    let defaulted = fx.open(&fx.owner, &slug).context;
    fx.send(&defaulted, "Rust, Tokio");
    let locales: Vec<String> = fx.brain.requests.lock().unwrap().iter().map(|request| request.locale.clone()).collect();
    assert_eq!(locales, ["en", "pl", "pl"], "the panel's language, else the board's default");
    let other = fx.draft(&fx.owner);
    assert!(fx.open(&fx.owner, &other).greeting.expect("greeted").content.starts_with("Cześć!"), "the board's default without a locale");
    for wrong in ["de", "", "EN"] {
        let refused = fx.service.open(fx.setup.tenant(), &fx.owner, &slug, Some(wrong)).unwrap_err();
        assert!(matches!(refused, AppError::Assistant(AssistantError::InvalidInput { field: "locale", .. })), "{wrong:?}: {refused:?}");
    }
}

#[test]
fn an_answer_streams_start_parts_proposal_end_and_is_stored_with_its_proposal() {
    let fx = fixture();
    let slug = fx.draft(&fx.owner);
    let context = fx.open(&fx.owner, &slug).context;
    let (sent, events) = fx.send(&context, "please propose an ad");
    assert!(sent.is_user && sent.content == "please propose an ad");
    let AssistantEvent::MessageStart(start) = &events[0] else { panic!("{events:?}") };
    let id = start.id.clone();
    assert_eq!(events[1], AssistantEvent::MessagePart { message_id: id.clone(), text: "You said: ".into() });
    assert_eq!(events[2], AssistantEvent::MessagePart { message_id: id.clone(), text: "please propose an ad".into() });
    assert_eq!(events[3], AssistantEvent::Proposing { message_id: id.clone() });
    assert!(
        matches!(&events[4], AssistantEvent::Proposed { message_id, proposal } if *message_id == id && proposal.title.as_deref() == Some("Rust Developer"))
    );
    let end = end_of(&events);
    assert_eq!((end.id.as_str(), end.content.as_str(), end.scorable), (id.as_str(), "You said: please propose an ad", true));
    // The brain read the form as saved and the whole history, the new message last.
    let request = fx.brain.requests.lock().unwrap()[0].clone();
    assert_eq!(request.form.company_name, "Acme");
    assert_eq!(request.history.iter().map(|turn| turn.from_user).collect::<Vec<_>>(), [false, true]);
    let reopened = fx.open(&fx.owner, &slug);
    assert_eq!(reopened.messages.len(), 3);
    assert_eq!(reopened.proposal.and_then(|ad| ad.title).as_deref(), Some("Rust Developer"));
    assert_eq!(reopened.limits.used_today, 1);
    // The next turn gives the brain the last proposal.
    fx.send(&context, "thanks");
    assert!(fx.brain.requests.lock().unwrap()[1].last_proposal.is_some());
}

#[test]
fn another_company_cannot_open_or_score_and_unknown_offers_are_not_found() {
    let fx = fixture();
    let slug = fx.draft(&fx.owner);
    let context = fx.open(&fx.owner, &slug).context;
    let (_, events) = fx.send(&context, "hello");
    let answer = end_of(&events);
    for (who, slug) in [(&fx.other, slug.as_str()), (&fx.owner, "no-such-offer")] {
        let refused = fx.service.open(fx.setup.tenant(), who, slug, None).unwrap_err();
        assert!(matches!(refused, AppError::Employers(wakat_employers::EmployersError::OfferNotFound)), "{refused:?}");
    }
    // B's own conversation cannot reach A's message by its id.
    let theirs = fx.open(&fx.other, &fx.draft(&fx.other)).context;
    let refused = fx.service.score_message(&theirs, &answer.id, 1).unwrap_err();
    assert!(matches!(refused, AppError::Assistant(AssistantError::MessageNotFound)), "{refused:?}");
    assert!(matches!(fx.service.open(fx.setup.tenant(), &Principal::Anonymous, &slug, None), Err(AppError::Unauthenticated)));
    let work = fx.setup.engine.tenants["work"].clone();
    assert!(matches!(fx.service.open(work, &fx.owner, &slug, None), Err(AppError::FeatureDisabled)), "a board without a brain has it off");
}

#[test]
fn scores_once_answers_only_never_the_greeting() {
    let fx = fixture();
    let slug = fx.draft(&fx.owner);
    let opened = fx.open(&fx.owner, &slug);
    let greeting = opened.greeting.unwrap();
    let (mine, events) = fx.send(&opened.context, "hello");
    let answer = end_of(&events);
    let score = |id: &str, score| fx.service.score_message(&opened.context, id, score);
    assert!(matches!(score(&greeting.id, 1), Err(AppError::Assistant(AssistantError::NotScorable))));
    assert!(matches!(score(&mine.id, 1), Err(AppError::Assistant(AssistantError::NotScorable))));
    assert!(matches!(score(&answer.id, 0), Err(AppError::Assistant(AssistantError::InvalidInput { .. }))));
    assert!(matches!(score("7-unknown", 1), Err(AppError::Assistant(AssistantError::MessageNotFound))));
    assert_eq!(score(&answer.id, -1).unwrap().score, Some(-1));
    assert!(matches!(score(&answer.id, 1), Err(AppError::Assistant(AssistantError::AlreadyScored))));
}

#[test]
fn one_answer_at_a_time_per_conversation() {
    let fx = fixture();
    let slug = fx.draft(&fx.owner);
    let context = fx.open(&fx.owner, &slug).context;
    let sink: Arc<dyn AssistantSink> = Arc::new(Collected::default());
    let (_, streaming) = fx.service.send_message(&context, "first", sink.clone()).unwrap();
    let refused = refusal(fx.service.send_message(&context, "second", sink.clone()));
    assert!(matches!(refused, AppError::Assistant(AssistantError::Busy)), "{refused:?}");
    // Another offer's conversation is not held up.
    let other = fx.open(&fx.owner, &fx.draft(&fx.owner)).context;
    drop(fx.service.send_message(&other, "elsewhere", sink.clone()).unwrap());
    fx.runtime.block_on(streaming);
    assert!(fx.service.send_message(&context, "second", sink).is_ok());
}

#[test]
fn the_per_minute_and_per_day_limits_send_the_rate_limit_event_and_refuse() {
    let settings = AssistantSettings { messages_per_minute: 2, messages_per_day: 3, ..AssistantSettings::default() };
    let fx = fixture_with(settings, false);
    let context = fx.open(&fx.owner, &fx.draft(&fx.owner)).context;
    fx.send(&context, "one");
    fx.send(&context, "two");
    let sink = Arc::new(Collected::default());
    let refused = refusal(fx.service.send_message(&context, "three", sink.clone()));
    let AppError::Assistant(AssistantError::RateLimited { retry_after_secs }) = refused else { panic!("{refused:?}") };
    assert!((1..=60).contains(&retry_after_secs));
    assert_eq!(sink.take(), vec![AssistantEvent::RateLimit { retry_after_secs }]);
    // The limit is the company's: the recruiter on another offer is counted with the owner.
    let colleague = fx.open(&fx.recruiter, &fx.draft(&fx.recruiter)).context;
    assert!(fx.service.send_message(&colleague, "four", sink.clone()).is_err());
    fx.setup.advance(61);
    fx.send(&context, "three");
    let refused = refusal(fx.service.send_message(&context, "four", sink.clone()));
    let AppError::Assistant(AssistantError::RateLimited { retry_after_secs }) = refused else { panic!("{refused:?}") };
    assert!(retry_after_secs > 0 && retry_after_secs <= 86_400, "until UTC midnight");
    assert_eq!(fx.open(&fx.owner, context.job_ad_id()).limits.used_today, 3, "refused messages are not counted or stored");
    // Another company has its own.
    let theirs = fx.open(&fx.other, &fx.draft(&fx.other)).context;
    fx.send(&theirs, "mine");
}

#[test]
fn a_brain_failing_mid_answer_sends_the_error_then_ends_the_stored_message() {
    let fx = fixture_with(AssistantSettings::default(), true);
    let context = fx.open(&fx.owner, &fx.draft(&fx.owner)).context;
    let (_, events) = fx.send(&context, "hello");
    assert!(events.iter().any(|event| matches!(event, AssistantEvent::Failed { code: wakat_core::ErrorCode::AssistantUnavailable, .. })), "{events:?}");
    assert_eq!(end_of(&events).content, "You said: ");
    // The conversation is free again.
    fx.send(&context, "again");
}

#[test]
fn messages_must_have_1_to_4000_characters() {
    let fx = fixture();
    let context = fx.open(&fx.owner, &fx.draft(&fx.owner)).context;
    let sink: Arc<dyn AssistantSink> = Arc::new(Collected::default());
    for text in ["", "   ", &"x".repeat(4001)] {
        assert!(matches!(fx.service.send_message(&context, text, sink.clone()), Err(AppError::Assistant(AssistantError::InvalidText { .. }))));
    }
    assert!(fx.service.send_message(&context, &"ż".repeat(4000), sink).is_ok());
}

#[test]
fn hub_tokens_name_an_employer_of_the_board_and_this_hub_only() {
    let fx = fixture();
    let tenant = fx.setup.tenant();
    let token = fx.service.hub_token(&tenant, &fx.recruiter).unwrap();
    assert_eq!(fx.service.authenticate_hub(&tenant, &token.access_token).unwrap(), fx.recruiter);
    assert!(matches!(fx.service.hub_token(&tenant, &Principal::Candidate { account_id: "a".into() }), Err(AppError::Unauthenticated)));
    let altered = token.access_token.replace(".e", ".x");
    assert!(fx.service.authenticate_hub(&tenant, &format!("{altered}0")).is_err());
    // A token of another hub (same signer, the chat's purpose) does not open this one.
    let chat = crate::hub_tokens::HubTokens::new(Arc::new(LinkSigner::new(b"a test key of the links, long enough")), "chat-hub");
    let Principal::EmployerUser { company_id, account_id, .. } = &fx.owner else { unreachable!() };
    let foreign = chat.issue("it", &format!("e.{company_id}.{account_id}"), fx.setup.now() + 60);
    assert!(matches!(fx.service.authenticate_hub(&tenant, &foreign.access_token), Err(AppError::Unauthenticated)));
    fx.setup.advance(301);
    assert!(matches!(fx.service.authenticate_hub(&tenant, &token.access_token), Err(AppError::Unauthenticated)), "expired");
}

#[test]
fn the_default_brain_is_the_offline_drafter_and_a_wrong_provider_setting_stops_the_start() {
    use wakat_assistant::OpenAiSettings;
    let setup = Setup::new();
    let skills = wakat_core::offer_form::SkillDictionary::default();
    let brains = super::brains::build(&setup.engine, &skills, &AssistantSettings::default()).unwrap();
    assert_eq!(brains["it"].name(), "offline-drafter");
    assert_eq!(brains["work"].name(), "offline-drafter");
    let provider = |base_url: &str| AssistantSettings {
        brain: BrainKind::Openai,
        openai: OpenAiSettings { base_url: base_url.into(), model: "local-model".into(), ..OpenAiSettings::default() },
        ..AssistantSettings::default()
    };
    let brains = super::brains::build(&setup.engine, &skills, &provider("http://127.0.0.1:9/v1")).unwrap();
    assert_eq!(brains["it"].name(), "openai:local-model");
    assert!(super::brains::build(&setup.engine, &skills, &provider("not a url")).is_err());
}

#[test]
fn deleting_an_offer_erases_its_conversation() {
    let f = fixture();
    let slug = f.draft(&f.owner);
    let opened = f.open(&f.owner, &slug);
    f.send(&opened.context, "Szukamy Senior Rust Developera");
    let Principal::EmployerUser { company_id, .. } = &f.owner else { unreachable!() };
    let key = ConversationKey::new("it", company_id, &slug).unwrap();
    assert!(f.store.messages(&key).unwrap().len() >= 2, "the conversation is stored");
    f.offers.delete(&f.setup.tenant(), &f.owner, &slug).unwrap();
    assert!(f.store.conversation(&key).unwrap().is_none(), "the conversation went with its offer");
    assert!(f.store.messages(&key).unwrap().is_empty(), "and every message of it");
}
