//! Per-client rate limits by route class: the calls a visitor can repeat at our cost (public
//! writes, searches) answer `429 Too Many Requests` with `Retry-After` past a per-board budget.
//!
//! A route opts in with `limit ExpensiveRead` on its line of the route table (`routes/table.rs`); a new class is a variant
//! with its name and default limit. Limits are GCRA buckets (`governor`) per client and board:
//! `burst` requests at once, refilled at `per_minute`.
//!
//! The client is the peer address, except that a peer listed in `server.trusted_proxies` (the web
//! app's server) forwards its own client in the first `X-Forwarded-For` hop. The peer address
//! alone never exempts anyone: the web app is itself a loopback peer. IPv6 clients are keyed by
//! their /64, which one machine usually owns whole.

use std::collections::HashMap;
use std::future::{ready, Future, Ready};
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::num::NonZeroU32;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Weak};
use std::time::Duration;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Service, ServiceRequest, ServiceResponse, Transform};
use actix_web::{web, HttpResponse, ResponseError};
use governor::clock::Clock;
use governor::{DefaultKeyedRateLimiter, Quota};

use wakat_engine::RateLimitSettings;

use crate::config::Settings;
use crate::error::{ApiError, ErrorCode};

/// How often idle clients are forgotten.
const FORGET_EVERY: Duration = Duration::from_secs(60);

/// What a route costs us when a client repeats it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RateClass {
    /// Public writes: views now; applications, alerts and logins as they arrive.
    PublicWrite,
    /// Searches: lists, counts, map clusters and markers, popular.
    ExpensiveRead,
    /// Logins, registrations, password resets: each costs a password hash and may send a mail.
    Auth,
}

impl RateClass {
    /// Every class.
    pub const ALL: [RateClass; 3] = [RateClass::PublicWrite, RateClass::ExpensiveRead, RateClass::Auth];

