//! Brand stories: the company writes its story in the panel (texts, technologies of the board's
//! dictionary, a cover photo and a gallery checked by content), and a published story joins the
//! board's own company stories (`tenant.companies`, from its data files) on the candidate side:
//! the list (homepage carousel, company list) and the story's page.

use serde_json::{json, Value};
use wakat_core::Filters;
use wakat_employers::{BrandStory, EmployersError, StoryImages, StoryTexts};
use wakat_engine::{now, Tenant};
use wakat_ingest::dictionaries::Company as BoardCompany;

use crate::dto::employer_panel::{BrandStoryDataDto, BrandStoryStatusDto, TechnologiesDto, TechnologyDto};
use crate::employer_session::Employer;
use crate::error::{employers_error, ApiError, ErrorCode, Result};
use crate::services::employer_offers::logo_path;
use crate::state::AppState;

/// The owner of a company's story images in the upload store (served like logos).
pub fn story_images_owner(tenant: &str, company_id: &str) -> String {
    format!("logo/{tenant}/story/{company_id}")
}

fn data_dto(tenant: &str, story: BrandStory) -> BrandStoryDataDto {
    BrandStoryDataDto::new(story, |hash| logo_path(tenant, hash))
}

/// The company's story under `slug`; `None` when it has none there (a bodyless 404).
pub fn story_data(state: &AppState, employer: &Employer, slug: &str) -> Result<Option<BrandStoryDataDto>> {
    let tenant = &employer.tenant.settings.slug;
    let story = state.employers.company_story(tenant, &employer.company_id, slug).map_err(employers_error)?;
    Ok(story.map(|story| data_dto(tenant, story)))
}

/// Where the company's story stands (404 `brand_story_not_found` when it has none under `slug`).
pub fn status(state: &AppState, employer: &Employer, slug: &str) -> Result<BrandStoryStatusDto> {
    let tenant = &employer.tenant.settings.slug;
    let story = state.employers.company_story(tenant, &employer.company_id, slug).map_err(employers_error)?.ok_or_else(not_found)?;
    Ok(BrandStoryStatusDto {
        slug: story.slug,
        status: if story.published { "published" } else { "draft" },
        published_at: story.published_at,
        updated_at: story.updated_at,
    })
}

/// The technologies a story may name: the board's skills dictionary.
pub fn technologies(state: &AppState) -> TechnologiesDto {
    TechnologiesDto { data: state.skills.all().iter().map(|s| TechnologyDto { id: s.id.clone(), name: s.name.clone() }).collect() }
}

/// Writes the company's story under `slug` with new images (already checked by content):
/// texts are checked and cleaned, images attached before the story names them and the ones it
/// no longer uses released after. A slug of another company, or of the board's own stories, is
/// 409 `brand_story_slug_taken`.
pub fn put_story(
    state: &AppState,
    employer: &Employer,
    slug: &str,
    texts: StoryTexts,
    cover: Option<&wakat_uploads::StoredBlob>,
    gallery: Option<&[wakat_uploads::StoredBlob]>,
) -> Result<BrandStoryDataDto> {
    let tenant = &employer.tenant;
    let board = &tenant.settings.slug;
    let texts = texts.validated(slug, |name| state.skills.find(name).map(|s| s.name.clone())).map_err(|e| employers_error(EmployersError::Refused(e)))?;
    if tenant.company(slug).is_some() {
        return Err(employers_error(EmployersError::StorySlugTaken));
    }
    let owner = story_images_owner(board, &employer.company_id);
    for blob in cover.into_iter().chain(gallery.unwrap_or_default()) {
        state.blobs.attach(&blob.hash, &owner).map_err(|e| ApiError::internal(&e))?;
    }
    let images = StoryImages {
        cover: cover.map(|blob| blob.hash.as_str().to_string()),
        gallery: gallery.map(|blobs| blobs.iter().map(|blob| blob.hash.as_str().to_string()).collect()),
    };
    let (story, released) = state.employers.put_story(board, &employer.company_id, slug, texts, images, now()).map_err(employers_error)?;
    for hash in released.iter().filter_map(|hash| wakat_uploads::BlobHash::parse(hash).ok()) {
        state.blobs.detach(&hash, &owner).map_err(|e| ApiError::internal(&e))?;
    }
    relink_company_offers(state, tenant, &employer.company_id)?;
    Ok(data_dto(board, story))
}

/// Writes the company's published offers again, so each carries the slug of the story as it is
/// now: offers published before the story get its link, a moved story's new slug, an unpublished
/// one none. (A company has tens of offers; the link is stored on the offer because candidates'
/// lists and offer pages read only the index.)
fn relink_company_offers(state: &AppState, tenant: &Tenant, company_id: &str) -> Result<()> {
    let offers = state.employers.company_offers(&tenant.settings.slug, company_id).map_err(employers_error)?;
    for offer in offers.iter().filter(|offer| offer.state == wakat_employers::OfferState::Published) {
        crate::services::employer_offers::write_published(state, tenant, offer)?;
    }
    Ok(())
}

