//! Brand stories: the company writes its story in the panel (texts, technologies of the board's
//! dictionary, a cover photo and a gallery checked by content), and a published story joins the
//! board's own company stories (`tenant.companies`, from its data files) on the candidate side:
//! the list (homepage carousel, company list) and the story's page.

use std::sync::Arc;

use wakat_core::offer_form::{SkillDictionary, SkillEntry};
use wakat_core::Filters;
use wakat_employers::{BrandStory, EmployerStore, EmployersError, OfferState, StoryImages, StoryTexts};
use wakat_engine::{Engine, Tenant};
use wakat_ingest::dictionaries::Company as BoardCompany;
use wakat_uploads::{BlobHash, BlobStore, StoredBlob};

use crate::employers::public_offers::PublicOffers;
use crate::employers::{logo_path, story_images_owner, Acting};
use crate::error::{AppError, Result};
use crate::{Clock, Principal};

/// A story as candidates see it: a company's published one, or one of the board's data files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicStory {
    /// The story's slug.
    pub slug: String,
    /// The company's name.
    pub name: String,
    /// The logo's URL path.
    pub logo_url: String,
    /// The cover photo's URL path.
    pub cover_photo_url: Option<String>,
    /// The short description in the asked language.
    pub short_description: Option<String>,
    /// The company's offers on the board.
    pub offers_count: usize,
    /// The company's type.
    pub company_type: String,
    /// The company's size.
    pub size: String,
    /// The company's website.
    pub url: String,
    /// The story's page (a company's published story only).
    pub details: Option<StoryDetails>,
}

/// What a company's published story shows besides the list's fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoryDetails {
    /// The description (clean HTML).
    pub description: String,
    /// Technologies of the board's dictionary.
    pub technologies: Vec<String>,
    /// The gallery's URL paths.
    pub images: Vec<String>,
}

/// The brand stories of a board's companies.
#[derive(Clone)]
pub struct BrandStories {
    engine: Arc<Engine>,
    employers: Arc<EmployerStore>,
    blobs: Arc<BlobStore>,
    skills: Arc<SkillDictionary>,
    public_offers: PublicOffers,
    clock: Clock,
}

impl BrandStories {
    /// The service over its stores.
    pub fn new(
        engine: Arc<Engine>,
        employers: Arc<EmployerStore>,
        blobs: Arc<BlobStore>,
        skills: Arc<SkillDictionary>,
        public_offers: PublicOffers,
        clock: Clock,
    ) -> BrandStories {
        BrandStories { engine, employers, blobs, skills, public_offers, clock }
    }

    /// The company's story under `slug`, as it edits it; `None` when it has none there.
    pub fn story(&self, tenant: &Tenant, principal: &Principal, slug: &str) -> Result<Option<BrandStory>> {
        let acting = Acting::of(principal)?;
        Ok(self.employers.company_story(&tenant.settings.slug, acting.company_id, slug)?)
    }

    /// The company's story under `slug` for its status (`brand_story_not_found` when it has none).
    pub fn status(&self, tenant: &Tenant, principal: &Principal, slug: &str) -> Result<BrandStory> {
        self.story(tenant, principal, slug)?.ok_or(AppError::BrandStoryNotFound { slug: None })
    }

    /// The technologies a story may name: the board's skills dictionary (any employer user).
    pub fn technologies(&self, principal: &Principal) -> Result<&[SkillEntry]> {
        Acting::of(principal)?;
        Ok(self.skills.all())
    }

    /// Writes the company's story under `slug` with new images (already checked by content):
    /// texts are checked and cleaned, images attached before the story names them and the ones it
    /// no longer uses released after. A slug of another company, or of the board's own stories, is
    /// `brand_story_slug_taken`.
    pub fn put(
        &self,
        tenant: &Tenant,
        principal: &Principal,
        slug: &str,
        texts: StoryTexts,
        cover: Option<&StoredBlob>,
        gallery: Option<&[StoredBlob]>,
    ) -> Result<BrandStory> {
        let acting = Acting::of(principal)?;
        let board = &tenant.settings.slug;
        let texts = texts.validated(slug, |name| self.skills.find(name).map(|s| s.name.clone())).map_err(EmployersError::Refused)?;
        if tenant.company(slug).is_some() {
            return Err(EmployersError::StorySlugTaken.into());
        }
        let owner = story_images_owner(board, acting.company_id);
        for blob in cover.into_iter().chain(gallery.unwrap_or_default()) {
            self.blobs.attach(&blob.hash, &owner).map_err(|e| AppError::internal("attaching a story image", e))?;
        }
        let images = StoryImages {
            cover: cover.map(|blob| blob.hash.as_str().to_string()),
            gallery: gallery.map(|blobs| blobs.iter().map(|blob| blob.hash.as_str().to_string()).collect()),
        };
        let (story, released) = self.employers.put_story(board, acting.company_id, slug, texts, images, self.clock.now())?;
        for hash in released.iter().filter_map(|hash| BlobHash::parse(hash).ok()) {
            self.blobs.detach(&hash, &owner).map_err(|e| AppError::internal("releasing a story image", e))?;
        }
        self.relink_company_offers(tenant, acting.company_id)?;
        Ok(story)
    }

