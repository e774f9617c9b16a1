//! Board-level reads: configuration, testimonials, brand stories, legal documents and generated images.

use actix_web::{web, HttpResponse};
use serde_json::{json, Value};
use wakat_core::params::{parse_flag, parse_lang, Paging};
use wakat_core::{Category, Currency, EmploymentKind, ExperienceLevel, WorkingTime, WorkplaceType};

use crate::error::{ApiError, ErrorCode, Result};
use crate::routes::params::{ImagePath, LegalPath, StoryPath, TenantPath};
use crate::state::{pairs, AppState, QueryPairs};

/// Radius choices of the location picker, in km ('0' means none).
const RADIUS_OPTIONS: [u32; 6] = [0, 10, 25, 50, 75, 100];

/// Filter parameter names of the list page in each language (the API accepts all of them).
const URL_PARAMS: [(&str, &str, &str); 11] = [
    ("employmentTypes", "employment-type", "typ-umowy"),
    ("experienceLevels", "experience-level", "doswiadczenie"),
    ("salary", "salary", "zarobki"),
    ("ukraineFriendly", "ukraine", "ukraina"),
    ("withSalary", "with-salary", "widelki"),
    ("remote", "remote", "praca-zdalna"),
    ("workingTimes", "working-hours", "rodzaj-pracy"),
    ("remoteWorkOptions", "workplace", "tryb-pracy"),
    ("keyword", "keyword", "keyword"),
    ("radius", "radius", "radius"),
    ("currency", "currency", "waluta"),
];

/// Feature flags every board answers, with their defaults when the configuration is silent.
const KNOWN_FLAGS: [&str; 32] = [
    "workplaceFilter",
    "onlyMinimumSalaryFilter",
    "favouritesButton",
    "applicationHistory",
    "mapButton",
    "remoteBanner",
    "categoryBanner",
    "payUnitDisplay",
    "listCounter",
    "countAllBoardsOffers",
    "currencyChange",
    "expiredOffers",
    "offerLanguages",
    "redirectCountThrottling",
    "darkMode",
    "themeToggle",
    "matchedForYou",
    "sortEmploymentTypesBySalary",
    "realTimeBidding",
    "candidatePortalLogin",
    "jobAlerts",
    "sorting",
    "surveyPopup",
    "toggleableMap",
    "blogShowcase",
    "newOffersList",
    "promotionalHomepage",
    "horizontalPopup",
    "whistleblowerReport",
    "candidateChat",
    "passiveCandidateMaintenance",
    "aiAssistant",
];

fn localized(en: &str, pl: &str) -> Value {
    json!({"en": en, "pl": pl})
}

fn category_json(category: &Category) -> Value {
    json!({
        "value": category.value,
        "slug": category.slug,
        "key": category.slug,
        "label": localized(&category.label_en, &category.label_pl),
        "icon": category.icon,
        "order": category.order,
        "static": category.is_static,
        "redirectTo": category.redirect_to,
        "isNew": category.is_new,
        "parent": category.parent,
        "children": category.children.iter().map(category_json).collect::<Vec<_>>(),
    })
}

macro_rules! options {
    ($vocabulary:ty) => {
        <$vocabulary>::ALL
            .iter()
            .map(|v| json!({"value": v.as_str(), "slug": localized(v.slug_en(), v.slug_pl()), "label": localized(v.label("en"), v.label("pl"))}))
            .collect::<Vec<_>>()
    };
}

/// Every board with the host names the web app serves it on, so one web app can serve all of them.
#[utoipa::path(get, path = "/api/boards", tag = "board",
    responses((status = 200, description = "Boards in configuration order", body = crate::dto::BoardList)))]
pub async fn boards(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(("Cache-Control", "public, max-age=60"))
        .json(crate::dto::BoardList::new(&state.engine.settings.tenants, state.settings.accounts.captcha.public_widget()))
}

