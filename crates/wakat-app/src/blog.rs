//! The boards' blogs (flag `blogShowcase`, `[tenants.blog] dir`): Markdown posts the operator
//! publishes as files, shown on the homepage and on pages of their own.
//!
//! A post is `{dir}/{slug}.{pl|en}.md` below the index-data directory: TOML front matter between
//! `+++` lines (`title`, `date` as `YYYY-MM-DD`, `summary`, optional `image`, a path of the web
//! app or an http(s) URL) and a CommonMark body. Every post has a Polish file; the English one is
//! optional (Polish is the fallback, as for the legal documents).
//!
//! Design decision: read and rendered once at start (a broken post refuses the start, naming its
//! file), the HTML cleaned by the one sanitiser (`wakat_core::html`), so a request only looks up.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use jiff::civil::Date;
use serde::Deserialize;
use wakat_engine::{Tenant, TenantSettings};

use crate::error::{AppError, Result};

/// Languages a post may be written in; Polish is the fallback.
const LANGUAGES: [&str; 2] = ["pl", "en"];
/// The longest summary shown on the homepage's cards.
const MAX_SUMMARY_CHARS: usize = 300;

/// A post, rendered, in one language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Post {
    /// Its slug (the file name's first part).
    pub slug: String,
    /// The language of this text (`pl` or `en`).
    pub lang: &'static str,
    /// Its title.
    pub title: String,
    /// Its date of publication.
    pub date: Date,
    /// A sentence or two for the homepage.
    pub summary: String,
    /// Its image: a path of the web app or an http(s) URL.
    pub image: Option<String>,
    /// The body as sanitised HTML.
    pub html: String,
}

/// The front matter of a post file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FrontMatter {
    title: String,
    date: String,
    summary: String,
    #[serde(default)]
    image: Option<String>,
}

/// A post file that cannot be served, with the reason.
#[derive(Debug, thiserror::Error)]
#[error("blog post {file}: {reason}")]
pub struct BlogError {
    /// The file.
    pub file: String,
    /// What is wrong.
    pub reason: String,
}

/// Every board's posts, newest first, per language.
#[derive(Debug, Default)]
pub struct Blog {
    /// Board slug → post slug → language → post.
    boards: HashMap<String, BTreeMap<String, BTreeMap<&'static str, Post>>>,
}

impl Blog {
    /// Reads the posts of every board with a blog folder below `index_data`.
    pub fn load(index_data: &Path, tenants: &[TenantSettings]) -> std::result::Result<Blog, BlogError> {
        let mut boards = HashMap::new();
        for tenant in tenants.iter().filter(|tenant| tenant.blog.is_configured()) {
            boards.insert(tenant.slug.clone(), read_folder(&index_data.join(&tenant.blog.dir))?);
        }
        Ok(Blog { boards })
    }

    /// The board's posts in `lang` (else Polish), newest first, at most `limit`.
    /// [`AppError::FeatureDisabled`] on a board without `blogShowcase`.
    pub fn posts(&self, tenant: &Tenant, lang: &str, limit: usize) -> Result<Vec<&Post>> {
        let posts = self.board(tenant)?;
        let mut list: Vec<&Post> = posts.values().filter_map(|texts| in_language(texts, lang)).collect();
        list.sort_by(|a, b| b.date.cmp(&a.date).then_with(|| a.slug.cmp(&b.slug)));
        list.truncate(limit);
        Ok(list)
    }

    /// One post in `lang` (else Polish); [`AppError::PostNotFound`] for a slug the board has not.
    pub fn post(&self, tenant: &Tenant, slug: &str, lang: &str) -> Result<&Post> {
        self.board(tenant)?.get(slug).and_then(|texts| in_language(texts, lang)).ok_or(AppError::PostNotFound)
    }

    fn board(&self, tenant: &Tenant) -> Result<&BTreeMap<String, BTreeMap<&'static str, Post>>> {
        if !tenant.flag("blogShowcase") {
            return Err(AppError::FeatureDisabled);
        }
        self.boards.get(&tenant.settings.slug).ok_or(AppError::FeatureDisabled)
    }
}

fn in_language<'a>(texts: &'a BTreeMap<&'static str, Post>, lang: &str) -> Option<&'a Post> {
    texts.get(lang).or_else(|| texts.get("pl"))
}

fn read_folder(dir: &Path) -> std::result::Result<BTreeMap<String, BTreeMap<&'static str, Post>>, BlogError> {
    let failure = |file: &Path, reason: String| BlogError { file: file.display().to_string(), reason };
    let entries = std::fs::read_dir(dir).map_err(|error| failure(dir, format!("the blog folder cannot be read: {error}")))?;
    let mut posts: BTreeMap<String, BTreeMap<&'static str, Post>> = BTreeMap::new();
    for entry in entries {
        let path = entry.map_err(|error| failure(dir, error.to_string()))?.path();
        let Some(name) = path.file_name().and_then(|name| name.to_str()).and_then(|name| name.strip_suffix(".md")) else { continue };
        let (slug, lang) = name.rsplit_once('.').ok_or_else(|| failure(&path, "name it {slug}.pl.md or {slug}.en.md".into()))?;
        let lang = LANGUAGES.into_iter().find(|known| *known == lang).ok_or_else(|| failure(&path, format!("unknown language '{lang}' (pl or en)")))?;
        if !wakat_core::validate::is_valid_slug(slug) {
            return Err(failure(&path, format!("'{slug}' is not a slug (lowercase letters, digits and dashes)")));
        }
        let text = std::fs::read_to_string(&path).map_err(|error| failure(&path, error.to_string()))?;
        let post = parse_post(slug, lang, &text).map_err(|reason| failure(&path, reason))?;
        posts.entry(slug.to_string()).or_default().insert(lang, post);
    }
    if let Some((slug, _)) = posts.iter().find(|(_, texts)| !texts.contains_key("pl")) {
        return Err(failure(&dir.join(format!("{slug}.en.md")), "every post needs its Polish file (the fallback)".into()));
    }
    Ok(posts)
}

