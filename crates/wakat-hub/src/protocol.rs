//! The SignalR JSON hub protocol, version 1, as the `@microsoft/signalr` client speaks it.
//!
//! Every record is one JSON object followed by the record separator 0x1E; one WebSocket text
//! frame may carry several records, and the first record of a connection is the handshake. The
//! message's `type` is a number, which serde's tagged enums cannot read, so records are read
//! into one flat [`RawMessage`] and checked into a [`HubMessage`] by hand.
//!
//! Parsing never panics, whatever the input (a property test feeds it arbitrary text).

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use std::collections::HashMap;

/// Ends every record of the JSON hub protocol.
pub const RECORD_SEPARATOR: char = '\u{1e}';

/// The one protocol this hub speaks.
pub const PROTOCOL_NAME: &str = "json";

/// The one version of it.
pub const PROTOCOL_VERSION: u32 = 1;

/// A record that is not what the protocol allows.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ProtocolError {
    /// Not a JSON object of the expected shape.
    #[error("invalid JSON record: {0}")]
    Json(String),
    /// A message of a known type without a field it needs.
    #[error("message of type {kind} lacks the field '{field}'")]
    MissingField {
        /// The message type.
        kind: u64,
        /// The missing field's name.
        field: &'static str,
    },
}

/// The client's first record: which protocol it speaks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandshakeRequest {
    /// `json` here; `messagepack` is not spoken.
    pub protocol: String,
    /// The protocol's version.
    pub version: u32,
}

/// The server's answer to the handshake: `{}` when accepted, `{"error":"…"}` when not.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandshakeResponse {
    /// Why the handshake was refused; absent when accepted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl HandshakeRequest {
    /// Reads a handshake record (without its separator).
    pub fn parse(record: &str) -> Result<Self, ProtocolError> {
        serde_json::from_str(record).map_err(|error| ProtocolError::Json(error.to_string()))
    }

    /// Why this hub refuses the request, if it does.
    pub fn refusal(&self) -> Option<String> {
        if self.protocol != PROTOCOL_NAME {
            Some(format!("The protocol '{}' is not supported.", self.protocol))
        } else if self.version != PROTOCOL_VERSION {
            Some(format!("The protocol '{}' version {} is not supported.", self.protocol, self.version))
        } else {
            None
        }
    }
}

/// One message of the hub protocol (after the handshake).
#[derive(Debug, Clone, PartialEq)]
pub enum HubMessage {
    /// Type 1: calls a method; without `invocation_id` the caller expects no completion.
    Invocation {
        /// Matches the completion to its invocation.
        invocation_id: Option<String>,
        /// The method's name.
        target: String,
        /// The method's arguments.
        arguments: Vec<Value>,
        /// Streams the caller uploads as further arguments.
        stream_ids: Vec<String>,
    },
    /// Type 2: one item of a stream.
    StreamItem {
        /// The stream's invocation.
        invocation_id: String,
        /// The item.
        item: Value,
    },
    /// Type 3: the end of an invocation, with its result or its error.
    Completion {
        /// The invocation it ends.
        invocation_id: String,
        /// Present (possibly `null`) when the method returned a value.
        result: Option<Value>,
        /// Present when the method failed; the client raises it as an `Error`.
        error: Option<String>,
    },
    /// Type 4: calls a method whose result is a stream.
    StreamInvocation {
        /// The stream's id.
        invocation_id: String,
        /// The method's name.
        target: String,
        /// The method's arguments.
        arguments: Vec<Value>,
        /// Streams the caller uploads as further arguments.
        stream_ids: Vec<String>,
    },
    /// Type 5: the caller no longer wants a stream.
    CancelInvocation {
        /// The stream's invocation.
        invocation_id: String,
    },
    /// Type 6: keep-alive.
    Ping,
    /// Type 7: the connection ends, with an error if it failed.
    Close {
        /// Why, when it failed.
        error: Option<String>,
        /// Whether the client should reconnect (with automatic reconnect configured).
        allow_reconnect: bool,
    },
    /// A type this version does not know (e.g. the acknowledgements of stateful reconnect):
    /// skipped, as the protocol allows newer peers to send more.
    Unknown(u64),
}

/// Every field of every message type, as the JSON carries them.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawMessage {
    #[serde(rename = "type")]
    kind: u64,
    invocation_id: Option<String>,
    target: Option<String>,
    arguments: Option<Vec<Value>>,
    stream_ids: Option<Vec<String>>,
    #[serde(default, deserialize_with = "present")]
    item: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    result: Option<Value>,
    error: Option<String>,
    allow_reconnect: Option<bool>,
    // Message headers are allowed by the protocol; nothing here reads them.
    #[allow(dead_code)]
    headers: Option<HashMap<String, String>>,
}

/// Keeps a `null` apart from an absent field: a completion with `"result": null` returned a value.
fn present<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(deserializer).map(Some)
}

/// What a message turns into on the wire.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct WireMessage<'a> {
    #[serde(rename = "type")]
    kind: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    invocation_id: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    target: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    arguments: Option<&'a [Value]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stream_ids: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    item: Option<&'a Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<&'a Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    allow_reconnect: Option<bool>,
}