/// The board: categories, filter options with their Polish and English URL names, flags,
/// currencies, salary limits, theme and main cities.
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/configuration", tag = "board",
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 200, description = "Board configuration"), (status = 404, description = "Unknown board", body = crate::error::ErrorBody)))]
pub async fn configuration(state: web::Data<AppState>, path: web::Path<TenantPath>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let settings = &tenant.settings;
    let mut flags = serde_json::Map::new();
    for flag in KNOWN_FLAGS {
        flags.insert(flag.to_string(), json!(tenant.flag(flag)));
    }
    for (flag, on) in &settings.flags {
        flags.insert(flag.clone(), json!(on));
    }
    let url_params: serde_json::Map<String, Value> = URL_PARAMS.iter().map(|(api, en, pl)| (api.to_string(), localized(en, pl))).collect();
    let top_cities: Vec<Value> = state
        .engine
        .gazetteer
        .places()
        .iter()
        .take(24)
        .map(|p| json!({"slug": p.slug, "name": p.name, "nameEn": p.name_en, "latitude": p.lat, "longitude": p.lon, "region": p.region}))
        .collect();
    let sorts = [
        ("published", "published", "DESC", "Default", "Domyślnie"),
        ("newest", "newest", "DESC", "Latest", "Najnowsze"),
        ("salaryDesc", "salary", "DESC", "Highest salary", "Najwyższe wynagrodzenie"),
        ("salaryAsc", "salary", "ASC", "Lowest salary", "Najniższe wynagrodzenie"),
    ]
    .map(|(value, by, order, en, pl)| json!({"value": value, "sortBy": by, "orderBy": order, "label": localized(en, pl)}));
    let currencies: Vec<&str> = settings.currencies.iter().filter_map(|c| Currency::parse(c)).map(Currency::as_str).collect();
    Ok(HttpResponse::Ok().json(json!({
        "tenant": {
            "slug": settings.slug,
            "name": settings.name,
            "defaultLocale": settings.default_locale,
            "locales": ["pl", "en"],
            "layout": settings.layout,
            "theme": settings.theme,
            "logoUrl": format!("/api/{}/v1/logos/{}.svg", settings.slug, settings.slug),
        },
        "categories": tenant.categories.roots().iter().map(category_json).collect::<Vec<_>>(),
        "filters": {
            "experienceLevels": options!(ExperienceLevel),
            "employmentTypes": options!(EmploymentKind),
            "workingTimes": options!(WorkingTime),
            "remoteWorkOptions": options!(WorkplaceType),
            "sort": sorts,
            "radius": RADIUS_OPTIONS.iter().map(|km| json!({"slug": km.to_string(), "label": if *km == 0 { "0 km".to_string() } else { format!("+{km} km") }})).collect::<Vec<_>>(),
        },
        "urlParams": url_params,
        "featureFlags": flags,
        "currencies": currencies,
        "defaultCurrency": settings.default_currency,
        "salary": {"min": settings.salary.min, "max": settings.salary.max, "step": settings.salary.step},
        "limits": {
            "pageSize": 100, "markersPageSize": 20, "lastSearches": 8, "lastLocations": 5, "visibleCategories": 8,
            "suggestMinChars": 3, "headerSuggestMinChars": 2, "applyMessageChars": 1000, "applyAttachmentBytes": 5_000_000,
        },
        "topCities": top_cities,
        "terms": settings.terms.iter().map(|terms| json!({
            "audience": terms.audience,
            "title": localized(
                terms.title.get("en").or_else(|| terms.title.get("pl")).map_or(terms.file.as_str(), String::as_str),
                terms.title.get("pl").map_or(terms.file.as_str(), String::as_str),
            ),
            "url": legal_url(settings, &terms.file),
            "fromDate": terms.from_date,
            "dueDate": terms.due_date,
        })).collect::<Vec<_>>(),
        "legal": {
            "privacyPolicyUrl": optional_legal_url(settings, &settings.legal.privacy_policy),
            "informationClauseUrl": optional_legal_url(settings, &settings.legal.information_clause),
            "whistleblowerReportUrl": optional_legal_url(settings, &settings.legal.whistleblower_report),
        },
        "surveyUrl": Some(&settings.survey_url).filter(|url| !url.is_empty()),
        "promotion": promotion_json(settings),
    })))
}

/// The homepage's promotional hero (`[tenants.promotion]`), shown with the flag `promotionalHomepage`;
/// null when the board has none. English texts fall back to Polish.
fn promotion_json(settings: &wakat_engine::TenantSettings) -> Value {
    let promotion = &settings.promotion;
    if !promotion.is_configured() {
        return Value::Null;
    }
    let text = |texts: &std::collections::BTreeMap<String, String>| {
        let pl = texts.get("pl").map_or("", String::as_str);
        localized(texts.get("en").map_or(pl, String::as_str), pl)
    };
    json!({"imageUrl": promotion.image, "headline": text(&promotion.headline), "link": promotion.link, "linkLabel": text(&promotion.link_label)})
}

fn legal_url(settings: &wakat_engine::TenantSettings, name: &str) -> String {
    format!("/api/{}/v1/terms/{}", settings.slug, name)
}

