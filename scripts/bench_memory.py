#!/usr/bin/env python3
"""Memory and size of the bulk paths (issue 8): runs `wakat generate` of N offers into a fresh
data directory, then `wakat reindex` of it, sampling each process's resident memory from
/proc/PID/status every 200 ms (anonymous and file-backed apart: mapped index files count as
file-backed and the kernel can drop them), and rewrites its section of BENCHMARKS.md.

    scripts/bench_memory.py --wakat target/release/wakat --offers 1000000 --data DIR [--out BENCHMARKS.md]
"""
import argparse
import os
import subprocess
import sys
import time
import tomllib

from bench_sections import commit, load_note, machine, replace_section

# One section per size, so the 200k and 1M figures stand side by side.
START = "<!-- scripts/bench-memory {offers} section: generated, do not edit. -->"
END = "<!-- End of the scripts/bench-memory {offers} section. -->"
# Targets of issue 8 (MB): peak RSS of generate and reindex, store on disk.
TARGETS = {200_000: {"generate": 600, "reindex": None, "store": 600}, 1_000_000: {"generate": 1200, "reindex": 1200, "store": 3000}}


def status_kb(pid):
    values = {}
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                name, _, rest = line.partition(":")
                if name in ("RssAnon", "RssFile", "RssShmem"):
                    values[name] = int(rest.split()[0])
    except OSError:
        return None
    return values


def run(command, env):
    """Runs `command`; returns (seconds, peak RSS MB, anonymous MB at that peak, file MB at that peak, peak anonymous MB)."""
    started = time.monotonic()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    peak = (0, 0, 0)
    peak_anon = 0
    while process.poll() is None:
        values = status_kb(process.pid)
        if values:
            anon, file = values.get("RssAnon", 0), values.get("RssFile", 0) + values.get("RssShmem", 0)
            peak_anon = max(peak_anon, anon)
            if anon + file > peak[0]:
                peak = (anon + file, anon, file)
        time.sleep(0.2)
    stderr = process.stderr.read()
    if process.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({process.returncode}):\n{stderr[-2000:]}")
    mb = lambda kb: kb / 1024
    return time.monotonic() - started, mb(peak[0]), mb(peak[1]), mb(peak[2]), mb(peak_anon)


def disk_mb(path):
    total = 0
    for root, _, files in os.walk(path):
        for name in files:
            try:
                total += os.path.getsize(os.path.join(root, name))
            except OSError:
                pass
    return total / 1024 / 1024


def verdict(value, target):
    if target is None:
        return "—"
    return f"≤ {target:,} MB: {'pass' if value <= target else 'MISSED'}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--wakat", required=True)
    parser.add_argument("--offers", type=int, required=True)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--data", required=True, help="a fresh data directory")
    parser.add_argument("--out", default="BENCHMARKS.md", help="empty: print only")
    args = parser.parse_args()
    env = dict(os.environ, WAKAT_TENANTS__0__DEFAULT_DATA="", WAKAT_TENANTS__1__DEFAULT_DATA="")
    writer_mb = env.get("WAKAT_SERVER__WRITER_MEMORY_MB") or tomllib.load(open(env.get("WAKAT_CONFIG", "wakat.toml"), "rb"))["server"]["writer_memory_mb"]
    generate_cmd = [args.wakat, "generate", "--offers", str(args.offers), "--seed", str(args.seed), "--data-dir", args.data]
    reindex_cmd = [args.wakat, "reindex", "--data-dir", args.data]
    rows = []
    targets = TARGETS.get(args.offers, {})
    for step, command in (("generate", generate_cmd), ("reindex", reindex_cmd)):
        print(f"[bench_memory] {' '.join(command)}", file=sys.stderr, flush=True)
        seconds, peak, anon, file, peak_anon = run(command, env)
        store, index = disk_mb(os.path.join(args.data, "store")), disk_mb(os.path.join(args.data, "index"))
        rows.append((step, " ".join(command), seconds, peak, anon, file, peak_anon, store, index, targets.get(step)))
    store_target = targets.get("store")
    model, cores = machine()
    start, end = START.format(offers=args.offers), END.format(offers=args.offers)
    lines = [
        start,
        f"## Memory and size of the bulk paths at {args.offers:,} offers (issue 8)",
        "",
        f"`scripts/bench-memory {args.offers}`: `wakat generate` of {args.offers:,} offers (seed {args.seed}) into a fresh data directory, then `wakat reindex` of it; "
        f"index writer budget {writer_mb} MB. Resident memory is sampled every 200 ms from `/proc/PID/status`: anonymous (heap) and file-backed (mapped index files, "
        "which the kernel can drop) apart. A bulk load commits every 50,000 pending deletes (tantivy keeps about 1 KB per delete until a commit) and a rebuild queues none.",
        "",
        "| Step | Wall clock | Peak RSS | anon / file at the peak | Peak anon | Store after | Index after | Target peak RSS |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for step, command, seconds, peak, anon, file, peak_anon, store, index, target in rows:
        lines.append(f"| `{step}` | {seconds:.1f} s | {peak:,.0f} MB | {anon:,.0f} / {file:,.0f} MB | {peak_anon:,.0f} MB | {store:,.0f} MB | {index:,.0f} MB | {verdict(peak, target)} |")
    store = rows[-1][7]
    lines += [
        "",
        f"Store on disk: {store:,.0f} MB ({store * 1024 * 1024 / args.offers:,.0f} bytes per offer), target {verdict(store, store_target)}; "
        f"index {rows[-1][8]:,.0f} MB ({rows[-1][8] * 1024 * 1024 / args.offers:,.0f} bytes per offer).",
        "",
        "```",
        *[row[1] for row in rows],
        "```",
        "",
        f"Machine: {model}, {cores} cores ({load_note()}); commit {commit()}; {time.strftime('%Y-%m-%d')}.",
        end,
    ]
    section = "\n".join(lines)
    print(section)
    if args.out:
        replace_section(args.out, start, end, section)


if __name__ == "__main__":
    main()
