//! The one HTML sanitiser: offer descriptions and clauses are cleaned once, when they are written,
//! so every reader (the API, the web app, e-mails, feeds) gets HTML that is safe to embed.
//!
//! Design decision: an explicit allow-list on top of `ammonia` (html5ever parses the input as a
//! browser would, so mutation XSS through `<svg>`, `<math>`, `<noscript>` or `<style>` cannot
//! survive re-serialisation). Anything not listed goes: elements lose their tags (their text stays,
//! escaped), `script`/`style`/… lose their content too, attributes other than a link's `href` are
//! dropped, and links may only point to http(s), mailto or relative URLs.

use std::collections::HashSet;
use std::sync::OnceLock;

use ammonia::{Builder, UrlRelative};

/// Formatting elements an offer description may use. `h1` is left out: the page title is the h1.
const ALLOWED_TAGS: &[&str] = &[
    "p",
    "br",
    "ul",
    "ol",
    "li",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "a",
    "blockquote",
    "code",
    "pre",
    "span",
    "div",
    "hr",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "sub",
    "sup",
];

/// Elements removed together with everything inside them (their text is not content).
const DROPPED_WITH_CONTENT: &[&str] = &["script", "style", "template", "noscript", "iframe", "object", "embed", "svg", "math", "textarea", "select", "title"];

/// URL schemes a link may use.
const URL_SCHEMES: &[&str] = &["http", "https", "mailto"];

