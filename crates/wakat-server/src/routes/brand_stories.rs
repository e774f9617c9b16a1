//! The company's brand story in the employer panel: read (a bodyless 404 when absent), write
//! (multipart: texts, technologies, a cover photo and gallery images checked by content), its
//! status, and the technologies a story may name. The candidate side's reads are in `meta`.

use actix_multipart::Multipart;
use actix_web::{web, HttpResponse};
use wakat_core::FieldError;
use wakat_employers::{StoryTexts, MAX_STORY_IMAGES};

use crate::dto::employer_panel::{BrandStoryDataDto, BrandStoryStatusDto, TechnologiesDto};
use crate::employer_session::Employer;
use crate::error::{ApiError, ErrorCode, Result};
use crate::routes::params::SlugPath;
use crate::state::AppState;
use crate::uploads::{field_name, next_field, read_text, receive_image};
use wakat_app::employers::logo_path;

/// Longest short text field.
const MAX_TEXT_FIELD_BYTES: usize = 4_000;
/// Longest description field (HTML before cleaning).
const MAX_DESCRIPTION_BYTES: usize = 200_000;

/// The company's story under `slug`, as it edits it; a bodyless 404 means it has none there.
#[utoipa::path(get, path = "/api/{tenant}/v2/employer-panel/brand-stories/data/{slug}", tag = "employer panel",
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Story slug")), security(("bearer" = [])),
    responses((status = 200, description = "The story", body = BrandStoryDataDto), (status = 401, description = "Not an employer", body = crate::error::ErrorBody),
              (status = 404, description = "No story of the company under this slug (no body)")))]
pub async fn data(state: web::Data<AppState>, employer: Employer, path: web::Path<SlugPath>) -> Result<HttpResponse> {
    let tenant = employer.tenant.clone();
    let story = web::block(move || state.brand_stories.story(&employer.tenant, &employer.principal(), &path.slug)).await??;
    let board = &tenant.settings.slug;
    let story = story.map(|story| BrandStoryDataDto::new(story, |hash| logo_path(board, hash)));
    Ok(match story {
        Some(story) => HttpResponse::Ok().insert_header(("cache-control", "no-store")).json(story),
        None => HttpResponse::NotFound().finish(),
    })
}

fn parse_published(text: &str) -> Result<bool> {
    wakat_core::params::parse_flag([("published", text)], "published").map_err(Into::into)
}

/// Technologies sent as repeated fields, or one field holding a JSON array or comma-separated names.
fn push_technologies(into: &mut Vec<String>, text: &str) -> Result<()> {
    let text = text.trim();
    if text.starts_with('[') {
        let names: Vec<String> = serde_json::from_str(text)
            .map_err(|_| ApiError::from(FieldError::new("technologies", ErrorCode::InvalidOption, "a JSON array of technology names")))?;
        into.extend(names);
    } else {
        into.extend(text.split(',').map(str::trim).filter(|name| !name.is_empty()).map(String::from));
    }
    Ok(())
}

/// Writes the company's story under `slug`. Multipart fields: `type` (company type),
/// `shortDescription`, `shortDescriptionEn`, `description` (HTML, cleaned), `technologies`
/// (repeated, or a JSON array), `published` (true/false), `coverPhoto` and up to 6 `images`
/// (JPEG or PNG by content, 100 B to 5 MB; absent keeps the stored ones, sent images replace
/// the gallery).
#[utoipa::path(put, path = "/api/{tenant}/v2/employer-panel/brand-stories/{slug}", tag = "employer panel",
    request_body(content = String, content_type = "multipart/form-data", description = "`type`, `shortDescription`, `shortDescriptionEn`, `description`, `technologies`, `published`, `coverPhoto`, `images`"),
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Story slug (3–60 of a-z, 0-9 and dashes)")), security(("bearer" = [])),
    responses((status = 200, description = "The story", body = BrandStoryDataDto), (status = 400, description = "A field breaks a rule", body = crate::error::ErrorBody),
              (status = 401, description = "Not an employer", body = crate::error::ErrorBody), (status = 409, description = "Another company's slug (brand_story_slug_taken)", body = crate::error::ErrorBody),
              (status = 413, description = "A field too large", body = crate::error::ErrorBody)))]
