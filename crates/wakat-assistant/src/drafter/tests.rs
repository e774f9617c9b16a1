use wakat_core::offer_form::OfferForm;
use wakat_core::{EmploymentKind, ExperienceLevel, WorkplaceType};

use super::*;
use crate::brain::Turn;

fn drafter() -> OfflineDrafter {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../index-data/");
    let read = |f: &str| std::fs::read_to_string(format!("{root}{f}")).unwrap();
    OfflineDrafter::new(SkillDictionary::from_json(&read("skills.json")).unwrap(), Gazetteer::from_json(&read("cities.json")).unwrap())
        .with_board("it", CategoryTree::from_json(&read("categories-it.json")).unwrap())
}

fn request(user: &[&str], locale: &str) -> BrainRequest {
    let mut history = Vec::new();
    for text in user {
        history.push(Turn { from_user: true, text: text.to_string() });
        history.push(Turn { from_user: false, text: "…".into() });
    }
    history.pop();
    BrainRequest { board: "it".into(), locale: locale.into(), history, form: OfferForm::default(), last_proposal: None }
}

fn text_of(events: &[BrainEvent]) -> String {
    events.iter().filter_map(|e| if let BrainEvent::Part(p) = e { Some(p.as_str()) } else { None }).collect()
}

fn proposal(events: &[BrainEvent]) -> Option<&crate::ProposedAd> {
    events.iter().find_map(|e| if let BrainEvent::Proposed(p) = e { Some(p.as_ref()) } else { None })
}

#[test]
fn asks_one_question_at_a_time_in_the_conversations_language() {
    let events = drafter().answer(&request(&["Cześć, szukamy osoby na stanowisko Programista PHP."], "en"));
    let text = text_of(&events);
    assert!(text.contains("Programista PHP") && text.contains("poziom"), "{text}");
    assert_eq!(text.matches('?').count(), 1, "{text}");
    assert!(proposal(&events).is_none());
    assert!(events.iter().filter(|e| matches!(e, BrainEvent::Part(_))).count() >= 2);
    let text = text_of(&drafter().answer(&request(&["We're hiring a Java Developer, senior level."], "pl")));
    assert!(text.contains("skills"), "{text}");
}

#[test]
fn proposes_once_the_essentials_are_there() {
    let events = drafter().answer(&request(
        &[
            "Dzień dobry! Szukamy osoby na stanowisko Senior Java Developer.",
            "Wymagamy: Java, Spring Boot, Kafka. Mile widziane: Docker. Język angielski B2. Będziesz rozwijać system płatności.",
            "15-20k netto B2B lub 12-16k brutto na UoP. Praca hybrydowa, biuro we Wrocławiu.",
        ],
        "en",
    ));
    let at = events.iter().position(|e| matches!(e, BrainEvent::Proposing)).expect("proposing");
    assert!(matches!(events.last(), Some(BrainEvent::Proposed(_))));
    assert!(events[at..].iter().filter(|e| matches!(e, BrainEvent::Part(_))).count() >= 3);
    let ad = proposal(&events).unwrap();
    assert_eq!(ad.title.as_deref(), Some("Senior Java Developer"));
    assert_eq!(ad.seniority, Some(ExperienceLevel::Senior));
    assert_eq!(ad.category.as_deref(), Some("java"));
    assert_eq!(ad.workplace_type, Some(WorkplaceType::Hybrid));
    assert_eq!(ad.salaries.iter().map(|s| s.employment_type).collect::<Vec<_>>(), [EmploymentKind::B2b, EmploymentKind::Permanent]);
    assert_eq!(ad.addresses[0].city, "Wrocław");
    assert_eq!(ad.languages[0].iso_code, "en");
    assert_eq!(ad.skills.recommended_skills[0].name, "Docker");
    let html = ad.description.as_deref().unwrap();
    for part in [
        "<h3>O stanowisku</h3>",
        "<h3>Obowiązki</h3>",
        "<li>Będziesz rozwijać system płatności.</li>",
        "<h3>Wymagania</h3>",
        "<h3>Mile widziane</h3>",
        "<h3>Oferujemy</h3>",
    ] {
        assert!(html.contains(part), "{part} in {html}");
    }
}

#[test]
fn proposes_when_asked_and_says_what_it_is() {
    let events = drafter().answer(&request(&["Hi, we need an ad for a Data Engineer.", "Who are you? Just draft the ad please."], "pl"));
    let text = text_of(&events);
    assert!(text.contains("offline") && text.contains("internet"), "{text}");
    assert!(proposal(&events).is_some());
    assert!(!events.iter().any(|e| matches!(e, BrainEvent::SearchStarted | BrainEvent::SearchEnded)));
    assert!(greeting("pl").contains("offline") && greeting("en").contains("without the internet"));
}

