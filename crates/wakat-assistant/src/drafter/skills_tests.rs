use super::*;

fn dictionary() -> SkillDictionary {
    SkillDictionary::from_json(r#"[{"id":"java","name":"Java"},{"id":"spring-boot","name":"Spring Boot"},{"id":"docker","name":"Docker"},{"id":"sql","name":"SQL"},{"id":"jezyk-angielski","name":"Język angielski"}]"#).unwrap()
}

fn names(list: &[NamedSkill]) -> Vec<&str> {
    list.iter().map(|s| s.name.as_str()).collect()
}

#[test]
fn reads_required_and_nice_lists_in_both_languages() {
    let skills =
        extract(&["Wymagamy: java, Spring Boot (advanced), Kotlin Flows and Coroutines, Kafka i sql. Mile widziane: Docker oraz AWS."], &dictionary(), &[]);
    assert_eq!(names(&skills.required), ["Java", "Spring Boot", "Kotlin Flows and Coroutines", "Kafka", "SQL"]);
    assert_eq!(skills.required[1].level, Some(4));
    assert_eq!(names(&skills.nice), ["Docker", "AWS"]);
    let skills = extract(&["Tech stack: Node.js, .NET and C#. Fluent English.", "Docker would be a plus."], &dictionary(), &[]);
    assert_eq!(names(&skills.required), ["Node.js", ".NET", "C#"]);
    assert_eq!(names(&skills.nice), ["Docker"]);
}

#[test]
fn a_cue_ending_its_line_reads_the_bulleted_lines_below() {
    let skills = extract(
        &["Must-haves:\n- IT Security Knowledge\n- Troubleshooting\n* Java, Docker\n1. SQL\n- Scrum Master - min. kilka lat w tej roli\nB2B 20k net"],
        &dictionary(),
        &[],
    );
    assert_eq!(names(&skills.required), ["IT Security Knowledge", "Troubleshooting", "Java", "Docker", "SQL", "Scrum Master"]);
}

#[test]
fn an_item_keeps_its_bracketed_enumeration_and_loses_a_group_label() {
    let skills = extract(&["Requirements: .Net (C#, Entity Framework), testy: JUnit, German (business level), English at B2 level"], &dictionary(), &[]);
    assert_eq!(names(&skills.required), [".Net (C#, Entity Framework)", "JUnit"]);
}

#[test]
fn a_clause_about_requirements_before_a_colon_opens_the_list() {
    let skills = extract(&["Oczekujemy od kandydata: systematyczność, znajomość SQL oraz Docker."], &dictionary(), &[]);
    assert_eq!(names(&skills.required), ["systematyczność", "SQL", "Docker"]);
    let skills = extract(&["Technologie, których oczekujemy: Java, Docker. Mile widziane: SQL"], &dictionary(), &[]);
    assert_eq!(names(&skills.required), ["Java", "Docker"]);
    assert_eq!(names(&skills.nice), ["SQL"]);
}

#[test]
fn without_a_list_finds_dictionary_skills_outside_the_title() {
    let skills = extract(&["We need a Java Developer who writes good SQL and angielski"], &dictionary(), &["Java Developer".to_string()]);
    assert_eq!(names(&skills.required), ["SQL"]);
}