pub async fn put(state: web::Data<AppState>, employer: Employer, path: web::Path<SlugPath>, mut payload: Multipart) -> Result<HttpResponse> {
    let mut texts = StoryTexts::default();
    let (mut cover, mut gallery) = (None, Vec::new());
    while let Some(mut field) = next_field(&mut payload).await? {
        match field_name(&field).as_str() {
            "type" => texts.company_type = read_text(&mut field, MAX_TEXT_FIELD_BYTES).await?,
            "shortDescription" => texts.short_description = read_text(&mut field, MAX_TEXT_FIELD_BYTES).await?,
            "shortDescriptionEn" => texts.short_description_en = read_text(&mut field, MAX_TEXT_FIELD_BYTES).await?,
            "description" => texts.description = read_text(&mut field, MAX_DESCRIPTION_BYTES).await?,
            "technologies" | "technologies[]" => push_technologies(&mut texts.technologies, &read_text(&mut field, MAX_TEXT_FIELD_BYTES).await?)?,
            "published" => texts.published = parse_published(&read_text(&mut field, MAX_TEXT_FIELD_BYTES).await?)?,
            "coverPhoto" if cover.is_none() => cover = Some(receive_image(&state.blobs, &mut field, "coverPhoto").await?),
            "images" | "images[]" if gallery.len() < MAX_STORY_IMAGES => gallery.push(receive_image(&state.blobs, &mut field, "images").await?),
            "images" | "images[]" => {
                return Err(FieldError::new("images", ErrorCode::TooManyValues, format!("at most {MAX_STORY_IMAGES} images")).into());
            }
            other => return Err(ApiError::new(ErrorCode::InvalidMultipart).with_message(format!("unexpected field '{other}'")).with_field(other)),
        }
    }
    let tenant = employer.tenant.clone();
    let story = web::block(move || {
        let gallery = (!gallery.is_empty()).then_some(gallery.as_slice());
        state.brand_stories.put(&employer.tenant, &employer.principal(), &path.slug, texts, cover.as_ref(), gallery)
    })
    .await??;
    let board = &tenant.settings.slug;
    let story = BrandStoryDataDto::new(story, |hash| logo_path(board, hash));
    Ok(HttpResponse::Ok().json(story))
}

/// Where the company's story under `slug` stands: `draft` or `published`.
#[utoipa::path(get, operation_id = "brand_story_status", path = "/api/{tenant}/v2/employer-panel/brand-stories/status/{slug}", tag = "employer panel",
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Story slug")), security(("bearer" = [])),
    responses((status = 200, description = "The status", body = BrandStoryStatusDto), (status = 401, description = "Not an employer", body = crate::error::ErrorBody),
              (status = 404, description = "No story of the company under this slug", body = crate::error::ErrorBody)))]
pub async fn status(state: web::Data<AppState>, employer: Employer, path: web::Path<SlugPath>) -> Result<HttpResponse> {
    let status = web::block(move || state.brand_stories.status(&employer.tenant, &employer.principal(), &path.slug)).await??;
    let status = BrandStoryStatusDto::from(status);
    Ok(HttpResponse::Ok().insert_header(("cache-control", "no-store")).json(status))
}

/// The technologies a story may name (the board's skills dictionary).
#[utoipa::path(get, path = "/api/{tenant}/v2/employer-panel/brand-stories/technologies", tag = "employer panel",
    params(("tenant" = String, Path, description = "Board slug")), security(("bearer" = [])),
    responses((status = 200, description = "Technologies", body = TechnologiesDto), (status = 401, description = "Not an employer", body = crate::error::ErrorBody)))]
pub async fn technologies(state: web::Data<AppState>, employer: Employer) -> Result<HttpResponse> {
    let technologies = TechnologiesDto::from(state.brand_stories.technologies(&employer.principal())?);
    Ok(HttpResponse::Ok().json(technologies))
}