    /// Name in `[tenants.rate_limits]` and in metrics.
    pub fn name(self) -> &'static str {
        match self {
            RateClass::PublicWrite => "public_write",
            RateClass::ExpensiveRead => "expensive_read",
            RateClass::Auth => "auth",
        }
    }

    /// The limit a board gets unless it sets one: enough for a person clicking fast through
    /// pages that each make a few calls, far below what a script sends.
    pub fn default_limit(self) -> RateLimitSettings {
        match self {
            RateClass::PublicWrite => RateLimitSettings { per_minute: 60, burst: 20 },
            RateClass::ExpensiveRead => RateLimitSettings { per_minute: 600, burst: 120 },
            RateClass::Auth => RateLimitSettings { per_minute: 10, burst: 10 },
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// Errors of the rate limit settings.
#[derive(Debug, thiserror::Error)]
pub enum RateLimitError {
    /// A class name that is not a [`RateClass`].
    #[error("board '{tenant}': unknown rate limit class '{class}' (known: public_write, expensive_read, auth)")]
    UnknownClass {
        /// Board.
        tenant: String,
        /// The name given.
        class: String,
    },
    /// A limit with a burst of 0.
    #[error("board '{tenant}': rate limit '{class}' needs a burst of at least 1")]
    ZeroBurst {
        /// Board.
        tenant: String,
        /// Class.
        class: String,
    },
    /// `trusted_proxies` holds something other than an IP address.
    #[error("server.trusted_proxies: '{0}' is not an IP address")]
    BadProxy(String),
}

/// Invitations a company may send in an hour; a company invites a handful of colleagues, a
/// stream of invitations is someone mailing strangers through the board.
pub const INVITATIONS_PER_HOUR: NonZeroU32 = NonZeroU32::new(20).expect("non-zero");
/// Invitations a company may send at once.
pub const INVITATIONS_BURST: NonZeroU32 = NonZeroU32::new(10).expect("non-zero");

/// Why a request was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimited {
    /// When the client may try again.
    pub retry_after: Duration,
}

/// The limiters of every board and class.
pub struct RateLimits {
    enabled: bool,
    trusted_proxies: Vec<IpAddr>,
    /// `None`: the class is not limited on that board.
    limiters: HashMap<(String, RateClass), Option<DefaultKeyedRateLimiter<IpAddr>>>,
    /// Password attempts per account (board and e-mail), whoever makes them: guessing one
    /// account's password from many addresses is slowed too. `None`: unlimited.
    accounts: Option<DefaultKeyedRateLimiter<(String, String)>>,
    /// Mails asked for an address (resets, registrations, new confirmation links): a budget of
    /// their own, so asking for resets never locks the owner's correct password out.
    account_mails: Option<DefaultKeyedRateLimiter<(String, String)>>,
    /// Invitations sent per company (board and company id).
    invitations: DefaultKeyedRateLimiter<(String, String)>,
    refused: [AtomicU64; RateClass::ALL.len()],
}

impl RateLimits {
    /// Limiters for the boards and classes of `settings`.
    pub fn new(settings: &Settings) -> Result<RateLimits, RateLimitError> {
        let trusted_proxies = settings
            .server
            .trusted_proxies
            .iter()
            .map(|text| text.trim().parse::<IpAddr>().map_err(|_| RateLimitError::BadProxy(text.clone())))
            .collect::<Result<_, _>>()?;
        let mut limiters = HashMap::new();
        for tenant in &settings.engine.tenants {
            if let Some(class) = tenant.rate_limits.keys().find(|name| !RateClass::ALL.iter().any(|c| c.name() == name.as_str())) {
                return Err(RateLimitError::UnknownClass { tenant: tenant.slug.clone(), class: class.clone() });
            }
            for class in RateClass::ALL {
                let limit = tenant.rate_limits.get(class.name()).copied().unwrap_or_else(|| class.default_limit());
                let limiter = match (NonZeroU32::new(limit.per_minute), NonZeroU32::new(limit.burst)) {
                    (None, _) => None,
                    (Some(_), None) => return Err(RateLimitError::ZeroBurst { tenant: tenant.slug.clone(), class: class.name().into() }),
                    (Some(per_minute), Some(burst)) => Some(DefaultKeyedRateLimiter::keyed(Quota::per_minute(per_minute).allow_burst(burst))),
                };
                limiters.insert((tenant.slug.clone(), class), limiter);
            }
        }
        let per_hour = settings.accounts.attempts_per_account_hour;
        let account_budget = || {
            NonZeroU32::new(per_hour).map(|n| {
                let burst = NonZeroU32::new(per_hour.div_ceil(2)).unwrap_or(n);
                DefaultKeyedRateLimiter::keyed(Quota::per_hour(n).allow_burst(burst))
            })
        };
        let invitations = DefaultKeyedRateLimiter::keyed(Quota::per_hour(INVITATIONS_PER_HOUR).allow_burst(INVITATIONS_BURST));
        Ok(RateLimits {
            enabled: settings.server.rate_limits_enabled,
            trusted_proxies,
            limiters,
            accounts: account_budget(),
            account_mails: account_budget(),
            invitations,
            refused: Default::default(),
        })
    }

    /// The client a request stands for: the peer, or the first `X-Forwarded-For` hop when the
    /// peer is a trusted proxy and the hop is an address.
    pub fn client(&self, peer: Option<IpAddr>, forwarded_for: Option<&str>) -> Option<IpAddr> {
        let forwarded = || {
            let hop = forwarded_for?.split(',').next()?.trim();
            hop.parse::<IpAddr>().ok().or_else(|| hop.parse::<SocketAddr>().ok().map(|s| s.ip()))
        };
        match peer {
            Some(peer) if self.trusted_proxies.contains(&peer) => forwarded().or(Some(peer)),
            other => other,
        }
    }

    /// Takes one request of `class` from the client's budget on `tenant`.
    pub fn check(&self, tenant: &str, class: RateClass, client: IpAddr) -> Result<(), RateLimited> {
        if !self.enabled {
            return Ok(());
        }
        // Unknown boards are answered 404 by the handler, at no cost.
        let Some(Some(limiter)) = self.limiters.get(&(tenant.to_string(), class)) else { return Ok(()) };
        limiter.check_key(&client_key(client)).map_err(|not_until| {
            self.refused[class.index()].fetch_add(1, Ordering::Relaxed);
            RateLimited { retry_after: not_until.wait_time_from(limiter.clock().now()) }
        })
    }

    /// Takes one password attempt from the budget of the account `email` on `tenant` (logins,
    /// access tokens), so one account is not hammered from many addresses.
    pub fn check_account(&self, tenant: &str, email: &str) -> Result<(), RateLimited> {
        self.check_keyed(self.accounts.as_ref(), (tenant.to_string(), email.trim().to_lowercase()))
    }

    /// Takes one mail from the budget of the address `email` on `tenant` (password resets,
    /// registrations, new confirmation links): separate from the password attempts.
    pub fn check_account_mail(&self, tenant: &str, email: &str) -> Result<(), RateLimited> {
        self.check_keyed(self.account_mails.as_ref(), (tenant.to_string(), email.trim().to_lowercase()))
    }

    /// Takes one invitation from the budget of the company `company_id` on `tenant`
    /// ([`INVITATIONS_PER_HOUR`], bursts of [`INVITATIONS_BURST`]). A rule of the product, not
    /// a per-client limit: `rate_limits_enabled = false` (load tests) leaves it on.
    pub fn check_invitation(&self, tenant: &str, company_id: &str) -> Result<(), RateLimited> {
        self.take(&self.invitations, (tenant.to_string(), company_id.to_string()))
    }

    fn check_keyed(&self, limiter: Option<&DefaultKeyedRateLimiter<(String, String)>>, key: (String, String)) -> Result<(), RateLimited> {
        match limiter {
            Some(limiter) if self.enabled => self.take(limiter, key),
            _ => Ok(()),
        }
    }

    fn take(&self, limiter: &DefaultKeyedRateLimiter<(String, String)>, key: (String, String)) -> Result<(), RateLimited> {
        limiter.check_key(&key).map_err(|not_until| {
            self.refused[RateClass::Auth.index()].fetch_add(1, Ordering::Relaxed);
            RateLimited { retry_after: not_until.wait_time_from(limiter.clock().now()) }
        })
    }

    /// Requests of `class` refused since start.
    pub fn refused(&self, class: RateClass) -> u64 {
        self.refused[class.index()].load(Ordering::Relaxed)
    }

    /// Clients tracked now (all boards and classes).
    pub fn tracked_clients(&self) -> usize {
        self.limiters.values().flatten().map(|limiter| limiter.len()).sum()
    }

    /// Forgets clients whose bucket is full again (they would start afresh anyway), so the
    /// memory held is that of the clients of the last minute or so.
    pub fn forget_idle(&self) {
        for limiter in self.limiters.values().flatten() {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
        for limiter in [self.accounts.as_ref(), self.account_mails.as_ref(), Some(&self.invitations)].into_iter().flatten() {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
    }

    /// Forgets idle clients every minute on a thread of its own, until the limits are dropped.
    pub fn start_forgetting(limits: &Arc<RateLimits>) {
        let limits: Weak<RateLimits> = Arc::downgrade(limits);
        let spawned = std::thread::Builder::new().name("rate-limit-gc".into()).spawn(move || loop {
            std::thread::sleep(FORGET_EVERY);
            match limits.upgrade() {
                Some(limits) => limits.forget_idle(),
                None => return,
            }
        });
        if let Err(error) = spawned {
            tracing::error!(%error, "cannot start the rate limit cleaner; idle clients stay in memory");
        }
    }
}

/// IPv4 addresses whole, IPv6 ones by their /64.
fn client_key(client: IpAddr) -> IpAddr {
    match client {
        IpAddr::V6(v6) if v6.to_ipv4_mapped().is_none() => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & !((1u128 << 64) - 1))),
        IpAddr::V6(v6) => IpAddr::V4(v6.to_ipv4_mapped().expect("checked above")),
        v4 => v4,
    }
}

impl RateLimited {
    /// Whole seconds to wait, at least 1.
    pub fn retry_after_secs(self) -> u64 {
        (self.retry_after.as_secs() + u64::from(self.retry_after.subsec_nanos() > 0)).max(1)
    }

    /// The refusal: 429 with `Retry-After` in whole seconds (at least 1) and the usual body.
    pub fn to_error(self) -> ApiError {
        let seconds = self.retry_after_secs();
        ApiError::new(ErrorCode::RateLimited).with_message(format!("too many requests; try again in {seconds} s")).with_retry_after(seconds)
    }
}

fn too_many_requests(limited: RateLimited) -> HttpResponse {
    limited.to_error().error_response()
}

impl<S, B> Transform<S, ServiceRequest> for RateClass
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error> + 'static,
    B: MessageBody + 'static,
{
    type Response = ServiceResponse<EitherBody<B>>;
    type Error = actix_web::Error;
    type Transform = RateLimitService<S>;
    type InitError = ();
    type Future = Ready<Result<Self::Transform, ()>>;

    fn new_transform(&self, service: S) -> Self::Future {
        ready(Ok(RateLimitService { service, class: *self }))
    }
}

/// A route limited by its [`RateClass`].
pub struct RateLimitService<S> {
    service: S,
    class: RateClass,
}

impl<S, B> Service<ServiceRequest> for RateLimitService<S>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error> + 'static,
    B: MessageBody + 'static,
{
    type Response = ServiceResponse<EitherBody<B>>;
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, Self::Error>>>>;

    actix_web::dev::forward_ready!(service);

    fn call(&self, request: ServiceRequest) -> Self::Future {
        // The limits are app data of their own (the state holds them too), so this module needs
        // nothing of the handlers' state.
        let verdict = request.app_data::<web::Data<RateLimits>>().and_then(|limits| {
            let tenant = request.match_info().get("tenant")?;
            let forwarded_for = request.headers().get("x-forwarded-for").and_then(|v| v.to_str().ok());
            let client = limits.client(request.peer_addr().map(|a| a.ip()), forwarded_for)?;
            limits.check(tenant, self.class, client).err()
        });
        if let Some(limited) = verdict {
            let response = request.into_response(too_many_requests(limited)).map_into_right_body();
            return Box::pin(ready(Ok(response)));
        }
        let response = self.service.call(request);
        Box::pin(async move { Ok(response.await?.map_into_left_body()) })
    }
}

/// The services' budgets of addresses and companies, kept with the per-client limits.
impl wakat_app::limits::AccountLimits for RateLimits {
    fn check_attempt(&self, tenant: &str, email: &str) -> Result<(), wakat_app::AppError> {
        self.check_account(tenant, email).map_err(RateLimited::into_app_error)
    }

    fn check_mail(&self, tenant: &str, email: &str) -> Result<(), wakat_app::AppError> {
        self.check_account_mail(tenant, email).map_err(RateLimited::into_app_error)
    }

    fn check_invitation(&self, tenant: &str, company_id: &str) -> Result<(), wakat_app::AppError> {
        RateLimits::check_invitation(self, tenant, company_id).map_err(RateLimited::into_app_error)
    }
}

impl RateLimited {
    /// The refusal as the services' error (answered like [`RateLimited::to_error`]).
    pub fn into_app_error(self) -> wakat_app::AppError {
        wakat_app::AppError::RateLimited { retry_after_secs: self.retry_after_secs() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(enabled: bool, toml_limits: &str) -> RateLimits {
        let text = format!(
            "[server]\nrate_limits_enabled = {enabled}\ntrusted_proxies = [\"127.0.0.1\"]\n[[tenants]]\nslug = \"it\"\ncategories = \"c.json\"\n[tenants.rate_limits]\n{toml_limits}\n"
        );
        RateLimits::new(&Settings::from_toml(&text, []).unwrap()).unwrap()
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn a_client_gets_its_burst_then_waits() {
        let limits = limits(true, "expensive_read = { per_minute = 60, burst = 3 }");
        for _ in 0..3 {
            assert!(limits.check("it", RateClass::ExpensiveRead, ip("10.0.0.1")).is_ok());
        }
        let refused = limits.check("it", RateClass::ExpensiveRead, ip("10.0.0.1")).unwrap_err();
        assert!(refused.retry_after > Duration::ZERO && refused.retry_after <= Duration::from_secs(1), "{refused:?}");
        assert!(limits.check("it", RateClass::ExpensiveRead, ip("10.0.0.2")).is_ok(), "another client has its own budget");
        assert!(limits.check("it", RateClass::PublicWrite, ip("10.0.0.1")).is_ok(), "another class has its own budget");
        assert!(limits.check("nope", RateClass::ExpensiveRead, ip("10.0.0.1")).is_ok());
        assert_eq!(limits.refused(RateClass::ExpensiveRead), 1);
        assert_eq!(limits.tracked_clients(), 3);
    }

    #[test]
    fn off_means_off_and_zero_means_unlimited() {
        let off = limits(false, "expensive_read = { per_minute = 1, burst = 1 }");
        let unlimited = limits(true, "expensive_read = { per_minute = 0, burst = 1 }");
        for _ in 0..50 {
            assert!(off.check("it", RateClass::ExpensiveRead, ip("10.0.0.1")).is_ok());
            assert!(unlimited.check("it", RateClass::ExpensiveRead, ip("10.0.0.1")).is_ok());
        }
    }

    #[test]
    fn only_trusted_proxies_name_the_client() {
        let limits = limits(true, "");
        assert_eq!(limits.client(Some(ip("127.0.0.1")), Some("203.0.113.7, 10.0.0.1")), Some(ip("203.0.113.7")));
        assert_eq!(limits.client(Some(ip("127.0.0.1")), Some("[2001:db8::1]:443")), Some(ip("2001:db8::1")));
        assert_eq!(limits.client(Some(ip("127.0.0.1")), Some("garbage")), Some(ip("127.0.0.1")));
        assert_eq!(limits.client(Some(ip("127.0.0.1")), None), Some(ip("127.0.0.1")));
        assert_eq!(limits.client(Some(ip("198.51.100.1")), Some("203.0.113.7")), Some(ip("198.51.100.1")), "an untrusted peer is the client");
        assert_eq!(client_key(ip("2001:db8:1:2:3:4:5:6")), ip("2001:db8:1:2::"));
        assert_eq!(client_key(ip("::ffff:10.1.2.3")), ip("10.1.2.3"));
    }

    #[test]
    fn bad_settings_are_refused() {
        let settings =
            |extra: &str| Settings::from_toml(&format!("{extra}\n[[tenants]]\nslug = \"it\"\ncategories = \"c.json\"\n[tenants.rate_limits]\n"), []).unwrap();
        let mut typo = settings("");
        typo.engine.tenants[0].rate_limits.insert("expensive_reads".into(), RateLimitSettings { per_minute: 1, burst: 1 });
        assert!(matches!(RateLimits::new(&typo), Err(RateLimitError::UnknownClass { .. })));
        let mut zero = settings("");
        zero.engine.tenants[0].rate_limits.insert("public_write".into(), RateLimitSettings { per_minute: 1, burst: 0 });
        assert!(matches!(RateLimits::new(&zero), Err(RateLimitError::ZeroBurst { .. })));
        assert!(matches!(RateLimits::new(&settings("[server]\ntrusted_proxies = [\"web\"]")), Err(RateLimitError::BadProxy(_))));
    }
}
