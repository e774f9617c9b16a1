//! The offline drafter against the labelled set (`tests/data/labelled-ads.json`, 60 real
//! justjoin.it offers turned into employer chats): per language, title exact, skills F1 (micro,
//! required and nice-to-have each matched by name, case aside), salary ranges exact (every range's
//! contract, min, max, currency, unit, gross/net) and seniority. Fails below the targets.
//! `scripts/eval-drafter` prints the table; `WAKAT_EVAL_VERBOSE=1` prints every miss.

use serde::Deserialize;
use wakat_assistant::{BrainEvent, BrainRequest, OfflineDrafter, ProposedAd, Turn};
use wakat_core::offer_form::{OfferForm, SkillDictionary};
use wakat_core::{CategoryTree, Gazetteer};

#[derive(Deserialize)]
struct Set {
    ads: Vec<Ad>,
}

#[derive(Deserialize)]
struct Ad {
    id: String,
    language: String,
    messages: Vec<String>,
    expected: Expected,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Expected {
    title: String,
    seniority: String,
    required_skills: Vec<String>,
    recommended_skills: Vec<String>,
    salaries: Vec<Salary>,
}

#[derive(Deserialize, Debug, PartialEq, PartialOrd)]
#[serde(rename_all = "camelCase")]
struct Salary {
    employment_type: String,
    min_amount: Option<f64>,
    max_amount: Option<f64>,
    currency: String,
    unit: String,
    amount_type: String,
}

const TARGETS: (f64, f64, f64, f64) = (0.90, 0.85, 0.90, 0.90);

fn drafter() -> OfflineDrafter {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../index-data/");
    let read = |file: &str| std::fs::read_to_string(format!("{root}{file}")).unwrap();
    OfflineDrafter::new(SkillDictionary::from_json(&read("skills.json")).unwrap(), Gazetteer::from_json(&read("cities.json")).unwrap())
        .with_board("it", CategoryTree::from_json(&read("categories-it.json")).unwrap())
}

/// The conversation played turn by turn (the drafter answers each message); the last proposal.
fn play(drafter: &OfflineDrafter, ad: &Ad) -> Option<ProposedAd> {
    let mut history = Vec::new();
    let mut last = None;
    for message in &ad.messages {
        history.push(Turn { from_user: true, text: message.clone() });
        let request =
            BrainRequest { board: "it".into(), locale: "en".into(), history: history.clone(), form: OfferForm::default(), last_proposal: last.clone() };
        let mut answer = String::new();
        for event in drafter.answer(&request) {
            match event {
                BrainEvent::Part(text) => answer.push_str(&text),
                BrainEvent::Proposed(ad) => last = Some(*ad),
                _ => {}
            }
        }
        history.push(Turn { from_user: false, text: answer });
    }
    last
}

fn names(list: &[String]) -> Vec<String> {
    list.iter().map(|s| s.trim().to_lowercase()).collect()
}

#[derive(Default)]
struct Score {
    ads: usize,
    title: usize,
    seniority: usize,
    salary: usize,
    tp: usize,
    fp: usize,
    fn_: usize,
}

impl Score {
    fn pct(&self, n: usize) -> f64 {
        n as f64 / self.ads.max(1) as f64
    }

    fn f1(&self) -> f64 {
        let p = self.tp as f64 / (self.tp + self.fp).max(1) as f64;
        let r = self.tp as f64 / (self.tp + self.fn_).max(1) as f64;
        if p + r == 0.0 {
            0.0
        } else {
            2.0 * p * r / (p + r)
        }
    }
}

#[test]
fn the_drafter_meets_its_targets_on_the_labelled_set() {
    let json = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/labelled-ads.json")).unwrap();
    let set: Set = serde_json::from_str(&json).unwrap();
    let verbose = std::env::var("WAKAT_EVAL_VERBOSE").is_ok();
    let drafter = drafter();
    let mut scores: Vec<(String, Score)> = vec![("pl".into(), Score::default()), ("en".into(), Score::default())];
    for ad in &set.ads {
        let score = &mut scores.iter_mut().find(|(l, _)| *l == ad.language).expect("pl or en").1;
        score.ads += 1;
        let proposal = play(&drafter, ad).unwrap_or_default();
        let title = proposal.title.clone().unwrap_or_default();
        if title.trim().to_lowercase() == ad.expected.title.trim().to_lowercase() {
            score.title += 1;
        } else if verbose {
            println!("{} title: {title:?} != {:?}", ad.id, ad.expected.title);
        }
        let seniority = proposal.seniority.map(|s| s.as_str().to_string()).unwrap_or_default();
        if seniority == ad.expected.seniority {
            score.seniority += 1;
        } else if verbose {
            println!("{} seniority: {seniority:?} != {:?}", ad.id, ad.expected.seniority);
        }
        let got_required: Vec<String> = proposal.skills.required_skills.iter().map(|s| s.name.clone()).collect();
        let got_nice: Vec<String> = proposal.skills.recommended_skills.iter().map(|s| s.name.clone()).collect();
        for (got, want) in [(names(&got_required), names(&ad.expected.required_skills)), (names(&got_nice), names(&ad.expected.recommended_skills))] {
            let tp = got.iter().filter(|g| want.contains(g)).count();
            score.tp += tp;
            score.fp += got.len() - tp;
            score.fn_ += want.iter().filter(|w| !got.contains(w)).count();
            if verbose && (tp != got.len() || tp != want.len()) {
                println!("{} skills: got {got:?}, want {want:?}", ad.id);
            }
        }
        let currency = proposal.salary_currency.map(|c| c.as_str().to_string()).unwrap_or_default();
        let unit = proposal.salary_unit.map(|u| u.as_str().to_string()).unwrap_or_default();
        let got: Vec<Salary> = proposal
            .salaries
            .iter()
            .map(|s| Salary {
                employment_type: s.employment_type.as_str().to_string(),
                min_amount: s.min_amount,
                max_amount: s.max_amount,
                currency: currency.clone(),
                unit: unit.clone(),
                amount_type: s.amount_type.clone(),
            })
            .collect();
        if got == ad.expected.salaries {
            score.salary += 1;
        } else if verbose {
            println!("{} salary: {got:?} != {:?}\n    {:?}", ad.id, ad.expected.salaries, ad.messages);
        }
    }
    println!("\n| Language | Ads | Title exact | Skills F1 | Salary ranges exact | Seniority |");
    println!("|---|---|---|---|---|---|");
    let mut failures = Vec::new();
    for (lang, s) in &scores {
        let (title, f1, salary, seniority) = (s.pct(s.title), s.f1(), s.pct(s.salary), s.pct(s.seniority));
        println!("| {lang} | {} | {:.1} % | {f1:.3} | {:.1} % | {:.1} % |", s.ads, title * 100.0, salary * 100.0, seniority * 100.0);
        if s.ads < 25 {
            failures.push(format!("{lang}: only {} ads", s.ads));
        }
        for (name, value, target) in
            [("title", title, TARGETS.0), ("skills F1", f1, TARGETS.1), ("salary", salary, TARGETS.2), ("seniority", seniority, TARGETS.3)]
        {
            if value < target {
                failures.push(format!("{lang} {name} {value:.3} < {target}"));
            }
        }
    }
    println!("\nTargets: title ≥ 90 %, skills F1 ≥ 0.85, salary ≥ 90 %, seniority ≥ 90 %, in both languages.");
    assert!(failures.is_empty(), "below target: {failures:?}");
}
