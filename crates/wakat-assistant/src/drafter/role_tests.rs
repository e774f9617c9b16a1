use super::*;

fn dictionary() -> SkillDictionary {
    SkillDictionary::from_json(r#"[{"id":"angular","name":"Angular"},{"id":"azure","name":"Azure"},{"id":"java","name":"Java"}]"#).unwrap()
}

fn spans_of(text: &str) -> Vec<String> {
    spans(text, &dictionary())
}

#[test]
fn finds_head_nouns_in_their_polish_case_forms() {
    assert_eq!(head("Developera").as_deref(), Some("Developer"));
    assert_eq!(head("Managerem").as_deref(), Some("Manager"));
    assert_eq!(head("programisty").as_deref(), Some("programista"));
    assert_eq!(head("Analityka").as_deref(), Some("Analityk"));
    assert_eq!(head("Inżyniera").as_deref(), Some("Inżynier"));
    assert_eq!(head("Developing"), None);
    assert_eq!(head("leadership"), None);
}

#[test]
fn takes_the_modifiers_before_the_head_and_not_the_verbs() {
    assert_eq!(spans_of("Dzień dobry, szukam doświadczonego Android Developera (senior) do projektu."), ["Android Developer"]);
    assert_eq!(spans_of("Cześć, otwieramy rolę Senior Angular Developer (with Spartacus)."), ["Senior Angular Developer (with Spartacus)"]);
    assert_eq!(spans_of("Cześć, szukamy kogoś na Senior/Lead Python Developer. Senior albo lead."), ["Senior/Lead Python Developer"]);
    assert_eq!(spans_of("Hi, I'd like to create an offer for a FullStack Developer."), ["FullStack Developer"]);
    assert_eq!(spans_of("Fullstack .Net Developer, regular level, remote"), ["Fullstack .Net Developer"]);
    assert_eq!(spans_of("Szukamy Java Developera."), ["Java Developer"]);
    assert_eq!(spans_of("Potrzebuję ogłoszenia: Data Architect (low-code platform)"), ["Data Architect (low-code platform)"]);
}

#[test]
fn leaves_out_the_remarks_after_the_title() {
    assert_eq!(spans_of(".NET Developer (Azure Functions) - szukamy regulara"), [".NET Developer (Azure Functions)"]);
    assert_eq!(spans_of("Azure DataBricks Engineer — senior, remote, Kraków-based client"), ["Azure DataBricks Engineer"]);
    assert_eq!(spans_of("Senior Python Developer wanted, full remote"), ["Senior Python Developer"]);
    assert_eq!(spans_of("na stanowisko Administrator Hurtowni Danych (poziom mid)."), ["Administrator Hurtowni Danych"]);
    assert_eq!(spans_of("Mamy wakat na Senior Software Engineer (Level 5)"), ["Senior Software Engineer (Level 5)"]);
    assert_eq!(spans_of("We need a Founding Backend Engineer - Mid/Senior"), ["Founding Backend Engineer - Mid/Senior"]);
    assert_eq!(spans_of("PHP Tech Lead - senior"), ["PHP Tech Lead"]);
    assert_eq!(spans_of("Senior Engineer (.Net/AWS) - Hybrid, Tricity"), ["Senior Engineer (.Net/AWS)"]);
}

#[test]
fn a_lowercase_title_needs_a_modifier_and_is_written_as_a_title() {
    assert_eq!(spans_of("angular developer, mid, remote"), ["Angular Developer"]);
    // All in lowercase, the level before the name is the name's; capitalised names keep theirs.
    assert_eq!(spans_of("szukam senior java developera"), ["Senior Java Developer"]);
    assert_eq!(spans_of("We need a senior Java Developer"), ["Java Developer"]);
    assert!(spans_of("we are looking for a senior specialist").is_empty());
    assert!(spans_of("Test Automation Engineer, mid — do zespołu QA").contains(&"Test Automation Engineer".to_string()));
    assert_eq!(best(&["Test Automation Engineer, mid — do zespołu QA"], &dictionary()).as_deref(), Some("Test Automation Engineer"));
}

#[test]
fn a_bracket_that_opens_with_a_joiner_before_names_is_the_titles_own() {
    assert!(!remark("with MS Dynamics 365 CRM"));
    assert!(remark("with a strong team around you"));
    assert_eq!(spans("Szukamy Icertis Developer (with MS Dynamics 365 CRM) do projektu.", &dictionary()), ["Icertis Developer (with MS Dynamics 365 CRM)"]);
    assert_eq!(spans("Need a Python Developer with Azure, remote.", &dictionary()), ["Python Developer with Azure"]);
    assert_eq!(spans("Need a Java Developer with Azure and Kafka.", &dictionary()), ["Java Developer"]);
}
