use proptest::prelude::*;
use serde_json::json;

use super::rules::{is_url, salary_value};
use super::*;
use crate::{CategoryTree, Currency, ErrorCode, Gazetteer, Place};

fn categories() -> CategoryTree {
    CategoryTree::from_json(
        r#"[{"value":1,"slug":"javascript","labelPl":"JS","labelEn":"JS","children":[{"value":101,"slug":"react","labelPl":"React","labelEn":"React"}]},
            {"value":6,"slug":"rust","labelPl":"Rust","labelEn":"Rust"}]"#,
    )
    .unwrap()
}

fn gazetteer() -> Gazetteer {
    let place = |slug: &str, name: &str, lat: f64, lon: f64| Place {
        slug: slug.into(),
        name: name.into(),
        name_en: None,
        lat,
        lon,
        region: String::new(),
        population: 1,
        alt_names: vec![],
    };
    Gazetteer::new(vec![place("krakow", "Kraków", 50.06, 19.94), place("warszawa", "Warszawa", 52.23, 21.01)])
}

fn limits() -> FormLimits {
    FormLimits { max_locations: 2, max_skills: 3, duration_days: 30, seniority: vec![], categories: vec![], images: true }
}

const TODAY: i64 = 20_000;

fn check(form: &OfferForm, limits: &FormLimits) -> Vec<(String, ErrorCode)> {
    let (categories, gazetteer) = (categories(), gazetteer());
    let ctx = FormContext { categories: &categories, gazetteer: &gazetteer, currencies: &[Currency::Pln, Currency::Eur], limits, today_days: TODAY };
    validate_form(form, &ctx).into_iter().map(|e| (e.field, e.code)).collect()
}

/// A form that passes every rule.
pub(crate) fn valid_form() -> OfferForm {
    serde_json::from_value(json!({
        "companyName": "Acme Software", "companySize": "11-25", "companyWebsite": "https://acme.example", "companyLogo": "/api/it/v1/company-logos/abc",
        "jobPositionName": "Senior Rust Developer", "jobPositionExperience": "senior",
        "jobCategory": "javascript", "jobSubcategory": "react",
        "languages": [{"code": "en", "level": "B2"}],
        "requiredSkills": [{"name": "Rust", "level": 4}], "optionalSkills": [{"name": "Go", "level": 2}],
        "primaryEmploymentType": "b2b", "primarySalaryFrom": 10000, "primarySalaryTo": 20000, "salaryCurrency": "pln", "salaryUnit": "month",
        "jobDescription": "<p>We build things.</p>",
        "locations": [{"city": "Kraków", "street": "Rynek 1"}],
        "workingPlace": "hybrid", "workingTime": "full_time",
        "applicationType": "email", "applicationTypeUri": "Jobs@Acme.example",
        "informationClauseText": "The controller of your data is Acme Software sp. z o.o., Kraków, Rynek 1.",
        "contactName": "Anna Nowak", "contactEmail": "Anna@Acme.example", "contactPhone": "+48 600 700 800",
        "state": "workInProgress"
    }))
    .unwrap()
}

#[test]
fn defaults_are_section_three() {
    let form = OfferForm::default();
    assert_eq!((form.salary_unit.as_str(), form.salary_currency.as_str(), form.plan_type.as_str()), ("month", "pln", "pro"));
    assert!(form.title_change_enabled && form.is_published);
    assert_eq!(form.locations, vec![FormLocation::default()]);
    assert!(form.required_skills.is_empty() && form.languages.is_empty() && form.company_name.is_empty());
}

#[test]
fn the_valid_form_passes() {
    assert_eq!(check(&valid_form(), &limits()), vec![]);
}

