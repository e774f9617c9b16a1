//! Plan bumps (issue 11): an offer of a plan with bumps has its published time refreshed every
//! N days, N times, once per due day, through the engine's write path (lists re-sort), and a
//! repeated run or a restart never bumps twice. Runs are driven with an explicit local day
//! (`POST /internal/bumps/run?day=`, what the scheduler calls at `bump_hour`).

use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::Value;

use crate::employer_client::{company_id, sign_up, EmployerClient};
use crate::helpers::{spawn_app, TestApp};

/// The local day (Europe/Warsaw, the server's zone) `days` after the one of unix time `at`.
fn local_day(at: i64, days: i64) -> String {
    let zone = jiff::tz::TimeZone::get("Europe/Warsaw").unwrap();
    let day = jiff::Timestamp::from_second(at).unwrap().to_zoned(zone).date();
    day.checked_add(jiff::Span::new().days(days)).unwrap().to_string()
}

fn run_bumps(app: &TestApp, day: &str) -> Value {
    let answer = app.internal(Method::POST, &format!("/api/it/internal/bumps/run?day={day}"), &Value::Null);
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.body
}

fn publish(employer: &EmployerClient<'_>, company: &str, plan: &str, title: &str) -> (String, String) {
    let (slug, token) = employer.ready_offer(plan, title);
    let code = employer.issue_code(company, plan);
    let published = employer.publish_with_code(&slug, &token, &code);
    assert_eq!(published.status, 200, "{}", published.body);
    (slug, token)
}

fn bumps(employer: &EmployerClient<'_>, slug: &str, token: &str) -> Value {
    employer.call(Method::GET, &format!("/v1/offers/{slug}?token={token}"), None).body["bumps"].clone()
}

