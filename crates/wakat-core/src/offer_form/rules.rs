//! Section 5 of the employer spec: every rule of the offer form, each reported under the form's
//! field name (`locations[1].city` for rows) with a stable [`ErrorCode`]. Limits the spec leaves
//! unstated are the constants below (ARCHITECTURE.md lists them).

use std::sync::{Arc, Mutex};

use crate::category::CategoryTree;
use crate::enums::{Currency, EmploymentKind, ExperienceLevel, SalaryUnit, WorkingTime, WorkplaceType};
use crate::error::{ErrorCode, FieldError};
use crate::offer_form::form::{OfferForm, APPLICATION_TYPES, COMPANY_SIZES, LANGUAGE_LEVELS, SALARY_TYPES};
use crate::place::Gazetteer;
use crate::text::fold;

/// Company name length (characters, trimmed).
pub const COMPANY_NAME_CHARS: (usize, usize) = (2, 100);
/// Position name length.
pub const POSITION_NAME_CHARS: (usize, usize) = (4, 100);
/// Contact name length.
pub const CONTACT_NAME_CHARS: (usize, usize) = (3, 100);
/// Contact phone length (characters as typed).
pub const PHONE_CHARS: (usize, usize) = (9, 20);
/// Shortest information clause.
pub const INFORMATION_CLAUSE_MIN_CHARS: usize = 50;
/// Shortest consent text.
pub const CONSENT_MIN_CHARS: usize = 20;
/// Longest clause or consent text.
pub const CLAUSE_MAX_CHARS: usize = 5_000;
/// Longest skill name.
pub const SKILL_NAME_MAX_CHARS: usize = 50;
/// Most spoken languages.
pub const MAX_LANGUAGES: usize = 5;
/// Largest logo (5 MB).
pub const LOGO_MAX_BYTES: u64 = 5 * 1024 * 1024;
/// Smallest logo: fewer bytes cannot be an image worth showing.
pub const LOGO_MIN_BYTES: u64 = 100;
/// The placeholder consents must hold (replaced by the company name when shown) and the
/// information clause must not (it is shown as written and names the controller in full).
pub const CLAUSE_PLACEHOLDER: &str = "{company}";
/// Longest plain text field (names, URLs, e-mails) even in a draft.
const MAX_TEXT_CHARS: usize = 2_000;
/// Most rows of a list even in a draft.
const MAX_ROWS: usize = 50;

/// What a plan allows (the limits of `GET /v2/offer-plans`).
#[derive(Debug, Clone, PartialEq)]
pub struct FormLimits {
    /// Most locations.
    pub max_locations: usize,
    /// Most required skills (and, separately, optional skills).
    pub max_skills: usize,
    /// Days an offer stays published: also the latest expiry date, counted from today.
    pub duration_days: i64,
    /// Seniorities allowed; empty allows all.
    pub seniority: Vec<ExperienceLevel>,
    /// Category slugs allowed; empty allows all.
    pub categories: Vec<String>,
    /// The plan includes graphics: the description may hold its one inline image.
    pub images: bool,
}

/// Dictionaries and limits the rules need.
#[derive(Debug, Clone, Copy)]
pub struct FormContext<'a> {
    /// The board's categories.
    pub categories: &'a CategoryTree,
    /// The geocoder.
    pub gazetteer: &'a Gazetteer,
    /// The board's currencies.
    pub currencies: &'a [Currency],
    /// The plan's limits.
    pub limits: &'a FormLimits,
    /// Today, in days since 1970-01-01 (UTC).
    pub today_days: i64,
}

struct Errors(Vec<FieldError>);

impl Errors {
    fn add(&mut self, field: impl Into<String>, code: ErrorCode, message: impl Into<String>) {
        self.0.push(FieldError { field: field.into(), code, message: message.into() });
    }

    /// Required, then length bounds, of a trimmed text; true when it passed.
    fn text(&mut self, field: &str, value: &str, (min, max): (usize, usize)) -> bool {
        let chars = value.trim().chars().count();
        if chars == 0 {
            self.add(field, ErrorCode::Required, "This field is required");
        } else if chars < min {
            self.add(field, ErrorCode::MinLength, format!("at least {min} characters"));
        } else if chars > max {
            self.add(field, ErrorCode::MaxLength, format!("at most {max} characters"));
        } else {
            return true;
        }
        false
    }

