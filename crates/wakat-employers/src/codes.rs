//! Prepaid codes: each publishes or extends one offer of its company, once.

use rand::Rng;
use serde::{Deserialize, Serialize};
use wakat_store::{json, WriteOp};

use crate::store::RECORD_VERSION;
use crate::{keys, EmployerOffer, EmployerStore, EmployersError};

/// Letters and digits that cannot be mistaken for one another.
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/// A prepaid code of a company.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OfferCode {
    /// Record format version.
    pub v: u8,
    /// `XXXX-XXXX-XXXX`.
    pub code: String,
    /// Owner.
    pub company_id: String,
    /// The plan it pays for.
    pub plan_key: String,
    /// Unix seconds.
    pub created_at: i64,
    /// When it was spent.
    pub used_at: Option<i64>,
    /// The offer it published or extended.
    pub used_for: Option<String>,
}

/// The canonical form of a typed code (trimmed, uppercase).
pub(crate) fn normalize(code: &str) -> String {
    code.trim().to_ascii_uppercase()
}

impl EmployerStore {
    /// Issues a new code of `plan_key` to a company.
    pub fn issue_code(&self, tenant: &str, company_id: &str, plan_key: &str, now: i64) -> Result<OfferCode, EmployersError> {
        let mut rng = rand::rng();
        let chars: String = (0..12).map(|_| CODE_ALPHABET[rng.random_range(0..CODE_ALPHABET.len())] as char).collect();
        let code = OfferCode {
            v: RECORD_VERSION,
            code: format!("{}-{}-{}", &chars[0..4], &chars[4..8], &chars[8..12]),
            company_id: company_id.to_string(),
            plan_key: plan_key.to_string(),
            created_at: now,
            used_at: None,
            used_for: None,
        };
        self.kv.commit(vec![
            json::put(keys::code(tenant, &code.code)?, &code)?,
            WriteOp::Put { key: keys::child(keys::company_codes(tenant, company_id)?, &code.code), value: Vec::new() },
        ])?;
        Ok(code)
    }

    /// The code as the company sees it: another company's code is [`EmployersError::IncorrectCode`].
    pub fn code(&self, tenant: &str, company_id: &str, code: &str) -> Result<OfferCode, EmployersError> {
        let Ok(key) = keys::code(tenant, &normalize(code)) else { return Err(EmployersError::IncorrectCode) };
        match json::read::<OfferCode>(&*self.kv, &key)? {
            Some(code) if code.company_id == company_id => Ok(code),
            _ => Err(EmployersError::IncorrectCode),
        }
    }

    /// A company's codes, newest first.
    pub fn company_codes(&self, tenant: &str, company_id: &str) -> Result<Vec<OfferCode>, EmployersError> {
        let mut codes = Vec::new();
        for code in self.children(&keys::company_codes(tenant, company_id)?)? {
            if let Some(code) = json::read::<OfferCode>(&*self.kv, &keys::code(tenant, &code)?)? {
                codes.push(code);
            }
        }
        codes.sort_by(|a, b| b.created_at.cmp(&a.created_at).then_with(|| a.code.cmp(&b.code)));
        Ok(codes)
    }

    /// Spends `code` on the offer `slug`: under the spend lock, checks the code is the company's
    /// and unused, lets `change` update the offer (it may refuse), and writes the spent code and
    /// the offer in one transaction. Two concurrent calls with one code change one offer.
    pub fn spend_code(
        &self,
        tenant: &str,
        company_id: &str,
        code: &str,
        slug: &str,
        now: i64,
        change: impl FnOnce(&OfferCode, &mut EmployerOffer) -> Result<(), EmployersError>,
    ) -> Result<(OfferCode, EmployerOffer), EmployersError> {
        let _guard = self.spend_lock();
        let mut code = self.code(tenant, company_id, code)?;
        if code.used_at.is_some() {
            return Err(EmployersError::CodeUsed);
        }
        let mut offer = self.offer(tenant, company_id, slug)?;
        change(&code, &mut offer)?;
        code.used_at = Some(now);
        code.used_for = Some(offer.slug.clone());
        let mut ops = vec![json::put(keys::code(tenant, &code.code)?, &code)?];
        ops.extend(Self::offer_ops(tenant, &offer)?);
        self.kv.commit(ops)?;
        Ok((code, offer))
    }
}
