//! An employer as the API sees it: signs up, confirms from the mail, holds an access token, and
//! drives the offer calls; plus a complete offer form and a logo.

use reqwest::Method;
use serde_json::{json, Value};

use crate::browser::mailed_token;
use crate::helpers::{Answer, TestApp};

pub const PASSWORD: &str = "employer pass 1";

/// An employer user with its access token on one board.
pub struct EmployerClient<'a> {
    pub app: &'a TestApp,
    pub tenant: String,
    pub token: String,
}

fn answer(response: reqwest::blocking::Response) -> Answer {
    let status = response.status().as_u16();
    let body = response.json().unwrap_or(Value::Null);
    Answer { status, body }
}

/// Signs a company up and confirms from the mail: a confirmed employer with a token.
pub fn sign_up<'a>(app: &'a TestApp, tenant: &str, email: &str, company: &str) -> EmployerClient<'a> {
    let employer = sign_up_unconfirmed(app, tenant, email, company);
    let token = mailed_token(app, email, "employer.confirm");
    let confirmed = app.send_json(Method::PATCH, &format!("/api/{tenant}/v1/users/confirm"), &json!({"token": token}));
    assert_eq!(confirmed.status, 200, "{}", confirmed.body);
    assert_eq!(confirmed.body["email_confirmed"], true);
    EmployerClient { token: confirmed.body["access_token"].as_str().unwrap().to_string(), ..employer }
}

/// Signs a company up and logs in without confirming.
pub fn sign_up_unconfirmed<'a>(app: &'a TestApp, tenant: &str, email: &str, company: &str) -> EmployerClient<'a> {
    let body = json!({
        "company": {"name": company, "accepted_regulations": true, "subscribe_to_newsletter": false},
        "user": {"name": "Anna Nowak", "phone": "+48 600 700 800", "email": email, "password": PASSWORD, "password_confirmation": PASSWORD}
    });
    let signed = app.send_json(Method::POST, &format!("/api/{tenant}/v1/users/sign_up"), &body);
    assert_eq!(signed.status, 202, "{}", signed.body);
    log_in(app, tenant, email, PASSWORD)
}

pub fn log_in<'a>(app: &'a TestApp, tenant: &str, email: &str, password: &str) -> EmployerClient<'a> {
    let login =
        app.send_json(Method::POST, &format!("/api/{tenant}/v1/oauth/token"), &json!({"grant_type": "password", "username": email, "password": password}));
    assert_eq!(login.status, 200, "{}", login.body);
    EmployerClient { app, tenant: tenant.to_string(), token: login.body["access_token"].as_str().unwrap().to_string() }
}

impl EmployerClient<'_> {
    pub fn call(&self, method: Method, path: &str, body: Option<&Value>) -> Answer {
        let mut request = self.app.client.request(method, format!("{}/api/{}{path}", self.app.base, self.tenant)).bearer_auth(&self.token);
        if let Some(body) = body {
            request = request.json(body);
        }
        answer(request.send().expect("request is sent"))
    }

    /// Initiates an offer of `plan`: (slug, token).
    pub fn initiate(&self, plan: &str) -> (String, String) {
        let answer = self.call(Method::POST, "/v1/offers/initiate", Some(&json!({"pricing_plan": plan})));
        assert_eq!(answer.status, 201, "{}", answer.body);
        (answer.body["slug"].as_str().unwrap().to_string(), answer.body["token"].as_str().unwrap().to_string())
    }

    pub fn save(&self, slug: &str, token: &str, form: &Value) -> Answer {
        self.call(Method::PATCH, &format!("/v1/offers/{slug}?token={token}"), Some(form))
    }

    pub fn upload_logo(&self, slug: &str, token: &str, bytes: Vec<u8>) -> Answer {
        let form = reqwest::blocking::multipart::Form::new().part("companyLogo", reqwest::blocking::multipart::Part::bytes(bytes).file_name("logo.png"));
        let request =
            self.app.client.post(format!("{}/api/{}/v1/offers/{slug}/logo?token={token}", self.app.base, self.tenant)).bearer_auth(&self.token).multipart(form);
        answer(request.send().expect("request is sent"))
    }

    pub fn publish_with_code(&self, slug: &str, token: &str, code: &str) -> Answer {
        self.call(Method::POST, &format!("/v1/offers/{slug}/publish-with-code?code={code}"), Some(&json!({"token": token})))
    }

    /// A complete, logo-carrying offer ready to publish: (slug, token).
    pub fn ready_offer(&self, plan: &str, title: &str) -> (String, String) {
        let (slug, token) = self.initiate(plan);
        assert_eq!(self.upload_logo(&slug, &token, png(300)).status, 200);
        let saved = self.save(&slug, &token, &complete_form(&self.tenant, title));
        assert_eq!(saved.status, 200, "{}", saved.body);
        (slug, token)
    }

    /// Issues a code of `plan` to the company through the internal API.
    pub fn issue_code(&self, company_id: &str, plan: &str) -> String {
        let issued = self.app.internal(Method::POST, &format!("/api/{}/internal/companies/{company_id}/codes", self.tenant), &json!({"plan_key": plan}));
        assert_eq!(issued.status, 201, "{}", issued.body);
        issued.body["code"].as_str().unwrap().to_string()
    }
}

/// The bytes of a PNG as sniffed by its signature, padded to `size`.
pub fn png(size: usize) -> Vec<u8> {
    let mut bytes = vec![0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, b'I', b'H', b'D', b'R', 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0];
    bytes.resize(size, 0);
    bytes
}

/// A form passing every rule of section 5 on `tenant`.
pub fn complete_form(tenant: &str, title: &str) -> Value {
    let (category, subcategory) = if tenant == "it" { ("javascript", "react") } else { ("sales", "field-sales") };
    json!({
        "companyName": "Acme Software", "companySize": "11-25", "companyWebsite": "https://acme.example",
        "jobPositionName": title, "jobPositionExperience": "senior",
        "jobCategory": category, "jobSubcategory": subcategory,
        "languages": [{"code": "en", "level": "B2"}],
        "requiredSkills": [{"name": "Rust", "level": 4}], "optionalSkills": [{"name": "Go", "level": 2}],
        "primaryEmploymentType": "b2b", "primarySalaryFrom": 10000, "primarySalaryTo": 20000, "salaryCurrency": "pln", "salaryUnit": "month",
        "jobDescription": "<p>We build things.</p><script>alert(1)</script>",
        "locations": [{"city": "Kraków", "street": "Rynek 1"}],
        "workingPlace": "hybrid", "workingTime": "full_time",
        "applicationType": "email", "applicationTypeUri": "Jobs@Acme.example",
        "informationClauseText": "The controller of your data is Acme Software sp. z o.o., Kraków, Rynek 1.",
        "contactName": "Anna Nowak", "contactEmail": "anna@acme.example", "contactPhone": "+48 600 700 800",
        "state": "workInProgress"
    })
}

/// The company id of an employer (the employer's view of an offer names it; the internal API
/// issues codes by company id).
pub fn company_id(employer: &EmployerClient<'_>) -> String {
    let (slug, token) = employer.initiate("basic");
    let loaded = employer.call(Method::GET, &format!("/v1/offers/{slug}?token={token}"), None);
    assert_eq!(loaded.status, 200, "{}", loaded.body);
    loaded.body["companyId"].as_str().expect("the employer's view names the company").to_string()
}