    fn option(&mut self, field: &str, value: &str, valid: bool) {
        if value.trim().is_empty() {
            self.add(field, ErrorCode::Required, "This field is required");
        } else if !valid {
            self.add(field, ErrorCode::InvalidOption, "not one of the options");
        }
    }
}

/// The rules of a draft: only the empty shape (types, checked by deserialising), bounded sizes,
/// and what a draft save needs: a currency and a primary employment type.
pub fn validate_draft(form: &OfferForm, ctx: &FormContext<'_>) -> Vec<FieldError> {
    let mut errors = Errors(Vec::new());
    check_currency(&mut errors, form, ctx);
    errors.option("primaryEmploymentType", &form.primary_employment_type, EmploymentKind::parse(&form.primary_employment_type).is_some());
    check_sizes(&mut errors, form);
    errors.0
}

fn check_sizes(errors: &mut Errors, form: &OfferForm) {
    let texts = [
        ("companyName", &form.company_name),
        ("companyWebsite", &form.company_website),
        ("jobPositionName", &form.job_position_name),
        ("applicationTypeUri", &form.application_type_uri),
        ("contactName", &form.contact_name),
        ("contactEmail", &form.contact_email),
        ("contactPhone", &form.contact_phone),
    ];
    for (field, value) in texts {
        if value.chars().count() > MAX_TEXT_CHARS {
            errors.add(field, ErrorCode::MaxLength, format!("at most {MAX_TEXT_CHARS} characters"));
        }
    }
    for (field, value) in [
        ("informationClauseText", &form.information_clause_text),
        ("futureConsentText", &form.future_consent_text),
        ("customConsentText", &form.custom_consent_text),
    ] {
        if value.chars().count() > CLAUSE_MAX_CHARS {
            errors.add(field, ErrorCode::MaxLength, format!("at most {CLAUSE_MAX_CHARS} characters"));
        }
    }
    if form.job_description.len() > crate::validate::MAX_BODY_BYTES {
        errors.add("jobDescription", ErrorCode::BodyTooLong, "the description is too long");
    }
    for (field, len) in [
        ("locations", form.locations.len()),
        ("requiredSkills", form.required_skills.len()),
        ("optionalSkills", form.optional_skills.len()),
        ("languages", form.languages.len()),
    ] {
        if len > MAX_ROWS {
            errors.add(field, ErrorCode::TooManyValues, format!("at most {MAX_ROWS} rows"));
        }
    }
}

fn check_currency(errors: &mut Errors, form: &OfferForm, ctx: &FormContext<'_>) {
    match Currency::parse(&form.salary_currency) {
        _ if form.salary_currency.trim().is_empty() => errors.add("salaryCurrency", ErrorCode::Required, "This field is required"),
        Some(currency) if ctx.currencies.contains(&currency) => {}
        _ => errors.add("salaryCurrency", ErrorCode::InvalidCurrency, "not a currency of this board"),
    }
}

/// Every rule of section 5; an empty list means the offer may be published.
pub fn validate_form(form: &OfferForm, ctx: &FormContext<'_>) -> Vec<FieldError> {
    let mut errors = Errors(Vec::new());
    check_sizes(&mut errors, form);
    check_company(&mut errors, form);
    check_application(&mut errors, form);
    check_contact(&mut errors, form);
    check_category(&mut errors, form, ctx);
    check_description(&mut errors, &form.job_description, ctx.limits.images);
    check_locations(&mut errors, form, ctx);
    check_position(&mut errors, form, ctx);
    check_expiry(&mut errors, form, ctx);
    check_currency(&mut errors, form, ctx);
    check_salary(&mut errors, form);
    check_skills(&mut errors, form, ctx);
    check_languages(&mut errors, form);
    errors.option("workingPlace", &form.working_place, WorkplaceType::parse(&form.working_place).is_some());
    errors.option("workingTime", &form.working_time, WorkingTime::parse(&form.working_time).is_some());
    errors.0
}

