use super::*;

fn title(texts: &[&str]) -> Option<String> {
    super::title(texts, &SkillDictionary::default())
}

#[test]
fn a_guess_is_a_quoted_name_or_a_short_first_clause() {
    assert_eq!(guess(&["Cześć, oto dane.", "Chodzi o „Kasjer Sprzedawca” w sklepie."]).as_deref(), Some("Kasjer Sprzedawca"));
    assert_eq!(guess(&["Kasjer-sprzedawca, Kraków, od zaraz"]).as_deref(), Some("Kasjer-sprzedawca"));
    assert_eq!(guess(&["We would like to publish an offer for our new warehouse in Poznan, please"]), None);
}

#[test]
fn titles_introduced_as_titled_and_pod_tytulem() {
    assert_eq!(
        title(&["Good morning. We are looking for a senior specialist for the role titled Infrastructure Support & Database Administration."]).as_deref(),
        Some("Infrastructure Support & Database Administration")
    );
    assert_eq!(title(&["Hi, the ad should be titled \"Mobilny Serwisant Automatów\" (a field technician)."]).as_deref(), Some("Mobilny Serwisant Automatów"));
    assert_eq!(title(&["Chcemy ogłoszenie pod tytułem „Data Engineer – Databricks I Cloud”."]).as_deref(), Some("Data Engineer – Databricks I Cloud"));
}

#[test]
fn a_phrase_cue_title_loses_what_leads_to_the_role_and_its_remark_bracket() {
    assert_eq!(title(&["Dzień dobry! Szukamy juniora: Junior Fullstack Developer (UoP)"]).as_deref(), Some("Junior Fullstack Developer (UoP)"));
    assert_eq!(title(&["Poszukujemy kandydata na stanowisko Administrator Hurtowni Danych (poziom mid)."]).as_deref(), Some("Administrator Hurtowni Danych"));
    assert_eq!(title(&["We are recruiting a Senior Analytic Engineer (remote, Warsaw-registered company)."]).as_deref(), Some("Senior Analytic Engineer"));
    assert_eq!(title(&["PHP Tech Lead - senior"]).as_deref(), Some("PHP Tech Lead"));
    assert_eq!(title(&["hej, robimy ogłoszenie na Devops Engineer, regular/mid"]).as_deref(), Some("Devops Engineer"));
    assert_eq!(title(&["Dzień dobry", "Mamy wakat: Android Developer, zdalnie."]).as_deref(), Some("Android Developer"));
    assert_eq!(title(&["Kasjer Sprzedawca", "Praca w Krakowie."]).as_deref(), Some("Kasjer Sprzedawca"));
}

#[test]
fn finds_titles_after_cues() {
    assert_eq!(title(&["Cześć, szukamy osoby na stanowisko Senior Java Developer."]).as_deref(), Some("Senior Java Developer"));
    assert_eq!(title(&["Hi! We're looking for an IT Operator to join our team."]).as_deref(), Some("IT Operator"));
    assert_eq!(title(&["Hello, we are hiring: Node.js Developer (Mid/Senior)\nSeniority: mid."]).as_deref(), Some("Node.js Developer (Mid/Senior)"));
    assert_eq!(title(&["Szukamy kogoś na poziomie senior.", "Stanowisko: Analityk zagrożeń"]).as_deref(), Some("Analityk zagrożeń"));
    // Not only a name (a remark follows a comma), but the role's span is the title.
    assert_eq!(title(&["Senior Fullstack Engineer (.Net/React/AWS) - Hybrid, Tricity"]).as_deref(), Some("Senior Fullstack Engineer (.Net/React/AWS)"));
    assert_eq!(title(&["Frontend Developer - React"]).as_deref(), Some("Frontend Developer - React"));
}

#[test]
fn a_phrase_cues_title_stops_at_the_remarks_after_it() {
    assert_eq!(title(&["Looking for a Senior Data Scientist, fully remote (HQ in Warsaw)."]).as_deref(), Some("Senior Data Scientist"));
    assert_eq!(title(&["Hi there, we need an Android Developer – mid level."]).as_deref(), Some("Android Developer"));
    assert_eq!(title(&["We're hiring a Senior Engineering Manager to lead two teams."]).as_deref(), Some("Senior Engineering Manager"));
    assert_eq!(title(&["We're recruiting a Guidewire Developer for an insurance client."]).as_deref(), Some("Guidewire Developer"));
    assert_eq!(title(&["We're hiring a Lead .NET Engineer in Krakow."]).as_deref(), Some("Lead .NET Engineer"));
    assert_eq!(title(&["Szukamy osoby na stanowisko Business Analyst (NON IT) do projektu w Krakowie."]).as_deref(), Some("Business Analyst (NON IT)"));
    assert_eq!(title(&["Opening for a Senior Engineer (.Net/AWS) - Hybrid, Tricity."]).as_deref(), Some("Senior Engineer (.Net/AWS) - Hybrid, Tricity"));
    assert_eq!(title(&["Szukamy osoby na stanowisko Mid Developer - part time/full time."]).as_deref(), Some("Mid Developer - part time/full time"));
}

#[test]
fn more_ways_to_name_the_title() {
    assert_eq!(title(&["Hi, the role is called \"Java Dev (+Ops Background)\" – keep it."]).as_deref(), Some("Java Dev (+Ops Background)"));
    assert_eq!(title(&["Posting for an IT4IT Business Analyst (part-time FTE)."]).as_deref(), Some("IT4IT Business Analyst (part-time FTE)"));
    assert_eq!(title(&["I'd like to post an ad for a Fullstack Developer (Java + React). Senior."]).as_deref(), Some("Fullstack Developer (Java + React)"));
    assert_eq!(title(&["Hi, we're after a Senior ServiceNow Developer."]).as_deref(), Some("Senior ServiceNow Developer"));
    assert_eq!(title(&["We'd like to advertise a Security Specialist role, senior."]).as_deref(), Some("Security Specialist"));
    assert_eq!(title(&["Dzień dobry, tytuł oferty: Senior Go developer -100% remote possible."]).as_deref(), Some("Senior Go developer -100% remote possible"));
    assert_eq!(title(&["Szukamy seniora z Golang i AWS."]), None);
}

