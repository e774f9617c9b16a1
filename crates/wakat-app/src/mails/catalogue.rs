//! The mails' texts: one Project Fluent catalogue per language, `messages/mails.pl.ftl` and
//! `messages/mails.en.ftl` in this crate. They are compiled into the binary (`include_str!`), so
//! the server finds them from any working directory, and each is parsed once per process, on the
//! first mail of its language. The code names a text by its id and passes the variables as
//! Fluent arguments; plurals are chosen by the catalogue with the language's CLDR rules.

use std::sync::LazyLock;

// The concurrent bundle: the statics are shared by the server's worker threads.
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};

const POLISH_SOURCE: &str = include_str!("../../messages/mails.pl.ftl");
const ENGLISH_SOURCE: &str = include_str!("../../messages/mails.en.ftl");

type Bundle = FluentBundle<FluentResource>;

static POLISH: LazyLock<Bundle> = LazyLock::new(|| bundle("pl", POLISH_SOURCE));
static ENGLISH: LazyLock<Bundle> = LazyLock::new(|| bundle("en", ENGLISH_SOURCE));

/// The bundle of one catalogue. A syntax error or a repeated id is logged, not fatal: the other
/// messages still work (and the tests below keep both from shipping).
fn bundle(lang: &str, source: &str) -> Bundle {
    let resource = FluentResource::try_new(source.to_string()).unwrap_or_else(|(resource, errors)| {
        tracing::error!(lang, ?errors, "the mail catalogue has syntax errors");
        resource
    });
    let locale = lang.parse().unwrap_or_else(|error| {
        tracing::error!(lang, %error, "the mail catalogue's language is not a language identifier");
        Default::default()
    });
    let mut bundle = Bundle::new_concurrent(vec![locale]);
    // Mails are plain text and HTML: the isolation marks Fluent puts around every argument would
    // be invisible characters in subjects and links.
    bundle.set_use_isolating(false);
    if let Err(errors) = bundle.add_resource(resource) {
        tracing::error!(lang, ?errors, "the mail catalogue repeats message ids");
    }
    bundle
}

/// The catalogue of `lang`: Polish for `pl`, English otherwise (as `MailContext::new` decides).
fn catalogue(lang: &str) -> &'static Bundle {
    if lang == "pl" {
        &POLISH
    } else {
        &ENGLISH
    }
}

