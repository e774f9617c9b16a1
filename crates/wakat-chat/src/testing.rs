//! Helpers shared by the crate's unit tests: a clock, stores, actors, real-looking offers and a
//! conversation opened the way the product opens one.

use std::collections::BTreeMap;
use std::sync::Arc;

use wakat_core::{Currency, EmploymentKind, EmploymentType, ExperienceLevel, Location, Offer, Preferences, SalaryUnit, Skill, WorkplaceType};
use wakat_store::{KvStore, MemoryStore};

use crate::{Actor, ChatStore, Conversation, NewRequest, ProfileInput, SharedContact};

/// A Unix time to start test clocks at (2025-01-01T00:00:00Z).
pub(crate) const T0: i64 = 1_735_689_600;
/// The board of the tests.
pub(crate) const BOARD: &str = "it";
/// A daily limit no test reaches unless it means to.
pub(crate) const LIMIT: u32 = 50;

pub(crate) fn memory() -> Arc<dyn KvStore> {
    Arc::new(MemoryStore::new())
}

pub(crate) fn store() -> ChatStore {
    ChatStore::new(memory())
}

pub(crate) fn candidate_a() -> Actor {
    Actor::candidate("cand-a")
}

pub(crate) fn candidate_b() -> Actor {
    Actor::candidate("cand-b")
}

pub(crate) fn company_a() -> Actor {
    Actor::company("acme", "recruiter-1")
}

/// Another user of company A (its owner).
pub(crate) fn company_a_owner() -> Actor {
    Actor::company("acme", "owner-1")
}

pub(crate) fn company_b() -> Actor {
    Actor::company("globex", "recruiter-9")
}

/// A senior Rust backend developer in Warsaw or remote, B2B from 25,000 PLN a month.
pub(crate) fn complete_input() -> ProfileInput {
    ProfileInput {
        open_to_offers: true,
        preferences: Preferences {
            skills: vec!["Rust".into(), "PostgreSQL".into(), "Kubernetes".into()],
            experience_levels: vec![ExperienceLevel::Senior],
            cities: vec!["warszawa".into()],
            remote: true,
            salary_min: Some(25_000.0),
            currency: Currency::Pln,
        },
        salary_unit: SalaryUnit::Month,
        categories: vec![6],
        contract_types: vec![EmploymentKind::B2b],
    }
}

fn location(city: &str, latitude: f64, longitude: f64) -> Location {
    Location { slug: String::new(), city: city.into(), street: None, latitude, longitude, country_code: "PL".into() }
}

fn skill(name: &str, level: u8) -> Skill {
    Skill { name: name.into(), level }
}

pub(crate) fn contract(kind: EmploymentKind, from: f64, to: f64, unit: SalaryUnit) -> EmploymentType {
    EmploymentType { kind, from: Some(from), to: Some(to), currency: Currency::Pln, unit, gross: false, converted: BTreeMap::new() }
}

/// "Senior Rust Developer" at a Warsaw fintech: hybrid, B2B 24–32k PLN a month.
pub(crate) fn rust_offer() -> Offer {
    Offer {
        guid: "0f5e7c1a-rust-senior".into(),
        title: "Senior Rust Developer".into(),
        company_name: "Acme Payments".into(),
        workplace_type: WorkplaceType::Hybrid,
        experience_level: ExperienceLevel::Senior,
        category_id: 6,
        locations: vec![location("Warszawa", 52.23, 21.01)],
        employment_types: vec![contract(EmploymentKind::B2b, 24_000.0, 32_000.0, SalaryUnit::Month)],
        required_skills: vec![skill("Rust", 4), skill("PostgreSQL", 3), skill("Kafka", 3)],
        nice_to_have_skills: vec![skill("Kubernetes", 2)],
        published_at: T0 - 3_600,
        ..Offer::new("acme-payments-senior-rust-developer")
    }
}

/// "Junior Java Developer" in Kraków: office, permanent 7–9k PLN.
pub(crate) fn java_offer() -> Offer {
    Offer {
        guid: "7d2b-java-junior".into(),
        title: "Junior Java Developer".into(),
        company_name: "Globex".into(),
        workplace_type: WorkplaceType::Office,
        experience_level: ExperienceLevel::Junior,
        category_id: 7,
        locations: vec![location("Kraków", 50.06, 19.94)],
        employment_types: vec![contract(EmploymentKind::Permanent, 7_000.0, 9_000.0, SalaryUnit::Month)],
        required_skills: vec![skill("Java", 3), skill("Spring", 2)],
        published_at: T0 - 7_200,
        ..Offer::new("globex-junior-java-developer")
    }
}

/// The request company A sends candidate A (whose profile is saved first) about the Rust offer.
pub(crate) fn request_to(store: &ChatStore, candidate: &Actor, company: &Actor, offer_id: &str, now: i64) -> crate::Result<crate::ConversationRequest> {
    let profile = match store.profile(BOARD, candidate)? {
        Some(profile) => profile,
        None => store.save_profile(BOARD, candidate, complete_input(), now)?,
    };
    store.send_request(BOARD, company, new_request(&profile.public_id, offer_id), LIMIT, now)
}

pub(crate) fn new_request(candidate_ref: &str, offer_id: &str) -> NewRequest {
    NewRequest {
        candidate_ref: candidate_ref.into(),
        offer_id: offer_id.into(),
        offer_title: "Senior Rust Developer".into(),
        employer_name: "Acme Payments".into(),
        employer_avatar_url: Some("https://cdn.example.com/acme.png".into()),
        first_message: "Dzień dobry, czy porozmawiamy o roli Senior Rust Developer?".into(),
    }
}

/// Candidate A and company A in an open conversation (request sent at T0, accepted at T0 + 60).
pub(crate) fn conversation(store: &ChatStore) -> Conversation {
    let request = request_to(store, &candidate_a(), &company_a(), "0f5e7c1a-rust-senior", T0).expect("request sent");
    let share = SharedContact { name: Some("Anna Nowak".into()), email: Some("anna@example.com".into()), cv_document_id: Some("doc-1".into()) };
    store.accept_request(BOARD, &candidate_a(), &request.id, share, T0 + 60).expect("accepted")
}
