//! A company's invoice data and the Polish tax id (NIP) rules.

use serde::{Deserialize, Serialize};
use wakat_core::{ErrorCode, FieldError};

/// NIP weights of the first nine digits; the tenth is their weighted sum modulo 11.
const NIP_WEIGHTS: [u32; 9] = [6, 5, 7, 2, 3, 4, 5, 6, 7];
/// Longest text of a billing field.
const MAX_FIELD_CHARS: usize = 200;
/// Longest foreign tax id.
const MAX_FOREIGN_TAX_ID_CHARS: usize = 30;

/// ISO 3166-1 alpha-2 codes (officially assigned), sorted: a country of an invoice is one of them.
const ISO_COUNTRIES: [&str; 249] = [
    "AD", "AE", "AF", "AG", "AI", "AL", "AM", "AO", "AQ", "AR", "AS", "AT", "AU", "AW", "AX", "AZ", "BA", "BB", "BD", "BE", "BF", "BG", "BH", "BI", "BJ", "BL",
    "BM", "BN", "BO", "BQ", "BR", "BS", "BT", "BV", "BW", "BY", "BZ", "CA", "CC", "CD", "CF", "CG", "CH", "CI", "CK", "CL", "CM", "CN", "CO", "CR", "CU", "CV",
    "CW", "CX", "CY", "CZ", "DE", "DJ", "DK", "DM", "DO", "DZ", "EC", "EE", "EG", "EH", "ER", "ES", "ET", "FI", "FJ", "FK", "FM", "FO", "FR", "GA", "GB", "GD",
    "GE", "GF", "GG", "GH", "GI", "GL", "GM", "GN", "GP", "GQ", "GR", "GS", "GT", "GU", "GW", "GY", "HK", "HM", "HN", "HR", "HT", "HU", "ID", "IE", "IL", "IM",
    "IN", "IO", "IQ", "IR", "IS", "IT", "JE", "JM", "JO", "JP", "KE", "KG", "KH", "KI", "KM", "KN", "KP", "KR", "KW", "KY", "KZ", "LA", "LB", "LC", "LI", "LK",
    "LR", "LS", "LT", "LU", "LV", "LY", "MA", "MC", "MD", "ME", "MF", "MG", "MH", "MK", "ML", "MM", "MN", "MO", "MP", "MQ", "MR", "MS", "MT", "MU", "MV", "MW",
    "MX", "MY", "MZ", "NA", "NC", "NE", "NF", "NG", "NI", "NL", "NO", "NP", "NR", "NU", "NZ", "OM", "PA", "PE", "PF", "PG", "PH", "PK", "PL", "PM", "PN", "PR",
    "PS", "PT", "PW", "PY", "QA", "RE", "RO", "RS", "RU", "RW", "SA", "SB", "SC", "SD", "SE", "SG", "SH", "SI", "SJ", "SK", "SL", "SM", "SN", "SO", "SR", "SS",
    "ST", "SV", "SX", "SY", "SZ", "TC", "TD", "TF", "TG", "TH", "TJ", "TK", "TL", "TM", "TN", "TO", "TR", "TT", "TV", "TW", "TZ", "UA", "UG", "UM", "US", "UY",
    "UZ", "VA", "VC", "VE", "VG", "VI", "VN", "VU", "WF", "WS", "YE", "YT", "ZA", "ZM", "ZW",
];

/// Whether `code` is an ISO 3166-1 alpha-2 country code (upper case).
pub fn is_iso_country(code: &str) -> bool {
    ISO_COUNTRIES.binary_search(&code).is_ok()
}