fn optional_legal_url(settings: &wakat_engine::TenantSettings, name: &str) -> Option<String> {
    Some(name).filter(|name| !name.is_empty()).map(|name| legal_url(settings, name))
}

/// A legal document of the board (terms, privacy policy, information clause, whistleblower report):
/// a standalone HTML page, or with `embed=true` the bare fragment a page embeds. Only documents named
/// in the board's configuration are served; `{board}` in the text becomes the board's name.
#[utoipa::path(get, path = "/api/{tenant}/v1/terms/{name}", tag = "board",
    params(("tenant" = String, Path, description = "Board slug"), ("name" = String, Path, description = "Document name from the configuration's `terms[].url` or `legal`"),
        ("lang" = Option<String>, Query, description = "pl (default) or en; falls back to Polish"), ("embed" = Option<bool>, Query, description = "Answer the HTML fragment only")),
    responses((status = 200, description = "HTML document", content_type = "text/html"), (status = 400, description = "Malformed parameter", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board, or not a document of this board", body = crate::error::ErrorBody)))]
pub async fn legal_document(state: web::Data<AppState>, path: web::Path<LegalPath>, query: web::Query<QueryPairs>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let settings = &tenant.settings;
    let not_found = || ApiError::new(ErrorCode::DocumentNotFound).with_message(format!("there is no document '{}'", path.name));
    let hidden_report = path.name == settings.legal.whistleblower_report && !tenant.flag("whistleblowerReport");
    if !wakat_core::validate::is_valid_slug(&path.name) || !settings.has_legal_document(&path.name) || hidden_report {
        return Err(not_found());
    }
    let lang = parse_lang(pairs(&query))?.unwrap_or_default().as_str();
    let embed = parse_flag(pairs(&query), "embed")?;
    let (text, text_lang) = state.files.document(&path.name, lang).ok_or_else(|| {
        tracing::warn!(document = %path.name, "legal document named in the configuration has no file");
        not_found()
    })?;
    // The operator's own file, but cleaned like offers: the web app embeds it as it is.
    let fragment = wakat_core::html::sanitize_document(&text.replace("{board}", &escape_xml(&settings.name)));
    let body = if embed {
        fragment
    } else {
        format!(
            "<!doctype html>\n<html lang=\"{text_lang}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{title}</title><style>body{{font-family:system-ui,sans-serif;line-height:1.55;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1f2330}}</style></head><body>\n{fragment}\n</body></html>\n",
            title = escape_xml(&settings.name),
        )
    };
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .insert_header(("Cache-Control", "public, max-age=3600"))
        .insert_header(("Content-Language", text_lang))
        .body(body))
}

/// Testimonials of candidates and employers.
#[utoipa::path(get, path = "/api/{tenant}/v2/testimonials", tag = "board",
    params(("tenant" = String, Path, description = "Board slug")),
    responses((status = 200, description = "`{data: [{name, role, company, quote: {pl, en}}]}`"), (status = 404, description = "Unknown board", body = crate::error::ErrorBody)))]
pub async fn testimonials(state: web::Data<AppState>, path: web::Path<TenantPath>) -> Result<HttpResponse> {
    state.tenant(&path.tenant)?;
    let body = state.files.testimonials().ok_or_else(|| ApiError::broken_invariant("the testimonials file was missing or invalid at start-up"))?;
    Ok(HttpResponse::Ok().content_type("application/json").body(body))
}

/// Short information of a company story (offer page teaser).
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/brand-stories/company/{slug}/short-info", tag = "board",
    params(("tenant" = String, Path, description = "Board slug"), ("slug" = String, Path, description = "Company slug"), crate::routes::query_docs::LangDoc),
    responses((status = 200, description = "`{slug, name, logoUrl, coverPhotoUrl, shortDescription, offersCount, type}`"), (status = 400, description = "Malformed parameter", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board, or no story", body = crate::error::ErrorBody)))]
pub async fn brand_story_short_info(state: web::Data<AppState>, path: web::Path<StoryPath>, query: web::Query<QueryPairs>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let lang = parse_lang(pairs(&query))?.unwrap_or_default().as_str();
    let story = web::block(move || state.brand_stories.public_story(&tenant, &path.slug, lang)).await??;
    let story = crate::dto::employer_panel::public_story_json(story);
    Ok(HttpResponse::Ok().json(story))
}

/// Company stories, 20 per page: companies' published stories (newest first), then the board's own.
#[utoipa::path(get, path = "/api/{tenant}/v2/user-panel/brand-stories/company/list", tag = "board",
    params(("tenant" = String, Path, description = "Board slug"), ("page" = Option<u32>, Query, description = "1-based page"), ("perPage" = Option<u32>, Query, description = "At most 100 (default 20)"), crate::routes::query_docs::LangDoc),
    responses((status = 200, description = "`{data: [story], meta: {page, perPage, totalItems}}`"), (status = 400, description = "Malformed parameter", body = crate::error::ErrorBody),
              (status = 404, description = "Unknown board", body = crate::error::ErrorBody)))]
