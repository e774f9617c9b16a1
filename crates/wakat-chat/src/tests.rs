//! Unit tests of the store, one file per part of the product.

mod access;
mod conversations;
mod requests;
mod safety;