/// The shape of an EU VAT number's part after its country prefix, per member state (VIES): how
/// many characters, and which. `None` for a country outside the EU VAT area.
fn eu_vat_body_is_valid(country: &str, body: &str) -> Option<bool> {
    let digits = |n: std::ops::RangeInclusive<usize>| n.contains(&body.len()) && body.bytes().all(|b| b.is_ascii_digit());
    let alnum = |n: std::ops::RangeInclusive<usize>| n.contains(&body.len()) && body.bytes().all(|b| b.is_ascii_alphanumeric());
    let (head, tail) = body.split_at(body.len().min(2));
    Some(match country {
        "AT" => body.len() == 9 && body.starts_with('U') && body[1..].bytes().all(|b| b.is_ascii_digit()),
        "BE" | "SK" => digits(10..=10),
        "BG" => digits(9..=10),
        "CY" => body.len() == 9 && body[..8].bytes().all(|b| b.is_ascii_digit()) && body.as_bytes()[8].is_ascii_uppercase(),
        "CZ" => digits(8..=10),
        "DE" | "EE" | "GR" | "PT" => digits(9..=9),
        "DK" | "FI" | "HU" | "LU" | "MT" | "SI" => digits(8..=8),
        "ES" => alnum(9..=9),
        "FR" => body.len() == 11 && head.bytes().all(|b| b.is_ascii_alphanumeric()) && tail.bytes().all(|b| b.is_ascii_digit()),
        "HR" | "IT" | "LV" => digits(11..=11),
        "IE" => alnum(8..=9) && body.as_bytes()[0].is_ascii_digit(),
        "LT" => digits(9..=9) || digits(12..=12),
        "NL" => body.len() == 12 && body[..9].bytes().all(|b| b.is_ascii_digit()) && &body[9..10] == "B" && body[10..].bytes().all(|b| b.is_ascii_digit()),
        "RO" => digits(2..=10),
        "SE" => digits(12..=12),
        _ => return None,
    })
}

/// The VAT prefix of an EU country (Greece's is EL).
fn vat_prefix(country: &str) -> &str {
    if country == "GR" {
        "EL"
    } else {
        country
    }
}

/// A foreign tax id written with optional spaces, dots or dashes: an EU VAT number (its country's
/// prefix optional) is checked by its member state's shape and kept as prefix + body; any other
/// country's id as letters, digits, spaces and dashes. `None` when it breaks its rule.
fn normalize_foreign_tax_id(country: &str, text: &str) -> Option<String> {
    let compact: String = text.chars().filter(|c| !matches!(c, ' ' | '-' | '.')).collect::<String>().to_ascii_uppercase();
    let prefix = vat_prefix(country);
    let body = compact.strip_prefix(prefix).unwrap_or(&compact);
    match eu_vat_body_is_valid(country, body) {
        Some(true) => Some(format!("{prefix}{body}")),
        Some(false) => None,
        None => (text.chars().count() <= MAX_FOREIGN_TAX_ID_CHARS && text.chars().all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '-'))
            .then(|| text.to_string()),
    }
}

/// Invoice data of a company (`PATCH /v2/employer-panel/company/billing-data`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BillingData {
    /// The company's legal name.
    pub company_name: String,
    /// Tax id: a NIP for Polish companies (stored as its ten digits).
    pub tax_id: String,
    /// Street.
    pub street: String,
    /// Street number (building and flat).
    pub street_number: String,
    /// Postal code (`NN-NNN` in Poland).
    pub postal_code: String,
    /// City.
    pub city: String,
    /// ISO 3166 alpha-2 country code, upper case.
    pub country: String,
}

/// The ten digits of a NIP written with optional spaces or dashes and an optional `PL` prefix,
/// when its checksum holds.
pub fn normalize_nip(text: &str) -> Option<String> {
    let text = text.trim();
    let text = text.strip_prefix("PL").or_else(|| text.strip_prefix("pl")).unwrap_or(text);
    let digits: String = text.chars().filter(|c| *c != ' ' && *c != '-').collect();
    if digits.len() != 10 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let values: Vec<u32> = digits.bytes().map(|b| u32::from(b - b'0')).collect();
    let sum: u32 = NIP_WEIGHTS.iter().zip(&values).map(|(weight, digit)| weight * digit).sum();
    let check = sum % 11;
    (check != 10 && check == values[9]).then_some(digits)
}

/// Whether `text` is a NIP with a right checksum.
pub fn is_valid_nip(text: &str) -> bool {
    normalize_nip(text).is_some()
}

fn is_polish_postal_code(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.len() == 6 && bytes[2] == b'-' && bytes.iter().enumerate().all(|(i, b)| i == 2 || b.is_ascii_digit())
}

