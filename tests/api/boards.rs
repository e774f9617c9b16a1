//! The board list: which boards the web app serves, on which host names.

use crate::helpers::shared_app;

#[test]
fn boards_list_every_board_with_its_hosts_in_configuration_order() {
    let app = shared_app();
    let response = app.client.get(format!("{}/api/boards", app.base)).send().expect("request is sent");
    assert_eq!(response.status().as_u16(), 200);
    assert_eq!(response.headers().get("cache-control").and_then(|v| v.to_str().ok()), Some("public, max-age=60"));
    let body: serde_json::Value = response.json().expect("JSON answer");
    let boards = body["data"].as_array().expect("data is a list");
    let slugs: Vec<&str> = boards.iter().map(|board| board["slug"].as_str().unwrap()).collect();
    assert_eq!(slugs, ["it", "work"]);
    assert_eq!(boards[0]["name"], "Wakat IT");
    assert_eq!(boards[0]["defaultLocale"], "pl");
    assert_eq!(boards[0]["hosts"], serde_json::json!(["it.localhost", "127.0.0.1", "localhost"]));
    assert_eq!(boards[1]["hosts"], serde_json::json!(["work.localhost"]));
    assert_eq!(boards[1]["name"], "Wakat Praca");
    assert!(boards.iter().all(|board| board["captcha"].is_null()), "the captcha is off by default");
    assert!(boards.iter().all(|board| board["map"].is_null()), "no tile provider: the web app's offline basemap");
}

#[test]
fn a_boards_tile_provider_is_in_the_board_list() {
    let app = crate::helpers::spawn_configured(false, |settings| {
        let map = &mut settings.engine.tenants[1].map;
        map.style_url = "https://tiles.example.com/styles/streets.json?key=abc".into();
        map.attribution = "© Example".into();
        map.origins = vec!["https://glyphs.example.com/".into()];
    });
    let boards = app.get_ok("/api/boards");
    assert!(boards["data"][0]["map"].is_null(), "only the board that configures it");
    assert_eq!(
        boards["data"][1]["map"],
        serde_json::json!({
            "styleUrl": "https://tiles.example.com/styles/streets.json?key=abc",
            "styleUrlDark": null,
            "attribution": "© Example",
            "origins": ["https://glyphs.example.com"],
        })
    );
}

#[test]
fn the_board_list_is_documented_and_is_not_a_board() {
    let app = shared_app();
    let document = app.get_ok("/api/openapi.json");
    let operation = &document["paths"]["/api/boards"]["get"];
    assert!(operation.is_object(), "openapi lacks /api/boards");
    assert_eq!(operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"], "#/components/schemas/BoardList");
    // `boards` is not a board: its calls stay unknown.
    assert_eq!(app.get("/api/boards/v2/user-panel/configuration").status, 404);
    assert_eq!(app.get("/api/boards/v2/user-panel/configuration").body["code"], "unknown_tenant");
}
