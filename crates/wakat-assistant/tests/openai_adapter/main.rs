//! The OpenAI-compatible adapter against a loopback stub provider: streamed parts, tool-call
//! deltas put together, the provider's refusals, cuts, stalls and the search tool.

mod stub;

use std::time::{Duration, Instant};

use serde_json::{json, Value};
use stub::{content, events, serve, stream, tool_delta, End, Reply};
use tokio::sync::mpsc;
use wakat_assistant::{Brain, BrainError, BrainEvent, BrainRequest, OpenAiBrain, OpenAiSettings, ProposedAd, SearchToolSettings, Turn};
use wakat_core::offer_form::OfferForm;
use wakat_core::{Currency, EmploymentKind, ExperienceLevel, WorkplaceType};

fn settings(base: &str) -> OpenAiSettings {
    OpenAiSettings { base_url: format!("{base}/v1"), model: "stub-model".into(), api_key: Some("sk-test".into()), timeout_secs: 5, search_tool: None }
}

fn request() -> BrainRequest {
    BrainRequest {
        board: "it".into(),
        locale: "en".into(),
        history: vec![
            Turn { from_user: false, text: "Hi! What role are you hiring for?".into() },
            Turn { from_user: true, text: "A senior Rust developer in Kraków, 25-30k net B2B".into() },
        ],
        form: OfferForm::default(),
        last_proposal: None,
    }
}

/// The brain's answer to [`request`] and every event it streamed.
async fn reply(settings: OpenAiSettings) -> (Result<(), BrainError>, Vec<BrainEvent>) {
    let brain = OpenAiBrain::new(settings).unwrap();
    let (tx, mut rx) = mpsc::channel(256);
    let result = brain.reply(request(), tx).await;
    let mut streamed = Vec::new();
    while let Ok(event) = rx.try_recv() {
        streamed.push(event);
    }
    (result, streamed)
}

/// The same bytes in pieces of `size`: lines and characters cut anywhere.
fn rechunk(pieces: Vec<Vec<u8>>, size: usize) -> Vec<Vec<u8>> {
    pieces.concat().chunks(size).map(<[u8]>::to_vec).collect()
}

#[tokio::test]
async fn streamed_content_arrives_as_parts_in_order_and_the_request_is_complete() {
    let mut provider = serve(vec![stream(&[content("Great"), content(", which "), content("seniority?")])]).await;
    let (result, streamed) = reply(settings(&provider.url)).await;
    result.unwrap();
    assert_eq!(streamed, ["Great", ", which ", "seniority?"].map(|t| BrainEvent::Part(t.into())));

    let received = provider.received();
    assert_eq!(received.len(), 1);
    assert_eq!(received[0].request_line, "POST /v1/chat/completions HTTP/1.1");
    assert_eq!(received[0].header("authorization"), Some("Bearer sk-test"));
    let body = received[0].json();
    assert_eq!(body["model"], "stub-model");
    assert_eq!(body["stream"], true);
    let messages = body["messages"].as_array().unwrap();
    assert_eq!(messages[0]["role"], "system");
    assert_eq!(messages[1], json!({"role": "assistant", "content": "Hi! What role are you hiring for?"}));
    assert_eq!(messages[2], json!({"role": "user", "content": "A senior Rust developer in Kraków, 25-30k net B2B"}));
    let tools = body["tools"].as_array().unwrap();
    assert_eq!(tools.len(), 1, "no search tool offered without one configured");
    assert_eq!(tools[0]["function"]["name"], "propose_job_ad");
    let parameters = &tools[0]["function"]["parameters"];
    assert_eq!(parameters["type"], "object");
    assert!(parameters["properties"]["seniority"]["enum"].as_array().unwrap().contains(&json!("c_level")));
    assert_eq!(
        parameters["properties"]["salaries"]["items"]["properties"]["employmentType"]["enum"],
        json!(["permanent", "b2b", "mandate_contract", "internship", "any"])
    );
}

