//! Integration tests of the mailers: the outbox on disk and SMTP against a real server.

mod helpers;
mod outbox;
mod smtp;
