//! The employer accounts' requests as the service's inputs (`wakat_app::employers::accounts`).

use wakat_app::employers::accounts::{NewUser, SignUp, TokenPassword};

use crate::dto::employers::{ConfirmRequest, NewUserRequest, SignUpRequest};

impl From<SignUpRequest> for SignUp {
    fn from(request: SignUpRequest) -> SignUp {
        let (company, user) = (request.company, request.user);
        SignUp {
            company_name: company.name,
            accepted_regulations: company.accepted_regulations,
            subscribe_to_newsletter: company.subscribe_to_newsletter,
            name: user.name,
            phone: user.phone,
            email: user.email,
            password: user.password,
            password_confirmation: user.password_confirmation,
        }
    }
}

impl From<ConfirmRequest> for TokenPassword {
    fn from(request: ConfirmRequest) -> TokenPassword {
        TokenPassword { token: request.token, password: request.password, password_confirmation: request.password_confirmation }
    }
}

impl From<NewUserRequest> for NewUser {
    fn from(request: NewUserRequest) -> NewUser {
        NewUser { name: request.name, phone: request.phone, email: request.email, role: request.role.map(Into::into) }
    }
}
