//! The `search_internet` tool: the model's query sent to the configured search endpoint, the
//! first results handed back as the tool's message. A failed search is told to the model (which
//! then answers without it) instead of failing the employer's answer.

use serde_json::{json, Value};

use crate::openai::client::describe;
use crate::openai::settings::SearchToolSettings;

/// The longest snippet given to the model, in characters.
const MAX_SNIPPET_CHARS: usize = 500;

/// The query of a `search_internet` call's arguments (`{"query": "…"}`).
fn query(arguments: &str) -> Option<String> {
    let value: Value = serde_json::from_str(arguments).ok()?;
    value["query"].as_str().map(str::trim).filter(|q| !q.is_empty()).map(str::to_owned)
}

/// The results the model reads: title, URL and a bounded snippet of the first ones.
fn results(body: &Value, max_results: usize) -> Value {
    let results: Vec<Value> = body["results"]
        .as_array()
        .into_iter()
        .flatten()
        .take(max_results)
        .map(|r| {
            let snippet = r["content"].as_str().or_else(|| r["snippet"].as_str()).unwrap_or_default();
            json!({"title": r["title"], "url": r["url"], "snippet": snippet.chars().take(MAX_SNIPPET_CHARS).collect::<String>()})
        })
        .collect();
    json!({ "results": results })
}

/// Runs the call and returns the tool message's content (JSON: the results or an error).
pub(crate) async fn run(client: &reqwest::Client, settings: &SearchToolSettings, arguments: &str) -> String {
    let Some(query) = query(arguments) else {
        return json!({"error": "the arguments must be {\"query\": \"what to search for\"}"}).to_string();
    };
    let mut request = client.get(settings.url.trim()).query(&[("q", query.as_str()), ("format", "json")]);
    if let Some(key) = &settings.api_key {
        request = request.bearer_auth(key);
    }
    let search = async {
        let response = request.send().await?.error_for_status()?;
        response.json::<Value>().await
    };
    match tokio::time::timeout(std::time::Duration::from_secs(settings.timeout_secs), search).await {
        Ok(Ok(body)) => results(&body, settings.max_results).to_string(),
        Ok(Err(e)) => json!({"error": format!("the search failed: {}", describe(&e))}).to_string(),
        Err(_) => json!({"error": "the search timed out"}).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_query_and_bounds_the_results() {
        assert_eq!(query("{\"query\":\" rust salaries \"}").as_deref(), Some("rust salaries"));
        assert_eq!(query("{\"query\":\"\"}"), None);
        assert_eq!(query("{\"q\":"), None);
        let body = json!({"results": [
            {"title": "A", "url": "https://a.example", "content": "x".repeat(600)},
            {"title": "B", "url": "https://b.example", "snippet": "b"},
            {"title": "C", "url": "https://c.example"},
        ]});
        let read = results(&body, 2);
        assert_eq!(read["results"].as_array().unwrap().len(), 2);
        assert_eq!(read["results"][0]["snippet"].as_str().unwrap().len(), MAX_SNIPPET_CHARS);
        assert_eq!(read["results"][1]["snippet"], "b");
        assert_eq!(results(&json!({}), 5), json!({"results": []}));
    }
}