fn builder(extra_tags: &[&'static str]) -> Builder<'static> {
    let mut builder = Builder::empty();
    builder
        .tags(ALLOWED_TAGS.iter().chain(extra_tags).copied().collect())
        .clean_content_tags(DROPPED_WITH_CONTENT.iter().copied().collect())
        .tag_attributes([("a", ["href"].into_iter().collect::<HashSet<_>>())].into_iter().collect())
        .url_schemes(URL_SCHEMES.iter().copied().collect())
        .url_relative(UrlRelative::PassThrough)
        .link_rel(Some("noopener noreferrer nofollow"))
        .strip_comments(true);
    builder
}

/// `html` with only the allowed elements and attributes, safe to embed in a page.
pub fn sanitize(html: &str) -> String {
    static SANITIZER: OnceLock<Builder<'static>> = OnceLock::new();
    SANITIZER.get_or_init(|| builder(&[])).clean(html).to_string()
}

/// Like [`sanitize`] for a whole document (legal texts), which may also have its own `h1`.
pub fn sanitize_document(html: &str) -> String {
    static SANITIZER: OnceLock<Builder<'static>> = OnceLock::new();
    SANITIZER.get_or_init(|| builder(&["h1"])).clean(html).to_string()
}

/// Like [`sanitize`], keeping inline JPEG images (`<img src="data:image/jpeg;base64,…">`, the
/// employer form's one image) and nothing else of `img`: for the employer's own draft, which is
/// shown back to its employer. Published HTML goes through [`sanitize`], which keeps no image.
pub fn sanitize_keeping_inline_jpeg(html: &str) -> String {
    static SANITIZER: OnceLock<Builder<'static>> = OnceLock::new();
    SANITIZER
        .get_or_init(|| {
            let mut builder = builder(&["img"]);
            let mut url_schemes: HashSet<&str> = URL_SCHEMES.iter().copied().collect();
            url_schemes.insert("data");
            builder
                .url_schemes(url_schemes)
                .tag_attributes([("a", ["href"].into_iter().collect::<HashSet<_>>()), ("img", ["src"].into_iter().collect())].into_iter().collect())
                .attribute_filter(|element, attribute, value| {
                    let is_data = value.trim_start().get(..5).is_some_and(|scheme| scheme.eq_ignore_ascii_case("data:"));
                    match (element, attribute) {
                        ("img", "src") => value.trim_start().get(..23).filter(|p| p.eq_ignore_ascii_case("data:image/jpeg;base64,")).map(|_| value.into()),
                        _ if is_data => None,
                        _ => Some(value.into()),
                    }
                });
            builder
        })
        .clean(html)
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Whatever survives must not be able to run script or load active content.
    fn assert_inert(input: &str) {
        let clean = sanitize(input);
        let lower = clean.to_ascii_lowercase();
        for needle in
            ["<script", "<svg", "<math", "<style", "<iframe", "<img", "<object", "<noscript", "javascript:", "data:", "onerror", "onload", "onclick", "srcdoc"]
        {
            assert!(!lower.contains(needle), "{needle:?} survived in {clean:?} (from {input:?})");
        }
    }

    #[test]
    fn the_draft_sanitiser_keeps_only_inline_jpegs() {
        let jpeg = r#"<img src="data:image/jpeg;base64,/9j/4A==">"#;
        assert_eq!(sanitize_keeping_inline_jpeg(&format!("<p>x</p>{jpeg}")), format!("<p>x</p>{jpeg}"));
        assert_eq!(sanitize(jpeg), "", "published HTML keeps no image");
        assert_eq!(sanitize_keeping_inline_jpeg(r#"<img src="data:image/svg+xml,<svg onload=alert(1)>">"#), "<img>");
        assert_eq!(sanitize_keeping_inline_jpeg(r#"<img src="https://evil.example/x.jpg" onerror="alert(1)">"#), "<img>");
        assert_eq!(
            sanitize_keeping_inline_jpeg(r#"<a href="data:text/html;base64,PHNjcmlwdD4=">x</a><script>alert(1)</script>"#),
            "<a rel=\"noopener noreferrer nofollow\">x</a>"
        );
    }

    #[test]
    fn formatting_and_safe_links_survive() {
        assert_eq!(sanitize("<p>Hello <strong>Rust</strong></p><ul><li>a</li></ul>"), "<p>Hello <strong>Rust</strong></p><ul><li>a</li></ul>");
        assert_eq!(
            sanitize(r#"<a href="https://wakat.pl/x" target="_blank" class="c">go</a>"#),
            r#"<a href="https://wakat.pl/x" rel="noopener noreferrer nofollow">go</a>"#
        );
        assert_eq!(sanitize(r#"<a href="/jobs">jobs</a>"#), r#"<a href="/jobs" rel="noopener noreferrer nofollow">jobs</a>"#);
        assert_eq!(sanitize("<h1>Title</h1>"), "Title", "h1 belongs to the page");
        assert_eq!(sanitize_document("<h1>Terms</h1><script>x</script>"), "<h1>Terms</h1>", "a document keeps its h1");
        assert_eq!(sanitize("a < b & c"), "a &lt; b &amp; c");
    }

    #[test]
    fn event_handlers_are_dropped() {
        assert_eq!(sanitize(r#"<p onclick="alert(1)" style="x">text</p>"#), "<p>text</p>");
        assert_eq!(sanitize(r#"<img src=x onerror=alert(1)>"#), "");
        assert_eq!(sanitize(r#"<body onload=alert(1)>hi"#), "hi");
        assert_inert(r#"<div onmouseover="alert(1)">x</div>"#);
    }

    #[test]
    fn javascript_urls_with_tabs_and_entities_are_dropped() {
        for href in [
            "javascript:alert(1)",
            "java\tscript:alert(1)",
            "jav&#x09;ascript:alert(1)",
            "&#106;avascript:alert(1)",
            " JaVaScRiPt:alert(1)",
            "javascript&colon;alert(1)",
            "vbscript:msgbox(1)",
        ] {
            let input = format!(r#"<a href="{href}">x</a>"#);
            let clean = sanitize(&input);
            assert_eq!(clean, "<a rel=\"noopener noreferrer nofollow\">x</a>", "{href:?}");
        }
    }

    #[test]
    fn data_urls_are_dropped() {
        assert_eq!(sanitize(r#"<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>"#), "<a rel=\"noopener noreferrer nofollow\">x</a>");
        assert_inert(r#"<img src="data:image/svg+xml,<svg onload=alert(1)>">"#);
    }

    #[test]
    fn scripts_in_foreign_content_are_dropped() {
        assert_eq!(sanitize("<svg><script>alert(1)</script></svg>ok"), "ok");
        assert_eq!(sanitize("<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>"), "");
        assert_inert("<svg><p><style><img src=x onerror=alert(1)></style></p></svg>");
        assert_inert(r#"<math><mi xlink:href="javascript:alert(1)">x</mi></math>"#);
        assert_inert("<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>");
    }

    #[test]
    fn style_and_noscript_breakouts_are_dropped() {
        assert_eq!(sanitize("<style>p{}</style><p>x</p>"), "<p>x</p>");
        assert_inert(r#"<noscript><p title="</noscript><img src=x onerror=alert(1)>">"#);
        assert_inert(r#"<p title="</p><script>alert(1)</script>">x</p>"#);
        assert_inert("<scr<script>ipt>alert(1)</script>");
        assert_inert("<!--<img src=x onerror=alert(1)>-->");
        assert_inert("<iframe srcdoc=\"<script>alert(1)</script>\"></iframe>");
    }

    proptest! {
        #[test]
        fn sanitizing_is_idempotent_and_inert(input in "(<[a-z]{1,8}( [a-z]{1,6}=\"[^\"]{0,12}\")?>|</[a-z]{1,8}>|[a-z &;:<>\"'=/]{0,8}){0,12}") {
            let once = sanitize(&input);
            prop_assert_eq!(sanitize(&once), once.clone());
            // Text `<` is escaped, so every `<…>` left is a tag the allow-list kept.
            for tag in once.split('<').skip(1).filter_map(|rest| rest.split_once('>').map(|(tag, _)| tag)) {
                let unquoted: String = tag.split('"').step_by(2).collect();
                let mut words = unquoted.split_whitespace();
                let name = words.next().unwrap_or_default().trim_start_matches('/');
                prop_assert!(ALLOWED_TAGS.contains(&name), "tag {} in {}", name, once);
                for attribute in words {
                    prop_assert!(["href=", "rel="].contains(&attribute), "attribute {} in {}", attribute, once);
                }
            }
        }
    }
}
