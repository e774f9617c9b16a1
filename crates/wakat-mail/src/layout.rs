//! The board's mail layout: one list of blocks rendered as plain text and as escaped HTML.

use askama::Template;
use url::Url;

use crate::MailError;

/// A CSS colour `#rgb` or `#rrggbb`, safe to put into a style attribute.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HexColor(String);

impl HexColor {
    /// Parses `#rgb` or `#rrggbb` (hex digits of any case).
    pub fn parse(color: &str) -> Result<HexColor, MailError> {
        let digits = color.strip_prefix('#').ok_or_else(|| MailError::InvalidColor(color.to_string()))?;
        if !matches!(digits.len(), 3 | 6) || !digits.bytes().all(|byte| byte.is_ascii_hexdigit()) {
            return Err(MailError::InvalidColor(color.to_string()));
        }
        Ok(HexColor(color.to_ascii_lowercase()))
    }

    /// Returns the colour as written in CSS.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Returns the text colour readable on this colour: white, or near-black on light colours
    /// (a board may well choose yellow), by WCAG relative luminance.
    pub fn text_color(&self) -> &'static str {
        let digits = &self.0[1..];
        let channel = |channel_idx: usize| -> f64 {
            let value = if digits.len() == 3 {
                u8::from_str_radix(&digits[channel_idx..channel_idx + 1], 16).unwrap_or(0) * 17
            } else {
                u8::from_str_radix(&digits[channel_idx * 2..channel_idx * 2 + 2], 16).unwrap_or(0)
            };
            let srgb = f64::from(value) / 255.0;
            if srgb <= 0.04045 {
                srgb / 12.92
            } else {
                ((srgb + 0.055) / 1.055).powf(2.4)
            }
        };
        let luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
        // White stays while its contrast reaches 3:1 (WCAG's bar for large bold text, which the
        // header and buttons are): brand colours are usually designed for white text.
        if 1.05 / (luminance + 0.05) >= 3.0 {
            "#ffffff"
        } else {
            "#1f2329"
        }
    }
}

/// The language of a mail's fixed texts (footer, link hint) and of its `lang` attribute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MailLang {
    /// Polish.
    Pl,
    /// English.
    En,
}

impl MailLang {
    /// Parses `pl` or `en` (any case).
    pub fn parse(lang: &str) -> Result<MailLang, MailError> {
        match lang.to_ascii_lowercase().as_str() {
            "pl" => Ok(MailLang::Pl),
            "en" => Ok(MailLang::En),
            _ => Err(MailError::InvalidLang(lang.to_string())),
        }
    }

    /// Returns the language tag.
    pub fn as_str(self) -> &'static str {
        match self {
            MailLang::Pl => "pl",
            MailLang::En => "en",
        }
    }

    fn link_hint(self) -> &'static str {
        match self {
            MailLang::Pl => "Jeśli przycisk nie działa, skopiuj ten adres do przeglądarki:",
            MailLang::En => "If the button does not work, copy this address into your browser:",
        }
    }

    fn sent_by(self) -> &'static str {
        match self {
            MailLang::Pl => "Wiadomość od",
            MailLang::En => "A message from",
        }
    }
}

/// How mails of one board look: its name, colour, address and language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Brand {
    /// The board's name, shown in the header and footer.
    pub name: String,
    /// The colour of the header bar and buttons.
    pub primary_color: HexColor,
    /// The board's absolute http(s) address; link paths are resolved against it.
    pub base_url: Url,
    /// The language of the fixed texts.
    pub lang: MailLang,
}

impl Brand {
    /// Builds a brand, checking the colour, the base URL (http or https) and the language.
    pub fn new(name: &str, primary_color: &str, base_url: &str, lang: &str) -> Result<Brand, MailError> {
        let base_url = Url::parse(base_url).map_err(|_| MailError::InvalidLink(base_url.to_string()))?;
        if !matches!(base_url.scheme(), "http" | "https") {
            return Err(MailError::InvalidLink(base_url.to_string()));
        }
        Ok(Brand { name: name.to_string(), primary_color: HexColor::parse(primary_color)?, base_url, lang: MailLang::parse(lang)? })
    }

    /// Returns an absolute http(s) link: `link` itself, or a path (`/...`) on the board.
    fn resolve_link(&self, link: &str) -> Result<Url, MailError> {
        let invalid = || MailError::InvalidLink(link.to_string());
        let url = if link.starts_with('/') && !link.starts_with("//") {
            self.base_url.join(link).map_err(|_| invalid())?
        } else {
            Url::parse(link).map_err(|_| invalid())?
        };
        // Anything else (javascript:, data:, mailto:) has no business behind a mail button.
        if !matches!(url.scheme(), "http" | "https") {
            return Err(invalid());
        }
        Ok(url)
    }
}

/// The two parts of a rendered mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailContent {
    /// The plain-text part.
    pub text: String,
    /// The HTML part (a whole document with inline CSS).
    pub html: String,
}

