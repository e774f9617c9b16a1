use proptest::prelude::*;

use super::*;
use crate::ExperienceLevel;

fn input(name: &str, email: &str, message: Option<&str>, has_attachment: bool) -> ApplyFormInput {
    ApplyFormInput { name: Some(name.into()), email: Some(email.into()), message: message.map(str::to_string), has_attachment, ..Default::default() }
}

/// Returns the code and field of the first problem, or `None` when the form is accepted.
fn first_problem(form_input: &ApplyFormInput) -> Option<(ErrorCode, String)> {
    form_input.parse_valid().err().map(|error| (error.code, error.field))
}

#[test]
fn a_complete_form_is_accepted_and_normalised() {
    let mut form_input = input("  Jan Kowalski ", " Jan.Kowalski@Example.PL ", Some(" Dzień dobry\r\nPozdrawiam \n"), false);
    form_input.future_consent_accepted = Some("on".into());
    form_input.custom_consent_accepted = Some("false".into());
    let form = form_input.parse_valid().unwrap();
    assert_eq!(form.name, "Jan Kowalski");
    assert_eq!(form.email, "Jan.Kowalski@example.pl");
    assert_eq!(form.normalized_email(), "jan.kowalski@example.pl");
    assert_eq!(form.message.as_deref(), Some("Dzień dobry\nPozdrawiam"));
    assert_eq!(form.source, ApplySource::ApplyForm);
    assert!(form.future_consent_accepted);
    assert!(!form.custom_consent_accepted);
    assert_eq!(form.candidate_id, None);
}

#[test]
fn each_rule_answers_the_specs_key() {
    let required = |field: &str| Some((ErrorCode::Required, field.to_string()));
    assert_eq!(first_problem(&input(" ", "jan@example.pl", Some("hi"), false)), required("name"));
    assert_eq!(first_problem(&ApplyFormInput { email: Some("jan@example.pl".into()), has_attachment: true, ..Default::default() }), required("name"));
    assert_eq!(first_problem(&input("Jan", "  ", Some("hi"), false)), required("email"));
    assert_eq!(first_problem(&input("Jan", "jan@", Some("hi"), false)), Some((ErrorCode::InvalidEmail, "email".into())));
    let long_message = "a".repeat(MAX_MESSAGE_CHARS + 1);
    assert_eq!(first_problem(&input("Jan", "jan@example.pl", Some(&long_message), true)), Some((ErrorCode::MessageLength, "message".into())));
    assert_eq!(first_problem(&input("Jan", "jan@example.pl", None, false)), Some((ErrorCode::FileOrDescriptionRequired, "attachment".into())));
    assert_eq!(first_problem(&input("Jan", "jan@example.pl", Some(" \n "), false)), Some((ErrorCode::FileOrDescriptionRequired, "attachment".into())));
    assert_eq!(first_problem(&input("Jan", "jan@example.pl", None, true)), None);
    assert_eq!(first_problem(&input("Jan", "jan@example.pl", Some("Hello"), false)), None);
    let long_name = "J".repeat(MAX_NAME_CHARS + 1);
    assert_eq!(first_problem(&input(&long_name, "jan@example.pl", None, true)), Some((ErrorCode::InvalidName, "name".into())));
}

#[test]
fn errors_come_in_the_documented_order() {
    let long_message = "a".repeat(MAX_MESSAGE_CHARS + 1);
    // Everything is wrong: name is reported first, then email, then message length.
    assert_eq!(first_problem(&input("", "bad", Some(&long_message), false)).unwrap().0, ErrorCode::Required);
    assert_eq!(first_problem(&input("Jan", "bad", Some(&long_message), false)).unwrap().0, ErrorCode::InvalidEmail);
    assert_eq!(first_problem(&input("Jan", "jan@example.pl", Some(&long_message), false)).unwrap().0, ErrorCode::MessageLength);
}

#[test]
fn the_message_limit_counts_characters_not_bytes() {
    for letter in ["a", "ż", "🦀"] {
        let at_limit = letter.repeat(MAX_MESSAGE_CHARS);
        assert_eq!(first_problem(&input("Jan", "jan@example.pl", Some(&at_limit), false)), None, "{letter}");
        let over = letter.repeat(MAX_MESSAGE_CHARS + 1);
        assert_eq!(first_problem(&input("Jan", "jan@example.pl", Some(&over), false)).unwrap().0, ErrorCode::MessageLength, "{letter}");
    }
    // A browser sends a textarea's line breaks as CRLF; each still counts as one character.
    let with_breaks = "ą\r\n".repeat(MAX_MESSAGE_CHARS / 2);
    assert_eq!(message_chars(&with_breaks), MAX_MESSAGE_CHARS);
    let form = ApplyForm { message: Some(with_breaks), ..input("Jan", "jan@example.pl", None, false).parse().unwrap() };
    assert_eq!(form.validate(), Ok(()));
}

