//! Ledger throughput: `/give` transfers per second on a real SQLite file in WAL mode, with
//! synchronous=FULL (the product's choice) and synchronous=NORMAL.
//!
//! Run with `cargo bench --bench ledger`.

use std::sync::atomic::{AtomicU64, Ordering};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use holotable::ledger::{Durability, Ledger};

fn bench_durability(c: &mut Criterion, name: &str, durability: Durability) {
    let dir = std::env::temp_dir().join(format!("holotable-bench-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ledger = Ledger::open(&dir.join("ledger.db"), durability).unwrap();
    ledger.open_account("g", "alice").unwrap();
    ledger.open_account("g", "bob").unwrap();
    let counter = AtomicU64::new(0);
    let mut group = c.benchmark_group("ledger");
    group.throughput(Throughput::Elements(1));
    group.bench_function(format!("give_{name}"), |b| {
        b.iter(|| {
            let n = counter.fetch_add(1, Ordering::Relaxed);
            let (from, to) = if n.is_multiple_of(2) {
                ("alice", "bob")
            } else {
                ("bob", "alice")
            };
            ledger.give("g", &format!("k{n}"), from, to, 1).unwrap();
        })
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

fn benches(c: &mut Criterion) {
    bench_durability(c, "full", Durability::Full);
    bench_durability(c, "normal", Durability::Normal);
}

criterion_group!(ledger, benches);
criterion_main!(ledger);
