//! The terms around the position: workplace (remote, hybrid, office), working time, whether the
//! recruitment is remote, and the sentences the description quotes (responsibilities, what the
//! company offers, about the company).

use wakat_core::{WorkingTime, WorkplaceType};

use super::text::fold;

const HYBRID: &[&str] = &["hybrid", "hybrydow", "hybryda", "hybrydzie"];
const REMOTE: &[&str] = &["remote", "zdalna", "zdalnie", "zdalny", "zdalnej", "work from home", "home office", "fully remote", "100% remote"];
const OFFICE: &[&str] =
    &["on-site", "onsite", "on site", "office-based", "office based", "in the office", "stacjonarna", "stacjonarnie", "stacjonarny", "na miejscu", "z biura"];
const RECRUITMENT: &[&str] = &["rekrutac", "recruit", "interview", "rozmow"];
const ONLINE: &[&str] = &["zdaln", "remote", "online", "video", "teams", "zoom"];

/// The sentences of the texts, trimmed.
pub fn sentences(texts: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for text in texts {
        let chars: Vec<char> = text.chars().collect();
        let mut start = 0;
        while start < chars.len() {
            let end = super::text::sentence_end(&chars, start);
            let stop = if end < chars.len() && ".!?".contains(chars[end]) { end + 1 } else { end };
            let sentence: String = chars[start..stop].iter().collect();
            if !sentence.trim().is_empty() {
                out.push(sentence.trim().to_string());
            }
            start = end + 1;
        }
    }
    out
}

fn is_recruitment(folded: &str) -> bool {
    RECRUITMENT.iter().any(|w| folded.contains(w))
}

fn mentions(folded: &str, list: &[&str]) -> bool {
    list.iter().any(|w| folded.contains(w))
}

/// Hybrid if said, else remote, else office; sentences about the recruitment and the title
/// ("Remote Senior C++ Developer" is still remote) count too, except the recruitment's.
pub fn workplace(sentences: &[String]) -> Option<WorkplaceType> {
    let folded: Vec<String> = sentences.iter().map(|s| fold(s)).filter(|s| !is_recruitment(s)).collect();
    if folded.iter().any(|s| mentions(s, HYBRID)) {
        Some(WorkplaceType::Hybrid)
    } else if folded.iter().any(|s| mentions(s, REMOTE)) {
        Some(WorkplaceType::Remote)
    } else if folded.iter().any(|s| mentions(s, OFFICE)) {
        Some(WorkplaceType::Office)
    } else {
        None
    }
}

/// Whether the recruitment is held remotely, when a sentence about it says.
pub fn remote_recruitment(sentences: &[String]) -> Option<bool> {
    let mut said = None;
    for s in sentences.iter().map(|s| fold(s)).filter(|s| is_recruitment(s)) {
        if ONLINE.iter().any(|w| s.contains(w)) {
            said = Some(true);
        } else if s.contains("stacjonarn") || s.contains("on-site") || s.contains("in person") || s.contains("w biurze") {
            said = Some(false);
        }
    }
    said
}

const WORKING_TIMES: &[(&str, WorkingTime)] = &[
    ("part-time", WorkingTime::PartTime),
    ("part time", WorkingTime::PartTime),
    ("czesc etatu", WorkingTime::PartTime),
    ("pol etatu", WorkingTime::PartTime),
    ("niepelny etat", WorkingTime::PartTime),
    ("1/2 etatu", WorkingTime::PartTime),
    ("full-time", WorkingTime::FullTime),
    ("full time", WorkingTime::FullTime),
    ("pelny etat", WorkingTime::FullTime),
    ("pelen etat", WorkingTime::FullTime),
    ("pelnym etacie", WorkingTime::FullTime),
    ("caly etat", WorkingTime::FullTime),
    ("freelance", WorkingTime::Freelance),
    ("freelancer", WorkingTime::Freelance),
    ("internship", WorkingTime::Internship),
    ("staz", WorkingTime::Internship),
    ("praktyki", WorkingTime::Internship),
];

