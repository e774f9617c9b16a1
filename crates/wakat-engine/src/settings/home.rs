//! What a board puts on its homepage besides offers: the promotional hero (`[tenants.promotion]`,
//! flag `promotionalHomepage`) and the blog whose posts it showcases (`[tenants.blog]`, flag
//! `blogShowcase`). A flag that is on without its section is refused at start: it would show
//! nothing.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::{ConfigError, TenantSettings};

/// The promotional hero: a background image, a headline and a link, each text in Polish (and
/// optionally English; Polish is the fallback).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PromotionSettings {
    /// The image: a path of the web app (`/promo/it.svg`) or an absolute http(s) URL.
    pub image: String,
    /// The headline per language (`pl`, `en`).
    pub headline: BTreeMap<String, String>,
    /// Where the hero leads: a path of the web app or an absolute http(s) URL.
    pub link: String,
    /// The link's text per language.
    pub link_label: BTreeMap<String, String>,
}

impl PromotionSettings {
    /// Whether the board configured a hero.
    pub fn is_configured(&self) -> bool {
        !self.image.is_empty()
    }
}

/// The board's blog: Markdown posts in a folder of the index-data directory.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BlogSettings {
    /// The folder below `index_data_dir` holding `{slug}.{pl|en}.md` (empty: no blog).
    pub dir: String,
}

impl BlogSettings {
    /// Whether the board has a blog folder.
    pub fn is_configured(&self) -> bool {
        !self.dir.is_empty()
    }
}

/// The hero's addresses are site paths or http(s) URLs and its texts have Polish; the blog's
/// folder stays inside the index-data directory; an on flag has its section.
pub(super) fn check_home(tenant: &TenantSettings) -> Result<(), ConfigError> {
    let invalid = |what: String| Err(ConfigError::Invalid(format!("tenant '{}': {what}", tenant.slug)));
    let promotion = &tenant.promotion;
    if tenant.flags.get("promotionalHomepage") == Some(&true) && !promotion.is_configured() {
        return invalid("the flag promotionalHomepage needs [tenants.promotion] (image, headline, link)".into());
    }
    if promotion.is_configured() {
        for (key, address) in [("image", &promotion.image), ("link", &promotion.link)] {
            if !is_site_path_or_http(address) {
                return invalid(format!("promotion.{key} '{address}' must be a path of the web app (/…) or an absolute http(s) URL"));
            }
        }
        for (key, texts) in [("headline", &promotion.headline), ("link_label", &promotion.link_label)] {
            if texts.get("pl").is_none_or(|text| text.trim().is_empty()) || texts.keys().any(|lang| lang != "pl" && lang != "en") {
                return invalid(format!("promotion.{key} needs a Polish text (pl, optionally en)"));
            }
        }
    }
    let blog = &tenant.blog;
    if tenant.flags.get("blogShowcase") == Some(&true) && !blog.is_configured() {
        return invalid("the flag blogShowcase needs [tenants.blog] dir".into());
    }
    let inside = blog.dir.split('/').all(|part| !part.is_empty() && part != "." && part != ".." && !part.contains('\\'));
    if blog.is_configured() && (!inside || blog.dir.starts_with('/')) {
        return invalid(format!("blog.dir '{}' must be a folder inside the index-data directory", blog.dir));
    }
    Ok(())
}

/// `/path` of the web app (not `//host`) or `http(s)://host…`, without spaces or quotes.
fn is_site_path_or_http(address: &str) -> bool {
    let clean = !address.chars().any(|c| c.is_whitespace() || c.is_control() || c == '"' || c == '\'' || c == '<' || c == '>');
    let site_path = address.starts_with('/') && !address.starts_with("//");
    let http = ["https://", "http://"].iter().any(|scheme| address.strip_prefix(scheme).is_some_and(|rest| !rest.is_empty() && !rest.starts_with('/')));
    clean && (site_path || http)
}
