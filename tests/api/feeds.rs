//! Atom feeds (RFC 4287) of saved searches and list URLs, read with a feed parser: ids, updated
//! times and links; a signed URL works without login, an unsigned or altered one does not.

use reqwest::Method;
use serde_json::json;

use crate::alerts::{java_krakow, publish_matching};
use crate::applying::PASSWORD;
use crate::browser::Browser;
use crate::helpers::{shared_app, spawn_app};

fn fetch(app: &crate::helpers::TestApp, url: &str) -> (u16, String, String) {
    let path = &url[url.find("/api/").expect("the feed URL names the API path")..];
    let response = app.client.get(format!("{}{path}", app.base)).send().unwrap();
    let status = response.status().as_u16();
    let content_type = response.headers().get("content-type").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
    (status, content_type, response.text().unwrap())
}

#[test]
fn a_saved_search_has_a_signed_atom_feed_of_its_newest_offers() {
    let app = spawn_app(false);
    let mut ala = Browser::new(&app);
    ala.sign_up("it", "ala@example.pl", PASSWORD);
    ala.json(Method::POST, "/api/it/job-filters", &json!({"filters": java_krakow()}));
    publish_matching(&app, "it", "rust-krakow-feed-1");
    publish_matching(&app, "it", "rust-krakow-feed-2");
    let feed_url = ala.get("/api/it/job-filters").body["data"][0]["feedUrl"].as_str().unwrap().to_string();
    assert!(feed_url.starts_with("http://127.0.0.1:3000/api/it/feeds/offers.atom?"), "absolute, through the web app: {feed_url}");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    let (status, content_type, body) = loop {
        let fetched = fetch(&app, &feed_url);
        if fetched.2.matches("<entry>").count() == 2 || std::time::Instant::now() > deadline {
            break fetched;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    assert_eq!(status, 200, "no login needed: {body}");
    assert!(content_type.starts_with("application/atom+xml"), "{content_type}");
    let feed = feed_rs::parser::parse(body.as_bytes()).expect("the feed parses");
    assert_eq!(feed.feed_type, feed_rs::model::FeedType::Atom);
    assert!(feed.id.starts_with("urn:wakat:feed:it:"), "{}", feed.id);
    assert!(feed.title.as_ref().unwrap().content.contains("rust"), "{:?}", feed.title);
    assert!(feed.updated.is_some());
    assert!(feed.links.iter().any(|link| link.rel.as_deref() == Some("self") && link.href.contains("/api/it/feeds/offers.atom?")));
    assert!(feed.links.iter().any(|link| link.rel.as_deref() == Some("alternate") && link.href.starts_with("http://127.0.0.1:3000/?")));
    assert_eq!(feed.entries.len(), 2);
    let mut ids: Vec<&str> = feed.entries.iter().map(|entry| entry.id.as_str()).collect();
    ids.sort();
    assert_eq!(ids, ["urn:wakat:offer:it:rust-krakow-feed-1", "urn:wakat:offer:it:rust-krakow-feed-2"]);
    for entry in &feed.entries {
        assert!(entry.updated.is_some() && entry.published.is_some(), "{entry:?}");
        assert!(entry.links[0].href.starts_with("http://127.0.0.1:3000/job-offer/rust-krakow-feed-"), "{:?}", entry.links);
        assert_eq!(entry.title.as_ref().unwrap().content, "Senior Rust developer");
        assert!(entry.summary.as_ref().unwrap().content.contains("Test Company · Kraków · 15 000 – 20 000 PLN"), "{:?}", entry.summary);
    }
    // The same feed without its signature, or with another filter under the signature: refused.
    let unsigned = feed_url.split("&signature=").next().unwrap().to_string();
    assert_eq!(fetch(&app, &unsigned).0, 403);
    assert_eq!(fetch(&app, &feed_url.replace("city=krakow", "city=gdansk")).0, 403);
}

#[test]
fn any_list_url_gets_a_signed_feed_link() {
    let app = shared_app();
    let link = app.get_ok("/api/it/feeds/link?typ-umowy=b2b&keyword=java&miasto=Krak%C3%B3w")["url"].as_str().unwrap().to_string();
    // Polish names and order do not matter: the feed is signed on the canonical query.
    let same = app.get_ok("/api/it/feeds/link?city=krakow&keywords[]=java&employmentTypes[]=b2b")["url"].as_str().unwrap().to_string();
    assert_eq!(link, same);
    let (status, _, body) = fetch(app, &link);
    assert_eq!(status, 200, "{body}");
    let feed = feed_rs::parser::parse(body.as_bytes()).expect("the feed parses");
    assert!(!feed.entries.is_empty(), "the default data has B2B Java offers in Kraków");
    assert!(feed.entries.windows(2).all(|pair| pair[0].published >= pair[1].published), "newest first");
    assert_eq!(app.get("/api/it/feeds/link?experienceLevels[]=guru").body["code"], "invalid_experience_level");
    assert_eq!(app.get("/api/work/feeds/offers.atom?signature=x").status, 403);
}