pub async fn brand_stories(state: web::Data<AppState>, path: web::Path<TenantPath>, query: web::Query<QueryPairs>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let paging = Paging::parse(pairs(&query), 20, 100, 10_000)?;
    let (page, per_page) = (paging.page as usize, paging.per_page as usize);
    let lang = parse_lang(pairs(&query))?.unwrap_or_default().as_str();
    let data = web::block(move || state.brand_stories.public_list(&tenant, page, per_page, lang)).await??;
    let data = (data.0, data.1.into_iter().map(crate::dto::employer_panel::public_story_json).collect::<Vec<_>>());
    Ok(HttpResponse::Ok().json(json!({"data": data.1, "meta": {"page": page, "perPage": per_page, "totalItems": data.0}})))
}

fn image_slug(file: &str) -> Result<&str> {
    file.strip_suffix(".svg")
        .filter(|slug| wakat_core::validate::is_valid_slug(slug))
        .ok_or_else(|| ApiError::new(ErrorCode::ImageNotFound).with_message(format!("there is no image '{file}'")))
}

fn hue(slug: &str) -> u32 {
    slug.bytes().fold(7u32, |h, b| h.wrapping_mul(31).wrapping_add(b as u32)) % 360
}

fn escape_xml(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn svg(body: String) -> HttpResponse {
    HttpResponse::Ok().content_type("image/svg+xml").insert_header(("Cache-Control", "public, max-age=86400")).body(body)
}

/// A company logo drawn from its initials, so the board needs no image hosting offline.
#[utoipa::path(get, path = "/api/{tenant}/v1/logos/{file}", tag = "board",
    params(("tenant" = String, Path, description = "Board slug"), ("file" = String, Path, description = "`{companySlug}.svg`")),
    responses((status = 200, description = "SVG image", content_type = "image/svg+xml"), (status = 404, description = "Unknown board, or bad name", body = crate::error::ErrorBody)))]
pub async fn logo(state: web::Data<AppState>, path: web::Path<ImagePath>) -> Result<HttpResponse> {
    let tenant = state.tenant(&path.tenant)?;
    let slug = image_slug(&path.file)?;
    let name = tenant.company(slug).map(|c| c.name.clone()).unwrap_or_else(|| slug.replace('-', " "));
    let initials: String = name.split_whitespace().filter_map(|w| w.chars().find(|c| c.is_alphanumeric())).take(2).collect::<String>().to_uppercase();
    let hue = hue(slug);
    Ok(svg(format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" role="img" aria-label="{label}"><rect width="96" height="96" rx="20" fill="hsl({hue},55%,92%)"/><text x="48" y="60" font-family="system-ui,sans-serif" font-size="36" font-weight="700" text-anchor="middle" fill="hsl({hue},60%,32%)">{initials}</text></svg>"##,
        label = escape_xml(&name),
        initials = escape_xml(&initials),
    )))
}

/// A company story cover: a gradient in the company's colour.
#[utoipa::path(get, path = "/api/{tenant}/v1/images/cover/{file}", tag = "board",
    params(("tenant" = String, Path, description = "Board slug"), ("file" = String, Path, description = "`{companySlug}.svg`")),
    responses((status = 200, description = "SVG image", content_type = "image/svg+xml"), (status = 404, description = "Unknown board, or bad name", body = crate::error::ErrorBody)))]
pub async fn cover(state: web::Data<AppState>, path: web::Path<ImagePath>) -> Result<HttpResponse> {
    state.tenant(&path.tenant)?;
    let slug = image_slug(&path.file)?;
    let hue = hue(slug);
    let second = (hue + 40) % 360;
    Ok(svg(format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 240" role="img" aria-label="cover"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl({hue},65%,55%)"/><stop offset="1" stop-color="hsl({second},70%,35%)"/></linearGradient></defs><rect width="640" height="240" fill="url(#g)"/><circle cx="540" cy="40" r="120" fill="rgba(255,255,255,0.12)"/><circle cx="90" cy="230" r="90" fill="rgba(255,255,255,0.08)"/></svg>"##
    )))
}