fn proposal_chunks() -> Vec<Value> {
    let arguments = r#"{"title":"Rust Developer","seniority":"senior","workplaceType":"hybrid","salaryCurrency":"pln","salaries":[{"employmentType":"b2b","minAmount":25000,"maxAmount":30000,"amountType":"net"}],"skills":{"requiredSkills":[{"name":"Rust","level":4}],"recommendedSkills":[]},"addresses":[{"city":"Kraków","street":null,"countryCode":"PL","latitude":null,"longitude":null}],"languages":null}"#;
    let mut chunks = vec![content("Here is a draft."), tool_delta(0, Some(("call_1", "propose_job_ad")), "")];
    // The arguments in pieces of 9 characters, cut mid-key and mid-value.
    let characters: Vec<char> = arguments.chars().collect();
    chunks.extend(characters.chunks(9).map(|piece| tool_delta(0, None, &piece.iter().collect::<String>())));
    chunks
}

fn check_proposal(ad: &ProposedAd) {
    assert_eq!(ad.title.as_deref(), Some("Rust Developer"));
    assert_eq!(ad.seniority, Some(ExperienceLevel::Senior));
    assert_eq!(ad.workplace_type, Some(WorkplaceType::Hybrid));
    assert_eq!(ad.salary_currency, Some(Currency::Pln));
    assert_eq!(ad.salaries.len(), 1);
    assert_eq!(ad.salaries[0].employment_type, EmploymentKind::B2b);
    assert_eq!((ad.salaries[0].min_amount, ad.salaries[0].max_amount), (Some(25000.0), Some(30000.0)));
    assert_eq!(ad.skills.required_skills[0].name, "Rust");
    assert_eq!(ad.addresses[0].city, "Kraków");
    assert!(ad.languages.is_empty());
}

#[tokio::test]
async fn tool_call_deltas_split_mid_json_make_one_proposal() {
    // Also the HTTP chunks cut lines and the UTF-8 of "Kraków" anywhere.
    let pieces = rechunk(events(&proposal_chunks()), 7);
    let mut provider = serve(vec![Reply::Stream { pieces, gap: Duration::ZERO, end: End::Complete }]).await;
    let (result, streamed) = reply(settings(&provider.url)).await;
    result.unwrap();
    assert_eq!(streamed.len(), 3, "{streamed:?}");
    assert_eq!(streamed[0], BrainEvent::Part("Here is a draft.".into()));
    assert_eq!(streamed[1], BrainEvent::Proposing);
    let BrainEvent::Proposed(ad) = &streamed[2] else { panic!("{streamed:?}") };
    check_proposal(ad);
    assert_eq!(provider.received().len(), 1, "the answer had words: no second round");
}

#[tokio::test]
async fn a_proposal_without_words_is_followed_by_a_round_that_says_what_to_check() {
    let silent: Vec<Value> = proposal_chunks().into_iter().skip(1).collect();
    let mut provider = serve(vec![stream(&silent), stream(&[content("Check the salary.")])]).await;
    let (result, streamed) = reply(settings(&provider.url)).await;
    result.unwrap();
    assert_eq!(streamed.len(), 3, "{streamed:?}");
    assert!(matches!(streamed[1], BrainEvent::Proposed(_)));
    assert_eq!(streamed[2], BrainEvent::Part("Check the salary.".into()));
    let received = provider.received();
    assert_eq!(received.len(), 2);
    let messages = received[1].json()["messages"].as_array().unwrap().clone();
    let call = &messages[3];
    assert_eq!(call["role"], "assistant");
    assert_eq!(call["tool_calls"][0]["id"], "call_1");
    assert_eq!(call["tool_calls"][0]["function"]["name"], "propose_job_ad");
    assert_eq!(messages[4]["role"], "tool");
    assert_eq!(messages[4]["tool_call_id"], "call_1");
}

#[tokio::test]
async fn a_proposal_that_is_not_json_is_invalid() {
    let chunks = [tool_delta(0, Some(("call_1", "propose_job_ad")), "{\"title\": \"Dev"), content("")];
    let provider = serve(vec![stream(&chunks)]).await;
    let (result, streamed) = reply(settings(&provider.url)).await;
    assert!(matches!(result, Err(BrainError::Invalid(_))), "{result:?}");
    assert_eq!(streamed, [BrainEvent::Proposing]);
}