#[test]
fn lowercase_levels_and_polish_cases_leave_the_title() {
    assert_eq!(title(&["We're looking for a senior Scala Engineer."]).as_deref(), Some("Scala Engineer"));
    assert_eq!(title(&["Looking for a Data Science Engineer (regular/mid) to join us."]).as_deref(), Some("Data Science Engineer"));
    assert_eq!(title(&["Hej, szukamy React Native Developera (mid) do aplikacji."]).as_deref(), Some("React Native Developer"));
    assert_eq!(title(&["Szukamy Engineering Managera, doświadczonego."]).as_deref(), Some("Engineering Manager"));
    assert_eq!(title(&["Szukamy Agile Coacha."]).as_deref(), Some("Agile Coach"));
    assert_eq!(title(&["Looking for a Camera Operator."]).as_deref(), Some("Camera Operator"));
}

#[test]
fn a_joiner_followed_by_names_continues_the_title_and_a_lowercase_remark_ends_it() {
    assert_eq!(title(&["hejka, potrzebny Python Developer with Azure, tak to nazwijmy"]).as_deref(), Some("Python Developer with Azure"));
    assert_eq!(title(&["We would like to advertise the position of C++ Developer with Qt in our Katowice office."]).as_deref(), Some("C++ Developer with Qt"));
    assert_eq!(title(&["We have a Java Developer with Spring experience in mind."]).as_deref(), Some("Java Developer"));
    assert_eq!(title(&["Potrzebny Backend Engineer z Go i Kafką."]).as_deref(), Some("Backend Engineer"));
}

#[test]
fn a_title_never_starts_with_a_preposition_nor_is_a_greeting() {
    assert_eq!(title(&["Good morning, we would like to advertise the position of Data Analyst."]).as_deref(), Some("Data Analyst"));
    assert_eq!(
        guess(&["Dzień dobry, mamy rolę.", "Chodzi o \"Communication Support to the IAM MFA project\"."]).as_deref(),
        Some("Communication Support to the IAM MFA project")
    );
    assert_eq!(guess(&["Hello team, some details below"]), None);
    assert_eq!(title(&["Cześć", "Mamy wakat na Presales Engineer."]).as_deref(), Some("Presales Engineer"));
}

#[test]
fn labels_and_quotes_name_the_title_as_typed() {
    assert_eq!(
        title(&["Tytuł ogłoszenia klient chce dokładnie taki: Java + Angular Software Developer - hybrid WARSAW"]).as_deref(),
        Some("Java + Angular Software Developer - hybrid WARSAW")
    );
    assert_eq!(title(&["Szukamy seniora do projektu danych. W ogłoszeniu: Data Engineer with Azure."]).as_deref(), Some("Data Engineer with Azure"));
    assert_eq!(title(&["potrzebuję ogłoszenia: Data engineer, senior"]).as_deref(), Some("Data engineer"));
    assert_eq!(
        title(&["Mamy rolę o dość nietypowej nazwie: \"Communication Support to the IAM MFA project\", chodzi o MFA."]).as_deref(),
        Some("Communication Support to the IAM MFA project")
    );
    assert_eq!(
        title(&["We're recruiting on behalf of a client for an \"Icertis Developer (with MS Dynamics 365 CRM)\"."]).as_deref(),
        Some("Icertis Developer (with MS Dynamics 365 CRM)")
    );
}

#[test]
fn a_first_line_written_as_a_name_is_the_title_without_a_role_word() {
    let texts = ["Communication Support to the IAM MFA project", "Szukamy osoby na poziomie mid, Java Developer w zespole obok."];
    assert_eq!(title(&texts).as_deref(), Some("Communication Support to the IAM MFA project"));
    assert_eq!(title(&["Presales Engineer", "Poziom mid."]).as_deref(), Some("Presales Engineer"));
    // Not written as a name: a role named later wins.
    assert_eq!(title(&["mamy nową ofertę pracy", "Szukamy Java Developera."]).as_deref(), Some("Java Developer"));
}

#[test]
fn a_later_message_stating_the_hire_replaces_the_title_but_experience_does_not() {
    assert_eq!(title(&["Job title: Java Developer", "Scratch that, we need a Senior Kotlin Developer."]).as_deref(), Some("Senior Kotlin Developer"));
    assert_eq!(title(&["Stanowisko: Java Developer", "jednak szukam senior backend developera"]).as_deref(), Some("Senior Backend Developer"));
    // A later message that is only the name, as the answer to the drafter's question.
    assert_eq!(title(&["Job title: Java Developer", "Senior Kotlin Developer"]).as_deref(), Some("Senior Kotlin Developer"));
    assert_eq!(title(&["Stanowisko: Java Developer", "Wymagania: Java", "senior backend developer."]).as_deref(), Some("Senior Backend Developer"));
    // What someone has been, or a request that is more than a role's name, is no new title.
    assert_eq!(title(&["Job title: Data Engineer", "We need 3+ years as a Python Developer."]).as_deref(), Some("Data Engineer"));
    assert_eq!(title(&["Job title: Data Engineer", "We also need a Docker and Kubernetes expert on call."]).as_deref(), Some("Data Engineer"));
}
