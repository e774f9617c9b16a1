//! Readable addresses of employers' offers (issue 23, item 9): a published offer is read at
//! `{company}-{title}-{city}` like an imported one, its draft id and every address it had before
//! (a changed title, company or city) answer `301` to the one it has now, also after a restart,
//! and no address is ever given to two offers.

use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{json, Value};

use crate::browser::Browser;
use crate::employer_client::{company_id, complete_form, sign_up, EmployerClient};
use crate::helpers::{offer_json, spawn_app, RealServer, TestApp};

/// A client that answers redirects instead of following them.
fn not_following() -> reqwest::blocking::Client {
    reqwest::blocking::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap()
}

/// The status, `Location` and body of a GET, redirects not followed.
fn get_raw(app: &TestApp, path: &str) -> (u16, Option<String>, Value) {
    let response = not_following().get(format!("{}{path}", app.base)).send().expect("request is sent");
    let status = response.status().as_u16();
    let location = response.headers().get("location").map(|value| value.to_str().unwrap().to_string());
    (status, location, response.json().unwrap_or(Value::Null))
}

/// Asserts the offer page of `old` moved to `new` for good (301, the API path in `Location`).
fn assert_moved(app: &TestApp, old: &str, new: &str) {
    let (status, location, body) = get_raw(app, &format!("/api/it/v1/offers/{old}?lang=en"));
    assert_eq!((status, location.as_deref(), body["slug"].as_str()), (301, Some(format!("/api/it/v1/offers/{new}?lang=en").as_str()), Some(new)), "{old}");
}

/// Publishes a ready offer of `title` with a code: the draft id and edit token.
fn publish(employer: &EmployerClient<'_>, title: &str) -> (String, String) {
    let company = company_id(employer);
    let (slug, token) = employer.ready_offer("basic", title);
    let code = employer.issue_code(&company, "basic");
    let published = employer.publish_with_code(&slug, &token, &code);
    assert_eq!(published.status, 200, "{}", published.body);
    (slug, token)
}

/// An employer of "Acme Software" who published `title`, once its page is at `address`: the
/// employer, the draft id and the edit token.
fn published<'a>(app: &'a TestApp, email: &str, title: &str, address: &str) -> (EmployerClient<'a>, String, String) {
    let employer = sign_up(app, "it", email, "Acme Software");
    let (slug, token) = publish(&employer, title);
    wait_for_address(app, &slug, address);
    (employer, slug, token)
}

/// Saves `title` into a published offer and waits until its page is at `address`.
fn retitle(app: &TestApp, employer: &EmployerClient<'_>, slug: &str, token: &str, title: &str, address: &str) {
    let saved = employer.save(slug, token, &complete_form("it", title));
    assert_eq!(saved.status, 200, "{}", saved.body);
    wait_for_address(app, slug, address);
}