/// The company section's rules without the logo (the employer panel's company data keeps its
/// logo apart): name, size and website.
pub fn validate_company_fields(form: &OfferForm) -> Vec<FieldError> {
    let mut errors = Errors(Vec::new());
    check_company_fields(&mut errors, form);
    errors.0
}

/// The application section's clause rules: the information clause and the enabled consents
/// (the employer panel's default clauses follow the same rules as an offer's).
pub fn validate_clauses(form: &OfferForm) -> Vec<FieldError> {
    let mut errors = Errors(Vec::new());
    for (field, value) in [
        ("informationClauseText", &form.information_clause_text),
        ("futureConsentText", &form.future_consent_text),
        ("customConsentText", &form.custom_consent_text),
    ] {
        if value.chars().count() > CLAUSE_MAX_CHARS {
            errors.add(field, ErrorCode::MaxLength, format!("at most {CLAUSE_MAX_CHARS} characters"));
        }
    }
    if errors.0.is_empty() {
        check_clauses(&mut errors, form);
    }
    errors.0
}

fn check_company_fields(errors: &mut Errors, form: &OfferForm) {
    errors.text("companyName", &form.company_name, COMPANY_NAME_CHARS);
    errors.option("companySize", &form.company_size, COMPANY_SIZES.contains(&form.company_size.as_str()));
    check_url(errors, "companyWebsite", &form.company_website);
}

fn check_company(errors: &mut Errors, form: &OfferForm) {
    check_company_fields(errors, form);
    if form.company_logo.trim().is_empty() {
        errors.add("companyLogo", ErrorCode::Required, "This field is required");
    }
}

/// Required, no whitespace, an http(s) protocol, and a host with a dot.
fn check_url(errors: &mut Errors, field: &str, value: &str) {
    let value = value.trim();
    if value.is_empty() {
        errors.add(field, ErrorCode::Required, "This field is required");
    } else if value.chars().any(char::is_whitespace) {
        errors.add(field, ErrorCode::NoWhitespace, "no spaces allowed");
    } else if !has_protocol(value) {
        errors.add(field, ErrorCode::UrlProtocolRequired, "the address must start with http:// or https://");
    } else if !is_url(value) {
        errors.add(field, ErrorCode::InvalidUrl, "not a web address");
    }
}

fn has_protocol(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    lower.starts_with("http://") || lower.starts_with("https://")
}

/// An http(s) URL whose host is dot-separated labels of letters, digits and dashes (an
/// optional port), with anything after its first `/`, `?` or `#`.
pub(crate) fn is_url(value: &str) -> bool {
    let Some((_, rest)) = value.split_once("://") else { return false };
    if value.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return false;
    }
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = match authority.rsplit_once(':') {
        Some((host, port)) if !port.is_empty() && port.len() <= 5 && port.bytes().all(|b| b.is_ascii_digit()) => host,
        Some(_) => return false,
        None => authority,
    };
    let labels: Vec<&str> = host.split('.').collect();
    labels.len() >= 2
        && labels
            .iter()
            .all(|label| !label.is_empty() && !label.starts_with('-') && !label.ends_with('-') && label.chars().all(|c| c.is_alphanumeric() || c == '-'))
        && labels.last().is_some_and(|tld| tld.chars().all(char::is_alphabetic) && tld.chars().count() >= 2)
}

fn check_application(errors: &mut Errors, form: &OfferForm) {
    errors.option("applicationType", &form.application_type, APPLICATION_TYPES.contains(&form.application_type.as_str()));
    let uri = form.application_type_uri.trim();
    match form.application_type.as_str() {
        "url" => check_url(errors, "applicationTypeUri", uri),
        "email" if uri.is_empty() => errors.add("applicationTypeUri", ErrorCode::Required, "This field is required"),
        "email" if uri.chars().any(char::is_whitespace) => errors.add("applicationTypeUri", ErrorCode::NoWhitespace, "no spaces allowed"),
        "email" if !crate::email::is_valid_email(uri) => errors.add("applicationTypeUri", ErrorCode::InvalidEmail, "not an e-mail address"),
        _ if uri.is_empty() => errors.add("applicationTypeUri", ErrorCode::Required, "This field is required"),
        _ => {}
    }
    check_clauses(errors, form);
}

