"""Section of BENCHMARKS.md for scripts/bench-typos: the in-process query latency with typo
tolerance on and off, side by side, from the `BENCH {json}` lines of benches/queries.rs."""
import argparse
import json
from datetime import datetime, timezone

from bench_sections import commit, load_note, machine, replace_section

START = "<!-- scripts/bench-typos section: generated, do not edit. -->"
END = "<!-- End of the scripts/bench-typos section. -->"
P99_TARGET_MS = 20
MISSPELLED = "misspelled+3filters+sort+page"


def read(path):
    rows, header = {}, ""
    for line in open(path):
        if line.startswith("BENCH "):
            row = json.loads(line[len("BENCH "):])
            rows[(row["type"], row["variant"])] = row
        elif line.startswith("queries bench:"):
            header = line.strip()
    return rows, header


def section(on, off, header):
    model, cores = machine()
    lines = [
        START,
        "## Typo tolerance at scale (issue 13)",
        "",
        f"`scripts/bench-typos`: `benches/queries.rs` twice on the same index, typo tolerance on (as wakat.toml ships) "
        f"and off (`WAKAT_RANKING__TYPO_TOLERANCE=false`). {header.replace('queries bench: ', '')}. "
        f"`{MISSPELLED}` is the keyword listing with role words typed with one slip (`developr`, `programita`, "
        "`analitk`, …): with tolerance off they find nothing, so that row shows what a correction costs.",
        "",
        "| Query type | on p50 ms | on p99 ms | off p50 ms | off p99 ms | p99 cost | matches on / off | target p99 (on) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for key, row in on.items():
        kind, variant = key
        other = off.get(key)
        name = f"↳ {variant}" if variant else kind
        target = f"≤ {P99_TARGET_MS} ms: {'pass' if row['p99_ms'] <= P99_TARGET_MS else 'MISSED'}" if not variant else ""
        if other:
            cost = f"{row['p99_ms'] - other['p99_ms']:+.2f} ms"
            lines.append(f"| {name} | {row['p50_ms']:.2f} | {row['p99_ms']:.2f} | {other['p50_ms']:.2f} | {other['p99_ms']:.2f} | {cost} | "
                         f"{row['avg_matches']:,.0f} / {other['avg_matches']:,.0f} | {target} |")
    lines += ["", f"Machine: {model}, {cores} cores ({load_note()}); commit {commit()}; {datetime.now(timezone.utc):%Y-%m-%d}.", END]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--on", required=True)
    parser.add_argument("--off", required=True)
    parser.add_argument("--out")
    args = parser.parse_args()
    on, header = read(args.on)
    off, _ = read(args.off)
    text = section(on, off, header)
    print(text)
    if args.out:
        replace_section(args.out, START, END, text)


if __name__ == "__main__":
    main()
