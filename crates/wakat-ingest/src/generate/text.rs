//! Text of generated offers: the HTML description, placeholder filling, streets and short ids.

use rand::Rng;
use wakat_core::{ExperienceLevel, Skill};

use crate::dictionaries::{CategoryVocabulary, Vocabulary};

/// Returns a random element, or `""` for an empty list (the vocabulary loader rules that out
/// wherever an empty string would show).
pub(super) fn pick<'s>(rng: &mut impl Rng, items: &'s [String]) -> &'s str {
    if items.is_empty() {
        return "";
    }
    &items[rng.random_range(0..items.len())]
}

/// Returns between `min` and `max` distinct items, keeping the vocabulary's order so that
/// bullet points read as their author arranged them.
pub(super) fn pick_some<'s>(rng: &mut impl Rng, items: &'s [String], min: usize, max: usize) -> impl Iterator<Item = &'s String> {
    let n_items = rng.random_range(min..=max.max(min)).min(items.len());
    let mut indices = rand::seq::index::sample(rng, items.len(), n_items).into_vec();
    indices.sort_unstable();
    indices.into_iter().map(move |idx| &items[idx])
}

/// Appends `text` with the HTML special characters escaped.
pub(super) fn push_escaped(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
}

/// Appends `template` with each `{key}` of `values` replaced; unknown braces stay as written.
/// Values are escaped when the result is HTML.
pub(super) fn fill(out: &mut String, template: &str, values: &[(&str, &str)], html: bool) {
    let mut rest = template;
    while let Some(start) = rest.find('{') {
        out.push_str(&rest[..start]);
        let tail = &rest[start..];
        match values.iter().find(|(key, _)| tail.starts_with(key)) {
            Some((key, value)) => {
                if html {
                    push_escaped(out, value);
                } else {
                    out.push_str(value);
                }
                rest = &tail[key.len()..];
            }
            None => {
                out.push('{');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
}

/// Returns `template` filled as plain text.
pub(super) fn filled(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 64);
    fill(&mut out, template, values, false);
    out
}

/// Writes `n` in base 36 (`0-9a-z`): a short, slug-safe suffix.
pub(super) fn base36(mut n: usize) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut reversed = Vec::with_capacity(8);
    loop {
        reversed.push(DIGITS[n % 36]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    reversed.iter().rev().map(|&b| b as char).collect()
}

/// What a description is written from.
pub(super) struct BodyInput<'s> {
    pub(super) vocabulary: &'s Vocabulary,
    pub(super) category: &'s CategoryVocabulary,
    pub(super) polish: bool,
    pub(super) level: ExperienceLevel,
    pub(super) company: &'s str,
    pub(super) city: &'s str,
    pub(super) title: &'s str,
    pub(super) required_skills: &'s [Skill],
    pub(super) nice_to_have_skills: &'s [Skill],
}

/// Writes an HTML description of about 1 to 2 KB: about us, responsibilities, requirements,
/// nice-to-haves and benefits.
pub(super) fn write_body(rng: &mut impl Rng, input: &BodyInput<'_>) -> String {
    let vocabulary = input.vocabulary;
    let polish = input.polish;
    let headings = vocabulary.headings.get(polish);
    let values = [("{company}", input.company), ("{city}", input.city), ("{title}", input.title)];
    let mut body = String::with_capacity(2048);

    push_heading(&mut body, &headings.about);
    body.push_str("<p>");
    fill(&mut body, pick(rng, vocabulary.intro.get(polish)), &values, true);
    body.push_str("</p>");

    push_heading(&mut body, &headings.responsibilities);
    body.push_str("<ul>");
    for item in pick_some(rng, input.category.responsibilities.get(polish), 4, 6) {
        push_item(&mut body, item);
    }
    body.push_str("</ul>");

    push_heading(&mut body, &headings.requirements);
    body.push_str("<ul>");
    push_item(&mut body, pick(rng, vocabulary.experience.get(input.level).get(polish)));
    for skill in input.required_skills.iter().take(3) {
        body.push_str("<li>");
        fill(&mut body, pick(rng, vocabulary.skill_requirement.get(polish)), &[("{skill}", &skill.name)], true);
        body.push_str("</li>");
    }
    for item in pick_some(rng, input.category.requirements.get(polish), 2, 3) {
        push_item(&mut body, item);
    }
    body.push_str("</ul>");

    if !input.nice_to_have_skills.is_empty() {
        push_heading(&mut body, &headings.nice_to_have);
        body.push_str("<ul>");
        for skill in input.nice_to_have_skills {
            body.push_str("<li>");
            fill(&mut body, pick(rng, vocabulary.nice_to_have_skill.get(polish)), &[("{skill}", &skill.name)], true);
            body.push_str("</li>");
        }
        body.push_str("</ul>");
    }

    push_heading(&mut body, &headings.benefits);
    body.push_str("<ul>");
    for item in pick_some(rng, vocabulary.benefits.get(polish), 4, 6) {
        push_item(&mut body, item);
    }
    body.push_str("</ul>");
    body
}

/// Vocabulary fragments are trusted HTML, so they are appended as written.
fn push_item(body: &mut String, item: &str) {
    body.push_str("<li>");
    body.push_str(item);
    body.push_str("</li>");
}

fn push_heading(body: &mut String, heading: &str) {
    body.push_str("<h3>");
    body.push_str(heading);
    body.push_str("</h3>");
}

/// Streets found in most Polish towns.
const COMMON_STREETS: &[&str] = &[
    "ul. Mickiewicza",
    "ul. Słowackiego",
    "ul. Kościuszki",
    "ul. Piłsudskiego",
    "ul. Sienkiewicza",
    "ul. Kopernika",
    "ul. Kolejowa",
    "ul. Polna",
    "ul. Lipowa",
    "ul. Ogrodowa",
    "ul. Długa",
    "ul. Szkolna",
    "ul. Przemysłowa",
    "ul. Grunwaldzka",
    "ul. Jana Pawła II",
    "ul. Wojska Polskiego",
    "ul. Armii Krajowej",
    "ul. Żeromskiego",
    "ul. Prusa",
    "ul. Reymonta",
    "ul. Batorego",
    "ul. 3 Maja",
    "ul. Fabryczna",
    "ul. Łąkowa",
    "ul. Słoneczna",
    "ul. Leśna",
];

/// Office streets of the biggest cities, so their offers look local.
const CITY_STREETS: &[(&str, &[&str])] = &[
    (
        "warszawa",
        &[
            "ul. Marszałkowska",
            "al. Jerozolimskie",
            "ul. Prosta",
            "ul. Grzybowska",
            "ul. Złota",
            "ul. Puławska",
            "ul. Domaniewska",
            "ul. Chmielna",
            "ul. Świętokrzyska",
            "ul. Żelazna",
            "ul. Wołoska",
            "al. Solidarności",
            "ul. Towarowa",
            "ul. Postępu",
        ],
    ),
    (
        "krakow",
        &[
            "ul. Wielicka",
            "ul. Kapelanka",
            "ul. Lubicz",
            "ul. Opolska",
            "al. Pokoju",
            "ul. Zabłocie",
            "ul. Przemysłowa",
            "ul. Armii Krajowej",
            "ul. Lea",
            "ul. Kamieńskiego",
            "ul. Dąbska",
        ],
    ),
    (
        "wroclaw",
        &[
            "ul. Legnicka",
            "ul. Strzegomska",
            "ul. Powstańców Śląskich",
            "pl. Grunwaldzki",
            "ul. Szczytnicka",
            "ul. Swobodna",
            "ul. Góralska",
            "ul. Świdnicka",
            "ul. Ruska",
        ],
    ),
    (
        "poznan",
        &["ul. Głogowska", "ul. Półwiejska", "ul. Roosevelta", "ul. Królowej Jadwigi", "ul. Grunwaldzka", "ul. Baraniaka", "ul. Garbary", "ul. Towarowa"],
    ),
    ("gdansk", &["al. Grunwaldzka", "ul. Łużycka", "ul. Jana z Kolna", "ul. Długie Ogrody", "ul. Arkońska", "ul. Kartuska", "ul. Abrahama"]),
    ("lodz", &["ul. Piotrkowska", "al. Piłsudskiego", "ul. Kilińskiego", "ul. Ogrodowa", "ul. Wólczańska", "ul. Zachodnia", "ul. Tymienieckiego"]),
    ("katowice", &["ul. Chorzowska", "al. Korfantego", "ul. Francuska", "ul. Sokolska", "ul. Uniwersytecka", "ul. Mikołowska"]),
    ("gdynia", &["ul. Świętojańska", "ul. 10 Lutego", "ul. Śląska", "al. Zwycięstwa", "ul. Hutnicza"]),
    ("gliwice", &["ul. Zwycięstwa", "ul. Bojkowska", "ul. Akademicka", "ul. Toszecka"]),
    ("szczecin", &["al. Wojska Polskiego", "al. Niepodległości", "ul. Jagiellońska", "ul. Mazowiecka"]),
    ("lublin", &["ul. Krakowskie Przedmieście", "al. Racławickie", "ul. Lipowa", "ul. Zana"]),
];

/// Returns a street with a house number, local to the city when the city is a known one.
pub(super) fn street(rng: &mut impl Rng, city_slug: &str) -> String {
    let streets = CITY_STREETS.iter().find(|(slug, _)| *slug == city_slug).map_or(COMMON_STREETS, |(_, streets)| streets);
    let name = streets[rng.random_range(0..streets.len())];
    format!("{name} {}", rng.random_range(1..=180))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_known_placeholders_and_escapes_html() {
        let mut out = String::new();
        fill(&mut out, "{company} w {city} {unknown}", &[("{company}", "R&D <Lab>"), ("{city}", "Łódź")], true);
        assert_eq!(out, "R&amp;D &lt;Lab&gt; w Łódź {unknown}");
        assert_eq!(filled("{company}!", &[("{company}", "R&D")]), "R&D!");
    }

    #[test]
    fn writes_base36() {
        assert_eq!(base36(0), "0");
        assert_eq!(base36(35), "z");
        assert_eq!(base36(36), "10");
        assert_eq!(base36(1_000_000), "lfls");
    }
}
