//! Requests and answers of the employer panel's own data (issue 12): profile, users and roles,
//! company data, billing data, default clauses, brand stories (camelCase, as the offer form).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use wakat_employers::{ApplicationsNotify, BillingData, BrandStory, Clauses, Company, EmployerUser, Role};

/// A company user's role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum RoleDto {
    /// Manages users and billing besides everything a recruiter does.
    Owner,
    /// Offers, applications, company data, clauses and the brand story.
    Recruiter,
}

impl From<Role> for RoleDto {
    fn from(role: Role) -> RoleDto {
        match role {
            Role::Owner => RoleDto::Owner,
            Role::Recruiter => RoleDto::Recruiter,
        }
    }
}

impl From<RoleDto> for Role {
    fn from(role: RoleDto) -> Role {
        match role {
            RoleDto::Owner => Role::Owner,
            RoleDto::Recruiter => Role::Recruiter,
        }
    }
}

/// The caller's profile (`GET /v2/employer-panel/profiles/me`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileDto {
    /// Account id.
    pub id: String,
    /// Login e-mail.
    pub email: String,
    /// Full name.
    pub name: String,
    /// Phone (may be empty).
    pub phone: String,
    /// Owner or recruiter.
    pub role: RoleDto,
    /// Whether the e-mail is confirmed.
    pub email_confirmed: bool,
    /// The company.
    pub company_id: String,
    /// Its name.
    pub company_name: String,
    /// When the user hears of the company's new applications.
    pub applications_notify: ApplicationsNotifyDto,
}

/// When a company user hears of new applications.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ApplicationsNotifyDto {
    /// One mail per application, as it arrives (the default).
    Immediately,
    /// One mail a day listing the previous day's applications.
    Daily,
    /// No mail.
    Off,
}

impl From<ApplicationsNotify> for ApplicationsNotifyDto {
    fn from(notify: ApplicationsNotify) -> ApplicationsNotifyDto {
        match notify {
            ApplicationsNotify::Immediately => ApplicationsNotifyDto::Immediately,
            ApplicationsNotify::Daily => ApplicationsNotifyDto::Daily,
            ApplicationsNotify::Off => ApplicationsNotifyDto::Off,
        }
    }
}

impl From<ApplicationsNotifyDto> for ApplicationsNotify {
    fn from(notify: ApplicationsNotifyDto) -> ApplicationsNotify {
        match notify {
            ApplicationsNotifyDto::Immediately => ApplicationsNotify::Immediately,
            ApplicationsNotifyDto::Daily => ApplicationsNotify::Daily,
            ApplicationsNotifyDto::Off => ApplicationsNotify::Off,
        }
    }
}

/// `PATCH /v1/profiles/me`: absent fields keep their value.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ProfileUpdateRequest {
    /// Full name (2 to 100 characters).
    pub name: Option<String>,
    /// Phone (empty removes it; the contact phone pattern).
    pub phone: Option<String>,
    /// When the caller hears of its company's new applications.
    pub applications_notify: Option<ApplicationsNotifyDto>,
}

impl From<ProfileUpdateRequest> for wakat_app::employers::panel::ProfileUpdate {
    fn from(request: ProfileUpdateRequest) -> wakat_app::employers::panel::ProfileUpdate {
        wakat_app::employers::panel::ProfileUpdate {
            name: request.name,
            phone: request.phone,
            applications_notify: request.applications_notify.map(Into::into),
        }
    }
}

/// A user of the company in the panel's list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PanelUserDto {
    /// Account id (an open invitation's id while the invitation waits).
    pub id: String,
    /// Login e-mail.
    pub email: String,
    /// Full name.
    pub name: String,
    /// Phone.
    pub phone: String,
    /// Owner or recruiter.
    pub role: RoleDto,
    /// Whether the user has confirmed the e-mail; false for an invitation not yet accepted.
    pub email_confirmed: bool,
    /// Unix seconds.
    pub created_at: i64,
}

impl PanelUserDto {
    /// The user with its account's e-mail and confirmation.
    pub fn new(user: EmployerUser, email: String, email_confirmed: bool) -> PanelUserDto {
        PanelUserDto { id: user.account_id, email, name: user.name, phone: user.phone, role: user.role.into(), email_confirmed, created_at: user.created_at }
    }

    /// An open invitation (its id; not confirmed until accepted).
    pub fn invited(invitation: wakat_employers::Invitation) -> PanelUserDto {
        let role = invitation.role.into();
        PanelUserDto {
            id: invitation.id,
            email: invitation.email,
            name: invitation.name,
            phone: invitation.phone,
            role,
            email_confirmed: false,
            created_at: invitation.created_at,
        }
    }
}

/// `GET /v2/employer-panel/users`.
#[derive(Debug, Serialize, ToSchema)]
pub struct PanelUsersDto {
    /// Owners first, then recruiters, each oldest first.
    pub data: Vec<PanelUserDto>,
}

