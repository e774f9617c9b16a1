//! The candidate services without HTTP: registration and login, favourites, CVs and the
//! account's deletion, applying.

use std::sync::Arc;

use wakat_accounts::{AccountsError, Confirmation};
use wakat_applications::{ApplicationStore, ApplicationsError, FavouriteStore, History, Page, RedirectStore};
use wakat_core::apply::ApplyFormInput;
use wakat_core::ErrorCode;
use wakat_uploads::{BlobStore, FileKind, UploadPolicy};

use super::accounts::{AccountStores, CandidateAccounts, Login, NewCandidate};
use super::applying::{Applying, NewApplicationRequest};
use super::area::{CandidateArea, CandidateStores};
use super::UploadedFile;
use crate::testing::{Setup, PUBLIC_URL};
use crate::{AppError, Principal};

const PASSWORD: &str = "correct horse battery staple 42";

/// The three candidate services over one setup.
struct Candidates {
    setup: Setup,
    accounts: CandidateAccounts,
    area: CandidateArea,
    applying: Applying,
    favourites: Arc<FavouriteStore>,
    blobs: Arc<BlobStore>,
}

fn candidates() -> Candidates {
    let setup = Setup::new();
    let kv = setup.kv.clone();
    let favourites = Arc::new(FavouriteStore::new(kv.clone()));
    let applications = Arc::new(ApplicationStore::new(kv.clone()));
    let redirects = Arc::new(RedirectStore::new(kv.clone()));
    let blobs = Arc::new(BlobStore::new(&setup.dir, kv.clone()).unwrap());
    let mail = crate::mail_queue::MailSender::new(setup.queue.clone());
    let accounts = CandidateAccounts::new(
        AccountStores { accounts: setup.accounts.clone(), favourites: favourites.clone(), applications: applications.clone() },
        setup.engine.clone(),
        Arc::new(crate::limits::Unlimited),
        mail,
        PUBLIC_URL,
        setup.clock(),
    );
    let stores = CandidateStores {
        accounts: setup.accounts.clone(),
        applications: applications.clone(),
        redirects: redirects.clone(),
        favourites: favourites.clone(),
        history: Arc::new(History::new(kv.clone())),
        alerts: setup.alerts_store.clone(),
        blobs: blobs.clone(),
        chat: Arc::new(wakat_chat::ChatStore::new(kv)),
    };
    let area = CandidateArea::new(setup.engine.clone(), stores, setup.clock());
    let applying = Applying::new(
        setup.engine.clone(),
        setup.accounts.clone(),
        applications.clone(),
        redirects,
        blobs.clone(),
        mailing(&setup, applications, blobs.clone()),
        setup.clock(),
    );
    Candidates { setup, accounts, area, applying, favourites, blobs }
}

/// The mails that follow an application, over the setup's stores and queue.
pub(super) fn mailing(setup: &Setup, applications: Arc<ApplicationStore>, blobs: Arc<BlobStore>) -> super::application_mailing::ApplicationMailing {
    let stores = super::application_mailing::MailingStores {
        accounts: setup.accounts.clone(),
        employers: Arc::new(wakat_employers::EmployerStore::new(setup.kv.clone())),
        applications,
        blobs,
    };
    let signer = Arc::new(wakat_store::LinkSigner::new(b"a test key of the links, long enough"));
    super::application_mailing::ApplicationMailing::new(stores, crate::mail_queue::MailSender::new(setup.queue.clone()), signer, PUBLIC_URL, setup.clock())
}

fn sign_up(email: &str, password: &str) -> NewCandidate {
    NewCandidate { email: email.into(), password: password.into(), accepted_terms: true, ..NewCandidate::default() }
}