/// One block of a mail, as the builder collects it.
#[derive(Debug, Clone)]
enum Block {
    Heading(String),
    Paragraph(String),
    Button { label: String, link: String },
    Small(String),
    Item { title: String, detail: String, link: String },
    Link { label: String, link: String },
}

/// One block with its link resolved, as the template renders it.
#[derive(Debug)]
enum RenderedBlock<'a> {
    Heading(&'a str),
    Paragraph(&'a str),
    Button { label: &'a str, url: String },
    Small(&'a str),
    Item { title: &'a str, detail: &'a str, url: String },
    Link { label: &'a str, url: String },
}

#[derive(Template)]
#[template(path = "layout.html")]
struct LayoutHtml<'a> {
    lang: &'a str,
    title: &'a str,
    board_name: &'a str,
    color: &'a str,
    text_on_color: &'a str,
    base_url: &'a str,
    blocks: &'a [RenderedBlock<'a>],
    link_hint: &'a str,
    sent_by: &'a str,
}

/// Builds a mail's body in the board's look; [`MailBody::render`] gives both parts.
#[derive(Debug, Clone)]
pub struct MailBody<'a> {
    brand: &'a Brand,
    blocks: Vec<Block>,
}

impl<'a> MailBody<'a> {
    /// Starts an empty body for `brand`.
    pub fn new(brand: &'a Brand) -> MailBody<'a> {
        MailBody { brand, blocks: Vec::new() }
    }

    /// Adds a heading (the first one is also the HTML title).
    pub fn heading(mut self, text: impl Into<String>) -> MailBody<'a> {
        self.blocks.push(Block::Heading(text.into()));
        self
    }

    /// Adds a paragraph; line breaks are kept.
    pub fn paragraph(mut self, text: impl Into<String>) -> MailBody<'a> {
        self.blocks.push(Block::Paragraph(text.into()));
        self
    }

    /// Adds a paragraph when `shown` (a note only some recipients need).
    pub fn paragraph_if(self, shown: bool, text: impl Into<String>) -> MailBody<'a> {
        if shown {
            self.paragraph(text)
        } else {
            self
        }
    }

    /// Adds a button to `link`: an http(s) URL, or a path resolved against the board's address.
    pub fn button(mut self, label: impl Into<String>, link: impl Into<String>) -> MailBody<'a> {
        self.blocks.push(Block::Button { label: label.into(), link: link.into() });
        self
    }

    /// Adds a small print paragraph (why the mail came, what to do if it was not you).
    pub fn small(mut self, text: impl Into<String>) -> MailBody<'a> {
        self.blocks.push(Block::Small(text.into()));
        self
    }

    /// Adds a list entry: `title` linked to `link`, `detail` on the line below (a digest's offer).
    pub fn item(mut self, title: impl Into<String>, detail: impl Into<String>, link: impl Into<String>) -> MailBody<'a> {
        self.blocks.push(Block::Item { title: title.into(), detail: detail.into(), link: link.into() });
        self
    }

    /// Adds a small plain link (change the frequency, unsubscribe).
    pub fn link(mut self, label: impl Into<String>, link: impl Into<String>) -> MailBody<'a> {
        self.blocks.push(Block::Link { label: label.into(), link: link.into() });
        self
    }

    /// Renders the text and the HTML part; fails on a link that is not http(s).
    pub fn render(&self) -> Result<MailContent, MailError> {
        let blocks = self
            .blocks
            .iter()
            .map(|block| {
                Ok(match block {
                    Block::Heading(text) => RenderedBlock::Heading(text),
                    Block::Paragraph(text) => RenderedBlock::Paragraph(text),
                    Block::Button { label, link } => RenderedBlock::Button { label, url: self.brand.resolve_link(link)?.to_string() },
                    Block::Small(text) => RenderedBlock::Small(text),
                    Block::Item { title, detail, link } => RenderedBlock::Item { title, detail, url: self.brand.resolve_link(link)?.to_string() },
                    Block::Link { label, link } => RenderedBlock::Link { label, url: self.brand.resolve_link(link)?.to_string() },
                })
            })
            .collect::<Result<Vec<_>, MailError>>()?;
        let title = blocks.iter().find_map(|block| if let RenderedBlock::Heading(text) = block { Some(*text) } else { None });
        let layout = LayoutHtml {
            lang: self.brand.lang.as_str(),
            title: title.unwrap_or(&self.brand.name),
            board_name: &self.brand.name,
            color: self.brand.primary_color.as_str(),
            text_on_color: self.brand.primary_color.text_color(),
            base_url: self.brand.base_url.as_str(),
            blocks: &blocks,
            link_hint: self.brand.lang.link_hint(),
            sent_by: self.brand.lang.sent_by(),
        };
        let html = layout.render().map_err(|err| MailError::Build(err.to_string()))?;
        Ok(MailContent { text: self.render_text(&blocks), html })
    }

    fn render_text(&self, blocks: &[RenderedBlock<'_>]) -> String {
        let mut parts: Vec<String> = Vec::with_capacity(blocks.len() + 1);
        for block in blocks {
            parts.push(match block {
                RenderedBlock::Heading(text) => format!("{text}\n{}", "=".repeat(text.chars().count().clamp(3, 78))),
                RenderedBlock::Paragraph(text) | RenderedBlock::Small(text) => text.to_string(),
                RenderedBlock::Button { label, url } => format!("{label}:\n{url}"),
                RenderedBlock::Item { title, detail, url } => format!("* {title}\n  {detail}\n  {url}"),
                RenderedBlock::Link { label, url } => format!("{label}: {url}"),
            });
        }
        // "-- " on its own line is the signature separator mail clients recognise.
        parts.push(format!("-- \n{} {}\n{}", self.brand.lang.sent_by(), self.brand.name, self.brand.base_url));
        parts.join("\n\n") + "\n"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCRIPT: &str = "<script>alert('x')</script>";

    fn brand() -> Brand {
        Brand::new(&format!("Board {SCRIPT}"), "#0A7CFF", "https://it.wakat.pl", "en").unwrap()
    }

    #[test]
    fn every_slot_is_escaped() {
        let brand = brand();
        let content = MailBody::new(&brand)
            .heading(format!("Heading {SCRIPT}"))
            .paragraph(format!("Paragraph {SCRIPT}\nsecond line \"quoted\" & more"))
            .button(format!("Button {SCRIPT}"), format!("https://it.wakat.pl/confirm?t=\"><script>&x={SCRIPT}"))
            .small(format!("Small {SCRIPT}"))
            .item(format!("Item {SCRIPT}"), format!("Detail {SCRIPT}"), format!("/offer?x=\"><script>{SCRIPT}"))
            .link(format!("Link {SCRIPT}"), "/frequency")
            .render()
            .unwrap();
        assert!(!content.html.contains("<script"), "unescaped script in {}", content.html);
        assert!(!content.html.contains("t=\">"), "the link closed its attribute early in {}", content.html);
        assert!(content.html.contains("&#60;script&#62;") || content.html.contains("&lt;script&gt;"), "{}", content.html);
        assert!(content.html.contains("second line"));
        assert!(content.html.contains("<br/>second line"), "line breaks are kept: {}", content.html);
        // The text part is plain text: nothing to escape, every slot present as written.
        for slot in ["Heading", "Paragraph", "Button", "Small", "Board", "Item", "Detail", "Link"] {
            assert!(content.text.contains(&format!("{slot} {SCRIPT}")), "{slot} missing from {}", content.text);
        }
    }

    #[test]
    fn the_brand_colour_and_language_are_carried() {
        let brand = Brand::new("Wakat IT", "#0A7CFF", "https://it.wakat.pl/", "pl").unwrap();
        let content = MailBody::new(&brand).heading("Cześć").button("Potwierdź", "/konto/potwierdz?token=a b").render().unwrap();
        assert!(content.html.contains(r#"<html lang="pl">"#));
        assert!(content.html.contains("background:#0a7cff"), "{}", content.html);
        assert!(content.html.contains("<title>Cześć</title>"));
        assert!(content.html.contains("Wiadomość od Wakat IT"));
        assert!(content.html.contains("https://it.wakat.pl/konto/potwierdz?token=a%20b"), "{}", content.html);
        assert!(content.text.contains("Potwierdź:\nhttps://it.wakat.pl/konto/potwierdz?token=a%20b"), "{}", content.text);
        assert!(content.text.ends_with("-- \nWiadomość od Wakat IT\nhttps://it.wakat.pl/\n"), "{}", content.text);
        let english = Brand { lang: MailLang::En, ..brand };
        assert!(MailBody::new(&english).paragraph("Hi").render().unwrap().html.contains(r#"<html lang="en">"#));
    }

    #[test]
    fn colours_languages_and_links_are_validated() {
        for good in ["#fff", "#FFFFFF", "#0a7cff"] {
            HexColor::parse(good).unwrap();
        }
        for bad in ["", "fff", "#ffff", "#ggg", "red", "#fff;background:url(x)", "#fff\"", "#0a7cff "] {
            assert!(matches!(HexColor::parse(bad), Err(MailError::InvalidColor(_))), "{bad:?}");
        }
        assert_eq!(HexColor::parse("#0a7cff").unwrap().text_color(), "#ffffff");
        assert_eq!(HexColor::parse("#000").unwrap().text_color(), "#ffffff");
        assert_eq!(HexColor::parse("#ffd400").unwrap().text_color(), "#1f2329");
        assert_eq!(HexColor::parse("#FFF").unwrap().text_color(), "#1f2329");
        assert!(matches!(MailLang::parse("de"), Err(MailError::InvalidLang(_))));
        assert!(matches!(Brand::new("B", "#fff", "javascript:alert(1)", "pl"), Err(MailError::InvalidLink(_))));
        assert!(Brand::new("B", "#fff", "not a url", "pl").is_err());
        let brand = brand();
        for bad_link in ["javascript:alert(1)", "data:text/html,x", "//evil.example/x", "relative/path", "mailto:a@b.c"] {
            let rendered = MailBody::new(&brand).button("Go", bad_link).render();
            assert!(matches!(rendered, Err(MailError::InvalidLink(_))), "{bad_link:?}");
        }
    }
}
