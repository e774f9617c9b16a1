//! The one table of every stable error code the API answers: its wire form, the HTTP status an
//! answer with it carries, and (for the codes answered on their own) a default message.
//!
//! It lives in the core, without HTTP, so that the domain crates return the very codes the API
//! answers (a `FieldError`, the services' `AppError::Invalid`) and no code exists twice: the
//! status is a plain number here; the server turns it into its HTTP type.

/// Declares [`ErrorCode`] from one table of `Variant => (wire code, status[, default message])`
/// rows. A row without a message is a field code: it is always answered with the message of the
/// rule that refused the value.
macro_rules! error_codes {
    ($($(#[$doc:meta])* $variant:ident => ($code:literal, $status:literal $(, $message:literal)?),)+) => {
        /// Stable machine-readable reason a call failed or a value was refused. The wire form
        /// (`as_str`) never changes once published: clients branch on it.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum ErrorCode {
            $($(#[$doc])* $variant,)+
        }

        impl ErrorCode {
            /// Every code, for documentation (the OpenAPI document lists them).
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$variant,)+];

            /// The wire form: snake_case, except the form keys the specs fix in camelCase.
            pub const fn as_str(self) -> &'static str {
                match self { $(ErrorCode::$variant => $code,)+ }
            }

            /// The HTTP status of an answer with this code. A field error is answered by where it
            /// was found, whatever its code's row says: 400 in a request's fields (also
            /// `unknown_category`, whose own answer is a 404 for a path's category), 422 for a
            /// refused offer, and an offer form's list takes its form code's status.
            pub const fn status(self) -> u16 {
                match self { $(ErrorCode::$variant => $status,)+ }
            }

            /// The message when the call site has nothing more specific to say.
            pub const fn message(self) -> &'static str {
                match self { $(ErrorCode::$variant => error_codes!(@message $($message)?),)+ }
            }
        }
    };
    (@message $message:literal) => { $message };
    (@message) => { FIELD_ERROR_MESSAGE };
}

/// The default message of a field code; never answered in practice, since a field error carries
/// its rule's own message.
const FIELD_ERROR_MESSAGE: &str = "the value is not valid";