fn check_clauses(errors: &mut Errors, form: &OfferForm) {
    let clause = form.information_clause_text.trim();
    if clause.is_empty() {
        errors.add("informationClauseText", ErrorCode::Required, "This field is required");
    } else if clause.chars().count() < INFORMATION_CLAUSE_MIN_CHARS {
        errors.add("informationClauseText", ErrorCode::MinLength, format!("at least {INFORMATION_CLAUSE_MIN_CHARS} characters"));
    } else if clause.contains(CLAUSE_PLACEHOLDER) {
        errors.add("informationClauseText", ErrorCode::ForbiddenPlaceholder, format!("replace {CLAUSE_PLACEHOLDER} with the controller's name"));
    }
    for (enabled, field, text) in [
        (form.future_consent_enabled, "futureConsentText", &form.future_consent_text),
        (form.custom_consent_enabled, "customConsentText", &form.custom_consent_text),
    ] {
        if !enabled {
            continue;
        }
        let text = text.trim();
        if text.is_empty() {
            errors.add(field, ErrorCode::Required, "This field is required");
        } else if text.chars().count() < CONSENT_MIN_CHARS {
            errors.add(field, ErrorCode::MinLength, format!("at least {CONSENT_MIN_CHARS} characters"));
        } else if !text.contains(CLAUSE_PLACEHOLDER) {
            errors.add(field, ErrorCode::MissingPlaceholder, format!("the consent must contain {CLAUSE_PLACEHOLDER}"));
        }
    }
}

fn check_contact(errors: &mut Errors, form: &OfferForm) {
    if errors.text("contactName", &form.contact_name, CONTACT_NAME_CHARS) && form.contact_name.split_whitespace().count() < 2 {
        errors.add("contactName", ErrorCode::TwoWordsRequired, "first and last name");
    }
    let email = form.contact_email.trim();
    if email.is_empty() {
        errors.add("contactEmail", ErrorCode::Required, "This field is required");
    } else if !crate::email::is_valid_email(email) {
        errors.add("contactEmail", ErrorCode::InvalidEmail, "not an e-mail address");
    }
    let phone = form.contact_phone.trim();
    if phone.is_empty() {
        return;
    }
    let chars = phone.chars().count();
    if chars < PHONE_CHARS.0 {
        errors.add("contactPhone", ErrorCode::MinLength, format!("at least {} characters", PHONE_CHARS.0));
    } else if chars > PHONE_CHARS.1 {
        errors.add("contactPhone", ErrorCode::MaxLength, format!("at most {} characters", PHONE_CHARS.1));
    } else if !is_phone(phone) {
        errors.add("contactPhone", ErrorCode::InvalidPhone, "not a phone number");
    }
}

/// An optional `+` country prefix, then groups of digits separated by single spaces or dashes;
/// 9 to 15 digits in all.
pub fn is_phone(phone: &str) -> bool {
    let digits_part = phone.strip_prefix('+').unwrap_or(phone);
    let groups: Vec<&str> = digits_part.split([' ', '-']).collect();
    let n_digits: usize = groups.iter().map(|g| g.len()).sum();
    groups.iter().all(|group| !group.is_empty() && group.bytes().all(|b| b.is_ascii_digit())) && (9..=15).contains(&n_digits)
}

fn check_category(errors: &mut Errors, form: &OfferForm, ctx: &FormContext<'_>) {
    let key = form.job_category.trim();
    if key.is_empty() {
        errors.add("jobCategory", ErrorCode::Required, "This field is required");
        return;
    }
    let Some(root) = ctx.categories.roots().iter().find(|c| c.slug == key && !c.is_static) else {
        errors.add("jobCategory", ErrorCode::UnknownCategory, "not a category of this board");
        return;
    };
    if !ctx.limits.categories.is_empty() && !ctx.limits.categories.iter().any(|allowed| allowed == key) {
        errors.add("jobCategory", ErrorCode::NotAllowedByPlan, "the plan does not include this category");
    }
    let sub = form.job_subcategory.trim();
    if sub.is_empty() {
        if !root.children.is_empty() {
            errors.add("jobSubcategory", ErrorCode::Required, "This field is required");
        }
    } else if !root.children.iter().any(|child| child.slug == sub) {
        errors.add("jobSubcategory", ErrorCode::UnknownCategory, "not a subcategory of the category");
    }
}

