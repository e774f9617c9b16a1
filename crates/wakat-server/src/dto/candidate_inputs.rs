//! The candidate side's requests as its services' inputs (`wakat_app::candidates`).

use wakat_accounts::{Confirmation, ProfileUpdate};
use wakat_app::candidates::accounts::{Login, NewCandidate};

use crate::dto::accounts::{ConfirmRequest, LoginRequest, ProfileRequest, RegisterRequest};

impl From<RegisterRequest> for NewCandidate {
    fn from(request: RegisterRequest) -> NewCandidate {
        NewCandidate {
            email: request.email,
            password: request.password,
            first_name: request.first_name,
            last_name: request.last_name,
            lang: request.lang,
            favorite_offer_id: request.favorite_offer_id,
            accepted_terms: request.accepted_terms,
        }
    }
}

impl From<LoginRequest> for Login {
    fn from(request: LoginRequest) -> Login {
        Login { email: request.email, password: request.password, favorite_offer_id: request.favorite_offer_id }
    }
}

impl ConfirmRequest {
    /// The link's token and what its confirmation sets.
    pub fn into_parts(self) -> (String, Confirmation) {
        (self.token, Confirmation { password: self.password, first_name: self.first_name, last_name: self.last_name })
    }
}

impl From<ProfileRequest> for ProfileUpdate {
    fn from(request: ProfileRequest) -> ProfileUpdate {
        ProfileUpdate { first_name: request.first_name, last_name: request.last_name, message: request.message, preferences: request.preferences }
    }
}