/// The offers (their slugs, the employer's draft ids) of the newest-first list of `keyword`, once
/// it has `expected` first (≤ 3 s).
fn wait_first(app: &TestApp, keyword: &str, expected: &str) -> Vec<String> {
    let deadline = Instant::now() + Duration::from_secs(3);
    loop {
        let page = app.get_ok(&format!("/api/it/v2/user-panel/offers?keywords[]={keyword}&sortBy=newest"));
        let slugs: Vec<String> = page["data"].as_array().unwrap().iter().map(|o| o["offerParent"]["slug"].as_str().unwrap().to_string()).collect();
        if slugs.first().map(String::as_str) == Some(expected) {
            return slugs;
        }
        assert!(Instant::now() < deadline, "{expected} did not come first: {slugs:?}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_plans_bumps_come_every_n_days_n_times_once_each_and_re_sort_the_lists() {
    let app = spawn_app(false);
    let employer = sign_up(&app, "it", "bumps@acme.example", "Acme Software");
    let company = company_id(&employer);
    // "pro": 2 bumps every 7 days; "basic": none. The bumped offer is published first.
    let (bumped, token) = publish(&employer, &company, "pro", "Quokka Rust Developer");
    std::thread::sleep(Duration::from_millis(1100));
    let (plain, plain_token) = publish(&employer, &company, "basic", "Quokka Go Developer");
    assert_eq!(wait_first(&app, "quokka", &plain), [plain.clone(), bumped.clone()]);
    let plan = bumps(&employer, &bumped, &token);
    assert_eq!((plan["count"].as_u64(), plan["everyDays"].as_u64(), plan["done"].as_u64()), (Some(2), Some(7), Some(0)), "{plan}");
    let due = plan["nextAt"].as_i64().unwrap();
    let state = employer.call(Method::GET, &format!("/v2/employer-panel/offers/end/{bumped}"), None).body;
    assert_eq!(
        (state["bumps"]["left"].as_u64(), state["bumps"]["nextAt"].as_i64(), state["bumps"]["everyDays"].as_u64()),
        (Some(2), Some(due), Some(7)),
        "{state}"
    );
    let published_before = app.get_ok(&format!("/api/it/v1/offers/{bumped}"))["publishedAt"].clone();

    assert_eq!(run_bumps(&app, &local_day(due, -1))["bumped"], 0, "not before its day");
    // A bump in the plain offer's second of publication would tie with it (times are whole
    // seconds), and a tie is ordered by document, not by which came last.
    std::thread::sleep(Duration::from_millis(1100));
    let first = run_bumps(&app, &local_day(due, 0));
    assert_eq!((first["bumped"].as_u64(), first["published"].as_u64()), (Some(1), Some(2)), "{first}");
    assert_eq!(wait_first(&app, "quokka", &bumped), [bumped.clone(), plain.clone()], "the bumped offer leads the newest-first list");
    assert_ne!(app.get_ok(&format!("/api/it/v1/offers/{bumped}"))["publishedAt"], published_before);
    let after_first = bumps(&employer, &bumped, &token);
    assert_eq!(after_first["done"], 1);
    assert!(after_first["lastAt"].as_i64().is_some(), "{after_first}");

    assert_eq!(run_bumps(&app, &local_day(due, 0))["bumped"], 0, "once on its day");
    assert_eq!(run_bumps(&app, &local_day(due, 6))["bumped"], 0, "every 7 days");
    assert_eq!(run_bumps(&app, &local_day(due, 7))["bumped"], 1);
    assert_eq!(bumps(&employer, &bumped, &token)["done"], 2);
    assert_eq!(run_bumps(&app, &local_day(due, 14))["bumped"], 0, "the plan has two bumps");
    assert_eq!(bumps(&employer, &plain, &plain_token)["done"], 0);
    // The panel's offer page shows the schedule: none left, no next date.
    let schedule = |slug: &str| employer.call(Method::GET, &format!("/v2/employer-panel/offers/end/{slug}"), None).body["bumps"].clone();
    let used = schedule(&bumped);
    assert_eq!((used["count"].as_u64(), used["done"].as_u64(), used["left"].as_u64(), used["nextAt"].as_i64()), (Some(2), Some(2), Some(0), None), "{used}");
    assert_eq!(schedule(&plain)["count"], 0, "the basic plan has none");

    // The internal call needs the internal token; a malformed day is a 400.
    let anonymous = app.send_json(Method::POST, &format!("/api/it/internal/bumps/run?day={}", local_day(due, 0)), &Value::Null);
    assert_eq!(anonymous.status, 401);
    let bad = app.internal(Method::POST, "/api/it/internal/bumps/run?day=tomorrow", &Value::Null);
    assert_eq!((bad.status, bad.body["field"].as_str()), (400, Some("day")), "{}", bad.body);
}

#[test]
fn a_finished_offer_is_not_bumped_and_another_board_is_apart() {
    let app = spawn_app(false);
    let employer = sign_up(&app, "it", "finish-bumps@acme.example", "Acme Software");
    let company = company_id(&employer);
    let (slug, token) = publish(&employer, &company, "pro", "Wombat Rust Developer");
    let due = bumps(&employer, &slug, &token)["nextAt"].as_i64().unwrap();
    let work = app.internal(Method::POST, &format!("/api/work/internal/bumps/run?day={}", local_day(due, 0)), &Value::Null);
    assert_eq!((work.status, work.body["bumped"].as_u64()), (200, Some(0)), "the other board has its own offers");
    assert_eq!(employer.call(Method::POST, &format!("/v1/offers/{slug}/finish-recruitment"), None).status, 200);
    assert_eq!(run_bumps(&app, &local_day(due, 0))["bumped"], 0);
}

#[test]
fn a_bump_survives_kill_9_and_is_not_repeated_after_restart() {
    let data_dir = tempfile::tempdir().unwrap();
    let env = [("WAKAT_SERVER__SCHEDULER_ENABLED", "false")];
    let server = crate::helpers::RealServer::start(data_dir.path(), &env);
    let app = server.app(data_dir.path());
    let employer = sign_up(&app, "it", "durable-bumps@acme.example", "Acme Software");
    let company = company_id(&employer);
    let (slug, token) = publish(&employer, &company, "pro", "Axolotl Rust Developer");
    let due = bumps(&employer, &slug, &token)["nextAt"].as_i64().unwrap();
    assert_eq!(run_bumps(&app, &local_day(due, 0))["bumped"], 1);
    let published_at = app.get_ok(&format!("/api/it/v1/offers/{slug}"))["publishedAt"].clone();
    server.kill_9();

    let restarted = crate::helpers::RealServer::start(data_dir.path(), &env);
    let app = restarted.app(data_dir.path());
    let again = run_bumps(&app, &local_day(due, 0));
    assert_eq!((again["bumped"].as_u64(), again["repaired"].as_u64()), (Some(0), Some(0)), "{again}");
    assert_eq!(app.get_ok(&format!("/api/it/v1/offers/{slug}"))["publishedAt"], published_at, "the bump is kept, not redone");
    let employer = crate::employer_client::log_in(&app, "it", "durable-bumps@acme.example", crate::employer_client::PASSWORD);
    assert_eq!(bumps(&employer, &slug, &token)["done"], 1);
}
