//! The offline drafter against four sets of real justjoin.it offers turned into employer chats:
//! the labelled set (`tests/data/labelled-ads.json`, 60 chats generated from phrase lists), the
//! held-out set (`tests/data/held-out-ads.json`, 40 chats typed by hand without reading the
//! drafter, so a rule tuned to the labelled set's phrasings does not pass here by itself) and the
//! blind set (`tests/data/blind-ads.json`, 40 more hand-typed chats written after the drafter was
//! tuned on the other two; its first run was the fair estimate, and the drafter has since been
//! tuned on its misses too, so it is no longer blind; reported, never gated) and the fresh set
//! (`tests/data/fresh-ads.json`, 40 more typed blind by someone else, tuned on in the next round
//! likewise; reported, never gated). Per set and language, title exact, skills F1 (micro, required
//! and nice-to-have each matched by name, case aside), salary ranges exact (every range's
//! contract, min, max, currency, unit, gross/net) and seniority. The first two sets fail below the
//! issue's targets; the last two only fail if they do not parse or have too few chats.
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

/// The conversation played turn by turn (the drafter answers each message); the last proposal and
/// the last answer (what it still asks for when it proposed nothing).
fn play(drafter: &OfflineDrafter, ad: &Ad) -> (Option<ProposedAd>, String) {
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
    let answer = history.pop().map(|t| t.text).unwrap_or_default();
    (last, answer)
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
    evaluate("labelled-ads.json", 25, true);
}

#[test]
fn the_drafter_meets_its_targets_on_the_held_out_set() {
    evaluate("held-out-ads.json", 20, true);
}

/// A report, not a target: its first run was the honest estimate on employer phrasing the drafter
/// was never tuned to; it has since been tuned on (BENCHMARKS.md), so a fresh set measures the
/// drafter now, and gating on this one would only pin that fit.
#[test]
fn the_drafter_is_reported_on_the_blind_set() {
    evaluate("blind-ads.json", 20, false);
}

/// The fresh set (`tests/data/fresh-ads.json`): 40 chats typed blind; its first run was the fair
/// estimate BENCHMARKS.md keeps, and the drafter has since been tuned on its misses, so it is no
/// longer blind. Reported, not gated: gating would only pin that fit.
#[test]
fn the_drafter_is_reported_on_the_fresh_set() {
    evaluate("fresh-ads.json", 20, false);
}

/// The final set (`tests/data/final-ads.json`): 40 chats typed blind while the round tuned on the
/// fresh set was made; its first run was the fair estimate BENCHMARKS.md keeps, and the next round
/// read its misses (sorted into kinds of phrasing, each fixed by a rule for the kind), so it is no
/// longer blind. Reported, not gated.
#[test]
fn the_drafter_is_reported_on_the_final_set() {
    evaluate("final-ads.json", 20, false);
}

/// The sixth set (`tests/data/sixth-ads.json`): 60 chats (30 pl, 30 en) typed blind while the
/// round tuned on the final set was made; its first run, after that round, is the fair estimate
/// BENCHMARKS.md keeps. Reported, not gated.
#[test]
fn the_drafter_is_reported_on_the_sixth_set() {
    evaluate("sixth-ads.json", 30, false);
}

/// Plays every chat of `file`, prints the set's table and fails under `min_ads` chats in a
/// language and, when `gated`, below a target.
fn evaluate(file: &str, min_ads: usize, gated: bool) {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let set: Set = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let verbose = std::env::var("WAKAT_EVAL_VERBOSE").is_ok();
    let drafter = drafter();
    let mut scores: Vec<(String, Score)> = vec![("pl".into(), Score::default()), ("en".into(), Score::default())];
    for ad in &set.ads {
        let score = &mut scores.iter_mut().find(|(l, _)| *l == ad.language).expect("pl or en").1;
        score.ads += 1;
        let (proposal, answer) = play(&drafter, ad);
        if verbose && proposal.is_none() {
            println!("{} no proposal; the drafter's last answer: {answer:?}", ad.id);
        }
        let proposal = proposal.unwrap_or_default();
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
    println!("\n{file}\n\n| Language | Ads | Title exact | Skills F1 | Salary ranges exact | Seniority |");
    println!("|---|---|---|---|---|---|");
    let mut failures = Vec::new();
    for (lang, s) in &scores {
        let (title, f1, salary, seniority) = (s.pct(s.title), s.f1(), s.pct(s.salary), s.pct(s.seniority));
        println!("| {lang} | {} | {:.1} % | {f1:.3} | {:.1} % | {:.1} % |", s.ads, title * 100.0, salary * 100.0, seniority * 100.0);
        if s.ads < min_ads {
            failures.push(format!("{lang}: only {} ads", s.ads));
        }
        for (name, value, target) in
            [("title", title, TARGETS.0), ("skills F1", f1, TARGETS.1), ("salary", salary, TARGETS.2), ("seniority", seniority, TARGETS.3)]
        {
            if gated && value < target {
                failures.push(format!("{lang} {name} {value:.3} < {target}"));
            }
        }
    }
    let gate = if gated { "" } else { " (not gated: this set is a report)" };
    println!("\nTargets: title ≥ 90 %, skills F1 ≥ 0.85, salary ≥ 90 %, seniority ≥ 90 %, in both languages{gate}.");
    assert!(failures.is_empty(), "{file} below target: {failures:?}");
}
