//! Work places: cities of the gazetteer named after a preposition or a location label, in any
//! Polish case ("w Krakowie", "we Wrocławiu", "z Warszawy", "w Jeleniej Górze") or in English
//! ("office in Warsaw", "based in Lodz").

use wakat_core::{Gazetteer, Place};

use super::text::fold;

/// Words after which a city is looked for.
const CUES: &[&str] = &[
    "w",
    "we",
    "z",
    "ze",
    "do",
    "in",
    "at",
    "from",
    "near",
    "kolo",
    "okolice",
    "okolicach",
    "location:",
    "lokalizacja:",
    "miasto:",
    "city:",
    "biuro:",
    "office:",
];
/// Polish endings and what replaces them to give back the nominative (`Krakowie` → `Krakow`,
/// `Warszawie` → `Warszawa`, `Katowicach` → `Katowice`, `Jeleniej` → `Jelenia`, `Górze` → `Góra`).
const ENDINGS: &[(&str, &str)] = &[
    ("", ""),
    ("iach", "e"),
    ("ach", "e"),
    ("ach", "a"),
    ("owie", ""),
    ("iu", ""),
    ("ie", ""),
    ("ie", "a"),
    ("cie", "t"),
    ("ze", "a"),
    ("u", ""),
    ("u", "e"),
    ("u", "o"),
    ("y", "a"),
    ("y", ""),
    ("i", ""),
    ("i", "ia"),
    ("i", "a"),
    ("a", ""),
    ("a", "e"),
    ("ia", ""),
    ("ej", "a"),
    ("iej", "ia"),
    ("ym", "y"),
    ("ego", "y"),
    ("em", ""),
    ("ow", "owy"),
    ("", "e"),
];

/// The nominatives a word may be a case form of.
fn nominatives(word: &str) -> Vec<String> {
    let word = word.replace("ymst", "yst").replace("egost", "yst");
    ENDINGS.iter().filter_map(|(ending, with)| word.strip_suffix(ending).filter(|s| s.chars().count() >= 2).map(|stem| format!("{stem}{with}"))).collect()
}

/// The cities the texts name, in order, each once.
pub fn extract<'a>(texts: &[&str], gazetteer: &'a Gazetteer) -> Vec<&'a Place> {
    let mut found: Vec<&Place> = Vec::new();
    for text in texts {
        let tokens: Vec<&str> = text.split(|c: char| c.is_whitespace() || ",;()!?".contains(c)).filter(|t| !t.is_empty()).collect();
        for (i, token) in tokens.iter().enumerate() {
            let cue = fold(token);
            let labelled = cue.ends_with(':');
            if !CUES.contains(&cue.as_str()) {
                continue;
            }
            // One to three words after the cue, longest first; a case form must be capitalised
            // ("w biurze" is not a city), unless a label ("Lokalizacja:") announced it.
            for len in (1..=3).rev() {
                let Some(parts) = tokens.get(i + 1..i + 1 + len) else { continue };
                let parts: Vec<&str> = parts.iter().map(|p| p.trim_end_matches(['.', ':'])).collect();
                if !labelled && !parts.iter().all(|p| p.chars().next().is_some_and(char::is_uppercase)) {
                    continue;
                }
                if let Some(place) = lookup(&parts, gazetteer) {
                    if !found.iter().any(|p| p.slug == place.slug) {
                        found.push(place);
                    }
                    break;
                }
            }
        }
    }
    found
}

/// The place `parts` name, trying every word's possible nominatives.
fn lookup<'a>(parts: &[&str], gazetteer: &'a Gazetteer) -> Option<&'a Place> {
    if let Some(place) = gazetteer.lookup(&parts.join(" ")) {
        return Some(place);
    }
    let mut candidates: Vec<String> = vec![String::new()];
    for part in parts {
        // "Bielsku-Białej": each half of a hyphenated name is declined on its own.
        let halves: Vec<Vec<String>> = fold(part).split('-').map(nominatives).collect();
        let mut forms = halves[0].clone();
        for half in &halves[1..] {
            forms = forms.iter().flat_map(|a| half.iter().map(move |b| format!("{a}-{b}"))).collect();
        }
        candidates = candidates.iter().flat_map(|c| forms.iter().map(move |f| if c.is_empty() { f.clone() } else { format!("{c} {f}") })).collect();
        if candidates.len() > 4096 {
            return None;
        }
    }
    candidates.iter().find_map(|c| gazetteer.lookup(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gazetteer() -> Gazetteer {
        let json = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../index-data/cities.json")).unwrap();
        Gazetteer::from_json(&json).unwrap()
    }

    fn slugs(text: &str) -> Vec<String> {
        extract(&[text], &gazetteer()).iter().map(|p| p.slug.clone()).collect()
    }

    #[test]
    fn finds_polish_case_forms() {
        assert_eq!(slugs("Biuro w Krakowie, praca hybrydowa"), ["krakow"]);
        assert_eq!(slugs("Pracujemy we Wrocławiu i w Warszawie"), ["wroclaw", "warszawa"]);
        assert_eq!(slugs("Kandydat z Warszawy lub z Łodzi"), ["warszawa", "lodz"]);
        assert_eq!(slugs("Siedziba w Katowicach, oddział w Gdyni, w Poznaniu i w Gdańsku"), ["katowice", "gdynia", "poznan", "gdansk"]);
        assert_eq!(slugs("Praca stacjonarna w Jeleniej Górze"), ["jelenia-gora"]);
        assert_eq!(slugs("w Białymstoku, w Rzeszowie, w Bielsku-Białej"), ["bialystok", "rzeszow", "bielsko-biala"]);
    }

    #[test]
    fn finds_english_names_and_ignores_common_words() {
        assert_eq!(slugs("Hybrid, office in Warsaw. Relocation to Cracow possible"), ["warszawa"]);
        assert_eq!(slugs("Location: Lodz"), ["lodz"]);
        assert!(slugs("Pracujemy w biurze, w zespole, w Scrumie, in our office").is_empty());
    }
}