impl WireMessage<'_> {
    fn of_kind(kind: u64) -> Self {
        WireMessage { kind, invocation_id: None, target: None, arguments: None, stream_ids: None, item: None, result: None, error: None, allow_reconnect: None }
    }
}

impl HubMessage {
    /// Reads one record (without its separator).
    pub fn parse(record: &str) -> Result<Self, ProtocolError> {
        let raw: RawMessage = serde_json::from_str(record).map_err(|error| ProtocolError::Json(error.to_string()))?;
        let kind = raw.kind;
        let need = |value: Option<String>, field| value.ok_or(ProtocolError::MissingField { kind, field });
        Ok(match kind {
            1 => HubMessage::Invocation {
                invocation_id: raw.invocation_id,
                target: need(raw.target, "target")?,
                arguments: raw.arguments.ok_or(ProtocolError::MissingField { kind, field: "arguments" })?,
                stream_ids: raw.stream_ids.unwrap_or_default(),
            },
            2 => HubMessage::StreamItem {
                invocation_id: need(raw.invocation_id, "invocationId")?,
                item: raw.item.ok_or(ProtocolError::MissingField { kind, field: "item" })?,
            },
            3 => HubMessage::Completion { invocation_id: need(raw.invocation_id, "invocationId")?, result: raw.result, error: raw.error },
            4 => HubMessage::StreamInvocation {
                invocation_id: need(raw.invocation_id, "invocationId")?,
                target: need(raw.target, "target")?,
                arguments: raw.arguments.ok_or(ProtocolError::MissingField { kind, field: "arguments" })?,
                stream_ids: raw.stream_ids.unwrap_or_default(),
            },
            5 => HubMessage::CancelInvocation { invocation_id: need(raw.invocation_id, "invocationId")? },
            6 => HubMessage::Ping,
            7 => HubMessage::Close { error: raw.error, allow_reconnect: raw.allow_reconnect.unwrap_or(false) },
            other => HubMessage::Unknown(other),
        })
    }

    /// The record for this message, separator included.
    pub fn to_record(&self) -> String {
        let mut wire;
        match self {
            HubMessage::Invocation { invocation_id, target, arguments, stream_ids } => {
                wire = WireMessage::of_kind(1);
                wire.invocation_id = invocation_id.as_deref();
                wire.target = Some(target);
                wire.arguments = Some(arguments);
                wire.stream_ids = (!stream_ids.is_empty()).then_some(stream_ids.as_slice());
            }
            HubMessage::StreamItem { invocation_id, item } => {
                wire = WireMessage::of_kind(2);
                wire.invocation_id = Some(invocation_id);
                wire.item = Some(item);
            }
            HubMessage::Completion { invocation_id, result, error } => {
                wire = WireMessage::of_kind(3);
                wire.invocation_id = Some(invocation_id);
                wire.result = result.as_ref();
                wire.error = error.as_deref();
            }
            HubMessage::StreamInvocation { invocation_id, target, arguments, stream_ids } => {
                wire = WireMessage::of_kind(4);
                wire.invocation_id = Some(invocation_id);
                wire.target = Some(target);
                wire.arguments = Some(arguments);
                wire.stream_ids = (!stream_ids.is_empty()).then_some(stream_ids.as_slice());
            }
            HubMessage::CancelInvocation { invocation_id } => {
                wire = WireMessage::of_kind(5);
                wire.invocation_id = Some(invocation_id);
            }
            HubMessage::Ping => wire = WireMessage::of_kind(6),
            HubMessage::Close { error, allow_reconnect } => {
                wire = WireMessage::of_kind(7);
                wire.error = error.as_deref();
                wire.allow_reconnect = allow_reconnect.then_some(true);
            }
            HubMessage::Unknown(kind) => wire = WireMessage::of_kind(*kind),
        }
        // Serialising plain data (strings, JSON values) into a String cannot fail.
        let mut record = serde_json::to_string(&wire).unwrap_or_default();
        record.push(RECORD_SEPARATOR);
        record
    }
}

/// The record of a handshake answer, separator included.
pub fn handshake_record(response: &HandshakeResponse) -> String {
    let mut record = serde_json::to_string(response).unwrap_or_else(|_| "{}".to_owned());
    record.push(RECORD_SEPARATOR);
    record
}

/// Splits incoming text into whole records, keeping an unfinished one for the next frame.
///
/// The JavaScript client sends whole records per frame, but the protocol lets a record span
/// frames; the unfinished part is bounded by `max_record_bytes` so a peer that never sends a
/// separator cannot grow it.
#[derive(Debug, Default)]
pub struct RecordReader {
    unfinished: String,
}

/// A record longer than the limit.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("a record exceeds {limit} bytes")]
pub struct RecordTooLarge {
    /// The limit in bytes.
    pub limit: usize,
}

