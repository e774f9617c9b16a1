//! Keys of the domain stores as `/`-joined paths: `{domain}/{a}/{b}`. One implementation for every
//! store on [`crate::KvStore`] (the segments are validated by each domain's key module first).

/// Joins a domain and segments into a key: `{domain}/{a}/{b}`.
pub fn key(domain: &str, segments: &[&str]) -> Vec<u8> {
    let mut key = domain.as_bytes().to_vec();
    for segment in segments {
        key.push(b'/');
        key.extend_from_slice(segment.as_bytes());
    }
    key
}

/// Returns `{domain}/{a}/{b}/`, the prefix of every key below those segments. The trailing '/'
/// keeps candidate `ab` from matching the keys of candidate `abc`.
pub fn prefix(domain: &str, segments: &[&str]) -> Vec<u8> {
    let mut prefix = key(domain, segments);
    prefix.push(b'/');
    prefix
}

#[cfg(test)]
mod tests {
    #[test]
    fn keys_join_with_slashes_and_prefixes_end_with_one() {
        assert_eq!(super::key("app", &["it", "a1"]), b"app/it/a1");
        assert_eq!(super::prefix("app", &["it"]), b"app/it/");
        assert_eq!(super::key("meta", &[]), b"meta");
    }
}