impl BillingData {
    /// Trims every field, upper-cases the country (PL when empty) and checks the rules; a
    /// Polish tax id is kept as its ten digits.
    pub fn validated(mut self) -> Result<BillingData, Vec<FieldError>> {
        let mut errors = Vec::new();
        for value in [&mut self.company_name, &mut self.tax_id, &mut self.street, &mut self.street_number, &mut self.postal_code, &mut self.city] {
            *value = value.trim().to_string();
        }
        self.country = self.country.trim().to_ascii_uppercase();
        if self.country.is_empty() {
            self.country = "PL".into();
        }
        for (field, value) in [
            ("companyName", &self.company_name),
            ("taxId", &self.tax_id),
            ("street", &self.street),
            ("streetNumber", &self.street_number),
            ("postalCode", &self.postal_code),
            ("city", &self.city),
        ] {
            if value.is_empty() {
                errors.push(FieldError::new(field, ErrorCode::Required, "This field is required"));
            } else if value.chars().count() > MAX_FIELD_CHARS || value.chars().any(char::is_control) {
                errors.push(FieldError::new(field, ErrorCode::MaxLength, format!("at most {MAX_FIELD_CHARS} characters")));
            }
        }
        if !is_iso_country(&self.country) {
            errors.push(FieldError::new("country", ErrorCode::InvalidCountry, "a two-letter country code (ISO 3166), e.g. PL, DE"));
        }
        let polish = self.country == "PL";
        if !self.tax_id.is_empty() && errors.iter().all(|e| e.field != "taxId") {
            if polish {
                match normalize_nip(&self.tax_id) {
                    Some(digits) => self.tax_id = digits,
                    None => errors.push(FieldError::new("taxId", ErrorCode::InvalidNip, "not a valid NIP (10 digits with a right check digit)")),
                }
            } else {
                match normalize_foreign_tax_id(&self.country, &self.tax_id) {
                    Some(tax_id) => self.tax_id = tax_id,
                    None => errors.push(FieldError::new(
                        "taxId",
                        ErrorCode::InvalidTaxId,
                        "not a tax id of this country (an EU company gives its VAT number, e.g. DE123456789)",
                    )),
                }
            }
        }
        if polish && !self.postal_code.is_empty() && !is_polish_postal_code(&self.postal_code) {
            errors.push(FieldError::new("postalCode", ErrorCode::InvalidPostalCode, "a Polish postal code is written NN-NNN"));
        }
        if errors.is_empty() {
            Ok(self)
        } else {
            Err(errors)
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The check digit of nine digits, or `None` when the sum leaves 10 (no NIP has such digits).
    fn check_digit(nine: &[u32]) -> Option<u32> {
        let sum: u32 = NIP_WEIGHTS.iter().zip(nine).map(|(w, d)| w * d).sum();
        (sum % 11 != 10).then_some(sum % 11)
    }

    #[test]
    fn known_nips() {
        // Published NIPs of public institutions.
        assert_eq!(normalize_nip("526-000-12-46").as_deref(), Some("5260001246"));
        assert!(is_valid_nip("PL 5260250274"));
        assert!(is_valid_nip("701 000 21 39"), "spaces");
        assert!(!is_valid_nip("5260001245"), "wrong check digit");
        assert!(!is_valid_nip("526000124"), "nine digits");
        assert!(!is_valid_nip("52600012466"), "eleven digits");
        assert!(!is_valid_nip("52600O1246"), "a letter");
        assert!(!is_valid_nip(""));
    }

    fn billing(country: &str, tax_id: &str, postal_code: &str) -> Result<BillingData, Vec<FieldError>> {
        BillingData {
            company_name: "Acme".into(),
            tax_id: tax_id.into(),
            street: "Rynek".into(),
            street_number: "1".into(),
            postal_code: postal_code.into(),
            city: "Kraków".into(),
            country: country.into(),
        }
        .validated()
    }

    fn refused_fields(result: Result<BillingData, Vec<FieldError>>) -> Vec<String> {
        result.err().unwrap_or_default().into_iter().map(|e| format!("{}:{}", e.field, e.code.as_str())).collect()
    }

    #[test]
    fn invoice_data_as_the_review_typed_it_is_refused_field_by_field() {
        assert_eq!(refused_fields(billing("Polska", "123", "abc")), ["country:invalid_country"]);
        assert_eq!(refused_fields(billing("PL", "123", "abc")), ["taxId:invalid_nip", "postalCode:invalid_postal_code"]);
        assert_eq!(refused_fields(billing("XX", "123", "31-042")), ["country:invalid_country"], "two letters are not yet a country");
        assert_eq!(billing("pl", "526-000-12-46", "31-042").unwrap().tax_id, "5260001246");
    }

    #[test]
    fn eu_vat_numbers_follow_their_member_state_and_others_stay_free() {
        assert_eq!(billing("DE", "de 123 456 789", "10115").unwrap().tax_id, "DE123456789");
        assert_eq!(billing("GR", "123456789", "10557").unwrap().tax_id, "EL123456789", "Greece's prefix is EL");
        assert_eq!(billing("NL", "NL123456789B01", "1012 AB").unwrap().tax_id, "NL123456789B01");
        assert_eq!(billing("AT", "ATU12345678", "1010").unwrap().tax_id, "ATU12345678");
        assert_eq!(refused_fields(billing("DE", "12345", "10115")), ["taxId:invalid_tax_id"]);
        assert_eq!(refused_fields(billing("FR", "FR123", "75001")), ["taxId:invalid_tax_id"]);
        assert_eq!(billing("US", "12-3456789", "10001").unwrap().tax_id, "12-3456789", "outside the EU: letters, digits, spaces, dashes");
        assert!(is_iso_country("PL") && is_iso_country("GB") && !is_iso_country("UK") && !is_iso_country("pl"));
    }

    proptest! {
        #[test]
        fn a_nip_with_its_check_digit_is_valid_and_any_other_last_digit_is_not(nine in proptest::collection::vec(0u32..10, 9), other in 0u32..10) {
            let prefix: String = nine.iter().map(|d| char::from_digit(*d, 10).unwrap()).collect();
            match check_digit(&nine) {
                Some(check) => {
                    let nip = format!("{prefix}{check}");
                    prop_assert!(is_valid_nip(&nip));
                    let dashed = format!("{}-{}-{}-{}", &nip[..3], &nip[3..6], &nip[6..8], &nip[8..]);
                    prop_assert_eq!(normalize_nip(&dashed), Some(nip.clone()));
                    prop_assert_eq!(normalize_nip(&format!("PL{nip}")), Some(nip));
                    let wrong = format!("{prefix}{other}");
                    if other != check {
                        prop_assert!(!is_valid_nip(&wrong));
                    }
                }
                None => {
                    let any = format!("{prefix}{other}");
                    prop_assert!(!is_valid_nip(&any), "no last digit completes these nine");
                }
            }
        }

        #[test]
        fn a_changed_digit_is_caught(nine in proptest::collection::vec(0u32..10, 9), position in 0usize..9, delta in 1u32..10) {
            prop_assume!(check_digit(&nine).is_some());
            let check = check_digit(&nine).unwrap();
            let mut changed = nine.clone();
            changed[position] = (changed[position] + delta) % 10;
            let text: String = changed.iter().chain(std::iter::once(&check)).map(|d| char::from_digit(*d, 10).unwrap()).collect();
            // Weights are below 11 and 11 is prime: one changed digit always changes the sum mod 11.
            prop_assert!(!is_valid_nip(&text));
        }

        #[test]
        fn never_panics_on_any_text(text in ".{0,40}") {
            let _ = normalize_nip(&text);
            let _ = BillingData { tax_id: text.clone(), postal_code: text, ..BillingData::default() }.validated();
        }
    }

    #[test]
    fn billing_rules() {
        let good = BillingData {
            company_name: "Acme sp. z o.o.".into(),
            tax_id: "526-000-12-46".into(),
            street: "Rynek".into(),
            street_number: "1".into(),
            postal_code: "31-042".into(),
            city: "Kraków".into(),
            country: "pl".into(),
        };
        let checked = good.clone().validated().unwrap();
        assert_eq!((checked.tax_id.as_str(), checked.country.as_str()), ("5260001246", "PL"));
        let wrong = BillingData { tax_id: "5260001245".into(), ..good.clone() }.validated().unwrap_err();
        assert_eq!((wrong[0].field.as_str(), wrong[0].code), ("taxId", ErrorCode::InvalidNip));
        let postal = BillingData { postal_code: "31042".into(), ..good.clone() }.validated().unwrap_err();
        assert_eq!(postal[0].code, ErrorCode::InvalidPostalCode);
        let foreign = BillingData { tax_id: "DE123456789".into(), postal_code: "10115".into(), country: "de".into(), ..good }.validated().unwrap();
        assert_eq!(foreign.tax_id, "DE123456789");
    }
}
