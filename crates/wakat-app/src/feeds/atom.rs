//! The Atom document (RFC 4287) of a signed list query: its newest matching offers, each with
//! title, company, city and salary as the digests show them.

use wakat_engine::Tenant;

use super::FeedsService;
use crate::error::{AppError, Result};
use crate::mails::alerts::{query_value, salary_text};
use crate::mails::MailContext;
use crate::Principal;

/// Newest offers in a feed.
const FEED_ENTRIES: usize = 50;

fn xml_escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&apos;"),
            // XML 1.0 forbids most control characters even escaped.
            c if c.is_control() && c != '\n' && c != '\t' => escaped.push(' '),
            c => escaped.push(c),
        }
    }
    escaped
}

fn rfc3339(seconds: i64) -> String {
    jiff::Timestamp::from_second(seconds).unwrap_or(jiff::Timestamp::UNIX_EPOCH).to_string()
}

impl FeedsService {
    /// The signed query's filter model, or [`AppError::InvalidSignature`].
    fn checked_params(&self, tenant: &Tenant, pairs: &[(String, String)]) -> Result<(wakat_core::filters::ListParams, String)> {
        let signature = pairs.iter().find(|(name, _)| name == "signature").map(|(_, value)| value.as_str()).unwrap_or_default();
        let params = wakat_core::filters::ListParams::parse(
            pairs.iter().filter(|(name, _)| name != "signature").map(|(k, v)| (k.as_str(), v.as_str())),
            &self.engine.parse_context(tenant),
        )?;
        let canonical = wakat_alerts::filters::canonical_query(&params);
        if !self.links.verify(tenant, &canonical, signature) {
            return Err(AppError::InvalidSignature);
        }
        Ok((params, canonical))
    }

    /// The Atom document (RFC 4287) of a signed list query: its newest matching offers.
    /// Anyone may read it: the signature in `pairs` is the proof.
    pub fn atom(&self, tenant: &Tenant, _anyone: &Principal, pairs: &[(String, String)], lang: &str) -> Result<String> {
        let (params, canonical) = self.checked_params(tenant, pairs)?;
        let now = self.clock.now();
        let request = wakat_search::ListRequest {
            tenant: Some(&tenant.settings.slug),
            filters: &params.filters,
            sort: wakat_core::Sort { by: wakat_core::SortBy::Newest, order: wakat_core::OrderBy::Desc },
            offset: 0,
            limit: FEED_ENTRIES,
            now,
            count_categories: false,
            viewport: None,
            region: None,
        };
        let hits = self.engine.index.list(&request)?.hits;
        let web_url = tenant.settings.web_url(self.links.public_url());
        let context = MailContext::new(self.links.public_url(), tenant, lang);
        let tags = wakat_alerts::filters::tags(&params, &tenant.categories, lang);
        let title = if tags.is_empty() { tenant.settings.name.clone() } else { format!("{}: {}", tenant.settings.name, tags.join(", ")) };
        let updated = hits.iter().map(|hit| hit.offer.published_at).max().unwrap_or(now);
        let feed_id = format!("urn:wakat:feed:{}:{}", tenant.settings.slug, self.links.feed_id(&canonical));
        let list_link = if canonical.is_empty() { format!("{web_url}/") } else { format!("{web_url}/?{canonical}") };
        let mut xml = String::with_capacity(2048 + hits.len() * 600);
        xml.push_str("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n");
        xml.push_str(&format!("<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"{}\">\n", xml_escape(lang)));
        xml.push_str(&format!("  <id>{}</id>\n", xml_escape(&feed_id)));
        xml.push_str(&format!("  <title>{}</title>\n", xml_escape(&title)));
        xml.push_str(&format!("  <updated>{}</updated>\n", rfc3339(updated)));
        xml.push_str(&format!("  <link rel=\"self\" type=\"application/atom+xml\" href=\"{}\"/>\n", xml_escape(&self.links.url(tenant, &canonical))));
        xml.push_str(&format!("  <link rel=\"alternate\" type=\"text/html\" href=\"{}\"/>\n", xml_escape(&list_link)));
        xml.push_str(&format!("  <author><name>{}</name><uri>{}/</uri></author>\n", xml_escape(&tenant.settings.name), xml_escape(web_url)));
        xml.push_str("  <generator>Wakat</generator>\n");
        for hit in &hits {
            let offer = &hit.offer;
            let city = offer.locations.get(hit.location_idx).or(offer.locations.first()).map_or("", |l| l.city.as_str());
            let link = format!("{web_url}/job-offer/{}", query_value(&hit.slug));
            let summary = format!("{} · {} · {}", offer.company_name, city, salary_text(&context, &self.engine.rates, offer, params.filters.currency));
            xml.push_str("  <entry>\n");
            xml.push_str(&format!("    <id>urn:wakat:offer:{}:{}</id>\n", xml_escape(&tenant.settings.slug), xml_escape(&hit.slug)));
            xml.push_str(&format!("    <title>{}</title>\n", xml_escape(&offer.title)));
            xml.push_str(&format!("    <updated>{}</updated>\n", rfc3339(offer.published_at)));
            xml.push_str(&format!("    <published>{}</published>\n", rfc3339(offer.published_at)));
            xml.push_str(&format!("    <link rel=\"alternate\" type=\"text/html\" href=\"{}\"/>\n", xml_escape(&link)));
            xml.push_str(&format!("    <author><name>{}</name></author>\n", xml_escape(&offer.company_name)));
            xml.push_str(&format!("    <summary>{}</summary>\n", xml_escape(&summary)));
            xml.push_str("  </entry>\n");
        }
        xml.push_str("</feed>\n");
        Ok(xml)
    }
}
