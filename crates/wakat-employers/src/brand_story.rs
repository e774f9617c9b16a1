//! A company's brand story: its texts (a short description in Polish and English, a sanitised
//! HTML description), company type, technologies, a cover photo and a gallery. One story per
//! company under a slug of its choosing; a published story is shown to candidates.

use serde::{Deserialize, Serialize};
use wakat_core::{ErrorCode, FieldError};
use wakat_store::{json, WriteOp};

use crate::store::RECORD_VERSION;
use crate::{keys, EmployerStore, EmployersError};

/// Company types (the spec's enumeration).
pub const COMPANY_TYPES: [&str; 6] = ["startup", "software-house", "e-commerce", "corporation", "agency", "other"];
/// Most gallery images.
pub const MAX_STORY_IMAGES: usize = 6;
/// Most technologies.
const MAX_TECHNOLOGIES: usize = 20;
/// Slug length bounds.
const SLUG_CHARS: (usize, usize) = (3, 60);
/// Short description length bounds.
const SHORT_DESCRIPTION_CHARS: (usize, usize) = (10, 300);
/// Longest description (HTML, after cleaning).
const MAX_DESCRIPTION_CHARS: usize = 20_000;

/// A stored brand story.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BrandStory {
    /// Record format version.
    pub v: u8,
    /// Its slug (`/brands/story/{slug}`).
    pub slug: String,
    /// The company telling it.
    pub company_id: String,
    /// One of [`COMPANY_TYPES`].
    pub company_type: String,
    /// Teaser in Polish.
    pub short_description: String,
    /// Teaser in English (empty: the Polish one is shown).
    pub short_description_en: String,
    /// Sanitised HTML.
    pub description: String,
    /// Technologies, named as the board's dictionary names them.
    pub technologies: Vec<String>,
    /// SHA-256 of the cover photo.
    pub cover_blob: Option<String>,
    /// SHA-256 of each gallery image.
    pub images: Vec<String>,
    /// Shown to candidates.
    pub published: bool,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds.
    pub updated_at: i64,
    /// First publication, unix seconds.
    pub published_at: Option<i64>,
}

/// The texts of a `PUT`, as received.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StoryTexts {
    /// Company type.
    pub company_type: String,
    /// Teaser in Polish.
    pub short_description: String,
    /// Teaser in English.
    pub short_description_en: String,
    /// HTML description (cleaned here).
    pub description: String,
    /// Technology names.
    pub technologies: Vec<String>,
    /// Publish (or keep as a draft).
    pub published: bool,
}

/// The images of a `PUT`: `None` keeps the stored ones.
#[derive(Debug, Clone, Default)]
pub struct StoryImages {
    /// A new cover photo's hash.
    pub cover: Option<String>,
    /// A new gallery (replacing the old one).
    pub gallery: Option<Vec<String>>,
}

/// Whether `slug` is 3 to 60 lowercase letters, digits and single inner dashes.
pub fn is_story_slug(slug: &str) -> bool {
    let n = slug.chars().count();
    (SLUG_CHARS.0..=SLUG_CHARS.1).contains(&n)
        && slug.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !slug.starts_with('-')
        && !slug.ends_with('-')
        && !slug.contains("--")
}

impl StoryTexts {
    /// Cleaned (trimmed texts, sanitised HTML, technologies as the dictionary names them via
    /// `known`, duplicates dropped), or every broken rule.
    pub fn validated(self, slug: &str, known: impl Fn(&str) -> Option<String>) -> Result<StoryTexts, Vec<FieldError>> {
        let mut errors = Vec::new();
        if !is_story_slug(slug) {
            errors.push(FieldError::new("slug", ErrorCode::InvalidSlug, "3 to 60 lowercase letters, digits and single dashes"));
        }
        let company_type = self.company_type.trim().to_string();
        if company_type.is_empty() {
            errors.push(FieldError::new("type", ErrorCode::Required, "This field is required"));
        } else if !COMPANY_TYPES.contains(&company_type.as_str()) {
            errors.push(FieldError::new("type", ErrorCode::InvalidOption, "not one of the options"));
        }
        let short_description = self.short_description.trim().to_string();
        let short_description_en = self.short_description_en.trim().to_string();
        for (field, value, required) in [("shortDescription", &short_description, true), ("shortDescriptionEn", &short_description_en, false)] {
            let n = value.chars().count();
            if n == 0 && required {
                errors.push(FieldError::new(field, ErrorCode::Required, "This field is required"));
            } else if n > 0 && n < SHORT_DESCRIPTION_CHARS.0 {
                errors.push(FieldError::new(field, ErrorCode::MinLength, format!("at least {} characters", SHORT_DESCRIPTION_CHARS.0)));
            } else if n > SHORT_DESCRIPTION_CHARS.1 {
                errors.push(FieldError::new(field, ErrorCode::MaxLength, format!("at most {} characters", SHORT_DESCRIPTION_CHARS.1)));
            }
        }
        let description = wakat_core::html::sanitize(self.description.trim());
        if description.chars().count() > MAX_DESCRIPTION_CHARS {
            errors.push(FieldError::new("description", ErrorCode::MaxLength, format!("at most {MAX_DESCRIPTION_CHARS} characters")));
        }
        let mut technologies: Vec<String> = Vec::new();
        if self.technologies.len() > MAX_TECHNOLOGIES {
            errors.push(FieldError::new("technologies", ErrorCode::TooManyValues, format!("at most {MAX_TECHNOLOGIES} technologies")));
        }
        for name in self.technologies.iter().filter(|n| !n.trim().is_empty()) {
            match known(name) {
                Some(known) if !technologies.contains(&known) => technologies.push(known),
                Some(_) => {}
                None => {
                    errors.push(FieldError::new("technologies", ErrorCode::UnknownTechnology, format!("'{}' is not in the technologies list", name.trim())))
                }
            }
        }
        if errors.is_empty() {
            Ok(StoryTexts { company_type, short_description, short_description_en, description, technologies, published: self.published })
        } else {
            Err(errors)
        }
    }
}

