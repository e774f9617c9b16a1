//! Checks an offer must pass before it is stored, whoever writes it (import, CLI, employer API).

use crate::category::CategoryTree;
use crate::error::ErrorCode;
use crate::offer::Offer;
use crate::FieldError;

/// Longest title accepted.
pub const MAX_TITLE_CHARS: usize = 200;
/// Longest company name accepted.
pub const MAX_COMPANY_CHARS: usize = 200;
/// Most locations one offer may have.
pub const MAX_LOCATIONS: usize = 50;
/// Most skills of one kind.
pub const MAX_SKILLS: usize = 50;
/// Longest skill name.
pub const MAX_SKILL_CHARS: usize = 60;
/// Most spoken languages.
pub const MAX_LANGUAGES: usize = 5;
/// Longest description (bytes of HTML).
pub const MAX_BODY_BYTES: usize = 200_000;

/// Whether a slug is made of lowercase ASCII letters, digits and single dashes.
pub fn is_valid_slug(slug: &str) -> bool {
    !slug.is_empty()
        && slug.len() <= 200
        && slug.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !slug.starts_with('-')
        && !slug.ends_with('-')
}

/// Returns every problem of the offer; an empty list means it may be stored.
pub fn validate_offer(offer: &Offer, categories: &CategoryTree) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let mut check = |ok: bool, field: &str, code: ErrorCode, message: &str| {
        if !ok {
            errors.push(FieldError::new(field, code, message));
        }
    };
    check(is_valid_slug(&offer.slug), "slug", ErrorCode::InvalidSlug, "slug must be lowercase letters, digits and dashes");
    check(offer.address.as_deref().is_none_or(is_valid_slug), "address", ErrorCode::InvalidSlug, "address must be lowercase letters, digits and dashes");
    let title_chars = offer.title.trim().chars().count();
    check(title_chars > 0 && title_chars <= MAX_TITLE_CHARS, "title", ErrorCode::InvalidTitle, "title must have 1 to 200 characters");
    let company_chars = offer.company_name.trim().chars().count();
    check(company_chars > 0 && company_chars <= MAX_COMPANY_CHARS, "companyName", ErrorCode::InvalidCompanyName, "company name must have 1 to 200 characters");
    check(categories.get(offer.category_id).is_some(), "categoryId", ErrorCode::UnknownCategory, "category is not one of this board");
    check(!offer.locations.is_empty() && offer.locations.len() <= MAX_LOCATIONS, "locations", ErrorCode::InvalidLocations, "an offer needs 1 to 50 locations");
    for (location_idx, location) in offer.locations.iter().enumerate() {
        let field = format!("locations[{location_idx}]");
        check(!location.city.trim().is_empty(), &field, ErrorCode::InvalidCity, "city is required");
        check(
            location.latitude.is_finite() && location.longitude.is_finite() && location.latitude.abs() <= 90.0 && location.longitude.abs() <= 180.0,
            &field,
            ErrorCode::InvalidCoordinates,
            "latitude and longitude must be valid degrees",
        );
    }
    check(!offer.employment_types.is_empty(), "employmentTypes", ErrorCode::InvalidEmploymentTypes, "at least one employment type is required");
    for (employment_idx, employment) in offer.employment_types.iter().enumerate() {
        let field = format!("employmentTypes[{employment_idx}]");
        let amounts_ok = [employment.from, employment.to].iter().flatten().all(|v| v.is_finite() && *v >= 0.0);
        check(amounts_ok, &field, ErrorCode::InvalidSalary, "salary amounts must be non-negative numbers");
        if let (Some(from), Some(to)) = (employment.from, employment.to) {
            check(from <= to, &field, ErrorCode::InvalidSalaryRange, "salary from must not exceed salary to");
        }
    }
    for (skills, field) in [(&offer.required_skills, "requiredSkills"), (&offer.nice_to_have_skills, "niceToHaveSkills")] {
        check(skills.len() <= MAX_SKILLS, field, ErrorCode::TooManySkills, "at most 50 skills");
        for skill in skills {
            let chars = skill.name.trim().chars().count();
            check(
                chars > 0 && chars <= MAX_SKILL_CHARS && (1..=5).contains(&skill.level),
                field,
                ErrorCode::InvalidSkill,
                "a skill needs a name of 1 to 60 characters and a level from 1 to 5",
            );
        }
    }
    check(offer.languages.len() <= MAX_LANGUAGES, "languages", ErrorCode::TooManyLanguages, "at most 5 languages");
    for language in &offer.languages {
        check(
            ["A1", "A2", "B1", "B2", "C1", "C2"].contains(&language.level.as_str()) && language.code.len() == 2,
            "languages",
            ErrorCode::InvalidLanguage,
            "a language needs a two-letter code and a level from A1 to C2",
        );
    }
    check(offer.body.len() <= MAX_BODY_BYTES, "body", ErrorCode::BodyTooLong, "description is too long");
    if let Some(expiry) = offer.expired_at {
        check(expiry > offer.published_at, "expiredAt", ErrorCode::InvalidExpiry, "expiry must come after publication");
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::offer::tests::sample_offer;

    fn tree() -> CategoryTree {
        CategoryTree::from_json(r#"[{"value": 6, "slug": "java", "labelPl": "Java", "labelEn": "Java"}]"#).unwrap()
    }

    #[test]
    fn sample_is_valid() {
        assert_eq!(validate_offer(&sample_offer(), &tree()), vec![]);
    }

    #[test]
    fn reports_each_problem_with_its_field() {
        let mut offer = sample_offer();
        offer.slug = "Bad Slug".into();
        offer.category_id = 99;
        offer.locations[1].latitude = 123.0;
        offer.employment_types[0].from = Some(500.0);
        offer.employment_types[0].to = Some(100.0);
        let fields: Vec<(String, &str)> = validate_offer(&offer, &tree()).into_iter().map(|e| (e.field, e.code.as_str())).collect();
        assert_eq!(
            fields,
            vec![
                ("slug".into(), "invalid_slug"),
                ("categoryId".into(), "unknown_category"),
                ("locations[1]".into(), "invalid_coordinates"),
                ("employmentTypes[0]".into(), "invalid_salary_range"),
            ]
        );
    }
}
