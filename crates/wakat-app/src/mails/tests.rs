//! The mails as rendered from the catalogues, against the texts they had when each was written
//! inline in the code: the move to the catalogues changed no word (but the English invitation
//! without the inviter's name, which read "Someone at invites you…").

use wakat_accounts::Account;
use wakat_alerts::{Guest, JobFilter};
use wakat_applications::{Applicant, ApplicationStatus};
use wakat_employers::Invitation;
use wakat_mail::Mail;

use super::{accounts, alerts, applications, employers, MailContext};
use crate::testing::Setup;

fn contexts() -> (MailContext, MailContext) {
    let tenant = Setup::new().tenant();
    (MailContext::new("https://wakat.test", &tenant, "pl"), MailContext::new("https://wakat.test", &tenant, "en"))
}

fn account(contested: bool) -> Account {
    serde_json::from_value(serde_json::json!({
        "v": 1, "id": "a1", "kind": "candidate", "email": "ala@example.com", "emailConfirmed": !contested,
        "contested": contested, "passwordHash": "", "firstName": " Ala ", "lastName": "Kot", "lang": "pl",
        "createdAt": 0, "updatedAt": 0,
    }))
    .unwrap()
}

/// The text part up to the signature: the heading, its underline, then the blocks.
fn assert_text(mail: &Mail, heading: &str, blocks: &[&str]) {
    let underline = "=".repeat(heading.chars().count().clamp(3, 78));
    let expected = format!("{heading}\n{underline}\n\n{}\n\n-- \n", blocks.join("\n\n"));
    assert!(mail.text.starts_with(&expected), "expected:\n{expected}\ngot:\n{}", mail.text);
}

#[test]
fn candidate_account_mails_say_what_they_said() {
    let (pl, en) = contexts();
    let (web, board) = (pl.web_url.clone(), pl.board_name().to_string());

    let mail = accounts::confirm_account(&pl, &account(false), "t1", Some("rust-dev")).unwrap();
    assert_eq!(mail.subject, format!("Potwierdź konto w {board}"));
    let confirm = format!("Potwierdzam:\n{web}/account/confirm?token=t1&favoriteOfferId=rust-dev");
    assert_text(
        &mail,
        "Potwierdź adres e-mail",
        &[
            "Cześć Ala,",
            "dziękujemy za założenie konta. Kliknij przycisk, aby potwierdzić adres e-mail i zalogować się.",
            &confirm,
            "Link jest ważny 48 godzin. Jeśli to nie Ty zakładałeś konto, zignoruj tę wiadomość.",
        ],
    );

    let mail = accounts::confirm_account(&en, &account(true), "t1", None).unwrap();
    assert_eq!(mail.subject, format!("Confirm your {board} account"));
    let confirm = format!("Confirm:\n{web}/account/confirm?token=t1");
    assert_text(&mail, "Confirm your e-mail address", &[
        "Hello,",
        "thank you for signing up. Click the button to confirm your e-mail address and log in.",
        "This address was registered more than once before being confirmed, so you will choose your password when you confirm it. Earlier links no longer work.",
        &confirm,
        "The link is valid for 48 hours. If you did not sign up, ignore this mail.",
    ]);

    let mail = accounts::already_registered(&pl, &account(false)).unwrap();
    assert_eq!(mail.subject, format!("Masz już konto w {board}"));
    let (login, forgot) = (format!("Zaloguj się:\n{web}/account/login"), format!("Nie pamiętasz hasła? {web}/account/reset"));
    assert_text(
        &mail,
        "Masz już konto",
        &["Cześć Ala,", "ktoś (może Ty) próbował założyć konto na ten adres, ale konto już istnieje. Zaloguj się albo ustaw nowe hasło.", &login, &forgot],
    );

    let mail = accounts::already_registered(&en, &account(false)).unwrap();
    assert_eq!(mail.subject, format!("You already have a {board} account"));
    assert!(mail.text.contains(&format!("Forgot your password? {web}/account/reset")), "{}", mail.text);

    let mail = accounts::reset_password(&en, &account(false), "t2").unwrap();
    assert_eq!(mail.subject, "Set a new password");
    let set = format!("Set the password:\n{web}/account/reset?token=t2");
    assert_text(
        &mail,
        "A new password",
        &["Hi Ala,", "click the button to set a new password.", &set, "The link is valid for one hour. If you did not ask for it, ignore this mail."],
    );

    let mail = accounts::password_changed(&pl, &account(false)).unwrap();
    assert_eq!(mail.subject, "Hasło zostało zmienione");
    let set = format!("Ustaw nowe hasło:\n{web}/account/reset");
    assert_text(
        &mail,
        "Hasło zmienione",
        &["Cześć Ala,", "hasło do Twojego konta zostało zmienione, a pozostałe sesje wylogowane. Jeśli to nie Ty, ustaw nowe hasło.", &set],
    );

    let mail = accounts::confirm_email_change(&pl, &account(false), "nowy@example.com", "t3").unwrap();
    assert_eq!((mail.subject.as_str(), mail.to.email()), ("Potwierdź nowy adres e-mail", "nowy@example.com"));
    let confirm = format!("Potwierdzam:\n{web}/account/email?token=t3");
    assert_text(&mail, "Nowy adres e-mail", &["Cześć Ala,", "kliknij przycisk, aby logować się tym adresem.", &confirm, "Link jest ważny 24 godziny."]);
}