#[tokio::test]
async fn the_providers_429_is_its_rate_limit_with_retry_after() {
    let provider = serve(vec![
        Reply::Status { code: 429, headers: vec![("Retry-After", "7".into())], body: r#"{"error":{"message":"slow down"}}"#.into() },
        Reply::Status { code: 429, headers: vec![], body: String::new() },
    ])
    .await;
    let (result, streamed) = reply(settings(&provider.url)).await;
    assert!(matches!(result, Err(BrainError::RateLimited { retry_after_secs: Some(7) })), "{result:?}");
    assert!(streamed.is_empty());
    let (result, _) = reply(settings(&provider.url)).await;
    assert!(matches!(result, Err(BrainError::RateLimited { retry_after_secs: None })), "{result:?}");
}

#[tokio::test]
async fn the_providers_errors_carry_its_message() {
    let error = |code, message: &str| Reply::Status { code, headers: vec![], body: json!({"error": {"message": message, "type": "x"}}).to_string() };
    let provider = serve(vec![error(500, "the engine is overloaded"), error(400, "unknown parameter tool_choice"), error(401, "bad key")]).await;
    let (result, _) = reply(settings(&provider.url)).await;
    assert!(matches!(&result, Err(BrainError::Unavailable(m)) if m.contains("500") && m.contains("the engine is overloaded")), "{result:?}");
    let (result, _) = reply(settings(&provider.url)).await;
    assert!(matches!(&result, Err(BrainError::Invalid(m)) if m.contains("unknown parameter tool_choice")), "{result:?}");
    let (result, _) = reply(settings(&provider.url)).await;
    assert!(matches!(&result, Err(BrainError::Unavailable(m)) if m.contains("bad key")), "{result:?}");
}

#[tokio::test]
async fn a_connection_cut_mid_stream_is_unavailable_after_the_parts_that_came() {
    let mut pieces = events(&[content("Which "), content("city?")]);
    pieces.pop(); // no [DONE]
    let provider = serve(vec![Reply::Stream { pieces, gap: Duration::from_millis(5), end: End::Cut }]).await;
    let (result, streamed) = reply(settings(&provider.url)).await;
    assert!(matches!(result, Err(BrainError::Unavailable(_))), "{result:?}");
    assert_eq!(streamed, ["Which ", "city?"].map(|t| BrainEvent::Part(t.into())));
}

#[tokio::test]
async fn a_stream_that_ends_without_done_is_unavailable() {
    let mut pieces = events(&[content("Which city?")]);
    pieces.pop();
    let provider = serve(vec![Reply::Stream { pieces, gap: Duration::ZERO, end: End::Complete }]).await;
    let (result, _) = reply(settings(&provider.url)).await;
    assert!(matches!(&result, Err(BrainError::Unavailable(m)) if m.contains("[DONE]")), "{result:?}");
}

/// With a one-second time-out, `silence` ends the answer as unavailable well before the stub
/// would have gone on.
async fn times_out(silence: Reply) {
    let provider = serve(vec![silence]).await;
    let started = Instant::now();
    let (result, _) = reply(OpenAiSettings { timeout_secs: 1, ..settings(&provider.url) }).await;
    assert!(matches!(&result, Err(BrainError::Unavailable(m)) if m.contains("silent")), "{result:?}");
    assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
}

#[tokio::test]
async fn a_stall_between_chunks_longer_than_the_timeout_is_unavailable() {
    let first = vec![b"data: {\"choices\":[]}\n\n".to_vec()];
    times_out(Reply::Stream { pieces: first, gap: Duration::ZERO, end: End::Stall(Duration::from_secs(10)) }).await;
}

#[tokio::test]
async fn a_provider_that_never_answers_is_unavailable() {
    times_out(Reply::Silent(Duration::from_secs(10))).await;
}

#[tokio::test]
async fn a_refused_connection_is_unavailable() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    drop(listener);
    let (result, _) = reply(settings(&url)).await;
    assert!(matches!(&result, Err(BrainError::Unavailable(m)) if m.to_lowercase().contains("refused")), "{result:?}");
}