/// Message `id` of `lang`'s catalogue with `args`. A missing id or argument does not fail the
/// mail (a mail with one odd line beats none): it is logged as an error and shows in the text,
/// as the id itself or as Fluent's `{$name}`.
pub(crate) fn format(lang: &str, id: &str, args: Option<&FluentArgs<'_>>) -> String {
    let bundle = catalogue(lang);
    let Some(pattern) = bundle.get_message(id).and_then(|message| message.value()) else {
        tracing::error!(lang, id, "a mail text is not in the catalogue");
        return id.to_string();
    };
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, args, &mut errors);
    if !errors.is_empty() {
        tracing::error!(lang, id, ?errors, "a mail text did not format");
    }
    text.into_owned()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

    use super::{catalogue, format, ENGLISH_SOURCE, POLISH_SOURCE};

    /// The sources that name message ids: every mail module, and this one's parent.
    const CODE: [&str; 7] = [
        include_str!("mod.rs"),
        include_str!("chat.rs"),
        include_str!("accounts.rs"),
        include_str!("alerts.rs"),
        include_str!("applications.rs"),
        include_str!("application_mails.rs"),
        include_str!("employers.rs"),
    ];

    /// The ids a catalogue defines: its lines that start with an identifier (comments start
    /// with '#', a message's continuation lines with spaces).
    fn defined(source: &str) -> BTreeSet<String> {
        source
            .lines()
            .filter(|line| line.starts_with(|c: char| c.is_ascii_lowercase()))
            .map(|line| line.split_once(" =").expect("a message line has ' ='").0.to_string())
            .collect()
    }

    /// Whether a string literal has the shape of a message id: lowercase words joined by '-'
    /// (mail tags have dots, links slashes, so neither is taken for one).
    fn is_id(literal: &str) -> bool {
        literal.contains('-') && literal.split('-').all(|word| !word.is_empty() && word.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()))
    }

    /// The ids the code uses: the string literals of the mail modules that look like ids (the
    /// ids are literals, some chosen by a `match`, never built at run time).
    fn used() -> BTreeSet<String> {
        CODE.iter().flat_map(|source| source.split('"').skip(1).step_by(2)).filter(|literal| is_id(literal)).map(str::to_string).collect()
    }

    /// Every argument any message takes, with a sample value.
    fn sample_args(count: usize) -> FluentArgs<'static> {
        let mut args = FluentArgs::new();
        for name in [
            "board", "name", "search", "offer", "company", "link", "from", "to", "currency", "unit", "status", "inviter", "role", "email", "answer", "file",
            "until", "day",
        ] {
            args.set(name, FluentValue::from(format!("<{name}>")));
        }
        args.set("count", count);
        args
    }

    fn plural(lang: &str, id: &str, count: usize) -> String {
        format(lang, id, Some(&FluentArgs::from_iter([("count", count)])))
    }

    #[test]
    fn both_catalogues_parse_without_errors() {
        for (lang, source) in [("pl", POLISH_SOURCE), ("en", ENGLISH_SOURCE)] {
            if let Err((_, errors)) = FluentResource::try_new(source.to_string()) {
                panic!("mails.{lang}.ftl: {errors:?}");
            }
        }
    }

    #[test]
    fn both_catalogues_have_the_same_ids() {
        let polish = defined(POLISH_SOURCE);
        let english = defined(ENGLISH_SOURCE);
        assert!(polish.len() > 70, "the scan found the messages: {polish:?}");
        assert_eq!(polish.difference(&english).collect::<Vec<_>>(), Vec::<&String>::new(), "only in Polish");
        assert_eq!(english.difference(&polish).collect::<Vec<_>>(), Vec::<&String>::new(), "only in English");
    }

    #[test]
    fn every_id_the_code_uses_is_in_both_catalogues_and_every_message_is_used() {
        let used = used();
        assert!(used.len() > 70, "the scan found the ids: {used:?}");
        for lang in ["pl", "en"] {
            let missing: Vec<_> = used.iter().filter(|id| !catalogue(lang).has_message(id)).collect();
            assert!(missing.is_empty(), "not in mails.{lang}.ftl: {missing:?}");
        }
        let unused: Vec<_> = defined(POLISH_SOURCE).into_iter().filter(|id| !used.contains(id)).collect();
        assert!(unused.is_empty(), "in the catalogues but used by no mail: {unused:?}");
    }

    #[test]
    fn every_message_formats_without_errors_or_isolation_marks() {
        for lang in ["pl", "en"] {
            let bundle = catalogue(lang);
            for id in defined(POLISH_SOURCE) {
                for count in [0, 1, 2, 5, 22, 25, 112] {
                    let message = bundle.get_message(&id).unwrap_or_else(|| panic!("{lang}: {id} is missing"));
                    let pattern = message.value().unwrap_or_else(|| panic!("{lang}: {id} has no value"));
                    let mut errors = Vec::new();
                    let text = bundle.format_pattern(pattern, Some(&sample_args(count)), &mut errors);
                    assert!(errors.is_empty(), "{lang}: {id}: {errors:?}");
                    assert!(!text.trim().is_empty(), "{lang}: {id} is empty");
                    assert!(!text.contains(['\u{2068}', '\u{2069}']), "{lang}: {id} has isolation marks: {text:?}");
                    assert!(!text.contains(['{', '}']), "{lang}: {id} left a placeable: {text}");
                }
            }
        }
    }

    #[test]
    fn the_polish_digest_counts_offers_in_all_three_forms() {
        let expected = [
            (1, "pojawiła się 1 nowa oferta pasująca"),
            (2, "pojawiły się 2 nowe oferty pasujące"),
            (4, "pojawiły się 4 nowe oferty pasujące"),
            (5, "pojawiło się 5 nowych ofert pasujących"),
            (12, "pojawiło się 12 nowych ofert pasujących"),
            (22, "pojawiły się 22 nowe oferty pasujące"),
            (25, "pojawiło się 25 nowych ofert pasujących"),
            (101, "pojawiło się 101 nowych ofert pasujących"),
        ];
        for (count, words) in expected {
            assert_eq!(plural("pl", "alert-digest-intro", count), format!("Od ostatniej wiadomości {words} do Twojego wyszukiwania."));
        }
    }

    #[test]
    fn the_english_digest_counts_offers_in_both_forms() {
        assert_eq!(plural("en", "alert-digest-intro", 1), "1 new offer matches your search since our last mail.");
        for count in [2, 5, 21, 22, 25] {
            assert_eq!(plural("en", "alert-digest-intro", count), format!("{count} new offers match your search since our last mail."));
        }
    }

    #[test]
    fn arguments_are_put_in_without_marks_and_numbers_as_digits() {
        let board = FluentArgs::from_iter([("board", "Wakat IT")]);
        assert_eq!(format("pl", "account-confirm-subject", Some(&board)), "Potwierdź konto w Wakat IT");
        assert_eq!(format("en", "account-confirm-subject", Some(&board)), "Confirm your Wakat IT account");
        let digest = FluentArgs::from_iter([("search", FluentValue::from("Rust")), ("count", FluentValue::from(12_500))]);
        assert_eq!(format("pl", "alert-digest-subject", Some(&digest)), "Nowe oferty: Rust (12500)");
        assert_eq!(format("en", "greeting-anonymous", None), "Hello,");
    }

    #[test]
    fn a_missing_id_or_argument_shows_in_the_text_instead_of_failing() {
        assert_eq!(format("pl", "no-such-message", None), "no-such-message");
        assert_eq!(format("en", "greeting-named", None), "Hi {$name},");
    }
}
