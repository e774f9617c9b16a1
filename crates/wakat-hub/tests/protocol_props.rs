//! Property tests of the hub protocol: parsing never panics, whatever arrives, and every message
//! survives its own record.

use proptest::prelude::*;
use serde_json::Value;
use wakat_hub::protocol::{HandshakeRequest, HubMessage, RecordReader, RECORD_SEPARATOR};

fn json_value() -> impl Strategy<Value = Value> + Clone {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        // Any text, control characters and the record separator included: JSON escapes them.
        any::<String>().prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map(any::<String>(), inner, 0..4).prop_map(|map| Value::Object(map.into_iter().collect())),
        ]
    })
}

fn message() -> impl Strategy<Value = HubMessage> {
    let id = any::<String>;
    let args = || prop::collection::vec(json_value(), 0..4);
    let streams = || prop::collection::vec(any::<String>(), 0..3);
    prop_oneof![
        (prop::option::of(id()), any::<String>(), args(), streams())
            .prop_map(|(invocation_id, target, arguments, stream_ids)| { HubMessage::Invocation { invocation_id, target, arguments, stream_ids } }),
        (id(), json_value()).prop_map(|(invocation_id, item)| HubMessage::StreamItem { invocation_id, item }),
        (id(), prop::option::of(json_value()), prop::option::of(any::<String>())).prop_map(|(invocation_id, result, error)| HubMessage::Completion {
            invocation_id,
            result,
            error
        }),
        (id(), any::<String>(), args(), streams())
            .prop_map(|(invocation_id, target, arguments, stream_ids)| { HubMessage::StreamInvocation { invocation_id, target, arguments, stream_ids } }),
        id().prop_map(|invocation_id| HubMessage::CancelInvocation { invocation_id }),
        Just(HubMessage::Ping),
        (prop::option::of(any::<String>()), any::<bool>()).prop_map(|(error, allow_reconnect)| HubMessage::Close { error, allow_reconnect }),
        (8u64..10_000).prop_map(HubMessage::Unknown),
    ]
}

/// Text that looks like hub messages, to reach past the JSON parser into the field checks.
fn message_like() -> impl Strategy<Value = String> {
    let field = prop_oneof![
        Just("\"type\":1".to_owned()),
        (0u64..12).prop_map(|kind| format!("\"type\":{kind}")),
        Just("\"type\":-1".to_owned()),
        Just("\"type\":1.5".to_owned()),
        Just("\"invocationId\":\"1\"".to_owned()),
        Just("\"invocationId\":7".to_owned()),
        Just("\"target\":\"Echo\"".to_owned()),
        Just("\"arguments\":[1,\"a\",null]".to_owned()),
        Just("\"arguments\":{}".to_owned()),
        Just("\"streamIds\":[\"s\"]".to_owned()),
        Just("\"result\":null".to_owned()),
        Just("\"item\":{\"a\":[]}".to_owned()),
        Just("\"error\":\"e\"".to_owned()),
        Just("\"allowReconnect\":true".to_owned()),
        Just("\"headers\":{\"a\":\"b\"}".to_owned()),
        Just("\"headers\":{\"a\":1}".to_owned()),
        "\"[a-zA-Z]{1,8}\":[0-9]{1,3}",
    ];
    prop::collection::vec(field, 0..7).prop_map(|fields| format!("{{{}}}", fields.join(",")))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn parsing_arbitrary_text_never_panics(text in any::<String>()) {
        let _ = HubMessage::parse(&text);
        let _ = HandshakeRequest::parse(&text);
    }

    #[test]
    fn parsing_arbitrary_bytes_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..256), limit in 0usize..64) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = HubMessage::parse(&text);
        let mut reader = RecordReader::default();
        if let Ok(records) = reader.push(&text, limit) {
            for record in records {
                prop_assert!(record.len() <= limit);
                let _ = HubMessage::parse(&record);
            }
        }
    }

    #[test]
    fn parsing_message_like_records_never_panics(text in message_like()) {
        if let Ok(message) = HubMessage::parse(&text) {
            // What was accepted is written back as a record that reads the same.
            let record = message.to_record();
            prop_assert_eq!(HubMessage::parse(record.trim_end_matches(RECORD_SEPARATOR)), Ok(message));
        }
    }

    #[test]
    fn every_message_survives_its_record(message in message()) {
        let record = message.to_record();
        // The separator ends the record and appears nowhere else (JSON escapes it in strings).
        prop_assert_eq!(record.matches(RECORD_SEPARATOR).count(), 1);
        prop_assert!(record.ends_with(RECORD_SEPARATOR));
        prop_assert_eq!(HubMessage::parse(&record[..record.len() - 1]), Ok(message));
    }

    #[test]
    fn records_split_anywhere_across_frames_read_the_same(messages in prop::collection::vec(message(), 1..5), cut in any::<prop::sample::Index>()) {
        let text: String = messages.iter().map(HubMessage::to_record).collect();
        let boundaries: Vec<usize> = (0..=text.len()).filter(|at| text.is_char_boundary(*at)).collect();
        let cut = boundaries[cut.index(boundaries.len())];
        let mut reader = RecordReader::default();
        let mut records = reader.push(&text[..cut], usize::MAX).unwrap();
        records.extend(reader.push(&text[cut..], usize::MAX).unwrap());
        prop_assert!(!reader.has_unfinished());
        let parsed: Vec<HubMessage> = records.iter().map(|record| HubMessage::parse(record).unwrap()).collect();
        prop_assert_eq!(parsed, messages);
    }
}
