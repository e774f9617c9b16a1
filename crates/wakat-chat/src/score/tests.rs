use proptest::prelude::*;
use wakat_core::{CategoryTree, EmploymentKind, ExperienceLevel, Offer, Rates, SalaryUnit, Skill, WorkplaceType};

use super::*;
use crate::record::RECORD_VERSION;
use crate::testing::{complete_input, contract, java_offer, rust_offer};
use crate::{PassiveProfile, ProfileInput};

fn profile(input: ProfileInput) -> PassiveProfile {
    PassiveProfile { v: RECORD_VERSION, candidate_id: "cand-a".into(), public_id: "ref-a".into(), input, updated_at: 0 }
}

fn score(input: ProfileInput, offer: &Offer) -> MatchScore {
    match_score(&profile(input), offer, &Rates::default(), &CategoryTree::default())
}

fn tree() -> CategoryTree {
    CategoryTree::from_json(
        r#"[{"slug":"backend","labelPl":"Backend","labelEn":"Backend","value":1,"children":[{"slug":"rust","labelPl":"Rust","labelEn":"Rust","value":6},{"slug":"java","labelPl":"Java","labelEn":"Java","value":7}]}]"#,
    )
    .unwrap()
}

#[test]
fn a_fitting_senior_scores_high_and_explains_every_criterion() {
    let result = score(complete_input(), &rust_offer());
    // Skills: Rust and PostgreSQL of 3 required (Kafka missing), Kubernetes nice-to-have:
    // (2 + 0.5) / (3 + 0.5) = 0.714 of 30; every other criterion full: 70 + 21.43 = 91.
    assert_eq!(result.percent, 91);
    assert_eq!(result.criteria.len(), 6);
    let Criterion::Skills { matched_required, missing_required, matched_nice_to_have } = &result.criteria[0].criterion else { panic!("skills first") };
    assert_eq!(matched_required, &["Rust", "PostgreSQL"]);
    assert_eq!(missing_required, &["Kafka"]);
    assert_eq!(matched_nice_to_have, &["Kubernetes"]);
    assert!(matches!(result.criteria[3].criterion, Criterion::Place { city: Some(ref city), remote: false } if city == "Warszawa"));
    let weights: u32 = result.criteria.iter().map(|criterion| criterion.weight).sum();
    assert_eq!(weights, 100);
}

#[test]
fn an_unrelated_junior_offer_scores_low() {
    let result = score(complete_input(), &java_offer());
    // No skill, another category, two levels away, Kraków office, 9k under 25k, permanent only.
    assert_eq!(result.percent, 0);
    assert!(result.criteria.iter().all(|criterion| criterion.score == 0.0));
}

#[test]
fn seniority_one_step_away_counts_half() {
    let offer = Offer { experience_level: ExperienceLevel::Mid, ..rust_offer() };
    let result = score(complete_input(), &offer);
    assert_eq!(result.criteria[2].score, 0.5);
    assert_eq!(result.percent, 81);
}

#[test]
fn a_parent_category_fits_its_subcategories_but_not_the_reverse() {
    let wants_backend = ProfileInput { categories: vec![1], ..complete_input() };
    let offer = rust_offer();
    let rates = Rates::default();
    assert_eq!(match_score(&profile(wants_backend), &offer, &rates, &tree()).criteria[1].score, 1.0);
    let wants_rust = complete_input();
    let backend_offer = Offer { category_id: 1, ..rust_offer() };
    assert_eq!(match_score(&profile(wants_rust), &backend_offer, &rates, &tree()).criteria[1].score, 0.0);
}

#[test]
fn salary_compares_monthly_amounts_and_undisclosed_counts_half() {
    // 150 PLN an hour is 25,200 a month: reaches 25,000.
    let hourly = Offer { employment_types: vec![contract(EmploymentKind::B2b, 120.0, 150.0, SalaryUnit::Hour)], ..rust_offer() };
    assert_eq!(score(complete_input(), &hourly).criteria[4].score, 1.0);
    // 23,000 is within 10 % below.
    let near = Offer { employment_types: vec![contract(EmploymentKind::B2b, 20_000.0, 23_000.0, SalaryUnit::Month)], ..rust_offer() };
    assert_eq!(score(complete_input(), &near).criteria[4].score, 0.5);
    let mut undisclosed = rust_offer();
    undisclosed.employment_types[0].from = None;
    undisclosed.employment_types[0].to = None;
    let result = score(complete_input(), &undisclosed);
    assert_eq!(result.criteria[4].score, 0.5);
    assert!(matches!(result.criteria[4].criterion, Criterion::Salary { offer_monthly_top: None, .. }));
    // An expectation per year is compared per month too: 300,000 a year is 25,000 a month.
    let yearly = ProfileInput { salary_unit: SalaryUnit::Year, ..complete_input() };
    let yearly = ProfileInput { preferences: wakat_core::Preferences { salary_min: Some(300_000.0), ..yearly.preferences.clone() }, ..yearly };
    assert_eq!(score(yearly, &rust_offer()).criteria[4].score, 1.0);
}