#[test]
fn employer_mails_say_what_they_said() {
    let (pl, en) = contexts();
    let (web, board) = (pl.web_url.clone(), pl.board_name().to_string());

    let mail = employers::confirm(&pl, &account(false), "t1").unwrap();
    assert_eq!(mail.subject, format!("Potwierdź konto pracodawcy w {board}"));
    let confirm = format!("Potwierdzam:\n{web}/employer/confirm?token=t1");
    assert_text(
        &mail,
        "Potwierdź adres e-mail",
        &["Cześć Ala,", "dziękujemy za rejestrację firmy. Potwierdź adres e-mail, aby publikować ogłoszenia.", &confirm, "Link jest ważny 48 godzin."],
    );
    assert_eq!(employers::confirm(&en, &account(false), "t1").unwrap().subject, format!("Confirm your {board} employer account"));

    let invitation: Invitation = serde_json::from_value(serde_json::json!({
        "v": 1, "id": "i1", "companyId": "c1", "email": "ola@example.com", "name": "Ola", "phone": "",
        "role": "recruiter", "invitedBy": "a1", "createdAt": 0, "expiresAt": 0, "tokenHash": "",
    }))
    .unwrap();
    let mail = employers::invite(&pl, &invitation, "Kestrel", " Ala ", "t4").unwrap();
    assert_eq!(mail.subject, "Zaproszenie do firmy Kestrel");
    let intro = format!("Ala zaprasza Cię do konta firmy Kestrel w serwisie {board} (rola: rekruter).");
    let see = format!("Zobacz zaproszenie:\n{web}/employer/invitation?token=t4");
    assert_text(
        &mail,
        "Zaproszenie",
        &[
            &intro,
            "Aby dołączyć, otwórz link i ustaw hasło. Bez tego nic się nie stanie; jeśli nie znasz tej firmy, zignoruj tę wiadomość.",
            &see,
            "Link jest ważny 7 dni.",
        ],
    );
    let mail = employers::invite(&pl, &invitation, "Kestrel", "", "t4").unwrap();
    assert!(mail.text.contains(&format!("Ktoś z firmy zaprasza Cię do konta firmy Kestrel w serwisie {board} (rola: rekruter).")), "{}", mail.text);
    let mail = employers::invite(&en, &invitation, "Kestrel", "Ala", "t4").unwrap();
    assert_eq!(mail.subject, "You are invited to Kestrel");
    assert!(mail.text.contains(&format!("Ala invites you to the account of Kestrel on {board} (role: recruiter).")), "{}", mail.text);
    let mail = employers::invite(&en, &invitation, "Kestrel", "", "t4").unwrap();
    assert!(mail.text.contains(&format!("Someone at Kestrel invites you to its account on {board} (role: recruiter).")), "{}", mail.text);

    let mail = employers::reset(&en, &account(false), "t5").unwrap();
    assert_eq!(mail.subject, "Set a new password");
    let set = format!("Set the password:\n{web}/employer/password?token=t5");
    assert_text(&mail, "A new password", &["Hi Ala,", &set, "The link is valid for one hour."]);

    let mail = employers::already_registered(&pl, &account(true)).unwrap();
    assert_eq!(mail.subject, "Masz już konto pracodawcy");
    let set = format!("Ustaw nowe hasło:\n{web}/employer/password");
    assert_text(&mail, "Masz już konto", &["Dzień dobry,", "ktoś (może Ty) próbował zarejestrować firmę na ten adres, ale konto już istnieje.", &set]);
}