/// `PATCH /v2/employer-panel/users/{id}`: absent fields keep their value.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct UserUpdateRequest {
    /// Full name.
    pub name: Option<String>,
    /// Phone (empty removes it).
    pub phone: Option<String>,
    /// New role.
    pub role: Option<RoleDto>,
}

/// Billing data (request and answer).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct BillingDto {
    /// Legal name.
    #[serde(default)]
    pub company_name: String,
    /// NIP (Polish companies: 10 digits, checksum checked; spaces, dashes and `PL` allowed).
    #[serde(default)]
    pub tax_id: String,
    /// Street.
    #[serde(default)]
    pub street: String,
    /// Building and flat.
    #[serde(default)]
    pub street_number: String,
    /// Postal code (`NN-NNN` in Poland).
    #[serde(default)]
    pub postal_code: String,
    /// City.
    #[serde(default)]
    pub city: String,
    /// ISO 3166 alpha-2 (default PL).
    #[serde(default)]
    pub country: String,
}

impl From<BillingDto> for BillingData {
    fn from(b: BillingDto) -> BillingData {
        BillingData {
            company_name: b.company_name,
            tax_id: b.tax_id,
            street: b.street,
            street_number: b.street_number,
            postal_code: b.postal_code,
            city: b.city,
            country: b.country,
        }
    }
}

impl From<BillingData> for BillingDto {
    fn from(b: BillingData) -> BillingDto {
        BillingDto {
            company_name: b.company_name,
            tax_id: b.tax_id,
            street: b.street,
            street_number: b.street_number,
            postal_code: b.postal_code,
            city: b.city,
            country: b.country,
        }
    }
}

/// Default clauses of new offers (request and answer; the offer form's names).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ClausesDto {
    /// Information clause (at least 50 characters, no `{company}`).
    #[serde(default)]
    pub information_clause_text: String,
    /// Ask for consent to future recruitments.
    #[serde(default)]
    pub future_consent_enabled: bool,
    /// Its text (at least 20 characters, with `{company}`).
    #[serde(default)]
    pub future_consent_text: String,
    /// Ask for the company's own consent.
    #[serde(default)]
    pub custom_consent_enabled: bool,
    /// Its text (at least 20 characters, with `{company}`).
    #[serde(default)]
    pub custom_consent_text: String,
}

impl From<ClausesDto> for Clauses {
    fn from(c: ClausesDto) -> Clauses {
        Clauses {
            information_clause_text: c.information_clause_text,
            future_consent_enabled: c.future_consent_enabled,
            future_consent_text: c.future_consent_text,
            custom_consent_enabled: c.custom_consent_enabled,
            custom_consent_text: c.custom_consent_text,
        }
    }
}

impl From<Clauses> for ClausesDto {
    fn from(c: Clauses) -> ClausesDto {
        ClausesDto {
            information_clause_text: c.information_clause_text,
            future_consent_enabled: c.future_consent_enabled,
            future_consent_text: c.future_consent_text,
            custom_consent_enabled: c.custom_consent_enabled,
            custom_consent_text: c.custom_consent_text,
        }
    }
}

/// The company (`GET /v1/company`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyDto {
    /// Company id.
    pub id: String,
    /// Name.
    pub company_name: String,
    /// Size option (empty until saved).
    pub company_size: String,
    /// Website (empty until saved).
    pub company_website: String,
    /// Logo URL, if any.
    pub company_logo: Option<String>,
    /// Billing data: only for owners, `null` until saved.
    pub billing_data: Option<BillingDto>,
    /// Default clauses of new offers, `null` until saved.
    pub clauses: Option<ClausesDto>,
    /// The brand story's slug, once written.
    pub brand_story_slug: Option<String>,
    /// The caller's role.
    pub role: RoleDto,
}

impl CompanyDto {
    /// The company as `role` may see it; `logo_url` is the logo's path.
    pub fn new(company: Company, role: Role, logo_url: Option<String>) -> CompanyDto {
        CompanyDto {
            id: company.id,
            company_name: company.name,
            company_size: company.size,
            company_website: company.website,
            company_logo: logo_url,
            billing_data: if role.manages_team_and_billing() { company.billing.map(Into::into) } else { None },
            clauses: company.clauses.map(Into::into),
            brand_story_slug: company.story_slug,
            role: role.into(),
        }
    }
}

/// A brand story as its company edits it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BrandStoryDataDto {
    /// Slug.
    pub slug: String,
    /// Company type.
    #[serde(rename = "type")]
    pub company_type: String,
    /// Teaser in Polish.
    pub short_description: String,
    /// Teaser in English.
    pub short_description_en: String,
    /// Sanitised HTML.
    pub description: String,
    /// Technologies.
    pub technologies: Vec<String>,
    /// Cover photo URL.
    pub cover_photo_url: Option<String>,
    /// Gallery URLs.
    pub images: Vec<String>,
    /// Shown to candidates.
    pub published: bool,
    /// Unix seconds.
    pub updated_at: i64,
}

