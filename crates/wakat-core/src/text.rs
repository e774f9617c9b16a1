//! Text normalisation shared by slugs, place lookup and the search analyzer.

/// Folds one character to lowercase ASCII where a Polish or common Latin letter allows it.
///
/// Returns the character unchanged (lowercased) when no folding applies, so non-Latin scripts
/// survive.
pub fn fold_char(c: char) -> char {
    match c {
        'ą' | 'Ą' | 'á' | 'Á' | 'à' | 'â' | 'ä' | 'Ä' | 'ã' | 'å' => 'a',
        'ć' | 'Ć' | 'č' | 'Č' | 'ç' | 'Ç' => 'c',
        'ę' | 'Ę' | 'é' | 'É' | 'è' | 'ê' | 'ë' | 'ě' => 'e',
        'ł' | 'Ł' => 'l',
        'ń' | 'Ń' | 'ñ' | 'ň' => 'n',
        'ó' | 'Ó' | 'ö' | 'Ö' | 'ô' | 'ò' | 'õ' => 'o',
        'ś' | 'Ś' | 'š' | 'Š' => 's',
        'ź' | 'Ź' | 'ż' | 'Ż' | 'ž' | 'Ž' => 'z',
        'ü' | 'Ü' | 'ú' | 'ù' | 'û' | 'ů' => 'u',
        'í' | 'ì' | 'î' | 'ï' => 'i',
        'ý' => 'y',
        'ř' => 'r',
        'ß' => 's',
        _ => c.to_lowercase().next().unwrap_or(c),
    }
}

/// Lowercases and removes diacritics: `Łódź` becomes `lodz`.
pub fn fold(input: &str) -> String {
    input.chars().map(fold_char).collect()
}

/// Makes a URL slug: folded, alphanumerics kept, every other run of characters becomes one `-`.
pub fn slugify(input: &str) -> String {
    let mut slug = String::with_capacity(input.len());
    let mut pending_dash = false;
    for c in input.chars().map(fold_char) {
        if c.is_ascii_alphanumeric() {
            if pending_dash && !slug.is_empty() {
                slug.push('-');
            }
            pending_dash = false;
            slug.push(c);
        } else if c == '#' {
            // C# and F# must not collide with C and F.
            if pending_dash && !slug.is_empty() {
                slug.push('-');
            }
            pending_dash = false;
            slug.push_str("sharp");
        } else if c == '+' {
            pending_dash = false;
            slug.push('p');
        } else {
            pending_dash = true;
        }
    }
    slug
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_polish_letters() {
        assert_eq!(fold("Łódź"), "lodz");
        assert_eq!(fold("Kraków"), "krakow");
        assert_eq!(fold("ZAŻÓŁĆ GĘŚLĄ JAŹŃ"), "zazolc gesla jazn");
    }

    #[test]
    fn slugifies() {
        assert_eq!(slugify("Bielsko-Biała"), "bielsko-biala");
        assert_eq!(slugify("  Senior  C# Developer!! "), "senior-csharp-developer");
        assert_eq!(slugify("C++"), "cpp");
    }
}
