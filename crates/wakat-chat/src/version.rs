//! Every stored record's version (`"v"`), apart from the codec ([`crate::record`]) so that the
//! model types can declare it without depending on the crate's error type.

/// Version written into every record (`"v": 1`). A reader meeting another version refuses it as
/// corrupt instead of guessing, so a later shape change adds a migration or a new arm here.
pub(crate) const RECORD_VERSION: u32 = 1;

/// Every record carries its version in `v`.
pub(crate) trait Versioned {
    fn version(&self) -> u32;
}

macro_rules! versioned {
    ($($record:ty),+ $(,)?) => {
        $(impl $crate::record::Versioned for $record {
            fn version(&self) -> u32 {
                self.v
            }
        })+
    };
}
pub(crate) use versioned;
