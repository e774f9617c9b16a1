use std::sync::{Arc, Barrier};

use wakat_core::{ApplyFormInput, Offer};

use super::*;
use crate::testing::{application, candidate_application, memory, page, sled_in, slow_sled_in, T0};
use crate::History;

fn store() -> ApplicationStore {
    ApplicationStore::new(memory())
}

#[test]
fn a_submitted_application_reads_back_whole() {
    let store = store();
    let submitted = store.submit("pl", candidate_application("rust-dev", "jan@example.pl", "cand-1"), T0).unwrap();
    assert!(wakat_store::ids::is_id(&submitted.id));
    let application = store.get("pl", &submitted.id).unwrap().unwrap();
    assert_eq!((application.offer_slug.as_str(), application.offer_guid.as_str(), application.employer.as_str()), ("rust-dev", "guid-rust-dev", "Acme"));
    assert_eq!((application.source, application.at, application.erased_at), (ApplySource::ApplyForm, T0, None));
    let applicant = application.applicant.unwrap();
    assert_eq!((applicant.name.as_str(), applicant.email.as_str(), applicant.candidate_id.as_deref()), ("Jan Kowalski", "jan@example.pl", Some("cand-1")));
    assert_eq!(applicant.consents, Consents { future: true, custom: false });
    assert_eq!(applicant.attachment.unwrap().blob_hash, "blob-rust-dev");
    assert_eq!(store.get("pl", "0123456789abcdef0123456789abcdef").unwrap(), None);
    assert_eq!(store.get("pl", "not-an-id").unwrap(), None);
}

#[test]
fn an_application_is_built_from_a_validated_form() {
    let form_input = ApplyFormInput {
        name: Some(" Ola ".into()),
        email: Some("Ola@Example.PL".into()),
        message: Some("Hi".into()),
        future_consent_accepted: Some("on".into()),
        ..Default::default()
    };
    let form = form_input.parse_valid().unwrap();
    let offer = Offer { guid: "g-1".into(), company_name: "Acme".into(), ..Offer::new("rust-dev") };
    let new_application = NewApplication::from_form(&form, &offer, None, "hash".into());
    assert_eq!((new_application.offer_guid.as_str(), new_application.email.as_str()), ("g-1", "Ola@example.pl"));
    assert_eq!(new_application.consents, Consents { future: true, custom: false });
    assert!(store().submit("pl", new_application, T0).is_ok());
}

fn already_applied_at(result: Result<Submitted>) -> i64 {
    match result {
        Err(ApplicationsError::AlreadyApplied { at }) => at,
        other => panic!("expected AlreadyApplied, got {other:?}"),
    }
}

#[test]
fn the_same_email_applies_once_and_hears_when() {
    let store = store();
    store.submit("pl", application("rust-dev", "jan@example.pl"), T0).unwrap();
    assert_eq!(already_applied_at(store.submit("pl", application("rust-dev", "  JAN@Example.pl "), T0 + 1)), T0, "a double click");
    assert_eq!(already_applied_at(store.submit("pl", application("rust-dev", "jan@example.pl"), T0 + 30 * 86_400)), T0, "a month later");
    assert_eq!(store.count_for_offer("pl", "rust-dev").unwrap(), 1);
}

#[test]
fn the_same_candidate_with_another_email_is_the_same_person() {
    let store = store();
    store.submit("pl", candidate_application("rust-dev", "jan@example.pl", "cand-1"), T0).unwrap();
    assert_eq!(already_applied_at(store.submit("pl", candidate_application("rust-dev", "jan.private@example.pl", "cand-1"), T0 + 5)), T0);
}

#[test]
fn an_application_the_employer_removed_may_be_sent_again() {
    let store = store();
    let first = store.submit("pl", application("rust-dev", "jan@example.pl"), T0).unwrap();
    store.remove_by_employer("pl", &first.id, T0 + 10).unwrap();
    let again = store.submit("pl", application("rust-dev", "jan@example.pl"), T0 + 20).unwrap();
    assert_ne!(again.id, first.id);
}

#[test]
fn other_people_and_other_offers_are_not_the_same_application() {
    let store = store();
    store.submit("pl", candidate_application("rust-dev", "jan@example.pl", "cand-1"), T0).unwrap();
    store.submit("pl", application("rust-dev", "ola@example.pl"), T0 + 1).unwrap();
    store.submit("pl", candidate_application("rust-dev", "ala@example.pl", "cand-2"), T0 + 1).unwrap();
    store.submit("pl", application("java-dev", "jan@example.pl"), T0 + 1).unwrap();
    store.submit("en", application("rust-dev", "jan@example.pl"), T0 + 1).unwrap();
    assert_eq!(store.count_for_offer("pl", "rust-dev").unwrap(), 3);
}