#[test]
fn remote_fits_only_candidates_who_want_remote() {
    let remote_offer = Offer { workplace_type: WorkplaceType::Remote, locations: Vec::new(), ..rust_offer() };
    assert_eq!(score(complete_input(), &remote_offer).criteria[3].score, 1.0);
    let mut office_only = complete_input();
    office_only.preferences.remote = false;
    assert_eq!(score(office_only, &remote_offer).criteria[3].score, 0.0);
}

#[test]
fn criteria_left_empty_are_left_out_and_empty_profiles_score_zero() {
    let skills_only = ProfileInput { preferences: wakat_core::Preferences { skills: vec!["rust".into()], ..Default::default() }, ..Default::default() };
    let result = score(skills_only, &rust_offer());
    assert_eq!(result.criteria.len(), 1);
    // 1 of 3.5 skill points.
    assert_eq!(result.percent, 28);
    assert_eq!(score(ProfileInput::default(), &rust_offer()).percent, 0);
}

#[test]
fn ranking_puts_the_best_fit_first() {
    let senior = profile(complete_input());
    let junior = PassiveProfile {
        public_id: "ref-b".into(),
        input: ProfileInput {
            preferences: wakat_core::Preferences {
                experience_levels: vec![ExperienceLevel::Junior],
                skills: vec!["Java".into()],
                ..complete_input().preferences
            },
            ..complete_input()
        },
        ..profile(complete_input())
    };
    let ranked = rank_candidates([&junior, &senior], &rust_offer(), &Rates::default(), &CategoryTree::default());
    assert_eq!(ranked[0].0.public_id, "ref-a");
    assert!(ranked[0].1.percent > ranked[1].1.percent);
}

const SKILL_POOL: &[&str] = &["Rust", "Go", "Java", "Kotlin", "Python", "SQL", "Docker", "Kubernetes", "AWS", "React", "TypeScript", "Kafka"];

fn offer_with(required: &[usize], nice: &[usize]) -> Offer {
    let skills = |indexes: &[usize]| indexes.iter().map(|&i| Skill { name: SKILL_POOL[i].into(), level: 3 }).collect();
    Offer { required_skills: skills(required), nice_to_have_skills: skills(nice), ..rust_offer() }
}

fn input_with(skills: &[usize], level: ExperienceLevel, remote: bool, salary: f64, categories: Vec<u32>) -> ProfileInput {
    let mut input = complete_input();
    input.preferences.skills = skills.iter().map(|&i| SKILL_POOL[i].to_lowercase()).collect();
    input.preferences.experience_levels = vec![level];
    input.preferences.remote = remote;
    input.preferences.salary_min = Some(salary);
    input.categories = categories;
    input
}

proptest! {
    #[test]
    fn the_percent_is_always_between_0_and_100(
        skills in proptest::sample::subsequence((0..SKILL_POOL.len()).collect::<Vec<_>>(), 0..8),
        required in proptest::sample::subsequence((0..SKILL_POOL.len()).collect::<Vec<_>>(), 0..6),
        nice in proptest::sample::subsequence((0..SKILL_POOL.len()).collect::<Vec<_>>(), 0..4),
        level in proptest::sample::select(ExperienceLevel::ALL.to_vec()),
        remote in any::<bool>(),
        salary in 0.0f64..1_000_000.0,
        categories in proptest::collection::vec(0u32..10, 0..3),
    ) {
        let result = score(input_with(&skills, level, remote, salary, categories), &offer_with(&required, &nice));
        prop_assert!(result.percent <= 100);
        prop_assert!(result.criteria.iter().all(|criterion| (0.0..=1.0).contains(&criterion.score)));
    }

    #[test]
    fn more_shared_skills_never_lower_the_score(
        skills in proptest::sample::subsequence((0..SKILL_POOL.len()).collect::<Vec<_>>(), 1..8),
        required in proptest::sample::subsequence((0..SKILL_POOL.len()).collect::<Vec<_>>(), 0..6),
        nice in proptest::sample::subsequence((0..SKILL_POOL.len()).collect::<Vec<_>>(), 0..4),
        added in 0..SKILL_POOL.len(),
        level in proptest::sample::select(ExperienceLevel::ALL.to_vec()),
    ) {
        let offer = offer_with(&required, &nice);
        let before = score(input_with(&skills, level, true, 20_000.0, vec![6]), &offer);
        let mut more = skills.clone();
        more.push(added);
        let after = score(input_with(&more, level, true, 20_000.0, vec![6]), &offer);
        prop_assert!(after.percent >= before.percent, "{} then {}", before.percent, after.percent);
        // A skill the offer asks for and the candidate lacked raises it strictly.
        if required.contains(&added) && !skills.contains(&added) {
            prop_assert!(after.criteria[0].score > before.criteria[0].score);
        }
    }
}
