//! Prints a sample mail in the board's layout, to look at a change to the template in a browser:
//!
//! ```text
//! cargo run -p wakat-mail --example preview > /tmp/mail.html     # the HTML part
//! cargo run -p wakat-mail --example preview -- text              # the text part
//! ```

use wakat_mail::{Brand, MailBody, MailError};

fn main() -> Result<(), MailError> {
    let brand = Brand::new("Wakat IT", "#0a7cff", "https://it.wakat.pl", "pl")?;
    let content = MailBody::new(&brand)
        .heading("Potwierdź adres e-mail")
        .paragraph("Dziękujemy za założenie konta.\nKliknij przycisk poniżej, aby je aktywować.")
        .button("Potwierdź adres", "/konto/potwierdz?token=abc123")
        .small("Jeśli to nie Ty zakładałeś konto, zignoruj tę wiadomość.")
        .render()?;
    let part = std::env::args().nth(1);
    print!("{}", if part.as_deref() == Some("text") { content.text } else { content.html });
    Ok(())
}