#[test]
fn concurrent_submissions_store_exactly_one_application() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(ApplicationStore::new(slow_sled_in(&dir)));
    let n_threads = 8;
    let barrier = Arc::new(Barrier::new(n_threads));
    let handles: Vec<_> = (0..n_threads)
        .map(|thread_idx| {
            let store = Arc::clone(&store);
            let barrier = Arc::clone(&barrier);
            std::thread::spawn(move || {
                // Half identify by e-mail only, half also by candidate: all are the same person.
                let mut new_application = candidate_application("rust-dev", "jan@example.pl", "cand-1");
                if thread_idx % 2 == 0 {
                    new_application.candidate_id = None;
                }
                barrier.wait();
                store.submit("pl", new_application, T0)
            })
        })
        .collect();
    let answers: Vec<Result<Submitted>> = handles.into_iter().map(|handle| handle.join().unwrap()).collect();
    assert_eq!(answers.iter().filter(|answer| answer.is_ok()).count(), 1, "{answers:?}");
    assert!(answers.iter().all(|answer| answer.is_ok() || matches!(answer, Err(ApplicationsError::AlreadyApplied { at: T0 }))), "{answers:?}");
    assert_eq!(store.count_for_offer("pl", "rust-dev").unwrap(), 1);
}

#[test]
fn an_offers_applications_list_newest_first_in_pages() {
    let store = store();
    let ids: Vec<String> = (0..5).map(|n| store.submit("pl", application("rust-dev", &format!("person{n}@example.pl")), T0 + n * 100).unwrap().id).collect();
    store.submit("pl", application("java-dev", "other@example.pl"), T0).unwrap();
    let first = store.list_for_offer("pl", "rust-dev", page(1, 2)).unwrap();
    let listed: Vec<&str> = first.items.iter().map(|application| application.id.as_str()).collect();
    assert_eq!(listed, [ids[4].as_str(), ids[3].as_str()]);
    assert_eq!((first.has_next_page, first.total, first.page_number), (true, 5, 1));
    let last = store.list_for_offer("pl", "rust-dev", page(3, 2)).unwrap();
    assert_eq!((last.items.len(), last.items[0].id.as_str(), last.has_next_page), (1, ids[0].as_str(), false));
    assert_eq!(store.count_for_offer("pl", "rust-dev").unwrap(), 5);
    assert_eq!(store.list_for_offer("pl", "nobody-applied", page(1, 10)).unwrap().total, 0);
}

#[test]
fn a_candidates_list_holds_only_their_logged_in_applications() {
    let store = store();
    let older = store.submit("pl", candidate_application("rust-dev", "jan@example.pl", "cand-1"), T0).unwrap();
    let newer = store.submit("pl", candidate_application("java-dev", "jan@example.pl", "cand-1"), T0 + 10).unwrap();
    store.submit("pl", application("go-dev", "jan@example.pl"), T0 + 20).unwrap();
    store.submit("pl", candidate_application("go-dev", "ola@example.pl", "cand-2"), T0 + 30).unwrap();
    let listed = store.list_for_candidate("pl", "cand-1", page(1, 10)).unwrap();
    let ids: Vec<&str> = listed.items.iter().map(|application| application.id.as_str()).collect();
    assert_eq!(ids, [newer.id.as_str(), older.id.as_str()]);
    assert_eq!(store.list_for_candidate("pl", "cand-3", page(1, 10)).unwrap().total, 0);
}

#[test]
fn tenants_never_see_each_others_applications() {
    let store = store();
    let submitted = store.submit("pl", candidate_application("rust-dev", "jan@example.pl", "cand-1"), T0).unwrap();
    assert_eq!(store.get("en", &submitted.id).unwrap(), None);
    assert_eq!(store.count_for_offer("en", "rust-dev").unwrap(), 0);
    assert_eq!(store.list_for_offer("en", "rust-dev", page(1, 10)).unwrap().total, 0);
    assert_eq!(store.list_for_candidate("en", "cand-1", page(1, 10)).unwrap().total, 0);
    // A tenant that is a prefix of another must not see its keys either.
    assert_eq!(store.count_for_offer("p", "rust-dev").unwrap(), 0);
    assert_eq!(store.erase_candidate("en", "cand-1", T0).unwrap().n_applications, 0);
    assert!(store.get("pl", &submitted.id).unwrap().unwrap().applicant.is_some());
}

