//! The chat between passive candidates and employers over REST (issue 25's chat contract):
//! a candidate opens up, an employer finds and asks them, they talk, read, close; the flags; the
//! account's deletion leaving tombstones; matched-for-you cards.

use reqwest::Method;
use serde_json::{json, Value};

use crate::browser::{mailed_token, Browser};
use crate::employer_client::{company_id, log_in, sign_up, EmployerClient, PASSWORD};
use crate::helpers::{spawn_app, spawn_configured, Answer, TestApp};
use crate::panel_offers::published_offer;

pub const CANDIDATE_PASSWORD: &str = "candidate pass 1";

/// Two candidates, company A's owner and recruiter, company B's owner, and one active offer of
/// each company, on the `it` board.
pub struct World<'a> {
    pub app: &'a TestApp,
    pub a: Browser<'a>,
    pub b: Browser<'a>,
    pub owner: EmployerClient<'a>,
    pub recruiter: EmployerClient<'a>,
    pub other: EmployerClient<'a>,
    /// Company A's active offer.
    pub slug: String,
    /// Company B's active offer.
    pub b_slug: String,
}

/// A complete passive profile matching the test offers (Rust, senior, Kraków, B2B).
pub fn profile_body(category: u64) -> Value {
    json!({
        "openToOffers": true,
        "preferences": {"skills": ["Rust", "Go"], "experienceLevels": ["senior"], "cities": ["krakow"], "remote": false, "salaryMin": 12000, "currency": "pln"},
        "salaryUnit": "month",
        "categories": [category],
        "contractTypes": ["b2b"]
    })
}

/// A candidate signed up and logged in on `tenant`.
pub fn candidate<'a>(app: &'a TestApp, tenant: &str, email: &str) -> Browser<'a> {
    let mut browser = Browser::new(app);
    browser.sign_up(tenant, email, CANDIDATE_PASSWORD);
    browser
}

/// The recruiter invited by `owner` and joined.
pub fn recruiter<'a>(app: &'a TestApp, owner: &EmployerClient<'_>, email: &str) -> EmployerClient<'a> {
    let added = owner.call(Method::POST, "/v1/users", Some(&json!({"name": "Second User", "email": email})));
    assert_eq!(added.status, 201, "{}", added.body);
    let invite = mailed_token(app, email, "employer.invite");
    let joined = app.send_json(
        Method::PATCH,
        &format!("/api/{}/v1/users/confirm", owner.tenant),
        &json!({"token": invite, "password": PASSWORD, "password_confirmation": PASSWORD}),
    );
    assert_eq!(joined.status, 200, "{}", joined.body);
    log_in(app, &owner.tenant, email, PASSWORD)
}

/// The offer's category value (what a profile lists).
pub fn category_of(app: &TestApp, slug: &str) -> u64 {
    app.get_ok(&format!("/api/it/v1/offers/{slug}"))["categoryId"].as_u64().expect("the offer has a category")
}

/// A candidate's passive profile saved, open to offers: their anonymous reference.
pub fn open_up(browser: &mut Browser<'_>, category: u64) -> String {
    let saved = browser.json(Method::PUT, "/api/it/v1/candidate/chat/profile", &profile_body(category));
    assert_eq!(saved.status, 200, "{}", saved.body);
    assert_eq!(saved.body["findable"], true, "{}", saved.body);
    saved.body["profile"]["publicId"].as_str().unwrap().to_string()
}

pub fn world(app: &TestApp) -> World<'_> {
    let owner = sign_up(app, "it", "owner@acme.example", "Acme");
    let recruiter = recruiter(app, &owner, "recruiter@acme.example");
    let other = sign_up(app, "it", "owner@beta.example", "Beta");
    let company = company_id(&owner);
    let slug = published_offer(&owner, &company, "Senior Rust Developer");
    let b_company = company_id(&other);
    let b_slug = published_offer(&other, &b_company, "Beta Rust Developer");
    let a = candidate(app, "it", "anna@example.pl");
    let b = candidate(app, "it", "bartek@example.pl");
    wait_listed(app, 2);
    World { app, a, b, owner, recruiter, other, slug, b_slug }
}

