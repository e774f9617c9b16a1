//! What the model is told: the system prompt (its job, the rules, the form's fields, the form as
//! it stands and the last proposal) and the conversation as chat-completions messages.

use serde_json::{json, Value};

use crate::brain::BrainRequest;
use crate::openai::schema::{PROPOSE_JOB_AD, SEARCH_INTERNET};

/// The form's fields a proposal fills, as the model is told them.
const FORM_FIELDS: &str = "\
- title: the position's name (without seniority)
- description: the ad's text as HTML (about the company, responsibilities, requirements, offer)
- category: the board's category key
- seniority: junior, mid, senior, expert or c_level
- isRemoteRecruitment: whether interviews are remote
- workplaceType: remote, hybrid or office; workingTime: full_time, part_time, internship or freelance
- languages: spoken languages with CEFR levels (A1 to C2)
- skills: required and recommended skills, each with a level from 1 (nice to have) to 5 (master)
- salaries: up to two ranges (primary and additional employment type: permanent, b2b, mandate_contract, internship, any), each gross or net, with one currency (pln, eur, usd, gbp, chf) and one unit (hour, day, month, year)
- addresses: the work places' cities (and streets)";

/// The form without its empty fields: what the employer filled, in fewer tokens.
fn filled(value: Value) -> Value {
    match value {
        Value::Object(fields) => Value::Object(
            fields
                .into_iter()
                .map(|(k, v)| (k, filled(v)))
                .filter(|(_, v)| !matches!(v, Value::Null) && v != "" && v != &json!([]) && v != &json!({}))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(filled).collect()),
        other => other,
    }
}

/// The system prompt for `request`.
pub(crate) fn system_prompt(request: &BrainRequest, categories: &[String], with_search: bool) -> String {
    let language = if request.locale == "pl" { "Polish" } else { "English" };
    let form = serde_json::to_string(&filled(serde_json::to_value(&request.form).unwrap_or(Value::Null))).unwrap_or_default();
    let proposal = match &request.last_proposal {
        Some(p) => serde_json::to_string(p).unwrap_or_default(),
        None => "none yet".to_owned(),
    };
    let categories = if categories.is_empty() { "(none given: use null unless the form names one)".to_owned() } else { categories.join(", ") };
    let search = if with_search {
        format!("- You may call {SEARCH_INTERNET} when a fact from the internet helps (market salaries, the company); say what you found.\n")
    } else {
        "- You cannot search the internet: never claim to have searched.\n".to_owned()
    };
    format!(
        "You are the job-ad assistant of the job board `{board}`. You help an employer write a job ad by talking with them, \
then propose the ad to fill their offer form.\n\
Rules:\n\
- Ask one question at a time, about the most important thing still missing (position, seniority, skills, salary and contract, \
workplace, location, languages).\n\
- Answer in the language the employer writes in; when you cannot tell, in {language}. Be brief and friendly.\n\
- Do not ask again for what the form or the conversation already says.\n\
- As soon as enough is known (at least the position and the main skills), call {PROPOSE_JOB_AD} with everything you know, \
and tell the employer in one or two sentences what to check; call it again with the whole ad when they ask for changes.\n\
- Never invent salaries, company facts or benefits the employer did not give.\n\
{search}\
The form's fields:\n{FORM_FIELDS}\n\
The board's category keys: {categories}\n\
The form as it stands (JSON, empty fields left out): {form}\n\
The last proposal (JSON): {proposal}",
        board = request.board,
    )
}

/// The request's messages: the system prompt, then every turn of the conversation.
pub(crate) fn messages(request: &BrainRequest, categories: &[String], with_search: bool) -> Vec<Value> {
    let mut messages = vec![json!({"role": "system", "content": system_prompt(request, categories, with_search)})];
    messages.extend(request.history.iter().map(|turn| json!({"role": if turn.from_user { "user" } else { "assistant" }, "content": turn.text})));
    messages
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brain::Turn;
    use crate::proposal::ProposedAd;
    use wakat_core::offer_form::OfferForm;

    fn request() -> BrainRequest {
        BrainRequest {
            board: "it".into(),
            locale: "pl".into(),
            history: vec![Turn { from_user: false, text: "Cześć!".into() }, Turn { from_user: true, text: "Szukam backendowca".into() }],
            form: OfferForm { job_position_name: "Backend Developer".into(), ..OfferForm::default() },
            last_proposal: Some(ProposedAd { title: Some("Backend Dev".into()), ..ProposedAd::default() }),
        }
    }

    #[test]
    fn the_prompt_carries_the_form_the_proposal_the_categories_and_the_rules() {
        let prompt = system_prompt(&request(), &["backend".into(), "frontend".into()], false);
        assert!(prompt.contains("\"jobPositionName\":\"Backend Developer\""), "{prompt}");
        assert!(!prompt.contains("\"companyName\":\"\""), "empty fields are left out: {prompt}");
        assert!(prompt.contains("\"title\":\"Backend Dev\""), "{prompt}");
        assert!(prompt.contains("backend, frontend"));
        assert!(prompt.contains("one question at a time"));
        assert!(prompt.contains("in Polish"));
        assert!(prompt.contains("never claim to have searched"));
        assert!(!prompt.contains(SEARCH_INTERNET));
        assert!(system_prompt(&request(), &[], true).contains(SEARCH_INTERNET));
    }

    #[test]
    fn turns_become_user_and_assistant_messages_in_order() {
        let messages = messages(&request(), &[], false);
        let roles: Vec<&str> = messages.iter().map(|m| m["role"].as_str().unwrap()).collect();
        assert_eq!(roles, ["system", "assistant", "user"]);
        assert_eq!(messages[2]["content"], "Szukam backendowca");
    }
}