/// The slug of the company's published story, for the offers it publishes (candidates' offer
/// pages link the story). A failed read only leaves the link out: it never stops a publication.
pub fn published_story_slug(state: &AppState, tenant: &Tenant, company_id: &str) -> Option<String> {
    let board = &tenant.settings.slug;
    let lookup = || -> Result<Option<String>, EmployersError> {
        let Some(slug) = state.employers.company(board, company_id)?.and_then(|company| company.story_slug) else { return Ok(None) };
        Ok(state.employers.story(board, &slug)?.filter(|story| story.published).map(|story| story.slug))
    };
    lookup().unwrap_or_else(|error| {
        tracing::warn!(%error, company_id, "the company's brand story could not be read for its offer");
        None
    })
}

fn not_found() -> ApiError {
    ApiError::new(ErrorCode::BrandStoryNotFound)
}

fn offers_count(state: &AppState, tenant: &Tenant, company_name: &str) -> Result<usize> {
    let filters = Filters { companies: vec![company_name.to_string()], ..Filters::default() };
    Ok(state.engine.index.count(Some(&tenant.settings.slug), &filters, now())?)
}

/// A story of the board's data files, as candidates see it.
fn board_story_json(state: &AppState, tenant: &Tenant, company: &BoardCompany, lang: &str) -> Result<Value> {
    let story = company.brand_story.as_ref();
    Ok(json!({
        "slug": company.slug,
        "name": company.name,
        "logoUrl": format!("/api/{}/v1/logos/{}.svg", tenant.settings.slug, company.slug),
        "coverPhotoUrl": story.map(|s| s.cover_photo_url.clone()),
        "shortDescription": story.map(|s| if lang == "en" { s.short_description_en.clone() } else { s.short_description.clone() }),
        "offersCount": offers_count(state, tenant, &company.name)?,
        "type": company.company_type.as_str(),
        "size": company.size,
        "url": company.url,
    }))
}

/// A company's published story, as candidates see it (with its description, technologies and
/// gallery besides the list's fields).
fn employer_story_json(state: &AppState, tenant: &Tenant, story: &BrandStory, lang: &str) -> Result<Option<Value>> {
    let board = &tenant.settings.slug;
    let Some(company) = state.employers.company(board, &story.company_id).map_err(employers_error)? else { return Ok(None) };
    let short = if lang == "en" && !story.short_description_en.is_empty() { &story.short_description_en } else { &story.short_description };
    Ok(Some(json!({
        "slug": story.slug,
        "name": company.name,
        "logoUrl": company.logo_blob.as_deref().map_or_else(|| format!("/api/{board}/v1/logos/{}.svg", story.slug), |hash| logo_path(board, hash)),
        "coverPhotoUrl": story.cover_blob.as_deref().map_or_else(|| format!("/api/{board}/v1/images/cover/{}.svg", story.slug), |hash| logo_path(board, hash)),
        "shortDescription": short,
        "offersCount": offers_count(state, tenant, &company.name)?,
        "type": story.company_type,
        "size": company.size,
        "url": company.website,
        "description": story.description,
        "technologies": story.technologies,
        "images": story.images.iter().map(|hash| logo_path(board, hash)).collect::<Vec<_>>(),
    })))
}

/// One page of the board's stories: companies' published stories (newest first), then the
/// board's own. Returns the total and the page.
pub fn public_list(state: &AppState, tenant: &Tenant, page: usize, per_page: usize, lang: &str) -> Result<(usize, Vec<Value>)> {
    let published = state.employers.published_stories(&tenant.settings.slug).map_err(employers_error)?;
    let board_stories: Vec<&BoardCompany> = tenant.companies.iter().filter(|c| c.brand_story.is_some()).collect();
    let total = published.len() + board_stories.len();
    let start = page.saturating_sub(1).saturating_mul(per_page);
    let mut items = Vec::new();
    for idx in start..total.min(start.saturating_add(per_page)) {
        if let Some(story) = published.get(idx) {
            if let Some(json) = employer_story_json(state, tenant, story, lang)? {
                items.push(json);
            }
        } else {
            items.push(board_story_json(state, tenant, board_stories[idx - published.len()], lang)?);
        }
    }
    Ok((total, items))
}

/// One story by slug (a company's published one, or the board's own); 404 otherwise.
pub fn public_story(state: &AppState, tenant: &Tenant, slug: &str, lang: &str) -> Result<Value> {
    if let Some(company) = tenant.company(slug).filter(|c| c.brand_story.is_some()) {
        return board_story_json(state, tenant, company, lang);
    }
    let story = state.employers.story(&tenant.settings.slug, slug).map_err(employers_error)?.filter(|story| story.published);
    match story {
        Some(story) => employer_story_json(state, tenant, &story, lang)?.ok_or_else(not_found),
        None => Err(not_found().with_message(format!("there is no company story '{slug}'"))),
    }
}