#[test]
fn what_the_form_has_is_not_asked() {
    let mut req = request(&["Wymagamy: Python, SQL. 10-14k brutto UoP, praca zdalna."], "pl");
    req.form.job_position_name = "Data Analyst".into();
    req.form.job_position_experience = "mid".into();
    let events = drafter().answer(&req);
    assert_eq!(proposal(&events).and_then(|p| p.title.as_deref()), Some("Data Analyst"));
    // Nor is it news: only what the message added is noted.
    let mut req = request(&["Java, Spring, Kafka"], "en");
    req.form.job_position_name = "Backend Developer".into();
    let text = text_of(&drafter().answer(&req));
    assert!(text.starts_with("Noted: skills: 3.") && !text.contains("Backend Developer"), "{text}");
}

#[tokio::test]
async fn streams_through_the_brain_trait() {
    let (tx, mut rx) = mpsc::channel(64);
    let brain: std::sync::Arc<dyn Brain> = std::sync::Arc::new(drafter());
    assert_eq!(brain.name(), "offline-drafter");
    brain.reply(request(&["Stanowisko: Tester"], "pl"), tx).await.unwrap();
    let mut parts = 0;
    while let Some(event) = rx.recv().await {
        parts += usize::from(matches!(event, BrainEvent::Part(_)));
    }
    assert!(parts >= 2);
}

#[test]
fn the_employers_words_are_escaped_in_the_description() {
    let events = drafter().answer(&request(&["Stanowisko: Tester <QA>. You will test <script>alert(1)</script> flows. Draft the ad."], "en"));
    let html = proposal(&events).and_then(|p| p.description.clone()).unwrap();
    assert!(!html.contains("<script") && !html.contains("<QA>"), "{html}");
    assert!(html.contains("&lt;script&gt;"), "{html}");
}

#[test]
fn asked_for_the_draft_it_proposes_with_the_best_title_guess() {
    let events = drafter().answer(&request(&["Kasjer-sprzedawca, Kraków", "Umowa o pracę, 5-6 tys. brutto.", "Możesz zrobić draft?"], "pl"));
    let ad = proposal(&events).expect("a proposal");
    assert_eq!(ad.title.as_deref(), Some("Kasjer-sprzedawca"));
    let events = drafter().answer(&request(&["Angular Developer, remote, B2B 11-15k net", "Angular, TypeScript", "to chyba tyle"], "en"));
    assert!(proposal(&events).is_some());
}

#[test]
fn a_closing_line_is_a_request_for_the_draft() {
    assert!(closes_chat(&fold("Thanks!")));
    assert!(closes_chat(&fold("Microsoft Office, Jira, Confluence. dzięki")));
    assert!(closes_chat(&fold("Z góry dziękuję.")));
    assert!(!closes_chat(&fold("Thanks for the question: the salary is 20k net on B2B, remote.")));
    // The employer signs off before naming the seniority: the draft comes with what is known.
    let events = drafter().answer(&request(
        &[
            "Hello! We need an Agile Coach for a banking client in Kraków.",
            "Required: Scrum, SAFe.",
            "Hybrid, B2B, 16,800 to 24,600 PLN net a month.",
            "Thanks!",
        ],
        "en",
    ));
    let ad = proposal(&events).expect("a proposal");
    assert_eq!(ad.title.as_deref(), Some("Agile Coach"));
    assert_eq!(ad.seniority, None);
}

/// A title typed in lowercase is still the employer's title, level and all, and the latest one
/// said is what they want: it wins over the form's (filled from an earlier proposal, say) and
/// over a title the chat named before.
#[test]
fn the_latest_title_said_in_the_chat_wins_over_the_forms_even_in_lowercase() {
    let cases = [
        (vec!["we need a senior java developer", "Java, Spring. 20k net B2B, remote. Draft it."], "en"),
        (vec!["szukam senior java developera", "Java, Spring. 20k netto B2B, zdalnie. Wygeneruj."], "pl"),
        (vec!["Job title: Java Developer", "Java, Spring. 20k net B2B, remote.", "sorry, we need a senior java developer"], "en"),
        (vec!["Stanowisko: Java Developer", "Java, Spring. 20k netto B2B, zdalnie.", "jednak szukam senior java developera"], "pl"),
    ];
    for (chat, locale) in cases {
        let mut req = request(&chat, locale);
        req.form.job_position_name = "Java Developer".into();
        let events = drafter().answer(&req);
        assert_eq!(proposal(&events).and_then(|p| p.title.as_deref()), Some("Senior Java Developer"), "{chat:?}");
    }
}