/// The text of an HTML fragment without its markup (entities decoded for spaces only).
pub fn strip_markup(html: &str) -> String {
    let text = ammonia::Builder::empty().clean(html).to_string();
    text.replace("&nbsp;", " ").replace('\u{a0}', " ")
}

/// The `src` of every `<img>` of an HTML fragment, parsed as a browser would.
fn image_sources(html: &str) -> Vec<String> {
    let found = Arc::new(Mutex::new(Vec::new()));
    let sink = found.clone();
    let mut builder = ammonia::Builder::empty();
    builder
        .tags(["img"].into_iter().collect())
        .tag_attributes([("img", ["src"].into_iter().collect())].into_iter().collect())
        .url_schemes(["data", "http", "https"].into_iter().collect())
        .attribute_filter(move |element, attribute, value| {
            if element == "img" && attribute == "src" {
                sink.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).push(value.to_string());
            }
            Some(value.into())
        });
    let cleaned = builder.clean(html).to_string();
    let mut sources = found.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).clone();
    // Images without a src are images too.
    let n_images = cleaned.matches("<img").count();
    sources.resize(n_images.max(sources.len()), String::new());
    sources
}

/// The bytes of the description's one inline JPEG (`data:image/jpeg;base64,…`), when it has
/// exactly one image and it is that; `None` otherwise (the rules report the rest).
pub fn inline_jpeg(html: &str) -> Option<Vec<u8>> {
    use base64::Engine as _;
    let images = image_sources(html);
    let [source] = images.as_slice() else { return None };
    let trimmed = source.trim_start();
    let prefix = "data:image/jpeg;base64,";
    if trimmed.len() < prefix.len() || !trimmed[..prefix.len()].eq_ignore_ascii_case(prefix) {
        return None;
    }
    let payload: String = trimmed[prefix.len()..].chars().filter(|c| !c.is_whitespace()).collect();
    base64::engine::general_purpose::STANDARD.decode(payload).ok()
}

fn check_description(errors: &mut Errors, html: &str, images_allowed: bool) {
    let images = image_sources(html);
    if !images.is_empty() && !images_allowed {
        // A plan sells what it enforces: graphics are a plan's feature (`enableGraphics`).
        errors.add("jobDescription", ErrorCode::NotAllowedByPlan, "the plan does not include graphics: remove the image or choose a plan with them");
    } else if images.len() > 1 {
        errors.add("jobDescription", ErrorCode::TooManyImages, "at most one image");
    } else if images.iter().any(|src| !src.trim_start().to_ascii_lowercase().starts_with("data:image/jpeg;base64,")) {
        errors.add("jobDescription", ErrorCode::InvalidImage, "the image must be an inline JPEG");
    }
    if strip_markup(html).trim().is_empty() {
        errors.add("jobDescription", ErrorCode::EmptyDescription, "This field is required");
    }
}

fn check_locations(errors: &mut Errors, form: &OfferForm, ctx: &FormContext<'_>) {
    if form.locations.is_empty() {
        errors.add("locations", ErrorCode::Required, "at least one location");
        return;
    }
    if form.locations.len() > ctx.limits.max_locations {
        errors.add("locations", ErrorCode::TooManyLocations, format!("the plan allows {} locations; ask sales for a higher plan", ctx.limits.max_locations));
    }
    for (idx, location) in form.locations.iter().enumerate() {
        let field = |name: &str| format!("locations[{idx}].{name}");
        if location.city.trim().is_empty() {
            errors.add(field("city"), ErrorCode::Required, "This field is required");
        } else if ctx.gazetteer.lookup(&location.city).is_none() {
            errors.add(field("city"), ErrorCode::LocationNotFound, "the address was not found");
        }
        if location.street.trim().is_empty() {
            errors.add(field("street"), ErrorCode::Required, "This field is required");
        }
        let coordinate_ok = |value: Option<f64>, bound: f64| value.is_none_or(|v| v.is_finite() && v.abs() <= bound);
        if !coordinate_ok(location.latitude, 90.0) || !coordinate_ok(location.longitude, 180.0) {
            errors.add(field("latitude"), ErrorCode::InvalidCoordinates, "latitude and longitude must be valid degrees");
        }
    }
}

