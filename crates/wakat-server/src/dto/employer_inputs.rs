//! The employer side's requests as its services' inputs (`wakat_app::employers::accounts`,
//! `wakat_app::employers::payments`).

use wakat_app::employers::accounts::{NewUser, SignUp, TokenPassword};

use wakat_app::employers::payments::PaymentOrder;
use wakat_employers::BillingData;

use crate::dto::employers::{ConfirmRequest, NewUserRequest, PaymentRequest, SignUpRequest};

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

impl From<PaymentRequest> for PaymentOrder {
    fn from(request: PaymentRequest) -> PaymentOrder {
        PaymentOrder {
            offer_id: request.offer_id,
            token: request.token,
            offer_type: request.offer_type,
            extend: request.extend,
            invoice: BillingData {
                company_name: request.invoice_company_name,
                tax_id: request.invoice_tax_id,
                street: request.invoice_street,
                street_number: request.invoice_street_number,
                postal_code: request.invoice_postal_code,
                city: request.invoice_city,
                country: request.invoice_country,
            },
            save_billing_data: request.save_billing_data,
            subscribe_to_newsletter: request.subscribe_to_newsletter,
            accepted_regulations: request.accepted_regulations,
            return_url: request.return_url,
        }
    }
}