error_codes! {
    // Codes answered on their own, with their default message.
    /// The query string does not parse.
    InvalidQuery => ("invalid_query", 400, "the query string is malformed"),
    /// The body is not the JSON the call takes.
    InvalidJson => ("invalid_json", 400, "the request body is not acceptable JSON"),
    /// The body is larger than the call accepts.
    PayloadTooLarge => ("payload_too_large", 413, "the request body is too large"),
    /// The body has a content type the call does not take.
    UnsupportedMediaType => ("unsupported_media_type", 415, "the request body must be application/json"),
    /// A path segment does not parse.
    InvalidPath => ("invalid_path", 400, "the path is malformed"),
    /// A category id in the path that is not a number.
    InvalidCategory => ("invalid_category", 400, "the category id is not a number"),
    /// An offer body that does not match the offer model.
    InvalidOffer => ("invalid_offer", 400, "the offer JSON is not valid"),
    /// The body's slug differs from the path's.
    SlugMismatch => ("slug_mismatch", 400, "the body's slug differs from the path's"),
    /// A view reported for another board.
    InvalidBrand => ("invalid_brand", 400, "views of another board go to its own API"),
    /// A view time that is not ISO 8601.
    InvalidVisitedAt => ("invalid_visited_at", 400, "visitedAt must be an ISO 8601 time"),
    /// A map region that is not a cluster id.
    InvalidRegion => ("invalid_region", 400, "the region is not a map cluster id"),
    /// An identifier the store cannot hold.
    InvalidKey => ("invalid_key", 400, "the identifier is not valid"),
    /// The call needs credentials the request does not carry (or carries wrong).
    Unauthorized => ("unauthorized", 401, "this call needs valid credentials"),
    /// An operator's call (the dev mailbox, `/metrics` without a token) from another machine.
    LoopbackOnly => ("loopback_only", 403, "this call answers only clients on the server's own machine"),
    /// No such endpoint.
    NotFound => ("not_found", 404, "no such endpoint"),
    /// No such board.
    UnknownTenant => ("unknown_tenant", 404, "there is no such board"),
    /// No such offer.
    OfferNotFound => ("offer_not_found", 404, "there is no such offer"),
    /// No such category on the board: 404 for a path's category id; as a field code (a filter, an
    /// offer's category) it is answered 400, or 422 in a refused offer, like any field error.
    UnknownCategory => ("unknown_category", 404, "the category does not exist on this board"),
    /// No brand story for the company.
    BrandStoryNotFound => ("brand_story_not_found", 404, "the company has no brand story"),
    /// No such legal document on the board.
    DocumentNotFound => ("document_not_found", 404, "there is no such document"),
    /// No such post on the board's blog.
    PostNotFound => ("post_not_found", 404, "there is no such post"),
    /// No such generated image.
    ImageNotFound => ("image_not_found", 404, "there is no such image"),
    /// The board has the feature off.
    FeatureDisabled => ("feature_disabled", 404, "this board does not offer this feature"),
    /// The endpoint exists but not with this method.
    MethodNotAllowed => ("method_not_allowed", 405, "this endpoint does not take this method"),
    /// A cookie-authenticated write without the session's CSRF token in `X-CSRF-Token`.
    CsrfFailed => ("csrf_failed", 403, "this write needs the X-CSRF-Token header of the session"),
    /// Wrong e-mail or password (the same answer for an unknown e-mail).
    InvalidCredentials => ("invalid_credentials", 401, "the e-mail or the password is wrong"),
    /// Right password, e-mail not confirmed yet.
    EmailNotConfirmed => ("email_not_confirmed", 403, "confirm the e-mail address first: the link is in the mail we sent"),
    /// A link token that is unknown, spent or expired.
    InvalidToken => ("invalid_token", 400, "the link is invalid or has expired"),
    /// The new e-mail belongs to another account.
    EmailTaken => ("email_taken", 409, "another account uses this e-mail"),
    /// A second application of one person (e-mail or candidate) to one offer; `at` is the first's time.
    AlreadyApplied => ("already_applied", 409, "you have applied to this offer already"),
    /// A company with as many open invitations as it may have.
    TooManyInvitations => ("too_many_invitations", 409, "the company has too many open invitations: withdraw some first"),
    /// The account has as many documents as it may keep.
    TooManyDocuments => ("too_many_documents", 422, "delete a document before adding another"),
    /// No such document of this account.
    AccountDocumentNotFound => ("account_document_not_found", 404, "there is no such document"),
    /// A signed link that is wrong or expired.
    InvalidSignature => ("invalid_signature", 403, "the link is invalid or has expired"),
    /// The captcha token is missing or refused.
    CaptchaFailed => ("captcha_failed", 400, "the captcha was not solved"),
    /// A mail could not be handed to the mail server.
    MailUnavailable => ("mail_unavailable", 503, "the mail could not be sent; try again in a moment"),
    /// A multipart body that does not parse.
    InvalidMultipart => ("invalid_multipart", 400, "the body must be multipart/form-data with the documented fields"),
    /// An application to an offer that is no longer active.
    OfferInactive => ("offer_inactive", 409, "the offer is no longer active"),
    /// A form application to an offer that takes applications on the employer's site.
    ExternalApplyOnly => ("external_apply_only", 409, "this offer takes applications on the employer's site"),
    /// A redirect tracked for an offer without an external apply link.
    NoExternalApply => ("no_external_apply", 409, "this offer takes applications through its form"),
    /// No such redirect of this candidate.
    RedirectNotFound => ("redirect_not_found", 404, "there is no such redirect"),
    /// A per-candidate cap is reached.
    LimitReached => ("limit_reached", 409, "the limit is reached"),
    /// A one-click application from an account without a CV.
    NoStoredCv => ("no_stored_cv", 409, "one-click apply needs a CV in the profile"),
    /// Too many requests from one client.
    RateLimited => ("rate_limited", 429, "too many requests; try again later"),
    /// A draft save whose form breaks the draft's rules (the spec's wording).
    FormContainsErrors => ("form_contains_errors", 400, "Form contains errors. Fix them before saving draft"),
    /// An offer form that breaks section 5's rules; `errors` lists every one.
    InvalidForm => ("invalid_form", 422, "the offer form contains errors"),
    /// The offer's edit token (`token`) is missing or wrong.
    InvalidOfferToken => ("invalid_offer_token", 403, "the offer token is missing or wrong"),
    /// No such plan on the board.
    UnknownPlan => ("unknown_plan", 400, "there is no such plan"),
    /// A prepaid code that does not exist or is another company's.
    IncorrectCode => ("incorrect_code", 400, "Incorrect code"),
    /// A prepaid code used already.
    CodeUsed => ("code_used", 409, "the code has been used already"),
    /// The offer's state does not allow the call.
    OfferStateConflict => ("offer_state_conflict", 409, "the offer's state does not allow this"),
    /// An employer whose e-mail is not confirmed tried to publish.
    AccountNotConfirmed => ("account_not_confirmed", 403, "confirm the account's e-mail address before publishing"),
    /// `POST /v1/oauth/token` with a grant other than `password`.
    UnsupportedGrantType => ("unsupported_grant_type", 400, "only the password grant is supported"),
    /// No such payment of this company.
    PaymentNotFound => ("payment_not_found", 404, "there is no such payment"),
    /// The payment provider did not answer as expected.
    PaymentUnavailable => ("payment_unavailable", 502, "the payment provider is unavailable; try again in a moment"),
    /// A saved search with the same filters exists (the spec's message).
    JobFilterExists => ("job_filter_exists", 409, "Job filter already exists"),
    /// The saved search already has an alert (the spec's message).
    JobAlertExists => ("job_alert_exists", 409, "Job alert already exists"),
    /// The guest's alert for these filters is active (the spec's message).
    ActiveJobAlertExists => ("active_job_alert_exists", 409, "Job filter with active job alert already exists"),
    /// A guest asked for a profile for an e-mail that has one (the spec's message).
    CandidateProfileExists => ("candidate_profile_exists", 409, "Candidate profile already exists"),
    /// A guest alert for an e-mail with a candidate account (answered with an empty message, the
    /// spec's "409 without a message": the owner logs in).
    CandidateAccountExists => ("candidate_account_exists", 409, "the e-mail has a candidate account; log in"),
    /// The owner keeps as many saved searches as allowed (the spec's notification text).
    JobAlertLimit => ("job_alert_limit", 422, "Osiągnięto maksymalny limit zapisanych powiadomień."),
    /// No such saved search of this owner.
    JobFilterNotFound => ("job_filter_not_found", 404, "there is no such saved search"),
    /// The saved search has no alert.
    JobAlertNotFound => ("job_alert_not_found", 404, "the saved search has no alert"),
    /// The activation link was used already.
    JobAlertAlreadyActive => ("job_alert_already_active", 409, "the job alert is already active"),
    /// The activation link is right but expired (the web app says 'Link wygasł').
    LinkExpired => ("link_expired", 410, "Link wygasł"),
    /// An activation or unsubscribe code that does not belong to the alert.
    InvalidCode => ("invalid_code", 404, "the link is invalid"),
    /// A frequency other than everyDay, onceAWeek, twiceAWeek.
    InvalidFrequency => ("invalid_frequency", 400, "frequency must be everyDay, onceAWeek or twiceAWeek"),
    /// The caller is a recruiter; the call is for the company's owners (users, billing).
    OwnerRoleRequired => ("owner_role_required", 403, "only an owner of the company may do this"),
    /// The change would leave the company without an owner.
    LastOwner => ("last_owner", 409, "the company's last owner cannot be removed or made a recruiter"),
    /// No such user of the caller's company.
    EmployerUserNotFound => ("employer_user_not_found", 404, "there is no such user"),
    /// Another company's brand story uses the slug.
    BrandStorySlugTaken => ("brand_story_slug_taken", 409, "another company's brand story uses this slug"),
    /// No such application of the caller's company (or it was deleted).
    ApplicationNotFound => ("application_not_found", 404, "there is no such application"),
    /// The application came without a CV.
    ApplicationHasNoCv => ("application_has_no_cv", 404, "the application has no CV"),
    /// A status outside new, seen, in_review, interview, offer, hired, rejected.
    InvalidApplicationStatus => ("invalid_application_status", 400, "the status must be new, seen, in_review, interview, offer, hired or rejected"),
    /// A status change the pipeline does not allow (forward only, rejected from anywhere, hired is final).
    InvalidStatusTransition => ("invalid_status_transition", 409, "the application cannot move to that status"),
    /// An offer state outside draft, active, finished, expired.
    InvalidOfferState => ("invalid_offer_state", 400, "state must be draft, active, finished or expired"),
    /// A statistics range that ends before it starts or is too long.
    InvalidDateRange => ("invalid_date_range", 400, "the date range is not valid"),
    /// A `format` other than json or csv.
    InvalidFormat => ("invalid_format", 400, "format must be json or csv"),
    /// A `since` that is not unix seconds within the last year.
    InvalidSince => ("invalid_since", 400, "since must be unix seconds"),
    /// A `day` that is not a date (YYYY-MM-DD).
    InvalidDay => ("invalid_day", 400, "day must be YYYY-MM-DD"),
    // The chat between passive candidates and employers (issue 25). The three camelCase codes are
    // fixed by issue 25's chat contract: the web app maps its texts by them.
    /// The board's passive-candidate chat is in maintenance (flag `passiveCandidateMaintenance`):
    /// reads work, new messages, requests and acceptances wait.
    ChatMaintenance => ("chatMaintenance", 503, "the chat is under maintenance; try again later"),
    /// The company sent as many conversation requests today (UTC) as its plan allows.
    ChatDailyLimit => ("chatDailyLimit", 429, "the company has sent as many conversation requests today as its plan allows"),
    /// A message to a closed conversation.
    ConversationClosed => ("conversationClosed", 409, "the conversation is closed"),
    /// No such conversation of the caller (or of the caller's company).
    ConversationNotFound => ("conversation_not_found", 404, "there is no such conversation"),
    /// No such conversation request addressed to (or sent by) the caller.
    ConversationRequestNotFound => ("conversation_request_not_found", 404, "there is no such conversation request"),
    /// No findable passive candidate of that reference (or one who blocked the company).
    ChatCandidateNotFound => ("chat_candidate_not_found", 404, "there is no such candidate"),
    /// No such message in the conversation.
    ChatMessageNotFound => ("chat_message_not_found", 404, "there is no such message"),
    /// The candidate shared no CV in the conversation (or has since deleted it).
    ChatNoSharedCv => ("chat_no_shared_cv", 404, "the candidate shared no CV in this conversation"),
    /// The company already asked this candidate about this offer (waiting, accepted or declined).
    AlreadyRequested => ("already_requested", 409, "this candidate was already asked about this offer"),
    /// The request was answered or expired already.
    RequestNotPending => ("request_not_pending", 409, "the request is no longer waiting for an answer"),
    /// Opening up to offers without every mandatory matchmaking preference (`missing` names them).
    ProfileIncomplete => ("profile_incomplete", 400, "the matchmaking preferences are incomplete"),
    /// An unsubscribe link of the chat's e-mails that is not the server's.
    InvalidUnsubscribeLink => ("invalid_unsubscribe_link", 403, "the unsubscribe link is not valid"),
    // The job-ad assistant (issue 26): its hub's refusals (`"{code}: {message}"`) and events.
    /// `SendMessage` or `ScoreMessage` before `UpdateContextV2` chose a job ad.
    AssistantNoContext => ("assistant_no_context", 409, "open a job ad first (UpdateContextV2)"),
    /// A message while the previous answer of the conversation is still streaming.
    AssistantBusy => ("assistant_busy", 409, "the assistant is still answering the previous message"),
    /// The company's messages per minute or per day (board configuration), or the provider's limit.
    AssistantRateLimited => ("assistant_rate_limited", 429, "too many messages to the assistant; try again later"),
    /// A message scored already.
    AssistantAlreadyScored => ("assistant_already_scored", 409, "this message has been scored already"),
    /// An employer's message or the conversation's first assistant message (its greeting).
    AssistantNotScorable => ("assistant_not_scorable", 409, "only the assistant's answers can be scored, not its greeting"),
    /// No such message in the conversation.
    AssistantMessageNotFound => ("assistant_message_not_found", 404, "there is no such message in this conversation"),
    /// The brain failed (the provider cannot be reached, timed out or cut the answer off).
    AssistantUnavailable => ("assistant_unavailable", 503, "the assistant is unavailable; try again"),
    /// Our fault; the cause is in the log.
    InternalError => ("internal_error", 500, "something went wrong on our side"),

    // Field codes: a value a domain rule refused (`FieldError`), answered with the rule's message
    // and the field's name. 400 where a request's fields carry them; 422 for the offer model's and
    // the offer form's rules, answered in a refused offer or an `invalid_form` list.
    /// Not a number.
    InvalidNumber => ("invalid_number", 400),
    /// Not true or false.
    InvalidBoolean => ("invalid_boolean", 400),
    /// More values than an array parameter takes.
    TooManyValues => ("too_many_values", 400),
    /// A search phrase too long or empty where one is needed.
    InvalidKeyword => ("invalid_keyword", 400),
    /// A radius out of bounds.
    InvalidRadius => ("invalid_radius", 400),
    /// Not a contract type.
    InvalidEmploymentType => ("invalid_employment_type", 400),
    /// Not a seniority.
    InvalidExperienceLevel => ("invalid_experience_level", 400),
    /// Not a working time.
    InvalidWorkingTime => ("invalid_working_time", 400),
    /// Not a workplace.
    InvalidWorkplaceType => ("invalid_workplace_type", 400),
    /// Not a currency of the board.
    InvalidCurrency => ("invalid_currency", 400),
    /// Not ASC or DESC.
    InvalidOrder => ("invalid_order", 400),
    /// Not a sort.
    InvalidSort => ("invalid_sort", 400),
    /// A page number out of range.
    InvalidPage => ("invalid_page", 400),
    /// A page size out of range.
    InvalidPerPage => ("invalid_per_page", 400),
    /// A cursor page size out of range.
    InvalidItemsCount => ("invalid_items_count", 400),
    /// An offset out of range.
    InvalidFrom => ("invalid_from", 400),
    /// A cursor that does not decode or holds unknown values.
    InvalidCursor => ("invalid_cursor", 400),
    /// A map viewport that is incomplete or out of range.
    InvalidViewport => ("invalid_viewport", 400),
    /// A zoom out of range.
    InvalidZoom => ("invalid_zoom", 400),
    /// A radius around a city the gazetteer does not know.
    UnknownCity => ("unknown_city", 400),
    /// A radius without a city.
    RadiusWithoutCity => ("radius_without_city", 400),
    /// A salary out of the board's bounds.
    InvalidSalary => ("invalid_salary", 400),
    /// A salary range whose bottom is above its top.
    InvalidSalaryRange => ("invalid_salary_range", 400),
    /// A salary period other than hour, day, month or year.
    InvalidSalaryUnit => ("invalid_salary_unit", 400),
    /// A language other than pl or en.
    InvalidLang => ("invalid_lang", 400),
    /// A result count out of range.
    InvalidLimit => ("invalid_limit", 400),
    /// A slug that is not lowercase letters, digits and dashes.
    InvalidSlug => ("invalid_slug", 400),
    /// A title empty or too long.
    InvalidTitle => ("invalid_title", 422),
    /// A company name empty or too long.
    InvalidCompanyName => ("invalid_company_name", 422),
    /// No locations, or too many.
    InvalidLocations => ("invalid_locations", 422),
    /// A location without a city.
    InvalidCity => ("invalid_city", 400),
    /// Coordinates out of range.
    InvalidCoordinates => ("invalid_coordinates", 422),
    /// No employment type.
    InvalidEmploymentTypes => ("invalid_employment_types", 422),
    /// Too many skills of one kind.
    TooManySkills => ("too_many_skills", 400),
    /// A skill without a name or with a bad level.
    InvalidSkill => ("invalid_skill", 400),
    /// Too many languages.
    TooManyLanguages => ("too_many_languages", 422),
    /// A language with a bad code or level.
    InvalidLanguage => ("invalid_language", 422),
    /// A description over the size limit.
    BodyTooLong => ("body_too_long", 422),
    /// An expiry before publication.
    InvalidExpiry => ("invalid_expiry", 422),
    /// A name over the length limit or with control characters.
    InvalidName => ("invalid_name", 400),
    /// An apply source other than `apply_form` or `1_click_apply`.
    InvalidSource => ("invalid_source", 400),
    /// A candidate id that is not 1 to 64 letters, digits, `-` or `_`.
    InvalidCandidateId => ("invalid_candidate_id", 400),
    // The apply form's keys below are the spec's (`applyForm.errors.*`), camelCase and fixed: the
    // web app looks its messages up by them.
    /// A required field is missing or blank (the field name is in `field`).
    Required => ("required", 400),
    /// An e-mail address that mail cannot reach.
    InvalidEmail => ("invalidEmail", 400),
    /// A saved search's `searchUrl` that is not a path of the web app (mails link to it, so it may
    /// never lead to another site), or is too long.
    InvalidSearchUrl => ("invalid_search_url", 400),
    // The job-alert form's keys (alerts spec, section 5), also the spec's and camelCase.
    /// A required job-alert field is empty.
    FieldRequired => ("fieldRequired", 400),
    /// A character outside the allowed set.
    InvalidCharactersError => ("invalidCharactersError", 400),
    /// Longer than allowed (999 characters for an alert name).
    MaxValueError => ("maxValueError", 400),
    /// An application with neither an attachment nor a message.
    FileOrDescriptionRequired => ("fileOrDescriptionRequired", 400),
    /// An attachment over the size limit.
    FileSize => ("fileSize", 400),
    /// An attachment of a type not accepted.
    FileType => ("fileType", 400),
    /// A message over the length limit.
    MessageLength => ("messageLength", 400),
    /// A new password shorter than the minimum.
    PasswordTooShort => ("password_too_short", 400),
    /// A new password longer than the maximum.
    PasswordTooLong => ("password_too_long", 400),
    /// A new password equal to the e-mail.
    PasswordIsEmail => ("password_is_email", 400),
    /// A new password that is among the common or breached ones (zxcvbn scores it under 10^6 guesses).
    PasswordTooCommon => ("password_too_common", 400),
    /// A new password of whitespace only.
    PasswordBlank => ("password_blank", 400),
    /// A new password with a control character (a NUL, a line break…).
    PasswordControlCharacters => ("password_control_characters", 400),
    /// A confirmation that must choose the password (the address was registered more than once).
    PasswordRequired => ("password_required", 400),
    /// The current password given to confirm a change is wrong.
    InvalidPassword => ("invalid_password", 400),
    /// A new e-mail equal to the current one.
    SameEmail => ("same_email", 400),
    // The employer's offer form (section 5 of the employer spec); keys in `offer_form::rules`.
    /// Shorter than the field's minimum.
    MinLength => ("min_length", 400),
    /// Longer than the field's maximum.
    MaxLength => ("max_length", 400),
    /// Not one of the field's options.
    InvalidOption => ("invalid_option", 400),
    /// Not a URL.
    InvalidUrl => ("invalid_url", 400),
    /// A URL without its http:// or https://.
    UrlProtocolRequired => ("url_protocol_required", 422),
    /// Whitespace where none may be.
    NoWhitespace => ("no_whitespace", 422),
    /// A logo that is not JPEG or PNG by its content.
    LogoWrongFormat => ("logo_wrong_format", 400),
    /// A logo over 5 MB.
    LogoTooLarge => ("logo_too_large", 400),
    /// An empty logo file.
    LogoEmpty => ("logo_empty", 400),
    /// A logo file too small to be an image worth showing.
    LogoTooSmall => ("logo_too_small", 400),
    /// The stored logo must be uploaded again.
    LogoReupload => ("logo_reupload", 400),
    /// A clause holding the placeholder it must not hold.
    ForbiddenPlaceholder => ("forbidden_placeholder", 422),
    /// A consent without the placeholder it must hold.
    MissingPlaceholder => ("missing_placeholder", 422),
    /// A contact name of one word.
    TwoWordsRequired => ("two_words_required", 422),
    /// Not a phone number.
    InvalidPhone => ("invalid_phone", 400),
    /// More than one inline image, or an image other than an inline JPEG.
    TooManyImages => ("too_many_images", 422),
    /// An image that is not an inline JPEG.
    InvalidImage => ("invalid_image", 400),
    /// A description with no text once markup is stripped.
    EmptyDescription => ("empty_description", 422),
    /// A city the gazetteer does not know (the geocoder's ZERO_RESULTS).
    LocationNotFound => ("location_not_found", 422),
    /// More locations than the plan allows.
    TooManyLocations => ("too_many_locations", 422),
    /// A position name shouting in capitals.
    TooManyUppercase => ("too_many_uppercase", 422),
    /// A date that does not parse as `YYYY-MM-DD`.
    InvalidDate => ("invalid_date", 400),
    /// A date before the earliest allowed.
    DateInPast => ("date_in_past", 422),
    /// A date after the latest allowed.
    DateAfterMax => ("date_after_max", 422),
    /// Salary from above salary to.
    MinLowerThanMax => ("min_lower_than_max", 422),
    /// Salary to above three times salary from.
    ThreeTimesRule => ("three_times_rule", 422),
    /// A salary range with one bound only.
    IncorrectRanges => ("incorrect_ranges", 422),
    /// A salary type (gross/net) missing where one is needed.
    TypeRequired => ("type_required", 422),
    /// A salary unit missing.
    UnitRequired => ("unit_required", 422),
    /// A salary value that is not a non-negative number.
    ValueMustBeNumber => ("value_must_be_number", 422),
    /// A skill both required and optional, or listed twice.
    DuplicateSkill => ("duplicate_skill", 422),
    /// Seniority or category outside the plan's limits.
    NotAllowedByPlan => ("not_allowed_by_plan", 400),
    /// A password confirmation that differs from the password.
    PasswordMismatch => ("password_mismatch", 400),
    // The employer panel (issue 12): billing data and brand stories.
    /// A Polish tax id (NIP) whose checksum or length is wrong.
    InvalidNip => ("invalid_nip", 400),
    /// A foreign tax id not in its country's shape (an EU VAT number by its member state's rule).
    InvalidTaxId => ("invalid_tax_id", 400),
    /// Not an ISO 3166-1 alpha-2 country code.
    InvalidCountry => ("invalid_country", 400),
    /// A Polish postal code not written `NN-NNN`.
    InvalidPostalCode => ("invalid_postal_code", 400),
    /// A technology the board's dictionary does not have.
    UnknownTechnology => ("unknown_technology", 400),
    // The chat (issue 25).
    /// A message text that breaks a rule (empty, over 2,000 characters, a control character).
    InvalidMessageText => ("invalid_message_text", 400),
    /// A chat argument that cannot be used (an id, a client message id, a report note).
    InvalidChatInput => ("invalid_chat_input", 400),
    /// An assistant argument that cannot be used (a job ad id, a score, the board).
    InvalidAssistantInput => ("invalid_assistant_input", 400),
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys the specs fix for the apply form (`applyForm.errors.*`) and the job-alert form;
    /// camelCase because the web app's messages are looked up by them. Every other code is
    /// snake_case.
    const SPEC_CAMEL_CASE_KEYS: &[&str] = &[
        "invalidEmail",
        "fileOrDescriptionRequired",
        "fileSize",
        "fileType",
        "messageLength",
        "fieldRequired",
        "invalidCharactersError",
        "maxValueError",
        "chatMaintenance",
        "chatDailyLimit",
        "conversationClosed",
    ];

    #[test]
    fn wire_codes_are_unique_snake_case_or_the_specs_keys() {
        let mut seen = std::collections::HashSet::new();
        for code in ErrorCode::ALL {
            let text = code.as_str();
            let snake_case = text.bytes().all(|b| b.is_ascii_lowercase() || b == b'_');
            assert!(snake_case || SPEC_CAMEL_CASE_KEYS.contains(&text), "{text}");
            assert!(seen.insert(text), "{text} is listed twice");
        }
    }

    #[test]
    fn every_code_has_an_error_status_and_a_message() {
        for code in ErrorCode::ALL {
            assert!((400..600).contains(&code.status()), "{code}");
            assert!(!code.message().is_empty(), "{code}");
        }
    }
}
