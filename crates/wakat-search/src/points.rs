//! How a salary point travels in the index's `salary_points` column: the point's value
//! ([`wakat_core::salary_insight::SalaryPoint::value`]) with the document's seniority, contract
//! kind and whether its offer has several locations. Below both the schema (which packs) and
//! `salary.rs` (which unpacks).

use wakat_core::{EmploymentKind, ExperienceLevel};

pub(crate) const KINDS: usize = 5;
pub(crate) const LEVELS: usize = 5;
const _: () = assert!(EmploymentKind::ALL.len() == KINDS && ExperienceLevel::ALL.len() == LEVELS);

/// Packs a point ([`wakat_core::salary_insight::SalaryPoint::value`]) with its document's
/// seniority, contract kind and whether its offer has several locations.
pub(crate) fn pack(value: u64, level: ExperienceLevel, kind: EmploymentKind, multi: bool) -> u64 {
    value << 7 | level.code() << 4 | kind.code() << 1 | multi as u64
}

pub(crate) fn unpack(packed: u64) -> (u64, usize, usize, bool) {
    (packed >> 7, (packed >> 4 & 0b111) as usize, (packed >> 1 & 0b111) as usize, packed & 1 == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_keeps_every_part() {
        for &level in ExperienceLevel::ALL {
            for &kind in EmploymentKind::ALL {
                for multi in [false, true] {
                    let value = 1_234_567 << 1 | 1;
                    assert_eq!(unpack(pack(value, level, kind, multi)), (value, level.code() as usize, kind.code() as usize, multi));
                }
            }
        }
    }
}
