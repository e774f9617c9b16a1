//! Work nobody's request starts: the [`scheduler`] runs each board's daily jobs at the board's
//! hour; [`digests`] mails the job alerts' new offers, [`bumps`] refreshes the offers whose plan
//! includes bumps, [`application_digests`] mails the employers' daily digests of applications. The
//! internal API can run the last three by hand.

pub mod application_digests;
pub mod bumps;
pub mod chat_mails;
pub mod digests;
pub mod scheduler;