/// Every rule of section 5: a change that breaks it, the field and the key. Each key also passes
/// in `the_valid_form_passes`.
#[test]
fn every_rule_has_its_key() {
    type Change = fn(&mut OfferForm);
    let cases: Vec<(Change, &str, ErrorCode)> = vec![
        (|f| f.company_name = "  ".into(), "companyName", ErrorCode::Required),
        (|f| f.company_name = "A".into(), "companyName", ErrorCode::MinLength),
        (|f| f.company_name = "A".repeat(101), "companyName", ErrorCode::MaxLength),
        (|f| f.company_size = "12".into(), "companySize", ErrorCode::InvalidOption),
        (|f| f.company_website = "".into(), "companyWebsite", ErrorCode::Required),
        (|f| f.company_website = "https://acme .example".into(), "companyWebsite", ErrorCode::NoWhitespace),
        (|f| f.company_website = "acme.example".into(), "companyWebsite", ErrorCode::UrlProtocolRequired),
        (|f| f.company_website = "https://acme".into(), "companyWebsite", ErrorCode::InvalidUrl),
        (|f| f.company_logo = "".into(), "companyLogo", ErrorCode::Required),
        (|f| f.application_type = "fax".into(), "applicationType", ErrorCode::InvalidOption),
        (|f| f.application_type_uri = "".into(), "applicationTypeUri", ErrorCode::Required),
        (|f| f.application_type_uri = "not mail".into(), "applicationTypeUri", ErrorCode::NoWhitespace),
        (|f| f.application_type_uri = "jobs.acme.example".into(), "applicationTypeUri", ErrorCode::InvalidEmail),
        (
            |f| {
                f.application_type = "url".into();
                f.application_type_uri = "acme.example/jobs".into()
            },
            "applicationTypeUri",
            ErrorCode::UrlProtocolRequired,
        ),
        (|f| f.information_clause_text = "".into(), "informationClauseText", ErrorCode::Required),
        (|f| f.information_clause_text = "Too short.".into(), "informationClauseText", ErrorCode::MinLength),
        (
            |f| f.information_clause_text = "The controller of your personal data is {company}, with its seat in Kraków.".into(),
            "informationClauseText",
            ErrorCode::ForbiddenPlaceholder,
        ),
        (|f| f.future_consent_enabled = true, "futureConsentText", ErrorCode::Required),
        (
            |f| {
                f.future_consent_enabled = true;
                f.future_consent_text = "I agree {company}".into()
            },
            "futureConsentText",
            ErrorCode::MinLength,
        ),
        (
            |f| {
                f.custom_consent_enabled = true;
                f.custom_consent_text = "I agree to be contacted about other offers.".into()
            },
            "customConsentText",
            ErrorCode::MissingPlaceholder,
        ),
        (|f| f.contact_name = "Anna".into(), "contactName", ErrorCode::TwoWordsRequired),
        (|f| f.contact_name = "An".into(), "contactName", ErrorCode::MinLength),
        (|f| f.contact_email = "".into(), "contactEmail", ErrorCode::Required),
        (|f| f.contact_email = "anna@".into(), "contactEmail", ErrorCode::InvalidEmail),
        (|f| f.contact_phone = "600 700".into(), "contactPhone", ErrorCode::MinLength),
        (|f| f.contact_phone = "600-700-800-900-100-200".into(), "contactPhone", ErrorCode::MaxLength),
        (|f| f.contact_phone = "600 abc 800".into(), "contactPhone", ErrorCode::InvalidPhone),
        (|f| f.job_category = "".into(), "jobCategory", ErrorCode::Required),
        (|f| f.job_category = "cobol".into(), "jobCategory", ErrorCode::UnknownCategory),
        (|f| f.job_subcategory = "".into(), "jobSubcategory", ErrorCode::Required),
        (|f| f.job_subcategory = "vue".into(), "jobSubcategory", ErrorCode::UnknownCategory),
        (|f| f.job_description = "<p> </p><br>".into(), "jobDescription", ErrorCode::EmptyDescription),
        (
            |f| f.job_description = r#"<p>x</p><img src="data:image/jpeg;base64,AAAA"><img src="data:image/jpeg;base64,BBBB">"#.into(),
            "jobDescription",
            ErrorCode::TooManyImages,
        ),
        (|f| f.job_description = r#"<p>x</p><img src="data:image/png;base64,AAAA">"#.into(), "jobDescription", ErrorCode::InvalidImage),
        (|f| f.job_description = r#"<p>x</p><IMG SRC="https://evil.example/x.jpg">"#.into(), "jobDescription", ErrorCode::InvalidImage),
        (|f| f.locations.clear(), "locations", ErrorCode::Required),
        (|f| f.locations = vec![f.locations[0].clone(); 3], "locations", ErrorCode::TooManyLocations),
        (|f| f.locations[0].city = "".into(), "locations[0].city", ErrorCode::Required),
        (|f| f.locations[0].city = "Atlantis".into(), "locations[0].city", ErrorCode::LocationNotFound),
        (|f| f.locations[0].street = "".into(), "locations[0].street", ErrorCode::Required),
        (|f| f.locations[0].latitude = Some(91.0), "locations[0].latitude", ErrorCode::InvalidCoordinates),
        (|f| f.job_position_name = "".into(), "jobPositionName", ErrorCode::Required),
        (|f| f.job_position_name = "Dev".into(), "jobPositionName", ErrorCode::MinLength),
        (|f| f.job_position_name = "x".repeat(101), "jobPositionName", ErrorCode::MaxLength),
        (|f| f.job_position_name = "SENIOR RUST DEVELOPER".into(), "jobPositionName", ErrorCode::TooManyUppercase),
        (|f| f.job_position_name = "QA IT PM Lead".into(), "jobPositionName", ErrorCode::TooManyUppercase),
        (|f| f.job_position_experience = "".into(), "jobPositionExperience", ErrorCode::Required),
        (|f| f.job_position_experience = "guru".into(), "jobPositionExperience", ErrorCode::InvalidOption),
        (|f| f.expired_at_enabled = true, "expiredAt", ErrorCode::Required),
        (
            |f| {
                f.expired_at_enabled = true;
                f.expired_at = "2024-02-30".into()
            },
            "expiredAt",
            ErrorCode::InvalidDate,
        ),
        (
            |f| {
                f.expired_at_enabled = true;
                f.expired_at = "2024-10-04".into() // day 20_000 is 2024-10-04: today is not after today
            },
            "expiredAt",
            ErrorCode::DateInPast,
        ),
        (
            |f| {
                f.expired_at_enabled = true;
                f.expired_at = "2024-11-04".into()
            },
            "expiredAt",
            ErrorCode::DateAfterMax,
        ),
        (|f| f.primary_employment_type = "".into(), "primaryEmploymentType", ErrorCode::Required),
        (|f| f.primary_employment_type = "uop".into(), "primaryEmploymentType", ErrorCode::InvalidOption),
        (|f| f.primary_employment_type = "any".into(), "primarySalaryType", ErrorCode::TypeRequired),
        (|f| f.primary_salary_type = "brutto".into(), "primarySalaryType", ErrorCode::InvalidOption),
        (|f| f.salary_currency = "".into(), "salaryCurrency", ErrorCode::Required),
        (|f| f.salary_currency = "usd".into(), "salaryCurrency", ErrorCode::InvalidCurrency),
        (|f| f.salary_unit = "".into(), "salaryUnit", ErrorCode::UnitRequired),
        (|f| f.salary_unit = "week".into(), "salaryUnit", ErrorCode::InvalidOption),
        (|f| f.primary_salary_from = json!("ten"), "primarySalaryFrom", ErrorCode::ValueMustBeNumber),
        (|f| f.primary_salary_to = json!(-5), "primarySalaryTo", ErrorCode::ValueMustBeNumber),
        (|f| f.primary_salary_from = json!(30000), "primarySalaryFrom", ErrorCode::MinLowerThanMax),
        (|f| f.primary_salary_to = json!(30001), "primarySalaryTo", ErrorCode::ThreeTimesRule),
        (|f| f.primary_salary_to = json!(""), "primarySalaryTo", ErrorCode::IncorrectRanges),
        (|f| f.primary_salary_from = json!(null), "primarySalaryFrom", ErrorCode::IncorrectRanges),
        (|f| f.second_salary_active = true, "additionalEmploymentType", ErrorCode::Required),
        (
            |f| {
                f.second_salary_active = true;
                f.additional_employment_type = "permanent".into()
            },
            "additionalSalaryType",
            ErrorCode::TypeRequired,
        ),
        (
            |f| {
                f.second_salary_active = true;
                f.additional_employment_type = "permanent".into();
                f.additional_salary_type = "gross".into();
                f.additional_salary_from = json!(100);
                f.additional_salary_to = json!(400)
            },
            "additionalSalaryTo",
            ErrorCode::ThreeTimesRule,
        ),
        (|f| f.required_skills.clear(), "requiredSkills", ErrorCode::Required),
        (|f| f.required_skills = vec![f.required_skills[0].clone(); 4], "requiredSkills", ErrorCode::TooManySkills),
        (|f| f.required_skills[0].name = "".into(), "requiredSkills[0].name", ErrorCode::Required),
        (|f| f.required_skills[0].name = "x".repeat(51), "requiredSkills[0].name", ErrorCode::MaxLength),
        (|f| f.required_skills[0].level = Some(6), "requiredSkills[0].level", ErrorCode::InvalidSkill),
        (|f| f.optional_skills[0].name = " rust ".into(), "optionalSkills[0].name", ErrorCode::DuplicateSkill),
        (|f| f.languages = vec![f.languages[0].clone(); 6], "languages", ErrorCode::TooManyLanguages),
        (|f| f.languages[0].level = "D1".into(), "languages[0]", ErrorCode::InvalidLanguage),
        (|f| f.working_place = "".into(), "workingPlace", ErrorCode::Required),
        (|f| f.working_place = "moon".into(), "workingPlace", ErrorCode::InvalidOption),
        (|f| f.working_time = "".into(), "workingTime", ErrorCode::Required),
        (|f| f.working_time = "always".into(), "workingTime", ErrorCode::InvalidOption),
    ];
    for (change, field, code) in cases {
        let mut form = valid_form();
        change(&mut form);
        let errors = check(&form, &limits());
        assert!(errors.contains(&(field.to_string(), code)), "expected {field}: {code}, got {errors:?}");
    }
}

#[test]
fn plan_limits_refuse_seniority_and_category() {
    let limited = FormLimits { seniority: vec![crate::ExperienceLevel::Junior], categories: vec!["rust".into()], ..limits() };
    let errors = check(&valid_form(), &limited);
    assert!(errors.contains(&("jobPositionExperience".into(), ErrorCode::NotAllowedByPlan)), "{errors:?}");
    assert!(errors.contains(&("jobCategory".into(), ErrorCode::NotAllowedByPlan)), "{errors:?}");
}

#[test]
fn a_plan_without_graphics_refuses_the_descriptions_image() {
    let mut form = valid_form();
    form.job_description = r#"<p>Team photo:</p><img src="data:image/jpeg;base64,/9j/4AAQ">"#.into();
    let errors = check(&form, &FormLimits { images: false, ..limits() });
    assert_eq!(errors, [("jobDescription".to_string(), ErrorCode::NotAllowedByPlan)]);
    assert!(check(&form, &limits()).is_empty(), "a plan with graphics takes it");
    assert!(check(&valid_form(), &FormLimits { images: false, ..limits() }).is_empty(), "text alone is fine on any plan");
}

#[test]
fn valid_variants_pass() {
    for change in [
        (|f: &mut OfferForm| f.contact_phone = "".into()) as fn(&mut OfferForm),
        |f| f.contact_phone = "600700800".into(),
        |f| f.contact_phone = "+48-600-700-800".into(),
        |f| {
            f.application_type = "url".into();
            f.application_type_uri = "https://acme.example/jobs?id=1".into()
        },
        |f| {
            f.future_consent_enabled = true;
            f.future_consent_text = "I agree that {company} keeps my CV for future recruitments.".into()
        },
        |f| f.job_description = r#"<p>Team photo:</p><img src="data:image/jpeg;base64,/9j/4AAQ">"#.into(),
        |f| {
            f.expired_at_enabled = true;
            f.expired_at = "2024-10-05".into()
        },
        |f| f.primary_salary_to = json!(30000),
        |f| {
            f.primary_salary_from = json!("");
            f.primary_salary_to = json!(null)
        },
        |f| f.languages.push(FormLanguage { code: "".into(), level: "".into() }),
        |f| f.job_position_name = "Senior Java/JEE Developer (JPA)".into(),
    ] {
        let mut form = valid_form();
        change(&mut form);
        assert_eq!(check(&form, &limits()), vec![], "{form:?}");
    }
}

#[test]
fn a_draft_needs_only_currency_and_primary_employment_type() {
    let (categories, gazetteer) = (categories(), gazetteer());
    let limits = limits();
    let ctx = FormContext { categories: &categories, gazetteer: &gazetteer, currencies: &[Currency::Pln], limits: &limits, today_days: TODAY };
    let mut draft = OfferForm { primary_employment_type: "permanent".into(), ..OfferForm::default() };
    assert_eq!(validate_draft(&draft, &ctx), vec![]);
    draft.primary_employment_type.clear();
    draft.salary_currency = "xyz".into();
    let fields: Vec<_> = validate_draft(&draft, &ctx).into_iter().map(|e| (e.field, e.code)).collect();
    assert_eq!(fields, vec![("salaryCurrency".into(), ErrorCode::InvalidCurrency), ("primaryEmploymentType".into(), ErrorCode::Required)]);
}

#[test]
fn the_save_mapping_follows_section_five() {
    let (categories, gazetteer) = (categories(), gazetteer());
    let limits = limits();
    let ctx = FormContext { categories: &categories, gazetteer: &gazetteer, currencies: &[Currency::Pln], limits: &limits, today_days: TODAY };
    let mut form = valid_form();
    form.second_salary_active = true;
    form.additional_employment_type = "permanent".into();
    form.additional_salary_type = "gross".into();
    form.additional_salary_from = json!(9000);
    form.languages.push(FormLanguage { code: "de".into(), level: "".into() });
    form.custom_consent_enabled = true;
    form.custom_consent_text = "I agree that {company} may call me.".into();
    let offer = form.to_offer(&ctx, "acme-1", 1_000, Some(2_000));
    assert_eq!(offer.extra["applyEmail"], "jobs@acme.example", "application e-mail lowercased");
    assert_eq!(offer.extra["contact"]["email"], "anna@acme.example", "contact e-mail lowercased");
    assert_eq!(offer.employment_types.len(), 2);
    assert_eq!((offer.employment_types[0].from, offer.employment_types[0].gross), (Some(10000.0), false), "b2b defaults to net");
    assert_eq!((offer.employment_types[1].from, offer.employment_types[1].to), (None, None), "a salary needs both amounts");
    assert_eq!(offer.languages.len(), 1, "a language without a level is dropped");
    assert_eq!(offer.category_id, 101);
    assert_eq!((offer.locations[0].city.as_str(), offer.locations[0].latitude), ("Kraków", 50.06), "geocoded through the gazetteer");
    assert_eq!(offer.custom_consent.as_deref(), Some("I agree that Acme Software may call me."));
    assert_eq!(crate::validate::validate_offer(&offer, &categories), vec![], "a valid form maps to a valid offer");
    let summary = OfferSummary::of(&offer, &categories);
    assert_eq!((summary.category_key.as_deref(), summary.consents.custom_consent_enabled), (Some("react"), true));
}

#[test]
fn dates_are_calendar_days() {
    assert_eq!(parse_date_days("1970-01-01"), Some(0));
    assert_eq!(parse_date_days("2024-10-04"), Some(20_000));
    assert_eq!(parse_date_days("2024-02-29"), Some(19_782));
    assert_eq!(parse_date_days("2023-02-29"), None);
    for bad in ["2024-1-01", "2024/01/01", "20240101", "2024-13-01", "2024-00-10", "+024-01-01", "2024-01-01T00:00"] {
        assert_eq!(parse_date_days(bad), None, "{bad}");
    }
}

proptest! {
    #[test]
    fn parsers_never_panic(text in "\\PC{0,40}") {
        let _ = parse_date_days(&text);
        let _ = is_phone(&text);
        let _ = is_url(&text);
        let _ = salary_value(&json!(text));
        let _ = strip_markup(&text);
    }

    #[test]
    fn every_valid_date_round_trips(year in 1900i64..2200, month in 1i64..=12, day in 1i64..=27) {
        let text = format!("{year:04}-{month:02}-{day:02}");
        let days = parse_date_days(&text).unwrap();
        let next = format!("{year:04}-{month:02}-{:02}", day + 1);
        prop_assert_eq!(parse_date_days(&next), Some(days + 1));
    }

    #[test]
    fn grouped_digits_are_phones(groups in proptest::collection::vec("[0-9]{3}", 3..5), plus in any::<bool>()) {
        let phone = format!("{}{}", if plus { "+" } else { "" }, groups.join(" "));
        prop_assert!(is_phone(&phone));
        let with_letter = format!("{}x", phone);
        prop_assert!(!is_phone(&with_letter));
    }

    #[test]
    fn salary_values_are_non_negative_numbers(value in -1.0e9f64..1.0e9) {
        let parsed = salary_value(&json!(value));
        prop_assert_eq!(parsed.is_ok(), value >= 0.0);
        prop_assert_eq!(salary_value(&json!(value.to_string())).is_ok(), value >= 0.0);
    }
}

#[test]
fn the_inline_jpeg_is_read_from_its_data_url() {
    assert_eq!(inline_jpeg(r#"<p>x</p><img src="data:image/jpeg;base64,/9j/4A==">"#), Some(vec![0xFF, 0xD8, 0xFF, 0xE0]));
    assert_eq!(inline_jpeg(r#"<img src="data:image/png;base64,/9j/4A==">"#), None);
    assert_eq!(inline_jpeg(r#"<img src="data:image/jpeg;base64,AA"><img src="data:image/jpeg;base64,AA">"#), None, "two images");
    assert_eq!(inline_jpeg("<p>no image</p>"), None);
    assert_eq!(inline_jpeg(r#"<img src="data:image/jpeg;base64,***">"#), None, "not base64");
}