#[test]
fn arguments_that_cannot_be_keys_are_refused() {
    let store = store();
    let invalid = |result: Result<Submitted>| matches!(result, Err(ApplicationsError::InvalidInput { .. }));
    assert!(invalid(store.submit("p/l", application("rust-dev", "jan@example.pl"), T0)));
    assert!(invalid(store.submit("pl", application("rust/dev", "jan@example.pl"), T0)));
    assert!(invalid(store.submit("pl", application("rust-dev", "  "), T0)));
    assert!(invalid(store.submit("pl", candidate_application("rust-dev", "jan@example.pl", "cand/1"), T0)));
    assert!(invalid(store.submit("pl", NewApplication { offer_guid: String::new(), ..application("rust-dev", "jan@example.pl") }, T0)));
    assert!(matches!(store.list_for_candidate("pl", "", page(1, 1)), Err(ApplicationsError::InvalidInput { field: "candidateId", .. })));
}

#[test]
fn erasure_keeps_an_anonymous_record_and_returns_the_attachments() {
    let store = store();
    let history = History::new(store.kv.clone());
    let jan_rust = store.submit("pl", candidate_application("rust-dev", "jan@example.pl", "cand-1"), T0).unwrap();
    let jan_java = store.submit("pl", candidate_application("java-dev", "jan@example.pl", "cand-1"), T0 + 1).unwrap();
    let ola = store.submit("pl", candidate_application("rust-dev", "ola@example.pl", "cand-2"), T0 + 2).unwrap();

    let erased = store.erase_candidate("pl", "cand-1", T0 + 10).unwrap();
    assert_eq!(erased.n_applications, 2);
    let mut blobs: Vec<&str> = erased.attachments.iter().map(|attachment| attachment.blob_hash.as_str()).collect();
    blobs.sort_unstable();
    assert_eq!(blobs, ["blob-java-dev", "blob-rust-dev"]);

    let anonymous = store.get("pl", &jan_rust.id).unwrap().unwrap();
    assert_eq!((anonymous.applicant, anonymous.erased_at, anonymous.offer_slug.as_str()), (None, Some(T0 + 10), "rust-dev"));
    assert!(store.get("pl", &jan_java.id).unwrap().unwrap().applicant.is_none());
    assert_eq!(store.count_for_offer("pl", "rust-dev").unwrap(), 2, "the employer's count is kept");
    assert_eq!(store.list_for_offer("pl", "rust-dev", page(1, 10)).unwrap().items.len(), 2);
    assert_eq!(store.list_for_candidate("pl", "cand-1", page(1, 10)).unwrap().total, 0);
    assert_eq!(history.list("pl", "cand-1", page(1, 10), None).unwrap().total, 0);
    assert!(store.get("pl", &ola.id).unwrap().unwrap().applicant.is_some(), "another candidate is untouched");
    assert!(store.export_candidate("pl", "cand-1").unwrap()["applications"].as_array().unwrap().is_empty());

    // The one-application check forgot the person: applying again at once is a new application.
    assert!(store.submit("pl", candidate_application("rust-dev", "jan@example.pl", "cand-1"), T0 + 11).is_ok());
    assert_eq!(store.erase_candidate("pl", "cand-1", T0 + 12).unwrap().n_applications, 1);
    assert_eq!(store.erase_candidate("pl", "cand-1", T0 + 13).unwrap(), ErasedApplications::default());
}

#[test]
fn export_lists_the_candidates_applications_with_their_personal_data() {
    let store = store();
    let submitted = store.submit("pl", candidate_application("rust-dev", "jan@example.pl", "cand-1"), T0).unwrap();
    store.submit("pl", candidate_application("rust-dev", "ola@example.pl", "cand-2"), T0).unwrap();
    let exported = store.export_candidate("pl", "cand-1").unwrap();
    let applications = exported["applications"].as_array().unwrap();
    assert_eq!(applications.len(), 1);
    let application = &applications[0];
    assert_eq!(application["id"], submitted.id.as_str());
    assert_eq!(application["jobAdvertisementId"], "guid-rust-dev");
    assert_eq!(application["source"], "apply_form");
    assert_eq!(application["appliedAt"], "2025-01-01T00:00:00Z");
    assert_eq!(application["applicant"]["email"], "jan@example.pl");
    assert_eq!(application["applicant"]["consents"], serde_json::json!({"future": true, "custom": false}));
    assert_eq!(application["applicant"]["attachment"]["fileName"], "cv.pdf");
}

#[test]
fn applications_survive_a_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let submitted = {
        let store = ApplicationStore::new(sled_in(&dir));
        store.submit("pl", candidate_application("rust-dev", "jan@example.pl", "cand-1"), T0).unwrap()
    };
    let store = ApplicationStore::new(sled_in(&dir));
    assert_eq!(store.get("pl", &submitted.id).unwrap().unwrap().applicant.unwrap().email, "jan@example.pl");
    assert_eq!(store.list_for_candidate("pl", "cand-1", page(1, 10)).unwrap().items[0].id, submitted.id);
    // The one-application check survives too.
    assert_eq!(already_applied_at(store.submit("pl", application("rust-dev", "jan@example.pl"), T0 + 1)), T0);
}

