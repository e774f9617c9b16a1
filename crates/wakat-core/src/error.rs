//! The error every domain check returns: which field, a stable code and an explanation.

/// Declares [`FieldCode`] from one table of `Variant => "wire_code"` rows.
macro_rules! field_codes {
    ($($(#[$doc:meta])* $variant:ident => $code:literal,)+) => {
        /// Stable machine-readable reason a value was refused. The wire form (`as_str`) never
        /// changes once published; clients branch on it.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum FieldCode {
            $($(#[$doc])* $variant,)+
        }

        impl FieldCode {
            /// Every code, for documentation (the OpenAPI document lists them).
            pub const ALL: &'static [FieldCode] = &[$(FieldCode::$variant,)+];

            /// The wire form: snake_case, except the apply form's camelCase keys fixed by the spec.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(FieldCode::$variant => $code,)+
                }
            }
        }
    };
}

field_codes! {
    /// Not a number.
    InvalidNumber => "invalid_number",
    /// Not true or false.
    InvalidBoolean => "invalid_boolean",
    /// More values than an array parameter takes.
    TooManyValues => "too_many_values",
    /// A search phrase too long or empty where one is needed.
    InvalidKeyword => "invalid_keyword",
    /// A radius out of bounds.
    InvalidRadius => "invalid_radius",
    /// A category the board does not have.
    UnknownCategory => "unknown_category",
    /// Not a contract type.
    InvalidEmploymentType => "invalid_employment_type",
    /// Not a seniority.
    InvalidExperienceLevel => "invalid_experience_level",
    /// Not a working time.
    InvalidWorkingTime => "invalid_working_time",
    /// Not a workplace.
    InvalidWorkplaceType => "invalid_workplace_type",
    /// Not a currency of the board.
    InvalidCurrency => "invalid_currency",
    /// Not ASC or DESC.
    InvalidOrder => "invalid_order",
    /// Not a sort.
    InvalidSort => "invalid_sort",
    /// A page number out of range.
    InvalidPage => "invalid_page",
    /// A page size out of range.
    InvalidPerPage => "invalid_per_page",
    /// A cursor page size out of range.
    InvalidItemsCount => "invalid_items_count",
    /// An offset out of range.
    InvalidFrom => "invalid_from",
    /// A cursor that does not decode or holds unknown values.
    InvalidCursor => "invalid_cursor",
    /// A map viewport that is incomplete or out of range.
    InvalidViewport => "invalid_viewport",
    /// A zoom out of range.
    InvalidZoom => "invalid_zoom",
    /// A radius around a city the gazetteer does not know.
    UnknownCity => "unknown_city",
    /// A radius without a city.
    RadiusWithoutCity => "radius_without_city",
    /// A salary out of the board's bounds.
    InvalidSalary => "invalid_salary",
    /// A salary range whose bottom is above its top.
    InvalidSalaryRange => "invalid_salary_range",
    /// A language other than pl or en.
    InvalidLang => "invalid_lang",
    /// A result count out of range.
    InvalidLimit => "invalid_limit",
    /// A slug that is not lowercase letters, digits and dashes.
    InvalidSlug => "invalid_slug",
    /// A title empty or too long.
    InvalidTitle => "invalid_title",
    /// A company name empty or too long.
    InvalidCompanyName => "invalid_company_name",
    /// No locations, or too many.
    InvalidLocations => "invalid_locations",
    /// A location without a city.
    InvalidCity => "invalid_city",
    /// Coordinates out of range.
    InvalidCoordinates => "invalid_coordinates",
    /// No employment type.
    InvalidEmploymentTypes => "invalid_employment_types",
    /// Too many skills of one kind.
    TooManySkills => "too_many_skills",
    /// A skill without a name or with a bad level.
    InvalidSkill => "invalid_skill",
    /// Too many languages.
    TooManyLanguages => "too_many_languages",
    /// A language with a bad code or level.
    InvalidLanguage => "invalid_language",
    /// A description over the size limit.
    BodyTooLong => "body_too_long",
    /// An expiry before publication.
    InvalidExpiry => "invalid_expiry",
    /// A name over the length limit or with control characters.
    InvalidName => "invalid_name",
    /// An apply source other than `apply_form` or `1_click_apply`.
    InvalidSource => "invalid_source",
    /// A candidate id that is not 1 to 64 letters, digits, `-` or `_`.
    InvalidCandidateId => "invalid_candidate_id",
    // The apply form's keys below are the spec's (`applyForm.errors.*`), camelCase and fixed: the
    // web app looks its messages up by them.
    /// A required field is missing or blank (the field name is in `field`).
    Required => "required",
    /// An e-mail address that mail cannot reach.
    InvalidEmail => "invalidEmail",
    // The job-alert form's keys (alerts spec, section 5), also the spec's and camelCase.
    /// A required job-alert field is empty.
    FieldRequired => "fieldRequired",
    /// A character outside the allowed set.
    InvalidCharactersError => "invalidCharactersError",
    /// Longer than allowed (999 characters for an alert name).
    MaxValueError => "maxValueError",
    /// An application with neither an attachment nor a message.
    FileOrDescriptionRequired => "fileOrDescriptionRequired",
    /// An attachment over the size limit.
    FileSize => "fileSize",
    /// An attachment of a type not accepted.
    FileType => "fileType",
    /// A message over the length limit.
    MessageLength => "messageLength",
    /// A new password shorter than the minimum.
    PasswordTooShort => "password_too_short",
    /// A new password longer than the maximum.
    PasswordTooLong => "password_too_long",
    /// A new password equal to the e-mail.
    PasswordIsEmail => "password_is_email",
    /// A new password that is among the common or breached ones (zxcvbn scores it under 10^6 guesses).
    PasswordTooCommon => "password_too_common",
    /// A new password of whitespace only.
    PasswordBlank => "password_blank",
    /// A new password with a control character (a NUL, a line break…).
    PasswordControlCharacters => "password_control_characters",
    /// A confirmation that must choose the password (the address was registered more than once).
    PasswordRequired => "password_required",
    /// The current password given to confirm a change is wrong.
    InvalidPassword => "invalid_password",
    /// A new e-mail equal to the current one.
    SameEmail => "same_email",
    // The employer's offer form (section 5 of the employer spec); keys in `offer_form::rules`.
    /// Shorter than the field's minimum.
    MinLength => "min_length",
    /// Longer than the field's maximum.
    MaxLength => "max_length",
    /// Not one of the field's options.
    InvalidOption => "invalid_option",
    /// Not a URL.
    InvalidUrl => "invalid_url",
    /// A URL without its http:// or https://.
    UrlProtocolRequired => "url_protocol_required",
    /// Whitespace where none may be.
    NoWhitespace => "no_whitespace",
    /// A logo that is not JPEG or PNG by its content.
    LogoWrongFormat => "logo_wrong_format",
    /// A logo over 5 MB.
    LogoTooLarge => "logo_too_large",
    /// An empty logo file.
    LogoEmpty => "logo_empty",
    /// A logo file too small to be an image worth showing.
    LogoTooSmall => "logo_too_small",
    /// The stored logo must be uploaded again.
    LogoReupload => "logo_reupload",
    /// A clause holding the placeholder it must not hold.
    ForbiddenPlaceholder => "forbidden_placeholder",
    /// A consent without the placeholder it must hold.
    MissingPlaceholder => "missing_placeholder",
    /// A contact name of one word.
    TwoWordsRequired => "two_words_required",
    /// Not a phone number.
    InvalidPhone => "invalid_phone",
    /// More than one inline image, or an image other than an inline JPEG.
    TooManyImages => "too_many_images",
    /// An image that is not an inline JPEG.
    InvalidImage => "invalid_image",
    /// A description with no text once markup is stripped.
    EmptyDescription => "empty_description",
    /// A city the gazetteer does not know (the geocoder's ZERO_RESULTS).
    LocationNotFound => "location_not_found",
    /// More locations than the plan allows.
    TooManyLocations => "too_many_locations",
    /// A position name shouting in capitals.
    TooManyUppercase => "too_many_uppercase",
    /// A date that does not parse as `YYYY-MM-DD`.
    InvalidDate => "invalid_date",
    /// A date before the earliest allowed.
    DateInPast => "date_in_past",
    /// A date after the latest allowed.
    DateAfterMax => "date_after_max",
    /// Salary from above salary to.
    MinLowerThanMax => "min_lower_than_max",
    /// Salary to above three times salary from.
    ThreeTimesRule => "three_times_rule",
    /// A salary range with one bound only.
    IncorrectRanges => "incorrect_ranges",
    /// A salary type (gross/net) missing where one is needed.
    TypeRequired => "type_required",
    /// A salary unit missing.
    UnitRequired => "unit_required",
    /// A salary value that is not a non-negative number.
    ValueMustBeNumber => "value_must_be_number",
    /// A skill both required and optional, or listed twice.
    DuplicateSkill => "duplicate_skill",
    /// Seniority or category outside the plan's limits.
    NotAllowedByPlan => "not_allowed_by_plan",
    /// A password confirmation that differs from the password.
    PasswordMismatch => "password_mismatch",
    // The employer panel (issue 12): billing data and brand stories.
    /// A Polish tax id (NIP) whose checksum or length is wrong.
    InvalidNip => "invalid_nip",
    /// A foreign tax id not in its country's shape (an EU VAT number by its member state's rule).
    InvalidTaxId => "invalid_tax_id",
    /// Not an ISO 3166-1 alpha-2 country code.
    InvalidCountry => "invalid_country",
    /// A Polish postal code not written `NN-NNN`.
    InvalidPostalCode => "invalid_postal_code",
    /// A technology the board's dictionary does not have.
    UnknownTechnology => "unknown_technology",
}

impl std::fmt::Display for FieldCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A value that cannot be used, with the field it came from.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct FieldError {
    /// Field or parameter name as the caller wrote it (without `[]`).
    pub field: String,
    /// Stable machine-readable code.
    pub code: FieldCode,
    /// Human-readable explanation.
    pub message: String,
}

impl FieldError {
    /// Builds an error.
    pub fn new(field: &str, code: FieldCode, message: impl Into<String>) -> FieldError {
        FieldError { field: field.to_string(), code, message: message.into() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys the spec fixes for the apply form (`applyForm.errors.*`); camelCase because the web
    /// app's messages are looked up by them. Every other code is snake_case.
    const SPEC_CAMEL_CASE_KEYS: &[&str] =
        &["invalidEmail", "fileOrDescriptionRequired", "fileSize", "fileType", "messageLength", "fieldRequired", "invalidCharactersError", "maxValueError"];

    #[test]
    fn wire_codes_are_unique_snake_case_or_the_specs_keys() {
        let mut seen = std::collections::HashSet::new();
        for code in FieldCode::ALL {
            let text = code.as_str();
            let snake_case = text.bytes().all(|b| b.is_ascii_lowercase() || b == b'_');
            assert!(snake_case || SPEC_CAMEL_CASE_KEYS.contains(&text), "{text}");
            assert!(seen.insert(text), "{text} is listed twice");
        }
    }
}