/// A post file's front matter and body, rendered and sanitised.
pub fn parse_post(slug: &str, lang: &'static str, text: &str) -> std::result::Result<Post, String> {
    let text = text.trim_start_matches('\u{feff}');
    let rest = text.strip_prefix("+++").and_then(|rest| rest.strip_prefix('\n').or_else(|| rest.strip_prefix("\r\n")));
    let (front, body) = rest.and_then(|rest| rest.split_once("\n+++")).ok_or("the file must start with TOML front matter between +++ lines")?;
    let front: FrontMatter = toml::from_str(front).map_err(|error| format!("front matter: {}", error.message()))?;
    let date: Date = front.date.parse().map_err(|_| format!("date '{}' must be YYYY-MM-DD", front.date))?;
    let (title, summary) = (front.title.trim().to_string(), front.summary.trim().to_string());
    if title.is_empty() || summary.is_empty() || summary.chars().count() > MAX_SUMMARY_CHARS {
        return Err(format!("title and summary are required, the summary at most {MAX_SUMMARY_CHARS} characters"));
    }
    if let Some(image) = &front.image {
        let site_path = image.starts_with('/') && !image.starts_with("//");
        let http = image.starts_with("https://") || image.starts_with("http://");
        if !(site_path || http) || image.chars().any(|c| c.is_whitespace() || c == '"' || c == '\'' || c == '<') {
            return Err(format!("image '{image}' must be a path of the web app or an http(s) URL"));
        }
    }
    let mut html = String::new();
    let body = body.trim_start_matches(['\r', '\n']);
    pulldown_cmark::html::push_html(
        &mut html,
        pulldown_cmark::Parser::new_ext(body, pulldown_cmark::Options::ENABLE_TABLES | pulldown_cmark::Options::ENABLE_STRIKETHROUGH),
    );
    Ok(Post { slug: slug.to_string(), lang, title, date, summary, image: front.image, html: wakat_core::html::sanitize(&html) })
}

#[cfg(test)]
mod tests {
    use super::*;

    const POST: &str = "+++\ntitle = \"Jak pisać CV\"\ndate = \"2026-11-02\"\nsummary = \"Krótko.\"\n+++\n\n# Nagłówek\n\nTekst **pogrubiony** i [link](https://example.com).\n\n<script>alert(1)</script><img src=x onerror=alert(1)>\n\n[zły](javascript:alert(1))\n";

    #[test]
    fn renders_markdown_and_sanitises_what_the_file_smuggles() {
        let post = parse_post("jak-pisac-cv", "pl", POST).unwrap();
        assert_eq!((post.title.as_str(), post.date.to_string().as_str(), post.summary.as_str()), ("Jak pisać CV", "2026-11-02", "Krótko."));
        assert!(post.html.contains("<strong>pogrubiony</strong>"), "{}", post.html);
        assert!(post.html.contains("<a href=\"https://example.com\" rel=\"noopener noreferrer nofollow\">link</a>"), "{}", post.html);
        for gone in ["<script", "alert(1)</script", "<img", "onerror", "javascript:", "<h1"] {
            assert!(!post.html.contains(gone), "{gone} survived: {}", post.html);
        }
    }

    #[test]
    fn refuses_posts_without_their_front_matter() {
        for bad in [
            "# no front matter",
            "+++\ntitle = \"T\"\nsummary = \"S\"\n+++\nbody",
            "+++\ntitle = \"T\"\ndate = \"2 Nov\"\nsummary = \"S\"\n+++\nbody",
            "+++\ntitle = \"T\"\ndate = \"2026-11-02\"\nsummary = \"S\"\nauthor = \"X\"\n+++\nbody",
            "+++\ntitle = \"T\"\ndate = \"2026-11-02\"\nsummary = \"S\"\nimage = \"javascript:alert(1)\"\n+++\nbody",
        ] {
            assert!(parse_post("p", "pl", bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn reads_a_folder_newest_first_with_the_polish_fallback() {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, date: &str| std::fs::write(dir.path().join(name), POST.replace("2026-11-02", date)).unwrap();
        write("starszy.pl.md", "2026-10-01");
        write("nowszy.pl.md", "2026-11-20");
        write("nowszy.en.md", "2026-11-20");
        std::fs::write(dir.path().join("README.txt"), "not a post").unwrap();
        let posts = read_folder(dir.path()).unwrap();
        assert_eq!(posts.len(), 2);
        assert_eq!(posts["nowszy"].keys().copied().collect::<Vec<_>>(), ["en", "pl"]);
        assert_eq!(in_language(&posts["starszy"], "en").unwrap().lang, "pl", "Polish is the fallback");
        write("tylko.en.md", "2026-11-21");
        assert!(read_folder(dir.path()).unwrap_err().to_string().contains("tylko.en.md"), "a post needs its Polish file");
    }
}
