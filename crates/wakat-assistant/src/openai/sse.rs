//! Server-Sent Events as the chat-completions stream sends them: lines ending in `\n`, `\r\n`
//! or `\r`, `data:` fields joined by `\n`, a blank line ending an event, `:` comments and other
//! fields ignored (the WHATWG event-stream rules, only the part a completion stream uses).
//! Fed the body's chunks as they come, so a line or a UTF-8 character may be cut anywhere.

/// The longest line kept while waiting for its end: a provider that never ends a line would
/// otherwise grow the buffer without bound.
pub(crate) const MAX_LINE_BYTES: usize = 1 << 20;

/// A line longer than [`MAX_LINE_BYTES`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LineTooLong;

/// The incremental parser: bytes in, the `data` of each complete event out.
#[derive(Debug, Default)]
pub(crate) struct SseParser {
    /// The current line's bytes so far (decoded once the line is complete, so that a character
    /// cut between two chunks is whole).
    line: Vec<u8>,
    /// The last byte fed was a `\r`: a `\n` that follows belongs to the same line end.
    after_cr: bool,
    /// The current event's data lines, joined by `\n`.
    data: String,
    /// The current event has at least one `data` field (an event of only comments is none).
    has_data: bool,
}

impl SseParser {
    /// Reads `bytes` and returns the data of every event they complete, in order.
    pub(crate) fn feed(&mut self, bytes: &[u8]) -> Result<Vec<String>, LineTooLong> {
        let mut events = Vec::new();
        for &byte in bytes {
            let after_cr = std::mem::replace(&mut self.after_cr, byte == b'\r');
            match byte {
                b'\n' if after_cr => {}
                b'\n' | b'\r' => self.end_line(&mut events),
                _ if self.line.len() >= MAX_LINE_BYTES => return Err(LineTooLong),
                _ => self.line.push(byte),
            }
        }
        Ok(events)
    }

    fn end_line(&mut self, events: &mut Vec<String>) {
        let line = std::mem::take(&mut self.line);
        if line.is_empty() {
            if std::mem::take(&mut self.has_data) {
                events.push(std::mem::take(&mut self.data));
            }
            return;
        }
        let line = String::from_utf8_lossy(&line);
        let (field, value) = match line.split_once(':') {
            Some((field, value)) => (field, value.strip_prefix(' ').unwrap_or(value)),
            None => (line.as_ref(), ""),
        };
        // Comments (`: keep-alive`) have an empty field name; `event`, `id` and `retry` are
        // not used by completion streams.
        if field == "data" {
            if self.has_data {
                self.data.push('\n');
            }
            self.data.push_str(value);
            self.has_data = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn parse_whole(bytes: &[u8]) -> Result<Vec<String>, LineTooLong> {
        SseParser::default().feed(bytes)
    }

    #[test]
    fn reads_events_comments_and_every_line_end() {
        let stream = b": keep-alive\r\n\r\ndata: {\"a\":1}\n\ndata:x\rdata: y\r\revent: ping\nid: 3\n\ndata: [DONE]\r\n\r\n";
        assert_eq!(parse_whole(stream).unwrap(), vec!["{\"a\":1}", "x\ny", "[DONE]"]);
    }

    #[test]
    fn an_event_cut_anywhere_is_read_once_whole() {
        let stream = "data: {\"content\":\"Zażółć\"}\r\n\r\ndata: [DONE]\r\n\r\n".as_bytes();
        for cut in 0..stream.len() {
            let mut parser = SseParser::default();
            let mut events = parser.feed(&stream[..cut]).unwrap();
            events.extend(parser.feed(&stream[cut..]).unwrap());
            assert_eq!(events, vec!["{\"content\":\"Zażółć\"}", "[DONE]"], "cut at {cut}");
        }
    }

    #[test]
    fn an_event_without_its_blank_line_is_not_read_yet() {
        assert!(parse_whole(b"data: [DONE]\n").unwrap().is_empty());
    }

    #[test]
    fn a_line_without_end_is_refused_past_the_limit() {
        let mut parser = SseParser::default();
        assert_eq!(parser.feed(&vec![b'a'; MAX_LINE_BYTES]).unwrap(), Vec::<String>::new());
        assert_eq!(parser.feed(b"a"), Err(LineTooLong));
    }

    proptest! {
        /// Arbitrary bytes, fed in arbitrary pieces, never panic and give the same events as
        /// the same bytes fed at once.
        #[test]
        fn never_panics_and_pieces_do_not_matter(bytes in proptest::collection::vec(any::<u8>(), 0..512), cuts in proptest::collection::vec(any::<usize>(), 0..8)) {
            let whole = parse_whole(&bytes).unwrap();
            let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c % (bytes.len() + 1)).collect();
            cuts.sort_unstable();
            let mut parser = SseParser::default();
            let mut pieces = Vec::new();
            let mut start = 0;
            for cut in cuts.into_iter().chain([bytes.len()]) {
                pieces.extend(parser.feed(&bytes[start..cut]).unwrap());
                start = cut;
            }
            prop_assert_eq!(whole, pieces);
        }

        /// Byte soup made of the characters that matter to the parser.
        #[test]
        fn never_panics_on_line_ends_and_colons(bytes in proptest::collection::vec(prop_oneof![Just(b'\r'), Just(b'\n'), Just(b':'), Just(b' '), Just(b'd'), Just(0xC5), any::<u8>()], 0..512)) {
            let _ = parse_whole(&bytes);
        }
    }
}
