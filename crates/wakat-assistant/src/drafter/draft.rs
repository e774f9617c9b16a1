//! What the whole conversation says, read again on every turn (the drafter keeps no state): the
//! employer's messages, with the form's filled fields standing in for what they leave out.

use wakat_core::offer_form::{OfferForm, SkillDictionary};
use wakat_core::{CategoryTree, EmploymentKind, ExperienceLevel, Gazetteer, Place, WorkingTime, WorkplaceType};

use super::languages::{self, SpokenLanguage};
use super::salary::{contracts_named, parse_salaries, SalaryRange};
use super::skills::{self, Skills};
use super::text::Lang;
use super::{position, terms};

/// Everything read off the conversation.
#[derive(Debug, Clone)]
pub struct Draft {
    /// The position's name.
    pub title: Option<String>,
    /// Seniority.
    pub seniority: Option<ExperienceLevel>,
    /// The board's category key.
    pub category: Option<String>,
    /// Required and nice-to-have skills.
    pub skills: Skills,
    /// At most two salary ranges, the first one named first.
    pub salaries: Vec<SalaryRange>,
    /// Remote, hybrid or office.
    pub workplace: Option<WorkplaceType>,
    /// Full-time, part-time, …
    pub working_time: Option<WorkingTime>,
    /// Spoken languages.
    pub languages: Vec<SpokenLanguage>,
    /// Work places.
    pub places: Vec<Place>,
    /// Whether the recruitment is remote.
    pub remote_recruitment: Option<bool>,
    /// Duties the employer described.
    pub responsibilities: Vec<String>,
    /// Benefits the employer named.
    pub benefits: Vec<String>,
    /// What the employer said about the company or project.
    pub about: Vec<String>,
}

/// The dictionaries a draft is read with.
pub struct Dictionaries<'a> {
    /// Skills.
    pub skills: &'a SkillDictionary,
    /// Cities.
    pub gazetteer: &'a Gazetteer,
    /// The board's categories, when the drafter knows the board.
    pub categories: Option<&'a CategoryTree>,
}

impl Draft {
    /// Reads the employer's messages.
    pub fn read(texts: &[&str], dictionaries: &Dictionaries<'_>) -> Draft {
        let title = position::title(texts);
        let seniority = position::seniority(texts, title.as_deref());
        // The title's words ("Remote", "part time", "Java") say nothing about the terms or skills.
        let untitled: Vec<String> = texts.iter().map(|t| title.as_ref().map_or(t.to_string(), |title| t.replace(title.as_str(), " "))).collect();
        let untitled: Vec<&str> = untitled.iter().map(String::as_str).collect();
        let sentences = terms::sentences(&untitled);
        let skills = skills::extract(&untitled, dictionaries.skills, &[]);
        let named = contracts_named(&untitled.join("\n"));
        let fallback = (named.len() == 1).then(|| named[0]);
        let mut salaries: Vec<SalaryRange> = Vec::new();
        for text in &untitled {
            for range in parse_salaries(text, fallback) {
                // A contract named again is a correction: the latest range of a contract wins.
                match salaries.iter_mut().find(|r| r.kind == range.kind) {
                    Some(known) => *known = range,
                    None => salaries.push(range),
                }
            }
        }
        salaries.truncate(2);
        let skill_names: Vec<String> = skills.required.iter().map(|s| s.name.clone()).collect();
        let category = dictionaries.categories.and_then(|tree| position::category(title.as_deref(), &skill_names, tree));
        Draft {
            seniority,
            category,
            skills,
            salaries,
            workplace: terms::workplace(&terms::sentences(texts)),
            working_time: terms::working_time(&sentences),
            languages: languages::extract(&untitled),
            places: super::places::extract(&untitled, dictionaries.gazetteer).into_iter().cloned().collect(),
            remote_recruitment: terms::remote_recruitment(&sentences),
            responsibilities: terms::responsibilities(&sentences),
            benefits: terms::benefits(&sentences),
            about: terms::about(&sentences),
            title,
        }
    }

    /// Fills what the conversation left out from the form as the employer sees it.
    pub fn complete_from(&mut self, form: &OfferForm, gazetteer: &Gazetteer) {
        if self.title.is_none() && !form.job_position_name.trim().is_empty() {
            self.title = Some(form.job_position_name.trim().to_string());
        }
        if self.seniority.is_none() {
            self.seniority = ExperienceLevel::parse(&form.job_position_experience);
        }
        if self.workplace.is_none() {
            self.workplace = WorkplaceType::parse(&form.working_place);
        }
        if self.working_time.is_none() {
            self.working_time = WorkingTime::parse(&form.working_time);
        }
        if self.places.is_empty() {
            self.places = form.locations.iter().filter_map(|l| gazetteer.lookup(&l.city)).cloned().collect();
        }
    }

    /// What is still to be asked, in the order it is asked; the form's filled fields count.
    pub fn missing(&self, form: &OfferForm) -> Vec<Need> {
        let mut needs = Vec::new();
        if self.title.is_none() {
            needs.push(Need::Title);
        }
        if self.seniority.is_none() {
            needs.push(Need::Seniority);
        }
        if self.skills.required.is_empty() && form.required_skills.is_empty() {
            needs.push(Need::Skills);
        }
        let form_salary = !form.primary_salary_from.is_null() || !form.primary_salary_to.is_null();
        if self.salaries.is_empty() && !form_salary {
            needs.push(Need::Salary);
        }
        if self.workplace.is_none() {
            needs.push(Need::Workplace);
        }
        if self.places.is_empty() && self.workplace != Some(WorkplaceType::Remote) {
            needs.push(Need::City);
        }
        needs
    }

    /// The contract types of the salaries, for the summary.
    pub fn contracts(&self) -> Vec<EmploymentKind> {
        self.salaries.iter().map(|s| s.kind).collect()
    }
}

/// A field still to be asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// The position's name.
    Title,
    /// Seniority.
    Seniority,
    /// Required skills.
    Skills,
    /// Salary ranges.
    Salary,
    /// Remote, hybrid or office.
    Workplace,
    /// The city.
    City,
}

impl Need {
    /// The question for it, in `lang`.
    pub fn question(self, lang: Lang) -> &'static str {
        match self {
            Need::Title => {
                lang.pick("Jak nazywa się stanowisko? (np. „Senior Java Developer”)", "What is the position called? (e.g. \"Senior Java Developer\")")
            }
            Need::Seniority => {
                lang.pick("Jaki to poziom: junior, mid, senior, ekspert czy C-level?", "What seniority is it: junior, mid, senior, expert or C-level?")
            }
            Need::Skills => lang.pick(
                "Jakie umiejętności są wymagane, a jakie mile widziane? (np. „Wymagamy: Java, Spring. Mile widziane: Docker”)",
                "Which skills are required, and which are nice to have? (e.g. \"Must-haves: Java, Spring. Nice to have: Docker\")",
            ),
            Need::Salary => lang.pick(
                "Jakie są widełki i na jakiej umowie? (np. „15–20k netto B2B” albo „12 000–16 000 zł brutto UoP”)",
                "What is the salary range and the contract? (e.g. \"15-20k PLN net on B2B\" or \"$50/h\")",
            ),
            Need::Workplace => lang.pick("Praca zdalna, hybrydowa czy stacjonarna?", "Is the work remote, hybrid or in the office?"),
            Need::City => lang.pick("W jakim mieście jest biuro?", "Which city is the office in?"),
        }
    }
}