impl EmployerStore {
    /// A story by slug.
    pub fn story(&self, tenant: &str, slug: &str) -> Result<Option<BrandStory>, EmployersError> {
        if !is_story_slug(slug) {
            return Ok(None);
        }
        Ok(json::read(&*self.kv, &keys::brand_story(tenant, slug)?)?)
    }

    /// The company's story when `slug` is its slug.
    pub fn company_story(&self, tenant: &str, company_id: &str, slug: &str) -> Result<Option<BrandStory>, EmployersError> {
        Ok(self.story(tenant, slug)?.filter(|story| story.company_id == company_id))
    }

    /// Every published story of the board, newest publication first.
    pub fn published_stories(&self, tenant: &str) -> Result<Vec<BrandStory>, EmployersError> {
        let prefix = keys::brand_story_prefix(tenant)?;
        let mut stories = Vec::new();
        for entry in self.kv.scan_prefix(&prefix) {
            let (key, value) = entry?;
            let story: BrandStory = json::decode(&key, &value)?;
            if story.published {
                stories.push(story);
            }
        }
        stories.sort_by(|a, b| b.published_at.cmp(&a.published_at).then_with(|| a.slug.cmp(&b.slug)));
        Ok(stories)
    }

    /// Writes the company's story under `slug` (checked `texts`): a slug of another company is
    /// `StorySlugTaken`; a new slug moves the company's story there. Returns the story and the
    /// image hashes it no longer uses.
    pub fn put_story(
        &self,
        tenant: &str,
        company_id: &str,
        slug: &str,
        texts: StoryTexts,
        images: StoryImages,
        now: i64,
    ) -> Result<(BrandStory, Vec<String>), EmployersError> {
        let _guard = self.records_lock();
        let mut company = self.company(tenant, company_id)?.ok_or(EmployersError::NotAnEmployer)?;
        if self.story(tenant, slug)?.is_some_and(|story| story.company_id != company_id) {
            return Err(EmployersError::StorySlugTaken);
        }
        let previous = match company.story_slug.as_deref() {
            Some(old) => self.story(tenant, old)?,
            None => None,
        };
        let mut ops = Vec::new();
        if let Some(old) = previous.as_ref().filter(|old| old.slug != slug) {
            ops.push(WriteOp::Delete { key: keys::brand_story(tenant, &old.slug)? });
        }
        let old_cover = previous.as_ref().and_then(|p| p.cover_blob.clone());
        let old_images = previous.as_ref().map(|p| p.images.clone()).unwrap_or_default();
        let story = BrandStory {
            v: RECORD_VERSION,
            slug: slug.to_string(),
            company_id: company_id.to_string(),
            company_type: texts.company_type,
            short_description: texts.short_description,
            short_description_en: texts.short_description_en,
            description: texts.description,
            technologies: texts.technologies,
            cover_blob: images.cover.or(old_cover.clone()),
            images: images.gallery.unwrap_or(old_images.clone()),
            published: texts.published,
            created_at: previous.as_ref().map_or(now, |p| p.created_at),
            updated_at: now,
            published_at: previous.as_ref().and_then(|p| p.published_at).or(texts.published.then_some(now)),
        };
        let released: Vec<String> =
            old_cover.into_iter().chain(old_images).filter(|hash| story.cover_blob.as_ref() != Some(hash) && !story.images.contains(hash)).collect();
        company.story_slug = Some(slug.to_string());
        ops.push(json::put(keys::brand_story(tenant, slug)?, &story)?);
        ops.push(json::put(keys::company(tenant, company_id)?, &company)?);
        self.kv.commit(ops)?;
        Ok((story, released))
    }
}