fn check_position(errors: &mut Errors, form: &OfferForm, ctx: &FormContext<'_>) {
    if errors.text("jobPositionName", &form.job_position_name, POSITION_NAME_CHARS) {
        let lower = form.job_position_name.chars().filter(|c| c.is_lowercase()).count();
        let upper = form.job_position_name.chars().filter(|c| c.is_uppercase()).count();
        if lower < 4 || (lower as i64) <= upper as i64 - 2 {
            errors.add("jobPositionName", ErrorCode::TooManyUppercase, "too many capital letters");
        }
    }
    let experience = ExperienceLevel::parse(&form.job_position_experience);
    errors.option("jobPositionExperience", &form.job_position_experience, experience.is_some());
    if let Some(level) = experience {
        if !ctx.limits.seniority.is_empty() && !ctx.limits.seniority.contains(&level) {
            errors.add("jobPositionExperience", ErrorCode::NotAllowedByPlan, "the plan does not include this seniority");
        }
    }
}

/// Days since 1970-01-01 of a `YYYY-MM-DD` date (a real calendar day), else `None`.
pub fn parse_date_days(text: &str) -> Option<i64> {
    let bytes = text.as_bytes();
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return None;
    }
    let number = |range: std::ops::Range<usize>| text.get(range).filter(|s| s.bytes().all(|b| b.is_ascii_digit())).and_then(|s| s.parse::<i64>().ok());
    let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let month_days = [31, if leap { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    if !(1..=12).contains(&month) || day < 1 || day > month_days[(month - 1) as usize] {
        return None;
    }
    // Howard Hinnant's days_from_civil.
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some(era * 146_097 + doe - 719_468)
}

fn check_expiry(errors: &mut Errors, form: &OfferForm, ctx: &FormContext<'_>) {
    if !form.expired_at_enabled {
        return;
    }
    let text = form.expired_at.trim();
    if text.is_empty() {
        errors.add("expiredAt", ErrorCode::Required, "This field is required");
        return;
    }
    match parse_date_days(text) {
        None => errors.add("expiredAt", ErrorCode::InvalidDate, "the date must be YYYY-MM-DD"),
        Some(day) if day <= ctx.today_days => errors.add("expiredAt", ErrorCode::DateInPast, "the date must be after today"),
        Some(day) if day > ctx.today_days + ctx.limits.duration_days => {
            errors.add("expiredAt", ErrorCode::DateAfterMax, format!("at most {} days from today", ctx.limits.duration_days))
        }
        Some(_) => {}
    }
}

/// A salary value: empty (`None`), a non-negative number, or an error.
pub(crate) fn salary_value(value: &serde_json::Value) -> Result<Option<f64>, ()> {
    let number = match value {
        serde_json::Value::Null => return Ok(None),
        serde_json::Value::String(text) if text.trim().is_empty() => return Ok(None),
        serde_json::Value::String(text) => text.trim().replace(',', ".").parse::<f64>().map_err(|_| ())?,
        serde_json::Value::Number(number) => number.as_f64().ok_or(())?,
        _ => return Err(()),
    };
    if number.is_finite() && number >= 0.0 {
        Ok(Some(number))
    } else {
        Err(())
    }
}

fn check_salary(errors: &mut Errors, form: &OfferForm) {
    if form.salary_unit.trim().is_empty() {
        errors.add("salaryUnit", ErrorCode::UnitRequired, "choose a unit");
    } else if SalaryUnit::parse(&form.salary_unit).is_none() {
        errors.add("salaryUnit", ErrorCode::InvalidOption, "not one of the options");
    }
    let mut blocks = vec![("primary", &form.primary_employment_type, &form.primary_salary_type, &form.primary_salary_from, &form.primary_salary_to)];
    if form.second_salary_active {
        blocks.push(("additional", &form.additional_employment_type, &form.additional_salary_type, &form.additional_salary_from, &form.additional_salary_to));
    }
    for (prefix, kind, salary_type, from, to) in blocks {
        let kind_field = format!("{prefix}EmploymentType");
        let kind_value = EmploymentKind::parse(kind);
        errors.option(&kind_field, kind, kind_value.is_some());
        let type_field = format!("{prefix}SalaryType");
        let type_needed = kind_value == Some(EmploymentKind::Any) || prefix == "additional";
        if salary_type.trim().is_empty() {
            if type_needed {
                errors.add(type_field, ErrorCode::TypeRequired, "choose gross or net");
            }
        } else if !SALARY_TYPES.contains(&salary_type.as_str()) {
            errors.add(type_field, ErrorCode::InvalidOption, "gross or net");
        }
        let from_field = format!("{prefix}SalaryFrom");
        let to_field = format!("{prefix}SalaryTo");
        let from = salary_value(from).map_err(|()| errors.add(&from_field, ErrorCode::ValueMustBeNumber, "a non-negative number"));
        let to = salary_value(to).map_err(|()| errors.add(&to_field, ErrorCode::ValueMustBeNumber, "a non-negative number"));
        match (from, to) {
            (Ok(Some(from)), Ok(Some(to))) if from > to => errors.add(from_field, ErrorCode::MinLowerThanMax, "the lower amount must not exceed the higher"),
            (Ok(Some(from)), Ok(Some(to))) if to > 3.0 * from => {
                errors.add(to_field, ErrorCode::ThreeTimesRule, "the higher amount may be at most three times the lower")
            }
            (Ok(Some(_)), Ok(None)) => errors.add(to_field, ErrorCode::IncorrectRanges, "fill both amounts or neither"),
            (Ok(None), Ok(Some(_))) => errors.add(from_field, ErrorCode::IncorrectRanges, "fill both amounts or neither"),
            _ => {}
        }
    }
}

fn check_skills(errors: &mut Errors, form: &OfferForm, ctx: &FormContext<'_>) {
    if form.required_skills.is_empty() {
        errors.add("requiredSkills", ErrorCode::Required, "at least one required skill");
    }
    let mut seen = std::collections::HashSet::new();
    for (list_field, skills) in [("requiredSkills", &form.required_skills), ("optionalSkills", &form.optional_skills)] {
        if skills.len() > ctx.limits.max_skills {
            errors.add(list_field, ErrorCode::TooManySkills, format!("at most {} skills", ctx.limits.max_skills));
        }
        for (idx, skill) in skills.iter().enumerate() {
            let field = format!("{list_field}[{idx}].name");
            let name = skill.name.trim();
            if name.is_empty() {
                errors.add(field, ErrorCode::Required, "This field is required");
                continue;
            }
            if name.chars().count() > SKILL_NAME_MAX_CHARS {
                errors.add(&field, ErrorCode::MaxLength, format!("at most {SKILL_NAME_MAX_CHARS} characters"));
            }
            if !seen.insert(fold(name)) {
                errors.add(&field, ErrorCode::DuplicateSkill, "a skill can be listed once, either required or optional");
            }
            if !skill.level.is_some_and(|level| (1..=5).contains(&level)) {
                errors.add(format!("{list_field}[{idx}].level"), ErrorCode::InvalidSkill, "a level from 1 to 5");
            }
        }
    }
}

fn check_languages(errors: &mut Errors, form: &OfferForm) {
    let kept: Vec<_> = form.languages.iter().enumerate().filter(|(_, l)| !l.code.trim().is_empty() && !l.level.trim().is_empty()).collect();
    if kept.len() > MAX_LANGUAGES {
        errors.add("languages", ErrorCode::TooManyLanguages, format!("at most {MAX_LANGUAGES} languages"));
    }
    for (idx, language) in kept {
        let code_ok = language.code.len() == 2 && language.code.bytes().all(|b| b.is_ascii_lowercase());
        if !code_ok || !LANGUAGE_LEVELS.contains(&language.level.as_str()) {
            errors.add(format!("languages[{idx}]"), ErrorCode::InvalidLanguage, "a language code and a level from A1 to C2");
        }
    }
}
