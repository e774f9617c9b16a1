//! The proposal: the draft as the AI-proposed ad, its HTML description assembled from sections
//! (about the role, responsibilities, requirements, nice to have, what we offer) in the
//! conversation's language, and the short summary streamed before it.

use wakat_core::ExperienceLevel;

use super::draft::Draft;
use super::salary::SalaryRange;
use super::skills::NamedSkill;
use super::text::{escape_html, Lang};
use crate::proposal::{ProposedAd, ProposedAddress, ProposedLanguage, ProposedSalary, ProposedSkill, ProposedSkills};

/// The skill level a required skill takes when the employer did not say: the seniority's.
fn default_level(seniority: Option<ExperienceLevel>) -> u8 {
    match seniority {
        Some(ExperienceLevel::Junior) => 2,
        Some(ExperienceLevel::Mid) | None => 3,
        Some(ExperienceLevel::Senior) => 4,
        Some(ExperienceLevel::Expert | ExperienceLevel::CLevel) => 5,
    }
}

fn proposed_skills(skills: &[NamedSkill], level: u8) -> Vec<ProposedSkill> {
    skills.iter().map(|s| ProposedSkill { name: s.name.clone(), level: Some(s.level.unwrap_or(level)) }).collect()
}

/// The AI-proposed ad of `draft`.
pub fn proposal(draft: &Draft, lang: Lang) -> ProposedAd {
    let first = draft.salaries.first();
    ProposedAd {
        title: draft.title.clone(),
        description: Some(description(draft, lang)),
        category: draft.category.clone(),
        seniority: draft.seniority,
        is_remote_recruitment: draft.remote_recruitment,
        workplace_type: draft.workplace,
        working_time: draft.working_time,
        languages: draft.languages.iter().map(|l| ProposedLanguage { iso_code: l.iso.to_string(), level: l.level.clone() }).collect(),
        skills: ProposedSkills {
            required_skills: proposed_skills(&draft.skills.required, default_level(draft.seniority)),
            recommended_skills: proposed_skills(&draft.skills.nice, 1),
        },
        salary_unit: first.map(|s| s.unit),
        salary_currency: first.map(|s| s.currency),
        salaries: draft
            .salaries
            .iter()
            .map(|s| ProposedSalary {
                employment_type: s.kind,
                min_amount: s.min,
                max_amount: s.max,
                amount_type: if s.gross { "gross" } else { "net" }.to_string(),
            })
            .collect(),
        addresses: draft
            .places
            .iter()
            .map(|p| ProposedAddress { city: p.name.clone(), street: None, country_code: Some("PL".into()), latitude: Some(p.lat), longitude: Some(p.lon) })
            .collect(),
    }
}

fn amount(value: f64) -> String {
    let whole = value.round() as i64;
    if (value - whole as f64).abs() > 0.001 {
        return format!("{value:.2}");
    }
    let digits = whole.abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('\u{a0}');
        }
        out.push(c);
    }
    if whole < 0 {
        out.insert(0, '-');
    }
    out
}

/// "15 000 – 20 000 PLN net per month (B2B)".
pub fn salary_line(s: &SalaryRange, lang: Lang) -> String {
    let range = match (s.min, s.max) {
        (Some(a), Some(b)) if a == b => amount(a),
        (Some(a), Some(b)) => format!("{} – {}", amount(a), amount(b)),
        (None, Some(b)) => format!("{} {}", lang.pick("do", "up to"), amount(b)),
        (Some(a), None) => format!("{} {}", lang.pick("od", "from"), amount(a)),
        (None, None) => String::new(),
    };
    let gross = if s.gross { lang.pick("brutto", "gross") } else { lang.pick("netto", "net") };
    format!("{range} {} {gross} {} ({})", s.currency.label(lang.code()), s.unit.label(lang.code()), s.kind.label(lang.code()))
}

fn seniority_label(level: ExperienceLevel, lang: Lang) -> &'static str {
    level.label(lang.code())
}

