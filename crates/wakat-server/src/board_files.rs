//! Files the board serves as they are (testimonials, legal documents), read once at start-up so
//! no request waits for the disk. Editing one of them takes a restart, like the configuration
//! that names them.

use std::collections::HashMap;
use std::path::Path;

use actix_web::web::Bytes;

use crate::config::Settings;

/// Languages a legal document may be written in; Polish is the fallback.
const DOCUMENT_LANGUAGES: [&str; 2] = ["pl", "en"];

/// The board files, in memory.
#[derive(Debug, Default)]
pub struct BoardFiles {
    /// `{"data": [...]}` of `testimonials.json`, or `None` when the file is missing or invalid.
    testimonials: Option<Bytes>,
    /// Texts of the legal documents named by any board, by (name, language).
    documents: HashMap<(String, &'static str), String>,
}

impl BoardFiles {
    /// Reads `testimonials.json` and every legal document the configuration names from the
    /// index-data directory; what is missing is logged and answered as missing later.
    pub fn load(settings: &Settings) -> BoardFiles {
        let data = &settings.engine.storage.index_data_dir;
        let testimonials = read_testimonials(&data.join("testimonials.json"));
        let mut documents = HashMap::new();
        let names = settings.engine.tenants.iter().flat_map(|tenant| {
            let legal = &tenant.legal;
            tenant
                .terms
                .iter()
                .map(|terms| terms.file.clone())
                .chain([&legal.privacy_policy, &legal.information_clause, &legal.whistleblower_report].map(String::clone))
        });
        for name in names.filter(|name| wakat_core::validate::is_valid_slug(name)) {
            for lang in DOCUMENT_LANGUAGES {
                if let Ok(text) = std::fs::read_to_string(data.join("terms").join(format!("{name}.{lang}.html"))) {
                    documents.insert((name.clone(), lang), text);
                }
            }
        }
        BoardFiles { testimonials, documents }
    }

    /// The testimonials answer, when the file was readable.
    pub fn testimonials(&self) -> Option<Bytes> {
        self.testimonials.clone()
    }

    /// A legal document in `lang`, else in Polish, with the language found.
    pub fn document(&self, name: &str, lang: &str) -> Option<(&str, &'static str)> {
        [lang, "pl"].iter().find_map(|wanted| {
            let lang = DOCUMENT_LANGUAGES.iter().find(|known| *known == wanted)?;
            self.documents.get(&(name.to_string(), *lang)).map(|text| (text.as_str(), *lang))
        })
    }
}

fn read_testimonials(file: &Path) -> Option<Bytes> {
    let parsed = std::fs::read_to_string(file).ok().and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok());
    match parsed {
        Some(data) => serde_json::to_vec(&serde_json::json!({ "data": data })).ok().map(Bytes::from),
        None => {
            tracing::error!(file = %file.display(), "testimonials file is missing or invalid; /v2/testimonials will answer 500");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loads_named_documents_and_falls_back_to_polish() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("terms")).unwrap();
        std::fs::write(dir.path().join("terms/rules.pl.html"), "<p>Zasady</p>").unwrap();
        std::fs::write(dir.path().join("terms/rules.en.html"), "<p>Rules</p>").unwrap();
        std::fs::write(dir.path().join("terms/privacy.pl.html"), "<p>Prywatność</p>").unwrap();
        std::fs::write(dir.path().join("terms/unnamed.pl.html"), "<p>?</p>").unwrap();
        std::fs::write(dir.path().join("testimonials.json"), "[{\"name\": \"Ala\"}]").unwrap();
        let text = format!(
            "[server]\nindex_data_dir = {:?}\n[[tenants]]\nslug = \"it\"\ncategories = \"c.json\"\n[tenants.legal]\nprivacy_policy = \"privacy\"\n[[tenants.terms]]\naudience = \"users\"\nfile = \"rules\"\n",
            dir.path()
        );
        let files = BoardFiles::load(&Settings::from_toml(&text, []).unwrap());
        assert_eq!(files.document("rules", "en"), Some(("<p>Rules</p>", "en")));
        assert_eq!(files.document("privacy", "en"), Some(("<p>Prywatność</p>", "pl")));
        assert_eq!(files.document("unnamed", "pl"), None, "only documents a board names are loaded");
        assert_eq!(files.testimonials().as_deref(), Some(&b"{\"data\":[{\"name\":\"Ala\"}]}"[..]));
        assert!(BoardFiles::default().testimonials().is_none());
    }
}
