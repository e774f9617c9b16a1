//! Work nobody's request starts: the [`scheduler`] runs each board's daily jobs at the board's
//! hour; [`digests`] mails the job alerts' new offers, [`bumps`] refreshes the offers whose plan
//! includes bumps. The internal API can run the last two by hand.

pub mod bumps;
pub mod digests;
pub mod scheduler;