impl BrandStoryDataDto {
    /// The story with its images as URLs (`url` of a hash).
    pub fn new(story: BrandStory, url: impl Fn(&str) -> String) -> BrandStoryDataDto {
        BrandStoryDataDto {
            cover_photo_url: story.cover_blob.as_deref().map(&url),
            images: story.images.iter().map(|hash| url(hash)).collect(),
            slug: story.slug,
            company_type: story.company_type,
            short_description: story.short_description,
            short_description_en: story.short_description_en,
            description: story.description,
            technologies: story.technologies,
            published: story.published,
            updated_at: story.updated_at,
        }
    }
}

/// `GET /v2/employer-panel/brand-stories/status/{slug}`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BrandStoryStatusDto {
    /// Slug.
    pub slug: String,
    /// `draft` or `published`.
    pub status: &'static str,
    /// First publication, unix seconds.
    pub published_at: Option<i64>,
    /// Unix seconds.
    pub updated_at: i64,
}

/// A technology of the list.
#[derive(Debug, Serialize, ToSchema)]
pub struct TechnologyDto {
    /// Stable id.
    pub id: String,
    /// Name (what a story stores).
    pub name: String,
}

/// `GET /v2/employer-panel/brand-stories/technologies`.
#[derive(Debug, Serialize, ToSchema)]
pub struct TechnologiesDto {
    /// Most used first.
    pub data: Vec<TechnologyDto>,
}

impl From<wakat_app::employers::panel::Profile> for ProfileDto {
    fn from(profile: wakat_app::employers::panel::Profile) -> ProfileDto {
        let (member, company) = (profile.member, profile.company);
        ProfileDto {
            id: member.user.account_id,
            email: member.email,
            name: member.user.name,
            phone: member.user.phone,
            role: member.user.role.into(),
            applications_notify: member.user.applications_notify.into(),
            email_confirmed: member.email_confirmed,
            company_id: company.id,
            company_name: company.name,
        }
    }
}

impl From<wakat_app::employers::panel::TeamEntry> for PanelUserDto {
    fn from(entry: wakat_app::employers::panel::TeamEntry) -> PanelUserDto {
        match entry {
            wakat_app::employers::panel::TeamEntry::User(member) => PanelUserDto::new(member.user, member.email, member.email_confirmed),
            wakat_app::employers::panel::TeamEntry::Invited(invitation) => PanelUserDto::invited(invitation),
        }
    }
}

impl From<wakat_app::employers::panel::CompanyView> for CompanyDto {
    fn from(view: wakat_app::employers::panel::CompanyView) -> CompanyDto {
        CompanyDto::new(view.company, view.role, view.logo_url)
    }
}

impl From<UserUpdateRequest> for wakat_employers::UserUpdate {
    fn from(request: UserUpdateRequest) -> wakat_employers::UserUpdate {
        wakat_employers::UserUpdate { name: request.name, phone: request.phone, role: request.role.map(Into::into), applications_notify: None }
    }
}

impl From<BrandStory> for BrandStoryStatusDto {
    fn from(story: BrandStory) -> BrandStoryStatusDto {
        BrandStoryStatusDto {
            slug: story.slug,
            status: if story.published { "published" } else { "draft" },
            published_at: story.published_at,
            updated_at: story.updated_at,
        }
    }
}

impl From<&[wakat_core::offer_form::SkillEntry]> for TechnologiesDto {
    fn from(skills: &[wakat_core::offer_form::SkillEntry]) -> TechnologiesDto {
        TechnologiesDto { data: skills.iter().map(|s| TechnologyDto { id: s.id.clone(), name: s.name.clone() }).collect() }
    }
}

/// A story as candidates see it (`/v2/user-panel/brand-stories/…`): the list's fields, and a
/// company's story's description, technologies and gallery.
pub fn public_story_json(story: wakat_app::employers::brand_stories::PublicStory) -> serde_json::Value {
    let mut json = serde_json::json!({
        "slug": story.slug,
        "name": story.name,
        "logoUrl": story.logo_url,
        "coverPhotoUrl": story.cover_photo_url,
        "shortDescription": story.short_description,
        "offersCount": story.offers_count,
        "type": story.company_type,
        "size": story.size,
        "url": story.url,
    });
    if let (Some(details), Some(object)) = (story.details, json.as_object_mut()) {
        object.insert("description".into(), details.description.into());
        object.insert("technologies".into(), details.technologies.into());
        object.insert("images".into(), details.images.into());
    }
    json
}
