//! The one table of the API's routes under `/api/{tenant}`: each line names the method, the path,
//! the handler, the rate class the route is wrapped in and whether the web app forwards it to
//! browsers. Everything else is derived from it, so a new endpoint cannot be forgotten by one of
//! them: the actix registration ([`register`], which `routes::configure` mounts), the `429`
//! answers of the OpenAPI document ([`rate_limited`]) and the web app's allow-list of forwarded
//! calls (`ui/src/lib/public-routes.generated.ts`, written by [`browser_routes_typescript`]; a test
//! fails when the committed file is out of step).

use actix_web::http::Method;
use actix_web::web;

use super::{
    accounts, alerts, applications, assistant, blog, brand_stories, candidate, chat_candidate, chat_employer, chat_mail, employer_offers, employer_panel,
    employers, internal, meta, offers, panel_offers, payments, places, salary,
};
use crate::ratelimit::RateClass;

/// One route under `/api/{tenant}`.
#[derive(Debug, Clone)]
pub struct ApiRoute {
    /// Its HTTP method.
    pub method: Method,
    /// Its path below `/api/{tenant}`, with actix's `{name}` segments.
    pub path: &'static str,
    /// The rate class it is wrapped in, if a visitor could repeat it at our cost.
    pub rate_class: Option<RateClass>,
    /// Whether and how the web app forwards it from browsers.
    pub browser: Browser,
}

/// What the web app's `/api/*` forwarder does with a route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Browser {
    /// Never forwarded: internal calls, webhooks, and calls the web app makes from its own server
    /// (an employer's login answers a token that must not reach page code).
    NotForwarded,
    /// Forwarded with bodies up to `max_body_bytes` (0 for reads).
    Forwarded {
        /// Which credentials travel with it.
        session: BrowserSession,
        /// The largest request body forwarded.
        max_body_bytes: u32,
    },
}

/// The credentials the forwarder sends with a route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BrowserSession {
    /// The browser's cookies (the candidate session; writes need its CSRF header).
    Candidate,
    /// The employer session's token as `Authorization: Bearer`, no cookies; writes need the
    /// employer session's CSRF token.
    Employer,
    /// Nothing: pages of the sandbox payment provider.
    Cookieless,
}

/// A JSON body of a few fields.
const SMALL_JSON: u32 = 4 * 1024;
/// A chat message of 2,000 characters (up to 4 bytes each in UTF-8) with its ids.
const CHAT_MESSAGE: u32 = 12 * 1024;
/// A 5,000,000-byte attachment plus the multipart framing and the form's other fields.
const UPLOAD: u32 = 5_000_000 + 64 * 1024;

const fn anyone(max_body_bytes: u32) -> Browser {
    Browser::Forwarded { session: BrowserSession::Candidate, max_body_bytes }
}
const fn employer(max_body_bytes: u32) -> Browser {
    Browser::Forwarded { session: BrowserSession::Employer, max_body_bytes }
}
const fn cookieless(max_body_bytes: u32) -> Browser {
    Browser::Forwarded { session: BrowserSession::Cookieless, max_body_bytes }
}
const fn not_forwarded() -> Browser {
    Browser::NotForwarded
}

/// The employer's edit of an offer as multipart (the form's JSON in `form`, a logo in `companyLogo`).
fn is_multipart(context: &actix_web::guard::GuardContext<'_>) -> bool {
    context.header::<actix_web::http::header::ContentType>().is_some_and(|content_type| content_type.essence_str() == "multipart/form-data")
}

/// The employer's view of an offer answers `GET /v1/offers/{slug}` when the query has a `token`
/// (the spec's call); without one the public detail answers.
fn has_token_query(context: &actix_web::guard::GuardContext<'_>) -> bool {
    context.head().uri.query().is_some_and(|query| query.split('&').any(|pair| pair.starts_with("token=")))
}

