//! The offline drafter (issue 26): the embedded default brain, no network.
pub mod salary;
pub mod text;
