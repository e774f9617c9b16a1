//! Who may reach the operators' calls on the API's port: the dev mailbox (only from the server's
//! own machine), `/metrics` (a token, or the server's own machine when none is configured) and
//! the internal OpenAPI document (the internal token, see [`crate::routes::internal`]).
//!
//! "The server's own machine" is decided from the TCP peer address, never from a header alone: a
//! header is whatever the client wrote. But a loopback peer may be a proxy on the same machine
//! (the web app's server forwards visitors from loopback; so would nginx): every client address a
//! proxy names (`X-Forwarded-For`, `X-Real-IP`, `Forwarded: for=`) must then be loopback too, and
//! one that cannot be read refuses the request. The web app's server always names the visitor it
//! calls for, so its pages cannot hand the mailbox to a visitor from elsewhere.

use std::net::{IpAddr, SocketAddr};

use actix_web::http::header::HeaderMap;
use actix_web::HttpRequest;

use crate::error::{ApiError, ErrorCode, Result};

/// Whether `ip` is the machine itself: `127.0.0.0/8`, `::1`, or IPv4 loopback mapped into IPv6.
pub fn is_loopback(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.is_loopback(),
        IpAddr::V6(v6) => v6.is_loopback() || v6.to_ipv4_mapped().is_some_and(|v4| v4.is_loopback()),
    }
}

/// An address as proxies write it: `1.2.3.4`, `1.2.3.4:80`, `::1`, `[::1]:80`, quoted or not.
fn parse_forwarded_address(text: &str) -> Option<IpAddr> {
    let text = text.trim().trim_matches('"');
    text.parse::<IpAddr>()
        .ok()
        .or_else(|| text.parse::<SocketAddr>().ok().map(|address| address.ip()))
        .or_else(|| text.strip_prefix('[').and_then(|rest| rest.strip_suffix(']')).and_then(|inner| inner.parse().ok()))
}

/// Every client address the proxies in front named, or `None` when one cannot be read (an
/// obfuscated `for=_hidden`, `unknown`, garbage: nothing to vouch for the client).
fn forwarded_addresses(headers: &HeaderMap) -> Option<Vec<IpAddr>> {
    let mut addresses = Vec::new();
    for name in ["x-forwarded-for", "x-real-ip"] {
        for value in headers.get_all(name) {
            for entry in value.to_str().ok()?.split(',').filter(|entry| !entry.trim().is_empty()) {
                addresses.push(parse_forwarded_address(entry)?);
            }
        }
    }
    for value in headers.get_all("forwarded") {
        for pair in value.to_str().ok()?.split([',', ';']) {
            let Some((key, address)) = pair.split_once('=') else { continue };
            if key.trim().eq_ignore_ascii_case("for") {
                addresses.push(parse_forwarded_address(address)?);
            }
        }
    }
    Some(addresses)
}

/// Whether a request comes from the server's own machine: the TCP peer is loopback, and so is
/// every client address a proxy named.
pub fn is_local_request(peer: Option<IpAddr>, headers: &HeaderMap) -> bool {
    peer.is_some_and(is_loopback) && forwarded_addresses(headers).is_some_and(|addresses| addresses.into_iter().all(is_loopback))
}

/// Refuses (403 `loopback_only`) a request that does not come from the server's own machine.
pub fn require_local(request: &HttpRequest, what: &str) -> Result<()> {
    if is_local_request(request.peer_addr().map(|address| address.ip()), request.headers()) {
        Ok(())
    } else {
        Err(ApiError::new(ErrorCode::LoopbackOnly).with_message(format!("{what} answers only clients on the server's own machine")))
    }
}

/// `/metrics`: with `token` configured, the request must present it (`Authorization: Bearer …`)
/// wherever it comes from (401 otherwise); without one, only the server's own machine may scrape.
pub fn authorize_metrics(request: &HttpRequest, token: &str) -> Result<()> {
    if token.is_empty() {
        return require_local(request, "/metrics without server.metrics_token");
    }
    match crate::employer_session::bearer(request) {
        Some(given) if crate::internal_token::matches(&given, token) => Ok(()),
        Some(_) => Err(ApiError::new(ErrorCode::Unauthorized).with_message("the metrics token is not valid")),
        None => Err(ApiError::new(ErrorCode::Unauthorized).with_message("/metrics needs the metrics token (Authorization: Bearer …)")),
    }
}