    /// Writes the company's published offers again, so each carries the slug of the story as it
    /// is now: offers published before the story get its link, a moved story's new slug, an
    /// unpublished one none. (A company has tens of offers; the link is stored on the offer
    /// because candidates' lists and offer pages read only the index.)
    fn relink_company_offers(&self, tenant: &Tenant, company_id: &str) -> Result<()> {
        let offers = self.employers.company_offers(&tenant.settings.slug, company_id)?;
        for offer in offers.iter().filter(|offer| offer.state == OfferState::Published) {
            self.public_offers.write_published(tenant, offer)?;
        }
        Ok(())
    }

    fn offers_count(&self, tenant: &Tenant, company_name: &str) -> Result<usize> {
        let filters = Filters { companies: vec![company_name.to_string()], ..Filters::default() };
        Ok(self.engine.index.count(Some(&tenant.settings.slug), &filters, self.clock.now())?)
    }

    /// A story of the board's data files, as candidates see it.
    fn board_story(&self, tenant: &Tenant, company: &BoardCompany, lang: &str) -> Result<PublicStory> {
        let story = company.brand_story.as_ref();
        Ok(PublicStory {
            slug: company.slug.clone(),
            name: company.name.clone(),
            logo_url: format!("/api/{}/v1/logos/{}.svg", tenant.settings.slug, company.slug),
            cover_photo_url: story.map(|s| s.cover_photo_url.clone()),
            short_description: story.map(|s| if lang == "en" { s.short_description_en.clone() } else { s.short_description.clone() }),
            offers_count: self.offers_count(tenant, &company.name)?,
            company_type: company.company_type.as_str().to_string(),
            size: company.size.clone(),
            url: company.url.clone(),
            details: None,
        })
    }

    /// A company's published story, as candidates see it (with its description, technologies and
    /// gallery besides the list's fields).
    fn employer_story(&self, tenant: &Tenant, story: &BrandStory, lang: &str) -> Result<Option<PublicStory>> {
        let board = &tenant.settings.slug;
        let Some(company) = self.employers.company(board, &story.company_id)? else { return Ok(None) };
        let short = if lang == "en" && !story.short_description_en.is_empty() { &story.short_description_en } else { &story.short_description };
        Ok(Some(PublicStory {
            slug: story.slug.clone(),
            name: company.name.clone(),
            logo_url: company.logo_blob.as_deref().map_or_else(|| format!("/api/{board}/v1/logos/{}.svg", story.slug), |hash| logo_path(board, hash)),
            cover_photo_url: Some(
                story.cover_blob.as_deref().map_or_else(|| format!("/api/{board}/v1/images/cover/{}.svg", story.slug), |hash| logo_path(board, hash)),
            ),
            short_description: Some(short.clone()),
            offers_count: self.offers_count(tenant, &company.name)?,
            company_type: story.company_type.clone(),
            size: company.size,
            url: company.website,
            details: Some(StoryDetails {
                description: story.description.clone(),
                technologies: story.technologies.clone(),
                images: story.images.iter().map(|hash| logo_path(board, hash)).collect(),
            }),
        }))
    }

    /// One page of the board's stories: companies' published stories (newest first), then the
    /// board's own. Returns the total and the page. Anyone may read them.
    pub fn public_list(&self, tenant: &Tenant, page: usize, per_page: usize, lang: &str) -> Result<(usize, Vec<PublicStory>)> {
        let published = self.employers.published_stories(&tenant.settings.slug)?;
        let board_stories: Vec<&BoardCompany> = tenant.companies.iter().filter(|c| c.brand_story.is_some()).collect();
        let total = published.len() + board_stories.len();
        let start = page.saturating_sub(1).saturating_mul(per_page);
        let mut items = Vec::new();
        for idx in start..total.min(start.saturating_add(per_page)) {
            if let Some(story) = published.get(idx) {
                if let Some(story) = self.employer_story(tenant, story, lang)? {
                    items.push(story);
                }
            } else {
                items.push(self.board_story(tenant, board_stories[idx - published.len()], lang)?);
            }
        }
        Ok((total, items))
    }

    /// One story by slug (a company's published one, or the board's own); `brand_story_not_found`
    /// otherwise.
    pub fn public_story(&self, tenant: &Tenant, slug: &str, lang: &str) -> Result<PublicStory> {
        if let Some(company) = tenant.company(slug).filter(|c| c.brand_story.is_some()) {
            return self.board_story(tenant, company, lang);
        }
        let story = self.employers.story(&tenant.settings.slug, slug)?.filter(|story| story.published);
        match story {
            Some(story) => self.employer_story(tenant, &story, lang)?.ok_or(AppError::BrandStoryNotFound { slug: None }),
            None => Err(AppError::BrandStoryNotFound { slug: Some(slug.to_string()) }),
        }
    }
}
