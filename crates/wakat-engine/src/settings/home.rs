//! What a board puts on its homepage besides offers: the promotional hero (`[tenants.promotion]`,
//! flag `promotionalHomepage`) and the blog whose posts it showcases (`[tenants.blog]`, flag
//! `blogShowcase`). A flag that is on without its section is refused at start (`load.rs`,
//! `check_home`): it would show nothing.

use std::collections::BTreeMap;

use serde::Deserialize;

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