#[test]
fn the_counter_warns_within_the_buffer() {
    assert!(!message_near_limit(MAX_MESSAGE_CHARS - MESSAGE_WARNING_BUFFER - 1));
    assert!(message_near_limit(MAX_MESSAGE_CHARS - MESSAGE_WARNING_BUFFER));
    assert!(message_near_limit(MAX_MESSAGE_CHARS + 5));
}

#[test]
fn consent_flags_accept_only_booleans() {
    for (raw, expected) in [("true", true), ("TRUE", true), ("1", true), ("on", true), ("false", false), ("0", false), (" false ", false)] {
        let form_input = ApplyFormInput { custom_consent_accepted: Some(raw.into()), ..input("Jan", "jan@example.pl", Some("hi"), false) };
        assert_eq!(form_input.parse().unwrap().custom_consent_accepted, expected, "{raw}");
    }
    for raw in ["yes", "", "2", "off", "truee"] {
        let form_input = ApplyFormInput { future_consent_accepted: Some(raw.into()), ..input("Jan", "jan@example.pl", Some("hi"), false) };
        let error = form_input.parse().unwrap_err();
        assert_eq!((error.code, error.field.as_str()), (ErrorCode::InvalidBoolean, "future_consent_accepted"), "{raw:?}");
    }
    assert!(!input("Jan", "jan@example.pl", Some("hi"), false).parse().unwrap().future_consent_accepted);
}

#[test]
fn source_and_candidate_are_parsed_strictly() {
    let base = input("Jan", "jan@example.pl", Some("hi"), false);
    let one_click = ApplyFormInput { source: Some("1_click_apply".into()), candidate_id: Some(" cand-42 ".into()), ..base.clone() };
    let form = one_click.parse().unwrap();
    assert_eq!((form.source, form.candidate_id.as_deref()), (ApplySource::OneClickApply, Some("cand-42")));
    let unknown_source = ApplyFormInput { source: Some("email".into()), ..base.clone() };
    assert_eq!(unknown_source.parse().unwrap_err().code, ErrorCode::InvalidSource);
    let one_click_anonymous = ApplyFormInput { source: Some("1_click_apply".into()), ..base.clone() };
    assert_eq!(one_click_anonymous.parse().unwrap_err(), FieldError::new("candidate_id", ErrorCode::Required, "one-click apply needs a candidate"));
    let bad_candidate = ApplyFormInput { candidate_id: Some("a/b".into()), ..base.clone() };
    assert_eq!(bad_candidate.parse().unwrap_err().code, ErrorCode::InvalidCandidateId);
    let blank_candidate = ApplyFormInput { candidate_id: Some("  ".into()), ..base };
    assert_eq!(blank_candidate.parse().unwrap().candidate_id, None);
}