/// Refuses to serve the dev mailbox on an address other machines can reach: `bind` must resolve
/// to loopback addresses only. The mailbox shows password-reset links; the peer check of every
/// request is the second line, this the first.
pub fn check_dev_mailbox_bind(bind: &str, dev_mailbox: bool) -> std::result::Result<(), String> {
    if !dev_mailbox {
        return Ok(());
    }
    let addresses: Vec<SocketAddr> = std::net::ToSocketAddrs::to_socket_addrs(bind)
        .map_err(|error| format!("mail.dev_mailbox is on and the bind address '{bind}' cannot be resolved: {error}"))?
        .collect();
    match addresses.iter().find(|address| !is_loopback(address.ip())) {
        None if !addresses.is_empty() => Ok(()),
        found => Err(format!(
            "mail.dev_mailbox is on, which shows every mail (password-reset links included), and the bind address '{bind}'{} is not loopback: \
             bind to 127.0.0.1 or switch the mailbox off (WAKAT_MAIL__DEV_MAILBOX=false)",
            found.map(|address| format!(" ({})", address.ip())).unwrap_or_default()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::http::header::{HeaderName, HeaderValue};

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(HeaderName::from_static(name), HeaderValue::from_static(value));
        }
        map
    }

    #[test]
    fn only_a_loopback_peer_is_local() {
        let local = |peer: &str| is_local_request(Some(peer.parse().unwrap()), &HeaderMap::new());
        assert!(local("127.0.0.1") && local("127.1.2.3") && local("::1") && local("::ffff:127.0.0.1"));
        assert!(!local("192.0.2.2") && !local("10.0.0.1") && !local("::ffff:192.0.2.2") && !local("fd00::2") && !local("0.0.0.0"));
        assert!(!is_local_request(None, &HeaderMap::new()), "no peer (a unit test request) is not local");
    }

    #[test]
    fn a_proxy_on_loopback_must_name_a_loopback_client() {
        let loopback = Some("127.0.0.1".parse().unwrap());
        assert!(is_local_request(loopback, &headers(&[("x-forwarded-for", "127.0.0.1")])));
        assert!(is_local_request(loopback, &headers(&[("x-forwarded-for", "::1, 127.0.0.1"), ("forwarded", "for=\"[::1]:4711\";proto=http")])));
        for refused in [
            [("x-forwarded-for", "203.0.113.5")],
            [("x-forwarded-for", "127.0.0.1, 203.0.113.5")],
            [("x-real-ip", "203.0.113.5")],
            [("forwarded", "for=203.0.113.5;proto=https")],
            [("forwarded", "for=_hidden")],
            [("x-forwarded-for", "unknown")],
        ] {
            assert!(!is_local_request(loopback, &headers(&refused)), "{refused:?}");
        }
        let remote = Some("192.0.2.2".parse().unwrap());
        assert!(!is_local_request(remote, &headers(&[("x-forwarded-for", "127.0.0.1")])), "a remote peer cannot claim loopback");
    }

    #[test]
    fn the_mailbox_is_served_on_loopback_binds_only() {
        for bind in ["127.0.0.1:8080", "127.0.0.1:0", "[::1]:8080", "localhost:8080"] {
            assert_eq!(check_dev_mailbox_bind(bind, true), Ok(()), "{bind}");
        }
        for bind in ["0.0.0.0:8080", "[::]:8080", "192.0.2.2:8080"] {
            assert!(check_dev_mailbox_bind(bind, true).unwrap_err().contains("not loopback"), "{bind}");
        }
        assert_eq!(check_dev_mailbox_bind("0.0.0.0:8080", false), Ok(()), "off: any address");
    }
}