/// Declares [`ROUTES`] and `register`, which adds each route to the tenant's scope in the table's
/// order (a guarded route comes before the unguarded one of the same method and path).
macro_rules! route_table {
    (@class) => { None };
    (@class $class:ident) => { Some(RateClass::$class) };
    ($( $method:ident $path:literal => $handler:path $(, guard $guard:ident)? $(, limit $class:ident)?, browser $browser:expr; )*) => {
        /// Every route under `/api/{tenant}`, in registration order.
        pub static ROUTES: &[ApiRoute] = &[
            $( ApiRoute { method: Method::$method, path: $path, rate_class: route_table!(@class $($class)?), browser: $browser }, )*
        ];

        /// Adds every route of [`ROUTES`] to the tenant's scope, each wrapped in its [`RateClass`]
        /// when it has one (`routes::configure` mounts it under `/api/{tenant}`).
        pub fn register(scope: actix_web::Scope) -> actix_web::Scope {
            scope $(
                .route($path, web::method(Method::$method) $(.guard(actix_web::guard::fn_guard($guard)))? .to($handler) $(.wrap(RateClass::$class))?)
            )*
        }
    };
}

route_table! {
    GET "/v2/user-panel/offers" => offers::list_page, limit ExpensiveRead, browser anyone(0);
    GET "/v2/user-panel/offers/by-cursor" => offers::list_cursor, limit ExpensiveRead, browser anyone(0);
    GET "/v2/user-panel/offers/count" => offers::count, limit ExpensiveRead, browser anyone(0);
    GET "/v2/user-panel/offers/count/categories" => offers::count_categories, limit ExpensiveRead, browser anyone(0);
    GET "/v2/user-panel/offers/count/categories/{category_id}" => offers::count_subcategories, limit ExpensiveRead, browser anyone(0);
    GET "/v2/user-panel/offers/all-boards/count" => offers::count_all_boards, browser anyone(0);
    GET "/v2/user-panel/offers/popular" => offers::popular, limit ExpensiveRead, browser anyone(0);
    GET "/v2/user-panel/offers/suggest" => offers::suggest, browser anyone(0);
    GET "/v2/user-panel/offers/explain" => offers::explain, browser not_forwarded();
    GET "/v2/user-panel/offers/clusters" => offers::clusters, limit ExpensiveRead, browser anyone(0);
    GET "/v2/user-panel/offers/markers" => offers::markers, limit ExpensiveRead, browser anyone(0);
    GET "/v2/user-panel/offers/active-slug/{slug}" => offers::active_slug, browser anyone(0);
    GET "/v2/user-panel/offer-lookalikes/{slug}" => offers::lookalikes, browser anyone(0);
    GET "/v2/salary-insights" => salary::insights, limit ExpensiveRead, browser anyone(0);
    GET "/v1/offers/form-inputs-data" => employer_offers::form_inputs_data, browser anyone(0);
    GET "/v1/offers/form-inputs-data/skills" => employer_offers::skills, browser anyone(0);
    // The employer's view of its offer, when the query has a `token` (the spec's call)…
    GET "/v1/offers/{slug}" => employer_offers::load, guard has_token_query, browser employer(0);
    // The public detail, and with `?token=` the employer's view of its offer (the API tells them
    // apart by the token; the bearer header is added only when an employer is logged in).
    // …and without one the public detail. The forwarder adds the bearer header only when an
    // employer is logged in.
    GET "/v1/offers/{slug}" => offers::detail, browser employer(0);
    // Public writes: the API validates the body and rate-limits per client.
    POST "/v1/views" => offers::record_view, limit PublicWrite, browser anyone(4 * 1024);
    // Search analytics (issue 13): the list position an offer was opened from.
    POST "/v1/search-clicks" => offers::record_search_click, limit PublicWrite, browser anyone(SMALL_JSON);
    GET "/v2/user-panel/configuration" => meta::configuration, browser anyone(0);
    GET "/v2/user-panel/cities" => places::cities, browser anyone(0);
    GET "/v2/testimonials" => meta::testimonials, browser anyone(0);
    GET "/v2/user-panel/brand-stories/company/list" => meta::brand_stories, limit ExpensiveRead, browser anyone(0);
    GET "/v2/user-panel/brand-stories/company/{slug}/short-info" => meta::brand_story_short_info, browser anyone(0);
    GET "/v1/terms/{name}" => meta::legal_document, browser anyone(0);
    GET "/v1/blog/posts" => blog::posts, browser anyone(0);
    GET "/v1/blog/posts/{slug}" => blog::post, browser anyone(0);
    GET "/v1/logos/{file}" => meta::logo, browser anyone(0);
    GET "/v1/images/cover/{file}" => meta::cover, browser anyone(0);
    // Candidate accounts (issue 9). Reads and writes carry the session cookie; writes made with it
    // need the session's X-CSRF-Token, which the API checks.
    POST "/v1/candidate/register" => accounts::register, limit Auth, browser anyone(SMALL_JSON);
    POST "/v1/candidate/confirm" => accounts::confirm, limit Auth, browser anyone(SMALL_JSON);
    POST "/v1/candidate/login" => accounts::login, limit Auth, browser anyone(SMALL_JSON);
    POST "/v1/candidate/logout" => accounts::logout, browser anyone(SMALL_JSON);
    GET "/v1/candidate/me" => accounts::me, browser anyone(0);
    POST "/v1/candidate/password-reset" => accounts::request_reset, limit Auth, browser anyone(SMALL_JSON);
    POST "/v1/candidate/password-reset/confirm" => accounts::confirm_reset, limit Auth, browser anyone(SMALL_JSON);
    PUT "/v1/candidate/password" => accounts::change_password, browser anyone(SMALL_JSON);
    POST "/v1/candidate/email" => accounts::change_email, browser anyone(SMALL_JSON);
    POST "/v1/candidate/email/confirm" => accounts::confirm_email_change, limit Auth, browser anyone(SMALL_JSON);
    PUT "/v1/candidate/profile" => accounts::update_profile, browser anyone(64 * 1024);
    // Applying (issue 9): the form with its attachment, and the external apply's redirect record.
    POST "/v1/offers/{slug}/applications" => applications::apply, limit PublicWrite, browser anyone(UPLOAD);
    POST "/v2/user-panel/offers/{slug}/track-redirects" => applications::track_redirect, limit PublicWrite, browser anyone(SMALL_JSON);
    GET "/v2/user-panel/offers/by-ids" => candidate::offers_by_ids, browser anyone(0);
    GET "/v1/candidate/favourites/count" => candidate::favourites_count, browser anyone(0);
    GET "/v1/candidate/favourites" => candidate::favourites, browser anyone(0);
    POST "/v1/candidate/favourites" => candidate::add_favourite, browser anyone(SMALL_JSON);
    DELETE "/v1/candidate/favourites/{job_advertisement_id}" => candidate::remove_favourite, browser anyone(SMALL_JSON);
    GET "/v1/candidate/applications" => candidate::history, browser anyone(0);
    POST "/v1/candidate/redirects/{redirect_id}/confirm" => candidate::confirm_redirect, browser anyone(SMALL_JSON);
    DELETE "/v1/candidate/redirects/{redirect_id}" => candidate::remove_redirect, browser anyone(SMALL_JSON);
    GET "/v1/candidate/matched-offers" => candidate::matched_offers, browser anyone(0);
    POST "/v1/candidate/documents" => candidate::upload_document, limit PublicWrite, browser anyone(UPLOAD);
    PUT "/v1/candidate/documents/{document_id}" => candidate::replace_document, limit PublicWrite, browser anyone(UPLOAD);
    DELETE "/v1/candidate/documents/{document_id}" => candidate::delete_document, browser anyone(SMALL_JSON);
    POST "/v1/candidate/documents/{document_id}/link" => candidate::document_link, browser anyone(SMALL_JSON);
    GET "/v1/candidate/documents/{document_id}/download" => candidate::download_document, browser anyone(0);
    GET "/v1/candidate/export" => candidate::export, browser anyone(0);
    DELETE "/v1/candidate/account" => candidate::delete_account, browser anyone(SMALL_JSON);
    // Saved searches and job alerts (issue 10). A saved search holds a name of up to 999 characters
    // and the filters object, hence 16 KB.
    GET "/job-filters" => alerts::list, browser anyone(0);
    POST "/job-filters" => alerts::create, browser anyone(16 * 1024);
    DELETE "/job-filters/{id}" => alerts::delete, browser anyone(SMALL_JSON);
    POST "/job-filters/{id}/read-filtered-offers" => alerts::read_offers, browser anyone(SMALL_JSON);
    POST "/job-alerts" => alerts::enable, browser anyone(16 * 1024);
    DELETE "/job-filters/{id}/job-alert" => alerts::disable, browser anyone(SMALL_JSON);
    PATCH "/job-filters/{id}/job-alert/frequency" => alerts::change_frequency, browser anyone(SMALL_JSON);
    POST "/guests/job-alerts" => alerts::create_guest, limit PublicWrite, browser anyone(16 * 1024);
    PUT "/guests/job-alerts/activation" => alerts::activate, limit PublicWrite, browser anyone(SMALL_JSON);
    DELETE "/guests/job-alerts/{candidate_id}/{job_filter_id}" => alerts::unsubscribe_guest, limit PublicWrite, browser anyone(SMALL_JSON);
    // The digests' one-click unsubscribe (RFC 8058: a POST of `List-Unsubscribe=One-Click`, no
    // login) and the signed Atom feeds of saved searches and list addresses (feed readers, no login).
    POST "/job-alerts/unsubscribe" => alerts::one_click_unsubscribe, limit PublicWrite, browser anyone(SMALL_JSON);
    GET "/feeds/offers.atom" => alerts::feed, limit ExpensiveRead, browser anyone(0);
    GET "/feeds/link" => alerts::feed_link, browser anyone(0);
    // A guest's saved search lives in the browser: its tile asks how many offers are new.
    GET "/guests/job-filters/new-offers" => alerts::guest_new_offers, limit ExpensiveRead, browser anyone(0);
    POST "/internal/digests/run" => alerts::run_digests, browser not_forwarded();
    POST "/internal/application-digests/run" => applications::run_application_digests, browser not_forwarded();
    GET "/internal/offers/{slug}/applications" => internal::offer_applications, browser not_forwarded();
    POST "/internal/offers" => internal::create_offer, browser not_forwarded();
    PUT "/internal/offers/{slug}" => internal::put_offer, browser not_forwarded();
    DELETE "/internal/offers/{slug}" => internal::delete_offer, browser not_forwarded();
    POST "/internal/companies/{company_id}/codes" => employer_offers::issue_code, browser not_forwarded();
    POST "/internal/bumps/run" => employer_offers::run_bumps, browser not_forwarded();
    // Employers (issue 11). Sign-up and the mailed links need no session; logging in and
    // confirming answer an access token, so they run in the app's server actions
    // (the web app's employer session actions) and are not forwarded: the token never reaches page code.
    POST "/v1/users/sign_up" => employers::sign_up, limit Auth, browser anyone(SMALL_JSON);
    PATCH "/v1/users/confirm" => employers::confirm, limit Auth, browser not_forwarded();
    // What an invitation's link invites to (the company and role), shown before accepting it.
    POST "/v1/users/invitation" => employers::invitation, limit Auth, browser anyone(SMALL_JSON);
    PATCH "/v1/users/regenerate_confirmation_token" => employers::regenerate_confirmation_token, limit Auth, browser anyone(SMALL_JSON);
    POST "/v1/users/password" => employers::request_password, limit Auth, browser anyone(SMALL_JSON);
    PATCH "/v1/users/password" => employers::reset_password, limit Auth, browser anyone(SMALL_JSON);
    POST "/v1/oauth/token" => employers::token, limit Auth, browser not_forwarded();
    POST "/v1/oauth/revoke" => employers::revoke, browser not_forwarded();
    GET "/v1/oauth/token/info" => employers::token_info, browser employer(0);
    POST "/v1/users" => employers::add_user, browser employer(SMALL_JSON);
    GET "/v2/offer-plans" => employers::plans, browser anyone(0);
    POST "/v1/offers/initiate" => employer_offers::initiate, limit PublicWrite, browser employer(SMALL_JSON);
    // The form as multipart (its JSON in `form`, a logo in `companyLogo`)…
    PATCH "/v1/offers/{slug}" => employer_offers::save_multipart, guard is_multipart, browser employer(2 * UPLOAD);
    // …or as JSON (a description with one inline JPEG of up to 5 MB).
    PATCH "/v1/offers/{slug}" => employer_offers::save, browser employer(2 * UPLOAD);
    DELETE "/v1/offers/{slug}" => employer_offers::delete, browser employer(SMALL_JSON);
    POST "/v1/offers/{slug}/logo" => employer_offers::upload_logo, limit PublicWrite, browser employer(UPLOAD);
    POST "/v1/offers/{slug}/publish-with-code" => employer_offers::publish_with_code, browser employer(SMALL_JSON);
    POST "/v1/offers/{slug}/extend-with-code" => employer_offers::extend_with_code, browser employer(SMALL_JSON);
    GET "/v1/offers/{slug}/verify-code/{code}" => employer_offers::verify_code, browser employer(0);
    POST "/v1/offers/{slug}/finish-recruitment" => employer_offers::finish, browser employer(SMALL_JSON);
    POST "/v1/offers/{slug}/duplicate" => employer_offers::duplicate, browser employer(SMALL_JSON);
    POST "/v1/offers/{slug}/refresh" => employer_offers::refresh, browser employer(SMALL_JSON);
    POST "/v1/offers/{slug}/edit-token" => employer_offers::edit_token, browser employer(SMALL_JSON);
    GET "/v2/employer-panel/codes" => employer_offers::codes, browser employer(0);
    GET "/v2/employer-panel/offers/end/{slug}" => employer_offers::end, browser employer(0);
    GET "/v1/company-logos/{hash}" => employer_offers::logo, browser anyone(0);
    // The employer panel's own data (issue 12, panel-company).
    GET "/v2/employer-panel/profiles/me" => employer_panel::profile, browser employer(0);
    PATCH "/v1/profiles/me" => employer_panel::update_profile, browser employer(SMALL_JSON);
    GET "/v2/employer-panel/users" => employer_panel::users, browser employer(0);
    PATCH "/v2/employer-panel/users/{id}" => employer_panel::update_user, browser employer(SMALL_JSON);
    DELETE "/v2/employer-panel/users/{id}" => employer_panel::remove_user, browser employer(SMALL_JSON);
    GET "/v1/company" => employer_panel::company, browser employer(0);
    POST "/v1/company/company_data" => employer_panel::company_data, limit PublicWrite, browser employer(UPLOAD);
    PATCH "/v2/employer-panel/company/billing-data" => employer_panel::billing, browser employer(SMALL_JSON);
    PATCH "/v2/employer-panel/company/clauses" => employer_panel::clauses, browser employer(64 * 1024);
    GET "/v2/employer-panel/brand-stories/technologies" => brand_stories::technologies, browser employer(0);
    GET "/v2/employer-panel/brand-stories/data/{slug}" => brand_stories::data, browser employer(0);
    GET "/v2/employer-panel/brand-stories/status/{slug}" => brand_stories::status, browser employer(0);
    PUT "/v2/employer-panel/brand-stories/{slug}" => brand_stories::put, limit PublicWrite, browser employer(8 * UPLOAD);
    POST "/v1/payments" => payments::create, limit PublicWrite, browser employer(SMALL_JSON);
    GET "/v1/payments/{id}/status" => payments::status, browser employer(0);
    // The sandbox payment provider's pages (HTML with pay / fail / cancel forms; development boards).
    GET "/v1/payments/sandbox/{id}" => payments::sandbox_page, browser cookieless(0);
    POST "/v1/payments/sandbox/{id}/{action}" => payments::sandbox_action, browser cookieless(SMALL_JSON);
    POST "/v1/payments/stripe/webhook" => payments::stripe_webhook, browser not_forwarded();
    // Employer panel: offers, statistics (JSON and CSV), applications and their CVs (issue 12).
    GET "/v2/employer-panel/offers" => panel_offers::offers, browser employer(0);
    GET "/v2/employer-panel/offers/statistics" => panel_offers::statistics, browser employer(0);
    GET "/v2/employer-panel/applications" => panel_offers::applications, browser employer(0);
    PATCH "/v2/employer-panel/applications/{id}/status" => panel_offers::set_status, browser employer(SMALL_JSON);
    DELETE "/v2/employer-panel/applications/{id}" => panel_offers::delete_application, browser employer(SMALL_JSON);
    GET "/v1/offers/{slug}/applications/{id}/download" => panel_offers::download_cv, browser employer(0);
    // The CV link mailed to an offer's address (signed and expiring; no login).
    GET "/v1/applications/{id}/cv" => applications::mailed_cv, browser anyone(0);
    // The chat between passive candidates and employers (issue 25's chat contract). The
    // candidate's calls carry the session cookie, the employer's the bearer token; a message is
    // at most 2,000 characters (8 KB of JSON with its client id).
    GET "/v1/candidate/chat/profile" => chat_candidate::profile, browser anyone(0);
    PUT "/v1/candidate/chat/profile" => chat_candidate::save_profile, browser anyone(16 * 1024);
    GET "/v1/candidate/chat/conversation-requests" => chat_candidate::invites, browser anyone(0);
    POST "/v1/candidate/chat/conversation-requests/{id}/accept" => chat_candidate::accept, browser anyone(SMALL_JSON);
    POST "/v1/candidate/chat/conversation-requests/{id}/decline" => chat_candidate::decline, browser anyone(SMALL_JSON);
    GET "/v1/candidate/chat/conversations" => chat_candidate::conversations, browser anyone(0);
    GET "/v1/candidate/chat/conversations/{id}" => chat_candidate::conversation, browser anyone(0);
    GET "/v1/candidate/chat/conversations/{id}/messages" => chat_candidate::messages, browser anyone(0);
    POST "/v1/candidate/chat/conversations/{id}/messages" => chat_candidate::send, browser anyone(CHAT_MESSAGE);
    POST "/v1/candidate/chat/conversations/{id}/read" => chat_candidate::read, browser anyone(SMALL_JSON);
    POST "/v1/candidate/chat/conversations/{id}/close" => chat_candidate::close, browser anyone(SMALL_JSON);
    POST "/v1/candidate/chat/conversations/{id}/block" => chat_candidate::block, browser anyone(SMALL_JSON);
    POST "/v1/candidate/chat/conversations/{id}/messages/{seq}/report" => chat_candidate::report, browser anyone(CHAT_MESSAGE);
    GET "/v1/candidate/chat/blocks" => chat_candidate::blocks, browser anyone(0);
    DELETE "/v1/candidate/chat/blocks/{company_id}" => chat_candidate::unblock, browser anyone(SMALL_JSON);
    POST "/v1/candidate/chat/hub-token" => chat_candidate::hub_token, browser anyone(SMALL_JSON);
    GET "/v2/employer-panel/offers/{slug}/candidates" => chat_employer::candidates, browser employer(0);
    POST "/v2/employer-panel/chat/conversation-requests" => chat_employer::send_request, browser employer(CHAT_MESSAGE);
    GET "/v2/employer-panel/chat/conversation-requests" => chat_employer::requests, browser employer(0);
    GET "/v2/employer-panel/chat/conversations" => chat_employer::conversations, browser employer(0);
    GET "/v2/employer-panel/chat/conversations/{id}" => chat_employer::conversation, browser employer(0);
    GET "/v2/employer-panel/chat/conversations/{id}/messages" => chat_employer::messages, browser employer(0);
    GET "/v2/employer-panel/chat/conversations/{id}/cv" => chat_employer::shared_cv, browser employer(0);
    POST "/v2/employer-panel/chat/conversations/{id}/messages" => chat_employer::send, browser employer(CHAT_MESSAGE);
    POST "/v2/employer-panel/chat/conversations/{id}/read" => chat_employer::read, browser employer(SMALL_JSON);
    POST "/v2/employer-panel/chat/conversations/{id}/close" => chat_employer::close, browser employer(SMALL_JSON);
    POST "/v2/employer-panel/chat/hub-token" => chat_employer::hub_token, browser employer(SMALL_JSON);
    POST "/v2/employer-panel/assistant/hub-token" => assistant::hub_token, browser employer(SMALL_JSON);
    // The chat mails' unsubscribe link (signed; no login): a page with a button, and its POST
    // (also RFC 8058's one click). Cookieless: the link proves the account, not a session.
    GET "/v1/chat/mail-unsubscribe" => chat_mail::unsubscribe_page, limit PublicWrite, browser cookieless(0);
    POST "/v1/chat/mail-unsubscribe" => chat_mail::unsubscribe, limit PublicWrite, browser cookieless(SMALL_JSON);
    POST "/internal/chat-mails/run" => chat_mail::run, browser not_forwarded();
}

