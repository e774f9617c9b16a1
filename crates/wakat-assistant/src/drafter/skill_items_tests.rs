use super::*;

fn dictionary() -> SkillDictionary {
    SkillDictionary::from_json(
        r#"[{"id":"java","name":"Java"},{"id":"python","name":"Python"},{"id":"docker","name":"Docker"},{"id":"angular","name":"Angular"},
            {"id":"go","name":"Go"},{"id":"manual-testing","name":"Manual Testing"},{"id":"testing","name":"Testing"},{"id":"kafka","name":"Kafka"}]"#,
    )
    .unwrap()
}

#[test]
fn reads_polish_case_forms_of_dictionary_skills() {
    let d = dictionary();
    assert_eq!(dictionary_name("Pythona", &d).as_deref(), Some("Python"));
    assert_eq!(dictionary_name("Javie", &d).as_deref(), Some("Java"));
    assert_eq!(dictionary_name("Angularze", &d).as_deref(), Some("Angular"));
    assert_eq!(dictionary_name("Kafki", &d).as_deref(), Some("Kafka"));
    assert_eq!(dictionary_name("Dockerem", &d).as_deref(), Some("Docker"));
    assert_eq!(dictionary_name("Pyt", &d), None);
    assert_eq!(dictionary_name("javie", &d), None);
}

#[test]
fn cuts_prose_into_names() {
    let d = dictionary();
    assert_eq!(from_prose("Backend in Java with Spring and Hibernate", &d, true), ["Java", "Spring", "Hibernate"]);
    assert_eq!(from_prose("front w Angularze i czystym HTML", &d, false), ["Angular", "HTML"]);
    assert_eq!(from_prose("Deep ServiceNow knowledge", &d, true), ["ServiceNow"]);
    assert_eq!(from_prose("scripting in Pythona and ABAC policies", &d, false), ["Python", "ABAC"]);
    assert_eq!(from_prose("Java – both Java SE and Java EE – plus Oracle", &d, false), ["Java", "Java SE", "Java EE", "Oracle"]);
    assert_eq!(from_prose("React + Redux", &d, false), ["React", "Redux"]);
    assert_eq!(from_prose("Good English and .NET", &d, true), [".NET"]);
}

#[test]
fn leaves_out_the_context_words_around_a_name() {
    let d = SkillDictionary::from_json(
        r#"[{"id":"bash","name":"Bash"},{"id":"rag","name":"RAG"},{"id":"m365","name":"Microsoft 365"},{"id":"linux","name":"Linux"}]"#,
    )
    .unwrap();
    assert_eq!(without_context("Bash scripting", &d).as_deref(), Some("Bash"));
    assert_eq!(without_context("rag pipelines", &d).as_deref(), Some("RAG"));
    assert_eq!(without_context("środowiska Linux / Unix", &d).as_deref(), Some("Linux / Unix"));
    assert_eq!(without_context("administracja Microsoft 365", &d).as_deref(), Some("Microsoft 365"));
    assert_eq!(without_context("know Relational Databases", &d).as_deref(), Some("Relational Databases"));
    assert_eq!(without_context("e2e testing", &d), None);
    assert_eq!(without_context("Unit Testing", &d), None);
    assert_eq!(without_context("Linux Environment", &d), None);
    assert_eq!(dictionary_name("Pythonie", &dictionary()).as_deref(), Some("Python"));
    assert!(names_a_skill("Python obviously.", &dictionary()));
}

#[test]
fn splits_a_slash_or_plus_only_between_two_dictionary_skills() {
    let d = SkillDictionary::from_json(
        r#"[{"id":"c","name":"C#"},{"id":"n","name":".NET Core"},{"id":"a","name":"Angular"},{"id":"l","name":"Linux"},{"id":"t","name":"Testing"}]"#,
    )
    .unwrap();
    assert_eq!(known_halves("C# / .NET Core", &d), Some(vec!["C#".to_string(), ".NET Core".to_string()]));
    assert_eq!(known_halves("angular + .net core", &d), Some(vec!["Angular".to_string(), ".NET Core".to_string()]));
    assert_eq!(known_halves("Linux / Unix", &d), None);
    assert_eq!(from_prose("Backend in C# / .NET Core with MS SQL Server", &d, true), ["C#", ".NET Core", "MS SQL Server"]);
    assert_eq!(from_prose("do Automated Testing and API Testing, GUI testing too", &d, false), ["Automated Testing", "API Testing", "GUI"]);
}

#[test]
fn ordinary_words_are_not_skills() {
    let d = dictionary();
    assert!(from_prose("Go ahead and draft it", &d, true).is_empty());
    assert!(from_prose("please go ahead, B2B in PLN", &d, false).is_empty());
    assert_eq!(from_prose("services written in Go", &d, false), ["Go"]);
    assert_eq!(from_prose("unit testing and manual testing", &d, false), ["Manual Testing"]);
    assert!(!names_a_skill("Hybrid, office in Warsaw.", &d));
    assert!(names_a_skill("Snowflake, Kafka i SQL.", &d));
    assert!(names_a_skill("Docker, Jenkins.", &d));
    assert!(!names_a_skill("Testing is fully remote.", &d));
    assert!(!names_a_skill("That's it, can you draft it?", &d));
    assert_eq!(from_prose("Day to day it's Python building ETL", &d, true), ["Python", "ETL"]);
    assert_eq!(from_prose("I'd like to see Microsoft AD", &d, true), ["Microsoft AD"]);
    assert_eq!(from_prose("Intune, Entra ID, Microsoft 365 (MDM)", &d, false), ["Intune", "Entra ID", "Microsoft 365", "MDM"]);
    assert_eq!(from_prose("testy manualne (manual testing), 33,600 PLN", &d, false), ["Manual Testing"]);
    assert!(names_a_skill("SIEM experience – Kafka, Sentinel", &d));
    assert!(names_a_skill("Cloud security on Java/Python", &d));
}

#[test]
fn a_bare_list_of_names_is_a_list_of_skills() {
    let d = dictionary();
    assert_eq!(
        bare_list("apache, oracle weblogic, java, python and docker.", &d),
        Some(vec!["apache".into(), "oracle weblogic".into(), "Java".into(), "Python".into(), "Docker".into()])
    );
    // Too few known names, a term, or prose: no list.
    assert_eq!(bare_list("Jira, Confluence, Java", &d), None);
    assert_eq!(bare_list("Technologie: Java, Python, Docker", &d), None);
    assert_eq!(bare_list("Java and kafka, Microsoft Office, Go", &d), Some(vec!["Java".into(), "Kafka".into(), "Microsoft Office".into(), "Go".into()]));
    assert_eq!(bare_list("Java, Python, B2B", &d), None);
    assert_eq!(bare_list("Java, Python, we use it daily", &d), None);
}

#[test]
fn compounds_and_case_forms_at_a_sentences_start() {
    let d = dictionary();
    // "API" and "Office" close a name they follow.
    assert_eq!(from_prose("We work with ASP.NET Web API daily", &d, true), ["ASP.NET Web API"]);
    assert_eq!(from_prose("plus Microsoft Office", &d, true), ["Microsoft Office"]);
    // A case form opening the sentence is an ordinary word ("Kafki" would be Kafka inside it).
    assert!(from_prose("Kafki nie używamy", &d, true).is_empty());
    assert_eq!(from_prose("Nie używamy Kafki", &d, true), ["Kafka"]);
}