#[test]
fn a_record_of_an_unknown_version_is_corrupt() {
    let store = store();
    let submitted = store.submit("pl", application("rust-dev", "jan@example.pl"), T0).unwrap();
    let key = keys::key(APPLICATION, &["pl", &submitted.id]);
    let mut record: serde_json::Value = serde_json::from_slice(&store.kv.get(&key).unwrap().unwrap()).unwrap();
    assert_eq!(record["v"], 1);
    record["v"] = 2.into();
    store.kv.put(&key, &serde_json::to_vec(&record).unwrap()).unwrap();
    assert!(matches!(store.get("pl", &submitted.id), Err(ApplicationsError::Corrupt { .. })));
}

#[test]
fn the_employer_moves_statuses_along_the_pipeline_and_deletes() {
    let kv = memory();
    let store = ApplicationStore::new(kv.clone());
    let first = store.submit("pl", candidate_application("rust-dev", "jan@example.pl", "cand-1"), T0).unwrap();
    let second = store.submit("pl", application("go-dev", "ola@example.pl"), T0 + 10).unwrap();
    let third = store.submit("pl", candidate_application("rust-dev", "ewa@example.pl", "cand-2"), T0 + 20).unwrap();
    let slugs = vec!["rust-dev".to_string(), "go-dev".to_string()];
    let ids = |paged: Paged<Application>| paged.items.into_iter().map(|a| a.id).collect::<Vec<_>>();
    assert_eq!(ids(store.list_for_offers("pl", &slugs, None, page(1, 10)).unwrap()), vec![third.id.clone(), second.id.clone(), first.id.clone()]);

    let (moved, changed) = store.set_status("pl", &first.id, ApplicationStatus::Interview, T0 + 100).unwrap();
    assert!(changed);
    assert_eq!(
        (moved.status, moved.status_changes.clone()),
        (ApplicationStatus::Interview, vec![StatusChange { status: ApplicationStatus::Interview, at: T0 + 100 }])
    );
    let (_, changed) = store.set_status("pl", &first.id, ApplicationStatus::Interview, T0 + 200).unwrap();
    assert!(!changed, "the same status again changes nothing");
    // Back along the pipeline, the history kept; never unread again.
    let (back, changed) = store.set_status("pl", &first.id, ApplicationStatus::InReview, T0 + 300).unwrap();
    assert!(changed);
    assert_eq!(
        back.status_changes.iter().map(|change| (change.status, change.at)).collect::<Vec<_>>(),
        vec![(ApplicationStatus::Interview, T0 + 100), (ApplicationStatus::InReview, T0 + 300)]
    );
    assert_eq!(
        store.set_status("pl", &first.id, ApplicationStatus::New, T0 + 310).unwrap_err(),
        ApplicationsError::InvalidTransition { from: "in_review", to: "new" }
    );
    store.set_status("pl", &first.id, ApplicationStatus::Interview, T0 + 320).unwrap();
    assert_eq!(store.get("pl", &first.id).unwrap().unwrap().status_changes.len(), 3);
    assert_eq!(ids(store.list_for_offers("pl", &slugs, Some(ApplicationStatus::Interview), page(1, 10)).unwrap()), vec![first.id.clone()]);
    assert_eq!(ids(store.list_for_offers("pl", &slugs, Some(ApplicationStatus::New), page(1, 1)).unwrap()), vec![third.id.clone()]);
    assert!(store.list_for_offers("other", &slugs, None, page(1, 10)).unwrap().items.is_empty(), "boards apart");

    let attachment = store.remove_by_employer("pl", &third.id, T0 + 400).unwrap();
    assert_eq!(attachment.unwrap().blob_hash, "blob-rust-dev");
    let removed = store.get("pl", &third.id).unwrap().unwrap();
    assert_eq!((removed.removed_at, removed.applicant.is_none()), (Some(T0 + 400), true));
    assert_eq!(store.remove_by_employer("pl", &third.id, T0 + 500).unwrap_err(), ApplicationsError::NotFound { what: "application" });
    assert_eq!(store.set_status("pl", &third.id, ApplicationStatus::Seen, T0 + 500).unwrap_err(), ApplicationsError::NotFound { what: "application" });
    assert_eq!(ids(store.list_for_offers("pl", &slugs, None, page(1, 10)).unwrap()), vec![second.id.clone(), first.id.clone()]);

    // Every stored application was counted on its day, deleted or not; refused second ones were not.
    assert!(store.submit("pl", application("go-dev", "ola@example.pl"), T0 + 30).is_err());
    let stats = crate::OfferStats::new(kv);
    assert_eq!(stats.totals("pl", "rust-dev").unwrap().applications, 2);
    assert_eq!(stats.totals("pl", "go-dev").unwrap().applications, 1);
}