/// The token of a confirmation mail's link.
fn confirm_token(mail: &wakat_mail::Mail) -> String {
    let start = mail.text.find("/account/confirm?token=").expect("the mail has the confirmation link") + "/account/confirm?token=".len();
    mail.text[start..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect()
}

/// The guid of the published offer `slug`.
fn guid(setup: &Setup, slug: &str) -> String {
    setup.engine.index.find_slug("it", slug).unwrap().expect("the offer is indexed").offer.guid
}

/// A PDF stored in the upload store, as the transport hands it over.
fn uploaded_cv(blobs: &BlobStore, content: &str) -> UploadedFile {
    let mut upload = blobs.begin(&UploadPolicy { max_bytes: 5_000_000, allowed: &[FileKind::Pdf] }).unwrap();
    upload.write_chunk(format!("%PDF-1.4\n{content}").as_bytes()).unwrap();
    UploadedFile { blob: upload.finish().unwrap(), file_name: "cv.pdf".into() }
}

#[test]
fn registering_twice_takes_over_an_unconfirmed_account() {
    let candidates = candidates();
    let tenant = candidates.setup.tenant();
    let refused = candidates.accounts.register(&tenant, "en", NewCandidate { accepted_terms: false, ..sign_up("ala@example.com", PASSWORD) }).unwrap_err();
    assert!(matches!(&refused, AppError::Field(error) if error.field == "acceptedTerms" && error.code == ErrorCode::Required), "{refused:?}");
    candidates.accounts.register(&tenant, "en", sign_up("ala@example.com", PASSWORD)).unwrap();
    candidates.accounts.register(&tenant, "en", sign_up("ala@example.com", "another password, long enough")).unwrap();
    let mails = candidates.setup.delivered();
    let tags: Vec<&str> = mails.iter().map(|mail| mail.tag.as_str()).collect();
    assert_eq!(tags, ["account.confirm", "account.confirm"], "the refused sign-up mails nothing");
    let (first, second) = (confirm_token(&mails[0]), confirm_token(&mails[1]));

    let refused = candidates.accounts.confirm(&tenant, &first, Confirmation::default(), None).unwrap_err();
    assert!(matches!(refused, AppError::Accounts(AccountsError::InvalidToken)), "the first link no longer works: {refused:?}");
    let refused = candidates.accounts.confirm(&tenant, &second, Confirmation::default(), None).unwrap_err();
    assert!(matches!(refused, AppError::Accounts(AccountsError::Invalid { .. })), "a contested account needs the password: {refused:?}");
    let chosen = Confirmation { password: Some("the password chosen now, long".into()), ..Confirmation::default() };
    let (account, session) = candidates.accounts.confirm(&tenant, &second, chosen, None).unwrap();
    assert!(account.email_confirmed && !session.token.is_empty());

    let login = |password: &str| Login { email: "ala@example.com".into(), password: password.into(), favorite_offer_id: None };
    let refused = candidates.accounts.login(&tenant, &login(PASSWORD), None).unwrap_err();
    assert!(matches!(refused, AppError::Accounts(AccountsError::InvalidCredentials)), "{refused:?}");
    assert!(candidates.accounts.login(&tenant, &login("the password chosen now, long"), None).is_ok());
}

#[test]
fn registering_a_confirmed_address_mails_its_owner() {
    let candidates = candidates();
    let tenant = candidates.setup.tenant();
    candidates.setup.candidate("ala@example.com");
    candidates.accounts.register(&tenant, "en", sign_up("ala@example.com", "someone else's password")).unwrap();
    let tags: Vec<String> = candidates.setup.delivered().into_iter().map(|mail| mail.tag).collect();
    assert_eq!(tags, ["account.exists"]);
}

#[test]
fn a_login_with_a_clicked_heart_adds_the_favourite() {
    let candidates = candidates();
    let (setup, tenant) = (&candidates.setup, candidates.setup.tenant());
    setup.publish("rust-dev", "Rust developer", setup.now() - 60);
    let id = setup.candidate("ala@example.com");
    let login = Login { email: "ala@example.com".into(), password: PASSWORD.into(), favorite_offer_id: Some(guid(setup, "rust-dev")) };
    let (account, _) = candidates.accounts.login(&tenant, &login, None).unwrap();
    assert_eq!(account.id, id);
    assert_eq!(candidates.favourites.count("it", &id).unwrap(), 1);
    // An unknown offer does not fail the login.
    let login = Login { favorite_offer_id: Some("no-such-offer".into()), ..login };
    assert!(candidates.accounts.login(&tenant, &login, None).is_ok());
    assert_eq!(candidates.favourites.count("it", &id).unwrap(), 1);
}

#[test]
fn favourites_are_added_once_and_removed() {
    let candidates = candidates();
    let (setup, tenant, area) = (&candidates.setup, candidates.setup.tenant(), &candidates.area);
    setup.publish("rust-dev", "Rust developer", setup.now() - 60);
    let guid = guid(setup, "rust-dev");
    let candidate = Principal::Candidate { account_id: setup.candidate("ala@example.com") };

    let refused = area.add_favourite(&tenant, &candidate, "no-such-offer").unwrap_err();
    assert!(matches!(&refused, AppError::UnknownFavouriteOffer { job_advertisement_id } if job_advertisement_id == "no-such-offer"), "{refused:?}");
    assert_eq!(area.add_favourite(&tenant, &candidate, &guid).unwrap(), 1);
    assert_eq!(area.add_favourite(&tenant, &candidate, &guid).unwrap(), 1, "adding twice keeps one");
    let page = area.favourites(&tenant, &candidate, Page::new(1, 20).unwrap(), None).unwrap();
    assert_eq!(page.total, 1);
    let (favourite, card) = &page.items[0];
    assert_eq!(favourite.job_advertisement_id, guid);
    assert_eq!(card.as_ref().map(|(offer, _)| offer.slug.as_str()), Some("rust-dev"));

    area.remove_favourite(&tenant, &candidate, &guid).unwrap();
    area.remove_favourite(&tenant, &candidate, &guid).unwrap();
    assert_eq!(area.count_favourites(&tenant, &candidate).unwrap(), 0);
    assert!(matches!(area.count_favourites(&tenant, &Principal::Anonymous), Err(AppError::Unauthenticated)));
}

/// A one-click application of `candidate` (the form names the candidate, the stored CV goes).
fn one_click(candidate: &Principal) -> ApplyFormInput {
    let Principal::Candidate { account_id } = candidate else { unreachable!() };
    ApplyFormInput { source: Some("1_click_apply".into()), candidate_id: Some(account_id.clone()), ..form("Ala", "ala@example.com") }
}

fn form(name: &str, email: &str) -> ApplyFormInput {
    ApplyFormInput { name: Some(name.into()), email: Some(email.into()), message: Some("I would like to work with you.".into()), ..ApplyFormInput::default() }
}

#[test]
fn applying_follows_the_forms_rules() {
    let candidates = candidates();
    let (setup, tenant, applying) = (&candidates.setup, candidates.setup.tenant(), &candidates.applying);
    setup.publish("rust-dev", "Rust developer", setup.now() - 60);
    let candidate = Principal::Candidate { account_id: setup.candidate("ala@example.com") };
    let request = |form: ApplyFormInput| NewApplicationRequest { form, attachment: None, client_key: "client".into(), lang: "en".into() };

    let refused = applying.apply(&tenant, &Principal::Anonymous, "no-such-offer", request(form("Ala", "ala@example.com"))).unwrap_err();
    assert!(matches!(&refused, AppError::OfferNotFound { slug } if slug == "no-such-offer"), "{refused:?}");
    let refused = applying.apply(&tenant, &candidate, "rust-dev", request(one_click(&candidate))).unwrap_err();
    assert!(matches!(refused, AppError::NoStoredCv), "{refused:?}");
    let someone_else = ApplyFormInput { candidate_id: Some("someone-else".into()), ..form("Ala", "ala@example.com") };
    let refused = applying.apply(&tenant, &candidate, "rust-dev", request(someone_else)).unwrap_err();
    assert!(matches!(&refused, AppError::Field(error) if error.code == ErrorCode::InvalidCandidateId), "{refused:?}");

    applying.apply(&tenant, &Principal::Anonymous, "rust-dev", request(form("Ola", "ola@example.com"))).unwrap();
    let refused = applying.apply(&tenant, &Principal::Anonymous, "rust-dev", request(form("Ola", "ola@example.com"))).unwrap_err();
    assert!(matches!(refused, AppError::Applications(ApplicationsError::AlreadyApplied { .. })), "{refused:?}");
    let refused = applying.track_redirect(&tenant, &candidate, "rust-dev", "client".into()).unwrap_err();
    assert!(matches!(refused, AppError::NoExternalApply), "an offer with a form has no redirect: {refused:?}");

    setup.advance(40 * 86_400);
    let refused = applying.apply(&tenant, &candidate, "rust-dev", request(form("Ala", "ala@example.com"))).unwrap_err();
    assert!(matches!(&refused, AppError::OfferInactive { slug } if slug == "rust-dev"), "{refused:?}");
}

#[test]
fn deleting_the_account_erases_its_data_and_releases_its_files() {
    let candidates = candidates();
    let (setup, tenant, area) = (&candidates.setup, candidates.setup.tenant(), &candidates.area);
    setup.publish("rust-dev", "Rust developer", setup.now() - 60);
    let candidate = Principal::Candidate { account_id: setup.candidate("ala@example.com") };
    area.add_favourite(&tenant, &candidate, &guid(setup, "rust-dev")).unwrap();
    let document = area.put_document(&tenant, &candidate, uploaded_cv(&candidates.blobs, "Ala's CV"), None).unwrap();
    let hash = wakat_uploads::BlobHash::parse(&document.blob_hash).unwrap();
    let request = NewApplicationRequest { form: one_click(&candidate), attachment: None, client_key: "client".into(), lang: "en".into() };
    candidates.applying.apply(&tenant, &candidate, "rust-dev", request).unwrap();
    assert_eq!(candidates.blobs.owners(&hash).unwrap().len(), 2, "the CV and the application reference the file");
    let history = area.history(&tenant, &candidate, Page::new(1, 20).unwrap(), None).unwrap();
    assert_eq!(history.total, 1);
    assert!(history.items[0].0.application.is_some());

    let refused = area.delete_account(&tenant, &candidate, "not the password, long enough").unwrap_err();
    assert!(matches!(&refused, AppError::Field(error) if error.code == ErrorCode::InvalidPassword && error.field == "password"), "{refused:?}");
    area.delete_account(&tenant, &candidate, PASSWORD).unwrap();

    let Principal::Candidate { account_id } = &candidate else { unreachable!() };
    assert!(setup.accounts.get("it", account_id).unwrap().is_none());
    assert_eq!(candidates.favourites.count("it", account_id).unwrap(), 0);
    assert!(candidates.blobs.owners(&hash).unwrap().is_empty(), "nothing references the CV's file any more");
    assert!(matches!(area.export(&tenant, &candidate), Err(AppError::Unauthenticated)));
    assert!(matches!(area.document(&tenant, &candidate, &document.id), Err(AppError::DocumentNotFound)));
}

/// An offer taking applications by e-mail at `jobs@acme.test`.
fn publish_email_offer(setup: &Setup, slug: &str) {
    let mut offer: wakat_core::Offer = setup.engine.index.find_slug("it", "template-offer").ok().flatten().map(|hit| hit.offer).unwrap_or_else(|| {
        setup.publish("template-offer", "Template", setup.now() - 60);
        setup.engine.index.find_slug("it", "template-offer").unwrap().unwrap().offer
    });
    offer.slug = slug.into();
    offer.guid = String::new();
    offer.title = "Rust developer".into();
    offer.future_consent = Some("I agree to future recruitments.".into());
    offer.extra.insert("applyEmail".into(), "jobs@acme.test".into());
    setup.engine.put_offer("it", offer).unwrap();
    setup.engine.commit_index().unwrap();
}

#[test]
fn an_application_by_email_reaches_the_offers_address_and_the_applicant_hears_of_it() {
    let candidates = candidates();
    let (setup, tenant) = (&candidates.setup, candidates.setup.tenant());
    publish_email_offer(setup, "rust-by-mail");
    setup.publish("rust-by-form", "Form offer", setup.now() - 60);
    let small_cv = uploaded_cv(&candidates.blobs, "Ala's CV");
    let large_cv = uploaded_cv(&candidates.blobs, &"x".repeat(3_100_000));
    let applying = &candidates.applying;
    let request = |email: &str, file: UploadedFile, lang: &str| NewApplicationRequest {
        form: ApplyFormInput { future_consent_accepted: Some("true".into()), ..form("Ala Kot", email) },
        attachment: Some(file),
        client_key: "client".into(),
        lang: lang.into(),
    };
    applying.apply(&tenant, &Principal::Anonymous, "rust-by-mail", request("ala@example.com", small_cv.clone(), "en")).unwrap();
    let linked = applying.apply(&tenant, &Principal::Anonymous, "rust-by-mail", request("ola@example.com", large_cv, "pl")).unwrap();
    applying.apply(&tenant, &Principal::Anonymous, "rust-by-form", request("ela@example.com", small_cv, "en")).unwrap();

    let mails = setup.delivered();
    let to = |address: &str, tag: &str| mails.iter().filter(|mail| mail.to.email() == address && mail.tag == tag).cloned().collect::<Vec<_>>();
    let deliveries = to("jobs@acme.test", "application.delivery");
    assert_eq!(deliveries.len(), 2, "one per application to the offer's address, none for the form offer");
    let attached = deliveries.iter().find(|mail| mail.reply_to.as_ref().is_some_and(|reply| reply.email() == "ala@example.com")).expect("Ala's");
    assert!(attached.subject.contains("Rust developer") && attached.text.contains("Ala Kot") && attached.text.contains("I would like to work with you."));
    assert!(attached.text.contains("future recruitments: given") || attached.text.contains("przyszłe rekrutacje: udzielona"), "{}", attached.text);
    assert_eq!(attached.attachments.len(), 1, "a small CV is attached");
    assert!(attached.attachments[0].content.starts_with(b"%PDF"));
    let link_mail = deliveries.iter().find(|mail| mail.reply_to.as_ref().is_some_and(|reply| reply.email() == "ola@example.com")).expect("Ola's");
    assert!(link_mail.attachments.is_empty(), "a CV over attach_max_bytes goes as a link");
    let url = link_mail.text.split_whitespace().find(|word| word.contains("/cv?expires=")).expect("the signed link").trim_matches(|c| c == '(' || c == ')');
    assert!(url.starts_with(&format!("{PUBLIC_URL}/api/it/v1/applications/{}/cv?", linked.id)), "{url}");
    let query: std::collections::HashMap<&str, &str> = url.split_once('?').unwrap().1.split('&').filter_map(|pair| pair.split_once('=')).collect();
    let expires: i64 = query["expires"].parse().unwrap();
    let mailing = mailing(setup, Arc::new(ApplicationStore::new(setup.kv.clone())), candidates.blobs.clone());
    let (file, bytes) = mailing.signed_cv(&tenant, &linked.id, expires, query["signature"]).unwrap();
    assert_eq!((file.size as usize, bytes.len()), (bytes.len(), 3_100_000 + "%PDF-1.4\n".len()));
    assert!(matches!(mailing.signed_cv(&tenant, &linked.id, expires + 1, query["signature"]), Err(AppError::InvalidSignature)), "the expiry is signed");
    setup.advance(31 * 86_400);
    assert!(matches!(mailing.signed_cv(&tenant, &linked.id, expires, query["signature"]), Err(AppError::InvalidSignature)), "the link expires");

    for (address, subject) in
        [("ala@example.com", "We sent your application for Rust developer"), ("ola@example.com", "Wysłaliśmy Twoją aplikację na Rust developer")]
    {
        let confirmations = to(address, "application.confirm");
        assert_eq!(confirmations.len(), 1, "{address}");
        assert_eq!(confirmations[0].subject, subject, "the applicant's language");
    }
    assert_eq!(to("ela@example.com", "application.confirm").len(), 1, "a form application is confirmed too");
    assert_eq!(wakat_engine::settings::MAX_ATTACHED_CV_BYTES, wakat_mail::MAX_ATTACHMENT_BYTES as u64, "the settings' bound is the mailer's");
}

#[test]
fn a_guests_application_joins_the_account_that_confirms_its_address() {
    let candidates = candidates();
    let (setup, tenant, area) = (&candidates.setup, candidates.setup.tenant(), &candidates.area);
    setup.publish("rust-dev", "Rust developer", setup.now() - 60);
    setup.publish("go-dev", "Go developer", setup.now() - 60);
    let request = |form: ApplyFormInput| NewApplicationRequest { form, attachment: None, client_key: "client".into(), lang: "en".into() };
    candidates.applying.apply(&tenant, &Principal::Anonymous, "rust-dev", request(form("Ala", "Ala@Example.com"))).unwrap();
    candidates.applying.apply(&tenant, &Principal::Anonymous, "go-dev", request(form("Ola", "ola@example.com"))).unwrap();

    // Signing up alone proves nothing: the guest's application waits for the confirmation link.
    candidates.accounts.register(&tenant, "en", sign_up("ala@example.com", PASSWORD)).unwrap();
    let token = confirm_token(candidates.setup.delivered().iter().find(|mail| mail.tag == "account.confirm").expect("the confirmation mail"));
    let (account, _) = candidates.accounts.confirm(&tenant, &token, Confirmation::default(), None).unwrap();
    let candidate = Principal::Candidate { account_id: account.id.clone() };
    let history = area.history(&tenant, &candidate, Page::new(1, 20).unwrap(), None).unwrap();
    assert_eq!(history.total, 1, "Ala's application, not Ola's");
    assert_eq!(history.items[0].0.item.offer_slug, "rust-dev");
    assert!(history.items[0].0.application.is_some());

    // It is the candidate's now: applying again, logged in under another address, hears it
    // was sent.
    let refused = candidates.applying.apply(&tenant, &candidate, "rust-dev", request(form("Ala", "ala.other@example.com"))).unwrap_err();
    assert!(matches!(refused, AppError::Applications(ApplicationsError::AlreadyApplied { .. })), "{refused:?}");
}
