#!/usr/bin/env python3
"""Writes the long-tail section of BENCHMARKS.md from `scripts/bench --long-tail`'s result.

The section sits between its own markers, after the main scripts/bench section (which that
script's report rewrites) and before the web app's; a run replaces only this section.
"""

import argparse
import json
import pathlib

from bench_sections import replace_section

START = "<!-- scripts/bench long-tail section: generated, do not edit. -->"
END = "<!-- End of the scripts/bench long-tail section. -->"
AFTER = "<!-- End of the scripts/bench section; what follows is kept. -->"
TARGET_RSS_MB = 400
TARGET_RPS = 2500  # issue 8, at 200,000 offers
TARGET_GENERATE_RSS_MB = 600
TARGET_STORE_MB = 600


def verdict(ok: bool) -> str:
    return "pass" if ok else "**MISSED**"


def generate_lines(result: dict) -> list[str]:
    """The generate run that made these offers: time, peak RSS and the sizes it left."""
    generate = result.get("generate")
    if not generate:
        return []
    offers = result["offers"]
    store_mb, index_mb = generate["store_bytes"] / 1048576, generate["index_bytes"] / 1048576
    return [
        f"The offers were made by the `generate` above in {generate['seconds']:.1f} s with a peak RSS of"
        f" {generate['max_rss_mb']:,} MB (target ≤ {TARGET_GENERATE_RSS_MB} MB: {verdict(generate['max_rss_mb'] <= TARGET_GENERATE_RSS_MB)});"
        f" it left a store of {store_mb:,.0f} MB ({generate['store_bytes'] / offers:,.0f} bytes per offer; target"
        f" ≤ {TARGET_STORE_MB} MB: {verdict(store_mb <= TARGET_STORE_MB)}) and an index of {index_mb:,.0f} MB"
        f" ({generate['index_bytes'] / offers:,.0f} bytes per offer).",
        "",
    ]


def section(result: dict, commands: list[str]) -> str:
    cache = result["cache"]
    lookups = cache["hits"] + cache["misses"]
    hit_share = 100.0 * cache["hits"] / lookups if lookups else 0.0
    rss_verdict = verdict(result["rss_mb"] <= TARGET_RSS_MB)
    rps_verdict = verdict(result["rps"] >= TARGET_RPS)
    settings = result["settings"] or "as wakat.toml sets them"
    lines = [
        START,
        "",
        f"## Long-tail list mix: run of {result['started'][:10]}",
        "",
        f"Machine: {result['cpu']}; commit {result['commit']}. {result['offers']:,} offers of tenant `it`"
        f" (`wakat generate --seed {result['seed']}`), release server with the response cache on"
        f" (settings {settings}; rate limits off for the load generator), started fresh, then"
        f" {result['seconds']} s of `wrk -t2 -c64` (wrk shares the two cores) sending list calls drawn at"
        " random per wrk thread: 85 % with one of 120 skills as keyword (a quarter of those with a"
        " second), a third with one of the 20 largest cities (a third of those with a radius), half with"
        " a level, four in ten with a contract type, four in ten with a workplace, three in ten with a"
        " minimum salary, one of three sorts, page 1–5 of 100. Memory is read from `/proc/PID/status`"
        " right after the run.",
        "",
        "```sh",
        *commands,
        "```",
        "",
        "| Requests/s | p50 ms | p99 ms | max ms | non-2xx / errors | Cache hits | Cache held | RSS after | anon / file-backed | RSS at start | Target RSS | Target requests/s |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
        f"| {result['rps']:,.0f} | {result['p50_ms']:.1f} | {result['p99_ms']:.1f} | {result['max_ms']:.1f}"
        f" | {result['non2xx']} / {result['socket_errors'] + result['timeouts']}"
        f" | {hit_share:.1f} % of {lookups:,}"
        f" | {cache['bytes'] / 1048576:.1f} MB in {cache['entries']:,} entries ({cache['evictions']:,} evicted)"
        f" | {result['rss_mb']} MB (peak {result['peak_rss_mb']} MB)"
        f" | {result['rss_anon_mb']} / {result['rss_file_mb']} MB"
        f" | {result['rss_start_mb']} MB"
        f" | ≤ {TARGET_RSS_MB} MB: {rss_verdict}"
        f" | ≥ {TARGET_RPS:,}/s: {rps_verdict} |",
        "",
        *generate_lines(result),
        "File-backed memory is the index's memory-mapped files: postings, columns and term",
        "dictionaries (page cache shared with the kernel, given back under pressure; the doc stores",
        "are read with `pread` and not mapped); anonymous memory is the heap: the response cache",
        "(bounded by `response_cache_mb`), sled's page cache (`store_cache_mb`), tantivy's readers and",
        "the allocator's free lists.",
        "",
        END,
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--result", required=True, type=pathlib.Path)
    parser.add_argument("--commands", required=True, type=pathlib.Path)
    parser.add_argument("--out", required=True, type=pathlib.Path)
    args = parser.parse_args()
    result = json.loads(args.result.read_text())
    commands = [line for line in args.commands.read_text().splitlines() if line.strip()]
    replace_section(args.out, START, END, section(result, commands), after=AFTER)
    print(f"wrote the long-tail section of {args.out}")


if __name__ == "__main__":
    main()
