//! Black-box HTTP tests: the real application on a random port, spoken to over HTTP.

mod accounts;
mod alerts;
mod applying;
mod bad_input;
mod boards;
mod browser;
mod bumps;
mod candidate_area;
mod digest_crash;
mod digests;
mod durable_mail;
mod employer_client;
mod employer_offers;
mod employers;
mod feeds;
mod helpers;
mod limits;
mod observability;
mod offers;
mod payments;
mod search_quality;
mod search_tools;
mod search_understanding;
mod terms;
mod views;
mod writes;
