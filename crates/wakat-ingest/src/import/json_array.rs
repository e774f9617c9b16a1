//! Splits a JSON array into the raw text of its elements without parsing them, so that one
//! malformed element is rejected on its own instead of failing the whole file, and every element
//! keeps the byte offset it starts at (for line numbers).

/// The raw text of one top-level element of a JSON array.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct RawElement<'a> {
    /// Byte offset of the element's first character in the input.
    pub offset: usize,
    /// The element's text, trimmed.
    pub text: &'a [u8],
}

/// The elements of an array, and what was wrong with its framing.
#[derive(Debug, Default)]
pub(super) struct SplitArray<'a> {
    /// Elements in order.
    pub elements: Vec<RawElement<'a>>,
    /// Framing problems (an empty element, an unterminated array, trailing text), each with the
    /// byte offset it was found at.
    pub problems: Vec<(usize, String)>,
}

/// Splits `bytes`, which must start (after whitespace) with `[`, into its top-level elements.
///
/// Nesting is tracked by counting brackets and braces outside strings, so elements with bad
/// values (`{"title": }`) still split correctly; only unbalanced brackets inside an element make
/// the following elements merge into it, and those are then rejected together as one record.
pub(super) fn split_array(bytes: &[u8]) -> Result<SplitArray<'_>, String> {
    let start = bytes.iter().position(|b| !b.is_ascii_whitespace()).ok_or("the file is empty")?;
    if bytes[start] != b'[' {
        return Err("expected a JSON array starting with `[`".into());
    }
    let mut split = SplitArray::default();
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    let mut element_start: Option<usize> = None;
    for (offset, &byte) in bytes.iter().enumerate().skip(start + 1) {
        if in_string {
            match byte {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        if element_start.is_none() && !byte.is_ascii_whitespace() && !(depth == 0 && matches!(byte, b',' | b']')) {
            element_start = Some(offset);
        }
        match byte {
            b'"' => in_string = true,
            b'[' | b'{' => depth += 1,
            b']' if depth == 0 => {
                split.push(bytes, element_start.take(), offset);
                let rest = &bytes[offset + 1..];
                if let Some(extra) = rest.iter().position(|b| !b.is_ascii_whitespace()) {
                    split.problems.push((offset + 1 + extra, "unexpected text after the closing `]` of the array".into()));
                }
                return Ok(split);
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            b',' if depth == 0 => {
                let from = element_start.take();
                if from.is_none() {
                    split.problems.push((offset, "empty array element (a comma with no value before it)".into()));
                }
                split.push(bytes, from, offset);
            }
            _ => {}
        }
    }
    match element_start {
        Some(from) => split.problems.push((from, "the array is not closed: the last record is cut off".into())),
        None => split.problems.push((bytes.len(), "the array is not closed with `]`".into())),
    }
    Ok(split)
}

impl<'a> SplitArray<'a> {
    fn push(&mut self, bytes: &'a [u8], from: Option<usize>, to: usize) {
        if let Some(from) = from {
            let text = trim_ascii(&bytes[from..to]);
            if !text.is_empty() {
                self.elements.push(RawElement { offset: from, text });
            }
        }
    }
}

fn trim_ascii(bytes: &[u8]) -> &[u8] {
    let start = bytes.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(bytes.len());
    let end = bytes.iter().rposition(|b| !b.is_ascii_whitespace()).map_or(start, |i| i + 1);
    &bytes[start..end.max(start)]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(split: &SplitArray) -> Vec<String> {
        split.elements.iter().map(|e| String::from_utf8_lossy(e.text).into_owned()).collect()
    }

    #[test]
    fn splits_top_level_elements_only() {
        let input = br#" [ {"a": [1, 2], "b": "x,]}"}, {"c": "\"{"} ,3 ] "#;
        let split = split_array(input).unwrap();
        assert_eq!(texts(&split), vec![r#"{"a": [1, 2], "b": "x,]}"}"#, r#"{"c": "\"{"}"#, "3"]);
        assert_eq!(split.elements[0].offset, 3);
        assert_eq!(split.problems, vec![]);
    }

    #[test]
    fn keeps_a_malformed_element_apart() {
        let split = split_array(b"[{\"a\": 1},\n{\"a\": },\n{\"a\": 3}]").unwrap();
        assert_eq!(texts(&split), vec!["{\"a\": 1}", "{\"a\": }", "{\"a\": 3}"]);
    }

    #[test]
    fn reports_framing_problems() {
        assert!(split_array(b"{}").is_err());
        assert!(split_array(b"   ").is_err());
        assert_eq!(split_array(b"[]").unwrap().elements, vec![]);
        let cut = split_array(b"[{\"a\": 1}, {\"a\"").unwrap();
        assert_eq!(cut.elements.len(), 1);
        assert_eq!(cut.problems[0].0, 11);
        let trailing = split_array(b"[1] x").unwrap();
        assert_eq!(trailing.problems[0].0, 4);
        let double_comma = split_array(b"[1,,2]").unwrap();
        assert_eq!(texts(&double_comma), vec!["1", "2"]);
        assert_eq!(double_comma.problems[0].0, 3);
    }
}