/// The short summary streamed before the proposal, one line a field.
pub fn summary(draft: &Draft, lang: Lang) -> Vec<String> {
    let mut lines = vec![lang.pick("Oto propozycja ogłoszenia:", "Here is the proposed ad:").to_string()];
    if let Some(title) = &draft.title {
        lines.push(format!("• {}: {title}", lang.pick("Stanowisko", "Position")));
    }
    if let Some(level) = draft.seniority {
        lines.push(format!("• {}: {}", lang.pick("Poziom", "Seniority"), seniority_label(level, lang)));
    }
    if !draft.skills.required.is_empty() {
        lines.push(format!("• {}: {}", lang.pick("Wymagane", "Required"), names(&draft.skills.required)));
    }
    if !draft.skills.nice.is_empty() {
        lines.push(format!("• {}: {}", lang.pick("Mile widziane", "Nice to have"), names(&draft.skills.nice)));
    }
    for s in &draft.salaries {
        lines.push(format!("• {}: {}", lang.pick("Wynagrodzenie", "Salary"), salary_line(s, lang)));
    }
    let mut place: Vec<String> = draft.workplace.map(|w| w.label(lang.code()).to_string()).into_iter().collect();
    place.extend(draft.places.iter().map(|p| p.name.clone()));
    if !place.is_empty() {
        lines.push(format!("• {}: {}", lang.pick("Miejsce pracy", "Workplace"), place.join(", ")));
    }
    lines.push(
        lang.pick("Możesz ją zastosować w formularzu albo odrzucić i poprosić o zmiany.", "You can apply it to the form, or decline it and ask for changes.")
            .to_string(),
    );
    lines
}

fn names(skills: &[NamedSkill]) -> String {
    skills.iter().map(|s| s.name.as_str()).collect::<Vec<_>>().join(", ")
}

fn section(html: &mut String, heading: &str, items: &[String], as_list: bool) {
    if items.is_empty() {
        return;
    }
    html.push_str(&format!("<h3>{}</h3>", escape_html(heading)));
    if as_list {
        html.push_str("<ul>");
        for item in items {
            html.push_str(&format!("<li>{}</li>", escape_html(item)));
        }
        html.push_str("</ul>");
    } else {
        for item in items {
            html.push_str(&format!("<p>{}</p>", escape_html(item)));
        }
    }
}

/// The description's HTML, from what the employer said.
pub fn description(draft: &Draft, lang: Lang) -> String {
    let mut html = String::new();
    let mut role = Vec::new();
    if let Some(title) = &draft.title {
        let level = draft.seniority.map(|l| format!(" ({})", seniority_label(l, lang))).unwrap_or_default();
        let mut line = format!("{} {title}{level}.", lang.pick("Szukamy osoby na stanowisko", "We are looking for a"));
        if let Some(workplace) = draft.workplace {
            let cities: Vec<&str> = draft.places.iter().map(|p| p.name.as_str()).collect();
            let at = if cities.is_empty() { String::new() } else { format!(" – {}", cities.join(", ")) };
            line.push_str(&format!(" {}: {}{at}.", lang.pick("Tryb pracy", "Workplace"), workplace.label(lang.code()).to_lowercase()));
        }
        role.push(line);
    }
    role.extend(draft.about.iter().cloned());
    section(&mut html, lang.pick("O stanowisku", "About the role"), &role, false);
    section(&mut html, lang.pick("Obowiązki", "Responsibilities"), &draft.responsibilities, true);
    let level = default_level(draft.seniority);
    let mut requirements: Vec<String> = draft
        .skills
        .required
        .iter()
        .map(|s| {
            let l = s.level.unwrap_or(level);
            let name = wakat_core::offer_form::SKILL_LEVELS.iter().find(|(n, _, _)| *n == l).map(|(_, en, pl)| lang.pick(pl, en)).unwrap_or_default();
            format!("{} ({name})", s.name)
        })
        .collect();
    requirements.extend(draft.languages.iter().map(|l| format!("{} {} ({})", lang.pick("Język", "Language"), l.iso.to_uppercase(), l.level)));
    section(&mut html, lang.pick("Wymagania", "Requirements"), &requirements, true);
    let nice: Vec<String> = draft.skills.nice.iter().map(|s| s.name.clone()).collect();
    section(&mut html, lang.pick("Mile widziane", "Nice to have"), &nice, true);
    let mut offer: Vec<String> = draft.salaries.iter().map(|s| salary_line(s, lang)).collect();
    if let Some(time) = draft.working_time {
        offer.push(time.label(lang.code()).to_string());
    }
    if draft.remote_recruitment == Some(true) {
        offer.push(lang.pick("Rekrutacja w całości zdalna", "Fully remote recruitment").to_string());
    }
    offer.extend(draft.benefits.iter().cloned());
    section(&mut html, lang.pick("Oferujemy", "What we offer"), &offer, true);
    // The form's own sanitiser: what the web app applies is what the form would save.
    wakat_core::html::sanitize(&html)
}