/// English titles by the kinds of phrasing that missed (each kind a few chats written for it,
/// none taken from an eval set): a title in a longer sentence, after "position of", "role of",
/// "Role:" or a label with a dash, after hiring phrases, quoted, typed in lowercase, with a
/// location, seniority or workplace remark after it, in a recruiter's phrasing, after a cue
/// followed by a clause about the position, with a technology name holding a lowercase word,
/// after the writer introduced themselves.
#[test]
fn english_titles_by_kind_of_phrasing() {
    let d = drafter();
    let cases: &[(&[&str], &str)] = &[
        // title in a longer sentence
        (&["Hi, our fintech team in Gdańsk is growing and we would love to find a Senior Backend Engineer who knows Kotlin."], "Senior Backend Engineer"),
        (&["Hello! Please create an ad: we want to bring on board a Data Analyst for our marketing department."], "Data Analyst"),
        (&["Our startup wants to add a Mobile Developer (Flutter) to the squad."], "Mobile Developer (Flutter)"),
        // after "position of" / "role of" / "role:"
        (&["We are opening the position of Lead QA Engineer."], "Lead QA Engineer"),
        (&["Role: Site Reliability Engineer"], "Site Reliability Engineer"),
        (&["Role - Platform Engineer (Kubernetes)"], "Platform Engineer (Kubernetes)"),
        (&["Position title - Salesforce Developer"], "Salesforce Developer"),
        (&["New opening: Product Designer", "Figma, UX research"], "Product Designer"),
        // hiring a
        (&["We're hiring a Python Developer for our data team."], "Python Developer"),
        (&["Hiring: Frontend Developer (React)"], "Frontend Developer (React)"),
        (&["We are currently hiring an Embedded Software Engineer."], "Embedded Software Engineer"),
        (&["Looking to hire a DevOps Engineer asap."], "DevOps Engineer"),
        (&["We want to hire a QA Automation Engineer."], "QA Automation Engineer"),
        (&["We are looking to recruit a Scrum Master."], "Scrum Master"),
        (&["Need to fill a Business Analyst position."], "Business Analyst"),
        (&["We have an open Java Developer position in Wrocław."], "Java Developer"),
        (&["There is a vacancy for an IT Support Specialist in our Łódź office."], "IT Support Specialist"),
        // quoted
        (&["The ad should say 'Senior .NET Developer'."], "Senior .NET Developer"),
        (&["Please use the title \u{201c}Junior Data Engineer\u{201d}."], "Junior Data Engineer"),
        // lowercase
        (&["we need a senior java developer"], "Senior Java Developer"),
        (&["looking for a mid python developer, remote"], "Mid Python Developer"),
        (&["We need a Cloud Engineer (remote) asap."], "Cloud Engineer"),
        // trailing location / seniority / workplace
        (&["We need a React Developer in Warsaw, hybrid."], "React Developer"),
        (&["Looking for a Senior Golang Developer, 100% remote."], "Senior Golang Developer"),
        (&["We need a Data Engineer based in Warsaw"], "Data Engineer"),
        (&["Hiring a Node.js Developer, mid level, remote from Poland"], "Node.js Developer"),
        (&["Looking for a Full Stack Developer, 3+ years of experience."], "Full Stack Developer"),
        (&["We need a Java Developer at senior level."], "Java Developer"),
        // recruiter phrasing
        (&["We are recruiting for our client a Senior Java Developer."], "Senior Java Developer"),
        (&["On behalf of our client, a bank in Warsaw, we are looking for a Risk Analyst."], "Risk Analyst"),
        (&["For our client, a logistics company, we are searching for a SAP Consultant."], "SAP Consultant"),
        (&["Our client is looking for a Senior Android Developer."], "Senior Android Developer"),
        (&["I'm recruiting a Security Engineer for a client in Kraków."], "Security Engineer"),
        (&["We're looking for a Test Engineer on behalf of our client."], "Test Engineer"),
        (&["Our client, a fintech from Warsaw, needs a Backend Developer (Go)."], "Backend Developer (Go)"),
        // vacancy/position cue followed by a clause
        (&["We would like to publish a vacancy for a Cloud Engineer. The position is fully remote."], "Cloud Engineer"),
        (&["We need a Golang Architect. The role is hybrid in Kraków."], "Golang Architect"),
        // tech with lowercase connectors
        (&["Backend Developer with Ruby on Rails - remote"], "Backend Developer with Ruby on Rails"),
        (&["QA Engineer with Ruby on Rails – mid – Warsaw – hybrid, B2B contract with our team"], "QA Engineer with Ruby on Rails"),
        // self introductions
        (&["I'm the CTO of a small startup. We need a Senior Rust Engineer."], "Senior Rust Engineer"),
        (&["I'm the Head of Engineering at Acme and we need a Platform Engineer."], "Platform Engineer"),
        (&["Hi, I'm a recruiter at Acme. We're looking for a Data Scientist."], "Data Scientist"),
    ];
    let misses: Vec<String> = cases
        .iter()
        .filter_map(|(texts, want)| {
            let got = title::title(texts, &d.skills);
            (got.as_deref() != Some(*want)).then(|| format!("{:?} -> {got:?}, want {want:?}", texts[0]))
        })
        .collect();
    assert!(misses.is_empty(), "{misses:#?}");
}