#[test]
fn the_wire_names_are_the_specs() {
    assert_eq!(serde_json::to_string(&ApplySource::OneClickApply).unwrap(), r#""1_click_apply""#);
    assert_eq!(serde_json::from_str::<ApplySource>(r#""apply_form""#).unwrap(), ApplySource::ApplyForm);
    assert_eq!(serde_json::to_string(&ApplyUserStatus::MissingPreferences).unwrap(), r#""missingPreferences""#);
    for status in [ApplyUserStatus::Unregistered, ApplyUserStatus::MissingPreferences, ApplyUserStatus::WithPreferences] {
        assert_eq!(serde_json::to_string(&status).unwrap(), format!("\"{}\"", status.as_str()));
    }
    for code in [ErrorCode::InvalidEmail, ErrorCode::FileOrDescriptionRequired, ErrorCode::FileSize, ErrorCode::FileType, ErrorCode::MessageLength] {
        assert!(code.as_str().chars().any(|c| c.is_ascii_uppercase()), "{code}");
    }
    assert_eq!(ErrorCode::Required.as_str(), "required");
}

#[test]
fn set_field_fills_known_fields_only() {
    let mut form_input = ApplyFormInput::default();
    assert!(form_input.set_field("name", "Jan".into()));
    assert!(form_input.set_field("email", "jan@example.pl".into()));
    assert!(form_input.set_field("message", "hi".into()));
    assert!(!form_input.set_field("attachment", "x".into()));
    assert!(!form_input.set_field("recaptcha", "x".into()));
    assert!(form_input.parse_valid().is_ok());
}

#[test]
fn attachment_limits_are_the_specs() {
    assert_eq!(attachment_size_error(MAX_ATTACHMENT_BYTES), None);
    assert_eq!(attachment_size_error(MAX_ATTACHMENT_BYTES + 1).unwrap().code, ErrorCode::FileSize);
    assert_eq!(attachment_type_error().code, ErrorCode::FileType);
    assert_eq!(AttachmentType::from_mime("Application/PDF; name=cv.pdf"), Some(AttachmentType::Pdf));
    assert_eq!(AttachmentType::from_mime("application/msword"), None);
    assert_eq!(AttachmentType::from_file_name("CV Jan.JPG"), Some(AttachmentType::Jpeg));
    assert_eq!(AttachmentType::from_file_name("cv.docx"), Some(AttachmentType::Docx));
    assert_eq!(AttachmentType::from_file_name("cv.exe"), None);
    assert_eq!(AttachmentType::from_file_name("cv"), None);
}

#[test]
fn consent_previews_cut_at_120_characters() {
    let short = "Wyrażam zgodę.";
    assert_eq!(consent_preview(short), (short, false));
    let exact = "ż".repeat(CONSENT_PREVIEW_CHARS);
    assert_eq!(consent_preview(&exact), (exact.as_str(), false));
    let long = "ż".repeat(CONSENT_PREVIEW_CHARS + 1);
    let (preview, cut) = consent_preview(&long);
    assert!(cut);
    assert_eq!(preview.chars().count(), CONSENT_PREVIEW_CHARS);
}

#[test]
fn one_click_needs_all_four_conditions() {
    assert!(one_click_allowed(true, true, true, false));
    assert!(!one_click_allowed(false, true, true, false));
    assert!(!one_click_allowed(true, false, true, false));
    assert!(!one_click_allowed(true, true, false, false));
    assert!(!one_click_allowed(true, true, true, true));
}

#[test]
fn user_status_follows_login_and_preferences() {
    assert_eq!(ApplyUserStatus::of(None), ApplyUserStatus::Unregistered);
    assert_eq!(ApplyUserStatus::of(Some(&Preferences::default())), ApplyUserStatus::MissingPreferences);
    let preferences = Preferences { experience_levels: vec![ExperienceLevel::Senior], ..Default::default() };
    assert_eq!(ApplyUserStatus::of(Some(&preferences)), ApplyUserStatus::WithPreferences);
}

fn any_field() -> impl Strategy<Value = Option<String>> {
    prop_oneof![Just(None), any::<String>().prop_map(Some), "[a-zA-Z0-9@._+ \r\n-]{0,40}".prop_map(Some), Just(Some("1_click_apply".to_string()))]
}

proptest! {
    #[test]
    fn parsing_and_validating_never_panic(
        name in any_field(), email in any_field(), message in any_field(), source in any_field(),
        future in any_field(), custom in any_field(), candidate in any_field(), has_attachment in any::<bool>(),
    ) {
        let form_input = ApplyFormInput {
            name, email, message, source, future_consent_accepted: future, custom_consent_accepted: custom, candidate_id: candidate, has_attachment,
        };
        if let Ok(form) = form_input.parse() {
            let _ = form.validate();
            let _ = form.normalized_email();
        }
    }

    #[test]
    fn the_boundary_is_1000_characters_of_any_script(letter in prop_oneof![Just('a'), Just('ł'), Just('Ż'), Just('🦀'), Just('漢')], extra in 0usize..3) {
        let message: String = std::iter::repeat_n(letter, MAX_MESSAGE_CHARS - 1 + extra).collect();
        let result = input("Jan", "jan@example.pl", Some(&message), false).parse_valid();
        prop_assert_eq!(result.is_ok(), extra <= 1);
    }

    #[test]
    fn email_checks_never_panic(raw in any::<String>()) {
        let _ = crate::email::is_valid_email(raw.trim());
        let _ = crate::email::normalize_email(&raw);
    }
}