/// Waits until the board lists `count` offers: the index shows a publication within a second
/// (conversations name their offer's slug, matched cards come from lists).
pub fn wait_listed(app: &TestApp, count: u64) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while app.count("it", "") < count {
        assert!(std::time::Instant::now() < deadline, "the offers were not listed in time");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// `employer` asks `candidate_ref` about `slug`.
pub fn ask(employer: &EmployerClient<'_>, slug: &str, candidate_ref: &str, message: &str) -> Answer {
    employer.call(
        Method::POST,
        "/v2/employer-panel/chat/conversation-requests",
        Some(&json!({"offerSlug": slug, "candidateRef": candidate_ref, "message": message})),
    )
}

/// A writes to the candidate's first invite's conversation: the owner asks, the candidate
/// accepts sharing name, e-mail and a CV. Returns the conversation's id.
pub fn open_conversation(world: &mut World<'_>) -> String {
    let uploaded = crate::candidate_area::upload_cv(&mut world.a, "it", crate::applying::pdf(), "cv.pdf");
    assert_eq!(uploaded.status, 201, "{}", uploaded.body);
    let category = category_of(world.app, &world.slug);
    let reference = open_up(&mut world.a, category);
    let asked = ask(&world.owner, &world.slug, &reference, "Dzień dobry, porozmawiamy o Rust?");
    assert_eq!(asked.status, 201, "{}", asked.body);
    let request_id = asked.body["id"].as_str().unwrap().to_string();
    let accepted = world.a.json(
        Method::POST,
        &format!("/api/it/v1/candidate/chat/conversation-requests/{request_id}/accept"),
        &json!({"shareName": true, "shareEmail": true, "cvDocumentId": uploaded.body["id"]}),
    );
    assert_eq!(accepted.status, 201, "{}", accepted.body);
    accepted.body["id"].as_str().unwrap().to_string()
}

/// A candidate's message.
pub fn candidate_says(browser: &mut Browser<'_>, conversation: &str, client_id: &str, text: &str) -> Answer {
    browser.json(
        Method::POST,
        &format!("/api/it/v1/candidate/chat/conversations/{conversation}/messages"),
        &json!({"clientMessageId": client_id, "text": text}),
    )
}

/// An employer user's message.
pub fn company_says(employer: &EmployerClient<'_>, conversation: &str, client_id: &str, text: &str) -> Answer {
    employer.call(
        Method::POST,
        &format!("/v2/employer-panel/chat/conversations/{conversation}/messages"),
        Some(&json!({"clientMessageId": client_id, "text": text})),
    )
}

#[test]
fn a_passive_candidate_is_found_asked_and_talked_to_by_both_users_of_a_company() {
    let app = spawn_app(false);
    let mut w = world(&app);
    let category = category_of(&app, &w.slug);

    // Without a profile the widget shows the ad: everything is missing.
    let empty = w.a.get("/api/it/v1/candidate/chat/profile");
    assert_eq!(empty.status, 200, "{}", empty.body);
    assert_eq!(empty.body["profile"], Value::Null);
    assert_eq!(empty.body["missing"], json!(["categories", "seniority", "skills", "place", "salary", "contractTypes"]));
    assert_eq!((empty.body["maintenance"].as_bool(), empty.body["unreadTotal"].as_u64()), (Some(false), Some(0)));
    // Opening up without the preferences is refused, naming what is missing.
    let incomplete = w.a.json(Method::PUT, "/api/it/v1/candidate/chat/profile", &json!({"openToOffers": true, "preferences": {"skills": ["Rust"]}}));
    assert_eq!((incomplete.status, incomplete.body["code"].as_str()), (400, Some("profile_incomplete")), "{}", incomplete.body);
    let too_many = w.a.json(Method::PUT, "/api/it/v1/candidate/chat/profile", &json!({"categories": (0..11).collect::<Vec<_>>()}));
    assert_eq!((too_many.status, too_many.body["field"].as_str()), (400, Some("categories")), "{}", too_many.body);
    let a_ref = open_up(&mut w.a, category);
    let b_ref = open_up(&mut w.b, category);

    // The recruiter finds both, anonymised, scored with an explanation per criterion.
    let found = w.recruiter.call(Method::GET, &format!("/v2/employer-panel/offers/{}/candidates", w.slug), None);
    assert_eq!(found.status, 200, "{}", found.body);
    let items = found.body["items"].as_array().unwrap();
    assert_eq!(items.len(), 2, "{}", found.body);
    let text = found.body.to_string();
    assert!(!text.contains("anna@example.pl") && !text.contains("Ala"), "anonymous: {text}");
    let first = &items[0];
    assert!(first["score"]["percent"].as_u64().unwrap() >= 80, "{first}");
    let criteria: Vec<&str> = first["score"]["criteria"].as_array().unwrap().iter().map(|c| c["criterion"].as_str().unwrap()).collect();
    assert_eq!(criteria, ["skills", "categories", "seniority", "place", "salary", "contractTypes"]);
    assert_eq!(first["request"], Value::Null);
    assert_eq!((found.body["dailyLimit"].as_u64(), found.body["sentToday"].as_u64()), (Some(20), Some(0)));

    // The recruiter asks A; the owner sees the request the recruiter sent.
    let asked = ask(&w.recruiter, &w.slug, &a_ref, "Cześć! Szukamy kogoś do zespołu Rust.");
    assert_eq!(asked.status, 201, "{}", asked.body);
    assert_eq!((asked.body["status"].as_str(), asked.body["candidateRef"].as_str()), (Some("received"), Some(a_ref.as_str())));
    let again = ask(&w.owner, &w.slug, &a_ref, "Jeszcze raz");
    assert_eq!((again.status, again.body["code"].as_str()), (409, Some("already_requested")));
    let sent = w.owner.call(Method::GET, "/v2/employer-panel/chat/conversation-requests", None);
    assert_eq!(sent.body["items"].as_array().unwrap().len(), 1, "{}", sent.body);
    let listed = w.owner.call(Method::GET, &format!("/v2/employer-panel/offers/{}/candidates", w.slug), None);
    assert_eq!(listed.body["sentToday"].as_u64(), Some(1));
    // A draft, another company's or an unknown offer cannot be asked about.
    for slug in [w.b_slug.as_str(), "offer-0000000000000000"] {
        assert_eq!(ask(&w.owner, slug, &b_ref, "Hej").status, 404, "{slug}");
        assert_eq!(w.owner.call(Method::GET, &format!("/v2/employer-panel/offers/{slug}/candidates"), None).status, 404, "{slug}");
    }

    // A sees the invite with the spec's fields and accepts, sharing the name only.
    let invites = w.a.get("/api/it/v1/candidate/chat/conversation-requests?status=received");
    assert_eq!(invites.status, 200, "{}", invites.body);
    let invite = &invites.body["items"][0];
    assert_eq!(invite["employer"]["name"], "Acme");
    assert_eq!(invite["jobAdvertisement"]["name"], "Senior Rust Developer");
    assert_eq!((invite["status"].as_str(), invite["firstMessage"].as_str()), (Some("received"), Some("Cześć! Szukamy kogoś do zespołu Rust.")));
    let request_id = invite["conversationRequestId"].as_str().unwrap().to_string();
    assert!(w.b.get("/api/it/v1/candidate/chat/conversation-requests").body["items"].as_array().unwrap().is_empty(), "B got nothing");
    let foreign_accept = w.b.json(Method::POST, &format!("/api/it/v1/candidate/chat/conversation-requests/{request_id}/accept"), &json!({}));
    assert_eq!(foreign_accept.status, 404, "{}", foreign_accept.body);
    let bad_cv = w.a.json(Method::POST, &format!("/api/it/v1/candidate/chat/conversation-requests/{request_id}/accept"), &json!({"cvDocumentId": "nope"}));
    assert_eq!(bad_cv.status, 404, "{}", bad_cv.body);
    let accepted = w.a.json(Method::POST, &format!("/api/it/v1/candidate/chat/conversation-requests/{request_id}/accept"), &json!({"shareName": true}));
    assert_eq!(accepted.status, 201, "{}", accepted.body);
    let conversation = accepted.body["id"].as_str().unwrap().to_string();
    assert_eq!(accepted.body["offerSlug"].as_str(), Some(w.slug.as_str()));
    assert_eq!((accepted.body["lastSeq"].as_u64(), accepted.body["status"].as_str()), (Some(1), Some("open")));
    let twice = w.a.json(Method::POST, &format!("/api/it/v1/candidate/chat/conversation-requests/{request_id}/accept"), &json!({}));
    assert_eq!((twice.status, twice.body["code"].as_str()), (409, Some("request_not_pending")));

    // The company sees what was shared: the name, no e-mail, no CV.
    let seen = w.owner.call(Method::GET, &format!("/v2/employer-panel/chat/conversations/{conversation}"), None);
    assert_eq!(seen.status, 200, "{}", seen.body);
    assert_eq!((seen.body["candidate"]["name"].as_str(), seen.body["candidate"]["email"].as_str()), (Some("Ala"), None));
    assert_eq!((seen.body["candidate"]["hasCv"].as_bool(), seen.body["candidate"]["ref"].as_str()), (Some(false), Some(a_ref.as_str())));

    // Messages both ways; a resend of a client id is not duplicated.
    let hello = candidate_says(&mut w.a, &conversation, "c-1", "Dzień dobry, chętnie porozmawiam.");
    assert_eq!(hello.status, 201, "{}", hello.body);
    assert_eq!((hello.body["seq"].as_u64(), hello.body["mine"].as_bool(), hello.body["sender"].as_str()), (Some(2), Some(true), Some("candidate")));
    let resent = candidate_says(&mut w.a, &conversation, "c-1", "Dzień dobry, chętnie porozmawiam.");
    assert_eq!((resent.status, resent.body["seq"].as_u64()), (200, Some(2)));
    let reply = company_says(&w.owner, &conversation, "e-1", "Świetnie, kiedy masz czas?");
    assert_eq!((reply.status, reply.body["seq"].as_u64()), (201, Some(3)), "{}", reply.body);
    let from_recruiter = company_says(&w.recruiter, &conversation, "e-2", "Ja też tu jestem.");
    assert_eq!((from_recruiter.status, from_recruiter.body["seq"].as_u64()), (201, Some(4)));
    let empty_text = company_says(&w.owner, &conversation, "e-3", "   ");
    assert_eq!((empty_text.status, empty_text.body["code"].as_str(), empty_text.body["field"].as_str()), (400, Some("invalid_message_text"), Some("text")));
    let long_text = candidate_says(&mut w.a, &conversation, "c-long", &"x".repeat(2001));
    assert_eq!(long_text.status, 400, "{}", long_text.body);

    // Unread counts and read marks per side ("seen").
    let a_list = w.a.get("/api/it/v1/candidate/chat/conversations");
    assert_eq!((a_list.body["unreadTotal"].as_u64(), a_list.body["items"][0]["unread"].as_u64()), (Some(2), Some(2)), "{}", a_list.body);
    assert_eq!(a_list.body["items"][0]["lastMessage"]["text"], "Ja też tu jestem.");
    assert_eq!(w.a.get("/api/it/v1/candidate/chat/profile").body["unreadTotal"].as_u64(), Some(2));
    let read = w.a.json(Method::POST, &format!("/api/it/v1/candidate/chat/conversations/{conversation}/read"), &json!({"upToSeq": 4}));
    assert_eq!((read.status, read.body["unread"].as_u64(), read.body["readSeq"].as_u64()), (200, Some(0), Some(4)), "{}", read.body);
    let company_view = w.recruiter.call(Method::GET, "/v2/employer-panel/chat/conversations", None);
    assert_eq!(company_view.body["items"][0]["otherReadSeq"].as_u64(), Some(4), "{}", company_view.body);
    assert_eq!(company_view.body["unreadTotal"].as_u64(), Some(1));
    let company_read = w.recruiter.call(Method::POST, &format!("/v2/employer-panel/chat/conversations/{conversation}/read"), Some(&json!({"upToSeq": 99})));
    assert_eq!((company_read.body["unread"].as_u64(), company_read.body["readSeq"].as_u64()), (Some(0), Some(4)));
    assert_eq!(w.owner.call(Method::GET, "/v2/employer-panel/chat/conversations", None).body["unreadTotal"].as_u64(), Some(0), "read for the company");

    // History by cursor, oldest first in each page.
    let page = w.a.get(&format!("/api/it/v1/candidate/chat/conversations/{conversation}/messages?pageSize=2"));
    let seqs: Vec<u64> = page.body["items"].as_array().unwrap().iter().map(|m| m["seq"].as_u64().unwrap()).collect();
    assert_eq!((seqs, page.body["nextBefore"].as_u64()), (vec![3, 4], Some(3)), "{}", page.body);
    let older = w.a.get(&format!("/api/it/v1/candidate/chat/conversations/{conversation}/messages?pageSize=2&before=3"));
    let seqs: Vec<u64> = older.body["items"].as_array().unwrap().iter().map(|m| m["seq"].as_u64().unwrap()).collect();
    assert_eq!((seqs, older.body["nextBefore"].clone()), (vec![1, 2], Value::Null));
    assert_eq!((older.body["items"][0]["mine"].as_bool(), older.body["items"][0]["clientMessageId"].clone()), (Some(false), Value::Null));

    // Report a company message; one's own cannot be reported.
    let reported = w.a.json(Method::POST, &format!("/api/it/v1/candidate/chat/conversations/{conversation}/messages/3/report"), &json!({"reason": "spam"}));
    assert_eq!(reported.status, 201, "{}", reported.body);
    let own = w.a.json(Method::POST, &format!("/api/it/v1/candidate/chat/conversations/{conversation}/messages/2/report"), &json!({"reason": "spam"}));
    assert_eq!(own.status, 400, "{}", own.body);

    // The company closes; nobody writes any more.
    let closed = w.owner.call(Method::POST, &format!("/v2/employer-panel/chat/conversations/{conversation}/close"), None);
    assert_eq!((closed.body["status"].as_str(), closed.body["closedBy"].as_str()), (Some("closed"), Some("company")), "{}", closed.body);
    let refused = candidate_says(&mut w.a, &conversation, "c-2", "Halo?");
    assert_eq!((refused.status, refused.body["code"].as_str()), (409, Some("conversationClosed")));

    // B declines the other company's request and blocks it: it no longer finds B.
    let from_beta = ask(&w.other, &w.b_slug, &b_ref, "Hej, Beta tutaj");
    assert_eq!(from_beta.status, 201, "{}", from_beta.body);
    let declined = w.b.json(
        Method::POST,
        &format!("/api/it/v1/candidate/chat/conversation-requests/{}/decline", from_beta.body["id"].as_str().unwrap()),
        &json!({"blockCompany": true}),
    );
    assert_eq!((declined.status, declined.body["status"].as_str()), (200, Some("declined")), "{}", declined.body);
    let blocks = w.b.get("/api/it/v1/candidate/chat/blocks");
    assert_eq!(blocks.body["items"][0]["name"], "Beta", "{}", blocks.body);
    let beta_list = w.other.call(Method::GET, &format!("/v2/employer-panel/offers/{}/candidates", w.b_slug), None);
    assert!(!beta_list.body.to_string().contains(&b_ref), "a blocked company does not find B: {}", beta_list.body);
    let beta_company = blocks.body["items"][0]["companyId"].as_str().unwrap().to_string();
    let unblocked = w.b.json(Method::DELETE, &format!("/api/it/v1/candidate/chat/blocks/{beta_company}"), &json!({}));
    assert_eq!(unblocked.status, 204);
    let beta_again = w.other.call(Method::GET, &format!("/v2/employer-panel/offers/{}/candidates", w.b_slug), None);
    assert!(beta_again.body.to_string().contains(&b_ref), "found again once unblocked");
}

#[test]
fn the_flags_hide_the_chat_or_hold_its_writes() {
    // The work board keeps the chat off: every chat call is a 404, logged in or not.
    let app = spawn_app(false);
    let mut worker = candidate(&app, "work", "worker@example.pl");
    for path in ["/api/work/v1/candidate/chat/profile", "/api/work/v1/candidate/chat/conversations", "/api/work/v1/candidate/chat/conversation-requests"] {
        assert_eq!(worker.get(path).status, 404, "{path}");
        let anonymous = app.get(path);
        assert_eq!((anonymous.status, anonymous.body["code"].as_str()), (404, Some("feature_disabled")), "{path}");
    }
    assert_eq!(worker.json(Method::POST, "/api/work/v1/candidate/chat/hub-token", &json!({})).status, 404);
    let work_employer = sign_up(&app, "work", "owner@work.example", "Work");
    assert_eq!(work_employer.call(Method::GET, "/v2/employer-panel/chat/conversations", None).status, 404);
    assert_eq!(work_employer.call(Method::POST, "/v2/employer-panel/chat/hub-token", None).status, 404);
    let flags = app.get_ok("/api/work/v2/user-panel/configuration")["featureFlags"].clone();
    assert_eq!((flags["candidateChat"].as_bool(), flags["passiveCandidateMaintenance"].as_bool()), (Some(false), Some(false)));

    // In maintenance, reads work and say so; sending, asking and accepting answer 503.
    let app = spawn_configured(false, |settings| {
        settings.engine.tenants[0].flags.insert("passiveCandidateMaintenance".into(), true);
    });
    let mut w = world(&app);
    let category = category_of(&app, &w.slug);
    let profile = w.a.get("/api/it/v1/candidate/chat/profile");
    assert_eq!((profile.status, profile.body["maintenance"].as_bool()), (200, Some(true)));
    let reference = open_up(&mut w.a, category);
    let asked = ask(&w.owner, &w.slug, &reference, "Hej");
    assert_eq!((asked.status, asked.body["code"].as_str()), (503, Some("chatMaintenance")), "{}", asked.body);
    assert_eq!(w.owner.call(Method::GET, "/v2/employer-panel/chat/conversations", None).status, 200);
    assert_eq!(app.get_ok("/api/it/v2/user-panel/configuration")["featureFlags"]["passiveCandidateMaintenance"], true);
}

#[test]
fn the_daily_limit_of_requests_is_the_plans_and_answers_429_past_it() {
    let app = spawn_configured(false, |settings| settings.chat.daily_requests = 1);
    let mut w = world(&app);
    let category = category_of(&app, &w.slug);
    let a_ref = open_up(&mut w.a, category);
    let b_ref = open_up(&mut w.b, category);
    assert_eq!(ask(&w.owner, &w.slug, &a_ref, "Pierwsza").status, 201);
    let over = ask(&w.recruiter, &w.slug, &b_ref, "Druga");
    assert_eq!((over.status, over.body["code"].as_str()), (429, Some("chatDailyLimit")), "{}", over.body);
    let listed = w.owner.call(Method::GET, &format!("/v2/employer-panel/offers/{}/candidates", w.slug), None);
    assert_eq!((listed.body["dailyLimit"].as_u64(), listed.body["sentToday"].as_u64()), (Some(1), Some(1)));
    // Another company has its own budget.
    assert_eq!(ask(&w.other, &w.b_slug, &b_ref, "Od Bety").status, 201);
    // An active offer of a plan with its own limit (Pro: 50) raises the company's.
    let (pro_slug, token) = w.owner.ready_offer("pro", "Rust Architect");
    let code = w.owner.issue_code(&crate::employer_client::company_id(&w.owner), "pro");
    assert_eq!(w.owner.publish_with_code(&pro_slug, &token, &code).status, 200);
    wait_listed(&app, 3);
    let raised = w.owner.call(Method::GET, &format!("/v2/employer-panel/offers/{}/candidates", w.slug), None);
    assert_eq!((raised.body["dailyLimit"].as_u64(), raised.body["sentToday"].as_u64()), (Some(50), Some(1)), "{}", raised.body);
    assert_eq!(ask(&w.recruiter, &pro_slug, &b_ref, "Druga, w limicie Pro").status, 201);
}

#[test]
fn deleting_the_account_leaves_the_employer_tombstones_and_the_export_holds_the_chat() {
    let app = spawn_app(false);
    let mut w = world(&app);
    let conversation = open_conversation(&mut w);
    assert_eq!(candidate_says(&mut w.a, &conversation, "c-1", "Moja wiadomość").status, 201);
    assert_eq!(company_says(&w.owner, &conversation, "e-1", "Odpowiedź firmy").status, 201);

    let export = w.a.get("/api/it/v1/candidate/export");
    assert_eq!(export.status, 200, "{}", export.body);
    let chat = &export.body["chat"];
    assert_eq!(chat["profile"]["openToOffers"], true, "{chat}");
    assert_eq!(chat["conversations"][0]["messages"].as_array().map(Vec::len), Some(3), "{chat}");
    assert!(chat.to_string().contains("Moja wiadomość"));

    let deleted = w.a.json(Method::DELETE, "/api/it/v1/candidate/account", &json!({"password": CANDIDATE_PASSWORD}));
    assert_eq!(deleted.status, 204, "{}", deleted.body);
    let page = w.owner.call(Method::GET, &format!("/v2/employer-panel/chat/conversations/{conversation}/messages"), None);
    assert_eq!(page.status, 200, "{}", page.body);
    let items = page.body["items"].as_array().unwrap();
    assert_eq!(items.len(), 3, "the history keeps its shape");
    let erased = items.iter().find(|m| m["seq"] == 2).unwrap();
    assert_eq!((erased["text"].clone(), erased["sender"].as_str()), (Value::Null, Some("candidate")), "a tombstone: {erased}");
    assert_eq!(items.iter().find(|m| m["seq"] == 3).unwrap()["text"], "Odpowiedź firmy");
    assert!(!page.body.to_string().contains("Moja wiadomość"));
    let seen = w.owner.call(Method::GET, &format!("/v2/employer-panel/chat/conversations/{conversation}"), None);
    assert_eq!((seen.body["status"].as_str(), seen.body["candidate"]["name"].clone()), (Some("closed"), Value::Null), "{}", seen.body);
    // The candidate is no longer found.
    let listed = w.owner.call(Method::GET, &format!("/v2/employer-panel/offers/{}/candidates", w.slug), None);
    assert!(listed.body["items"].as_array().unwrap().is_empty(), "{}", listed.body);
}

#[test]
fn matched_cards_carry_the_passive_score_and_a_link_to_the_conversation() {
    let app = spawn_app(false);
    let mut w = world(&app);
    let conversation = open_conversation(&mut w);
    // Matched-for-you works from the account's preferences.
    let preferences =
        json!({"preferences": {"skills": ["Rust"], "experienceLevels": ["senior"], "cities": [], "remote": false, "salaryMin": null, "currency": "pln"}});
    let saved = w.a.json(Method::PUT, "/api/it/v1/candidate/profile", &preferences);
    assert_eq!(saved.status, 200, "{}", saved.body);
    let matched = w.a.get("/api/it/v1/candidate/matched-offers");
    assert_eq!(matched.status, 200, "{}", matched.body);
    let cards = matched.body["data"].as_array().unwrap();
    let ours = cards.iter().find(|card| card["offer"]["offerParent"]["slug"] == w.slug.as_str()).unwrap_or_else(|| panic!("{}", matched.body));
    assert_eq!(ours["conversationLink"].as_str(), Some(format!("/?chat={conversation}").as_str()));
    assert!(ours["passiveMatchPercent"].as_u64().unwrap() >= 80, "{ours}");
    assert!(ours["matchPercent"].is_number(), "the preferences' score stays");
    let theirs = cards.iter().find(|card| card["offer"]["offerParent"]["slug"] == w.b_slug.as_str()).unwrap();
    assert_eq!(theirs["conversationLink"], Value::Null);
    // B has no passive profile: no passive score.
    let saved = w.b.json(Method::PUT, "/api/it/v1/candidate/profile", &preferences);
    assert_eq!(saved.status, 200);
    let b_cards = w.b.get("/api/it/v1/candidate/matched-offers");
    assert!(b_cards.body["data"].as_array().unwrap().iter().all(|card| card["passiveMatchPercent"].is_null()), "{}", b_cards.body);
}

/// The CV a candidate shares on accepting reaches the company's users (owner and recruiter) as
/// the file itself, never another company; a conversation without one answers `chat_no_shared_cv`.
#[test]
fn the_cv_shared_on_accepting_is_downloaded_by_the_company_only() {
    let app = spawn_app(false);
    let mut w = world(&app);
    let uploaded = crate::candidate_area::upload_cv(&mut w.a, "it", crate::applying::pdf(), "anna cv.pdf");
    assert_eq!(uploaded.status, 201, "{}", uploaded.body);
    let document_id = uploaded.body["id"].as_str().expect("the document's id").to_string();
    let category = category_of(&app, &w.slug);
    let reference = open_up(&mut w.a, category);
    let asked = ask(&w.owner, &w.slug, &reference, "Dzień dobry, czy prześle Pani CV?");
    assert_eq!(asked.status, 201, "{}", asked.body);
    let request_id = asked.body["id"].as_str().unwrap();
    let accepted = w.a.json(
        Method::POST,
        &format!("/api/it/v1/candidate/chat/conversation-requests/{request_id}/accept"),
        &json!({"shareName": true, "shareEmail": false, "cvDocumentId": document_id}),
    );
    assert_eq!(accepted.status, 201, "{}", accepted.body);
    let conversation = accepted.body["id"].as_str().unwrap().to_string();
    let seen = w.owner.call(Method::GET, &format!("/v2/employer-panel/chat/conversations/{conversation}"), None);
    assert_eq!(seen.body["candidate"]["hasCv"], true, "{}", seen.body);

    let download = |employer: &EmployerClient<'_>| {
        let url = format!("{}/api/it/v2/employer-panel/chat/conversations/{conversation}/cv", app.base);
        app.client.get(url).bearer_auth(&employer.token).send().expect("the download is sent")
    };
    for user in [&w.owner, &w.recruiter] {
        let file = download(user);
        assert_eq!(file.status().as_u16(), 200);
        assert_eq!(file.headers()["content-type"], "application/pdf");
        assert!(file.headers()["content-disposition"].to_str().unwrap().contains("anna%20cv.pdf"), "{:?}", file.headers());
        assert_eq!(file.bytes().unwrap().to_vec(), crate::applying::pdf());
    }
    let stranger = download(&w.other);
    assert_eq!(stranger.status().as_u16(), 404, "another company cannot tell the conversation exists");
    let anonymous = app.client.get(format!("{}/api/it/v2/employer-panel/chat/conversations/{conversation}/cv", app.base)).send().unwrap();
    assert_eq!(anonymous.status().as_u16(), 401);

    let deleted = w.a.request(Method::DELETE, &format!("/api/it/v1/candidate/documents/{document_id}"));
    assert_eq!(w.a.send(deleted).status, 204);
    let gone = w.owner.call(Method::GET, &format!("/v2/employer-panel/chat/conversations/{conversation}/cv"), None);
    assert_eq!((gone.status, gone.body["code"].as_str()), (404, Some("chat_no_shared_cv")), "a deleted CV is no longer shared");

    let b_reference = open_up(&mut w.b, category);
    let asked_b = ask(&w.owner, &w.slug, &b_reference, "Dzień dobry, porozmawiamy?");
    let b_request = asked_b.body["id"].as_str().unwrap();
    let without_cv = w.b.json(Method::POST, &format!("/api/it/v1/candidate/chat/conversation-requests/{b_request}/accept"), &json!({"shareName": true}));
    assert_eq!(without_cv.status, 201, "{}", without_cv.body);
    let plain = without_cv.body["id"].as_str().unwrap();
    let none = w.owner.call(Method::GET, &format!("/v2/employer-panel/chat/conversations/{plain}/cv"), None);
    assert_eq!((none.status, none.body["code"].as_str()), (404, Some("chat_no_shared_cv")));
}