#[tokio::test]
async fn a_closed_receiver_stops_the_reading() {
    let provider = serve(vec![Reply::Stream { pieces: events(&[content("Hello")]), gap: Duration::from_secs(30), end: End::Complete }]).await;
    let brain = OpenAiBrain::new(OpenAiSettings { timeout_secs: 60, ..settings(&provider.url) }).unwrap();
    let (tx, mut rx) = mpsc::channel(8);
    let answer = tokio::spawn(brain.reply(request(), tx));
    assert_eq!(rx.recv().await, Some(BrainEvent::Part("Hello".into())));
    let started = Instant::now();
    drop(rx);
    let result = answer.await.unwrap();
    assert!(matches!(result, Err(BrainError::Cancelled)), "{result:?}");
    assert!(started.elapsed() < Duration::from_secs(5), "stopped while the provider was silent");
}

#[tokio::test]
async fn a_configured_search_runs_between_its_events_and_its_results_reach_the_model() {
    let mut search = serve(vec![Reply::Status {
        code: 200,
        headers: vec![],
        body: json!({"results": [{"title": "Rust salaries 2025", "url": "https://example.org/rust", "content": "Seniors earn 25-32k"}]}).to_string(),
    }])
    .await;
    let mut provider = serve(vec![
        stream(&[tool_delta(0, Some(("call_s", "search_internet")), "{\"query\":"), tool_delta(0, None, "\"rust salary krakow\"}")]),
        stream(&[content("Market: 25-32k.")]),
    ])
    .await;
    let with_search = OpenAiSettings {
        search_tool: Some(SearchToolSettings { url: format!("{}/search", search.url), api_key: Some("search-key".into()), ..SearchToolSettings::default() }),
        ..settings(&provider.url)
    };
    let (result, streamed) = reply(with_search).await;
    result.unwrap();
    assert_eq!(streamed, [BrainEvent::SearchStarted, BrainEvent::SearchEnded, BrainEvent::Part("Market: 25-32k.".into())]);

    let searched = search.received();
    assert_eq!(searched.len(), 1);
    assert_eq!(searched[0].request_line, "GET /search?q=rust+salary+krakow&format=json HTTP/1.1");
    assert_eq!(searched[0].header("authorization"), Some("Bearer search-key"));
    let received = provider.received();
    assert_eq!(received.len(), 2);
    let first = received[0].json();
    assert_eq!(first["tools"][1]["function"]["name"], "search_internet");
    let messages = received[1].json()["messages"].as_array().unwrap().clone();
    let tool = messages.last().unwrap();
    assert_eq!(tool["tool_call_id"], "call_s");
    assert!(tool["content"].as_str().unwrap().contains("Seniors earn 25-32k"), "{tool}");
}

#[tokio::test]
async fn without_a_search_tool_a_search_call_is_refused_and_never_announced() {
    let provider = serve(vec![stream(&[tool_delta(0, Some(("call_s", "search_internet")), "{\"query\":\"x\"}")])]).await;
    let (result, streamed) = reply(settings(&provider.url)).await;
    assert!(matches!(&result, Err(BrainError::Invalid(m)) if m.contains("search_internet")), "{result:?}");
    assert!(streamed.is_empty(), "{streamed:?}");
}

#[tokio::test]
async fn a_failed_search_is_told_to_the_model_which_answers_anyway() {
    let search = serve(vec![Reply::Status { code: 503, headers: vec![], body: String::new() }]).await;
    let mut provider =
        serve(vec![stream(&[tool_delta(0, Some(("call_s", "search_internet")), "{\"query\":\"x\"}")]), stream(&[content("I could not search.")])]).await;
    let with_search =
        OpenAiSettings { search_tool: Some(SearchToolSettings { url: search.url.clone(), ..SearchToolSettings::default() }), ..settings(&provider.url) };
    let (result, streamed) = reply(with_search).await;
    result.unwrap();
    assert_eq!(streamed, [BrainEvent::SearchStarted, BrainEvent::SearchEnded, BrainEvent::Part("I could not search.".into())]);
    let messages = provider.received()[1].json()["messages"].as_array().unwrap().clone();
    assert!(messages.last().unwrap()["content"].as_str().unwrap().contains("error"));
}

#[test]
fn the_brain_is_named_after_its_model_and_refuses_wrong_settings() {
    assert_eq!(OpenAiBrain::new(OpenAiSettings::default()).unwrap().name(), "openai:gpt-4o-mini");
    assert_eq!(OpenAiBrain::new(OpenAiSettings { base_url: "nope".into(), ..OpenAiSettings::default() }).unwrap_err().field, "base_url");
}
