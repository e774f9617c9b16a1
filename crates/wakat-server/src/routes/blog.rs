//! The board's blog (flag `blogShowcase`): the posts for the homepage's showcase and one post's
//! page. Off, or on a board without a blog folder: 404 `feature_disabled`.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use wakat_app::blog::Post;

use crate::error::{ApiError, ErrorCode, Result};
use crate::routes::params::TenantPath;
use crate::state::{language, pairs, AppState, QueryPairs};

/// The most posts one call lists (the homepage shows three).
const MAX_POSTS: usize = 50;

/// Path of a post.
#[derive(Debug, Deserialize)]
pub struct PostPath {
    /// Board slug.
    pub tenant: String,
    /// The post's slug.
    pub slug: String,
}

/// A post as the showcase lists it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostSummaryDto {
    /// The post's slug (its page is `/blog/{slug}` in the web app).
    pub slug: String,
    /// The language of the text (`pl`, or `en` when it has an English text and it was asked for).
    pub lang: String,
    /// The title.
    pub title: String,
    /// The day of publication, `YYYY-MM-DD`.
    pub date: String,
    /// A sentence or two.
    pub summary: String,
    /// The image (a path of the web app or an http(s) URL), if any.
    pub image_url: Option<String>,
}

/// `GET /v1/blog/posts`: the posts, newest first.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PostsDto {
    /// The posts.
    pub data: Vec<PostSummaryDto>,
}

/// A post with its body.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostDto {
    /// Everything the showcase shows.
    #[serde(flatten)]
    pub summary: PostSummaryDto,
    /// The body, as sanitised HTML (headings from h2, paragraphs, lists, links, tables).
    pub html: String,
}

impl From<&Post> for PostSummaryDto {
    fn from(post: &Post) -> Self {
        PostSummaryDto {
            slug: post.slug.clone(),
            lang: post.lang.to_string(),
            title: post.title.clone(),
            date: post.date.to_string(),
            summary: post.summary.clone(),
            image_url: post.image.clone(),
        }
    }
}

/// The board's posts, newest first (`limit`, 1 to 50, default 50).
#[utoipa::path(get, path = "/api/{tenant}/v1/blog/posts", tag = "board",
    params(("tenant" = String, Path, description = "Board slug"), ("lang" = Option<String>, Query, description = "pl or en; a post without the language comes in Polish"),
        ("limit" = Option<u32>, Query, description = "At most this many posts (1 to 50)")),
    responses((status = 200, description = "`{data: [post]}`, newest first", body = PostsDto), (status = 400, description = "Malformed parameter", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board, or the board has no blog (feature_disabled)", body = crate::error::ErrorBody)))]
pub async fn posts(state: web::Data<AppState>, path: web::Path<TenantPath>, query: web::Query<QueryPairs>, request: HttpRequest) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let lang = language(&request, &query, &tenant)?;
    let limit = match pairs(&query).find(|(key, _)| *key == "limit") {
        None => MAX_POSTS,
        Some((_, value)) => value.trim().parse::<usize>().ok().filter(|n| (1..=MAX_POSTS).contains(n)).ok_or_else(|| {
            ApiError::from(wakat_core::FieldError::new(
                "limit",
                wakat_core::ErrorCode::InvalidNumber,
                format!("limit must be a whole number from 1 to {MAX_POSTS}"),
            ))
        })?,
    };
    let posts = state.blog.posts(&tenant, lang.as_str(), limit)?;
    let data: Vec<PostSummaryDto> = posts.into_iter().map(PostSummaryDto::from).collect();
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "public, max-age=300")).json(PostsDto { data }))
}

/// One post with its body.
#[utoipa::path(get, path = "/api/{tenant}/v1/blog/posts/{slug}", tag = "board",
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "The post's slug"), ("lang" = Option<String>, Query, description = "pl or en; falls back to Polish")),
    responses((status = 200, description = "The post", body = PostDto), (status = 400, description = "Malformed parameter", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board or post (post_not_found), or no blog (feature_disabled)", body = crate::error::ErrorBody)))]
pub async fn post(state: web::Data<AppState>, path: web::Path<PostPath>, query: web::Query<QueryPairs>, request: HttpRequest) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let lang = language(&request, &query, &tenant)?;
    if !wakat_core::validate::is_valid_slug(&path.slug) {
        return Err(ApiError::new(ErrorCode::PostNotFound));
    }
    let post = state.blog.post(&tenant, &path.slug, lang.as_str())?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "public, max-age=300"))
        .insert_header(("Content-Language", post.lang))
        .json(PostDto { summary: PostSummaryDto::from(post), html: post.html.clone() }))
}