/// The working time said last (outside the title, which the caller leaves out).
pub fn working_time(sentences: &[String]) -> Option<WorkingTime> {
    let mut said = None;
    for s in sentences {
        let chars: Vec<char> = fold(s).chars().collect();
        let mut hits: Vec<(usize, WorkingTime)> =
            WORKING_TIMES.iter().flat_map(|(w, t)| super::text::find_words(&chars, w).into_iter().map(move |at| (at, *t))).collect();
        hits.sort_by_key(|(at, _)| *at);
        if let Some((_, t)) = hits.last() {
            said = Some(*t);
        }
    }
    said
}

/// Sentences that describe duties ("Będziesz odpowiadać za…", "You will build…").
pub fn responsibilities(sentences: &[String]) -> Vec<String> {
    quoted(
        sentences,
        &["bedziesz", "twoje zadania", "zadania:", "obowiazki", "odpowiedzialn", "you will", "you'll", "responsib", "your tasks", "duties", "zajmowac sie"],
    )
}

/// Sentences on what the company offers besides the salary (benefits).
pub fn benefits(sentences: &[String]) -> Vec<String> {
    quoted(
        sentences,
        &[
            "benefit",
            "multisport",
            "opieka medyczna",
            "prywatna opieka",
            "medical",
            "insurance",
            "ubezpieczen",
            "szkolen",
            "training",
            "budzet szkoleniowy",
            "bonus",
            "premi",
            "urlop",
            "holiday",
            "vacation",
            "elastyczne godziny",
            "flexible hours",
        ],
    )
}

/// Sentences about the company or the project.
pub fn about(sentences: &[String]) -> Vec<String> {
    quoted(
        sentences,
        &[
            "jestesmy",
            "nasza firma",
            "our company",
            "we are a",
            "we're a",
            "projekt",
            "project for",
            "klient",
            "client",
            "produkt",
            "product for",
            "startup",
            "software house",
        ],
    )
}

fn quoted(sentences: &[String], cues: &[&str]) -> Vec<String> {
    sentences.iter().filter(|s| cues.iter().any(|c| fold(s).contains(c))).cloned().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(texts: &[&str]) -> Vec<String> {
        sentences(texts)
    }

    #[test]
    fn reads_workplace_recruitment_and_working_time() {
        assert_eq!(workplace(&s(&["Fully remote, our office is in Poznan. The recruitment is fully remote."])), Some(WorkplaceType::Remote));
        assert_eq!(workplace(&s(&["Praca hybrydowa, biuro w Krakowie. Rekrutacja w całości zdalna."])), Some(WorkplaceType::Hybrid));
        assert_eq!(workplace(&s(&["Praca stacjonarna we Wrocławiu. Rekrutacja zdalna."])), Some(WorkplaceType::Office));
        assert_eq!(workplace(&s(&["On-site in Gdańsk."])), Some(WorkplaceType::Office));
        assert_eq!(remote_recruitment(&s(&["Rekrutacja w całości zdalna."])), Some(true));
        assert_eq!(remote_recruitment(&s(&["Praca zdalna."])), None);
        assert_eq!(working_time(&s(&["Część etatu."])), Some(WorkingTime::PartTime));
        assert_eq!(working_time(&s(&["Full-time, B2B"])), Some(WorkingTime::FullTime));
    }

    #[test]
    fn quotes_duties_and_benefits() {
        let all = s(&["Będziesz rozwijać nasz system płatności. Oferujemy Multisport i prywatną opiekę medyczną. Java, Spring."]);
        assert_eq!(responsibilities(&all), ["Będziesz rozwijać nasz system płatności."]);
        assert_eq!(benefits(&all), ["Oferujemy Multisport i prywatną opiekę medyczną."]);
    }
}