impl RecordReader {
    /// Appends a frame's text and returns the records it completed (without separators).
    pub fn push(&mut self, text: &str, max_record_bytes: usize) -> Result<Vec<String>, RecordTooLarge> {
        let mut records = Vec::new();
        let mut pieces = text.split(RECORD_SEPARATOR).peekable();
        while let Some(piece) = pieces.next() {
            if self.unfinished.len() + piece.len() > max_record_bytes {
                self.unfinished.clear();
                return Err(RecordTooLarge { limit: max_record_bytes });
            }
            self.unfinished.push_str(piece);
            // The last piece has no separator after it: it stays unfinished (empty after a
            // frame that ends with one).
            if pieces.peek().is_some() {
                records.push(std::mem::take(&mut self.unfinished));
            }
        }
        Ok(records)
    }

    /// Whether part of a record is waiting for its end.
    pub fn has_unfinished(&self) -> bool {
        !self.unfinished.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_the_messages_the_javascript_client_sends() {
        let invocation = HubMessage::parse(r#"{"arguments":["a",1],"invocationId":"0","target":"Echo","type":1}"#);
        assert_eq!(
            invocation,
            Ok(HubMessage::Invocation { invocation_id: Some("0".into()), target: "Echo".into(), arguments: vec![json!("a"), json!(1)], stream_ids: vec![] })
        );
        let send = HubMessage::parse(r#"{"arguments":[],"target":"Fire","type":1}"#).unwrap();
        assert!(matches!(send, HubMessage::Invocation { invocation_id: None, .. }));
        assert_eq!(HubMessage::parse(r#"{"type":6}"#), Ok(HubMessage::Ping));
        assert_eq!(
            HubMessage::parse(r#"{"type":7,"error":"x","allowReconnect":true}"#),
            Ok(HubMessage::Close { error: Some("x".into()), allow_reconnect: true })
        );
        assert_eq!(HubMessage::parse(r#"{"type":8,"sequenceId":3}"#), Ok(HubMessage::Unknown(8)));
    }

    #[test]
    fn refuses_records_of_the_wrong_shape() {
        assert!(matches!(HubMessage::parse("{"), Err(ProtocolError::Json(_))));
        assert!(matches!(HubMessage::parse(r#"{"target":"Echo"}"#), Err(ProtocolError::Json(_))));
        assert_eq!(HubMessage::parse(r#"{"type":1,"arguments":[]}"#), Err(ProtocolError::MissingField { kind: 1, field: "target" }));
        assert_eq!(HubMessage::parse(r#"{"type":3}"#), Err(ProtocolError::MissingField { kind: 3, field: "invocationId" }));
    }

    #[test]
    fn a_null_result_is_kept_apart_from_no_result() {
        let with_null = HubMessage::parse(r#"{"type":3,"invocationId":"1","result":null}"#).unwrap();
        assert!(matches!(with_null, HubMessage::Completion { result: Some(Value::Null), .. }));
        assert!(with_null.to_record().contains(r#""result":null"#));
        let void = HubMessage::parse(r#"{"type":3,"invocationId":"1"}"#).unwrap();
        assert!(matches!(void, HubMessage::Completion { result: None, error: None, .. }));
    }

    #[test]
    fn writes_records_with_the_separator() {
        let record = HubMessage::Completion { invocation_id: "4".into(), result: None, error: Some("no".into()) }.to_record();
        assert_eq!(record, "{\"type\":3,\"invocationId\":\"4\",\"error\":\"no\"}\u{1e}");
        assert_eq!(HubMessage::Ping.to_record(), "{\"type\":6}\u{1e}");
        assert_eq!(handshake_record(&HandshakeResponse::default()), "{}\u{1e}");
    }

    #[test]
    fn the_handshake_accepts_json_version_1_only() {
        let request = HandshakeRequest::parse(r#"{"protocol":"json","version":1}"#).unwrap();
        assert_eq!(request.refusal(), None);
        let msgpack = HandshakeRequest::parse(r#"{"protocol":"messagepack","version":1}"#).unwrap();
        assert!(msgpack.refusal().is_some());
        let v2 = HandshakeRequest::parse(r#"{"protocol":"json","version":2}"#).unwrap();
        assert!(v2.refusal().is_some());
    }

    #[test]
    fn one_frame_carries_several_records_and_a_record_may_span_frames() {
        let mut reader = RecordReader::default();
        assert_eq!(reader.push("{\"type\":6}\u{1e}{\"type\":6}\u{1e}{\"ty", 100), Ok(vec!["{\"type\":6}".to_owned(), "{\"type\":6}".to_owned()]));
        assert!(reader.has_unfinished());
        assert_eq!(reader.push("pe\":6}\u{1e}", 100), Ok(vec!["{\"type\":6}".to_owned()]));
        assert!(!reader.has_unfinished());
    }

    #[test]
    fn a_record_over_the_limit_is_refused_even_across_frames() {
        let mut reader = RecordReader::default();
        assert_eq!(reader.push(&"x".repeat(60), 100), Ok(vec![]));
        assert_eq!(reader.push(&"x".repeat(60), 100), Err(RecordTooLarge { limit: 100 }));
        assert_eq!(reader.push(&format!("{}\u{1e}", "y".repeat(100)), 100), Ok(vec!["y".repeat(100)]));
    }
}