/// The operations wrapped in a [`RateClass`], as the OpenAPI document names them (lower-case
/// method, full path): the document lists their `429` answer.
pub fn rate_limited() -> impl Iterator<Item = (String, String)> {
    ROUTES.iter().filter(|route| route.rate_class.is_some()).map(|route| (route.method.as_str().to_ascii_lowercase(), format!("/api/{{tenant}}{}", route.path)))
}

/// The web app's allow-list of forwarded calls, as the TypeScript module it imports. A method and
/// path registered twice (a guarded and an unguarded handler) is listed once.
pub fn browser_routes_typescript() -> String {
    let mut out = String::from(
        "// Generated from crates/wakat-server/src/routes/table.rs: do not edit. The test\n\
         // `routes::table::tests::the_web_apps_allow_list_is_the_route_tables` checks it, and with\n\
         // WAKAT_WRITE_GENERATED=1 writes it again.\n\
         import type { PublicRoute } from './public-api';\n\n\
         export const GENERATED_PUBLIC_ROUTES: readonly PublicRoute[] = [\n",
    );
    let mut listed: Vec<(&Method, &str)> = Vec::new();
    for route in ROUTES {
        let Browser::Forwarded { session, max_body_bytes } = route.browser else { continue };
        if listed.contains(&(&route.method, route.path)) {
            continue;
        }
        listed.push((&route.method, route.path));
        let methods = if route.method == Method::GET { "'GET', 'HEAD'".to_string() } else { format!("'{}'", route.method) };
        let session = match session {
            BrowserSession::Candidate => "",
            BrowserSession::Employer => ", session: 'employer'",
            BrowserSession::Cookieless => ", session: 'cookieless'",
        };
        out.push_str(&format!("  {{ pattern: '{}', methods: [{methods}], maxBodyBytes: {max_body_bytes}{session} }},\n", route.path));
    }
    out.push_str("];\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const GENERATED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../ui/src/lib/public-routes.generated.ts");

    #[test]
    fn the_web_apps_allow_list_is_the_route_tables() {
        let expected = browser_routes_typescript();
        if std::env::var_os("WAKAT_WRITE_GENERATED").is_some() {
            std::fs::write(GENERATED, &expected).expect("write the generated allow-list");
        }
        let committed = std::fs::read_to_string(GENERATED).unwrap_or_default();
        assert!(
            committed == expected,
            "{GENERATED} is out of step with the route table: run `WAKAT_WRITE_GENERATED=1 cargo test -p wakat-server routes::table` and commit it"
        );
    }

    #[test]
    fn a_method_and_path_registered_twice_agree_on_limits_and_forwarding() {
        for (index, route) in ROUTES.iter().enumerate() {
            for other in &ROUTES[index + 1..] {
                if other.method == route.method && other.path == route.path {
                    assert_eq!((other.rate_class, other.browser), (route.rate_class, route.browser), "{} {}", route.method, route.path);
                }
            }
        }
    }

    #[test]
    fn the_route_table_and_the_openapi_documents_name_the_same_operations() {
        let documents = [crate::routes::openapi::document_json(), crate::routes::openapi::internal_document_json()];
        let undocumented: Vec<String> = ROUTES
            .iter()
            .filter(|route| {
                let (method, path) = (route.method.as_str().to_ascii_lowercase(), format!("/api/{{tenant}}{}", route.path));
                !documents.iter().any(|document| document["paths"][&path][&method].is_object())
            })
            .map(|route| format!("{} {}", route.method, route.path))
            .collect();
        assert!(undocumented.is_empty(), "routes missing from both OpenAPI documents: {undocumented:#?}");

        let unrouted: Vec<String> = documents
            .iter()
            .flat_map(|document| document["paths"].as_object().cloned().unwrap_or_default())
            .filter_map(|(path, operations)| Some((path.strip_prefix("/api/{tenant}")?.to_string(), operations)))
            .flat_map(|(path, operations)| {
                operations.as_object().map(|o| o.keys().cloned().collect::<Vec<_>>()).unwrap_or_default().into_iter().map(move |method| (method, path.clone()))
            })
            .filter(|(method, path)| !ROUTES.iter().any(|route| route.path == path && route.method.as_str().eq_ignore_ascii_case(method)))
            .map(|(method, path)| format!("{method} {path}"))
            .collect();
        assert!(unrouted.is_empty(), "documented operations no route answers: {unrouted:#?}");
    }

    #[test]
    fn internal_calls_are_never_forwarded() {
        for route in ROUTES.iter().filter(|route| route.path.starts_with("/internal/")) {
            assert_eq!(route.browser, Browser::NotForwarded, "{} {}", route.method, route.path);
        }
    }
}