/// What `probe` finds within 3 s (writes reach the index within a second); `what` names it.
fn wait_for<T>(what: &str, mut probe: impl FnMut() -> Option<T>) -> T {
    let deadline = Instant::now() + Duration::from_secs(3);
    loop {
        if let Some(found) = probe() {
            return found;
        }
        assert!(Instant::now() < deadline, "{what} did not happen within 3 s");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Waits until the offer page of `slug` (followed) is at `address`.
fn wait_for_address(app: &TestApp, slug: &str, address: &str) {
    wait_for(&format!("{slug} at {address}"), || {
        let detail = app.get(&format!("/api/it/v1/offers/{slug}"));
        (detail.status == 200 && detail.body["slug"] == address).then_some(())
    });
}

/// The list entries of a keyword search.
fn listed(app: &TestApp, keyword: &str) -> Vec<Value> {
    wait_for(&format!("a listing of {keyword}"), || {
        let data = app.get_ok(&format!("/api/it/v2/user-panel/offers?keywords[]={keyword}"))["data"].as_array().cloned().unwrap_or_default();
        (!data.is_empty()).then_some(data)
    })
}

/// A real server (restarted by the test) on a data directory of its own.
fn real_server() -> (tempfile::TempDir, RealServer, TestApp) {
    let data_dir = tempfile::tempdir().unwrap();
    let server = RealServer::start(data_dir.path(), &[]);
    let app = server.app(data_dir.path());
    (data_dir, server, app)
}

#[test]
fn a_published_employer_offer_is_read_at_company_title_city() {
    let app = spawn_app(false);
    let employer = sign_up(&app, "it", "address@acme.example", "Acme Software");
    let (slug, token) = publish(&employer, "Zebrafish Rust Developer");
    assert!(slug.starts_with("offer-"), "the draft id stays the employer's identifier: {slug}");
    let address = "acme-software-zebrafish-rust-developer-krakow";

    let entry = &listed(&app, "zebrafish")[0];
    assert_eq!((entry["slug"].as_str(), entry["offerParent"]["slug"].as_str()), (Some(address), Some(slug.as_str())), "{entry}");
    let detail = app.get_ok(&format!("/api/it/v1/offers/{address}"));
    assert_eq!((detail["slug"].as_str(), detail["title"].as_str()), (Some(address), Some("Zebrafish Rust Developer")));
    // The draft id, which older links (and the panel) carry, leads there for good.
    assert_moved(&app, &slug, address);

    // Everything keyed by the offer still works through either address: views count for the
    // employer's statistics, the employer's own calls take the draft id.
    for viewed in [address, slug.as_str()] {
        assert_eq!(app.send_json(Method::POST, "/api/it/v1/views", &json!({"offerSlug": viewed})).status, 200);
    }
    let stats = employer.call(Method::GET, &format!("/v2/employer-panel/offers/statistics?offer={slug}"), None);
    assert_eq!(stats.body["totals"]["views"].as_u64(), Some(2), "{}", stats.body);
    let loaded = employer.call(Method::GET, &format!("/v1/offers/{slug}?token={token}"), None);
    assert_eq!((loaded.status, loaded.body["slug"].as_str()), (200, Some(slug.as_str())));
    let lookalikes = app.get(&format!("/api/it/v2/user-panel/offer-lookalikes/{address}"));
    assert_eq!(lookalikes.status, 200);
    let active = app.get_ok(&format!("/api/it/v2/user-panel/offers/active-slug/{slug}"));
    assert_eq!(active["slug"], address, "the live address of the offer");
}

#[test]
fn a_changed_title_moves_the_offer_and_every_old_address_follows_it_after_a_restart() {
    let (data_dir, server, app) = real_server();
    let first = "acme-software-kestrel-rust-developer-krakow";
    let (employer, slug, token) = published(&app, "moves@acme.example", "Kestrel Rust Developer", first);
    let second = "acme-software-osprey-rust-developer-krakow";
    retitle(&app, &employer, &slug, &token, "Osprey Rust Developer", second);
    assert_moved(&app, first, second);
    assert_eq!(app.get_ok(&format!("/api/it/v1/offers/{first}"))["title"], "Osprey Rust Developer", "a client following the move reads the offer");
    assert_eq!(listed(&app, "osprey")[0]["slug"], second);
    assert_eq!(app.count("it", "keywords[]=kestrel"), 0, "the old title is not listed");

    server.kill_9();
    let restarted = RealServer::start(data_dir.path(), &[]);
    let app = restarted.app(data_dir.path());
    wait_for_address(&app, &slug, second);
    assert_moved(&app, first, second);
    assert_moved(&app, &slug, second);

    // The title changed back: the first address is live again and the second moves to it.
    let employer = crate::employer_client::log_in(&app, "it", "moves@acme.example", crate::employer_client::PASSWORD);
    let (_, token) = {
        let reissued = employer.call(Method::POST, &format!("/v1/offers/{slug}/edit-token"), None);
        assert_eq!(reissued.status, 200, "{}", reissued.body);
        (slug.clone(), reissued.body["token"].as_str().unwrap().to_string())
    };
    retitle(&app, &employer, &slug, &token, "Kestrel Rust Developer", first);
    assert_eq!(app.get_ok(&format!("/api/it/v1/offers/{first}"))["slug"], first);
    assert_moved(&app, second, first);
}

#[test]
fn an_address_is_never_given_to_two_offers() {
    let app = spawn_app(false);
    // An imported offer already lives at the address the employer's title gives.
    let mut imported = offer_json("acme-software-heron-rust-developer-krakow", "Imported Heron", "Kraków", 50.06, 19.94);
    imported["companyName"] = json!("Acme Software");
    assert_eq!(app.internal(Method::POST, "/api/it/internal/offers", &imported).status, 201);
    let a = sign_up(&app, "it", "a@acme.example", "Acme Software");
    let (heron, _) = publish(&a, "Heron Rust Developer");
    wait_for_address(&app, &heron, "acme-software-heron-rust-developer-krakow-2");
    assert_eq!(app.get_ok("/api/it/v1/offers/acme-software-heron-rust-developer-krakow")["title"], "Imported Heron", "the imported offer keeps its address");

    // Two companies of one name publish one title: the second offer is numbered.
    let b = sign_up(&app, "it", "b@other.example", "Acme Software");
    let (first, first_token) = publish(&a, "Crane Rust Developer");
    let (second, _) = publish(&b, "Crane Rust Developer");
    wait_for_address(&app, &first, "acme-software-crane-rust-developer-krakow");
    wait_for_address(&app, &second, "acme-software-crane-rust-developer-krakow-2");

    // An address an offer left stays its own: a third offer of that title is numbered past it.
    retitle(&app, &a, &first, &first_token, "Stork Rust Developer", "acme-software-stork-rust-developer-krakow");
    let (third, _) = publish(&b, "Crane Rust Developer");
    wait_for_address(&app, &third, "acme-software-crane-rust-developer-krakow-3");
    assert_moved(&app, "acme-software-crane-rust-developer-krakow", "acme-software-stork-rust-developer-krakow");
    // An unknown address is still a 404.
    assert_eq!(app.get("/api/it/v1/offers/acme-software-crane-rust-developer-krakow-9").status, 404);
}

/// The moved offer page answers everyone alike (a public call): anonymous, a candidate, another
/// company and the owner get the same 301; another board knows neither address.
#[test]
fn access_matrix_of_a_moved_offer_page() {
    let app = spawn_app(false);
    let owner = sign_up(&app, "it", "owner@acme.example", "Acme Software");
    let (slug, token) = publish(&owner, "Puffin Rust Developer");
    retitle(&app, &owner, &slug, &token, "Gannet Rust Developer", "acme-software-gannet-rust-developer-krakow");
    let other = sign_up(&app, "it", "other@beta.example", "Beta");
    let mut candidate = Browser::new(&app);
    candidate.sign_up("it", "cand@example.pl", "candidate pass 1");
    let old = "/api/it/v1/offers/acme-software-puffin-rust-developer-krakow";
    let location = Some("/api/it/v1/offers/acme-software-gannet-rust-developer-krakow".to_string());
    let client = not_following();
    let answer = |request: reqwest::blocking::RequestBuilder| {
        let response = request.send().unwrap();
        (response.status().as_u16(), response.headers().get("location").map(|value| value.to_str().unwrap().to_string()))
    };
    let url = format!("{}{old}", app.base);
    let cookies = candidate.cookies.iter().map(|(name, value)| format!("{name}={value}")).collect::<Vec<_>>().join("; ");
    assert_eq!(answer(client.get(&url)), (301, location.clone()), "anonymous");
    assert_eq!(answer(client.get(&url).header("cookie", cookies)), (301, location.clone()), "a candidate");
    assert_eq!(answer(client.get(&url).bearer_auth(&other.token)), (301, location.clone()), "another company");
    assert_eq!(answer(client.get(&url).bearer_auth(&owner.token)), (301, location.clone()), "the owner");
    assert_eq!(app.get("/api/work/v1/offers/acme-software-puffin-rust-developer-krakow").status, 404, "another board");
    assert_eq!(app.get("/api/work/v1/offers/acme-software-gannet-rust-developer-krakow").status, 404, "another board");
}

#[test]
fn an_offer_published_before_addresses_gets_its_address_at_the_next_start() {
    let (data_dir, server, app) = real_server();
    let address = "acme-software-albatross-rust-developer-krakow";
    let (_, slug, _) = published(&app, "older@acme.example", "Albatross Rust Developer", address);
    server.kill_9();
    {
        // The public copy as the version before addresses wrote it: its draft id is its address.
        let kv = wakat_store::SledStore::open(data_dir.path().join("store")).unwrap();
        let store = wakat_store::OfferStore::new(std::sync::Arc::new(kv), wakat_core::Rates::default()).unwrap();
        let mut older = store.get_offer("it", &slug).unwrap().expect("the public copy");
        older.address = None;
        older.normalize(&wakat_core::Rates::default());
        assert_eq!(older.locations[0].slug, slug);
        store.put_offer("it", &older).unwrap();
    }
    let restarted = RealServer::start(data_dir.path(), &[]);
    let app = restarted.app(data_dir.path());
    wait_for_address(&app, &slug, address);
    assert_moved(&app, &slug, address);
}
