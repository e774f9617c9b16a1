//! The employer services without HTTP: who may do what (owners and recruiters, other principals)
//! and the happy paths of the profile, the team and the billing data.

use std::sync::Arc;

use wakat_core::ErrorCode;
use wakat_employers::{BillingData, EmployerStore, EmployersError, Role};
use wakat_uploads::BlobStore;

use super::panel::{CompanyPanel, ProfileUpdate, TeamEntry};
use crate::testing::Setup;
use crate::{AppError, Principal};

struct Company {
    setup: Setup,
    employers: Arc<EmployerStore>,
    panel: CompanyPanel,
    owner: Principal,
    recruiter: Principal,
}

/// A company of the IT board with an owner (who signed it up) and a recruiter.
fn company() -> Company {
    let setup = Setup::new();
    let employers = Arc::new(EmployerStore::new(setup.kv.clone()));
    let blobs = Arc::new(BlobStore::new(&setup.dir, setup.kv.clone()).unwrap());
    let panel = CompanyPanel::new(setup.accounts.clone(), employers.clone(), blobs, setup.clock());
    let (owner, recruiter) = setup.company(&employers, "Acme sp. z o.o.", "acme.test");
    Company { setup, employers, panel, owner, recruiter }
}

fn billing() -> BillingData {
    BillingData {
        company_name: "Acme sp. z o.o.".into(),
        tax_id: "5260250274".into(),
        street: "Prosta".into(),
        street_number: "1".into(),
        postal_code: "00-001".into(),
        city: "Warszawa".into(),
        country: "PL".into(),
    }
}

#[test]
fn team_and_billing_are_the_owners() {
    let company = company();
    let tenant = company.setup.tenant();
    let refused = company.panel.team(&tenant, &company.recruiter).unwrap_err();
    assert!(matches!(refused, AppError::Employers(EmployersError::OwnerOnly)), "{refused:?}");
    let refused = company.panel.set_billing(&tenant, &company.recruiter, billing()).unwrap_err();
    assert!(matches!(refused, AppError::Employers(EmployersError::OwnerOnly)), "{refused:?}");
    let Principal::EmployerUser { account_id, .. } = &company.owner else { unreachable!() };
    let refused = company.panel.remove_member(&tenant, &company.recruiter, account_id).unwrap_err();
    assert!(matches!(refused, AppError::Employers(EmployersError::OwnerOnly)), "{refused:?}");
    // The recruiter may still read the company (without billing data) and change its own profile.
    let view = company.panel.company(&tenant, &company.recruiter).unwrap();
    assert_eq!(view.role, Role::Recruiter);
    assert!(company.panel.update_profile(&tenant, &company.recruiter, ProfileUpdate { name: Some("Radek R.".into()), ..ProfileUpdate::default() }).is_ok());
}

#[test]
fn only_an_employer_user_reaches_the_panel() {
    let company = company();
    let tenant = company.setup.tenant();
    for principal in [Principal::Anonymous, Principal::Candidate { account_id: "c".into() }, Principal::Internal] {
        assert!(matches!(company.panel.profile(&tenant, &principal), Err(AppError::Unauthenticated)));
        assert!(matches!(company.panel.team(&tenant, &principal), Err(AppError::Unauthenticated)));
    }
}

#[test]
fn the_owner_manages_profile_team_and_billing() {
    let company = company();
    let tenant = company.setup.tenant();
    let profile = company.panel.profile(&tenant, &company.owner).unwrap();
    assert_eq!((profile.member.email.as_str(), profile.company.name.as_str()), ("owner@acme.test", "Acme sp. z o.o."));
    assert_eq!(profile.member.user.role, Role::Owner);

    let update = |name: &str, phone: Option<&str>| ProfileUpdate { name: Some(name.into()), phone: phone.map(Into::into), ..ProfileUpdate::default() };
    let refused = company.panel.update_profile(&tenant, &company.owner, update("O", None)).unwrap_err();
    assert!(matches!(&refused, AppError::Field(error) if error.code == ErrorCode::InvalidName && error.field == "name"), "{refused:?}");
    let profile = company.panel.update_profile(&tenant, &company.owner, update("Olga Nowak", Some("+48 600 700 800"))).unwrap();
    assert_eq!((profile.member.user.name.as_str(), profile.member.user.phone.as_str()), ("Olga Nowak", "+48 600 700 800"));
    assert_eq!(profile.member.user.applications_notify, wakat_employers::ApplicationsNotify::Immediately, "the default");
    let daily = ProfileUpdate { applications_notify: Some(wakat_employers::ApplicationsNotify::Daily), ..ProfileUpdate::default() };
    let profile = company.panel.update_profile(&tenant, &company.owner, daily).unwrap();
    assert_eq!((profile.member.user.applications_notify, profile.member.user.name.as_str()), (wakat_employers::ApplicationsNotify::Daily, "Olga Nowak"));

    let team = company.panel.team(&tenant, &company.owner).unwrap();
    let emails: Vec<&str> = team
        .iter()
        .map(|entry| match entry {
            TeamEntry::User(member) => member.email.as_str(),
            TeamEntry::Invited(invitation) => invitation.email.as_str(),
        })
        .collect();
    assert_eq!(emails, ["owner@acme.test", "recruiter@acme.test"]);

    let view = company.panel.set_billing(&tenant, &company.owner, billing()).unwrap();
    assert_eq!(view.company.billing.as_ref().map(|b| b.tax_id.as_str()), Some("5260250274"));
    let Principal::EmployerUser { company_id, .. } = &company.owner else { unreachable!() };
    assert!(company.employers.company("it", company_id).unwrap().unwrap().billing.is_some());

    let Principal::EmployerUser { account_id: recruiter_id, .. } = &company.recruiter else { unreachable!() };
    company.panel.remove_member(&tenant, &company.owner, recruiter_id).unwrap();
    assert_eq!(company.panel.team(&tenant, &company.owner).unwrap().len(), 1);
    assert!(company.setup.accounts.get("it", recruiter_id).unwrap().is_none(), "the removed user's account goes too");
}

