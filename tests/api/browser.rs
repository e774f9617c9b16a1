//! A browser as the API sees it: cookies kept between calls (set and cleared by `Set-Cookie`),
//! the CSRF header repeated on writes like the web app does, and the dev mailbox to read links.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{Answer, TestApp};

/// A cookie jar and a client for one person.
pub struct Browser<'a> {
    pub app: &'a TestApp,
    pub cookies: BTreeMap<String, String>,
    /// Whether writes repeat the `wakat_csrf` cookie in `X-CSRF-Token` (a well-behaved page does).
    pub send_csrf: bool,
}

impl<'a> Browser<'a> {
    pub fn new(app: &'a TestApp) -> Browser<'a> {
        Browser { app, cookies: BTreeMap::new(), send_csrf: true }
    }

    fn remember(&mut self, response: &reqwest::blocking::Response) {
        for header in response.headers().get_all("set-cookie") {
            let text = header.to_str().unwrap_or_default();
            let pair = text.split(';').next().unwrap_or_default();
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            let removal = value.is_empty() || text.to_ascii_lowercase().contains("max-age=0");
            if removal {
                self.cookies.remove(name.trim());
            } else {
                self.cookies.insert(name.trim().to_string(), value.trim().to_string());
            }
        }
    }

    /// A request with the cookies (and the CSRF header on writes).
    pub fn request(&self, method: Method, path: &str) -> reqwest::blocking::RequestBuilder {
        let mut request = self.app.client.request(method.clone(), format!("{}{path}", self.app.base));
        if !self.cookies.is_empty() {
            let header = self.cookies.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ");
            request = request.header("cookie", header);
        }
        if self.send_csrf && method != Method::GET {
            if let Some(csrf) = self.cookies.get("wakat_csrf") {
                request = request.header("x-csrf-token", csrf);
            }
        }
        request
    }

    /// Sends a prepared request and keeps its cookies.
    pub fn send(&mut self, request: reqwest::blocking::RequestBuilder) -> Answer {
        let response = request.send().expect("request is sent");
        self.remember(&response);
        let status = response.status().as_u16();
        let body = response.json().unwrap_or(Value::Null);
        Answer { status, body }
    }

    pub fn get(&mut self, path: &str) -> Answer {
        let request = self.request(Method::GET, path);
        self.send(request)
    }

    pub fn json(&mut self, method: Method, path: &str, body: &Value) -> Answer {
        let request = self.request(method, path).json(body);
        self.send(request)
    }

    /// Registers, confirms through the mailed link, and is logged in; returns the candidate.
    pub fn sign_up(&mut self, tenant: &str, email: &str, password: &str) -> Value {
        let answer = self.json(
            Method::POST,
            &format!("/api/{tenant}/v1/candidate/register"),
            &json!({"acceptedTerms": true, "email": email, "password": password, "firstName": "Ala"}),
        );
        assert_eq!(answer.status, 202, "{}", answer.body);
        let token = mailed_token(self.app, email, "account.confirm");
        let confirmed = self.json(Method::POST, &format!("/api/{tenant}/v1/candidate/confirm"), &json!({"token": token}));
        assert_eq!(confirmed.status, 200, "{}", confirmed.body);
        confirmed.body["candidate"].clone()
    }

    pub fn log_in(&mut self, tenant: &str, email: &str, password: &str) -> Answer {
        self.json(Method::POST, &format!("/api/{tenant}/v1/candidate/login"), &json!({"email": email, "password": password}))
    }
}

/// The mails to `to` with `tag`, newest first, waiting up to 10 s for at least `at_least`.
pub fn mails(app: &TestApp, to: &str, tag: &str, at_least: usize) -> Vec<Value> {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let answer = app.get(&format!("/api/dev/mailbox?to={}&limit=200", urlencode(to)));
        assert_eq!(answer.status, 200, "dev mailbox: {}", answer.body);
        let found: Vec<Value> = answer.body["data"].as_array().cloned().unwrap_or_default().into_iter().filter(|mail| mail["tag"] == tag).collect();
        if found.len() >= at_least || Instant::now() > deadline {
            return found;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The `token` parameter of the newest mail to `to` with `tag`.
pub fn mailed_token(app: &TestApp, to: &str, tag: &str) -> String {
    let found = mails(app, to, tag, 1);
    let mail = found.first().unwrap_or_else(|| panic!("no '{tag}' mail to {to}"));
    token_in(mail["text"].as_str().unwrap_or_default()).unwrap_or_else(|| panic!("no token in {mail}"))
}

/// The value of the first `token=` parameter in a text.
pub fn token_in(text: &str) -> Option<String> {
    let start = text.find("token=")? + "token=".len();
    Some(text[start..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect())
}

pub fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}
