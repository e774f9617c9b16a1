//! The store contract, model-based (issue 30): random sequences of every `KvStore` operation —
//! put, delete, get, prefix scans with and without a start, transactions, flushes and, on sled,
//! closing and reopening the directory — run against each engine and against a `BTreeMap`; every
//! read must equal the model's. Keys come from a tiny alphabet (`a`, `b`, `/`, 0x00, 0xff) so that
//! prefixes overlap, keys collide and byte order is exercised at its edges.

use std::collections::BTreeMap;
use std::ops::Bound;

use proptest::prelude::*;
use wakat_store::{KvStore, MemoryStore, SledStore, WriteOp};

type Model = BTreeMap<Vec<u8>, Vec<u8>>;

#[derive(Debug, Clone)]
enum Op {
    Put(Vec<u8>, Vec<u8>),
    Delete(Vec<u8>),
    Get(Vec<u8>),
    Scan(Vec<u8>),
    ScanFrom(Vec<u8>, Vec<u8>),
    Transaction(Vec<WriteOp>),
    Flush,
    /// Closes the engine and opens its directory again (sled only; a no-op in memory). After a
    /// flush nothing may be lost; sled also keeps unflushed writes on a clean close.
    Reopen,
}

fn key() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(prop::sample::select(vec![b'a', b'b', b'/', 0x00, 0xff]), 0..4)
}

fn value() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(any::<u8>(), 0..6)
}

fn write_op() -> impl Strategy<Value = WriteOp> {
    prop_oneof![(key(), value()).prop_map(|(key, value)| WriteOp::Put { key, value }), key().prop_map(|key| WriteOp::Delete { key })]
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (key(), value()).prop_map(|(k, v)| Op::Put(k, v)),
        2 => key().prop_map(Op::Delete),
        2 => key().prop_map(Op::Get),
        2 => key().prop_map(Op::Scan),
        2 => (key(), key()).prop_map(|(prefix, start)| Op::ScanFrom(prefix, start)),
        2 => prop::collection::vec(write_op(), 0..6).prop_map(Op::Transaction),
        1 => Just(Op::Flush),
        1 => Just(Op::Reopen),
    ]
}

fn apply(model: &mut Model, write: &WriteOp) {
    match write {
        WriteOp::Put { key, value } => {
            model.insert(key.clone(), value.clone());
        }
        WriteOp::Delete { key } => {
            model.remove(key);
        }
    }
}

/// The model's answer to a prefix scan from `start`: keys with the prefix, `>= start`, ascending.
fn model_scan(model: &Model, prefix: &[u8], start: &[u8]) -> Vec<(Vec<u8>, Vec<u8>)> {
    let from = if start > prefix { start.to_vec() } else { prefix.to_vec() };
    model
        .range::<Vec<u8>, _>((Bound::Included(from), Bound::Unbounded))
        .take_while(|(key, _)| key.starts_with(prefix))
        .map(|(key, value)| (key.clone(), value.clone()))
        .collect()
}

fn collect(entries: wakat_store::KvIter<'_>) -> Vec<(Vec<u8>, Vec<u8>)> {
    entries.collect::<Result<_, _>>().expect("a scan succeeds")
}

/// Runs `ops` on the engine `open` makes (called again for each `Reopen`) and on the model.
fn check(ops: &[Op], open: &dyn Fn() -> Box<dyn KvStore>) -> Result<(), TestCaseError> {
    let mut model = Model::new();
    let mut store = open();
    for (step, op) in ops.iter().enumerate() {
        match op {
            Op::Put(key, value) => {
                store.put(key, value).expect("put");
                model.insert(key.clone(), value.clone());
            }
            Op::Delete(key) => {
                store.delete(key).expect("delete");
                model.remove(key);
            }
            Op::Get(key) => prop_assert_eq!(store.get(key).expect("get"), model.get(key).cloned(), "step {}: get {:?}", step, key),
            Op::Scan(prefix) => prop_assert_eq!(collect(store.scan_prefix(prefix)), model_scan(&model, prefix, &[]), "step {}: scan {:?}", step, prefix),
            Op::ScanFrom(prefix, start) => prop_assert_eq!(
                collect(store.scan_prefix_from(prefix, start)),
                model_scan(&model, prefix, start),
                "step {}: scan {:?} from {:?}",
                step,
                prefix,
                start
            ),
            Op::Transaction(writes) => {
                store.transaction(writes.clone()).expect("transaction");
                for write in writes {
                    apply(&mut model, write);
                }
            }
            Op::Flush => store.flush().expect("flush"),
            Op::Reopen => {
                store.flush().expect("flush before closing");
                drop(store);
                store = open();
            }
        }
    }
    // Everything the model holds, and nothing else, is in the engine at the end.
    prop_assert_eq!(collect(store.scan_prefix(&[])), model_scan(&model, &[], &[]));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn the_memory_store_behaves_as_an_ordered_map(ops in prop::collection::vec(op(), 1..60)) {
        let store = std::sync::Arc::new(MemoryStore::new());
        // "Reopening" the memory store hands back the same map: it has no directory to reopen.
        check(&ops, &|| Box::new(SharedMemory(store.clone())) as Box<dyn KvStore>)?;
    }

    #[test]
    fn sled_behaves_as_an_ordered_map_across_reopens(ops in prop::collection::vec(op(), 1..60)) {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = dir.path().to_path_buf();
        check(&ops, &|| Box::new(SledStore::open(&path).expect("sled opens")) as Box<dyn KvStore>)?;
    }
}

/// A memory store shared between "reopens".
struct SharedMemory(std::sync::Arc<MemoryStore>);

impl KvStore for SharedMemory {
    fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, wakat_store::StoreError> {
        self.0.get(key)
    }
    fn put(&self, key: &[u8], value: &[u8]) -> Result<(), wakat_store::StoreError> {
        self.0.put(key, value)
    }
    fn delete(&self, key: &[u8]) -> Result<(), wakat_store::StoreError> {
        self.0.delete(key)
    }
    fn scan_prefix<'a>(&'a self, prefix: &[u8]) -> wakat_store::KvIter<'a> {
        self.0.scan_prefix(prefix)
    }
    fn scan_prefix_from<'a>(&'a self, prefix: &[u8], start: &[u8]) -> wakat_store::KvIter<'a> {
        self.0.scan_prefix_from(prefix, start)
    }
    fn transaction(&self, ops: Vec<WriteOp>) -> Result<(), wakat_store::StoreError> {
        self.0.transaction(ops)
    }
    fn flush(&self) -> Result<(), wakat_store::StoreError> {
        self.0.flush()
    }
}