#[test]
fn alert_and_application_mails_say_what_they_said() {
    let (pl, en) = contexts();
    let web = pl.web_url.clone();
    let guest =
        Guest { id: "g1".into(), email: "ala@example.com".into(), lang: "pl".into(), create_candidate: true, marketing_agreement: false, created_at: 0 };
    let filter = JobFilter {
        id: "f1".into(),
        owner: "g-g1".into(),
        search_url: format!("{web}/?q=rust"),
        name: "Rust".into(),
        query: Vec::new(),
        canonical: String::new(),
        created_at: 0,
        last_read_at: 0,
        alert: None,
    };

    let mail = alerts::activate_alert(&pl, &guest, &filter, "c1", "u1", Some("t6")).unwrap();
    assert_eq!(mail.subject, "Potwierdź powiadomienie o nowych ofertach");
    let activate = format!("Aktywuj powiadomienie:\n{}", alerts::activation_link(&pl, "c1", "f1"));
    let set = format!("Ustaw hasło:\n{web}/account/reset?token=t6");
    let unsubscribe = format!("Rezygnacja z powiadomienia: {}", alerts::guest_unsubscribe_link(&pl, "g1", "u1", "f1"));
    assert_text(&mail, "Potwierdź powiadomienie", &[
        "Kliknij przycisk, aby otrzymywać nowe oferty dla wyszukiwania „Rust”.",
        &activate,
        "Założyliśmy też Twoje konto kandydata na ten adres. Ustaw hasło, aby się logować (link jest ważny godzinę; później użyj „Nie pamiętam hasła” z tym adresem).",
        &set,
        "Link jest ważny 48 godzin. Jeśli to nie Ty zapisałeś wyszukiwanie, zignoruj tę wiadomość.",
        &unsubscribe,
    ]);

    let mail = alerts::activate_alert(&en, &guest, &filter, "c1", "u1", None).unwrap();
    assert_eq!(mail.subject, "Confirm your job alert");
    let activate = format!("Activate the alert:\n{}", alerts::activation_link(&en, "c1", "f1"));
    let unsubscribe = format!("Unsubscribe: {}", alerts::guest_unsubscribe_link(&en, "g1", "u1", "f1"));
    assert_text(
        &mail,
        "Confirm your job alert",
        &[
            "Click the button to receive new offers of the search \"Rust\".",
            &activate,
            "The link is valid for 48 hours. If you did not save this search, ignore this mail.",
            &unsubscribe,
        ],
    );

    let applicant: Applicant = serde_json::from_value(serde_json::json!({
        "name": "Ala Kot", "email": "ala@example.com", "message": null, "candidateId": null,
        "consents": {"future": false, "custom": false}, "attachment": null, "clientKey": "k",
    }))
    .unwrap();
    let mail = applications::status_changed(&pl, &applicant, "Rust Developer", ApplicationStatus::Interview).unwrap();
    assert_eq!(mail.subject, "Zmiana statusu aplikacji: Rust Developer");
    let history = format!("Historia aplikacji:\n{web}/application-history");
    assert_text(
        &mail,
        "Status Twojej aplikacji",
        &["Pracodawca zmienił status Twojej aplikacji na stanowisko Rust Developer: zaproszenie na rozmowę.", &history],
    );
    let mail = applications::status_changed(&en, &applicant, "Rust Developer", ApplicationStatus::Rejected).unwrap();
    assert_eq!(mail.subject, "Your application for Rust Developer: not taken further");
    assert_text(
        &mail,
        "The status of your application",
        &["The employer moved your application for Rust Developer to: not taken further.", &format!("Application history:\n{web}/application-history")],
    );
}