fn accounts(company: &Company) -> super::accounts::EmployerAccounts {
    let mail = crate::mail_queue::MailSender::new(company.setup.queue.clone());
    let limits = Arc::new(crate::limits::Unlimited);
    super::accounts::EmployerAccounts::new(
        company.setup.accounts.clone(),
        company.employers.clone(),
        limits,
        mail,
        crate::testing::PUBLIC_URL,
        company.setup.clock(),
    )
}

#[test]
fn invitations_are_the_confirmed_owners() {
    let company = company();
    let tenant = company.setup.tenant();
    let accounts = accounts(&company);
    let new_user = || super::accounts::NewUser { name: "Nina New".into(), phone: String::new(), email: "nina@acme.test".into(), role: None };
    let refused = accounts.invite(&tenant, &company.recruiter, new_user()).unwrap_err();
    assert!(matches!(refused, AppError::Employers(EmployersError::OwnerOnly)), "{refused:?}");
    let refused = accounts.invite(&tenant, &company.owner, new_user()).unwrap_err();
    assert!(matches!(refused, AppError::UnconfirmedInviter), "{refused:?}");
    assert!(matches!(accounts.invite(&tenant, &Principal::Anonymous, new_user()), Err(AppError::Unauthenticated)));
}

#[test]
fn an_unconfirmed_employer_logs_in_with_the_password_grant_only() {
    let company = company();
    let tenant = company.setup.tenant();
    let accounts = accounts(&company);
    let password = "correct horse battery staple 42";
    let refused = accounts.issue_token(&tenant, "client_credentials", "owner@acme.test", password).unwrap_err();
    assert!(matches!(refused, AppError::UnsupportedGrantType), "{refused:?}");
    let (account, session) = accounts.issue_token(&tenant, "password", "owner@acme.test", password).unwrap();
    assert!(!account.email_confirmed);
    let info = accounts.token_info(&tenant, &company.owner, &session.token).unwrap();
    assert_eq!((info.company.name.as_str(), info.user.role), ("Acme sp. z o.o.", Role::Owner));
    let refused = accounts.issue_token(&tenant, "password", "owner@acme.test", "wrong password, long enough").unwrap_err();
    assert!(matches!(refused, AppError::Accounts(wakat_accounts::AccountsError::InvalidCredentials)), "{refused:?}");
}

#[test]
fn codes_are_issued_by_the_internal_api_and_spent_by_the_company() {
    let company = company();
    let tenant = company.setup.tenant();
    let blobs = Arc::new(BlobStore::new(&company.setup.dir, company.setup.kv.clone()).unwrap());
    let public_offers = super::public_offers::PublicOffers::new(company.setup.engine.clone(), company.employers.clone(), company.setup.clock());
    let offers = super::offers::EmployerOffers::new(
        company.setup.engine.clone(),
        company.setup.accounts.clone(),
        company.employers.clone(),
        blobs,
        public_offers,
        Arc::new(wakat_assistant_store::AssistantStore::new(company.setup.kv.clone())),
        company.setup.clock(),
    );
    let plan = tenant.settings.employers.plans.iter().find(|plan| plan.active).expect("the IT board offers a plan").slug.clone();
    let Principal::EmployerUser { company_id, .. } = &company.owner else { unreachable!() };
    let refused = offers.issue_code(&tenant, &company.owner, company_id, &plan).unwrap_err();
    assert!(matches!(refused, AppError::Unauthenticated), "{refused:?}");
    assert!(matches!(offers.issue_code(&tenant, &Principal::Internal, "no-such-company", &plan), Err(AppError::CompanyNotFound)));
    let code = offers.issue_code(&tenant, &Principal::Internal, company_id, &plan).unwrap();

    let (draft, token) = offers.initiate(&tenant, &company.recruiter, &plan).unwrap();
    assert_eq!(draft.form.company_name, "Acme sp. z o.o.");
    assert_eq!(offers.verify_code(&tenant, &company.recruiter, &draft.slug, &code.code).unwrap().code, code.code);
    // Nobody of the company has confirmed the e-mail: publishing waits for it.
    let refused = offers.publish_with_code(&tenant, &company.recruiter, &draft.slug, &token, &code.code).unwrap_err();
    assert!(matches!(refused, AppError::AccountNotConfirmed), "{refused:?}");
    let refused = offers.publish_with_code(&tenant, &company.recruiter, &draft.slug, "not-the-token", &code.code).unwrap_err();
    assert!(matches!(refused, AppError::Employers(EmployersError::InvalidOfferToken)), "{refused:?}");
    assert_eq!(offers.codes(&tenant, &company.owner).unwrap().len(), 1);
}
